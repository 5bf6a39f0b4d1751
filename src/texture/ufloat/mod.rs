//! The unsigned small-float pixel formats `Rg11b10Ufloat` and `Rgb9e5Ufloat`, and
//! the scalar float11/float10 channel conversions they are built on.
//!
//! # The rules
//!
//! **float11 / float10** (D3D11.3 §3.1.6, Vulkan "Unsigned 11-Bit / 10-Bit
//! Floating-Point Numbers", `EXT_packed_float`): 5 exponent bits with bias 15 and a
//! 6-bit (float11) or 5-bit (float10) mantissa, no sign. Exponent 0 holds the
//! denormals `m · 2^(−14−M)`, exponents 1–30 the normal values
//! `2^(e−15) · (1 + m/2^M)`, exponent 31 ∞ (m = 0) and NaN (m ≠ 0). The encoders
//! give the code nearest to the exact `f32` value, ties to the even code, denormals
//! kept:
//!
//! | input | float11 code | float10 code |
//! |---|---|---|
//! | NaN (any sign, any payload) | `0x7FF` (all ones: exponent 31, mantissa all ones) | `0x3FF` |
//! | −0, negative values, −∞ | 0 | 0 |
//! | +0, positive values below half the smallest denormal (2⁻²¹ / 2⁻²⁰) | 0 | 0 |
//! | finite values at or above the largest finite value (65024 / 64512) | `0x7BF` (65024, saturated: finite never becomes ∞) | `0x3DF` (64512) |
//! | +∞ | `0x7C0` (∞) | `0x3E0` |
//!
//! D3D11.3 §3.2.2 asks for round toward zero where §3.1.6 asks for nearest even,
//! and Vulkan allows either neighbour; normkey rounds to nearest even, exactly.
//! `DirectXMath`'s `XMStoreFloat3PK` instead flushes [2⁻²¹, 2⁻²⁰) to 0, and Mesa's
//! packer truncates and flushes denormals.
//!
//! **Round toward zero, as GPUs store them.** The graphics specifications let a
//! render target round either way: D3D11.3 §3.2.2 converts a float to a smaller
//! float toward zero (finite values beyond the range → the largest finite), and
//! Vulkan's "Floating-Point Format Conversions" (`fundamentals-fp-conversion`)
//! rounds a finite value between two representable ones to either of them, the
//! rounding mode undefined. The GPUs recorded for normkey's conformance
//! tests (an NVIDIA H100, driver 580.159.04, and Mesa 22.3.6 llvmpipe,
//! 2026-11-26) store R11G11B10F and R16F render targets toward zero: nearest even
//! differs from them on about 48,000 of the recorded float11/float10 values and
//! 136,000 binary16 ones. [`f32_to_uf11_rtz`], [`f32_to_uf10_rtz`],
//! [`Rg11b10Ufloat::from_rgb_rtz`], [`Rg11b10Ufloat::encode_slice_rtz`] (and
//! [`f32_to_f16_rtz`](crate::texture::f32_to_f16_rtz),
//! [`f16_encode_slice_rtz`](crate::texture::f16_encode_slice_rtz) for binary16)
//! give the largest code at
//! most the input, with the same saturation and signs as the exact encoders, and
//! NaN → the quiet NaN code with the top payload bits (`0x7E0`/`0x3F0` for the
//! default NaN): bit for bit llvmpipe on every recorded value, and the H100 on
//! every one but a signalling NaN (it keeps it signalling: `0x7C1`). Exact,
//! nearest even, stays the default.
//!
//! The decoders are exact (every float11/float10 value is an `f32`): denormals
//! decode to `f32` normals, exponent 31 with m = 0 to +∞, and the NaN codes to a
//! quiet +NaN whose top mantissa bits are the code's mantissa
//! (`0x7FC0_0000 | m << (23 − M)`; the all-ones code gives `0x7FFE_0000` from
//! float11 and `0x7FFC_0000` from float10). No code decodes to −0 or a negative.
//!
//! **RGB9E5** (D3D11.3 §19.3.2, `EXT_texture_shared_exponent`): three 9-bit
//! mantissas and one 5-bit exponent E shared by the three channels, value
//! `m · 2^(E − 24)`. The encoder clamps each channel to [0, 65408] (NaN → 0,
//! negatives and −0 → 0, +∞ → 65408, the largest value), takes
//! `E = max(−16, ⌊log₂ maxc⌋) + 16` for the largest clamped channel `maxc`, plus 1
//! when `maxc`'s mantissa rounds to 512, and rounds each `c / 2^(E − 24)` to the
//! nearest integer, ties to even (the exact quotient: one rounding). GL rounds the
//! mantissas half up (`⌊x + ½⌋`); [`Rgb9e5Ufloat::from_rgb_half_up`] does that, bit
//! for bit as Mesa does. The exponent rule is GL's in both.
//!
//! # The algorithms
//!
//! **float11/10 encoding**, one implementation over the mantissa width M: for
//! inputs at or above 2⁻¹⁴ (the smallest normal), the `f32` bits minus the
//! difference of the exponent biases, plus the round-to-nearest-even increment,
//! shifted right by `23 − M`; a carry out of the mantissa moves to the exponent, as
//! it should. Below 2⁻¹⁴, `x + 2^(9−M)` rounds `x` to a multiple of the denormal
//! step 2^(−14−M) in one IEEE addition (ties to even), and the code is the
//! difference of the bit patterns. Then saturation and the special cases, all as
//! selects, so the slice loops vectorize.
//!
//! **float11/10 decoding**: the code shifted into an `f32`'s exponent and mantissa
//! fields and multiplied by 2¹¹²: exact for normals and for denormals (an `f32`
//! denormal times a power of two); exponent 31 is selected separately.
//!
//! **RGB9E5 encoding**: the clamped channels' maximum gives E from its `f32`
//! exponent field; `c · 2^(24 − E)` is exact (a power-of-two scale of a value far
//! from the `f32` range ends), and adding 2²³ rounds it to an integer, ties to
//! even. If the maximum's mantissa is 512, E grows by one and the channels are
//! scaled again. Decoding is `m · 2^(E − 24)`, one exact product.
//!
//! # Representation and non-canonical codes
//!
//! Both types are `#[repr(transparent)]` over a `u32` (the native-endian integer,
//! first-named channel in the lowest bits) and `bytemuck::Pod`: every `u32` is a
//! valid pattern and decodes to a defined value. For `Rg11b10Ufloat`, every code
//! is what some input encodes to, except the NaN codes other than all ones, which
//! decode to a NaN (see above) that encodes back to the all-ones code. For
//! `Rgb9e5Ufloat`, a code with E > 0 whose largest mantissa is below 256 is
//! non-canonical: it decodes exactly to `m · 2^(E − 24)`, and encoding that value
//! gives the canonical code of the same value (a smaller E). Every other code is
//! canonical: `from_rgb(to_rgb(c)) == c`.
//!
//! `Eq` and `Hash` are those of the `u32` code: two NaN codes are unequal, and so
//! are two RGB9E5 codes of the same value with different exponents.
//!
//! Everything is checked against the references of `normkey-oracle` by the test
//! suite: the float11 and float10 encoders (both roundings) and the RGB9E5
//! encoder on one channel for all 2³² `f32`, every code of every decoder, and
//! random and edge pixels.

