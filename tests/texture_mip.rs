//! `Format::downsample`, `mip_level_count` and `mip_size` against an `f64` model:
//! every output channel is the code nearest to the `f64` mean of the exactly decoded
//! 2 × 2 box (the references of `normkey-oracle` for UNORM, SNORM and sRGB, and
//! `f16_nearest` for binary16), or, where that mean lies within half an
//! `f32` ulp of a code boundary, the code of the mean rounded to `f32` (the bound the
//! module docs state); random levels of every covered format, odd sides, padded and
//! misaligned rows, both alpha modes, and whole chains. `Rg11b10Ufloat` and
//! `Rgb9e5Ufloat` have no `f64` reference here: only their layouts and NaN rule are
//! checked through the chain test. `downsample_f32` against the same model on
//! `f32` levels salted with NaNs, ±∞, ±0 and subnormals. The whole chains of
//! `TextureDesc::fill_mips` and `fill_mips_from_f32` against the per-level calls,
//! bit for bit, with their errors.

// Codes and exact values move between integers and floats on purpose.
#![allow(
    clippy::float_cmp,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::many_single_char_names
)]

mod common;
use common::{XorShift, miri_thin};

use normkey::texture::{
    AlphaMode, Format, ImageLayout, LayoutError, NanPolicy, Srgb8, TextureDesc, downsample_f32,
    f16_to_f32, mip_level_count, mip_size,
};
use normkey_oracle::{
    decode_normalized, encode_snorm_value, encode_unorm_value, f16_nearest, snorm_max,
    srgb_encode_value, unorm_max,
};

use Format as F;

/// How one channel of a format encodes: its rule and width.
#[derive(Clone, Copy)]
enum Rule {
    Unorm(u32),
    Snorm(u32),
    Srgb,
    Half,
    Single,
}

/// The rule of each stored channel, r, g, b, a order; `None`: not covered here.
fn rules(f: Format) -> Option<Vec<Rule>> {
    use Rule::{Half, Single, Snorm, Srgb, Unorm};
    let n = f.channels();
    Some(match f {
        F::R8Unorm | F::Rg8Unorm | F::Rgba8Unorm | F::Bgra8Unorm => vec![Unorm(8); n],
        F::R16Unorm | F::Rg16Unorm | F::Rgba16Unorm => vec![Unorm(16); n],
        F::R8Snorm | F::Rg8Snorm | F::Rgba8Snorm => vec![Snorm(8); n],
        F::R16Snorm | F::Rg16Snorm | F::Rgba16Snorm => vec![Snorm(16); n],
        F::Rgba8UnormSrgb | F::Bgra8UnormSrgb => vec![Srgb, Srgb, Srgb, Unorm(8)],
        F::R16Float | F::Rg16Float | F::Rgba16Float => vec![Half; n],
        F::R32Float | F::Rg32Float | F::Rgba32Float => vec![Single; n],
        F::Rgb10a2Unorm => vec![Unorm(10), Unorm(10), Unorm(10), Unorm(2)],
        F::B5g6r5Unorm => vec![Unorm(5), Unorm(6), Unorm(5)],
        F::Bgr5a1Unorm => vec![Unorm(5), Unorm(5), Unorm(5), Unorm(1)],
        F::Bgra4Unorm => vec![Unorm(4); 4],
        _ => return None,
    })
}

/// The decoded value of the code nearest to `m` under `rule`.
fn reference(rule: Rule, m: f64) -> f32 {
    match rule {
        Rule::Unorm(b) => decode_normalized(encode_unorm_value(m, b), unorm_max(b)),
        Rule::Snorm(b) => decode_normalized(encode_snorm_value(m, b), snorm_max(b)),
        Rule::Srgb => Srgb8::from_bits(srgb_encode_value(m)).to_f32(),
        Rule::Half => f16_to_f32(f16_nearest(m)),
        Rule::Single => m as f32,
    }
}

/// The `f64` mean of channel `c` of a box (the module docs' definition).
fn model_mean(p: &[[f32; 4]; 4], c: usize, alpha: AlphaMode) -> f64 {
    let a: f64 = p.iter().map(|t| f64::from(t[3])).sum();
    let plain = p.iter().map(|t| f64::from(t[c])).sum::<f64>() / 4.0;
    if c < 3 && alpha == AlphaMode::Straight && a != 0.0 {
        p.iter()
            .map(|t| f64::from(t[c]) * f64::from(t[3]))
            .sum::<f64>()
            / a
    } else {
        plain
    }
}

/// The `f64` mean of the non-NaN entries of channel `c` of a box under
/// `NanPolicy::Skip` (the module docs' definition, written from them); `None` when
/// all four entries are NaN.
fn model_skip_mean(p: &[[f32; 4]; 4], c: usize, alpha: AlphaMode) -> Option<f64> {
    // A sum of no entries is −0, the identity of f64 addition.
    let sum = |v: &mut dyn Iterator<Item = f64>| v.fold(-0.0, |s, x| s + x);
    let kept: Vec<f64> = p
        .iter()
        .filter(|t| !t[c].is_nan())
        .map(|t| f64::from(t[c]))
        .collect();
    if c < 3 && alpha == AlphaMode::Straight {
        let both: Vec<(f64, f64)> = p
            .iter()
            .filter(|t| !t[c].is_nan() && !t[3].is_nan())
            .map(|t| (f64::from(t[c]), f64::from(t[3])))
            .collect();
        let a = sum(&mut both.iter().map(|&(_, a)| a));
        if a != 0.0 {
            return Some(sum(&mut both.iter().map(|&(v, a)| v * a)) / a);
        }
    }
    (!kept.is_empty()).then(|| sum(&mut kept.iter().copied()) / kept.len() as f64)
}

/// Equal values, or both NaN.
fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || a.is_nan() && b.is_nan()
}

/// Decodes a whole level.
fn decode(f: Format, bytes: &[u8], pitch: usize, w: usize, h: usize) -> Vec<[f32; 4]> {
    let mut out = vec![[0.0; 4]; w * h];
    f.decode_rows(bytes, ImageLayout::new(w, h, pitch), &mut out)
        .unwrap();
    out
}

