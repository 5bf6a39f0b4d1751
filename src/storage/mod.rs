//! UNORM and SNORM storage of any channel width from 1 to 16 bits: exact, fast
//! conversions between integer codes and `f32`.
//!
//! Two layers, one algorithm:
//!
//! - **The core**, `const fn`s generic over the width `BITS`:
//!   [`unorm_from_f32`], [`unorm_to_f32`] (1 ≤ `BITS` ≤ 16, codes in a `u16`),
//!   [`snorm_from_f32`], [`snorm_to_f32`] (2 ≤ `BITS` ≤ 16, codes in an `i16`) and
//!   their slice forms. A 12-bit ADC code is `unorm_to_f32::<12>(code)`, a 6-bit
//!   BC1 green endpoint `unorm_from_f32::<6>(g)`. Any other `BITS` is a compile
//!   error. The packed texture formats ([`crate::texture`]) are built on it.
//! - **The one-channel formats** [`Unorm8`], [`Unorm16`], [`Snorm8`], [`Snorm16`]:
//!   `#[repr(transparent)]` newtypes over `u8`, `u16`, `i8`, `i16` whose methods
//!   call the core with `BITS` = 8 or 16. Every bit pattern is a valid code, so
//!   they are `bytemuck::Pod`; `Eq`, `Ord` and `Hash` are those of the code.
//!
//! # The rules (D3D11.3 §3.2.3, Vulkan "Fixed-Point Data Conversions", without their slack)
//!
//! With `n` = `BITS`, UNORM's largest code is `max = 2ⁿ − 1` and SNORM's is
//! `max = 2ⁿ⁻¹ − 1`.
//!
//! **Decoding** gives `c / max` correctly rounded to `f32` (½ ULP, as D3D demands):
//! 0 and ±1 exactly, never NaN, never −0 (code 0 gives +0.0), never subnormal.
//! SNORM's most negative code, `−max − 1`, decodes to −1.0 like `−max`.
//! A core decoder reads only the low `n` bits of its argument: UNORM ignores the
//! bits above them (`unorm_to_f32::<10>(1024)` is code 0), SNORM reads them as an
//! `n`-bit two's complement number (`snorm_to_f32::<4>(8)` is code −8), as a
//! field unpacked from a wider word would be. No input panics.
//!
//! **Encoding** gives the code nearest to `x · max` after clamping `x` to [0, 1]
//! (UNORM) or [−1, 1] (SNORM), exactly: NaN (any sign or payload) → 0, ±0 → 0,
//! subnormals → 0, +∞ → `max`, −∞ → 0 (UNORM) or `−max` (SNORM). Because `max`
//! is odd, the only inputs exactly halfway between two codes are 0.5 and, for
//! SNORM, −0.5; they round away from zero (UNORM8: 0.5 → 128; SNORM8: ±0.5 →
//! ±64). For UNORM, −0.5 is clamped to 0 first, so it is no tie. SNORM never
//! produces its most negative code.
//!
//! ```
//! use normkey::storage::{snorm_from_f32, snorm_to_f32, unorm_from_f32, unorm_to_f32};
//! use normkey::{Snorm8, Snorm16, Unorm8, Unorm16};
//!
//! // Ties: 0.5 rounds up; −0.5 clamps to 0 for UNORM and rounds away from zero for SNORM.
//! assert_eq!(Unorm8::from_f32(0.5).to_bits(), 128);
//! assert_eq!(Unorm8::from_f32(-0.5).to_bits(), 0);
//! assert_eq!(Unorm16::from_f32(0.5).to_bits(), 32768);
//! assert_eq!(Snorm8::from_f32(-0.5).to_bits(), -64);
//! assert_eq!(Snorm16::from_f32(0.5).to_bits(), 16384);
//! // NaN → 0; ±∞ clamp; SNORM never encodes its most negative code, which decodes to −1.
//! assert_eq!(Snorm8::from_f32(f32::NAN), Snorm8::ZERO);
//! assert_eq!(Snorm8::from_f32(f32::NEG_INFINITY).to_bits(), -127);
//! assert_eq!(Snorm8::MIN.to_f32(), -1.0);
//! // Any width: a 12-bit ADC code, a 6-bit endpoint, a 10-bit SNORM.
//! assert_eq!(unorm_to_f32::<12>(4095), 1.0);
//! assert_eq!(unorm_to_f32::<12>(1), 1.0 / 4095.0);
//! assert_eq!(unorm_from_f32::<6>(0.5), 32);
//! assert_eq!(snorm_from_f32::<10>(-1.0), -511);
//! assert_eq!(snorm_to_f32::<10>(-512), -1.0);
//! ```
//!
//! # The algorithms
//!
//! **Decoding** `c / max` correctly rounded without a division, by one of three
//! methods per width, listed in [`UNORM_DECODERS`] and [`SNORM_DECODERS`]:
//!
//! - `(c·k) as f32 · fl(1/(max·k))` for a small integer `k`: the integer product is
//!   exact and, for a well-chosen `k`, the one rounding of the product is correct
//!   (k = 3 for UNORM8, 69 for SNORM8, 73 for SNORM16). The preconditions
//!   (`k < 2¹⁵` and `(max + 1)·k ≤ 2²⁴`, so that every product is an exact `f32`)
//!   are checked at compile time; that a `k` is right for every code is checked by
//!   the test suite, whose `decoder_multipliers` test also searches, for every
//!   width, the smallest working `k` (the search behind the tables) and prints it.
//!   SNORM's most negative code is first raised to `−max` in the integers. Both
//!   integer steps work on `c·2ˢ`, the code moved to the top of a signed 16-bit
//!   lane, where SSE2 has them (`pmaxsw`, and `pmaddwd` for the product and the
//!   widening to 32 bits); the reciprocal is scaled by the same power of two, so
//!   the result does not change. (For SNORM8, k = 31 is the smallest, but LLVM
//!   turns `·31` into a shift and a subtraction of 32-bit lanes; 69 stays a
//!   multiply.)
//! - For UNORM16, where no `k` exists: the series `c/max = c·2⁻ⁿ·(1 + 2⁻ⁿ + …)`
//!   truncated to `c·2⁻ⁿ + c·fl(1/(max·2ⁿ))`: the first term is exact and the
//!   second accurate enough for the one rounding of the sum to be correct.
//! - The division `c as f32 / max as f32`, always correct: the fallback for a width
//!   where neither of the above holds (none today).
//!
//! **Encoding** `round(x·max)` exactly, with `max = 2ᵐ − 1` (m = n for UNORM,
//! n − 1 for SNORM), in `f32` only and without a float-to-int conversion
//! instruction. For `x ∈ [0, 1]`: `a = x·2ᵐ` is exact; `ra`, `a` rounded to an
//! integer with the magic number 2²³ (its integer is read from the bits);
//! `fr = a − ra ∈ [−½, ½]` is exact. Then `x·max = a − x = ra + (fr − x)` with
//! `fr − x ∈ [−1.5, ½)`, so the result is `ra − 1` when `fr + ½ < x` and `ra`
//! otherwise; `fr + ½` is exact whenever the comparison can be true. SNORM
//! applies this to `|x|` and restores the sign, which rounds the two ties away
//! from zero and never yields the most negative code. The integer steps cannot
//! overflow (the operands are below 2¹⁷), and are written as wrapping operations
//! so that a build with `overflow-checks` runs the same code. Checked against
//! an independent reference for all 2³² inputs and every width by the test suite.
//!
//! **The slice forms** apply the scalar `const fn`s element by element through
//! `dispatch::map`, which runs the loop compiled for AVX2 when the CPU has it
//! (x86-64) and for the build's target features otherwise; both copies give the
//! scalar results bit for bit (checked for every code and all 2³² inputs, and,
//! with `--cfg normkey_baseline`, for the baseline copy too). `decode_slice` walks
//! SNORM8 in chunks of 32 codes and the others one code at a time: the fastest
//! choice measured for both copies (for example, chunks of 32 made UNORM16 3.6×
//! slower, and chunks of 8 made the AVX2 SNORM8 loop 3.4× slower).
//!
//! # Targets without an FPU
//!
//! Without a floating-point unit every `f32` operation above is a call into the
//! compiler's soft-float library (on `thumbv6m-none-eabi`, `Unorm8::from_f32` made
//! 9 `__aeabi_*` calls, more than the naive `(x.clamp(0.0, 1.0) * 255.0 + 0.5) as
//! u8`). There the scalar conversions, and with them the slice forms and the packed
//! texture formats, take an **integer path** instead: the same results, bit for
//! bit, from the `f32` bit pattern, with no float operation.
//!
//! - Encoding compares bit patterns to clamp (`x` below 2⁻ᵐ⁻¹, negatives and NaN of
//!   either sign → 0; from 1.0 to +∞ → `max`), multiplies the 24-bit significand
//!   by `max` (m = n for UNORM, n − 1 for SNORM), shifts by the exponent and
//!   rounds half up, which for `x > 0` is the away-from-zero rule above; SNORM
//!   works on `|x|` and restores the sign. For `max < 2⁸` the product fits a
//!   `u32`; above, it is taken apart (`sig·max = sig·2ᵐ − sig`) so that no 40-bit
//!   product is formed.
//! - Decoding uses `1 / (2ᵐ − 1) = Σₖ 2⁻ᵐᵏ`: `c / max` is the `m`-bit block `c`
//!   repeated forever after the binary point, so `c` times a constant of repeated
//!   ones (with the partial block below them) is its first 32 bits. Normalized
//!   with `leading_zeros`, the top 24 bits are the significand and the next bit
//!   decides the rounding (no ties: the tail repeats `c ≠ 0`). For m > 8 the
//!   normalized bits are the first 32 bits of `c` rotated within its `m` bits by
//!   the leading-zero count (the expansion is periodic). SNORM raises its most
//!   negative code to `−max` and restores the sign; code 0 gives +0.0.
//!
//! Only 32-bit integer operations are used: on a Cortex-M0 (`thumbv6m`) a 64-bit
//! multiply or shift is a library call, and `leading_zeros` is one too
//! (`__clzsi2`; ARMv6-M has no `clz`), the only call left.
//!
//! The path is chosen at compile time; nothing is decided at run time. The integer
//! path is used:
//!
//! - on `target_arch = "arm"`, `target_os = "none"`, `target_abi = "eabi"`: the
//!   soft-float ABI of `thumbv6m-none-eabi`, `thumbv7m-none-eabi`,
//!   `thumbv7em-none-eabi`, `thumbv8m.base-none-eabi`, `thumbv8m.main-none-eabi`,
//!   `armv7r-none-eabi`, … (the `-eabihf` targets have an FPU and keep the float
//!   path; Arm's FPU target features are not visible to `cfg` on stable Rust, so
//!   an `-eabi` build that enables one still takes the integer path, which is
//!   exact there too);
//! - on `aarch64-unknown-none-softfloat` (`target_abi = "softfloat"`);
//! - on x86 and x86-64 without SSE2: the soft-float `x86_64-unknown-none` and
//!   UEFI targets (kernels, firmware), and the `i586` targets (x87);
//! - wherever the build passes `--cfg normkey_soft_float`
//!   (`RUSTFLAGS="--cfg normkey_soft_float"`). RISC-V cores without the F extension
//!   (`riscv32imc-unknown-none-elf`, `riscv32imac-…`) need it: stable `cfg` cannot
//!   tell them from `riscv32imafc-…`, whose `target_feature = "f"` is not exposed.
//!
//! On a Cortex-M3 (`thumbv7m-none-eabi`, instructions counted under QEMU, see
//! `tools/softfloat-bench` in the repository) an element of the four formats
//! takes 13–22 instructions to encode, 14–19× fewer than the naive
//! `(x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8` and its 16-bit and SNORM forms, and
//! 13–34 to decode, 3.3–5.1× fewer than `c as f32 * (1.0 / 255.0)` and its
//! forms. CI runs the exhaustive tests of the storage and packed UNORM texture
//! formats on x86-64 with the integer path forced
//! (`RUSTFLAGS="--cfg normkey_soft_float"`), against the same independent
//! references as the float path.

