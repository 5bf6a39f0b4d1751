//! The two packed unsigned-float formats, [`Rg11b10Ufloat`] and [`Rgb9e5Ufloat`]
//! (`packed_u32!`, one line each), on the channel codecs of the module; RGB9E5's
//! shared exponent is computed here. The rules are in the [module docs](super).

use super::{F32_BIAS, decode_ufloat, encode_ufloat, encode_ufloat_rtz};

/// The largest RGB9E5 value, 511 · 2⁷.
const RGB9E5_MAX: f32 = 65408.0;

/// 2²³: adding it to a value in [0, 2²²] rounds the value to an integer (ties to
/// even), which is then the low bits of the sum.
const MAGIC: f32 = 8_388_608.0;

/// `c` clamped to [0, 65408], NaN → 0.
#[inline]
const fn clamp_rgb9e5(c: f32) -> f32 {
    // `c > 0.0` is false for NaN and ±0.
    if c > 0.0 {
        if c < RGB9E5_MAX { c } else { RGB9E5_MAX }
    } else {
        0.0
    }
}

/// `v` (in [0, 2²²]) rounded to an integer: ties to even, or up when `HALF_UP`.
#[inline]
const fn round_mantissa<const HALF_UP: bool>(v: f32) -> u32 {
    let t = v + MAGIC;
    let r = t.to_bits() - MAGIC.to_bits();
    // `v − (t − 2²³)` is exact: a tie leaves exactly ½.
    #[allow(clippy::float_cmp)] // an exact difference compared with an exact ½
    if HALF_UP && v - (t - MAGIC) == 0.5 {
        r + 1
    } else {
        r
    }
}

/// `2^k` for `k` in the `f32` normal range.
#[inline]
// k + 127 is in [1, 254] for every caller.
#[allow(clippy::cast_sign_loss, clippy::cast_possible_wrap)]
const fn exp2i(k: i32) -> f32 {
    f32::from_bits(((k + F32_BIAS as i32) as u32) << 23)
}

/// The RGB9E5 code of `rgb`; see the module docs.
#[inline]
// E ≤ 31 fits the exponent field; mantissas ≤ 511.
#[allow(clippy::cast_possible_wrap)]
const fn encode_rgb9e5<const HALF_UP: bool>(rgb: [f32; 3]) -> u32 {
    let [r, g, b] = [
        clamp_rgb9e5(rgb[0]),
        clamp_rgb9e5(rgb[1]),
        clamp_rgb9e5(rgb[2]),
    ];
    let maxc = if r > g { r } else { g };
    let maxc = if maxc > b { maxc } else { b };
    // max(−16, ⌊log₂ maxc⌋) + 16 from the biased exponent (0 for 0 and denormals).
    let biased = maxc.to_bits() >> 23;
    let e = biased.saturating_sub(F32_BIAS - 16);
    let e = e + (round_mantissa::<HALF_UP>(maxc * exp2i(24 - e as i32)) >> 9);
    let scale = exp2i(24 - e as i32);
    round_mantissa::<HALF_UP>(r * scale)
        | round_mantissa::<HALF_UP>(g * scale) << 9
        | round_mantissa::<HALF_UP>(b * scale) << 18
        | e << 27
}

/// The exact values `m · 2^(E − 24)` of an RGB9E5 code.
#[inline]
// Mantissas < 2⁹ are exact in `f32`; E − 24 is in [−24, 7].
#[allow(clippy::cast_precision_loss, clippy::cast_possible_wrap)]
const fn decode_rgb9e5(c: u32) -> [f32; 3] {
    let scale = exp2i((c >> 27) as i32 - 24);
    [
        (c & 0x1FF) as f32 * scale,
        (c >> 9 & 0x1FF) as f32 * scale,
        (c >> 18 & 0x1FF) as f32 * scale,
    ]
}

