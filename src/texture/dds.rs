//! DDS files (Microsoft, "`DDS_HEADER` structure", "`DDS_PIXELFORMAT` structure",
//! "`DDS_HEADER_DXT10` structure"): the magic `"DDS "`, a 124-byte
//! `DDS_HEADER`, for most formats a 20-byte `DDS_HEADER_DXT10`, then every level
//! from the largest down, each tightly packed: the levels' bytes exactly as
//! [`TextureDesc`] lays them out.
//!
//! [`write()`] writes a file into a caller's buffer ([`file_len`] says how long it
//! is), [`to_vec`] into a new `Vec` (feature `alloc`); [`read`] parses one back
//! into a [`TextureFile`] without copying.
//!
//! # Which header
//!
//! Five formats have an exact D3D9 form described by bit masks in
//! `DDS_PIXELFORMAT` (`DDPF_RGB`, [`legacy_masks`]): [`Format::Bgra8Unorm`]
//! (`A8R8G8B8`), [`Format::B5g6r5Unorm`] (`R5G6B5`), [`Format::Bgr5a1Unorm`]
//! (`A1R5G5B5`), [`Format::Bgra4Unorm`] (`A4R4G4B4`) and
//! [`Format::Rgb10a2Unorm`] (D3D9's `A2B10G10R10`: R in the low bits). With
//! [`Header::Auto`] these five get the legacy header alone, which every reader
//! opens: D3D9-era tools, Pillow, and every DX10 reader (`DirectXTex`, the
//! `dds` crate), which read masks too. (Pillow 11 and later read the DX10
//! header too: CI's readers stage opens every format's file with it.)
//! Every other format, the sRGB ones included (D3D9 had no sRGB flag), gets
//! `DDPF_FOURCC` `"DX10"` and the `DDS_HEADER_DXT10` with [`Format::dxgi`]'s code.
//! [`Header::Dx10`] writes the DX10 header for every format.
//!
//! The DX10 header's `miscFlags2` holds the alpha mode: opaque for a format
//! without alpha, else straight or premultiplied as [`TextureDesc::alpha`] says.
//!
//! # What [`read`] reads
//!
//! A 2D texture (not a cube map, an array or a volume) whose pixel format is a
//! DX10 header with a `DXGI_FORMAT` normkey converts, or one of the five
//! formats' legacy masks (the alpha mask counts only with `DDPF_ALPHAPIXELS`).
//! `dwMipMapCount` 0 means one level, as `DirectXTex` reads it; the flags of
//! `dwFlags` are not required (writers omit them). The alpha mode is
//! premultiplied when `miscFlags2` says so, else straight. Bytes after the last
//! level are allowed.

use super::container::{ContainerError, Out, TextureDesc, TextureFile, to_u32, u32_at};
use super::format::Format;
use super::mip::AlphaMode;

/// Which `DDS_PIXELFORMAT` [`write()`] writes (see the [module docs](self#which-header)).
///
/// ```
/// use normkey::texture::{Format, TextureDesc, dds};
/// let desc = TextureDesc::new(Format::Bgra8Unorm, 1, 1);
/// assert_eq!(dds::file_len(&desc, dds::Header::Auto), Ok(128 + 4)); // legacy masks
/// assert_eq!(dds::file_len(&desc, dds::Header::Dx10), Ok(148 + 4));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Header {
    /// The legacy bit masks for the five formats that have them, DX10 otherwise.
    #[default]
    Auto,
    /// The DX10 header (a `DXGI_FORMAT`) for every format.
    Dx10,
}

/// A legacy `DDS_PIXELFORMAT`: bits per texel and the R, G, B, A masks (A 0:
/// none).
///
/// ```
/// use normkey::texture::{Format, dds};
/// let m = dds::legacy_masks(Format::B5g6r5Unorm).unwrap();
/// assert_eq!(m, dds::Masks { bits: 16, rgba: [0xF800, 0x07E0, 0x001F, 0] });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Masks {
    /// `dwRGBBitCount`.
    pub bits: u32,
    /// `dwRBitMask`, `dwGBitMask`, `dwBBitMask`, `dwABitMask`.
    pub rgba: [u32; 4],
}

