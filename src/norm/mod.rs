//! `Norm` and `Unorm`: `f32`s clamped to [−1, 1] and [0, 1] after every step
//! (C++ AMP `norm` / `unorm`).

use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::iter::{Product, Sum};
use core::ops::{Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Sub, SubAssign};

use crate::scalar::clamp_unit;

mod error;
#[macro_use]
mod ops;
#[macro_use]
mod traits;

pub use error::NormRangeError;

/// Clamps to [−1, 1]: NaN → +0, −0 → +0, ±∞ → ±1.
#[inline]
pub(crate) const fn clamp_signed(x: f32) -> f32 {
    let y = if x > -1.0 { x } else { -1.0 };
    let y = if y < 1.0 { y } else { 1.0 };
    // `+ 0.0` turns −0 into +0 and leaves every other value alone.
    if x.is_nan() { 0.0 } else { y + 0.0 }
}

/// A value in [−1, 1] that clamps after every operation: C++ AMP's `norm`.
///
/// Construction clamps (`Norm::new(1.5)` is 1), and so does every `+ - * /`
/// between two `Norm`s (or a `Norm` and a [`Unorm`]) and every `*Assign` form:
/// the operation is done in `f32`, then the result is clamped. So
/// `(0.9 + 0.3) - 0.4` is 0.6, not 0.8: the sum clamps to 1 before the
/// subtraction. For HLSL's clamp-only-when-stored `snorm float`, use
/// [`SnormFloat`](crate::SnormFloat).
///
/// | operation | result |
/// |---|---|
/// | `Norm op Norm`, `Norm op Unorm`, `Unorm op Norm` (`+ - * /`) | `Norm`, clamped |
/// | `-Norm` | `Norm` (exact, no clamp needed) |
/// | `Norm op f32`, `f32 op Norm` | `f32`: plain float arithmetic, as in AMP |
/// | `Sum`, `Product` | `Norm`, clamped after every step |
///
/// # Invariant, NaN and −0
///
/// A `Norm` is never NaN, always in [−1, 1] and never −0.0. Every constructor
/// and operator keeps this: NaN becomes +0 (the D3D rule for storing NaN into a
/// normalized format: `0.0 / 0.0` gives 0), −0 becomes +0, ±∞ clamps to ±1, and
/// subnormals are kept as they are. This deviates from AMP, whose CPU path lets
/// NaN and −0 through; in exchange `Norm` is `Eq + Ord + Hash`, with the order
/// and equality of the real numbers it holds.
///
/// # Representation
///
/// `#[repr(transparent)]` over `f32`. It is `bytemuck::Zeroable`, `NoUninit` and
/// `CheckedBitPattern` (valid bits: those of a float that satisfies the
/// invariant), but not `Pod`: most bit patterns are not valid.
///
/// ```
/// use normkey::{Norm, Unorm};
///
/// let (a, b, c) = (Norm::new(0.9), Norm::new(0.3), Norm::new(0.4));
/// assert_eq!((a + b) - c, Norm::new(1.0 - 0.4)); // the sum clamped to 1 first
/// assert_eq!(Norm::new(f32::NAN), Norm::ZERO);
/// assert_eq!(Norm::new(-0.0).get().to_bits(), 0); // stored as +0
/// assert_eq!(Norm::new(f32::NEG_INFINITY), Norm::MIN);
/// assert_eq!(Norm::ZERO / Norm::ZERO, Norm::ZERO); // NaN clamps to 0
/// assert_eq!(Norm::new(0.5) / Norm::ZERO, Norm::MAX); // +∞ clamps to 1
/// assert_eq!(-Norm::new(0.25), Norm::new(-0.25));
/// assert_eq!(Norm::new(-0.5) + Unorm::new(2.0), Norm::new(0.5)); // mixed: Norm
/// let f: f32 = Norm::new(0.9) + 0.3; // with an f32: plain f32, no clamp
/// assert_eq!(f, 0.9 + 0.3);
/// ```
///
/// The constants of `Norm`, `Unorm` and the storage formats are `match` patterns
/// (`PartialEq` is derived):
///
/// ```
/// use normkey::{Norm, Unorm, Unorm8};
///
/// fn describe(n: Norm) -> &'static str {
///     match n {
///         Norm::MIN => "min",
///         Norm::ZERO => "zero",
///         Norm::MAX => "max",
///         _ => "inside",
///     }
/// }
/// assert_eq!(describe(Norm::new(f32::NAN)), "zero");
/// assert_eq!(describe(Norm::new(-0.0)), "zero");
/// assert_eq!(describe(Norm::new(-7.0)), "min");
/// assert_eq!(describe(Norm::new(0.5)), "inside");
/// assert!(matches!(Unorm::new(2.0), Unorm::MAX));
/// assert!(matches!(Unorm8::from_f32(1.0), Unorm8::MAX));
/// ```
// `PartialEq` is derived (the `f32`'s `==`; by the invariant, equality of the bits)
// so that the constants work as `match` patterns.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(transparent)]
pub struct Norm(f32);

