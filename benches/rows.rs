//! The runtime conversions `Format::encode_rows` / `Format::decode_rows` against
//! the typed `encode_slice` / `decode_slice` of the same format, on one
//! 2048 × 2048 image, in one run: `cargo bench -p normkey-bench --bench rows` (a filter such as
//! `cargo bench -p normkey-bench --bench rows -- Rgba8Unorm` runs one format).
//!
//! Groups `<format>_encode` and `<format>_decode`, each with `typed` (the type's
//! slice form, on its own input shape: `[f32; 4]`, `[f32; 3]` or `f32`) and
//! `rows` (the runtime form from `[f32; 4]` texels into bytes with rows padded to
//! 256 bytes, wgpu's copy alignment). Criterion reports the time per image; the
//! ratio rows / typed is the per-texel overhead of the runtime form.
//! `Rgba16Float_downsample`: `Format::downsample_with`, `propagate` against `skip`
//! (NaN samples skipped), one 2048 × 2048 level (`-- downsample` runs it alone).
//!
//! `NORMKEY_ICOUNT=<type>:<op>` (`op`: `typed-encode`, `rows-encode`,
//! `typed-decode`, `rows-decode`; `type` as in the group names) runs instead one
//! conversion 4 times on a 2048 × 32 image (the same texels and layout) inside
//! `measured`, for an instruction count that a busy machine does not disturb:
//!
//! ```text
//! cargo bench -p normkey-bench --bench rows --no-run   # prints the binary, target/release/deps/rows-…
//! NORMKEY_ICOUNT=Rg11b10Ufloat:rows-encode valgrind --tool=callgrind \
//!     --toggle-collect='rows::measured' target/release/deps/rows-…
//! ```
//!
//! (instructions per texel: callgrind's "Collected" / 262 144).
// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group};
use normkey::storage::{Snorm8, Snorm16, Unorm8, Unorm16};
use normkey::texture::{
    AlphaMode, B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Bgra8Unorm, Bgra8UnormSrgb, Format, NanPolicy,
    Rg11b10Ufloat, Rgb9e5Ufloat, Rgb10a2Unorm, Rgba8Unorm, Rgba8UnormSrgb, Texel,
};

/// The image side.
const SIDE: usize = 2048;

/// `n` linear texels: channels in about [−0.1, 1.2), from a xorshift.
#[allow(clippy::cast_precision_loss)]
fn texels(n: usize) -> Vec<[f32; 4]> {
    let mut s = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s >> 40) as f32 / (1u64 << 24) as f32 * 1.3 - 0.1
    };
    (0..n).map(|_| [next(), next(), next(), next()]).collect()
}

/// One typed format: `$shape` converts an `[f32; 4]` to the type's input.
macro_rules! bench_format {
    ($c:ident, $src:ident, $T:ident, $shape:expr) => {{
        let format = <$T as Texel>::FORMAT;
        let typed_src: Vec<_> = $src.iter().map($shape).collect();
        let mut typed = vec![<$T as Texel>::from_rgba([0.0; 4]); $src.len()];
        let pitch = format.row_pitch(SIDE, 256).unwrap();
        let mut bytes = vec![0u8; pitch * SIDE];
        let mut g = $c.benchmark_group(concat!(stringify!($T), "_encode"));
        g.bench_function("typed", |b| {
            b.iter(|| $T::encode_slice(black_box(&typed_src), black_box(&mut typed)));
        });
        g.bench_function("rows", |b| {
            b.iter(|| {
                format.encode_rows(black_box(&$src), SIDE, SIDE, black_box(&mut bytes), pitch)
            });
        });
        g.finish();

        let mut typed_out = typed_src.clone();
        let mut out = $src.clone();
        let mut g = $c.benchmark_group(concat!(stringify!($T), "_decode"));
        g.bench_function("typed", |b| {
            b.iter(|| $T::decode_slice(black_box(&typed), black_box(&mut typed_out)));
        });
        g.bench_function("rows", |b| {
            b.iter(|| {
                format.decode_rows(black_box(&bytes), pitch, SIDE, SIDE, black_box(&mut out))
            });
        });
        g.finish();
    }};
}

fn rows(c: &mut Criterion) {
    let src = texels(SIDE * SIDE);
    let rgba = |p: &[f32; 4]| *p;
    let rgb = |p: &[f32; 4]| [p[0], p[1], p[2]];
    let r = |p: &[f32; 4]| p[0];
    bench_format!(c, src, Unorm8, r);
    bench_format!(c, src, Snorm8, r);
    bench_format!(c, src, Unorm16, r);
    bench_format!(c, src, Snorm16, r);
    bench_format!(c, src, Rgba8Unorm, rgba);
    bench_format!(c, src, Rgba8UnormSrgb, rgba);
    bench_format!(c, src, Bgra8Unorm, rgba);
    bench_format!(c, src, Bgra8UnormSrgb, rgba);
    bench_format!(c, src, Rgb10a2Unorm, rgba);
    bench_format!(c, src, Bgr5a1Unorm, rgba);
    bench_format!(c, src, Bgra4Unorm, rgba);
    bench_format!(c, src, B5g6r5Unorm, rgb);
    bench_format!(c, src, Rg11b10Ufloat, rgb);
    bench_format!(c, src, Rgb9e5Ufloat, rgb);
}

