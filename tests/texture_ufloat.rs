//! `Rg11b10Ufloat`, `Rgb9e5Ufloat` and the float11/float10 channel functions
//! against the references of `normkey-oracle` (a nearest-value search over the
//! code table; the RGB9E5 rule transcribed in exact `f64` arithmetic), written
//! independently of the implementation.
//!
//! The all-2³² sweeps are `#[ignore]`d; run them with
//! `cargo test --release --all-features --test texture_ufloat -- --ignored`.

// Exact float comparisons are the point of these tests; codes and small exact
// values move between integers and floats on purpose.
#![allow(
    clippy::float_cmp,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap
)]

mod common;
use common::{CHECK_SCALAR, XorShift, constant_on, for_all_f32_blocks, miri_thin};
use normkey::texture::{
    f32_to_uf10, f32_to_uf10_rtz, f32_to_uf11, f32_to_uf11_rtz, uf10_to_f32, uf11_to_f32,
};
use normkey::{Rg11b10Ufloat, Rgb9e5Ufloat};
use normkey_oracle::{
    Floor, decode_rgb9e5, encode_rgb9e5, encode_ufloat, encode_ufloat_from,
    encode_ufloat_toward_zero, encode_ufloat_toward_zero_from, ufloat_value,
};

/// The `Rg11b10Ufloat` code of three channel codes.
fn rg11b10(r: u32, g: u32, b: u32) -> u32 {
    r | g << 11 | b << 22
}

#[test]
#[ignore = "all 2^32 f32 bit patterns: run in release mode with --ignored"]
fn uf11_uf10_and_rg11b10_encode_exhaustive() {
    let bad = for_all_f32_blocks(|xs| {
        let pixels: Vec<[f32; 3]> = xs.iter().map(|&x| [x; 3]).collect();
        let mut codes = vec![Rg11b10Ufloat::ZERO; xs.len()];
        Rg11b10Ufloat::encode_slice(&pixels, &mut codes);
        let mut bad = 0;
        // The oracle's searches continue from the last input (a block ascends);
        // a block whose ends have one code has it throughout.
        let constant = constant_on(xs, |x| (encode_ufloat(x, 6), encode_ufloat(x, 5)));
        let (mut f11, mut f10) = (Floor::default(), Floor::default());
        for (&x, c) in xs.iter().zip(&codes) {
            let (w11, w10) = constant.unwrap_or_else(|| {
                (
                    encode_ufloat_from(x, 6, &mut f11),
                    encode_ufloat_from(x, 5, &mut f10),
                )
            });
            let (g11, g10) = (u32::from(f32_to_uf11(x)), u32::from(f32_to_uf10(x)));
            let want = rg11b10(w11, w11, w10);
            let scalar = Rg11b10Ufloat::from_rgb([x; 3]).to_bits();
            if (CHECK_SCALAR && ((g11, g10) != (w11, w10) || scalar != want)) || c.to_bits() != want
            {
                if bad < 4 {
                    eprintln!(
                        "{:#010x} ({x:e}): want {w11:#x}/{w10:#x}, got {g11:#x}/{g10:#x}, from_rgb {scalar:#x}, encode_slice {:#x}",
                        x.to_bits(),
                        c.to_bits()
                    );
                }
                bad += 1;
            }
        }
        bad
    });
    assert_eq!(bad, 0);
}