/// One random level of `f` downsampled and checked; returns the outputs checked and
/// those that took the `f32`-rounded mean's code instead of the `f64` mean's
/// (within the bound).
/// A special value for a float channel (`bits` 16 or 32), little-endian: a NaN of
/// either sign, quiet or signalling, random payload (half the time), ±∞, ±0 or a
/// subnormal; `None`: keep the random bytes.
fn special(rng: &mut XorShift, bits: u32) -> Option<u32> {
    let (man, exp) = if bits == 16 {
        (10, 0x7C00)
    } else {
        (23, 0x7F80_0000)
    };
    let sign = (rng.next() as u32 & 1) << (bits - 1);
    let payload = (rng.next() as u32 & ((1 << man) - 1)).max(1);
    let v = match rng.next() % 20 {
        0..=9 => exp | payload,
        10 | 11 => exp,
        12 | 13 => 0,
        14 | 15 => payload,
        _ => return None,
    };
    Some(sign | v)
}

/// Overwrites random channels of a float format's level with [`special`] values.
fn inject_specials(rng: &mut XorShift, bytes: &mut [u8], rules: &[Rule]) {
    let bits = match rules[0] {
        Rule::Half => 16,
        Rule::Single => 32,
        _ => return,
    };
    for chunk in bytes.chunks_exact_mut(bits as usize / 8) {
        if let Some(v) = special(rng, bits) {
            chunk.copy_from_slice(&v.to_le_bytes()[..chunk.len()]);
        }
    }
}

fn check_level(f: Format, rng: &mut XorShift, w: usize, h: usize, alpha: AlphaMode) -> (u64, u64) {
    let (checked, near, _) = check_level_with(f, rng, w, h, alpha, NanPolicy::Propagate);
    (checked, near)
}

/// [`check_level`] under `nan`; with `NanPolicy::Skip` a float format's level is
/// salted with NaNs, ±∞, ±0 and subnormals first. Also returns how many output
/// channels had 0, 1, 2, 3 and 4 NaN entries in their box.
fn check_level_with(
    f: Format,
    rng: &mut XorShift,
    w: usize,
    h: usize,
    alpha: AlphaMode,
    nan: NanPolicy,
) -> (u64, u64, [u64; 5]) {
    let rules = rules(f).unwrap();
    let bpt = f.bytes_per_texel();
    let (pad, dpad, off) = (
        rng.next() as usize % 5,
        rng.next() as usize % 5,
        rng.next() as usize % 3,
    );
    let pitch = w * bpt + pad;
    let mut src = vec![0u8; off + h * pitch];
    for b in &mut src {
        *b = rng.next() as u8;
    }
    if nan == NanPolicy::Skip {
        // Padding bytes are salted too: never read, they cannot matter.
        inject_specials(rng, &mut src[off..], &rules);
    }
    let (dw, dh) = (mip_size(w), mip_size(h));
    let dpitch = dw * bpt + dpad;
    let mut dst = vec![0xA5u8; off + dh * dpitch];
    f.downsample_with(
        &src[off..],
        ImageLayout::new(w, h, pitch),
        &mut dst[off..],
        ImageLayout::new(dw, dh, dpitch),
        alpha,
        nan,
    )
    .unwrap();
    // Padding untouched.
    for (i, &b) in dst.iter().enumerate() {
        let inside = i >= off && (i - off) % dpitch < dw * bpt;
        assert!(inside || b == 0xA5, "{f}: padding byte {i} written");
    }
    let texels = decode(f, &src[off..], pitch, w, h);
    let out = decode(f, &dst[off..], dpitch, dw, dh);
    let (mut checked, mut near_boundary, mut nans) = (0, 0, [0u64; 5]);
    for y in 0..dh {
        for x in 0..dw {
            let at = |sx: usize, sy: usize| texels[sy.min(h - 1) * w + sx.min(w - 1)];
            let p = [
                at(2 * x, 2 * y),
                at(2 * x + 1, 2 * y),
                at(2 * x, 2 * y + 1),
                at(2 * x + 1, 2 * y + 1),
            ];
            for (c, &rule) in rules.iter().enumerate() {
                let got = out[y * dw + x][c];
                checked += 1;
                nans[p.iter().filter(|t| t[c].is_nan()).count()] += 1;
                let m = match nan {
                    NanPolicy::Propagate => model_mean(&p, c, alpha),
                    NanPolicy::Skip => {
                        let Some(m) = model_skip_mean(&p, c, alpha) else {
                            // The top-left NaN, its sign and payload kept (binary16:
                            // quieted, its payload fits).
                            let quiet = if matches!(rule, Rule::Half) {
                                0x0040_0000
                            } else {
                                0
                            };
                            assert_eq!(
                                got.to_bits(),
                                p[0][c].to_bits() | quiet,
                                "{f} {w}x{h} {alpha:?} texel ({x}, {y}) channel {c}: box {p:?}"
                            );
                            continue;
                        };
                        m
                    }
                };
                if same(got, reference(rule, m)) {
                    continue;
                }
                // Allowed only as the code of the mean rounded to f32.
                let rounded = f64::from(m as f32);
                assert!(
                    same(got, reference(rule, rounded)),
                    "{f} {w}x{h} {alpha:?} {nan:?} texel ({x}, {y}) channel {c}: box {p:?}, mean {m:e}, got {got:e}"
                );
                near_boundary += 1;
            }
        }
    }
    (checked, near_boundary, nans)
}