/// The struct, its bit accessors, slice forms and marker impls, shared by the two
/// packed `u32` formats (the per-format conversions are written out below). The
/// chunk sizes (elements per step of the slice loops, a vectorizer hint) are the
/// faster of 1 and 8 for each loop (`cargo bench -p normkey-bench --bench
/// ufloat`): the other size made the `Rgb9e5Ufloat` and `Rg11b10Ufloat` decode
/// loops slower, and encoding ran as fast with either (measurements:
/// BENCHMARKS.md).
macro_rules! packed_u32 {
    ($(#[$doc:meta])* $T:ident, encode_chunk = $enc_chunk:literal, decode_chunk = $dec_chunk:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        #[repr(transparent)]
        pub struct $T(u32);

        impl $T {
            /// Code 0: all channels +0.0; also the [`Default`].
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::ZERO.to_rgb(), [0.0; 3]);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::from_rgb([-1.0, -0.0, f32::NEG_INFINITY]), ", stringify!($T), "::ZERO);")]
            /// ```
            pub const ZERO: Self = Self(0);

            /// The format with this code. Every `u32` is a valid code (see the
            /// module docs for the non-canonical ones).
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::from_bits(u32::MAX).to_bits(), u32::MAX);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_bits(code: u32) -> Self {
                Self(code)
            }

            /// The code, first-named channel in the lowest bits.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::ZERO.to_bits(), 0);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_bits(self) -> u32 {
                self.0
            }

            /// Elements per step of [`Self::encode_slice`], of [`Self::decode_slice`] and
            /// of the row loops of its `Format` (see `dispatch::map`): one number each,
            /// so the typed and the runtime forms run the same loop.
            pub(crate) const ENCODE_CHUNK: usize = $enc_chunk;
            /// See [`Self::ENCODE_CHUNK`].
            pub(crate) const DECODE_CHUNK: usize = $dec_chunk;

            /// Writes `src[i].to_rgb()` into `dst[i]` for every `i`; the scalar
            /// results bit for bit (on x86-64 as AVX2 code when the CPU has it).
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            #[doc = concat!("let src = [", stringify!($T), "::ZERO, ", stringify!($T), "::from_rgb([1.0, 2.0, 0.5])];")]
            /// let mut dst = [[f32::NAN; 3]; 2];
            #[doc = concat!(stringify!($T), "::decode_slice(&src, &mut dst);")]
            /// assert_eq!(dst, [[0.0; 3], [1.0, 2.0, 0.5]]);
            /// ```
            #[inline]
            #[track_caller]
            pub fn decode_slice(src: &[Self], dst: &mut [[f32; 3]]) {
                crate::dispatch::map::<{ Self::DECODE_CHUNK }, _, _>(src, dst, Self::to_rgb);
            }

            /// Writes `Self::from_rgb(src[i])` into `dst[i]` for every `i`; the
            /// scalar results bit for bit (on x86-64 as AVX2 code when the CPU has it).
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), ";")]
            /// let src = [[f32::NAN, -1.0, 0.5], [1.0, 2.0, 0.25]];
            #[doc = concat!("let mut dst = [", stringify!($T), "::ZERO; 2];")]
            #[doc = concat!(stringify!($T), "::encode_slice(&src, &mut dst);")]
            #[doc = concat!("assert_eq!(dst[0], ", stringify!($T), "::from_rgb(src[0]));")]
            /// assert_eq!(dst[1].to_rgb(), [1.0, 2.0, 0.25]);
            /// ```
            #[inline]
            #[track_caller]
            pub fn encode_slice(src: &[[f32; 3]], dst: &mut [Self]) {
                crate::dispatch::map::<{ Self::ENCODE_CHUNK }, _, _>(src, dst, Self::from_rgb);
            }
        }

        // SAFETY: `repr(transparent)` over `u32`, which is `Zeroable`.
        unsafe impl bytemuck::Zeroable for $T {}
        // SAFETY: `repr(transparent)` over `u32`, which is `Pod`: every bit pattern is
        // a valid code, no padding, `'static`.
        unsafe impl bytemuck::Pod for $T {}

        static_assertions::assert_eq_size!($T, u32);
        static_assertions::assert_eq_align!($T, u32);
        static_assertions::assert_impl_all!($T: Send, Sync, Copy, Eq, core::hash::Hash, bytemuck::Pod);
    };
}

