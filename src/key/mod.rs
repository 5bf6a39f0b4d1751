//! `OrderedKey<F>`: the order-preserving bijection from floats to unsigned integers.

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

mod sealed {
    /// Private supertrait: only this crate can implement [`super::KeyFloat`].
    pub trait Sealed {}
}

/// A float type that has an [`OrderedKey`]: `f32` (key `u32`), `f64` (`u64`), and
/// with feature `half`, `half::f16` and `half::bf16` (`u16`).
///
/// The trait is sealed (only this crate implements it). It carries what differs
/// between the float types (the key integer, the byte array, the keys of ±∞)
/// and the map itself ([`to_key_bits`](Self::to_key_bits),
/// [`from_key_bits`](Self::from_key_bits)); everything else about
/// [`OrderedKey<F>`] is written once, generically, so code generic over the float
/// type needs no bound beyond `F: KeyFloat`:
///
/// ```
/// use normkey::{KeyFloat, OrderedKey};
///
/// fn key<F: KeyFloat>(x: F) -> OrderedKey<F> {
///     OrderedKey::new(x)
/// }
/// fn sort_total<F: KeyFloat>(v: &mut [F]) {
///     v.sort_by_key(|&x| OrderedKey::new(x));
/// }
/// fn key_bytes<F: KeyFloat>(x: F) -> F::Bytes {
///     key(x).to_be_bytes()
/// }
/// fn round_trip<F: KeyFloat>(v: &mut [F]) -> F::Bits {
///     let keys = OrderedKey::encode_in_place(v);
///     let top = keys.iter().max().map_or(OrderedKey::MIN, |&k| k);
///     OrderedKey::decode_in_place(keys);
///     top.to_bits()
/// }
///
/// let mut v = [f64::NAN, 0.0, -0.0, f64::NEG_INFINITY, f64::INFINITY, -f64::NAN];
/// sort_total(&mut v);
/// let want = [-f64::NAN, f64::NEG_INFINITY, -0.0, 0.0, f64::INFINITY, f64::NAN];
/// assert_eq!(v.map(f64::to_bits), want.map(f64::to_bits));
/// assert_eq!(round_trip(&mut v), OrderedKey::new(f64::NAN).to_bits());
/// assert_eq!(v.map(f64::to_bits), want.map(f64::to_bits)); // decoded bit for bit
/// assert!(key_bytes(-0.0_f32) < key_bytes(0.0_f32));
/// assert_eq!(key(1.0_f32).get(), 1.0);
///
/// let bits: <f64 as KeyFloat>::Bits = OrderedKey::<f64>::new(-0.0).to_bits();
/// assert_eq!(bits, (1 << 63) - 1); // one below the key of +0.0
/// ```
pub trait KeyFloat: sealed::Sealed + Copy + fmt::Debug + bytemuck::Pod + 'static {
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
    /// The key as bytes: `[u8; N]`, `N` the width in bytes.
    type Bytes: Copy + Eq + Ord + Hash + fmt::Debug + AsRef<[u8]> + AsMut<[u8]> + 'static;
    /// The key of −∞: every smaller key is a negative NaN.
    const NEG_INFINITY_KEY: Self::Bits;
    /// The key of +∞: every larger key is a positive NaN.
    const INFINITY_KEY: Self::Bits;

    /// The key integer of `self`; same as `OrderedKey::new(self).to_bits()`.
    ///
    /// Not the float's own `to_bits`, which gives the IEEE bits:
    ///
    /// ```
    /// use normkey::KeyFloat;
    /// assert_eq!((-0.0_f32).to_key_bits(), 0x7fff_ffff);
    /// assert_eq!((-0.0_f32).to_bits(), 0x8000_0000);
    /// assert!(f32::NEG_INFINITY.to_key_bits() < f32::NAN.to_key_bits());
    /// ```
    #[must_use]
    fn to_key_bits(self) -> Self::Bits;

    /// The float whose key integer is `key`; same as `OrderedKey::from_bits(key).get()`.
    ///
    /// Not the float's own `from_bits`, which takes IEEE bits:
    ///
    /// ```
    /// use normkey::KeyFloat;
    /// assert_eq!(<f32 as KeyFloat>::from_key_bits(0x8000_0000).to_bits(), 0); // +0
    /// assert_eq!(f32::from_bits(0x8000_0000).to_bits(), (-0.0_f32).to_bits());
    /// assert!(<f32 as KeyFloat>::from_key_bits(0).is_nan());
    /// ```
    #[must_use]
    fn from_key_bits(key: Self::Bits) -> Self;
}

/// Reinterprets the bits of one plain-old-data value as another of the same size:
/// `bytemuck::cast` as a `const fn`.
///
/// Private, and only called with the types of [`KeyFloat`] (the floats, their key
/// integers and byte arrays, and `u16`/`u32`/`u64`/`[u8; N]` of the same width),
/// all of which are `bytemuck::Pod`.
///
/// # Panics
///
/// If the sizes differ (a bug in this crate; a compile error in a `const`).
#[inline]
pub(crate) const fn pun<A: Copy, B: Copy>(a: A) -> B {
    /// The two views of the same bytes.
    #[repr(C)]
    union Pun<A: Copy, B: Copy> {
        a: A,
        b: B,
    }
    assert!(size_of::<A>() == size_of::<B>());
    // SAFETY: `A` and `B` have the same size (checked above), so `b` reads exactly
    // the bytes written as `a`; every caller passes `bytemuck::Pod` types, which
    // have no padding and for which every bit pattern is valid.
    unsafe { Pun { a }.b }
}

