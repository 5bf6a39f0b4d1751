//! `Format::encode_rows_with` and `Format::encode_channel_rows_with` against the
//! scalar encoders: `Rounding::NearestEven` is `encode_rows` (and
//! `encode_channel_rows`) byte for byte; `Rounding::TowardZero` is
//! `f32_to_f16_rtz` on every binary16 channel, `Rg11b10Ufloat::from_rgb_rtz` on
//! `rg11b10ufloat`, and the nearest code on every other format; random texels
//! salted with NaNs, ±∞, ±0, subnormals and values beyond each format's range,
//! padded rows; the layout errors are those of the nearest forms.

// Test data: the casts build float inputs from random bits on purpose.
#![allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]

mod common;

use common::{XorShift, miri_thin};
use normkey::texture::{ChannelKind, Format, ImageLayout, Rg11b10Ufloat, Rounding, f32_to_f16_rtz};

/// A value for an encoder: mostly `XorShift::f32`, sometimes large or tiny.
fn value(rng: &mut XorShift) -> f32 {
    match rng.next() % 5 {
        0 => (rng.next() % 200_000) as f32 - 100_000.0,
        1 => f32::from_bits(rng.next() as u32 & 0x807F_FFFF), // ±0 and subnormals
        _ => rng.f32(),
    }
}

/// The bytes `format` writes for one texel rounded toward zero, by the scalar
/// encoders; `None` for the formats that round to nearest either way.
fn rtz_texel(format: Format, t: [f32; 4]) -> Option<Vec<u8>> {
    match (format, format.channel_kind()) {
        (Format::Rg11b10Ufloat, _) => Some(
            Rg11b10Ufloat::from_rgb_rtz([t[0], t[1], t[2]])
                .to_bits()
                .to_le_bytes()
                .to_vec(),
        ),
        (_, ChannelKind::Float) if format.bytes_per_texel() / format.channels() == 2 => Some(
            t[..format.channels()]
                .iter()
                .flat_map(|&x| f32_to_f16_rtz(x).to_le_bytes())
                .collect(),
        ),
        _ => None,
    }
}

#[test]
fn both_roundings_on_every_format() {
    let mut rng = XorShift(0x0123_4567_89AB_CDEF);
    let mut toward_zero_formats = 0;
    for format in Format::ALL {
        let bpt = format.bytes_per_texel();
        let n = format.channels();
        let (w, h) = if cfg!(miri) { (3, 2) } else { (37, 5) };
        let layout = ImageLayout::new(w, h, w * bpt + 3);
        let len = layout.row_pitch * h;
        let texels: Vec<[f32; 4]> = (0..w * h)
            .map(|_| core::array::from_fn(|_| value(&mut rng)))
            .collect();
        let channels: Vec<f32> = texels.iter().flat_map(|t| t[..n].to_vec()).collect();
        let encode = |rounding: Option<Rounding>, own: bool| {
            let mut dst = vec![0xA5u8; len];
            let got = match (rounding, own) {
                (None, false) => format.encode_rows(&texels, &mut dst, layout),
                (None, true) => format.encode_channel_rows(&channels, &mut dst, layout),
                (Some(r), false) => format.encode_rows_with(&texels, &mut dst, layout, r),
                (Some(r), true) => format.encode_channel_rows_with(&channels, &mut dst, layout, r),
            };
            got.unwrap();
            dst
        };
        for own in [false, true] {
            let nearest = encode(None, own);
            assert_eq!(
                encode(Some(Rounding::NearestEven), own),
                nearest,
                "{format}"
            );
            let rtz = encode(Some(Rounding::TowardZero), own);
            for (i, t) in miri_thin(texels.iter().enumerate(), 3) {
                let at = i / w * layout.row_pitch + i % w * bpt;
                let want = rtz_texel(format, *t).unwrap_or_else(|| nearest[at..at + bpt].to_vec());
                assert_eq!(rtz[at..at + bpt], want, "{format} texel {i} {t:?}");
            }
            // Toward zero changes some codes of the formats it applies to.
            let applies = rtz_texel(format, [0.0; 4]).is_some();
            assert_eq!(rtz != nearest, applies, "{format}");
            // The padding is never written.
            for y in 0..h {
                let pad = y * layout.row_pitch + w * bpt..(y + 1) * layout.row_pitch;
                assert!(rtz[pad].iter().all(|&b| b == 0xA5), "{format}");
            }
        }
        toward_zero_formats += usize::from(rtz_texel(format, [0.0; 4]).is_some());
        // The same layout errors as the nearest forms.
        let bad = ImageLayout::new(w, h, w * bpt - 1);
        let mut dst = vec![0u8; len];
        for r in [Rounding::NearestEven, Rounding::TowardZero] {
            let want = format.encode_rows(&texels, &mut dst, bad);
            assert_eq!(format.encode_rows_with(&texels, &mut dst, bad, r), want);
            let want = format.encode_channel_rows(&channels[1..], &mut dst, layout);
            let got = format.encode_channel_rows_with(&channels[1..], &mut dst, layout, r);
            assert_eq!((got.is_err(), got), (true, want));
        }
    }
    assert_eq!(toward_zero_formats, 4); // r16float, rg16float, rgba16float, rg11b10ufloat
}
