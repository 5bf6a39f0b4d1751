//! IEEE 754 binary16 (`f16`) channels, for the `R16Float`, `Rg16Float` and
//! `Rgba16Float` formats of [`Format`](crate::texture::Format), written on the
//! unsigned-float core of [`ufloat`](crate::texture::ufloat): a binary16 is a sign
//! bit above the 15-bit unsigned float with a 5-bit exponent (bias 15) and a 10-bit
//! mantissa, whose rounding and decoding are those of float11 and float10 with
//! M = 10.
//!
//! **Encoding** ([`f32_to_f16`]) gives the binary16 nearest to the `f32`, ties to
//! even (IEEE 754 `convertFormat`, and bit for bit `half::f16::from_f32`):
//!
//! | input | result |
//! |---|---|
//! | ±0 | ±0 (the sign kept) |
//! | \|x\| below half the smallest denormal (2⁻²⁵), 2⁻²⁵ itself (a tie to 0) | ±0 |
//! | subnormal range (below 2⁻¹⁴) | the nearest binary16 denormal, ties to even |
//! | \|x\| ≥ 65520 (rounds beyond 65504, the largest finite), ±∞ | ±∞ |
//! | NaN | a quiet NaN of the same sign whose mantissa is the `f32` payload's top 10 bits with the quiet bit set: `sign · 0x7E00 \| (bits >> 13 & 0x3FF)` |
//!
//! **Decoding** ([`f16_to_f32`]) is exact (every binary16 is an `f32`): the sign
//! kept (−0 stays −0), denormals become `f32` normals, ±∞ stay ±∞, and a NaN
//! becomes the quiet `f32` NaN of the same sign with the binary16 mantissa in its
//! top mantissa bits (`sign · 0x7FC0_0000 | m << 13`), bit for bit
//! `half::f16::to_f32`.
//!
//! Both are checked against `half` by the test suite: every one of the 2³² `f32`
//! (scalar and slice forms) and every one of the 2¹⁶ codes; the round-toward-zero
//! forms against `normkey-oracle`'s search, on every `f32` too.

use super::ufloat::{decode_ufloat, round_ufloat, truncate_ufloat};

/// The binary16 code of `x`, rounded to nearest, ties to even; overflow → ±∞, NaN
/// keeps its sign and its top payload bits and becomes quiet (see the module docs).
/// The result of `half::f16::from_f32(x).to_bits()`, bit for bit.
///
/// ```
/// use normkey::texture::{f16_to_f32, f32_to_f16};
/// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
/// assert_eq!(f32_to_f16(1.0), 0x3C00);
/// assert_eq!(f32_to_f16(-0.0), 0x8000); // the sign of zero kept
/// assert_eq!(f32_to_f16(1.0 + pow2(-11)), 0x3C00); // a tie: to even
/// assert_eq!(f32_to_f16(65504.0), 0x7BFF); // the largest finite
/// assert_eq!(f32_to_f16(65519.99), 0x7BFF);
/// assert_eq!(f32_to_f16(65520.0), 0x7C00); // overflow: +∞
/// assert_eq!(f32_to_f16(f32::NEG_INFINITY), 0xFC00);
/// assert_eq!(f32_to_f16(pow2(-24)), 0x0001); // the smallest denormal
/// assert_eq!(f32_to_f16(-pow2(-25)), 0x8000); // half of it: a tie to −0
/// assert_eq!(f32_to_f16(f32::from_bits(1)), 0); // an f32 subnormal
/// assert_eq!(f32_to_f16(f32::NAN), 0x7E00);
/// assert_eq!(f32_to_f16(f32::from_bits(0xFF80_2000)), 0xFE01); // −sNaN: quiet, payload kept
/// assert_eq!(f16_to_f32(f32_to_f16(0.1)), 0.099975586);
/// ```
#[inline]
#[must_use]
// The magnitude has at most 15 bits (it is capped at ∞ or is a NaN code).
#[allow(clippy::cast_possible_truncation)]
pub const fn f32_to_f16(x: f32) -> u16 {
    let bits = x.to_bits();
    let abs = bits & 0x7FFF_FFFF;
    let sign = (bits >> 16) & 0x8000;
    let magnitude = if abs > 0x7F80_0000 {
        0x7E00 | (abs >> 13 & 0x3FF)
    } else {
        let rounded = round_ufloat::<10>(abs);
        // +∞ (0x7F80_0000) and every value rounding beyond 65504 give ≥ 0x7C00.
        if rounded > 0x7C00 { 0x7C00 } else { rounded }
    };
    (sign | magnitude) as u16
}