/// `dwFlags` of `DDS_HEADER`.
const DDSD_CAPS: u32 = 0x1;
const DDSD_HEIGHT: u32 = 0x2;
const DDSD_WIDTH: u32 = 0x4;
const DDSD_PITCH: u32 = 0x8;
const DDSD_PIXELFORMAT: u32 = 0x1000;
const DDSD_MIPMAPCOUNT: u32 = 0x2_0000;
const DDSD_DEPTH: u32 = 0x80_0000;
/// `dwFlags` of `DDS_PIXELFORMAT`.
const DDPF_ALPHAPIXELS: u32 = 0x1;
const DDPF_FOURCC: u32 = 0x4;
const DDPF_RGB: u32 = 0x40;
/// `dwCaps` and `dwCaps2`.
const DDSCAPS_COMPLEX: u32 = 0x8;
const DDSCAPS_TEXTURE: u32 = 0x1000;
const DDSCAPS_MIPMAP: u32 = 0x40_0000;
const DDSCAPS2_CUBEMAP: u32 = 0x200;
const DDSCAPS2_VOLUME: u32 = 0x20_0000;
/// `D3D10_RESOURCE_DIMENSION_TEXTURE2D`; `D3D10_RESOURCE_MISC_TEXTURECUBE`.
const TEXTURE2D: u32 = 3;
const MISC_TEXTURECUBE: u32 = 0x4;
/// `miscFlags2` alpha modes (`DDS_ALPHA_MODE_*`), in its low 3 bits.
const ALPHA_MODE_STRAIGHT: u32 = 1;
const ALPHA_MODE_PREMULTIPLIED: u32 = 2;
const ALPHA_MODE_OPAQUE: u32 = 3;
/// The magic and `DDS_HEADER`; with `DDS_HEADER_DXT10`.
const LEGACY_LEN: usize = 128;
const DX10_LEN: usize = 148;

/// The legacy masks of the five formats D3D9 could name (see the
/// [module docs](self#which-header)); `None` for every other format.
///
/// ```
/// use normkey::texture::{Format, dds};
/// let m = dds::legacy_masks(Format::Rgb10a2Unorm).unwrap(); // D3D9's A2B10G10R10
/// assert_eq!(m.rgba, [0x3FF, 0xF_FC00, 0x3FF0_0000, 0xC000_0000]);
/// assert_eq!(dds::legacy_masks(Format::Rgba8Unorm), None); // DX10 only (A8B8G8R8 is ambiguous in old readers)
/// assert_eq!(dds::legacy_masks(Format::Bgra8UnormSrgb), None); // D3D9 had no sRGB
/// ```
#[must_use]
pub const fn legacy_masks(format: Format) -> Option<Masks> {
    let (bits, rgba) = match format {
        Format::Bgra8Unorm => (32, [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0xFF00_0000]),
        Format::Rgb10a2Unorm => (32, [0x0000_03FF, 0x000F_FC00, 0x3FF0_0000, 0xC000_0000]),
        Format::B5g6r5Unorm => (16, [0xF800, 0x07E0, 0x001F, 0]),
        Format::Bgr5a1Unorm => (16, [0x7C00, 0x03E0, 0x001F, 0x8000]),
        Format::Bgra4Unorm => (16, [0x0F00, 0x00F0, 0x000F, 0xF000]),
        _ => return None,
    };
    Some(Masks { bits, rgba })
}

/// The legacy masks `header` writes for `format`, if any.
const fn masks_of(format: Format, header: Header) -> Option<Masks> {
    match header {
        Header::Auto => legacy_masks(format),
        Header::Dx10 => None,
    }
}

