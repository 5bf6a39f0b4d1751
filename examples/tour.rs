//! A tour of normkey: `cargo run --release -p normkey-bench --example tour [OUTPUT.ppm]`.
//!
//! Five stops, each printing what it shows:
//! 1. `OrderedKey<f32>`: the keys of the edge values, and a sort by key;
//! 2. C++ AMP `Norm` against HLSL `SnormFloat` on `(0.9 + 0.3) - 0.4`;
//! 3. exact `Unorm8` conversions against the usual one-line forms, counted over
//!    every code and every `f32` in [0, 1] (about 7 CPU-seconds in release, split
//!    over all cores; a debug build checks [1/512, 1] only), and what each does
//!    with NaN;
//! 4. a multi-threaded min/max luminance reduction of a generated HDR frame, which
//!    is then tonemapped, encoded to sRGB with `Srgb8::encode_slice` and written as
//!    a binary PPM (default: `normkey-tour.ppm` in the temporary directory);
//! 5. sRGB: the worst error of the `powf` formula next to `Srgb8`'s, against the
//!    exact curve (`normkey-oracle`, in `f64`), near each of the 255 points where
//!    the code changes (the only places a code can be wrong), and for every code
//!    decoded; then, for each texture format, the worst error of the usual
//!    hand-written conversion next to normkey's, against `normkey-oracle`: the
//!    UNORM channels (`.round()` and `+ 0.5` truncation) and float11/float10
//!    (through `half::f16` and a shift) near every point where the code changes,
//!    RGB9E5 (the `EXT_texture_shared_exponent` rule in `f32`, and the `rgbe`
//!    crate) on random and edge pixels. About 1.5 s in release.

use normkey::{AtomicF32Max, AtomicF32Min, Norm, OrderedKey, Snorm8, SnormFloat, Srgb8, Unorm8};
use normkey::{B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Rg11b10Ufloat, Rgb9e5Ufloat, Rgb10a2Unorm};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

/// The peers of the packed float formats, as the benchmarks run them.
#[path = "../benches/peers/ufloat.rs"]
mod peers;

fn main() -> ExitCode {
    let path = std::env::args_os().nth(1).map_or_else(
        || std::env::temp_dir().join("normkey-tour.ppm"),
        PathBuf::from,
    );
    ordered_keys();
    amp_versus_hlsl();
    unorm8_decode();
    unorm8_encode();
    unorm8_nan();
    let written = hdr_frame(&path);
    srgb_naive_versus_exact();
    unorm_channels_naive_versus_exact();
    small_floats_naive_versus_exact();
    rgb9e5_naive_versus_exact();
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!(
                "error: could not write the image to {}: {e}",
                path.display()
            );
            ExitCode::FAILURE
        }
    }
}

/// The worker threads for the parallel parts.
fn threads() -> usize {
    std::thread::available_parallelism().map_or(4, std::num::NonZero::get)
}

/// A float as the tour prints it: `{:?}`, except that a NaN shows its sign.
fn show(x: f32) -> String {
    match (x.is_nan(), x.is_sign_negative()) {
        (true, true) => "-NaN".into(),
        (true, false) => "+NaN".into(),
        (false, _) => format!("{x:?}"),
    }
}

/// Keys of the edge values, and a sort by key that is IEEE 754 totalOrder.
fn ordered_keys() {
    println!("== 1. OrderedKey<f32>: floats as order-preserving unsigned integers ==");
    println!("A positive float's key is its bits with the sign bit set; a negative float's");
    println!("key is its bits inverted. Unsigned order of the keys is IEEE totalOrder.");
    let values = [
        1.5_f32,
        f32::NAN,
        -0.0,
        f32::NEG_INFINITY,
        0.0,
        -f32::NAN,
        f32::INFINITY,
        -1.5,
        f32::from_bits(1), // the smallest positive subnormal
    ];
    println!(
        "{:>8}  {:>10}  {:>10}  big-endian key bytes",
        "value", "bits", "key"
    );
    for x in values {
        let k = OrderedKey::from(x);
        println!(
            "{:>8}  {:#010x}  {:#010x}  {:02x?}",
            show(x),
            x.to_bits(),
            k.to_bits(),
            k.to_be_bytes()
        );
    }

    let mut sorted = values;
    sorted.sort_by_key(|&x| OrderedKey::from(x));
    let shown: Vec<String> = sorted.iter().map(|&x| show(x)).collect();
    println!("sorted by key: [{}]", shown.join(", "));
    println!("-NaN first, -0.0 before +0.0, +NaN last: the order of f32::total_cmp.");
    let mut by_total_cmp = values;
    by_total_cmp.sort_by(f32::total_cmp);
    assert!(same_bits(&sorted, &by_total_cmp));

    // A whole buffer in place: floats -> keys -> sort -> floats, no allocation.
    let mut buf = values;
    let keys = OrderedKey::<f32>::encode_in_place(&mut buf);
    keys.sort_unstable();
    let back = OrderedKey::<f32>::decode_in_place(keys);
    assert!(same_bits(back, &sorted));
    println!(
        "Sorting the keys in place (encode_in_place, sort, decode_in_place) agrees, bit for bit.\n"
    );
}

