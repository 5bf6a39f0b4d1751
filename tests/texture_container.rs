//! `texture::dds` and `texture::ktx2`: the header bytes against the
//! specifications (Microsoft's `DDS_HEADER`, `DDS_PIXELFORMAT`,
//! `DDS_HEADER_DXT10`; KTX 2.0 and the Khronos Data Format Specification 1.3),
//! round trips of every format, mip count and alpha mode through `write` and
//! `read`, and the errors: every prefix of a file, corrupted and random bytes
//! (no panic), short buffers, wrong data lengths, and the textures the readers
//! refuse. Readers nobody here wrote (the `dds` and `ktx2` crates, Pillow, Mesa)
//! read the same files in `tools/texpack` (the CI readers stage).

// Small test sizes and offsets: the casts are exact. Fields are written as the
// specifications give them (decimal offsets, `0 | …` for a zero field).
#![allow(
    clippy::cast_possible_truncation,
    clippy::identity_op,
    clippy::decimal_bitwise_operands
)]

mod common;

use common::{XorShift, miri_thin};
use normkey::texture::{
    AlphaMode, ContainerError, DxgiFormat, Format, TextureDesc, TextureFile, VkFormat, dds, ktx2,
};

/// The little-endian `u32` at byte `at`.
fn word(file: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(file[at..at + 4].try_into().unwrap())
}

/// The little-endian `u64` at byte `at`.
fn long(file: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(file[at..at + 8].try_into().unwrap())
}

/// Level `i` filled with the byte `i + 1`.
fn levels(desc: &TextureDesc) -> Vec<u8> {
    let mut data = vec![0; desc.data_len().unwrap()];
    for i in 0..desc.mip_levels {
        data[desc.level_range(i).unwrap()].fill(i as u8 + 1);
    }
    data
}

/// Random levels.
fn random_levels(desc: &TextureDesc, rng: &mut XorShift) -> Vec<u8> {
    (0..desc.data_len().unwrap())
        .map(|_| rng.next() as u8)
        .collect()
}

/// The DDS file of `desc` with `data`, through `write` (and `to_vec`, which must
/// agree).
fn dds_file(desc: &TextureDesc, data: &[u8], header: dds::Header) -> Vec<u8> {
    let mut out = vec![0xEE; dds::file_len(desc, header).unwrap() + 3];
    let len = dds::write(desc, data, header, &mut out).unwrap();
    assert_eq!(len + 3, out.len());
    assert_eq!(out[len..], [0xEE; 3], "nothing written past the file");
    out.truncate(len);
    #[cfg(feature = "alloc")]
    assert_eq!(dds::to_vec(desc, data, header).unwrap(), out);
    out
}

/// The KTX2 file of `desc` with `data`, as [`dds_file`].
fn ktx2_file(desc: &TextureDesc, data: &[u8]) -> Vec<u8> {
    let mut out = vec![0xEE; ktx2::file_len(desc).unwrap() + 3];
    let len = ktx2::write(desc, data, &mut out).unwrap();
    assert_eq!(len + 3, out.len());
    assert_eq!(out[len..], [0xEE; 3], "nothing written past the file");
    out.truncate(len);
    #[cfg(feature = "alloc")]
    assert_eq!(ktx2::to_vec(desc, data).unwrap(), out);
    out
}

