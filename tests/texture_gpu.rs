//! Conformance against recorded GPU hardware: every texel of the three recordings
//! in `tests/data/gpu/` (see its README: an NVIDIA H100 through OpenGL and CUDA,
//! Mesa's llvmpipe through OpenGL, 2026-11-26), read from the committed archives.
//!
//! For each recorded channel value the test counts how often the hardware differs
//! from normkey's exact conversion and from the rule it is said to follow (an
//! independent reference in `normkey-oracle`: bit replication, a product rounded
//! to `f32` first, a wider UNORM code with its low bits dropped, round toward
//! zero). Both counts are pinned in [`EXPECTED`]: where a rule reproduces the
//! hardware its count is 0; where none does (the H100's UNORM/SNORM encoders), the
//! count is the distance from the nearest rule; a changed count fails. The table
//! is printed (`cargo test --test texture_gpu -- --nocapture`): README.md's
//! "Compared with the GPU" is written from it.
//!
//! Not under Miri (file reads; the loops are the same as on the host).

// Codes and channel fields move between integer widths on purpose.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss
)]

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Read;

use normkey::texture::{
    B5g6r5Unorm, Bgr5a1Unorm, Format, ImageLayout, f32_to_f16_rtz, f32_to_uf10_rtz, f32_to_uf11_rtz,
};
use normkey_oracle as oracle;

/// The files of the `.tar.gz` archive `tests/data/gpu/NAME`, by base name.
fn archive(name: &str) -> HashMap<String, Vec<u8>> {
    let path = format!("{}/tests/data/gpu/{name}", env!("CARGO_MANIFEST_DIR"));
    let gz = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut tar = Vec::new();
    flate2::read::GzDecoder::new(&gz[..])
        .read_to_end(&mut tar)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    // POSIX tar: a 512-byte header (name at 0..100, size in octal at 124..136,
    // type at 156: '0' or NUL for a file), the data padded to 512 bytes; a zero
    // block ends the archive.
    let mut files = HashMap::new();
    let mut at = 0;
    while at + 512 <= tar.len() && tar[at] != 0 {
        let header = &tar[at..at + 512];
        let field = |r: std::ops::Range<usize>| {
            std::str::from_utf8(&header[r])
                .unwrap()
                .trim_matches(|c| c == '\0' || c == ' ')
                .to_owned()
        };
        let size = usize::from_str_radix(&field(124..136), 8).unwrap();
        let data = at + 512;
        if matches!(header[156], b'0' | 0) {
            let name = field(0..100);
            let base = name.rsplit('/').next().unwrap().to_owned();
            files.insert(base, tar[data..data + size].to_vec());
        }
        at = data + size.div_ceil(512) * 512;
    }
    assert!(!files.is_empty(), "{path}: no files");
    files
}

/// A GL format of the recordings and normkey's format of the same texels.
struct Gl {
    /// The GL name without `GL_` (the recordings' file names).
    name: &'static str,
    format: Format,
    /// Bytes of one texel word in the recordings.
    word: usize,
    /// The GL texel word as normkey's code: the same bits, or GL's `5_5_5_1` and
    /// `4_4_4_4` orders (R in the top bits, A in the lowest) turned into DXGI's
    /// (A in the top bits).
    to_normkey: fn(u32) -> u32,
    /// The channels of normkey's code, r, g, b(, a): (lowest bit, bits).
    fields: &'static [(u32, u32)],
    /// The kind of every channel but an sRGB format's alpha.
    kind: Kind,
}

/// How a channel stores its value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Unorm,
    Snorm,
    Srgb,
    Ufloat,
    Half,
}

const fn same(w: u32) -> u32 {
    w
}
const fn rot1(w: u32) -> u32 {
    (w as u16).rotate_right(1) as u32
}
const fn rot4(w: u32) -> u32 {
    (w as u16).rotate_right(4) as u32
}

const RGBA8_FIELDS: &[(u32, u32)] = &[(0, 8), (8, 8), (16, 8), (24, 8)];