#[test]
fn every_output_is_the_code_of_the_f64_mean() {
    let mut rng = XorShift(0x0000_A1F5_3A1E);
    let (mut total, mut near) = (0, 0);
    for f in Format::ALL.into_iter().filter(|&f| rules(f).is_some()) {
        for i in miri_thin(0..200, 100) {
            let (w, h) = (1 + rng.next() as usize % 9, 1 + rng.next() as usize % 7);
            let alpha = if i % 2 == 0 {
                AlphaMode::Straight
            } else {
                AlphaMode::Premultiplied
            };
            let (t, n) = check_level(f, &mut rng, w, h, alpha);
            (total, near) = (total + t, near + n);
        }
    }
    // Mostly boxes whose exact mean is a tie between two codes (a UNORM box of
    // codes summing to 2 mod 4): the decoded f32 values' rounding decides them.
    eprintln!(
        "{near} of {total} outputs decided by the f32 rounding of a mean near a code boundary"
    );
}

#[test]
fn chains_shrink_to_one_texel_and_bad_layouts_are_errors() {
    let mut rng = XorShift(0x0000_C4A1_7EE5);
    for f in Format::ALL {
        let bpt = f.bytes_per_texel();
        let side = if cfg!(miri) { 9 } else { 40 };
        let (mut w, mut h) = (
            1 + rng.next() as usize % side,
            1 + rng.next() as usize % side,
        );
        let mut level: Vec<u8> = (0..w * h * bpt).map(|_| rng.next() as u8).collect();
        let levels = mip_level_count(w, h);
        assert_eq!(levels, w.max(h).ilog2() as usize + 1);
        for _ in 1..levels {
            let (dw, dh) = (mip_size(w), mip_size(h));
            let mut next = vec![0u8; dw * dh * bpt];
            let alpha = if rng.next().is_multiple_of(2) {
                AlphaMode::Straight
            } else {
                AlphaMode::Premultiplied
            };
            f.downsample(
                &level,
                ImageLayout::new(w, h, w * bpt),
                &mut next,
                ImageLayout::new(dw, dh, dw * bpt),
                alpha,
            )
            .unwrap();
            // A destination one byte short, or a pitch one byte short: errors, nothing written.
            let mut short = vec![0x5Au8; (dw * dh * bpt).saturating_sub(1)];
            assert!(
                f.downsample(
                    &level,
                    ImageLayout::new(w, h, w * bpt),
                    &mut short,
                    ImageLayout::new(dw, dh, dw * bpt),
                    alpha
                )
                .is_err()
            );
            assert!(short.iter().all(|&b| b == 0x5A));
            assert!(
                f.downsample(
                    &level,
                    ImageLayout::new(w, h, w * bpt - 1),
                    &mut next.clone(),
                    ImageLayout::new(dw, dh, dw * bpt),
                    alpha
                )
                .is_err()
            );
            // A NaN channel of the output comes only from a NaN or ±∞ in its box.
            let src = decode(f, &level, w * bpt, w, h);
            let out = decode(f, &next, dw * bpt, dw, dh);
            if !src.iter().flatten().any(|x| !x.is_finite()) {
                assert!(out.iter().flatten().all(|x| x.is_finite()), "{f}");
            }
            (w, h, level) = (dw, dh, next);
        }
        assert_eq!((w, h), (1, 1));
        assert_eq!(mip_size(1), 1);
    }
    // Sides of 0: nothing to read or write.
    assert_eq!(mip_level_count(0, 5), 0);
    // The destination must be the next level's size; `mip_layout` gives it.
    let f = F::Rgba16Float;
    let src = f.layout(5, 3, 256).unwrap();
    let dst = f.mip_layout(src, 256).unwrap();
    assert_eq!(dst, ImageLayout::new(2, 1, 256));
    assert_eq!(f.mip_layout(src, 8), Some(ImageLayout::new(2, 1, 16)));
    assert_eq!(f.mip_layout(src, 6), None);
    let level = vec![0u8; 3 * 256];
    let mut next = vec![0x5Au8; 256];
    for wrong in [(5, 3), (2, 2), (3, 1), (1, 1)] {
        let l = ImageLayout::new(wrong.0, wrong.1, 256);
        let e = f.downsample(&level, src, &mut next, l, AlphaMode::Straight);
        assert_eq!(
            e,
            Err(LayoutError::LevelSize {
                expected: (2, 1),
                got: wrong
            })
        );
        assert!(next.iter().all(|&b| b == 0x5A));
    }
    assert!(
        f.downsample(&level, src, &mut next, dst, AlphaMode::Straight)
            .is_ok()
    );
    assert!(
        F::Rgba8Unorm
            .downsample(
                &[],
                ImageLayout::new(0, 5, 0),
                &mut [],
                ImageLayout::new(0, 2, 0),
                AlphaMode::Straight
            )
            .is_ok()
    );
}

#[test]
fn a_box_of_equal_texels_gives_its_value_back() {
    let mut rng = XorShift(0x0000_E0A1_B0C5);
    for f in Format::ALL {
        let bpt = f.bytes_per_texel();
        for i in miri_thin(0..2000, 400) {
            let texel: Vec<u8> = (0..bpt).map(|_| rng.next() as u8).collect();
            let src = texel.repeat(4);
            let mut out = vec![0u8; bpt];
            let alpha = if i % 2 == 0 {
                AlphaMode::Straight
            } else {
                AlphaMode::Premultiplied
            };
            f.downsample(
                &src,
                ImageLayout::new(2, 2, 2 * bpt),
                &mut out,
                ImageLayout::new(1, 1, bpt),
                alpha,
            )
            .unwrap();
            let (a, b) = (
                decode(f, &texel, bpt, 1, 1)[0],
                decode(f, &out, bpt, 1, 1)[0],
            );
            // Straight alpha with a NaN or infinite alpha makes the colour NaN.
            let weighted = alpha == AlphaMode::Straight && !a[3].is_finite();
            for c in 0..f.channels() {
                assert!(
                    same(a[c], b[c]) || weighted && b[c].is_nan(),
                    "{f} {texel:02x?}: {a:?} → {b:?}"
                );
            }
        }
    }
}

