//! `texture::Format` against tables written by others (`wgpu-types`: names, sizes,
//! channel counts, sRGB twins; `ddsfile::DxgiFormat`: DXGI codes and sizes;
//! `ash::vk::Format`: `VkFormat` numbers), the `Texel` impls, and
//! `encode_rows`/`decode_rows`, their channel forms `encode_channel_rows`/
//! `decode_channel_rows`, `row_pitch` and `layout` on random layouts against a model
//! built from the scalar conversions of each channel type (the channel forms also
//! bit for bit against the `[f32; 4]` forms).

// Codes, sizes and exact values move between integers and floats on purpose.
#![allow(
    clippy::float_cmp,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::many_single_char_names
)]

mod common;
use common::{XorShift, miri_thin};

use ash::vk;
use ddsfile::{DataFormat, DxgiFormat as D};
use normkey::storage::{Snorm8, Snorm16, Unorm8, Unorm16};
use normkey::texture::{
    B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Bgra8Unorm, Bgra8UnormSrgb, DxgiFormat, Format,
    ImageLayout, LayoutError, Rg11b10Ufloat, Rgb9e5Ufloat, Rgb10a2Unorm, Rgba8Unorm,
    Rgba8UnormSrgb, Texel, VkFormat, f16_to_f32, f32_to_f16,
};
use wgpu_types::TextureFormat;

use Format as F;

/// Every format with its DXGI code and `VkFormat`, from the peers' tables.
fn codes() -> Vec<(Format, D, vk::Format)> {
    vec![
        (F::R8Unorm, D::R8_UNorm, vk::Format::R8_UNORM),
        (F::R8Snorm, D::R8_SNorm, vk::Format::R8_SNORM),
        (F::Rg8Unorm, D::R8G8_UNorm, vk::Format::R8G8_UNORM),
        (F::Rg8Snorm, D::R8G8_SNorm, vk::Format::R8G8_SNORM),
        (F::Rgba8Unorm, D::R8G8B8A8_UNorm, vk::Format::R8G8B8A8_UNORM),
        (
            F::Rgba8UnormSrgb,
            D::R8G8B8A8_UNorm_sRGB,
            vk::Format::R8G8B8A8_SRGB,
        ),
        (F::Rgba8Snorm, D::R8G8B8A8_SNorm, vk::Format::R8G8B8A8_SNORM),
        (F::Bgra8Unorm, D::B8G8R8A8_UNorm, vk::Format::B8G8R8A8_UNORM),
        (
            F::Bgra8UnormSrgb,
            D::B8G8R8A8_UNorm_sRGB,
            vk::Format::B8G8R8A8_SRGB,
        ),
        (F::R16Unorm, D::R16_UNorm, vk::Format::R16_UNORM),
        (F::R16Snorm, D::R16_SNorm, vk::Format::R16_SNORM),
        (F::Rg16Unorm, D::R16G16_UNorm, vk::Format::R16G16_UNORM),
        (F::Rg16Snorm, D::R16G16_SNorm, vk::Format::R16G16_SNORM),
        (
            F::Rgba16Unorm,
            D::R16G16B16A16_UNorm,
            vk::Format::R16G16B16A16_UNORM,
        ),
        (
            F::Rgba16Snorm,
            D::R16G16B16A16_SNorm,
            vk::Format::R16G16B16A16_SNORM,
        ),
        (F::R16Float, D::R16_Float, vk::Format::R16_SFLOAT),
        (F::Rg16Float, D::R16G16_Float, vk::Format::R16G16_SFLOAT),
        (
            F::Rgba16Float,
            D::R16G16B16A16_Float,
            vk::Format::R16G16B16A16_SFLOAT,
        ),
        (F::R32Float, D::R32_Float, vk::Format::R32_SFLOAT),
        (F::Rg32Float, D::R32G32_Float, vk::Format::R32G32_SFLOAT),
        (
            F::Rgba32Float,
            D::R32G32B32A32_Float,
            vk::Format::R32G32B32A32_SFLOAT,
        ),
        (
            F::Rgb10a2Unorm,
            D::R10G10B10A2_UNorm,
            vk::Format::A2B10G10R10_UNORM_PACK32,
        ),
        (
            F::Rg11b10Ufloat,
            D::R11G11B10_Float,
            vk::Format::B10G11R11_UFLOAT_PACK32,
        ),
        (
            F::Rgb9e5Ufloat,
            D::R9G9B9E5_SharedExp,
            vk::Format::E5B9G9R9_UFLOAT_PACK32,
        ),
        (
            F::B5g6r5Unorm,
            D::B5G6R5_UNorm,
            vk::Format::R5G6B5_UNORM_PACK16,
        ),
        (
            F::Bgr5a1Unorm,
            D::B5G5R5A1_UNorm,
            vk::Format::A1R5G5B5_UNORM_PACK16,
        ),
        (
            F::Bgra4Unorm,
            D::B4G4R4A4_UNorm,
            vk::Format::A4R4G4B4_UNORM_PACK16,
        ),
    ]
}