/// The 13 formats of the GL recordings.
const GL: [Gl; 13] = [
    Gl {
        name: "R8",
        format: Format::R8Unorm,
        word: 1,
        to_normkey: same,
        fields: &[(0, 8)],
        kind: Kind::Unorm,
    },
    Gl {
        name: "R8_SNORM",
        format: Format::R8Snorm,
        word: 1,
        to_normkey: same,
        fields: &[(0, 8)],
        kind: Kind::Snorm,
    },
    Gl {
        name: "R16",
        format: Format::R16Unorm,
        word: 2,
        to_normkey: same,
        fields: &[(0, 16)],
        kind: Kind::Unorm,
    },
    Gl {
        name: "R16_SNORM",
        format: Format::R16Snorm,
        word: 2,
        to_normkey: same,
        fields: &[(0, 16)],
        kind: Kind::Snorm,
    },
    Gl {
        name: "SRGB8_ALPHA8",
        format: Format::Rgba8UnormSrgb,
        word: 4,
        to_normkey: same,
        fields: RGBA8_FIELDS,
        kind: Kind::Srgb,
    },
    Gl {
        name: "RGBA8",
        format: Format::Rgba8Unorm,
        word: 4,
        to_normkey: same,
        fields: RGBA8_FIELDS,
        kind: Kind::Unorm,
    },
    Gl {
        name: "RGB10_A2",
        format: Format::Rgb10a2Unorm,
        word: 4,
        to_normkey: same,
        fields: &[(0, 10), (10, 10), (20, 10), (30, 2)],
        kind: Kind::Unorm,
    },
    Gl {
        name: "RGB565",
        format: Format::B5g6r5Unorm,
        word: 2,
        to_normkey: same,
        fields: &[(11, 5), (5, 6), (0, 5)],
        kind: Kind::Unorm,
    },
    Gl {
        name: "RGB5_A1",
        format: Format::Bgr5a1Unorm,
        word: 2,
        to_normkey: rot1,
        fields: &[(10, 5), (5, 5), (0, 5), (15, 1)],
        kind: Kind::Unorm,
    },
    Gl {
        name: "RGBA4",
        format: Format::Bgra4Unorm,
        word: 2,
        to_normkey: rot4,
        fields: &[(8, 4), (4, 4), (0, 4), (12, 4)],
        kind: Kind::Unorm,
    },
    Gl {
        name: "R11F_G11F_B10F",
        format: Format::Rg11b10Ufloat,
        word: 4,
        to_normkey: same,
        fields: &[(0, 11), (11, 11), (22, 10)],
        kind: Kind::Ufloat,
    },
    Gl {
        name: "RGB9_E5",
        format: Format::Rgb9e5Ufloat,
        word: 4,
        to_normkey: same,
        fields: &[(0, 9), (9, 9), (18, 9)],
        kind: Kind::Ufloat,
    },
    Gl {
        name: "R16F",
        format: Format::R16Float,
        word: 2,
        to_normkey: same,
        fields: &[(0, 16)],
        kind: Kind::Half,
    },
];

fn gl(name: &str) -> &'static Gl {
    GL.iter().find(|g| g.name == name).unwrap()
}

/// The rule a recorded channel is compared with, besides normkey's exact result.
#[derive(Clone, Copy, Debug)]
enum Rule {
    /// normkey's exact conversion (correctly rounded), itself proven against the
    /// oracle on every input by the format's own tests.
    Exact,
    /// Decode: the code widened to 8 bits by bit replication, over 255
    /// ([`oracle::decode_unorm_replicated`]).
    Replicated,
    /// Decode: `f32(c) · f32(1/max)` ([`oracle::decode_times_reciprocal`]).
    TimesReciprocal,
    /// Encode: `round_half_even(f32(x · max))` clamped to [lo, max], NaN → `nan`
    /// ([`oracle::encode_scaled_f32_half_even`]).
    ScaledF32 { lo: i64, nan: i64 },
    /// Encode: the exact UNORM code of `wide` bits, ties to even, its top bits kept
    /// ([`oracle::encode_unorm_via_wider`]).
    ViaWider(u32),
    /// Encode: the exact UNORM code with ties to even
    /// ([`oracle::encode_unorm_half_even`]).
    ExactHalfEven,
    /// Encode: round toward zero ([`oracle::encode_ufloat_toward_zero`],
    /// [`oracle::f16_toward_zero`]); NaN payloads quieted or truncated.
    TowardZero { quiet: bool },
    /// No rule reproduces these values (the sRGB approximations).
    None,
}

/// One channel's counts: how many recorded values differ from normkey and from the
/// rule; NaNs are compared as NaN (their payload bits are counted in `nan_bits`).
#[derive(Default, Clone, Copy, PartialEq, Eq, Debug)]
struct Counts {
    values: usize,
    vs_normkey: usize,
    vs_rule: Option<usize>,
    nan_bits: usize,
    /// Encode, float11/float10 and binary16: differences from normkey's
    /// round-toward-zero encoders (`f32_to_uf11_rtz`, `f32_to_f16_rtz`, …).
    vs_rtz: Option<usize>,
}

/// One line of the table: recording, GL format, direction, channel, rule, counts.
struct Line {
    recording: &'static str,
    format: &'static str,
    direction: &'static str,
    channel: usize,
    rule: Rule,
    counts: Counts,
}

/// The channel of code `c` at `(lowest bit, bits)`, sign-extended for SNORM.
fn field(c: u32, (shift, bits): (u32, u32), kind: Kind) -> i64 {
    let v = (c >> shift) & ((1u64 << bits) - 1) as u32;
    if kind == Kind::Snorm {
        i64::from(((v << (32 - bits)) as i32) >> (32 - bits))
    } else {
        i64::from(v)
    }
}

/// The largest code of a `bits`-bit UNORM or SNORM channel.
fn max_code(bits: u32, kind: Kind) -> i64 {
    if kind == Kind::Snorm {
        oracle::snorm_max(bits)
    } else {
        oracle::unorm_max(bits)
    }
}

/// The little-endian bytes of `codes`, `word` bytes each.
fn le_bytes(codes: &[u32], word: usize) -> Vec<u8> {
    codes
        .iter()
        .flat_map(|c| c.to_le_bytes()[..word].to_vec())
        .collect()
}

