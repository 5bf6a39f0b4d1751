//! The atomic min reducer against its peers, side by side in one run.
//!
//! `cargo bench -p normkey-bench --bench atomic`; `cargo run --release -p bench-table`
//! prints the ratios.
//!
//! * `atomic_random`: 2 threads feed uniform random values into one reducer
//!   (almost no update improves the minimum).
//! * `atomic_improving`: 2 threads feed interleaved decreasing values (most
//!   updates improve it).
//! * `atomic_slice`: `fetch_min_slice` against a single-threaded local minimum of
//!   the same data.
//!
//! The floor (`peers::FloorMin`): the same algorithm hand-written on a plain
//! `AtomicU32` (key, relaxed load, compare, integer `fetch_min` only when it
//! improves); the target is normkey within 1.1× of it. Both compile to the same
//! loop (see the x86-64 disassembly; callgrind counts 9.5 instructions per
//! element for each), so what separates their timings is mostly where the linker
//! puts each loop: on a 2-core AMD EPYC VM a second copy of the floor measured
//! 1.1–1.8× the first. Compare them with the loops aligned, and paired (normkey
//! and the floor timed in alternation, which cancels the machine's drift):
//!
//! ```text
//! CARGO_TARGET_DIR=target/aligned RUSTFLAGS="-C llvm-args=-align-loops=64" \
//!   NORMKEY_PAIRED=41 cargo bench -p normkey-bench --bench atomic
//! ```
//!
//! * `atomic_rasterizer`: 4 threads scatter 2M random points into a 512×512
//!   buffer keeping per pixel the nearest depth and the point's index:
//!   `AtomicF32ArgMin::fetch_min`, the same loop hand-written on `AtomicU64` with
//!   `OrderedKey` packing (the floor), and the two-pass route (`AtomicF32Min` for
//!   the depth, then a second pass over the points for the winner's index).
//! * `atomic_view_scatter`: 2 threads, 2^22 random `fetch_min` each into 4096
//!   slots of a `&mut [f32]` viewed with `AtomicF32::from_mut_slice`, against two
//!   floors hand-written on `AtomicU32` (the compare-exchange loop on the keys of
//!   the loaded bits; the view's own algorithm, one signed or unsigned integer min
//!   on the raw bits, without NaN handling) and
//!   `portable_atomic::AtomicF32::fetch_min`. `NORMKEY_PAIRED_VIEW=<rounds> cargo
//!   bench --bench atomic` times the view, the raw-bits floor and portable-atomic
//!   in alternation and prints the paired ratios instead.
//! * `key_argmin_f32`: `key::argmin` on 2^20 values against the iterator form
//!   (`enumerate().filter(!is_nan).min_by(total_cmp)`) and `key::min`.
//!
//! Peers (`peers/mod.rs`): `portable_atomic::AtomicF32::fetch_min` and
//! `atomic_float::AtomicF32::fetch_min` (CAS loops over `f32::min`, writing on
//! every call) and a `Mutex<f32>`.

mod peers;

use criterion::{BenchmarkId, Criterion, Throughput};
use peers::SharedMin;
use std::hint::black_box;
use std::sync::atomic::Ordering::Relaxed;
use std::sync::{Barrier, Mutex};
use std::time::{Duration, Instant};

/// Values per thread: 2^20 updates per thread and iteration.
const N: usize = 1 << 20;
/// `random` feeds a 256 KiB slice per thread 16 times, so that the loads of the
/// input come from the core's cache and the measurement is of the reducer, not of
/// memory bandwidth. (The first pass improves the minimum about ln(2^16) ≈ 11
/// times, the later ones never: "most updates do not improve" either way.)
const RANDOM_LEN: usize = 1 << 16;
const THREADS: usize = 2;

/// xorshift64*, mapped to [0, 1).
fn uniform(seed: u64, n: usize) -> Vec<f32> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            // 24 random bits: exact in f32.
            #[allow(clippy::cast_precision_loss)]
            let u = (x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 40) as f32;
            u / 16_777_216.0
        })
        .collect()
}

