//! Quantiles of float data by `NumPy`'s methods, correctly rounded (or by
//! `NumPy`'s own `float64` steps: [`Rounding::NumPy`]), read-only.
//!
//! A call selects the order statistics every probability needs by radix
//! selection: a first pass whose digit is taken from a sample of
//! the slice (the bits that vary, so that skewed data splits well), shared by
//! every probability and counting the NaNs; later passes that count the next
//! digit under every open prefix at once; and, once few records are left, one
//! read that gathers them on the stack and sorts them. It interpolates each
//! result exactly: the method's formula evaluated on integers (the probability
//! as the binary fraction it is, the two neighbours as the binary numbers they
//! are) and rounded once to the element type, to nearest, ties to even. Three
//! reads of the slice usually answer up to four probabilities, for `f32` and
//! `f64` alike; nothing is allocated, and the counters live on the stack:
//! 3.0 KiB on 256 `f32` on `thumbv7em-none-eabihf`, 18 KiB at most on any slice
//! (the [table](super#stack)).
//!
//! # The methods
//!
//! `n` is the number of values (NaNs skipped), `x[0] ≤ … ≤ x[n − 1]` the values
//! in order, `p` the probability. A method either picks one `x[i]` or
//! interpolates `x[j] + g · (x[j + 1] − x[j])` at a virtual index `h = j + g`
//! (`j = ⌊h⌋`); `h < 0` gives `x[0]` and `h ≥ n − 1` gives `x[n − 1]`. These are
//! `NumPy`'s definitions (`numpy/lib/_function_base_impl.py`, `_QuantileMethods`,
//! `NumPy` 2.4), evaluated exactly where `NumPy` evaluates them in `float64`:
//!
//! | [`Method`] | `NumPy` name | H&F | result |
//! |---|---|---|---|
//! | `Linear` | `linear` (default) | 7 | interpolate at `h = (n − 1)p` |
//! | `Lower` | `lower` | — | `x[⌊(n − 1)p⌋]` |
//! | `Higher` | `higher` | — | `x[⌈(n − 1)p⌉]` |
//! | `Nearest` | `nearest` | — | `x[round((n − 1)p)]`, a tie to the even index (`numpy.around`) |
//! | `Midpoint` | `midpoint` | — | `x[(n − 1)p]` when that is an integer, else the mean of `x[⌊(n − 1)p⌋]` and the next |
//! | `InvertedCdf` | `inverted_cdf` | 1 | `h = np − 1`: `x[h]` when `h` is an integer, else `x[⌊h⌋ + 1]` (at least `x[0]`) |
//! | `AveragedInvertedCdf` | `averaged_inverted_cdf` | 2 | `h = np − 1`: the mean of `x[h]` and `x[h + 1]` when `h` is an integer, else `x[⌊h⌋ + 1]` |
//! | `ClosestObservation` | `closest_observation` | 3 | `h = np − 3/2`: `x[h]` when `h` is an odd integer, else `x[⌊h⌋ + 1]` (at least `x[0]`) |
//! | `InterpolatedInvertedCdf` | `interpolated_inverted_cdf` | 4 | interpolate at `h = np − 1` |
//! | `Hazen` | `hazen` | 5 | interpolate at `h = np − 1/2` |
//! | `Weibull` | `weibull` | 6 | interpolate at `h = (n + 1)p − 1` |
//! | `MedianUnbiased` | `median_unbiased` | 8 | interpolate at `h = (n + 1/3)p − 2/3` |
//! | `NormalUnbiased` | `normal_unbiased` | 9 | interpolate at `h = (n + 1/4)p − 5/8` |
//!
//! # Where the results differ from `NumPy`'s
//!
//! `NumPy` computes `h` and the interpolation in `float64`: `(n − 1) * p`, then
//! `a + (b − a) * g` (or `b − (b − a) * (1 − g)` when `g ≥ 1/2`), each step
//! rounded. Here every step is exact and the result is rounded once, so:
//! - interpolated results can differ in the last place, most often when `b − a`
//!   is not exact in `float64` (neighbours of different exponents or signs) or
//!   `g` has many bits; `f32` data is interpolated exactly too, not in `f64`;
//! - `h` itself can differ: `(n − 1) * p` rounds in `float64` when `p` has many
//!   significant bits, which moves `NumPy` across an integer (`lower`, `higher`,
//!   `nearest`, `midpoint`, `inverted_cdf`, `closest_observation` then pick the
//!   neighbour) — for instance `p` one ulp below a knot `i / (n − 1)`;
//! - ±∞ neighbours: `NumPy`'s arithmetic gives NaN for `∞ − ∞` and `∞ · 0`. Here a
//!   weight of zero gives the neighbour it selects (`x[j]` at `g = 0`, even if
//!   `x[j + 1]` is infinite), an interpolation with one infinite neighbour gives
//!   that infinity (the limit of the formula), and only `−∞` to `+∞` with
//!   `0 < g < 1` gives NaN (the formula has no value): the canonical positive
//!   quiet NaN. `NumPy` gives NaN for `[−∞, 1]` at `p = 0.25` and `−∞` at `p = 0.75`;
//!   here both are `−∞`.
//!
//! On windows of 256 normal samples, about 40% of `NumPy`'s `linear` p10 and p90
//! are not the correctly rounded value, 3% of its medians, none of its p25 and
//! p75 (uniform samples: 26%, none, none; `NumPy` 2.4.6 against the exact
//! reference of `tools/quantile-cases`, 400 windows each). Where the two
//! differ, the value here is the nearer to the method's formula: for instance
//! `np.quantile([0.1, 0.2], 0.1)` is `0.11000000000000001`, one ulp above the
//! `0.11` here.
//!
//! # `NumPy`'s bits
//!
//! [`Quantiles`] with [`Rounding::NumPy`] gives what `numpy.quantile`
//! (`Nans::Propagate`) and `numpy.nanquantile` (`Nans::Skip`) return, bit for
//! bit, by `NumPy`'s own steps, ±∞ and zeros included (checked on 20,163
//! recorded answers, `tests/quantile_numpy.rs`):
//!
//! ```
//! use normkey::sort::{Method, Nans, Quantiles, Rounding};
//!
//! let linear = Quantiles::new(Method::Linear, Nans::Propagate);
//! let numpy = linear.rounding(Rounding::NumPy);
//! assert_eq!(linear.quantile(&[0.1_f64, 0.2], 0.1), Ok(0.11));
//! assert_eq!(numpy.quantile(&[0.1_f64, 0.2], 0.1), Ok(0.110_000_000_000_000_01));
//! assert!(numpy.quantile(&[1.0, f64::INFINITY], 1.0).unwrap().is_nan()); // ∞ − ∞
//! ```
//!
//! - `f64` data: `np.quantile(x, q)` on `float64`, `q` a Python `float` or
//!   `float64`s; `np.percentile(x, P)` is `np.quantile(x, P / 100)` with the
//!   division in `float64`: pass `P / 100.0`.
//! - `f32` data: `np.quantile(x, q)` on `float32` with `q` a Python `float`:
//!   the index in `float64`, the interpolation in `float32` (`q` cast to it). An
//!   array `q` (or a `np.float64`) makes `NumPy` interpolate in `float64` and
//!   return `float64`: give it `f64` data for that, but its `b − a` is then not
//!   rounded to `float32`; a `np.float32` `q` computes the index in `float32`.
//! - `f16`: as `f32`, in `float16` (`NumPy`'s and `half`'s: each operation in
//!   `f32`, rounded once); `bf16` (no `NumPy` type, not checked) likewise in
//!   `bf16`.
//! - NaN results are the canonical one (`NumPy` returns one of the input's NaNs,
//!   or the CPU's default NaN for `∞ − ∞`); no values gives NaN (`NumPy` raises
//!   on an empty array); a zero result can have the other sign when the data
//!   holds both zeros (`NumPy`'s `partition` puts equal zeros in either order;
//!   here `−0` sorts first).
//!
//! # Values
//!
//! - **Order**: by value, and `−0` before `+0` (IEEE totalOrder among the
//!   numbers), so that a rank's zero does not depend on where it sits in the
//!   input; `NumPy`'s `partition` returns either. An interpolation whose exact
//!   value is zero gives `+0` (IEEE's sum of opposite zeros); one between two
//!   `−0` gives `−0` (the neighbours are returned as they are when equal).
//! - **Subnormals**: ordinary values; a result rounds to a subnormal or to a
//!   zero of the exact value's sign like any IEEE operation.
//! - **Picked values** (`Lower`, `Nearest`, the neighbours when `g = 0`, …) are
//!   returned bit for bit.
//! - **NaN**: [`Nans::Skip`] ignores every NaN (whatever its sign and payload);
//!   [`Nans::Propagate`] makes every result NaN when the data holds one (as
//!   `numpy.quantile`; `Skip` is `numpy.nanquantile`). Every NaN this module
//!   returns — propagated, no values at all, or `−∞` to `+∞` — is the canonical
//!   positive quiet NaN (`F::NAN`: sign clear, quiet bit set, no payload).
//!   The sign and payload of the input's NaNs are not kept.

