//! [`Format`], the texture format chosen at run time, and its facts: names, sizes,
//! channels, sRGB twins, DXGI and Vulkan codes, written once as one table
//! (the private `TABLE`) from which every method reads.
//!
//! # Names and codes
//!
//! Names are wgpu's (`wgpu::TextureFormat` as serde and WGSL spell it:
//! `"rgba8unorm-srgb"`, `"rg11b10ufloat"`); the three packed 16-bit formats wgpu
//! lacks are spelled the same way (`"b5g6r5unorm"`, `"bgr5a1unorm"`,
//! `"bgra4unorm"`). The Rust variant names are wgpu's `TextureFormat` variants.
//!
//! **The naming trap.** DXGI names a packed format from its lowest bits up, Vulkan
//! from its highest bits down, so the same layout has mirrored names:
//!
//! | layout (lowest bits first) | DXGI | Vulkan |
//! |---|---|---|
//! | B 0–4, G 5–10, R 11–15 | `B5G6R5_UNORM` (85) | `R5G6B5_UNORM_PACK16` (4) |
//! | B 0–4, G 5–9, R 10–14, A 15 | `B5G5R5A1_UNORM` (86) | `A1R5G5B5_UNORM_PACK16` (8) |
//! | B 0–3, G 4–7, R 8–11, A 12–15 | `B4G4R4A4_UNORM` (115) | `A4R4G4B4_UNORM_PACK16` (1000340000) |
//! | R 0–9, G 10–19, B 20–29, A 30–31 | `R10G10B10A2_UNORM` (24) | `A2B10G10R10_UNORM_PACK32` (64) |
//! | R 0–10, G 11–21, B 22–31 | `R11G11B10_FLOAT` (26) | `B10G11R11_UFLOAT_PACK32` (122) |
//! | R 0–8, G 9–17, B 18–26, E 27–31 | `R9G9B9E5_SHAREDEXP` (67) | `E5B9G9R9_UFLOAT_PACK32` (123) |
//!
//! Vulkan's `B5G6R5_UNORM_PACK16` (5) and `R10G10B10A2` layouts with the other
//! order are different formats, which normkey does not convert: `from_vk_format(VkFormat(5))`
//! is `None`. Byte-array formats (`R8G8B8A8`, `B8G8R8A8`, `R16G16`, …) are named in
//! memory order by both.
//!
//! # Bytes in memory
//!
//! Every multi-byte channel or packed texel is little-endian in the bytes
//! [`Format::encode_rows`] writes and [`Format::decode_rows`] reads, on every host
//! (as GPUs, DDS and KTX2 files store them).

use core::fmt;
use core::str::FromStr;

use super::codes::{DxgiFormat, VkFormat};