/// Thread `t` of `THREADS` feeds decreasing values, interleaved with the others.
fn improving(t: usize, n: usize) -> Vec<f32> {
    #[allow(clippy::cast_precision_loss)]
    (0..n).map(|i| ((n - i) * THREADS - t) as f32).collect()
}

/// Time for `THREADS` threads to feed their inputs (`N` values each, repeating the
/// input if it is shorter) into one fresh reducer, `iters` times; thread start-up
/// is excluded (a barrier starts the clock).
fn run<R: SharedMin>(inputs: &[Vec<f32>], iters: u64) -> Duration {
    let passes = N / inputs[0].len();
    let mut total = Duration::ZERO;
    for _ in 0..iters {
        let r = R::new();
        let start = Barrier::new(inputs.len() + 1);
        let elapsed = std::thread::scope(|s| {
            for values in inputs {
                let (r, start) = (&r, &start);
                s.spawn(move || {
                    start.wait();
                    for _ in 0..passes {
                        for &v in values {
                            r.min(v);
                        }
                    }
                });
            }
            // The clock starts before the barrier releases the workers: read after
            // it, a main thread descheduled on a busy machine would start it late.
            let t = Instant::now();
            start.wait();
            t
        });
        total += elapsed.elapsed();
        black_box(r.get());
    }
    total
}

fn contended(c: &mut Criterion, group: &str, inputs: &[Vec<f32>]) {
    let mut g = c.benchmark_group(group);
    g.sample_size(10);
    g.throughput(Throughput::Elements((N * THREADS) as u64));
    macro_rules! peer {
        ($t:ty) => {
            g.bench_function(BenchmarkId::from_parameter(<$t as SharedMin>::NAME), |b| {
                b.iter_custom(|iters| run::<$t>(inputs, iters));
            });
        };
    }
    peer!(normkey::AtomicF32Min);
    peer!(peers::FloorMin);
    peer!(portable_atomic::AtomicF32);
    peer!(atomic_float::AtomicF32);
    peer!(Mutex<f32>);
    g.finish();
}

/// `atomic_random`'s input: `RANDOM_LEN` uniform values per thread.
fn random_inputs() -> Vec<Vec<f32>> {
    (0..THREADS)
        .map(|t| uniform(t as u64 + 1, RANDOM_LEN))
        .collect()
}

fn random(c: &mut Criterion) {
    let inputs = random_inputs();
    contended(c, "atomic_random", &inputs);
}

fn mostly_improving(c: &mut Criterion) {
    let inputs: Vec<Vec<f32>> = (0..THREADS).map(|t| improving(t, N)).collect();
    contended(c, "atomic_improving", &inputs);
}

fn slice(c: &mut Criterion) {
    let data = uniform(7, N);
    let mut g = c.benchmark_group("atomic_slice");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("normkey fetch_min_slice", |b| {
        let r = normkey::AtomicF32Min::default();
        b.iter(|| r.fetch_min_slice(black_box(&data), Relaxed));
    });
    g.bench_function("local f32::min fold", |b| {
        b.iter(|| peers::local_f32_min_fold(black_box(&data)));
    });
    g.bench_function("local total_cmp min", |b| {
        b.iter(|| peers::local_total_cmp_min(black_box(&data)));
    });
    g.finish();
}

/// The rasterizer's points: `(pixel, depth)`, 2M of them, uniform.
fn points() -> Vec<(u32, f32)> {
    const SIDE: f64 = 512.0;
    let xy = uniform(11, RASTER_POINTS);
    let depth = uniform(12, RASTER_POINTS);
    xy.iter()
        .zip(&depth)
        .map(|(&r, &d)| {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let pixel = (f64::from(r) * SIDE * SIDE) as u32;
            (pixel, d)
        })
        .collect()
}

/// Points in the rasterizer bench.
const RASTER_POINTS: usize = 2_000_000;
/// Pixels of the 512×512 buffer.
const PIXELS: usize = 512 * 512;
/// Threads of the rasterizer bench.
const RASTER_THREADS: usize = 4;