use crate::norm::clamp_unit;
use crate::soft_float;
use crate::{Norm, SnormFloat, Unorm, UnormFloat};

/// Whether the scalar conversions take the integer path (`crate::soft_float`):
/// on the targets named in "Targets without an FPU" (module docs), or when forced
/// with `--cfg normkey_soft_float`. A constant, so the other path leaves no code
/// and no run-time test; both are always type-checked and linted.
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

/// `round(clamp(x, 0, 1) · (2ᵐ − 1))`, ties up, NaN → 0, for 1 ≤ m ≤ 16: the
/// integer path or the float path. Exact; see the module docs.
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
/// ≤ 2¹⁶. Exact; see the module docs.
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
/// 0.5, rounds up. Exact (see the [module docs](self)).
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

/// A one-channel format: the struct and its methods, each a call of the core with
/// `BITS` = the width of `$code`. The rules are in the module docs.
///
/// `$code`/`$wide`: the code type and the core's; `$from`/`$to`: the core
/// functions; `$N`/`$D`: the clamping and deferred types it stores; `$chunk`: the
/// elements per step of `decode_slice` (see the module docs).
macro_rules! storage {
    ($T:ident($code:ident as $wide:ident), $from:ident, $to:ident, $N:ident, $D:ident, chunk = $chunk:literal) => {
        #[doc = concat!("A normalized storage code of type `", stringify!($code), "`: code `c` is the value")]
        /// `c / MAX` (the module docs give the rules for NaN, ±0, ±∞, ties and the
        /// most negative code).
        ///
        #[doc = concat!("`#[repr(transparent)]` over `", stringify!($code), "`, `bytemuck::Pod`: every code is")]
        /// valid. `Eq`, `Ord` and `Hash` are those of the code.
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), " as T;")]
        /// assert_eq!(T::from_f32(f32::NAN), T::ZERO);
        /// assert_eq!(T::from_f32(f32::INFINITY), T::MAX);
        /// assert_eq!(T::from_f32(0.5).to_bits(), T::MAX.to_bits() / 2 + 1); // the tie rounds up
        /// assert_eq!((T::ZERO.to_f32().to_bits(), T::MAX.to_f32()), (0, 1.0));
        /// assert_eq!(T::from_bits(1).to_f32(), 1.0 / f32::from(T::MAX.to_bits()));
        /// ```
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(transparent)]
        pub struct $T($code);
        impl $T {
            /// Code 0, the value +0.0; also the [`Default`].
            pub const ZERO: Self = Self(0);
            /// The smallest code: 0 (UNORM, value 0.0) or the most negative (SNORM, −1.0).
            pub const MIN: Self = Self($code::MIN);
            /// The largest code, the value 1.0.
            pub const MAX: Self = Self($code::MAX);
            /// The format with this code; every code is valid.
            #[inline]
            #[must_use]
            pub const fn from_bits(code: $code) -> Self {
                Self(code)
            }

            /// The code.
            #[inline]
            #[must_use]
            pub const fn to_bits(self) -> $code {
                self.0
            }

            /// `code / MAX`, correctly rounded (the most negative SNORM code gives −1.0).
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// assert_eq!((T::ZERO.to_f32().to_bits(), T::MAX.to_f32()), (0, 1.0));
            /// assert_eq!(T::MIN.to_f32(), if T::MIN < T::ZERO { -1.0 } else { 0.0 });
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_f32(self) -> f32 {
                $to::<{ $code::BITS }>(self.0 as $wide)
            }

            /// The code nearest to `x · MAX` after clamping, exactly (NaN → 0; ties away from zero).
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// assert_eq!((T::from_f32(-f32::NAN), T::from_f32(-0.0)), (T::ZERO, T::ZERO));
            /// assert_eq!(T::from_f32(1.0e-45), T::ZERO); // a subnormal
            /// assert_eq!(T::from_f32(f32::MAX), T::MAX);
            /// assert!(T::from_f32(f32::NEG_INFINITY).to_f32() == T::MIN.to_f32());
            /// ```
            #[inline]
            #[must_use]
            // The core's code has `$code::BITS` significant bits.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            pub const fn from_f32(x: f32) -> Self {
                Self($from::<{ $code::BITS }>(x) as $code)
            }

            /// Elements per step of [`Self::encode_slice`], of [`Self::decode_slice`] and
            /// of the row loops of its `Format` (see `dispatch::map`): one number each,
            /// so the typed and the runtime forms run the same loop.
            pub(crate) const ENCODE_CHUNK: usize = 1;
            /// See [`Self::ENCODE_CHUNK`].
            pub(crate) const DECODE_CHUNK: usize = $chunk;

            /// `dst[i] = src[i].to_f32()` for every `i`, vectorized (AVX2 when the CPU
            /// has it), bit for bit the scalar results.
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// let mut dst = [f32::NAN; 2];
            /// T::decode_slice(&[T::ZERO, T::MAX], &mut dst);
            /// assert_eq!(dst, [0.0, 1.0]);
            /// ```
            #[inline]
            #[track_caller]
            pub fn decode_slice(src: &[Self], dst: &mut [f32]) {
                crate::dispatch::map::<{ Self::DECODE_CHUNK }, _, _>(src, dst, Self::to_f32);
            }

            /// `dst[i] = Self::from_f32(src[i])` for every `i`, vectorized, exact.
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// let mut dst = [T::MAX; 2];
            /// T::encode_slice(&[f32::NAN, f32::INFINITY], &mut dst);
            /// assert_eq!(dst, [T::ZERO, T::MAX]);
            /// ```
            #[inline]
            #[track_caller]
            pub fn encode_slice(src: &[f32], dst: &mut [Self]) {
                crate::dispatch::map::<{ Self::ENCODE_CHUNK }, _, _>(src, dst, Self::from_f32);
            }
        }

        storage_traits!($T($code), $N, $D);
    };
}

