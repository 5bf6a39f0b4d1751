//! The scalar conversions of the storage formats: the decoders of each width,
//! the one encoder and decoder (float path or integer path), the `BITS`-bit
//! codes of any width and their slice forms. The rules and the proofs are in
//! the module docs of [`storage`](crate::storage), which re-exports the public
//! items; this module sits below `norm`, `storage` and `texture`, which all
//! call it, and imports none of them.

use crate::soft_float;

/// Whether the scalar conversions take the integer path (`crate::soft_float`):
/// on the targets named in "Targets without an FPU" (`storage`'s module docs), or
/// when forced with `--cfg normkey_soft_float`. A constant, so the other path
/// leaves no code and no run-time test; both are always type-checked and linted.
const SOFT_FLOAT: bool = cfg!(any(
    normkey_soft_float,
    all(target_arch = "arm", target_os = "none", target_abi = "eabi"),
    all(target_arch = "aarch64", target_abi = "softfloat"),
    all(
        any(target_arch = "x86", target_arch = "x86_64"),
        not(target_feature = "sse2")
    ),
));

/// How a width decodes `c / max` on the float path; see "The algorithms" in the
/// module docs (targets without an FPU decode in integers instead, see "Targets
/// without an FPU").
///
/// ```
/// use normkey::storage::{Decoder, SNORM_DECODERS, UNORM_DECODERS};
/// // No width needs the division today.
/// assert!(UNORM_DECODERS[1..].iter().all(|d| *d != Decoder::Divide));
/// assert!(SNORM_DECODERS[2..].iter().all(|d| *d != Decoder::Divide));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decoder {
    /// `(c·k) as f32 · fl(1/(max·k))` with this `k`.
    Reciprocal(u16),
    /// `c·2⁻ⁿ + c·fl(1/(max·2ⁿ))` (UNORM only: `max + 1 = 2ⁿ`).
    Series,
    /// `c as f32 / max as f32`.
    Divide,
}

/// The decoder of each UNORM width (index `BITS`; index 0 is unused). Each `k` is
/// the smallest that works for that width (found by a search in the test
/// suite); no `k` works for 16 bits.
///
/// ```
/// use normkey::storage::{Decoder, UNORM_DECODERS};
/// assert_eq!(UNORM_DECODERS[8], Decoder::Reciprocal(3));
/// assert_eq!(UNORM_DECODERS[16], Decoder::Series);
/// ```
pub const UNORM_DECODERS: [Decoder; 17] = {
    use Decoder::{Divide, Reciprocal as K, Series};
    [
        Divide,
        K(1),
        K(1),
        K(3),
        K(3),
        K(3),
        K(5),
        K(31),
        K(3),
        K(9),
        K(85),
        K(683),
        K(7),
        K(7),
        K(21),
        K(73),
        Series,
    ]
};

/// The decoder of each SNORM width (index `BITS`; indexes 0 and 1 are unused).
/// SNORM `n` has the largest code of UNORM `n − 1`, hence the same `k`, except
/// for SNORM8 (69 instead of 31: see the module docs).
///
/// ```
/// use normkey::storage::{Decoder, SNORM_DECODERS};
/// assert_eq!(SNORM_DECODERS[8], Decoder::Reciprocal(69));
/// assert_eq!(SNORM_DECODERS[16], Decoder::Reciprocal(73));
/// ```
pub const SNORM_DECODERS: [Decoder; 17] = {
    use Decoder::{Divide, Reciprocal as K};
    [
        Divide,
        Divide,
        K(1),
        K(1),
        K(3),
        K(3),
        K(3),
        K(5),
        K(69),
        K(3),
        K(9),
        K(85),
        K(683),
        K(7),
        K(7),
        K(21),
        K(73),
    ]
};

