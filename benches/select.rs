//! Quantiles and top-k against what users write by hand, in one run.
//!
//! `cargo bench -p normkey-bench --bench select` prints, per case, the fastest of
//! `NORMKEY_SORT_REPS` (default 5) runs of every contender, interleaved (one run
//! of each in turn, so that a noisy moment hits all), with each time as a ratio
//! (normkey / contender). `NORMKEY_SORT_N` changes the size (default 2^24 = 16Mi
//! `f32`). The peers copy the data (they mutate it); the copy is timed, as it is
//! part of what a read-only answer saves. Results are checked against the peers'.
//!
//! The cases are the targets of issue 30: three quantiles of data with NaNs
//! against copying the numbers and `select_nth_unstable_by(total_cmp)` three
//! times; top-k for k = 10 against a `BinaryHeap` of k, and for k = 1,000 and
//! 100,000 against copy + `select_nth_unstable_by` + sorting the prefix; and
//! issue 40's: four quantiles of log-normal `f64` with NaNs against the copy +
//! `select_nth_unstable_by` four times, and against the copy alone (with
//! `--features rayon`, `par_quantiles` too). `NORMKEY_SELECT_QUANTILES_ONLY=1`
//! runs only the quantile cases. Issue 54's: `select_many` of 2, 4 and 16
//! ranks of `f32` (uniform, and quantized to 1,000 levels) against the copy +
//! `select_nth_unstable_by(total_cmp)` at each rank; `NORMKEY_SELECT_MANY_ONLY=1`
//! runs only those.

// Test data: the casts build floats from random bits on purpose.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss
)]

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::hint::black_box;
use std::time::{Duration, Instant};

use normkey::sort::{self, Method, Nans};

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

/// Uniform in ±1e6, and one NaN in `nan_every` (of either sign) when nonzero.
fn data(n: usize, nan_every: u64, seed: u64) -> Vec<f32> {
    let mut r = Rng(seed);
    (0..n)
        .map(|_| {
            let x = r.next();
            if nan_every > 0 && x % nan_every == 0 {
                if x & (1 << 40) == 0 {
                    f32::NAN
                } else {
                    -f32::NAN
                }
            } else {
                ((x >> 11) as f64 / (1u64 << 52) as f64 * 1e6 - 1e6) as f32
            }
        })
        .collect()
}

type Run<'a> = Box<dyn FnMut() -> Duration + 'a>;