/// The length of the DDS file of `desc` with `header`: 128 or 148 bytes and
/// the levels.
///
/// # Errors
///
/// [`ContainerError::InvalidDesc`] for a side of 0 or above `u32::MAX` or a mip
/// count of 0 or beyond the chain; [`ContainerError::TooLarge`] when the
/// length overflows `usize` or a row's bytes `u32` (`dwPitchOrLinearSize`).
///
/// ```
/// use normkey::texture::{ContainerError, Format, TextureDesc, dds};
/// let desc = TextureDesc::new(Format::Rgb9e5Ufloat, 5, 3).with_full_mips();
/// assert_eq!(dds::file_len(&desc, dds::Header::Auto), Ok(148 + 4 * (15 + 2 + 1)));
/// assert_eq!(dds::file_len(&desc.with_mip_levels(0), dds::Header::Auto), Err(ContainerError::InvalidDesc));
/// ```
pub fn file_len(desc: &TextureDesc, header: Header) -> Result<usize, ContainerError> {
    let data = desc.checked_data_len()?;
    let head = match masks_of(desc.format, header) {
        Some(_) => LEGACY_LEN,
        None => DX10_LEN,
    };
    pitch(desc)?;
    data.checked_add(head).ok_or(ContainerError::TooLarge)
}

/// Writes the DDS file of `desc`, whose levels' bytes are `data` (level 0
/// first, see [`TextureDesc::level_range`]), into the start of `out`, and
/// returns its length ([`file_len`]). Nothing is allocated.
///
/// # Errors
///
/// Those of [`file_len`]; [`ContainerError::DataLength`] when `data` is not
/// [`TextureDesc::data_len`] bytes; [`ContainerError::BufferTooSmall`] when
/// `out` is shorter than the file; [`ContainerError::NoCode`] when the DX10
/// header is needed and the format has no `DXGI_FORMAT` (none today). On an
/// error `out` is untouched.
///
/// ```
/// use normkey::texture::{Format, TextureDesc, dds};
/// let desc = TextureDesc::new(Format::Rgba8UnormSrgb, 1, 1);
/// let mut out = [0u8; 200];
/// let len = dds::write(&desc, &[255, 128, 0, 255], dds::Header::Auto, &mut out).unwrap();
/// assert_eq!(len, 152);
/// assert_eq!(&out[..4], b"DDS ");
/// assert_eq!(&out[84..88], b"DX10");
/// assert_eq!(out[128], 29); // DXGI_FORMAT_R8G8B8A8_UNORM_SRGB
/// assert_eq!(&out[148..152], &[255, 128, 0, 255]);
/// ```
pub fn write(
    desc: &TextureDesc,
    data: &[u8],
    header: Header,
    out: &mut [u8],
) -> Result<usize, ContainerError> {
    let len = file_len(desc, header)?;
    let expected = len - data_start(desc.format, header);
    if data.len() != expected {
        return Err(ContainerError::DataLength {
            expected,
            len: data.len(),
        });
    }
    let format = desc.format;
    let legacy = masks_of(format, header);
    let dxgi = match (legacy, format.dxgi()) {
        (Some(_), _) => None,
        (None, Some(code)) => Some(code),
        (None, None) => return Err(ContainerError::NoCode(format)),
    };
    let mut out = Out::new(out, len)?;
    out.bytes(b"DDS ");
    // DDS_HEADER (the sizes were checked by `file_len`).
    out.u32(124); // dwSize
    out.u32(
        DDSD_CAPS | DDSD_HEIGHT | DDSD_WIDTH | DDSD_PITCH | DDSD_PIXELFORMAT | DDSD_MIPMAPCOUNT,
    );
    out.u32(to_u32(desc.height)?);
    out.u32(to_u32(desc.width)?);
    out.u32(pitch(desc)?); // dwPitchOrLinearSize
    out.u32(0); // dwDepth
    out.u32(to_u32(desc.mip_levels)?); // dwMipMapCount
    out.zeros(11 * 4); // dwReserved1[11]
    // DDS_PIXELFORMAT
    out.u32(32); // dwSize
    if let Some(m) = legacy {
        let alpha = if m.rgba[3] == 0 { 0 } else { DDPF_ALPHAPIXELS };
        out.u32(DDPF_RGB | alpha);
        out.u32(0); // dwFourCC
        out.u32(m.bits);
        m.rgba.iter().for_each(|&mask| out.u32(mask));
    } else {
        out.u32(DDPF_FOURCC);
        out.bytes(b"DX10");
        out.zeros(5 * 4); // bit count and masks
    }
    let mipmapped = if desc.mip_levels > 1 {
        DDSCAPS_COMPLEX | DDSCAPS_MIPMAP
    } else {
        0
    };
    out.u32(DDSCAPS_TEXTURE | mipmapped); // dwCaps
    out.zeros(4 * 4); // dwCaps2, dwCaps3, dwCaps4, dwReserved2
    if let Some(code) = dxgi {
        // DDS_HEADER_DXT10
        out.u32(code.0);
        out.u32(TEXTURE2D);
        out.u32(0); // miscFlag (not a cube map)
        out.u32(1); // arraySize
        out.u32(alpha_mode(format, desc.alpha));
    }
    out.bytes(data);
    Ok(out.at())
}

