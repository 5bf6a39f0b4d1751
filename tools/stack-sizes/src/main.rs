//! The probe of `check.py`: each `probe_*` function calls one of normkey's
//! read-only selection functions or exact sums on 256 values, the way firmware
//! does on a window of samples; each `long_*` function one on a slice of any
//! length. `check.py` reads the frames of the functions they reach
//! (`-Z emit-stack-sizes`) and the calls between them (the disassembly).
#![no_std]
#![no_main]

use core::hint::black_box;
use half::{bf16, f16};
use normkey::sort::{self, Method, Nans};
use normkey::sum::{self, ExactSum};

/// Values per call: the window of issue 40.
const N: usize = 256;

/// `select` on 256 `f32`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_select(v: &[f32; N], k: usize) -> f32 {
    sort::select(v, k).unwrap_or(0.0)
}

/// `select_many` of three ranks of 256 `f32`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_select_many(v: &[f32; N], out: &mut [Option<f32>; 3]) {
    sort::select_many(v, &[0, N / 2, N - 1], out);
}

/// `select` on 256 `f64`: the widest float key (six passes of the wide digits).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_select_f64(v: &[f64; N], k: usize) -> f64 {
    sort::select(v, k).unwrap_or(0.0)
}

/// `quantiles_with_buffer` of five probabilities (two batches) of 256 `f32`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_quantiles(v: &[f32; N], out: &mut [f32; 5], method: Method) -> bool {
    sort::quantiles_with_buffer(v, &[0.0, 0.25, 0.5, 0.99, 1.0], out, method, Nans::Skip).is_ok()
}

/// `quantiles_with_buffer` of one probability of 256 `f64`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_quantile_f64(v: &[f64; N], p: f64) -> f64 {
    let mut out = [0.0];
    let ok = sort::quantiles_with_buffer(v, &[p], &mut out, Method::Linear, Nans::Propagate);
    if ok.is_ok() { out[0] } else { 0.0 }
}

/// `quantile` of a slice of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_quantile(v: &[f32], p: f64) -> f32 {
    sort::quantile(v, p, Method::Hazen, Nans::Propagate).unwrap_or(0.0)
}

/// `top_k_with_buffer` of the 128 smallest of 256 `f32`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_top_k(v: &[f32; N], out: &mut [f32; N / 2], scratch: &mut [f32; N]) -> bool {
    sort::top_k_with_buffer(v, out, scratch).is_ok()
}

/// `top_k_with_buffer` of any `k` of a slice of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_top_k(v: &[f32], out: &mut [f32], scratch: &mut [f32]) -> bool {
    sort::top_k_with_buffer(v, out, scratch).is_ok()
}

/// `top_k_indices_with_buffer` of any `k` of a slice of `f64` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_top_k_indices(v: &[f64], out: &mut [usize], scratch: &mut [(f64, usize)]) -> bool {
    sort::top_k_indices_with_buffer(v, out, scratch).is_ok()
}

/// `select` on a slice of any length (`check.py --long`: both digit widths).
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_select(v: &[f32], k: usize) -> f32 {
    sort::select(v, k).unwrap_or(0.0)
}

/// `select_many` of three ranks of a slice of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_select_many(v: &[f64], out: &mut [Option<f64>; 3]) {
    sort::select_many(v, &[0, v.len() / 2, v.len().saturating_sub(1)], out);
}

/// `quantiles_with_buffer` of five probabilities of a slice of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_quantiles(v: &[f64], out: &mut [f64; 5], method: Method) -> bool {
    sort::quantiles_with_buffer(v, &[0.0, 0.25, 0.5, 0.99, 1.0], out, method, Nans::Skip).is_ok()
}

/// `sum` of 256 `f32`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_sum_f32(v: &[f32; N]) -> f32 {
    sum::sum(v, Nans::Propagate)
}

/// `sum` of 256 `f64`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_sum_f64(v: &[f64; N]) -> f64 {
    sum::sum(v, Nans::Propagate)
}