packed_u32!(
    /// `DXGI_FORMAT_R11G11B10_FLOAT` / `VK_FORMAT_B10G11R11_UFLOAT_PACK32` / wgpu
    /// `Rg11b10Ufloat`: red and green as float11 (bits 0–10, 11–21), blue as
    /// float10 (bits 22–31), in a native-endian `u32`.
    ///
    /// Each channel is encoded on its own, as [`f32_to_uf11`](super::f32_to_uf11) / [`f32_to_uf10`](super::f32_to_uf10)
    /// (nearest even, negatives → 0, NaN → the all-ones NaN code, finite values
    /// saturate); decoding is exact. `Eq`/`Hash` compare the code. See the
    /// [module docs](crate::texture::ufloat) for the rules, the representation and the
    /// non-canonical codes.
    ///
    /// ```
    /// use normkey::Rg11b10Ufloat;
    /// let p = Rg11b10Ufloat::from_rgb([1.0, f32::NAN, 1.0e9]);
    /// assert_eq!(p.to_bits(), (15 << 6) | 0x7FF << 11 | 0x3DF << 22);
    /// let [r, g, b] = p.to_rgb();
    /// assert_eq!((r, b), (1.0, 64512.0));
    /// assert!(g.is_nan());
    /// assert_eq!(Rg11b10Ufloat::from_rgb([-2.0, f32::INFINITY, 0.0]).to_rgb(), [0.0, f32::INFINITY, 0.0]);
    /// ```
    Rg11b10Ufloat,
    encode_chunk = 8,
    decode_chunk = 8
);

