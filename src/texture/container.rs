//! What the two texture containers share, below both ([`dds`](super::dds),
//! [`ktx2`](super::ktx2)): [`TextureDesc`], the description of a 2D texture and
//! its mip chain; [`TextureFile`], a file read back (the description and where
//! each level's bytes lie); [`ContainerError`]; and the little-endian byte
//! cursors the writers and readers use.

use core::fmt;
use core::ops::Range;

use super::format::Format;
use super::mip::{AlphaMode, mip_level_count};
use super::rows::ImageLayout;

/// The most levels a file can hold: a chain from a side of `u32::MAX` (both
/// containers store sides as `u32`).
pub(super) const MAX_LEVELS: usize = 32;

/// A 2D texture as a container describes it: format, size of level 0, number of
/// mip levels (1: no mips) and what alpha means. Level `i` is
/// `max(1, ⌊width / 2^i⌋) × max(1, ⌊height / 2^i⌋)` (see
/// [`mip`](super::mip)'s sizes).
///
/// Any values make a description; the writers check them (sides of 1 to
/// `u32::MAX`, 1 to [`mip_level_count`] levels) and the readers give only valid
/// ones.
///
/// # The levels' bytes
///
/// A writer takes every level's texels in one slice, level 0 first, each level's
/// rows tightly packed (pitch `width × bytes_per_texel`) and little-endian, as
/// [`Format::encode_rows`] writes them at [`TextureDesc::level_layout`]:
/// [`TextureDesc::level_range`] says where level `i` lies in it and
/// [`TextureDesc::data_len`] how long it is. DDS stores the levels in this very
/// order; KTX2 stores them smallest first, each aligned.
///
/// ```
/// use normkey::texture::{AlphaMode, Format, ImageLayout, TextureDesc};
/// let desc = TextureDesc::new(Format::Rgba8Unorm, 5, 3).with_full_mips();
/// assert_eq!(desc.mip_levels, 3); // 5×3, 2×1, 1×1
/// assert_eq!(desc.alpha, AlphaMode::Straight);
/// assert_eq!(desc.level_layout(1), Some(ImageLayout::new(2, 1, 8)));
/// assert_eq!(desc.level_range(2), Some(68..72));
/// assert_eq!(desc.data_len(), Some(72));
/// assert_eq!(desc.level_range(3), None); // no such level
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TextureDesc {
    /// The format of every level.
    pub format: Format,
    /// The width of level 0, in texels.
    pub width: usize,
    /// The height of level 0, in texels.
    pub height: usize,
    /// The number of levels stored, level 0 included.
    pub mip_levels: usize,
    /// What alpha means: DDS `miscFlags2`, the KTX2 DFD's premultiplied flag.
    pub alpha: AlphaMode,
}

impl TextureDesc {
    /// One level of `width × height` texels of `format`, straight alpha.
    ///
    /// ```
    /// use normkey::texture::{Format, TextureDesc};
    /// const D: TextureDesc = TextureDesc::new(Format::R8Unorm, 4, 4);
    /// assert_eq!((D.width, D.height, D.mip_levels), (4, 4, 1));
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(format: Format, width: usize, height: usize) -> Self {
        Self {
            format,
            width,
            height,
            mip_levels: 1,
            alpha: AlphaMode::Straight,
        }
    }

    /// The same description with `mip_levels` levels.
    ///
    /// ```
    /// use normkey::texture::{Format, TextureDesc};
    /// let d = TextureDesc::new(Format::R8Unorm, 8, 8).with_mip_levels(2);
    /// assert_eq!(d.data_len(), Some(64 + 16));
    /// ```
    #[inline]
    #[must_use]
    pub const fn with_mip_levels(self, mip_levels: usize) -> Self {
        Self { mip_levels, ..self }
    }

