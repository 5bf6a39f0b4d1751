//! The packed UNORM pixel formats, one generic packer over the storage core; the
//! rules and layouts are in the `texture` module docs.

use crate::scalar::{decode_unorm, encode_unorm, is_unorm_width};

/// Where a channel lives in the pixel: its lowest bit and its width.
type Channel = (u32, u32);

/// Whether every channel has a valid UNORM width and fits `total` bits without
/// overlapping another: the compile-time check of each layout.
const fn valid_layout<const N: usize>(layout: [Channel; N], total: u32) -> bool {
    let mut used = 0u64;
    let mut i = 0;
    while i < N {
        let (shift, bits) = layout[i];
        if !is_unorm_width(bits) || shift + bits > total {
            return false;
        }
        let mask = ((1u64 << bits) - 1) << shift;
        if used & mask != 0 {
            return false;
        }
        used |= mask;
        i += 1;
    }
    true
}

/// The pixel of `channels` (r, g, b(, a)): each channel's UNORM code in its bits.
///
/// `pack` and `unpack` are always inlined: called per texel from the slice and row
/// loops, an outlined copy keeps those loops scalar, a call per texel
/// (measurements: BENCHMARKS.md).
#[allow(clippy::inline_always)] // see above
#[inline(always)]
const fn pack<const N: usize>(channels: [f32; N], layout: [Channel; N]) -> u32 {
    let mut pixel = 0;
    let mut i = 0;
    while i < N {
        pixel |= (encode_unorm(channels[i], layout[i].1) as u32) << layout[i].0;
        i += 1;
    }
    pixel
}

/// The channels (r, g, b(, a)) of `pixel`, each decoded from its bits (always
/// inlined, as [`pack`]).
#[allow(clippy::inline_always)] // see `pack`
#[inline(always)]
const fn unpack<const N: usize>(pixel: u32, layout: [Channel; N]) -> [f32; N] {
    let mut channels = [0.0; N];
    let mut i = 0;
    while i < N {
        let (shift, bits) = layout[i];
        channels[i] = decode_unorm((pixel >> shift) & ((1 << bits) - 1), bits);
        i += 1;
    }
    channels
}

/// Code `c` of a `bits`-bit channel (1 ≤ `bits` ≤ 8) widened to 8 bits by bit
/// replication: the code written again below itself until 8 bits are filled, the
/// bits beyond the eighth dropped (5 bits: `c << 3 | c >> 2`; 6 bits:
/// `c << 2 | c >> 4`; 1 bit: 0 or 255).
#[allow(clippy::inline_always)] // see `pack`
#[inline(always)]
const fn replicate_to_8(c: u32, bits: u32) -> u32 {
    // The copies from bit 16 down, until one reaches below bit 8; the top 8 kept.
    let mut wide = 0;
    let mut top = 16;
    while top > 8 {
        top -= bits;
        wide |= c << top;
    }
    wide >> 8
}

/// [`unpack`] with each channel first widened to 8 bits by [`replicate_to_8`]
/// and then decoded as UNORM8: `replicate_to_8(code) / 255` correctly rounded
/// (always inlined, as [`pack`]). Every width of `layout` is at most 8.
#[allow(clippy::inline_always)] // see `pack`
#[inline(always)]
const fn unpack_replicated<const N: usize>(pixel: u32, layout: [Channel; N]) -> [f32; N] {
    let mut channels = [0.0; N];
    let mut i = 0;
    while i < N {
        let (shift, bits) = layout[i];
        let code = (pixel >> shift) & ((1 << bits) - 1);
        channels[i] = decode_unorm(replicate_to_8(code, bits), 8);
        i += 1;
    }
    channels
}

/// What [`packed!`] adds after the methods: the layout evaluated even where no
/// method is used, `Pod`, and the size and alignment of the integer.
macro_rules! packed_checks {
    ($T:ident($int:ident), $n:literal) => {
        // Evaluates (so checks) the layout even where no method is used.
        const _: [Channel; $n] = $T::LAYOUT;

        // SAFETY: `repr(transparent)` over an integer, which is `Zeroable`.
        unsafe impl bytemuck::Zeroable for $T {}
        // SAFETY: `repr(transparent)` over an integer, which is `Pod`: every bit
        // pattern is a valid pixel, no padding, `'static`.
        unsafe impl bytemuck::Pod for $T {}

        static_assertions::assert_eq_size!($T, $int);
        static_assertions::assert_eq_align!($T, $int);
    };
}

