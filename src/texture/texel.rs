//! [`Texel`]: the one trait of every typed format that has a [`Format`], so that
//! generic code reads and writes RGBA without knowing the channel count.

use super::format::Format;
use super::{
    B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Bgra8Unorm, Bgra8UnormSrgb, Rg11b10Ufloat, Rgb9e5Ufloat,
    Rgb10a2Unorm, Rgba8Unorm, Rgba8UnormSrgb,
};
use crate::storage::{Snorm8, Snorm16, Unorm8, Unorm16};

pub(crate) mod sealed {
    /// The texel's bytes in memory, little-endian, its own channels and its slice
    /// loops; only this crate implements it.
    pub trait Sealed: Copy {
        /// `[u8; size_of::<Self>()]`.
        type Bytes: bytemuck::Pod;
        /// The type's own channels, its typed `encode_slice`'s input: `f32` for
        /// one channel, `[f32; 3]` or `[f32; 4]`.
        type Channels: bytemuck::Pod;
        /// The little-endian bytes (for the 8-bit pixels: the bytes in memory order).
        /// An associated function, not a method: a supertrait's method would
        /// make a user's own `to_le` ambiguous (E0034) on `T: Texel`.
        fn to_le(x: Self) -> Self::Bytes;
        /// The texel of these little-endian bytes.
        fn from_le(bytes: Self::Bytes) -> Self;
        /// The element function of the typed `encode_slice` (`from_f32`,
        /// `from_rgb`, `from_rgba`).
        fn from_channels(channels: Self::Channels) -> Self;
        /// The element function of the typed `decode_slice`.
        fn to_channels(x: Self) -> Self::Channels;
        /// `dst[i] = from(src[i]).to_le()`: the typed `encode_slice`'s loop
        /// (`dispatch::map`, the type's `ENCODE_CHUNK`) into bytes, the row loop of
        /// `Format::encode_rows` (`from`: `from_rgba`) and of
        /// `Format::encode_channel_rows` (`from_channels`).
        fn encode_le_slice<P: Copy>(src: &[P], dst: &mut [Self::Bytes], from: impl Fn(P) -> Self);
        /// `dst[i] = to(from_le(src[i]))`: the typed `decode_slice`'s loop (its
        /// `DECODE_CHUNK`) from bytes, the row loop of `Format::decode_rows` (`to`:
        /// `to_rgba`) and of `Format::decode_channel_rows` (`to_channels`).
        fn decode_le_slice<P>(src: &[Self::Bytes], dst: &mut [P], to: impl Fn(Self) -> P);
    }
}

/// A typed texture or storage format with a runtime [`Format`]: the storage
/// formats [`Unorm8`], [`Snorm8`], [`Unorm16`], [`Snorm16`] (`R8Unorm`, …), the
/// 8-bit pixels and the packed formats. [`Srgb8`](super::Srgb8), a lone sRGB
/// channel, has no `Format` and no `Texel` impl; the multi-channel storage formats
/// (`Rg8Unorm`, `Rgba16Unorm`, `R16Float`, `Rgba32Float`, …) have no type: they
/// are converted by [`Format::encode_rows`] and [`Format::decode_rows`].
///
/// The `f32` side is always `[r, g, b, a]`. Each channel follows its type's rule
/// (NaN, ±0, ±∞, subnormals: see the types and the [`texture`](super) module
/// docs). A format with fewer channels ignores the others when encoding (a NaN
/// there changes nothing) and decodes them as green 0, blue 0, alpha 1, as GPUs
/// sample them: 3-channel formats give alpha 1, 1-channel formats `[r, 0, 0, 1]`.
///
/// Sealed: only this crate implements it, so `FORMAT` always describes the type's
/// bytes (the little-endian form of its code).
///
/// ```
/// use normkey::texture::{Format, Rg11b10Ufloat, Texel};
/// use normkey::storage::Unorm8;
///
/// fn gray<T: Texel>(v: f32) -> T {
///     T::from_rgba([v, v, v, f32::NAN])
/// }
/// assert_eq!(<Unorm8 as Texel>::FORMAT, Format::R8Unorm);
/// assert_eq!(gray::<Unorm8>(1.0).to_rgba(), [1.0, 0.0, 0.0, 1.0]);
/// assert_eq!(gray::<Rg11b10Ufloat>(2.0).to_rgba(), [2.0, 2.0, 2.0, 1.0]); // alpha ignored
/// assert_eq!(Texel::to_rgba(Unorm8::from_f32(f32::NAN)), [0.0, 0.0, 0.0, 1.0]);
/// ```
pub trait Texel: sealed::Sealed + bytemuck::Pod + Eq + core::hash::Hash + core::fmt::Debug {
    /// The runtime format of this type's bytes.
    ///
    /// ```
    /// use normkey::texture::{Bgra8UnormSrgb, Format, Texel};
    /// assert_eq!(Bgra8UnormSrgb::FORMAT, Format::Bgra8UnormSrgb);
    /// ```
    const FORMAT: Format;

    /// Encodes `[r, g, b, a]`; channels the format lacks are ignored.
    ///
    /// ```
    /// use normkey::texture::{B5g6r5Unorm, Texel};
    /// let p = <B5g6r5Unorm as Texel>::from_rgba([1.0, 0.0, 0.0, f32::NAN]);
    /// assert_eq!(p.to_bits(), 0xF800);
    /// ```
    fn from_rgba(rgba: [f32; 4]) -> Self;