impl Rg11b10Ufloat {
    /// Encodes `[r, g, b]`: float11 for red and green, float10 for blue, each the
    /// nearest code, ties to even (see [`f32_to_uf11`](super::f32_to_uf11), [`f32_to_uf10`](super::f32_to_uf10)).
    ///
    /// ```
    /// use normkey::Rg11b10Ufloat;
    /// let e = |rgb| Rg11b10Ufloat::from_rgb(rgb).to_bits();
    /// assert_eq!(e([0.0, 0.0, 1.0]), (15 << 5) << 22);
    /// assert_eq!(e([-0.0, f32::NEG_INFINITY, -f32::NAN]), 0x3FF << 22);
    /// assert_eq!(e([65536.0, 0.0, 0.0]), 0x7BF); // saturates, never ∞
    /// assert_eq!(e([f32::from_bits(1), 0.0, 0.0]), 0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_rgb(rgb: [f32; 3]) -> Self {
        Self(
            encode_ufloat::<6>(rgb[0])
                | encode_ufloat::<6>(rgb[1]) << 11
                | encode_ufloat::<5>(rgb[2]) << 22,
        )
    }

    /// Encodes `[r, g, b]` rounded toward zero, as the recorded GPUs' render
    /// targets do: float11 for red and green, float10 for blue (see
    /// [`f32_to_uf11_rtz`](super::f32_to_uf11_rtz), [`f32_to_uf10_rtz`](super::f32_to_uf10_rtz); NaN → the quiet NaN codes
    /// `0x7E0`/`0x3F0` with the top payload bits). [`from_rgb`](Self::from_rgb),
    /// nearest even, is the exact conversion.
    ///
    /// ```
    /// use normkey::Rg11b10Ufloat;
    /// let e = |rgb| Rg11b10Ufloat::from_rgb_rtz(rgb).to_bits();
    /// assert_eq!(e([1.999, 0.0, 1.0]), (15 << 6 | 63) | (15 << 5) << 22);
    /// assert_eq!(Rg11b10Ufloat::from_rgb([1.999, 0.0, 0.0]).to_bits(), 16 << 6); // 2.0
    /// assert_eq!(e([f32::NAN, -1.0, f32::INFINITY]), 0x7E0 | 0x3E0 << 22);
    /// assert_eq!(e([65535.0, 0.0, 65535.0]), 0x7BF | 0x3DF << 22);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_rgb_rtz(rgb: [f32; 3]) -> Self {
        Self(
            encode_ufloat_rtz::<6>(rgb[0])
                | encode_ufloat_rtz::<6>(rgb[1]) << 11
                | encode_ufloat_rtz::<5>(rgb[2]) << 22,
        )
    }

    /// Writes `Self::from_rgb_rtz(src[i])` into `dst[i]` for every `i`; the scalar
    /// results bit for bit (on x86-64 as AVX2 code when the CPU has it).
    ///
    /// # Panics
    ///
    /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
    ///
    /// ```
    /// use normkey::Rg11b10Ufloat;
    /// let src = [[1.999, f32::NAN, -1.0], [1.0, 2.0, 0.25]];
    /// let mut dst = [Rg11b10Ufloat::ZERO; 2];
    /// Rg11b10Ufloat::encode_slice_rtz(&src, &mut dst);
    /// assert_eq!(dst[0], Rg11b10Ufloat::from_rgb_rtz(src[0]));
    /// assert_eq!(dst[1].to_rgb(), [1.0, 2.0, 0.25]);
    /// ```
    #[inline]
    #[track_caller]
    pub fn encode_slice_rtz(src: &[[f32; 3]], dst: &mut [Self]) {
        crate::dispatch::map::<{ Self::ENCODE_CHUNK }, _, _>(src, dst, Self::from_rgb_rtz);
    }

    /// The exact values `[r, g, b]` (see [`uf11_to_f32`](super::uf11_to_f32), [`uf10_to_f32`](super::uf10_to_f32)): never
    /// negative or −0; +∞ and quiet +NaN from exponent 31.
    ///
    /// ```
    /// use normkey::Rg11b10Ufloat;
    /// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
    /// let d = |c| Rg11b10Ufloat::from_bits(c).to_rgb();
    /// assert_eq!(d(1 | 1 << 11 | 1 << 22), [pow2(-20), pow2(-20), pow2(-19)]);
    /// assert_eq!(d(0x7C0)[0], f32::INFINITY);
    /// assert_eq!(d(u32::MAX).map(f32::to_bits), [0x7FFE_0000, 0x7FFE_0000, 0x7FFC_0000]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_rgb(self) -> [f32; 3] {
        [
            decode_ufloat::<6>(self.0),
            decode_ufloat::<6>(self.0 >> 11),
            decode_ufloat::<5>(self.0 >> 22),
        ]
    }
}

packed_u32!(
    /// `DXGI_FORMAT_R9G9B9E5_SHAREDEXP` / `VK_FORMAT_E5B9G9R9_UFLOAT_PACK32` / wgpu
    /// `Rgb9e5Ufloat`: three 9-bit mantissas (R bits 0–8, G 9–17, B 18–26) and a
    /// shared 5-bit exponent E (bits 27–31) in a native-endian `u32`, each channel
    /// `m · 2^(E − 24)`.
    ///
    /// Channels are clamped to [0, 65408] (NaN → 0, negatives and −0 → 0, +∞ →
    /// 65408), the exponent follows the largest channel, and the mantissas are the
    /// nearest integers to the exact quotients, ties to even; decoding is exact.
    /// `Eq`/`Hash` compare the code (two codes of one value with different
    /// exponents are unequal). See the [module docs](crate::texture::ufloat) for the rules,
    /// the representation and the non-canonical codes.
    ///
    /// ```
    /// use normkey::Rgb9e5Ufloat;
    /// let p = Rgb9e5Ufloat::from_rgb([1.0, f32::NAN, -3.0]);
    /// assert_eq!(p.to_rgb(), [1.0, 0.0, 0.0]);
    /// assert_eq!(Rgb9e5Ufloat::from_rgb([f32::INFINITY; 3]).to_rgb(), [65408.0; 3]);
    /// // Non-canonical: exponent 31 with small mantissas; decoded exactly.
    /// assert_eq!(Rgb9e5Ufloat::from_bits(31 << 27 | 1).to_rgb(), [128.0, 0.0, 0.0]);
    /// assert_ne!(Rgb9e5Ufloat::from_rgb([128.0, 0.0, 0.0]).to_bits(), 31 << 27 | 1);
    /// ```
    Rgb9e5Ufloat,
    encode_chunk = 8,
    decode_chunk = 1
);

