//! `OrderedKey` against its peers, in one run:
//!
//! * `encode_slice` against a plain copy of the same bytes (the floor a vectorized
//!   map can reach) and against the standard library's signed `total_cmp` key.
//! * Sorting floats: `encode_in_place` + integer `sort_unstable` + `decode_in_place`
//!   against `sort_unstable_by(f32::total_cmp)`.
//!
//! `cargo bench --bench key`
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use normkey::OrderedKey;

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
    let n = 1 << 16;
    let src = data(n);
    let mut g = c.benchmark_group("key_encode_f32");
    g.throughput(Throughput::Elements(n as u64));
    let mut dst = vec![OrderedKey::<f32>::MIN; n];
    g.bench_function("normkey_encode_slice", |b| {
        b.iter(|| OrderedKey::<f32>::encode_slice(black_box(&src), black_box(&mut dst)));
    });
    let mut copy = vec![0u32; n];
    g.bench_function("peer_plain_bit_copy", |b| {
        b.iter(|| {
            for (d, s) in copy.iter_mut().zip(black_box(&src)) {
                *d = s.to_bits();
            }
            black_box(&mut copy);
        });
    });
    let mut signed = vec![0i32; n];
    g.bench_function("peer_std_total_cmp_key", |b| {
        b.iter(|| {
            #[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss)] // bit reinterpretation
            for (d, s) in signed.iter_mut().zip(black_box(&src)) {
                let i = s.to_bits() as i32;
                *d = i ^ (((i >> 31) as u32) >> 1) as i32;
            }
            black_box(&mut signed);
        });
    });
    g.finish();
}

fn sort(c: &mut Criterion) {
    let mut g = c.benchmark_group("key_sort_f32");
    for n in [1usize << 10, 1 << 16] {
        let src = data(n);
        g.throughput(Throughput::Elements(n as u64));
        g.bench_with_input(
            BenchmarkId::new("normkey_keys_sort_unstable", n),
            &src,
            |b, src| {
                let mut buf = src.clone();
                b.iter(|| {
                    buf.copy_from_slice(src);
                    let keys = OrderedKey::<f32>::encode_in_place(&mut buf);
                    keys.sort_unstable();
                    black_box(OrderedKey::<f32>::decode_in_place(keys));
                });
            },
        );
        g.bench_with_input(
            BenchmarkId::new("peer_sort_unstable_by_total_cmp", n),
            &src,
            |b, src| {
                let mut buf = src.clone();
                b.iter(|| {
                    buf.copy_from_slice(src);
                    buf.sort_unstable_by(f32::total_cmp);
                    black_box(&mut buf);
                });
            },
        );
    }
    g.finish();
}

criterion_group!(benches, encode, sort);
criterion_main!(benches);