// Offsets from the DDS_HEADER structure: the magic (4 bytes), then dwSize at 4,
// dwFlags 8, dwHeight 12, dwWidth 16, dwPitchOrLinearSize 20, dwDepth 24,
// dwMipMapCount 28, dwReserved1[11] 32..76, ddspf 76..108 (dwSize 76, dwFlags 80,
// dwFourCC 84, dwRGBBitCount 88, masks R 92, G 96, B 100, A 104), dwCaps 108,
// dwCaps2..dwReserved2 112..128; DDS_HEADER_DXT10 at 128: dxgiFormat 128,
// resourceDimension 132, miscFlag 136, arraySize 140, miscFlags2 144; data at 148.
#[test]
fn dds_dx10_header_bytes() {
    let desc = TextureDesc::new(Format::Rgb9e5Ufloat, 5, 3).with_mip_levels(3);
    let file = dds_file(&desc, &levels(&desc), dds::Header::Auto);
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
fn dds_srgb_alpha_modes_and_forced_dx10() {
    let desc = TextureDesc::new(Format::Bgra8UnormSrgb, 2, 2);
    let file = dds_file(&desc, &levels(&desc), dds::Header::Auto);
    assert_eq!(word(&file, 128), 91); // DXGI_FORMAT_B8G8R8A8_UNORM_SRGB
    assert_eq!(word(&file, 108), 0x1000); // one level: DDSCAPS_TEXTURE only
    assert_eq!(word(&file, 144), 1); // DDS_ALPHA_MODE_STRAIGHT
    let desc = desc.with_alpha(AlphaMode::Premultiplied);
    let file = dds_file(&desc, &levels(&desc), dds::Header::Auto);
    assert_eq!(word(&file, 144), 2); // DDS_ALPHA_MODE_PREMULTIPLIED
    let desc = TextureDesc::new(Format::B5g6r5Unorm, 2, 2);
    let file = dds_file(&desc, &levels(&desc), dds::Header::Dx10);
    assert_eq!(word(&file, 128), 85); // DXGI_FORMAT_B5G6R5_UNORM
    assert_eq!(file.len(), 148 + 8);
}

// The D3D9 formats as DirectX's DDS programming guide lists their masks
// ("Common DDS file resource formats and associated header content").
#[test]
fn dds_legacy_header_bytes() {
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
        let desc = TextureDesc::new(format, 3, 1).with_mip_levels(2);
        let file = dds_file(&desc, &levels(&desc), dds::Header::Auto);
        assert_eq!(word(&file, 80), flags, "{format}");
        assert_eq!(word(&file, 84), 0, "{format}: no FourCC");
        assert_eq!(word(&file, 88), bits, "{format}");
        let got: Vec<u32> = (0..4).map(|i| word(&file, 92 + 4 * i)).collect();
        assert_eq!(got, masks, "{format}");
        assert_eq!(word(&file, 20), 3 * bits / 8, "{format}: pitch");
        // No DX10 header: the data follows the 128 bytes at once (3×1 then 1×1).
        assert_eq!(file.len(), 128 + 4 * bits as usize / 8, "{format}");
    }
    let legacy = Format::ALL
        .into_iter()
        .filter(|&f| dds::legacy_masks(f).is_some());
    assert_eq!(legacy.count(), 5);
}

// KTX 2.0 §3: identifier 0..12, vkFormat 12, typeSize 16, pixelWidth 20,
// pixelHeight 24, pixelDepth 28, layerCount 32, faceCount 36, levelCount 40,
// supercompressionScheme 44; index: dfdByteOffset 48, dfdByteLength 52,
// kvdByteOffset 56, kvdByteLength 60, sgdByteOffset 64 (u64), sgdByteLength 72
// (u64); level index at 80, 24 bytes per level (byteOffset, byteLength,
// uncompressedByteLength, all u64).
#[test]
fn ktx2_header_and_levels() {
    let desc = TextureDesc::new(Format::Rgba8UnormSrgb, 4, 2).with_full_mips();
    let file = ktx2_file(&desc, &levels(&desc));
    assert_eq!(&file[..12], b"\xABKTX 20\xBB\r\n\x1A\n");
    assert_eq!(word(&file, 12), 43); // VK_FORMAT_R8G8B8A8_SRGB
    assert_eq!(word(&file, 16), 1); // typeSize: bytes
    assert_eq!(
        (word(&file, 20), word(&file, 24), word(&file, 28)),
        (4, 2, 0)
    );
    let counts = (
        word(&file, 32),
        word(&file, 36),
        word(&file, 40),
        word(&file, 44),
    );
    assert_eq!(counts, (0, 1, 3, 0));
    let dfd_at = 80 + 3 * 24;
    assert_eq!(word(&file, 48) as usize, dfd_at);
    let dfd_len = 4 + 24 + 4 * 16; // total size, basic block header, 4 samples
    assert_eq!(word(&file, 52) as usize, dfd_len);
    let kvd_sgd = (
        word(&file, 56),
        word(&file, 60),
        long(&file, 64),
        long(&file, 72),
    );
    assert_eq!(kvd_sgd, (0, 0, 0, 0));
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
        let data = &file[at..at + bytes as usize];
        assert!(data.iter().all(|&b| b == level as u8 + 1));
        at += bytes as usize;
    }
    assert_eq!(file.len(), at);
}

/// The DFD of a one-level 1×1 file of `format`, as words.
fn dfd_words(format: Format, alpha: AlphaMode) -> Vec<u32> {
    let desc = TextureDesc::new(format, 1, 1).with_alpha(alpha);
    let file = ktx2_file(&desc, &levels(&desc));
    let (at, len) = (word(&file, 48) as usize, word(&file, 52) as usize);
    (0..len / 4).map(|i| word(&file, at + 4 * i)).collect()
}

