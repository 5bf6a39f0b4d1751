//! Whole images with row pitches: [`Format::encode_rows`], [`Format::decode_rows`],
//! [`Format::row_pitch`], and the per-format codecs behind them.
//!
//! Every format's rows go through one codec: a typed format's own slice loop
//! ([`Texel`]: the loop of its `encode_slice`/`decode_slice`, the same
//! `dispatch::map` with the same chunk size, on `[f32; 4]` and its little-endian
//! bytes), or for the formats without a type (`Rg8Unorm`, `Rgba16Snorm`,
//! `R16Float`, `Rgba32Float`, …) the channel type's conversion applied to each
//! channel in r, g, b, a order, in the same vectorized loop. Both work on byte
//! arrays of alignment 1, so the byte buffers may start anywhere.
//!
//! # Layouts
//!
//! An image of `width × height` texels is `height` rows; row `y` starts at byte
//! `y · pitch` of the byte buffer and holds `width · bytes_per_texel` bytes. The
//! bytes between the end of a row and the start of the next (the padding), and
//! those after the last row, are never read by `decode_rows` and never written by
//! `encode_rows`. The `f32` side is `width × height` texels, row after row, with
//! no padding. A layout is rejected with a [`LayoutError`], never a panic:
//!
//! - the `f32` side does not hold exactly `width × height` texels;
//! - the pitch is below one row (`width · bytes_per_texel`), whatever the height;
//! - the byte buffer is shorter than `(height − 1) · pitch + width · bytes_per_texel`
//!   (0 when `height` is 0);
//! - one of these sizes overflows `usize`.

use core::fmt;

use super::binary16::{f16_to_f32, f32_to_f16};
use super::format::Format;
use super::texel::Texel;
use super::{
    B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Bgra8Unorm, Bgra8UnormSrgb, Rg11b10Ufloat, Rgb9e5Ufloat,
    Rgb10a2Unorm, Rgba8Unorm, Rgba8UnormSrgb,
};
use crate::storage::{Snorm8, Snorm16, Unorm8, Unorm16};

/// How one format converts a row of texels to and from its little-endian bytes.
pub(super) trait Codec {
    /// The texel's bytes: an array of bytes (or of arrays of bytes), alignment 1.
    type Bytes: bytemuck::Pod;
    /// `dst[i]`: the bytes of the texel `src[i]` (`[r, g, b, a]`).
    fn encode_row(src: &[[f32; 4]], dst: &mut [Self::Bytes]);
    /// `dst[i]`: the texel `[r, g, b, a]` of the bytes `src[i]`.
    fn decode_row(src: &[Self::Bytes], dst: &mut [[f32; 4]]);
}

/// One channel of a format without a type: the storage formats and `f32`.
pub(super) trait Channel {
    /// The channel's little-endian bytes.
    type Bytes: bytemuck::Pod;
    /// The bytes of `x`.
    fn encode(x: f32) -> Self::Bytes;
    /// The value of these bytes.
    fn decode(bytes: Self::Bytes) -> f32;
}

/// The binary16 channel of the `*16Float` formats.
pub(super) struct Half;

impl Channel for Half {
    type Bytes = [u8; 2];
    #[inline]
    fn encode(x: f32) -> [u8; 2] {
        f32_to_f16(x).to_le_bytes()
    }
    #[inline]
    fn decode(bytes: [u8; 2]) -> f32 {
        f16_to_f32(u16::from_le_bytes(bytes))
    }
}

impl Channel for f32 {
    type Bytes = [u8; 4];
    #[inline]
    fn encode(x: f32) -> [u8; 4] {
        x.to_le_bytes()
    }
    #[inline]
    fn decode(bytes: [u8; 4]) -> f32 {
        f32::from_le_bytes(bytes)
    }
}