/// A packed format: the struct, its layout and thin calls of [`pack`]/[`unpack`].
///
/// `$int`: the pixel's integer; `$n`: the channel count; `$from`/`$to`: the names
/// of the scalar conversions (`from_rgba`/`to_rgba`, or `from_rgb`/`to_rgb`);
/// `$layout`: (lowest bit, width) of each channel in r, g, b(, a) order.
macro_rules! packed {
    ($(#[$doc:meta])* $T:ident($int:ident), $n:literal, $from:ident, $to:ident, $layout:expr) => {
        $(#[$doc])*
        ///
        /// See the [`texture`](crate::texture) module docs for the rules; `#[repr(transparent)]` over
        #[doc = concat!("`", stringify!($int), "`, `bytemuck::Pod`; `Eq`/`Hash` compare the bits.")]
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
        #[repr(transparent)]
        pub struct $T($int);

        impl $T {
            /// Each channel's (lowest bit, width), in r, g, b(, a) order; checked at
            /// compile time.
            const LAYOUT: [Channel; $n] = {
                let layout = $layout;
                assert!(valid_layout(layout, $int::BITS));
                layout
            };

            /// The pixel with these bits; every pattern is valid.
            ///
            /// ```
            #[doc = concat!("use normkey::texture::", stringify!($T), " as T;")]
            #[doc = concat!("assert_eq!(T::from_bits(", stringify!($int), "::MAX).", stringify!($to), "(), [1.0; ", $n, "]);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_bits(bits: $int) -> Self {
                Self(bits)
            }

            /// The pixel's bits.
            ///
            /// ```
            #[doc = concat!("use normkey::texture::", stringify!($T), " as T;")]
            #[doc = concat!("assert_eq!(T::", stringify!($from), "([f32::INFINITY; ", $n, "]).to_bits(), ", stringify!($int), "::MAX);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_bits(self) -> $int {
                self.0
            }

            /// Encodes each channel (r, g, b(, a) order) exactly: NaN → 0 in its own channel.
            ///
            /// ```
            #[doc = concat!("use normkey::texture::", stringify!($T), " as T;")]
            #[doc = concat!("assert_eq!(T::", stringify!($from), "([f32::NAN; ", $n, "]).to_bits(), 0);")]
            #[doc = concat!("assert_eq!(T::", stringify!($from), "([-0.0; ", $n, "]).to_bits(), 0);")]
            /// ```
            #[inline]
            #[must_use]
            // The pixel has `$int::BITS` bits (checked by `valid_layout`).
            #[allow(clippy::cast_possible_truncation)]
            pub const fn $from(channels: [f32; $n]) -> Self {
                Self(pack(channels, Self::LAYOUT) as $int)
            }

            /// Decodes each channel, `code / (2ⁿ − 1)` correctly rounded, in r, g, b(, a) order.
            ///
            /// ```
            #[doc = concat!("use normkey::texture::", stringify!($T), " as T;")]
            #[doc = concat!("assert_eq!(T::from_bits(0).", stringify!($to), "().map(f32::to_bits), [0; ", $n, "]);")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn $to(self) -> [f32; $n] {
                unpack(self.0 as u32, Self::LAYOUT)
            }

            /// Elements per step of [`Self::encode_slice`], of [`Self::decode_slice`] and
            /// of the row loops of its `Format` (see `dispatch::map`): one number each,
            /// so the typed and the runtime forms run the same loop.
            pub(crate) const ENCODE_CHUNK: usize = 1;
            /// See [`Self::ENCODE_CHUNK`].
            pub(crate) const DECODE_CHUNK: usize = 1;

            #[doc = concat!("`dst[i] = Self::", stringify!($from), "(src[i])` for every `i`, through the vectorized loop.")]
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`.
            ///
            /// ```
            #[doc = concat!("use normkey::texture::", stringify!($T), " as T;")]
            /// let mut dst = [T::default(); 2];
            #[doc = concat!("T::encode_slice(&[[0.0; ", $n, "], [1.0; ", $n, "]], &mut dst);")]
            #[doc = concat!("assert_eq!(dst.map(T::to_bits), [0, ", stringify!($int), "::MAX]);")]
            /// ```
            #[inline]
            #[track_caller]
            pub fn encode_slice(src: &[[f32; $n]], dst: &mut [Self]) {
                crate::dispatch::map::<{ Self::ENCODE_CHUNK }, _, _>(src, dst, Self::$from);
            }

            #[doc = concat!("`dst[i] = src[i].", stringify!($to), "()` for every `i`, through the vectorized loop.")]
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`.
            ///
            /// ```
            #[doc = concat!("use normkey::texture::", stringify!($T), " as T;")]
            #[doc = concat!("let mut dst = [[f32::NAN; ", $n, "]; 1];")]
            #[doc = concat!("T::decode_slice(&[T::from_bits(", stringify!($int), "::MAX)], &mut dst);")]
            #[doc = concat!("assert_eq!(dst, [[1.0; ", $n, "]]);")]
            /// ```
            #[inline]
            #[track_caller]
            pub fn decode_slice(src: &[Self], dst: &mut [[f32; $n]]) {
                crate::dispatch::map::<{ Self::DECODE_CHUNK }, _, _>(src, dst, Self::$to);
            }
        }

        packed_checks!($T($int), $n);
    };
}