/// The decoder of a width, after checking (at compile time where called from a
/// `const`) the width and the preconditions that make its arithmetic exact.
const fn checked_decoder(bits: u32, signed: bool) -> Decoder {
    assert!(
        bits <= 16 && bits > signed as u32,
        "UNORM: 1..=16 bits; SNORM: 2..=16"
    );
    let max = max_code(bits, signed);
    let d = if signed {
        SNORM_DECODERS[bits as usize]
    } else {
        UNORM_DECODERS[bits as usize]
    };
    match d {
        Decoder::Reciprocal(k) => {
            // c·2ˢ·k fits an `i32` and, like max·k, is an exact `f32`.
            assert!(k >= 1 && k < 1 << 15 && (max + 1) * k as i32 <= 1 << 24);
            assert!(max < 1 << 15, "the code must fit a signed 16-bit lane");
        }
        // c < 2¹⁶ is exact; 2ⁿ and max·2ⁿ < 2³² have ≤ 16 significant bits: exact.
        Decoder::Series => assert!(!signed),
        Decoder::Divide => {}
    }
    d
}

// Every table entry's preconditions, whether or not a width is instantiated.
const _: () = {
    let mut bits = 1;
    while bits <= 16 {
        checked_decoder(bits, false);
        if bits >= 2 {
            checked_decoder(bits, true);
        }
        bits += 1;
    }
};

/// The largest code: `2ⁿ − 1` (UNORM) or `2ⁿ⁻¹ − 1` (SNORM).
#[inline]
const fn max_code(bits: u32, signed: bool) -> i32 {
    (1 << (bits - signed as u32)) - 1
}

/// 2²³: adding it to a value in [0, 2²²] rounds the value to an integer, which is
/// then the low bits of the sum.
const MAGIC: f32 = 8_388_608.0;

/// Clamps to [0, 1]: NaN → +0, −0 → +0, ±∞ → 1 / 0. Branchless (compare, and, min).
#[inline]
pub(crate) const fn clamp_unit(x: f32) -> f32 {
    // −0 fails `x > 0.0`, so it becomes +0.
    let y = if x > 0.0 { x } else { 0.0 };
    let y = if y < 1.0 { y } else { 1.0 };
    // NaN needs its own test: LLVM may turn the two selects into maxNum/minNum
    // (AArch64 `fmaxnm`/`fminnm`), which quiet a signalling NaN and pass it on
    // instead of picking the number, so `y` would be 1.0 for an sNaN on AArch64.
    if x.is_nan() { 0.0 } else { y }
}

/// `round(clamp(x, 0, 1) · (2ᵐ − 1))`, ties up, NaN → 0, for 1 ≤ m ≤ 16: the
/// integer path or the float path. Exact; see `storage`'s module docs.
#[inline]
// The integer path's code is below 2¹⁶.
#[allow(clippy::cast_possible_wrap, clippy::cast_precision_loss)]
const fn encode_unit(x: f32, m: u32) -> i32 {
    if SOFT_FLOAT {
        soft_float::encode_unit(x.to_bits(), m) as i32
    } else {
        // 2ᵐ ≤ 2¹⁶: exact.
        round_scaled(clamp_unit(x), (1u32 << m) as f32)
    }
}

/// `round(x · (scale − 1))`, ties up, for `x` in [0, 1] and `scale` a power of two
/// ≤ 2¹⁶. Exact; see `storage`'s module docs.
#[inline]
// The bit patterns are of floats in [2²³, 2²⁴]: positive and far from `i32::MAX`.
#[allow(clippy::cast_possible_wrap)]
const fn round_scaled(x: f32, scale: f32) -> i32 {
    let a = x * scale;
    let t = a + MAGIC;
    let fr = a - (t - MAGIC);
    // Both differences are of values in [0, 2¹⁷): wrapping never wraps.
    (t.to_bits() as i32)
        .wrapping_sub(MAGIC.to_bits() as i32)
        .wrapping_sub((fr + 0.5 < x) as i32)
}