/// A storage format as a channel: its own conversion, little-endian.
macro_rules! storage_channel {
    ($T:ident, $($rest:tt)*) => {
        impl Channel for $T {
            type Bytes = [u8; size_of::<$T>()];
            #[inline]
            fn encode(x: f32) -> Self::Bytes {
                $T::from_f32(x).to_le_bytes()
            }
            #[inline]
            fn decode(bytes: Self::Bytes) -> f32 {
                $T::from_le_bytes(bytes).to_f32()
            }
        }
    };
}

crate::for_each_storage_format!(storage_channel);

/// `N` channels of `C`, in r, g, b, a order (the formats without a type).
pub(super) struct Planar<C, const N: usize>(core::marker::PhantomData<C>);

impl<C: Channel, const N: usize> Codec for Planar<C, N>
where
    [C::Bytes; N]: bytemuck::Pod,
{
    type Bytes = [C::Bytes; N];
    fn encode_row(src: &[[f32; 4]], dst: &mut [Self::Bytes]) {
        let encode = |rgba: [f32; 4]| core::array::from_fn(|i| C::encode(rgba[i]));
        crate::dispatch::map::<CHUNK, _, _>(src, dst, encode);
    }
    fn decode_row(src: &[Self::Bytes], dst: &mut [[f32; 4]]) {
        let decode = |bytes: Self::Bytes| {
            let mut rgba = [0.0, 0.0, 0.0, 1.0];
            for (x, b) in rgba.iter_mut().zip(bytes) {
                *x = C::decode(b);
            }
            rgba
        };
        crate::dispatch::map::<CHUNK, _, _>(src, dst, decode);
    }
}

/// A typed format ([`Texel`]) as a codec: its own slice loops.
pub(super) struct Typed<T>(core::marker::PhantomData<T>);

impl<T: Texel> Codec for Typed<T> {
    type Bytes = T::Bytes;
    fn encode_row(src: &[[f32; 4]], dst: &mut [T::Bytes]) {
        T::encode_le_slice(src, dst);
    }
    fn decode_row(src: &[T::Bytes], dst: &mut [[f32; 4]]) {
        T::decode_le_slice(src, dst);
    }
}

/// A format's row conversions, as [`CODECS`] stores them.
pub(super) struct RowCodec {
    /// The format (its index in [`CODECS`]).
    format: Format,
    /// The bytes of one texel.
    bytes: usize,
    /// Encodes a row: `src.len()` texels into `src.len() · bytes` bytes.
    pub(super) encode: fn(&[[f32; 4]], &mut [u8]),
    /// Decodes a row: `dst.len() · bytes` bytes into `dst.len()` texels.
    pub(super) decode: fn(&[u8], &mut [[f32; 4]]),
}

/// The row conversions of `format` by codec `C`.
const fn codec<C: Codec>(format: Format) -> RowCodec {
    // The byte buffers may start anywhere.
    assert!(align_of::<C::Bytes>() == 1);
    RowCodec {
        format,
        bytes: size_of::<C::Bytes>(),
        encode: encode_row::<C>,
        decode: decode_row::<C>,
    }
}