/// A texture format chosen at run time: every format normkey converts, plus the
/// multi-channel UNORM, SNORM and float storage formats packers need.
///
/// The facts of each format are one row of a table (see the
/// [module docs](self) for the names and the DXGI/Vulkan naming trap). Conversion of
/// whole images with row pitches: [`encode_rows`](Format::encode_rows),
/// [`decode_rows`](Format::decode_rows). Each channel follows the rule of its type:
///
/// | formats | channel rule |
/// |---|---|
/// | `*8Unorm`, `*16Unorm` | [`Unorm8`](crate::storage::Unorm8), [`Unorm16`](crate::storage::Unorm16): NaN → 0, clamp, the nearest code; decode `c / max` correctly rounded |
/// | `*8Snorm`, `*16Snorm` | [`Snorm8`](crate::storage::Snorm8), [`Snorm16`](crate::storage::Snorm16): NaN → 0, clamp to [−1, 1], the nearest code; the most negative code decodes to −1 |
/// | `*UnormSrgb` | colour as [`Srgb8`](super::Srgb8), alpha as [`Unorm8`](crate::storage::Unorm8) |
/// | `*16Float` | binary16, [`f32_to_f16`](super::f32_to_f16) / [`f16_to_f32`](super::f16_to_f32): nearest even, overflow → ±∞, NaN kept (sign, top payload bits, quiet) |
/// | `*32Float` | the `f32` itself, every bit kept (NaN payloads, −0, subnormals) |
/// | packed | the rules of [`Rgb10a2Unorm`](super::Rgb10a2Unorm), [`B5g6r5Unorm`](super::B5g6r5Unorm), [`Bgr5a1Unorm`](super::Bgr5a1Unorm), [`Bgra4Unorm`](super::Bgra4Unorm), [`Rg11b10Ufloat`](super::Rg11b10Ufloat), [`Rgb9e5Ufloat`](super::Rgb9e5Ufloat) |
///
/// A format with fewer than four channels ignores the others when encoding and
/// decodes them as 0 (green, blue) and 1 (alpha), as GPUs sample them.
///
/// `Eq` and `Hash` compare the variant. `#[non_exhaustive]`: new formats may come.
///
/// ```
/// use normkey::texture::Format;
/// let f: Format = "rgba8unorm-srgb".parse().unwrap();
/// assert_eq!(f, Format::Rgba8UnormSrgb);
/// assert_eq!(f.to_string(), "rgba8unorm-srgb");
/// assert_eq!((f.bytes_per_texel(), f.channels(), f.is_srgb()), (4, 4, true));
/// assert_eq!(f.remove_srgb_suffix(), Format::Rgba8Unorm);
/// assert_eq!(f.dxgi().map(u32::from), Some(29)); // DXGI_FORMAT_R8G8B8A8_UNORM_SRGB
/// assert_eq!(f.vk_format().map(u32::from), Some(43)); // VK_FORMAT_R8G8B8A8_SRGB
/// assert!("rgba8".parse::<Format>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Format {
    /// One UNORM8 channel (`"r8unorm"`).
    R8Unorm,
    /// One SNORM8 channel (`"r8snorm"`).
    R8Snorm,
    /// Two UNORM8 channels, R then G (`"rg8unorm"`).
    Rg8Unorm,
    /// Two SNORM8 channels (`"rg8snorm"`).
    Rg8Snorm,
    /// [`Rgba8Unorm`](super::Rgba8Unorm) (`"rgba8unorm"`).
    Rgba8Unorm,
    /// [`Rgba8UnormSrgb`](super::Rgba8UnormSrgb) (`"rgba8unorm-srgb"`).
    Rgba8UnormSrgb,
    /// Four SNORM8 channels, R, G, B, A (`"rgba8snorm"`).
    Rgba8Snorm,
    /// [`Bgra8Unorm`](super::Bgra8Unorm) (`"bgra8unorm"`).
    Bgra8Unorm,
    /// [`Bgra8UnormSrgb`](super::Bgra8UnormSrgb) (`"bgra8unorm-srgb"`).
    Bgra8UnormSrgb,
    /// One UNORM16 channel, little-endian (`"r16unorm"`).
    R16Unorm,
    /// One SNORM16 channel (`"r16snorm"`).
    R16Snorm,
    /// Two UNORM16 channels (`"rg16unorm"`).
    Rg16Unorm,
    /// Two SNORM16 channels (`"rg16snorm"`).
    Rg16Snorm,
    /// Four UNORM16 channels (`"rgba16unorm"`).
    Rgba16Unorm,
    /// Four SNORM16 channels (`"rgba16snorm"`).
    Rgba16Snorm,
    /// One binary16 channel (`"r16float"`).
    R16Float,
    /// Two binary16 channels (`"rg16float"`).
    Rg16Float,
    /// Four binary16 channels (`"rgba16float"`).
    Rgba16Float,
    /// One `f32` channel, every bit kept (`"r32float"`).
    R32Float,
    /// Two `f32` channels (`"rg32float"`).
    Rg32Float,
    /// Four `f32` channels (`"rgba32float"`).
    Rgba32Float,
    /// [`Rgb10a2Unorm`](super::Rgb10a2Unorm) (`"rgb10a2unorm"`).
    Rgb10a2Unorm,
    /// [`Rg11b10Ufloat`](super::Rg11b10Ufloat) (`"rg11b10ufloat"`).
    Rg11b10Ufloat,
    /// [`Rgb9e5Ufloat`](super::Rgb9e5Ufloat) (`"rgb9e5ufloat"`).
    Rgb9e5Ufloat,
    /// [`B5g6r5Unorm`](super::B5g6r5Unorm) (`"b5g6r5unorm"`; not in wgpu).
    B5g6r5Unorm,
    /// [`Bgr5a1Unorm`](super::Bgr5a1Unorm) (`"bgr5a1unorm"`; not in wgpu).
    Bgr5a1Unorm,
    /// [`Bgra4Unorm`](super::Bgra4Unorm) (`"bgra4unorm"`; not in wgpu).
    Bgra4Unorm,
}

