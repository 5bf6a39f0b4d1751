//! KTX2 files (Khronos, "KTX File Format Specification", version 2.0): the
//! 12-byte identifier, the header, the index, the level index, the data format
//! descriptor (DFD), then the levels, smallest first, each at an offset that is a
//! multiple of `lcm(bytes per texel, 4)`. No key/value data, no supercompression.
//!
//! # The data format descriptor
//!
//! One basic block (Khronos Data Format Specification 1.3, §5: descriptor type 0,
//! version 2), colour model RGBSDA, primaries BT.709, transfer sRGB for the `-srgb`
//! formats and linear otherwise, the premultiplied flag from the texture's
//! [`AlphaMode`], a 1×1×1×1 texel block of `bytes_per_texel` bytes in plane 0, and
//! one sample per channel in the order of their bit offsets:
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

use super::{put_u32, put_u64};
use crate::{AlphaMode, Error, Format, Texture};
use normkey::texture::ChannelKind;

/// The file identifier: «KTX 20», CR, LF, SUB, LF.
pub const IDENTIFIER: [u8; 12] = [
    0xAB, 0x4B, 0x54, 0x58, 0x20, 0x32, 0x30, 0xBB, 0x0D, 0x0A, 0x1A, 0x0A,
];

/// The channel ids of colour model RGBSDA.
const R: u8 = 0;
const G: u8 = 1;
const B: u8 = 2;
const A: u8 = 15;

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

/// The samples of `format`, in the order of their bit offsets (RGB9E5 by channel).
// Texel sizes (at most 16 bytes), sample counts (at most 6) and DFD lengths
// (under 200 bytes) fit in `u32`.
#[allow(clippy::cast_possible_truncation)]
fn samples(format: Format) -> Vec<Sample> {
    use Kind::{Exponent, Mantissa, Ufloat, Unorm};
    let packed: &[Sample] = match format {
        Format::Rgb10a2Unorm => &[
            (R, 0, 10, Unorm),
            (G, 10, 10, Unorm),
            (B, 20, 10, Unorm),
            (A, 30, 2, Unorm),
        ],
        Format::Rg11b10Ufloat => &[(R, 0, 11, Ufloat), (G, 11, 11, Ufloat), (B, 22, 10, Ufloat)],
        Format::Rgb9e5Ufloat => &[
            (R, 0, 9, Mantissa),
            (R, 27, 5, Exponent),
            (G, 9, 9, Mantissa),
            (G, 27, 5, Exponent),
            (B, 18, 9, Mantissa),
            (B, 27, 5, Exponent),
        ],
        Format::B5g6r5Unorm => &[(B, 0, 5, Unorm), (G, 5, 6, Unorm), (R, 11, 5, Unorm)],
        Format::Bgr5a1Unorm => &[
            (B, 0, 5, Unorm),
            (G, 5, 5, Unorm),
            (R, 10, 5, Unorm),
            (A, 15, 1, Unorm),
        ],
        Format::Bgra4Unorm => &[
            (B, 0, 4, Unorm),
            (G, 4, 4, Unorm),
            (R, 8, 4, Unorm),
            (A, 12, 4, Unorm),
        ],
        _ => &[],
    };
    if !packed.is_empty() {
        return packed.to_vec();
    }
    // A byte-array format: equal channels in memory order.
    let name = format.name();
    let kind = match format.channel_kind() {
        ChannelKind::Snorm => Kind::Snorm,
        ChannelKind::Float => Kind::Float,
        _ => Kind::Unorm,
    };
    let n = format.channels();
    let bits = (8 * format.bytes_per_texel() / n) as u32;
    let order: &[u8] = if name.starts_with("bgra") {
        &[B, G, R, A]
    } else {
        &[R, G, B, A]
    };
    (0..n)
        .map(|i| {
            let id = order[i];
            let kind = if id == A && format.is_srgb() {
                Kind::LinearAlpha
            } else {
                kind
            };
            (id, i as u32 * bits, bits, kind)
        })
        .collect()
}

