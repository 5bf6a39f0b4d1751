//! The check that `tests/mpirun.rs` runs under `mpirun` (or by hand:
//! `mpirun -n 4 target/debug/allreduce`): every rank makes the same values
//! for each case (`values.rs`), takes its contiguous share (uneven: rank `r`
//! of `p` gets `[n·r²/p², n·(r+1)²/p²)`, so the first ranks get few or
//! none), sums it in an `ExactSum`, and merges the sums with
//! `all_reduce_exact_sum` (and `all_reduce_sum`). Each rank compares the
//! result with `normkey::sum::sum` of all the values, bit for bit, and prints
//! one line per case and type (`f64`, `f32`; with feature `half`, `f16` and
//! `bf16` too):
//!
//! ```text
//! rank 2 of 4: cancel f64 0x40c3880e4c6b2f5c count 100003 ok
//! ```
//!
//! (`MISMATCH` instead of `ok`, and a non-zero exit, where they differ).

use std::fmt::Write as _;
use std::process::ExitCode;

use mpi::traits::Communicator;
use normkey::Nans;
use normkey::sum::{ExactSum, SumFloat, sum};

mod values;

use values::{CASES, Gen, values};

/// Rank `rank` of `size`'s share of `n` values: `[n·r²/p², n·(r+1)²/p²)`.
fn share(n: usize, rank: usize, size: usize) -> std::ops::Range<usize> {
    let bound = |r: usize| {
        let b = n as u128 * (r * r) as u128 / (size * size) as u128;
        usize::try_from(b).expect("at most n")
    };
    bound(rank)..bound(rank + 1)
}

/// One case of one type on this rank: its line, and whether it matched.
fn check<F, C>(
    comm: &C,
    name: &str,
    n: usize,
    type_name: &str,
    bits: impl Fn(F) -> u64,
) -> (String, bool)
where
    F: Gen + SumFloat,
    C: Communicator,
{
    let all = values::<F>(name, n);
    let expected = sum(&all, Nans::Propagate);
    let (rank, size) = (comm.rank(), comm.size());
    let index = |i: i32| usize::try_from(i).expect("ranks are not negative");
    let mine = &all[share(n, index(rank), index(size))];

    let mut local = ExactSum::<F>::new();
    local.add_slice(mine);
    let total = normkey_mpi::all_reduce_exact_sum(comm, &local).expect("every rank sent F's words");
    let value = total.value();
    let quick = normkey_mpi::all_reduce_sum(comm, mine).expect("every rank sent F's words");

    let ok =
        bits(value) == bits(expected) && bits(quick) == bits(expected) && total.count() == n as u64;
    let line = format!(
        "rank {rank} of {size}: {name} {type_name} {:#x} count {} {}",
        bits(value),
        total.count(),
        if ok { "ok" } else { "MISMATCH" }
    );
    if !ok {
        eprintln!(
            "rank {rank} of {size}: {name} {type_name}: allreduce {:#x} (all_reduce_sum {:#x}, count {}), sequential sum {:#x} (count {n})",
            bits(value),
            bits(quick),
            total.count(),
            bits(expected)
        );
    }
    (line, ok)
}

fn main() -> ExitCode {
    let universe = mpi::initialize().expect("MPI initializes once");
    let world = universe.world();
    let mut out = String::new();
    let mut all_ok = true;
    for (name, n) in CASES {
        let (line, ok) = check::<f64, _>(&world, name, n, "f64", f64::to_bits);
        writeln!(out, "{line}").unwrap();
        all_ok &= ok;
        let (line, ok) = check::<f32, _>(&world, name, n, "f32", |x: f32| u64::from(x.to_bits()));
        writeln!(out, "{line}").unwrap();
        all_ok &= ok;
        #[cfg(feature = "half")]
        {
            let (line, ok) = check::<half::f16, _>(&world, name, n, "f16", |x: half::f16| {
                u64::from(x.to_bits())
            });
            writeln!(out, "{line}").unwrap();
            all_ok &= ok;
            let (line, ok) = check::<half::bf16, _>(&world, name, n, "bf16", |x: half::bf16| {
                u64::from(x.to_bits())
            });
            writeln!(out, "{line}").unwrap();
            all_ok &= ok;
        }
    }
    // One write per rank, so that ranks' lines do not interleave.
    print!("{out}");
    drop(universe); // MPI_Finalize
    if all_ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
