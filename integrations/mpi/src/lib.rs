//! Exact float sums across MPI processes on the built-in `MPI_SUM`: the
//! correctly rounded sum of every value on every rank, the same bits on every
//! rank and for any number of processes and any split of the values.
//!
//! [`normkey::sum::ExactSum`] writes its state as a fixed array of `i64` words
//! ([`ExactSum::to_words`]: 20 for `f32` and `bf16`, 77 for `f64`, 13 for
//! `f16`) whose **elementwise integer sum is the merge** of the states. So an
//! `MPI_Allreduce` with `MPI_SUM` on `MPI_INT64_T` merges exact sums, with no
//! user-defined operator (and none of its cost or its libffi dependency in
//! rsmpi): [`all_reduce_exact_sum`] is that call and [`ExactSum::from_words`].
//!
//! ```no_run
//! use mpi::traits::Communicator;
//! use normkey::sum::ExactSum;
//!
//! let universe = mpi::initialize().expect("MPI is initialized once");
//! let world = universe.world();
//! // Each rank's share of the values, here made up from the rank.
//! let r = f64::from(world.rank());
//! let mine = [1e16 * (r + 1.0), 0.5, -1e16 * (r + 1.0), r];
//!
//! let mut local = ExactSum::<f64>::new();
//! local.add_slice(&mine);
//! let total = normkey_mpi::all_reduce_exact_sum(&world, &local).expect("every rank sent f64 words");
//! // The correctly rounded sum of all ranks' values, bit for bit the same on
//! // every rank: 0.5 · size + 0 + 1 + … + (size − 1).
//! let n = f64::from(world.size());
//! assert_eq!(total.value(), 0.5 * n + n * (n - 1.0) / 2.0);
//! assert_eq!(total.count(), 4 * world.size() as u64);
//!
//! // Or the sum in one call.
//! let sum = normkey_mpi::all_reduce_sum(&world, &mine).unwrap();
//! assert_eq!(sum.to_bits(), total.value().to_bits());
//! ```
//!
//! Built with `cargo build`, run with `mpirun -n 4 target/debug/my-program`.
//!
//! # What the result is
//!
//! The result is [`ExactSum::merge`] of every rank's state, bit for bit: its
//! [`value`](ExactSum::value) is the exact sum of every value added on any
//! rank, rounded once to nearest (ties to even), so it is the same as
//! [`normkey::sum::sum`] of all the values in one place, on every rank, for
//! every number of processes and every way of splitting the values among them
//! (empty shares included). Integer addition is exact and associative, so the
//! MPI library's reduction order and algorithm (tree, ring, recursive
//! doubling) cannot change it either; a float `MPI_SUM` on `MPI_DOUBLE` can
//! change with all of them.
//!
//! NaN, ±∞ and −0 are `ExactSum`'s rules ([`normkey::sum`]'s float
//! semantics), across ranks: a NaN on any rank gives NaN (the canonical
//! positive quiet NaN, whatever the NaN's bits; [`ExactSum::add_slice`]
//! propagates NaNs, so leave them out of `local` for a nansum); +∞ on one rank
//! and −∞ on another give NaN; +∞ alone gives +∞; a finite sum beyond the
//! range rounds to ±∞ once; an exact zero is −0 only when every value on every
//! rank is −0 (at least one), so ranks with no values sum to +0.
//!
//! # Limits
//!
//! The words of at most 2^31 states may be added before they are read back
//! (`normkey::sum::WORDS_VERSION`'s format): every word of one state is below
//! 2^32 in magnitude, so 2^31 of them stay below 2^63. An MPI communicator's
//! size is a C `int`, at most 2^31 − 1 processes, so one allreduce is always
//! within the limit. Each rank's state holds up to `u64::MAX` values; past that
//! in total the count saturates and the value is NaN, never a wrong number.
//!
//! Every rank of the communicator must call with the same float type `F` (and
//! so the same number of words): MPI requires matching counts in a collective,
//! and words of another type or format version that still arrive are rejected
//! by [`ExactSum::from_words`], as the [`WordsError`]. Every rank should run
//! the same version of normkey (the words' format is versioned; version 1
//! today).
//!
//! # Cost
//!
//! One `MPI_Allreduce` of the type's words: 160 bytes for `f32`, 616 for
//! `f64` (77 words), against 8 for one `f64` summed with `MPI_SUM`; on one
//! machine with shared memory, a few microseconds (the crate's README has the
//! measurement, from `examples/allreduce_cost.rs`).

#![forbid(unsafe_code)]

// The README's Rust blocks, built (not run: they need `mpirun`) as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

use mpi::collective::SystemOperation;
use mpi::traits::CommunicatorCollectives;
use normkey::sum::{ExactSum, SumFloat, WordsError};

/// The normkey this crate is built on (the `ExactSum` it takes and returns).
pub use normkey;

/// The rsmpi this crate is built on (the communicators it takes).
pub use mpi;

/// The merge of every rank's `local` state: one `MPI_Allreduce` with the
/// built-in `MPI_SUM` over `local`'s words ([`ExactSum::to_words`]), read back
/// with [`ExactSum::from_words`]. Collective: every rank of `comm` calls it,
/// with the same `F`.
///
/// The result is bit for bit the same on every rank and for every number of
/// processes and split of the values (see [the crate docs](crate#what-the-result-is)):
/// its [`value`](ExactSum::value) is [`normkey::sum::sum`] of all the values.
///
/// # Errors
///
/// [`WordsError`] where the words that came back are not a sum of valid
/// states of `F`: another rank sent another float type's words (that MPI did
/// not reject) or a different format version. Never where every rank sent
/// `F`'s words of the same normkey.
///
/// ```no_run
/// use normkey::sum::ExactSum;
///
/// let universe = mpi::initialize().unwrap();
/// let world = universe.world();
/// let mut local = ExactSum::<f32>::new();
/// local.add_slice(&[0.1, 0.2, 0.3]);
/// let total = normkey_mpi::all_reduce_exact_sum(&world, &local).unwrap();
/// println!("{} values, sum {}, mean {}", total.count(), total.value(), total.mean());
/// ```
pub fn all_reduce_exact_sum<F, C>(comm: &C, local: &ExactSum<F>) -> Result<ExactSum<F>, WordsError>
where
    F: SumFloat,
    C: CommunicatorCollectives,
{
    let words = local.to_words();
    let mut total = words;
    comm.all_reduce_into(words.as_ref(), total.as_mut(), SystemOperation::sum());
    ExactSum::from_words(total.as_ref())
}

/// The exact sum of every rank's `xs`, rounded once: [`all_reduce_exact_sum`]
/// of each rank's [`ExactSum::add_slice`] of `xs`, read with
/// [`ExactSum::value`]. A NaN on any rank gives NaN. Collective: every rank of
/// `comm` calls it, with the same `F`.
///
/// # Errors
///
/// As [`all_reduce_exact_sum`]'s.
///
/// ```no_run
/// let universe = mpi::initialize().unwrap();
/// let world = universe.world();
/// let sum = normkey_mpi::all_reduce_sum(&world, &[1e300_f64, 1.0, -1e300]).unwrap();
/// assert_eq!(sum, f64::from(mpi::traits::Communicator::size(&world))); // the 1.0s
/// ```
pub fn all_reduce_sum<F, C>(comm: &C, xs: &[F]) -> Result<F, WordsError>
where
    F: SumFloat,
    C: CommunicatorCollectives,
{
    let mut local = ExactSum::new();
    local.add_slice(xs);
    Ok(all_reduce_exact_sum(comm, &local)?.value())
}