/// Every format's codec, in the order of the variants; each codec's bytes per
/// texel are the format table's (both checked at compile time). Here, not in the
/// format table, so that `format.rs` holds data only and depends on nothing:
/// `format` ← `texel` ← `rows` ← `mip`.
#[rustfmt::skip]
const CODECS: [RowCodec; Format::ALL.len()] = {
    use Format as F;
    let t = [
        codec::<Typed<Unorm8>>(F::R8Unorm),
        codec::<Typed<Snorm8>>(F::R8Snorm),
        codec::<Planar<Unorm8, 2>>(F::Rg8Unorm),
        codec::<Planar<Snorm8, 2>>(F::Rg8Snorm),
        codec::<Typed<Rgba8Unorm>>(F::Rgba8Unorm),
        codec::<Typed<Rgba8UnormSrgb>>(F::Rgba8UnormSrgb),
        codec::<Planar<Snorm8, 4>>(F::Rgba8Snorm),
        codec::<Typed<Bgra8Unorm>>(F::Bgra8Unorm),
        codec::<Typed<Bgra8UnormSrgb>>(F::Bgra8UnormSrgb),
        codec::<Typed<Unorm16>>(F::R16Unorm),
        codec::<Typed<Snorm16>>(F::R16Snorm),
        codec::<Planar<Unorm16, 2>>(F::Rg16Unorm),
        codec::<Planar<Snorm16, 2>>(F::Rg16Snorm),
        codec::<Planar<Unorm16, 4>>(F::Rgba16Unorm),
        codec::<Planar<Snorm16, 4>>(F::Rgba16Snorm),
        codec::<Planar<Half, 1>>(F::R16Float),
        codec::<Planar<Half, 2>>(F::Rg16Float),
        codec::<Planar<Half, 4>>(F::Rgba16Float),
        codec::<Planar<f32, 1>>(F::R32Float),
        codec::<Planar<f32, 2>>(F::Rg32Float),
        codec::<Planar<f32, 4>>(F::Rgba32Float),
        codec::<Typed<Rgb10a2Unorm>>(F::Rgb10a2Unorm),
        codec::<Typed<Rg11b10Ufloat>>(F::Rg11b10Ufloat),
        codec::<Typed<Rgb9e5Ufloat>>(F::Rgb9e5Ufloat),
        codec::<Typed<B5g6r5Unorm>>(F::B5g6r5Unorm),
        codec::<Typed<Bgr5a1Unorm>>(F::Bgr5a1Unorm),
        codec::<Typed<Bgra4Unorm>>(F::Bgra4Unorm),
    ];
    let mut i = 0;
    while i < t.len() {
        assert!(t[i].format as usize == i);
        assert!(t[i].bytes == Format::ALL[i].bytes_per_texel());
        i += 1;
    }
    t
};

impl Format {
    /// This format's row conversions.
    #[inline]
    pub(super) const fn codec(self) -> &'static RowCodec {
        &CODECS[self as usize]
    }
}

/// Texels per step of the row loops of the formats without a type (see
/// `dispatch::map`).
const CHUNK: usize = 8;

/// One row of texels into bytes (`dst.len()` is `src.len()` texels' bytes).
fn encode_row<C: Codec>(src: &[[f32; 4]], dst: &mut [u8]) {
    C::encode_row(src, bytemuck::cast_slice_mut(dst));
}

/// One row of bytes into texels.
fn decode_row<C: Codec>(src: &[u8], dst: &mut [[f32; 4]]) {
    C::decode_row(bytemuck::cast_slice(src), dst);
}

/// Why [`Format::encode_rows`] or [`Format::decode_rows`] rejected a layout (see
/// the [`rows`](self) module docs). Nothing was read or written.
///
/// ```
/// use normkey::texture::{Format, LayoutError};
/// let mut dst = [0u8; 8];
/// let src = [[0.5f32; 4]; 4];
/// let f = Format::Rgba8Unorm;
/// assert_eq!(f.encode_rows(&src, 2, 2, &mut dst, 8), Err(LayoutError::BufferTooShort { needed: 16, len: 8 }));
/// assert_eq!(f.encode_rows(&src, 2, 2, &mut dst, 4), Err(LayoutError::PitchTooSmall { pitch: 4, row_bytes: 8 }));
/// assert_eq!(f.encode_rows(&src, 3, 1, &mut dst, 12), Err(LayoutError::TexelCount { expected: 3, len: 4 }));
/// assert_eq!(f.encode_rows(&src, usize::MAX, 2, &mut dst, 8), Err(LayoutError::Overflow));
/// assert!(f.encode_rows(&src, 2, 2, &mut [0u8; 16], 8).is_ok());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LayoutError {
    /// The `f32` side holds `len` texels, not `width × height`.
    TexelCount {
        /// `width × height`.
        expected: usize,
        /// The texels given.
        len: usize,
    },
    /// The row pitch is below the bytes of one row.
    PitchTooSmall {
        /// The pitch given.
        pitch: usize,
        /// `width × bytes_per_texel`.
        row_bytes: usize,
    },
    /// The byte buffer is shorter than `(height − 1) × pitch + row_bytes`.
    BufferTooShort {
        /// The bytes the layout needs.
        needed: usize,
        /// The bytes given.
        len: usize,
    },
    /// `width × height`, the bytes of a row or of the image overflow `usize`.
    Overflow,
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TexelCount { expected, len } => {
                write!(f, "{len} texels given where width × height is {expected}")
            }
            Self::PitchTooSmall { pitch, row_bytes } => {
                write!(f, "row pitch {pitch} is below one row of {row_bytes} bytes")
            }
            Self::BufferTooShort { needed, len } => {
                write!(f, "{len} bytes given where the layout needs {needed}")
            }
            Self::Overflow => f.write_str("the image size overflows usize"),
        }
    }
}