// Khronos Data Format Specification 1.3, §5.5: the basic block; sRGB RGBA8
// as the specification's example of R8G8B8A8_SRGB describes it.
#[test]
fn ktx2_dfd_srgb_rgba8() {
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
    assert_eq!(
        dfd_words(Format::Rgba8UnormSrgb, AlphaMode::Straight),
        expected
    );
}

#[test]
fn ktx2_dfd_samples_of_other_kinds() {
    // SNORM16: signed, bounds ±32767.
    let d = dfd_words(Format::R16Snorm, AlphaMode::Straight);
    assert_eq!(
        (d[7], d[9], d[10]),
        (15 << 16 | 0x40 << 24, 0xFFFF_8001, 0x7FFF)
    );
    // rgba16float: float and signed, ±1.0, premultiplied flag set.
    let d = dfd_words(Format::Rgba16Float, AlphaMode::Premultiplied);
    assert_eq!(d[3] >> 24, 1);
    assert_eq!(
        (d[7], d[9], d[10]),
        (15 << 16 | 0xC0 << 24, 0xBF80_0000, 0x3F80_0000)
    );
    // Premultiplied without an alpha channel: no flag.
    assert_eq!(
        dfd_words(Format::Rg16Float, AlphaMode::Premultiplied)[3] >> 24,
        0
    );
    // B10G11R11: three unsigned float samples, 11, 11, 10 bits.
    let d = dfd_words(Format::Rg11b10Ufloat, AlphaMode::Straight);
    assert_eq!(d[0], 4 + 24 + 3 * 16);
    assert_eq!(d[7 + 8], 22 | 9 << 16 | (0x80 | 2) << 24);
    // B5G6R5: B in the low bits first.
    let d = dfd_words(Format::B5g6r5Unorm, AlphaMode::Straight);
    assert_eq!((d[7], d[10]), (4 << 16 | 2 << 24, 31));
    assert_eq!((d[11], d[14]), (5 | 5 << 16 | 1 << 24, 63));
    // RGB9E5: R's mantissa then R's exponent (bits 27..32, exponent qualifier).
    let d = dfd_words(Format::Rgb9e5Ufloat, AlphaMode::Straight);
    assert_eq!(d[0], 4 + 24 + 6 * 16);
    assert_eq!(d[11], 27 | 4 << 16 | 0x20 << 24);
    assert_eq!((d[13], d[14]), (15, 31));
    // bgra8unorm: B, G, R, A in memory order.
    assert_eq!(
        dfd_words(Format::Bgra8Unorm, AlphaMode::Straight)[7] >> 24,
        2
    );
    // typeSize of packed words and of channels.
    for (format, size) in [
        (Format::Bgra4Unorm, 2),
        (Format::Rgb9e5Ufloat, 4),
        (Format::Rg32Float, 4),
        (Format::Rgba16Unorm, 2),
        (Format::Rgba8Snorm, 1),
    ] {
        let desc = TextureDesc::new(format, 1, 1);
        assert_eq!(
            word(&ktx2_file(&desc, &levels(&desc)), 16),
            size,
            "{format}"
        );
    }
}

#[test]
fn ktx2_level_alignment_of_wide_texels() {
    // rgba32float: 16-byte texels, so every level offset is a multiple of 16.
    let desc = TextureDesc::new(Format::Rgba32Float, 3, 3).with_mip_levels(2);
    let file = ktx2_file(&desc, &levels(&desc));
    for level in 0..2 {
        assert_eq!(long(&file, 80 + 24 * level) % 16, 0);
    }
}

/// The sizes of the round trips: squares, odd sides, lines both ways.
const SIZES: [(usize, usize); 6] = [(1, 1), (2, 2), (5, 3), (13, 7), (1, 9), (16, 1)];

/// Checks that `read` gives back `desc` (alpha as the container keeps it) and
/// `data` level by level.
fn check_read(read: &TextureFile<'_>, desc: &TextureDesc, data: &[u8], kept_alpha: bool) {
    let want = if kept_alpha {
        *desc
    } else {
        desc.with_alpha(AlphaMode::Straight)
    };
    assert_eq!(read.desc(), want);
    for i in 0..desc.mip_levels {
        let range = desc.level_range(i).unwrap();
        assert_eq!(
            read.level(i),
            Some(&data[range.clone()]),
            "{desc:?} level {i}"
        );
        assert_eq!(read.level_range(i).unwrap().len(), range.len());
    }
    assert_eq!(read.level(desc.mip_levels), None);
    assert_eq!(read.level_range(desc.mip_levels), None);
}