/// The words of a little-endian texel array.
fn words(bytes: &[u8], word: usize) -> Vec<u32> {
    bytes
        .chunks_exact(word)
        .map(|w| {
            let mut b = [0u8; 4];
            b[..word].copy_from_slice(w);
            u32::from_le_bytes(b)
        })
        .collect()
}

fn f32s(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect()
}

/// The channel kind of channel `ch` of `g` (an sRGB format's alpha is UNORM).
fn kind_of(g: &Gl, ch: usize) -> Kind {
    if g.kind == Kind::Srgb && ch == 3 {
        Kind::Unorm
    } else {
        g.kind
    }
}

/// Counts one decode recording: `codes` (normkey's codes), `recorded` (`stride`
/// floats per texel, the first `stride` channels), one line per stored channel.
/// Channels the format lacks must be normkey's fill (0, 0, 1), bit for bit.
fn decode_lines(
    recording: &'static str,
    g: &'static Gl,
    codes: &[u32],
    recorded: &[f32],
    stride: usize,
    rule: impl Fn(usize) -> Rule,
    out: &mut Vec<Line>,
) {
    let n = codes.len();
    assert_eq!(recorded.len(), n * stride, "{recording} {}", g.name);
    let mut ours = vec![[0.0f32; 4]; n];
    g.format
        .decode_rows(
            &le_bytes(codes, g.word),
            ImageLayout::new(n, 1, n * g.word),
            &mut ours,
        )
        .unwrap();
    for ch in 0..stride {
        let Some(&f) = g.fields.get(ch) else {
            let missing = (0..n)
                .filter(|&i| recorded[i * stride + ch].to_bits() != ours[i][ch].to_bits())
                .count();
            assert_eq!(
                missing, 0,
                "{recording} {}: channel {ch} is not 0/0/1",
                g.name
            );
            continue;
        };
        let kind = kind_of(g, ch);
        let rule = rule(ch);
        let mut counts = Counts {
            values: n,
            vs_rule: (!matches!(rule, Rule::None)).then_some(0),
            ..Counts::default()
        };
        for (i, &code) in codes.iter().enumerate() {
            let got = recorded[i * stride + ch];
            let ours = ours[i][ch];
            let want = match rule {
                Rule::Exact | Rule::None => ours,
                Rule::Replicated => {
                    oracle::decode_unorm_replicated(field(code, f, kind) as u32, f.1)
                }
                Rule::TimesReciprocal => {
                    oracle::decode_times_reciprocal(field(code, f, kind), max_code(f.1, kind))
                }
                _ => unreachable!("{rule:?} is an encode rule"),
            };
            let differs =
                |a: f32, b: f32| a.to_bits() != b.to_bits() && !(a.is_nan() && b.is_nan());
            counts.vs_normkey += usize::from(differs(got, ours));
            counts.nan_bits += usize::from(got.is_nan() && got.to_bits() != ours.to_bits());
            if let Some(v) = counts.vs_rule.as_mut() {
                *v += usize::from(differs(got, want));
            }
        }
        out.push(Line {
            recording,
            format: g.name,
            direction: "decode",
            channel: ch,
            rule,
            counts,
        });
    }
}

/// Counts one encode recording: `inputs` (four floats per texel) and the stored
/// GL texel words, one line per stored channel.
fn encode_lines(
    recording: &'static str,
    g: &'static Gl,
    inputs: &[f32],
    stored: &[u32],
    rule: impl Fn(usize) -> Rule,
    out: &mut Vec<Line>,
) {
    let n = stored.len();
    assert_eq!(inputs.len(), 4 * n, "{recording} {}", g.name);
    let texels: Vec<[f32; 4]> = inputs
        .chunks_exact(4)
        .map(|t| t.try_into().unwrap())
        .collect();
    let mut bytes = vec![0u8; n * g.word];
    g.format
        .encode_rows(&texels, &mut bytes, ImageLayout::new(n, 1, n * g.word))
        .unwrap();
    let ours = words(&bytes, g.word);
    for (ch, &f) in g.fields.iter().enumerate() {
        let kind = kind_of(g, ch);
        let rule = rule(ch);
        let rtz = match (kind, f.1) {
            (Kind::Half, _) => Some(f32_to_f16_rtz as fn(f32) -> u16),
            (Kind::Ufloat, 11) => Some(f32_to_uf11_rtz as fn(f32) -> u16),
            (Kind::Ufloat, _) => Some(f32_to_uf10_rtz as fn(f32) -> u16),
            _ => None,
        };
        let mut counts = Counts {
            values: n,
            vs_rule: (!matches!(rule, Rule::None)).then_some(0),
            vs_rtz: rtz.map(|_| 0),
            ..Counts::default()
        };
        for i in 0..n {
            let x = inputs[4 * i + ch];
            let got = field((g.to_normkey)(stored[i]), f, kind);
            let ours = field(ours[i], f, kind);
            let bits = f.1;
            let want = match rule {
                Rule::Exact | Rule::None => ours,
                Rule::ScaledF32 { lo, nan } => {
                    oracle::encode_scaled_f32_half_even(x, max_code(bits, kind), lo, nan)
                }
                Rule::ViaWider(wide) => oracle::encode_unorm_via_wider(x, wide, bits),
                Rule::ExactHalfEven => oracle::encode_unorm_half_even(x, bits),
                Rule::TowardZero { quiet } if kind == Kind::Half => {
                    i64::from(oracle::f16_toward_zero(x, quiet))
                }
                Rule::TowardZero { quiet } => {
                    i64::from(oracle::encode_ufloat_toward_zero(x, bits - 5, quiet))
                }
                _ => unreachable!("{rule:?} is a decode rule"),
            };
            counts.vs_normkey += usize::from(got != ours);
            if let Some(v) = counts.vs_rule.as_mut() {
                *v += usize::from(got != want);
            }
            if let (Some(v), Some(rtz)) = (counts.vs_rtz.as_mut(), rtz) {
                *v += usize::from(got != i64::from(rtz(x)));
            }
        }
        out.push(Line {
            recording,
            format: g.name,
            direction: "encode",
            channel: ch,
            rule,
            counts,
        });
    }
}

