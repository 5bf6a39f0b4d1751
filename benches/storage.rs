//! The storage formats' slice conversions against the common inexact peers, in
//! one run: `cargo bench --bench storage`.
//!
//! * `decode`: `decode_slice` (exact `c / max`) against a plain widening loop
//!   (`c as f32`, no scaling at all): the floor any decoder can reach.
//! * `encode`: `encode_slice` (exact nearest code, NaN → 0) against the usual
//!   `(x.clamp(lo, 1.0) * max + 0.5) as code` loop (what `image` does for UNORM8;
//!   about 128 UNORM8 inputs wrong), with the half added away from zero for SNORM.
//!
//! Two sizes: 4096 elements (in L1: compute bound, the ratio of the instruction
//! counts) and 2²⁰ elements (4 MiB of `f32`, beyond L2: what a texture-sized
//! conversion sees). Report the ratios normkey / peer per format and size.
// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use normkey::{Snorm8, Snorm16, Unorm8, Unorm16};

const SIZES: [usize; 2] = [4096, 1 << 20];

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

/// One format: `$T` over `$code` against the peer encoder `$peer` and a widening loop.
macro_rules! bench_format {
    ($c:ident, $T:ident, $code:ty, lo = $lo:literal, peer = $peer:expr) => {
        for n in SIZES {
            bench_format!(@size $c, $T, $code, lo = $lo, peer = $peer, n);
        }
    };
    (@size $c:ident, $T:ident, $code:ty, lo = $lo:literal, peer = $peer:expr, $n:ident) => {{
        let n: usize = $n;
        let name = stringify!($T);
        let floats = inputs($lo, n);
        let mut codes = vec![$T::ZERO; n];
        $T::encode_slice(&floats, &mut codes);
        let raw: Vec<$code> = codes.iter().map(|c| c.to_bits()).collect();

        let mut g = $c.benchmark_group(format!("{name}/decode"));
        let mut out = vec![0.0_f32; n];
        g.bench_function(BenchmarkId::new("normkey", n), |b| {
            b.iter(|| $T::decode_slice(black_box(&codes), black_box(&mut out)))
        });
        g.bench_function(BenchmarkId::new("widen_as_f32", n), |b| {
            b.iter(|| {
                let src = black_box(&raw[..]);
                for (d, &s) in black_box(&mut out[..]).iter_mut().zip(src) {
                    *d = f32::from(s);
                }
            })
        });
        g.finish();

        let mut g = $c.benchmark_group(format!("{name}/encode"));
        let mut out_codes = vec![$T::ZERO; n];
        let mut out_raw: Vec<$code> = vec![0; n];
        g.bench_function(BenchmarkId::new("normkey", n), |b| {
            b.iter(|| $T::encode_slice(black_box(&floats), black_box(&mut out_codes)))
        });
        g.bench_function(BenchmarkId::new("clamp_mul_add_half", n), |b| {
            b.iter(|| {
                let src = black_box(&floats[..]);
                for (d, &x) in black_box(&mut out_raw[..]).iter_mut().zip(src) {
                    *d = $peer(x);
                }
            })
        });
        g.finish();
    }};
}

// The peers: the UNORM formula (what `image` does), and for SNORM the same
// with the half added away from zero. Their truncating casts are their rounding.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
fn storage(c: &mut Criterion) {
    bench_format!(
        c,
        Unorm8,
        u8,
        lo = 0.0,
        peer = |x: f32| (x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
    );
    bench_format!(
        c,
        Unorm16,
        u16,
        lo = 0.0,
        peer = |x: f32| (x.clamp(0.0, 1.0) * 65535.0 + 0.5) as u16
    );
    bench_format!(
        c,
        Snorm8,
        i8,
        lo = -1.0,
        peer = |x: f32| {
            let y = x.clamp(-1.0, 1.0) * 127.0;
            (y + 0.5_f32.copysign(y)) as i8
        }
    );
    bench_format!(
        c,
        Snorm16,
        i16,
        lo = -1.0,
        peer = |x: f32| {
            let y = x.clamp(-1.0, 1.0) * 32767.0;
            (y + 0.5_f32.copysign(y)) as i16
        }
    );
}

criterion_group!(benches, storage);
criterion_main!(benches);