/// wgpu's format of this name, through its serde names.
fn wgpu(name: &str) -> Option<TextureFormat> {
    serde_json::from_str(&format!("\"{name}\"")).ok()
}

#[test]
fn all_lists_every_variant_once_in_order() {
    let all = Format::ALL;
    assert_eq!(all.len(), codes().len());
    for (i, (f, _, _)) in codes().into_iter().enumerate() {
        assert_eq!(all[i], f);
    }
}

#[test]
fn names_sizes_channels_and_twins_match_wgpu() {
    let not_in_wgpu = [Format::B5g6r5Unorm, Format::Bgr5a1Unorm, Format::Bgra4Unorm];
    for f in Format::ALL {
        let name = f.to_string();
        assert_eq!(name.parse::<Format>(), Ok(f));
        assert_eq!(name.to_uppercase().parse::<Format>(), Ok(f));
        let Some(w) = wgpu(&name) else {
            assert!(not_in_wgpu.contains(&f), "{name}: wgpu has no such name");
            continue;
        };
        assert!(!not_in_wgpu.contains(&f), "{name} is in wgpu");
        assert_eq!(serde_json::to_string(&w).unwrap(), format!("\"{name}\""));
        assert_eq!(
            w.block_copy_size(None),
            Some(f.bytes_per_texel() as u32),
            "{name}"
        );
        assert_eq!(usize::from(w.components()), f.channels(), "{name}");
        assert_eq!(w.is_srgb(), f.is_srgb(), "{name}");
        assert_eq!(
            wgpu(f.add_srgb_suffix().name()),
            Some(w.add_srgb_suffix()),
            "{name}"
        );
        assert_eq!(
            wgpu(f.remove_srgb_suffix().name()),
            Some(w.remove_srgb_suffix()),
            "{name}"
        );
    }
    // The three wgpu lacks: named as wgpu names the others, sRGB-less, sizes from DXGI.
    for f in not_in_wgpu {
        assert!(!f.is_srgb());
        assert_eq!((f.add_srgb_suffix(), f.remove_srgb_suffix()), (f, f));
    }
}

#[test]
fn dxgi_and_vk_codes_match_ddsfile_and_ash() {
    for (f, d, v) in codes() {
        assert_eq!(f.dxgi(), Some(DxgiFormat(d as u32)), "{f}");
        assert_eq!(Format::from_dxgi(DxgiFormat(d as u32)), Some(f), "{f}");
        assert_eq!(
            d.get_bits_per_pixel(),
            Some(8 * f.bytes_per_texel() as u8),
            "{f}"
        );
        let raw = u32::try_from(v.as_raw()).unwrap();
        assert_eq!(f.vk_format(), Some(VkFormat(raw)), "{f}");
        assert_eq!(Format::from_vk_format(VkFormat(raw)), Some(f), "{f}");
    }
    // Every other code is None: each code maps back to the format that names it.
    // Under Miri, every 7th of the two ranges.
    for code in
        miri_thin((0..1024).chain(1_000_000_000..1_000_001_000), 7).chain([1_000_340_001, u32::MAX])
    {
        if let Some(f) = Format::from_dxgi(DxgiFormat(code)) {
            assert_eq!(f.dxgi(), Some(DxgiFormat(code)));
        }
        if let Some(f) = Format::from_vk_format(VkFormat(code)) {
            assert_eq!(f.vk_format(), Some(VkFormat(code)));
        }
    }
    // The naming trap: Vulkan's B5G6R5 is the other layout.
    assert_eq!(
        Format::from_vk_format(VkFormat(vk::Format::B5G6R5_UNORM_PACK16.as_raw() as u32)),
        None
    );
    assert_eq!(
        Format::from_vk_format(VkFormat(vk::Format::B4G4R4A4_UNORM_PACK16.as_raw() as u32)),
        None
    );
}