/// The decode rule of each GL recording's channels.
fn gl_decode_rule(recording: &str, g: &Gl, ch: usize) -> Rule {
    let bits = g.fields[ch].1;
    match (recording, g.kind) {
        (_, Kind::Srgb) if ch < 3 => Rule::None,
        (_, Kind::Ufloat | Kind::Half) => Rule::Exact,
        ("llvmpipe", _) => Rule::TimesReciprocal,
        ("h100-gl", _) if (bits == 5 || bits == 6) => Rule::Replicated,
        _ => Rule::Exact,
    }
}

/// The encode rule of each GL recording's channels: for the H100, the nearest
/// one where none reproduces it (see the README of `tests/data/gpu/`).
#[allow(clippy::match_same_arms)] // the order of the arms matters
fn gl_encode_rule(recording: &str, g: &Gl, ch: usize) -> Rule {
    let bits = g.fields[ch].1;
    let unorm = Rule::ScaledF32 { lo: 0, nan: 0 };
    match (recording, g.name, g.kind) {
        (_, _, Kind::Srgb) if ch < 3 => Rule::None,
        ("h100-gl", _, Kind::Ufloat | Kind::Half) => Rule::TowardZero { quiet: false },
        ("llvmpipe", _, Kind::Ufloat | Kind::Half) => Rule::TowardZero { quiet: true },
        (_, "R8" | "RGBA8" | "SRGB8_ALPHA8", _) => unorm,
        ("h100-gl", "RGB10_A2", _) if bits == 2 => Rule::ViaWider(8),
        ("h100-gl", "RGB5_A1", _) if bits == 1 => Rule::ExactHalfEven,
        (_, "RGB565" | "RGB5_A1", _) if bits > 1 => Rule::ViaWider(8),
        ("h100-gl", "RGBA4", _) => Rule::ViaWider(8),
        ("llvmpipe", "R8_SNORM", _) => Rule::ScaledF32 {
            lo: -128,
            nan: -128,
        },
        ("llvmpipe", "R16_SNORM", _) => Rule::ScaledF32 {
            lo: -32767,
            nan: -32767,
        },
        ("llvmpipe", "RGB10_A2", _) if bits == 10 => Rule::ViaWider(16),
        ("llvmpipe", "R16" | "RGB10_A2" | "RGBA4", _) => unorm,
        _ => Rule::Exact,
    }
}

/// Every line of the three recordings.
fn all_lines() -> Vec<Line> {
    let mut out = Vec::new();
    for (recording, file) in [
        ("h100-gl", "h100-gl-2026-11-26.tar.gz"),
        ("llvmpipe", "llvmpipe-gl-2026-11-26.tar.gz"),
    ] {
        let files = archive(file);
        for g in &GL {
            let codes: Vec<u32> = words(&files[&format!("dec_{}.bin", g.name)], g.word)
                .into_iter()
                .map(g.to_normkey)
                .collect();
            let recorded = f32s(&files[&format!("dec_{}.f32", g.name)]);
            let rule = |ch| gl_decode_rule(recording, g, ch);
            decode_lines(recording, g, &codes, &recorded, 4, rule, &mut out);
            if let Some(inputs) = files.get(&format!("enc_{}.in.f32", g.name)) {
                let stored = words(&files[&format!("enc_{}.out.bin", g.name)], g.word);
                let rule = |ch| gl_encode_rule(recording, g, ch);
                encode_lines(recording, g, &f32s(inputs), &stored, rule, &mut out);
            }
        }
    }
    // CUDA: every code in order (SNORM from the most negative), one float each;
    // sRGB as 256 texels (c, c, c, c), four floats each.
    let files = archive("h100-cuda-2026-11-26.tar.gz");
    let mask = |bits: u32| (1u32 << bits) - 1;
    for (file, name, count, first) in [
        ("unorm8", "R8", 256, 0),
        ("snorm8", "R8_SNORM", 256, -128),
        ("unorm16", "R16", 65536, 0),
        ("snorm16", "R16_SNORM", 65536, -32768),
    ] {
        let g = gl(name);
        let codes: Vec<u32> = (0..count)
            .map(|i: i32| (first + i) as u32 & mask(g.fields[0].1))
            .collect();
        let recorded = f32s(&files[&format!("{file}.f32")]);
        decode_lines(
            "h100-cuda",
            g,
            &codes,
            &recorded,
            1,
            |_| Rule::Exact,
            &mut out,
        );
    }
    let g = gl("SRGB8_ALPHA8");
    let codes: Vec<u32> = (0..256).map(|c| c * 0x0101_0101).collect();
    let recorded = f32s(&files["srgba8.f32"]);
    let rule = |ch| if ch < 3 { Rule::None } else { Rule::Exact };
    decode_lines("h100-cuda", g, &codes, &recorded, 4, rule, &mut out);
    out
}

