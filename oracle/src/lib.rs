//! The exact references that normkey's tests, fuzz targets and benchmark table
//! compare against: one copy of each, written from the specifications (D3D11.3
//! §3.2.3, Vulkan "Fixed-Point Data Conversions") with wider arithmetic, and never
//! calling normkey. Not published; used as a path dev-dependency.
//!
//! Every function here is simple enough to check by reading: `f64` products that
//! are exact (24 significant bits of the input times at most 17 of the scale), IEEE
//! division (correctly rounded by definition), explicit ties.

#![no_std]
// Exact float comparisons and integer/float moves of small exact values are the
// point of a reference.
#![allow(
    clippy::float_cmp,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss
)]

/// 2⁵²: adding it to an `f64` in [0, 2⁵²) rounds it to an integer, ties to even.
const MAGIC: f64 = 4_503_599_627_370_496.0;

/// The largest UNORM code of an `bits`-bit channel, `2^bits − 1`.
#[must_use]
pub const fn unorm_max(bits: u32) -> i64 {
    (1 << bits) - 1
}

/// The largest SNORM code of an `bits`-bit channel, `2^(bits−1) − 1`.
#[must_use]
pub const fn snorm_max(bits: u32) -> i64 {
    (1 << (bits - 1)) - 1
}

/// The exact normalized code of `x`, as an `f64` holding an integer: NaN → 0,
/// clamp to [lo, 1] (lo = 0 for UNORM, −1 for SNORM), `y = x · max` (exact in
/// `f64`: 24 + 17 significant bits at most) rounded to the nearest integer, ties
/// away from zero. SNORM (lo = −1) never gives its most negative code.
///
/// Every step is exact; `MAGIC` instead of `f64::round` (a library call on x86-64)
/// and no float-to-int cast, so that loops over all 2³² inputs vectorize.
#[must_use]
#[inline]
pub fn encode_normalized_f64(x: f32, lo: f64, max: f64) -> f64 {
    let y = if x.is_nan() {
        0.0
    } else {
        f64::from(x).clamp(lo, 1.0) * max
    };
    let even = (y.abs() + MAGIC) - MAGIC;
    let away = if y.abs() - even == 0.5 {
        even + 1.0
    } else {
        even
    };
    away.copysign(y)
}

/// [`encode_normalized_f64`] as an integer code.
#[must_use]
#[inline]
pub fn encode_normalized(x: f32, lo: f64, max: i64) -> i64 {
    encode_normalized_f64(x, lo, max as f64) as i64
}

/// The UNORM code of `x` for an `bits`-bit channel (1 ≤ bits ≤ 16).
#[must_use]
#[inline]
pub fn encode_unorm(x: f32, bits: u32) -> i64 {
    encode_normalized(x, 0.0, unorm_max(bits))
}

/// The SNORM code of `x` for an `bits`-bit channel (2 ≤ bits ≤ 16).
#[must_use]
#[inline]
pub fn encode_snorm(x: f32, bits: u32) -> i64 {
    encode_normalized(x, -1.0, snorm_max(bits))
}

/// `c / max` correctly rounded to `f32` (IEEE division of two exact integers), with
/// SNORM's most negative code (`c < −max`) read as `−max`, i.e. −1.0.
#[must_use]
#[inline]
pub fn decode_normalized(c: i64, max: i64) -> f32 {
    c.max(-max) as f32 / max as f32
}

// ---------------------------------------------------------------------------
// sRGB (IEC 61966-2-1), in `f64`.
//
// `powf` needs the platform's libm: these references link `std` (the crate is
// otherwise `no_std`; it is only ever built for hosted test runs).

extern crate std;

/// `255 · srgb(x)` in `f64`, for `x` clamped to [0, 1] (NaN → 0): the sRGB
/// encoding curve of IEC 61966-2-1, `12.92·x` for `x ≤ 0.0031308`, else
/// `1.055·x^(1/2.4) − 0.055`, scaled to 8-bit codes.
///
/// Error: the constants 1/2.4, 1.055, 0.055, 0.0031308 and 12.92 are within half an
/// `f64` ulp of their decimal values, libm's `pow` is within one ulp, and each
/// operation adds half an ulp: the result is within about 10⁻¹³ of the exact
/// `255 · srgb(x)` (an `f64` ulp at 255 is 2.8·10⁻¹⁴). The tests check that no `f32`
/// input lies within 10⁻¹⁰ of a half-integer, so rounding this value gives the
/// correctly rounded code.
#[must_use]
pub fn srgb_encode_scaled(x: f32) -> f64 {
    let x = if x.is_nan() {
        0.0
    } else {
        f64::from(x).clamp(0.0, 1.0)
    };
    let s = if x <= 0.003_130_8 {
        12.92 * x
    } else {
        1.055 * x.powf(1.0 / 2.4) - 0.055
    };
    255.0 * s
}