/// The DDS file of `desc` and `data` in a new `Vec` (see [`write()`]).
///
/// # Errors
///
/// Those of [`write()`] but [`ContainerError::BufferTooSmall`].
///
/// ```
/// use normkey::texture::{Format, TextureDesc, dds};
/// let desc = TextureDesc::new(Format::B5g6r5Unorm, 2, 1).with_full_mips();
/// let file = dds::to_vec(&desc, &[0x00, 0xF8, 0xE0, 0x07, 0x1F, 0x00], dds::Header::Auto).unwrap();
/// assert_eq!(file.len(), 128 + 6); // legacy R5G6B5 masks: no DX10 header
/// assert_eq!(dds::read(&file).unwrap().level(1), Some(&[0x1F, 0x00][..]));
/// ```
#[cfg(feature = "alloc")]
pub fn to_vec(
    desc: &TextureDesc,
    data: &[u8],
    header: Header,
) -> Result<alloc::vec::Vec<u8>, ContainerError> {
    super::container::to_vec(file_len(desc, header)?, |out| {
        write(desc, data, header, out)
    })
}

/// `dwPitchOrLinearSize`: the bytes of a row of level 0.
fn pitch(desc: &TextureDesc) -> Result<u32, ContainerError> {
    let row = desc.width.checked_mul(desc.format.bytes_per_texel());
    to_u32(row.ok_or(ContainerError::TooLarge)?)
}

/// Where the levels start in a file of `format` with `header`.
const fn data_start(format: Format, header: Header) -> usize {
    match masks_of(format, header) {
        Some(_) => LEGACY_LEN,
        None => DX10_LEN,
    }
}

/// `miscFlags2`: opaque without an alpha channel, else the texture's alpha mode.
const fn alpha_mode(format: Format, alpha: AlphaMode) -> u32 {
    match (format.channels(), alpha) {
        (1..=3, _) => ALPHA_MODE_OPAQUE,
        (_, AlphaMode::Premultiplied) => ALPHA_MODE_PREMULTIPLIED,
        (_, AlphaMode::Straight) => ALPHA_MODE_STRAIGHT,
    }
}