/// The 16 bytes of one sample.
fn put_sample(out: &mut Vec<u8>, (id, offset, bits, kind): Sample) {
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
    put_u32(
        out,
        offset | (bits - 1) << 16 | u32::from(qualifiers | id) << 24,
    );
    put_u32(out, 0); // samplePosition0..3
    put_u32(out, lower);
    put_u32(out, upper);
}

/// The data format descriptor: `dfdTotalSize`, then one basic block.
// Texel sizes (at most 16 bytes), sample counts (at most 6) and DFD lengths
// (under 200 bytes) fit in `u32`.
#[allow(clippy::cast_possible_truncation)]
fn dfd(format: Format, alpha: AlphaMode) -> Vec<u8> {
    let samples = samples(format);
    let block_size = 24 + 16 * samples.len() as u32;
    let mut out = Vec::new();
    put_u32(&mut out, 4 + block_size); // dfdTotalSize
    put_u32(&mut out, 0); // vendorId 0 (Khronos), descriptorType 0 (basic)
    put_u32(&mut out, 2 | block_size << 16); // versionNumber 2, descriptorBlockSize
    let transfer = if format.is_srgb() { 2 } else { 1 }; // KHR_DF_TRANSFER_SRGB / _LINEAR
    let premultiplied = u32::from(alpha == AlphaMode::Premultiplied && format.channels() == 4);
    // colorModel RGBSDA (1), colorPrimaries BT709 (1), transferFunction, flags
    put_u32(&mut out, 1 | 1 << 8 | transfer << 16 | premultiplied << 24);
    put_u32(&mut out, 0); // texelBlockDimension0..3: 1×1×1×1, stored minus one
    put_u32(&mut out, format.bytes_per_texel() as u32); // bytesPlane0 (bytesPlane1..3 0)
    put_u32(&mut out, 0); // bytesPlane4..7
    for s in samples {
        put_sample(&mut out, s);
    }
    out
}

/// `typeSize`: the bytes of a packed word, or of one channel.
// Texel sizes (at most 16 bytes), sample counts (at most 6) and DFD lengths
// (under 200 bytes) fit in `u32`.
#[allow(clippy::cast_possible_truncation)]
fn type_size(format: Format) -> u32 {
    match format {
        Format::Rgb10a2Unorm | Format::Rg11b10Ufloat | Format::Rgb9e5Ufloat => 4,
        Format::B5g6r5Unorm | Format::Bgr5a1Unorm | Format::Bgra4Unorm => 2,
        _ => (format.bytes_per_texel() / format.channels()) as u32,
    }
}

/// The whole KTX2 file of `texture`.
///
/// # Errors
///
/// [`Error::NoCode`] when the format has no `VkFormat`; [`Error::TooLarge`] when
/// the file would pass 4 GiB of descriptor offsets.
// Texel sizes (at most 16 bytes), sample counts (at most 6) and DFD lengths
// (under 200 bytes) fit in `u32`.
#[allow(clippy::cast_possible_truncation)]
pub fn write(texture: &Texture) -> Result<Vec<u8>, Error> {
    let format = texture.format;
    let vk = format.vk().ok_or(Error::NoCode {
        format,
        container: "KTX2 (VkFormat)",
    })?;
    let level_count = u32::try_from(texture.levels.len()).map_err(|_| Error::TooLarge)?;
    let dfd = dfd(format, texture.alpha);
    let dfd_offset = 80 + 24 * texture.levels.len();
    // Each level at a multiple of lcm(bytes per texel, 4) (texel sizes are powers
    // of two, so that is the larger of the two); the smallest level first.
    let align = format.bytes_per_texel().max(4);
    let mut offsets = vec![0; texture.levels.len()];
    let mut end = dfd_offset + dfd.len();
    for (i, level) in texture.levels.iter().enumerate().rev() {
        end = end.next_multiple_of(align);
        offsets[i] = end;
        end += level.len();
    }

    let mut out = Vec::with_capacity(end);
    out.extend_from_slice(&IDENTIFIER);
    put_u32(&mut out, vk);
    put_u32(&mut out, type_size(format));
    put_u32(&mut out, texture.width);
    put_u32(&mut out, texture.height);
    put_u32(&mut out, 0); // pixelDepth: 2D
    put_u32(&mut out, 0); // layerCount: not an array
    put_u32(&mut out, 1); // faceCount
    put_u32(&mut out, level_count);
    put_u32(&mut out, 0); // supercompressionScheme: none
    // The index.
    put_u32(
        &mut out,
        u32::try_from(dfd_offset).map_err(|_| Error::TooLarge)?,
    );
    put_u32(&mut out, dfd.len() as u32);
    put_u32(&mut out, 0); // kvdByteOffset
    put_u32(&mut out, 0); // kvdByteLength
    put_u64(&mut out, 0); // sgdByteOffset
    put_u64(&mut out, 0); // sgdByteLength
    // The level index, level 0 first.
    for (level, &offset) in texture.levels.iter().zip(&offsets) {
        put_u64(&mut out, offset as u64);
        put_u64(&mut out, level.len() as u64);
        put_u64(&mut out, level.len() as u64); // uncompressedByteLength
    }
    out.extend_from_slice(&dfd);
    for (level, &offset) in texture.levels.iter().zip(&offsets).rev() {
        out.resize(offset, 0);
        out.extend_from_slice(level);
    }
    Ok(out)
}

