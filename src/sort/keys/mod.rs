//! The keys: [`SortKey`] (sealed: what a key sorts by, its radix integer), its
//! impls for every key kind, the float wrappers [`NanLast`] and
//! [`LargestFirst`] (`nan_last.rs`), and the named functions that the sorts
//! pass to the engine to read a radix (`radix_of`, `radix_of_first`,
//! `held_radix`). The public functions and the engine both import from here,
//! and this imports only the radix integers (`engine/radix.rs`) and
//! `crate::key`.

use core::cmp::Reverse;

use super::engine::radix::{Concat, Radix};
use crate::key::{KeyFloat, OrderedKey};
use sealed::Sealed;

mod nan_last;
pub use nan_last::{LargestFirst, NanLast};

pub(crate) mod sealed {
    use crate::sort::engine::radix::Radix;

    /// What a key sorts by; only this crate implements it.
    pub trait Sealed: Copy {
        /// The unsigned integer whose order is the key's order.
        type Radix: Radix;
        /// Whether the radix determines the key bit for bit (a bijection).
        const EXACT: bool;
        /// The radix of `self`.
        fn radix(self) -> Self::Radix;
        /// The key of a radix; when not [`EXACT`](Self::EXACT), one of the keys
        /// with that radix.
        fn from_radix(r: Self::Radix) -> Self;
    }
}

/// A key the functions of [`sort`](super) sort by: the floats (`f32`, `f64`, and
/// with feature `half` `half::f16`, `half::bf16`) and
/// [`OrderedKey<F>`](crate::key::OrderedKey) in IEEE 754 totalOrder; [`NanLast<F>`],
/// [`LargestFirst<F>`];
/// `u8`…`u64`, `usize`, `i8`…`i64`, `isize` by value; [`Reverse<K>`](core::cmp::Reverse);
/// pairs `(A, B)` lexicographically (at most 128 bits of radix together).
///
/// Sealed: only this crate implements it. A key is `Copy`: a small value. The
/// orders are in the [module docs](super#the-orders).
///
/// ```
/// use core::cmp::Reverse;
/// use normkey::sort::{self, NanLast};
///
/// let mut v = [(Reverse(2_u8), -1.0_f32), (Reverse(2), -f32::NAN), (Reverse(5), 0.0)];
/// let mut buf = v;
/// sort::sort_with_buffer(&mut v, &mut buf);
/// assert_eq!(v[0].0, Reverse(5));
/// assert!(v[1].1.is_nan() && v[2].1 == -1.0); // −NaN first in totalOrder
///
/// let mut w = [NanLast(f64::NAN), NanLast(-0.0), NanLast(0.0), NanLast(-f64::NAN), NanLast(-1.0)];
/// let mut buf = w;
/// sort::sort_with_buffer(&mut w, &mut buf);
/// assert_eq!(w[0].0, -1.0);
/// assert!(w[1].0.is_sign_negative() && w[2].0.is_sign_positive()); // ±0 tie: input order
/// assert!(w[3].0.is_sign_positive() && w[4].0.is_sign_negative()); // NaNs tie: input order
/// ```
pub trait SortKey: sealed::Sealed {}

/// The radix of a key: the closure every key sort passes to the engine.
///
/// This and the two below are named functions, not closures: a closure's type
/// carries every generic parameter of the function that writes it (the caller's
/// key function included), so each caller would compile its own copy of the
/// engine. A named function's type is the same wherever the record layout is.
#[inline]
pub(super) fn radix_of<K: SortKey>(k: &K) -> K::Radix {
    k.radix()
}

/// The radix of a record's key, held first: the `(key, index)` records.
#[inline]
pub(super) fn radix_of_first<K: SortKey, U>(r: &(K, U)) -> K::Radix {
    r.0.radix()
}

/// A radix computed once and held first: the `(radix, index)` records.
#[cfg(feature = "alloc")]
#[inline]
pub(super) fn held_radix<R: Copy, U>(r: &(R, U)) -> R {
    r.0
}

/// The panic of the `_with_buffer` forms, at the caller's line.
#[track_caller]
#[inline]
pub(super) fn assert_room(name: &str, len: usize, need: usize) {
    assert!(
        len >= need,
        "{name} holds {len} elements, fewer than the {need} the slice needs"
    );
}