/// What a format's channels store ([`Format::channel_kind`]). `#[non_exhaustive]`:
/// new kinds may come with new formats.
///
/// ```
/// use normkey::texture::{ChannelKind, Format};
/// let hdr: Vec<Format> = Format::ALL
///     .into_iter()
///     .filter(|f| matches!(f.channel_kind(), ChannelKind::Float | ChannelKind::Ufloat))
///     .collect();
/// assert_eq!(hdr.len(), 8);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ChannelKind {
    /// Unsigned normalized integers, [0, 1] (`*Unorm`, the packed UNORM formats).
    Unorm,
    /// Signed normalized integers, [−1, 1] (`*Snorm`).
    Snorm,
    /// sRGB-encoded colour, UNORM alpha (`*UnormSrgb`).
    Srgb,
    /// IEEE 754 floats with a sign: binary16 (`*16Float`) and `f32` (`*32Float`).
    Float,
    /// Unsigned small floats: float11/float10 (`Rg11b10Ufloat`) and the shared
    /// exponent of `Rgb9e5Ufloat`.
    Ufloat,
}

/// One format's facts: a row of [`TABLE`].
pub(super) struct Row {
    /// The variant (its index in the table).
    pub(super) format: Format,
    /// wgpu's spelling.
    pub(super) name: &'static str,
    /// The number of channels stored.
    pub(super) channels: u8,
    /// The bytes of one texel.
    pub(super) bytes: u8,
    /// What the channels store.
    pub(super) kind: ChannelKind,
    /// Whether the colour channels are sRGB-encoded.
    pub(super) srgb: bool,
    /// The sRGB twin of a linear format, or the linear twin of an sRGB one.
    pub(super) twin: Option<Format>,
    /// `DXGI_FORMAT` (0, `DXGI_FORMAT_UNKNOWN`: none).
    pub(super) dxgi: u32,
    /// `VkFormat` (0, `VK_FORMAT_UNDEFINED`: none).
    pub(super) vk: u32,
}

/// A row of [`TABLE`].
#[allow(clippy::too_many_arguments)] // one per column of the table
const fn row(
    format: Format,
    name: &'static str,
    channels: u8,
    bytes: u8,
    kind: ChannelKind,
    (srgb, twin): (bool, Option<Format>),
    dxgi: u32,
    vk: u32,
) -> Row {
    Row {
        format,
        name,
        channels,
        bytes,
        kind,
        srgb,
        twin,
        dxgi,
        vk,
    }
}

/// A format without an sRGB twin.
const LINEAR: (bool, Option<Format>) = (false, None);