/// The fastest of the repetitions of each contender, interleaved; normkey first.
fn case(name: &str, mut contenders: Vec<(&str, Run)>) {
    let reps: usize = std::env::var("NORMKEY_SORT_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5);
    let mut best = vec![Duration::MAX; contenders.len()];
    for _ in 0..reps {
        for (b, (_, run)) in best.iter_mut().zip(contenders.iter_mut()) {
            *b = (*b).min(run());
        }
    }
    println!("\n{name}\n| contender | ms | normkey / it |\n|---|---|---|");
    for ((who, _), t) in contenders.iter().zip(&best) {
        let ratio = best[0].as_secs_f64() / t.as_secs_f64();
        println!("| {who} | {:.2} | {ratio:.3} |", t.as_secs_f64() * 1e3);
    }
}

fn timed<T>(f: impl FnOnce() -> T) -> Duration {
    let t = Instant::now();
    black_box(f());
    t.elapsed()
}

fn quantiles(n: usize) {
    let v = data(n, 100, 1);
    let probs = [0.5, 0.99, 0.999];
    let numbers = v.iter().filter(|x| !x.is_nan()).count();
    // The ranks `lower` reads: what the hand-written version selects.
    let ranks = probs.map(|p| ((numbers - 1) as f64 * p) as usize);
    let mut out = [0.0_f32; 3];
    sort::quantiles_with_buffer(&v, &probs, &mut out, Method::Lower, Nans::Skip).unwrap();
    let mut c: Vec<f32> = v.iter().copied().filter(|x| !x.is_nan()).collect();
    for (r, o) in ranks.iter().zip(out) {
        assert_eq!(
            c.select_nth_unstable_by(*r, f32::total_cmp).1.to_bits(),
            o.to_bits()
        );
    }
    let v = &v;
    case(
        &format!("three quantiles (p = 0.5, 0.99, 0.999) of {n} f32 with 1% NaNs"),
        vec![
            (
                "normkey quantiles_with_buffer (linear, NaNs skipped)",
                Box::new(move || {
                    let mut out = [0.0_f32; 3];
                    timed(|| {
                        sort::quantiles_with_buffer(v, &probs, &mut out, Method::Linear, Nans::Skip)
                    })
                }),
            ),
            (
                "copy the numbers + select_nth_unstable_by(total_cmp) ×3",
                Box::new(move || {
                    timed(|| {
                        let mut c: Vec<f32> = v.iter().copied().filter(|x| !x.is_nan()).collect();
                        ranks.map(|r| *c.select_nth_unstable_by(r, f32::total_cmp).1)
                    })
                }),
            ),
        ],
    );
}

/// Log-normal (`exp` of a standard normal, by Box–Muller), and one NaN in
/// `nan_every` (of either sign): the skewed `f64` data of issue 40.
fn log_normal(n: usize, nan_every: u64, seed: u64) -> Vec<f64> {
    let mut r = Rng(seed);
    let mut unit = move || ((r.next() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    (0..n)
        .map(|_| {
            let (a, b) = (unit(), unit());
            if nan_every > 0 && (a * 1e9) as u64 % nan_every == 0 {
                if b < 0.5 { f64::NAN } else { -f64::NAN }
            } else {
                ((-2.0 * a.ln()).sqrt() * (std::f64::consts::TAU * b).cos()).exp()
            }
        })
        .collect()
}

/// Four quantiles of log-normal `f64` with 1% NaNs: normkey's forms against a
/// copy of the numbers and `select_nth_unstable_by(total_cmp)` at each
/// probability's lower rank, and against the copy alone (the floor of any
/// answer that copies).
fn quantiles_f64(n: usize) {
    let v = log_normal(n, 100, 3);
    let probs = [0.01, 0.5, 0.99, 0.999];
    let numbers = v.iter().filter(|x| !x.is_nan()).count();
    let ranks = probs.map(|p| ((numbers - 1) as f64 * p) as usize);
    let mut out = [0.0_f64; 4];
    sort::quantiles_with_buffer(&v, &probs, &mut out, Method::Lower, Nans::Skip).unwrap();
    let mut c: Vec<f64> = v.iter().copied().filter(|x| !x.is_nan()).collect();
    for (r, o) in ranks.iter().zip(out) {
        assert_eq!(
            c.select_nth_unstable_by(*r, f64::total_cmp).1.to_bits(),
            o.to_bits()
        );
    }
    let linear = sort::quantiles(&v, &probs, Method::Linear, Nans::Skip).unwrap();
    #[cfg(feature = "rayon")]
    assert_eq!(
        sort::par_quantiles(&v, &probs, Method::Linear, Nans::Skip).unwrap(),
        linear
    );
    let _ = linear;
    let v = &v;
    #[allow(unused_mut)]
    let mut contenders: Vec<(&str, Run)> = vec![
        (
            "normkey quantiles_with_buffer (linear, NaNs skipped)",
            Box::new(move || {
                let mut out = [0.0_f64; 4];
                timed(|| {
                    sort::quantiles_with_buffer(v, &probs, &mut out, Method::Linear, Nans::Skip)
                })
            }),
        ),
        (
            "copy the numbers + select_nth_unstable_by(total_cmp) ×4",
            Box::new(move || {
                timed(|| {
                    let mut c: Vec<f64> = v.iter().copied().filter(|x| !x.is_nan()).collect();
                    ranks.map(|r| *c.select_nth_unstable_by(r, f64::total_cmp).1)
                })
            }),
        ),
        (
            "copy the numbers (the floor)",
            Box::new(move || {
                timed(|| {
                    v.iter()
                        .copied()
                        .filter(|x| !x.is_nan())
                        .collect::<Vec<f64>>()
                })
            }),
        ),
        (
            "normkey quantiles",
            Box::new(move || timed(|| sort::quantiles(v, &probs, Method::Linear, Nans::Skip))),
        ),
    ];
    #[cfg(feature = "rayon")]
    contenders.push((
        "normkey par_quantiles",
        Box::new(move || timed(|| sort::par_quantiles(v, &probs, Method::Linear, Nans::Skip))),
    ));
    case(
        &format!("four quantiles (p = 0.01, 0.5, 0.99, 0.999) of {n} log-normal f64 with 1% NaNs"),
        contenders,
    );
}

/// `f32` in totalOrder, for the heap.
#[derive(Clone, Copy, PartialEq)]
struct Total(f32);
impl Eq for Total {}
impl PartialOrd for Total {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Total {
    fn cmp(&self, other: &Self) -> Ordering {
        self.0.total_cmp(&other.0)
    }
}

/// The k smallest by a max-heap of k: the usual hand-written top-k.
fn heap_top_k(v: &[f32], k: usize) -> Vec<f32> {
    let mut heap = BinaryHeap::with_capacity(k + 1);
    for &x in v {
        if heap.len() < k {
            heap.push(Total(x));
        } else if heap.peek().is_some_and(|top| Total(x) < *top) {
            heap.pop();
            heap.push(Total(x));
        }
    }
    heap.into_sorted_vec().into_iter().map(|t| t.0).collect()
}

/// Copy, `select_nth_unstable_by` at k − 1, sort the prefix.
fn select_top_k(v: &[f32], k: usize) -> Vec<f32> {
    let mut c = v.to_vec();
    c.select_nth_unstable_by(k - 1, f32::total_cmp);
    c.truncate(k);
    c.sort_unstable_by(f32::total_cmp);
    c
}

fn top_k(n: usize, k: usize) {
    let v = data(n, 0, 2);
    let bits = |x: &[f32]| x.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
    assert_eq!(
        bits(&sort::top_k(&v, k).unwrap()),
        bits(&select_top_k(&v, k))
    );
    let v = &v;
    let mut contenders: Vec<(&str, Run)> = vec![
        (
            "normkey top_k",
            Box::new(move || timed(|| sort::top_k(v, k))),
        ),
        (
            "copy + select_nth_unstable_by + sort_unstable_by of the prefix",
            Box::new(move || timed(|| select_top_k(v, k))),
        ),
    ];
    if k <= 1000 {
        assert_eq!(bits(&heap_top_k(v, k)), bits(&select_top_k(v, k)));
        contenders.push((
            "BinaryHeap of k",
            Box::new(move || timed(|| heap_top_k(v, k))),
        ));
    }
    case(
        &format!("top-k of {n} f32 uniform in ±1e6, k = {k}"),
        contenders,
    );
}

/// `select_many` of `m` ranks (spread over the slice, not in order) against
/// copying the data and `select_nth_unstable_by(total_cmp)` at each rank in
/// turn; `levels` quantizes the data (ties), 0 keeps it.
fn select_many(n: usize, m: usize, levels: u32) {
    let mut v = data(n, 0, 5);
    if levels > 0 {
        let step = 2e6 / f64::from(levels);
        for x in &mut v {
            *x = ((f64::from(*x) / step).round() * step) as f32;
        }
    }
    // Quantile-like ranks, the odd ones first.
    let mut ranks: Vec<usize> = (0..m).map(|i| (n - 1) * (2 * i + 1) / (2 * m)).collect();
    ranks.sort_by_key(|&k| (k / ((n / m).max(1)) % 2 == 0, k));
    let by_std = |v: &[f32]| {
        let mut c = v.to_vec();
        ranks
            .iter()
            .map(|&r| *c.select_nth_unstable_by(r, f32::total_cmp).1)
            .collect::<Vec<f32>>()
    };
    let mut out = vec![None; m];
    sort::select_many(&v, &ranks, &mut out);
    let got: Vec<u32> = out.iter().map(|x| x.unwrap().to_bits()).collect();
    assert_eq!(
        got,
        by_std(&v).iter().map(|x| x.to_bits()).collect::<Vec<_>>()
    );
    let (v, ranks) = (&v, &ranks);
    let quantized = if levels > 0 {
        format!("quantized to {levels} levels")
    } else {
        "uniform in ±1e6".to_owned()
    };
    case(
        &format!("select_many of {m} ranks of {n} f32 {quantized}"),
        vec![
            (
                "normkey select_many",
                Box::new(move || {
                    let mut out = vec![None; ranks.len()];
                    timed(|| sort::select_many(v, ranks, &mut out))
                }),
            ),
            (
                "copy + select_nth_unstable_by(total_cmp) per rank",
                Box::new(move || timed(|| by_std(v))),
            ),
        ],
    );
}

fn main() {
    let n: usize = std::env::var("NORMKEY_SORT_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1 << 24);
    if std::env::var_os("NORMKEY_SELECT_MANY_ONLY").is_some() {
        for levels in [0, 1000] {
            for m in [2, 4, 16] {
                select_many(n, m, levels);
            }
        }
        return;
    }
    quantiles(n);
    quantiles_f64(n);
    if std::env::var_os("NORMKEY_SELECT_QUANTILES_ONLY").is_some() {
        return;
    }
    for k in [10, 1000, 100_000] {
        top_k(n, k.min(n));
    }
    for levels in [0, 1000] {
        for m in [2, 4, 16] {
            select_many(n, m, levels);
        }
    }
}