#[test]
fn parse_errors_list_every_name() {
    for bad in [
        "",
        "rgba8",
        "rg11b10float",
        "r8unorm ",
        "rgba8unorm-srgb-srgb",
    ] {
        let err = bad.parse::<Format>().unwrap_err();
        let text = err.to_string();
        for f in Format::ALL {
            assert!(text.contains(f.name()), "{text}");
        }
        let _: &dyn std::error::Error = &err;
    }
}

/// The little-endian bytes of a typed texel, as the model writes them.
trait LeBytes: Texel {
    fn bytes(self) -> Vec<u8>;
}

macro_rules! le_bytes {
    ($($T:ident: $to:ident),*) => {$(
        impl LeBytes for $T {
            fn bytes(self) -> Vec<u8> {
                self.$to().to_vec()
            }
        }
    )*};
}

le_bytes!(
    Unorm8: to_le_bytes, Snorm8: to_le_bytes, Unorm16: to_le_bytes, Snorm16: to_le_bytes,
    Rgba8Unorm: to_bytes, Rgba8UnormSrgb: to_bytes, Bgra8Unorm: to_bytes, Bgra8UnormSrgb: to_bytes,
    Rgb10a2Unorm: to_le_bytes, Rg11b10Ufloat: to_le_bytes, Rgb9e5Ufloat: to_le_bytes,
    B5g6r5Unorm: to_le_bytes, Bgr5a1Unorm: to_le_bytes, Bgra4Unorm: to_le_bytes
);

/// The model's bytes of one texel: the typed format's, or each channel's own
/// scalar conversion for the formats without a type.
fn model_encode(f: Format, rgba: [f32; 4]) -> Vec<u8> {
    fn typed<T: LeBytes>(rgba: [f32; 4]) -> Vec<u8> {
        T::from_rgba(rgba).bytes()
    }
    fn each(rgba: [f32; 4], n: usize, channel: impl Fn(f32) -> Vec<u8>) -> Vec<u8> {
        rgba[..n].iter().flat_map(|&x| channel(x)).collect()
    }
    let n = f.channels();
    match f {
        F::R8Unorm | F::Rg8Unorm => each(rgba, n, |x| Unorm8::from_f32(x).to_le_bytes().to_vec()),
        F::R8Snorm | F::Rg8Snorm | F::Rgba8Snorm => {
            each(rgba, n, |x| Snorm8::from_f32(x).to_le_bytes().to_vec())
        }
        F::R16Unorm | F::Rg16Unorm | F::Rgba16Unorm => {
            each(rgba, n, |x| Unorm16::from_f32(x).to_le_bytes().to_vec())
        }
        F::R16Snorm | F::Rg16Snorm | F::Rgba16Snorm => {
            each(rgba, n, |x| Snorm16::from_f32(x).to_le_bytes().to_vec())
        }
        F::R16Float | F::Rg16Float | F::Rgba16Float => {
            each(rgba, n, |x| f32_to_f16(x).to_le_bytes().to_vec())
        }
        F::R32Float | F::Rg32Float | F::Rgba32Float => each(rgba, n, |x| x.to_le_bytes().to_vec()),
        F::Rgba8Unorm => typed::<Rgba8Unorm>(rgba),
        F::Rgba8UnormSrgb => typed::<Rgba8UnormSrgb>(rgba),
        F::Bgra8Unorm => typed::<Bgra8Unorm>(rgba),
        F::Bgra8UnormSrgb => typed::<Bgra8UnormSrgb>(rgba),
        F::Rgb10a2Unorm => typed::<Rgb10a2Unorm>(rgba),
        F::Rg11b10Ufloat => typed::<Rg11b10Ufloat>(rgba),
        F::Rgb9e5Ufloat => typed::<Rgb9e5Ufloat>(rgba),
        F::B5g6r5Unorm => typed::<B5g6r5Unorm>(rgba),
        F::Bgr5a1Unorm => typed::<Bgr5a1Unorm>(rgba),
        F::Bgra4Unorm => typed::<Bgra4Unorm>(rgba),
        _ => unreachable!("a format the model does not know: {f}"),
    }
}