/// Every format's facts, in the order of the variants (checked at compile time).
#[rustfmt::skip]
pub(super) const TABLE: [Row; 27] = {
    use ChannelKind as K;
    use Format as F;
    let t = [
        // variant, wgpu name, channels, bytes per texel, channel kind, sRGB (and twin), DXGI_FORMAT, VkFormat
        row(F::R8Unorm, "r8unorm", 1, 1, K::Unorm, LINEAR, 61, 9),
        row(F::R8Snorm, "r8snorm", 1, 1, K::Snorm, LINEAR, 63, 10),
        row(F::Rg8Unorm, "rg8unorm", 2, 2, K::Unorm, LINEAR, 49, 16),
        row(F::Rg8Snorm, "rg8snorm", 2, 2, K::Snorm, LINEAR, 51, 17),
        row(F::Rgba8Unorm, "rgba8unorm", 4, 4, K::Unorm, (false, Some(F::Rgba8UnormSrgb)), 28, 37),
        row(F::Rgba8UnormSrgb, "rgba8unorm-srgb", 4, 4, K::Srgb, (true, Some(F::Rgba8Unorm)), 29, 43),
        row(F::Rgba8Snorm, "rgba8snorm", 4, 4, K::Snorm, LINEAR, 31, 38),
        row(F::Bgra8Unorm, "bgra8unorm", 4, 4, K::Unorm, (false, Some(F::Bgra8UnormSrgb)), 87, 44),
        row(F::Bgra8UnormSrgb, "bgra8unorm-srgb", 4, 4, K::Srgb, (true, Some(F::Bgra8Unorm)), 91, 50),
        row(F::R16Unorm, "r16unorm", 1, 2, K::Unorm, LINEAR, 56, 70),
        row(F::R16Snorm, "r16snorm", 1, 2, K::Snorm, LINEAR, 58, 71),
        row(F::Rg16Unorm, "rg16unorm", 2, 4, K::Unorm, LINEAR, 35, 77),
        row(F::Rg16Snorm, "rg16snorm", 2, 4, K::Snorm, LINEAR, 37, 78),
        row(F::Rgba16Unorm, "rgba16unorm", 4, 8, K::Unorm, LINEAR, 11, 91),
        row(F::Rgba16Snorm, "rgba16snorm", 4, 8, K::Snorm, LINEAR, 13, 92),
        row(F::R16Float, "r16float", 1, 2, K::Float, LINEAR, 54, 76),
        row(F::Rg16Float, "rg16float", 2, 4, K::Float, LINEAR, 34, 83),
        row(F::Rgba16Float, "rgba16float", 4, 8, K::Float, LINEAR, 10, 97),
        row(F::R32Float, "r32float", 1, 4, K::Float, LINEAR, 41, 100),
        row(F::Rg32Float, "rg32float", 2, 8, K::Float, LINEAR, 16, 103),
        row(F::Rgba32Float, "rgba32float", 4, 16, K::Float, LINEAR, 2, 109),
        row(F::Rgb10a2Unorm, "rgb10a2unorm", 4, 4, K::Unorm, LINEAR, 24, 64),
        row(F::Rg11b10Ufloat, "rg11b10ufloat", 3, 4, K::Ufloat, LINEAR, 26, 122),
        row(F::Rgb9e5Ufloat, "rgb9e5ufloat", 3, 4, K::Ufloat, LINEAR, 67, 123),
        row(F::B5g6r5Unorm, "b5g6r5unorm", 3, 2, K::Unorm, LINEAR, 85, 4),
        row(F::Bgr5a1Unorm, "bgr5a1unorm", 4, 2, K::Unorm, LINEAR, 86, 8),
        row(F::Bgra4Unorm, "bgra4unorm", 4, 2, K::Unorm, LINEAR, 115, 1_000_340_000),
    ];
    // Each row at its variant's index; twins point at each other.
    let mut i = 0;
    while i < t.len() {
        assert!(t[i].format as usize == i);
        if let Some(twin) = t[i].twin {
            let back = &t[twin as usize];
            assert!(back.srgb != t[i].srgb);
            assert!(matches!(back.twin, Some(f) if f as usize == i));
        }
        i += 1;
    }
    t
};

/// The format whose `VkFormat` (`vk`) or DXGI code (else) is `code` (never 0).
const fn find(code: u32, vk: bool) -> Option<Format> {
    let mut i = 0;
    while i < TABLE.len() {
        let row = &TABLE[i];
        if code != 0 && code == if vk { row.vk } else { row.dxgi } {
            return Some(row.format);
        }
        i += 1;
    }
    None
}

impl Format {
    /// Every format, in the order of the variants.
    ///
    /// ```
    /// use normkey::texture::Format;
    /// assert_eq!(Format::ALL.len(), 27);
    /// assert_eq!(Format::ALL[0], Format::R8Unorm);
    /// for f in Format::ALL {
    ///     assert_eq!(f.to_string().parse::<Format>(), Ok(f));
    /// }
    /// ```
    pub const ALL: [Format; TABLE.len()] = {
        let mut all = [Format::R8Unorm; TABLE.len()];
        let mut i = 0;
        while i < all.len() {
            all[i] = TABLE[i].format;
            i += 1;
        }
        all
    };

