//! Whole images with row pitches: [`ImageLayout`], [`Format::encode_rows`] and
//! [`Format::decode_rows`] on `[f32; 4]` texels, [`Format::encode_channel_rows`] and
//! [`Format::decode_channel_rows`] on the format's own channels,
//! [`Format::row_pitch`], [`Format::layout`], and the per-format codecs behind them.
//!
//! Every format's rows go through one codec: a typed format's own slice loop
//! ([`Texel`](super::Texel): the loop of its `encode_slice`/`decode_slice`, the same
//! `dispatch::map` with the same chunk size, into and from its little-endian
//! bytes), or for the formats without a type (`Rg8Unorm`, `Rgba16Snorm`,
//! `R16Float`, `Rgba32Float`, …) the channel type's conversion applied to each
//! channel in r, g, b, a order, in the same vectorized loop. Both work on byte
//! arrays of alignment 1, so the byte buffers may start anywhere.
//!
//! # Two shapes of the `f32` side
//!
//! - `[f32; 4]` texels ([`Format::encode_rows`], [`Format::decode_rows`]): `[r, g,
//!   b, a]` whatever the format; encoding ignores the channels the format lacks
//!   (a NaN there changes nothing), decoding gives them as green 0, blue 0, alpha
//!   1, as GPUs sample them.
//! - The format's own channels ([`Format::encode_channel_rows`],
//!   [`Format::decode_channel_rows`]): [`Format::channels`] floats per texel in
//!   r, g, b, a order (`R8Unorm` one, `Rg16Float` two, `Rg11b10Ufloat` three,
//!   `Bgra8Unorm` four: r, g, b, a, not memory order), as a flat `&[f32]`. A
//!   1-channel image is a quarter of the `[f32; 4]` form's floats, a 3-channel one
//!   three quarters; the typed formats run their typed `encode_slice` /
//!   `decode_slice` loop on `f32`, `[f32; 3]` or `[f32; 4]` itself. Each channel's
//!   bytes and values are bit for bit those of the `[f32; 4]` form.
//!
//! Both shapes convert each channel on its own by the format's rule (NaN, ±0, ±∞,
//! subnormals: see [`Format`] and the [`texture`](super) module docs).
//!
//! # Layouts
//!
//! An [`ImageLayout`] `{ width, height, row_pitch }` describes the byte side: an
//! image of `width × height` texels is `height` rows; row `y` starts at byte
//! `y · row_pitch` of the byte buffer and holds `width · bytes_per_texel` bytes.
//! The bytes between the end of a row and the start of the next (the padding), and
//! those after the last row, are never read by the decoders and never written by
//! the encoders. The `f32` side is `width × height` texels, row after row, with
//! no padding. A layout is rejected with a [`LayoutError`], never a panic:
//!
//! - the `f32` side does not hold exactly `width × height` texels
//!   ([`LayoutError::TexelCount`]), or for the channel forms exactly `width ×
//!   height × channels` floats ([`LayoutError::FloatCount`]);
//! - the pitch is below one row (`width · bytes_per_texel`), whatever the height;
//! - the byte buffer is shorter than `(height − 1) · pitch + width · bytes_per_texel`
//!   (0 when `height` is 0);
//! - one of these sizes overflows `usize`.

use core::fmt;

use super::format::Format;

/// The shape of an image's bytes: `width × height` texels in `height` rows, row
/// `y` starting at byte `y · row_pitch` (see the [`rows`](self) module docs).
/// Taken by every whole-image function ([`Format::encode_rows`],
/// [`Format::decode_rows`], [`Format::encode_channel_rows`],
/// [`Format::decode_channel_rows`], [`Format::downsample`], and
/// [`downsample_f32`](super::downsample_f32), whose rows of `f32` texels it
/// counts in bytes too) in place of three `usize` arguments, so that a width and
/// a pitch cannot trade places unseen. The pitch is always in bytes.
///
/// Any three values make a layout; they are checked against a format and a
/// buffer where they are used (a [`LayoutError`], never a panic).
/// [`Format::layout`] gives the rows of a format packed at an alignment,
/// [`Format::mip_layout`] the next mip level's.
///
/// ```
/// use normkey::texture::{Format, ImageLayout};
/// let l = ImageLayout::new(100, 2, 512);
/// assert_eq!(l, ImageLayout { width: 100, height: 2, row_pitch: 512 });
/// assert_eq!(Format::Rgba8Unorm.layout(100, 2, 256), Some(l)); // wgpu's 256-byte rows
/// assert_eq!(Format::Rgba8Unorm.layout(100, 2, 3), None); // not a power of two
/// // A pitch below one row is a layout, refused where it is used.
/// let bad = ImageLayout::new(100, 2, 399);
/// assert!(Format::Rgba8Unorm.encode_rows(&[[0.0; 4]; 200], &mut [0u8; 1024], bad).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ImageLayout {
    /// Texels per row.
    pub width: usize,
    /// Rows.
    pub height: usize,
    /// Bytes from the start of a row to the start of the next.
    pub row_pitch: usize,
}

