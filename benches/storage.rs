//! The storage formats' slice conversions against what a user would otherwise
//! write, in one run: `cargo bench -p normkey-bench --bench storage`.
//!
//! * `<Format>_decode`: `decode_slice` (exact `c / max`) against the peers in
//!   `peers/mod.rs`: division (exact), multiplication by the reciprocal (inexact),
//!   a 256-entry table (8-bit formats) and a plain widening `c as f32` (no scaling:
//!   the floor any decoder can reach).
//! * `<Format>_encode`: `encode_slice` (exact nearest code, NaN → 0) against
//!   `(x.clamp(lo, 1.0) * max).round() as code` and the usual
//!   `(x.clamp(lo, 1.0) * max + 0.5) as code` (the common hand-written form; `image` 0.25
//!   rounds with `.round()`, the `round` peer).
//!
//! * `Rgb10a2Unorm_encode`/`_decode`: the packed format's slice forms against the
//!   hand-written shift-and-or loops of `peers::rgb10a2`.
//!
//! Two sizes: 4096 elements (in L1: compute bound) and 2²⁰ (4 MiB of `f32`, beyond
//! L2). `cargo run --release -p bench-table` prints the ratios normkey /
//! peer and counts the inputs each peer gets wrong.
//!
//! **Overflow checks.** The integer steps of the conversions are wrapping
//! operations (the proofs in the `storage` module docs show they never wrap), so a
//! release build with `overflow-checks` and debug assertions must run as fast as a
//! plain one. Compare the `normkey` rows of the two runs (its own target directory
//! keeps the two builds apart):
//!
//! ```text
//! cargo bench -p normkey-bench --bench storage -- normkey
//! CARGO_TARGET_DIR=target/overflow-checks CARGO_PROFILE_BENCH_OVERFLOW_CHECKS=true \
//!   CARGO_PROFILE_BENCH_DEBUG_ASSERTIONS=true cargo bench -p normkey-bench --bench storage -- normkey
//! ```
// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

mod peers;

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use normkey::Rgb10a2Unorm;

/// `n` inputs spread over [lo − 0.2, 1.2] (some clamp), from a tiny xorshift.
#[allow(clippy::cast_precision_loss)]
fn inputs(lo: f32, n: usize) -> Vec<f32> {
    let mut s = 0x9e37_79b9_7f4a_7c15_u64;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let u = (s >> 40) as f32 / (1u64 << 24) as f32;
            (lo - 0.2) + u * (1.4 - lo)
        })
        .collect()
}

/// One format, both sizes: `$T`'s slice forms against the peers in `peers::$T`.
macro_rules! bench_format {
    ($c:ident, $T:ident, lo = $lo:literal, decode = [$($dec:ident),*], encode = [$($enc:ident),*]) => {
        for n in peers::STORAGE_SIZES {
            let floats = inputs($lo, n);
            let mut codes = vec![normkey::$T::ZERO; n];
            normkey::$T::encode_slice(&floats, &mut codes);
            let raw: Vec<_> = codes.iter().map(|c| c.to_bits()).collect();

            let mut g = $c.benchmark_group(concat!(stringify!($T), "_decode"));
            let mut out = vec![0.0_f32; n];
            g.bench_function(BenchmarkId::new("normkey", n), |b| {
                b.iter(|| normkey::$T::decode_slice(black_box(&codes), black_box(&mut out)));
            });
            $(
                g.bench_function(BenchmarkId::new(stringify!($dec), n), |b| {
                    b.iter(|| {
                        let src = black_box(&raw[..]);
                        for (d, &c) in black_box(&mut out[..]).iter_mut().zip(src) {
                            *d = peers::$T::$dec(c);
                        }
                    });
                });
            )*
            g.finish();

            let mut g = $c.benchmark_group(concat!(stringify!($T), "_encode"));
            let mut out_codes = vec![normkey::$T::ZERO; n];
            g.bench_function(BenchmarkId::new("normkey", n), |b| {
                b.iter(|| normkey::$T::encode_slice(black_box(&floats), black_box(&mut out_codes)));
            });
            let mut out_raw = raw.clone();
            $(
                g.bench_function(BenchmarkId::new(stringify!($enc), n), |b| {
                    b.iter(|| {
                        let src = black_box(&floats[..]);
                        for (d, &x) in black_box(&mut out_raw[..]).iter_mut().zip(src) {
                            *d = peers::$T::$enc(x);
                        }
                    });
                });
            )*
            g.finish();
        }
    };
}

fn storage(c: &mut Criterion) {
    peers::storage_formats!(bench_format, c);
}

/// `Rgb10a2Unorm`'s slice forms against the hand-written shift-and-or loops.
fn packed(c: &mut Criterion) {
    for n in peers::STORAGE_SIZES {
        let flat = inputs(0.0, 4 * n);
        let px: Vec<[f32; 4]> = flat
            .chunks_exact(4)
            .map(|p| [p[0], p[1], p[2], p[3]])
            .collect();
        let mut out = vec![Rgb10a2Unorm::default(); n];
        let mut raw = vec![0_u32; n];
        let mut g = c.benchmark_group("Rgb10a2Unorm_encode");
        g.bench_function(BenchmarkId::new("normkey", n), |b| {
            b.iter(|| Rgb10a2Unorm::encode_slice(black_box(&px), black_box(&mut out)));
        });
        g.bench_function(BenchmarkId::new("add_half_shift_or", n), |b| {
            b.iter(|| {
                let src = black_box(&px[..]);
                for (d, &p) in black_box(&mut raw[..]).iter_mut().zip(src) {
                    *d = peers::rgb10a2::add_half_shift_or(p);
                }
            });
        });
        g.finish();
        let mut dec = vec![[0.0_f32; 4]; n];
        let mut g = c.benchmark_group("Rgb10a2Unorm_decode");
        g.bench_function(BenchmarkId::new("normkey", n), |b| {
            b.iter(|| Rgb10a2Unorm::decode_slice(black_box(&out), black_box(&mut dec)));
        });
        g.bench_function(BenchmarkId::new("div_shift_mask", n), |b| {
            b.iter(|| {
                let src = black_box(&raw[..]);
                for (d, &p) in black_box(&mut dec[..]).iter_mut().zip(src) {
                    *d = peers::rgb10a2::div_shift_mask(p);
                }
            });
        });
        g.finish();
    }
}

criterion_group! {
    name = benches;
    // Short: 4 formats × 2 sizes × 8 benches. Override on the command line
    // (`cargo bench -p normkey-bench --bench storage -- --measurement-time 5`).
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = storage, packed
}
criterion_main!(benches);
