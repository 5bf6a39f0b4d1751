//! [`Quantiles`]: the quantile functions with their options in one value, and
//! [`Rounding`], the one option the free functions do not take.

use super::pick::{self, Pick};
use super::{Method, Nans, QuantileError, QuantileFloat, numpy};

/// How a quantile's arithmetic is rounded: exactly then once
/// ([`Correct`](Self::Correct), the default and what the free functions do), or
/// by `NumPy`'s own `float64` steps ([`NumPy`](Self::NumPy)), bit for bit what
/// `numpy.quantile` returns.
///
/// ```
/// use normkey::sort::{Method, Nans, Quantiles, Rounding};
///
/// // np.quantile([0.1, 0.2], 0.1) is 0.11000000000000001; 0.11 is nearer to the exact value.
/// let v = [0.1_f64, 0.2];
/// let linear = Quantiles::new(Method::Linear, Nans::Propagate);
/// assert_eq!(linear.quantile(&v, 0.1), Ok(0.11));
/// let numpy = linear.rounding(Rounding::NumPy);
/// assert_eq!(numpy.quantile(&v, 0.1), Ok(0.110_000_000_000_000_01));
/// assert_eq!(numpy.quantile(&v, 0.1).unwrap().to_bits(), 0.11_f64.to_bits() + 1); // one ulp
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Rounding {
    /// Every step exact, the result rounded once to the element type, to
    /// nearest, ties to even: the value nearest to the method's formula. The
    /// rules for ±0, ±∞ and NaN are in the [module docs](super#values).
    #[default]
    Correct,
    /// `numpy.quantile`'s (and `numpy.nanquantile`'s) own arithmetic, step by
    /// step, as `NumPy` 2.4's `numpy/lib/_function_base_impl.py` does it: the
    /// virtual index in `f64` (`(n − 1) * q`, or `n * q + (α + q * (1 − α − β)) − 1`,
    /// each operation rounded), its floor, the neighbours (both the last value
    /// above the data, both the first below it), and `_lerp`: `a + (b − a) * t`,
    /// or `b − (b − a) * (1 − t)` where `t ≥ 1/2`, each operation rounded, even
    /// where `t` is 0 or outside `[0, 1]`. The [module docs](super#numpys-bits)
    /// say what it matches, for which element type and call, and the few
    /// differences left (a NaN's bits, a zero's sign when the data holds both).
    NumPy,
}

/// The quantile functions with their options: the method, the NaN policy
/// and the [`Rounding`]. `Quantiles::new(method, nans)` gives what the free
/// functions ([`quantile`](super::quantile()), [`quantiles_with_buffer`](super::quantiles_with_buffer),
/// [`quantiles`](super::quantiles), [`par_quantiles`](super::par_quantiles))
/// give; [`rounding`](Self::rounding) selects `NumPy`'s own steps. The methods
/// have the free functions' names, arguments (less the options), errors,
/// panics, costs and stack.
///
/// ```
/// use normkey::sort::{Method, Nans, Quantiles, Rounding};
///
/// // What `np.quantile(window, [0.1, 0.9])` returns, bit for bit.
/// let numpy = Quantiles::new(Method::Linear, Nans::Propagate).rounding(Rounding::NumPy);
/// let window: Vec<f64> = (0..256).map(|i| f64::from(i * 37 % 256) * 0.01).collect();
/// let mut out = [0.0; 2];
/// numpy.quantiles_with_buffer(&window, &[0.1, 0.9], &mut out).unwrap();
/// assert_eq!(out, [0.255, 2.295]);
/// // The default, correctly rounded: the p90 is one ulp above NumPy's.
/// let correct = Quantiles::new(Method::Linear, Nans::Propagate);
/// correct.quantiles_with_buffer(&window, &[0.1, 0.9], &mut out).unwrap();
/// assert_eq!(out, [0.255, 2.295_000_000_000_000_4]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[must_use]
pub struct Quantiles {
    pub(super) method: Method,
    pub(super) nans: Nans,
    pub(super) rounding: Rounding,
}

impl Quantiles {
    /// `method`'s quantiles, NaNs treated as `nans` says, correctly rounded
    /// ([`Rounding::Correct`]).
    pub const fn new(method: Method, nans: Nans) -> Self {
        Self {
            method,
            nans,
            rounding: Rounding::Correct,
        }
    }

    /// The same quantiles rounded as `rounding` says.
    pub const fn rounding(self, rounding: Rounding) -> Self {
        Self { rounding, ..self }
    }

    /// What the probability `p` asks of `n ≥ 1` ordered values.
    pub(super) fn pick(self, n: usize, p: f64) -> Pick {
        match self.rounding {
            Rounding::Correct => pick::pick(self.method, n, p),
            Rounding::NumPy => numpy::pick(self.method, n, p),
        }
    }

    /// One quantile of `v`: [`quantile`](super::quantile()) with these options.
    ///
    /// # Errors
    ///
    /// [`QuantileError::Probability`] when `p` is NaN or outside `[0, 1]`.
    pub fn quantile<F: QuantileFloat>(self, v: &[F], p: f64) -> Result<F, QuantileError> {
        let mut out = [F::canonical_nan()];
        super::with_buffer(v, &[p], &mut out, self)?;
        Ok(out[0])
    }

    /// The quantiles of `v` at `probs` into `out`:
    /// [`quantiles_with_buffer`](super::quantiles_with_buffer) with these
    /// options.
    ///
    /// # Errors
    ///
    /// [`QuantileError::Probability`] for the first probability that is NaN or
    /// outside `[0, 1]`; `out` is then unchanged.
    ///
    /// # Panics
    ///
    /// When `probs.len() != out.len()`, at the caller's line.
    #[track_caller]
    pub fn quantiles_with_buffer<F: QuantileFloat>(
        self,
        v: &[F],
        probs: &[f64],
        out: &mut [F],
    ) -> Result<(), QuantileError> {
        super::with_buffer(v, probs, out, self)
    }

    /// The quantiles of `v` at `probs`, in a new vector:
    /// [`quantiles`](super::quantiles) with these options.
    ///
    /// # Errors
    ///
    /// [`QuantileError::Probability`] for the first probability that is NaN or
    /// outside `[0, 1]`.
    #[cfg(feature = "alloc")]
    pub fn quantiles<F: QuantileFloat>(
        self,
        v: &[F],
        probs: &[f64],
    ) -> Result<alloc::vec::Vec<F>, QuantileError> {
        let mut out = alloc::vec![F::canonical_nan(); probs.len()];
        super::with_buffer(v, probs, &mut out, self)?;
        Ok(out)
    }

    /// [`quantiles`](Self::quantiles) on rayon's thread pool:
    /// [`par_quantiles`](super::par_quantiles) with these options.
    ///
    /// # Errors
    ///
    /// [`QuantileError::Probability`] for the first probability that is NaN or
    /// outside `[0, 1]`.
    #[cfg(feature = "rayon")]
    pub fn par_quantiles<F: QuantileFloat + Send + Sync>(
        self,
        v: &[F],
        probs: &[f64],
    ) -> Result<alloc::vec::Vec<F>, QuantileError> {
        super::par(v, probs, self)
    }
}