use super::engine::joint;
use super::engine::joint::reads::{InOrder, Reads};
use super::engine::radix::Radix;
use super::engine::ranged::Ranged;
use super::engine::select::{self, Digits, Narrow, Narrowed, Wide};
use super::keys::SortKey;

mod error;
mod exact;
mod method;
mod numpy;
mod options;
mod pick;

pub use crate::nans::Nans;
pub use error::QuantileError;
use error::check;
pub use method::Method;
pub use options::{Quantiles, Rounding};
use pick::{Frac, Pick};

pub(crate) mod sealed {
    /// What the quantiles need of a float: its format, and exact conversions
    /// through `f64` (which holds every value of every supported type).
    pub trait Float: super::SortKey {
        /// Significant bits, the hidden one included.
        const PRECISION: u32;
        /// The exponent of the smallest subnormal.
        const MIN_EXP: i32;
        /// The value as an `f64`, exactly.
        fn exact_f64(self) -> f64;
        /// The value of `x`, which must be representable.
        fn from_exact_f64(x: f64) -> Self;
        /// Whether `self` is a NaN.
        fn is_any_nan(self) -> bool;
        /// The canonical positive quiet NaN.
        fn canonical_nan() -> Self;
        /// `NumPy`'s `_lerp(a, b, t)` in this type's arithmetic, `t` rounded
        /// to the type first (`NumPy`'s cast of a Python float): `a + (b − a)·t`,
        /// or `b − (b − a)·(1 − t)` where `t ≥ 1/2` (`1 − t` in `f64`, then
        /// rounded).
        fn numpy_lerp(a: Self, b: Self, t: f64) -> Self;
    }
}

