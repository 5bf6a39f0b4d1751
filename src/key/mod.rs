//! `OrderedKey<F>`: the order-preserving bijection from floats to unsigned integers.

use core::fmt;
use core::hash::Hash;

pub(crate) mod fold;
mod ordered;

pub use fold::{argmax, argmaximum, argmin, argminimum, max, maximum, min, minimum};
pub use ordered::OrderedKey;

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

/// The panic of the slice forms on a length mismatch, worded as `copy_from_slice`'s.
#[inline]
#[track_caller]
pub(crate) fn assert_same_len(src: usize, dst: usize) {
    assert!(
        src == dst,
        "source slice length ({src}) does not match destination slice length ({dst})"
    );
}