/// The model's texel of some bytes.
fn model_decode(f: Format, b: &[u8]) -> [f32; 4] {
    fn each(b: &[u8], size: usize, channel: impl Fn(&[u8]) -> f32) -> [f32; 4] {
        let mut out = [0.0, 0.0, 0.0, 1.0];
        for (x, c) in out.iter_mut().zip(b.chunks(size)) {
            *x = channel(c);
        }
        out
    }
    let u16le = |c: &[u8]| u16::from_le_bytes([c[0], c[1]]);
    let u32le = |c: &[u8]| u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    let rgba8 = |c: &[u8]| [c[0], c[1], c[2], c[3]];
    match f {
        F::R8Unorm | F::Rg8Unorm => each(b, 1, |c| Unorm8::from_bits(c[0]).to_f32()),
        F::R8Snorm | F::Rg8Snorm | F::Rgba8Snorm => {
            each(b, 1, |c| Snorm8::from_bits(c[0] as i8).to_f32())
        }
        F::R16Unorm | F::Rg16Unorm | F::Rgba16Unorm => {
            each(b, 2, |c| Unorm16::from_bits(u16le(c)).to_f32())
        }
        F::R16Snorm | F::Rg16Snorm | F::Rgba16Snorm => {
            each(b, 2, |c| Snorm16::from_bits(u16le(c) as i16).to_f32())
        }
        F::R16Float | F::Rg16Float | F::Rgba16Float => each(b, 2, |c| f16_to_f32(u16le(c))),
        F::R32Float | F::Rg32Float | F::Rgba32Float => each(b, 4, |c| f32::from_bits(u32le(c))),
        F::Rgba8Unorm => Rgba8Unorm::from_bytes(rgba8(b)).to_rgba(),
        F::Rgba8UnormSrgb => Rgba8UnormSrgb::from_bytes(rgba8(b)).to_rgba(),
        F::Bgra8Unorm => Bgra8Unorm::from_bytes(rgba8(b)).to_rgba(),
        F::Bgra8UnormSrgb => Bgra8UnormSrgb::from_bytes(rgba8(b)).to_rgba(),
        F::Rgb10a2Unorm => Rgb10a2Unorm::from_bits(u32le(b)).to_rgba(),
        F::Rg11b10Ufloat => Texel::to_rgba(Rg11b10Ufloat::from_bits(u32le(b))),
        F::Rgb9e5Ufloat => Texel::to_rgba(Rgb9e5Ufloat::from_bits(u32le(b))),
        F::B5g6r5Unorm => Texel::to_rgba(B5g6r5Unorm::from_bits(u16le(b))),
        F::Bgr5a1Unorm => Bgr5a1Unorm::from_bits(u16le(b)).to_rgba(),
        F::Bgra4Unorm => Bgra4Unorm::from_bits(u16le(b)).to_rgba(),
        _ => unreachable!("a format the model does not know: {f}"),
    }
}

/// Bit-equal texels (so NaN payloads and −0 count).
fn same(a: [f32; 4], b: [f32; 4]) -> bool {
    a.map(f32::to_bits) == b.map(f32::to_bits)
}

#[test]
fn texel_formats_and_channel_defaults() {
    fn check<T: LeBytes>(f: Format) {
        assert_eq!(T::FORMAT, f);
        assert_eq!(size_of::<T>(), f.bytes_per_texel());
        let mut rng = XorShift(0x0007_E7E1);
        for _ in miri_thin(0..2000, 100) {
            let rgba = [rng.f32(), rng.f32(), rng.f32(), rng.f32()];
            let t = T::from_rgba(rgba);
            assert_eq!(t.bytes(), model_encode(f, rgba), "{f} {rgba:?}");
            let back = t.to_rgba();
            assert!(same(back, model_decode(f, &t.bytes())), "{f}");
            // Channels the format lacks: ignored when encoding, 0, 0, 1 when decoding.
            let n = f.channels();
            let mut other = rgba;
            other[n..].fill(f32::NAN);
            assert_eq!(T::from_rgba(other), t, "{f}");
            assert_eq!(back[n..], [0.0, 0.0, 0.0, 1.0][n..], "{f}");
        }
    }
    check::<Unorm8>(Format::R8Unorm);
    check::<Snorm8>(Format::R8Snorm);
    check::<Unorm16>(Format::R16Unorm);
    check::<Snorm16>(Format::R16Snorm);
    check::<Rgba8Unorm>(Format::Rgba8Unorm);
    check::<Rgba8UnormSrgb>(Format::Rgba8UnormSrgb);
    check::<Bgra8Unorm>(Format::Bgra8Unorm);
    check::<Bgra8UnormSrgb>(Format::Bgra8UnormSrgb);
    check::<Rgb10a2Unorm>(Format::Rgb10a2Unorm);
    check::<Rg11b10Ufloat>(Format::Rg11b10Ufloat);
    check::<Rgb9e5Ufloat>(Format::Rgb9e5Ufloat);
    check::<B5g6r5Unorm>(Format::B5g6r5Unorm);
    check::<Bgr5a1Unorm>(Format::Bgr5a1Unorm);
    check::<Bgra4Unorm>(Format::Bgra4Unorm);
}