impl core::error::Error for LayoutError {}

/// The bytes of a row of a layout, after every check.
fn check(
    format: Format,
    texels: usize,
    width: usize,
    height: usize,
    bytes: usize,
    pitch: usize,
) -> Result<usize, LayoutError> {
    let expected = width.checked_mul(height).ok_or(LayoutError::Overflow)?;
    if texels != expected {
        return Err(LayoutError::TexelCount {
            expected,
            len: texels,
        });
    }
    byte_layout(format, width, height, bytes, pitch)
}

/// The bytes of a row of the byte side of a layout, after its checks (pitch, length,
/// overflow).
pub(super) fn byte_layout(
    format: Format,
    width: usize,
    height: usize,
    bytes: usize,
    pitch: usize,
) -> Result<usize, LayoutError> {
    let row_bytes = width
        .checked_mul(format.bytes_per_texel())
        .ok_or(LayoutError::Overflow)?;
    if pitch < row_bytes {
        return Err(LayoutError::PitchTooSmall { pitch, row_bytes });
    }
    let needed = match height.checked_sub(1) {
        None => 0,
        Some(last) => last
            .checked_mul(pitch)
            .and_then(|start| start.checked_add(row_bytes))
            .ok_or(LayoutError::Overflow)?,
    };
    if bytes < needed {
        return Err(LayoutError::BufferTooShort { needed, len: bytes });
    }
    Ok(row_bytes)
}

impl Format {
    /// The smallest row pitch at or above `width · bytes_per_texel` that is a
    /// multiple of `align` (wgpu copies need 256, `COPY_BYTES_PER_ROW_ALIGNMENT`);
    /// `None` when `align` is not a power of two (0 included) or the result
    /// overflows `usize`.
    ///
    /// ```
    /// use normkey::texture::Format;
    /// assert_eq!(Format::Rgba8Unorm.row_pitch(100, 256), Some(512));
    /// assert_eq!(Format::Rgba8Unorm.row_pitch(64, 256), Some(256));
    /// assert_eq!(Format::B5g6r5Unorm.row_pitch(3, 1), Some(6));
    /// assert_eq!(Format::R8Unorm.row_pitch(0, 256), Some(0));
    /// assert_eq!(Format::R8Unorm.row_pitch(1, 3), None); // not a power of two
    /// assert_eq!(Format::R8Unorm.row_pitch(1, 0), None);
    /// assert_eq!(Format::Rgba32Float.row_pitch(usize::MAX / 8, 1), None); // overflow
    /// assert_eq!(Format::R8Unorm.row_pitch(usize::MAX, 2), None); // rounding up overflows
    /// ```
    #[inline]
    #[must_use]
    pub const fn row_pitch(self, width: usize, align: usize) -> Option<usize> {
        if !align.is_power_of_two() {
            return None;
        }
        let Some(row) = width.checked_mul(self.bytes_per_texel()) else {
            return None;
        };
        match row.checked_add(align - 1) {
            Some(up) => Some(up & !(align - 1)),
            None => None,
        }
    }