/// Runs `scatter(first index, points)` on `RASTER_THREADS` threads over the
/// points, split in contiguous chunks; returns the time of the scatter only.
fn raster_time(pts: &[(u32, f32)], scatter: impl Fn(u32, &[(u32, f32)]) + Sync) -> Duration {
    let chunk = pts.len().div_ceil(RASTER_THREADS);
    let start = Instant::now();
    std::thread::scope(|s| {
        for (c, part) in pts.chunks(chunk).enumerate() {
            let scatter = &scatter;
            let first = u32::try_from(c * chunk).unwrap();
            s.spawn(move || scatter(first, part));
        }
    });
    start.elapsed()
}

fn rasterizer(c: &mut Criterion) {
    use normkey::OrderedKey;
    use std::sync::atomic::{AtomicU32, AtomicU64};
    let pts = points();
    let mut g = c.benchmark_group("atomic_rasterizer");
    g.sample_size(10);
    g.throughput(Throughput::Elements(RASTER_POINTS as u64));
    g.bench_function("normkey AtomicF32ArgMin", |b| {
        b.iter_custom(|iters| {
            (0..iters)
                .map(|_| {
                    let buf: Vec<normkey::AtomicF32ArgMin> = (0..PIXELS)
                        .map(|_| normkey::AtomicF32ArgMin::new())
                        .collect();
                    let t = raster_time(&pts, |first, part| {
                        for (i, &(p, d)) in (first..).zip(part) {
                            buf[p as usize].fetch_min(d, i, Relaxed);
                        }
                    });
                    black_box(&buf);
                    t
                })
                .sum()
        });
    });
    g.bench_function("floor AtomicU64 packing", |b| {
        b.iter_custom(|iters| {
            (0..iters)
                .map(|_| {
                    let buf: Vec<AtomicU64> =
                        (0..PIXELS).map(|_| AtomicU64::new(u64::MAX)).collect();
                    let t = raster_time(&pts, |first, part| {
                        for (i, &(p, d)) in (first..).zip(part) {
                            let packed =
                                (u64::from(OrderedKey::new(d).to_bits()) << 32) | u64::from(i);
                            let a = &buf[p as usize];
                            if packed < a.load(Relaxed) {
                                a.fetch_min(packed, Relaxed);
                            }
                        }
                    });
                    black_box(&buf);
                    t
                })
                .sum()
        });
    });
    g.bench_function("two-pass AtomicF32Min", |b| {
        b.iter_custom(|iters| {
            (0..iters)
                .map(|_| {
                    let depth: Vec<normkey::AtomicF32Min> = (0..PIXELS)
                        .map(|_| normkey::AtomicF32Min::default())
                        .collect();
                    let id: Vec<AtomicU32> =
                        (0..PIXELS).map(|_| AtomicU32::new(u32::MAX)).collect();
                    let t = raster_time(&pts, |_, part| {
                        for &(p, d) in part {
                            depth[p as usize].fetch_min(d, Relaxed);
                        }
                    }) + raster_time(&pts, |first, part| {
                        for (i, &(p, d)) in (first..).zip(part) {
                            if depth[p as usize].load(Relaxed).to_bits() == d.to_bits() {
                                id[p as usize].fetch_min(i, Relaxed);
                            }
                        }
                    });
                    black_box((&depth, &id));
                    t
                })
                .sum()
        });
    });
    g.finish();
}

/// Times `update(slot, value)` over both threads' inputs.
fn scatter_time(inputs: &[Vec<(u32, f32)>], update: impl Fn(usize, f32) + Sync) -> Duration {
    let start = Instant::now();
    std::thread::scope(|s| {
        for input in inputs {
            let update = &update;
            s.spawn(move || {
                for &(slot, v) in input {
                    update(slot as usize, v);
                }
            });
        }
    });
    start.elapsed()
}

/// `atomic_view_scatter`'s slots.
const SLOTS: usize = 4096;

/// `atomic_view_scatter`'s inputs: per thread, 2^22 `(slot, value)` pairs.
fn view_scatter_inputs() -> Vec<Vec<(u32, f32)>> {
    const UPDATES: usize = 1 << 22;
    (0..2_u64)
        .map(|t| {
            let slot = uniform(t + 21, UPDATES);
            let v = uniform(t + 31, UPDATES);
            #[allow(
                clippy::cast_possible_truncation,
                clippy::cast_sign_loss,
                clippy::cast_precision_loss
            )]
            slot.iter()
                .zip(v)
                .map(|(&s, v)| ((s * SLOTS as f32) as u32, v))
                .collect()
        })
        .collect()
}

