//! [`Method`]: `NumPy`'s quantile methods by name, and each one's virtual index
//! as integers (`index`, read by `pick.rs`); the formulas are in the
//! [module docs](super#the-methods).

/// How to compute a quantile: the methods of `numpy.quantile`, by their `NumPy`
/// names (the [module docs](super#the-methods) give each formula). The results
/// are correctly rounded, which is not always `NumPy`'s `float64` result (one
/// ulp apart in [many cases](super#where-the-results-differ-from-numpys));
/// [`Quantiles`](super::Quantiles) with [`Rounding::NumPy`](super::Rounding::NumPy)
/// gives `NumPy`'s bits.
///
/// ```
/// use normkey::sort::{Method, Nans, quantile};
///
/// let v = [1.0_f64, 2.0, 3.0, 4.0];
/// assert_eq!(quantile(&v, 0.5, Method::Linear, Nans::Skip), Ok(2.5));
/// assert_eq!(quantile(&v, 0.5, Method::Lower, Nans::Skip), Ok(2.0));
/// assert_eq!(quantile(&v, 0.5, Method::InvertedCdf, Nans::Skip), Ok(2.0));
/// assert_eq!(quantile(&v, 0.5, Method::Hazen, Nans::Skip), Ok(2.5));
/// assert_eq!(Method::NormalUnbiased.numpy_name(), "normal_unbiased");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Method {
    /// `linear` (H&F 7), `NumPy`'s default: interpolate at `h = (n − 1)p`.
    #[default]
    Linear,
    /// `lower`: `x[⌊(n − 1)p⌋]`.
    Lower,
    /// `higher`: `x[⌈(n − 1)p⌉]`.
    Higher,
    /// `nearest`: `x[round((n − 1)p)]`, a tie to the even index.
    Nearest,
    /// `midpoint`: the mean of `x[⌊(n − 1)p⌋]` and `x[⌈(n − 1)p⌉]`.
    Midpoint,
    /// `inverted_cdf` (H&F 1).
    InvertedCdf,
    /// `averaged_inverted_cdf` (H&F 2).
    AveragedInvertedCdf,
    /// `closest_observation` (H&F 3).
    ClosestObservation,
    /// `interpolated_inverted_cdf` (H&F 4): interpolate at `h = np − 1`.
    InterpolatedInvertedCdf,
    /// `hazen` (H&F 5): interpolate at `h = np − 1/2`.
    Hazen,
    /// `weibull` (H&F 6): interpolate at `h = (n + 1)p − 1`.
    Weibull,
    /// `median_unbiased` (H&F 8): interpolate at `h = (n + 1/3)p − 2/3`.
    MedianUnbiased,
    /// `normal_unbiased` (H&F 9): interpolate at `h = (n + 1/4)p − 5/8`.
    NormalUnbiased,
}

impl Method {
    /// Every method, in the order of the [module docs](super#the-methods).
    pub const ALL: [Self; 13] = [
        Self::Linear,
        Self::Lower,
        Self::Higher,
        Self::Nearest,
        Self::Midpoint,
        Self::InvertedCdf,
        Self::AveragedInvertedCdf,
        Self::ClosestObservation,
        Self::InterpolatedInvertedCdf,
        Self::Hazen,
        Self::Weibull,
        Self::MedianUnbiased,
        Self::NormalUnbiased,
    ];

    /// The name `numpy.quantile`'s `method` argument takes.
    #[must_use]
    pub const fn numpy_name(self) -> &'static str {
        match self {
            Self::Linear => "linear",
            Self::Lower => "lower",
            Self::Higher => "higher",
            Self::Nearest => "nearest",
            Self::Midpoint => "midpoint",
            Self::InvertedCdf => "inverted_cdf",
            Self::AveragedInvertedCdf => "averaged_inverted_cdf",
            Self::ClosestObservation => "closest_observation",
            Self::InterpolatedInvertedCdf => "interpolated_inverted_cdf",
            Self::Hazen => "hazen",
            Self::Weibull => "weibull",
            Self::MedianUnbiased => "median_unbiased",
            Self::NormalUnbiased => "normal_unbiased",
        }
    }

    /// `h · d = p · (a · n + b) + c`: the virtual index as `(a, b, c, d)`.
    pub(super) const fn index(self) -> (u128, i128, i128, i128) {
        match self {
            Self::Linear | Self::Lower | Self::Higher | Self::Nearest | Self::Midpoint => {
                (1, -1, 0, 1)
            }
            Self::InvertedCdf | Self::AveragedInvertedCdf | Self::InterpolatedInvertedCdf => {
                (1, 0, -1, 1)
            }
            Self::ClosestObservation => (2, 0, -3, 2),
            Self::Hazen => (2, 0, -1, 2),
            Self::Weibull => (1, 1, -1, 1),
            Self::MedianUnbiased => (3, 1, -2, 3),
            Self::NormalUnbiased => (8, 2, -5, 8),
        }
    }
}
