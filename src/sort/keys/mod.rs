//! The [`SortKey`] impls: what each key kind sorts by (its radix integer).

use core::cmp::Reverse;

use super::SortKey;
use super::engine::radix::{Concat, Radix};
use super::sealed::{self, Sealed};
use crate::key::{KeyFloat, OrderedKey};

mod nan_last;
pub use nan_last::{LargestFirst, NanLast};

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