// Small test sizes (exact casts); fields written as the specifications give them
// (decimal offsets and lengths, `0 | …` for a zero field).
#[cfg(test)]
#[allow(
    clippy::cast_possible_truncation,
    clippy::identity_op,
    clippy::decimal_bitwise_operands
)]
mod tests {
    use super::*;
    use crate::container::test_support::{texture, word};

    fn long(file: &[u8], at: usize) -> u64 {
        u64::from_le_bytes(file[at..at + 8].try_into().unwrap())
    }

    // KTX 2.0 §3: identifier 0..12, vkFormat 12, typeSize 16, pixelWidth 20,
    // pixelHeight 24, pixelDepth 28, layerCount 32, faceCount 36, levelCount 40,
    // supercompressionScheme 44; index: dfdByteOffset 48, dfdByteLength 52,
    // kvdByteOffset 56, kvdByteLength 60, sgdByteOffset 64 (u64), sgdByteLength 72
    // (u64); level index at 80, 24 bytes per level (byteOffset, byteLength,
    // uncompressedByteLength, all u64).
    #[test]
    fn header_and_levels() {
        let t = texture(Format::Rgba8UnormSrgb, 4, 2, 3);
        let file = write(&t).unwrap();
        assert_eq!(&file[..12], b"\xABKTX 20\xBB\r\n\x1A\n");
        assert_eq!(word(&file, 12), 43); // VK_FORMAT_R8G8B8A8_SRGB
        assert_eq!(word(&file, 16), 1); // typeSize: bytes
        assert_eq!(
            (word(&file, 20), word(&file, 24), word(&file, 28)),
            (4, 2, 0)
        );
        assert_eq!(
            (
                word(&file, 32),
                word(&file, 36),
                word(&file, 40),
                word(&file, 44)
            ),
            (0, 1, 3, 0)
        );
        let dfd_at = 80 + 3 * 24;
        assert_eq!(word(&file, 48) as usize, dfd_at);
        let dfd_len = 4 + 24 + 4 * 16; // total size, basic block header, 4 samples
        assert_eq!(word(&file, 52) as usize, dfd_len);
        assert_eq!(
            (
                word(&file, 56),
                word(&file, 60),
                long(&file, 64),
                long(&file, 72)
            ),
            (0, 0, 0, 0)
        );
        // Data after the DFD, smallest level first, each 4-aligned: 1×1, 2×1, 4×2.
        let mut at = dfd_at + dfd_len;
        for (level, bytes) in [(2usize, 4u64), (1, 8), (0, 32)] {
            at = at.next_multiple_of(4);
            let entry = 80 + 24 * level;
            assert_eq!(long(&file, entry), at as u64, "level {level}");
            assert_eq!(
                (long(&file, entry + 8), long(&file, entry + 16)),
                (bytes, bytes)
            );
            assert!(
                file[at..at + bytes as usize]
                    .iter()
                    .all(|&b| b == level as u8 + 1)
            );
            at += bytes as usize;
        }
        assert_eq!(file.len(), at);
    }

