//! The exact sums on arbitrary values: the slice form, the accumulator one value
//! at a time in reverse, two pieces merged, the atomic accumulator and the mean
//! and dot product, each against `normkey-oracle`'s rationals (`f32` and `f64`
//! from raw bits: NaNs of both signs, infinities, subnormals, every exponent).
#![no_main]

use libfuzzer_sys::fuzz_target;
use normkey::atomic::AtomicExactSum;
use normkey::sort::Nans;
use normkey::sum::{ExactSum, dot, mean, sum};
use normkey_oracle::sum as oracle;
use std::sync::atomic::Ordering::Relaxed;

fn check<const W: usize, F>(
    data: &[u8],
    split: usize,
    of: fn([u8; W]) -> F,
    bits: fn(F) -> u64,
    fmt: oracle::Format,
) where
    F: normkey::sum::SumFloat + normkey::atomic::AtomicSumFloat,
{
    let xs: Vec<F> = data
        .chunks_exact(W)
        .map(|c| of(c.try_into().unwrap()))
        .collect();
    let xb: Vec<u64> = xs.iter().map(|&x| bits(x)).collect();
    let want = oracle::sum(&xb, fmt, fmt, oracle::Nans::Propagate);
    assert_eq!(bits(sum(&xs, Nans::Propagate)), want, "sum");
    assert_eq!(
        bits(sum(&xs, Nans::Skip)),
        oracle::sum(&xb, fmt, fmt, oracle::Nans::Skip),
        "nansum"
    );
    assert_eq!(
        bits(mean(&xs, Nans::Propagate)),
        oracle::mean(&xb, fmt, oracle::Nans::Propagate),
        "mean"
    );
    let mut rev = ExactSum::new();
    xs.iter().rev().for_each(|&x| rev.add(x));
    let k = split % (xs.len() + 1);
    let (mut left, mut right) = (ExactSum::new(), ExactSum::new());
    left.add_slice(&xs[..k]);
    right.add_slice(&xs[k..]);
    right.merge(&left);
    assert_eq!(rev, right, "one at a time against two pieces");
    assert_eq!(bits(rev.value()), want);
    let atomic = AtomicExactSum::<F>::new();
    xs.iter().for_each(|&x| atomic.add(x, Relaxed));
    assert_eq!(bits(atomic.value()), want, "atomic");
    let (a, b) = xs.split_at(xs.len() / 2);
    let b = &b[..a.len()];
    let (ab, bb) = (&xb[..a.len()], &xb[a.len()..2 * a.len()]);
    for (nans, on) in [
        (Nans::Propagate, oracle::Nans::Propagate),
        (Nans::Skip, oracle::Nans::Skip),
    ] {
        assert_eq!(bits(dot(a, b, nans)), oracle::dot(ab, bb, fmt, on), "dot");
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let split = usize::from(head >> 1);
    // The rational oracle is slow on long inputs: at most 64 values.
    if head & 1 == 0 {
        let rest = &rest[..rest.len().min(256)];
        check::<4, f32>(
            rest,
            split,
            f32::from_le_bytes,
            |x| u64::from(x.to_bits()),
            oracle::F32,
        );
    } else {
        let rest = &rest[..rest.len().min(512)];
        check::<8, f64>(rest, split, f64::from_le_bytes, f64::to_bits, oracle::F64);
    }
});