/// Whether two slices hold the same floats, bit for bit (NaN payloads and -0 included).
fn same_bits(a: &[f32], b: &[f32]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
}

/// The example of the post "norm and unorm in C++ AMP": AMP's `norm` clamps after
/// every operation, HLSL's `snorm float` only when the value is stored.
fn amp_versus_hlsl() {
    println!("== 2. (0.9 + 0.3) - 0.4: C++ AMP norm (Norm) vs HLSL snorm float (SnormFloat) ==");
    let amp_sum = Norm::new(0.9) + Norm::new(0.3);
    let amp = amp_sum - Norm::new(0.4);
    let hlsl_sum = SnormFloat(0.9) + SnormFloat(0.3);
    let hlsl = hlsl_sum - SnormFloat(0.4);
    println!(
        "Norm clamps after every operation: 0.9 + 0.3 = {amp_sum} (clamped from {}), - 0.4 = {amp}",
        0.9_f32 + 0.3
    );
    println!(
        "SnormFloat is plain f32 arithmetic: 0.9 + 0.3 = {hlsl_sum}, - 0.4 = {hlsl} (0.8, up to f32 rounding)"
    );
    let (amp_code, hlsl_code) = (Snorm8::from(amp), Snorm8::from(hlsl));
    println!(
        "Stored as Snorm8 (code/127): Norm -> {} ({}), SnormFloat -> {} ({})",
        amp_code.to_bits(),
        amp_code.to_f32(),
        hlsl_code.to_bits(),
        hlsl_code.to_f32()
    );
    let big = SnormFloat(1.5);
    println!(
        "SnormFloat(1.5) stays {big} in arithmetic; only the store clamps: Snorm8 {} (= 1.0), clamped() = {}",
        Snorm8::from(big).to_bits(),
        big.clamped()
    );
    println!(
        "HLSL's result with Norm: compute in f32, clamp once at the store: Norm::new((0.9 + 0.3) - 0.4) = {}\n",
        Norm::new((0.9_f32 + 0.3) - 0.4)
    );
}

/// UNORM8 decoding: `c / 255` correctly rounded, against multiplying by `1/255`.
fn unorm8_decode() {
    println!("== 3a. Unorm8 decode: code c -> c/255 as f32, correctly rounded ==");
    let exact = |c: u8| Unorm8::from_bits(c).to_f32();
    let wrong = |naive: fn(u8) -> f32| {
        (0..=u8::MAX)
            .filter(|&c| naive(c).to_bits() != exact(c).to_bits())
            .collect::<Vec<u8>>()
    };
    let divide = wrong(|c| f32::from(c) / 255.0);
    let reciprocal = wrong(|c| f32::from(c) * (1.0 / 255.0));
    println!(
        "c as f32 / 255.0:         {:>3} of 256 codes differ from Unorm8::to_f32 (IEEE division rounds once)",
        divide.len()
    );
    println!(
        "c as f32 * (1.0 / 255.0): {:>3} of 256 codes differ (1/255 is rounded, then the product again)",
        reciprocal.len()
    );
    assert!(divide.is_empty());
    if let Some(&c) = reciprocal.first() {
        println!(
            "  e.g. c = {c}: {c} * (1/255) = {:?}, but {c}/255 = {:.12} is nearer {:?}",
            f32::from(c) * (1.0 / 255.0),
            f64::from(c) / 255.0,
            exact(c)
        );
    }
    println!();
}

/// An encoder from `f32` to a UNORM8 code, and the expression that defines it.
#[derive(Clone, Copy)]
struct Encoder {
    name: &'static str,
    encode: fn(f32) -> u8,
}

/// An [`Encoder`] from an expression in `x`, named by the expression's own text.
macro_rules! encoder {
    ($x:ident => $e:expr) => {
        Encoder {
            name: stringify!($e),
            encode: |$x: f32| $e,
        }
    };
}

