//! The UNORM and SNORM storage formats `Unorm8`, `Unorm16`, `Snorm8`, `Snorm16`:
//! exact, fast conversions between integer codes and `f32`.
//!
//! # The algorithms
//!
//! **Decoding** `c / max` correctly rounded without a division. For UNORM8,
//! SNORM8 and SNORM16: `(c·k) as f32 · fl(1/(max·k))` with k = 3, 69, 73: the
//! integer product `c·k` is exact and the reciprocal of `max·k` is close enough to
//! `1/(max·k)` that the one rounding of the product is correct. SNORM's most
//! negative code is first raised to `−max` in the integers, so it decodes to −1.0.
//! Both integer steps work on `c·2ˢ`, the code moved to the top of a signed 16-bit
//! lane (s = 7, 8, 0), where SSE2 has them (`pmaxsw`, and `pmaddwd` for the product
//! and the widening to 32 bits), so one float multiply follows the conversion; the
//! reciprocal is scaled by the same power of two, so the results do not change.
//! (For SNORM8, k = 31 works too, but LLVM turns `·31` into a shift and a
//! subtraction of 32-bit lanes.) For UNORM16 (no small k works): the series
//! `c/65535 = c·2⁻¹⁶ · (1 + 2⁻¹⁶ + …)` truncated to `c·2⁻¹⁶ + c·fl(1/(65535·2¹⁶))`:
//! the first term is exact and the second is accurate enough for the one rounding
//! of the sum to be correct. Each form is checked against `c as f32 / max as f32`
//! for every code in `tests/storage.rs`.
//!
//! **Encoding** `round(x·max)` exactly, with `max = 2ⁿ − 1`, in `f32` only and
//! without a float-to-int conversion instruction. For `x ∈ [0, 1]`:
//! `a = x·2ⁿ` is exact; `ra`, `a` rounded to an integer with the magic number
//! 2²³ (its integer is read from the bits); `fr = a − ra ∈ [−½, ½]` is exact.
//! Then `x·max = a − x = ra + (fr − x)` with `fr − x ∈ [−1.5, ½)`, so the result
//! is `ra − 1` when `fr + ½ < x` and `ra` otherwise; `fr + ½` is exact whenever
//! the comparison can be true. SNORM applies this to `|x|` and restores the sign,
//! which rounds the two ties ±½·max away from zero and never yields the most
//! negative code. Checked against an `f64` reference for all 2³² inputs in
//! `tests/storage.rs`.
//!
//! **The slice forms** apply the scalar `const fn`s element by element through
//! `dispatch::map`, which runs the loop compiled for AVX2 when the CPU has it (x86-64)
//! and for the build's target features otherwise; both copies give the scalar
//! results bit for bit (checked for every code and all 2³² inputs, and, with
//! `--cfg normkey_baseline`, for the baseline copy too). `decode_slice` walks SNORM8
//! in chunks of 32 codes and the others one code at a time: the fastest choice
//! measured for both copies (for example, chunks of 32 made UNORM16 3.6× slower,
//! and chunks of 8 made the AVX2 SNORM8 loop 3.4× slower).

use crate::norm::clamp_unit;
use crate::{Norm, SnormFloat, Unorm, UnormFloat};

/// 2²³: adding it to a value in [0, 2²²] rounds the value to an integer, which is
/// then the low bits of the sum.
const MAGIC: f32 = 8_388_608.0;

/// `round(x · (scale − 1))`, ties up, for `x` in [0, 1] and `scale` a power of two
/// ≤ 2¹⁶. Exact; see the module docs.
#[inline]
// The bit patterns are of floats in [2²³, 2²⁴]: positive and far from `i32::MAX`.
#[allow(clippy::cast_possible_wrap)]
const fn round_scaled(x: f32, scale: f32) -> i32 {
    let a = x * scale;
    let t = a + MAGIC;
    let fr = a - (t - MAGIC);
    (t.to_bits() as i32 - MAGIC.to_bits() as i32) - ((fr + 0.5 < x) as i32)
}

/// The UNORM code of `x` for `max = scale − 1`: clamp to [0, 1] (NaN → 0), round.
#[inline]
const fn encode_unorm(x: f32, scale: f32) -> i32 {
    round_scaled(clamp_unit(x), scale)
}