    /// Encodes `src`, `width × height` texels `[r, g, b, a]` row after row, into
    /// `dst` with rows `dst_row_pitch` bytes apart, each texel by the format's rule
    /// (see [`Format`]) as little-endian bytes on every host. `dst` may start at
    /// any address; its padding bytes are left as they are. Every bad layout (see
    /// the [`rows`](self) module docs) is an error, checked before anything is
    /// written; no input panics.
    ///
    /// Each channel is converted on its own: a NaN in one leaves the others
    /// alone, and channels the format lacks are ignored.
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] for a bad layout; then `dst` is untouched.
    ///
    /// ```
    /// use normkey::texture::Format;
    /// let src = [[1.0, 0.0, 0.0, 1.0], [0.5, f32::NAN, 2.0, 0.0], [0.0; 4], [1.0; 4]];
    /// let mut dst = [0xAAu8; 2 * 6 + 1]; // 2 rows of 2 RGB565 texels, pitch 6, 1 spare byte
    /// Format::B5g6r5Unorm.encode_rows(&src, 2, 2, &mut dst[1..], 6).unwrap();
    /// assert_eq!(dst, [0xAA, 0x00, 0xF8, 0x1F, 0x80, 0xAA, 0xAA, 0x00, 0x00, 0xFF, 0xFF, 0xAA, 0xAA]);
    /// ```
    #[inline]
    pub fn encode_rows(
        self,
        src: &[[f32; 4]],
        width: usize,
        height: usize,
        dst: &mut [u8],
        dst_row_pitch: usize,
    ) -> Result<(), LayoutError> {
        let row_bytes = check(self, src.len(), width, height, dst.len(), dst_row_pitch)?;
        let encode = self.codec().encode;
        for (y, texels) in src.chunks_exact(width.max(1)).take(height).enumerate() {
            let start = y * dst_row_pitch;
            encode(texels, &mut dst[start..start + row_bytes]);
        }
        Ok(())
    }

    /// Decodes `height` rows of `width` texels, `src_row_pitch` bytes apart in
    /// `src`, into `dst` (`width × height` texels `[r, g, b, a]`, row after row),
    /// each texel by the format's rule (see [`Format`]) from little-endian bytes.
    /// `src` may start at any address; its padding is never read. Channels the
    /// format lacks are 0 (green, blue) and 1 (alpha). Every bad layout is an
    /// error, checked before anything is written; no input panics.
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] for a bad layout; then `dst` is untouched.
    ///
    /// ```
    /// use normkey::texture::Format;
    /// let src = [0x00, 0x3C, 0x00, 0xFC, 0xEE, 0x01, 0x7C, 0x00, 0x80]; // r16float, pitch 5
    /// let mut dst = [[9.0f32; 4]; 4];
    /// Format::R16Float.decode_rows(&src, 5, 2, 2, &mut dst).unwrap();
    /// assert_eq!(dst[0], [1.0, 0.0, 0.0, 1.0]);
    /// assert_eq!(dst[1][0], f32::NEG_INFINITY);
    /// assert!(dst[2][0].is_nan()); // a signalling binary16 NaN, quiet in f32
    /// assert_eq!(dst[3][0].to_bits(), 0x8000_0000); // −0 kept
    /// assert!(Format::R16Float.decode_rows(&src, 5, 2, 2, &mut dst[..3]).is_err());
    /// ```
    #[inline]
    pub fn decode_rows(
        self,
        src: &[u8],
        src_row_pitch: usize,
        width: usize,
        height: usize,
        dst: &mut [[f32; 4]],
    ) -> Result<(), LayoutError> {
        let row_bytes = check(self, dst.len(), width, height, src.len(), src_row_pitch)?;
        let decode = self.codec().decode;
        for (y, texels) in dst.chunks_exact_mut(width.max(1)).take(height).enumerate() {
            let start = y * src_row_pitch;
            decode(&src[start..start + row_bytes], texels);
        }
        Ok(())
    }
}