/// The key map for one integer width, written once and instantiated per width:
/// `key_uN` takes the float bits to the key, `float_uN` back.
macro_rules! key_map {
    ($($u:ident, $i:ident, $key:ident, $float:ident;)*) => {$(
        // The casts reinterpret the bits; an arithmetic shift of the signed form smears the sign.
        #[allow(clippy::cast_sign_loss, clippy::cast_possible_wrap)]
        #[inline]
        const fn $key(b: $u) -> $u {
            // All ones when the sign is set (invert everything), else just the sign bit.
            b ^ ((((b as $i) >> ($u::BITS - 1)) as $u) | (1 << ($u::BITS - 1)))
        }
        #[inline]
        const fn $float(k: $u) -> $u {
            // Sign bit of the key set (float was ≥ +0): clear it; else invert everything.
            k ^ (((k >> ($u::BITS - 1)).wrapping_sub(1)) | (1 << ($u::BITS - 1)))
        }
    )*};
}
key_map! {
    u16, i16, key_u16, float_u16;
    u32, i32, key_u32, float_u32;
    u64, i64, key_u64, float_u64;
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
/// Every method is written once for all [`KeyFloat`]s, and the constructors and
/// accessors are `const fn`: `OrderedKey::<f32>::new(x)` works in a `const`, and
/// generic code calls `OrderedKey::new(x)` with `F: KeyFloat` as its only bound.
/// [`to_bits`](Self::to_bits) and [`from_bits`](Self::from_bits) are the *key*
/// integer, not the float's IEEE bits of `f32::to_bits`/`f32::from_bits`.
///
/// ```
/// use normkey::OrderedKey;
/// let (a, b) = (-0.0_f32, f32::NAN);
/// assert_eq!(a.total_cmp(&b), OrderedKey::new(a).cmp(&OrderedKey::new(b)));
/// const ZERO: OrderedKey<f32> = OrderedKey::<f32>::new(0.0);
/// assert_eq!(ZERO.to_bits(), 0x8000_0000); // the key, not `0.0_f32.to_bits()`
/// ```
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
        write!(f, "OrderedKey({:?}, {:#x})", self.get(), self.0)
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

/// `x` truncated to the width of `F`, as a key integer.
#[allow(clippy::cast_possible_truncation)]
#[inline]
pub(crate) const fn truncated<F: KeyFloat>(x: u64) -> F::Bits {
    match size_of::<F>() {
        2 => pun(x as u16),
        4 => pun(x as u32),
        _ => pun(x),
    }
}

/// A key integer of `F`'s width, widened to `u64`.
#[inline]
pub(crate) const fn widened<F: KeyFloat>(b: F::Bits) -> u64 {
    match size_of::<F>() {
        2 => pun::<F::Bits, u16>(b) as u64,
        4 => pun::<F::Bits, u32>(b) as u64,
        _ => pun(b),
    }
}

/// Written once for every [`KeyFloat`]. The constructors and accessors are
/// `const fn` (so `OrderedKey::<f32>::new(1.0)` works in a `const` or `static`);
/// each picks the arithmetic of its width by the size of `F`, known at compile time.
impl<F: KeyFloat> OrderedKey<F> {
    /// The smallest key, 0: the negative quiet NaN with every payload bit set.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// type K = OrderedKey<f32>;
    /// assert_eq!(K::MIN.to_bits(), 0);
    /// assert!(K::MIN.get().is_nan() && K::MIN.get().is_sign_negative());
    /// assert!(K::MIN < K::new(-f32::NAN));
    /// assert_eq!(OrderedKey::<f64>::MIN.get().to_bits(), u64::MAX);
    /// ```
    pub const MIN: Self = Self(truncated::<F>(0));

    /// The largest key, all ones: the positive quiet NaN with every payload bit set.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// type K = OrderedKey<f32>;
    /// assert_eq!(K::MAX.to_bits(), u32::MAX);
    /// assert!(K::MAX.get().is_nan() && K::MAX.get().is_sign_positive());
    /// assert!(K::MAX > K::new(f32::NAN) && K::new(f32::INFINITY) < K::new(f32::NAN));
    /// assert_eq!(OrderedKey::<f64>::MAX.get().to_bits(), u64::MAX >> 1);
    /// ```
    pub const MAX: Self = Self(truncated::<F>(u64::MAX));

    /// The key of `x`. Branchless; total: every float has a key, NaN payloads and
    /// signs, −0 and subnormals included.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// const ONE: OrderedKey<f32> = OrderedKey::<f32>::new(1.0); // `const fn`
    /// let k = OrderedKey::<f32>::new;
    /// assert!(k(-0.0) < k(0.0)); // −0 < +0
    /// assert!(k(f32::NEG_INFINITY) < k(-1.0) && k(-1.0) < k(-0.0));
    /// assert!(ONE < k(f32::INFINITY) && k(f32::INFINITY) < k(f32::NAN));
    /// assert!(k(-f32::NAN) < k(f32::NEG_INFINITY)); // −NaN sorts first
    /// assert!(OrderedKey::new(-1e-310_f64) < OrderedKey::new(-0.0_f64)); // subnormal
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(x: F) -> Self {
        Self(match size_of::<F>() {
            2 => pun(key_u16(pun(x))),
            4 => pun(key_u32(pun(x))),
            _ => pun(key_u64(pun(x))),
        })
    }

    /// The key of `x` as a *value*: like [`Self::new`], but −0 gives the key of +0
    /// and every NaN (either sign, any payload, quiet or signalling) gives
    /// [`Self::MAX`], the positive quiet NaN with every payload bit set, which sorts
    /// after +∞. Everything else (±∞, subnormals, other values) keeps its own key.
    ///
    /// For value-keyed maps and histograms, where −0.0 and +0.0 (or two NaNs) must
    /// not land in separate buckets; [`Self::new`] keeps them apart (totalOrder).
    /// The key is still a valid key: `get` returns +0.0 or that NaN.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// type K = OrderedKey<f64>;
    /// assert_eq!(K::canonical(-0.0), K::canonical(0.0));
    /// assert_eq!(K::canonical(-0.0).get().to_bits(), 0); // +0.0
    /// assert_ne!(K::new(-0.0), K::new(0.0));
    /// assert_eq!(K::canonical(f64::NAN), K::MAX);
    /// assert_eq!(K::canonical(-f64::NAN), K::MAX);
    /// assert_eq!(K::canonical(f64::from_bits(0x7ff0_0000_0000_0001)), K::MAX); // sNaN
    /// assert_eq!(K::canonical(f64::NEG_INFINITY), K::new(f64::NEG_INFINITY));
    /// assert_eq!(K::canonical(5e-324), K::new(5e-324)); // subnormal: kept
    /// const Z: OrderedKey<f32> = OrderedKey::<f32>::canonical(-0.0); // `const fn`
    /// assert_eq!(Z, OrderedKey::new(0.0_f32));
    /// ```
    #[inline]
    #[must_use]
    pub const fn canonical(x: F) -> Self {
        let k = widened::<F>(Self::new(x).0);
        let all = widened::<F>(Self::MAX.0);
        let neg_zero = all >> 1; // the key of −0: one below +0's, 2^(w−1)
        let k = if k == neg_zero {
            neg_zero + 1
        } else if k < widened::<F>(F::NEG_INFINITY_KEY) || k > widened::<F>(F::INFINITY_KEY) {
            all
        } else {
            k
        };
        Self(truncated::<F>(k))
    }

    /// The float whose key this is; bit for bit the float given to [`Self::new`].
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// let back = |x: f32| OrderedKey::new(x).get().to_bits();
    /// assert_eq!(back(-0.0), (-0.0_f32).to_bits()); // −0 stays −0
    /// let nan = f32::from_bits(0xffc0_1234);
    /// assert_eq!(back(nan), 0xffc0_1234); // NaN sign and payload kept
    /// assert_eq!(back(f32::NEG_INFINITY), f32::NEG_INFINITY.to_bits());
    /// assert_eq!(back(f32::from_bits(1)), 1); // smallest subnormal
    /// ```
    #[inline]
    #[must_use]
    pub const fn get(self) -> F {
        match size_of::<F>() {
            2 => pun(float_u16(pun(self.0))),
            4 => pun(float_u32(pun(self.0))),
            _ => pun(float_u64(pun(self.0))),
        }
    }

    /// Whether the key is a NaN's (either sign, any payload): the keys below
    /// [`KeyFloat::NEG_INFINITY_KEY`] and above [`KeyFloat::INFINITY_KEY`].
    ///
    /// In a sorted key range the NaNs are the two ends, so cutting them off is two
    /// `partition_point` calls.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// let k = OrderedKey::<f32>::new;
    /// assert!(k(f32::NAN).is_nan() && k(-f32::NAN).is_nan());
    /// assert!(k(f32::from_bits(0xff80_0001)).is_nan()); // −sNaN, smallest payload
    /// assert!(!k(f32::INFINITY).is_nan() && !k(-0.0).is_nan());
    /// assert!(OrderedKey::<f64>::MIN.is_nan() && OrderedKey::<f64>::MAX.is_nan());
    ///
    /// let mut keys = [1.0_f32, -f32::NAN, 3.0, f32::NAN, -2.0].map(k);
    /// keys.sort_unstable();
    /// let lo = keys.partition_point(|x| x.is_nan() && *x < k(0.0));
    /// let hi = keys.partition_point(|x| !(x.is_nan() && *x > k(0.0)));
    /// assert_eq!(keys[lo..hi].iter().map(|x| x.get()).collect::<Vec<_>>(), [-2.0, 1.0, 3.0]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_nan(self) -> bool {
        let k = widened::<F>(self.0);
        k < widened::<F>(F::NEG_INFINITY_KEY) || k > widened::<F>(F::INFINITY_KEY)
    }

    /// Whether the key is a finite number's (not ±∞, not NaN): ±0 and subnormals
    /// are finite.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// let k = OrderedKey::<f32>::new;
    /// assert!(k(-0.0).is_finite() && k(f32::MAX).is_finite() && k(f32::from_bits(1)).is_finite());
    /// assert!(!k(f32::INFINITY).is_finite() && !k(f32::NEG_INFINITY).is_finite());
    /// assert!(!k(f32::NAN).is_finite() && !k(-f32::NAN).is_finite());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_finite(self) -> bool {
        let k = widened::<F>(self.0);
        k > widened::<F>(F::NEG_INFINITY_KEY) && k < widened::<F>(F::INFINITY_KEY)
    }

    /// The key integer, whose order is IEEE 754 totalOrder on the floats.
    ///
    /// These are the *key* bits, not the float's IEEE bits (`f32::to_bits`): the
    /// two agree on no value (the key of +0.0 is `0x8000_0000`, whose IEEE reading
    /// is −0.0).
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// let k = |x: f32| OrderedKey::new(x).to_bits();
    /// assert_eq!(k(0.0), 0x8000_0000); // +0: just the top bit
    /// assert_eq!(k(-0.0), 0x7fff_ffff); // −0: one below
    /// assert_ne!(k(1.0), 1.0_f32.to_bits());
    /// assert!(k(f32::NEG_INFINITY) < k(f32::INFINITY) && k(f32::INFINITY) < k(f32::NAN));
    /// ```
    #[inline]
    #[must_use]
    #[doc(alias = "key_bits")]
    pub const fn to_bits(self) -> F::Bits {
        self.0
    }

    /// The key with integer `key`. Every integer is a valid key.
    ///
    /// `key` is a *key* (as [`Self::to_bits`] gives), not the float's IEEE bits:
    /// for those, use `OrderedKey::new(f32::from_bits(bits))`.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// type K = OrderedKey<f32>;
    /// assert_eq!(K::from_bits(0x8000_0000).get().to_bits(), 0); // key of +0
    /// assert_eq!(K::new(f32::from_bits(0x8000_0000)).get().to_bits(), 0x8000_0000); // IEEE −0
    /// assert!(K::from_bits(u32::MAX).get().is_nan());
    /// let k = K::new(f32::NEG_INFINITY).to_bits();
    /// assert_eq!(K::from_bits(k).get(), f32::NEG_INFINITY);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_bits(key: F::Bits) -> Self {
        Self(key)
    }

    /// The key as big-endian bytes: memcomparable, so lexicographic byte order
    /// (as in `memcmp`, `[u8]::cmp`, sorted files, database keys) equals key order.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// let b = |x: f64| OrderedKey::new(x).to_be_bytes();
    /// assert!(b(-f64::NAN) < b(f64::NEG_INFINITY) && b(-2.0) < b(-1.0));
    /// assert!(b(-0.0) < b(0.0) && b(f64::INFINITY) < b(f64::NAN));
    /// assert_eq!(OrderedKey::<f32>::new(0.0).to_be_bytes(), [0x80, 0, 0, 0]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_be_bytes(self) -> F::Bytes {
        match size_of::<F>() {
            2 => pun(pun::<_, u16>(self.0).to_be_bytes()),
            4 => pun(pun::<_, u32>(self.0).to_be_bytes()),
            _ => pun(pun::<_, u64>(self.0).to_be_bytes()),
        }
    }

    /// The key from big-endian bytes, the inverse of [`Self::to_be_bytes`].
    /// Every byte array is a valid key.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// type K = OrderedKey<f32>;
    /// for x in [-0.0, f32::NEG_INFINITY, f32::INFINITY, f32::NAN, -f32::NAN] {
    ///     assert_eq!(K::from_be_bytes(K::new(x).to_be_bytes()).get().to_bits(), x.to_bits());
    /// }
    /// assert!(K::from_be_bytes([0xff; 4]).get().is_nan());
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_be_bytes(bytes: F::Bytes) -> Self {
        Self(match size_of::<F>() {
            2 => pun(u16::from_be_bytes(pun(bytes))),
            4 => pun(u32::from_be_bytes(pun(bytes))),
            _ => pun(u64::from_be_bytes(pun(bytes))),
        })
    }

    /// Writes the key of every `src[i]` into `dst[i]`. Vectorizes.
    ///
    /// # Panics
    ///
    /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// type K = OrderedKey<f32>;
    /// let src = [f32::NAN, -0.0, f32::NEG_INFINITY];
    /// let mut dst = [K::MIN; 3];
    /// K::encode_slice(&src, &mut dst);
    /// assert_eq!(dst, src.map(K::new));
    /// assert!(dst[2] < dst[1] && dst[1] < dst[0]);
    /// ```
    #[inline]
    #[track_caller]
    pub fn encode_slice(src: &[F], dst: &mut [Self]) {
        assert_same_len(src.len(), dst.len());
        for (d, &s) in dst.iter_mut().zip(src) {
            *d = Self::new(s);
        }
    }

    /// Writes the float of every `src[i]` into `dst[i]`, bit for bit. Vectorizes.
    ///
    /// # Panics
    ///
    /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// type K = OrderedKey<f32>;
    /// let keys = [f32::NAN, -0.0, f32::NEG_INFINITY].map(K::new);
    /// let mut out = [1.0; 3];
    /// K::decode_slice(&keys, &mut out);
    /// assert!(out[0].is_nan() && out[1].to_bits() == (-0.0_f32).to_bits());
    /// assert_eq!(out[2], f32::NEG_INFINITY);
    /// ```
    #[inline]
    #[track_caller]
    pub fn decode_slice(src: &[Self], dst: &mut [F]) {
        assert_same_len(src.len(), dst.len());
        for (d, s) in dst.iter_mut().zip(src) {
            *d = s.get();
        }
    }

    /// Replaces every float by its key, in place, and returns the same memory as
    /// keys. No allocation, no copy; vectorizes.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// type K = OrderedKey<f32>;
    /// let mut v = [f32::NAN, 1.0, -0.0, f32::NEG_INFINITY];
    /// let keys = K::encode_in_place(&mut v);
    /// keys.sort_unstable();
    /// let sorted = K::decode_in_place(keys);
    /// let want = [f32::NEG_INFINITY, -0.0, 1.0, f32::NAN];
    /// assert!(sorted.iter().map(|x| x.to_bits()).eq(want.map(f32::to_bits)));
    /// ```
    #[inline]
    pub fn encode_in_place(values: &mut [F]) -> &mut [Self] {
        for v in values.iter_mut() {
            *v = pun(Self::new(*v).0);
        }
        bytemuck::TransparentWrapper::wrap_slice_mut(bytemuck::cast_slice_mut::<F, F::Bits>(values))
    }

    /// Replaces every key by its float, in place, and returns the same memory as
    /// floats, bit for bit. No allocation, no copy; vectorizes.
    ///
    /// ```
    /// use normkey::OrderedKey;
    /// type K = OrderedKey<f32>;
    /// let mut keys = [K::MIN, K::new(-0.0), K::new(f32::INFINITY)];
    /// let v = K::decode_in_place(&mut keys);
    /// assert!(v[0].is_nan() && v[1].to_bits() == (-0.0_f32).to_bits());
    /// assert_eq!(v[2], f32::INFINITY);
    /// ```
    #[inline]
    pub fn decode_in_place(keys: &mut [Self]) -> &mut [F] {
        for k in keys.iter_mut() {
            *k = Self(pun(k.get()));
        }
        let bits: &mut [F::Bits] = bytemuck::TransparentWrapper::peel_slice_mut(keys);
        bytemuck::cast_slice_mut(bits)
    }
}

