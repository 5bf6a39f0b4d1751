//! The 8-bit RGBA pixel formats, channel by channel against the one-channel
//! references in `normkey-oracle` (UNORM8: exact `f64` products; sRGB: the `f64`
//! curve), for every byte, edge values and random pixels. The one-channel encoders
//! are proven for all 2³² inputs in `tests/storage.rs` and `tests/texture_srgb.rs`.

// Test data: random bits become floats and small codes move between types.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::float_cmp,
    clippy::many_single_char_names
)]

mod common;
use common::XorShift;
use normkey_oracle::{decode_normalized, encode_unorm, srgb_decode, srgb_encode};

/// The reference bytes of the pixel `[r, g, b, a]`, in memory order.
fn reference_bytes(bgra: bool, srgb: bool, [r, g, b, a]: [f32; 4]) -> [u8; 4] {
    let colour = |x: f32| {
        if srgb {
            srgb_encode(x)
        } else {
            encode_unorm(x, 8) as u8
        }
    };
    let (r, g, b, a) = (colour(r), colour(g), colour(b), encode_unorm(a, 8) as u8);
    if bgra { [b, g, r, a] } else { [r, g, b, a] }
}

/// The reference linear pixel `[r, g, b, a]` of the bytes in memory order.
fn reference_rgba(bgra: bool, srgb: bool, bytes: [u8; 4]) -> [f32; 4] {
    let colour = |c: u8| {
        if srgb {
            srgb_decode(c) as f32
        } else {
            decode_normalized(i64::from(c), 255)
        }
    };
    let [r, g, b, a] = if bgra {
        [bytes[2], bytes[1], bytes[0], bytes[3]]
    } else {
        bytes
    };
    [
        colour(r),
        colour(g),
        colour(b),
        decode_normalized(i64::from(a), 255),
    ]
}

/// Edge values of one channel.
const EDGES: [f32; 12] = [
    f32::NAN,
    -f32::NAN,
    0.0,
    -0.0,
    1.0e-45,
    0.5,
    1.0,
    -1.0,
    2.0,
    f32::INFINITY,
    f32::NEG_INFINITY,
    0.003_130_8,
];

macro_rules! rgba8_tests {
    ($T:ident, bgra = $bgra:literal, srgb = $srgb:literal) => {
        #[allow(non_snake_case)]
        mod $T {
            use super::*;
            use normkey::$T;

            const BGRA: bool = $bgra;
            const SRGB: bool = $srgb;

            #[test]
            fn channel_order() {
                // Each channel alone at 1.0 lands in its own byte.
                let bytes = |p| $T::from_rgba(p).to_bytes();
                let (r, b) = if BGRA { (2, 0) } else { (0, 2) };
                let mut want = [0; 4];
                want[r] = 255;
                assert_eq!(bytes([1.0, 0.0, 0.0, 0.0]), want, "red");
                let mut want = [0; 4];
                want[1] = 255;
                assert_eq!(bytes([0.0, 1.0, 0.0, 0.0]), want, "green");
                let mut want = [0; 4];
                want[b] = 255;
                assert_eq!(bytes([0.0, 0.0, 1.0, 0.0]), want, "blue");
                assert_eq!(bytes([0.0, 0.0, 0.0, 1.0]), [0, 0, 0, 255], "alpha");
                // Alpha is linear in every format; colour 0.5 is 128 (UNORM) or 188 (sRGB).
                let half = if SRGB { 188 } else { 128 };
                assert_eq!(bytes([0.5; 4]), [half, half, half, 128]);
                assert_eq!($T::from_bytes([1, 2, 3, 4]).to_bytes(), [1, 2, 3, 4]);
            }

            #[test]
            fn every_byte_of_every_channel() {
                for c in 0..=255u8 {
                    for ch in 0..4 {
                        let mut bytes = [0, 85, 170, 255];
                        bytes[ch] = c;
                        let p = $T::from_bytes(bytes);
                        let want = reference_rgba(BGRA, SRGB, bytes);
                        assert_eq!(
                            p.to_rgba().map(f32::to_bits),
                            want.map(f32::to_bits),
                            "{bytes:?}"
                        );
                        // Decoding then encoding gives the bytes back.
                        assert_eq!($T::from_rgba(p.to_rgba()).to_bytes(), bytes);
                    }
                }
            }

            #[test]
            fn edge_pixels_and_nan_in_one_channel() {
                for &x in &EDGES {
                    for ch in 0..4 {
                        let mut p = [0.25, 0.5, 0.75, 1.0];
                        p[ch] = x;
                        let want = reference_bytes(BGRA, SRGB, p);
                        assert_eq!($T::from_rgba(p).to_bytes(), want, "{p:?}");
                    }
                }
                // A NaN channel is 0 and the others are as without it.
                let clean = $T::from_rgba([0.25, 0.5, 0.75, 1.0]).to_rgba();
                for ch in 0..4 {
                    let mut p = [0.25, 0.5, 0.75, 1.0];
                    p[ch] = f32::NAN;
                    let got = $T::from_rgba(p).to_rgba();
                    for k in 0..4 {
                        let want = if k == ch { 0.0 } else { clean[k] };
                        assert_eq!(got[k].to_bits(), want.to_bits(), "NaN in {ch}, channel {k}");
                    }
                }
            }

            #[test]
            #[cfg_attr(miri, ignore = "30,000 pixels: too slow under Miri (run natively)")]
            fn slices_random_pixels() {
                let mut rng = XorShift(0x0123_4567_89ab_cdef);
                let pixels: Vec<[f32; 4]> = (0..2000)
                    .map(|_| core::array::from_fn(|_| rng.f32()))
                    .collect();
                for skip in 0..17 {
                    let src = &pixels[skip..];
                    let mut dst = vec![$T::from_bytes([9; 4]); src.len()];
                    $T::encode_slice(src, &mut dst);
                    for (p, d) in src.iter().zip(&dst) {
                        assert_eq!(d.to_bytes(), reference_bytes(BGRA, SRGB, *p), "{p:?}");
                        assert_eq!(*d, $T::from_rgba(*p));
                    }
                    let mut back = vec![[f32::NAN; 4]; dst.len()];
                    $T::decode_slice(&dst, &mut back);
                    for (d, b) in dst.iter().zip(&back) {
                        let want = reference_rgba(BGRA, SRGB, d.to_bytes());
                        assert_eq!(b.map(f32::to_bits), want.map(f32::to_bits));
                    }
                }
            }

            #[test]
            fn pod_is_the_texture_bytes() {
                let texture: [u8; 8] = [1, 2, 3, 4, 5, 6, 7, 8];
                let pixels: &[$T] = bytemuck::cast_slice(&texture);
                assert_eq!(pixels[1].to_bytes(), [5, 6, 7, 8]);
            }
        }
    };
}

normkey::for_each_rgba8_format!(rgba8_tests);

#[test]
fn the_four_formats_agree_on_their_shared_channels() {
    use normkey::{Bgra8Unorm, Bgra8UnormSrgb, Rgba8Unorm, Rgba8UnormSrgb};
    let p = [0.2, 0.4, 0.6, 0.8];
    let [r, g, b, a] = Rgba8Unorm::from_rgba(p).to_bytes();
    assert_eq!(Bgra8Unorm::from_rgba(p).to_bytes(), [b, g, r, a]);
    let [r, g, b, a2] = Rgba8UnormSrgb::from_rgba(p).to_bytes();
    assert_eq!(a2, a, "alpha is linear in the sRGB formats");
    assert_eq!(Bgra8UnormSrgb::from_rgba(p).to_bytes(), [b, g, r, a]);
}
