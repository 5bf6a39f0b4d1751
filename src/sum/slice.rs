//! The slice functions: [`sum`], [`mean`], [`dot`], thin forms of the
//! accumulators ([`ExactSum`], [`ExactDot`]).

// Bit fields of float encodings and limbs: the casts take low bits or
// reinterpret two's complement on purpose, and the short names are the
// standard's (sign, exponent, significand).
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names
)]

use crate::nans::Nans;
use crate::sum::accumulator::{ExactSum, NAN, seen_flags};
use crate::sum::exact_dot::ExactDot;
use crate::sum::float::SumFloat;
use crate::sum::float::sealed::Float;

impl<F: SumFloat> ExactSum<F> {
    /// Adds `x`, a NaN as `nans` says: [`Nans::Propagate`] as
    /// [`add`](Self::add) (counted, and every value and mean is NaN from then
    /// on), [`Nans::Skip`] leaves it out (not counted, so a
    /// [`mean`](Self::mean) is of the other values: `numpy.nanmean`). Other
    /// values as `add`.
    ///
    /// ```
    /// use normkey::Nans;
    /// use normkey::sum::ExactSum;
    ///
    /// let mut s = ExactSum::new();
    /// for x in [-0.0_f32, -f32::NAN, -0.0, f32::from_bits(0x7f80_0001)] {
    ///     s.add_with(x, Nans::Skip); // the NaNs (any sign, any payload) left out
    /// }
    /// assert_eq!(s.count(), 2);
    /// assert_eq!(s.value().to_bits(), (-0.0_f32).to_bits()); // only −0s added
    /// s.add_with(1e-45, Nans::Skip); // the smallest subnormal
    /// s.add_with(f32::INFINITY, Nans::Skip);
    /// assert_eq!(s.mean(), f32::INFINITY);
    /// s.add_with(f32::NAN, Nans::Propagate);
    /// assert_eq!(s.mean().to_bits(), f32::NAN.to_bits()); // the canonical NaN
    /// assert_eq!(s.count(), 5);
    /// ```
    #[inline]
    pub fn add_with(&mut self, x: F, nans: Nans) {
        if matches!(nans, Nans::Skip) && is_nan(x) {
            return;
        }
        self.add(x);
    }

    /// Adds every value of `xs`, NaNs as `nans` says (as
    /// [`add_with`](Self::add_with) of each, as fast as
    /// [`add_slice`](Self::add_slice)): the state of [`sum`]`(xs, nans)` and
    /// [`mean`]`(xs, nans)`, so a mean of pieces added with [`Nans::Skip`] is
    /// bit for bit `mean(xs, Nans::Skip)` of the whole.
    ///
    /// Stack: as [`add_slice`](Self::add_slice)'s.
    ///
    /// ```
    /// use normkey::Nans;
    /// use normkey::sum::{ExactSum, mean};
    ///
    /// let v = [1.0_f64, f64::NAN, 2.0, -f64::NAN, 4.0];
    /// let mut s = ExactSum::new();
    /// s.add_slice_with(&v[..2], Nans::Skip);
    /// s.add_slice_with(&v[2..], Nans::Skip);
    /// assert_eq!(s.count(), 3);
    /// assert_eq!(s.mean(), 7.0 / 3.0);
    /// assert_eq!(s.mean().to_bits(), mean(&v, Nans::Skip).to_bits());
    /// let mut only_nans = ExactSum::new();
    /// only_nans.add_slice_with(&[f64::NAN], Nans::Skip);
    /// assert_eq!(only_nans.value().to_bits(), 0); // a sum of nothing: +0
    /// assert!(only_nans.mean().is_nan()); // a mean of nothing
    /// ```
    pub fn add_slice_with(&mut self, xs: &[F], nans: Nans) {
        let seen = self.add_slice_seen(xs);
        let mut flags = seen_flags(&seen);
        let mut n = xs.len() as u64;
        if let Nans::Skip = nans {
            flags &= !NAN;
            n -= seen.nans;
        }
        self.count_values(n);
        self.set_flags(flags);
    }
}

/// Whether `x` is a NaN (any sign, any payload).
#[inline]
fn is_nan<F: Float>(x: F) -> bool {
    let f = F::FORMAT;
    let b = F::to_bits_u64(x) & !f.sign_bit();
    b > f.infinity(false)
}