/// The key of the float; same as [`OrderedKey::new`].
///
/// ```
/// use normkey::OrderedKey;
/// let k: OrderedKey<f64> = (-0.0).into();
/// assert_eq!(k, OrderedKey::new(-0.0));
/// ```
impl<F: KeyFloat> From<F> for OrderedKey<F> {
    #[inline]
    fn from(x: F) -> Self {
        Self::new(x)
    }
}

/// What must be written per float type: the trait impls (the key integer, the byte
/// array, the keys of ±∞), the conversion back to the float (the orphan rule
/// forbids a generic one) and the layout checks. One short example per type.
macro_rules! key_float {
    ($(#[$cfg:meta])* $f:ty, $u:ty, $n:literal, $example:literal) => {
        $(#[$cfg])*
        impl sealed::Sealed for $f {}

        $(#[$cfg])*
        #[doc = $example]
        impl KeyFloat for $f {
            type Bits = $u;
            type Bytes = [u8; $n];
            const NEG_INFINITY_KEY: $u = OrderedKey::<$f>::new(<$f>::NEG_INFINITY).to_bits();
            const INFINITY_KEY: $u = OrderedKey::<$f>::new(<$f>::INFINITY).to_bits();
            #[inline]
            fn to_key_bits(self) -> $u {
                OrderedKey::new(self).to_bits()
            }
            #[inline]
            fn from_key_bits(key: $u) -> Self {
                OrderedKey::<$f>::from_bits(key).get()
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
        static_assertions::assert_eq_size!(OrderedKey<$f>, $u, $f, [u8; $n]);
        $(#[$cfg])*
        static_assertions::assert_eq_align!(OrderedKey<$f>, $u);
        $(#[$cfg])*
        static_assertions::assert_impl_all!(OrderedKey<$f>: Send, Sync, Copy, Ord, core::hash::Hash, bytemuck::Pod);
    };
}

key_float!(
    f32,
    u32,
    4,
    "```
use normkey::OrderedKey;
let k = OrderedKey::<f32>::new;
assert!(k(-f32::NAN) < k(f32::NEG_INFINITY) && k(-0.0) < k(0.0) && k(f32::INFINITY) < k(f32::NAN));
```"
);
key_float!(
    f64,
    u64,
    8,
    "```
use normkey::OrderedKey;
let k = OrderedKey::<f64>::new;
assert!(k(-f64::NAN) < k(f64::NEG_INFINITY) && k(-0.0) < k(0.0) && k(f64::INFINITY) < k(f64::NAN));
```"
);
key_float!(
    #[cfg(feature = "half")]
    half::f16,
    u16,
    2,
    "```
use half::f16;
use normkey::OrderedKey;
let k = OrderedKey::<f16>::new;
assert!(k(-f16::NAN) < k(f16::NEG_INFINITY) && k(f16::NEG_ZERO) < k(f16::ZERO));
assert!(k(f16::INFINITY) < k(f16::NAN));
```"
);
key_float!(
    #[cfg(feature = "half")]
    half::bf16,
    u16,
    2,
    "```
use half::bf16;
use normkey::OrderedKey;
let k = OrderedKey::<bf16>::new;
assert!(k(-bf16::NAN) < k(bf16::NEG_INFINITY) && k(bf16::NEG_ZERO) < k(bf16::ZERO));
assert!(k(bf16::INFINITY) < k(bf16::NAN));
```"
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
        Self::new(F::default())
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

/// `key` is the key of a NaN (of either sign): below the key of −∞ or above that
/// of +∞. Written once for the folds and the atomics.
#[inline]
pub(crate) fn is_nan_key<F: KeyFloat>(key: F::Bits) -> bool {
    key < F::NEG_INFINITY_KEY || key > F::INFINITY_KEY
}

/// The extremum of `values` under IEEE 754 totalOrder, written once for the four
/// slice functions ([`min`], [`max`], [`minimum`], [`maximum`]) and the reducers'
/// slice forms: the key of the result, or `None` when no value counts (the slice
/// is empty, or, unless `propagate`, holds only NaNs). With `propagate`, any NaN
/// gives the NaN key at the reducing end ([`OrderedKey::MIN`] for the minimum,
/// [`OrderedKey::MAX`] for the maximum).
///
/// The key space is rotated (a wrapping subtraction) so that both NaN ranges sit
/// next to each other at one end of the integers: the far end when NaNs are
/// ignored, so that they lose every comparison, the reducing end when they
/// propagate, so that they win. The loop is then one key, one subtraction and one
/// integer min/max per value, with no branch: it vectorizes.
#[inline]
pub(crate) fn fold_keys<F: KeyFloat>(values: &[F], min: bool, propagate: bool) -> Option<F::Bits> {
    let rotation = Rotation::<F>::new(min, propagate);
    let best = rotation.unrotate(rotation.fold(values));
    rotation.result(values.is_empty(), best)
}

/// The key space of [`fold_keys`] rotated for one direction and NaN rule: the
/// fold of a slice, and the result from the folded key.
#[derive(Clone, Copy)]
struct Rotation<F: KeyFloat> {
    /// Subtracted from every key (wrapping, in the key's width).
    by: F::Bits,
    min: bool,
    propagate: bool,
}

impl<F: KeyFloat> Rotation<F> {
    #[inline]
    fn new(min: bool, propagate: bool) -> Self {
        // −∞ to 0: the numbers at the bottom, both NaN ranges above them. +∞ + 1 to 0:
        // both NaN ranges at the bottom, the numbers at the top.
        let by = if min == propagate {
            Self::add(F::INFINITY_KEY, truncated::<F>(1))
        } else {
            F::NEG_INFINITY_KEY
        };
        Self { by, min, propagate }
    }

    #[inline]
    fn add(a: F::Bits, b: F::Bits) -> F::Bits {
        truncated::<F>(widened::<F>(a).wrapping_add(widened::<F>(b)))
    }

    /// The identity of [`fold`](Self::fold)'s result.
    #[inline]
    fn identity(self) -> F::Bits {
        if self.min {
            OrderedKey::<F>::MAX.0
        } else {
            OrderedKey::<F>::MIN.0
        }
    }

    /// The extremum of the rotated keys of `values` (the identity when empty):
    /// one key, one subtraction and one integer min/max per value, no branch.
    #[inline]
    fn fold(self, values: &[F]) -> F::Bits {
        let rotated = |x: &F| {
            truncated::<F>(
                widened::<F>(OrderedKey::new(*x).to_bits()).wrapping_sub(widened::<F>(self.by)),
            )
        };
        if self.min {
            values.iter().map(rotated).fold(self.identity(), Ord::min)
        } else {
            values.iter().map(rotated).fold(self.identity(), Ord::max)
        }
    }

    /// Whether the rotated key `a` is strictly nearer the reducing end than `b`.
    #[inline]
    fn beats(self, a: F::Bits, b: F::Bits) -> bool {
        if self.min { a < b } else { a > b }
    }

    /// The key of a rotated key.
    #[inline]
    fn unrotate(self, rotated: F::Bits) -> F::Bits {
        Self::add(rotated, self.by)
    }

    /// [`fold_keys`]'s result from the unrotated extremum `best`.
    #[inline]
    fn result(self, empty: bool, best: F::Bits) -> Option<F::Bits> {
        if empty {
            None
        } else if is_nan_key::<F>(best) {
            // A NaN: with `propagate` the slice held one; without, it held no number.
            self.propagate.then_some(if self.min {
                OrderedKey::<F>::MIN.0
            } else {
                OrderedKey::<F>::MAX.0
            })
        } else {
            Some(best)
        }
    }
}

/// The smallest value of `values` under IEEE 754 totalOrder, **NaNs ignored**
/// (IEEE 754-2019 `minimumNumber` folded over the slice, as
/// [`AtomicF32Min::fetch_min_slice`](crate::AtomicF32Min) does, without atomics):
/// for map/reduce code (rayon, `std::thread::scope`) that wants the reducers'
/// semantics per chunk.
///
/// - −0 < +0: `min(&[0.0, -0.0])` is −0.0. ±∞ and subnormals are ordinary values.
/// - A NaN of either sign and any payload is skipped; the result is never NaN.
/// - An empty slice, or one of NaNs only, gives +∞, the identity: so the result
///   of a chunk combines with others by `min(&[a, b])`.
/// - The value returned is bit for bit one of the inputs (or +∞).
///
/// One pass, one integer min per value on the keys (vectorized, no branch).
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::min(&[1.0_f32, f32::NAN, -2.5, 3.0]), -2.5);
/// assert_eq!(key::min(&[0.0_f32, -0.0]).to_bits(), (-0.0_f32).to_bits()); // −0 < +0
/// assert_eq!(key::min(&[f32::NAN, -f32::NAN]), f32::INFINITY); // no number: the identity
/// assert_eq!(key::min::<f64>(&[]), f64::INFINITY);
/// assert_eq!(key::min(&[f64::NEG_INFINITY, 5e-324]), f64::NEG_INFINITY);
///
/// // Per chunk on threads, then combined: the same as one pass.
/// let v: Vec<f32> = (0..1000).map(|i| ((i * 37) % 101) as f32 - 50.0).collect();
/// let parts: Vec<f32> = std::thread::scope(|s| {
///     let hs: Vec<_> = v.chunks(300).map(|c| s.spawn(move || key::min(c))).collect();
///     hs.into_iter().map(|h| h.join().unwrap()).collect()
/// });
/// assert_eq!(key::min(&parts), key::min(&v));
/// assert_eq!(key::min(&parts), -50.0);
/// ```
#[inline]
#[must_use]
pub fn min<F: KeyFloat>(values: &[F]) -> F {
    let key = fold_keys(values, true, false).unwrap_or(F::INFINITY_KEY);
    OrderedKey::<F>::from_bits(key).get()
}

/// The largest value of `values` under IEEE 754 totalOrder, **NaNs ignored**
/// (`maximumNumber` folded over the slice, as the `fetch_max_slice` of the
/// reducers): [`min`] in the other direction.
///
/// - −0 < +0: `max(&[-0.0, 0.0])` is +0.0. ±∞ and subnormals are ordinary values.
/// - NaNs are skipped; the result is never NaN, and bit for bit one of the inputs
///   (or −∞).
/// - An empty slice, or one of NaNs only, gives −∞, the identity.
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::max(&[1.0_f32, f32::NAN, -2.5, 3.0]), 3.0);
/// assert_eq!(key::max(&[-0.0_f32, 0.0]).to_bits(), 0); // +0 > −0
/// assert_eq!(key::max(&[-0.0_f64]).to_bits(), (-0.0_f64).to_bits());
/// assert_eq!(key::max(&[f32::NAN]), f32::NEG_INFINITY); // no number: the identity
/// assert_eq!(key::max(&[f32::INFINITY, f32::NAN]), f32::INFINITY);
/// ```
#[inline]
#[must_use]
pub fn max<F: KeyFloat>(values: &[F]) -> F {
    let key = fold_keys(values, false, false).unwrap_or(F::NEG_INFINITY_KEY);
    OrderedKey::<F>::from_bits(key).get()
}

/// The smallest value of `values` under IEEE 754 totalOrder, **a NaN propagates**
/// (IEEE 754-2019 `minimum`, as [`f32::minimum`], folded over the slice, as the
/// reducers' `fetch_minimum_slice`).
///
/// - Any NaN (either sign, any payload) makes the result the negative quiet NaN
///   with every payload bit set, [`OrderedKey::MIN`]'s float, the NaN
///   `fetch_minimum` stores: not the input NaN's sign or payload.
/// - Otherwise as [`min`]: −0 < +0, ±∞ and subnormals ordinary, the result bit
///   for bit one of the inputs.
/// - An empty slice gives +∞, the identity.
///
/// ```
/// use normkey::{OrderedKey, key};
///
/// assert_eq!(key::minimum(&[1.0_f32, -2.5, 3.0]), -2.5);
/// let m = key::minimum(&[1.0_f32, f32::NAN, -2.5]); // a positive NaN…
/// assert!(m.is_nan() && m.is_sign_negative()); // …gives the negative one
/// assert_eq!(m.to_bits(), OrderedKey::<f32>::MIN.get().to_bits()); // 0xffff_ffff
/// assert_eq!(key::minimum(&[0.0_f64, -0.0]).to_bits(), (-0.0_f64).to_bits());
/// assert_eq!(key::minimum::<f32>(&[]), f32::INFINITY);
/// ```
#[inline]
#[must_use]
pub fn minimum<F: KeyFloat>(values: &[F]) -> F {
    let key = fold_keys(values, true, true).unwrap_or(F::INFINITY_KEY);
    OrderedKey::<F>::from_bits(key).get()
}

/// The largest value of `values` under IEEE 754 totalOrder, **a NaN propagates**
/// (IEEE 754-2019 `maximum`, as [`f32::maximum`], folded over the slice):
/// [`minimum`] in the other direction.
///
/// - Any NaN makes the result the positive quiet NaN with every payload bit set,
///   [`OrderedKey::MAX`]'s float, the NaN `fetch_maximum` stores.
/// - Otherwise as [`max`]: −0 < +0, ±∞ and subnormals ordinary, the result bit
///   for bit one of the inputs.
/// - An empty slice gives −∞, the identity.
///
/// ```
/// use normkey::{OrderedKey, key};
///
/// assert_eq!(key::maximum(&[1.0_f32, -2.5, 3.0]), 3.0);
/// let m = key::maximum(&[1.0_f64, -f64::NAN]);
/// assert!(m.is_nan() && m.is_sign_positive());
/// assert_eq!(m.to_bits(), OrderedKey::<f64>::MAX.get().to_bits());
/// assert_eq!(key::maximum(&[-0.0_f32, 0.0]).to_bits(), 0);
/// assert_eq!(key::maximum::<f64>(&[]), f64::NEG_INFINITY);
/// ```
#[inline]
#[must_use]
pub fn maximum<F: KeyFloat>(values: &[F]) -> F {
    let key = fold_keys(values, false, true).unwrap_or(F::NEG_INFINITY_KEY);
    OrderedKey::<F>::from_bits(key).get()
}

/// The index of the first value of `values` whose bits (the float's own, not
/// its key) satisfy `hit`, or `None`.
///
/// In blocks of [`ARG_BLOCK`]: a block is tested whole first (one compare per
/// value, or'ed together without an early exit, so it vectorizes as the fold of
/// [`fold_keys`] does), and only the block that holds a hit is searched value by
/// value.
#[inline]
fn first_index<F: KeyFloat>(values: &[F], hit: impl Fn(F::Bits) -> bool) -> Option<usize> {
    let bits = |x: &F| pun::<F, F::Bits>(*x);
    values
        .chunks(ARG_BLOCK)
        .enumerate()
        .find(|(_, block)| block.iter().fold(false, |any, x| any | hit(bits(x))))
        .and_then(|(b, block)| Some(b * ARG_BLOCK + block.iter().position(|x| hit(bits(x)))?))
}

/// The values [`arg_fold_keys`] folds as one (vectorized) before it compares
/// with the best so far, and [`first_index`] tests as one.
const ARG_BLOCK: usize = 1024;

/// The arg form of [`fold_keys`], written once for [`argmin`], [`argmax`],
/// [`argminimum`], [`argmaximum`] and the arg reducers' slice forms: the index of
/// the first value whose key is the extremum, and that key (with `propagate` and a
/// NaN in the slice: the index of the first NaN, of either sign, and the NaN key
/// at the reducing end); `None` when no value counts.
///
/// One pass in blocks of [`ARG_BLOCK`]: each block folded as [`fold_keys`] folds
/// the slice, the first block that strictly beats every block before it kept;
/// then that block alone searched for the first value with the result's bits.
/// When the result is a propagated NaN (NaNs of different bits rotate to
/// different keys), the first NaN is searched from the start instead.
#[inline]
pub(crate) fn arg_fold_keys<F: KeyFloat>(
    values: &[F],
    min: bool,
    propagate: bool,
) -> Option<(usize, F::Bits)> {
    let rotation = Rotation::<F>::new(min, propagate);
    let (mut best, mut at) = (rotation.identity(), 0);
    for (b, block) in values.chunks(ARG_BLOCK).enumerate() {
        let here = rotation.fold(block);
        if rotation.beats(here, best) {
            (best, at) = (here, b);
        }
    }
    let best = rotation.result(values.is_empty(), rotation.unrotate(best))?;
    let index = if is_nan_key::<F>(best) {
        first_index(values, |b| is_nan_key::<F>(F::to_key_bits(pun(b))))
    } else {
        // The key map is a bijection: the value with this key has these bits, and
        // the first block whose fold reached it holds its first occurrence (every
        // block before it folded to a key that loses to it).
        let target = pun::<F, F::Bits>(OrderedKey::<F>::from_bits(best).get());
        let block = values.chunks(ARG_BLOCK).nth(at)?;
        first_index(block, |b| b == target).map(|i| at * ARG_BLOCK + i)
    };
    // `best` is a key of `values` (or, for a NaN, there is one).
    index.map(|i| (i, best))
}

/// The index of the smallest value of `values` under IEEE 754 totalOrder, **NaNs
/// ignored**: where [`min`] found its result. **The lowest index wins a tie**
/// (as `numpy.argmin`, C++ `std::min_element`, Fortran `MINLOC`).
///
/// - −0 < +0: they do not tie, `argmin(&[0.0, -0.0])` is `Some(1)`. ±∞ and
///   subnormals are ordinary values; equal values tie only when their bits are
///   equal.
/// - A NaN of either sign and any payload is skipped (`numpy.nanargmin`).
/// - `None` for an empty slice, or one of NaNs only.
///
/// One vectorized pass in blocks of 1024 values (each block folded as [`min`]
/// folds, compared with the best block so far), then a search of the one block
/// that first held the result; with a NaN in a slice for [`argminimum`], a search
/// for the first NaN from the start.
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::argmin(&[1.0_f32, f32::NAN, -2.5, 3.0, -2.5]), Some(2)); // the first −2.5
/// assert_eq!(key::argmin(&[0.0_f32, -0.0, -0.0]), Some(1)); // −0 < +0
/// assert_eq!(key::argmin(&[-f32::NAN, f32::INFINITY]), Some(1)); // NaN skipped
/// assert_eq!(key::argmin(&[f64::NAN, -f64::NAN]), None); // no number
/// assert_eq!(key::argmin::<f64>(&[]), None);
/// assert_eq!(key::argmin(&[5e-324, f64::NEG_INFINITY]), Some(1));
/// ```
#[inline]
#[must_use]
pub fn argmin<F: KeyFloat>(values: &[F]) -> Option<usize> {
    arg_fold_keys(values, true, false).map(|(i, _)| i)
}

/// The index of the largest value of `values` under IEEE 754 totalOrder, **NaNs
/// ignored**: where [`max`] found its result; [`argmin`] in the other direction.
/// **The lowest index wins a tie** here too (as `numpy.argmax`, C++
/// `std::max_element`, Fortran `MAXLOC`; not as `Iterator::max_by_key`, which
/// returns the last).
///
/// - −0 < +0: `argmax(&[0.0, -0.0])` is `Some(0)`. ±∞ and subnormals are
///   ordinary values.
/// - NaNs of either sign and any payload are skipped (`numpy.nanargmax`).
/// - `None` for an empty slice, or one of NaNs only.
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::argmax(&[3.0_f32, f32::NAN, -2.5, 3.0]), Some(0)); // the first 3.0
/// assert_eq!(key::argmax(&[-0.0_f32, 0.0, 0.0]), Some(1)); // +0 > −0
/// assert_eq!(key::argmax(&[f32::NAN, f32::NEG_INFINITY]), Some(1)); // NaN skipped
/// assert_eq!(key::argmax(&[f32::NAN]), None);
/// assert_eq!(key::argmax(&[f64::MAX, f64::INFINITY, f64::INFINITY]), Some(1));
/// ```
#[inline]
#[must_use]
pub fn argmax<F: KeyFloat>(values: &[F]) -> Option<usize> {
    arg_fold_keys(values, false, false).map(|(i, _)| i)
}

/// The index of the smallest value of `values` under IEEE 754 totalOrder, **a NaN
/// propagates**: the index of the **first NaN** (either sign, any payload) if there
/// is one (as `numpy.argmin`, which returns the first NaN), else [`argmin`]'s.
/// The lowest index wins a tie; −0 < +0; ±∞ and subnormals ordinary. `None` only
/// for an empty slice.
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::argminimum(&[1.0_f32, -2.5, 3.0, -2.5]), Some(1));
/// assert_eq!(key::argminimum(&[1.0_f32, f32::NAN, -f32::NAN, -2.5]), Some(1)); // the first NaN
/// assert_eq!(key::argminimum(&[f64::NEG_INFINITY, -f64::NAN]), Some(1)); // either sign
/// assert_eq!(key::argminimum(&[0.0_f32, -0.0]), Some(1));
/// assert_eq!(key::argminimum::<f32>(&[]), None);
/// ```
#[inline]
#[must_use]
pub fn argminimum<F: KeyFloat>(values: &[F]) -> Option<usize> {
    arg_fold_keys(values, true, true).map(|(i, _)| i)
}

/// The index of the largest value of `values` under IEEE 754 totalOrder, **a NaN
/// propagates**: the index of the **first NaN** (either sign, any payload) if there
/// is one, else [`argmax`]'s. The lowest index wins a tie; −0 < +0; ±∞ and
/// subnormals ordinary. `None` only for an empty slice.
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::argmaximum(&[1.0_f32, 3.0, 3.0]), Some(1));
/// assert_eq!(key::argmaximum(&[f32::INFINITY, -f32::NAN, f32::NAN]), Some(1)); // the first NaN
/// assert_eq!(key::argmaximum(&[-0.0_f64, 0.0]), Some(1));
/// assert_eq!(key::argmaximum::<f64>(&[]), None);
/// ```
#[inline]
#[must_use]
pub fn argmaximum<F: KeyFloat>(values: &[F]) -> Option<usize> {
    arg_fold_keys(values, false, true).map(|(i, _)| i)
}
