//! The runtime conversions `Format::encode_rows` / `Format::decode_rows` (on
//! `[f32; 4]` texels) and `Format::encode_channel_rows` /
//! `Format::decode_channel_rows` (on the format's own channels) against the typed
//! `encode_slice` / `decode_slice` of the same format, on one 2048 × 2048 image, in
//! one run: `cargo bench -p normkey-bench --bench rows` (a filter such as
//! `cargo bench -p normkey-bench --bench rows -- Rgba8Unorm` runs one format).
//!
//! Groups `<format>_encode` and `<format>_decode`, each with `typed` (the type's
//! slice form, on its own input shape: `[f32; 4]`, `[f32; 3]` or `f32`),
//! `channels` (the runtime form on the same floats, as one `&[f32]`) and `rows` (the
//! runtime form from `[f32; 4]` texels), both into bytes with rows padded to 256
//! bytes, wgpu's copy alignment. Criterion reports the time per image; the ratios
//! channels / typed and rows / typed are the per-texel overhead of the runtime
//! forms. `Rgba16Float_downsample`: `Format::downsample_with`, `propagate` against
//! `skip` (NaN samples skipped), one 2048 × 2048 level (`-- downsample` runs it
//! alone).
//!
//! `NORMKEY_RATIOS=<rounds>` prints instead the table of those ratios, the three
//! forms of each format and direction run in turn, `rounds` times (medians), so
//! that a busy machine's slow spells fall on all three alike; the `*16Float`
//! formats' `typed` is `f16_encode_slice` / `f16_decode_slice` on the same floats:
//!
//! ```text
//! NORMKEY_RATIOS=15 cargo bench -p normkey-bench --bench rows
//! ```
//!
//! `NORMKEY_DOWNSAMPLE_RATIO=<rounds>` prints instead the medians of the
//! `downsample` group's two policies, run in turn `rounds` times, and their ratio:
//!
//! ```text
//! NORMKEY_DOWNSAMPLE_RATIO=40 cargo bench -p normkey-bench --all-features --bench rows
//! ```
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
//! `NORMKEY_ICOUNT=Rgba16Float:downsample-skip` (or `downsample-propagate`) runs
//! the `downsample` group's call 4 times on the same texels, 2048 × 32 (16 384
//! boxes per call).
// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group};
use normkey::storage::{Snorm8, Snorm16, Unorm8, Unorm16};
use normkey::texture::{
    AlphaMode, B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Bgra8Unorm, Bgra8UnormSrgb, Format,
    ImageLayout, NanPolicy, Rg11b10Ufloat, Rgb9e5Ufloat, Rgb10a2Unorm, Rgba8Unorm, Rgba8UnormSrgb,
    Texel, f16_decode_slice, f16_encode_slice,
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
        let flat: &[f32] = bytemuck::cast_slice(&typed_src);
        let mut typed = vec![<$T as Texel>::from_rgba([0.0; 4]); $src.len()];
        let layout = format.layout(SIDE, SIDE, 256).unwrap();
        let mut bytes = vec![0u8; layout.row_pitch * SIDE];
        let mut g = $c.benchmark_group(concat!(stringify!($T), "_encode"));
        g.bench_function("typed", |b| {
            b.iter(|| $T::encode_slice(black_box(&typed_src), black_box(&mut typed)));
        });
        g.bench_function("channels", |b| {
            b.iter(|| format.encode_channel_rows(black_box(flat), black_box(&mut bytes), layout));
        });
        g.bench_function("rows", |b| {
            b.iter(|| format.encode_rows(black_box(&$src), black_box(&mut bytes), layout));
        });
        g.finish();

        let mut typed_out = typed_src.clone();
        let mut flat_out = flat.to_vec();
        let mut out = $src.clone();
        let mut g = $c.benchmark_group(concat!(stringify!($T), "_decode"));
        g.bench_function("typed", |b| {
            b.iter(|| $T::decode_slice(black_box(&typed), black_box(&mut typed_out)));
        });
        g.bench_function("channels", |b| {
            b.iter(|| {
                format.decode_channel_rows(black_box(&bytes), layout, black_box(&mut flat_out))
            });
        });
        g.bench_function("rows", |b| {
            b.iter(|| format.decode_rows(black_box(&bytes), layout, black_box(&mut out)));
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

/// The `downsample` group's input, `SIDE` × `rows` `Rgba16Float` texels (rows
/// padded to 256 bytes) with one channel in 8 NaN (every other texel's alpha), and
/// its next level's buffer and layout.
fn downsample_level(rows: usize) -> (Vec<u8>, ImageLayout, Vec<u8>, ImageLayout) {
    let format = Format::Rgba16Float;
    let mut src = texels(SIDE * rows);
    for (i, x) in src.iter_mut().flatten().enumerate() {
        if i % 8 == 3 {
            *x = f32::NAN;
        }
    }
    let layout = format.layout(SIDE, rows, 256).unwrap();
    let mut bytes = vec![0u8; layout.row_pitch * rows];
    format.encode_rows(&src, &mut bytes, layout).unwrap();
    let dlayout = format.mip_layout(layout, 256).unwrap();
    let out = vec![0u8; dlayout.row_pitch * dlayout.height];
    (bytes, layout, out, dlayout)
}

/// `Format::downsample_with` on one `Rgba16Float` 2048 × 2048 level, one channel
/// in 8 NaN: group `Rgba16Float_downsample`, `propagate` against `skip`.
fn downsample(c: &mut Criterion) {
    let format = Format::Rgba16Float;
    let (bytes, layout, mut out, dlayout) = downsample_level(SIDE);
    let mut g = c.benchmark_group("Rgba16Float_downsample");
    for (name, nan) in [
        ("propagate", NanPolicy::Propagate),
        ("skip", NanPolicy::Skip),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let (src, dst) = (black_box(&bytes), black_box(&mut out));
                format.downsample_with(src, layout, dst, dlayout, AlphaMode::Straight, nan)
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
/// The median of `xs`.
fn median(xs: &mut [f64]) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Seconds of one call of `f`.
fn seconds(f: &mut dyn FnMut()) -> f64 {
    let t = std::time::Instant::now();
    f();
    t.elapsed().as_secs_f64()
}

/// One line of `NORMKEY_RATIOS`'s table: `ops` are typed, channels and rows
/// encode, then the same three decodes, each run once per round in turn.
fn ratio_line(name: &str, rounds: usize, ops: &mut [&mut dyn FnMut(); 6]) {
    let mut t = vec![Vec::new(); 6];
    for _ in 0..rounds {
        for (op, t) in ops.iter_mut().zip(&mut t) {
            t.push(seconds(op));
        }
    }
    let ms: Vec<f64> = t.iter_mut().map(|t| median(t) * 1e3).collect();
    println!(
        "| `{name}` | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} |",
        ms[0],
        ms[1],
        ms[1] / ms[0],
        ms[2],
        ms[2] / ms[0],
        ms[3],
        ms[4],
        ms[4] / ms[3],
        ms[5],
        ms[5] / ms[3],
    );
}

/// `NORMKEY_RATIOS`'s line of one typed format (`$shape` as in [`bench_format`]).
macro_rules! ratio_format {
    ($rounds:ident, $src:ident, $T:ident, $shape:expr) => {{
        let format = <$T as Texel>::FORMAT;
        let typed_src: Vec<_> = $src.iter().map($shape).collect();
        let flat: &[f32] = bytemuck::cast_slice(&typed_src);
        let mut typed = vec![<$T as Texel>::from_rgba([0.0; 4]); $src.len()];
        let layout = format.layout(SIDE, SIDE, 256).unwrap();
        let mut bytes = vec![0u8; layout.row_pitch * SIDE];
        format.encode_rows(&$src, &mut bytes, layout).unwrap();
        let (mut typed_out, mut flat_out, mut out) =
            (typed_src.clone(), flat.to_vec(), $src.clone());
        let (bytes_in, typed_in, mut bytes_r) = (bytes.clone(), typed.clone(), bytes.clone());
        ratio_line(
            stringify!($T),
            $rounds,
            &mut [
                &mut || $T::encode_slice(black_box(&typed_src), black_box(&mut typed)),
                &mut || {
                    format
                        .encode_channel_rows(black_box(flat), black_box(&mut bytes), layout)
                        .unwrap();
                },
                &mut || {
                    format
                        .encode_rows(black_box(&$src), black_box(&mut bytes_r), layout)
                        .unwrap();
                },
                &mut || $T::decode_slice(black_box(&typed_in), black_box(&mut typed_out)),
                &mut || {
                    format
                        .decode_channel_rows(black_box(&bytes_in), layout, black_box(&mut flat_out))
                        .unwrap();
                },
                &mut || {
                    format
                        .decode_rows(black_box(&bytes_in), layout, black_box(&mut out))
                        .unwrap();
                },
            ],
        );
    }};
}

/// `NORMKEY_RATIOS=<rounds>`: see the module docs.
fn ratios(rounds: usize) {
    let src = texels(SIDE * SIDE);
    println!(
        "| format | typed encode ms | channels encode ms | ratio | rows encode ms | ratio | \
         typed decode ms | channels decode ms | ratio | rows decode ms | ratio |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    let rgba = |p: &[f32; 4]| *p;
    let rgb = |p: &[f32; 4]| [p[0], p[1], p[2]];
    let r = |p: &[f32; 4]| p[0];
    ratio_format!(rounds, src, Unorm8, r);
    ratio_format!(rounds, src, Snorm8, r);
    ratio_format!(rounds, src, Unorm16, r);
    ratio_format!(rounds, src, Snorm16, r);
    ratio_format!(rounds, src, Rgba8Unorm, rgba);
    ratio_format!(rounds, src, Rgba8UnormSrgb, rgba);
    ratio_format!(rounds, src, Bgra8Unorm, rgba);
    ratio_format!(rounds, src, Bgra8UnormSrgb, rgba);
    ratio_format!(rounds, src, Rgb10a2Unorm, rgba);
    ratio_format!(rounds, src, Bgr5a1Unorm, rgba);
    ratio_format!(rounds, src, Bgra4Unorm, rgba);
    ratio_format!(rounds, src, B5g6r5Unorm, rgb);
    ratio_format!(rounds, src, Rg11b10Ufloat, rgb);
    ratio_format!(rounds, src, Rgb9e5Ufloat, rgb);
    // The binary16 formats: their typed slices are `f16_encode_slice` /
    // `f16_decode_slice` on the same floats.
    for format in [Format::R16Float, Format::Rg16Float, Format::Rgba16Float] {
        let n = format.channels();
        let flat: Vec<f32> = src.iter().flat_map(|p| p[..n].to_vec()).collect();
        let mut halves = vec![0u16; flat.len()];
        let layout = format.layout(SIDE, SIDE, 256).unwrap();
        let mut bytes = vec![0u8; layout.row_pitch * SIDE];
        format.encode_rows(&src, &mut bytes, layout).unwrap();
        let (bytes_in, mut bytes_r) = (bytes.clone(), bytes.clone());
        let mut halves_in = halves.clone();
        f16_encode_slice(&flat, &mut halves_in);
        let (mut flat_out, mut flat_out_n, mut out) = (flat.clone(), flat.clone(), src.clone());
        ratio_line(
            format.name(),
            rounds,
            &mut [
                &mut || f16_encode_slice(black_box(&flat), black_box(&mut halves)),
                &mut || {
                    format
                        .encode_channel_rows(black_box(&flat), black_box(&mut bytes), layout)
                        .unwrap();
                },
                &mut || {
                    format
                        .encode_rows(black_box(&src), black_box(&mut bytes_r), layout)
                        .unwrap();
                },
                &mut || f16_decode_slice(black_box(&halves_in), black_box(&mut flat_out)),
                &mut || {
                    format
                        .decode_channel_rows(
                            black_box(&bytes_in),
                            layout,
                            black_box(&mut flat_out_n),
                        )
                        .unwrap();
                },
                &mut || {
                    format
                        .decode_rows(black_box(&bytes_in), layout, black_box(&mut out))
                        .unwrap();
                },
            ],
        );
    }
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
            format
                .encode_rows(&src, &mut bytes, ImageLayout::new(w, h, pitch))
                .unwrap();
            let (mut typed_out, mut out) = (typed_src.clone(), src.clone());
            match $op {
                "typed-encode" => measured(&mut || {
                    $T::encode_slice(black_box(&typed_src), black_box(&mut typed));
                }),
                "rows-encode" => measured(&mut || {
                    let dst = black_box(&mut bytes);
                    format
                        .encode_rows(black_box(&src), dst, ImageLayout::new(w, h, pitch))
                        .unwrap();
                }),
                "typed-decode" => measured(&mut || {
                    $T::decode_slice(black_box(&typed), black_box(&mut typed_out));
                }),
                "rows-decode" => measured(&mut || {
                    let dst = black_box(&mut out);
                    format
                        .decode_rows(black_box(&bytes), ImageLayout::new(w, h, pitch), dst)
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
    if name == "Rgba16Float" {
        // The `downsample` group's level, 2048 × 32.
        let nan = match op {
            "downsample-propagate" => NanPolicy::Propagate,
            "downsample-skip" => NanPolicy::Skip,
            _ => panic!("NORMKEY_ICOUNT: unknown op {op}"),
        };
        let (bytes, layout, mut out, dlayout) = downsample_level(ICOUNT_ROWS);
        measured(&mut || {
            let (src, dst) = (black_box(&bytes), black_box(&mut out));
            Format::Rgba16Float
                .downsample_with(src, layout, dst, dlayout, AlphaMode::Straight, nan)
                .unwrap();
        });
        black_box(&out);
        return;
    }
    panic!("NORMKEY_ICOUNT: unknown type {name}");
}

/// `NORMKEY_DOWNSAMPLE_RATIO=<rounds>`: see the module docs.
fn downsample_ratio(rounds: usize) {
    let (bytes, layout, mut out, dlayout) = downsample_level(SIDE);
    let mut t = [Vec::new(), Vec::new()];
    for _ in 0..rounds {
        for (t, nan) in t.iter_mut().zip([NanPolicy::Propagate, NanPolicy::Skip]) {
            t.push(seconds(&mut || {
                let (src, dst) = (black_box(&bytes), black_box(&mut out));
                Format::Rgba16Float
                    .downsample_with(src, layout, dst, dlayout, AlphaMode::Straight, nan)
                    .unwrap();
            }));
        }
    }
    let [propagate, skip] = t.map(|mut t| median(&mut t) * 1e3);
    println!(
        "Rgba16Float downsample: propagate {propagate:.2} ms, skip {skip:.2} ms, skip / propagate {:.2}",
        skip / propagate
    );
}

fn main() {
    if let Ok(spec) = std::env::var("NORMKEY_ICOUNT") {
        icount(&spec);
    } else if let Ok(rounds) = std::env::var("NORMKEY_DOWNSAMPLE_RATIO") {
        downsample_ratio(
            rounds
                .parse()
                .expect("NORMKEY_DOWNSAMPLE_RATIO: a number of rounds"),
        );
    } else if let Ok(rounds) = std::env::var("NORMKEY_RATIOS") {
        ratios(rounds.parse().expect("NORMKEY_RATIOS: a number of rounds"));
    } else {
        benches();
        Criterion::default().configure_from_args().final_summary();
    }
}
