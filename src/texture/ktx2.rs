//! KTX2 files (Khronos, "KTX File Format Specification", version 2.0): the
//! 12-byte [`IDENTIFIER`], the header, the index, the level index, the data
//! format descriptor (DFD), then the levels, smallest first, each at an offset
//! that is a multiple of `lcm(bytes per texel, 4)`. No key/value data, no
//! supercompression.
//!
//! [`write()`] writes a file into a caller's buffer ([`file_len`] says how long it
//! is), [`to_vec`] into a new `Vec` (feature `alloc`); [`read`] parses one back
//! into a [`TextureFile`] without copying.
//!
//! # The data format descriptor
//!
//! One basic block (Khronos Data Format Specification 1.3, §5: descriptor type 0,
//! version 2), colour model RGBSDA, primaries BT.709, transfer sRGB for the `-srgb`
//! formats and linear otherwise, the premultiplied flag from
//! [`TextureDesc::alpha`] (formats with four channels), a 1×1×1×1 texel block of
//! `bytes_per_texel` bytes in plane 0, and one sample per channel in the order
//! of their bit offsets:
//!
//! | channel kind | qualifiers | `sampleLower` | `sampleUpper` |
//! |---|---|---|---|
//! | UNORM, sRGB colour | — | 0 | `2^bits − 1` |
//! | sRGB alpha | linear (0x10) | 0 | 255 |
//! | SNORM | signed (0x40) | `−(2^(bits−1) − 1)` | `2^(bits−1) − 1` |
//! | binary16, `f32` | float, signed (0xC0) | −1.0 (`0xBF800000`) | 1.0 (`0x3F800000`) |
//! | float11, float10 | float (0x80) | 0 | 1.0 (`0x3F800000`) |
//! | RGB9E5 mantissa | — | 0 | 256 |
//! | RGB9E5 exponent (per channel) | exponent (0x20) | 15 (the bias) | 31 |
//!
//! Channel ids: R 0, G 1, B 2, A 15. RGB9E5 has six samples, each channel's
//! mantissa then its view of the shared exponent.
//!
//! # What [`read`] reads
//!
//! A 2D texture (`pixelDepth` 0, `layerCount` 0, `faceCount` 1, no
//! supercompression) whose `vkFormat` normkey converts, each level's
//! `byteLength` its tightly packed size. `levelCount` 0 (mips to be made by the
//! loader) reads as one level. Of the DFD only the premultiplied flag is read
//! (the alpha mode); `typeSize`, the key/value data and the level alignment are
//! not checked.

use super::container::{ContainerError, Out, TextureDesc, TextureFile, to_u32, u32_at, usize_at};
use super::format::{ChannelKind, Format};
use super::mip::AlphaMode;

/// The file identifier: «KTX 20», CR, LF, SUB, LF.
///
/// ```
/// assert_eq!(&normkey::texture::ktx2::IDENTIFIER[1..7], b"KTX 20");
/// ```
pub const IDENTIFIER: [u8; 12] = [
    0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A,
];

/// The channel ids of colour model RGBSDA.
const R: u8 = 0;
const G: u8 = 1;
const B: u8 = 2;
const A: u8 = 15;

/// The header and index: the level index starts here.
const LEVEL_INDEX: usize = 80;

/// What a sample's bits mean (its qualifiers and bounds: see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Unorm,
    /// sRGB alpha: UNORM with the linear qualifier.
    LinearAlpha,
    Snorm,
    Float,
    Ufloat,
    Mantissa,
    Exponent,
}

/// One DFD sample: channel id, bit offset, bit length, kind.
type Sample = (u8, u32, u32, Kind);

