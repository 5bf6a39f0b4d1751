//! Mip levels of normkey's `Format::downsample` and of the `dds` crate's encoder
//! (image-rs, 0.2: `Encoder` with `mipmaps.generate = true`) against an exact
//! reference, with the count of texels where the `dds` crate's level differs.
//!
//! **The reference** is the one of `tests/texture_mip.rs` (and of the module docs of
//! `normkey::texture::mip`): per channel, the mean in `f64` of the 2 × 2 box of the
//! decoded source texels (D3D's box: at an odd side the last column or row is not
//! read, at a side of 1 it is repeated), sRGB colour in linear light, alpha linear;
//! with straight alpha the colour weighted by alpha, `Σ cᵢ·aᵢ / Σ aᵢ` (the plain
//! mean when `Σ aᵢ = 0`); then the code nearest to that mean (`normkey-oracle`).
//! normkey's level must be that code, or the code of the mean rounded to `f32`
//! where the mean is within half an `f32` ulp of a code boundary (the documented
//! bound); the test asserts that on every channel.
//!
//! **What the `dds` crate does** (read in its source, 0.2.0, `src/resize.rs`, and
//! `resize` 0.8): every level is resized from the surface it was given, with a box
//! filter whose width is the ratio of the sides (`resize::Filter::box_filter`),
//! separably, accumulated in `f32`. With 8-bit input the accumulators hold the codes
//! (no sRGB transfer: an `-srgb` format is averaged on its stored codes, in gamma
//! space), rounded half up (`(acc + 0.5) as u8`); with straight alpha the colour is
//! weighted by alpha and a texel whose alpha rounds to 0 becomes (0, 0, 0, 0). With
//! `f32` input (here for `rgba16float`) it keeps `f32` and converts to binary16 by
//! its own rule; with straight alpha it multiplies the weighted colour by the mean
//! alpha where it means to divide (`1.0 / a.recip()`), so every colour whose mean
//! alpha is not 1 is off.
//!
//! **What is compared.** The `dds` crate makes every level from level 0 in one call;
//! here it is given each level's source (normkey's previous level) and asked for one
//! level, so that both compute level `k` from the same texels. Where both source
//! sides are even (or 1) its filter is D3D's 2 × 2 box (weights ½, ½ per axis), and
//! the definitions agree: a difference there is one of rounding, of the sRGB transfer
//! or of the alpha weighting. Where a source side is odd its box is `s / ⌊s/2⌋`
//! texels wide (2 or 3 taps, drifting along the row), not D3D's; those levels are
//! counted too, marked "odd" in the printed table: their count includes the filters'
//! difference. A texel counts once however many of its channels differ; NaN equals
//! NaN (none occurs: the inputs are finite).
//!
//! **What it shows** (`DDS_CRATE_MIPS`): where the definitions agree, `rgba8unorm`
//! is exact in both alpha modes (the `f32` sums of codes are exact; at a tie, a mean
//! of `n + ½` codes, both take the upper code); `rgba8unorm-srgb` differs on almost
//! every texel (its codes are averaged without the transfer); `rgba16float` with
//! premultiplied alpha differs at 2 of 768 texels of level 1, where the `f32` mean
//! lands on a binary16 tie that the exact mean is not (double rounding), and with
//! straight alpha on every texel (the `recip` slip). At odd sides most texels differ
//! for every format (566 of 726 at 67 × 45 for `rgba8unorm`).
//!
//! The images: 67 × 45 (odd sides on purpose) and 64 × 48, random codes (8-bit:
//! every byte random; `rgba16float`: finite non-negative colour, alpha in [0, 1]), a
//! full chain each, for `rgba8unorm`, `rgba8unorm-srgb` and `rgba16float`, straight
//! and premultiplied alpha (`resize_straight_alpha` true and false). The counts are
//! printed (`--nocapture`) and asserted equal to `DDS_CRATE_MIPS`, so that a change
//! on either side shows.

// Test sizes and codes are small: the casts are exact; w, h, x, y, a, m are the
// docs' names.
#![allow(
    clippy::many_single_char_names,
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss
)]

use normkey::texture::{
    AlphaMode, Format, ImageLayout, Srgb8, f16_to_f32, mip_level_count, mip_size,
};
use normkey_oracle::{
    decode_normalized, encode_unorm_value, f16_nearest, srgb_encode_value, unorm_max,
};

/// How one channel encodes.
#[derive(Clone, Copy, PartialEq)]
enum Rule {
    Unorm8,
    Srgb,
    Half,
}

/// The formats compared, the `dds` crate's format for them and each channel's rule.
const FORMATS: [(Format, dds::Format, [Rule; 4]); 3] = {
    use Rule::{Half, Srgb, Unorm8};
    [
        (Format::Rgba8Unorm, dds::Format::R8G8B8A8_UNORM, [Unorm8; 4]),
        (
            Format::Rgba8UnormSrgb,
            dds::Format::R8G8B8A8_UNORM,
            [Srgb, Srgb, Srgb, Unorm8],
        ),
        (
            Format::Rgba16Float,
            dds::Format::R16G16B16A16_FLOAT,
            [Half; 4],
        ),
    ]
};

