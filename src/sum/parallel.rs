//! The rayon forms (feature `rayon`): each task adds a piece of the slice into an
//! accumulator of its own, and the states merge. States add exactly, so the bits
//! are the sequential function's for every thread count and split.

use rayon::prelude::*;

use crate::nans::Nans;
use crate::sum::accumulator::ExactSum;
use crate::sum::exact_dot::ExactDot;
use crate::sum::float::SumFloat;

/// Values per task: large enough that a task's fold and merge cost nothing per
/// value, small enough to share 16Mi values among many threads.
const PIECE: usize = 1 << 16;

/// The state of `xs` in pieces on rayon's pool.
fn par_state<F: SumFloat>(xs: &[F], nans: Nans) -> ExactSum<F> {
    xs.par_chunks(PIECE)
        .map(|c| {
            let mut s = ExactSum::new();
            s.add_slice_with(c, nans);
            s
        })
        .reduce(ExactSum::new, |mut a, b| {
            a.merge(&b);
            a
        })
}

/// [`sum`](crate::sum::sum) on rayon's thread pool: the same bits, whatever the
/// number of threads.
///
/// ```
/// use normkey::Nans;
/// use normkey::sum::{par_sum, sum};
///
/// let v: Vec<f32> = (0..1_000_000).map(|i| (i as f32).sin() * 1e6).collect();
/// assert_eq!(par_sum(&v, Nans::Propagate).to_bits(), sum(&v, Nans::Propagate).to_bits());
/// ```
#[must_use]
pub fn par_sum<F: SumFloat>(xs: &[F], nans: Nans) -> F {
    par_state(xs, nans).value()
}

/// [`mean`](crate::sum::mean) on rayon's thread pool: the same bits, whatever the
/// number of threads.
///
/// ```
/// use normkey::Nans;
/// use normkey::sum::{mean, par_mean};
///
/// let v: Vec<f64> = (0..1_000_000).map(|i| 1.0 / (1.0 + i as f64)).collect();
/// assert_eq!(par_mean(&v, Nans::Skip), mean(&v, Nans::Skip));
/// ```
#[must_use]
pub fn par_mean<F: SumFloat>(xs: &[F], nans: Nans) -> F {
    par_state(xs, nans).mean()
}

/// [`dot`](crate::sum::dot) on rayon's thread pool: the same bits, whatever the
/// number of threads.
///
/// # Panics
///
/// If `a` and `b` differ in length.
///
/// ```
/// use normkey::Nans;
/// use normkey::sum::{dot, par_dot};
///
/// let a: Vec<f64> = (0..100_000).map(|i| (i as f64).cos()).collect();
/// let b: Vec<f64> = (0..100_000).map(|i| (i as f64).sin()).collect();
/// assert_eq!(par_dot(&a, &b, Nans::Propagate), dot(&a, &b, Nans::Propagate));
/// ```
#[must_use]
#[track_caller]
pub fn par_dot<F: SumFloat>(a: &[F], b: &[F], nans: Nans) -> F {
    assert_eq!(a.len(), b.len(), "par_dot: the slices differ in length");
    a.par_chunks(PIECE)
        .zip(b.par_chunks(PIECE))
        .map(|(ca, cb)| {
            let mut d = ExactDot::new();
            d.add_slices_with(ca, cb, nans);
            d
        })
        .reduce(ExactDot::new, |mut x, y| {
            x.merge(&y);
            x
        })
        .value()
}