/// The element types of the quantile functions: `f32`, `f64`, and with feature
/// `half` `half::f16` and `half::bf16`. Sealed.
///
/// ```
/// use normkey::sort::{Method, Nans, quantile};
///
/// assert_eq!(quantile(&[1.0_f64, 2.0], 0.5, Method::Linear, Nans::Skip), Ok(1.5));
/// ```
pub trait QuantileFloat: sealed::Float {}

/// The per-type constants; the algorithm is generic.
macro_rules! quantile_float {
    ($($(#[$cfg:meta])* $f:ty, $precision:expr, $min_exp:expr, $from:expr, $round:expr;)*) => {$(
        $(#[$cfg])*
        impl sealed::Float for $f {
            const PRECISION: u32 = $precision;
            const MIN_EXP: i32 = $min_exp;
            #[inline]
            fn exact_f64(self) -> f64 {
                self.into()
            }
            #[inline]
            fn from_exact_f64(x: f64) -> Self {
                $from(x)
            }
            #[inline]
            fn is_any_nan(self) -> bool {
                <$f>::is_nan(self)
            }
            #[inline]
            fn canonical_nan() -> Self {
                <$f>::NAN
            }
            #[inline]
            fn numpy_lerp(a: Self, b: Self, t: f64) -> Self {
                let diff = b - a;
                if t >= 0.5 {
                    b - diff * $round(1.0 - t)
                } else {
                    a + diff * $round(t)
                }
            }
        }
        $(#[$cfg])*
        impl QuantileFloat for $f {}
    )*};
}
// `as f32` of a value `f32` holds is exact.
#[allow(clippy::cast_possible_truncation)]
const fn f32_from_f64(x: f64) -> f32 {
    x as f32
}
// `as f32`: to nearest, ties to even, as `NumPy` casts a Python float.
#[allow(clippy::cast_possible_truncation)]
const fn f32_round(x: f64) -> f32 {
    x as f32
}
// The last column rounds `f64` to the type, to nearest, as `NumPy`'s cast to
// `float16`; `half`'s `from_f64` goes through `f32` where the CPU converts
// (F16C), which can round twice: `numpy::to_f16`. `half`'s arithmetic is `f32`'s
// rounded once, as `NumPy`'s `float16` loops: correctly rounded for 11 and 8 bits.
quantile_float! {
    f32, 24, -149, f32_from_f64, f32_round;
    f64, 53, -1074, core::convert::identity, core::convert::identity;
    #[cfg(feature = "half")] half::f16, 11, -24, half::f16::from_f64, numpy::to_f16;
    #[cfg(feature = "half")] half::bf16, 8, -133, half::bf16::from_f64, numpy::to_bf16;
}

/// The radix the quantiles select by: totalOrder among the numbers, every NaN
/// last (on the largest radix, which no number has).
#[inline]
fn radix_of<F: QuantileFloat>(x: &F) -> F::Radix {
    if x.is_any_nan() {
        F::Radix::MAX
    } else {
        x.radix()
    }
}

/// The quantiles of `v` at `probs`, written to `out`: `out[i]` is the quantile of
/// probability `probs[i]` by `method`, NaNs treated as `nans` says. Read-only, no
/// allocation; per four probabilities, one first selection pass (which counts
/// the NaNs too, its digit chosen from 256 sampled values), then narrower
/// passes, each one read of `v` for the order statistics of every probability
/// together, until at most 512 records are left (32 on slices of at most 512
/// values), which one more read gathers and sorts: usually three reads in all,
/// for `f32` and `f64`.
///
/// Stack: 3.0 KiB on 256 `f32` on `thumbv7em-none-eabihf` (`f64`: 3.2 KiB;
/// x86-64: 1.9 and 2.1 KiB), 18 KiB at most on any slice
/// ([measured](super#stack)).
///
/// Results are correctly rounded; NaN, ±0, ±∞ and the differences from `NumPy`
/// are in the [module docs](self#values); [`Quantiles`] with
/// [`Rounding::NumPy`] gives `NumPy`'s bits.
///
/// # Errors
///
/// [`QuantileError::Probability`] for the first probability that is NaN or
/// outside `[0, 1]`; `out` is then unchanged.
///
/// # Panics
///
/// When `probs.len() != out.len()`, at the caller's line, with both lengths:
/// "`sort::quantiles_with_buffer`: `probs.len()` (2) != `out.len()` (1)".
///
/// ```
/// use normkey::sort::{Method, Nans, quantiles_with_buffer};
///
/// let v = [f32::NAN, 1.0, 0.1, f32::NEG_INFINITY, -0.0, 0.0, 2.0];
/// let mut out = [0.0; 4];
/// quantiles_with_buffer(&v, &[0.0, 0.25, 0.5, 1.0], &mut out, Method::Linear, Nans::Skip).unwrap();
/// assert_eq!(out[0], f32::NEG_INFINITY);
/// assert_eq!(out[1].to_bits(), 0); // h = 1.25, between −0 and +0: an exact 0 is +0
/// assert_eq!(out[2], 0.05); // h = 2.5: halfway from 0 to 0.1
/// assert_eq!(out[3], 2.0);
/// ```
#[track_caller]
pub fn quantiles_with_buffer<F: QuantileFloat>(
    v: &[F],
    probs: &[f64],
    out: &mut [F],
    method: Method,
    nans: Nans,
) -> Result<(), QuantileError> {
    Quantiles::new(method, nans).quantiles_with_buffer(v, probs, out)
}

/// [`quantiles_with_buffer`] by `spec`.
#[track_caller]
fn with_buffer<F: QuantileFloat>(
    v: &[F],
    probs: &[f64],
    out: &mut [F],
    spec: Quantiles,
) -> Result<(), QuantileError> {
    assert!(
        probs.len() == out.len(),
        "`sort::quantiles_with_buffer`: `probs.len()` ({}) != `out.len()` ({}): one output per probability",
        probs.len(),
        out.len()
    );
    check(probs)?;
    if select::wide(v.len()) {
        quantiles_in::<Wide, F>(v, probs, out, spec);
    } else {
        quantiles_in::<Narrow, F>(v, probs, out, spec);
    }
    Ok(())
}

/// [`quantiles_with_buffer`] with the digits `D`, after the checks: per batch
/// of [`BATCH`] probabilities, one first pass (the first batch's counts the NaNs
/// too), then the batch's narrower passes. The first pass's counts are not kept
/// across a batch (its 8 KiB and the joint passes' 16 KiB would sit on the stack
/// together): more than four probabilities cost one more read per batch.
fn quantiles_in<D: Digits, F: QuantileFloat>(
    v: &[F],
    probs: &[f64],
    out: &mut [F],
    spec: Quantiles,
) {
    let ranged = Ranged::sample::<D, F>(v, &mut radix_of::<F>);
    let mut values = None;
    for (ps, os) in probs.chunks(BATCH).zip(out.chunks_mut(BATCH)) {
        let mut picks = [Pick::At(0); BATCH];
        let mut states = [None; 2 * BATCH];
        let Some(n) = first_states::<D, F>(v, &ranged, values, ps, spec, &mut picks, &mut states)
        else {
            out.fill(F::canonical_nan());
            return;
        };
        values = Some(n);
        let mut reads = InOrder {
            v,
            radix: radix_of::<F>,
        };
        finish_batch::<D, F>(v, &picks, &mut states, &mut reads, os);
    }
}

/// One first pass of `v` by `ranged`'s digit: the number of values (from
/// `values`, or counted here), and the picks and states of the probabilities
/// `ps` after the pass; `None` when every result is NaN (no values, or NaNs
/// that `nans` propagates). Not inlined: the counts leave the stack before the
/// narrower passes.
#[inline(never)]
#[allow(clippy::too_many_arguments)] // the pass's input, and the batch's outputs
fn first_states<D: Digits, F: QuantileFloat>(
    v: &[F],
    ranged: &Ranged<F::Radix>,
    values: Option<usize>,
    ps: &[f64],
    spec: Quantiles,
    picks: &mut [Pick; BATCH],
    states: &mut [Option<Narrowed<F::Radix>>; 2 * BATCH],
) -> Option<usize> {
    let mut first = D::ZEROS;
    ranged.count::<D, F>(v, &mut radix_of::<F>, &mut first);
    let values = values.unwrap_or_else(|| v.len() - Ranged::<F::Radix>::largest::<D>(&first));
    if values == 0 || (values < v.len() && spec.nans == Nans::Propagate) {
        return None;
    }
    states_from::<D, F>(ranged, &first, values, v.len(), ps, spec, picks, states);
    Some(values)
}

/// Probabilities whose order statistics (two each at most) are narrowed
/// together, sharing each read of the slice.
const BATCH: usize = 4;

/// The picks of the probabilities `ps` (of `values` numbers among `n`) and the
/// states of their order statistics, narrowed by the first pass `first`.
#[allow(clippy::too_many_arguments)] // the pass, and the batch's outputs
fn states_from<D: Digits, F: QuantileFloat>(
    ranged: &Ranged<F::Radix>,
    first: &D::Counts,
    values: usize,
    n: usize,
    ps: &[f64],
    spec: Quantiles,
    picks: &mut [Pick; BATCH],
    states: &mut [Option<Narrowed<F::Radix>>; 2 * BATCH],
) {
    for ((&p, slot), st) in ps.iter().zip(picks).zip(states.chunks_mut(2)) {
        *slot = spec.pick(values, p);
        let (a, b) = match *slot {
            Pick::At(i) => (i, None),
            Pick::Lerp(j, _) => (j, Some(j + 1)),
            Pick::Steps(j, k, _) => (j, (k != j).then_some(k)),
        };
        st[0] = ranged.narrow::<D>(a, n, first);
        st[1] = b.and_then(|b| ranged.narrow::<D>(b, n, first));
    }
}

/// The narrower passes of one batch (its `states` after the first pass, the
/// reads of `v` by `reads`), and its results into `os`.
fn finish_batch<D: Digits, F: QuantileFloat>(
    v: &[F],
    picks: &[Pick; BATCH],
    states: &mut [Option<Narrowed<F::Radix>>; 2 * BATCH],
    reads: &mut impl Reads<D, F::Radix>,
    os: &mut [F],
) {
    joint::narrow_joint::<D, F::Radix>(states, reads, true);
    // The ranks are below the number of values: the states hold them.
    let x = |s: Option<Narrowed<F::Radix>>| {
        s.and_then(|s| {
            select::finish::<D, F, F::Radix>(v, s, &mut radix_of::<F>, Some(F::from_radix))
        })
        .unwrap_or_else(F::canonical_nan)
    };
    for ((o, &pk), st) in os.iter_mut().zip(picks).zip(states.chunks(2)) {
        *o = match pk {
            Pick::At(_) => x(st[0]),
            Pick::Lerp(_, g) => interpolate(x(st[0]), x(st[1]), g),
            Pick::Steps(lo, hi, weight) => {
                let low = x(st[0]);
                let high = if hi == lo { low } else { x(st[1]) };
                let r = F::numpy_lerp(low, high, weight);
                if r.is_any_nan() {
                    F::canonical_nan()
                } else {
                    r
                }
            }
        };
    }
}

/// One quantile of `v`: [`quantiles_with_buffer`] with one probability (and
/// its stack).
///
/// # Errors
///
/// [`QuantileError::Probability`] when `p` is NaN or outside `[0, 1]`.
///
/// ```
/// use normkey::sort::{Method, Nans, quantile};
///
/// let v = [0.0_f64, 1.0, f64::INFINITY];
/// assert_eq!(quantile(&v, 0.5, Method::Linear, Nans::Skip), Ok(1.0));
/// assert_eq!(quantile(&v, 0.75, Method::Linear, Nans::Skip), Ok(f64::INFINITY));
/// assert!(quantile(&v, f64::NAN, Method::Linear, Nans::Skip).is_err());
/// assert!(quantile(&[f64::NAN], 0.5, Method::Linear, Nans::Skip).unwrap().is_nan()); // no values
/// ```
pub fn quantile<F: QuantileFloat>(
    v: &[F],
    p: f64,
    method: Method,
    nans: Nans,
) -> Result<F, QuantileError> {
    Quantiles::new(method, nans).quantile(v, p)
}

/// The quantiles of `v` at `probs`, in a new vector: [`quantiles_with_buffer`].
///
/// # Errors
///
/// [`QuantileError::Probability`] for the first probability that is NaN or
/// outside `[0, 1]`.
///
/// ```
/// use normkey::sort::{Method, Nans, quantiles};
///
/// let v: Vec<f32> = (0..=100).map(|i| i as f32).chain([f32::NAN]).collect();
/// let q = quantiles(&v, &[0.5, 0.99, 0.999], Method::Linear, Nans::Skip).unwrap();
/// assert_eq!(q, [50.0, 99.0, 99.9]);
/// ```
#[cfg(feature = "alloc")]
pub fn quantiles<F: QuantileFloat>(
    v: &[F],
    probs: &[f64],
    method: Method,
    nans: Nans,
) -> Result<alloc::vec::Vec<F>, QuantileError> {
    Quantiles::new(method, nans).quantiles(v, probs)
}

/// [`quantiles`] on rayon's thread pool: every read of the slice (the first
/// selection pass, which counts the NaNs too, the narrower passes and the last
/// gathering read) is split over the threads in chunks. The same results.
///
/// # Errors
///
/// [`QuantileError::Probability`] for the first probability that is NaN or
/// outside `[0, 1]`.
///
/// ```
/// use normkey::sort::{Method, Nans, par_quantiles};
///
/// let v: Vec<f64> = (0..100_000).map(|i| f64::from(i % 1000)).collect();
/// assert_eq!(par_quantiles(&v, &[0.5], Method::Lower, Nans::Skip).unwrap(), [499.0]);
/// ```
#[cfg(feature = "rayon")]
pub fn par_quantiles<F: QuantileFloat + Send + Sync>(
    v: &[F],
    probs: &[f64],
    method: Method,
    nans: Nans,
) -> Result<alloc::vec::Vec<F>, QuantileError> {
    Quantiles::new(method, nans).par_quantiles(v, probs)
}

/// [`par_quantiles`] by `spec`.
#[cfg(feature = "rayon")]
fn par<F: QuantileFloat + Send + Sync>(
    v: &[F],
    probs: &[f64],
    spec: Quantiles,
) -> Result<alloc::vec::Vec<F>, QuantileError> {
    use rayon::prelude::*;
    check(probs)?;
    let mut out = alloc::vec![F::canonical_nan(); probs.len()];
    if v.len() < super::parallel::PARALLEL_MIN {
        with_buffer(v, probs, &mut out, spec)?;
        return Ok(out);
    }
    if !select::wide(v.len()) {
        // Past `u32::MAX` records: the narrow digits, on the calling thread.
        with_buffer(v, probs, &mut out, spec)?;
        return Ok(out);
    }
    let chunk = v
        .len()
        .div_ceil(4 * rayon::current_num_threads())
        .max(1 << 14);
    let ranged = Ranged::sample::<Wide, F>(v, &mut radix_of::<F>);
    let first = v
        .par_chunks(chunk)
        .map(|c| {
            let mut counts = Wide::ZEROS;
            ranged.count::<Wide, F>(c, &mut radix_of::<F>, &mut counts);
            counts
        })
        .reduce(
            || Wide::ZEROS,
            |mut a, b| {
                // The sums are counts of `v`, at most `u32::MAX` (`wide`).
                a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
                a
            },
        );
    let values = v.len() - Ranged::<F::Radix>::largest::<Wide>(&first);
    if values == 0 || (values < v.len() && spec.nans == Nans::Propagate) {
        return Ok(out);
    }
    // The first pass's counts stay (on the heap's threads, the stack is not
    // the firmware's): one first pass for every batch.
    let mut reads = joint::reads::InChunks {
        v,
        chunk,
        radix: radix_of::<F>,
    };
    for (ps, os) in probs.chunks(BATCH).zip(out.chunks_mut(BATCH)) {
        let mut picks = [Pick::At(0); BATCH];
        let mut states = [None; 2 * BATCH];
        states_from::<Wide, F>(
            &ranged,
            &first,
            values,
            v.len(),
            ps,
            spec,
            &mut picks,
            &mut states,
        );
        finish_batch::<Wide, F>(v, &picks, &mut states, &mut reads, os);
    }
    Ok(out)
}

/// `a + g · (b − a)` for `a ≤ b` (neither NaN) and `0 < g < 1`, correctly rounded;
/// the infinities and zeros as the [module docs](self#values) say.
#[allow(clippy::many_single_char_names)] // a, b, g as in the formula
fn interpolate<F: QuantileFloat>(a: F, b: F, g: Frac) -> F {
    if g.is_zero() || a.radix() == b.radix() {
        return a;
    }
    let (x, y) = (a.exact_f64(), b.exact_f64());
    if x == f64::NEG_INFINITY {
        return if y == f64::INFINITY {
            F::canonical_nan()
        } else {
            a
        };
    }
    if y == f64::INFINITY {
        return b;
    }
    F::from_exact_f64(exact::lerp(x, y, g, F::PRECISION, F::MIN_EXP))
}