/// A layout's validity and row bytes, computed in `u128` (no overflow), for an
/// `f32` side of `elements` elements, `per` of them a texel (1 for `[f32; 4]`
/// texels, the channels for the channel forms' floats).
fn model_layout(
    f: Format,
    (elements, per): (usize, usize),
    width: usize,
    height: usize,
    bytes: usize,
    pitch: usize,
) -> Result<usize, ()> {
    // Products of two values below 2⁶⁴ fit a u128.
    const { assert!(usize::BITS <= 64) };
    let (w, h, p, b) = (
        width as u128,
        height as u128,
        pitch as u128,
        f.bytes_per_texel() as u128,
    );
    let row = w * b;
    let needed = if h == 0 {
        Some(0)
    } else {
        ((h - 1) * p).checked_add(row)
    };
    let Some(needed) = needed else { return Err(()) };
    let fits = |x: u128| x <= usize::MAX as u128;
    let count = (w * h).checked_mul(per as u128).filter(|&c| fits(c));
    if count != Some(elements as u128) || !fits(row) || p < row || !fits(needed) {
        return Err(());
    }
    if (bytes as u128) < needed {
        Err(())
    } else {
        Ok(row as usize)
    }
}

/// A random texel: random bits, edge values, NaN in some channels.
fn texel(rng: &mut XorShift) -> [f32; 4] {
    [rng.f32(), rng.f32(), rng.f32(), rng.f32()]
}

#[test]
fn rows_match_the_model_on_random_layouts() {
    let mut rng = XorShift(0x005E_ED0F_2024);
    for f in Format::ALL {
        // Under Miri, one layout per format, not an empty one (the empty
        // ones: `bad_layouts_are_errors_and_touch_nothing`).
        for _ in miri_thin(0..300, 300) {
            let width = (rng.next() % 9) as usize;
            let height = (rng.next() % 5) as usize;
            let (width, height) = if cfg!(miri) {
                (width.max(1), height.max(1))
            } else {
                (width, height)
            };
            let bpt = f.bytes_per_texel();
            let pitch = width * bpt + (rng.next() % 7) as usize;
            let offset = (rng.next() % 4) as usize; // misaligned starts
            let src: Vec<[f32; 4]> = (0..width * height).map(|_| texel(&mut rng)).collect();
            let len =
                offset + height.saturating_sub(1) * pitch + width * bpt + (rng.next() % 3) as usize;
            let mut buf = vec![0xA5u8; len];
            f.encode_rows(
                &src,
                &mut buf[offset..],
                ImageLayout::new(width, height, pitch),
            )
            .unwrap();
            let mut written = vec![false; len];
            for y in 0..height {
                for x in 0..width {
                    let at = offset + y * pitch + x * bpt;
                    let want = model_encode(f, src[y * width + x]);
                    assert_eq!(
                        buf[at..at + bpt],
                        want[..],
                        "{f} {width}x{height} pitch {pitch}"
                    );
                    written[at..at + bpt].fill(true);
                }
            }
            // Padding and spare bytes untouched.
            assert!(
                buf.iter().zip(&written).all(|(&b, &w)| w || b == 0xA5),
                "{f}"
            );
            // The channel form: the first `channels()` floats of each texel give the
            // model's bytes too (so the same buffer, padding untouched).
            let n = f.channels();
            let floats: Vec<f32> = src.iter().flat_map(|t| t[..n].to_vec()).collect();
            let mut buf_n = vec![0xA5u8; len];
            let layout = ImageLayout::new(width, height, pitch);
            f.encode_channel_rows(&floats, &mut buf_n[offset..], layout)
                .unwrap();
            assert_eq!(buf_n, buf, "{f} {width}x{height} pitch {pitch}");
            // Decode, padding bytes poisoned first: they must not matter.
            for (b, &w) in buf.iter_mut().zip(&written) {
                if !w {
                    *b = rng.next() as u8;
                }
            }
            let mut back = vec![[f32::NAN; 4]; width * height];
            f.decode_rows(
                &buf[offset..],
                ImageLayout::new(width, height, pitch),
                &mut back,
            )
            .unwrap();
            for (i, d) in back.iter().enumerate() {
                let at = offset + (i / width) * pitch + (i % width) * bpt;
                assert!(same(*d, model_decode(f, &buf[at..at + bpt])), "{f}");
            }
            // The channel form: the model's channels, bit for bit, and nothing else.
            let mut back_n = vec![f32::NAN; width * height * n];
            f.decode_channel_rows(&buf[offset..], layout, &mut back_n)
                .unwrap();
            for (i, d) in back_n.chunks_exact(n).enumerate() {
                let at = offset + (i / width) * pitch + (i % width) * bpt;
                let want = model_decode(f, &buf[at..at + bpt]);
                let bits = |x: &[f32]| x.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                assert_eq!(bits(d), bits(&want[..n]), "{f}");
                assert_eq!(bits(d), bits(&back[i][..n]), "{f}");
            }
        }
    }
}