/// `mean` of 256 `f32`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_mean_f32(v: &[f32; N]) -> f32 {
    sum::mean(v, Nans::Skip)
}

/// `mean` of 256 `f64`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_mean_f64(v: &[f64; N]) -> f64 {
    sum::mean(v, Nans::Skip)
}

/// `sum` of 256 `f16`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_sum_f16(v: &[f16; N]) -> f16 {
    sum::sum(v, Nans::Propagate)
}

/// `mean` of 256 `bf16`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_mean_bf16(v: &[bf16; N]) -> bf16 {
    sum::mean(v, Nans::Propagate)
}

/// `dot` of 256 pairs of `f32`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_dot_f32(a: &[f32; N], b: &[f32; N]) -> f32 {
    sum::dot(a, b, Nans::Propagate)
}

/// `dot` of 256 pairs of `f64`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_dot_f64(a: &[f64; N], b: &[f64; N]) -> f64 {
    sum::dot(a, b, Nans::Skip)
}

/// `dot` of 256 pairs of `f16`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_dot_f16(a: &[f16; N], b: &[f16; N]) -> f16 {
    sum::dot(a, b, Nans::Propagate)
}

/// `dot` of 256 pairs of `bf16`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_dot_bf16(a: &[bf16; N], b: &[bf16; N]) -> bf16 {
    sum::dot(a, b, Nans::Propagate)
}

/// `ExactSum::add_slice` of 256 `f32`, then the value.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_add_slice_f32(s: &mut ExactSum<f32>, v: &[f32; N]) -> f32 {
    s.add_slice(v);
    s.value()
}

/// `ExactSum::add_slice` of 256 `f64`, then the mean.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn probe_add_slice_f64(s: &mut ExactSum<f64>, v: &[f64; N]) -> f64 {
    s.add_slice(v);
    s.mean()
}

/// `sum` of a slice of `f64` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_sum_f64(v: &[f64]) -> f64 {
    sum::sum(v, Nans::Propagate)
}

/// `mean` of a slice of `f32` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_mean_f32(v: &[f32]) -> f32 {
    sum::mean(v, Nans::Skip)
}

/// `sum` of a slice of `bf16` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_sum_bf16(v: &[bf16]) -> bf16 {
    sum::sum(v, Nans::Propagate)
}

/// `mean` of a slice of `f16` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_mean_f16(v: &[f16]) -> f16 {
    sum::mean(v, Nans::Propagate)
}

/// `dot` of two slices of `f32` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_dot_f32(a: &[f32], b: &[f32]) -> f32 {
    sum::dot(a, b, Nans::Propagate)
}

/// `dot` of two slices of `f64` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_dot_f64(a: &[f64], b: &[f64]) -> f64 {
    sum::dot(a, b, Nans::Skip)
}

/// `dot` of two slices of `f16` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_dot_f16(a: &[f16], b: &[f16]) -> f16 {
    sum::dot(a, b, Nans::Skip)
}

/// `dot` of two slices of `bf16` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_dot_bf16(a: &[bf16], b: &[bf16]) -> bf16 {
    sum::dot(a, b, Nans::Skip)
}

/// `ExactSum::add_slice` of a slice of `f64` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_add_slice_f64(s: &mut ExactSum<f64>, v: &[f64]) {
    s.add_slice(v);
}

/// `ExactSum::add_slice` of a slice of `f32` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_add_slice_f32(s: &mut ExactSum<f32>, v: &[f32]) {
    s.add_slice(v);
}

/// `ExactSum::add_slice` of a slice of `f16` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_add_slice_f16(s: &mut ExactSum<f16>, v: &[f16]) {
    s.add_slice(v);
}

/// `ExactSum::add_slice` of a slice of `bf16` of any length.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn long_add_slice_bf16(s: &mut ExactSum<bf16>, v: &[bf16]) {
    s.add_slice(v);
}