/// The exact sum of `xs`, rounded once to nearest, ties to even: the same bits
/// for every order of `xs` (and the same as [`par_sum`](crate::sum::par_sum)).
///
/// NaN: [`Nans::Propagate`] gives the canonical positive quiet NaN if `xs` holds
/// any NaN (whatever its sign and payload); [`Nans::Skip`] leaves NaNs out (a
/// nansum). +∞ and −∞ together give NaN; one of them gives itself. A finite sum
/// beyond the range rounds to ±∞ as one rounding would; an exact zero is −0 only
/// when every (non-NaN) value is −0, so the empty sum is +0. Subnormals are exact.
///
/// Stack: at most 2.8 KiB on `thumbv7em-none-eabihf` (the values one at a
/// time); x86-64: 70.7 KiB for `f64`, 13.6 KiB for `f32` and `bf16`, 5.9 KiB
/// for `f16` (the slice loop's counters; [measured](crate::sum#stack)).
///
/// ```
/// use normkey::Nans;
/// use normkey::sum::sum;
///
/// let v = [1e308_f64, 1e308, -1e308, 1e-300];
/// assert_eq!(sum(&v, Nans::Propagate), 1e308); // the exact 1e308 + 1e-300, rounded
/// assert_eq!(v.iter().sum::<f64>(), f64::INFINITY); // in order, the first + overflows
///
/// let w = [0.1_f32, f32::NAN, 0.2, -f32::NAN];
/// assert_eq!(sum(&w, Nans::Skip), 0.3); // the exact 0.30000000447…, rounded once
/// assert_eq!(sum(&w, Nans::Propagate).to_bits(), f32::NAN.to_bits());
/// assert_eq!(sum(&[-0.0_f32, -0.0], Nans::Propagate).to_bits(), (-0.0_f32).to_bits());
/// assert_eq!(sum::<f32>(&[], Nans::Propagate).to_bits(), 0);
/// ```
#[must_use]
pub fn sum<F: SumFloat>(xs: &[F], nans: Nans) -> F {
    let mut s = ExactSum::new();
    s.add_slice_with(xs, nans);
    s.value()
}

/// The exact sum of `xs` divided by their number, rounded once (to nearest, ties
/// to even): never an overflow on the way, and the same bits for every order.
///
/// NaN as [`sum`]; [`Nans::Skip`] divides by the number of values that are not
/// NaN. No values (or only NaNs skipped): NaN, the canonical positive quiet NaN.
/// ±∞ as the sum. A mean of zero is −0 when every value is −0.
///
/// Stack: as [`sum`]'s.
///
/// ```
/// use normkey::Nans;
/// use normkey::sum::mean;
///
/// assert_eq!(mean(&[f32::MAX, f32::MAX], Nans::Propagate), f32::MAX);
/// assert_eq!(mean(&[1.0_f64, 2.0, f64::NAN], Nans::Skip), 1.5);
/// assert!(mean::<f64>(&[], Nans::Propagate).is_nan());
/// // Subnormals are exact: the mean of the two smallest subnormal steps is a tie, to even.
/// assert_eq!(mean(&[0.0_f64, 5e-324], Nans::Propagate), 0.0);
/// assert_eq!(mean(&[5e-324_f64, 1e-323], Nans::Propagate), 1e-323);
/// // A nonzero exact mean that rounds to zero keeps its sign.
/// assert_eq!(mean(&[-5e-324_f64, 0.0], Nans::Propagate).to_bits(), (-0.0_f64).to_bits());
/// ```
#[must_use]
pub fn mean<F: SumFloat>(xs: &[F], nans: Nans) -> F {
    let mut s = ExactSum::new();
    s.add_slice_with(xs, nans);
    s.mean()
}

/// The exact dot product `Σ a[i] · b[i]`, rounded once (to nearest, ties to even):
/// every product is exact (`f32`, `f16`, `bf16`: in `f64`; `f64`: as a 106-bit
/// integer product, so nothing underflows), and their sum is exact.
///
/// NaN: a product with a NaN factor is NaN, and so is `±∞ · 0`; [`Nans::Propagate`]
/// gives the canonical positive quiet NaN if any product is NaN, [`Nans::Skip`]
/// leaves out the pairs with a NaN factor (`∞ · 0` still gives NaN). ±∞ and the
/// zeros as [`sum`] of the products (a product's sign is the XOR of the signs).
///
/// Stack: at most 3.2 KiB on `thumbv7em-none-eabihf` (the products one at a
/// time); x86-64: 81.1 KiB for `f64`, 75.2 KiB for the others (the slice loop's
/// counters and blocks of products; [measured](crate::sum#stack)).
///
/// # Panics
///
/// If `a` and `b` differ in length.
///
/// ```
/// use normkey::Nans;
/// use normkey::sum::dot;
///
/// let a = [1e20_f64, 1.0, -1e20];
/// let b = [1.0, 1.0, 1.0];
/// assert_eq!(dot(&a, &b, Nans::Propagate), 1.0);
/// assert_eq!(a.iter().zip(&b).map(|(x, y)| x * y).sum::<f64>(), 0.0);
/// // A product below f64's smallest subnormal still counts.
/// assert_eq!(dot(&[1e-200_f64, 1.0], &[1e-200, -5e-324], Nans::Propagate), -5e-324);
/// assert!(dot(&[f32::INFINITY], &[0.0], Nans::Skip).is_nan());
/// ```
#[must_use]
#[track_caller]
pub fn dot<F: SumFloat>(a: &[F], b: &[F], nans: Nans) -> F {
    assert_eq!(a.len(), b.len(), "dot: the slices differ in length");
    let mut d = ExactDot::new();
    d.add_slices_with(a, b, nans);
    d.value()
}