#[test]
fn bad_layouts_are_errors_and_touch_nothing() {
    let mut rng = XorShift(0xBAD_1A70);
    let pick = |rng: &mut XorShift| -> usize {
        match rng.next() % 6 {
            0 => usize::MAX - (rng.next() % 3) as usize,
            1 => usize::MAX / (1 + (rng.next() % 16) as usize),
            _ => (rng.next() % 12) as usize,
        }
    };
    for _ in miri_thin(0..20_000, 300) {
        let f = Format::ALL[(rng.next() % Format::ALL.len() as u64) as usize];
        let (width, height, pitch) = (pick(&mut rng), pick(&mut rng), pick(&mut rng));
        let texels = if rng.next().is_multiple_of(2) {
            width.saturating_mul(height).min(64)
        } else {
            (rng.next() % 64) as usize
        };
        let bytes = (rng.next() % 200) as usize;
        let want = model_layout(f, (texels, 1), width, height, bytes, pitch);
        let src = vec![[0.25f32; 4]; texels];
        let mut buf = vec![0x5Au8; bytes];
        let got = f.encode_rows(&src, &mut buf, ImageLayout::new(width, height, pitch));
        assert_eq!(
            got.is_ok(),
            want.is_ok(),
            "{f} {width}x{height} pitch {pitch} {got:?}"
        );
        if got.is_err() {
            assert!(buf.iter().all(|&b| b == 0x5A));
        }
        let mut dst = vec![[7.0f32; 4]; texels];
        let got = f.decode_rows(&buf, ImageLayout::new(width, height, pitch), &mut dst);
        assert_eq!(got.is_ok(), want.is_ok(), "{f}");
        if got.is_err() {
            assert!(dst.iter().all(|t| *t == [7.0; 4]));
        }
        // The channel forms: `channels()` floats per texel.
        let n = f.channels();
        let floats = if rng.next().is_multiple_of(2) {
            width.saturating_mul(height).saturating_mul(n).min(256)
        } else {
            (rng.next() % 256) as usize
        };
        let want = model_layout(f, (floats, n), width, height, bytes, pitch);
        let src = vec![0.25f32; floats];
        let mut buf = vec![0x5Au8; bytes];
        let layout = ImageLayout::new(width, height, pitch);
        let got = f.encode_channel_rows(&src, &mut buf, layout);
        assert_eq!(got.is_ok(), want.is_ok(), "{f} {layout:?} {floats} {got:?}");
        if got.is_err() {
            assert!(buf.iter().all(|&b| b == 0x5A));
        }
        let mut dst = vec![7.0f32; floats];
        let got = f.decode_channel_rows(&buf, layout, &mut dst);
        assert_eq!(got.is_ok(), want.is_ok(), "{f}");
        if got.is_err() {
            assert!(dst.iter().all(|&x| x == 7.0));
        }
    }
    // Each error names its cause; the float count is checked before the bytes.
    let f = Format::Rg11b10Ufloat;
    let l = ImageLayout::new(2, 1, 8);
    let e = f.encode_channel_rows(&[0.0; 5], &mut [0u8; 8], l);
    assert_eq!(
        e,
        Err(LayoutError::FloatCount {
            expected: 6,
            len: 5
        })
    );
    let e = f.decode_channel_rows(&[0u8; 4], l, &mut [0.0; 6]);
    assert_eq!(e, Err(LayoutError::BufferTooShort { needed: 8, len: 4 }));
    // width × height fits, × channels does not.
    let e = Format::Rgba32Float.decode_channel_rows(
        &[],
        ImageLayout::new(usize::MAX / 2, 1, 0),
        &mut [],
    );
    assert_eq!(e, Err(LayoutError::Overflow));
    // A huge width with no rows: the row's bytes overflow.
    let e = Format::Rgb9e5Ufloat.encode_channel_rows(
        &[],
        &mut [],
        ImageLayout::new(usize::MAX / 3, 0, 0),
    );
    assert_eq!(e, Err(LayoutError::Overflow));
    assert!(e.unwrap_err().to_string().contains("overflows"));
    let e = LayoutError::FloatCount {
        expected: 6,
        len: 5,
    };
    assert_eq!(
        e.to_string(),
        "5 floats given where width × height × channels is 6"
    );
    let e = Format::R8Unorm.decode_rows(&[], ImageLayout::new(2, usize::MAX, 0), &mut []);
    assert_eq!(e, Err(LayoutError::Overflow));
    let _: &dyn std::error::Error = &e.unwrap_err();
}