/// The trait impls of a one-channel format: the conversions from and to the
/// clamping and deferred types, `bytemuck`, and the layout checks.
macro_rules! storage_traits {
    ($T:ident($code:ident), $N:ident, $D:ident) => {
        #[doc = concat!("Stores a [`", stringify!($N), "`] as [`", stringify!($T), "::from_f32`] does.")]
        impl From<$N> for $T {
            #[inline]
            fn from(x: $N) -> Self {
                Self::from_f32(x.get())
            }
        }

        #[doc = concat!("Stores a [`", stringify!($D), "`]: clamps (NaN → 0) and rounds, as [`", stringify!($T), "::from_f32`].")]
        impl From<$D> for $T {
            #[inline]
            fn from(x: $D) -> Self {
                Self::from_f32(x.0)
            }
        }

        #[doc = concat!("The decoded value, as [`", stringify!($T), "::to_f32`]; lossless.")]
        impl From<$T> for $N {
            #[inline]
            fn from(x: $T) -> Self {
                $N::new(x.to_f32())
            }
        }

        #[doc = concat!("The decoded value, as [`", stringify!($T), "::to_f32`].")]
        impl From<$T> for f32 {
            #[inline]
            fn from(x: $T) -> f32 {
                x.to_f32()
            }
        }

        // SAFETY: `repr(transparent)` over an integer, which is `Zeroable`.
        unsafe impl bytemuck::Zeroable for $T {}
        // SAFETY: `repr(transparent)` over an integer, which is `Pod`: every bit pattern
        // is a valid code, no padding, `'static`.
        unsafe impl bytemuck::Pod for $T {}

        static_assertions::assert_eq_size!($T, $code);
        static_assertions::assert_eq_align!($T, $code);
        static_assertions::assert_impl_all!($T: Send, Sync, Copy, Ord, core::hash::Hash, bytemuck::Pod);
    };
}

storage!(
    Unorm8(u8 as u16),
    unorm_from_f32,
    unorm_to_f32,
    Unorm,
    UnormFloat,
    chunk = 1
);
storage!(
    Unorm16(u16 as u16),
    unorm_from_f32,
    unorm_to_f32,
    Unorm,
    UnormFloat,
    chunk = 1
);
storage!(
    Snorm8(i8 as i16),
    snorm_from_f32,
    snorm_to_f32,
    Norm,
    SnormFloat,
    chunk = 32
);
storage!(
    Snorm16(i16 as i16),
    snorm_from_f32,
    snorm_to_f32,
    Norm,
    SnormFloat,
    chunk = 1
);
