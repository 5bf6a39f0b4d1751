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
//! choice for both copies, as other chunk sizes made some of these loops
//! several times slower (measurements: BENCHMARKS.md).
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
//! takes several times fewer instructions to encode and to decode than the naive
//! `(x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8` and `c as f32 * (1.0 / 255.0)` and
//! their 16-bit and SNORM forms, which call the soft-float library
//! (measurements: BENCHMARKS.md). CI runs the exhaustive tests of the storage
//! and packed UNORM texture formats on x86-64 with the integer path forced
//! (`RUSTFLAGS="--cfg normkey_soft_float"`), against the same independent
//! references as the float path.

// The core is `crate::scalar` (`src/scalar.rs`), below this module, `norm` and
// `texture`: this module re-exports its public items and builds the formats on it.
mod formats;

pub use crate::scalar::unorm_to_f32_checked;
pub use crate::scalar::{Decoder, SNORM_DECODERS, UNORM_DECODERS};
pub use crate::scalar::{snorm_decode_slice, snorm_encode_slice, snorm_from_f32, snorm_to_f32};
pub use crate::scalar::{unorm_decode_slice, unorm_encode_slice, unorm_from_f32, unorm_to_f32};
pub use formats::{Snorm8, Snorm16, Unorm8, Unorm16};