/// `c / max`, correctly rounded, by the integer path or by `decoder`, for a code
/// already in range (`c ≥ 0` for UNORM). SNORM's most negative code gives −1.0.
#[inline]
// c·2ˢ and max·2ˢ fit `i16` by the choice of s; |c·2ˢ·k| and max·2ˢ·k < 2²⁴·2ˢ with
// ≤ 24 significant bits: exact (checked by `checked_decoder`).
#[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
const fn decode(c: i32, max: i32, decoder: Decoder) -> f32 {
    if SOFT_FLOAT {
        // max = 2ᵐ − 1.
        return f32::from_bits(soft_float::decode(c, 32 - max.leading_zeros()));
    }
    match decoder {
        Decoder::Reciprocal(k) => {
            let k = k as i32;
            let s = max.leading_zeros() - 17;
            let (c, m) = ((c << s) as i16, (max << s) as i16);
            let c = if c < m.wrapping_neg() {
                m.wrapping_neg()
            } else {
                c
            };
            (c as i32).wrapping_mul(k) as f32 * (1.0 / ((max * k) << s) as f32)
        }
        Decoder::Series => {
            let (c, k) = (c as f32, (max + 1) as f32);
            c * (1.0 / k) + c * (1.0 / (max as f32 * k))
        }
        Decoder::Divide => (if c < -max { -max } else { c }) as f32 / max as f32,
    }
}

/// The UNORM code of `x` in a `BITS`-bit channel (1 ≤ `BITS` ≤ 16): the code
/// nearest to `x · (2^BITS − 1)` after clamping to [0, 1]; NaN → 0; the only tie,
/// 0.5, rounds up. Exact (see the [module docs](crate::storage)).
///
/// ```
/// use normkey::storage::unorm_from_f32;
/// assert_eq!(unorm_from_f32::<10>(0.5), 512);
/// assert_eq!(unorm_from_f32::<10>(-0.5), 0);
/// assert_eq!(unorm_from_f32::<10>(f32::NAN), 0);
/// assert_eq!(unorm_from_f32::<10>(f32::INFINITY), 1023);
/// assert_eq!(unorm_from_f32::<1>(0.4999), 0);
/// assert_eq!(unorm_from_f32::<16>(1.0), 65535);
/// ```
///
/// A width outside 1..=16 does not compile:
///
/// ```compile_fail
/// let _ = normkey::storage::unorm_from_f32::<17>(0.5);
/// ```
#[inline]
#[must_use]
pub const fn unorm_from_f32<const BITS: u32>(x: f32) -> u16 {
    const { checked_decoder(BITS, false) };
    encode_unorm(x, BITS)
}

/// [`unorm_from_f32`] with the width as an argument, for the packed formats
/// (`crate::texture`), which check their widths at compile time.
#[inline]
// The code is in [0, 2¹⁶).
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
pub(crate) const fn encode_unorm(x: f32, bits: u32) -> u16 {
    encode_unit(x, bits) as u16
}

/// [`unorm_to_f32`] with the width as an argument, for a `code` already masked to
/// `bits` bits and a valid width (see [`encode_unorm`]).
#[inline]
pub(crate) const fn decode_unorm(code: u32, bits: u32) -> f32 {
    #[allow(clippy::cast_possible_wrap)] // a masked code < 2¹⁶
    decode(
        code as i32,
        max_code(bits, false),
        UNORM_DECODERS[bits as usize],
    )
}

/// Whether `bits` is a valid UNORM width (1..=16); for the packed formats' checks.
pub(crate) const fn is_unorm_width(bits: u32) -> bool {
    bits >= 1 && bits <= 16
}