impl ImageLayout {
    /// The layout of `height` rows of `width` texels, `row_pitch` bytes apart
    /// (unchecked: see [`ImageLayout`]).
    ///
    /// ```
    /// use normkey::texture::ImageLayout;
    /// const L: ImageLayout = ImageLayout::new(3, 2, 12);
    /// assert_eq!((L.width, L.height, L.row_pitch), (3, 2, 12));
    /// assert_eq!(ImageLayout::new(0, usize::MAX, 0).height, usize::MAX);
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(width: usize, height: usize, row_pitch: usize) -> Self {
        Self {
            width,
            height,
            row_pitch,
        }
    }
}

/// Why a whole-image function ([`Format::encode_rows`], [`Format::decode_rows`],
/// their channel forms, [`Format::downsample`], the mip chains of
/// [`TextureDesc::fill_mips`](super::TextureDesc::fill_mips)) rejected a layout
/// (see the [`rows`](self) module docs). Nothing was read or written.
///
/// ```
/// use normkey::texture::{Format, ImageLayout, LayoutError};
/// let mut dst = [0u8; 8];
/// let src = [[0.5f32; 4]; 4];
/// let f = Format::Rgba8Unorm;
/// let l = ImageLayout::new;
/// assert_eq!(f.encode_rows(&src, &mut dst, l(2, 2, 8)), Err(LayoutError::BufferTooShort { needed: 16, len: 8 }));
/// assert_eq!(f.encode_rows(&src, &mut dst, l(2, 2, 4)), Err(LayoutError::PitchTooSmall { pitch: 4, row_bytes: 8 }));
/// assert_eq!(f.encode_rows(&src, &mut dst, l(3, 1, 12)), Err(LayoutError::TexelCount { expected: 3, len: 4 }));
/// assert_eq!(f.encode_rows(&src, &mut dst, l(usize::MAX, 2, 8)), Err(LayoutError::Overflow));
/// assert!(f.encode_rows(&src, &mut [0u8; 16], l(2, 2, 8)).is_ok());
/// // The channel forms count floats: 2 × 2 texels of 4 channels.
/// let floats = [0.5f32; 15];
/// assert_eq!(f.encode_channel_rows(&floats, &mut [0u8; 16], l(2, 2, 8)), Err(LayoutError::FloatCount { expected: 16, len: 15 }));
/// // `downsample`: the destination must be the next level's size.
/// let a = normkey::texture::AlphaMode::Straight;
/// assert_eq!(f.downsample(&[0u8; 16], l(2, 2, 8), &mut dst, l(2, 1, 8), a), Err(LayoutError::LevelSize { expected: (1, 1), got: (2, 1) }));
/// // A mip chain: the levels' bytes must be `data_len` long (16 + 4 here).
/// let desc = normkey::texture::TextureDesc::new(f, 2, 2).with_full_mips();
/// let nan = normkey::texture::NanPolicy::Skip;
/// assert_eq!(desc.fill_mips(&mut [0u8; 16], nan), Err(LayoutError::DataLength { expected: 20, len: 16 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum LayoutError {
    /// The texel side holds `len` texels, not `width × height`: the `[f32; 4]`
    /// of [`Format::encode_rows`], or the level 0 of
    /// [`TextureDesc::fill_mips_from_f32`](super::TextureDesc::fill_mips_from_f32).
    TexelCount {
        /// `width × height`.
        expected: usize,
        /// The texels given.
        len: usize,
    },
    /// The `f32` side of a channel form holds `len` floats, not `width × height ×
    /// channels`.
    FloatCount {
        /// `width × height × channels`.
        expected: usize,
        /// The floats given.
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
    /// The destination of [`Format::downsample`] is not the next mip level's size,
    /// `(mip_size(width), mip_size(height))` of the source.
    LevelSize {
        /// The next level's `(width, height)`.
        expected: (usize, usize),
        /// The destination layout's `(width, height)`.
        got: (usize, usize),
    },
    /// `width × height` (times the channels), the bytes of a row or of the image
    /// overflow `usize`.
    Overflow,
    /// The pitch of a buffer of `f32` texels ([`downsample_f32`](super::downsample_f32))
    /// is not a whole number of texels.
    PitchNotTexels {
        /// The pitch given, in bytes.
        pitch: usize,
        /// The bytes of one texel (4 per channel).
        texel_bytes: usize,
    },
    /// The levels' bytes given to [`TextureDesc::fill_mips`](super::TextureDesc::fill_mips)
    /// or its `f32` forms are not
    /// [`TextureDesc::data_len`](super::TextureDesc::data_len) long.
    DataLength {
        /// [`TextureDesc::data_len`](super::TextureDesc::data_len).
        expected: usize,
        /// The bytes given.
        len: usize,
    },
    /// The scratch given to
    /// [`TextureDesc::fill_mips_from_f32_with_buffer`](super::TextureDesc::fill_mips_from_f32_with_buffer)
    /// holds fewer texels than
    /// [`TextureDesc::mip_scratch_len`](super::TextureDesc::mip_scratch_len).
    ScratchTooShort {
        /// [`TextureDesc::mip_scratch_len`](super::TextureDesc::mip_scratch_len).
        needed: usize,
        /// The texels given.
        len: usize,
    },
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::TexelCount { expected, len } => {
                write!(f, "{len} texels given where width × height is {expected}")
            }
            Self::FloatCount { expected, len } => write!(
                f,
                "{len} floats given where width × height × channels is {expected}"
            ),
            Self::PitchTooSmall { pitch, row_bytes } => {
                write!(f, "row pitch {pitch} is below one row of {row_bytes} bytes")
            }
            Self::BufferTooShort { needed, len } => {
                write!(f, "{len} bytes given where the layout needs {needed}")
            }
            Self::LevelSize { expected, got } => write!(
                f,
                "the destination is {} × {} where the next mip level is {} × {}",
                got.0, got.1, expected.0, expected.1
            ),
            Self::Overflow => f.write_str("the image size overflows usize"),
            Self::PitchNotTexels { pitch, texel_bytes } => write!(
                f,
                "row pitch {pitch} is not a whole number of {texel_bytes}-byte texels"
            ),
            Self::DataLength { expected, len } => {
                write!(f, "the levels hold {len} bytes, not {expected}")
            }
            Self::ScratchTooShort { needed, len } => write!(
                f,
                "the scratch holds {len} texels where the mip chain needs {needed}"
            ),
        }
    }
}

