//! sRGB in one run: `cargo bench -p normkey-bench --bench srgb`.
//!
//! * `Srgb8_encode`, `Srgb8_decode`: `Srgb8::encode_slice`/`decode_slice` (exact)
//!   against loops of the peers in `peers/srgb.rs`: fast-srgb8, palette and the
//!   formula with `powf`.
//! * `Rgba8UnormSrgb_encode`: `Rgba8UnormSrgb::encode_slice` against a loop of
//!   `fast_srgb8::f32x4_to_srgb8` with the alpha byte stored linearly.
//!
//! Two sizes, as the storage benches: 4096 values (in L1) and 2²⁰.
//! `NORMKEY_COUNT_WRONG=1 cargo bench -p normkey-bench --bench srgb` first counts, over every `f32`
//! in [0, 1] (about a minute on two threads), the inputs each encoding peer gets
//! wrong and the codes each decoding peer gets wrong, and prints them.
// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

mod peers;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group};
use normkey::{Rgba8UnormSrgb, Srgb8};
use peers::srgb;

/// `n` values spread over [−0.1, 1.1] (some clamp), from a tiny xorshift.
#[allow(clippy::cast_precision_loss)]
fn inputs(n: usize) -> Vec<f32> {
    let mut s = 0x9e37_79b9_7f4a_7c15_u64;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let u = (s >> 40) as f32 / (1u64 << 24) as f32;
            -0.1 + u * 1.2
        })
        .collect()
}

fn srgb8(c: &mut Criterion) {
    for n in peers::STORAGE_SIZES {
        let floats = inputs(n);
        let mut codes = vec![Srgb8::ZERO; n];
        Srgb8::encode_slice(&floats, &mut codes);
        let raw: Vec<u8> = codes.iter().map(|c| c.to_bits()).collect();

        let mut g = c.benchmark_group("Srgb8_encode");
        g.bench_function(BenchmarkId::new("normkey", n), |b| {
            b.iter(|| Srgb8::encode_slice(black_box(&floats), black_box(&mut codes)));
        });
        let mut out = raw.clone();
        for (name, f) in srgb::ENCODERS {
            g.bench_function(BenchmarkId::new(name, n), |b| {
                b.iter(|| {
                    for (d, &x) in black_box(&mut out[..])
                        .iter_mut()
                        .zip(black_box(&floats[..]))
                    {
                        *d = f(x);
                    }
                });
            });
        }
        g.finish();

        let mut g = c.benchmark_group("Srgb8_decode");
        let mut out = vec![0.0_f32; n];
        g.bench_function(BenchmarkId::new("normkey", n), |b| {
            b.iter(|| Srgb8::decode_slice(black_box(&codes), black_box(&mut out)));
        });
        for (name, f) in srgb::DECODERS {
            g.bench_function(BenchmarkId::new(name, n), |b| {
                b.iter(|| {
                    for (d, &c) in black_box(&mut out[..]).iter_mut().zip(black_box(&raw[..])) {
                        *d = f(c);
                    }
                });
            });
        }
        g.finish();

        let pixels: Vec<[f32; 4]> = floats
            .chunks_exact(4)
            .map(|p| [p[0], p[1], p[2], p[3]])
            .collect();
        let mut g = c.benchmark_group("Rgba8UnormSrgb_encode");
        let mut out = vec![Rgba8UnormSrgb::default(); pixels.len()];
        g.bench_function(BenchmarkId::new("normkey", n), |b| {
            b.iter(|| Rgba8UnormSrgb::encode_slice(black_box(&pixels), black_box(&mut out)));
        });
        let mut out = vec![[0u8; 4]; pixels.len()];
        g.bench_function(BenchmarkId::new("fast_srgb8_f32x4", n), |b| {
            b.iter(|| {
                for (d, &p) in black_box(&mut out[..])
                    .iter_mut()
                    .zip(black_box(&pixels[..]))
                {
                    *d = srgb::fast_srgb8_rgba(p);
                }
            });
        });
        g.finish();
    }
}

/// Prints the peers' wrong inputs (encoding) and codes (decoding).
fn count_wrong() {
    let bad = srgb::wrong_inputs(&srgb::ENCODERS);
    for ((name, _), bad) in srgb::ENCODERS.iter().zip(bad) {
        println!("encode {name}: {bad} wrong of the 1065353217 f32 in [0, 1]");
    }
    let bad = srgb::wrong_codes(&srgb::DECODERS);
    for ((name, _), bad) in srgb::DECODERS.iter().zip(bad) {
        println!("decode {name}: {bad} wrong of 256 codes");
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = srgb8
}

fn main() {
    if std::env::var_os("NORMKEY_COUNT_WRONG").is_some() {
        count_wrong();
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