/// The floats sort by their [`OrderedKey`]: IEEE 754 totalOrder.
macro_rules! float_key {
    ($($(#[$cfg:meta])* $f:ty;)*) => {$(
        $(#[$cfg])*
        impl Sealed for $f {
            type Radix = <$f as KeyFloat>::Bits;
            const EXACT: bool = true;
            #[inline]
            fn radix(self) -> Self::Radix {
                self.to_key_bits()
            }
            #[inline]
            fn from_radix(r: Self::Radix) -> Self {
                <$f as KeyFloat>::from_key_bits(r)
            }
        }
        $(#[$cfg])*
        impl SortKey for $f {}

        $(#[$cfg])*
        impl Sealed for NanLast<$f> {
            type Radix = <$f as KeyFloat>::Bits;
            const EXACT: bool = false;
            #[inline]
            fn radix(self) -> Self::Radix {
                nan_last_radix(self.0)
            }
            #[inline]
            fn from_radix(r: Self::Radix) -> Self {
                NanLast(<$f as KeyFloat>::from_key_bits(r))
            }
        }
        $(#[$cfg])*
        impl SortKey for NanLast<$f> {}

        $(#[$cfg])*
        impl Sealed for LargestFirst<$f> {
            type Radix = <$f as KeyFloat>::Bits;
            const EXACT: bool = false;
            #[inline]
            fn radix(self) -> Self::Radix {
                flip_numbers(nan_last_radix(self.0))
            }
            #[inline]
            fn from_radix(r: Self::Radix) -> Self {
                LargestFirst(<$f as KeyFloat>::from_key_bits(flip_numbers(r)))
            }
        }
        $(#[$cfg])*
        impl SortKey for LargestFirst<$f> {}
    )*};
}
float_key! {
    f32;
    f64;
    #[cfg(feature = "half")] half::f16;
    #[cfg(feature = "half")] half::bf16;
}

/// The radix of [`NanLast`]: the totalOrder key with −0 moved onto +0 and every
/// NaN onto the largest integer (which no number's key reaches: +∞'s key is below
/// every positive NaN's).
#[inline]
fn nan_last_radix<F: KeyFloat>(x: F) -> F::Bits
where
    F::Bits: Radix,
{
    let k = x.to_key_bits();
    let plus_zero = F::zeroed().to_key_bits();
    if k > F::INFINITY_KEY || k < F::NEG_INFINITY_KEY {
        <F::Bits as Radix>::MAX
    } else if k == plus_zero.dec() {
        plus_zero
    } else {
        k
    }
}

/// [`NanLast`]'s radix to [`LargestFirst`]'s and back: the numbers' order
/// reversed (the complement of their radix, which lies strictly between 0 and
/// the largest integer), the NaNs' largest integer kept.
#[inline]
fn flip_numbers<R: Radix>(r: R) -> R {
    if r == R::MAX { r } else { !r }
}

impl<F: KeyFloat> Sealed for OrderedKey<F>
where
    F::Bits: Radix,
{
    type Radix = F::Bits;
    const EXACT: bool = true;
    #[inline]
    fn radix(self) -> F::Bits {
        self.to_bits()
    }
    #[inline]
    fn from_radix(r: F::Bits) -> Self {
        Self::from_bits(r)
    }
}
impl<F: KeyFloat> SortKey for OrderedKey<F> where F::Bits: Radix {}

/// The unsigned integers sort as themselves.
macro_rules! unsigned_key {
    ($($u:ty => $r:ty),*) => {$(
        impl Sealed for $u {
            type Radix = $r;
            const EXACT: bool = true;
            #[inline]
            fn radix(self) -> $r {
                self as $r
            }
            // `usize` from the `u64` it was widened to: nothing is lost.
            #[allow(clippy::cast_possible_truncation)]
            #[inline]
            fn from_radix(r: $r) -> Self {
                r as $u
            }
        }
        impl SortKey for $u {}
    )*};
}
unsigned_key!(u8 => u8, u16 => u16, u32 => u32, u64 => u64, usize => u64);

/// The signed integers sort by their bits with the sign bit flipped (two's
/// complement order as unsigned order).
macro_rules! signed_key {
    ($($i:ty => $u:ty, $r:ty),*) => {$(
        impl Sealed for $i {
            type Radix = $r;
            const EXACT: bool = true;
            // Reinterpretation of the two's complement bits is the point.
            #[allow(clippy::cast_sign_loss)]
            #[inline]
            fn radix(self) -> $r {
                ((self as $u) ^ (1 << (<$u>::BITS - 1))) as $r
            }
            #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
            #[inline]
            fn from_radix(r: $r) -> Self {
                ((r as $u) ^ (1 << (<$u>::BITS - 1))) as $i
            }
        }
        impl SortKey for $i {}
    )*};
}
signed_key!(i8 => u8, u8, i16 => u16, u16, i32 => u32, u32, i64 => u64, u64, isize => usize, u64);

impl<K: SortKey> Sealed for Reverse<K> {
    type Radix = K::Radix;
    const EXACT: bool = K::EXACT;
    #[inline]
    fn radix(self) -> K::Radix {
        !self.0.radix()
    }
    #[inline]
    fn from_radix(r: K::Radix) -> Self {
        Reverse(K::from_radix(!r))
    }
}
impl<K: SortKey> SortKey for Reverse<K> {}

impl<A: SortKey, B: SortKey> Sealed for (A, B)
where
    A::Radix: Concat<B::Radix>,
{
    type Radix = <A::Radix as Concat<B::Radix>>::Out;
    const EXACT: bool = A::EXACT && B::EXACT;
    #[inline]
    fn radix(self) -> Self::Radix {
        self.0.radix().join(self.1.radix())
    }
    #[inline]
    fn from_radix(r: Self::Radix) -> Self {
        let (a, b) = <A::Radix as Concat<B::Radix>>::split(r);
        (A::from_radix(a), B::from_radix(b))
    }
}
impl<A: SortKey, B: SortKey> SortKey for (A, B) where A::Radix: Concat<B::Radix> {}