#[test]
fn odd_sides_and_ones_follow_the_documented_box() {
    // 3×1 R8: the third column is not read; 1×2: the one column is repeated.
    let f = F::R8Unorm;
    let mut d = [0u8; 1];
    f.downsample(
        &[0, 255, 255],
        ImageLayout::new(3, 1, 3),
        &mut d,
        ImageLayout::new(1, 1, 1),
        AlphaMode::Straight,
    )
    .unwrap();
    assert_eq!(d, [128]);
    f.downsample(
        &[0, 255],
        ImageLayout::new(1, 2, 1),
        &mut d,
        ImageLayout::new(1, 1, 1),
        AlphaMode::Straight,
    )
    .unwrap();
    assert_eq!(d, [128]);
    f.downsample(
        &[51],
        ImageLayout::new(1, 1, 1),
        &mut d,
        ImageLayout::new(1, 1, 1),
        AlphaMode::Straight,
    )
    .unwrap();
    assert_eq!(d, [51]);
    // A NaN in one channel: that channel's rule only (UNORM 0), the others kept.
    let g = F::Rgba32Float;
    let px = |v: [f32; 4]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let mut src = px([f32::NAN, 1.0, 0.5, 1.0]);
    src.extend(px([0.0, 1.0, 0.25, 1.0]));
    let mut out = [0u8; 16];
    g.downsample(
        &src,
        ImageLayout::new(2, 1, 32),
        &mut out,
        ImageLayout::new(1, 1, 16),
        AlphaMode::Premultiplied,
    )
    .unwrap();
    let v: Vec<f32> = out
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert!(v[0].is_nan());
    assert_eq!(v[1..], [1.0, 0.375, 1.0]);
}

#[test]
fn skipping_nan_gives_the_mean_of_the_other_entries() {
    let mut rng = XorShift(0x0000_5C1F_0A4E);
    for f in Format::ALL.into_iter().filter(|&f| rules(f).is_some()) {
        let float = matches!(rules(f).unwrap()[0], Rule::Half | Rule::Single);
        let mut nans = [0u64; 5];
        for i in miri_thin(0..if float { 300 } else { 30 }, 100) {
            let (w, h) = (1 + rng.next() as usize % 9, 1 + rng.next() as usize % 7);
            let alpha = if i % 2 == 0 {
                AlphaMode::Straight
            } else {
                AlphaMode::Premultiplied
            };
            let (_, _, n) = check_level_with(f, &mut rng, w, h, alpha, NanPolicy::Skip);
            for (t, k) in nans.iter_mut().zip(n) {
                *t += k;
            }
        }
        // Every count of NaN entries in a box, 0 to 4, was met.
        if float && !cfg!(miri) {
            assert!(nans.iter().all(|&k| k > 0), "{f}: {nans:?}");
        }
    }
}

