//! The packed UNORM pixel formats, channel by channel against `normkey-oracle`
//! (every f32 of every channel width is covered by the all-width sweep in
//! `tests/storage.rs`; here: the packing). The layouts come from
//! `for_each_packed_format!`, written from the and wgpu's tables.

// The tests move small codes between integer types and read bit fields on purpose.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::cast_lossless
)]

mod common;
use common::XorShift;

/// Edge values of one channel: NaN (both signs, signalling), ±0, the smallest
/// subnormal, the tie 0.5 and its neighbours, the ends, beyond the ends, ±∞.
const EDGES: [f32; 14] = [
    f32::NAN,
    -f32::NAN,
    f32::from_bits(0x7f80_0001),
    0.0,
    -0.0,
    1.0e-45,
    0.5,
    0.499_999_97,
    0.500_000_06,
    1.0,
    -1.0,
    1.5,
    f32::INFINITY,
    f32::NEG_INFINITY,
];

/// The pixel the oracle packs: each channel's exact UNORM code in its field.
fn oracle_pack<const N: usize>(px: [f32; N], layout: [(u32, u32); N]) -> u64 {
    layout
        .iter()
        .zip(px)
        .map(|(&(shift, bits), x)| (normkey_oracle::encode_unorm(x, bits) as u64) << shift)
        .fold(0, |a, b| a | b)
}

/// The channels the oracle reads from `pixel`: `code / max` correctly rounded.
fn oracle_unpack<const N: usize>(pixel: u64, layout: [(u32, u32); N]) -> [u32; N] {
    layout.map(|(shift, bits)| {
        let max = normkey_oracle::unorm_max(bits);
        normkey_oracle::decode_normalized((pixel >> shift) as i64 & max, max).to_bits()
    })
}

macro_rules! packed_tests {
    ($T:ident, $int:ident, $n:literal, $from:ident, $to:ident, $layout:expr) => {
        #[allow(non_snake_case)]
        mod $T {
            use super::*;
            use normkey::texture::$T;

            const LAYOUT: [(u32, u32); $n] = $layout;

            fn check_encode(px: [f32; $n]) {
                let got = $T::$from(px).to_bits() as u64;
                assert_eq!(got, oracle_pack(px, LAYOUT), "{px:?}");
            }

            fn check_decode(bits: $int) {
                let got = $T::from_bits(bits).$to().map(f32::to_bits);
                assert_eq!(got, oracle_unpack(bits as u64, LAYOUT), "{bits:#x}");
            }

            #[test]
            fn layout_fills_the_integer_once() {
                let fields = LAYOUT.map(|(shift, bits)| ((1u64 << bits) - 1) << shift);
                assert_eq!(fields.iter().fold(0, |a, f| a | f), $int::MAX as u64);
                assert_eq!(
                    fields.iter().map(|f| f.count_ones()).sum::<u32>(),
                    $int::BITS
                );
                // One channel at 1.0, the others 0: exactly its field is set.
                for (i, f) in fields.iter().enumerate() {
                    let mut px = [0.0; $n];
                    px[i] = 1.0;
                    assert_eq!($T::$from(px).to_bits() as u64, *f, "channel {i}");
                }
            }

            #[test]
            fn edge_pixels_channel_by_channel() {
                // Every combination of edge values: a NaN or ∞ in one channel must not
                // disturb the others.
                let mut idx = [0usize; $n];
                // Under Miri, every 37th combination (every one natively).
                let mut n = 0_usize;
                loop {
                    if !cfg!(miri) || n % 37 == 0 {
                        check_encode(idx.map(|i| EDGES[i]));
                    }
                    n += 1;
                    let mut c = 0;
                    while c < $n {
                        idx[c] += 1;
                        if idx[c] < EDGES.len() {
                            break;
                        }
                        idx[c] = 0;
                        c += 1;
                    }
                    if c == $n {
                        break;
                    }
                }
            }

            #[test]
            fn random_pixels_channel_by_channel() {
                let mut rng = XorShift(0x51_7cc1_b727_220a ^ $int::BITS as u64);
                for _ in 0..(if cfg!(miri) { 100 } else { 200_000 }) {
                    let px: [f32; $n] = core::array::from_fn(|_| rng.f32());
                    check_encode(px);
                    check_decode(rng.next() as $int);
                }
            }

            #[test]
            #[cfg_attr(miri, ignore = "every code: too slow under Miri (run natively)")]
            fn every_code_of_every_channel_decodes() {
                let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
                for &(shift, bits) in &LAYOUT {
                    for code in 0..1u64 << bits {
                        // The code in its field, random bits elsewhere.
                        let field = ((1u64 << bits) - 1) << shift;
                        let pixel = (rng.next() & !field & $int::MAX as u64) | code << shift;
                        check_decode(pixel as $int);
                        // And it comes back: decode, encode.
                        let p = $T::from_bits(pixel as $int);
                        assert_eq!($T::$from(p.$to()), p, "{pixel:#x}");
                    }
                }
            }

            #[test]
            fn slices_equal_scalars() {
                let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
                for _ in 0..(if cfg!(miri) { 4 } else { 100 }) {
                    let len = (rng.next() % 200) as usize | 1;
                    let src: Vec<[f32; $n]> = (0..len)
                        .map(|_| core::array::from_fn(|_| rng.f32()))
                        .collect();
                    let mut enc = vec![$T::default(); len];
                    $T::encode_slice(&src, &mut enc);
                    let mut dec = vec![[f32::NAN; $n]; len];
                    $T::decode_slice(&enc, &mut dec);
                    for ((x, p), y) in src.iter().zip(&enc).zip(&dec) {
                        assert_eq!(*p, $T::$from(*x), "{x:?}");
                        assert_eq!(y.map(f32::to_bits), p.$to().map(f32::to_bits));
                    }
                }
            }

            #[test]
            #[should_panic(expected = "does not match destination slice length")]
            fn slice_length_mismatch_panics() {
                $T::encode_slice(&[[0.5; $n]; 3], &mut [$T::default(); 2]);
            }

            #[test]
            fn pod_and_bits() {
                let px = [$T::from_bits($int::MAX), $T::from_bits(0)];
                let raw: &[$int] = bytemuck::cast_slice(&px);
                assert_eq!(raw, [$int::MAX, 0]);
                assert_eq!(core::mem::size_of::<$T>(), core::mem::size_of::<$int>());
            }
        }
    };
}

