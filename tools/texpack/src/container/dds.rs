//! DDS files: the magic `"DDS "`, a 124-byte `DDS_HEADER`, for most formats a
//! 20-byte `DDS_HEADER_DXT10`, then every level from the largest down
//! (Microsoft, "`DDS_HEADER` structure", "`DDS_PIXELFORMAT` structure",
//! "`DDS_HEADER_DXT10` structure").
//!
//! # Which header
//!
//! Five formats have an exact D3D9 form described by bit masks in
//! `DDS_PIXELFORMAT` (`DDPF_RGB`): [`Format::Bgra8Unorm`] (`A8R8G8B8`),
//! [`Format::B5g6r5Unorm`] (`R5G6B5`), [`Format::Bgr5a1Unorm`] (`A1R5G5B5`),
//! [`Format::Bgra4Unorm`] (`A4R4G4B4`) and [`Format::Rgb10a2Unorm`] (D3D9's
//! `A2B10G10R10`: R in the low bits). With [`Header::Auto`] (texpack's default)
//! these five get the legacy header alone, which every reader opens: D3D9-era
//! tools, Pillow (which reads only mask-described DDS), and every DX10 reader
//! (`DirectXTex`, the `dds` crate), which read masks too. Every other format, the
//! sRGB ones included (D3D9 had no sRGB flag), gets `DDPF_FOURCC` `"DX10"` and the
//! `DDS_HEADER_DXT10` with [`Format::dxgi`]'s code. [`Header::Dx10`] writes the
//! DX10 header for all formats.

use super::put_u32;
use crate::{AlphaMode, Error, Format, Texture};

/// Which `DDS_PIXELFORMAT` texpack writes (see the [module docs](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Header {
    /// The legacy bit masks for the five formats that have them, DX10 otherwise.
    Auto,
    /// The DX10 header (a `DXGI_FORMAT`) for every format.
    Dx10,
}

/// `dwFlags` of `DDS_HEADER`.
const DDSD_CAPS: u32 = 0x1;
const DDSD_HEIGHT: u32 = 0x2;
const DDSD_WIDTH: u32 = 0x4;
const DDSD_PITCH: u32 = 0x8;
const DDSD_PIXELFORMAT: u32 = 0x1000;
const DDSD_MIPMAPCOUNT: u32 = 0x2_0000;
/// `dwFlags` of `DDS_PIXELFORMAT`.
const DDPF_ALPHAPIXELS: u32 = 0x1;
const DDPF_FOURCC: u32 = 0x4;
const DDPF_RGB: u32 = 0x40;
/// `dwCaps`.
const DDSCAPS_COMPLEX: u32 = 0x8;
const DDSCAPS_TEXTURE: u32 = 0x1000;
const DDSCAPS_MIPMAP: u32 = 0x40_0000;
/// `D3D10_RESOURCE_DIMENSION_TEXTURE2D`.
const TEXTURE2D: u32 = 3;
/// `miscFlags2` alpha modes (`DDS_ALPHA_MODE_*`).
const ALPHA_MODE_STRAIGHT: u32 = 1;
const ALPHA_MODE_PREMULTIPLIED: u32 = 2;
const ALPHA_MODE_OPAQUE: u32 = 3;

/// A legacy `DDS_PIXELFORMAT`: bits per texel and the R, G, B, A masks (A 0: none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Masks {
    /// `dwRGBBitCount`.
    pub bits: u32,
    /// `dwRBitMask`, `dwGBitMask`, `dwBBitMask`, `dwABitMask`.
    pub rgba: [u32; 4],
}

/// The legacy masks of the five formats D3D9 could name (see the module docs).
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