    /// The same description with the full chain down to 1 × 1
    /// ([`mip_level_count`] levels; 0 when a side is 0).
    ///
    /// ```
    /// use normkey::texture::{Format, TextureDesc};
    /// assert_eq!(TextureDesc::new(Format::R8Unorm, 256, 3).with_full_mips().mip_levels, 9);
    /// assert_eq!(TextureDesc::new(Format::R8Unorm, 0, 3).with_full_mips().mip_levels, 0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn with_full_mips(self) -> Self {
        self.with_mip_levels(mip_level_count(self.width, self.height))
    }

    /// The same description with alpha mode `alpha`.
    ///
    /// ```
    /// use normkey::texture::{AlphaMode, Format, TextureDesc};
    /// let d = TextureDesc::new(Format::Rgba16Float, 2, 2).with_alpha(AlphaMode::Premultiplied);
    /// assert_eq!(d.alpha, AlphaMode::Premultiplied);
    /// ```
    #[inline]
    #[must_use]
    pub const fn with_alpha(self, alpha: AlphaMode) -> Self {
        Self { alpha, ..self }
    }

    /// The tightly packed layout of level `i` (pitch `width × bytes_per_texel`),
    /// for [`Format::encode_rows`] and [`Format::downsample`]; `None` when there is
    /// no level `i` or its row overflows `usize`.
    ///
    /// ```
    /// use normkey::texture::{Format, ImageLayout, TextureDesc};
    /// let d = TextureDesc::new(Format::B5g6r5Unorm, 7, 1).with_full_mips();
    /// assert_eq!(d.level_layout(0), Some(ImageLayout::new(7, 1, 14)));
    /// assert_eq!(d.level_layout(2), Some(ImageLayout::new(1, 1, 2)));
    /// assert_eq!(d.level_layout(3), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn level_layout(&self, i: usize) -> Option<ImageLayout> {
        if i >= self.mip_levels || i >= MAX_LEVELS {
            return None;
        }
        self.format
            .layout(level_side(self.width, i), level_side(self.height, i), 1)
    }

    /// Where level `i` lies in the levels' bytes (see
    /// [`TextureDesc`](TextureDesc#the-levels-bytes)); `None` when there is no level `i`
    /// or a size overflows `usize`.
    ///
    /// ```
    /// use normkey::texture::{Format, TextureDesc};
    /// let d = TextureDesc::new(Format::Rgba32Float, 2, 2).with_mip_levels(2);
    /// assert_eq!(d.level_range(0), Some(0..64));
    /// assert_eq!(d.level_range(1), Some(64..80));
    /// assert_eq!(TextureDesc::new(Format::R8Unorm, usize::MAX, 2).level_range(0), None);
    /// ```
    #[must_use]
    pub const fn level_range(&self, i: usize) -> Option<Range<usize>> {
        let mut start = 0usize;
        let mut level = 0;
        while level <= i {
            let Some(len) = self.level_len(level) else {
                return None;
            };
            let Some(end) = start.checked_add(len) else {
                return None;
            };
            if level == i {
                return Some(start..end);
            }
            start = end;
            level += 1;
        }
        None
    }

    /// The length of the levels' bytes: every level, tightly packed; `None` when
    /// it overflows `usize` (and `Some(0)` for no level).
    ///
    /// ```
    /// use normkey::texture::{Format, TextureDesc};
    /// let d = TextureDesc::new(Format::R16Float, 4, 2).with_full_mips();
    /// assert_eq!(d.data_len(), Some(2 * (8 + 2 + 1)));
    /// assert_eq!(d.with_mip_levels(0).data_len(), Some(0));
    /// ```
    #[must_use]
    pub const fn data_len(&self) -> Option<usize> {
        match self.mip_levels {
            0 => Some(0),
            n => match self.level_range(n - 1) {
                Some(last) => Some(last.end),
                None => None,
            },
        }
    }

    /// The bytes of level `i`, tightly packed.
    const fn level_len(&self, i: usize) -> Option<usize> {
        match self.level_layout(i) {
            Some(l) => l.row_pitch.checked_mul(l.height),
            None => None,
        }
    }

    /// The length of the levels' bytes of a description a writer accepts: sides
    /// of 1 to `u32::MAX` and 1 to [`mip_level_count`] levels.
    pub(super) fn checked_data_len(&self) -> Result<usize, ContainerError> {
        let sides_fit = u32::try_from(self.width).is_ok() && u32::try_from(self.height).is_ok();
        let chain = mip_level_count(self.width, self.height);
        if !sides_fit || self.mip_levels == 0 || self.mip_levels > chain {
            return Err(ContainerError::InvalidDesc);
        }
        self.data_len().ok_or(ContainerError::TooLarge)
    }
}