#[test]
#[ignore = "all 2^32 f32 bit patterns: run in release mode with --ignored"]
fn rgb9e5_one_channel_exhaustive() {
    // Red varies, green and blue are 0 (random pixels cover the other positions).
    let bad = for_all_f32_blocks(|xs| {
        let pixels: Vec<[f32; 3]> = xs.iter().map(|&x| [x, 0.0, 0.0]).collect();
        let mut codes = vec![Rgb9e5Ufloat::ZERO; xs.len()];
        Rgb9e5Ufloat::encode_slice(&pixels, &mut codes);
        let mut bad = 0;
        // A block whose ends have one code has it throughout (the code, as an
        // integer, ascends with red: exponent above mantissa).
        let constant = constant_on(xs, |x| {
            (
                encode_rgb9e5([x, 0.0, 0.0], false),
                encode_rgb9e5([x, 0.0, 0.0], true),
            )
        });
        for (p, c) in pixels.iter().zip(&codes) {
            let (want, want_up) =
                constant.unwrap_or_else(|| (encode_rgb9e5(*p, false), encode_rgb9e5(*p, true)));
            let scalar = Rgb9e5Ufloat::from_rgb(*p).to_bits();
            let up = Rgb9e5Ufloat::from_rgb_half_up(*p).to_bits();
            if (CHECK_SCALAR && (scalar != want || up != want_up)) || c.to_bits() != want {
                if bad < 4 {
                    eprintln!(
                        "{p:?}: want {want:#x}/{want_up:#x}, got {scalar:#x}/{up:#x}, encode_slice {:#x}",
                        c.to_bits()
                    );
                }
                bad += 1;
            }
        }
        bad
    });
    assert_eq!(bad, 0);
}

/// Checks one decoded channel against the definition: the same value, and for the
/// NaN codes the documented quiet NaN.
fn check_ufloat_decode(c: u32, mbits: u32, got: f32) {
    let want = ufloat_value(c, mbits);
    if want.is_nan() {
        let m = c & ((1 << mbits) - 1);
        assert_eq!(
            got.to_bits(),
            0x7FC0_0000 | m << (23 - mbits),
            "code {c:#x}"
        );
    } else {
        assert_eq!(f64::from(got), want, "code {c:#x}");
        assert_eq!(got.to_bits() >> 31, 0, "code {c:#x}: no −0");
    }
}

#[test]
fn uf11_uf10_every_code() {
    for c in miri_thin(0..2048, 16) {
        check_ufloat_decode(c, 6, uf11_to_f32(c as u16));
        // Bits above the code are ignored.
        assert_eq!(
            uf11_to_f32(c as u16 | 0xF800).to_bits(),
            uf11_to_f32(c as u16).to_bits()
        );
    }
    for c in miri_thin(0..1024, 16) {
        check_ufloat_decode(c, 5, uf10_to_f32(c as u16));
        assert_eq!(
            uf10_to_f32(c as u16 | 0xFC00).to_bits(),
            uf10_to_f32(c as u16).to_bits()
        );
    }
}

#[test]
fn rg11b10_every_channel_code_and_round_trip() {
    let all: Vec<Rg11b10Ufloat> = miri_thin(0..2048, 16)
        .map(|c| Rg11b10Ufloat::from_bits(rg11b10(c, 2047 - c, (c * 7) % 1024)))
        .collect();
    let mut dec = vec![[f32::NAN; 3]; all.len()];
    Rg11b10Ufloat::decode_slice(&all, &mut dec);
    for (p, d) in all.iter().zip(&dec) {
        let code = p.to_bits();
        let chans = [code & 0x7FF, code >> 11 & 0x7FF, code >> 22];
        let rgb = p.to_rgb();
        assert_eq!(rgb.map(f32::to_bits), d.map(f32::to_bits), "{code:#x}");
        for (k, (&c, &v)) in chans.iter().zip(&rgb).enumerate() {
            let mbits = if k == 2 { 5 } else { 6 };
            check_ufloat_decode(c, mbits, v);
        }
        // Every code but the NaN codes other than all ones is canonical; those
        // come back as the all-ones code.
        let back = Rg11b10Ufloat::from_rgb(rgb).to_bits();
        let want: [u32; 3] = [(chans[0], 6), (chans[1], 6), (chans[2], 5)].map(|(c, mbits)| {
            if ufloat_value(c, mbits).is_nan() {
                (32 << mbits) - 1
            } else {
                c
            }
        });
        assert_eq!(back, rg11b10(want[0], want[1], want[2]), "{code:#x}");
    }
}

