//! Exact sums: correctly rounded, order-independent sums, means and dot products
//! of floats, sequential ([`sum`], [`mean`], [`dot`]), on rayon's pool
//! ([`par_sum`], [`par_mean`], [`par_dot`], feature `rayon`), in accumulators
//! ([`ExactSum`]: add, add slices, merge, read; [`ExactDot`], the same for the
//! pairs of a dot product), and on integer atomics
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
//! targets). The slice loop (where it runs: see [Stack](#stack)) keeps on the
//! stack four sets of exponent counters (8 KiB for `f32` and `bf16`, 64 KiB for
//! `f64`, 1 KiB for `f16`) and 4 KiB of grid remainders ([`sum`], [`mean`],
//! [`ExactSum::add_slice`]); [`dot`] sums its products in `f64`, so it keeps
//! `f64`'s counters (64 KiB) for every type, 4 KiB of remainders, 4 KiB of
//! products (8 KiB for `f64`) and the limbs (0.5 KiB; 1 KiB for `f64`).
//!
//! # Stack
//!
//! The slice loop runs on 64-bit targets and WebAssembly, with an OS, where a
//! thread's stack is hundreds of KiB or more. On bare metal (`target_os =
//! "none"`), on other 16- and 32-bit targets (microcontrollers, RTOS tasks) and
//! with `RUSTFLAGS="--cfg normkey_small_stack"`, the functions add the values
//! (or products) one at a time into the limbs, as [`ExactSum::add`] does: the
//! same bits, without counters. Measured (`tools/stack-sizes/check.py`: the
//! frames LLVM records, summed along the deepest call chain, value or mean
//! read included; the same on 256 values and on any length):
//!
//! | function | `thumbv7em-none-eabihf` | x86-64 |
//! |---|---|---|
//! | [`sum`], [`mean`] | `f16` 1.4 KiB, `f32` and `bf16` 2.0 KiB, `f64` 2.8 KiB | `f16` 5.9 KiB, `f32` and `bf16` 13.6 KiB, `f64` 70.7 KiB |
//! | [`dot`] (and [`ExactDot::add_slices`], the same loop) | 2.9 KiB, `f64` 3.2 KiB | 75.2 KiB, `f64` 81.1 KiB |
//! | [`ExactSum::add_slice`] (without the value) | 0.4 KiB | `f16` 5.9 KiB, `f32` and `bf16` 13.4 KiB, `f64` 69.1 KiB |
//!
//! `.ci/run` checks the `thumbv7em-none-eabihf` column (at most 4 KiB on 256
//! values, 8 KiB on any length); `STACK_TARGET=x86_64-unknown-linux-gnu` gives
//! the x86-64 one. The rayon forms run the slice loop on rayon's threads.

/// Whether the slices go through the slice loops (`kernel.rs`, `products.rs`:
/// exponent counters and grids, tens of KiB of stack), or value by value into
/// the limbs (`accumulator::add_each`; the same bits, in little stack): the
/// loops run on 64-bit targets and WebAssembly, with an OS (thread stacks of
/// hundreds of KiB), not on bare metal (`target_os = "none"`), not on other 16-
/// and 32-bit targets (microcontrollers, RTOS tasks), and not with
/// `--cfg normkey_small_stack`.
pub(crate) const SLICE_LOOPS: bool = cfg!(all(
    any(target_pointer_width = "64", target_family = "wasm"),
    not(target_os = "none"),
    not(normkey_small_stack)
));

pub(crate) mod accumulator;
mod exact_dot;
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
pub use exact_dot::ExactDot;
pub use float::SumFloat;
#[cfg(feature = "rayon")]
pub use parallel::{par_dot, par_mean, par_sum};
pub use slice::{dot, mean, sum};
pub use words::{WORDS_VERSION, WordsError};
