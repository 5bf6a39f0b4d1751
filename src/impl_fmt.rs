//! `Display` for the storage and texture formats and [`OrderedKey`], expanded from
//! the type lists. (`Norm`, `Unorm`, `SnormFloat` and `UnormFloat` have theirs next
//! to their definitions.)
//!
//! Every `Display` of the crate prints the **value**, with the formatter's options
//! (precision, width, sign, alignment) applied as for the float itself:
//!
//! | type | `Display` prints | `Debug` prints |
//! |---|---|---|
//! | `Norm`, `Unorm`, `SnormFloat`, `UnormFloat` | the `f32` | `Norm(0.5)` |
//! | `Unorm8`, `Unorm16`, `Snorm8`, `Snorm16` | the decoded value `to_f32()` (code 128 of `Unorm8` prints `0.5019608`) | the code: `Unorm8(128)` |
//! | `Srgb8` | the linear value `to_f32()` (code 188 prints `0.5028865`) | the code: `Srgb8(188)` |
//! | the 8-bit pixel, packed UNORM and packed UFLOAT formats | the decoded channels in r, g, b(, a) order, `(1, 0, 0, 0.5019608)`, each with the formatter's options (`{:.2}` gives `(1.00, 0.00, 0.00, 0.50)`; a width pads each channel) | the code: `Rgba8Unorm([255, 0, 0, 128])`, `B5g6r5Unorm(63488)` |
//! | `OrderedKey<F>` | the float `get()`; a NaN prints `NaN` whatever its sign and payload, −0 prints `-0` | the float and the key: `OrderedKey(-0.0, 0x7fffffff)` |

use core::fmt;

use crate::key::OrderedKey;
use crate::texture::Srgb8;

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

/// Prints the linear value, [`to_f32`](Self::to_f32), with the formatter's
/// options (as the storage formats print theirs); `Debug` prints the code.
///
/// ```
/// use normkey::Srgb8;
/// assert_eq!(Srgb8::MAX.to_string(), "1");
/// assert_eq!(Srgb8::ZERO.to_string(), "0"); // never −0
/// assert_eq!(Srgb8::from_bits(188).to_string(), "0.5028865");
/// assert_eq!(format!("{:.3}", Srgb8::from_bits(188)), "0.503");
/// assert_eq!(format!("{:?}", Srgb8::from_bits(188)), "Srgb8(188)");
/// ```
impl fmt::Display for Srgb8 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_f32(), f)
    }
}

/// Writes `(c0, c1, …)`: each channel as `f32`'s `Display` with the formatter's
/// options (so width and alignment pad each channel, not the whole).
fn channels<const N: usize>(channels: [f32; N], f: &mut fmt::Formatter<'_>) -> fmt::Result {
    f.write_str("(")?;
    for (i, c) in channels.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        fmt::Display::fmt(c, f)?;
    }
    f.write_str(")")
}

/// `Display` for a pixel format: its decoded channels, through `$to`, with
/// `$doc` (the impl's docs and doctest).
macro_rules! display_pixel {
    ($T:ident, $to:ident, $(#[$doc:meta])*) => {
        $(#[$doc])*
        impl fmt::Display for crate::$T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                channels(self.$to(), f)
            }
        }
    };
}

/// The 8-bit pixel formats: `(r, g, b, a)`.
macro_rules! display_rgba8 {
    ($T:ident, bgra = $bgra:literal, srgb = $srgb:literal) => {
        display_pixel!(
            $T,
            to_rgba,
            /// Prints the linear channels `(r, g, b, a)`, [`to_rgba`](Self::to_rgba),
            /// in that order whatever the memory order, each with the formatter's
            /// options; `Debug` prints the bytes.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// let p = T::from_rgba([1.0, 0.0, 0.0, 0.5]);
            /// assert_eq!(p.to_string(), "(1, 0, 0, 0.5019608)");
            /// assert_eq!(format!("{:.2}", p), "(1.00, 0.00, 0.00, 0.50)");
            /// assert_eq!(format!("{:>4}", T::default()), "(   0,    0,    0,    0)");
            /// ```
        );
    };
}

crate::for_each_rgba8_format!(display_rgba8);

/// The packed UNORM formats: `(r, g, b)` or `(r, g, b, a)`.
macro_rules! display_packed {
    ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:expr) => {
        display_pixel!(
            $T,
            $to,
            #[doc = concat!("Prints the channels in r, g, b(, a) order, [`", stringify!($to), "`](Self::", stringify!($to), "),")]
            /// each with the formatter's options; `Debug` prints the bits.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            #[doc = concat!("let n = T::default().", stringify!($to), "().len(); // ", $n, " channels")]
            #[doc = concat!("let white = T::from_bits(", stringify!($int), "::MAX);")]
            /// assert_eq!(white.to_string(), format!("({})", vec!["1"; n].join(", ")));
            /// assert_eq!(format!("{white:.1}"), format!("({})", vec!["1.0"; n].join(", ")));
            /// assert_eq!(T::default().to_string(), format!("({})", vec!["0"; n].join(", ")));
            /// ```
        );
    };
}

crate::for_each_packed_format!(display_packed);

/// The packed unsigned-float formats: `(r, g, b)`.
macro_rules! display_ufloat {
    ($T:ident) => {
        display_pixel!(
            $T,
            to_rgb,
            /// Prints the channels `(r, g, b)`, [`to_rgb`](Self::to_rgb), each with
            /// the formatter's options; the NaN codes of `Rg11b10Ufloat` print `NaN`
            /// whatever their payload (`Debug`, the code, tells them apart) and its
            /// ∞ code prints `inf`. `Debug` prints the code.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// assert_eq!(T::from_rgb([1.0, 0.5, 0.0]).to_string(), "(1, 0.5, 0)");
            /// assert_eq!(format!("{:.2}", T::from_rgb([0.25, 2.0, -1.0])), "(0.25, 2.00, 0.00)");
            #[doc = concat!("assert_eq!(format!(\"{:?}\", T::ZERO), \"", stringify!($T), "(0)\"); // the code")]
            /// ```
        );
    };
}

crate::for_each_ufloat_format!(display_ufloat);

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