mod formats;

pub use formats::{Rg11b10Ufloat, Rgb9e5Ufloat};

/// The exponent bias of float11 and float10.
const BIAS: u32 = 15;

/// `f32`'s exponent bias.
const F32_BIAS: u32 = 127;

/// The `f32` bits of +∞.
const F32_INF: u32 = 0x7F80_0000;

/// The code with a 5-bit exponent (bias 15) and an `M`-bit mantissa nearest to
/// the finite `f32` whose bits without the sign are `abs`, ties to even, denormals
/// kept; not saturated: values that round beyond the largest finite code give a
/// code at or above `31 << M`. The one rounding of float11 (M = 6), float10
/// (M = 5) and binary16 (M = 10, `crate::texture` module `binary16`).
#[inline]
pub(super) const fn round_ufloat<const M: u32>(abs: u32) -> u32 {
    let shift = 23 - M;
    // At or above 2⁻¹⁴: rebias and round to nearest even in the integers.
    let odd = (abs >> shift) & 1;
    let normal = (abs
        .wrapping_sub((F32_BIAS - BIAS) << 23)
        .wrapping_add((1 << (shift - 1)) - 1 + odd))
        >> shift;
    // Below 2⁻¹⁴: one IEEE addition rounds to a multiple of 2^(−14−M).
    let magic = f32::from_bits((F32_BIAS + 9 - M) << 23);
    let denormal = (f32::from_bits(abs) + magic)
        .to_bits()
        .wrapping_sub(magic.to_bits());
    if abs < (F32_BIAS + 1 - BIAS) << 23 {
        denormal
    } else {
        normal
    }
}

