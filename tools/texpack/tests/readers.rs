//! normkey's DDS and KTX2 files (`normkey::texture::dds`, `ktx2`, as texpack
//! writes them) read back by Rust readers nobody here wrote: image-rs's `dds`
//! crate decodes every code image to `f32` (compared with normkey's decode, bit
//! for bit), and the `ktx2` crate parses the KTX2 headers, DFDs and levels. The CI
//! readers stage runs this with `--nocapture` to print the table.

// Test sizes and values are small: the casts are exact.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss
)]

use std::fmt::Write as _;
use std::io::Cursor;

use texpack::{AlphaMode, Format, ImageLayout, Texture, TextureDesc, codes};
use texpack::{dds as dds_file, ktx2 as ktx2_file};

/// The code image of `format` and normkey's decode of it.
fn code_texture(format: Format) -> (Texture, Vec<[f32; 4]>) {
    let (bytes, height) = codes::codes(format);
    let mut decoded = vec![[0.0f32; 4]; codes::WIDTH as usize * height];
    let pitch = codes::WIDTH as usize * format.bytes_per_texel();
    format
        .decode_rows(
            &bytes,
            ImageLayout::new(codes::WIDTH as usize, height, pitch),
            &mut decoded,
        )
        .unwrap();
    let texture = Texture {
        desc: TextureDesc::new(format, codes::WIDTH as usize, height),
        data: bytes,
    };
    (texture, decoded)
}

/// The `dds` crate's `f32` RGBA decode of a DDS file, or its error.
fn dds_decode(file: &[u8]) -> Result<Vec<[f32; 4]>, String> {
    let mut decoder = dds::Decoder::new(Cursor::new(file)).map_err(|e| e.to_string())?;
    let size = decoder.main_size();
    let mut out = vec![0u8; size.pixels() as usize * 16];
    let view = dds::ImageViewMut::new(&mut out, size, dds::ColorFormat::RGBA_F32).unwrap();
    decoder.read_surface(view).map_err(|e| e.to_string())?;
    Ok(out
        .chunks_exact(16)
        .map(|t| {
            std::array::from_fn(|c| f32::from_le_bytes(t[4 * c..4 * c + 4].try_into().unwrap()))
        })
        .collect())
}

/// The texels whose format's own channels (R; R, G; R, G, B; or all four) differ
/// in bits: `(values, nan)`, the texels with a different value and those that
/// differ only in NaN payloads (both NaN); and the first texel of the first kind.
fn differences(
    format: Format,
    got: &[[f32; 4]],
    want: &[[f32; 4]],
) -> (usize, usize, Option<usize>) {
    let n = format.channels();
    let (mut values, mut nan, mut first) = (0, 0, None);
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let differ = |c: usize| g[c].to_bits() != w[c].to_bits();
        if (0..n).any(|c| differ(c) && !(g[c].is_nan() && w[c].is_nan())) {
            values += 1;
            first = first.or(Some(i));
        } else if (0..n).any(differ) {
            nan += 1;
        }
    }
    (values, nan, first)
}

/// SNORM as the `dds` crate returns it in `f32`: mapped to [0, 1] as `(v + 1) / 2`
/// (computed in `f64` from normkey's value, rounded once).
fn to_unit(v: [f32; 4]) -> [f32; 4] {
    v.map(|x| f64::midpoint(f64::from(x), 1.0) as f32)
}

/// The measured table: per format, the texels of the code image where the `dds`
/// crate's `f32` decode differs from normkey's in value and in NaN payload only
/// (`usize::MAX`: not read). Kept here so that a change on either side shows.
/// Every other format decodes bit for bit.
const DDS_CRATE_DIFFERS: &[(&str, usize, usize)] = &[
    // SNORM comes back mapped to [0, 1], computed in `f32`: up to 1 ulp from the
    // correctly rounded (v + 1) / 2, so not comparable bit for bit.
    ("r8snorm", 75, 0),
    ("rg8snorm", 32775, 0),
    ("rgba8snorm", 49152, 0),
    ("r16snorm", 19114, 0),
    ("rg16snorm", 32294, 0),
    ("rgba16snorm", 48805, 0),
    // Every value exact; the payloads of NaN codes differ.
    ("r16float", 0, 2044),
    ("rg16float", 0, 3408),
    ("rgba16float", 0, 6794),
    ("rg11b10ufloat", 0, 5056),
    // D3D9's A2B10G10R10 masks: "Unsupported pixel format in the DDS header".
    ("rgb10a2unorm", usize::MAX, usize::MAX),
];