/// The samples of `format`, in the order of their bit offsets (RGB9E5 by
/// channel), and how many there are.
fn samples(format: Format) -> ([Sample; 6], usize) {
    use Kind::{Exponent, Mantissa, Ufloat, Unorm};
    let mut out = [(0, 0, 0, Unorm); 6];
    // Channel, bit offset, bit length, kind: packed words from the lowest bits.
    #[rustfmt::skip]
    let packed: &[Sample] = match format {
        Format::Rgb10a2Unorm => &[(R, 0, 10, Unorm), (G, 10, 10, Unorm), (B, 20, 10, Unorm), (A, 30, 2, Unorm)],
        Format::Rg11b10Ufloat => &[(R, 0, 11, Ufloat), (G, 11, 11, Ufloat), (B, 22, 10, Ufloat)],
        Format::Rgb9e5Ufloat => &[
            (R, 0, 9, Mantissa), (R, 27, 5, Exponent),
            (G, 9, 9, Mantissa), (G, 27, 5, Exponent),
            (B, 18, 9, Mantissa), (B, 27, 5, Exponent),
        ],
        Format::B5g6r5Unorm => &[(B, 0, 5, Unorm), (G, 5, 6, Unorm), (R, 11, 5, Unorm)],
        Format::Bgr5a1Unorm => &[(B, 0, 5, Unorm), (G, 5, 5, Unorm), (R, 10, 5, Unorm), (A, 15, 1, Unorm)],
        Format::Bgra4Unorm => &[(B, 0, 4, Unorm), (G, 4, 4, Unorm), (R, 8, 4, Unorm), (A, 12, 4, Unorm)],
        _ => &[],
    };
    if !packed.is_empty() {
        out[..packed.len()].copy_from_slice(packed);
        return (out, packed.len());
    }
    // A byte-array format: equal channels in memory order.
    let kind = match format.channel_kind() {
        ChannelKind::Snorm => Kind::Snorm,
        ChannelKind::Float => Kind::Float,
        _ => Kind::Unorm,
    };
    let n = format.channels();
    let bits = 8 * type_size(format);
    let order = if format.name().starts_with("bgra") {
        [B, G, R, A]
    } else {
        [R, G, B, A]
    };
    for ((sample, &id), offset) in out
        .iter_mut()
        .zip(&order)
        .take(n)
        .zip((0..).step_by(bits as usize))
    {
        let kind = if id == A && format.is_srgb() {
            Kind::LinearAlpha
        } else {
            kind
        };
        *sample = (id, offset, bits, kind);
    }
    (out, n)
}

/// Writes the 16 bytes of one sample.
fn put_sample(out: &mut Out<'_>, (id, offset, bits, kind): Sample) {
    let max = |b: u32| (1u32 << b) - 1;
    let (qualifiers, lower, upper) = match kind {
        Kind::Unorm => (0, 0, max(bits)),
        Kind::LinearAlpha => (0x10, 0, max(bits)),
        Kind::Snorm => (0x40, max(bits - 1).wrapping_neg(), max(bits - 1)),
        Kind::Float => (0xC0, (-1.0f32).to_bits(), 1.0f32.to_bits()),
        Kind::Ufloat => (0x80, 0, 1.0f32.to_bits()),
        Kind::Mantissa => (0, 0, 256),
        Kind::Exponent => (0x20, 15, 31),
    };
    out.u32(offset | (bits - 1) << 16 | u32::from(qualifiers | id) << 24);
    out.u32(0); // samplePosition0..3
    out.u32(lower);
    out.u32(upper);
}

/// The length of the data format descriptor of `format`.
fn dfd_len(format: Format) -> usize {
    4 + 24 + 16 * samples(format).1
}