/// The side of level `i` (`i < usize::BITS`) of a side `n`.
const fn level_side(n: usize, i: usize) -> usize {
    match n >> i {
        0 if n > 0 => 1,
        side => side,
    }
}

/// A texture file read by [`dds::read`](super::dds::read) or
/// [`ktx2::read`](super::ktx2::read): its description and its levels' bytes,
/// borrowed from the file. The reader has checked that every level lies inside
/// the file and has its size; nothing is copied.
///
/// ```
/// use normkey::texture::{Format, TextureDesc, dds};
/// let desc = TextureDesc::new(Format::R8Unorm, 2, 2).with_full_mips();
/// let mut file = [0u8; 256];
/// let len = dds::write(&desc, &[1, 2, 3, 4, 9], dds::Header::Auto, &mut file).unwrap();
/// let read = dds::read(&file[..len]).unwrap();
/// assert_eq!(read.desc(), desc);
/// assert_eq!(read.level(0), Some(&[1, 2, 3, 4][..]));
/// assert_eq!(read.level(1), Some(&[9][..]));
/// assert_eq!(read.level_range(1), Some(152..153)); // in the file
/// assert_eq!(read.level(2), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextureFile<'a> {
    desc: TextureDesc,
    file: &'a [u8],
    /// The file offset of each level (the first `desc.mip_levels`).
    offsets: [usize; MAX_LEVELS],
}

impl<'a> TextureFile<'a> {
    /// The file of `desc` whose level `i` starts at `offset(i)`, each level
    /// checked to lie inside `file`.
    pub(super) fn new(
        desc: TextureDesc,
        file: &'a [u8],
        offset: impl Fn(usize) -> Result<usize, ContainerError>,
    ) -> Result<Self, ContainerError> {
        if desc.mip_levels > MAX_LEVELS {
            return Err(ContainerError::Malformed("more levels than a chain has"));
        }
        let mut offsets = [0; MAX_LEVELS];
        for (i, at) in offsets.iter_mut().enumerate().take(desc.mip_levels) {
            *at = offset(i)?;
            let len = desc.level_len(i).ok_or(ContainerError::TooLarge)?;
            let end = at.checked_add(len).ok_or(ContainerError::TooLarge)?;
            if end > file.len() {
                return Err(ContainerError::Truncated {
                    needed: end,
                    len: file.len(),
                });
            }
        }
        Ok(Self {
            desc,
            file,
            offsets,
        })
    }

    /// The texture's description.
    ///
    /// ```
    /// use normkey::texture::{Format, TextureDesc, ktx2};
    /// let desc = TextureDesc::new(Format::Rg16Float, 1, 1);
    /// let mut file = [0u8; 256];
    /// let len = ktx2::write(&desc, &[0; 4], &mut file).unwrap();
    /// assert_eq!(ktx2::read(&file[..len]).unwrap().desc(), desc);
    /// ```
    #[inline]
    #[must_use]
    pub const fn desc(&self) -> TextureDesc {
        self.desc
    }

    /// Where level `i`'s bytes lie in the file; `None` when there is no level `i`.
    ///
    /// ```
    /// use normkey::texture::{Format, TextureDesc, dds};
    /// let desc = TextureDesc::new(Format::Rgba16Float, 1, 1); // DX10 header: 148 bytes
    /// let mut file = [0u8; 156];
    /// dds::write(&desc, &[0; 8], dds::Header::Auto, &mut file).unwrap();
    /// assert_eq!(dds::read(&file).unwrap().level_range(0), Some(148..156));
    /// ```
    #[must_use]
    pub fn level_range(&self, i: usize) -> Option<Range<usize>> {
        let len = self.desc.level_len(i)?;
        let start = self.offsets[i];
        Some(start..start + len)
    }