/// The SNORM code of `x` for `max = scale − 1`: `|x|` clamped to [0, 1] (NaN → 0),
/// rounded, with the sign of `x` restored (so ties round away from zero).
#[inline]
#[allow(clippy::cast_possible_wrap)]
const fn encode_snorm(x: f32, scale: f32) -> i32 {
    let bits = x.to_bits();
    let sign = (bits as i32) >> 31; // 0 or −1
    let m = round_scaled(clamp_unit(f32::from_bits(bits & 0x7fff_ffff)), scale);
    (m ^ sign) - sign
}

/// `c / max`, correctly rounded, as `(c·k) · fl(1/(max·k))`, after clamping SNORM's
/// most negative code to `−max`, for `max < 2¹⁵`. The clamp and `c·k` are integer
/// operations on `c·2ˢ`, the code moved to the top of a signed 16-bit lane (where
/// x86 has them: `pmaxsw`, `pmaddwd`); `2ˢ` scales the reciprocal exactly.
#[inline]
// c·2ˢ and max·2ˢ fit `i16` by the choice of s; |c·2ˢ·k| and max·2ˢ·k < 2²⁴: exact.
#[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
const fn decode_reciprocal(c: i32, max: i32, k: i32) -> f32 {
    let s = max.leading_zeros() - 17;
    let (c, m) = ((c << s) as i16, (max << s) as i16);
    let c = if c < -m { -m } else { c };
    (c as i32 * k) as f32 * (1.0 / ((max * k) << s) as f32)
}

/// `c / max`, correctly rounded, as `c·(1/k) + c·fl(1/(max·k))`, `k = max + 1`
/// a power of two.
#[inline]
#[allow(clippy::cast_precision_loss)] // c, max, k < 2²⁴ and max·k has 16 significant bits: exact
const fn decode_series(c: i32, max: i32, k: i32) -> f32 {
    let c = c as f32;
    c * (1.0 / k as f32) + c * (1.0 / (max as f32 * k as f32))
}