/// The binary16 code of `x` rounded toward zero (IEEE 754 `roundTowardZero`), the
/// render-target rule of the recorded GPUs (see the
/// [`ufloat` module docs](crate::texture::ufloat)): the sign kept; the largest
/// magnitude at most `|x|`, denormals kept; finite values saturate at ±65504
/// (`0x7BFF`, as IEEE's overflow rule for this direction says); ±∞ kept; NaN as
/// [`f32_to_f16`] (quiet, sign and top payload bits kept).
///
/// ```
/// use normkey::texture::{f32_to_f16, f32_to_f16_rtz};
/// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
/// assert_eq!(f32_to_f16_rtz(1.0), 0x3C00);
/// assert_eq!(f32_to_f16_rtz(1.0 + pow2(-10) * 0.99), 0x3C00); // nearest: 0x3C01
/// assert_eq!(f32_to_f16(1.0 + pow2(-10) * 0.99), 0x3C01);
/// assert_eq!(f32_to_f16_rtz(-1.999), 0xBFFE); // −(1 + 1022/1024)
/// assert_eq!(f32_to_f16(-1.999), 0xBFFF); // −(1 + 1023/1024) is nearer
/// assert_eq!(f32_to_f16_rtz(-0.0), 0x8000);
/// assert_eq!(f32_to_f16_rtz(65520.0), 0x7BFF); // nearest: +∞
/// assert_eq!(f32_to_f16_rtz(-f32::MAX), 0xFBFF);
/// assert_eq!(f32_to_f16_rtz(f32::NEG_INFINITY), 0xFC00);
/// assert_eq!(f32_to_f16_rtz(pow2(-24) * 1.99), 0x0001);
/// assert_eq!(f32_to_f16_rtz(-pow2(-25)), 0x8000);
/// assert_eq!(f32_to_f16_rtz(f32::from_bits(0xFFC1_2345)), 0xFE09);
/// assert_eq!(f32_to_f16_rtz(f32::from_bits(0x7F80_0001)), 0x7E00); // sNaN: quiet
/// ```
#[inline]
#[must_use]
// The magnitude has at most 15 bits (it is capped or is a NaN code).
#[allow(clippy::cast_possible_truncation)]
pub const fn f32_to_f16_rtz(x: f32) -> u16 {
    let bits = x.to_bits();
    let abs = bits & 0x7FFF_FFFF;
    let sign = (bits >> 16) & 0x8000;
    let truncated = truncate_ufloat::<10>(abs);
    let finite = if truncated > 0x7BFF {
        0x7BFF
    } else {
        truncated
    };
    // ±∞ and NaN in one select: the exponent's code, the top payload bits, and
    // the quiet bit for a NaN (∞'s payload is 0).
    let quiet = if abs > 0x7F80_0000 { 0x200 } else { 0 };
    let special = 0x7C00 | (abs >> 13 & 0x3FF) | quiet;
    let magnitude = if abs >= 0x7F80_0000 { special } else { finite };
    (sign | magnitude) as u16
}

/// Writes `f32_to_f16_rtz(src[i])` into `dst[i]` for every `i`, through the
/// crate's vectorized loop; the scalar results, bit for bit.
///
/// # Panics
///
/// If `src.len() != dst.len()`.
///
/// ```
/// let mut dst = [0u16; 4];
/// normkey::texture::f16_encode_slice_rtz(&[1.999, -0.0, 1.0e6, f32::NAN], &mut dst);
/// assert_eq!(dst, [0x3FFE, 0x8000, 0x7BFF, 0x7E00]);
/// ```
#[inline]
#[track_caller]
pub fn f16_encode_slice_rtz(src: &[f32], dst: &mut [u16]) {
    crate::dispatch::map::<8, _, _>(src, dst, f32_to_f16_rtz);
}

/// The exact `f32` value of the binary16 code `c`: the sign kept (0x8000 gives
/// −0.0), ±∞ kept, a NaN as the quiet `f32` NaN of the same sign with the code's
/// mantissa in its top mantissa bits. The result of `half::f16::to_f32`, bit for
/// bit.
///
/// ```
/// use normkey::texture::f16_to_f32;
/// assert_eq!(f16_to_f32(0x3C00), 1.0);
/// assert_eq!(f16_to_f32(0x8000).to_bits(), (-0.0f32).to_bits());
/// assert_eq!(f16_to_f32(0x0001), f32::from_bits(103 << 23)); // 2⁻²⁴
/// assert_eq!(f16_to_f32(0x7BFF), 65504.0);
/// assert_eq!(f16_to_f32(0xFC00), f32::NEG_INFINITY);
/// assert_eq!(f16_to_f32(0x7C01).to_bits(), 0x7FC0_2000); // sNaN: quiet, payload kept
/// assert_eq!(f16_to_f32(0xFE00).to_bits(), 0xFFC0_0000);
/// ```
#[inline]
#[must_use]
pub const fn f16_to_f32(c: u16) -> f32 {
    let c = c as u32;
    f32::from_bits(decode_ufloat::<10>(c).to_bits() | (c & 0x8000) << 16)
}

/// Writes `f32_to_f16(src[i])` into `dst[i]` for every `i`, through the crate's
/// vectorized loop (AVX2 on x86-64 when the CPU has it); the scalar results, bit
/// for bit.
///
/// # Panics
///
/// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
///
/// ```
/// let mut dst = [0u16; 4];
/// normkey::texture::f16_encode_slice(&[1.0, -0.0, 1.0e6, f32::NAN], &mut dst);
/// assert_eq!(dst, [0x3C00, 0x8000, 0x7C00, 0x7E00]);
/// ```
#[inline]
#[track_caller]
pub fn f16_encode_slice(src: &[f32], dst: &mut [u16]) {
    crate::dispatch::map::<8, _, _>(src, dst, f32_to_f16);
}

/// Writes `f16_to_f32(src[i])` into `dst[i]` for every `i`, through the crate's
/// vectorized loop; the scalar results, bit for bit.
///
/// # Panics
///
/// If `src.len() != dst.len()`.
///
/// ```
/// let mut dst = [0.0f32; 3];
/// normkey::texture::f16_decode_slice(&[0x3C00, 0x8000, 0xFC00], &mut dst);
/// assert_eq!(dst.map(f32::to_bits), [1.0f32.to_bits(), 0x8000_0000, 0xFF80_0000]);
/// ```
#[inline]
#[track_caller]
pub fn f16_decode_slice(src: &[u16], dst: &mut [f32]) {
    crate::dispatch::map::<8, _, _>(src, dst, f16_to_f32);
}