    /// Level `i`'s bytes, tightly packed rows as [`TextureDesc::level_layout`]
    /// says; `None` when there is no level `i`.
    ///
    /// ```
    /// use normkey::texture::{Format, TextureDesc, ktx2};
    /// let desc = TextureDesc::new(Format::R8Unorm, 2, 1).with_full_mips();
    /// let mut file = [0u8; 256];
    /// let len = ktx2::write(&desc, &[10, 20, 15], &mut file).unwrap();
    /// let read = ktx2::read(&file[..len]).unwrap();
    /// assert_eq!(read.level(0), Some(&[10, 20][..]));
    /// assert_eq!(read.level(1), Some(&[15][..]));
    /// ```
    #[must_use]
    pub fn level(&self, i: usize) -> Option<&'a [u8]> {
        self.file.get(self.level_range(i)?)
    }
}

/// Why a container could not be written or read. Nothing panics: every input,
/// however short or malformed, gives a value or one of these.
///
/// ```
/// use normkey::texture::{ContainerError, Format, TextureDesc, dds, ktx2};
/// let desc = TextureDesc::new(Format::R8Unorm, 2, 2);
/// let mut small = [0u8; 16];
/// assert_eq!(dds::write(&desc, &[0; 4], dds::Header::Auto, &mut small), Err(ContainerError::BufferTooSmall { needed: 152 }));
/// assert_eq!(dds::write(&desc, &[0; 3], dds::Header::Auto, &mut small), Err(ContainerError::DataLength { expected: 4, len: 3 }));
/// assert_eq!(dds::file_len(&desc.with_mip_levels(3), dds::Header::Auto), Err(ContainerError::InvalidDesc));
/// assert_eq!(dds::read(b"DDS "), Err(ContainerError::Truncated { needed: 128, len: 4 }));
/// assert_eq!(ktx2::read(b"DDS "), Err(ContainerError::WrongContainer));
/// let text = ContainerError::Truncated { needed: 128, len: 4 }.to_string();
/// assert_eq!(text, "the file ends at byte 4, before byte 128");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ContainerError {
    /// Writing: the output buffer is shorter than the file.
    BufferTooSmall {
        /// The file's length.
        needed: usize,
    },
    /// Writing: the levels' bytes are not [`TextureDesc::data_len`] long.
    DataLength {
        /// [`TextureDesc::data_len`].
        expected: usize,
        /// The length given.
        len: usize,
    },
    /// Writing: a side is 0 or above `u32::MAX`, or the mip count is 0 or longer
    /// than the chain ([`mip_level_count`]).
    InvalidDesc,
    /// A size overflows `usize` or a container's 32-bit field.
    TooLarge,
    /// Writing: the container has no code for the format (every format has both
    /// today).
    NoCode(Format),
    /// Reading: the file ends before byte `needed` (a header or a level).
    Truncated {
        /// The length the file needs.
        needed: usize,
        /// The file's length.
        len: usize,
    },
    /// Reading: the magic (`"DDS "`) or the KTX2 identifier is not there.
    WrongContainer,
    /// Reading: a DDS file's `DXGI_FORMAT` is not one normkey converts.
    UnknownDxgi(super::DxgiFormat),
    /// Reading: a KTX2 file's `VkFormat` is not one normkey converts.
    UnknownVkFormat(super::VkFormat),
    /// Reading: a DDS pixel format normkey does not convert (a `FourCC` other than
    /// `"DX10"`, such as the block-compressed `"DXT1"`, or bit masks other than
    /// those of [`dds::legacy_masks`](super::dds::legacy_masks)).
    UnknownPixelFormat,
    /// Reading: a kind of texture the readers do not read (named: cube map,
    /// array, volume texture, 1D texture, supercompression).
    Unsupported(&'static str),
    /// Reading: a header field breaks the specification (named).
    Malformed(&'static str),
}

impl fmt::Display for ContainerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::BufferTooSmall { needed } => {
                write!(
                    f,
                    "the output buffer is too small: the file needs {needed} bytes"
                )
            }
            Self::DataLength { expected, len } => {
                write!(f, "the levels hold {len} bytes, not {expected}")
            }
            Self::InvalidDesc => f.write_str(
                "a side is 0 or above u32::MAX, or the mip count is 0 or longer than the chain",
            ),
            Self::TooLarge => f.write_str("the texture is too large for the container"),
            Self::NoCode(format) => write!(f, "the container has no code for format {format}"),
            Self::Truncated { needed, len } => {
                write!(f, "the file ends at byte {len}, before byte {needed}")
            }
            Self::WrongContainer => f.write_str("not a file of this container (magic)"),
            Self::UnknownDxgi(code) => {
                write!(f, "DXGI_FORMAT {code} is not a format normkey converts")
            }
            Self::UnknownVkFormat(code) => {
                write!(f, "VkFormat {code} is not a format normkey converts")
            }
            Self::UnknownPixelFormat => f.write_str("a DDS pixel format normkey does not convert"),
            Self::Unsupported(what) => write!(f, "unsupported: {what}"),
            Self::Malformed(what) => write!(f, "malformed header: {what}"),
        }
    }
}

