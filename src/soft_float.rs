//! The storage core in integer operations only, for targets without an FPU: the
//! integer path of [`crate::storage`] (its module docs, "Targets without an FPU",
//! say where it is used and how to force it). It gives the float path's results
//! bit for bit, by computing the same exact answers from the bit patterns.
//!
//! Both functions are generic over `m`, the number of bits of `max = 2ᵐ − 1`
//! (m = n for UNORM, n − 1 for SNORM, so 1 ≤ m ≤ 16), a constant wherever they
//! are inlined. Everything stays in 32-bit integers, also for m > 8, where a
//! product would need 40 or 64 bits: a `u64` product is one `umull` on a
//! Cortex-M3, but on a Cortex-M0 (`thumbv6m`, no 64-bit multiply) it is a call
//! to `__aeabi_lmul`, and the 32-bit forms below took half the instructions there
//! for the 16-bit formats (and as many, within 3, on the M3). Every operation is
//! wrapping or a shift by an amount below the width, so a build with
//! `overflow-checks` runs the same code; none overflows (the bounds are in the
//! comments).

/// The bits of 1.0.
const ONE: u32 = 0x3f80_0000;
/// The bits of +∞.
const INF: u32 = 0x7f80_0000;

/// The code `round(clamp(x, 0, 1) · (2ᵐ − 1))` of the `f32` with bits `x`, ties
/// (only 0.5) up; NaN of either sign → 0.
///
/// Below 2⁻ᵐ⁻¹, `x · max < ½`: code 0 (with +0, the subnormals and, read as
/// integers above +NaN, every negative), so one unsigned comparison leaves
/// `x = sig · 2^(e − 150)` in [2⁻ᵐ⁻¹, 1) with a biased exponent `e` in
/// [126 − m, 126] and a 24-bit significand `sig`. Then `x · max = sig·max / 2ˢ`
/// with `s = 150 − e`, and rounding half up is `⌊(t + 1) / 2⌋` with
/// `t = ⌊sig·max / 2ˢ⁻¹⌋`, the shift `s − 1 = 149 − e` being in [23, 23 + m].
///
/// For m ≤ 8 the product `sig·max < 2³²` is exact in a `u32`. Above, `t` is
/// `⌊t₂₃ / 2¹²⁶⁻ᵉ⌋` with `t₂₃ = ⌊sig·max / 2²³⌋`, computed without the 40-bit
/// product: with `sig = q·2²³⁻ᵐ + l` (`l < 2²³⁻ᵐ`),
/// `sig·max = sig·2ᵐ − sig = q·2²³ + (l·2ᵐ − sig)`, so
/// `t₂₃ = q + ⌊d / 2²³⌋` with `d = l·2ᵐ − sig` in (−2²⁴, 0): an arithmetic shift
/// of an `i32`. `l·2ᵐ` is `sig·2ᵐ mod 2²³`, the low 23 bits of the wrapped shift.
#[inline]
pub(crate) const fn encode_unit(x: u32, m: u32) -> u32 {
    let max = (1 << m) - 1;
    // The bits of 2⁻ᵐ⁻¹ (m ≤ 16: a normal number).
    let low = (126 - m) << 23;
    if x.wrapping_sub(low) >= ONE - low {
        // x < 2⁻ᵐ⁻¹ (from +0 up; negatives are above +NaN) or x ≥ 1.0.
        return if x >= ONE && x <= INF { max } else { 0 };
    }
    let e = x >> 23;
    let sig = (x & 0x007f_ffff) | 0x0080_0000;
    let t = if m <= 8 {
        // sig·max < 2²⁴·2⁸; 149 − e ≤ 23 + m ≤ 31.
        sig.wrapping_mul(max).wrapping_shr(149 - e)
    } else {
        // d = l·2ᵐ − sig, both below 2²⁴: no wrap; t₂₃ < 2¹⁷; 126 − e ≤ m.
        #[allow(clippy::cast_possible_wrap)]
        let d = ((sig.wrapping_shl(m) & 0x007f_ffff) as i32).wrapping_sub(sig as i32);
        #[allow(clippy::cast_sign_loss)] // q + ⌊d / 2²³⌋ = t₂₃ ≥ 0
        let t23 = (sig >> (23 - m)).wrapping_add((d >> 23) as u32);
        t23.wrapping_shr(126 - e)
    };
    t.wrapping_add(1) >> 1
}