/// Writes the data format descriptor: `dfdTotalSize`, then one basic block.
// Texel sizes (at most 16 bytes) and DFD lengths (under 200 bytes) fit in `u32`.
#[allow(clippy::cast_possible_truncation)]
fn put_dfd(out: &mut Out<'_>, format: Format, alpha: AlphaMode) {
    let (samples, n) = samples(format);
    let total = dfd_len(format) as u32;
    out.u32(total); // dfdTotalSize
    out.u32(0); // vendorId 0 (Khronos), descriptorType 0 (basic)
    out.u32(2 | (total - 4) << 16); // versionNumber 2, descriptorBlockSize
    let transfer = if format.is_srgb() { 2 } else { 1 }; // KHR_DF_TRANSFER_SRGB / _LINEAR
    let premultiplied = u32::from(alpha == AlphaMode::Premultiplied && format.channels() == 4);
    // colorModel RGBSDA (1), colorPrimaries BT709 (1), transferFunction, flags
    out.u32(1 | 1 << 8 | transfer << 16 | premultiplied << 24);
    out.u32(0); // texelBlockDimension0..3: 1×1×1×1, stored minus one
    out.u32(format.bytes_per_texel() as u32); // bytesPlane0 (bytesPlane1..3 0)
    out.u32(0); // bytesPlane4..7
    for &s in &samples[..n] {
        put_sample(out, s);
    }
}

/// `typeSize`: the bytes of a packed word, or of one channel.
// Texel sizes are at most 16 bytes.
#[allow(clippy::cast_possible_truncation)]
const fn type_size(format: Format) -> u32 {
    match format {
        Format::Rgb10a2Unorm | Format::Rg11b10Ufloat | Format::Rgb9e5Ufloat => 4,
        Format::B5g6r5Unorm | Format::Bgr5a1Unorm | Format::Bgra4Unorm => 2,
        _ => (format.bytes_per_texel() / format.channels()) as u32,
    }
}

/// Where each level goes, through `place(i, offset)`, smallest first after the
/// DFD, each at a multiple of `lcm(bytes per texel, 4)` (texel sizes are powers
/// of two, so that is the larger of the two); returns the file's length.
fn layout(
    desc: &TextureDesc,
    mut place: impl FnMut(usize, usize),
) -> Result<usize, ContainerError> {
    let align = desc.format.bytes_per_texel().max(4);
    let index_len = 24usize.checked_mul(desc.mip_levels);
    let dfd_end = index_len.and_then(|n| n.checked_add(LEVEL_INDEX + dfd_len(desc.format)));
    let mut end = dfd_end.ok_or(ContainerError::TooLarge)?;
    for i in (0..desc.mip_levels).rev() {
        let level = desc.level_range(i).ok_or(ContainerError::TooLarge)?;
        let start = end.checked_next_multiple_of(align);
        end = start
            .and_then(|s| s.checked_add(level.len()))
            .ok_or(ContainerError::TooLarge)?;
        place(i, end - level.len());
    }
    Ok(end)
}

/// The length of the KTX2 file of `desc`.
///
/// # Errors
///
/// [`ContainerError::InvalidDesc`] for a side of 0 or above `u32::MAX` or a mip
/// count of 0 or beyond the chain; [`ContainerError::TooLarge`] when the
/// length overflows `usize`.
///
/// ```
/// use normkey::texture::{ContainerError, Format, TextureDesc, ktx2};
/// let desc = TextureDesc::new(Format::R8Unorm, 4, 4);
/// // 80 bytes of header and index, one level entry, a DFD of one sample, 16 texels.
/// assert_eq!(ktx2::file_len(&desc), Ok(80 + 24 + 44 + 16));
/// assert_eq!(ktx2::file_len(&desc.with_mip_levels(4)), Err(ContainerError::InvalidDesc));
/// ```
pub fn file_len(desc: &TextureDesc) -> Result<usize, ContainerError> {
    desc.checked_data_len()?;
    layout(desc, |_, _| {})
}