/// One run of the view scatter into a fresh buffer of +∞.
fn view_scatter_view(inputs: &[Vec<(u32, f32)>]) -> Duration {
    let mut buf = vec![f32::INFINITY; SLOTS];
    let view = normkey::AtomicF32::from_mut_slice(&mut buf);
    let view = &*view;
    scatter_time(inputs, |i, v| {
        view[i].fetch_min(v, Relaxed);
    })
}

/// One run of the view's algorithm hand-written on `AtomicU32` (no NaN handling).
fn view_scatter_raw_floor(inputs: &[Vec<(u32, f32)>]) -> Duration {
    use std::sync::atomic::{AtomicI32, AtomicU32};
    let buf: Vec<AtomicU32> = (0..SLOTS)
        .map(|_| AtomicU32::new(f32::INFINITY.to_bits()))
        .collect();
    scatter_time(inputs, |i, v| {
        let (a, bits) = (&buf[i], v.to_bits());
        let now = a.load(Relaxed);
        if bits >> 31 == 0 {
            // Signed order of the bits is totalOrder against every stored
            // pattern for an argument with the sign clear.
            let signed = i32::from_ne_bytes(bits.to_ne_bytes());
            if signed < i32::from_ne_bytes(now.to_ne_bytes()) {
                // SAFETY: `a` is a live `AtomicU32`, so its pointer is valid and
                // aligned for `AtomicI32` (same size and alignment); every access
                // is atomic and 32-bit.
                let s = unsafe { AtomicI32::from_ptr(a.as_ptr().cast()) };
                s.fetch_min(signed, Relaxed);
            }
        } else if bits > now {
            a.fetch_max(bits, Relaxed);
        }
    })
}

/// One run of `portable_atomic::AtomicF32::fetch_min`.
fn view_scatter_portable(inputs: &[Vec<(u32, f32)>]) -> Duration {
    let buf: Vec<portable_atomic::AtomicF32> = (0..SLOTS)
        .map(|_| portable_atomic::AtomicF32::new(f32::INFINITY))
        .collect();
    scatter_time(inputs, |i, v| {
        buf[i].fetch_min(v, Relaxed);
    })
}

fn view_scatter(c: &mut Criterion) {
    use normkey::OrderedKey;
    use std::sync::atomic::AtomicU32;
    let inputs = view_scatter_inputs();
    let mut g = c.benchmark_group("atomic_view_scatter");
    g.sample_size(10);
    g.throughput(Throughput::Elements(
        inputs.iter().map(|v| v.len() as u64).sum(),
    ));
    g.bench_function("normkey AtomicF32::fetch_min", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| view_scatter_view(&inputs)).sum());
    });
    g.bench_function("floor AtomicU32 CAS", |b| {
        b.iter_custom(|iters| {
            (0..iters)
                .map(|_| {
                    let buf: Vec<AtomicU32> = (0..SLOTS)
                        .map(|_| AtomicU32::new(f32::INFINITY.to_bits()))
                        .collect();
                    scatter_time(&inputs, |i, v| {
                        let (a, key) = (&buf[i], OrderedKey::new(v).to_bits());
                        let mut now = a.load(Relaxed);
                        while key < OrderedKey::new(f32::from_bits(now)).to_bits() {
                            match a.compare_exchange_weak(now, v.to_bits(), Relaxed, Relaxed) {
                                Ok(_) => break,
                                Err(x) => now = x,
                            }
                        }
                    })
                })
                .sum()
        });
    });
    g.bench_function("floor AtomicU32 raw-bits min", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| view_scatter_raw_floor(&inputs)).sum());
    });
    g.bench_function("portable_atomic AtomicF32::fetch_min", |b| {
        b.iter_custom(|iters| (0..iters).map(|_| view_scatter_portable(&inputs)).sum());
    });
    g.finish();
}