#[test]
fn row_pitch_is_the_aligned_row() {
    for f in Format::ALL {
        for width in [0usize, 1, 3, 64, 1000, usize::MAX / 16, usize::MAX] {
            // Under Miri, every 7th alignment: 2⁰, 2⁷, …, 2⁶³.
            for shift in miri_thin(0..usize::BITS, 7) {
                let align = 1usize << shift;
                let row = (width as u128) * f.bytes_per_texel() as u128;
                let want = row.div_ceil(align as u128) * align as u128;
                let want = usize::try_from(want).ok();
                assert_eq!(f.row_pitch(width, align), want, "{f} {width} {align}");
                let layout = want.map(|p| ImageLayout::new(width, 3, p));
                assert_eq!(f.layout(width, 3, align), layout, "{f} {width} {align}");
            }
            for align in [0, 3, 6, 255, 257, usize::MAX] {
                assert_eq!(f.row_pitch(width, align), None);
                assert_eq!(f.layout(width, 1, align), None);
            }
        }
    }
}

#[test]
fn nan_in_one_channel_leaves_the_others() {
    let mut rng = XorShift(0x0A0A_0A0A);
    for f in Format::ALL {
        // Under Miri, one texel per format: a NaN in each of its channels.
        for _ in miri_thin(0..500, 500) {
            let t = texel(&mut rng);
            for k in 0..4 {
                let (mut with_nan, mut with_zero) = (t, t);
                with_nan[k] = if rng.next().is_multiple_of(2) {
                    f32::NAN
                } else {
                    -f32::NAN
                };
                with_zero[k] = 0.0;
                let mut a = [0u8; 16];
                let mut b = [0u8; 16];
                let n = f.bytes_per_texel();
                f.encode_rows(&[with_nan], &mut a[..n], ImageLayout::new(1, 1, n))
                    .unwrap();
                f.encode_rows(&[with_zero], &mut b[..n], ImageLayout::new(1, 1, n))
                    .unwrap();
                let (mut da, mut db) = ([[0.0; 4]], [[0.0; 4]]);
                f.decode_rows(&a[..n], ImageLayout::new(1, 1, n), &mut da)
                    .unwrap();
                f.decode_rows(&b[..n], ImageLayout::new(1, 1, n), &mut db)
                    .unwrap();
                for j in (0..4).filter(|&j| j != k) {
                    assert_eq!(
                        da[0][j].to_bits(),
                        db[0][j].to_bits(),
                        "{f} NaN in {k}, channel {j}"
                    );
                }
                // The channel form: the same bytes, the same channels.
                let c = f.channels();
                if k < c {
                    let l = ImageLayout::new(1, 1, n);
                    let mut an = [0u8; 16];
                    f.encode_channel_rows(&with_nan[..c], &mut an[..n], l)
                        .unwrap();
                    assert_eq!(an, a, "{f} NaN in {k}");
                    let mut dn = [0.0f32; 4];
                    f.decode_channel_rows(&an[..n], l, &mut dn[..c]).unwrap();
                    let bits = |x: &[f32]| x.iter().map(|x| x.to_bits()).collect::<Vec<_>>();
                    assert_eq!(bits(&dn[..c]), bits(&da[0][..c]), "{f} NaN in {k}");
                }
            }
        }
    }
}

