//! The peers of the packed float formats, written once: `benches/ufloat.rs` times
//! them and the `*_wrong` functions count the inputs they get wrong against
//! `normkey-oracle` (the rule normkey implements exactly).
//!
//! * `half_rg11b10`: each channel through `half::f16::from_f32` (nearest even to
//!   10 mantissa bits), then shifted right by 4 (float11) or 5 (float10) bits with
//!   round to nearest even: two roundings. Negatives and NaN are sent to `+0.0`
//!   first with `x.max(0.0)`, the sign bit masked off; f16 overflow (≥ 65520) and
//!   rounding past the largest finite value give ∞.
//! * `rgbe_rgb9e5`: `rgbe::RGB9E5::pack` 0.0.2 (a port of `MiniEngine`'s magic-add
//!   packer; NaN unhandled).

// The bench and the counting use different parts of this module.
#![allow(dead_code)]
// Codes and exact small values move between integers and floats on purpose.
#![allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
// Exact values are compared exactly.
#![allow(clippy::float_cmp)]

use half::f16;

/// What each peer computes, for the table: (bench id, description).
pub(crate) const LEGEND: &[(&str, &str)] = &[
    (
        "half_shift",
        "`half::f16::from_f32(x.max(0.0))`, sign masked, shifted right by 4 (float11) / 5 (float10) with round to nearest even: two roundings",
    ),
    (
        "rgbe_pack",
        "`rgbe::RGB9E5::pack` 0.0.2 (MiniEngine's magic-add bit trick)",
    ),
];

/// One channel through `f16`: `bits` = 11 or 10. The `f16` bits without the sign
/// are the float with 10 mantissa bits; the shift drops `15 − bits` of them,
/// rounding to nearest even a second time.
#[inline]
fn half_channel(x: f32, bits: u32) -> u32 {
    let h = u32::from(f16::from_f32(x.max(0.0)).to_bits()) & 0x7FFF;
    let s = 15 - bits;
    (h + (1 << (s - 1)) - 1 + ((h >> s) & 1)) >> s
}

/// `Rg11b10Ufloat` through `half::f16` and shifts.
#[inline]
pub(crate) fn half_rg11b10(rgb: [f32; 3]) -> u32 {
    half_channel(rgb[0], 11) | half_channel(rgb[1], 11) << 11 | half_channel(rgb[2], 10) << 22
}

/// `Rg11b10Ufloat` decoded through `half::f16` (the code shifted back into an
/// `f16`; exact, like normkey's decoder).
#[inline]
pub(crate) fn half_rg11b10_decode(c: u32) -> [f32; 3] {
    let h = |bits: u32, shift: u32| f16::from_bits((bits << shift) as u16).to_f32();
    [h(c & 0x7FF, 4), h(c >> 11 & 0x7FF, 4), h(c >> 22, 5)]
}

/// `Rgb9e5Ufloat` by `rgbe::RGB9E5::pack`.
#[inline]
pub(crate) fn rgbe_rgb9e5(rgb: [f32; 3]) -> u32 {
    rgbe::RGB9E5::pack(rgb).0
}

/// `Rgb9e5Ufloat` decoded by `rgbe::RGB9E5::unpack`.
#[inline]
pub(crate) fn rgbe_rgb9e5_decode(c: u32) -> [f32; 3] {
    rgbe::RGB9E5(c).unpack()
}

/// The inputs, among all 2³² `f32`, where the `half` route's float11 (`bits` = 11)
/// or float10 (10) code differs from the exact one (`normkey_oracle::encode_ufloat`):
/// in all, and among the finite inputs in [0, largest finite value] (where only
/// the double rounding can go wrong). Runs on two threads.
pub(crate) fn half_route_wrong(bits: u32) -> (u64, u64) {
    let mbits = bits - 5;
    let top = normkey_oracle::ufloat_value((31 << mbits) - 1, mbits);
    std::thread::scope(|s| {
        let halves: Vec<_> = [0u32, 1]
            .into_iter()
            .map(|h| {
                s.spawn(move || {
                    let (mut all, mut in_range) = (0, 0);
                    for lo in 0..=u32::MAX >> 1 {
                        let x = f32::from_bits(h << 31 | lo);
                        let bad = half_channel(x, bits) != normkey_oracle::encode_ufloat(x, mbits);
                        all += u64::from(bad);
                        in_range += u64::from(bad && (0.0..=top).contains(&f64::from(x)));
                    }
                    (all, in_range)
                })
            })
            .collect();
        halves
            .into_iter()
            .map(|h| h.join().unwrap())
            .fold((0, 0), |a, b| (a.0 + b.0, a.1 + b.1))
    })
}

/// Random and edge pixels for counting RGB9E5 mistakes: channels spread over
/// 2⁻³⁰ … 2¹⁷ on a log scale, values at mantissa ties and exponent bumps, zeros,
/// negatives, ∞ and NaN.
pub(crate) fn rgb9e5_pixels(count: usize) -> Vec<[f32; 3]> {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let edges = [
        0.0,
        -0.0,
        -1.0,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        65408.0,
        65535.0,
        1.0e30,
    ];
    (0..count)
        .map(|_| {
            let mut ch = || {
                let r = next();
                match r % 8 {
                    0 => edges[(r >> 8) as usize % edges.len()],
                    1 => {
                        // a mantissa tie or an exponent bump: (m + ½) · 2^k
                        let m = (r >> 8) % 512;
                        let k = ((r >> 20) % 40) as i32 - 30;
                        (m as f32 + 0.5) * 2.0f32.powi(k)
                    }
                    _ => {
                        let k = ((r >> 8) % 48) as i32 - 30;
                        let u = (r >> 40) as f32 / (1u64 << 24) as f32;
                        2.0f32.powi(k) * (1.0 + u)
                    }
                }
            };
            [ch(), ch(), ch()]
        })
        .collect()
}

/// The pixels of `pixels` where `rgbe::RGB9E5::pack` differs from the exact code
/// (`normkey_oracle::encode_rgb9e5`), and those where it differs in value too
/// (codes of one value with different exponents count only in the first).
pub(crate) fn rgbe_wrong(pixels: &[[f32; 3]]) -> (u64, u64) {
    let mut code = 0;
    let mut value = 0;
    for p in pixels {
        let want = normkey_oracle::encode_rgb9e5(*p, false);
        let got = rgbe_rgb9e5(*p);
        if got != want {
            code += 1;
            if normkey_oracle::decode_rgb9e5(got) != normkey_oracle::decode_rgb9e5(want) {
                value += 1;
            }
        }
    }
    (code, value)
}