normkey::for_each_packed_format!(packed_tests);

/// The layouts spelled out as literal pixels.
#[test]
fn literal_pixels() {
    use normkey::texture::{B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Rgb10a2Unorm};
    assert_eq!(
        Rgb10a2Unorm::from_rgba([1.0, 0.0, 0.0, 0.0]).to_bits(),
        0x0000_03ff
    );
    assert_eq!(
        Rgb10a2Unorm::from_rgba([0.0, 0.0, 0.0, 1.0]).to_bits(),
        0xc000_0000
    );
    assert_eq!(
        Rgb10a2Unorm::from_rgba([0.0, 0.0, 1.0, 0.0]).to_bits(),
        0x3ff0_0000
    );
    assert_eq!(B5g6r5Unorm::from_rgb([1.0, 0.0, 0.0]).to_bits(), 0xf800);
    assert_eq!(B5g6r5Unorm::from_rgb([0.0, 1.0, 0.0]).to_bits(), 0x07e0);
    assert_eq!(
        Bgr5a1Unorm::from_rgba([0.0, 0.0, 0.0, 1.0]).to_bits(),
        0x8000
    );
    assert_eq!(
        Bgr5a1Unorm::from_rgba([1.0, 0.0, 0.0, 0.0]).to_bits(),
        0x7c00
    );
    assert_eq!(
        Bgra4Unorm::from_rgba([0.0, 1.0, 0.0, 0.0]).to_bits(),
        0x00f0
    );
    assert_eq!(
        Bgra4Unorm::from_rgba([0.0, 0.0, 0.0, 1.0]).to_bits(),
        0xf000
    );
    // 0.5 is the tie of every width: it rounds up (10 bits: 512; 2 bits: 2).
    assert_eq!(
        Rgb10a2Unorm::from_rgba([0.5; 4]).to_bits(),
        512 | 512 << 10 | 512 << 20 | 2 << 30
    );
}

/// The GPU-matching decoders (bit replication to 8 bits, then `/ 255`): every
/// pixel against `normkey_oracle::decode_unorm_replicated` channel by channel, bit
/// for bit, and the slice form against the same. Expanded from
/// `for_each_packed_format!` (its layouts) for the formats that have the form,
/// named here; the others expand to nothing.
macro_rules! replicated_tests {
    (B5g6r5Unorm, $int:ident, $n:literal, $from:ident, $to:ident, $layout:expr) => {
        replicated_tests!(@ B5g6r5Unorm, $n, to_rgb_replicated, $layout);
    };
    (Bgr5a1Unorm, $int:ident, $n:literal, $from:ident, $to:ident, $layout:expr) => {
        replicated_tests!(@ Bgr5a1Unorm, $n, to_rgba_replicated, $layout);
    };
    ($T:ident, $($rest:tt)*) => {};
    (@ $T:ident, $n:literal, $to_replicated:ident, $layout:expr) => {
        #[allow(non_snake_case)]
        mod $T {
            use normkey::texture::$T;

            const LAYOUT: [(u32, u32); $n] = $layout;

            #[test]
            #[cfg_attr(miri, ignore = "every pixel: too slow under Miri (run natively)")]
            fn every_pixel_against_the_oracle() {
                let all: Vec<$T> = (0..=u16::MAX).map($T::from_bits).collect();
                let mut sliced = vec![[f32::NAN; $n]; all.len()];
                $T::decode_slice_replicated(&all, &mut sliced);
                for (p, s) in all.iter().zip(&sliced) {
                    let bits = p.to_bits();
                    let want = LAYOUT.map(|(shift, width)| {
                        let code = (u32::from(bits) >> shift) & ((1 << width) - 1);
                        normkey_oracle::decode_unorm_replicated(code, width).to_bits()
                    });
                    assert_eq!(p.$to_replicated().map(f32::to_bits), want, "{bits:#x}");
                    assert_eq!(s.map(f32::to_bits), want, "{bits:#x} (slice)");
                }
            }
        }
    };
}

mod replicated {
    normkey::for_each_packed_format!(replicated_tests);
}