/// The decoded value of the code nearest to `m`.
fn reference(rule: Rule, m: f64) -> f32 {
    match rule {
        Rule::Unorm8 => decode_normalized(encode_unorm_value(m, 8), unorm_max(8)),
        Rule::Srgb => Srgb8::from_bits(srgb_encode_value(m)).to_f32(),
        Rule::Half => f16_to_f32(f16_nearest(m)),
    }
}

/// Equal values, or both NaN.
fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || a.is_nan() && b.is_nan()
}

/// A tiny xorshift generator.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// A random level 0 of `format`, tightly packed.
fn random_level(format: Format, rng: &mut XorShift, w: usize, h: usize) -> Vec<u8> {
    if format == Format::Rgba16Float {
        (0..w * h * 4)
            .flat_map(|i| {
                let r = rng.next() as u16;
                // Colour: finite, non-negative; alpha: [0, 1] (at most 0x3C00).
                let bits = if i % 4 == 3 { r % 0x3C01 } else { r % 0x7C00 };
                bits.to_le_bytes()
            })
            .collect()
    } else {
        (0..w * h * 4).map(|_| rng.next() as u8).collect()
    }
}

/// Decodes a tightly packed level.
fn decode(format: Format, bytes: &[u8], w: usize, h: usize) -> Vec<[f32; 4]> {
    let mut out = vec![[0.0; 4]; w * h];
    format
        .decode_rows(
            bytes,
            ImageLayout::new(w, h, w * format.bytes_per_texel()),
            &mut out,
        )
        .unwrap();
    out
}

/// The `dds` crate's next level of the `w × h` level `src` of `format` (its
/// encoder, asked for two levels, generates the second).
fn dds_next_level(
    format: Format,
    dds_format: dds::Format,
    src: &[u8],
    w: usize,
    h: usize,
    straight: bool,
) -> Vec<u8> {
    // 8-bit levels go in as their codes (what a user with PNG bytes passes), binary16
    // ones as normkey's f32 decode (the crate takes no f16 input).
    let f32_bytes: Vec<u8>;
    let (data, color) = if format == Format::Rgba16Float {
        f32_bytes = decode(format, src, w, h)
            .iter()
            .flatten()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        (&f32_bytes[..], dds::ColorFormat::RGBA_F32)
    } else {
        (src, dds::ColorFormat::RGBA_U8)
    };
    let size = dds::Size::new(w as u32, h as u32);
    let header =
        dds::header::Header::new_image(size.width, size.height, dds_format).with_mipmap_count(2);
    let mut file = Vec::new();
    let mut encoder = dds::Encoder::new(&mut file, dds_format, &header).unwrap();
    encoder.mipmaps.generate = true;
    encoder.mipmaps.resize_straight_alpha = straight;
    encoder
        .write_surface(dds::ImageView::new(data, size, color).unwrap())
        .unwrap();
    encoder.finish().unwrap();
    // The second level is the file's end.
    let n = mip_size(w) * mip_size(h) * format.bytes_per_texel();
    file[file.len() - n..].to_vec()
}

/// Compares level `w × h → mip_size(w) × mip_size(h)` made from `src` (normkey's
/// previous level, decoded) by normkey (`ours`) and by the `dds` crate (`theirs`):
/// asserts normkey's within the documented bound and returns the texels where the
/// `dds` crate's differs from the reference in any channel.
fn compare(
    rules: [Rule; 4],
    src: &[[f32; 4]],
    (w, h): (usize, usize),
    ours: &[[f32; 4]],
    theirs: &[[f32; 4]],
    alpha: AlphaMode,
) -> usize {
    let (dw, dh) = (mip_size(w), mip_size(h));
    let mut differ = 0;
    for y in 0..dh {
        for x in 0..dw {
            let at = |sx: usize, sy: usize| src[sy.min(h - 1) * w + sx.min(w - 1)];
            let p = [
                at(2 * x, 2 * y),
                at(2 * x + 1, 2 * y),
                at(2 * x, 2 * y + 1),
                at(2 * x + 1, 2 * y + 1),
            ];
            let a: f64 = p.iter().map(|t| f64::from(t[3])).sum();
            let mut off = false;
            for (c, &rule) in rules.iter().enumerate() {
                let m = if c < 3 && alpha == AlphaMode::Straight && a != 0.0 {
                    p.iter()
                        .map(|t| f64::from(t[c]) * f64::from(t[3]))
                        .sum::<f64>()
                        / a
                } else {
                    p.iter().map(|t| f64::from(t[c])).sum::<f64>() / 4.0
                };
                let want = reference(rule, m);
                let got = ours[y * dw + x][c];
                // normkey: the code of the f64 mean, or within half an f32 ulp of a
                // code boundary the code of the mean rounded to f32.
                assert!(
                    same(got, want) || same(got, reference(rule, f64::from(m as f32))),
                    "normkey ({x}, {y}) channel {c}: box {p:?}, mean {m:e}, got {got:e}"
                );
                off |= !same(theirs[y * dw + x][c], want);
            }
            differ += usize::from(off);
        }
    }
    differ
}