/// The GPU-matching decoders of a packed format whose channels are at most 8 bits
/// wide: thin calls of [`unpack_replicated`] (the rule: the `texture` module docs,
/// "Bit replication").
///
/// `$to`: the exact decoder's name; `$to_replicated`: this one's.
macro_rules! replicated {
    ($T:ident, $n:literal, $to:ident, $to_replicated:ident, $(#[$example:meta])*) => {
        impl $T {
            /// Each channel's layout, checked at compile time to be at most 8 bits wide.
            const LAYOUT_8: [Channel; $n] = {
                let mut i = 0;
                while i < $n {
                    assert!(Self::LAYOUT[i].1 <= 8);
                    i += 1;
                }
                Self::LAYOUT
            };

            #[doc = concat!("Decodes each channel as an NVIDIA H100 does: the code widened to 8 bits by bit replication, then `/ 255` correctly rounded, in r, g, b(, a) order; [`Self::", stringify!($to), "`] stays the exact default.")]
            ///
            /// Every value is finite in [0, 1], never NaN, never −0.0 (code 0 gives +0.0);
            /// see the [`texture`](crate::texture) module docs, "Bit replication".
            ///
            /// ```
            $(#[$example])*
            /// ```
            #[inline]
            #[must_use]
            pub const fn $to_replicated(self) -> [f32; $n] {
                unpack_replicated(self.0 as u32, Self::LAYOUT_8)
            }

            #[doc = concat!("`dst[i] = src[i].", stringify!($to_replicated), "()` for every `i`, through the vectorized loop.")]
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`.
            ///
            /// ```
            #[doc = concat!("use normkey::texture::", stringify!($T), " as T;")]
            #[doc = concat!("let mut dst = [[f32::NAN; ", $n, "]; 2];")]
            /// T::decode_slice_replicated(&[T::from_bits(0), T::from_bits(u16::MAX)], &mut dst);
            #[doc = concat!("assert_eq!(dst, [[0.0; ", $n, "], [1.0; ", $n, "]]);")]
            /// ```
            #[inline]
            #[track_caller]
            pub fn decode_slice_replicated(src: &[Self], dst: &mut [[f32; $n]]) {
                crate::dispatch::map::<{ Self::DECODE_CHUNK }, _, _>(src, dst, Self::$to_replicated);
            }
        }

        // Evaluates (so checks) the widths even where no method is used.
        const _: [Channel; $n] = $T::LAYOUT_8;
    };
}

packed!(
    /// `R10G10B10A2_UNORM`: 10-bit R, G, B and 2-bit A in a `u32` (R in bits 0–9,
    /// G 10–19, B 20–29, A 30–31).
    ///
    /// ```
    /// use normkey::texture::Rgb10a2Unorm;
    /// let p = Rgb10a2Unorm::from_rgba([0.5, -1.0, 2.0, 0.5]);
    /// assert_eq!(p.to_bits(), 512 | 0 << 10 | 1023 << 20 | 2 << 30);
    /// assert_eq!(p.to_rgba()[3], 2.0 / 3.0);
    /// ```
    Rgb10a2Unorm(u32),
    4,
    from_rgba,
    to_rgba,
    [(0, 10), (10, 10), (20, 10), (30, 2)]
);
packed!(
    /// `B5G6R5_UNORM`: 5-bit B in bits 0–4, 6-bit G in 5–10, 5-bit R in 11–15 of a
    /// `u16`; no alpha.
    ///
    /// ```
    /// use normkey::texture::B5g6r5Unorm;
    /// assert_eq!(B5g6r5Unorm::from_rgb([0.0, 0.5, 1.0]).to_bits(), 32 << 5 | 31);
    /// assert_eq!(B5g6r5Unorm::from_bits(1 << 11).to_rgb(), [1.0 / 31.0, 0.0, 0.0]);
    /// ```
    B5g6r5Unorm(u16),
    3,
    from_rgb,
    to_rgb,
    [(11, 5), (5, 6), (0, 5)]
);
replicated!(
    B5g6r5Unorm,
    3,
    to_rgb,
    to_rgb_replicated,
    /// use normkey::texture::B5g6r5Unorm;
    /// // Code 1 of the 5-bit R reads as 8/255 (00001 → 00001000), not 1/31.
    /// let p = B5g6r5Unorm::from_bits(1 << 11);
    /// assert_eq!(p.to_rgb_replicated(), [8.0 / 255.0, 0.0, 0.0]);
    /// assert_eq!(p.to_rgb(), [1.0 / 31.0, 0.0, 0.0]);
    /// // Code 1 of the 6-bit G: 4/255; 0 and the largest code stay 0 and 1.
    /// assert_eq!(B5g6r5Unorm::from_bits(1 << 5).to_rgb_replicated()[1], 4.0 / 255.0);
    /// assert_eq!(B5g6r5Unorm::from_bits(0xffff).to_rgb_replicated(), [1.0; 3]);
    /// assert_eq!(B5g6r5Unorm::from_bits(0).to_rgb_replicated().map(f32::to_bits), [0; 3]);
);
packed!(
    /// `B5G5R5A1_UNORM`: 5-bit B in bits 0–4, G in 5–9, R in 10–14, 1-bit A in bit
    /// 15 of a `u16`.
    ///
    /// ```
    /// use normkey::texture::Bgr5a1Unorm;
    /// assert_eq!(Bgr5a1Unorm::from_rgba([1.0, 0.0, 0.0, 0.5]).to_bits(), 0xfc00);
    /// assert_eq!(Bgr5a1Unorm::from_rgba([0.0, 0.0, 0.0, 0.4999]).to_bits(), 0);
    /// ```
    Bgr5a1Unorm(u16),
    4,
    from_rgba,
    to_rgba,
    [(10, 5), (5, 5), (0, 5), (15, 1)]
);
replicated!(
    Bgr5a1Unorm,
    4,
    to_rgba,
    to_rgba_replicated,
    /// use normkey::texture::Bgr5a1Unorm;
    /// // Code 16 of 5 bits: 10000 → 10000100 = 132/255, not 16/31; A's one bit: 0 or 1.
    /// let p = Bgr5a1Unorm::from_bits(16 << 10 | 1 << 15);
    /// assert_eq!(p.to_rgba_replicated(), [132.0 / 255.0, 0.0, 0.0, 1.0]);
    /// assert_eq!(p.to_rgba(), [16.0 / 31.0, 0.0, 0.0, 1.0]);
);
packed!(
    /// `B4G4R4A4_UNORM`: 4-bit B in bits 0–3, G in 4–7, R in 8–11, A in 12–15 of a
    /// `u16`.
    ///
    /// ```
    /// use normkey::texture::Bgra4Unorm;
    /// assert_eq!(Bgra4Unorm::from_rgba([1.0, 0.0, 0.5, f32::NAN]).to_bits(), 0x0f08);
    /// assert_eq!(Bgra4Unorm::from_bits(0xf000).to_rgba(), [0.0, 0.0, 0.0, 1.0]);
    /// ```
    Bgra4Unorm(u16),
    4,
    from_rgba,
    to_rgba,
    [(8, 4), (4, 4), (0, 4), (12, 4)]
);
