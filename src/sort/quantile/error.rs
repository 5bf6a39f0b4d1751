//! [`QuantileError`], and the check of the probabilities that gives it.

use core::fmt;

/// A bad argument of a quantile function.
///
/// ```
/// use normkey::sort::{Method, Nans, QuantileError, quantiles_with_buffer};
///
/// let mut out = [0.0_f32; 2];
/// let e = quantiles_with_buffer(&[1.0_f32], &[0.5, 1.5], &mut out, Method::Linear, Nans::Skip);
/// assert_eq!(e, Err(QuantileError::Probability { index: 1, value: 1.5 }));
/// assert_eq!(e.unwrap_err().to_string(), "probs[1] is 1.5: a probability must be in [0, 1]");
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum QuantileError {
    /// `probs[index]` is `value`, NaN or outside `[0, 1]`.
    Probability {
        /// Its index in `probs`.
        index: usize,
        /// The probability.
        value: f64,
    },
}

impl fmt::Display for QuantileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Probability { index, value } => {
                write!(
                    f,
                    "probs[{index}] is {value}: a probability must be in [0, 1]"
                )
            }
        }
    }
}

impl core::error::Error for QuantileError {}

/// The first probability that is NaN or outside `[0, 1]`.
pub(super) fn check(probs: &[f64]) -> Result<(), QuantileError> {
    match probs.iter().position(|p| !(0.0..=1.0).contains(p)) {
        Some(index) => Err(QuantileError::Probability {
            index,
            value: probs[index],
        }),
        None => Ok(()),
    }
}
