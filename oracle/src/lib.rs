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
}