#[test]
fn round_trips_of_every_format_mip_count_and_alpha() {
    let mut rng = XorShift(0x9E37_79B9_7F4A_7C15);
    for format in miri_thin(Format::ALL, 3) {
        for (w, h) in miri_thin(SIZES, 3) {
            let full = TextureDesc::new(format, w, h).with_full_mips().mip_levels;
            for mips in miri_thin(1..=full, 2) {
                for alpha in [AlphaMode::Straight, AlphaMode::Premultiplied] {
                    let desc = TextureDesc::new(format, w, h)
                        .with_mip_levels(mips)
                        .with_alpha(alpha);
                    let data = random_levels(&desc, &mut rng);
                    let has_alpha = format.channels() == 4;
                    for header in [dds::Header::Auto, dds::Header::Dx10] {
                        let file = dds_file(&desc, &data, header);
                        let legacy =
                            header == dds::Header::Auto && dds::legacy_masks(format).is_some();
                        check_read(
                            &dds::read(&file).unwrap(),
                            &desc,
                            &data,
                            has_alpha && !legacy,
                        );
                    }
                    let file = ktx2_file(&desc, &data);
                    check_read(&ktx2::read(&file).unwrap(), &desc, &data, has_alpha);
                }
            }
        }
    }
}

/// A container's reader.
type Read = fn(&[u8]) -> Result<TextureFile<'_>, ContainerError>;

/// Reads `file` with `read` (which must not panic) and, when it succeeds, checks
/// that every level lies inside the file.
fn read_any(read: Read, file: &[u8]) -> bool {
    match read(file) {
        Ok(t) => {
            for i in 0..t.desc().mip_levels {
                let range = t.level_range(i).unwrap();
                assert!(range.end <= file.len());
                assert_eq!(t.level(i).unwrap().len(), range.len());
            }
            true
        }
        Err(e) => {
            assert!(!e.to_string().is_empty());
            false
        }
    }
}

#[test]
fn every_prefix_of_a_file_is_an_error() {
    for format in [Format::Rgba16Float, Format::B5g6r5Unorm, Format::R8Unorm] {
        let desc = TextureDesc::new(format, 5, 3).with_full_mips();
        let data = levels(&desc);
        let files: [(Read, Vec<u8>); 3] = [
            (dds::read, dds_file(&desc, &data, dds::Header::Auto)),
            (dds::read, dds_file(&desc, &data, dds::Header::Dx10)),
            (ktx2::read, ktx2_file(&desc, &data)),
        ];
        for (read, file) in files {
            for len in miri_thin(0..file.len(), 7) {
                assert!(!read_any(read, &file[..len]), "{format}: prefix of {len}");
                assert!(matches!(
                    read(&file[..len]),
                    Err(ContainerError::Truncated { needed, len: l }) if l == len && needed > len
                ));
            }
            assert!(read_any(read, &file));
        }
    }
}

#[test]
fn corrupted_and_random_bytes_never_panic() {
    let mut rng = XorShift(0x2545_F491_4F6C_DD1D);
    let desc = TextureDesc::new(Format::Rgba8Unorm, 6, 5).with_full_mips();
    let legacy = TextureDesc {
        format: Format::Bgra8Unorm,
        ..desc
    };
    let data = levels(&desc);
    let files: [(Read, Vec<u8>); 3] = [
        (dds::read, dds_file(&desc, &data, dds::Header::Auto)),
        (dds::read, dds_file(&legacy, &data, dds::Header::Auto)),
        (ktx2::read, ktx2_file(&desc, &data)),
    ];
    for (read, file) in files {
        // Each header byte set to each of a few values, and random corruptions.
        for at in miri_thin(0..file.len().min(200), 9) {
            for v in [0, 1, 2, 3, 6, 0x20, 0x7F, 0x80, 0xFF] {
                let mut bad = file.clone();
                bad[at] = v;
                read_any(read, &bad);
            }
        }
        for _ in 0..if cfg!(miri) { 20 } else { 2000 } {
            let mut bad = file.clone();
            for _ in 0..=rng.next() % 4 {
                let at = rng.next() as usize % bad.len().min(200);
                bad[at] = rng.next() as u8;
            }
            read_any(read, &bad);
        }
    }
    // Random bytes behind each magic.
    for _ in 0..if cfg!(miri) { 20 } else { 2000 } {
        let len = rng.next() as usize % 300;
        let mut bytes: Vec<u8> = (0..len).map(|_| rng.next() as u8).collect();
        read_any(dds::read, &bytes);
        read_any(ktx2::read, &bytes);
        bytes.splice(0..len.min(4), *b"DDS ");
        read_any(dds::read, &bytes);
        bytes.splice(0..len.min(4), ktx2::IDENTIFIER);
        read_any(ktx2::read, &bytes);
    }
}