    // Khronos Data Format Specification 1.3, §5.5: the basic block; sRGB RGBA8
    // as the specification's example of R8G8B8A8_SRGB describes it.
    #[test]
    fn dfd_srgb_rgba8() {
        let d = dfd(Format::Rgba8UnormSrgb, AlphaMode::Straight);
        let words: Vec<u32> = (0..d.len() / 4).map(|i| word(&d, 4 * i)).collect();
        let expected = [
            92,                   // dfdTotalSize
            0,                    // vendorId 0, descriptorType 0
            2 | 88 << 16,         // versionNumber 2, descriptorBlockSize 24 + 4·16
            1 | 1 << 8 | 2 << 16, // RGBSDA, BT709, sRGB, straight alpha
            0,                    // 1×1×1×1 block
            4,                    // bytesPlane0
            0,                    // bytesPlane4..7
            0 | 7 << 16,          // R: offset 0, 8 bits
            0,
            0,
            255,
            8 | 7 << 16 | 1 << 24, // G
            0,
            0,
            255,
            16 | 7 << 16 | 2 << 24, // B
            0,
            0,
            255,
            24 | 7 << 16 | (15 | 0x10) << 24, // A: channel 15, linear
            0,
            0,
            255,
        ];
        assert_eq!(words, expected);
    }

    #[test]
    fn dfd_samples_of_other_kinds() {
        // SNORM16: signed, bounds ±32767.
        let d = dfd(Format::R16Snorm, AlphaMode::Straight);
        assert_eq!(
            (word(&d, 28), word(&d, 36), word(&d, 40)),
            (15 << 16 | 0x40 << 24, 0xFFFF_8001, 0x7FFF)
        );
        // rgba16float: float and signed, ±1.0, premultiplied flag set.
        let d = dfd(Format::Rgba16Float, AlphaMode::Premultiplied);
        assert_eq!(word(&d, 12) >> 24, 1);
        assert_eq!(
            (word(&d, 28), word(&d, 36), word(&d, 40)),
            (15 << 16 | 0xC0 << 24, 0xBF80_0000, 0x3F80_0000)
        );
        // B10G11R11: three unsigned float samples, 11, 11, 10 bits.
        let d = dfd(Format::Rg11b10Ufloat, AlphaMode::Straight);
        assert_eq!(word(&d, 0), 4 + 24 + 3 * 16);
        assert_eq!(word(&d, 28 + 32), 22 | 9 << 16 | (0x80 | 2) << 24);
        // B5G6R5: B in the low bits first.
        let d = dfd(Format::B5g6r5Unorm, AlphaMode::Straight);
        assert_eq!((word(&d, 28), word(&d, 40)), (4 << 16 | 2 << 24, 31));
        assert_eq!((word(&d, 44), word(&d, 56)), (5 | 5 << 16 | 1 << 24, 63));
        // RGB9E5: R's mantissa then R's exponent (bits 27..32, exponent qualifier).
        let d = dfd(Format::Rgb9e5Ufloat, AlphaMode::Straight);
        assert_eq!(word(&d, 0), 4 + 24 + 6 * 16);
        assert_eq!(word(&d, 44), 27 | 4 << 16 | 0x20 << 24);
        assert_eq!((word(&d, 52), word(&d, 56)), (15, 31));
        // bgra8unorm: B, G, R, A in memory order.
        let d = dfd(Format::Bgra8Unorm, AlphaMode::Straight);
        assert_eq!(word(&d, 28) >> 24, 2);
        // typeSize of packed words and of channels.
        assert_eq!(type_size(Format::Bgra4Unorm), 2);
        assert_eq!(type_size(Format::Rgb9e5Ufloat), 4);
        assert_eq!(type_size(Format::Rg32Float), 4);
        assert_eq!(type_size(Format::Rgba16Unorm), 2);
    }

    #[test]
    fn level_alignment_of_wide_texels() {
        // rgba32float: 16-byte texels, so every level offset is a multiple of 16.
        let file = write(&texture(Format::Rgba32Float, 3, 3, 2)).unwrap();
        for level in 0..2 {
            assert_eq!(long(&file, 80 + 24 * level) % 16, 0);
        }
    }
}