/// A value in [0, 1] that clamps after every operation: C++ AMP's `unorm`.
///
/// Construction clamps (`Unorm::new(1.66)` is 1, `Unorm::new(-5.3)` is 0), and so
/// does every `+ - * /` between two `Unorm`s and every `*Assign` form: the
/// operation is done in `f32`, then the result is clamped. For HLSL's
/// clamp-only-when-stored `unorm float`, use [`UnormFloat`](crate::UnormFloat).
///
/// | operation | result |
/// |---|---|
/// | `Unorm op Unorm` (`+ - * /`) | `Unorm`, clamped |
/// | `Unorm op Norm`, `Norm op Unorm` | [`Norm`], clamped |
/// | `-Unorm` | `f32`: AMP promotes to float (so `-Unorm::ZERO` is −0.0) |
/// | `Unorm op f32`, `f32 op Unorm` | `f32`: plain float arithmetic, as in AMP |
/// | `Sum`, `Product` | `Unorm`, clamped after every step |
///
/// # Invariant, NaN and −0
///
/// An `Unorm` is never NaN, always in [0, 1] and never −0.0. Every constructor
/// and operator keeps this: NaN becomes +0 (the D3D storage rule: `0.0 / 0.0`
/// gives 0), −0 and every negative become +0, +∞ clamps to 1, and subnormals are
/// kept. AMP's CPU path lets NaN and −0 through; normkey does not, so `Unorm` is
/// `Eq + Ord + Hash`, with the order and equality of the real numbers it holds.
///
/// # Representation
///
/// `#[repr(transparent)]` over `f32`; `bytemuck::Zeroable`, `NoUninit` and
/// `CheckedBitPattern` (valid bits: those of a float satisfying the invariant),
/// not `Pod`.
///
/// ```
/// use normkey::{Norm, Unorm};
///
/// assert_eq!(Unorm::new(0.75) + Unorm::new(0.5), Unorm::MAX);
/// assert_eq!(Unorm::new(0.25) - Unorm::new(0.5), Unorm::ZERO);
/// assert_eq!(Unorm::new(f32::NAN), Unorm::ZERO);
/// assert_eq!(Unorm::new(-0.0).get().to_bits(), 0);
/// assert_eq!(Unorm::ZERO / Unorm::ZERO, Unorm::ZERO);
/// let n: Norm = Unorm::new(0.25) - Norm::new(0.5); // mixed: Norm
/// assert_eq!(n, Norm::new(-0.25));
/// let f: f32 = -Unorm::new(0.8); // negation promotes to f32
/// assert_eq!(f, -0.8);
/// ```
// `PartialEq` is derived (the `f32`'s `==`; by the invariant, equality of the bits)
// so that the constants work as `match` patterns.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(transparent)]
pub struct Unorm(f32);

