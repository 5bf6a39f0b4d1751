//! The packed float formats' slice conversions against the peers in
//! `peers/ufloat.rs`, in one run: `cargo bench -p normkey-bench --bench ufloat`.
//!
//! * `Rg11b10Ufloat_encode`: `encode_slice` (exact nearest even) against each
//!   channel through `half::f16::from_f32` and a shift (two roundings).
//! * `Rgb9e5Ufloat_encode`: `encode_slice` against `rgbe::RGB9E5::pack`.
//! * `*_decode`: `decode_slice` against the same peers' decoders.
//! * `toward_zero_*`: the round-toward-zero encoders (`encode_slice_rtz`,
//!   `f16_encode_slice_rtz`) against the nearest-even ones they mirror, in
//!   alternation in one group (the target: ≤ 1.05×).
//!
//! Two sizes: 4096 pixels (in L1) and 2²⁰ (12 MiB of `[f32; 3]`). Set
//! `NORMKEY_COUNT_WRONG=1` to print, before the benches, how many inputs each
//! peer gets wrong (all 2³² `f32` per channel for the `half` route, takes a few
//! minutes; 2²⁴ random and edge pixels for `rgbe`).
// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

#[path = "peers/ufloat.rs"]
mod peers;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use normkey::{Rg11b10Ufloat, Rgb9e5Ufloat};

/// The sizes: 4096 pixels (in L1: compute bound) and 2²⁰.
const SIZES: [usize; 2] = [4096, 1 << 20];

/// `n` HDR pixels: channels in about [−1, 64), a few negative, from a xorshift.
#[allow(clippy::cast_precision_loss)]
fn pixels(n: usize) -> Vec<[f32; 3]> {
    let mut s = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let u = (s >> 40) as f32 / (1u64 << 24) as f32;
        u * u * 65.0 - 1.0
    };
    (0..n).map(|_| [next(), next(), next()]).collect()
}

/// One format: encode and decode, normkey against the peer.
macro_rules! bench_format {
    ($c:ident, $T:ident, encode = $enc:ident, decode = $dec:ident) => {
        for n in SIZES {
            let src = pixels(n);
            let mut codes = vec![$T::ZERO; n];
            let mut raw = vec![0_u32; n];
            let mut g = $c.benchmark_group(concat!(stringify!($T), "_encode"));
            g.bench_function(BenchmarkId::new("normkey", n), |b| {
                b.iter(|| $T::encode_slice(black_box(&src), black_box(&mut codes)));
            });
            g.bench_function(BenchmarkId::new(stringify!($enc), n), |b| {
                b.iter(|| {
                    for (d, &p) in black_box(&mut raw[..]).iter_mut().zip(black_box(&src[..])) {
                        *d = peers::$enc(p);
                    }
                });
            });
            g.finish();

            let raw: Vec<u32> = codes.iter().map(|c| c.to_bits()).collect();
            let mut out = vec![[0.0_f32; 3]; n];
            let mut g = $c.benchmark_group(concat!(stringify!($T), "_decode"));
            g.bench_function(BenchmarkId::new("normkey", n), |b| {
                b.iter(|| $T::decode_slice(black_box(&codes), black_box(&mut out)));
            });
            g.bench_function(BenchmarkId::new(stringify!($dec), n), |b| {
                b.iter(|| {
                    for (d, &c) in black_box(&mut out[..]).iter_mut().zip(black_box(&raw[..])) {
                        *d = peers::$dec(c);
                    }
                });
            });
            g.finish();
        }
    };
}

/// The round-toward-zero encoders against the nearest-even ones.
fn toward_zero(c: &mut Criterion) {
    for n in SIZES {
        let src = pixels(n);
        let mut codes = vec![Rg11b10Ufloat::ZERO; n];
        let mut g = c.benchmark_group("toward_zero_Rg11b10Ufloat");
        g.bench_function(BenchmarkId::new("nearest_even", n), |b| {
            b.iter(|| Rg11b10Ufloat::encode_slice(black_box(&src), black_box(&mut codes)));
        });
        g.bench_function(BenchmarkId::new("toward_zero", n), |b| {
            b.iter(|| Rg11b10Ufloat::encode_slice_rtz(black_box(&src), black_box(&mut codes)));
        });
        g.finish();
        let flat: Vec<f32> = src.iter().flatten().copied().collect();
        let mut halves = vec![0_u16; flat.len()];
        let mut g = c.benchmark_group("toward_zero_f16");
        g.bench_function(BenchmarkId::new("nearest_even", n), |b| {
            b.iter(|| normkey::texture::f16_encode_slice(black_box(&flat), black_box(&mut halves)));
        });
        g.bench_function(BenchmarkId::new("toward_zero", n), |b| {
            b.iter(|| {
                normkey::texture::f16_encode_slice_rtz(black_box(&flat), black_box(&mut halves));
            });
        });
        g.finish();
    }
}

fn ufloat(c: &mut Criterion) {
    if std::env::var_os("NORMKEY_COUNT_WRONG").is_some() {
        for bits in [11, 10] {
            let (all, in_range) = peers::half_route_wrong(bits);
            println!(
                "half route, float{bits}: {all} of 2^32 f32 wrong, {in_range} of them in [0, largest finite]"
            );
        }
        let px = peers::rgb9e5_pixels(1 << 24);
        let (code, value) = peers::rgbe_wrong(&px);
        println!(
            "rgbe RGB9E5::pack: {code} of {} pixels give another code, {value} another value",
            px.len()
        );
        let one = [1.0, 0.0, 0.0];
        let (got, want) = (
            peers::rgbe_rgb9e5(one),
            normkey_oracle::encode_rgb9e5(one, false),
        );
        println!("for example {one:?}: rgbe {got:#010x}, exact {want:#010x}");
    }
    bench_format!(
        c,
        Rg11b10Ufloat,
        encode = half_rg11b10,
        decode = half_rg11b10_decode
    );
    bench_format!(
        c,
        Rgb9e5Ufloat,
        encode = rgbe_rgb9e5,
        decode = rgbe_rgb9e5_decode
    );
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = ufloat, toward_zero
}
criterion_main!(benches);