/// The measured table: per format, image and alpha mode, the texels of levels 1 to
/// 6 where the `dds` crate's level differs from the exact one (levels: 33×22, 16×11,
/// 8×5, 4×2, 2×1, 1×1 of the 67×45 image; 32×24, 16×12, 8×6, 4×3, 2×1, 1×1 of the
/// 64×48 one). Measured, not derived: kept here so that a change on either side shows.
const DDS_CRATE_MIPS: &[(&str, &str, &str, [usize; 6])] = &[
    ("rgba8unorm", "67x45", "straight", [566, 99, 24, 8, 0, 0]),
    (
        "rgba8unorm",
        "67x45",
        "premultiplied",
        [566, 99, 24, 8, 0, 0],
    ),
    ("rgba8unorm", "64x48", "straight", [0, 0, 0, 0, 2, 0]),
    ("rgba8unorm", "64x48", "premultiplied", [0, 0, 0, 0, 2, 0]),
    (
        "rgba8unorm-srgb",
        "67x45",
        "straight",
        [726, 176, 39, 8, 0, 0],
    ),
    (
        "rgba8unorm-srgb",
        "67x45",
        "premultiplied",
        [726, 176, 38, 8, 0, 0],
    ),
    (
        "rgba8unorm-srgb",
        "64x48",
        "straight",
        [768, 192, 47, 8, 2, 0],
    ),
    (
        "rgba8unorm-srgb",
        "64x48",
        "premultiplied",
        [768, 191, 44, 6, 2, 0],
    ),
    ("rgba16float", "67x45", "straight", [726, 176, 40, 8, 2, 1]),
    (
        "rgba16float",
        "67x45",
        "premultiplied",
        [566, 99, 24, 8, 0, 0],
    ),
    ("rgba16float", "64x48", "straight", [768, 192, 48, 12, 2, 1]),
    ("rgba16float", "64x48", "premultiplied", [2, 0, 0, 0, 2, 0]),
];

#[test]
fn dds_crate_mips_against_the_exact_ones() {
    println!(
        "\nthe dds crate's mip levels against the exact (f64-reference) ones, each from normkey's previous level:"
    );
    println!(
        "{:<16} {:>6} {:<13} {:>5} {:>6} {:>6} {:>6} {:>7}",
        "format", "image", "alpha", "level", "source", "filter", "texels", "differ"
    );
    let mut table = Vec::new();
    let mut rng = XorShift(0x0000_D0D5_311E);
    for (format, dds_format, rules) in FORMATS {
        for (w0, h0) in [(67, 45), (64, 48)] {
            let level0 = random_level(format, &mut rng, w0, h0);
            let image = if w0 == 67 { "67x45" } else { "64x48" };
            for (alpha, name) in [
                (AlphaMode::Straight, "straight"),
                (AlphaMode::Premultiplied, "premultiplied"),
            ] {
                let mut row = [0; 6];
                let (mut w, mut h, mut level) = (w0, h0, level0.clone());
                let bpt = format.bytes_per_texel();
                assert_eq!(mip_level_count(w0, h0), 7);
                for (k, count) in row.iter_mut().enumerate() {
                    let (dw, dh) = (mip_size(w), mip_size(h));
                    let mut ours = vec![0u8; dw * dh * bpt];
                    format
                        .downsample(
                            &level,
                            ImageLayout::new(w, h, w * bpt),
                            &mut ours,
                            ImageLayout::new(dw, dh, dw * bpt),
                            alpha,
                        )
                        .unwrap();
                    let straight = alpha == AlphaMode::Straight;
                    let theirs = dds_next_level(format, dds_format, &level, w, h, straight);
                    *count = compare(
                        rules,
                        &decode(format, &level, w, h),
                        (w, h),
                        &decode(format, &ours, dw, dh),
                        &decode(format, &theirs, dw, dh),
                        alpha,
                    );
                    // D3D's 2×2 box and the dds crate's agree where no side is odd.
                    let filter = if [w, h].iter().all(|&s| s % 2 == 0 || s == 1) {
                        "2x2"
                    } else {
                        "odd"
                    };
                    println!(
                        "{:<16} {image:>6} {name:<13} {:>5} {:>6} {filter:>6} {:>6} {count:>7}",
                        format.name(),
                        k + 1,
                        format!("{w}x{h}"),
                        dw * dh,
                    );
                    (w, h, level) = (dw, dh, ours);
                }
                table.push((format.name(), image, name, row));
            }
        }
    }
    assert_eq!(table, DDS_CRATE_MIPS);
}
