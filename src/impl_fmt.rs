//! `Display` for the storage formats and [`OrderedKey`], expanded from the type
//! lists. (`Norm`, `Unorm`, `SnormFloat` and `UnormFloat` have theirs next to
//! their definitions.)
//!
//! Every `Display` of the crate prints the **value**, with the formatter's options
//! (precision, width, sign, alignment) applied as for the float itself:
//!
//! | type | `Display` prints | `Debug` prints |
//! |---|---|---|
//! | `Norm`, `Unorm`, `SnormFloat`, `UnormFloat` | the `f32` | `Norm(0.5)` |
//! | `Unorm8`, `Unorm16`, `Snorm8`, `Snorm16` | the decoded value `to_f32()` (code 128 of `Unorm8` prints `0.5019608`) | the code: `Unorm8(128)` |
//! | `OrderedKey<F>` | the float `get()`; a NaN prints `NaN` whatever its sign and payload, −0 prints `-0` | the float and the key: `OrderedKey(-0.0, 0x7fffffff)` |

use core::fmt;

use crate::OrderedKey;

/// `Display` for a storage format: its decoded value.
macro_rules! display_storage {
    ($T:ident, $code:ty, $N:ident, $D:ident) => {
        /// Prints the value the code stands for, [`to_f32`](Self::to_f32), with the
        /// formatter's options; `Debug` prints the code. The most negative SNORM code
        /// prints `-1`, like `-MAX`.
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), " as T;")]
        /// assert_eq!(T::MAX.to_string(), "1");
        /// assert_eq!(T::ZERO.to_string(), "0"); // never −0
        /// assert_eq!(format!("{:.3}", T::MAX), "1.000");
        /// assert_eq!(format!("{:.2}", T::from_f32(0.5)), "0.50"); // the code nearest 0.5, not 0.5
        /// assert_eq!(format!("{:+}", T::from_bits(1)), format!("{:+}", T::from_bits(1).to_f32()));
        /// assert_eq!(format!("{:>5}", T::MAX), "    1");
        /// ```
        impl fmt::Display for crate::$T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.to_f32(), f)
            }
        }
    };
}

crate::for_each_storage_format!(display_storage);

/// `Display` for `OrderedKey<$f>`: the float.
macro_rules! display_key {
    ($f:ty, $u:ty) => {
        /// Prints the float, [`get`](OrderedKey::get), with the formatter's options.
        /// The float's `Display` decides the spelling: −0 prints `-0`, and every NaN
        /// prints `NaN`, whatever its sign and payload (use `Debug`, which adds the
        /// key, or [`to_bits`](OrderedKey::to_bits) to tell them apart).
        ///
        /// ```
        /// use normkey::OrderedKey;
        /// type K = OrderedKey<f32>;
        /// assert_eq!(K::new(-0.0).to_string(), "-0");
        /// assert_eq!(format!("{:.2}", K::new(1.0 / 3.0)), "0.33");
        /// assert_eq!(K::new(f32::NEG_INFINITY).to_string(), "-inf");
        /// assert_eq!(K::MIN.to_string(), "NaN"); // the negative NaN
        /// assert_eq!(K::MAX.to_string(), "NaN");
        /// ```
        impl fmt::Display for OrderedKey<$f> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.get(), f)
            }
        }
    };
}

crate::for_each_key_float!(display_key);

/// A key float as the standard float type that every serialization and logging
/// format knows: `f32` and `f64` as themselves, `half::f16` and `half::bf16` widened
/// to `f32` (exact).
#[cfg(any(feature = "serde", feature = "defmt"))]
pub(crate) trait StdFloat: Copy {
    /// `f32` or `f64`.
    type Std;
    /// The value as [`Self::Std`]: exact, NaN payloads kept (f16/bf16: their top
    /// payload bits).
    fn to_std(self) -> Self::Std;
    /// The nearest value of `Self` (round to nearest, ties to even; exact for every
    /// value produced by [`Self::to_std`]). Used by `serde` only.
    #[cfg_attr(not(feature = "serde"), allow(dead_code))]
    fn from_std(x: Self::Std) -> Self;
}

#[cfg(any(feature = "serde", feature = "defmt"))]
impl StdFloat for f32 {
    type Std = f32;
    fn to_std(self) -> f32 {
        self
    }
    fn from_std(x: f32) -> f32 {
        x
    }
}

#[cfg(any(feature = "serde", feature = "defmt"))]
impl StdFloat for f64 {
    type Std = f64;
    fn to_std(self) -> f64 {
        self
    }
    fn from_std(x: f64) -> f64 {
        x
    }
}

#[cfg(all(feature = "half", any(feature = "serde", feature = "defmt")))]
impl StdFloat for half::f16 {
    type Std = f32;
    fn to_std(self) -> f32 {
        self.to_f32()
    }
    fn from_std(x: f32) -> Self {
        half::f16::from_f32(x)
    }
}

#[cfg(all(feature = "half", any(feature = "serde", feature = "defmt")))]
impl StdFloat for half::bf16 {
    type Std = f32;
    fn to_std(self) -> f32 {
        self.to_f32()
    }
    fn from_std(x: f32) -> Self {
        half::bf16::from_f32(x)
    }
}