impl core::error::Error for LayoutError {}

/// What the `f32` side of a whole image holds: `[f32; 4]` texels, or each
/// texel's own channels.
#[derive(Clone, Copy)]
enum Side {
    /// `width × height` texels `[r, g, b, a]`.
    Rgba(usize),
    /// `width × height × channels` floats.
    Channels(usize),
}

/// The bytes of a row of a layout, after every check: the `f32` side's count
/// first, then the byte side's.
fn check(
    format: Format,
    layout: ImageLayout,
    side: Side,
    bytes: usize,
) -> Result<usize, LayoutError> {
    let texels = layout
        .width
        .checked_mul(layout.height)
        .ok_or(LayoutError::Overflow)?;
    match side {
        Side::Rgba(len) if len != texels => {
            return Err(LayoutError::TexelCount {
                expected: texels,
                len,
            });
        }
        Side::Channels(len) => {
            let expected = texels
                .checked_mul(format.channels())
                .ok_or(LayoutError::Overflow)?;
            if len != expected {
                return Err(LayoutError::FloatCount { expected, len });
            }
        }
        Side::Rgba(_) => {}
    }
    byte_layout(format, layout, bytes)
}

/// The bytes of a row of the byte side of a layout, after its checks (pitch, length,
/// overflow).
pub(super) fn byte_layout(
    format: Format,
    layout: ImageLayout,
    bytes: usize,
) -> Result<usize, LayoutError> {
    span(layout, format.bytes_per_texel(), bytes)
}