/// The public bit-replication decoders (`B5g6r5Unorm::to_rgb_replicated`,
/// `Bgr5a1Unorm::to_rgba_replicated` and their slice forms) return what the H100
/// returned for every recorded code, bit for bit, every channel (the `Replicated`
/// lines of [`EXPECTED`] check the oracle; this checks normkey's own functions).
#[test]
#[cfg_attr(miri, ignore = "reads files; the loops are the host's")]
fn h100_decode_equals_the_replicated_decoders() {
    let files = archive("h100-gl-2026-11-26.tar.gz");
    let recording = |name: &str| {
        let g = gl(name);
        let codes: Vec<u16> = words(&files[&format!("dec_{name}.bin")], g.word)
            .into_iter()
            .map(|w| (g.to_normkey)(w) as u16)
            .collect();
        let recorded = f32s(&files[&format!("dec_{name}.f32")]);
        assert_eq!(recorded.len(), 4 * codes.len(), "{name}");
        (codes, recorded)
    };
    let (codes, recorded) = recording("RGB565");
    let pixels: Vec<B5g6r5Unorm> = codes.iter().map(|&c| B5g6r5Unorm::from_bits(c)).collect();
    let mut sliced = vec![[f32::NAN; 3]; pixels.len()];
    B5g6r5Unorm::decode_slice_replicated(&pixels, &mut sliced);
    for ((p, s), got) in pixels.iter().zip(&sliced).zip(recorded.chunks_exact(4)) {
        let got: [u32; 3] = core::array::from_fn(|ch| got[ch].to_bits());
        assert_eq!(p.to_rgb_replicated().map(f32::to_bits), got, "{p:?}");
        assert_eq!(s.map(f32::to_bits), got, "{p:?} (slice)");
    }
    let (codes, recorded) = recording("RGB5_A1");
    let pixels: Vec<Bgr5a1Unorm> = codes.iter().map(|&c| Bgr5a1Unorm::from_bits(c)).collect();
    let mut sliced = vec![[f32::NAN; 4]; pixels.len()];
    Bgr5a1Unorm::decode_slice_replicated(&pixels, &mut sliced);
    for ((p, s), got) in pixels.iter().zip(&sliced).zip(recorded.chunks_exact(4)) {
        let got: [u32; 4] = core::array::from_fn(|ch| got[ch].to_bits());
        assert_eq!(p.to_rgba_replicated().map(f32::to_bits), got, "{p:?}");
        assert_eq!(s.map(f32::to_bits), got, "{p:?} (slice)");
    }
}

/// One pinned line: recording, GL format, direction, channel, values, differences
/// from normkey, from the rule, NaN payload differences, from normkey's
/// round-toward-zero encoder.
type Pinned = (
    &'static str,
    &'static str,
    &'static str,
    usize,
    usize,
    usize,
    Option<usize>,
    usize,
    Option<usize>,
);

