//! The binary16 channel conversions against the `half` crate (a dev-dependency,
//! written independently): `f32_to_f16` and `f16_encode_slice` bit for bit
//! `half::f16::from_f32` on all 2³² `f32` (`#[ignore]`d: run it with
//! `cargo test --release --all-features --test texture_binary16 -- --ignored`),
//! `f16_to_f32` and `f16_decode_slice` bit for bit `half::f16::to_f32` on all 2¹⁶
//! codes, and random inputs in every run. `f32_to_f16_rtz` and
//! `f16_encode_slice_rtz` on all 2³² `f32` against the definition of rounding
//! toward zero over `half`'s decoded values (`#[ignore]`d), and against
//! `normkey-oracle`'s search on edges and random inputs in every run.

mod common;
use common::{CHECK_SCALAR, XorShift, constant_on, for_all_f32_blocks, miri_thin};
use normkey::texture::{
    f16_decode_slice, f16_encode_slice, f16_encode_slice_rtz, f16_to_f32, f32_to_f16,
    f32_to_f16_rtz,
};

/// The number of `xs` where the scalar or the slice encoder differs from `half`,
/// or from `constant` (the code of every input, where the caller knows it) when
/// given.
fn encode_failures(xs: &[f32], constant: Option<u16>) -> u64 {
    let mut codes = vec![0u16; xs.len()];
    f16_encode_slice(xs, &mut codes);
    let mut bad = 0;
    for (&x, &c) in xs.iter().zip(&codes) {
        let want = constant.unwrap_or_else(|| half::f16::from_f32(x).to_bits());
        let got = f32_to_f16(x);
        if (CHECK_SCALAR && got != want) || c != want {
            if bad < 4 {
                eprintln!(
                    "{:#010x} ({x:e}): want {want:#06x}, got {got:#06x}, slice {c:#06x}",
                    x.to_bits()
                );
            }
            bad += 1;
        }
    }
    bad
}

#[test]
#[ignore = "all 2^32 f32 bit patterns: run in release mode with --ignored"]
fn encode_exhaustive_against_half() {
    // A block whose ends have one code has it throughout.
    let bad = for_all_f32_blocks(|xs| {
        encode_failures(xs, constant_on(xs, |x| half::f16::from_f32(x).to_bits()))
    });
    assert_eq!(bad, 0);
}

#[test]
fn encode_random_and_edges_against_half() {
    let mut rng = XorShift(0x00F1_6F16);
    let mut xs: Vec<f32> = miri_thin(0..100_000, 200).map(|_| rng.f32()).collect();
    // Every rounding boundary region: the f32 next to each binary16 and each midpoint.
    for c in miri_thin(0..=0x7C00u16, 64) {
        let v = half::f16::from_bits(c).to_f32();
        for d in [-2i32, -1, 0, 1, 2] {
            let bits = v.to_bits().wrapping_add_signed(d);
            xs.extend([f32::from_bits(bits), -f32::from_bits(bits)]);
            // The midpoint to the next code, and its neighbours.
            let mid = bits.wrapping_add(1 << 12);
            xs.extend([f32::from_bits(mid), -f32::from_bits(mid)]);
        }
    }
    xs.extend([
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7F80_0001),
        f32::from_bits(0xFFBF_FFFF),
    ]);
    assert_eq!(encode_failures(&xs, None), 0);
}

/// The number of `xs` where the round-toward-zero scalar or slice encoder differs
/// from the oracle's search (NaN payloads quieted).
fn rtz_failures(xs: &[f32]) -> u64 {
    let mut codes = vec![0u16; xs.len()];
    f16_encode_slice_rtz(xs, &mut codes);
    let mut bad = 0;
    for (&x, &c) in xs.iter().zip(&codes) {
        let want = normkey_oracle::f16_toward_zero(x, true);
        let got = f32_to_f16_rtz(x);
        if (CHECK_SCALAR && got != want) || c != want {
            if bad < 4 {
                eprintln!(
                    "{:#010x} ({x:e}): want {want:#06x}, got {got:#06x}, slice {c:#06x}",
                    x.to_bits()
                );
            }
            bad += 1;
        }
    }
    bad
}

/// Every `f32` against the definition of rounding toward zero, without a search
/// per input: the finite binary16 values, exact `f32`s (decoded by `half`), are
/// the thresholds; a finite input's code is the sign and the largest code whose
/// value is at most its magnitude (65504's at and beyond it), found by a search
/// over the `u32` bit patterns (ordered as the values). ±∞ and NaN go to the
/// oracle.
#[test]
#[ignore = "all 2^32 f32 bit patterns: run in release mode with --ignored"]
#[allow(clippy::cast_possible_truncation)] // at most 0x7BFF
fn rtz_encode_exhaustive_against_definition() {
    let thresholds: Vec<u32> = (0..=0x7BFFu16)
        .map(|c| half::f16::from_bits(c).to_f32().to_bits())
        .collect();
    let bad = for_all_f32_blocks(|xs| {
        let mut codes = vec![0u16; xs.len()];
        f16_encode_slice_rtz(xs, &mut codes);
        let mut bad = 0;
        // The search continues from the last input (a block ascends); a block
        // whose ends have one code has it throughout.
        let mut floor = normkey_oracle::Floor::default();
        let definition = |x: f32, floor: &mut normkey_oracle::Floor| {
            let abs = x.to_bits() & 0x7FFF_FFFF;
            if abs >= 0x7F80_0000 {
                normkey_oracle::f16_toward_zero(x, true)
            } else {
                let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
                // The last threshold at most `abs` (the first is +0).
                sign | floor.find(&thresholds, abs) as u16
            }
        };
        let constant = constant_on(xs, |x| definition(x, &mut normkey_oracle::Floor::default()));
        for (&x, &c) in xs.iter().zip(&codes) {
            let want = constant.unwrap_or_else(|| definition(x, &mut floor));
            let got = f32_to_f16_rtz(x);
            if (CHECK_SCALAR && got != want) || c != want {
                if bad < 4 {
                    eprintln!(
                        "{:#010x} ({x:e}): want {want:#06x}, got {got:#06x}, slice {c:#06x}",
                        x.to_bits()
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
fn rtz_encode_edges_against_oracle() {
    let mut rng = XorShift(0x0072_7A16);
    let mut xs: Vec<f32> = miri_thin(0..100_000, 200).map(|_| rng.f32()).collect();
    // Each binary16 value and its f32 neighbours, both signs.
    for c in miri_thin(0..=0x7C00u16, 64) {
        let bits = half::f16::from_bits(c).to_f32().to_bits();
        for d in [-1i32, 0, 1] {
            let x = f32::from_bits(bits.wrapping_add_signed(d));
            xs.extend([x, -x]);
        }
    }
    xs.extend([
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7F80_0001),
        f32::from_bits(0xFFBF_FFFF),
        f32::MAX,
        -f32::MAX,
        65520.0,
    ]);
    assert_eq!(rtz_failures(&xs), 0);
}

#[test]
fn decode_every_code_against_half() {
    let codes: Vec<u16> = miri_thin(0..=u16::MAX, 97).collect();
    let mut xs = vec![0.0f32; codes.len()];
    f16_decode_slice(&codes, &mut xs);
    for (&c, &x) in codes.iter().zip(&xs) {
        let want = half::f16::from_bits(c).to_f32().to_bits();
        assert_eq!(f16_to_f32(c).to_bits(), want, "{c:#06x}");
        assert_eq!(x.to_bits(), want, "{c:#06x}");
    }
}