/// The pitch in texels of a buffer of `len` texels of `n` `f32` channels whose
/// layout counts bytes, after the checks of [`span`] (in bytes).
pub(super) fn texel_pitch(layout: ImageLayout, n: usize, len: usize) -> Result<usize, LayoutError> {
    let texel_bytes = 4 * n;
    span(layout, texel_bytes, len.saturating_mul(texel_bytes))?;
    if !layout.row_pitch.is_multiple_of(texel_bytes) {
        return Err(LayoutError::PitchNotTexels {
            pitch: layout.row_pitch,
            texel_bytes,
        });
    }
    Ok(layout.row_pitch / texel_bytes)
}

/// The units of a row of `layout` whose texels are `per_texel` units (bytes, or
/// 1 for a buffer of texels) and whose pitch counts the same units, after its
/// checks against a buffer of `len` units (pitch, length, overflow).
pub(super) fn span(
    layout: ImageLayout,
    per_texel: usize,
    len: usize,
) -> Result<usize, LayoutError> {
    let ImageLayout {
        width,
        height,
        row_pitch: pitch,
    } = layout;
    let row = width.checked_mul(per_texel).ok_or(LayoutError::Overflow)?;
    if pitch < row {
        return Err(LayoutError::PitchTooSmall {
            pitch,
            row_bytes: row,
        });
    }
    let needed = match height.checked_sub(1) {
        None => 0,
        Some(last) => last
            .checked_mul(pitch)
            .and_then(|start| start.checked_add(row))
            .ok_or(LayoutError::Overflow)?,
    };
    if len < needed {
        return Err(LayoutError::BufferTooShort { needed, len });
    }
    Ok(row)
}

/// The one encoding loop over rows: `per_row` elements of `src` into each row of
/// `dst` (a checked layout whose rows are `row_bytes` long).
fn encode_image<P>(
    src: &[P],
    per_row: usize,
    dst: &mut [u8],
    layout: ImageLayout,
    row_bytes: usize,
    encode: fn(&[P], &mut [u8]),
) {
    // `per_row` is 0 only for an empty `src`; then no row is written.
    for (y, row) in src
        .chunks_exact(per_row.max(1))
        .take(layout.height)
        .enumerate()
    {
        let start = y * layout.row_pitch;
        encode(row, &mut dst[start..start + row_bytes]);
    }
}

/// [`Format::encode_rows`] with the row encoder `encode` (a codec's `encode` or
/// `encode_rtz`).
pub(super) fn encode_rgba(
    format: Format,
    src: &[[f32; 4]],
    dst: &mut [u8],
    layout: ImageLayout,
    encode: fn(&[[f32; 4]], &mut [u8]),
) -> Result<(), LayoutError> {
    let row_bytes = check(format, layout, Side::Rgba(src.len()), dst.len())?;
    encode_image(src, layout.width, dst, layout, row_bytes, encode);
    Ok(())
}

/// [`Format::encode_channel_rows`] with the row encoder `encode`.
pub(super) fn encode_channels(
    format: Format,
    src: &[f32],
    dst: &mut [u8],
    layout: ImageLayout,
    encode: fn(&[f32], &mut [u8]),
) -> Result<(), LayoutError> {
    let row_bytes = check(format, layout, Side::Channels(src.len()), dst.len())?;
    let per_row = layout.width.saturating_mul(format.channels());
    encode_image(src, per_row, dst, layout, row_bytes, encode);
    Ok(())
}