/// The whole DDS file of `texture`.
///
/// # Errors
///
/// [`Error::NoCode`] when the DX10 header is needed and the format has no
/// `DXGI_FORMAT` code.
pub fn write(texture: &Texture, header: Header) -> Result<Vec<u8>, Error> {
    let format = texture.format;
    let legacy = match header {
        Header::Auto => legacy_masks(format),
        Header::Dx10 => None,
    };
    let dxgi = match legacy {
        Some(_) => None,
        None => Some(format.dxgi().ok_or(Error::NoCode {
            format,
            container: "DDS (DXGI_FORMAT)",
        })?),
    };
    let levels = u32::try_from(texture.levels.len()).map_err(|_| Error::TooLarge)?;
    let pitch = u32::try_from(
        format
            .row_pitch(texture.width as usize, 1)
            .ok_or(Error::TooLarge)?,
    )
    .map_err(|_| Error::TooLarge)?;

    let mut out = Vec::with_capacity(148 + texture.levels.iter().map(Vec::len).sum::<usize>());
    out.extend_from_slice(b"DDS ");
    // DDS_HEADER
    put_u32(&mut out, 124); // dwSize
    put_u32(
        &mut out,
        DDSD_CAPS | DDSD_HEIGHT | DDSD_WIDTH | DDSD_PITCH | DDSD_PIXELFORMAT | DDSD_MIPMAPCOUNT,
    );
    put_u32(&mut out, texture.height);
    put_u32(&mut out, texture.width);
    put_u32(&mut out, pitch); // dwPitchOrLinearSize: bytes per row of level 0
    put_u32(&mut out, 0); // dwDepth
    put_u32(&mut out, levels); // dwMipMapCount
    out.extend_from_slice(&[0; 11 * 4]); // dwReserved1[11]
    // DDS_PIXELFORMAT
    put_u32(&mut out, 32); // dwSize
    if let Some(m) = legacy {
        let alpha = if m.rgba[3] == 0 { 0 } else { DDPF_ALPHAPIXELS };
        put_u32(&mut out, DDPF_RGB | alpha);
        put_u32(&mut out, 0); // dwFourCC
        put_u32(&mut out, m.bits);
        m.rgba.iter().for_each(|&mask| put_u32(&mut out, mask));
    } else {
        put_u32(&mut out, DDPF_FOURCC);
        out.extend_from_slice(b"DX10");
        out.extend_from_slice(&[0; 5 * 4]); // bit count and masks
    }
    let mipmapped = if levels > 1 {
        DDSCAPS_COMPLEX | DDSCAPS_MIPMAP
    } else {
        0
    };
    put_u32(&mut out, DDSCAPS_TEXTURE | mipmapped); // dwCaps
    out.extend_from_slice(&[0; 4 * 4]); // dwCaps2, dwCaps3, dwCaps4, dwReserved2
    if let Some(code) = dxgi {
        // DDS_HEADER_DXT10
        put_u32(&mut out, code);
        put_u32(&mut out, TEXTURE2D);
        put_u32(&mut out, 0); // miscFlag (not a cube map)
        put_u32(&mut out, 1); // arraySize
        put_u32(&mut out, alpha_mode(format, texture.alpha));
    }
    for level in &texture.levels {
        out.extend_from_slice(level);
    }
    Ok(out)
}

