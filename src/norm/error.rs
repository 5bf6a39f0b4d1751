//! [`NormRangeError`], the error of `try_new`.

use core::fmt;

/// The error of [`Norm::try_new`](super::Norm::try_new) and [`Unorm::try_new`](super::Unorm::try_new): the input was NaN or
/// outside the type's range.
///
/// ```
/// use normkey::{Norm, Unorm};
///
/// let e = Unorm::try_new(1.5).unwrap_err();
/// assert_eq!(e.value(), 1.5);
/// assert_eq!(e.to_string(), "1.5 is outside the range [0, 1]");
/// assert!(Norm::try_new(f32::NAN).unwrap_err().value().is_nan());
/// assert_eq!(Norm::try_new(f32::NAN).unwrap_err().to_string(), "NaN is not a normalized value");
/// assert_eq!(Norm::try_new(f32::NEG_INFINITY).unwrap_err().to_string(), "-inf is outside the range [-1, 1]");
/// let _: &dyn core::error::Error = &e;
/// ```
///
/// # Equality
///
/// Two errors are equal when they come from the same type and hold the same input
/// bit for bit, so `Eq` is reflexive even for the NaN error, and −0 ≠ +0:
///
/// ```
/// use normkey::{Norm, Unorm};
/// let nan = Norm::try_new(f32::NAN).unwrap_err();
/// assert_eq!(nan, nan);
/// assert_ne!(nan, Norm::try_new(-f32::NAN).unwrap_err());
/// assert_ne!(Norm::try_new(2.0).unwrap_err(), Unorm::try_new(2.0).unwrap_err());
/// ```
#[derive(Clone, Copy, Debug)]
pub struct NormRangeError {
    pub(super) value: f32,
    pub(super) min: f32,
}

impl NormRangeError {
    /// The rejected input, bit for bit (a NaN keeps its sign and payload).
    ///
    /// ```
    /// use normkey::Norm;
    /// assert_eq!(Norm::try_new(-2.0).unwrap_err().value(), -2.0);
    /// assert_eq!(Norm::try_new(-f32::NAN).unwrap_err().value().to_bits(), (-f32::NAN).to_bits());
    /// ```
    #[inline]
    #[must_use]
    pub const fn value(self) -> f32 {
        self.value
    }
}

impl fmt::Display for NormRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.value.is_nan() {
            f.write_str("NaN is not a normalized value")
        } else {
            write!(f, "{} is outside the range [{}, 1]", self.value, self.min)
        }
    }
}

impl core::error::Error for NormRangeError {}

impl PartialEq for NormRangeError {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.value.to_bits() == other.value.to_bits() && self.min.to_bits() == other.min.to_bits()
    }
}

impl Eq for NormRangeError {}

impl core::hash::Hash for NormRangeError {
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.value.to_bits(), self.min.to_bits()).hash(state);
    }
}