/// The one-line encoders whose wrong results the tour counts: clamp, scale, then
/// add one half and truncate (as found in image code), or round half away from zero.
// The saturating `as u8` cast is part of what is counted.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
const NAIVE: [Encoder; 2] = [
    encoder!(x => (x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8),
    encoder!(x => (x.clamp(0.0, 1.0) * 255.0).round() as u8),
];

/// How often one naive encoder differs from `Unorm8::from_f32`, and the smallest
/// input (by bits, so by value) where it does.
#[derive(Clone, Copy, Default)]
struct Tally {
    wrong: u64,
    first: Option<u32>,
}

impl Tally {
    fn merge(self, other: Self) -> Self {
        let first = match (self.first, other.first) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Self {
            wrong: self.wrong + other.wrong,
            first,
        }
    }
}

/// The tallies of the `NAIVE` encoders over every float whose bits are in `bits`.
/// A block of inputs is counted branch-free, all encoders in one pass; it is
/// searched for an encoder's first wrong input only if it holds one and none has
/// been found yet.
fn tally(bits: Range<u32>) -> [Tally; 2] {
    const BLOCK: u32 = 1 << 12;
    let wrong_at = |naive: Encoder, b: u32| {
        let x = f32::from_bits(b);
        (naive.encode)(x) != Unorm8::from_f32(x).to_bits()
    };
    let mut tallies = [Tally::default(); 2];
    let mut lo = bits.start;
    while lo < bits.end {
        let block = lo..bits.end.min(lo.saturating_add(BLOCK));
        let mut wrong = [0_u32; 2];
        for b in block.clone() {
            let x = f32::from_bits(b);
            let exact = Unorm8::from_f32(x).to_bits();
            for (w, naive) in wrong.iter_mut().zip(NAIVE) {
                *w += u32::from((naive.encode)(x) != exact);
            }
        }
        for ((t, w), naive) in tallies.iter_mut().zip(wrong).zip(NAIVE) {
            t.wrong += u64::from(w);
            if w > 0 && t.first.is_none() {
                t.first = block.clone().find(|&b| wrong_at(naive, b));
            }
        }
        lo = block.end;
    }
    tallies
}

/// The tallies of the `NAIVE` encoders over every float whose bits are in `bits`,
/// split over `threads` threads.
fn tally_parallel(bits: Range<u32>, threads: usize) -> [Tally; 2] {
    let len = bits.len().div_ceil(threads);
    let step = u32::try_from(len).expect("a part of a u32 range has a u32 length");
    std::thread::scope(|s| {
        let workers: Vec<_> = bits
            .clone()
            .step_by(len)
            .map(|lo| s.spawn(move || tally(lo..bits.end.min(lo.saturating_add(step)))))
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a counting thread panicked"))
            .fold([Tally::default(); 2], |[a, b], [c, d]| {
                [a.merge(c), b.merge(d)]
            })
    })
}

/// UNORM8 encoding: `round(x·255)` exactly, against the usual one-line forms, over
/// every `f32` in [0, 1] (in a debug build, [2⁻⁹, 1]).
fn unorm8_encode() {
    println!("== 3b. Unorm8 encode: x -> the code nearest x*255 ==");
    // A debug build is some 30 times slower: it checks the top 9 binades only.
    let low = if cfg!(debug_assertions) {
        1.0_f32 / 512.0
    } else {
        0.0
    };
    let bits = low.to_bits()..1.0_f32.to_bits() + 1;
    let n = bits.len();
    if cfg!(debug_assertions) {
        println!(
            "Debug build: only the {n} f32 in [1/512, 1] (9 binades; release checks all of [0, 1])."
        );
    } else {
        println!("Every f32 in [0, 1]: {n} inputs.");
    }
    let threads = threads();
    let clock = Instant::now();
    let tallies = tally_parallel(bits, threads);
    let seconds = clock.elapsed().as_secs_f64();
    println!("Wrong results against Unorm8::from_f32 ({threads} threads, {seconds:.2} s):");
    for (naive, t) in NAIVE.iter().zip(tallies) {
        println!("  {:<42} {:>4}", naive.name, t.wrong);
    }

    println!("The smallest wrong input of each:");
    let steps: [fn(f32, f64) -> String; 2] = [plus_half_steps, rounded_steps];
    for ((naive, t), steps) in NAIVE.iter().zip(tallies).zip(steps) {
        let Some(b) = t.first else { continue };
        let x = f32::from_bits(b);
        let exact = f64::from(x) * 255.0; // exact: 24 + 8 significant bits fit in an f64
        let (code, wrong) = (Unorm8::from_f32(x).to_bits(), (naive.encode)(x));
        println!("  x = {x:?} ({b:#010x}): x*255 = {exact:?} exactly, so code {code};");
        println!("    in f32: {}: {wrong}.", steps(x, exact));
        assert_eq!(wrong, code + 1);
    }
    println!("In both, one f32 rounding lifts the value onto the point where the code");
    println!("changes, and the result is one too high. normkey rounds x*255 exactly, in f32.");
}

/// The f32 steps of `NAIVE[0]` at `x`, against the exact product `exact`.
fn plus_half_steps(x: f32, exact: f64) -> String {
    let product = x * 255.0;
    let sum = product + 0.5;
    format!(
        "x*255.0 = {product:?} ({}), + 0.5 = {sum:?} ({}), truncated",
        rounding(product, exact),
        rounding(sum, exact + 0.5)
    )
}

/// The f32 steps of `NAIVE[1]` at `x`, against the exact product `exact`.
fn rounded_steps(x: f32, exact: f64) -> String {
    let product = x * 255.0;
    format!(
        "x*255.0 = {product:?} ({}), .round()",
        rounding(product, exact)
    )
}

/// How the f32 `value` relates to the exact result `exact`: rounded up, down, or exact.
fn rounding(value: f32, exact: f64) -> &'static str {
    match f64::from(value).partial_cmp(&exact) {
        Some(std::cmp::Ordering::Greater) => "rounded up",
        Some(std::cmp::Ordering::Less) => "rounded down",
        _ => "exact",
    }
}

