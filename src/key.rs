//! `OrderedKey<F>`: the order-preserving bijection from floats to unsigned integers.

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

mod sealed {
    /// Private supertrait: only this crate can implement [`super::KeyFloat`].
    pub trait Sealed {
        /// The key of `self` (the map `U` of the crate docs).
        fn float_to_key(self) -> <Self as super::KeyFloat>::Bits
        where
            Self: super::KeyFloat;
        /// The float whose key is `key` (the inverse map).
        fn key_to_float(key: <Self as super::KeyFloat>::Bits) -> Self
        where
            Self: super::KeyFloat;
    }
}

/// A float type that has an [`OrderedKey`]: `f32` (key `u32`), `f64` (`u64`), and
/// with feature `half`, `half::f16` and `half::bf16` (`u16`).
///
/// The trait is sealed: it names the key integer type and nothing else. The
/// conversions themselves are inherent `const fn`s on [`OrderedKey<F>`].
///
/// Code generic over the float type bounds on `KeyFloat` and converts with
/// `From`/`Into`:
///
/// ```
/// use normkey::{KeyFloat, OrderedKey};
///
/// fn sort_total<F: KeyFloat>(v: &mut [F])
/// where
///     OrderedKey<F>: From<F>,
/// {
///     v.sort_by_key(|&x| OrderedKey::from(x));
/// }
///
/// let mut v = [f64::NAN, 0.0, -0.0, f64::NEG_INFINITY, f64::INFINITY, -f64::NAN];
/// sort_total(&mut v);
/// let want = [-f64::NAN, f64::NEG_INFINITY, -0.0, 0.0, f64::INFINITY, f64::NAN];
/// assert_eq!(v.map(f64::to_bits), want.map(f64::to_bits));
///
/// let bits: <f64 as KeyFloat>::Bits = OrderedKey::<f64>::new(-0.0).to_bits();
/// assert_eq!(bits, (1 << 63) - 1); // one below the key of +0.0
/// ```
pub trait KeyFloat: sealed::Sealed + Copy + fmt::Debug + 'static {
    /// The unsigned integer of the same width that holds the key.
    type Bits: Copy
        + Eq
        + Ord
        + Hash
        + fmt::Debug
        + fmt::LowerHex
        + Default
        + bytemuck::Pod
        + Send
        + Sync
        + 'static;
}