#[test]
fn skipping_nan_edge_cases() {
    let f = F::Rgba32Float;
    let px = |v: &[[f32; 4]]| {
        v.iter()
            .flatten()
            .flat_map(|x| x.to_le_bytes())
            .collect::<Vec<u8>>()
    };
    let run = |b: [f32; 4], alpha: AlphaMode| {
        // Channel 0 holds the box; alpha 1 (or the box itself for channel 3).
        let src = px(&b.map(|x| [x, 0.0, 0.0, 1.0]));
        let mut out = [0u8; 16];
        f.downsample_with(
            &src,
            ImageLayout::new(2, 2, 32),
            &mut out,
            ImageLayout::new(1, 1, 16),
            alpha,
            NanPolicy::Skip,
        )
        .unwrap();
        f32::from_le_bytes(out[..4].try_into().unwrap())
    };
    let (nan, neg_nan) = (f32::NAN, -f32::NAN);
    let tiny = f32::from_bits(1);
    for alpha in [AlphaMode::Straight, AlphaMode::Premultiplied] {
        assert_eq!(run([nan, 1.0, 2.0, 4.0], alpha), 7.0 / 3.0);
        assert_eq!(run([neg_nan, 1.0, nan, 4.0], alpha), 2.5);
        assert_eq!(run([nan, neg_nan, 3.0, nan], alpha), 3.0);
        assert_eq!(run([1.0, 2.0, 3.0, 6.0], alpha), 3.0);
        // ±∞ are values: one sign gives it, both give NaN.
        assert_eq!(run([f32::INFINITY, nan, 1.0, nan], alpha), f32::INFINITY);
        assert!(run([f32::INFINITY, f32::NEG_INFINITY, nan, nan], alpha).is_nan());
        // ±0: −0 only when every non-NaN entry is −0.
        assert_eq!(
            run([-0.0, nan, -0.0, neg_nan], alpha).to_bits(),
            (-0.0f32).to_bits()
        );
        assert_eq!(run([-0.0, nan, 0.0, nan], alpha).to_bits(), 0);
        // Subnormals are averaged, not flushed.
        assert_eq!(run([tiny, nan, nan, nan], alpha), tiny);
        assert_eq!(run([tiny, tiny, nan, 0.0], alpha).to_bits(), 1); // 2/3 of one ulp rounds to 1
        // All four NaN: the top-left one, sign and payload kept.
        let signalling = f32::from_bits(0xFF80_0001);
        assert_eq!(
            run([signalling, nan, neg_nan, nan], alpha).to_bits(),
            0xFF80_0001
        );
        assert_eq!(
            run([neg_nan, nan, nan, nan], alpha).to_bits(),
            neg_nan.to_bits()
        );
    }
    // Straight alpha: a texel with a NaN alpha gives no weight to its colour; the
    // other channels of a texel with a NaN colour still count.
    let src = px(&[
        [1.0, 0.0, 0.0, nan],
        [0.5, 0.0, nan, 1.0],
        [0.25, 0.0, 1.0, 0.5],
        [nan, 0.0, 0.0, 0.5],
    ]);
    let mut out = [0u8; 16];
    f.downsample_with(
        &src,
        ImageLayout::new(2, 2, 32),
        &mut out,
        ImageLayout::new(1, 1, 16),
        AlphaMode::Straight,
        NanPolicy::Skip,
    )
    .unwrap();
    let v: Vec<f32> = out
        .chunks(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(v, [0.625 / 1.5, 0.0, 0.5, 2.0 / 3.0]);
    // Propagate is downsample.
    let mut again = [0u8; 16];
    f.downsample_with(
        &src,
        ImageLayout::new(2, 2, 32),
        &mut out,
        ImageLayout::new(1, 1, 16),
        AlphaMode::Straight,
        NanPolicy::Propagate,
    )
    .unwrap();
    f.downsample(
        &src,
        ImageLayout::new(2, 2, 32),
        &mut again,
        ImageLayout::new(1, 1, 16),
        AlphaMode::Straight,
    )
    .unwrap();
    assert_eq!(out, again);
    assert_eq!(NanPolicy::default(), NanPolicy::Propagate);
}

/// `downsample_f32` against the module docs' model: random `f32` levels, a
/// quarter of the channels [`special`] (NaNs of both signs with payloads, ±∞,
/// ±0, subnormals), every size up to 5 × 5 (3 × 3 under Miri), padded rows, both alpha modes and
/// both policies: every output channel is the model's mean rounded to `f32` (bit
/// for bit, the sign of zero included), NaN where the model's mean is NaN, and
/// under `Skip` the top-left entry's NaN as it is when all four are NaN; the
/// padding is untouched. And it equals `Rgba32Float`'s `downsample_with` of the
/// same texels' bytes (bit for bit but for the sign and payload of a NaN, which
/// are the platform's). Texels of 1 to 3 channels give the first channels of
/// the 4-channel result on texels widened with 0 and alpha 1.
#[test]
#[allow(clippy::too_many_lines)] // one level's checks, then the layout errors
fn downsample_f32_is_the_model_mean() {
    let mut rng = XorShift(0xf32_f32);
    let value = |rng: &mut XorShift| match rng.next() % 4 {
        0 => special(rng, 32).map_or(0.5, f32::from_bits),
        _ => (rng.next() % 4001) as f32 / 1000.0 - 2.0,
    };
    // Under Miri, sides up to 3 (the same loop; the model is slow there).
    let max: usize = if cfg!(miri) { 3 } else { 5 };
    for (w, h) in (0..=max).flat_map(|w| (0..=max).map(move |h| (w, h))) {
        let pitch = w + 3;
        let len = h.saturating_sub(1) * pitch + if h == 0 { 0 } else { w };
        let src: Vec<[f32; 4]> = (0..len)
            .map(|_| core::array::from_fn(|_| value(&mut rng)))
            .collect();
        let (dw, dh) = (mip_size(w), mip_size(h));
        let dpitch = dw + 1;
        let dlen = dh.saturating_sub(1) * dpitch + if dh == 0 { 0 } else { dw };
        for alpha in [AlphaMode::Straight, AlphaMode::Premultiplied] {
            for nan in [NanPolicy::Propagate, NanPolicy::Skip] {
                let mut dst = vec![[7.0f32; 4]; dlen];
                let (s, d) = (
                    ImageLayout::new(w, h, pitch * 16),
                    ImageLayout::new(dw, dh, dpitch * 16),
                );
                downsample_f32(&src, s, &mut dst, d, alpha, nan).unwrap();
                check_fewer_channels::<1>(&src, s, d, alpha, nan);
                check_fewer_channels::<2>(&src, s, d, alpha, nan);
                check_fewer_channels::<3>(&src, s, d, alpha, nan);
                for (i, t) in dst.iter().enumerate() {
                    let (y, x) = (i / dpitch, i % dpitch);
                    if x >= dw {
                        assert_eq!(*t, [7.0; 4], "padding at {i}");
                        continue;
                    }
                    let (i0, i1) = (2 * x, (2 * x + 1).min(w - 1));
                    let (r0, r1) = (2 * y * pitch, (2 * y + 1).min(h - 1) * pitch);
                    let p = [src[r0 + i0], src[r0 + i1], src[r1 + i0], src[r1 + i1]];
                    for c in 0..4 {
                        let want = match nan {
                            NanPolicy::Propagate => model_mean(&p, c, alpha) as f32,
                            NanPolicy::Skip => {
                                model_skip_mean(&p, c, alpha).map_or(p[0][c], |m| m as f32)
                            }
                        };
                        let all_nan = p.iter().all(|e| e[c].is_nan());
                        let ok = if all_nan && nan == NanPolicy::Skip {
                            t[c].to_bits() == want.to_bits()
                        } else {
                            same(t[c], want)
                        };
                        assert!(
                            ok,
                            "{w}×{h} {alpha:?} {nan:?} ({x}, {y}) channel {c}: {} for {want} of {p:?}",
                            t[c]
                        );
                    }
                }
                // The same through the bytes of `Rgba32Float`.
                let f = Format::Rgba32Float;
                let bytes: Vec<u8> = src.iter().flatten().flat_map(|x| x.to_le_bytes()).collect();
                let mut out = vec![0u8; dlen * 16];
                let (sb, db) = (
                    ImageLayout::new(w, h, pitch * 16),
                    ImageLayout::new(dw, dh, dpitch * 16),
                );
                f.downsample_with(&bytes, sb, &mut out, db, alpha, nan)
                    .unwrap();
                for (i, t) in dst.iter().enumerate().filter(|(i, _)| i % dpitch < dw) {
                    for c in 0..4 {
                        let b = &out[i * 16 + c * 4..][..4];
                        let r = f32::from_le_bytes(b.try_into().unwrap());
                        // A NaN's sign and payload are the platform's (they differ
                        // between the two loops' code on some builds).
                        assert!(same(t[c], r), "{w}×{h} {i} {c}: {} against {r}", t[c]);
                    }
                }
            }
        }
    }
    // Layouts counted in bytes, 16 a texel: errors, never panics.
    let src = [[0.0f32; 4]; 8];
    let mut dst = [[0.0f32; 4]; 2];
    let (a, n) = (AlphaMode::Straight, NanPolicy::Skip);
    let (s, d) = (ImageLayout::new(3, 2, 48), ImageLayout::new(1, 1, 16));
    assert!(downsample_f32(&src, s, &mut dst, d, a, n).is_ok());
    assert!(matches!(
        downsample_f32(&src, ImageLayout::new(3, 2, 32), &mut dst, d, a, n),
        Err(LayoutError::PitchTooSmall {
            pitch: 32,
            row_bytes: 48
        })
    ));
    assert!(matches!(
        downsample_f32(&src, ImageLayout::new(3, 2, 56), &mut dst, d, a, n),
        Err(LayoutError::PitchNotTexels {
            pitch: 56,
            texel_bytes: 16
        })
    ));
    assert!(matches!(
        downsample_f32(&src[..5], s, &mut dst, d, a, n),
        Err(LayoutError::BufferTooShort {
            needed: 96,
            len: 80
        })
    ));
    assert!(matches!(
        downsample_f32(&src, s, &mut dst, ImageLayout::new(2, 1, 2), a, n),
        Err(LayoutError::LevelSize { .. })
    ));
    assert!(matches!(
        downsample_f32(
            &src,
            ImageLayout::new(usize::MAX, 2, usize::MAX),
            &mut dst,
            d,
            a,
            n
        ),
        Err(LayoutError::Overflow)
    ));
    assert!(matches!(
        downsample_f32(&src, s, &mut dst[..0], d, a, n),
        Err(LayoutError::BufferTooShort { needed: 16, len: 0 })
    ));
    let one = [[0.0f32; 1]; 8];
    let got = downsample_f32(
        &one,
        ImageLayout::new(3, 2, 14),
        &mut [[0.0; 1]; 1],
        d,
        a,
        n,
    );
    assert!(matches!(
        got,
        Err(LayoutError::PitchNotTexels {
            pitch: 14,
            texel_bytes: 4
        })
    ));
}

/// `downsample_f32` on the first `N` channels of `src` (layouts `s`, `d` of
/// 4-channel texels) gives the first `N` channels of its result on `src`
/// widened with 0 and alpha 1, bit for bit but for NaN payloads.
fn check_fewer_channels<const N: usize>(
    src: &[[f32; 4]],
    s: ImageLayout,
    d: ImageLayout,
    alpha: AlphaMode,
    nan: NanPolicy,
) {
    let narrow: Vec<[f32; N]> = src.iter().map(|t| core::array::from_fn(|c| t[c])).collect();
    let wide: Vec<[f32; 4]> = narrow
        .iter()
        .map(|t| core::array::from_fn(|c| t.get(c).map_or(f32::from(c == 3), |&v| v)))
        .collect();
    let bytes = |l: ImageLayout| ImageLayout::new(l.width, l.height, l.row_pitch / 4 * N);
    let dlen = d.row_pitch / 16 * d.height.saturating_sub(1) + d.width * usize::from(d.height > 0);
    let mut got = vec![[0.0f32; N]; dlen];
    downsample_f32(&narrow, bytes(s), &mut got, bytes(d), alpha, nan).unwrap();
    let mut want = vec![[0.0f32; 4]; dlen];
    downsample_f32(&wide, s, &mut want, d, alpha, nan).unwrap();
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        if i % (d.row_pitch / 16) < d.width {
            for c in 0..N {
                assert!(same(g[c], w[c]), "{N} channels, texel {i}: {g:?} {w:?}");
            }
        }
    }
}

