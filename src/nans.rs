//! [`Nans`]: what a function over many floats does with the NaNs among them,
//! shared by the quantiles (`sort`) and the exact sums (`sum`).

/// What a function over many values does with NaNs among them: the quantiles
/// ([`sort::quantile`](crate::sort::quantile()) and its relatives) and the exact
/// sums ([`sum::sum`](crate::sum::sum), `mean`, `dot` and their `par_*` forms).
///
/// | | [`Nans::Skip`] | [`Nans::Propagate`] |
/// |---|---|---|
/// | a NaN among the values | left out (`numpy.nanquantile`, `numpy.nansum`) | every result is the canonical positive quiet NaN, whatever the input NaN's sign and payload (`numpy.quantile`, `numpy.sum`) |
/// | only NaNs, or no values | as no values: a quantile or a mean is NaN (the canonical +qNaN), a sum and a dot product +0 | NaN if there was a NaN; no values as under `Skip` |
/// | `dot` | leaves out the pairs with a NaN factor (`±∞ · 0` is still NaN) | NaN if any product is NaN |
///
/// ```
/// use normkey::Nans;
/// use normkey::sort::{Method, quantile};
/// use normkey::sum::{mean, sum};
///
/// let v = [3.0_f32, -f32::NAN, 1.0];
/// assert_eq!(quantile(&v, 0.5, Method::Linear, Nans::Skip), Ok(2.0));
/// let q = quantile(&v, 0.5, Method::Linear, Nans::Propagate).unwrap();
/// assert_eq!(q.to_bits(), f32::NAN.to_bits()); // the canonical +qNaN, not the input's −NaN
///
/// // Only NaNs, skipped: a sum of nothing is +0, a mean of nothing NaN.
/// let nans = [f64::NAN, -f64::NAN];
/// assert_eq!(sum(&nans, Nans::Skip).to_bits(), 0);
/// assert!(mean(&nans, Nans::Skip).is_nan());
/// assert!(quantile(&nans, 0.5, Method::Linear, Nans::Skip).unwrap().is_nan());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nans {
    /// Leave every NaN out (`numpy.nanquantile`, `numpy.nansum`).
    Skip,
    /// Any NaN makes the result NaN (`numpy.quantile`, `numpy.sum`).
    Propagate,
}