    /// This format's row of the table.
    #[inline]
    pub(super) const fn row(self) -> &'static Row {
        &TABLE[self as usize]
    }

    /// The texture's name as wgpu spells it (`"rgba8unorm-srgb"`); also what
    /// `Display` prints and `FromStr` reads.
    ///
    /// ```
    /// use normkey::texture::Format;
    /// assert_eq!(Format::Rg11b10Ufloat.name(), "rg11b10ufloat");
    /// assert_eq!(Format::Bgr5a1Unorm.name(), "bgr5a1unorm");
    /// ```
    #[inline]
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.row().name
    }

    /// The bytes of one texel.
    ///
    /// ```
    /// use normkey::texture::Format;
    /// assert_eq!(Format::R8Unorm.bytes_per_texel(), 1);
    /// assert_eq!(Format::B5g6r5Unorm.bytes_per_texel(), 2);
    /// assert_eq!(Format::Rgb9e5Ufloat.bytes_per_texel(), 4);
    /// assert_eq!(Format::Rgba32Float.bytes_per_texel(), 16);
    /// ```
    #[inline]
    #[must_use]
    pub const fn bytes_per_texel(self) -> usize {
        self.row().bytes as usize
    }

    /// The number of channels stored (1 to 4); `rg11b10ufloat`, `rgb9e5ufloat` and
    /// `b5g6r5unorm` have 3.
    ///
    /// ```
    /// use normkey::texture::Format;
    /// assert_eq!(Format::Rg16Float.channels(), 2);
    /// assert_eq!(Format::Rg11b10Ufloat.channels(), 3);
    /// assert_eq!(Format::Bgra4Unorm.channels(), 4);
    /// ```
    #[inline]
    #[must_use]
    pub const fn channels(self) -> usize {
        self.row().channels as usize
    }

    /// What the channels store: [`ChannelKind::Srgb`] for the sRGB formats (colour
    /// sRGB, alpha UNORM), [`ChannelKind::Ufloat`] for the unsigned small floats
    /// (float11/float10, RGB9E5), [`ChannelKind::Float`] for binary16 and `f32`.
    ///
    /// ```
    /// use normkey::texture::{ChannelKind, Format};
    /// assert_eq!(Format::Rgba8UnormSrgb.channel_kind(), ChannelKind::Srgb);
    /// assert_eq!(Format::Rgb10a2Unorm.channel_kind(), ChannelKind::Unorm);
    /// assert_eq!(Format::Rg16Snorm.channel_kind(), ChannelKind::Snorm);
    /// assert_eq!(Format::R16Float.channel_kind(), ChannelKind::Float);
    /// assert_eq!(Format::Rgb9e5Ufloat.channel_kind(), ChannelKind::Ufloat);
    /// ```
    #[inline]
    #[must_use]
    pub const fn channel_kind(self) -> ChannelKind {
        self.row().kind
    }

    /// Whether the colour channels are sRGB-encoded (alpha never is).
    ///
    /// ```
    /// use normkey::texture::Format;
    /// assert!(Format::Bgra8UnormSrgb.is_srgb());
    /// assert!(!Format::Bgra8Unorm.is_srgb());
    /// ```
    #[inline]
    #[must_use]
    pub const fn is_srgb(self) -> bool {
        self.row().srgb
    }

    /// The sRGB twin of a linear format that has one; any other format itself
    /// (as wgpu's `TextureFormat::add_srgb_suffix`).
    ///
    /// ```
    /// use normkey::texture::Format;
    /// assert_eq!(Format::Rgba8Unorm.add_srgb_suffix(), Format::Rgba8UnormSrgb);
    /// assert_eq!(Format::Rgba8UnormSrgb.add_srgb_suffix(), Format::Rgba8UnormSrgb);
    /// assert_eq!(Format::Rgba16Float.add_srgb_suffix(), Format::Rgba16Float);
    /// ```
    #[inline]
    #[must_use]
    pub const fn add_srgb_suffix(self) -> Format {
        match self.row().twin {
            Some(twin) if !self.is_srgb() => twin,
            _ => self,
        }
    }

    /// The linear twin of an sRGB format; any other format itself (as wgpu's
    /// `TextureFormat::remove_srgb_suffix`).
    ///
    /// ```
    /// use normkey::texture::Format;
    /// assert_eq!(Format::Bgra8UnormSrgb.remove_srgb_suffix(), Format::Bgra8Unorm);
    /// assert_eq!(Format::Bgra8Unorm.remove_srgb_suffix(), Format::Bgra8Unorm);
    /// ```
    #[inline]
    #[must_use]
    pub const fn remove_srgb_suffix(self) -> Format {
        match self.row().twin {
            Some(twin) if self.is_srgb() => twin,
            _ => self,
        }
    }

    /// The `DXGI_FORMAT` code, the `_SRGB` ones included (see the
    /// [module docs](self) for the naming trap). Every format has one today; `None`
    /// is for formats DXGI lacks.
    ///
    /// ```
    /// use normkey::texture::{DxgiFormat, Format};
    /// assert_eq!(Format::Rgba8Unorm.dxgi(), Some(DxgiFormat(28))); // DXGI_FORMAT_R8G8B8A8_UNORM
    /// assert_eq!(Format::Rgba8UnormSrgb.dxgi(), Some(DxgiFormat(29))); // ..._UNORM_SRGB
    /// assert_eq!(Format::B5g6r5Unorm.dxgi(), Some(DxgiFormat(85))); // DXGI_FORMAT_B5G6R5_UNORM
    /// ```
    #[inline]
    #[must_use]
    pub const fn dxgi(self) -> Option<DxgiFormat> {
        match self.row().dxgi {
            0 => None,
            code => Some(DxgiFormat(code)),
        }
    }

    /// The format of a `DXGI_FORMAT` code; `None` for codes normkey does not
    /// convert (`DXGI_FORMAT_UNKNOWN` = 0, typeless, integer, depth and block
    /// formats, …).
    ///
    /// ```
    /// use normkey::texture::{DxgiFormat, Format};
    /// assert_eq!(Format::from_dxgi(DxgiFormat(91)), Some(Format::Bgra8UnormSrgb));
    /// assert_eq!(Format::from_dxgi(DxgiFormat(67)), Some(Format::Rgb9e5Ufloat));
    /// assert_eq!(Format::from_dxgi(DxgiFormat::UNKNOWN), None);
    /// assert_eq!(Format::from_dxgi(DxgiFormat(27)), None); // R8G8B8A8_TYPELESS
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_dxgi(code: DxgiFormat) -> Option<Format> {
        find(code.0, false)
    }

    /// The `VkFormat` number (see the [module docs](self) for the naming trap:
    /// Vulkan names packed formats from the highest bits down). Every format has one
    /// today; `None` is for formats Vulkan lacks.
    ///
    /// ```
    /// use normkey::texture::{Format, VkFormat};
    /// assert_eq!(Format::Rgb10a2Unorm.vk_format(), Some(VkFormat(64))); // VK_FORMAT_A2B10G10R10_UNORM_PACK32
    /// assert_eq!(Format::B5g6r5Unorm.vk_format(), Some(VkFormat(4))); // VK_FORMAT_R5G6B5_UNORM_PACK16
    /// assert_eq!(Format::Bgra4Unorm.vk_format(), Some(VkFormat(1_000_340_000))); // A4R4G4B4_UNORM_PACK16
    /// ```
    #[inline]
    #[must_use]
    pub const fn vk_format(self) -> Option<VkFormat> {
        match self.row().vk {
            0 => None,
            code => Some(VkFormat(code)),
        }
    }

    /// The format of a `VkFormat` number; `None` for the ones normkey does not
    /// convert (`VK_FORMAT_UNDEFINED` = 0, `B5G6R5_UNORM_PACK16` = 5, integer,
    /// depth and block formats, …).
    ///
    /// ```
    /// use normkey::texture::{Format, VkFormat};
    /// assert_eq!(Format::from_vk_format(VkFormat(123)), Some(Format::Rgb9e5Ufloat)); // E5B9G9R9_UFLOAT_PACK32
    /// assert_eq!(Format::from_vk_format(VkFormat(8)), Some(Format::Bgr5a1Unorm)); // A1R5G5B5_UNORM_PACK16
    /// assert_eq!(Format::from_vk_format(VkFormat(5)), None); // B5G6R5_UNORM_PACK16: the other layout
    /// assert_eq!(Format::from_vk_format(VkFormat::UNDEFINED), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_vk_format(code: VkFormat) -> Option<Format> {
        find(code.0, true)
    }
}