/// The code with a 5-bit exponent (bias 15) and an `M`-bit mantissa of the
/// finite `f32` whose bits without the sign are `abs`, rounded toward zero:
/// not saturated, as [`round_ufloat`]. At or above 2⁻¹⁴ the rebiased bits shifted
/// right (the dropped bits are the truncated fraction); below, the significand
/// `s` (implicit bit included) of `s · 2^(e − 150)` shifted right by the distance
/// `136 − M − e` to the denormal step 2^(−14−M), 0 when that is 32 or more (every
/// `f32` below 2^(−14−M), zero and `f32` subnormals included, gives 0).
#[inline]
pub(super) const fn truncate_ufloat<const M: u32>(abs: u32) -> u32 {
    let normal = abs.wrapping_sub((F32_BIAS - BIAS) << 23) >> (23 - M);
    // The significand in the top 24 bits (the exponent's low bit shifted out
    // and the implicit bit set in its place): one constant fewer than a mask
    // and an or, for the vector loops' registers.
    let significand = (abs << 8) | 0x8000_0000;
    // Shifts of 32 or more give 0 (`checked_shr`: AVX2's `vpsrlvd` does the same);
    // above 2⁻¹⁴ the distance wraps, and `normal` is chosen.
    let distance = (F32_BIAS + 32 - BIAS - M).wrapping_sub(abs >> 23);
    let denormal = match significand.checked_shr(distance) {
        Some(d) => d,
        None => 0,
    };
    if abs < (F32_BIAS + 1 - BIAS) << 23 {
        denormal
    } else {
        normal
    }
}

/// The float11 (M = 6) or float10 (M = 5) code of `x` rounded toward zero;
/// negatives → 0, NaN → the quiet NaN code with the top payload bits, finite
/// values saturate at the largest finite code. See the module docs.
#[inline]
const fn encode_ufloat_rtz<const M: u32>(x: f32) -> u32 {
    let bits = x.to_bits();
    let abs = bits & 0x7FFF_FFFF;
    let truncated = truncate_ufloat::<M>(abs);
    let max_finite = (31 << M) - 1;
    let finite = if truncated > max_finite {
        max_finite
    } else {
        truncated
    };
    // ±∞ and NaN in one select: their truncation is the exponent 255 rebiased
    // (143) and the top payload bits (none for ∞): rebias to 31, and set the
    // quiet bit for a NaN.
    let nan = abs > F32_INF;
    let special =
        truncated.wrapping_sub((F32_BIAS - BIAS) << M) | if nan { 1 << (M - 1) } else { 0 };
    let magnitude = if abs >= F32_INF { special } else { finite };
    // Negatives (−∞ included) give 0; a NaN keeps its code whatever its sign.
    if bits >> 31 != 0 && !nan {
        0
    } else {
        magnitude
    }
}

/// The float11 (M = 6) or float10 (M = 5) code nearest to `x`, ties to even;
/// negatives → 0, NaN → all ones, finite values saturate at the largest finite
/// code. See the module docs.
#[inline]
const fn encode_ufloat<const M: u32>(x: f32) -> u32 {
    let bits = x.to_bits();
    let abs = bits & 0x7FFF_FFFF;
    let finite = round_ufloat::<M>(abs);
    let max_finite = (31 << M) - 1;
    let finite = if finite > max_finite {
        max_finite
    } else {
        finite
    };
    if abs > F32_INF {
        (32 << M) - 1
    } else if bits >> 31 != 0 {
        0
    } else if abs == F32_INF {
        31 << M
    } else {
        finite
    }
}

/// The exact value of the float11 (M = 6), float10 (M = 5) or unsigned binary16
/// (M = 10) code `c` (its low `5 + M` bits). See the module docs.
#[inline]
pub(super) const fn decode_ufloat<const M: u32>(c: u32) -> f32 {
    let shift = 23 - M;
    let c = c & ((32 << M) - 1);
    let m = c & ((1 << M) - 1);
    let two_112 = f32::from_bits((F32_BIAS + F32_BIAS - BIAS) << 23);
    if c >= 31 << M {
        f32::from_bits(if m == 0 {
            F32_INF
        } else {
            0x7FC0_0000 | m << shift
        })
    } else {
        f32::from_bits(c << shift) * two_112
    }
}

