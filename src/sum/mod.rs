//! Exact sums: correctly rounded, order-independent sums, means and dot products
//! of floats, sequential ([`sum`], [`mean`], [`dot`]), on rayon's pool
//! ([`par_sum`], [`par_mean`], [`par_dot`], feature `rayon`), in an accumulator
//! ([`ExactSum`]: add, add slices, merge, read), and on integer atomics
//! ([`AtomicExactSum`](crate::atomic::AtomicExactSum)).
//!
//! Every result is the exact mathematical sum (or mean, or dot product) of the
//! values, rounded once to nearest, ties to even: the same bits for every order
//! of the values, every split into pieces, every thread count and schedule.
//! `f32` data summed in order is typically off in its last few digits and the
//! error grows with the length; a parallel float sum also changes from run to run.
//!
//! # Float semantics
//!
//! | input | result |
//! |---|---|
//! | any NaN ([`Nans::Propagate`](crate::Nans)) | NaN: always the positive quiet NaN with no payload (`F::NAN`), whatever the NaNs' signs and payloads; [`Nans::Skip`](crate::Nans) leaves NaNs out (and out of a mean's count) |
//! | +∞ and −∞ | NaN (the same NaN) |
//! | +∞ (no −∞) / −∞ (no +∞) | +∞ / −∞ |
//! | a finite sum beyond the range | ±∞ where the exact sum rounds to `2^(emax + 1)` or beyond: one rounding, as IEEE 754's `+` of two values |
//! | an exact zero | −0 when every value is −0 (at least one); +0 otherwise, so the empty sum is +0 and `x + (−x)` is +0 |
//! | subnormals | exact, as inputs and as results |
//! | a nonzero exact result that rounds to zero (a mean, or a dot product of `f64`s, below half the smallest subnormal) | ±0 with the exact value's sign, as IEEE 754's rounding keeps it |
//! | the empty mean | NaN |
//! | a dot product | each product is exact (the sign of a zero product is the XOR of the signs; `∞ · 0` is NaN, even with `Nans::Skip`, which skips pairs with a NaN factor), then summed as above |
//!
//! # How
//!
//! Every finite value of a format is an integer multiple of its smallest
//! subnormal (`2^−149` for `f32`, `2^−1074` for `f64`), so a sum is a signed
//! integer: 277 bits for any `f32`, 2,098 for any `f64`, plus 64 bits for up to
//! 2^64 of them. The accumulator holds that integer in limbs of 32-bit digits,
//! each an `i64` with room above its digit (`wide.rs`): an addition touches
//! one limb (an `f32`) to three (a 64-bit number), and a limb that leaves
//! `[−2^62, 2^62)` passes `2^63` on as a carry to the next, by additions only. The slice loop (`kernel.rs`) does
//! less per value: it adds each value's signed significand into a counter per
//! exponent (the binning of Neal's `xsum` and of `ExBLAS`) and folds the counters into the limbs
//! once per block. The value is rounded from the integer once
//! (`wide::round`); the mean divides the integer by the count first (the
//! remainder decides ties), so it is rounded once too.
//!
//! # Capacity
//!
//! The limbs hold the sum of `2^64 − 1` values of the largest magnitude without
//! overflow, and the count is a `u64`. Past `u64::MAX` values (reachable only
//! through [`ExactSum::merge`] of large counts), [`ExactSum::count`] saturates
//! and every value and mean is NaN: never a wrong number. At one addition per
//! nanosecond, 2^64 additions take 584 years.
//!
//! # Memory
//!
//! No allocation. [`ExactSum`] is 104 bytes for `f32` and 560 for `f64` (on 64-bit
//! targets). The slice loop keeps on the stack four sets of exponent counters (8 KiB
//! for `f32` and `bf16`, 64 KiB for `f64`, 1 KiB for `f16`) and 4 KiB of grid
//! remainders ([`sum`], [`mean`], [`ExactSum::add_slice`]); [`dot`] sums its
//! products in `f64`, so it keeps `f64`'s counters (64 KiB) for every type, 4 KiB of
//! remainders, 4 KiB of products (8 KiB for `f64`) and the limbs (0.5 KiB; 1 KiB for
//! `f64`).

pub(crate) mod accumulator;
pub(crate) mod float;
mod fused;
pub(crate) mod kernel;
#[cfg(feature = "rayon")]
mod parallel;
mod products;
mod slice;
pub(crate) mod wide;
mod words;

pub use accumulator::ExactSum;
pub use float::SumFloat;
#[cfg(feature = "rayon")]
pub use parallel::{par_dot, par_mean, par_sum};
pub use slice::{dot, mean, sum};
pub use words::{WORDS_VERSION, WordsError};