fn argmin(c: &mut Criterion) {
    let data = uniform(13, N);
    let mut g = c.benchmark_group("key_argmin_f32");
    g.throughput(Throughput::Elements(N as u64));
    g.bench_function("normkey key::argmin", |b| {
        b.iter(|| normkey::key::argmin(black_box(&data)));
    });
    g.bench_function("iterator min_by total_cmp", |b| {
        b.iter(|| {
            black_box(&data)
                .iter()
                .enumerate()
                .filter(|(_, x)| !x.is_nan())
                .min_by(|a, b| a.1.total_cmp(b.1))
                .map(|(i, _)| i)
        });
    });
    g.bench_function("normkey key::min", |b| {
        b.iter(|| normkey::key::min(black_box(&data)));
    });
    g.finish();
}

/// criterion's generated `benches` fn has no docs: keep it in its own module.
#[allow(missing_docs)]
mod group {
    use std::time::Duration;

    criterion::criterion_group! {
        name = benches;
        config = criterion::Criterion::default()
            .warm_up_time(Duration::from_secs(1))
            .measurement_time(Duration::from_secs(3));
        targets = super::random, super::mostly_improving, super::slice, super::rasterizer, super::view_scatter, super::argmin
    }
}
/// `NORMKEY_PAIRED=<pairs> cargo bench -p normkey-bench --bench atomic`: instead of criterion, times
/// normkey and the floor on `atomic_random`'s input in alternation, `pairs` times
/// one run each, and prints the quartiles of the paired ratios normkey / floor.
/// Pairing cancels the machine's drift, which criterion's medians, taken one
/// after the other, do not.
fn paired(pairs: usize) {
    let inputs = random_inputs();
    let mut ratios: Vec<f64> = (0..pairs)
        .map(|_| {
            let normkey = run::<normkey::AtomicF32Min>(&inputs, 1);
            let floor = run::<peers::FloorMin>(&inputs, 1);
            normkey.as_secs_f64() / floor.as_secs_f64()
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    let q = |k: usize| ratios[(pairs - 1) * k / 4];
    println!(
        "atomic_random, normkey / floor over {pairs} pairs: median {:.3} (quartiles {:.3}, {:.3})",
        q(2),
        q(1),
        q(3)
    );
}

/// `NORMKEY_PAIRED_VIEW=<rounds> cargo bench -p normkey-bench --bench atomic`: times the view
/// scatter, its raw-bits floor and portable-atomic in alternation, `rounds` times
/// one run each, and prints the quartiles of the paired ratios view / floor and
/// portable-atomic / view.
fn paired_view(rounds: usize) {
    let inputs = view_scatter_inputs();
    let (mut floor, mut portable): (Vec<f64>, Vec<f64>) = (0..rounds)
        .map(|_| {
            let view = view_scatter_view(&inputs).as_secs_f64();
            let raw = view_scatter_raw_floor(&inputs).as_secs_f64();
            let pa = view_scatter_portable(&inputs).as_secs_f64();
            (view / raw, pa / view)
        })
        .unzip();
    for (name, ratios) in [
        ("view / raw-bits floor", &mut floor),
        ("portable-atomic / view", &mut portable),
    ] {
        ratios.sort_by(f64::total_cmp);
        let q = |k: usize| ratios[(rounds - 1) * k / 4];
        println!(
            "atomic_view_scatter, {name} over {rounds} rounds: median {:.3} (quartiles {:.3}, {:.3})",
            q(2),
            q(1),
            q(3)
        );
    }
}

fn main() {
    if let Ok(rounds) = std::env::var("NORMKEY_PAIRED_VIEW") {
        let rounds = rounds.parse().ok().filter(|&n| n > 0);
        paired_view(rounds.expect("NORMKEY_PAIRED_VIEW: a count of rounds, at least 1"));
    } else if let Ok(pairs) = std::env::var("NORMKEY_PAIRED") {
        let pairs = pairs.parse().ok().filter(|&n| n > 0);
        paired(pairs.expect("NORMKEY_PAIRED: a count of pairs, at least 1"));
    } else {
        group::benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