/// What the one-line encoders and normkey make of NaN.
// `manual_clamp`: `clamp` keeps NaN; what `min`/`max` do with it is the point.
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::manual_clamp
)]
fn unorm8_nan() {
    println!("NaN, as +NaN and -NaN:");
    let cases = [
        (NAIVE[0], "clamp keeps NaN, and `as u8` turns NaN into 0", 0),
        (NAIVE[1], "the same", 0),
        (
            encoder!(x => (x.min(1.0).max(0.0) * 255.0).round() as u8),
            "min ignores NaN: 1.0, white",
            255,
        ),
        (
            encoder!(x => (x.max(0.0).min(1.0) * 255.0).round() as u8),
            "max ignores NaN: 0.0",
            0,
        ),
        (
            Encoder {
                name: "Unorm8::from_f32",
                encode: |x| Unorm8::from_f32(x).to_bits(),
            },
            "0 by rule (D3D), not by accident",
            0,
        ),
    ];
    for (e, why, expected) in cases {
        let codes = ((e.encode)(f32::NAN), (e.encode)(-f32::NAN));
        println!("  {:<44} {:>3}, {:>3}  {why}", e.name, codes.0, codes.1);
        assert_eq!(codes, (expected, expected));
    }
    println!();
}

/// The frame's size, in pixels.
const W: u16 = 640;
const H: u16 = 360;
/// The dead pixel (NaN), at column 10 of row 10.
const DEAD: usize = 10 * W as usize + 10;

/// Min/max luminance of a generated HDR frame, reduced by several threads into two
/// shared reducers; then the frame tonemapped, quantized to UNORM8 and written as
/// a PPM to `path`.
fn hdr_frame(path: &Path) -> std::io::Result<()> {
    println!("== 4. AtomicF32Min / AtomicF32Max: min/max luminance of an HDR frame ==");
    let mut frame: Vec<[f32; 3]> = (0..H)
        .flat_map(|y| (0..W).map(move |x| (x, y)))
        .map(|(x, y)| sky(f32::from(x) / f32::from(W), f32::from(y) / f32::from(H)))
        .collect();
    // A dead pixel, and a -0.0 next to a +0.0 from an upstream subtraction, as a
    // real HDR frame may hold.
    frame[DEAD] = [f32::NAN; 3];
    frame[0] = [-0.0; 3];
    frame[1] = [0.0; 3];
    let luminance: Vec<f32> = frame
        .iter()
        .map(|[r, g, b]| 0.2126 * r + 0.7152 * g + 0.0722 * b)
        .collect();
    let (_, brightest) = luminance_range(&luminance);
    write_ppm(path, &frame, brightest)
}

/// The darkest and brightest luminance, NaN ignored, reduced by several threads.
fn luminance_range(luminance: &[f32]) -> (f32, f32) {
    // Each thread takes a band of whole rows, reduces each row locally
    // (fetch_*_slice), and makes one atomic update per row.
    let w = usize::from(W);
    let (darkest, brightest) = (AtomicF32Min::default(), AtomicF32Max::default());
    let threads = threads();
    let band = usize::from(H).div_ceil(threads) * w;
    std::thread::scope(|s| {
        for rows in luminance.chunks(band) {
            let (darkest, brightest) = (&darkest, &brightest);
            s.spawn(move || {
                for row in rows.chunks(w) {
                    darkest.fetch_min_slice(row, Relaxed);
                    brightest.fetch_max_slice(row, Relaxed);
                }
            });
        }
    });
    let (lo, hi) = (darkest.into_inner(), brightest.into_inner());
    println!("{threads} threads, {W}x{H} pixels: luminance in [{lo:?}, {hi:?}].");
    println!("fetch_min/fetch_max ignore the NaN pixel and order -0.0 below +0.0 (totalOrder):");
    println!("the same as a sequential min_by/max_by(f32::total_cmp) over the numbers.");
    // Compared bit for bit: `==` would not tell -0.0 from +0.0.
    let numbers = || luminance.iter().copied().filter(|l| !l.is_nan());
    let sequential = [
        numbers().min_by(f32::total_cmp),
        numbers().max_by(f32::total_cmp),
    ];
    assert_eq!(
        sequential.map(|l| l.map(f32::to_bits)),
        [Some(lo.to_bits()), Some(hi.to_bits())]
    );

    // Between frames: take() reads and resets in one step.
    let reducer = AtomicF32Min::default();
    reducer.fetch_minimum(luminance[DEAD], Relaxed);
    println!(
        "fetch_minimum propagates NaN instead: after the dead pixel it holds {} (the NaN that",
        show(reducer.take(Relaxed))
    );
    println!(
        "sorts first); take() returned it and reset the reducer to {:?}, the identity.",
        reducer.load(Relaxed)
    );
    (lo, hi)
}