    /// Decodes to `[r, g, b, a]`; missing green and blue are 0, a missing alpha 1.
    ///
    /// ```
    /// use normkey::texture::{Rgb9e5Ufloat, Texel};
    /// use normkey::storage::Snorm16;
    /// assert_eq!(Texel::to_rgba(Rgb9e5Ufloat::ZERO), [0.0, 0.0, 0.0, 1.0]);
    /// assert_eq!(Texel::to_rgba(Snorm16::MIN), [-1.0, 0.0, 0.0, 1.0]);
    /// ```
    fn to_rgba(self) -> [f32; 4];
}

/// `Texel` and its sealed bytes for one type: `one` (a storage channel), `rgb`
/// (three channels) or `rgba` (four); `$to`/`$from`: its little-endian byte
/// functions.
macro_rules! texel {
    ($T:ident, $format:ident, $kind:ident, $to:ident, $from:ident) => {
        impl sealed::Sealed for $T {
            type Bytes = [u8; size_of::<$T>()];
            #[inline]
            fn to_le(x: Self) -> Self::Bytes {
                x.$to()
            }
            #[inline]
            fn from_le(bytes: Self::Bytes) -> Self {
                Self::$from(bytes)
            }
            #[inline]
            fn encode_le_slice<P: Copy>(src: &[P], dst: &mut [Self::Bytes], from: impl Fn(P) -> Self) {
                let f = |p| sealed::Sealed::to_le(from(p));
                crate::dispatch::map::<{ $T::ENCODE_CHUNK }, _, _>(src, dst, f);
            }
            #[inline]
            fn decode_le_slice<P>(src: &[Self::Bytes], dst: &mut [P], to: impl Fn(Self) -> P) {
                let f = |bytes| to(<$T as sealed::Sealed>::from_le(bytes));
                crate::dispatch::map::<{ $T::DECODE_CHUNK }, _, _>(src, dst, f);
            }
            texel!(@channels $kind);
        }

        impl Texel for $T {
            const FORMAT: Format = Format::$format;
            texel!(@$kind);
        }
    };
    (@channels one) => {
        type Channels = f32;
        #[inline]
        fn from_channels(x: f32) -> Self {
            Self::from_f32(x)
        }
        #[inline]
        fn to_channels(x: Self) -> f32 {
            x.to_f32()
        }
    };
    (@channels rgb) => {
        type Channels = [f32; 3];
        #[inline]
        fn from_channels(rgb: [f32; 3]) -> Self {
            Self::from_rgb(rgb)
        }
        #[inline]
        fn to_channels(x: Self) -> [f32; 3] {
            x.to_rgb()
        }
    };
    (@channels rgba) => {
        type Channels = [f32; 4];
        #[inline]
        fn from_channels(rgba: [f32; 4]) -> Self {
            Self::from_rgba(rgba)
        }
        #[inline]
        fn to_channels(x: Self) -> [f32; 4] {
            Self::to_rgba(x)
        }
    };
    (@one) => {
        #[inline]
        fn from_rgba(rgba: [f32; 4]) -> Self {
            Self::from_f32(rgba[0])
        }
        #[inline]
        fn to_rgba(self) -> [f32; 4] {
            [self.to_f32(), 0.0, 0.0, 1.0]
        }
    };
    (@rgb) => {
        #[inline]
        fn from_rgba([r, g, b, _]: [f32; 4]) -> Self {
            Self::from_rgb([r, g, b])
        }
        #[inline]
        fn to_rgba(self) -> [f32; 4] {
            let [r, g, b] = self.to_rgb();
            [r, g, b, 1.0]
        }
    };
    (@rgba) => {
        #[inline]
        fn from_rgba(rgba: [f32; 4]) -> Self {
            Self::from_rgba(rgba)
        }
        #[inline]
        fn to_rgba(self) -> [f32; 4] {
            Self::to_rgba(self)
        }
    };
}

texel!(Unorm8, R8Unorm, one, to_le_bytes, from_le_bytes);
texel!(Snorm8, R8Snorm, one, to_le_bytes, from_le_bytes);
texel!(Unorm16, R16Unorm, one, to_le_bytes, from_le_bytes);
texel!(Snorm16, R16Snorm, one, to_le_bytes, from_le_bytes);
texel!(Rgba8Unorm, Rgba8Unorm, rgba, to_bytes, from_bytes);
texel!(Rgba8UnormSrgb, Rgba8UnormSrgb, rgba, to_bytes, from_bytes);
texel!(Bgra8Unorm, Bgra8Unorm, rgba, to_bytes, from_bytes);
texel!(Bgra8UnormSrgb, Bgra8UnormSrgb, rgba, to_bytes, from_bytes);
texel!(Rgb10a2Unorm, Rgb10a2Unorm, rgba, to_le_bytes, from_le_bytes);
texel!(
    Rg11b10Ufloat,
    Rg11b10Ufloat,
    rgb,
    to_le_bytes,
    from_le_bytes
);
texel!(Rgb9e5Ufloat, Rgb9e5Ufloat, rgb, to_le_bytes, from_le_bytes);
texel!(B5g6r5Unorm, B5g6r5Unorm, rgb, to_le_bytes, from_le_bytes);
texel!(Bgr5a1Unorm, Bgr5a1Unorm, rgba, to_le_bytes, from_le_bytes);
texel!(Bgra4Unorm, Bgra4Unorm, rgba, to_le_bytes, from_le_bytes);