/// wgpu's spelling of the format (`"rgba8unorm-srgb"`), as [`Format::name`];
/// the formatter's width and alignment apply.
///
/// ```
/// use normkey::texture::Format;
/// assert_eq!(Format::Rgba16Float.to_string(), "rgba16float");
/// assert_eq!(format!("{:>12}", Format::R8Unorm), "     r8unorm");
/// ```
impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.name())
    }
}

/// Reads wgpu's spelling of a format (ASCII case ignored); anything else is a
/// [`ParseFormatError`], which names the input and lists the valid names.
///
/// ```
/// use normkey::texture::Format;
/// assert_eq!("rg11b10ufloat".parse(), Ok(Format::Rg11b10Ufloat));
/// assert_eq!("RGBA8Unorm-sRGB".parse(), Ok(Format::Rgba8UnormSrgb));
/// assert!("rg11b10float".parse::<Format>().is_err()); // wgpu's old name
/// assert!("".parse::<Format>().is_err());
/// ```
impl FromStr for Format {
    type Err = ParseFormatError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .ok_or(ParseFormatError::new(s))
    }
}

/// The error of parsing a [`Format`]: the name is not one of the formats'. It
/// keeps the input (its first [`ParseFormatError::KEPT`] bytes, cut at a
/// character boundary: no allocation); its `Display` quotes it, with `…` where it
/// was cut, and lists every valid name.
///
/// ```
/// use normkey::texture::Format;
/// let e = "rgba8".parse::<Format>().unwrap_err();
/// assert_eq!(e.input(), "rgba8");
/// let text = e.to_string();
/// assert!(text.starts_with("unknown texture format \"rgba8\"; expected one of: r8unorm, r8snorm,"));
/// assert!(text.ends_with("bgr5a1unorm, bgra4unorm"));
/// let long = "rgba8unorm-srgb-but-much-longer-than-any-name";
/// let e = long.parse::<Format>().unwrap_err();
/// assert_eq!(e.input(), &long[..32]);
/// assert!(e.to_string().starts_with("unknown texture format \"rgba8unorm-srgb-but-much-longer-…\";"));
/// assert_eq!("".parse::<Format>().unwrap_err().input(), "");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseFormatError {
    /// The input's first `len` bytes (a whole number of characters).
    kept: [u8; ParseFormatError::KEPT],
    len: u8,
    /// Whether the input was longer than `len` bytes.
    cut: bool,
}