/// The one decoding loop over rows, the mirror of [`encode_image`].
fn decode_image<P>(
    src: &[u8],
    layout: ImageLayout,
    row_bytes: usize,
    dst: &mut [P],
    per_row: usize,
    decode: fn(&[u8], &mut [P]),
) {
    for (y, row) in dst
        .chunks_exact_mut(per_row.max(1))
        .take(layout.height)
        .enumerate()
    {
        let start = y * layout.row_pitch;
        decode(&src[start..start + row_bytes], row);
    }
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

    /// The layout of a `width × height` image of this format with rows packed at
    /// `align` bytes: its pitch is [`Format::row_pitch`]`(width, align)`. `None`
    /// when that is `None` (`align` not a power of two, or an overflow). Use
    /// `align` 1 for tightly packed rows (DDS, KTX2), 256 for wgpu's copies.
    ///
    /// ```
    /// use normkey::texture::{Format, ImageLayout};
    /// assert_eq!(Format::B5g6r5Unorm.layout(3, 2, 1), Some(ImageLayout::new(3, 2, 6)));
    /// assert_eq!(Format::Rgba16Float.layout(3, 2, 256), Some(ImageLayout::new(3, 2, 256)));
    /// assert_eq!(Format::R8Unorm.layout(0, 5, 4), Some(ImageLayout::new(0, 5, 0)));
    /// assert_eq!(Format::R8Unorm.layout(1, 1, 0), None);
    /// assert_eq!(Format::Rgba32Float.layout(usize::MAX / 8, 1, 1), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn layout(self, width: usize, height: usize, align: usize) -> Option<ImageLayout> {
        match self.row_pitch(width, align) {
            Some(row_pitch) => Some(ImageLayout::new(width, height, row_pitch)),
            None => None,
        }
    }

    /// Encodes `src`, `width × height` texels `[r, g, b, a]` row after row, into
    /// `dst` laid out as `layout` says, each texel by the format's rule (see
    /// [`Format`]) as little-endian bytes on every host. `dst` may start at any
    /// address; its padding bytes are left as they are. Every bad layout (see the
    /// [`rows`](self) module docs) is an error, checked before anything is
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
    /// use normkey::texture::{Format, ImageLayout};
    /// let src = [[1.0, 0.0, 0.0, 1.0], [0.5, f32::NAN, 2.0, 0.0], [0.0; 4], [1.0; 4]];
    /// let mut dst = [0xAAu8; 2 * 6 + 1]; // 2 rows of 2 RGB565 texels, pitch 6, 1 spare byte
    /// Format::B5g6r5Unorm.encode_rows(&src, &mut dst[1..], ImageLayout::new(2, 2, 6)).unwrap();
    /// assert_eq!(dst, [0xAA, 0x00, 0xF8, 0x1F, 0x80, 0xAA, 0xAA, 0x00, 0x00, 0xFF, 0xFF, 0xAA, 0xAA]);
    /// ```
    #[inline]
    pub fn encode_rows(
        self,
        src: &[[f32; 4]],
        dst: &mut [u8],
        layout: ImageLayout,
    ) -> Result<(), LayoutError> {
        encode_rgba(self, src, dst, layout, self.codec().encode)
    }

    /// Decodes the image in `src`, laid out as `layout` says, into `dst`
    /// (`width × height` texels `[r, g, b, a]`, row after row), each texel by the
    /// format's rule (see [`Format`]) from little-endian bytes. `src` may start at
    /// any address; its padding is never read. Channels the format lacks are 0
    /// (green, blue) and 1 (alpha). Every bad layout is an error, checked before
    /// anything is written; no input panics.
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] for a bad layout; then `dst` is untouched.
    ///
    /// ```
    /// use normkey::texture::{Format, ImageLayout};
    /// let src = [0x00, 0x3C, 0x00, 0xFC, 0xEE, 0x01, 0x7C, 0x00, 0x80]; // r16float, pitch 5
    /// let mut dst = [[9.0f32; 4]; 4];
    /// let layout = ImageLayout::new(2, 2, 5);
    /// Format::R16Float.decode_rows(&src, layout, &mut dst).unwrap();
    /// assert_eq!(dst[0], [1.0, 0.0, 0.0, 1.0]);
    /// assert_eq!(dst[1][0], f32::NEG_INFINITY);
    /// assert!(dst[2][0].is_nan()); // a signalling binary16 NaN, quiet in f32
    /// assert_eq!(dst[3][0].to_bits(), 0x8000_0000); // −0 kept
    /// assert!(Format::R16Float.decode_rows(&src, layout, &mut dst[..3]).is_err());
    /// ```
    #[inline]
    pub fn decode_rows(
        self,
        src: &[u8],
        layout: ImageLayout,
        dst: &mut [[f32; 4]],
    ) -> Result<(), LayoutError> {
        let row_bytes = check(self, layout, Side::Rgba(dst.len()), src.len())?;
        let decode = self.codec().decode;
        decode_image(src, layout, row_bytes, dst, layout.width, decode);
        Ok(())
    }

    /// [`Format::encode_rows`] on the format's own channels: `src` holds
    /// [`channels()`](Format::channels) floats per texel (r; r, g; r, g, b; or r,
    /// g, b, a), `width × height × channels()` floats row after row, no padding.
    /// Each texel's bytes are exactly those [`Format::encode_rows`] writes for the
    /// texel with these channels (the others ignored), through the same loop as
    /// the typed `encode_slice` (`Unorm8::encode_slice` on `f32`,
    /// `Rg11b10Ufloat::encode_slice` on `[f32; 3]`, …): the same NaN, ±0, ±∞ and
    /// subnormal rules, channel by channel (see [`Format`]). `dst` may start at
    /// any address; padding is left as it is; every bad layout is an error, no
    /// input panics.
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] for a bad layout ([`LayoutError::FloatCount`] when `src`
    /// is not `width × height × channels()` floats); then `dst` is untouched.
    ///
    /// ```
    /// use normkey::texture::{Format, ImageLayout, LayoutError};
    /// // A 2 × 1 RG8 image: two floats per texel, NaN and −0 encode to 0.
    /// let mut dst = [0xAAu8; 5];
    /// let layout = ImageLayout::new(2, 1, 4);
    /// Format::Rg8Unorm.encode_channel_rows(&[1.0, f32::NAN, 0.5, -0.0], &mut dst, layout).unwrap();
    /// assert_eq!(dst, [255, 0, 128, 0, 0xAA]);
    /// // 3 floats per texel for RGB565 (no alpha to give).
    /// let mut p = [0u8; 2];
    /// Format::B5g6r5Unorm.encode_channel_rows(&[1.0, 0.0, 0.0], &mut p, ImageLayout::new(1, 1, 2)).unwrap();
    /// assert_eq!(u16::from_le_bytes(p), 0xF800);
    /// let four = [1.0, 0.0, 0.0, 1.0];
    /// let e = Format::B5g6r5Unorm.encode_channel_rows(&four, &mut p, ImageLayout::new(1, 1, 2));
    /// assert_eq!(e, Err(LayoutError::FloatCount { expected: 3, len: 4 }));
    /// ```
    #[inline]
    pub fn encode_channel_rows(
        self,
        src: &[f32],
        dst: &mut [u8],
        layout: ImageLayout,
    ) -> Result<(), LayoutError> {
        encode_channels(self, src, dst, layout, self.codec().encode_channels)
    }

    /// [`Format::decode_rows`] into the format's own channels: `dst` receives
    /// [`channels()`](Format::channels) floats per texel, `width × height ×
    /// channels()` floats row after row, each bit for bit the channel
    /// [`Format::decode_rows`] gives (NaN sign and payload, −0, ±∞, subnormals:
    /// see [`Format`]), through the same loop as the typed `decode_slice`. Only
    /// the format's channels are written: there is no green, blue or alpha to
    /// fill in. `src` may start at any address; its padding is never read; every
    /// bad layout is an error, no input panics.
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] for a bad layout ([`LayoutError::FloatCount`] when `dst`
    /// is not `width × height × channels()` floats); then `dst` is untouched.
    ///
    /// ```
    /// use normkey::texture::{Format, ImageLayout};
    /// // r16float, 2 × 2, pitch 5: 1.0, −∞, a signalling NaN, −0.
    /// let src = [0x00, 0x3C, 0x00, 0xFC, 0xEE, 0x01, 0x7C, 0x00, 0x80];
    /// let mut dst = [9.0f32; 4];
    /// let layout = ImageLayout::new(2, 2, 5);
    /// Format::R16Float.decode_channel_rows(&src, layout, &mut dst).unwrap();
    /// assert_eq!(dst[..2], [1.0, f32::NEG_INFINITY]);
    /// assert!(dst[2].is_nan()); // quiet in f32
    /// assert_eq!(dst[3].to_bits(), 0x8000_0000); // −0 kept
    /// assert!(Format::R16Float.decode_channel_rows(&src, layout, &mut dst[..3]).is_err());
    /// // RGB9E5: three floats per texel.
    /// let mut rgb = [0.0f32; 3];
    /// let one = (15u32 << 27 | 256).to_le_bytes(); // r = 256 · 2^(15 − 24) = 0.5
    /// Format::Rgb9e5Ufloat.decode_channel_rows(&one, ImageLayout::new(1, 1, 4), &mut rgb).unwrap();
    /// assert_eq!(rgb, [0.5, 0.0, 0.0]);
    /// ```
    #[inline]
    pub fn decode_channel_rows(
        self,
        src: &[u8],
        layout: ImageLayout,
        dst: &mut [f32],
    ) -> Result<(), LayoutError> {
        let row_bytes = check(self, layout, Side::Channels(dst.len()), src.len())?;
        let per_row = layout.width.saturating_mul(self.channels());
        let decode = self.codec().decode_channels;
        decode_image(src, layout, row_bytes, dst, per_row, decode);
        Ok(())
    }
}