/// `code / (2^BITS − 1)` correctly rounded, for a `BITS`-bit UNORM channel
/// (1 ≤ `BITS` ≤ 16). Bits of `code` above the low `BITS` are ignored.
///
/// ```
/// use normkey::storage::unorm_to_f32;
/// assert_eq!(unorm_to_f32::<10>(1023), 1.0);
/// assert_eq!(unorm_to_f32::<10>(1), 1.0 / 1023.0);
/// assert_eq!(unorm_to_f32::<10>(0).to_bits(), 0); // +0.0
/// assert_eq!(unorm_to_f32::<10>(1024 + 1), 1.0 / 1023.0); // bit 10 ignored
/// assert_eq!(unorm_to_f32::<16>(32768), 32768.0 / 65535.0);
/// ```
///
/// ```compile_fail
/// let _ = normkey::storage::unorm_to_f32::<0>(0);
/// ```
#[inline]
#[must_use]
pub const fn unorm_to_f32<const BITS: u32>(code: u16) -> f32 {
    let decoder = const { checked_decoder(BITS, false) };
    let max = max_code(BITS, false);
    decode(code as i32 & max, max, decoder)
}

/// [`unorm_to_f32`] for a code that must fit its width: `None` when `code` has a
/// bit set above the low `BITS` (an ADC or register value out of range), where
/// `unorm_to_f32` would ignore those bits; else `Some(code / (2^BITS − 1))`,
/// correctly rounded (0 gives +0.0; never NaN, −0 or subnormal). On targets without
/// an FPU it is integer-only, as `unorm_to_f32` is.
///
/// ```
/// use normkey::storage::unorm_to_f32_checked;
/// assert_eq!(unorm_to_f32_checked::<12>(4095), Some(1.0));
/// assert_eq!(unorm_to_f32_checked::<12>(1), Some(1.0 / 4095.0));
/// assert_eq!(unorm_to_f32_checked::<12>(0).map(f32::to_bits), Some(0));
/// assert_eq!(unorm_to_f32_checked::<12>(4096), None); // bit 12 set
/// assert_eq!(unorm_to_f32_checked::<16>(u16::MAX), Some(1.0));
/// ```
#[inline]
#[must_use]
pub const fn unorm_to_f32_checked<const BITS: u32>(code: u16) -> Option<f32> {
    let decoder = const { checked_decoder(BITS, false) };
    let max = max_code(BITS, false);
    #[allow(clippy::cast_sign_loss)] // max ≤ 2¹⁶ − 1
    if code as u32 > max as u32 {
        None
    } else {
        Some(decode(code as i32, max, decoder))
    }
}

/// The SNORM code of `x` in a `BITS`-bit channel (2 ≤ `BITS` ≤ 16): the code
/// nearest to `x · (2^(BITS−1) − 1)` after clamping to [−1, 1]; NaN → 0; the only
/// ties, ±0.5, round away from zero; never the most negative code.
///
/// ```
/// use normkey::storage::snorm_from_f32;
/// assert_eq!(snorm_from_f32::<10>(0.5), 256);
/// assert_eq!(snorm_from_f32::<10>(-0.5), -256);
/// assert_eq!(snorm_from_f32::<10>(-f32::NAN), 0);
/// assert_eq!(snorm_from_f32::<10>(f32::NEG_INFINITY), -511);
/// assert_eq!(snorm_from_f32::<2>(-0.5), -1);
/// assert_eq!(snorm_from_f32::<16>(-0.0), 0);
/// ```
///
/// ```compile_fail
/// let _ = normkey::storage::snorm_from_f32::<1>(0.5);
/// ```
#[inline]
#[must_use]
// The code is in (−2¹⁵, 2¹⁵).
#[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
pub const fn snorm_from_f32<const BITS: u32>(x: f32) -> i16 {
    const { checked_decoder(BITS, true) };
    let bits = x.to_bits();
    let sign = (bits as i32) >> 31; // 0 or −1
    let m = encode_unit(f32::from_bits(bits & 0x7fff_ffff), BITS - 1);
    ((m ^ sign).wrapping_sub(sign)) as i16
}