impl ParseFormatError {
    /// How many bytes of the input the error keeps, at most: twice the longest
    /// format name.
    pub const KEPT: usize = 32;

    /// The error for the input `s`: its longest prefix of at most [`Self::KEPT`]
    /// bytes that ends at a character boundary.
    fn new(s: &str) -> Self {
        let mut len = s.len().min(Self::KEPT);
        while !s.is_char_boundary(len) {
            len -= 1;
        }
        let mut kept = [0; Self::KEPT];
        kept[..len].copy_from_slice(&s.as_bytes()[..len]);
        Self {
            kept,
            // At most `KEPT` = 32.
            #[allow(clippy::cast_possible_truncation)]
            len: len as u8,
            cut: len < s.len(),
        }
    }

    /// The input that was not a format name (its first [`Self::KEPT`] bytes, cut
    /// at a character boundary).
    ///
    /// ```
    /// use normkey::texture::Format;
    /// assert_eq!("R8Unorm ".parse::<Format>().unwrap_err().input(), "R8Unorm ");
    /// ```
    #[must_use]
    pub fn input(&self) -> &str {
        // `new` copies whole characters of a `str`.
        core::str::from_utf8(&self.kept[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl fmt::Display for ParseFormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cut = if self.cut { "…" } else { "" };
        write!(
            f,
            "unknown texture format \"{}{cut}\"; expected one of: ",
            self.input()
        )?;
        for (i, format) in Format::ALL.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(format.name())?;
        }
        Ok(())
    }
}

impl core::error::Error for ParseFormatError {}