impl Rgb9e5Ufloat {
    /// Encodes `[r, g, b]`: clamp each to [0, 65408] (NaN → 0), shared exponent
    /// `E = max(−16, ⌊log₂ max⌋) + 16` (+1 when the largest mantissa rounds to
    /// 512), mantissas `c / 2^(E − 24)` rounded to nearest, ties to even. A NaN in
    /// one channel does not change the others.
    ///
    /// ```
    /// use normkey::Rgb9e5Ufloat;
    /// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
    /// let e = |rgb| Rgb9e5Ufloat::from_rgb(rgb).to_bits();
    /// assert_eq!(e([1.0, 0.0, 0.0]), 256 | 16 << 27);
    /// // 511.5 · 2⁻⁸ rounds to mantissa 512: the exponent grows by one.
    /// assert_eq!(e([511.5 / 256.0, 0.0, 0.0]), 256 | 17 << 27);
    /// // Ties to even: 256.5 → 256, 257.5 → 258 (at E = 16, the step is 2⁻⁸).
    /// assert_eq!(e([1.0, 256.5 / 256.0, 257.5 / 256.0]), 256 | 256 << 9 | 258 << 18 | 16 << 27);
    /// assert_eq!(e([f32::NAN, 1.0, 0.0]), e([0.0, 1.0, 0.0]));
    /// assert_eq!(e([f32::INFINITY, -0.0, 1.0e-30]), 511 | 31 << 27);
    /// assert_eq!(e([pow2(-24), 0.0, 0.0]), 1); // the smallest step
    /// assert_eq!(e([pow2(-25), 0.0, 0.0]), 0); // half of it: tie to even
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_rgb(rgb: [f32; 3]) -> Self {
        Self(encode_rgb9e5::<false>(rgb))
    }

    /// As [`from_rgb`](Self::from_rgb), but each mantissa is `⌊q + ½⌋` (ties up),
    /// the rule of `EXT_texture_shared_exponent` and Mesa's `float3_to_rgb9e5`; the
    /// exponent rule is the same. Differs from `from_rgb` only where a quotient
    /// ends in exactly ½.
    ///
    /// ```
    /// use normkey::Rgb9e5Ufloat;
    /// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
    /// let x = [1.0, 256.5 / 256.0, 257.5 / 256.0];
    /// assert_eq!(Rgb9e5Ufloat::from_rgb_half_up(x).to_bits(), 256 | 257 << 9 | 258 << 18 | 16 << 27);
    /// assert_eq!(Rgb9e5Ufloat::from_rgb_half_up([f32::NAN, -1.0, pow2(-25)]).to_bits(), 1 << 18);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_rgb_half_up(rgb: [f32; 3]) -> Self {
        Self(encode_rgb9e5::<true>(rgb))
    }

    /// The exact values `m · 2^(E − 24)`: never negative, −0, ∞ or NaN; at most
    /// 65408.
    ///
    /// ```
    /// use normkey::Rgb9e5Ufloat;
    /// let pow2 = |e: i32| f32::from_bits(((127 + e) as u32) << 23); // 2^e, exactly
    /// let d = |c| Rgb9e5Ufloat::from_bits(c).to_rgb();
    /// assert_eq!(d(1 | 2 << 9 | 3 << 18), [pow2(-24), pow2(-23), 3.0 * pow2(-24)]);
    /// assert_eq!(d(u32::MAX), [65408.0; 3]);
    /// assert_eq!(d(0).map(f32::to_bits), [0; 3]);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_rgb(self) -> [f32; 3] {
        decode_rgb9e5(self.0)
    }
}