#[test]
fn dds_crate_decodes_every_code() {
    println!(
        "\nthe dds crate (DX10 header unless noted), f32 decode against normkey's, bit for bit:"
    );
    println!(
        "{:<16} {:>6} {:>7} {:>7}  note",
        "format", "codes", "values", "NaN"
    );
    let mut table = Vec::new();
    let legacy = Format::ALL
        .into_iter()
        .filter(|&f| dds_file::legacy_masks(f).is_some());
    let runs = Format::ALL.into_iter().map(|f| (f, dds_file::Header::Dx10));
    for (format, header) in runs.chain(legacy.map(|f| (f, dds_file::Header::Auto))) {
        let (texture, mut normkey) = code_texture(format);
        let file = dds_file::to_vec(&texture.desc, &texture.data, header).unwrap();
        let name = match header {
            dds_file::Header::Dx10 => format.name().to_string(),
            dds_file::Header::Auto => format!("{} (masks)", format.name()),
        };
        let decoded = match dds_decode(&file) {
            Ok(d) => d,
            Err(e) => {
                println!(
                    "{name:<16} {:>6} {:>7} {:>7}  not read: {e}",
                    normkey.len(),
                    "-",
                    "-"
                );
                table.push((format.name(), usize::MAX, usize::MAX));
                continue;
            }
        };
        let mut note = String::new();
        if format.name().contains("snorm") {
            for t in &mut normkey {
                *t = to_unit(*t);
            }
            note = "SNORM returned in [0, 1]: against (normkey + 1) / 2".into();
        }
        if format.is_srgb() {
            // Read as its linear twin (no sRGB transfer), so compare with that.
            normkey = code_texture(format.remove_srgb_suffix()).1;
            note = "sRGB read as its UNORM twin (no transfer): against that".into();
        }
        let (values, nan, first) = differences(format, &decoded, &normkey);
        if let Some(i) = first {
            let _ = write!(
                note,
                "; first: texel {i}, dds {:?}, normkey {:?}",
                decoded[i], normkey[i]
            );
        }
        println!(
            "{name:<16} {:>6} {values:>7} {nan:>7}  {note}",
            normkey.len()
        );
        if values + nan > 0 {
            table.push((format.name(), values, nan));
        }
    }
    assert_eq!(table, DDS_CRATE_DIFFERS);
}

#[test]
fn ktx2_crate_reads_headers_and_levels() {
    // A 13×7 gradient with mips (4 levels) in every format.
    let (width, height) = (13, 7);
    let texels: Vec<[f32; 4]> = (0..width * height)
        .map(|i| {
            let t = i as f32 / (width * height) as f32;
            [t, 1.0 - t, t * t, 0.5]
        })
        .collect();
    for format in Format::ALL {
        let texture =
            Texture::pack(&texels, width, height, format, true, AlphaMode::Straight).unwrap();
        let file = ktx2_file::to_vec(&texture.desc, &texture.data).unwrap();
        let reader = ktx2::Reader::new(&file[..]).unwrap_or_else(|e| panic!("{format}: {e:?}"));
        let header = reader.header();
        assert_eq!(
            header.format.map(|f| f.value()),
            format.vk_format().map(u32::from),
            "{format}"
        );
        assert_eq!(
            (header.pixel_width, header.pixel_height),
            (13, 7),
            "{format}"
        );
        assert_eq!(
            (header.pixel_depth, header.layer_count, header.face_count),
            (0, 0, 1)
        );
        assert_eq!(header.level_count, 4, "{format}");
        assert!(header.supercompression_scheme.is_none());
        let levels: Vec<&[u8]> = reader.levels().map(|l| l.data).collect();
        assert_eq!(levels.len(), 4);
        for (i, got) in levels.iter().enumerate() {
            assert_eq!(*got, texture.level(i), "{format}");
        }
        let transfer = reader.transfer_function().map(|t| t.value());
        assert_eq!(
            transfer,
            Some(if format.is_srgb() { 2 } else { 1 }),
            "{format}"
        );
        assert_eq!(
            reader.color_model().map(|m| m.value()),
            Some(1),
            "{format}: RGBSDA"
        );
        assert_eq!(reader.is_alpha_premultiplied(), Some(false), "{format}");
        let dfd = reader.basic_dfd().unwrap();
        assert_eq!(
            dfd.bytes_planes[0] as usize,
            format.bytes_per_texel(),
            "{format}"
        );
        let samples = if format == Format::Rgb9e5Ufloat {
            6
        } else {
            format.channels()
        };
        assert_eq!(dfd.sample_information.len(), samples, "{format}");
    }
}