/// The entry point (a runtime crate would call `main` from its reset handler):
/// calls every probe, so that the linker keeps them.
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    let v = black_box([0.5_f32; N]);
    let w = black_box([0.5_f64; N]);
    let mut many = [None; 3];
    let mut q = [0.0; 5];
    let mut out = [0.0; N / 2];
    let mut scratch = [0.0; N];
    loop {
        black_box(probe_select(&v, black_box(3)));
        probe_select_many(&v, &mut many);
        black_box(probe_select_f64(&w, black_box(3)));
        black_box(probe_quantiles(&v, &mut q, black_box(Method::Linear)));
        black_box(probe_quantile_f64(&w, black_box(0.5)));
        black_box(probe_top_k(&v, &mut out, &mut scratch));
        black_box(long_select(black_box(&v[..]), black_box(3)));
        black_box(long_quantile(black_box(&v[..]), black_box(0.5)));
        let mut many64 = [None; 3];
        long_select_many(black_box(&w[..]), &mut many64);
        black_box(long_top_k(
            black_box(&v[..]),
            black_box(&mut out[..]),
            black_box(&mut scratch[..]),
        ));
        let mut idx = [0; 4];
        let mut pairs = [(0.0, 0); 8];
        black_box(long_top_k_indices(
            black_box(&w[..]),
            black_box(&mut idx[..]),
            black_box(&mut pairs[..]),
        ));
        let mut q64 = [0.0; 5];
        black_box(long_quantiles(
            black_box(&w[..]),
            &mut q64,
            black_box(Method::Linear),
        ));
        black_box((&many, &q, &out, &many64, &q64));
        sums(&v, &w);
    }
}

/// Calls the exact sums' probes.
#[inline(never)]
fn sums(v: &[f32; N], w: &[f64; N]) {
    let h = black_box([f16::ONE; N]);
    let g = black_box([bf16::ONE; N]);
    black_box(probe_sum_f32(v));
    black_box(probe_sum_f64(w));
    black_box(probe_mean_f32(v));
    black_box(probe_mean_f64(w));
    black_box(probe_sum_f16(&h));
    black_box(probe_mean_bf16(&g));
    black_box(probe_dot_f32(v, v));
    black_box(probe_dot_f64(w, w));
    black_box(probe_dot_f16(&h, &h));
    black_box(probe_dot_bf16(&g, &g));
    let mut s32 = ExactSum::new();
    let mut s64 = ExactSum::new();
    black_box(probe_add_slice_f32(&mut s32, v));
    black_box(probe_add_slice_f64(&mut s64, w));
    black_box(long_sum_f64(black_box(&w[..])));
    black_box(long_mean_f32(black_box(&v[..])));
    black_box(long_sum_bf16(black_box(&g[..])));
    black_box(long_mean_f16(black_box(&h[..])));
    black_box(long_dot_f32(black_box(&v[..]), black_box(&v[..])));
    black_box(long_dot_f64(black_box(&w[..]), black_box(&w[..])));
    black_box(long_dot_f16(black_box(&h[..]), black_box(&h[..])));
    black_box(long_dot_bf16(black_box(&g[..]), black_box(&g[..])));
    long_add_slice_f64(&mut s64, black_box(&w[..]));
    long_add_slice_f32(&mut s32, black_box(&v[..]));
    let mut s16 = ExactSum::new();
    let mut b16 = ExactSum::new();
    long_add_slice_f16(&mut s16, black_box(&h[..]));
    long_add_slice_bf16(&mut b16, black_box(&g[..]));
    black_box((&s32, &s64, &s16, &b16));
}

/// What the prebuilt `core` of a hosted target (`STACK_TARGET=x86_64-unknown-linux-gnu`)
/// names for unwinding, which the probe never does (`panic = "abort"`).
#[cfg(target_os = "linux")]
#[unsafe(no_mangle)]
pub extern "C" fn rust_eh_personality() {}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