/// Writes the KTX2 file of `desc`, whose levels' bytes are `data` (level 0
/// first, see [`TextureDesc::level_range`]), into the start of `out`, and
/// returns its length ([`file_len`]). Nothing is allocated.
///
/// # Errors
///
/// Those of [`file_len`]; [`ContainerError::DataLength`] when `data` is not
/// [`TextureDesc::data_len`] bytes; [`ContainerError::BufferTooSmall`] when
/// `out` is shorter than the file; [`ContainerError::NoCode`] when the format
/// has no `VkFormat` (none today); [`ContainerError::TooLarge`] when the DFD's
/// offset passes `u32`. On an error `out` is untouched.
///
/// ```
/// use normkey::texture::{Format, TextureDesc, ktx2};
/// let desc = TextureDesc::new(Format::Rgba8UnormSrgb, 2, 1).with_full_mips();
/// let mut out = [0u8; 256];
/// let len = ktx2::write(&desc, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9, 9], &mut out).unwrap();
/// assert_eq!(out[..12], ktx2::IDENTIFIER);
/// assert_eq!(out[12], 43); // VK_FORMAT_R8G8B8A8_SRGB
/// assert_eq!(&out[len - 12..len], &[9, 9, 9, 9, 1, 2, 3, 4, 5, 6, 7, 8]); // smallest level first
/// ```
pub fn write(desc: &TextureDesc, data: &[u8], out: &mut [u8]) -> Result<usize, ContainerError> {
    let expected = desc.checked_data_len()?;
    if data.len() != expected {
        return Err(ContainerError::DataLength {
            expected,
            len: data.len(),
        });
    }
    let format = desc.format;
    let vk = format.vk_format().ok_or(ContainerError::NoCode(format))?;
    let mut offsets = [0; 32];
    let len = layout(desc, |i, at| offsets[i] = at)?;
    let dfd_offset = to_u32(LEVEL_INDEX + 24 * desc.mip_levels)?;
    let mut out = Out::new(out, len)?;
    out.bytes(&IDENTIFIER);
    out.u32(vk.0);
    out.u32(type_size(format));
    out.u32(to_u32(desc.width)?);
    out.u32(to_u32(desc.height)?);
    out.u32(0); // pixelDepth: 2D
    out.u32(0); // layerCount: not an array
    out.u32(1); // faceCount
    out.u32(to_u32(desc.mip_levels)?);
    out.u32(0); // supercompressionScheme: none
    // The index.
    out.u32(dfd_offset);
    out.u32(to_u32(dfd_len(format))?);
    out.u32(0); // kvdByteOffset
    out.u32(0); // kvdByteLength
    out.u64(0); // sgdByteOffset
    out.u64(0); // sgdByteLength
    // The level index, level 0 first (`layout` checked every range).
    let level = |i: usize| desc.level_range(i).unwrap_or_default();
    for (i, &offset) in offsets.iter().enumerate().take(desc.mip_levels) {
        out.u64(offset as u64);
        out.u64(level(i).len() as u64);
        out.u64(level(i).len() as u64); // uncompressedByteLength
    }
    put_dfd(&mut out, format, desc.alpha);
    for i in (0..desc.mip_levels).rev() {
        out.zeros_to(offsets[i]);
        out.bytes(&data[level(i)]);
    }
    Ok(out.at())
}

/// The KTX2 file of `desc` and `data` in a new `Vec` (see [`write()`]).
///
/// # Errors
///
/// Those of [`write()`] but [`ContainerError::BufferTooSmall`].
///
/// ```
/// use normkey::texture::{Format, TextureDesc, ktx2};
/// let desc = TextureDesc::new(Format::R32Float, 1, 1);
/// let file = ktx2::to_vec(&desc, &1.5f32.to_le_bytes()).unwrap();
/// let level = ktx2::read(&file).unwrap().level(0).unwrap();
/// assert_eq!(f32::from_le_bytes(level.try_into().unwrap()), 1.5);
/// ```
#[cfg(feature = "alloc")]
pub fn to_vec(desc: &TextureDesc, data: &[u8]) -> Result<alloc::vec::Vec<u8>, ContainerError> {
    super::container::to_vec(file_len(desc)?, |out| write(desc, data, out))
}