/// A level of width 0 and a huge height (a valid layout: no byte to read) is
/// done at once, not row by row: both downsampling functions.
#[test]
fn zero_width_huge_height_returns_at_once() {
    let (a, n) = (AlphaMode::Straight, NanPolicy::Skip);
    let (s, d) = (
        ImageLayout::new(0, usize::MAX, 0),
        ImageLayout::new(0, usize::MAX / 2, 0),
    );
    assert!(downsample_f32::<4>(&[], s, &mut [], d, a, n).is_ok());
    assert!(Format::Rgba8Unorm.downsample(&[], s, &mut [], d, a).is_ok());
}

/// The sizes of the chain tests: strips both ways, odd sides, squares.
const CHAIN_SIZES: [(usize, usize); 12] = [
    (1, 1),
    (1, 9),
    (9, 1),
    (1, 64),
    (64, 1),
    (5, 3),
    (3, 5),
    (7, 7),
    (2, 2),
    (6, 10),
    (33, 17),
    (16, 16),
];

const ALPHAS: [AlphaMode; 2] = [AlphaMode::Straight, AlphaMode::Premultiplied];
const NANS: [NanPolicy; 2] = [NanPolicy::Propagate, NanPolicy::Skip];

/// The chain the per-level calls make: level `i` of `data` is `downsample_with`
/// of level `i − 1`, at `level_range` and `level_layout` (the loop users wrote).
fn chain_per_level(desc: &TextureDesc, data: &mut [u8], nan: NanPolicy) {
    for i in 1..desc.mip_levels {
        let (above, at) = (
            desc.level_range(i - 1).unwrap(),
            desc.level_range(i).unwrap(),
        );
        let (head, tail) = data.split_at_mut(at.start);
        desc.format
            .downsample_with(
                &head[above],
                desc.level_layout(i - 1).unwrap(),
                &mut tail[..at.len()],
                desc.level_layout(i).unwrap(),
                desc.alpha,
                nan,
            )
            .unwrap();
    }
}