/// The one implementation of a clamping type, instantiated for `Norm` and `Unorm`.
///
/// `$clamp`: the clamp (NaN → +0, −0 → +0); `$min`: the lower bound as a literal;
/// the string arguments spell values in doctests.
macro_rules! normalized {
    ($T:ident, clamp = $clamp:ident, min = $min:literal, min_str = $min_str:literal, below = $below:literal) => {
        impl $T {
            /// Zero (+0.0); also the [`Default`].
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::ZERO.get().to_bits(), 0);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::default(), ", stringify!($T), "::ZERO);")]
            /// ```
            pub const ZERO: Self = Self(0.0);

            #[doc = concat!("The smallest value, ", $min_str, ".")]
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::MIN.get(), ", $min_str, ");")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::new(f32::NEG_INFINITY), ", stringify!($T), "::MIN);")]
            /// ```
            pub const MIN: Self = Self($min);

            /// The largest value, 1.0.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::MAX.get(), 1.0);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::new(f32::INFINITY), ", stringify!($T), "::MAX);")]
            /// ```
            pub const MAX: Self = Self(1.0);

            #[doc = concat!("`x` clamped to [", $min_str, ", 1]: NaN (any sign or payload) → +0, −0 → +0, ")]
            #[doc = concat!("values below ", $min_str, " (−∞ included) → ", $min_str, ", above 1 (+∞ included) → 1; ")]
            /// subnormals inside the range are kept.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("let n = ", stringify!($T), "::new;")]
            /// assert_eq!(n(0.5).get(), 0.5);
            /// assert_eq!(n(f32::NAN).get().to_bits(), 0);
            /// assert_eq!(n(-f32::NAN).get().to_bits(), 0);
            /// assert_eq!(n(-0.0).get().to_bits(), 0);
            #[doc = concat!("assert_eq!(n(f32::NEG_INFINITY).get(), ", $min_str, ");")]
            #[doc = concat!("assert_eq!(n(", $below, ").get(), ", $min_str, ");")]
            /// assert_eq!(n(f32::INFINITY).get(), 1.0);
            /// assert_eq!(n(1.0e-45).get(), 1.0e-45); // subnormal kept
            /// ```
            #[inline]
            #[must_use]
            pub const fn new(x: f32) -> Self {
                Self($clamp(x))
            }

            #[doc = concat!("`x` if it is in [", $min_str, ", 1] (−0 is accepted and stored as +0), ")]
            /// else an error: NaN, ±∞ and out-of-range values are rejected, not clamped.
            ///
            /// # Errors
            ///
            /// [`NormRangeError`] (holding `x`) if `x` is NaN or outside the range.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("let t = ", stringify!($T), "::try_new;")]
            #[doc = concat!("assert_eq!(t(", $min_str, "), Ok(", stringify!($T), "::MIN));")]
            /// assert_eq!(t(-0.0).unwrap().get().to_bits(), 0);
            /// assert!(t(f32::NAN).is_err());
            /// assert!(t(f32::INFINITY).is_err());
            #[doc = concat!("assert!(t(", $below, ").is_err());")]
            /// assert!(t(1.000_000_1).is_err());
            /// ```
            #[inline]
            pub const fn try_new(x: f32) -> Result<Self, NormRangeError> {
                if x >= $min && x <= 1.0 {
                    Ok(Self(x + 0.0))
                } else {
                    Err(NormRangeError { value: x, min: $min })
                }
            }
        }

        normalized_from!($T, min_str = $min_str);
        normalized_traits!($T, clamp = $clamp);
    };
}

