//! `num_traits` impls (feature `num-traits`): `Bounded`, `Zero`, `One`,
//! `ToPrimitive`, `FromPrimitive` for `Norm`/`Unorm`; `Bounded` for the storage
//! formats.

use num_traits::{Bounded, FromPrimitive, One, ToPrimitive, Zero};

use crate::norm::{Norm, Unorm};

/// The impls of one clamping type, instantiated for `Norm` and `Unorm`.
macro_rules! num_traits_normalized {
    ($T:ident) => {
        bounded_by_consts!($T);

        /// [`ZERO`](Self::ZERO) (+0.0; `is_zero` is true only for it, as −0 never occurs).
        impl Zero for $T {
            #[inline]
            fn zero() -> Self {
                Self::ZERO
            }
            #[inline]
            fn is_zero(&self) -> bool {
                *self == Self::ZERO
            }
        }

        /// [`MAX`](Self::MAX), 1.0.
        impl One for $T {
            #[inline]
            fn one() -> Self {
                Self::MAX
            }
        }

        /// The `f32` value's conversions (integers truncate toward zero, as for `f32`).
        impl ToPrimitive for $T {
            #[inline]
            fn to_i64(&self) -> Option<i64> {
                self.get().to_i64()
            }
            #[inline]
            fn to_u64(&self) -> Option<u64> {
                self.get().to_u64()
            }
            #[inline]
            fn to_f32(&self) -> Option<f32> {
                Some(self.get())
            }
            #[inline]
            fn to_f64(&self) -> Option<f64> {
                Some(f64::from(self.get()))
            }
        }

        #[doc = concat!("`Some` exactly when the value is in the range (the checked [`", stringify!($T), "::try_new`]): ")]
        /// `None` for NaN, ±∞ and every value outside, never a clamp. An `f64` is
        /// range-checked before it is rounded to `f32`; −0 gives +0.
        ///
        /// ```
        /// use num_traits::FromPrimitive;
        #[doc = concat!("use normkey::", stringify!($T), ";")]
        #[doc = concat!("type T = ", stringify!($T), ";")]
        /// let from_f64 = <T as FromPrimitive>::from_f64; // not the inherent clamping one
        /// assert_eq!(from_f64(1.0), Some(T::MAX));
        /// assert_eq!(from_f64(1.0 + 1e-12), None); // would round to 1.0 in f32
        /// assert_eq!(T::from_f32(f32::NAN), None);
        /// assert_eq!(T::from_f32(f32::INFINITY), None);
        /// assert_eq!(T::from_i64(2), None);
        /// assert_eq!(T::from_u64(0), Some(T::ZERO));
        /// assert_eq!(T::from_f32(-0.0).map(|x| x.get().to_bits()), Some(0));
        /// ```
        impl FromPrimitive for $T {
            #[inline]
            #[allow(clippy::cast_precision_loss)] // only 0 and ±1 are in range, all exact
            fn from_i64(n: i64) -> Option<Self> {
                Self::try_new(n as f32).ok()
            }
            #[inline]
            #[allow(clippy::cast_precision_loss)]
            fn from_u64(n: u64) -> Option<Self> {
                Self::try_new(n as f32).ok()
            }
            #[inline]
            fn from_f32(x: f32) -> Option<Self> {
                Self::try_new(x).ok()
            }
            #[inline]
            // Range-checked in f64 first; rounding an in-range f64 stays in range.
            #[allow(clippy::cast_possible_truncation)]
            fn from_f64(x: f64) -> Option<Self> {
                if x >= f64::from(Self::MIN.get()) && x <= 1.0 {
                    Some(Self::new(x as f32))
                } else {
                    None
                }
            }
        }
    };
}

num_traits_normalized!(Norm);
num_traits_normalized!(Unorm);

/// `Bounded` from the type's `MIN` and `MAX` constants, for every type that has them.
macro_rules! bounded_by_consts {
    ($T:ident) => {
        /// [`MIN`](Self::MIN) and [`MAX`](Self::MAX) (for SNORM codes, `MIN` is the
        /// most negative code, which decodes to −1.0).
        ///
        /// ```
        /// use num_traits::Bounded;
        #[doc = concat!("use normkey::", stringify!($T), ";")]
        #[doc = concat!("assert_eq!(", stringify!($T), "::max_value(), ", stringify!($T), "::MAX);")]
        #[doc = concat!("assert_eq!(", stringify!($T), "::min_value(), ", stringify!($T), "::MIN);")]
        /// ```
        impl Bounded for crate::$T {
            #[inline]
            fn min_value() -> Self {
                Self::MIN
            }
            #[inline]
            fn max_value() -> Self {
                Self::MAX
            }
        }
    };
}
use bounded_by_consts;

/// The storage formats: `Bounded` by their codes' constants.
macro_rules! bounded_storage {
    ($T:ident, $code:ty, $N:ident, $D:ident) => {
        bounded_by_consts!($T);
    };
}
crate::for_each_storage_format!(bounded_storage);