/// `Format::downsample_with` on one `Rgba16Float` 2048 × 2048 level, one channel
/// in 8 NaN: group `Rgba16Float_downsample`, `propagate` against `skip`.
fn downsample(c: &mut Criterion) {
    let format = Format::Rgba16Float;
    let mut src = texels(SIDE * SIDE);
    for (i, x) in src.iter_mut().flatten().enumerate() {
        if i % 8 == 3 {
            *x = f32::NAN;
        }
    }
    let pitch = format.row_pitch(SIDE, 256).unwrap();
    let mut bytes = vec![0u8; pitch * SIDE];
    format
        .encode_rows(&src, SIDE, SIDE, &mut bytes, pitch)
        .unwrap();
    let dpitch = format.row_pitch(SIDE / 2, 256).unwrap();
    let mut out = vec![0u8; dpitch * SIDE / 2];
    let mut g = c.benchmark_group("Rgba16Float_downsample");
    for (name, nan) in [
        ("propagate", NanPolicy::Propagate),
        ("skip", NanPolicy::Skip),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let (src, dst) = (black_box(&bytes), black_box(&mut out));
                format.downsample_with(
                    src,
                    pitch,
                    SIDE,
                    SIDE,
                    dst,
                    dpitch,
                    AlphaMode::Straight,
                    nan,
                )
            });
        });
    }
    g.finish();
}

criterion_group! {
    name = benches;
    // Large images: few samples, short runs (the machine is shared).
    config = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2));
    targets = rows, downsample
}
/// The rows of the `NORMKEY_ICOUNT` image.
const ICOUNT_ROWS: usize = 32;

/// Runs `f` 4 times: the one function callgrind counts (`--toggle-collect`).
#[inline(never)]
fn measured(f: &mut dyn FnMut()) {
    for _ in 0..4 {
        f();
    }
}

/// One conversion of `NORMKEY_ICOUNT`'s `op` for `$T`, if `$name` is its type.
macro_rules! icount_format {
    ($name:ident, $op:ident, $T:ident, $shape:expr) => {
        if $name == stringify!($T) {
            let format = <$T as Texel>::FORMAT;
            let src = texels(SIDE * ICOUNT_ROWS);
            let typed_src: Vec<_> = src.iter().map($shape).collect();
            let mut typed = vec![<$T as Texel>::from_rgba([0.0; 4]); src.len()];
            $T::encode_slice(&typed_src, &mut typed);
            let pitch = format.row_pitch(SIDE, 256).unwrap();
            let mut bytes = vec![0u8; pitch * ICOUNT_ROWS];
            let (w, h) = (SIDE, ICOUNT_ROWS);
            format.encode_rows(&src, w, h, &mut bytes, pitch).unwrap();
            let (mut typed_out, mut out) = (typed_src.clone(), src.clone());
            match $op {
                "typed-encode" => measured(&mut || {
                    $T::encode_slice(black_box(&typed_src), black_box(&mut typed));
                }),
                "rows-encode" => measured(&mut || {
                    let dst = black_box(&mut bytes);
                    format
                        .encode_rows(black_box(&src), w, h, dst, pitch)
                        .unwrap();
                }),
                "typed-decode" => measured(&mut || {
                    $T::decode_slice(black_box(&typed), black_box(&mut typed_out));
                }),
                "rows-decode" => measured(&mut || {
                    let dst = black_box(&mut out);
                    format
                        .decode_rows(black_box(&bytes), pitch, w, h, dst)
                        .unwrap();
                }),
                _ => panic!("NORMKEY_ICOUNT: unknown op {}", $op),
            }
            black_box((&typed, &bytes, &typed_out, &out));
            return;
        }
    };
}

/// `NORMKEY_ICOUNT=<type>:<op>`: see the module docs.
fn icount(spec: &str) {
    let (name, op) = spec.split_once(':').expect("NORMKEY_ICOUNT: <type>:<op>");
    let rgba = |p: &[f32; 4]| *p;
    let rgb = |p: &[f32; 4]| [p[0], p[1], p[2]];
    let r = |p: &[f32; 4]| p[0];
    icount_format!(name, op, Unorm8, r);
    icount_format!(name, op, Snorm8, r);
    icount_format!(name, op, Unorm16, r);
    icount_format!(name, op, Snorm16, r);
    icount_format!(name, op, Rgba8Unorm, rgba);
    icount_format!(name, op, Rgba8UnormSrgb, rgba);
    icount_format!(name, op, Bgra8Unorm, rgba);
    icount_format!(name, op, Bgra8UnormSrgb, rgba);
    icount_format!(name, op, Rgb10a2Unorm, rgba);
    icount_format!(name, op, Bgr5a1Unorm, rgba);
    icount_format!(name, op, Bgra4Unorm, rgba);
    icount_format!(name, op, B5g6r5Unorm, rgb);
    icount_format!(name, op, Rg11b10Ufloat, rgb);
    icount_format!(name, op, Rgb9e5Ufloat, rgb);
    panic!("NORMKEY_ICOUNT: unknown type {name}");
}

fn main() {
    if let Ok(spec) = std::env::var("NORMKEY_ICOUNT") {
        icount(&spec);
    } else {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