/// The correctly rounded sRGB code of the linear value `x`: [`srgb_encode_scaled`]
/// rounded to the nearest integer (NaN → 0, clamp to [0, 1]). No input is a tie
/// (see [`srgb_encode_scaled`]).
#[must_use]
pub fn srgb_encode(x: f32) -> u8 {
    let y = srgb_encode_scaled(x);
    ((y + MAGIC) - MAGIC) as u8
}

/// The linear value of sRGB code `c` in `f64`: `y = c / 255`, then `y / 12.92` for
/// `y ≤ 0.04045`, else `((y + 0.055) / 1.055)^2.4` (IEC 61966-2-1). Within about
/// 10⁻¹⁵ relative of the exact value; code 0 gives 0 and code 255 gives 1 exactly.
#[must_use]
pub fn srgb_decode(c: u8) -> f64 {
    let y = f64::from(c) / 255.0;
    if y <= 0.040_45 {
        y / 12.92
    } else {
        ((y + 0.055) / 1.055).powf(2.4)
    }
}

/// The code of a `to_max` channel nearest the value of code `c` of a `from_max`
/// channel: the integer nearest to `c · to_max / from_max`, ties away from zero, in
/// exact integer arithmetic, with SNORM's most negative code (`c < −from_max`) read
/// as `−from_max`. (For UNORM, `from_max = 2^a − 1`, `to_max = 2^b − 1`.)
#[must_use]
pub const fn requantize(c: i64, from_max: i64, to_max: i64) -> i64 {
    let c = if c < -from_max { -from_max } else { c };
    let n = c.abs() * to_max;
    // floor(n/d + 1/2) = floor((2n + d) / 2d): ties go up, away from zero.
    let q = (2 * n + from_max) / (2 * from_max);
    if c < 0 { -q } else { q }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ties_and_ends() {
        assert_eq!(encode_unorm(0.5, 8), 128);
        assert_eq!(encode_snorm(-0.5, 8), -64);
        assert_eq!(encode_snorm(-1.0, 8), -127);
        assert_eq!(encode_unorm(f32::NAN, 8), 0);
        assert_eq!(encode_unorm(f32::INFINITY, 10), 1023);
        assert_eq!(encode_unorm(0.5, 1), 1);
        assert_eq!(decode_normalized(-128, 127), -1.0);
        assert_eq!(requantize(1, 255, 65535), 257);
        assert_eq!(requantize(-128, 127, 32767), -32767);
        assert_eq!(requantize(64, 127, 32767), 16513); // 16512.504
        assert_eq!(requantize(128, 65535, 255), 0); // 0.498
        assert_eq!(requantize(-130, 32767, 127), -1); // −0.504
        // The f64 quotient rounded again agrees with the f32 division for every
        // 8-bit code: a second, independent derivation.
        for c in 0..=255 {
            assert_eq!(decode_normalized(c, 255), (c as f64 / 255.0) as f32);
        }
    }

    #[test]
    fn srgb_ends_and_known_codes() {
        assert_eq!(srgb_encode(0.0), 0);
        assert_eq!(srgb_encode(f32::NAN), 0);
        assert_eq!(srgb_encode(-1.0), 0);
        assert_eq!(srgb_encode(1.0), 255);
        assert_eq!(srgb_encode(f32::INFINITY), 255);
        // 0.5 linear is 0.7353569 encoded: 187.51 codes.
        assert_eq!(srgb_encode(0.5), 188);
        // The linear segment: 0.002 · 12.92 · 255 = 6.5892.
        assert_eq!(srgb_encode(0.002), 7);
        assert_eq!(srgb_decode(0), 0.0);
        assert_eq!(srgb_decode(255), 1.0);
        // Code 128: y = 0.50196, ((y + 0.055) / 1.055)^2.4 = 0.2158605.
        assert!((srgb_decode(128) - 0.215_860_5).abs() < 1e-7);
        // The two curves are inverses of each other at every code.
        for c in 0..=255u8 {
            assert_eq!(srgb_encode(srgb_decode(c) as f32), c);
        }
    }
}