/// An order-preserving, lossless key for a float: `a.total_cmp(&b)` equals
/// `OrderedKey::new(a).cmp(&OrderedKey::new(b))`.
///
/// `OrderedKey<F>` holds an unsigned integer ([`KeyFloat::Bits`]) whose integer
/// order is IEEE 754 totalOrder on the float — the order of
/// [`f32::total_cmp`]:
///
/// −qNaN < −sNaN < −∞ < negative normals < negative subnormals < −0 < +0 <
/// positive subnormals < positive normals < +∞ < +sNaN < +qNaN
///
/// (NaNs of one sign are ordered by their payload bits.) Use it as a sort key,
/// a radix-sort digit, a `BTreeMap` key, a database key or the operand of an
/// integer atomic.
///
/// The constructors are inherent `const fn`s of each instantiation, so name the
/// float type (`OrderedKey::<f32>::new(x)`, or an alias `type K = OrderedKey<f32>;`),
/// or let inference pick it with `OrderedKey::from(x)` / `x.into()`.
///
/// # The map
///
/// For the float bits `b` of width `w`: if the sign bit is clear, set it; if it
/// is set, invert every bit. Branchless, for `f32`:
///
/// ```text
/// key  = b ^ (((b as i32 >> 31) as u32) | 0x8000_0000)
/// bits = key ^ (((key >> 31).wrapping_sub(1)) | 0x8000_0000)
/// ```
///
/// It is a bijection: every float bit pattern — every NaN payload, both signs of
/// NaN, signalling NaNs, −0, subnormals — round-trips bit for bit, and every
/// integer is a valid key. [`OrderedKey::MIN`] (key 0) is the negative quiet NaN
/// with all payload bits set; [`OrderedKey::MAX`] (all ones) the positive one.
///
/// # Why the unsigned bijection
///
/// Two shortcuts are common and both are wrong for some inputs:
///
/// * **The signed-int shortcut** — compare `x.to_bits() as i32` — is right only
///   when all inputs share one sign: for negatives the integer order is reversed
///   (−1.0 compares greater than −2.0), so it needs every input ≥ +0 or every
///   input negative (and then min and max swap roles).
/// * **The sign-dependent trick** on raw bits — signed min when the value is
///   non-negative, unsigned max when it is negative — breaks on −0.0 when the
///   sign is tested with `x >= 0.0` rather than with the sign bit: `-0.0 >= 0.0`
///   is true, so −0.0 (bits `0x8000_0000`, `i32::MIN`) is treated as the
///   smallest signed value and beats every negative number in a min.
///
/// The unsigned bijection has neither failure: one unsigned comparison, valid
/// for every bit pattern, and it loses nothing. (`std`'s `total_cmp` uses an
/// equivalent signed form; `storekey` and `FoundationDB` use this unsigned form.)
///
/// # NaN
///
/// NaN is not canonicalized: a NaN's sign decides whether it sorts below
/// everything or above everything. Beware that the sign of a *computed* NaN is
/// platform dependent (x86 gives `inf - inf` a negative NaN, `AArch64` a positive
/// one); if you need NaNs at one end, canonicalize them before taking keys.
///
/// # Equality and hashing
///
/// `Eq`, `Ord` and `Hash` are those of the key integer, that is of the float's
/// bit pattern: −0 ≠ +0, and two NaNs are equal exactly when their bits are.
///
/// # Representation
///
/// `#[repr(transparent)]` over [`KeyFloat::Bits`], so `OrderedKey<f32>` has the
/// size and alignment of `u32`. It is [`bytemuck::Pod`]: every bit pattern is a
/// valid key. [`OrderedKey::to_be_bytes`] gives memcomparable bytes:
/// lexicographic byte order equals key order.
///
/// ```
/// use normkey::OrderedKey;
///
/// let mut v = [1.0_f32, f32::NAN, -0.0, f32::NEG_INFINITY, 0.0, -f32::NAN, f32::INFINITY];
/// v.sort_by_key(|&x| OrderedKey::from(x));
/// let bits: Vec<u32> = v.iter().map(|x| x.to_bits()).collect();
/// let want = [-f32::NAN, f32::NEG_INFINITY, -0.0, 0.0, 1.0, f32::INFINITY, f32::NAN];
/// assert_eq!(bits, want.map(f32::to_bits));
/// ```
#[derive(Clone, Copy)]
#[repr(transparent)]
pub struct OrderedKey<F: KeyFloat>(F::Bits);

impl<F: KeyFloat> PartialEq for OrderedKey<F> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl<F: KeyFloat> Eq for OrderedKey<F> {}

impl<F: KeyFloat> PartialOrd for OrderedKey<F> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<F: KeyFloat> Ord for OrderedKey<F> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.cmp(&other.0)
    }
}

impl<F: KeyFloat> Hash for OrderedKey<F> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

/// Prints the float and the key: `OrderedKey(-0.0, 0x7fffffff)`.
impl<F: KeyFloat> fmt::Debug for OrderedKey<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "OrderedKey({:?}, {:#x})",
            F::key_to_float(self.0),
            self.0
        )
    }
}

// SAFETY: `OrderedKey<F>` is `repr(transparent)` over `F::Bits`, which is `Zeroable`.
unsafe impl<F: KeyFloat> bytemuck::Zeroable for OrderedKey<F> {}
// SAFETY: `repr(transparent)` over `F::Bits: Pod`; every bit pattern is a valid key
// (the map is a bijection onto the whole integer type), there is no padding, and
// `F: 'static` (the bound on `KeyFloat`) makes the type `'static`.
unsafe impl<F: KeyFloat> bytemuck::Pod for OrderedKey<F> {}
// SAFETY: same layout argument as `Pod`; `repr(transparent)` over the key integer.
unsafe impl<F: KeyFloat> bytemuck::TransparentWrapper<F::Bits> for OrderedKey<F> {}