/// Parses the DDS file `file`: its description and where its levels lie (see
/// [what it reads](self#what-read-reads)). Nothing is copied or allocated, and
/// no input panics.
///
/// # Errors
///
/// [`ContainerError::WrongContainer`] without the magic `"DDS "`;
/// [`ContainerError::Truncated`] when the file ends inside the headers or a
/// level; [`ContainerError::UnknownDxgi`], [`ContainerError::UnknownPixelFormat`]
/// for a format normkey does not convert; [`ContainerError::Unsupported`] for a
/// cube map, an array, a volume or a 1D texture; [`ContainerError::Malformed`]
/// for a `dwSize` other than 124, a side of 0, more levels than the chain has or
/// an `arraySize` of 0; [`ContainerError::TooLarge`] when the levels overflow
/// `usize`.
///
/// ```
/// use normkey::texture::{AlphaMode, ContainerError, Format, TextureDesc, dds};
/// let desc = TextureDesc::new(Format::Rgba16Float, 3, 2).with_alpha(AlphaMode::Premultiplied);
/// let mut file = [0u8; 148 + 48];
/// dds::write(&desc, &[0; 48], dds::Header::Auto, &mut file).unwrap();
/// let read = dds::read(&file).unwrap();
/// assert_eq!(read.desc(), desc);
/// assert_eq!(read.level(0).map(<[u8]>::len), Some(48));
/// assert_eq!(dds::read(&file[..150]), Err(ContainerError::Truncated { needed: 196, len: 150 }));
/// assert_eq!(dds::read(b"PNG"), Err(ContainerError::WrongContainer));
/// ```
pub fn read(file: &[u8]) -> Result<TextureFile<'_>, ContainerError> {
    let magic = &file[..file.len().min(4)];
    if !b"DDS ".starts_with(magic) {
        return Err(ContainerError::WrongContainer);
    }
    let word = |at: usize| u32_at(file, at);
    if file.len() < LEGACY_LEN {
        return Err(ContainerError::Truncated {
            needed: LEGACY_LEN,
            len: file.len(),
        });
    }
    if word(4)? != 124 {
        return Err(ContainerError::Malformed("dwSize is not 124"));
    }
    let (flags, caps2) = (word(8)?, word(112)?);
    if caps2 & DDSCAPS2_CUBEMAP != 0 {
        return Err(ContainerError::Unsupported("cube map"));
    }
    if caps2 & DDSCAPS2_VOLUME != 0 || flags & DDSD_DEPTH != 0 && word(24)? > 1 {
        return Err(ContainerError::Unsupported("volume texture"));
    }
    let (format, alpha, start) = pixel_format(file)?;
    let side = |at: usize| usize::try_from(word(at)?).map_err(|_| ContainerError::TooLarge);
    let (height, width) = (side(12)?, side(16)?);
    let mip_levels = side(28)?.max(1);
    if width == 0 || height == 0 {
        return Err(ContainerError::Malformed("a side is 0"));
    }
    let desc = TextureDesc::new(format, width, height)
        .with_mip_levels(mip_levels)
        .with_alpha(alpha);
    if mip_levels > super::mip_level_count(width, height) {
        return Err(ContainerError::Malformed("more levels than the chain has"));
    }
    TextureFile::new(desc, file, |i| {
        let range = desc.level_range(i).ok_or(ContainerError::TooLarge)?;
        range
            .start
            .checked_add(start)
            .ok_or(ContainerError::TooLarge)
    })
}

/// The format, alpha mode and start of the levels of a DDS file of at least
/// 128 bytes.
fn pixel_format(file: &[u8]) -> Result<(Format, AlphaMode, usize), ContainerError> {
    let word = |at: usize| u32_at(file, at);
    let pf_flags = word(80)?;
    if pf_flags & DDPF_FOURCC != 0 {
        if file[84..88] != *b"DX10" {
            return Err(ContainerError::UnknownPixelFormat);
        }
        let code = super::DxgiFormat(word(128)?);
        let (dimension, misc, array_size, misc2) = (word(132)?, word(136)?, word(140)?, word(144)?);
        match dimension {
            TEXTURE2D => {}
            2 => return Err(ContainerError::Unsupported("1D texture")),
            4 => return Err(ContainerError::Unsupported("volume texture")),
            _ => {
                return Err(ContainerError::Malformed(
                    "resourceDimension is not 2, 3 or 4",
                ));
            }
        }
        if misc & MISC_TEXTURECUBE != 0 {
            return Err(ContainerError::Unsupported("cube map"));
        }
        match array_size {
            0 => return Err(ContainerError::Malformed("arraySize is 0")),
            1 => {}
            _ => return Err(ContainerError::Unsupported("texture array")),
        }
        let format = Format::from_dxgi(code).ok_or(ContainerError::UnknownDxgi(code))?;
        let alpha = if misc2 & 7 == ALPHA_MODE_PREMULTIPLIED {
            AlphaMode::Premultiplied
        } else {
            AlphaMode::Straight
        };
        return Ok((format, alpha, DX10_LEN));
    }
    if pf_flags & DDPF_RGB == 0 {
        return Err(ContainerError::UnknownPixelFormat);
    }
    let alpha_mask = if pf_flags & DDPF_ALPHAPIXELS == 0 {
        0
    } else {
        word(104)?
    };
    let masks = Masks {
        bits: word(88)?,
        rgba: [word(92)?, word(96)?, word(100)?, alpha_mask],
    };
    Format::ALL
        .into_iter()
        .find(|&f| legacy_masks(f) == Some(masks))
        .map(|f| (f, AlphaMode::Straight, LEGACY_LEN))
        .ok_or(ContainerError::UnknownPixelFormat)
}