/// The conversions and the accessor of a clamping type (part of [`normalized!`]).
macro_rules! normalized_from {
    ($T:ident, min_str = $min_str:literal) => {
        impl $T {
            /// `x` converted to `f32` (round to nearest), then clamped as [`Self::new`]
            /// does (AMP's construction from `double`). The rounding happens first:
            /// a value just above 1 that rounds to 1.0 is 1.0.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("let n = ", stringify!($T), "::from_f64;")]
            /// assert_eq!(n(0.25).get(), 0.25);
            /// assert_eq!(n(f64::NAN).get().to_bits(), 0);
            /// assert_eq!(n(-0.0).get().to_bits(), 0);
            /// assert_eq!(n(1e300).get(), 1.0);
            #[doc = concat!("assert_eq!(n(f64::NEG_INFINITY).get(), ", $min_str, ");")]
            /// assert_eq!(n(1e-300).get().to_bits(), 0); // underflows to +0 in f32
            /// ```
            #[inline]
            #[must_use]
            // Rounding to f32 before clamping is the specified (AMP) behaviour.
            #[allow(clippy::cast_possible_truncation)]
            pub const fn from_f64(x: f64) -> Self {
                Self::new(x as f32)
            }

            /// `x` converted to `f32`, then clamped (AMP's construction from `int`).
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::from_i32(5), ", stringify!($T), "::MAX);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::from_i32(0), ", stringify!($T), "::ZERO);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::from_i32(i32::MIN), ", stringify!($T), "::MIN);")]
            /// ```
            #[inline]
            #[must_use]
            // Large integers round to f32 first, then clamp: the AMP rule.
            #[allow(clippy::cast_precision_loss)]
            pub const fn from_i32(x: i32) -> Self {
                Self::new(x as f32)
            }

            /// `x` converted to `f32`, then clamped (AMP's construction from `unsigned`).
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::from_u32(1), ", stringify!($T), "::MAX);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::from_u32(u32::MAX), ", stringify!($T), "::MAX);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::from_u32(0), ", stringify!($T), "::ZERO);")]
            /// ```
            #[inline]
            #[must_use]
            #[allow(clippy::cast_precision_loss)]
            pub const fn from_u32(x: u32) -> Self {
                Self::new(x as f32)
            }

            #[doc = concat!("The value: an `f32` in [", $min_str, ", 1], never NaN, never −0.")]
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::new(0.5).get(), 0.5);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::new(-0.0).get().to_bits(), 0);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::new(f32::NAN).get(), 0.0);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn get(self) -> f32 {
                self.0
            }
        }
    };
}

normalized!(
    Norm,
    clamp = clamp_signed,
    min = -1.0,
    min_str = "-1.0",
    below = "-1.5"
);
normalized!(
    Unorm,
    clamp = clamp_unit,
    min = 0.0,
    min_str = "0.0",
    below = "-5.3"
);

clamped_ops!(Norm, Unorm => Norm);
clamped_ops!(Unorm, Norm => Norm);
clamped_assign_ops!(Norm, Unorm);

/// Exact negation; never needs a clamp (−0 is normalized to +0).
///
/// ```
/// use normkey::Norm;
/// assert_eq!(-Norm::MAX, Norm::MIN);
/// assert_eq!((-Norm::ZERO).get().to_bits(), 0); // +0, not −0
/// ```
impl Neg for Norm {
    type Output = Norm;
    #[inline]
    fn neg(self) -> Norm {
        Norm(-self.0 + 0.0)
    }
}

/// Promotes to `f32` and negates, as AMP does: `-Unorm::ZERO` is −0.0.
///
/// ```
/// use normkey::Unorm;
/// let f: f32 = -Unorm::new(0.8);
/// assert_eq!(f, -0.8);
/// assert_eq!((-Unorm::ZERO).to_bits(), (-0.0_f32).to_bits());
/// ```
impl Neg for Unorm {
    type Output = f32;
    #[inline]
    fn neg(self) -> f32 {
        -self.0
    }
}

/// Lossless: every `Unorm` is a `Norm` (AMP's implicit `unorm → norm`).
///
/// ```
/// use normkey::{Norm, Unorm};
/// assert_eq!(Norm::from(Unorm::new(0.25)), Norm::new(0.25));
/// assert_eq!(Norm::from(Unorm::MIN), Norm::ZERO);
/// ```
impl From<Unorm> for Norm {
    #[inline]
    fn from(x: Unorm) -> Norm {
        Norm(x.0)
    }
}