/// `code / (2^(BITS−1) − 1)` correctly rounded, for a `BITS`-bit SNORM channel
/// (2 ≤ `BITS` ≤ 16); the most negative code gives −1.0. `code` is read as the
/// `BITS`-bit two's complement number in its low `BITS` bits.
///
/// ```
/// use normkey::storage::snorm_to_f32;
/// assert_eq!(snorm_to_f32::<10>(511), 1.0);
/// assert_eq!(snorm_to_f32::<10>(-512), -1.0);
/// assert_eq!(snorm_to_f32::<10>(-511), -1.0);
/// assert_eq!(snorm_to_f32::<10>(1), 1.0 / 511.0);
/// assert_eq!(snorm_to_f32::<10>(512), -1.0); // 512 is 10 0000 0000: code −512
/// assert_eq!(snorm_to_f32::<2>(-2), -1.0);
/// ```
#[inline]
#[must_use]
pub const fn snorm_to_f32<const BITS: u32>(code: i16) -> f32 {
    let decoder = const { checked_decoder(BITS, true) };
    let max = max_code(BITS, true);
    let shift = 16 - BITS; // sign-extends bit BITS − 1
    decode(
        ((code as i32) << (16 + shift)) >> (16 + shift),
        max,
        decoder,
    )
}

/// Writes `unorm_from_f32::<BITS>(src[i])` into `dst[i]` for every `i`, through
/// the vectorized loop.
///
/// # Panics
///
/// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
///
/// ```
/// let mut codes = [0u16; 3];
/// normkey::storage::unorm_encode_slice::<12>(&[0.5, f32::NAN, 2.0], &mut codes);
/// assert_eq!(codes, [2048, 0, 4095]);
/// ```
#[inline]
#[track_caller]
pub fn unorm_encode_slice<const BITS: u32>(src: &[f32], dst: &mut [u16]) {
    crate::dispatch::map::<1, _, _>(src, dst, unorm_from_f32::<BITS>);
}

/// Writes `unorm_to_f32::<BITS>(src[i])` into `dst[i]` for every `i`, through the
/// vectorized loop.
///
/// # Panics
///
/// If `src.len() != dst.len()`.
///
/// ```
/// let mut xs = [f32::NAN; 3];
/// normkey::storage::unorm_decode_slice::<12>(&[0, 4095, 4096], &mut xs);
/// assert_eq!(xs, [0.0, 1.0, 0.0]);
/// ```
#[inline]
#[track_caller]
pub fn unorm_decode_slice<const BITS: u32>(src: &[u16], dst: &mut [f32]) {
    crate::dispatch::map::<1, _, _>(src, dst, unorm_to_f32::<BITS>);
}

/// Writes `snorm_from_f32::<BITS>(src[i])` into `dst[i]` for every `i`, through
/// the vectorized loop.
///
/// # Panics
///
/// If `src.len() != dst.len()`.
///
/// ```
/// let mut codes = [0i16; 3];
/// normkey::storage::snorm_encode_slice::<12>(&[-0.5, f32::NAN, -2.0], &mut codes);
/// assert_eq!(codes, [-1024, 0, -2047]);
/// ```
#[inline]
#[track_caller]
pub fn snorm_encode_slice<const BITS: u32>(src: &[f32], dst: &mut [i16]) {
    crate::dispatch::map::<1, _, _>(src, dst, snorm_from_f32::<BITS>);
}

/// Writes `snorm_to_f32::<BITS>(src[i])` into `dst[i]` for every `i`, through the
/// vectorized loop.
///
/// # Panics
///
/// If `src.len() != dst.len()`.
///
/// ```
/// let mut xs = [f32::NAN; 3];
/// normkey::storage::snorm_decode_slice::<12>(&[-2048, -2047, 2047], &mut xs);
/// assert_eq!(xs, [-1.0, -1.0, 1.0]);
/// ```
#[inline]
#[track_caller]
pub fn snorm_decode_slice<const BITS: u32>(src: &[i16], dst: &mut [f32]) {
    crate::dispatch::map::<1, _, _>(src, dst, snorm_to_f32::<BITS>);
}