/// Tonemaps `frame` with white point `white`, encodes it to sRGB with one
/// `Srgb8::encode_slice` call, and writes it to `path` as a binary PPM.
fn write_ppm(path: &Path, frame: &[[f32; 3]], white: f32) -> std::io::Result<()> {
    println!("Tonemap: extended Reinhard c*(1 + c/w^2)/(1 + c) per channel, white point w = the");
    println!("max luminance {white:.3} (a channel at w maps to 1), still linear; then sRGB.");
    let linear: Vec<f32> = frame
        .as_flattened()
        .iter()
        .map(|&c| c * (1.0 + c / (white * white)) / (1.0 + c))
        .collect();
    let mut codes = vec![Srgb8::ZERO; linear.len()];
    Srgb8::encode_slice(&linear, &mut codes);
    let pixel = |i: usize| [0, 1, 2].map(|k| codes[3 * i + k].to_bits());
    println!(
        "encode_slice clamps channels above 1 to 255 and maps NaN to 0: the dead pixel is {:?},",
        pixel(DEAD)
    );
    println!(
        "a black dot at (10, 10); the -0.0 and +0.0 pixels are {:?} and {:?}.",
        pixel(0),
        pixel(1)
    );
    assert_eq!([pixel(DEAD), pixel(0), pixel(1)], [[0; 3]; 3]);

    // Binary PPM: a text header, then the RGB bytes; Srgb8 is a `u8` (bytemuck::Pod).
    let mut ppm = format!("P6\n{W} {H}\n255\n").into_bytes();
    ppm.extend_from_slice(bytemuck::cast_slice::<Srgb8, u8>(&codes));
    std::fs::write(path, &ppm)?;
    println!(
        "Wrote {} ({} bytes, {W}x{H} RGB, sRGB-encoded as PPM viewers expect).",
        path.display(),
        ppm.len()
    );
    println!();
    Ok(())
}