impl Unorm {
    /// `x` clamped to [0, 1]: negatives become +0 (AMP's explicit `norm → unorm`).
    ///
    /// ```
    /// use normkey::{Norm, Unorm};
    /// assert_eq!(Unorm::from_norm(Norm::new(-0.5)), Unorm::ZERO);
    /// assert_eq!(Unorm::from_norm(Norm::MAX), Unorm::MAX);
    /// assert_eq!(Unorm::from_norm(Norm::new(0.25)).get(), 0.25);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_norm(x: Norm) -> Unorm {
        Unorm::new(x.0)
    }

    /// The value `code / (2^BITS − 1)` of a `BITS`-bit UNORM code (an ADC reading, a
    /// channel of a packed pixel; 1 ≤ `BITS` ≤ 16), correctly rounded, as
    /// [`unorm_to_f32_checked`](crate::storage::unorm_to_f32_checked) decodes it;
    /// `None` when `code` has a bit set above the low `BITS` (no silent masking).
    /// The decoded value is already in [0, 1] and never NaN or −0, so it is stored
    /// as it is, without clamping again: on targets without an FPU the whole
    /// constructor is integer operations.
    ///
    /// ```
    /// use normkey::Unorm;
    /// assert_eq!(Unorm::from_code::<12>(4095), Some(Unorm::MAX));
    /// assert_eq!(Unorm::from_code::<12>(0), Some(Unorm::ZERO)); // +0.0
    /// assert_eq!(Unorm::from_code::<12>(2048).unwrap().get(), 2048.0 / 4095.0);
    /// assert_eq!(Unorm::from_code::<12>(4096), None); // 13 bits
    /// assert_eq!(Unorm::from_code::<1>(1), Some(Unorm::MAX));
    /// ```
    ///
    /// A width outside 1..=16 does not compile:
    ///
    /// ```compile_fail
    /// let _ = normkey::Unorm::from_code::<17>(0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_code<const BITS: u32>(code: u16) -> Option<Unorm> {
        match crate::scalar::unorm_to_f32_checked::<BITS>(code) {
            // In [0, 1], never NaN or −0: the invariant holds without a clamp.
            Some(x) => Some(Unorm(x)),
            None => None,
        }
    }

    /// [`from_code`](Self::from_code) of the low `BITS` bits of `word`, ignoring the
    /// bits above them (an ADC data register whose top bits hold flags or are
    /// undefined): `from_code::<BITS>(word & (2^BITS − 1))`, never `None`.
    ///
    /// ```
    /// use normkey::Unorm;
    /// let status = 0b1011_0000_0000_0000_u16; // flags in bits 12..16
    /// assert_eq!(Unorm::from_code_masked::<12>(status | 4095), Unorm::MAX);
    /// assert_eq!(Unorm::from_code_masked::<12>(status | 2048), Unorm::from_code::<12>(2048).unwrap());
    /// assert_eq!(Unorm::from_code_masked::<12>(status).get().to_bits(), 0); // +0.0
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_code_masked<const BITS: u32>(word: u16) -> Unorm {
        // `unorm_to_f32` ignores the bits above `BITS`; its value is in [0, 1].
        Unorm(crate::scalar::unorm_to_f32::<BITS>(word))
    }

    /// The `BITS`-bit UNORM code of `self` (1 ≤ `BITS` ≤ 16): the code nearest to
    /// `self · (2^BITS − 1)`, the only tie, 0.5, rounding up, as
    /// [`unorm_from_f32`](crate::storage::unorm_from_f32) encodes it. The inverse
    /// of [`from_code`](Self::from_code): `from_code::<BITS>(c).unwrap().to_code::<BITS>()`
    /// is `c` for every code of every width (tested on all of them). A `Unorm` is
    /// never NaN or −0 and already in [0, 1], so nothing else can happen.
    ///
    /// ```
    /// use normkey::Unorm;
    /// let u = Unorm::from_code::<12>(2048).unwrap();
    /// assert_eq!(u.to_code::<12>(), 2048);
    /// assert_eq!(u.to_code::<8>(), 128); // re-quantized to another width
    /// assert_eq!(Unorm::new(0.5).to_code::<1>(), 1); // the tie rounds up
    /// assert_eq!(Unorm::MAX.to_code::<16>(), u16::MAX);
    /// assert_eq!(Unorm::new(1e-45).to_code::<16>(), 0); // subnormal
    /// ```
    ///
    /// A width outside 1..=16 does not compile:
    ///
    /// ```compile_fail
    /// let _ = normkey::Unorm::MAX.to_code::<0>();
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_code<const BITS: u32>(self) -> u16 {
        crate::scalar::unorm_from_f32::<BITS>(self.0)
    }
}

