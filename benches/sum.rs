//! The exact sums against what users have, in one run: the inexact loops (the
//! in-order `iter().sum()`, 16 accumulators that LLVM vectorizes: the floor),
//! the exact-sum crates (`bitrep`'s `SumF32`/`SumF64`, `xsum`'s small and large
//! accumulators), rayon's `par_iter().sum()`, and `portable_atomic`'s
//! compare-and-swap `fetch_add`.
//!
//! `cargo bench -p normkey-bench --features rayon --bench sum` prints, per case,
//! the fastest of `NORMKEY_SUM_REPS` (default 5) runs of every contender,
//! interleaved, with each time as a ratio (normkey / contender), and each
//! contender's error against the exact sum. `NORMKEY_SUM_N` changes the size
//! (default 2^24 values uniform in ±1e6, the data of the Xeon measurements);
//! `NORMKEY_SUM_CASES` picks cases (`sum`, `dot`, `par`, `atomic`; default all);
//! `NORMKEY_SUM_DUMP=DIR` writes the sums' data to `DIR/sum-f32.bin` and
//! `DIR/sum-f64.bin` for `tools/sum-peers/peers.py` (`NumPy` and `math.fsum`).

// Test data: the casts build floats from random bits on purpose.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss
)]

use std::hint::black_box;
use std::time::{Duration, Instant};

use normkey::sort::Nans;
use normkey::sum;
use xsum::Xsum;

/// xorshift64*, so that every run reads the same data.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// Uniform in ±1e6.
fn data(n: usize, seed: u64) -> Vec<f64> {
    let mut r = Rng(seed);
    (0..n)
        .map(|_| (r.next() >> 11) as f64 / (1u64 << 53) as f64 * 2e6 - 1e6)
        .collect()
}

type Run<'a> = Box<dyn FnMut() -> (Duration, f64) + 'a>;