/// Every code's value, the midpoints between neighbouring codes, and the `f32`
/// on either side of each: every input where the rounding can go wrong.
fn ufloat_edges(mbits: u32) -> Vec<f32> {
    let mut xs = Vec::new();
    for c in 0..(31 << mbits) {
        let v = ufloat_value(c, mbits);
        let next = if c + 1 < 31 << mbits {
            ufloat_value(c + 1, mbits)
        } else {
            131_072.0 // 65536 − 65024 (or 64512) further: the next value past the top
        };
        for y in [v, f64::midpoint(v, next)] {
            let y = y as f32;
            xs.extend([
                y,
                f32::from_bits(y.to_bits() + 1),
                f32::from_bits(y.to_bits().saturating_sub(1)),
            ]);
        }
    }
    xs
}

#[test]
fn uf11_uf10_edges() {
    for (mbits, encode) in [(6, f32_to_uf11 as fn(f32) -> u16), (5, f32_to_uf10)] {
        for x in miri_thin(ufloat_edges(mbits), 50) {
            for x in [x, -x] {
                assert_eq!(
                    u32::from(encode(x)),
                    encode_ufloat(x, mbits),
                    "{x:e} ({:#x}), mbits {mbits}",
                    x.to_bits()
                );
            }
        }
    }
}

/// The number of `xs` where a round-toward-zero float11/float10 encoder (scalar,
/// `from_rgb_rtz`, `encode_slice_rtz`) differs from the oracle's search (NaN
/// payloads quieted), or from `constant` (the float11 and float10 codes of every
/// input, where the caller knows them) when given.
fn rtz_failures(xs: &[f32], constant: Option<(u32, u32)>) -> u64 {
    let pixels: Vec<[f32; 3]> = xs.iter().map(|&x| [x; 3]).collect();
    let mut codes = vec![Rg11b10Ufloat::ZERO; xs.len()];
    Rg11b10Ufloat::encode_slice_rtz(&pixels, &mut codes);
    let mut bad = 0;
    // The oracle's searches continue from the last input (fast where `xs`
    // ascends, as in the exhaustive sweep).
    let (mut f11, mut f10) = (Floor::default(), Floor::default());
    for (&x, c) in xs.iter().zip(&codes) {
        let (w11, w10) = constant.unwrap_or_else(|| {
            (
                encode_ufloat_toward_zero_from(x, 6, true, &mut f11),
                encode_ufloat_toward_zero_from(x, 5, true, &mut f10),
            )
        });
        let (g11, g10) = (u32::from(f32_to_uf11_rtz(x)), u32::from(f32_to_uf10_rtz(x)));
        let want = rg11b10(w11, w11, w10);
        let scalar = Rg11b10Ufloat::from_rgb_rtz([x; 3]).to_bits();
        if (CHECK_SCALAR && ((g11, g10) != (w11, w10) || scalar != want)) || c.to_bits() != want {
            if bad < 4 {
                eprintln!(
                    "{:#010x} ({x:e}): want {w11:#x}/{w10:#x}, got {g11:#x}/{g10:#x}, from_rgb_rtz {scalar:#x}, encode_slice_rtz {:#x}",
                    x.to_bits(),
                    c.to_bits()
                );
            }
            bad += 1;
        }
    }
    bad
}

#[test]
#[ignore = "all 2^32 f32 bit patterns: run in release mode with --ignored"]
fn uf11_uf10_and_rg11b10_rtz_exhaustive() {
    // A block whose ends have one code has it throughout.
    let bad = for_all_f32_blocks(|xs| {
        let constant = constant_on(xs, |x| {
            (
                encode_ufloat_toward_zero(x, 6, true),
                encode_ufloat_toward_zero(x, 5, true),
            )
        });
        rtz_failures(xs, constant)
    });
    assert_eq!(bad, 0);
}

#[test]
fn uf11_uf10_rtz_edges_and_random() {
    let mut xs: Vec<f32> = ufloat_edges(6).into_iter().chain(ufloat_edges(5)).collect();
    xs = miri_thin(xs, 50).flat_map(|x| [x, -x]).collect();
    let mut rng = XorShift(0x0072_7A00);
    xs.extend(miri_thin(0..50_000, 200).map(|_| channel(&mut rng)));
    xs.extend([
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7F80_0001),
        f32::from_bits(0xFFC1_2345),
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::MAX,
        f32::from_bits(1),
    ]);
    assert_eq!(rtz_failures(&xs, None), 0);
}

