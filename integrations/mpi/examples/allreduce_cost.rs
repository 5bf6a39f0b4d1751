//! What the exact sum's allreduce costs against a float `MPI_SUM`, per call:
//!
//! ```text
//! cargo build --release --example allreduce_cost
//! mpirun -n 4 target/release/examples/allreduce_cost [samples] [calls per sample]
//! ```
//!
//! Rows: `all_reduce_exact_sum` (`to_words`, one `MPI_Allreduce` of the
//! words, `from_words`) for `f64` and `f32`; the words' `MPI_Allreduce`
//! alone; and `MPI_SUM` of one `f64` and of as many `f64`s as `f64`'s words
//! (the same bytes). Each sample times `calls` calls on rank 0 after a
//! barrier; rank 0 prints the median of the samples, per call.

use std::hint::black_box;
use std::time::Instant;

use mpi::collective::SystemOperation;
use mpi::traits::{Communicator, CommunicatorCollectives};
use normkey::sum::ExactSum;
use normkey_mpi::all_reduce_exact_sum;

/// The median over `samples` samples of the time per call of `f`, in
/// nanoseconds, `calls` calls a sample.
fn median_ns<C: CommunicatorCollectives>(
    comm: &C,
    samples: usize,
    calls: u32,
    mut f: impl FnMut(),
) -> f64 {
    for _ in 0..calls {
        f(); // warm up
    }
    let mut t: Vec<f64> = (0..samples)
        .map(|_| {
            comm.barrier();
            let start = Instant::now();
            for _ in 0..calls {
                f();
            }
            start.elapsed().as_secs_f64() * 1e9 / f64::from(calls)
        })
        .collect();
    t.sort_by(f64::total_cmp);
    t[samples / 2]
}

fn main() {
    let universe = mpi::initialize().expect("MPI initializes once");
    let world = universe.world();
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u32>().expect("a number"));
    let samples = args.next().map_or(201, |s| s as usize);
    let calls = args.next().unwrap_or(200);
    let r = f64::from(world.rank());

    let mut s64 = ExactSum::<f64>::new();
    s64.add_slice(&[1e300 * (r + 1.0), 0.1 + r, -1e300 * (r + 1.0), 1e-300]);
    let mut s32 = ExactSum::<f32>::new();
    s32.add_slice(&[3e38, 0.1, -3e38, 1e-40]);
    let words = s64.to_words();
    let mut total = words;
    let floats = [0.1 + r; 77];
    let mut float_total = [0.0_f64; 77];
    let mut one = 0.0_f64;

    let rows: [(&str, usize, f64); 5] = [
        (
            "all_reduce_exact_sum f64",
            size_of_val(&words),
            median_ns(&world, samples, calls, || {
                black_box(all_reduce_exact_sum(&world, black_box(&s64)).unwrap());
            }),
        ),
        (
            "all_reduce_exact_sum f32",
            size_of_val(&s32.to_words()),
            median_ns(&world, samples, calls, || {
                black_box(all_reduce_exact_sum(&world, black_box(&s32)).unwrap());
            }),
        ),
        (
            "MPI_SUM of f64's 77 words",
            size_of_val(&words),
            median_ns(&world, samples, calls, || {
                world.all_reduce_into(&words[..], &mut total[..], SystemOperation::sum());
                black_box(&total);
            }),
        ),
        (
            "MPI_SUM of 77 f64s",
            size_of_val(&floats),
            median_ns(&world, samples, calls, || {
                world.all_reduce_into(&floats[..], &mut float_total[..], SystemOperation::sum());
                black_box(&float_total);
            }),
        ),
        (
            "MPI_SUM of one f64",
            size_of::<f64>(),
            median_ns(&world, samples, calls, || {
                world.all_reduce_into(&(0.1 + r), &mut one, SystemOperation::sum());
                black_box(one);
            }),
        ),
    ];
    if world.rank() == 0 {
        let base = rows[4].2;
        println!(
            "{} processes, median of {samples} samples of {calls} calls, rank 0's time per call",
            world.size()
        );
        println!("| allreduce | bytes per rank | ns per call | vs one f64 |");
        println!("|---|---:|---:|---:|");
        for (name, bytes, ns) in rows {
            println!("| {name} | {bytes} | {ns:.0} | {:.2}x |", ns / base);
        }
    }
}