/// `miscFlags2`: opaque without an alpha channel, else the texture's alpha mode.
fn alpha_mode(format: Format, alpha: AlphaMode) -> u32 {
    match (format.channels(), alpha) {
        (1..=3, _) => ALPHA_MODE_OPAQUE,
        (_, AlphaMode::Premultiplied) => ALPHA_MODE_PREMULTIPLIED,
        _ => ALPHA_MODE_STRAIGHT,
    }
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

    // Offsets from the DDS_HEADER structure: the magic (4 bytes), then dwSize at 4,
    // dwFlags 8, dwHeight 12, dwWidth 16, dwPitchOrLinearSize 20, dwDepth 24,
    // dwMipMapCount 28, dwReserved1[11] 32..76, ddspf 76..108 (dwSize 76, dwFlags 80,
    // dwFourCC 84, dwRGBBitCount 88, masks R 92, G 96, B 100, A 104), dwCaps 108,
    // dwCaps2..dwReserved2 112..128; DDS_HEADER_DXT10 at 128: dxgiFormat 128,
    // resourceDimension 132, miscFlag 136, arraySize 140, miscFlags2 144; data at 148.
    #[test]
    fn dx10_header_bytes() {
        let t = texture(Format::Rgb9e5Ufloat, 5, 3, 3);
        let file = write(&t, Header::Auto).unwrap();
        assert_eq!(&file[..4], b"DDS ");
        assert_eq!(word(&file, 4), 124);
        // CAPS | HEIGHT | WIDTH | PITCH | PIXELFORMAT | MIPMAPCOUNT
        assert_eq!(word(&file, 8), 0x1 | 0x2 | 0x4 | 0x8 | 0x1000 | 0x20000);
        assert_eq!((word(&file, 12), word(&file, 16)), (3, 5));
        assert_eq!(word(&file, 20), 5 * 4); // pitch: (width · 32 bits + 7) / 8
        assert_eq!((word(&file, 24), word(&file, 28)), (0, 3));
        assert!(file[32..76].iter().all(|&b| b == 0));
        assert_eq!((word(&file, 76), word(&file, 80)), (32, 0x4)); // DDPF_FOURCC
        assert_eq!(&file[84..88], b"DX10");
        assert!(file[88..108].iter().all(|&b| b == 0));
        // DDSCAPS_TEXTURE | DDSCAPS_COMPLEX | DDSCAPS_MIPMAP
        assert_eq!(word(&file, 108), 0x1000 | 0x8 | 0x40_0000);
        assert!(file[112..128].iter().all(|&b| b == 0));
        assert_eq!(word(&file, 128), 67); // DXGI_FORMAT_R9G9B9E5_SHAREDEXP
        assert_eq!(word(&file, 132), 3); // D3D10_RESOURCE_DIMENSION_TEXTURE2D
        assert_eq!((word(&file, 136), word(&file, 140)), (0, 1));
        assert_eq!(word(&file, 144), 3); // DDS_ALPHA_MODE_OPAQUE: no alpha channel
        // Levels 5×3, 2×1, 1×1, largest first.
        let data = &file[148..];
        assert_eq!(data.len(), (15 + 2 + 1) * 4);
        assert!(data[..60].iter().all(|&b| b == 1) && data[60..68].iter().all(|&b| b == 2));
        assert!(data[68..].iter().all(|&b| b == 3));
    }

    #[test]
    fn srgb_and_forced_dx10() {
        let file = write(&texture(Format::Bgra8UnormSrgb, 2, 2, 1), Header::Auto).unwrap();
        assert_eq!(word(&file, 128), 91); // DXGI_FORMAT_B8G8R8A8_UNORM_SRGB
        assert_eq!(word(&file, 108), 0x1000); // one level: DDSCAPS_TEXTURE only
        assert_eq!(word(&file, 144), 1); // DDS_ALPHA_MODE_STRAIGHT
        let file = write(&texture(Format::B5g6r5Unorm, 2, 2, 1), Header::Dx10).unwrap();
        assert_eq!(word(&file, 128), 85); // DXGI_FORMAT_B5G6R5_UNORM
        assert_eq!(file.len(), 148 + 8);
    }

    // The D3D9 formats as DirectX's DDS programming guide lists their masks
    // ("Common DDS file resource formats and associated header content").
    #[test]
    fn legacy_header_bytes() {
        let cases = [
            // format, dwFlags (DDPF_RGB 0x40, DDPF_ALPHAPIXELS 0x1), bit count, R, G, B, A
            (
                Format::Bgra8Unorm,
                0x41,
                32,
                [0x00ff_0000, 0x0000_ff00, 0x0000_00ff, 0xff00_0000],
            ), // A8R8G8B8
            (
                Format::Rgb10a2Unorm,
                0x41,
                32,
                [0x3ff, 0xffc00, 0x3ff0_0000, 0xc000_0000],
            ), // A2B10G10R10
            (Format::B5g6r5Unorm, 0x40, 16, [0xf800, 0x7e0, 0x1f, 0]), // R5G6B5
            (Format::Bgr5a1Unorm, 0x41, 16, [0x7c00, 0x3e0, 0x1f, 0x8000]), // A1R5G5B5
            (Format::Bgra4Unorm, 0x41, 16, [0xf00, 0xf0, 0xf, 0xf000]), // A4R4G4B4
        ];
        for (format, flags, bits, masks) in cases {
            let file = write(&texture(format, 3, 1, 2), Header::Auto).unwrap();
            assert_eq!(word(&file, 80), flags, "{format}");
            assert_eq!(word(&file, 84), 0, "{format}: no FourCC");
            assert_eq!(word(&file, 88), bits, "{format}");
            let got: Vec<u32> = (0..4).map(|i| word(&file, 92 + 4 * i)).collect();
            assert_eq!(got, masks, "{format}");
            assert_eq!(word(&file, 20), 3 * bits / 8, "{format}: pitch");
            // No DX10 header: the data follows the 128 bytes at once (3×1 then 1×1).
            assert_eq!(file.len(), 128 + 4 * bits as usize / 8, "{format}");
        }
    }
}