impl core::error::Error for ContainerError {}

/// A little-endian writer over a buffer the caller has sized (a bug, not an
/// input, could make it panic).
pub(super) struct Out<'a> {
    buf: &'a mut [u8],
    at: usize,
}

impl<'a> Out<'a> {
    /// A writer at the start of `buf`, which must hold `len` bytes.
    pub(super) fn new(buf: &'a mut [u8], len: usize) -> Result<Self, ContainerError> {
        match buf.get_mut(..len) {
            Some(buf) => Ok(Self { buf, at: 0 }),
            None => Err(ContainerError::BufferTooSmall { needed: len }),
        }
    }

    pub(super) fn bytes(&mut self, bytes: &[u8]) {
        self.buf[self.at..self.at + bytes.len()].copy_from_slice(bytes);
        self.at += bytes.len();
    }

    pub(super) fn u32(&mut self, v: u32) {
        self.bytes(&v.to_le_bytes());
    }

    pub(super) fn u64(&mut self, v: u64) {
        self.bytes(&v.to_le_bytes());
    }

    /// Zeros up to byte `at`.
    pub(super) fn zeros_to(&mut self, at: usize) {
        self.buf[self.at..at].fill(0);
        self.at = at;
    }

    /// `n` zero bytes.
    pub(super) fn zeros(&mut self, n: usize) {
        self.zeros_to(self.at + n);
    }

    /// Where the next byte goes.
    pub(super) const fn at(&self) -> usize {
        self.at
    }
}

/// The little-endian `u32` at byte `at` of `file`.
pub(super) fn u32_at(file: &[u8], at: usize) -> Result<u32, ContainerError> {
    let end = at.checked_add(4).ok_or(ContainerError::TooLarge)?;
    let bytes = file.get(at..end).ok_or(ContainerError::Truncated {
        needed: end,
        len: file.len(),
    })?;
    Ok(u32::from_le_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]))
}

/// The little-endian `u64` at byte `at` of `file`, as a `usize`.
pub(super) fn usize_at(file: &[u8], at: usize) -> Result<usize, ContainerError> {
    let low = u64::from(u32_at(file, at)?);
    let high = u64::from(u32_at(
        file,
        at.checked_add(4).ok_or(ContainerError::TooLarge)?,
    )?);
    usize::try_from(high << 32 | low).map_err(|_| ContainerError::TooLarge)
}

/// A `usize` as a container's `u32` field.
pub(super) fn to_u32(n: usize) -> Result<u32, ContainerError> {
    u32::try_from(n).map_err(|_| ContainerError::TooLarge)
}

/// A writer's `Vec` form: the file of `len` bytes that `write` fills.
#[cfg(feature = "alloc")]
pub(super) fn to_vec(
    len: usize,
    write: impl FnOnce(&mut [u8]) -> Result<usize, ContainerError>,
) -> Result<alloc::vec::Vec<u8>, ContainerError> {
    let mut file = alloc::vec![0; len];
    write(&mut file)?;
    Ok(file)
}