/// The fastest of the repetitions of each contender, interleaved; normkey first.
/// `exact` is the exact result (normkey's, checked against the oracle by the
/// tests); each contender's result is shown beside it.
fn case(name: &str, exact: f64, mut contenders: Vec<(&str, Run)>) {
    let reps: usize = std::env::var("NORMKEY_SUM_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let mut best = vec![Duration::MAX; contenders.len()];
    let mut results = vec![0.0; contenders.len()];
    for _ in 0..reps {
        for ((b, r), (_, run)) in best.iter_mut().zip(&mut results).zip(contenders.iter_mut()) {
            let (t, v) = run();
            *b = (*b).min(t);
            *r = v;
        }
    }
    println!(
        "\n{name} (exact: {exact:e})\n| contender | ms | normkey / it | result − exact |\n|---|---|---|---|"
    );
    for (((who, _), t), v) in contenders.iter().zip(&best).zip(&results) {
        let ratio = best[0].as_secs_f64() / t.as_secs_f64();
        println!(
            "| {who} | {:.2} | {ratio:.3} | {:e} |",
            t.as_secs_f64() * 1e3,
            v - exact
        );
    }
}

fn timed<T: Copy + Into<f64>>(f: impl FnOnce() -> T) -> (Duration, f64) {
    let t = Instant::now();
    let v = black_box(f());
    (t.elapsed(), v.into())
}

/// The loop LLVM vectorizes: 16 accumulators, in order within each.
fn naive16<T: Copy + Default + std::ops::Add<Output = T>>(v: &[T]) -> T {
    let mut acc = [T::default(); 16];
    let mut chunks = v.chunks_exact(16);
    for c in &mut chunks {
        for (a, &x) in acc.iter_mut().zip(c) {
            *a = *a + x;
        }
    }
    let mut s = T::default();
    for &a in &acc {
        s = s + a;
    }
    for &x in chunks.remainder() {
        s = s + x;
    }
    s
}

fn naive16_dot<T: Copy + Default + std::ops::Add<Output = T> + std::ops::Mul<Output = T>>(
    a: &[T],
    b: &[T],
) -> T {
    let mut acc = [T::default(); 16];
    let (mut ca, mut cb) = (a.chunks_exact(16), b.chunks_exact(16));
    for (x, y) in (&mut ca).zip(&mut cb) {
        for k in 0..16 {
            acc[k] = acc[k] + x[k] * y[k];
        }
    }
    let mut s = T::default();
    for &a in &acc {
        s = s + a;
    }
    for (&x, &y) in ca.remainder().iter().zip(cb.remainder()) {
        s = s + x * y;
    }
    s
}

fn sums(n: usize) {
    let v64 = data(n, 1);
    let v32: Vec<f32> = v64.iter().map(|&x| x as f32).collect();
    // The same data for `tools/sum-peers/peers.py` (NumPy, `math.fsum`).
    if let Ok(dir) = std::env::var("NORMKEY_SUM_DUMP") {
        let bytes64: Vec<u8> = v64.iter().flat_map(|x| x.to_le_bytes()).collect();
        let bytes32: Vec<u8> = v32.iter().flat_map(|x| x.to_le_bytes()).collect();
        std::fs::write(format!("{dir}/sum-f64.bin"), bytes64).unwrap();
        std::fs::write(format!("{dir}/sum-f32.bin"), bytes32).unwrap();
    }
    let (v32, v64) = (&v32, &v64);
    case(
        &format!("sum of {n} f32"),
        sum::sum(v32, Nans::Propagate).into(),
        vec![
            (
                "normkey sum",
                Box::new(move || timed(|| sum::sum(v32, Nans::Propagate))),
            ),
            (
                "normkey mean (× n)",
                Box::new(move || timed(|| f64::from(sum::mean(v32, Nans::Propagate)) * n as f64)),
            ),
            (
                "16 accumulators (inexact)",
                Box::new(move || timed(|| naive16(v32))),
            ),
            (
                "iter().sum() (inexact)",
                Box::new(move || timed(|| v32.iter().sum::<f32>())),
            ),
            (
                "bitrep SumF32",
                Box::new(move || {
                    timed(|| {
                        let mut s = bitrep::SumF32::new();
                        for &x in v32 {
                            s.add(x);
                        }
                        s.value()
                    })
                }),
            ),
        ],
    );
    case(
        &format!("sum of {n} f64"),
        sum::sum(v64, Nans::Propagate),
        vec![
            (
                "normkey sum",
                Box::new(move || timed(|| sum::sum(v64, Nans::Propagate))),
            ),
            (
                "normkey mean (× n)",
                Box::new(move || timed(|| sum::mean(v64, Nans::Propagate) * n as f64)),
            ),
            (
                "16 accumulators (inexact)",
                Box::new(move || timed(|| naive16(v64))),
            ),
            (
                "iter().sum() (inexact)",
                Box::new(move || timed(|| v64.iter().sum::<f64>())),
            ),
            (
                "bitrep SumF64",
                Box::new(move || {
                    timed(|| {
                        let mut s = bitrep::SumF64::new();
                        for &x in v64 {
                            s.add(x);
                        }
                        s.value()
                    })
                }),
            ),
            (
                "xsum XsumSmall",
                Box::new(move || {
                    timed(|| {
                        let mut s = xsum::XsumSmall::new();
                        s.add_list(v64);
                        s.sum()
                    })
                }),
            ),
            (
                "xsum XsumLarge",
                Box::new(move || {
                    timed(|| {
                        let mut s = xsum::XsumLarge::new();
                        s.add_list(v64);
                        s.sum()
                    })
                }),
            ),
        ],
    );
}

fn dots(n: usize) {
    let a64 = data(n, 2);
    let b64 = data(n, 3);
    let a32: Vec<f32> = a64.iter().map(|&x| x as f32).collect();
    let b32: Vec<f32> = b64.iter().map(|&x| x as f32).collect();
    let (a32, b32, a64, b64) = (&a32, &b32, &a64, &b64);
    case(
        &format!("dot of {n} f32"),
        sum::dot(a32, b32, Nans::Propagate).into(),
        vec![
            (
                "normkey dot",
                Box::new(move || timed(|| sum::dot(a32, b32, Nans::Propagate))),
            ),
            (
                "16 accumulators (inexact)",
                Box::new(move || timed(|| naive16_dot(a32, b32))),
            ),
        ],
    );
    case(
        &format!("dot of {n} f64"),
        sum::dot(a64, b64, Nans::Propagate),
        vec![
            (
                "normkey dot",
                Box::new(move || timed(|| sum::dot(a64, b64, Nans::Propagate))),
            ),
            (
                "16 accumulators (inexact)",
                Box::new(move || timed(|| naive16_dot(a64, b64))),
            ),
        ],
    );
}

#[cfg(feature = "rayon")]
fn parallel(n: usize) {
    use rayon::prelude::*;
    let v32: Vec<f32> = data(n, 1).iter().map(|&x| x as f32).collect();
    let v32 = &v32;
    case(
        &format!(
            "par_sum of {n} f32 on {} threads",
            rayon::current_num_threads()
        ),
        sum::sum(v32, Nans::Propagate).into(),
        vec![
            (
                "normkey par_sum",
                Box::new(move || timed(|| sum::par_sum(v32, Nans::Propagate))),
            ),
            (
                "rayon par_iter().sum() (inexact, varies)",
                Box::new(move || timed(|| v32.par_iter().sum::<f32>())),
            ),
            (
                "normkey sum, one thread",
                Box::new(move || timed(|| sum::sum(v32, Nans::Propagate))),
            ),
        ],
    );
}

/// The atomic accumulator against one `AtomicU64::fetch_add` per value (the
/// floor: what an uncontended `lock xadd` costs) and `portable_atomic`'s
/// `AtomicF32::fetch_add` (a compare-and-swap loop: inexact, and its result
/// depends on the schedule), on one thread and on two threads adding into one.
fn atomics(n: usize) {
    use normkey::atomic::AtomicExactSum;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
    let n = n / 4;
    let v: Vec<f32> = data(n, 4).iter().map(|&x| x as f32).collect();
    let v = &v;
    let exact = f64::from(sum::sum(v, Nans::Propagate));
    case(
        &format!("{n} adds into one atomic, one thread"),
        exact,
        vec![
            (
                "normkey AtomicExactSum<f32>::add",
                Box::new(move || {
                    let s = AtomicExactSum::<f32>::new();
                    let t = timed(|| {
                        for &x in v {
                            s.add(x, Relaxed);
                        }
                        0.0
                    });
                    (t.0, f64::from(s.value()))
                }),
            ),
            (
                "AtomicU64::fetch_add (the floor, no float)",
                Box::new(move || {
                    let s = AtomicU64::new(0);
                    let t = timed(|| {
                        for &x in v {
                            s.fetch_add(u64::from(x.to_bits()), Relaxed);
                        }
                        0.0
                    });
                    black_box(s.load(Relaxed));
                    (t.0, exact)
                }),
            ),
            (
                "portable_atomic AtomicF32::fetch_add (CAS loop)",
                Box::new(move || {
                    let s = portable_atomic::AtomicF32::new(0.0);
                    let t = timed(|| {
                        for &x in v {
                            s.fetch_add(x, Relaxed);
                        }
                        0.0
                    });
                    (t.0, f64::from(s.load(Relaxed)))
                }),
            ),
        ],
    );
    case(
        &format!("{n} adds into one atomic, two threads"),
        exact,
        vec![
            (
                "normkey AtomicExactSum<f32>::add",
                Box::new(move || {
                    let s = AtomicExactSum::<f32>::new();
                    let t = timed(|| {
                        std::thread::scope(|sc| {
                            for half in v.chunks(n.div_ceil(2)) {
                                let s = &s;
                                sc.spawn(move || {
                                    for &x in half {
                                        s.add(x, Relaxed);
                                    }
                                });
                            }
                        });
                        0.0
                    });
                    (t.0, f64::from(s.value()))
                }),
            ),
            (
                "portable_atomic AtomicF32::fetch_add (CAS loop)",
                Box::new(move || {
                    let s = portable_atomic::AtomicF32::new(0.0);
                    let t = timed(|| {
                        std::thread::scope(|sc| {
                            for half in v.chunks(n.div_ceil(2)) {
                                let s = &s;
                                sc.spawn(move || {
                                    for &x in half {
                                        s.fetch_add(x, Relaxed);
                                    }
                                });
                            }
                        });
                        0.0
                    });
                    (t.0, f64::from(s.load(Relaxed)))
                }),
            ),
        ],
    );
}

fn main() {
    let n: usize = std::env::var("NORMKEY_SUM_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1 << 24);
    let cases = std::env::var("NORMKEY_SUM_CASES").unwrap_or_else(|_| "sum,dot,par,atomic".into());
    if cases.contains("sum") && !cases.contains("par_sum") {
        sums(n);
    }
    if cases.contains("dot") {
        dots(n);
    }
    #[cfg(feature = "rayon")]
    if cases.contains("par") {
        parallel(n);
    }
    if cases.contains("atomic") {
        atomics(n);
    }
}