#[test]
fn write_errors_leave_the_buffer_untouched() {
    let desc = TextureDesc::new(Format::Rgba8Unorm, 4, 4).with_full_mips();
    let data = levels(&desc);
    let needed = dds::file_len(&desc, dds::Header::Auto).unwrap();
    for len in miri_thin(0..needed, 11) {
        let mut out = vec![0xAB; len];
        let got = dds::write(&desc, &data, dds::Header::Auto, &mut out);
        assert_eq!(got, Err(ContainerError::BufferTooSmall { needed }));
        assert!(out.iter().all(|&b| b == 0xAB));
    }
    let needed = ktx2::file_len(&desc).unwrap();
    for len in miri_thin(0..needed, 11) {
        let mut out = vec![0xAB; len];
        let got = ktx2::write(&desc, &data, &mut out);
        assert_eq!(got, Err(ContainerError::BufferTooSmall { needed }));
        assert!(out.iter().all(|&b| b == 0xAB));
    }
    let mut out = vec![0xAB; 1024];
    let short = &data[..data.len() - 1];
    let wrong = Err(ContainerError::DataLength {
        expected: data.len(),
        len: data.len() - 1,
    });
    assert_eq!(dds::write(&desc, short, dds::Header::Auto, &mut out), wrong);
    assert_eq!(ktx2::write(&desc, short, &mut out), wrong);
    assert!(out.iter().all(|&b| b == 0xAB));
}

#[test]
fn invalid_descriptions() {
    let f = Format::R8Unorm;
    let bad = [
        TextureDesc::new(f, 0, 4),
        TextureDesc::new(f, 4, 0),
        TextureDesc::new(f, 4, 4).with_mip_levels(0),
        TextureDesc::new(f, 4, 4).with_mip_levels(4),
        TextureDesc::new(f, 4, 4)
            .with_full_mips()
            .with_mip_levels(4),
    ];
    for desc in bad {
        let mut out = [0u8; 512];
        let data = vec![0; desc.data_len().unwrap_or(0)];
        assert_eq!(
            dds::file_len(&desc, dds::Header::Auto),
            Err(ContainerError::InvalidDesc)
        );
        assert_eq!(ktx2::file_len(&desc), Err(ContainerError::InvalidDesc));
        let got = dds::write(&desc, &data, dds::Header::Auto, &mut out);
        assert_eq!(got, Err(ContainerError::InvalidDesc));
        assert_eq!(
            ktx2::write(&desc, &data, &mut out),
            Err(ContainerError::InvalidDesc)
        );
    }
    #[cfg(target_pointer_width = "64")]
    {
        let wide = TextureDesc::new(f, 1 << 32, 1);
        assert_eq!(ktx2::file_len(&wide), Err(ContainerError::InvalidDesc));
        // 2^68 bytes: sides a container can hold, a length `usize` cannot.
        let huge = TextureDesc::new(Format::Rgba32Float, u32::MAX as usize, u32::MAX as usize);
        assert_eq!(huge.data_len(), None);
        let too_large = Err(ContainerError::TooLarge);
        assert_eq!(dds::file_len(&huge, dds::Header::Auto), too_large);
        assert_eq!(ktx2::file_len(&huge), too_large);
    }
}

/// A minimal valid file of each container to edit: a 4×4 `rgba8unorm` DX10 DDS
/// and KTX2 file of three levels.
fn files() -> (Vec<u8>, Vec<u8>) {
    let desc = TextureDesc::new(Format::Rgba8Unorm, 4, 4).with_full_mips();
    let data = levels(&desc);
    (
        dds_file(&desc, &data, dds::Header::Auto),
        ktx2_file(&desc, &data),
    )
}

/// `file` with the `u32` at `at` set to `v`.
fn with_word(file: &[u8], at: usize, v: u32) -> Vec<u8> {
    let mut f = file.to_vec();
    f[at..at + 4].copy_from_slice(&v.to_le_bytes());
    f
}