/// Codes whose decoded value encodes to another code, by design: the most negative
/// SNORM code (−1, like `−max`), signalling and other non-canonical NaN codes, and
/// RGB9E5 codes with a needlessly large exponent. Every other code round-trips.
fn canonical(f: Format, b: &[u8]) -> bool {
    let u16le = |c: &[u8]| u16::from_le_bytes([c[0], c[1]]);
    let u32le = |c: &[u8]| u32::from_le_bytes([c[0], c[1], c[2], c[3]]);
    match f {
        F::R8Snorm | F::Rg8Snorm | F::Rgba8Snorm => b.iter().all(|&c| c != 0x80),
        F::R16Snorm | F::Rg16Snorm | F::Rgba16Snorm => b.chunks(2).all(|c| u16le(c) != 0x8000),
        // A signalling NaN becomes quiet.
        F::R16Float | F::Rg16Float | F::Rgba16Float => b
            .chunks(2)
            .all(|c| u16le(c) & 0x7E00 != 0x7C00 || u16le(c).trailing_zeros() >= 10),
        F::Rg11b10Ufloat => {
            let c = u32le(b);
            [(c & 0x7FF, 6), (c >> 11 & 0x7FF, 6), (c >> 22, 5)]
                .iter()
                .all(|&(c, m)| c <= 31 << m || c == (32 << m) - 1)
        }
        F::Rgb9e5Ufloat => {
            let c = u32le(b);
            let top = (c & 0x1FF).max(c >> 9 & 0x1FF).max(c >> 18 & 0x1FF);
            c >> 27 == 0 || top >= 256
        }
        _ => true,
    }
}

#[test]
fn every_code_round_trips() {
    let mut rng = XorShift(0x000C_0DE5);
    for f in Format::ALL {
        let n = f.bytes_per_texel();
        // Every pattern of the 1- and 2-byte formats; random patterns of the others,
        // plus every 16-bit pattern of their first two bytes.
        let count = if n <= 2 { 1usize << (8 * n) } else { 1 << 16 };
        // Under Miri, a sample (every 2053rd pattern of the first two bytes).
        let count = if cfg!(miri) { count.min(32) } else { count };
        let mut src = vec![0u8; count * n];
        for (i, t) in src.chunks_mut(n).enumerate() {
            for b in t.iter_mut() {
                *b = rng.next() as u8;
            }
            let i = if cfg!(miri) { i * 2053 } else { i };
            t[..n.min(2)].copy_from_slice(&(i as u16).to_le_bytes()[..n.min(2)]);
        }
        let src = &src[..];
        let mut texels = vec![[0.0f32; 4]; count];
        f.decode_rows(src, ImageLayout::new(count, 1, src.len()), &mut texels)
            .unwrap();
        let mut again = vec![0u8; count * n];
        f.encode_rows(&texels, &mut again, ImageLayout::new(count, 1, count * n))
            .unwrap();
        // The channel forms: the same channels, bit for bit, and the same bytes back.
        let c = f.channels();
        let mut floats = vec![0.0f32; count * c];
        let layout = ImageLayout::new(count, 1, src.len());
        f.decode_channel_rows(src, layout, &mut floats).unwrap();
        for (t, x) in texels.iter().zip(floats.chunks_exact(c)) {
            assert!(
                t[..c]
                    .iter()
                    .zip(x)
                    .all(|(a, b)| a.to_bits() == b.to_bits()),
                "{f}"
            );
        }
        let mut again_n = vec![0u8; count * n];
        f.encode_channel_rows(&floats, &mut again_n, layout)
            .unwrap();
        assert!(again_n == again, "{f}");
        let mut texels2 = vec![[0.0f32; 4]; count];
        f.decode_rows(
            &again,
            ImageLayout::new(count, 1, again.len()),
            &mut texels2,
        )
        .unwrap();
        for ((a, b), (t, t2)) in src
            .chunks(n)
            .zip(again.chunks(n))
            .zip(texels.iter().zip(&texels2))
        {
            if canonical(f, a) {
                assert_eq!(a, b, "{f}: {a:02x?} → {t:?} → {b:02x?}");
            } else {
                // Decoding the new code gives the same values (NaN as NaN).
                assert!(
                    t.iter()
                        .zip(t2)
                        .all(|(x, y)| x.to_bits() == y.to_bits() || x.is_nan() && y.is_nan()),
                    "{f}"
                );
            }
        }
    }
}
