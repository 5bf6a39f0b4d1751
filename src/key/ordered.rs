//! [`OrderedKey<F>`](super::OrderedKey), the bijection: the type, its order and
//! hash, its constructors and accessors, its byte and slice forms.

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

use super::{
    KeyFloat, assert_same_len, float_u16, float_u32, float_u64, key_u16, key_u32, key_u64, pun,
    truncated, widened,
};

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
pub struct OrderedKey<F: KeyFloat>(pub(super) F::Bits);

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