#[test]
fn what_the_readers_refuse() {
    use ContainerError::{
        Malformed, UnknownDxgi, UnknownPixelFormat, UnknownVkFormat, Unsupported, WrongContainer,
    };
    let (dds_4x4, ktx2_4x4) = files();
    let desc = TextureDesc::new(Format::Bgra8Unorm, 1, 1);
    let legacy = dds_file(&desc, &[1, 2, 3, 4], dds::Header::Auto);
    assert_eq!(dds::read(&legacy).unwrap().desc(), desc);
    let dxt1 = u32::from_le_bytes(*b"DXT1");
    // Each file with the `u32` at an offset set to a value, and the error.
    let (d, k, l): (&[u8], &[u8], &[u8]) = (&dds_4x4, &ktx2_4x4, &legacy);
    let (dds, ktx2): (Read, Read) = (dds::read, ktx2::read);
    #[rustfmt::skip]
    let cases = [
        // DDS_HEADER: the magic, dwSize, dwCaps2, the FourCC.
        (dds, d, 0, 0x2053_4444 ^ 1, WrongContainer),
        (dds, d, 4, 123, Malformed("dwSize is not 124")),
        (dds, d, 112, 0x200, Unsupported("cube map")),
        (dds, d, 112, 0x20_0000, Unsupported("volume texture")),
        (dds, d, 84, dxt1, UnknownPixelFormat),
        // DDS_HEADER_DXT10: dxgiFormat, resourceDimension, miscFlag, arraySize.
        (dds, d, 128, 27, UnknownDxgi(DxgiFormat(27))), // R8G8B8A8_TYPELESS
        (dds, d, 132, 2, Unsupported("1D texture")),
        (dds, d, 132, 4, Unsupported("volume texture")),
        (dds, d, 132, 9, Malformed("resourceDimension is not 2, 3 or 4")),
        (dds, d, 136, 4, Unsupported("cube map")),
        (dds, d, 140, 0, Malformed("arraySize is 0")),
        (dds, d, 140, 6, Unsupported("texture array")),
        // The sizes: dwWidth, dwMipMapCount.
        (dds, d, 16, 0, Malformed("a side is 0")),
        (dds, d, 28, 4, Malformed("more levels than the chain has")), // 4×4 has 3
        // Legacy masks without DDPF_ALPHAPIXELS (X8R8G8B8) or DDPF_RGB.
        (dds, l, 80, 0x40, UnknownPixelFormat),
        (dds, l, 80, 0, UnknownPixelFormat),
        // KTX2: the identifier, vkFormat, the kind of texture.
        (ktx2, k, 4, 0x2030_2059, WrongContainer), // "Y 02"
        (ktx2, k, 12, 5, UnknownVkFormat(VkFormat(5))), // B5G6R5_UNORM_PACK16
        (ktx2, k, 28, 1, Unsupported("volume texture")),
        (ktx2, k, 32, 2, Unsupported("texture array")),
        (ktx2, k, 36, 6, Unsupported("cube map")),
        (ktx2, k, 44, 2, Unsupported("supercompression")),
        (ktx2, k, 24, 0, Unsupported("1D texture")),
        // The sizes, the index and the level index.
        (ktx2, k, 20, 0, Malformed("pixelWidth is 0")),
        (ktx2, k, 40, 4, Malformed("more levels than the chain has")),
        (ktx2, k, 52, 8, Malformed("the DFD is shorter than a basic block's header")),
        (ktx2, k, 80 + 8, 63, Malformed("a level's byteLength is not its size")),
    ];
    for (read, file, at, v, want) in cases {
        let got = read(&with_word(file, at, v)).map(|t| t.desc());
        assert_eq!(got, Err(want), "u32 {v} at byte {at}");
    }
    // DDS dwMipMapCount 0 and KTX2 levelCount 0 (mips made by the loader) read
    // as one level; bytes after the last level are allowed.
    assert_eq!(dds(&with_word(d, 28, 0)).unwrap().desc().mip_levels, 1);
    assert_eq!(ktx2(&with_word(k, 40, 0)).unwrap().desc().mip_levels, 1);
}

#[test]
fn typed_codes() {
    for f in Format::ALL {
        let (d, v) = (f.dxgi().unwrap(), f.vk_format().unwrap());
        assert_eq!(Format::from_dxgi(d), Some(f));
        assert_eq!(Format::from_vk_format(v), Some(f));
        assert_eq!(DxgiFormat::from(u32::from(d)), d);
        assert_eq!(d.to_string(), d.0.to_string());
        assert_eq!(format!("{v:>12}"), format!("{:>12}", v.0));
    }
}