/// The pinned counts: recording, GL format, direction, channel, values, differences
/// from normkey, from the rule (`None`: no rule), NaNs with other bits than
/// normkey's, differences from normkey's round-toward-zero encoder (float11/10 and
/// binary16 encode only).
#[rustfmt::skip]
#[allow(clippy::unreadable_literal)] // printed by the test, pasted as printed
const EXPECTED: &[Pinned] = &[
    ("h100-gl", "R8", "decode", 0, 256, 0, Some(0), 0, None),
    ("h100-gl", "R8", "encode", 0, 67611, 2240, Some(2238), 0, None),
    ("h100-gl", "R8_SNORM", "decode", 0, 256, 0, Some(0), 0, None),
    ("h100-gl", "R8_SNORM", "encode", 0, 67603, 2573, Some(2573), 0, None),
    ("h100-gl", "R16", "decode", 0, 65536, 0, Some(0), 0, None),
    ("h100-gl", "R16", "encode", 0, 282651, 101277, Some(101277), 0, None),
    ("h100-gl", "R16_SNORM", "decode", 0, 65536, 0, Some(0), 0, None),
    ("h100-gl", "R16_SNORM", "encode", 0, 282648, 104890, Some(104890), 0, None),
    ("h100-gl", "SRGB8_ALPHA8", "decode", 0, 512, 508, None, 0, None),
    ("h100-gl", "SRGB8_ALPHA8", "decode", 1, 512, 508, None, 0, None),
    ("h100-gl", "SRGB8_ALPHA8", "decode", 2, 512, 508, None, 0, None),
    ("h100-gl", "SRGB8_ALPHA8", "decode", 3, 512, 0, Some(0), 0, None),
    ("h100-gl", "SRGB8_ALPHA8", "encode", 0, 18459, 1373, None, 0, None),
    ("h100-gl", "SRGB8_ALPHA8", "encode", 1, 18459, 1406, None, 0, None),
    ("h100-gl", "SRGB8_ALPHA8", "encode", 2, 18459, 1382, None, 0, None),
    ("h100-gl", "SRGB8_ALPHA8", "encode", 3, 18459, 1236, Some(1172), 0, None),
    ("h100-gl", "RGBA8", "decode", 0, 512, 0, Some(0), 0, None),
    ("h100-gl", "RGBA8", "decode", 1, 512, 0, Some(0), 0, None),
    ("h100-gl", "RGBA8", "decode", 2, 512, 0, Some(0), 0, None),
    ("h100-gl", "RGBA8", "decode", 3, 512, 0, Some(0), 0, None),
    ("h100-gl", "RGBA8", "encode", 0, 18459, 1200, Some(1198), 0, None),
    ("h100-gl", "RGBA8", "encode", 1, 18459, 1244, Some(1242), 0, None),
    ("h100-gl", "RGBA8", "encode", 2, 18459, 1281, Some(1279), 0, None),
    ("h100-gl", "RGBA8", "encode", 3, 18459, 1246, Some(1244), 0, None),
    ("h100-gl", "RGB10_A2", "decode", 0, 2048, 0, Some(0), 0, None),
    ("h100-gl", "RGB10_A2", "decode", 1, 2048, 0, Some(0), 0, None),
    ("h100-gl", "RGB10_A2", "decode", 2, 2048, 0, Some(0), 0, None),
    ("h100-gl", "RGB10_A2", "decode", 3, 2048, 0, Some(0), 0, None),
    ("h100-gl", "RGB10_A2", "encode", 0, 24603, 3923, Some(3923), 0, None),
    ("h100-gl", "RGB10_A2", "encode", 1, 24603, 3922, Some(3922), 0, None),
    ("h100-gl", "RGB10_A2", "encode", 2, 24603, 3927, Some(3927), 0, None),
    ("h100-gl", "RGB10_A2", "encode", 3, 24603, 3513, Some(2404), 0, None),
    ("h100-gl", "RGB565", "decode", 0, 65536, 61440, Some(0), 0, None),
    ("h100-gl", "RGB565", "decode", 1, 65536, 61440, Some(0), 0, None),
    ("h100-gl", "RGB565", "decode", 2, 65536, 61440, Some(0), 0, None),
    ("h100-gl", "RGB565", "encode", 0, 22385, 3296, Some(59), 0, None),
    ("h100-gl", "RGB565", "encode", 1, 22385, 2972, Some(126), 0, None),
    ("h100-gl", "RGB565", "encode", 2, 22385, 3299, Some(65), 0, None),
    ("h100-gl", "RGB5_A1", "decode", 0, 65536, 61440, Some(0), 0, None),
    ("h100-gl", "RGB5_A1", "decode", 1, 65536, 61440, Some(0), 0, None),
    ("h100-gl", "RGB5_A1", "decode", 2, 65536, 61440, Some(0), 0, None),
    ("h100-gl", "RGB5_A1", "decode", 3, 65536, 0, Some(0), 0, None),
    ("h100-gl", "RGB5_A1", "encode", 0, 16667, 2377, Some(45), 0, None),
    ("h100-gl", "RGB5_A1", "encode", 1, 16667, 2439, Some(55), 0, None),
    ("h100-gl", "RGB5_A1", "encode", 2, 16667, 2431, Some(51), 0, None),
    ("h100-gl", "RGB5_A1", "encode", 3, 16667, 68, Some(51), 0, None),
    ("h100-gl", "RGBA4", "decode", 0, 65536, 0, Some(0), 0, None),
    ("h100-gl", "RGBA4", "decode", 1, 65536, 0, Some(0), 0, None),
    ("h100-gl", "RGBA4", "decode", 2, 65536, 0, Some(0), 0, None),
    ("h100-gl", "RGBA4", "decode", 3, 65536, 0, Some(0), 0, None),
    ("h100-gl", "RGBA4", "encode", 0, 16539, 2514, Some(31), 0, None),
    ("h100-gl", "RGBA4", "encode", 1, 16539, 2443, Some(36), 0, None),
    ("h100-gl", "RGBA4", "encode", 2, 16539, 2486, Some(25), 0, None),
    ("h100-gl", "RGBA4", "encode", 3, 16539, 2395, Some(31), 0, None),
    ("h100-gl", "R11F_G11F_B10F", "decode", 0, 2048, 0, Some(0), 31, None),
    ("h100-gl", "R11F_G11F_B10F", "decode", 1, 2048, 0, Some(0), 31, None),
    ("h100-gl", "R11F_G11F_B10F", "decode", 2, 2048, 0, Some(0), 30, None),
    ("h100-gl", "R11F_G11F_B10F", "encode", 0, 37745, 16055, Some(0), 0, Some(1)),
    ("h100-gl", "R11F_G11F_B10F", "encode", 1, 37745, 15980, Some(0), 0, Some(1)),
    ("h100-gl", "R11F_G11F_B10F", "encode", 2, 37745, 15921, Some(0), 0, Some(1)),
    ("h100-gl", "RGB9_E5", "decode", 0, 278528, 0, Some(0), 0, None),
    ("h100-gl", "RGB9_E5", "decode", 1, 278528, 0, Some(0), 0, None),
    ("h100-gl", "RGB9_E5", "decode", 2, 278528, 0, Some(0), 0, None),
    ("h100-gl", "R16F", "decode", 0, 65536, 0, Some(0), 1022, None),
    ("h100-gl", "R16F", "encode", 0, 275867, 135995, Some(0), 0, Some(1)),
    ("llvmpipe", "R8", "decode", 0, 256, 126, Some(0), 0, None),
    ("llvmpipe", "R8", "encode", 0, 67611, 128, Some(0), 0, None),
    ("llvmpipe", "R8_SNORM", "decode", 0, 256, 16, Some(0), 0, None),
    ("llvmpipe", "R8_SNORM", "encode", 0, 67603, 128, Some(0), 0, None),
    ("llvmpipe", "R16", "decode", 0, 65536, 512, Some(0), 0, None),
    ("llvmpipe", "R16", "encode", 0, 282651, 32703, Some(0), 0, None),
    ("llvmpipe", "R16_SNORM", "decode", 0, 65536, 1536, Some(0), 0, None),
    ("llvmpipe", "R16_SNORM", "encode", 0, 282648, 32286, Some(0), 0, None),
    ("llvmpipe", "SRGB8_ALPHA8", "decode", 0, 512, 508, None, 0, None),
    ("llvmpipe", "SRGB8_ALPHA8", "decode", 1, 512, 508, None, 0, None),
    ("llvmpipe", "SRGB8_ALPHA8", "decode", 2, 512, 508, None, 0, None),
    ("llvmpipe", "SRGB8_ALPHA8", "decode", 3, 512, 252, Some(0), 0, None),
    ("llvmpipe", "SRGB8_ALPHA8", "encode", 0, 18459, 1558, None, 0, None),
    ("llvmpipe", "SRGB8_ALPHA8", "encode", 1, 18459, 1585, None, 0, None),
    ("llvmpipe", "SRGB8_ALPHA8", "encode", 2, 18459, 1550, None, 0, None),
    ("llvmpipe", "SRGB8_ALPHA8", "encode", 3, 18459, 128, Some(0), 0, None),
    ("llvmpipe", "RGBA8", "decode", 0, 512, 252, Some(0), 0, None),
    ("llvmpipe", "RGBA8", "decode", 1, 512, 252, Some(0), 0, None),
    ("llvmpipe", "RGBA8", "decode", 2, 512, 252, Some(0), 0, None),
    ("llvmpipe", "RGBA8", "decode", 3, 512, 252, Some(0), 0, None),
    ("llvmpipe", "RGBA8", "encode", 0, 18459, 128, Some(0), 0, None),
    ("llvmpipe", "RGBA8", "encode", 1, 18459, 128, Some(0), 0, None),
    ("llvmpipe", "RGBA8", "encode", 2, 18459, 128, Some(0), 0, None),
    ("llvmpipe", "RGBA8", "encode", 3, 18459, 128, Some(0), 0, None),
    ("llvmpipe", "RGB10_A2", "decode", 0, 2048, 48, Some(0), 0, None),
    ("llvmpipe", "RGB10_A2", "decode", 1, 2048, 48, Some(0), 0, None),
    ("llvmpipe", "RGB10_A2", "decode", 2, 2048, 48, Some(0), 0, None),
    ("llvmpipe", "RGB10_A2", "decode", 3, 2048, 0, Some(0), 0, None),
    ("llvmpipe", "RGB10_A2", "encode", 0, 24603, 6335, Some(0), 0, None),
    ("llvmpipe", "RGB10_A2", "encode", 1, 24603, 6241, Some(0), 0, None),
    ("llvmpipe", "RGB10_A2", "encode", 2, 24603, 6235, Some(0), 0, None),
    ("llvmpipe", "RGB10_A2", "encode", 3, 24603, 1794, Some(1282), 0, None),
    ("llvmpipe", "RGB565", "decode", 0, 65536, 8192, Some(0), 0, None),
    ("llvmpipe", "RGB565", "decode", 1, 65536, 30720, Some(0), 0, None),
    ("llvmpipe", "RGB565", "decode", 2, 65536, 8192, Some(0), 0, None),
    ("llvmpipe", "RGB565", "encode", 0, 22385, 3309, Some(0), 0, None),
    ("llvmpipe", "RGB565", "encode", 1, 22385, 2986, Some(0), 0, None),
    ("llvmpipe", "RGB565", "encode", 2, 22385, 3312, Some(0), 0, None),
    ("llvmpipe", "RGB5_A1", "decode", 0, 65536, 8192, Some(0), 0, None),
    ("llvmpipe", "RGB5_A1", "decode", 1, 65536, 8192, Some(0), 0, None),
    ("llvmpipe", "RGB5_A1", "decode", 2, 65536, 8192, Some(0), 0, None),
    ("llvmpipe", "RGB5_A1", "decode", 3, 65536, 0, Some(0), 0, None),
    ("llvmpipe", "RGB5_A1", "encode", 0, 16667, 2390, Some(0), 0, None),
    ("llvmpipe", "RGB5_A1", "encode", 1, 16667, 2456, Some(0), 0, None),
    ("llvmpipe", "RGB5_A1", "encode", 2, 16667, 2446, Some(0), 0, None),
    ("llvmpipe", "RGB5_A1", "encode", 3, 16667, 0, Some(0), 0, None),
    ("llvmpipe", "RGBA4", "decode", 0, 65536, 24576, Some(0), 0, None),
    ("llvmpipe", "RGBA4", "decode", 1, 65536, 24576, Some(0), 0, None),
    ("llvmpipe", "RGBA4", "decode", 2, 65536, 24576, Some(0), 0, None),
    ("llvmpipe", "RGBA4", "decode", 3, 65536, 24576, Some(0), 0, None),
    ("llvmpipe", "RGBA4", "encode", 0, 16539, 7, Some(1), 0, None),
    ("llvmpipe", "RGBA4", "encode", 1, 16539, 7, Some(1), 0, None),
    ("llvmpipe", "RGBA4", "encode", 2, 16539, 7, Some(1), 0, None),
    ("llvmpipe", "RGBA4", "encode", 3, 16539, 7, Some(1), 0, None),
    ("llvmpipe", "R11F_G11F_B10F", "decode", 0, 2048, 0, Some(0), 31, None),
    ("llvmpipe", "R11F_G11F_B10F", "decode", 1, 2048, 0, Some(0), 31, None),
    ("llvmpipe", "R11F_G11F_B10F", "decode", 2, 2048, 0, Some(0), 30, None),
    ("llvmpipe", "R11F_G11F_B10F", "encode", 0, 37745, 16055, Some(0), 0, Some(0)),
    ("llvmpipe", "R11F_G11F_B10F", "encode", 1, 37745, 15980, Some(0), 0, Some(0)),
    ("llvmpipe", "R11F_G11F_B10F", "encode", 2, 37745, 15921, Some(0), 0, Some(0)),
    ("llvmpipe", "RGB9_E5", "decode", 0, 278528, 0, Some(0), 0, None),
    ("llvmpipe", "RGB9_E5", "decode", 1, 278528, 0, Some(0), 0, None),
    ("llvmpipe", "RGB9_E5", "decode", 2, 278528, 0, Some(0), 0, None),
    ("llvmpipe", "R16F", "decode", 0, 65536, 0, Some(0), 0, None),
    ("llvmpipe", "R16F", "encode", 0, 275867, 135994, Some(0), 0, Some(0)),
    ("h100-cuda", "R8", "decode", 0, 256, 0, Some(0), 0, None),
    ("h100-cuda", "R8_SNORM", "decode", 0, 256, 0, Some(0), 0, None),
    ("h100-cuda", "R16", "decode", 0, 65536, 0, Some(0), 0, None),
    ("h100-cuda", "R16_SNORM", "decode", 0, 65536, 0, Some(0), 0, None),
    ("h100-cuda", "SRGB8_ALPHA8", "decode", 0, 256, 254, None, 0, None),
    ("h100-cuda", "SRGB8_ALPHA8", "decode", 1, 256, 254, None, 0, None),
    ("h100-cuda", "SRGB8_ALPHA8", "decode", 2, 256, 254, None, 0, None),
    ("h100-cuda", "SRGB8_ALPHA8", "decode", 3, 256, 0, Some(0), 0, None),
];