/// The sRGB curve written out in `f32` with `powf`, as a user would: the naive encoder.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // `as` is its rounding
fn naive_srgb_encode(x: f32) -> u8 {
    let x = x.clamp(0.0, 1.0);
    let s = if x <= 0.003_130_8 {
        12.92 * x
    } else {
        1.055 * x.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as u8
}

/// Its inverse in `f32` with `powf`: the naive decoder.
fn naive_srgb_decode(c: u8) -> f32 {
    let y = f32::from(c) / 255.0;
    if y <= 0.040_45 {
        y / 12.92
    } else {
        ((y + 0.055) / 1.055).powf(2.4)
    }
}

/// The worst errors of the naive sRGB conversions and of `Srgb8`'s.
#[allow(clippy::cast_possible_truncation)] // the f64 reference rounded to f32 on purpose
fn srgb_naive_versus_exact() {
    println!("== 5. Srgb8 against the powf formula, both measured on the exact curve ==");
    // A code can only be wrong where the exact value is near a half-code, i.e. next
    // to a point where the code changes: 2^14 f32 either side of each of the 255.
    let (mut naive_worst, mut exact_worst, mut naive_wrong, mut exact_wrong) = (0.0, 0.0, 0, 0);
    for t in Srgb8::ENCODE_THRESHOLDS {
        let b = t.to_bits();
        for bits in b - (1 << 14)..b + (1 << 14) {
            let x = f32::from_bits(bits);
            let exact = normkey_oracle::srgb_encode_scaled(x);
            let (naive, ours) = (naive_srgb_encode(x), Srgb8::from_f32(x).to_bits());
            naive_worst = f64::max(naive_worst, (f64::from(naive) - exact).abs());
            exact_worst = f64::max(exact_worst, (f64::from(ours) - exact).abs());
            naive_wrong += u32::from(naive != normkey_oracle::srgb_encode(x));
            exact_wrong += u32::from(ours != normkey_oracle::srgb_encode(x));
        }
    }
    println!("encode, worst |code - 255*srgb(x)| over 255 * 2^15 inputs near the code changes:");
    println!(
        "  (1.055*x.powf(1.0/2.4) - 0.055)*255 rounded: {naive_worst:.9} codes, {naive_wrong} codes not the nearest"
    );
    println!(
        "  Srgb8::from_f32:                             {exact_worst:.9} codes, {exact_wrong} codes not the nearest"
    );
    assert!(exact_worst < 0.5 && exact_wrong == 0);

    // Decode: the error in units of the last place of the result.
    let ulps = |got: f32, c: u8| {
        let exact = normkey_oracle::srgb_decode(c);
        // The spacing of the f32 just above the exact value's rounding.
        let e = exact as f32;
        let ulp = f64::from(f32::from_bits(e.to_bits() + 1)) - f64::from(e);
        (f64::from(got) - exact).abs() / ulp
    };
    let worst = |f: &dyn Fn(u8) -> f32| (0..=255u8).map(|c| ulps(f(c), c)).fold(0.0, f64::max);
    let (naive, ours) = (
        worst(&naive_srgb_decode),
        worst(&|c| Srgb8::from_bits(c).to_f32()),
    );
    println!("decode, worst error over the 256 codes, in ULPs of the result:");
    println!("  ((c/255 + 0.055)/1.055).powf(2.4):           {naive:.3} ULP");
    println!(
        "  Srgb8::to_f32:                               {ours:.3} ULP (the nearest f32: at most 0.5)"
    );
    assert!(ours <= 0.5);
    println!();
}

/// One UNORM channel of a packed format: where it is, its width, and normkey's
/// code for it (the format's own encoder, the channel read back from the bits).
struct Channel {
    name: &'static str,
    bits: u32,
    normkey: fn(f32) -> u32,
}

/// Every UNORM channel width of the packed formats.
const CHANNELS: [Channel; 6] = [
    Channel {
        name: "Rgb10a2Unorm R, G, B",
        bits: 10,
        normkey: |x| Rgb10a2Unorm::from_rgba([x, 0.0, 0.0, 0.0]).to_bits() & 0x3FF,
    },
    Channel {
        name: "B5g6r5Unorm G",
        bits: 6,
        normkey: |x| u32::from(B5g6r5Unorm::from_rgb([0.0, x, 0.0]).to_bits() >> 5 & 0x3F),
    },
    Channel {
        name: "B5g6r5Unorm R, B; Bgr5a1Unorm R, G, B",
        bits: 5,
        normkey: |x| u32::from(B5g6r5Unorm::from_rgb([x, 0.0, 0.0]).to_bits() >> 11),
    },
    Channel {
        name: "Bgra4Unorm B, G, R, A",
        bits: 4,
        normkey: |x| u32::from(Bgra4Unorm::from_rgba([x, 0.0, 0.0, 0.0]).to_bits() >> 8 & 0xF),
    },
    Channel {
        name: "Rgb10a2Unorm A",
        bits: 2,
        normkey: |x| Rgb10a2Unorm::from_rgba([0.0, 0.0, 0.0, x]).to_bits() >> 30,
    },
    Channel {
        name: "Bgr5a1Unorm A",
        bits: 1,
        normkey: |x| u32::from(Bgr5a1Unorm::from_rgba([0.0, 0.0, 0.0, x]).to_bits() >> 15),
    },
];

/// The worst error of an encoder and how many of its inputs miss the exact code.
#[derive(Clone, Copy, Default)]
struct Worst {
    error: f64,
    wrong: u64,
}

impl Worst {
    fn add(&mut self, error: f64, wrong: bool) {
        self.error = self.error.max(error);
        self.wrong += u64::from(wrong);
    }
}

/// An error in the tour's columns, 11 wide: fixed point when small, else scientific.
fn error(e: f64) -> String {
    if e < 1000.0 {
        format!("{e:11.9}")
    } else {
        format!("{e:11.3e}")
    }
}

/// The f32 either side of each of the `2^bits − 1` points `(k + ½)/max` where a
/// UNORM code changes: a one-line encoder can only pick the wrong code within an
/// f32 rounding of them.
const UNORM_WINDOW: u32 = 1 << 8;

/// The UNORM channels: `.round()` and `+ 0.5` truncation against normkey, in codes.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // `as` is their rounding
fn unorm_channels_naive_versus_exact() {
    println!("== 5b. Packed UNORM channels: one-line encoders against normkey ==");
    println!(
        "Worst |code - x*max| in codes, and inputs not given the nearest code (normkey-oracle),"
    );
    println!("over the {UNORM_WINDOW} f32 either side of each point where the code changes:");
    println!(
        "  {:<38} {:>4} {:>7} | {:<19} | {:<19} | normkey",
        "channel", "bits", "inputs", "(x*max).round()", "(x*max+0.5) as u32"
    );
    println!(
        "  {0:<38} {0:>4} {0:>7} | {1:>11} {2:>7} | {1:>11} {2:>7} | {1:>11} {2:>7}",
        "", "worst", "wrong"
    );
    for ch in CHANNELS {
        let max = (1_u16 << ch.bits) - 1;
        let m = f32::from(max);
        let round = |x: f32| (x.clamp(0.0, 1.0) * m).round() as u32;
        let plus_half = |x: f32| (x.clamp(0.0, 1.0) * m + 0.5) as u32;
        let mut worst = [Worst::default(); 3];
        let mut inputs = 0_u64;
        for k in 0..max {
            let t = ((f64::from(k) + 0.5) / f64::from(max)) as f32;
            let b = t.to_bits();
            for bits in b - UNORM_WINDOW..=b + UNORM_WINDOW {
                let x = f32::from_bits(bits);
                let exact = f64::from(x.clamp(0.0, 1.0)) * f64::from(max);
                let want = normkey_oracle::encode_unorm(x, ch.bits);
                for (w, code) in worst
                    .iter_mut()
                    .zip([round(x), plus_half(x), (ch.normkey)(x)])
                {
                    w.add((f64::from(code) - exact).abs(), i64::from(code) != want);
                }
                inputs += 1;
            }
        }
        let cell = |w: Worst| format!("{} {:>7}", error(w.error), w.wrong);
        println!(
            "  {:<38} {:>4} {:>7} | {} | {} | {}",
            ch.name,
            ch.bits,
            inputs,
            cell(worst[0]),
            cell(worst[1]),
            cell(worst[2])
        );
        assert!(worst[2].error <= 0.5 && worst[2].wrong == 0);
    }
    println!();
}

/// An unsigned small float channel of `Rg11b10Ufloat`: its name, mantissa width,
/// normkey's code and the code through `half::f16` and a shift.
struct SmallFloat {
    name: &'static str,
    mbits: u32,
    normkey: fn(f32) -> u32,
    half: fn(f32) -> u32,
}

const SMALL_FLOATS: [SmallFloat; 2] = [
    SmallFloat {
        name: "Rg11b10Ufloat R, G (float11)",
        mbits: 6,
        normkey: |x| Rg11b10Ufloat::from_rgb([x, 0.0, 0.0]).to_bits() & 0x7FF,
        half: |x| peers::half_rg11b10([x, 0.0, 0.0]) & 0x7FF,
    },
    SmallFloat {
        name: "Rg11b10Ufloat B (float10)",
        mbits: 5,
        normkey: |x| Rg11b10Ufloat::from_rgb([0.0, 0.0, x]).to_bits() >> 22,
        half: |x| peers::half_rg11b10([0.0, 0.0, x]) >> 22,
    },
];

/// The f32 either side of each midpoint between two adjacent small-float values:
/// half an `f16` ULP, within which `f16`'s rounding can land on the midpoint (for
/// normal `f16`). A debug build takes every 64th.
const FLOAT_WINDOW: u32 = 1 << 12;
const FLOAT_STEP: usize = if cfg!(debug_assertions) { 64 } else { 1 };

/// float11/float10: the `half` route against normkey, in ULPs of the format.
#[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)] // exact values
fn small_floats_naive_versus_exact() {
    println!("== 5c. Rg11b10Ufloat: half::f16::from_f32 and a shift, against normkey ==");
    println!("Worst |value - x| in ULPs of the format, and inputs not given the nearest value,");
    println!(
        "over {} f32 either side of each midpoint between two finite values{}:",
        FLOAT_WINDOW,
        if FLOAT_STEP == 1 {
            ""
        } else {
            " (debug build: every 64th)"
        }
    );
    println!(
        "  {:<30} {:>9} | {:<19} | normkey",
        "channel", "inputs", "f16 then shift"
    );
    println!(
        "  {0:<30} {0:>9} | {1:>11} {2:>7} | {1:>11} {2:>7}",
        "", "worst", "wrong"
    );
    for f in SMALL_FLOATS {
        let value = |c: u32| normkey_oracle::ufloat_value(c, f.mbits);
        // The spacing of the format's values in x's binade (denormals: 2^-14's).
        let ulp = |x: f32| {
            let e = ((f64::from(x).to_bits() >> 52) as i32) - 1023;
            normkey_oracle::pow2(e.max(-14) - f.mbits as i32)
        };
        let mut worst = [Worst::default(); 2];
        let mut inputs = 0_u64;
        for c in 0..(31 << f.mbits) - 1 {
            let mid = f64::midpoint(value(c), value(c + 1)) as f32; // exact: one bit more
            let b = mid.to_bits();
            for bits in (b - FLOAT_WINDOW..=b + FLOAT_WINDOW).step_by(FLOAT_STEP) {
                let x = f32::from_bits(bits);
                let want = normkey_oracle::encode_ufloat(x, f.mbits);
                for (w, code) in worst.iter_mut().zip([(f.half)(x), (f.normkey)(x)]) {
                    w.add((value(code) - f64::from(x)).abs() / ulp(x), code != want);
                }
                inputs += 1;
            }
        }
        let cell = |w: Worst| format!("{} {:>7}", error(w.error), w.wrong);
        println!(
            "  {:<30} {:>9} | {} | {}",
            f.name,
            inputs,
            cell(worst[0]),
            cell(worst[1])
        );
        assert!(worst[1].error <= 0.5 && worst[1].wrong == 0);
    }
    let x = 65520.0;
    let (half, ours) = ((SMALL_FLOATS[0].half)(x), (SMALL_FLOATS[0].normkey)(x));
    println!(
        "  and x = {x:?}: f16 overflows, float11 code {half:#05x} ({}); normkey {ours:#05x} ({}, the largest finite)",
        normkey_oracle::ufloat_value(half, 6),
        normkey_oracle::ufloat_value(ours, 6)
    );
    println!();
}

/// An encoder of RGB9E5 pixels, to its code.
type Rgb9e5Encoder = fn([f32; 3]) -> u32;

/// `Rgb9e5Ufloat` as the `EXT_texture_shared_exponent` rule reads, written in
/// `f32`: `⌊log₂ maxc⌋` by `log2().floor()`, mantissas by `⌊x/denom + 0.5⌋`.
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // `as` is its rounding
fn naive_rgb9e5(rgb: [f32; 3]) -> u32 {
    let c = rgb.map(|v| v.clamp(0.0, 65408.0));
    let maxc = c[0].max(c[1]).max(c[2]);
    let mut e = (maxc.log2().floor() as i32).max(-16) + 16;
    let mut denom = 2.0_f32.powi(e - 24);
    if (maxc / denom + 0.5).floor() as u32 == 512 {
        e += 1;
        denom *= 2.0;
    }
    let m = c.map(|v| (v / denom + 0.5).floor() as u32);
    m[0] | m[1] << 9 | m[2] << 18 | (e as u32) << 27
}

/// RGB9E5: the `f32` transcription of the rule and the `rgbe` crate against
/// normkey, in steps of the exact code's shared exponent.
#[allow(clippy::cast_possible_wrap)] // a 5-bit exponent
fn rgb9e5_naive_versus_exact() {
    println!("== 5d. Rgb9e5Ufloat: the rule in f32, and rgbe::RGB9E5::pack, against normkey ==");
    let count = if cfg!(debug_assertions) {
        1 << 14
    } else {
        1 << 20
    };
    let pixels = peers::rgb9e5_pixels(count);
    println!(
        "Worst |value - clamped x| over the channels, in steps 2^(E-24) of the exact code, and"
    );
    println!(
        "pixels decoding to another value, over {count} random and edge pixels (ties, exponent bumps, 0, <0, inf, NaN):"
    );
    let clamp = |v: f32| {
        if v.is_nan() || v <= 0.0 {
            0.0
        } else {
            f64::from(v).min(65408.0)
        }
    };
    // (encoder, its name, GL's half-up mantissas or nearest even)
    let rows: [(Rgb9e5Encoder, &str, bool); 4] = [
        (naive_rgb9e5, "the GL rule in f32 (half up)", true),
        (
            |p| Rgb9e5Ufloat::from_rgb_half_up(p).to_bits(),
            "Rgb9e5Ufloat::from_rgb_half_up",
            true,
        ),
        (peers::rgbe_rgb9e5, "rgbe::RGB9E5::pack 0.0.2", false),
        (
            |p| Rgb9e5Ufloat::from_rgb(p).to_bits(),
            "Rgb9e5Ufloat::from_rgb",
            false,
        ),
    ];
    for (encode, name, half_up) in rows {
        let mut worst = Worst::default();
        for &p in &pixels {
            let want = normkey_oracle::encode_rgb9e5(p, half_up);
            let step = normkey_oracle::pow2((want >> 27) as i32 - 24);
            let got = normkey_oracle::decode_rgb9e5(encode(p));
            let e = (0..3)
                .map(|k| (got[k] - clamp(p[k])).abs() / step)
                .fold(0.0, f64::max);
            let same =
                got.map(f64::to_bits) == normkey_oracle::decode_rgb9e5(want).map(f64::to_bits);
            worst.add(e, !same);
        }
        println!(
            "  {name:<32} {} steps, {:>7} wrong",
            error(worst.error),
            worst.wrong
        );
        if name.starts_with("Rgb9e5Ufloat") {
            assert!(worst.error <= 0.5 && worst.wrong == 0);
        }
    }
    println!();
}

/// The HDR radiance at (`u`, `v`) in [0, 1)²: a sky from deep blue at the top to a
/// pale horizon, a sun about 40 times brighter than the sky with a warm glow, and
/// dark ground below the horizon.
fn sky(u: f32, v: f32) -> [f32; 3] {
    const HORIZON: f32 = 0.7;
    if v >= HORIZON {
        let t = (v - HORIZON) / (1.0 - HORIZON);
        return [0.05, 0.06, 0.03].map(|c| c * (1.0 - 0.7 * t));
    }
    let t = (v / HORIZON).powi(2);
    let (top, low) = ([0.10_f32, 0.25, 0.75], [1.0_f32, 0.80, 0.60]);
    // Distance to the sun at (0.7, 0.45), in units of the frame height.
    let d2 = ((u - 0.7) * (16.0 / 9.0)).powi(2) + (v - 0.45).powi(2);
    let (disc, glow) = (40.0 * (-d2 * 2000.0).exp(), 1.5 * (-d2 * 40.0).exp());
    let warm = [1.0, 0.75, 0.45];
    [0, 1, 2].map(|k| top[k] + (low[k] - top[k]) * t + disc + glow * warm[k])
}