/// `TextureDesc::fill_mips` is, bit for bit, the per-level `downsample_with` calls:
/// every format, both alpha modes, both NaN policies, the [`CHAIN_SIZES`] with the
/// full chain, one level fewer and one more than the chain (1 × 1 again), on
/// random level-0 bytes (float formats salted with NaNs, ±∞, ±0 and
/// subnormals); level 0 is not written.
#[test]
fn fill_mips_is_the_per_level_downsample() {
    let mut rng = XorShift(0x0000_F111_5C4A);
    for f in Format::ALL {
        for (w, h) in miri_thin(CHAIN_SIZES, 4) {
            let full = TextureDesc::new(f, w, h).with_full_mips();
            for levels in [
                full.mip_levels,
                (full.mip_levels - 1).max(1),
                full.mip_levels + 1,
            ] {
                for (alpha, nan) in ALPHAS.into_iter().flat_map(|a| NANS.map(|n| (a, n))) {
                    let desc = full.with_mip_levels(levels).with_alpha(alpha);
                    let len = desc.data_len().unwrap();
                    let mut data: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
                    let top = desc.level_range(0).unwrap();
                    if let Some(r) = rules(f) {
                        inject_specials(&mut rng, &mut data[top.clone()], &r);
                    }
                    let mut want = data.clone();
                    chain_per_level(&desc, &mut want, nan);
                    let before = data[top.clone()].to_vec();
                    desc.fill_mips(&mut data, nan).unwrap();
                    assert_eq!(
                        data, want,
                        "{f} {w}×{h}, {levels} levels, {alpha:?}, {nan:?}"
                    );
                    assert_eq!(data[top], before[..]);
                }
            }
        }
    }
}

/// A salted `f32`: half the time a [`special`] one (NaNs with sign and payload,
/// ±∞, ±0, subnormals), else [`XorShift::f32`] (raw bits, values around [0, 1],
/// edges).
fn salted_f32(rng: &mut XorShift) -> f32 {
    match rng.next() % 2 {
        0 => special(rng, 32).map_or_else(|| rng.f32(), f32::from_bits),
        _ => rng.f32(),
    }
}

/// The `f32` chain the per-level calls make: `downsample_f32` of each `f32` level
/// (`Premultiplied`, the plain mean, for `[f32; 4]` texels into a format without
/// alpha; else the description's alpha mode), each level encoded by
/// `encode_rows` (`N = 4`), `encode_channel_rows` on the flattened texels (`N`
/// the format's channels), or `encode_rows` of the texels widened with 0 and
/// alpha 1 (any other `N`).
fn f32_chain_per_level<const N: usize>(
    desc: &TextureDesc,
    src: &[[f32; N]],
    nan: NanPolicy,
) -> Vec<u8> {
    let f = desc.format;
    let mut data = vec![0u8; desc.data_len().unwrap()];
    let mut level = src.to_vec();
    let alpha = if f.channels() < 4 && N == 4 {
        AlphaMode::Premultiplied
    } else {
        desc.alpha
    };
    for i in 0..desc.mip_levels {
        let layout = desc.level_layout(i).unwrap();
        let out = &mut data[desc.level_range(i).unwrap()];
        if i > 0 {
            let above = desc.level_layout(i - 1).unwrap();
            let mut next = vec![[0.0f32; N]; layout.width * layout.height];
            let texel = 4 * N;
            downsample_f32(
                &level,
                ImageLayout::new(above.width, above.height, texel * above.width),
                &mut next,
                ImageLayout::new(layout.width, layout.height, texel * layout.width),
                alpha,
                nan,
            )
            .unwrap();
            level = next;
        }
        if N == f.channels() {
            f.encode_channel_rows(level.as_flattened(), out, layout)
                .unwrap();
        } else {
            let wide: Vec<[f32; 4]> = level
                .iter()
                .map(|t| std::array::from_fn(|c| t.get(c).copied().unwrap_or(f32::from(c == 3))))
                .collect();
            f.encode_rows(&wide, out, layout).unwrap();
        }
    }
    data
}

/// `fill_mips_from_f32_with_buffer` (and `fill_mips_from_f32` under `alloc`) on
/// texels of `N` channels is, bit for bit, [`f32_chain_per_level`]: every format,
/// both alpha modes, both NaN policies, the [`CHAIN_SIZES`] with the full chain
/// and one level fewer, salted random texels, a scratch of exactly
/// `mip_scratch_len` texels of garbage (and a longer one).
fn check_f32_chain<const N: usize>(rng: &mut XorShift) {
    for f in Format::ALL {
        for (w, h) in miri_thin(CHAIN_SIZES, 4) {
            let full = TextureDesc::new(f, w, h).with_full_mips();
            for levels in [full.mip_levels, full.mip_levels - 1] {
                for (alpha, nan) in ALPHAS.into_iter().flat_map(|a| NANS.map(|n| (a, n))) {
                    let desc = full.with_mip_levels(levels).with_alpha(alpha);
                    let src: Vec<[f32; N]> = (0..w * h)
                        .map(|_| std::array::from_fn(|_| salted_f32(rng)))
                        .collect();
                    let want = f32_chain_per_level(&desc, &src, nan);
                    let what = format!("{f} {w}×{h}, {levels} levels, {alpha:?}, {nan:?}, N = {N}");
                    let extra = (rng.next() % 3) as usize;
                    let scratch_len = desc.mip_scratch_len().unwrap() + extra;
                    let mut scratch = vec![[f32::from_bits(0xFFC0_1234); N]; scratch_len];
                    let mut data = vec![0x5Au8; want.len()];
                    desc.fill_mips_from_f32_with_buffer(&src, &mut data, nan, &mut scratch)
                        .unwrap();
                    assert_eq!(data, want, "{what}");
                    #[cfg(feature = "alloc")]
                    {
                        let mut again = vec![0xA5u8; want.len()];
                        desc.fill_mips_from_f32(&src, &mut again, nan).unwrap();
                        assert_eq!(again, want, "{what} (alloc)");
                    }
                }
            }
        }
    }
}

#[test]
fn fill_mips_from_f32_is_downsample_f32_and_encode_per_level() {
    let mut rng = XorShift(0x0000_F32C_4A17);
    check_f32_chain::<1>(&mut rng);
    check_f32_chain::<2>(&mut rng);
    check_f32_chain::<3>(&mut rng);
    check_f32_chain::<4>(&mut rng);
}