/// The one implementation of the key map, instantiated per float type.
///
/// `$f`: the float; `$u`/`$i`: its unsigned/signed integer of the same width;
/// `$n`: its byte count; the string arguments spell values in doctests.
macro_rules! ordered_key {
    (
        $(#[$cfg:meta])*
        $f:ty, $u:ident, $i:ident, $n:literal,
        name = $name:literal, neg_zero = $nz:literal, one = $one:literal, two = $two:literal,
        nan = $nan:literal, inf = $inf:literal, import = $import:literal
    ) => {
        $(#[$cfg])*
        impl sealed::Sealed for $f {
            #[inline]
            fn float_to_key(self) -> $u {
                OrderedKey::<$f>::new(self).to_bits()
            }
            #[inline]
            fn key_to_float(key: $u) -> $f {
                OrderedKey::<$f>::from_bits(key).get()
            }
        }

        $(#[$cfg])*
        impl KeyFloat for $f {
            type Bits = $u;
        }

        $(#[$cfg])*
        impl OrderedKey<$f> {
            const SIGN: $u = 1 << ($u::BITS - 1);

            #[doc = concat!("The smallest key, 0: the `", $name, "` with every bit set (a negative quiet NaN).")]
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("let k = K::MIN;")]
            /// assert_eq!(k.to_bits(), 0);
            /// assert!(k.get().is_nan() && k.get().is_sign_negative());
            #[doc = concat!("assert!(k < K::new(-", $nan, "));")]
            /// ```
            pub const MIN: Self = Self(0);

            #[doc = concat!("The largest key, all ones: the `", $name, "` positive quiet NaN with every payload bit set.")]
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("let k = K::MAX;")]
            #[doc = concat!("assert_eq!(k.to_bits(), ", stringify!($u), "::MAX);")]
            /// assert!(k.get().is_nan() && k.get().is_sign_positive());
            #[doc = concat!("assert!(k > K::new(", $nan, "));")]
            #[doc = concat!("assert!(K::new(", $inf, ") < K::new(", $nan, "));")]
            /// ```
            pub const MAX: Self = Self($u::MAX);

            #[doc = concat!("The key of `x`. Branchless; total: every `", $name, "` has a key, NaN payloads and signs, −0 and subnormals included.")]
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("let k = K::new;")]
            #[doc = concat!("assert!(k(", $nz, ") < k(", $nz, " * ", $nz, ")); // −0 < +0")]
            #[doc = concat!("assert!(k(-", $inf, ") < k(-", $one, ") && k(-", $one, ") < k(", $nz, "));")]
            #[doc = concat!("assert!(k(", $one, ") < k(", $inf, ") && k(", $inf, ") < k(", $nan, "));")]
            #[doc = concat!("assert!(k(-", $nan, ") < k(-", $inf, ")); // −NaN sorts first")]
            /// ```
            #[inline]
            #[must_use]
            // The casts reinterpret the bits; an arithmetic shift of the signed form smears the sign.
            #[allow(clippy::cast_sign_loss, clippy::cast_possible_wrap)]
            pub const fn new(x: $f) -> Self {
                let b = x.to_bits();
                // All ones when the sign is set (invert everything), else just the sign bit.
                Self(b ^ ((((b as $i) >> ($u::BITS - 1)) as $u) | Self::SIGN))
            }

            #[doc = concat!("The float whose key this is; bit for bit the `", $name, "` given to [`Self::new`].")]
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("let back = |x: ", $name, "| K::new(x).get().to_bits();")]
            #[doc = concat!("assert_eq!(back(", $nz, "), (", $nz, ").to_bits()); // −0 stays −0")]
            #[doc = concat!("assert_eq!(back(-", $nan, "), (-", $nan, ").to_bits()); // NaN sign and payload kept")]
            #[doc = concat!("assert_eq!(back(-", $inf, "), (-", $inf, ").to_bits());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn get(self) -> $f {
                let k = self.0;
                // Sign bit of the key set (float was ≥ +0): clear it; else invert everything.
                <$f>::from_bits(k ^ (((k >> ($u::BITS - 1)).wrapping_sub(1)) | Self::SIGN))
            }

            #[doc = concat!("The key integer; `", stringify!($u), "` order is IEEE 754 totalOrder on the floats.")]
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("let k = |x: ", $name, "| K::new(x).to_bits();")]
            #[doc = concat!("assert_eq!(k(", $one, " - ", $one, "), 1 << (", stringify!($u), "::BITS - 1)); // +0: just the top bit")]
            #[doc = concat!("assert_eq!(k(", $nz, "), (1 << (", stringify!($u), "::BITS - 1)) - 1); // −0: one below")]
            #[doc = concat!("assert!(k(-", $inf, ") < k(", $inf, ") && k(", $inf, ") < k(", $nan, "));")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_bits(self) -> $u {
                self.0
            }

            #[doc = concat!("The key with integer `key`. Every `", stringify!($u), "` is a valid key.")]
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("assert_eq!(K::from_bits(1 << (", stringify!($u), "::BITS - 1)).get().to_bits(), 0); // +0")]
            #[doc = concat!("assert!(K::from_bits(", stringify!($u), "::MAX).get().is_nan());")]
            #[doc = concat!("assert_eq!(K::from_bits(K::new(-", $inf, ").to_bits()).get(), -", $inf, ");")]
            #[doc = concat!("assert_eq!(K::from_bits(K::new(", $nz, ").to_bits()).get().to_bits(), (", $nz, ").to_bits());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_bits(key: $u) -> Self {
                Self(key)
            }

            /// The key as big-endian bytes: memcomparable, so lexicographic byte order
            /// (as in `memcmp`, `[u8]::cmp`, sorted files, database keys) equals key order.
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("let b = |x: ", $name, "| K::new(x).to_be_bytes();")]
            #[doc = concat!("assert!(b(-", $nan, ") < b(-", $inf, ") && b(-", $two, ") < b(-", $one, "));")]
            #[doc = concat!("assert!(b(", $nz, ") < b(", $one, " - ", $one, ") && b(", $inf, ") < b(", $nan, "));")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_be_bytes(self) -> [u8; $n] {
                self.0.to_be_bytes()
            }

            /// The key from big-endian bytes, the inverse of [`Self::to_be_bytes`].
            /// Every byte array is a valid key.
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("for x in [", $nz, ", -", $inf, ", ", $inf, ", ", $nan, ", -", $nan, "] {")]
            ///     assert_eq!(K::from_be_bytes(K::new(x).to_be_bytes()).get().to_bits(), x.to_bits());
            /// }
            #[doc = concat!("assert!(K::from_be_bytes([0xff; ", stringify!($n), "]).get().is_nan());")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_be_bytes(bytes: [u8; $n]) -> Self {
                Self($u::from_be_bytes(bytes))
            }

            /// Writes the key of every `src[i]` into `dst[i]`. Vectorizes.
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("let src = [", $nan, ", ", $nz, ", -", $inf, "];")]
            #[doc = concat!("let mut dst = [K::MIN; 3];")]
            /// K::encode_slice(&src, &mut dst);
            /// assert_eq!(dst, src.map(K::new));
            /// assert!(dst[2] < dst[1] && dst[1] < dst[0]);
            /// ```
            #[inline]
            #[track_caller]
            pub fn encode_slice(src: &[$f], dst: &mut [Self]) {
                assert_same_len(src.len(), dst.len());
                for (d, &s) in dst.iter_mut().zip(src) {
                    *d = Self::new(s);
                }
            }

            #[doc = concat!("Writes the `", $name, "` of every `src[i]` into `dst[i]`, bit for bit. Vectorizes.")]
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("let keys = [", $nan, ", ", $nz, ", -", $inf, "].map(K::new);")]
            #[doc = concat!("let mut out = [", $one, "; 3];")]
            /// K::decode_slice(&keys, &mut out);
            #[doc = concat!("assert!(out[0].is_nan() && out[1].to_bits() == (", $nz, ").to_bits() && out[2] == -", $inf, ");")]
            /// ```
            #[inline]
            #[track_caller]
            pub fn decode_slice(src: &[Self], dst: &mut [$f]) {
                assert_same_len(src.len(), dst.len());
                for (d, s) in dst.iter_mut().zip(src) {
                    *d = s.get();
                }
            }

            /// Replaces every float by its key, in place, and returns the same memory as
            /// keys. No allocation, no copy; vectorizes.
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("let mut v = [", $nan, ", ", $one, ", ", $nz, ", -", $inf, "];")]
            /// let keys = K::encode_in_place(&mut v);
            /// keys.sort_unstable();
            #[doc = concat!("let sorted = K::decode_in_place(keys);")]
            #[doc = concat!("assert!(sorted.iter().map(|x| x.to_bits()).eq([-", $inf, ", ", $nz, ", ", $one, ", ", $nan, "].map(|x: ", $name, "| x.to_bits())));")]
            /// ```
            #[inline]
            pub fn encode_in_place(values: &mut [$f]) -> &mut [Self] {
                let bits: &mut [$u] = bytemuck::cast_slice_mut(values);
                for b in bits.iter_mut() {
                    *b = Self::new(<$f>::from_bits(*b)).0;
                }
                bytemuck::TransparentWrapper::wrap_slice_mut(bits)
            }

            /// Replaces every key by its float, in place, and returns the same memory as
            /// floats, bit for bit. No allocation, no copy; vectorizes.
            ///
            /// ```
            #[doc = $import]
            #[doc = concat!("type K = OrderedKey<", $name, ">;")]
            #[doc = concat!("let mut keys = [K::MIN, K::new(", $nz, "), K::new(", $inf, ")];")]
            /// let v = K::decode_in_place(&mut keys);
            #[doc = concat!("assert!(v[0].is_nan() && v[1].to_bits() == (", $nz, ").to_bits() && v[2] == ", $inf, ");")]
            /// ```
            #[inline]
            pub fn decode_in_place(keys: &mut [Self]) -> &mut [$f] {
                let bits: &mut [$u] = bytemuck::TransparentWrapper::peel_slice_mut(keys);
                for b in bits.iter_mut() {
                    *b = Self(*b).get().to_bits();
                }
                bytemuck::cast_slice_mut(bits)
            }
        }

        $(#[$cfg])*
        /// The key of the float; same as [`Self::new`](OrderedKey::new).
        impl From<$f> for OrderedKey<$f> {
            #[inline]
            fn from(x: $f) -> Self {
                Self::new(x)
            }
        }

        $(#[$cfg])*
        /// The float of the key, bit for bit; same as [`OrderedKey::get`].
        impl From<OrderedKey<$f>> for $f {
            #[inline]
            fn from(k: OrderedKey<$f>) -> Self {
                k.get()
            }
        }

        $(#[$cfg])*
        static_assertions::assert_eq_size!(OrderedKey<$f>, $u);
        $(#[$cfg])*
        static_assertions::assert_eq_align!(OrderedKey<$f>, $u);
        $(#[$cfg])*
        static_assertions::assert_impl_all!(OrderedKey<$f>: Send, Sync, Copy, Ord, core::hash::Hash, bytemuck::Pod);
    };
}

ordered_key!(
    f32,
    u32,
    i32,
    4,
    name = "f32",
    neg_zero = "-0.0_f32",
    one = "1.0_f32",
    two = "2.0_f32",
    nan = "f32::NAN",
    inf = "f32::INFINITY",
    import = "use normkey::OrderedKey;"
);
ordered_key!(
    f64,
    u64,
    i64,
    8,
    name = "f64",
    neg_zero = "-0.0_f64",
    one = "1.0_f64",
    two = "2.0_f64",
    nan = "f64::NAN",
    inf = "f64::INFINITY",
    import = "use normkey::OrderedKey;"
);
ordered_key!(
    #[cfg(feature = "half")]
    half::f16,
    u16,
    i16,
    2,
    name = "f16",
    neg_zero = "f16::NEG_ZERO",
    one = "f16::ONE",
    two = "f16::from_f32(2.0)",
    nan = "f16::NAN",
    inf = "f16::INFINITY",
    import = "use normkey::OrderedKey; use half::f16;"
);
ordered_key!(
    #[cfg(feature = "half")]
    half::bf16,
    u16,
    i16,
    2,
    name = "bf16",
    neg_zero = "bf16::NEG_ZERO",
    one = "bf16::ONE",
    two = "bf16::from_f32(2.0)",
    nan = "bf16::NAN",
    inf = "bf16::INFINITY",
    import = "use normkey::OrderedKey; use half::bf16;"
);

/// The key of +0.0 (not the all-zero key, which is [`OrderedKey::MIN`]).
///
/// ```
/// use normkey::OrderedKey;
/// assert_eq!(OrderedKey::<f32>::default(), OrderedKey::from(0.0_f32));
/// assert!(OrderedKey::<f32>::default() > OrderedKey::from(-0.0_f32));
/// ```
impl<F: KeyFloat + Default> Default for OrderedKey<F> {
    #[inline]
    fn default() -> Self {
        Self(F::default().float_to_key())
    }
}

/// The panic of the slice forms on a length mismatch, worded as `copy_from_slice`'s.
#[inline]
#[track_caller]
pub(crate) fn assert_same_len(src: usize, dst: usize) {
    assert!(
        src == dst,
        "source slice length ({src}) does not match destination slice length ({dst})"
    );
}