/// The float11 code (6-bit mantissa, 5-bit exponent, bias 15, in the low 11 bits)
/// nearest to `x`, ties to even; denormals kept; negatives, −0 and −∞ → 0; finite
/// values saturate at 65024 (`0x7BF`); +∞ → `0x7C0`; NaN → `0x7FF`.
///
/// ```
/// use normkey::texture::{f32_to_uf11, uf11_to_f32};
/// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
/// assert_eq!(f32_to_uf11(1.0), 15 << 6);
/// assert_eq!(f32_to_uf11(1.0 + 1.0 / 128.0), 15 << 6); // tie: to even
/// assert_eq!(f32_to_uf11(1.0 + 3.0 / 128.0), (15 << 6) + 2); // tie: to even
/// assert_eq!(f32_to_uf11(-1.0), 0);
/// assert_eq!(f32_to_uf11(-0.0), 0);
/// assert_eq!(f32_to_uf11(f32::NEG_INFINITY), 0);
/// assert_eq!(f32_to_uf11(1.0e9), 0x7BF); // saturates: finite stays finite
/// assert_eq!(uf11_to_f32(0x7BF), 65024.0);
/// assert_eq!(f32_to_uf11(f32::INFINITY), 0x7C0);
/// assert_eq!(f32_to_uf11(f32::NAN), 0x7FF);
/// assert_eq!(f32_to_uf11(-f32::NAN), 0x7FF);
/// assert_eq!(f32_to_uf11(pow2(-20)), 1); // the smallest denormal
/// assert_eq!(f32_to_uf11(pow2(-21)), 0); // half of it: tie to even
/// assert_eq!(f32_to_uf11(f32::from_bits(1)), 0);
/// ```
#[inline]
#[must_use]
// The code has 11 bits.
#[allow(clippy::cast_possible_truncation)]
pub const fn f32_to_uf11(x: f32) -> u16 {
    encode_ufloat::<6>(x) as u16
}

/// The float10 code (5-bit mantissa, 5-bit exponent, bias 15, in the low 10 bits)
/// nearest to `x`, ties to even; denormals kept; negatives, −0 and −∞ → 0; finite
/// values saturate at 64512 (`0x3DF`); +∞ → `0x3E0`; NaN → `0x3FF`.
///
/// ```
/// use normkey::texture::{f32_to_uf10, uf10_to_f32};
/// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
/// assert_eq!(f32_to_uf10(1.0), 15 << 5);
/// assert_eq!(f32_to_uf10(1.0 + 1.0 / 64.0), 15 << 5); // tie: to even
/// assert_eq!(f32_to_uf10(-1.0), 0);
/// assert_eq!(f32_to_uf10(65535.0), 0x3DF); // saturates
/// assert_eq!(uf10_to_f32(0x3DF), 64512.0);
/// assert_eq!(f32_to_uf10(f32::INFINITY), 0x3E0);
/// assert_eq!(f32_to_uf10(f32::NAN), 0x3FF);
/// assert_eq!(f32_to_uf10(pow2(-19)), 1); // the smallest denormal
/// ```
#[inline]
#[must_use]
// The code has 10 bits.
#[allow(clippy::cast_possible_truncation)]
pub const fn f32_to_uf10(x: f32) -> u16 {
    encode_ufloat::<5>(x) as u16
}

/// The float11 code of `x` rounded toward zero, the render-target rule of the
/// recorded GPUs (see the [module docs](self)): the largest code whose value is at
/// most `x`; denormals kept; negatives, −0 and −∞ → 0; finite values saturate at
/// 65024 (`0x7BF`); +∞ → `0x7C0`; NaN (either sign) → `0x7E0 | m`, the quiet NaN
/// code whose low 5 bits `m` are the top 5 payload bits below the `f32` quiet bit.
///
/// ```
/// use normkey::texture::{f32_to_uf11, f32_to_uf11_rtz};
/// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
/// assert_eq!(f32_to_uf11_rtz(1.0), 15 << 6);
/// assert_eq!(f32_to_uf11_rtz(1.0 + 3.0 / 128.0), (15 << 6) + 1); // nearest even: + 2
/// assert_eq!(f32_to_uf11(1.0 + 3.0 / 128.0), (15 << 6) + 2);
/// assert_eq!(f32_to_uf11_rtz(1.999), (15 << 6) + 63);
/// assert_eq!(f32_to_uf11_rtz(-1.0), 0);
/// assert_eq!(f32_to_uf11_rtz(65535.0), 0x7BF); // 65024: finite stays finite
/// assert_eq!(f32_to_uf11_rtz(f32::INFINITY), 0x7C0);
/// assert_eq!(f32_to_uf11_rtz(f32::NAN), 0x7E0);
/// assert_eq!(f32_to_uf11_rtz(-f32::NAN), 0x7E0);
/// assert_eq!(f32_to_uf11_rtz(f32::from_bits(0x7F80_0001)), 0x7E0); // sNaN: quiet
/// assert_eq!(f32_to_uf11_rtz(pow2(-20)), 1); // the smallest denormal
/// assert_eq!(f32_to_uf11_rtz(pow2(-20) * 1.99), 1);
/// assert_eq!(f32_to_uf11_rtz(pow2(-21) * 1.99), 0);
/// assert_eq!(f32_to_uf11_rtz(f32::from_bits(1)), 0);
/// ```
#[inline]
#[must_use]
// The code has 11 bits.
#[allow(clippy::cast_possible_truncation)]
pub const fn f32_to_uf11_rtz(x: f32) -> u16 {
    encode_ufloat_rtz::<6>(x) as u16
}