/// A channel value for RGB9E5 and float11/10: edge values, raw bits, or a value
/// spread over the formats' whole range on a log scale.
fn channel(rng: &mut XorShift) -> f32 {
    let r = rng.next();
    match r % 4 {
        0 => rng.f32(),
        1 => f32::from_bits((r >> 32) as u32),
        _ => {
            // 2^k · (1 + u), k in [−30, 17]
            let k = ((r >> 8) % 48) as i32 - 30;
            let u = (r >> 40) as f32 / (1u64 << 24) as f32;
            2.0f32.powi(k) * (1.0 + u)
        }
    }
}

/// Checks `Rgb9e5Ufloat`'s encoders, scalar and slice, on `pixels`.
fn check_rgb9e5(pixels: &[[f32; 3]]) {
    let mut codes = vec![Rgb9e5Ufloat::ZERO; pixels.len()];
    Rgb9e5Ufloat::encode_slice(pixels, &mut codes);
    for (p, c) in pixels.iter().zip(&codes) {
        let want = encode_rgb9e5(*p, false);
        assert_eq!(Rgb9e5Ufloat::from_rgb(*p).to_bits(), want, "{p:?}");
        assert_eq!(c.to_bits(), want, "{p:?}");
        assert_eq!(
            Rgb9e5Ufloat::from_rgb_half_up(*p).to_bits(),
            encode_rgb9e5(*p, true),
            "{p:?}"
        );
    }
}

/// Checks `Rg11b10Ufloat`'s encoders, scalar and slice, on `pixels`.
fn check_rg11b10(pixels: &[[f32; 3]]) {
    let mut codes = vec![Rg11b10Ufloat::ZERO; pixels.len()];
    Rg11b10Ufloat::encode_slice(pixels, &mut codes);
    for (p, c) in pixels.iter().zip(&codes) {
        let want = rg11b10(
            encode_ufloat(p[0], 6),
            encode_ufloat(p[1], 6),
            encode_ufloat(p[2], 5),
        );
        assert_eq!(Rg11b10Ufloat::from_rgb(*p).to_bits(), want, "{p:?}");
        assert_eq!(c.to_bits(), want, "{p:?}");
    }
}

#[test]
fn random_pixels() {
    let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
    for len in miri_thin(0..200, 25) {
        let pixels: Vec<[f32; 3]> = (0..len)
            .map(|_| [channel(&mut rng), channel(&mut rng), channel(&mut rng)])
            .collect();
        check_rgb9e5(&pixels);
        check_rg11b10(&pixels);
    }
}

#[test]
fn rgb9e5_exponent_bump_and_neighbours() {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let mut pixels = Vec::new();
    for e in -40..=20 {
        // 511.5 · 2^(e−9) rounds to mantissa 512 (a tie, to even: the bump), the
        // `f32` below it to 511; also 510.5, 255.75 (the bumped mantissa) and the
        // powers of two around them.
        for m in [511.5f32, 511.25, 510.5, 255.75, 256.0, 255.5, 512.0] {
            let v = m * f32::from_bits(((127 + e - 9) as u32) << 23); // m · 2^(e−9), exactly
            for v in [
                v,
                f32::from_bits(v.to_bits() + 1),
                f32::from_bits(v.to_bits() - 1),
            ] {
                for k in 0..3 {
                    let mut p = [0.0; 3];
                    for q in &mut p {
                        // the others smaller, some with ties of their own
                        *q = v * (rng.next() % 1024) as f32 / 1024.0;
                    }
                    p[k] = v;
                    pixels.push(p);
                }
            }
        }
    }
    // The clamp and the top exponent.
    for v in [
        65408.0,
        65407.0,
        65409.0,
        65472.0,
        65535.0,
        65536.0,
        1.0e30,
        f32::MAX,
    ] {
        pixels.extend([[v, 1.0, 0.5], [0.5, v, v], [f32::INFINITY, v, 0.0]]);
    }
    let pixels: Vec<[f32; 3]> = miri_thin(pixels, 20).collect();
    check_rgb9e5(&pixels);
    // Bump cases give exponent + 1 and largest mantissa 256.
    let c = Rgb9e5Ufloat::from_rgb([511.5, 0.0, 0.0]).to_bits();
    assert_eq!((c & 0x1FF, c >> 27), (256, 8 + 16 + 1)); // ⌊log₂ 511.5⌋ = 8
}

