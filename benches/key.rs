//! `OrderedKey<f32>` against its peers, in one run, over 16·2²⁰ random float bit
//! patterns (64 MiB; NaNs of both signs included):
//!
//! * `key_encode_f32`: `encode_slice` and `encode_in_place` against a plain copy of
//!   the same bytes (the memory limit) and the signed key `f32::total_cmp` uses.
//! * `key_sort_f32`: `encode_in_place` + integer `sort_unstable` + `decode_in_place`
//!   against `sort_unstable_by(f32::total_cmp)`, `sort_unstable` of
//!   `ordered_float::OrderedFloat<f32>` and `radsort::sort`. Every sort gets a fresh
//!   copy of the unsorted input, made outside the timed part.
//!
//! * `key_min_f32`: `key::min` and `key::minimum` over 4096 and 2²⁰ of the same
//!   values, against `fold(f32::INFINITY, f32::min)` (std's `minNum`, ±0
//!   unordered), `filter(!is_nan).min_by(f32::total_cmp)` (the same answer as
//!   `key::min`) and the floor, the same fold written by hand on `total_cmp`'s key.
//!
//! A 16M-element sort takes about half a second: 10 samples of one iteration each
//! (criterion warns that 10 samples do not fit in 3 s; they take what they take).
//! `cargo bench -p normkey-bench --bench key`; `cargo run --release -p bench-table` prints
//! the ratios.
// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

mod peers;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BatchSize, Criterion, SamplingMode, Throughput, criterion_group, criterion_main};
use normkey::OrderedKey;
use ordered_float::OrderedFloat;

/// `n` random bit patterns, from a tiny xorshift.
fn data(n: usize) -> Vec<f32> {
    let mut s = 0x2545_f491_4f6c_dd1d_u64;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            #[allow(clippy::cast_possible_truncation)]
            f32::from_bits((s >> 32) as u32)
        })
        .collect()
}

fn encode(c: &mut Criterion) {
    let n = peers::KEY_LEN;
    let src = data(n);
    let mut g = c.benchmark_group("key_encode_f32");
    g.throughput(Throughput::Elements(n as u64));
    g.sample_size(10);
    g.sampling_mode(SamplingMode::Flat);
    let mut keys = vec![OrderedKey::<f32>::MIN; n];
    g.bench_function("normkey_encode_slice", |b| {
        b.iter(|| OrderedKey::<f32>::encode_slice(black_box(&src), black_box(&mut keys)));
    });
    // The key transform is a bijection: encoding the keys again is the same work.
    let mut buf = src.clone();
    g.bench_function("normkey_encode_in_place", |b| {
        b.iter(|| {
            black_box(OrderedKey::<f32>::encode_in_place(black_box(&mut buf)));
        });
    });
    let mut copy = vec![0.0_f32; n];
    g.bench_function("plain_copy", |b| {
        b.iter(|| peers::plain_copy(black_box(&src), black_box(&mut copy)));
    });
    let mut signed = vec![0_i32; n];
    g.bench_function("total_cmp_key", |b| {
        b.iter(|| {
            for (d, &s) in black_box(&mut signed[..]).iter_mut().zip(black_box(&src)) {
                *d = peers::total_cmp_key(s);
            }
        });
    });
    g.finish();
}

fn sort(c: &mut Criterion) {
    let n = peers::KEY_LEN;
    let src = data(n);
    let mut g = c.benchmark_group("key_sort_f32");
    g.throughput(Throughput::Elements(n as u64));
    g.sample_size(10);
    g.sampling_mode(SamplingMode::Flat);
    macro_rules! sort {
        ($id:literal, $input:expr, $sort:path) => {
            g.bench_function($id, |b| {
                b.iter_batched_ref(|| $input, |v| $sort(v), BatchSize::LargeInput);
            });
        };
    }
    sort!("normkey_key_sort", src.clone(), peers::normkey_key_sort);
    sort!(
        "sort_unstable_by_total_cmp",
        src.clone(),
        peers::sort_unstable_by_total_cmp
    );
    sort!(
        "ordered_float_sort_unstable",
        src.iter().copied().map(OrderedFloat).collect::<Vec<_>>(),
        peers::ordered_float_sort_unstable
    );
    sort!("radsort", src.clone(), peers::radsort);
    g.finish();
}

fn min(c: &mut Criterion) {
    for n in [4096, 1 << 20] {
        let src = data(n);
        let mut g = c.benchmark_group(format!("key_min_f32/{n}"));
        g.throughput(Throughput::Elements(n as u64));
        g.bench_function("normkey_min", |b| {
            b.iter(|| normkey::key::min(black_box(&src)));
        });
        g.bench_function("normkey_minimum", |b| {
            b.iter(|| normkey::key::minimum(black_box(&src)));
        });
        g.bench_function("fold_f32_min", |b| {
            b.iter(|| peers::fold_f32_min(black_box(&src)));
        });
        g.bench_function("min_by_total_cmp", |b| {
            b.iter(|| peers::min_by_total_cmp(black_box(&src)));
        });
        g.bench_function("floor_key_min", |b| {
            b.iter(|| peers::floor_key_min(black_box(&src)));
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(3));
    targets = encode, sort, min
}
criterion_main!(benches);
