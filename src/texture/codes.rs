//! The codes other APIs give formats: [`DxgiFormat`] (Direct3D's `DXGI_FORMAT`,
//! as DDS files store it) and [`VkFormat`] (Vulkan's `VkFormat`, as KTX2 files
//! store it). Each is the number itself in a newtype, so a DXGI code cannot be
//! passed where a Vulkan one is meant; [`Format::dxgi`](super::Format::dxgi) and
//! [`Format::vk_format`](super::Format::vk_format) give them, and
//! [`Format::from_dxgi`](super::Format::from_dxgi) and
//! [`Format::from_vk_format`](super::Format::from_vk_format) read them back.
//!
//! Every `u32` is a value of either type (unknown and future codes included);
//! `Eq` and `Hash` compare the number.

use core::fmt;

/// A Direct3D `DXGI_FORMAT` code (the enumeration's value, as DDS files store it
/// in `DDS_HEADER_DXT10`). Any `u32` is one; [`Format::from_dxgi`](super::Format::from_dxgi)
/// says whether normkey converts it.
///
/// # Representation
///
/// `#[repr(transparent)]` over the `u32`; `Display` prints the number.
///
/// ```
/// use normkey::texture::{DxgiFormat, Format};
/// let code = Format::Rgba8UnormSrgb.dxgi().unwrap();
/// assert_eq!(code, DxgiFormat(29)); // DXGI_FORMAT_R8G8B8A8_UNORM_SRGB
/// assert_eq!(u32::from(code), 29);
/// assert_eq!(DxgiFormat::from(29), code);
/// assert_eq!(code.to_string(), "29");
/// assert_eq!(Format::from_dxgi(DxgiFormat::UNKNOWN), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct DxgiFormat(pub u32);

/// A Vulkan `VkFormat` number (as KTX2 files store it in `vkFormat`). Any `u32`
/// is one; [`Format::from_vk_format`](super::Format::from_vk_format) says whether
/// normkey converts it. (Vulkan's `VkFormat` is a C enum, an `i32` in `ash`:
/// every format normkey converts is positive.)
///
/// # Representation
///
/// `#[repr(transparent)]` over the `u32`; `Display` prints the number.
///
/// ```
/// use normkey::texture::{Format, VkFormat};
/// let code = Format::Rg11b10Ufloat.vk_format().unwrap();
/// assert_eq!(code, VkFormat(122)); // VK_FORMAT_B10G11R11_UFLOAT_PACK32
/// assert_eq!(u32::from(code), 122);
/// assert_eq!(VkFormat::from(122), code);
/// assert_eq!(format!("{code}"), "122");
/// assert_eq!(Format::from_vk_format(VkFormat::UNDEFINED), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(transparent)]
pub struct VkFormat(pub u32);

impl DxgiFormat {
    /// `DXGI_FORMAT_UNKNOWN` (0): no format.
    ///
    /// ```
    /// use normkey::texture::DxgiFormat;
    /// assert_eq!(DxgiFormat::UNKNOWN.0, 0);
    /// ```
    pub const UNKNOWN: DxgiFormat = DxgiFormat(0);
}

impl VkFormat {
    /// `VK_FORMAT_UNDEFINED` (0): no format.
    ///
    /// ```
    /// use normkey::texture::VkFormat;
    /// assert_eq!(VkFormat::UNDEFINED.0, 0);
    /// ```
    pub const UNDEFINED: VkFormat = VkFormat(0);
}

/// The conversions to and from the bare number, and `Display` (the number).
macro_rules! code_conversions {
    ($T:ident) => {
        impl From<u32> for $T {
            #[inline]
            fn from(code: u32) -> Self {
                $T(code)
            }
        }

        impl From<$T> for u32 {
            #[inline]
            fn from(code: $T) -> Self {
                code.0
            }
        }

        impl fmt::Display for $T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

code_conversions!(DxgiFormat);
code_conversions!(VkFormat);
