//! The stack of the read-only selection functions (issue 40): `select`,
//! `select_many`, `quantiles_with_buffer` (several methods, both NaN rules),
//! `top_k_with_buffer` and `top_k_indices_with_buffer` (`k` up to half the
//! slice: the merge of at most 512 candidates and the LSD passes above) each run
//! in a thread with a small stack, on 256 values (the firmware window) and on
//! 1Mi (the wide digits), and answer as they do on the main thread.
//!
//! The stack is 32 KiB in optimized builds (the bound the functions' docs state;
//! `.ci/run`'s exhaustive stage runs this file with `--release`). Unoptimized
//! builds (`.ci/run`'s test stage runs `cargo test` in debug) keep every
//! temporary in its own slot, which multiplies the frames: there the threads get
//! 512 KiB, a check that the calls do not recurse or grow with the input, not of
//! the bound; so do the other targets (`.ci/run`'s emulated stage), whose frames
//! the bound was not measured on. The thumbv7em frames themselves are checked by
//! `tools/stack-sizes/check.py` (`.ci/run`'s bare-metal stage).

// Not under Miri: it does not model a thread's stack size, and interprets the
// wide digits' tables slowly (over 8 minutes); these functions' Miri coverage is
// tests/sort.rs, tests/quantile.rs and tests/top_k.rs.
#![cfg(not(miri))]
// Test data: the casts build floats from random bits on purpose.
#![allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]

mod common;

use common::XorShift;
use normkey::sort::{self, Method, Nans, SortKey};

/// The thread's stack: see the module docs.
const STACK: usize = if cfg!(any(debug_assertions, not(target_arch = "x86_64"))) {
    512 * 1024
} else {
    32 * 1024
};

/// Runs `f` in a thread with a stack of [`STACK`] bytes and returns its answer.
fn on_small_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|s| {
        std::thread::Builder::new()
            .name("small stack".into())
            .stack_size(STACK)
            .spawn_scoped(s, f)
            .expect("spawn")
            .join()
            .expect("the call overflowed the small stack or panicked")
    })
}

/// `n` floats from raw bits and small values, NaNs and zeros of both signs included.
fn data(n: usize, seed: u64) -> (Vec<f32>, Vec<f64>) {
    let mut r = XorShift(seed);
    let f: Vec<f32> = (0..n).map(|_| r.f32()).collect();
    let d = f
        .iter()
        .map(|&x| {
            let bits = r.next();
            if bits.is_multiple_of(3) {
                f64::from_bits(bits)
            } else {
                f64::from(x)
            }
        })
        .collect();
    (f, d)
}

/// The functions, each run in a thread of its own.
#[derive(Clone, Copy, Debug)]
enum Function {
    Select,
    SelectMany,
    Quantiles,
    TopK,
}

/// One function on `v` and `w`, its answers as bits.
fn answers(f: Function, v: &[f32], w: &[f64]) -> Vec<u64> {
    match f {
        Function::Select => select(v, w),
        Function::SelectMany => select_many(v, w),
        Function::Quantiles => quantiles(v, w),
        Function::TopK => top_k(v, w),
    }
}

fn select(v: &[f32], w: &[f64]) -> Vec<u64> {
    let n = v.len();
    let mut out = Vec::new();
    for k in [0, n / 3, n / 2, n - 1] {
        out.push(u64::from(sort::select(v, k).unwrap().to_bits()));
        out.push(sort::select(w, k).unwrap().to_bits());
    }
    out
}

fn select_many(v: &[f32], w: &[f64]) -> Vec<u64> {
    let n = v.len();
    let mut out = Vec::new();
    let ranks = [0, 1, n / 4, n / 2, n - 2, n - 1, n];
    let mut many = [None; 7];
    sort::select_many(v, &ranks, &mut many);
    out.extend(many.map(|x| x.map_or(u64::MAX, |x| u64::from(x.to_bits()))));
    let mut many = [None; 7];
    sort::select_many(w, &ranks, &mut many);
    out.extend(many.map(|x| x.map_or(u64::MAX, f64::to_bits)));
    out
}

fn quantiles(v: &[f32], w: &[f64]) -> Vec<u64> {
    let mut out = Vec::new();
    let probs = [0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 0.99, 1.0];
    for method in [
        Method::Linear,
        Method::Lower,
        Method::Nearest,
        Method::Midpoint,
        Method::InvertedCdf,
        Method::Hazen,
        Method::MedianUnbiased,
    ] {
        for nans in [Nans::Skip, Nans::Propagate] {
            let mut q = [0.0_f32; 8];
            sort::quantiles_with_buffer(v, &probs, &mut q, method, nans).unwrap();
            out.extend(q.map(|x| u64::from(x.to_bits())));
            let mut q = [0.0_f64; 8];
            sort::quantiles_with_buffer(w, &probs, &mut q, method, nans).unwrap();
            out.extend(q.map(f64::to_bits));
        }
    }
    out
}

fn top_k(v: &[f32], w: &[f64]) -> Vec<u64> {
    let n = v.len();
    let mut out = Vec::new();
    // Up to 512 the candidates are merged; above, sorted by LSD passes one
    // digit at a time (`top_k_with_buffer`'s docs): 2,000 and half the slice.
    for k in [1, 10, 100, (n / 2).min(512), (n / 2).min(2000), n / 2] {
        out.extend(top_k_of(v, k, |x| u64::from(x.to_bits())));
        out.extend(top_k_of(w, k, |x| x.to_bits()));
    }
    out
}

/// The `k` smallest of `v` (`top_k_with_buffer`) and their indices
/// (`top_k_indices_with_buffer`), as bits.
fn top_k_of<K: SortKey + Default>(v: &[K], k: usize, bits: impl Fn(&K) -> u64) -> Vec<u64> {
    let mut top = vec![K::default(); k];
    let mut scratch = vec![K::default(); 2 * k];
    sort::top_k_with_buffer(v, &mut top, &mut scratch).unwrap();
    let mut idx = vec![0; k];
    let mut pairs = vec![(K::default(), 0); 2 * k];
    sort::top_k_indices_with_buffer(v, &mut idx, &mut pairs).unwrap();
    let idx = idx.iter().map(|&i| u64::try_from(i).unwrap());
    top.iter().map(bits).chain(idx).collect()
}

/// Each function on a small stack against the main thread's answers.
fn check(v: &[f32], w: &[f64]) {
    for f in [
        Function::Select,
        Function::SelectMany,
        Function::Quantiles,
        Function::TopK,
    ] {
        let want = answers(f, v, w);
        eprintln!("{f:?} of {} values on a stack of {STACK} bytes", v.len());
        assert_eq!(on_small_stack(|| answers(f, v, w)), want, "{f:?}");
    }
}

/// The firmware window: 256 values.
#[test]
fn window_of_256_on_a_small_stack() {
    let (v, w) = data(256, 0x5eed_0256);
    check(&v, &w);
}

/// Long slices: the wide digits.
#[test]
fn long_slices_on_a_small_stack() {
    // Unoptimized, 1Mi takes most of a minute: 128Ki also takes the wide digits.
    let n = if cfg!(debug_assertions) {
        1 << 17
    } else {
        1 << 20
    };
    let (v, w) = data(n, 0x5eed_1000);
    check(&v, &w);
}