#[test]
fn nan_in_one_channel_does_not_disturb_the_others() {
    let mut rng = XorShift(0x1234_5678_9abc_def1);
    let nans = [
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7F80_0001),
        f32::from_bits(0xFFC1_2345),
    ];
    for i in miri_thin(0..10_000, 101) {
        let p = [channel(&mut rng), channel(&mut rng), channel(&mut rng)];
        let k = i % 3;
        let nan = nans[i % 4];
        let mut with_nan = p;
        with_nan[k] = nan;
        let mut with_zero = p;
        with_zero[k] = 0.0;
        assert_eq!(
            Rgb9e5Ufloat::from_rgb(with_nan),
            Rgb9e5Ufloat::from_rgb(with_zero),
            "{p:?}"
        );
        // float11/10: the NaN channel is the all-ones code, the others unchanged.
        let masks = [0x7FF, 0x7FF << 11, 0x3FF << 22];
        let a = Rg11b10Ufloat::from_rgb(with_nan).to_bits();
        let b = Rg11b10Ufloat::from_rgb(p).to_bits();
        assert_eq!(a & !masks[k], b & !masks[k], "{p:?}");
        assert_eq!(a & masks[k], masks[k], "{p:?}");
    }
}

#[test]
fn all_channels_tiny_or_huge() {
    let mut rng = XorShift(0x0bad_cafe_dead_beef);
    let mut pixels = Vec::new();
    for _ in 0..if cfg!(miri) { 50 } else { 20_000 } {
        let tiny = |rng: &mut XorShift| f32::from_bits((rng.next() >> 40) as u32 % 0x3800_0000); // below 2⁻¹⁵
        let huge = |rng: &mut XorShift| {
            f32::from_bits(0x4770_0000 + (rng.next() >> 40) as u32 % 0x0F00_0000)
        }; // from 61440 to beyond f32::MAX
        pixels.push([tiny(&mut rng), tiny(&mut rng), tiny(&mut rng)]);
        pixels.push([huge(&mut rng), huge(&mut rng), huge(&mut rng)]);
    }
    check_rgb9e5(&pixels);
    check_rg11b10(&pixels);
}

#[test]
fn rgb9e5_every_mantissa_and_exponent() {
    let codes = (0..32u32)
        .flat_map(|e| {
            (0..512u32).map(move |m| {
                Rgb9e5Ufloat::from_bits(m | (511 - m) << 9 | (m * 7 % 512) << 18 | e << 27)
            })
        })
        .chain(
            (0..32u32).flat_map(|e| (0..512u32).map(move |m| Rgb9e5Ufloat::from_bits(m | e << 27))),
        );
    let codes: Vec<Rgb9e5Ufloat> = miri_thin(codes, 61).collect();
    let mut dec = vec![[f32::NAN; 3]; codes.len()];
    Rgb9e5Ufloat::decode_slice(&codes, &mut dec);
    for (c, d) in codes.iter().zip(&dec) {
        let rgb = c.to_rgb();
        assert_eq!(
            rgb.map(f64::from),
            decode_rgb9e5(c.to_bits()),
            "{:#x}",
            c.to_bits()
        );
        assert_eq!(rgb.map(f32::to_bits), d.map(f32::to_bits));
        // Canonical: exponent 0, or a largest mantissa of at least 256.
        let code = c.to_bits();
        let top = (code & 0x1FF)
            .max(code >> 9 & 0x1FF)
            .max(code >> 18 & 0x1FF);
        let back = Rgb9e5Ufloat::from_rgb(rgb);
        if code >> 27 == 0 || top >= 256 {
            assert_eq!(back, *c, "canonical {code:#x}");
        } else {
            // The same value with a smaller exponent.
            assert!(back.to_bits() >> 27 < code >> 27, "{code:#x}");
            assert_eq!(back.to_rgb(), rgb, "{code:#x}");
        }
    }
}