/// The bits of the `f32` nearest to `c / (2ᵐ − 1)`, for `0 ≤ c ≤ max` (+0.0 for
/// code 0).
///
/// `1 / (2ᵐ − 1) = Σₖ 2⁻ᵐᵏ`, so `c / max` is the `m`-bit block `c` repeated
/// forever after the binary point. Its first 32 bits, `w(c)`, are
/// `c · ⌊(2³² − 1)/max⌋` (the whole blocks; the quotient is exactly their sum)
/// with the top `32 mod m` bits of `c` below them. As `c ≥ 1`, `w(c)` has
/// `lz ≤ m − 1` leading zeros. For m ≤ 8, `w(c) << lz` keeps `32 − lz ≥ 25` exact
/// bits: the 24 of the significand and the rounding bit. For m > 8 it may not, but
/// the expansion from bit `lz` on is that of `c' / max` with `c' = c·2ˡᶻ mod max`,
/// which is `c` rotated left by `lz` within its `m` bits (`2ᵐ ≡ 1`), so the
/// normalized bits are `w(c')`, all exact.
///
/// There is no tie to break: the bits after the rounding bit repeat `c ≠ 0`, so
/// they are never all zero, and the result rounds up exactly when the rounding bit
/// is set. Adding the significand (hidden bit included) to the exponent field
/// lets the carry of `c = max` (all ones) make 1.0.
#[inline]
pub(crate) const fn decode_unit(c: u32, m: u32) -> u32 {
    let max = (1 << m) - 1;
    // w(c) ≤ 2³² − 1 (all ones for c = max); the partial block is below the whole
    // ones, so `|` adds it. `partial` = m − (32 mod m) is in [1, m].
    let (blocks, partial) = (u32::MAX / max, m - 32 % m);
    let w = c.wrapping_mul(blocks) | (c >> partial);
    // 32 for c = 0, whose result is replaced below.
    let lz = w.leading_zeros();
    // The normalized top 32 bits of c/max.
    let top = if m <= 8 {
        w.wrapping_shl(lz)
    } else {
        // lz < m: both shifts are below 32 (m − lz ≥ 1).
        let c = (c.wrapping_shl(lz) | c.wrapping_shr(m.wrapping_sub(lz))) & max;
        c.wrapping_mul(blocks) | (c >> partial)
    };
    // The exponent field of 2⁻¹⁻ˡᶻ is 126 − lz; the hidden bit adds one.
    let bits = (125u32.wrapping_sub(lz) << 23)
        .wrapping_add(top >> 8)
        .wrapping_add((top >> 7) & 1);
    if c == 0 { 0 } else { bits }
}

/// [`decode_unit`] for a signed code `c ≥ −max − 1`: the most negative code is
/// raised to `−max`, and the sign is put back on `|c| / max` (code 0 gives +0.0).
#[inline]
// |c| ≤ max < 2¹⁶ after the clamp; `sign` is 0 or −1.
#[allow(clippy::cast_sign_loss)]
pub(crate) const fn decode(c: i32, m: u32) -> u32 {
    let max = (1 << m) - 1;
    let c = if c < -max { -max } else { c };
    let sign = c >> 31;
    let magnitude = (c ^ sign).wrapping_sub(sign) as u32;
    decode_unit(magnitude, m) | (sign as u32 & 0x8000_0000)
}

/// The integer path against `normkey-oracle` on every build, whichever path the
/// target selects (`tests/storage.rs` checks the selected one on every input).
#[cfg(test)]
mod tests {
    use super::{decode, encode_unit};

    #[test]
    #[cfg_attr(miri, ignore = "every code of every width: too slow under Miri")]
    fn every_code_of_every_width() {
        for m in 1..=16 {
            let max = (1 << m) - 1;
            for c in -max - 1..=max {
                let want = normkey_oracle::decode_normalized(i64::from(c), i64::from(max));
                assert_eq!(decode(c, m), want.to_bits(), "m = {m}, c = {c}");
            }
        }
    }

    #[test]
    #[cfg_attr(miri, ignore = "2¹⁸ inputs per width: too slow under Miri")]
    fn every_width_on_a_lattice_of_f32() {
        // Every 16381st bit pattern (a prime stride, so every low-bit pattern
        // occurs), and every bit pattern within 64 of the thresholds and ties.
        let lattice = (0..=u32::MAX / 16_381).map(|i| i * 16_381);
        let near = [0.0f32, 0.5, 1.0, f32::INFINITY]
            .into_iter()
            .flat_map(|x| (0..128).map(move |d| x.to_bits().wrapping_add(d).wrapping_sub(64)));
        for m in 1..=16 {
            let max = (1i64 << m) - 1;
            for x in lattice.clone().chain(near.clone()) {
                let f = f32::from_bits(x);
                let want = normkey_oracle::encode_normalized(f, 0.0, max);
                assert_eq!(i64::from(encode_unit(x, m)), want, "m = {m}, x = {f:e}");
            }
        }
    }
}