/// The one implementation of a storage format, instantiated per format.
///
/// `$code`: the integer; `$N`/`$D`: the clamping and deferred types it stores;
/// `$encode`, `$scale`: the encoder and 2ⁿ (`max + 1`); `$decode`, `$k`: the decoder
/// and its multiplier; `$chunk`: the elements per step of `decode_slice` (1 where
/// chunking vectorizes worse); the strings spell expected values (from the D3D
/// rules) in doctests.
macro_rules! storage {
    (
        $T:ident, $code:ident, $N:ident, $D:ident, $kind:literal,
        encode = $encode:ident($scale:literal), decode = $decode:ident($k:literal),
        chunk = $chunk:literal,
        max = $max:literal, min = $min:literal, min_f32 = $min_f:literal,
        neg_inf = $neg_inf:literal, half = $half:literal, neg_half = $neg_half:literal,
        range = $range:literal, snorm_note = $snorm_note:literal
    ) => {
        #[doc = concat!("A ", $kind, " code in an `", stringify!($code), "`: ")]
        #[doc = concat!("the value `code / ", stringify!($max), "`. ", $snorm_note)]
        ///
        #[doc = concat!("`to_f32` is the correctly rounded quotient (D3D11.3 §3.2.3); `from_f32` is the ",
            "code nearest to `x · ", stringify!($max), "` after clamping, exactly (NaN → 0; the only ties, ",
            "x = ±0.5, round away from zero). Both are `const fn`; the slice forms vectorize.")]
        ///
        /// `Eq`, `Ord` and `Hash` are those of the code.
        #[doc = concat!("`#[repr(transparent)]` over `", stringify!($code), "`; `bytemuck::Pod`.")]
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), ";")]
        #[doc = concat!("type T = ", stringify!($T), ";")]
        #[doc = concat!("assert_eq!(T::from_f32(0.5).to_bits(), ", stringify!($half), ");")]
        /// assert_eq!(T::from_f32(f32::NAN).to_bits(), 0);
        #[doc = concat!("assert_eq!(T::from_f32(f32::INFINITY), T::MAX);")]
        /// assert_eq!(T::MAX.to_f32(), 1.0);
        #[doc = concat!("assert_eq!(T::from_bits(1).to_f32(), 1.0 / ", stringify!($max), ".0);")]
        /// ```
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(transparent)]
        pub struct $T($code);

        impl $T {
            /// Code 0, the value +0.0; also the [`Default`].
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::ZERO.to_f32().to_bits(), 0);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::default(), ", stringify!($T), "::ZERO);")]
            /// ```
            pub const ZERO: Self = Self(0);

            #[doc = concat!("The smallest code, ", stringify!($min), ", the value ", $min_f, ".")]
            #[doc = $snorm_note]
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("type T = ", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(T::MIN.to_bits(), ", stringify!($min), ");")]
            #[doc = concat!("assert_eq!(T::MIN.to_f32(), ", $min_f, ");")]
            #[doc = concat!("assert_eq!(T::from_f32(f32::NEG_INFINITY).to_bits(), ", stringify!($neg_inf), ");")]
            /// ```
            pub const MIN: Self = Self($code::MIN);

            #[doc = concat!("The largest code, ", stringify!($max), ", the value 1.0.")]
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("type T = ", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(T::MAX.to_bits(), ", stringify!($max), ");")]
            /// assert_eq!(T::MAX.to_f32(), 1.0);
            /// assert_eq!(T::from_f32(1.0), T::MAX);
            /// ```
            pub const MAX: Self = Self($code::MAX);

            /// The format with this code; every code is valid.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("type T = ", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(T::from_bits(", stringify!($max), "), T::MAX);")]
            #[doc = concat!("assert_eq!(T::from_bits(", stringify!($min), ").to_bits(), ", stringify!($min), ");")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_bits(code: $code) -> Self {
                Self(code)
            }

            /// The code.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::from_f32(-0.0).to_bits(), 0);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_bits(self) -> $code {
                self.0
            }

            #[doc = concat!("The value `code / ", stringify!($max), "`, correctly rounded to `f32` (exact to ½ ULP, ")]
            #[doc = concat!("as D3D demands). ", $snorm_note)]
            /// Never NaN, never −0 (code 0 gives +0.0), never subnormal.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("type T = ", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(T::from_bits(1).to_f32(), 1.0 / ", stringify!($max), ".0); // f32 division is correctly rounded")]
            #[doc = concat!("assert_eq!(T::from_bits(", stringify!($min), ").to_f32(), ", $min_f, ");")]
            /// assert_eq!(T::ZERO.to_f32().to_bits(), 0);
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_f32(self) -> f32 {
                $decode(self.0 as i32, $max, $k)
            }

            #[doc = concat!("The code nearest to `x · ", stringify!($max), "` after clamping `x` to ",
                $range, ", exactly (D3D11.3 §3.2.3, without its 0.6 ULP slack).")]
            ///
            /// NaN (any sign or payload) → 0; ±0 → 0; ±∞ clamp; subnormals → 0. The only
            /// inputs exactly between two codes are ±0.5; they round away from zero.
            #[doc = $snorm_note]
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("let e = |x: f32| ", stringify!($T), "::from_f32(x).to_bits();")]
            #[doc = concat!("assert_eq!(e(0.5), ", stringify!($half), ");")]
            #[doc = concat!("assert_eq!(e(-0.5), ", stringify!($neg_half), ");")]
            /// assert_eq!(e(f32::NAN), 0);
            /// assert_eq!(e(-f32::NAN), 0);
            /// assert_eq!(e(-0.0), 0);
            /// assert_eq!(e(1.0e-45), 0);
            #[doc = concat!("assert_eq!(e(f32::INFINITY), ", stringify!($max), ");")]
            #[doc = concat!("assert_eq!(e(f32::NEG_INFINITY), ", stringify!($neg_inf), ");")]
            #[doc = concat!("assert_eq!(e(-1.0), ", stringify!($neg_inf), ");")]
            /// ```
            #[inline]
            #[must_use]
            // The encoder's result is in the code's range.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            pub const fn from_f32(x: f32) -> Self {
                Self($encode(x, $scale) as $code)
            }

            /// Writes `src[i].to_f32()` into `dst[i]` for every `i`. Vectorizes (on
            /// x86-64 with AVX2 when the CPU has it, checked once at run time); the same
            /// results as the scalar form, bit for bit.
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("type T = ", stringify!($T), ";")]
            /// let src = [T::ZERO, T::MAX, T::MIN];
            /// let mut dst = [f32::NAN; 3];
            /// T::decode_slice(&src, &mut dst);
            #[doc = concat!("assert_eq!(dst, [0.0, 1.0, ", $min_f, "]);")]
            /// ```
            #[inline]
            #[track_caller]
            pub fn decode_slice(src: &[Self], dst: &mut [f32]) {
                crate::dispatch::map::<$chunk, _, _>(src, dst, Self::to_f32);
            }

            /// Writes `Self::from_f32(src[i])` into `dst[i]` for every `i`. Exact like
            /// the scalar form (NaN → 0, clamp, nearest code), and vectorizes (on x86-64
            /// with AVX2 when the CPU has it, checked once at run time).
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("type T = ", stringify!($T), ";")]
            /// let src = [f32::NAN, 0.5, f32::INFINITY, f32::NEG_INFINITY];
            /// let mut dst = [T::ZERO; 4];
            /// T::encode_slice(&src, &mut dst);
            #[doc = concat!("assert_eq!(dst.map(T::to_bits), [0, ", stringify!($half), ", ", stringify!($max), ", ", stringify!($neg_inf), "]);")]
            /// ```
            #[inline]
            #[track_caller]
            pub fn encode_slice(src: &[f32], dst: &mut [Self]) {
                crate::dispatch::map::<1, _, _>(src, dst, Self::from_f32);
            }
        }

        #[doc = concat!("Stores a [`", stringify!($N), "`]: the nearest code, as [`", stringify!($T), "::from_f32`].")]
        ///
        /// ```
        #[doc = concat!("use normkey::{", stringify!($N), ", ", stringify!($T), "};")]
        #[doc = concat!("assert_eq!(", stringify!($T), "::from(", stringify!($N), "::MAX), ", stringify!($T), "::MAX);")]
        #[doc = concat!("assert_eq!(", stringify!($T), "::from(", stringify!($N), "::new(f32::NAN)), ", stringify!($T), "::ZERO);")]
        /// ```
        impl From<$N> for $T {
            #[inline]
            fn from(x: $N) -> Self {
                Self::from_f32(x.get())
            }
        }

        #[doc = concat!("Stores a [`", stringify!($D), "`]: clamps (NaN → 0) and quantizes, as [`", stringify!($T), "::from_f32`].")]
        ///
        /// ```
        #[doc = concat!("use normkey::{", stringify!($D), ", ", stringify!($T), "};")]
        #[doc = concat!("assert_eq!(", stringify!($T), "::from(", stringify!($D), "(1.5)), ", stringify!($T), "::MAX);")]
        #[doc = concat!("assert_eq!(", stringify!($T), "::from(", stringify!($D), "(f32::NAN)), ", stringify!($T), "::ZERO);")]
        /// ```
        impl From<$D> for $T {
            #[inline]
            fn from(x: $D) -> Self {
                Self::from_f32(x.0)
            }
        }

        #[doc = concat!("The decoded value, as [`", stringify!($T), "::to_f32`]; lossless.")]
        ///
        /// ```
        #[doc = concat!("use normkey::{", stringify!($N), ", ", stringify!($T), "};")]
        #[doc = concat!("assert_eq!(", stringify!($N), "::from(", stringify!($T), "::MAX), ", stringify!($N), "::MAX);")]
        #[doc = concat!("assert_eq!(", stringify!($N), "::from(", stringify!($T), "::MIN), ", stringify!($N), "::MIN);")]
        /// ```
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
    Unorm8,
    u8,
    Unorm,
    UnormFloat,
    "UNORM8",
    encode = encode_unorm(256.0),
    decode = decode_reciprocal(3),
    chunk = 1,
    max = 255,
    min = 0,
    min_f32 = "0.0",
    neg_inf = 0,
    half = 128,
    neg_half = 0,
    range = "[0, 1]",
    snorm_note = ""
);
storage!(
    Unorm16,
    u16,
    Unorm,
    UnormFloat,
    "UNORM16",
    encode = encode_unorm(65536.0),
    decode = decode_series(65536),
    chunk = 1,
    max = 65535,
    min = 0,
    min_f32 = "0.0",
    neg_inf = 0,
    half = 32768,
    neg_half = 0,
    range = "[0, 1]",
    snorm_note = ""
);
storage!(
    Snorm8,
    i8,
    Norm,
    SnormFloat,
    "SNORM8",
    encode = encode_snorm(128.0),
    decode = decode_reciprocal(69),
    chunk = 32,
    max = 127,
    min = -128,
    min_f32 = "-1.0",
    neg_inf = -127,
    half = 64,
    neg_half = -64,
    range = "[−1, 1]",
    snorm_note = "The most negative code is never produced by encoding (−1.0 gives `-MAX`); it decodes to −1.0, like `-MAX`."
);
storage!(
    Snorm16,
    i16,
    Norm,
    SnormFloat,
    "SNORM16",
    encode = encode_snorm(32768.0),
    decode = decode_reciprocal(73),
    chunk = 1,
    max = 32767,
    min = -32768,
    min_f32 = "-1.0",
    neg_inf = -32767,
    half = 16384,
    neg_half = -16384,
    range = "[−1, 1]",
    snorm_note = "The most negative code is never produced by encoding (−1.0 gives `-MAX`); it decodes to −1.0, like `-MAX`."
);