/// Parses the KTX2 file `file`: its description and where its levels lie (see
/// [what it reads](self#what-read-reads)). Nothing is copied or allocated, and
/// no input panics.
///
/// # Errors
///
/// [`ContainerError::WrongContainer`] without the [`IDENTIFIER`];
/// [`ContainerError::Truncated`] when the file ends inside the header, the
/// level index, the DFD's first words or a level; [`ContainerError::UnknownVkFormat`]
/// for a format normkey does not convert; [`ContainerError::Unsupported`] for a
/// cube map, an array, a volume, a 1D texture or supercompression;
/// [`ContainerError::Malformed`] for a width of 0, more levels than the chain
/// has, a level whose `byteLength` is not its size or a DFD shorter than a basic
/// block's header; [`ContainerError::TooLarge`] when an offset overflows
/// `usize`.
///
/// ```
/// use normkey::texture::{ContainerError, Format, TextureDesc, ktx2};
/// let desc = TextureDesc::new(Format::Rgb9e5Ufloat, 4, 2).with_full_mips();
/// let mut file = [0u8; 512];
/// let len = ktx2::write(&desc, &[7; 4 * (8 + 2 + 1)], &mut file).unwrap();
/// let read = ktx2::read(&file[..len]).unwrap();
/// assert_eq!(read.desc(), desc);
/// assert_eq!(read.level(2), Some(&[7, 7, 7, 7][..]));
/// assert!(matches!(ktx2::read(&file[..len - 1]), Err(ContainerError::Truncated { .. })));
/// file[12] = 0; // VK_FORMAT_UNDEFINED
/// assert_eq!(ktx2::read(&file[..len]), Err(ContainerError::UnknownVkFormat(0.into())));
/// ```
pub fn read(file: &[u8]) -> Result<TextureFile<'_>, ContainerError> {
    if !IDENTIFIER.starts_with(&file[..file.len().min(12)]) {
        return Err(ContainerError::WrongContainer);
    }
    let word = |at: usize| u32_at(file, at);
    let size = |at: usize| usize::try_from(word(at)?).map_err(|_| ContainerError::TooLarge);
    if file.len() < LEVEL_INDEX {
        return Err(ContainerError::Truncated {
            needed: LEVEL_INDEX,
            len: file.len(),
        });
    }
    let code = super::VkFormat(word(12)?);
    let format = Format::from_vk_format(code).ok_or(ContainerError::UnknownVkFormat(code))?;
    let (width, height, depth) = (size(20)?, size(24)?, word(28)?);
    let (layers, faces, levels, scheme) = (word(32)?, word(36)?, size(40)?, word(44)?);
    let unsupported = match () {
        () if depth != 0 => Some("volume texture"),
        () if layers != 0 => Some("texture array"),
        () if faces != 1 => Some("cube map"),
        () if scheme != 0 => Some("supercompression"),
        () if height == 0 && width != 0 => Some("1D texture"),
        () => None,
    };
    if let Some(what) = unsupported {
        return Err(ContainerError::Unsupported(what));
    }
    if width == 0 {
        return Err(ContainerError::Malformed("pixelWidth is 0"));
    }
    if levels > super::mip_level_count(width, height) {
        return Err(ContainerError::Malformed("more levels than the chain has"));
    }
    let (dfd_offset, dfd_len) = (size(48)?, word(52)?);
    if dfd_len < 16 {
        return Err(ContainerError::Malformed(
            "the DFD is shorter than a basic block's header",
        ));
    }
    // dfdTotalSize, the block's first two words, then colour model, primaries,
    // transfer and flags: bit 0 of the flags is "alpha premultiplied".
    let flags = word(dfd_offset.checked_add(12).ok_or(ContainerError::TooLarge)?)? >> 24;
    let alpha = if flags & 1 == 0 {
        AlphaMode::Straight
    } else {
        AlphaMode::Premultiplied
    };
    let desc = TextureDesc::new(format, width, height)
        .with_mip_levels(levels.max(1))
        .with_alpha(alpha);
    TextureFile::new(desc, file, |i| {
        let entry = LEVEL_INDEX + 24 * i;
        let len = usize_at(file, entry + 8)?;
        if Some(len) != desc.level_range(i).map(|r| r.len()) {
            return Err(ContainerError::Malformed(
                "a level's byteLength is not its size",
            ));
        }
        usize_at(file, entry)
    })
}