/// The float10 code of `x` rounded toward zero (see [`f32_to_uf11_rtz`]): finite
/// values saturate at 64512 (`0x3DF`); +∞ → `0x3E0`; NaN → `0x3F0 | m`, `m` the
/// top 4 payload bits below the `f32` quiet bit.
///
/// ```
/// use normkey::texture::f32_to_uf10_rtz;
/// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
/// assert_eq!(f32_to_uf10_rtz(1.0), 15 << 5);
/// assert_eq!(f32_to_uf10_rtz(1.999), (15 << 5) + 31);
/// assert_eq!(f32_to_uf10_rtz(-0.0), 0);
/// assert_eq!(f32_to_uf10_rtz(1.0e9), 0x3DF);
/// assert_eq!(f32_to_uf10_rtz(f32::INFINITY), 0x3E0);
/// assert_eq!(f32_to_uf10_rtz(f32::NAN), 0x3F0);
/// assert_eq!(f32_to_uf10_rtz(pow2(-19) * 1.5), 1);
/// ```
#[inline]
#[must_use]
// The code has 10 bits.
#[allow(clippy::cast_possible_truncation)]
pub const fn f32_to_uf10_rtz(x: f32) -> u16 {
    encode_ufloat_rtz::<5>(x) as u16
}

/// The exact value of a float11 code (its low 11 bits; higher bits are ignored).
/// Code `0x7C0` is +∞; `0x7C1..=0x7FF` are NaN: the quiet +NaN
/// `0x7FC0_0000 | m << 17` for mantissa m. Never negative, never −0.
///
/// ```
/// use normkey::texture::uf11_to_f32;
/// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
/// assert_eq!(uf11_to_f32(0).to_bits(), 0);
/// assert_eq!(uf11_to_f32(1), pow2(-20));
/// assert_eq!(uf11_to_f32(15 << 6), 1.0);
/// assert_eq!(uf11_to_f32(0x7BF), 65024.0);
/// assert_eq!(uf11_to_f32(0x7C0), f32::INFINITY);
/// assert_eq!(uf11_to_f32(0x7FF).to_bits(), 0x7FFE_0000);
/// assert_eq!(uf11_to_f32(0x7C1).to_bits(), 0x7FC2_0000);
/// assert_eq!(uf11_to_f32(0xF800 | 1), uf11_to_f32(1)); // high bits ignored
/// ```
#[inline]
#[must_use]
pub const fn uf11_to_f32(c: u16) -> f32 {
    decode_ufloat::<6>(c as u32)
}

/// The exact value of a float10 code (its low 10 bits; higher bits are ignored).
/// Code `0x3E0` is +∞; `0x3E1..=0x3FF` are NaN: the quiet +NaN
/// `0x7FC0_0000 | m << 18` for mantissa m. Never negative, never −0.
///
/// ```
/// use normkey::texture::uf10_to_f32;
/// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
/// assert_eq!(uf10_to_f32(0).to_bits(), 0);
/// assert_eq!(uf10_to_f32(1), pow2(-19));
/// assert_eq!(uf10_to_f32(15 << 5), 1.0);
/// assert_eq!(uf10_to_f32(0x3DF), 64512.0);
/// assert_eq!(uf10_to_f32(0x3E0), f32::INFINITY);
/// assert_eq!(uf10_to_f32(0x3FF).to_bits(), 0x7FFC_0000);
/// ```
#[inline]
#[must_use]
pub const fn uf10_to_f32(c: u16) -> f32 {
    decode_ufloat::<5>(c as u32)
}