impl Norm {
    /// The value `code / (2^(BITS−1) − 1)` of a `BITS`-bit SNORM code (a signed ADC
    /// reading, a channel of a packed normal; 2 ≤ `BITS` ≤ 16), correctly rounded,
    /// as [`snorm_to_f32`](crate::storage::snorm_to_f32) decodes it; the most
    /// negative code, `−2^(BITS−1)`, gives −1 as the other one does (the D3D and
    /// Vulkan rule). `None` when `code` is not a `BITS`-bit two's complement number
    /// (outside `−2^(BITS−1) ..= 2^(BITS−1) − 1`: no silent masking). Code 0 gives
    /// +0; never NaN.
    ///
    /// ```
    /// use normkey::Norm;
    /// assert_eq!(Norm::from_code::<10>(511), Some(Norm::MAX));
    /// assert_eq!(Norm::from_code::<10>(-511), Some(Norm::MIN));
    /// assert_eq!(Norm::from_code::<10>(-512), Some(Norm::MIN)); // the most negative code
    /// assert_eq!(Norm::from_code::<10>(256).unwrap().get(), 256.0 / 511.0);
    /// assert_eq!(Norm::from_code::<10>(0).unwrap().get().to_bits(), 0); // +0.0
    /// assert_eq!(Norm::from_code::<10>(512), None); // 11 bits
    /// assert_eq!(Norm::from_code::<10>(-513), None);
    /// ```
    ///
    /// A width outside 2..=16 does not compile:
    ///
    /// ```compile_fail
    /// let _ = normkey::Norm::from_code::<1>(0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_code<const BITS: u32>(code: i16) -> Option<Norm> {
        // `snorm_to_f32` checks the width at compile time, so `16 - BITS` is in 0..=14.
        let x = crate::scalar::snorm_to_f32::<BITS>(code);
        let shift = 16 - BITS;
        // The code fits iff sign-extending its low `BITS` bits gives it back.
        if (code << shift) >> shift == code {
            // In [−1, 1], never NaN or −0: the invariant holds without a clamp.
            Some(Norm(x))
        } else {
            None
        }
    }

    /// [`from_code`](Self::from_code) of the low `BITS` bits of `word` read as a
    /// `BITS`-bit two's complement number, ignoring the bits above them (an ADC
    /// data register whose top bits hold flags or are undefined); never `None`.
    ///
    /// ```
    /// use normkey::Norm;
    /// let flags = 0xf000_u16; // bits 12..16
    /// assert_eq!(Norm::from_code_masked::<12>(flags | 0x7ff), Norm::MAX); // 2047
    /// assert_eq!(Norm::from_code_masked::<12>(flags | 0x801), Norm::MIN); // −2047
    /// assert_eq!(Norm::from_code_masked::<12>(0x0800), Norm::MIN); // −2048
    /// assert_eq!(Norm::from_code_masked::<12>(flags).get().to_bits(), 0); // +0.0
    /// ```
    #[inline]
    #[must_use]
    // The word's bits, read as the `i16` that `snorm_to_f32` sign-extends from bit `BITS − 1`.
    #[allow(clippy::cast_possible_wrap)]
    pub const fn from_code_masked<const BITS: u32>(word: u16) -> Norm {
        Norm(crate::scalar::snorm_to_f32::<BITS>(word as i16))
    }

    /// The `BITS`-bit SNORM code of `self` (2 ≤ `BITS` ≤ 16): the code nearest to
    /// `self · (2^(BITS−1) − 1)`, the only ties, ±0.5, rounding away from zero,
    /// as [`snorm_from_f32`](crate::storage::snorm_from_f32) encodes it; never the
    /// most negative code. The inverse of [`from_code`](Self::from_code) on every
    /// code but that one (whose −1 gives `−(2^(BITS−1) − 1)`), tested on every code
    /// of every width. A `Norm` is never NaN or −0 and already in [−1, 1].
    ///
    /// ```
    /// use normkey::Norm;
    /// assert_eq!(Norm::from_code::<10>(-256).unwrap().to_code::<10>(), -256);
    /// assert_eq!(Norm::from_code::<10>(-512).unwrap().to_code::<10>(), -511);
    /// assert_eq!(Norm::new(-0.5).to_code::<2>(), -1); // the tie rounds away from 0
    /// assert_eq!(Norm::new(-0.0).to_code::<16>(), 0);
    /// assert_eq!(Norm::MAX.to_code::<16>(), i16::MAX);
    /// ```
    ///
    /// ```compile_fail
    /// let _ = normkey::Norm::MAX.to_code::<17>();
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_code<const BITS: u32>(self) -> i16 {
        crate::scalar::snorm_from_f32::<BITS>(self.0)
    }
}