/// Where the two chains agree: on the `*32Float` formats, whose encoding keeps
/// every bit, `fill_mips` of the encoded level 0 gives the bytes of
/// `fill_mips_from_f32` on texels without NaN (`downsample_f32` is
/// `Format::downsample` of those formats but for the NaNs it makes).
#[test]
fn the_two_chains_agree_on_f32_formats_without_nan() {
    let mut rng = XorShift(0x0000_A64E_E32F);
    for f in [F::R32Float, F::Rg32Float, F::Rgba32Float] {
        for (w, h) in miri_thin(CHAIN_SIZES, 4) {
            for alpha in ALPHAS {
                let desc = TextureDesc::new(f, w, h).with_full_mips().with_alpha(alpha);
                let finite = |rng: &mut XorShift| loop {
                    let x = rng.f32();
                    if x.is_finite() {
                        break x;
                    }
                };
                let src: Vec<[f32; 4]> = (0..w * h)
                    .map(|_| std::array::from_fn(|_| finite(&mut rng)))
                    .collect();
                let mut from_f32 = vec![0u8; desc.data_len().unwrap()];
                let mut scratch = vec![[0.0; 4]; desc.mip_scratch_len().unwrap()];
                desc.fill_mips_from_f32_with_buffer(
                    &src,
                    &mut from_f32,
                    NanPolicy::Skip,
                    &mut scratch,
                )
                .unwrap();
                let mut from_codes = from_f32.clone();
                from_codes[desc.level_range(0).unwrap().end..].fill(0);
                desc.fill_mips(&mut from_codes, NanPolicy::Skip).unwrap();
                assert_eq!(from_codes, from_f32, "{f} {w}×{h} {alpha:?}");
            }
        }
    }
    // The scratch: two rows of each later level, one of a level one row high.
    let desc = TextureDesc::new(F::Rgba32Float, 8, 4).with_full_mips(); // 4×2, 2×1, 1×1
    assert_eq!(desc.mip_scratch_len(), Some(8 + 2 + 1));
}

/// Wrong lengths are errors, checked before anything is written (`data` and the
/// scratch untouched), in the documented order; empty textures and descriptions
/// of no level are done at once.
#[test]
fn mip_chain_errors_and_empty_textures() {
    let nan = NanPolicy::Skip;
    let desc = TextureDesc::new(F::Rgba8Unorm, 5, 3).with_full_mips(); // 60 + 8 + 4 bytes
    assert_eq!(desc.data_len(), Some(72));
    assert_eq!(desc.mip_scratch_len(), Some(3));
    let src = [[0.5f32; 4]; 15];
    let mut scratch = [[7.0f32; 4]; 3];
    for len in [0, 71, 73] {
        let mut data = vec![0x5Au8; len];
        let want = Err(LayoutError::DataLength { expected: 72, len });
        assert_eq!(desc.fill_mips(&mut data, nan), want);
        assert_eq!(
            desc.fill_mips_from_f32_with_buffer(&src, &mut data, nan, &mut scratch),
            want
        );
        #[cfg(feature = "alloc")]
        assert_eq!(desc.fill_mips_from_f32(&src, &mut data, nan), want);
        assert!(data.iter().all(|&b| b == 0x5A));
    }
    let mut data = [0x5Au8; 72];
    let texels = Err(LayoutError::TexelCount {
        expected: 15,
        len: 14,
    });
    assert_eq!(
        desc.fill_mips_from_f32_with_buffer(&src[1..], &mut data, nan, &mut scratch),
        texels
    );
    #[cfg(feature = "alloc")]
    assert_eq!(desc.fill_mips_from_f32(&src[1..], &mut data, nan), texels);
    let short = Err(LayoutError::ScratchTooShort { needed: 3, len: 2 });
    assert_eq!(
        desc.fill_mips_from_f32_with_buffer(&src, &mut data, nan, &mut scratch[..2]),
        short
    );
    // The length is checked before the texels, the texels before the scratch.
    assert_eq!(
        desc.fill_mips_from_f32_with_buffer(&src[1..], &mut data[1..], nan, &mut []),
        Err(LayoutError::DataLength {
            expected: 72,
            len: 71
        })
    );
    assert_eq!(
        desc.fill_mips_from_f32_with_buffer(&src[1..], &mut data, nan, &mut []),
        texels
    );
    assert!(data.iter().all(|&b| b == 0x5A));
    assert!(scratch.iter().flatten().all(|&x| x == 7.0));
    // Sizes that overflow, and more levels than 32: `Overflow`.
    for bad in [
        TextureDesc::new(F::R8Unorm, usize::MAX, 2),
        desc.with_mip_levels(33),
    ] {
        assert_eq!(bad.fill_mips(&mut [], nan), Err(LayoutError::Overflow));
        let r = bad.fill_mips_from_f32_with_buffer::<1>(&[], &mut [], nan, &mut []);
        assert_eq!(r, Err(LayoutError::Overflow));
    }
    // Empty textures and no levels: nothing to write, however tall.
    for empty in [
        TextureDesc::new(F::Rgba16Float, 0, usize::MAX),
        TextureDesc::new(F::Rgba16Float, 7, 0).with_mip_levels(3),
        TextureDesc::new(F::Rgba16Float, 0, 0).with_full_mips(),
    ] {
        assert_eq!(empty.data_len(), Some(0));
        assert!(empty.fill_mips(&mut [], nan).is_ok());
        assert!(
            empty
                .fill_mips_from_f32_with_buffer::<4>(&[], &mut [], nan, &mut [])
                .is_ok()
        );
    }
    let none = TextureDesc::new(F::R8Unorm, 2, 2).with_mip_levels(0);
    assert!(
        none.fill_mips_from_f32_with_buffer(&[[1.0f32]; 4], &mut [], nan, &mut [])
            .is_ok()
    );
    assert_eq!(
        none.fill_mips_from_f32_with_buffer(&[[1.0f32]; 3], &mut [], nan, &mut []),
        Err(LayoutError::TexelCount {
            expected: 4,
            len: 3
        })
    );
    // The messages.
    assert_eq!(
        LayoutError::DataLength {
            expected: 72,
            len: 71
        }
        .to_string(),
        "the levels hold 71 bytes, not 72"
    );
    assert_eq!(
        LayoutError::ScratchTooShort { needed: 6, len: 5 }.to_string(),
        "the scratch holds 5 texels where the mip chain needs 6"
    );
}