#[test]
#[cfg_attr(miri, ignore = "reads files; the loops are the host's")]
fn recorded_gpu_conversions() {
    let lines = all_lines();
    let mut table = String::from(
        "recording  format          dir     ch  rule                              values  ≠normkey  ≠rule  NaN bits  ≠rtz\n",
    );
    let mut seen = Vec::new();
    for l in &lines {
        let c = l.counts;
        let rule = format!("{:?}", l.rule);
        let vs_rule = c.vs_rule.map_or("-".to_owned(), |v| v.to_string());
        let vs_rtz = c.vs_rtz.map_or("-".to_owned(), |v| v.to_string());
        writeln!(
            table,
            "{:<10} {:<15} {:<7} {:<3} {rule:<33} {:>6} {:>9} {vs_rule:>6} {:>9} {vs_rtz:>5}",
            l.recording, l.format, l.direction, l.channel, c.values, c.vs_normkey, c.nan_bits
        )
        .unwrap();
        seen.push((
            l.recording,
            l.format,
            l.direction,
            l.channel,
            c.values,
            c.vs_normkey,
            c.vs_rule,
            c.nan_bits,
            c.vs_rtz,
        ));
    }
    println!("{table}");
    let mut literal = String::new();
    for s in &seen {
        writeln!(literal, "    {s:?},").unwrap();
    }
    assert!(
        seen == EXPECTED,
        "the counts changed; the table above is what the recordings give now:\n{literal}"
    );
}
