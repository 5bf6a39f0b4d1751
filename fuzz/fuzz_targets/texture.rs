//! Arbitrary pixels through the packed float formats (`Rg11b10Ufloat`,
//! `Rgb9e5Ufloat`, from `normkey::for_each_ufloat_format!`), scalar and slice
//! forms, against `normkey-oracle`; every decoded code against the oracle's value;
//! decode/encode round trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use normkey::texture::{f32_to_uf10, f32_to_uf11, uf10_to_f32, uf11_to_f32};
use normkey::{Rg11b10Ufloat, Rgb9e5Ufloat};
use normkey_oracle::{decode_rgb9e5, encode_rgb9e5, encode_ufloat, ufloat_value};

/// What the oracle says about one format.
trait Oracle: Copy + PartialEq + core::fmt::Debug {
    /// The exact code of `p`.
    fn want(p: [f32; 3]) -> u32;
    /// The values of code `c` (NaN where the code is a NaN).
    fn value(c: u32) -> [f64; 3];
    /// Whether encoding the value of `c` gives `c` back.
    fn canonical(c: u32) -> bool;
}

/// The float11/float10 channel codes of an `Rg11b10Ufloat` code.
fn channels(c: u32) -> [(u32, u32); 3] {
    [(c & 0x7FF, 6), (c >> 11 & 0x7FF, 6), (c >> 22, 5)]
}

impl Oracle for Rg11b10Ufloat {
    fn want(p: [f32; 3]) -> u32 {
        encode_ufloat(p[0], 6) | encode_ufloat(p[1], 6) << 11 | encode_ufloat(p[2], 5) << 22
    }
    fn value(c: u32) -> [f64; 3] {
        channels(c).map(|(c, m)| ufloat_value(c, m))
    }
    fn canonical(c: u32) -> bool {
        // Every NaN code but all ones encodes back to all ones.
        channels(c)
            .iter()
            .all(|&(c, m)| !ufloat_value(c, m).is_nan() || c == (32 << m) - 1)
    }
}

impl Oracle for Rgb9e5Ufloat {
    fn want(p: [f32; 3]) -> u32 {
        encode_rgb9e5(p, false)
    }
    fn value(c: u32) -> [f64; 3] {
        decode_rgb9e5(c)
    }
    fn canonical(c: u32) -> bool {
        let top = (c & 0x1FF).max(c >> 9 & 0x1FF).max(c >> 18 & 0x1FF);
        c >> 27 == 0 || top >= 256
    }
}

/// Equal values, NaN equal to NaN.
fn same(got: [f32; 3], want: [f64; 3]) -> bool {
    got.iter().zip(&want).all(|(&g, &w)| {
        if w.is_nan() {
            g.is_nan()
        } else {
            f64::from(g) == w
        }
    })
}

macro_rules! check {
    ($T:ident, $pixels:expr) => {{
        let pixels: &[[f32; 3]] = $pixels;
        let mut enc = vec![$T::ZERO; pixels.len()];
        $T::encode_slice(pixels, &mut enc);
        let mut dec = vec![[0.0_f32; 3]; pixels.len()];
        $T::decode_slice(&enc, &mut dec);
        for (i, &p) in pixels.iter().enumerate() {
            let c = $T::from_rgb(p);
            assert_eq!(c.to_bits(), <$T as Oracle>::want(p), "{p:?}");
            assert_eq!(enc[i], c);
            let v = c.to_rgb();
            assert!(
                same(v, <$T as Oracle>::value(c.to_bits())),
                "{:#x}",
                c.to_bits()
            );
            assert_eq!(dec[i].map(f32::to_bits), v.map(f32::to_bits));
            assert_eq!($T::from_rgb(v), c, "round trip of {:#x}", c.to_bits());
            // Any code, from the input's raw bits.
            let raw = $T::from_bits(p[0].to_bits() ^ p[1].to_bits().rotate_left(7));
            let r = raw.to_rgb();
            assert!(
                same(r, <$T as Oracle>::value(raw.to_bits())),
                "{:#x}",
                raw.to_bits()
            );
            let back = $T::from_rgb(r);
            if <$T as Oracle>::canonical(raw.to_bits()) {
                assert_eq!(back, raw);
            } else {
                assert!(
                    same(back.to_rgb(), <$T as Oracle>::value(raw.to_bits())),
                    "{:#x}",
                    raw.to_bits()
                );
            }
        }
    }};
}

fuzz_target!(|data: &[u8]| {
    let xs: Vec<f32> = data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    for &x in &xs {
        assert_eq!(u32::from(f32_to_uf11(x)), encode_ufloat(x, 6), "{x:?}");
        assert_eq!(u32::from(f32_to_uf10(x)), encode_ufloat(x, 5), "{x:?}");
        let c = x.to_bits() as u16;
        let (v11, v10) = (
            ufloat_value(u32::from(c & 0x7FF), 6),
            ufloat_value(u32::from(c & 0x3FF), 5),
        );
        assert!(
            same([uf11_to_f32(c), uf10_to_f32(c), 0.0], [v11, v10, 0.0]),
            "{c:#x}"
        );
    }
    let pixels: Vec<[f32; 3]> = xs.chunks_exact(3).map(|c| [c[0], c[1], c[2]]).collect();
    for &p in &pixels {
        assert_eq!(
            Rgb9e5Ufloat::from_rgb_half_up(p).to_bits(),
            encode_rgb9e5(p, true),
            "{p:?}"
        );
    }
    macro_rules! check_all {
        ($T:ident) => {
            check!($T, &pixels)
        };
    }
    normkey::for_each_ufloat_format!(check_all);
});
