//! texpack: packs an image into a DDS or KTX2 file in any
//! [`normkey::texture::Format`], with an exact mip chain.
//!
//! The conversion is normkey's public API only: [`Format::encode_rows`] for the
//! top level, [`Format::downsample`] for each further level. The containers are
//! written by hand from their specifications ([`container::dds`],
//! [`container::ktx2`]). [`codes`] builds the images of every code that the CI
//! readers stage reads back with other people's decoders (see `README.md`).
//!
//! # Input values
//!
//! Texels are taken as stored: a PNG sample `c` as `c / max` (8 or 16 bits), Radiance
//! HDR and `OpenEXR` samples as their floats. A format's rule then applies (see
//! [`Format`]): an `-srgb` format treats them as linear light and encodes them to
//! sRGB, so an 8-bit PNG that already holds sRGB bytes keeps its bytes with the
//! linear twin (`rgba8unorm`), not with `rgba8unorm-srgb`.

use std::fmt;

pub use normkey::texture::{AlphaMode, Format, ImageLayout, LayoutError, ParseFormatError};

pub mod codes;
pub mod container;

/// A packed texture: every level's bytes, as the containers store them.
#[derive(Clone, Debug, PartialEq)]
pub struct Texture {
    /// The format of every level.
    pub format: Format,
    /// The width of level 0, in texels.
    pub width: u32,
    /// The height of level 0, in texels.
    pub height: u32,
    /// Level 0 first; each level's rows tightly packed (pitch `width ×
    /// bytes_per_texel`), little-endian.
    pub levels: Vec<Vec<u8>>,
    /// What alpha means (the mips' filter and the containers' alpha flags).
    pub alpha: AlphaMode,
}

/// Why texpack could not pack or write a texture.
#[derive(Debug)]
pub enum Error {
    /// The format name is not one of normkey's (the message lists the valid names).
    UnknownFormat(ParseFormatError),
    /// The input could not be opened or decoded.
    Input(std::path::PathBuf, image::ImageError),
    /// The output's name ends in neither `.dds` nor `.ktx2`.
    OutputKind(std::path::PathBuf),
    /// The container has no code for the format.
    NoCode {
        /// The format asked for.
        format: Format,
        /// `"DDS (DXGI_FORMAT)"` or `"KTX2 (VkFormat)"`.
        container: &'static str,
    },
    /// The image does not fit the container's 32-bit sizes or this machine's memory.
    TooLarge,
    /// A level did not fit its buffers (a bug: texpack sizes them itself).
    Layout(LayoutError),
    /// The output could not be written.
    Output(std::io::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::UnknownFormat(e) => write!(f, "{e}"),
            Error::Input(path, e) => write!(f, "cannot read {}: {e}", path.display()),
            Error::OutputKind(path) => {
                write!(
                    f,
                    "cannot tell the container of {}: name it .dds or .ktx2",
                    path.display()
                )
            }
            Error::NoCode { format, container } => {
                write!(f, "{container} has no code for format {format}")
            }
            Error::TooLarge => f.write_str("the image is too large for the container"),
            Error::Layout(e) => write!(f, "internal layout error: {e}"),
            Error::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<LayoutError> for Error {
    fn from(e: LayoutError) -> Self {
        Error::Layout(e)
    }
}

impl Texture {
    /// Encodes `texels` (`width × height` texels `[r, g, b, a]`, row after row) as
    /// level 0 in `format`; with `mips`, adds every further level down to 1 × 1, each
    /// made by [`Format::downsample`] from the level before.
    ///
    /// # Errors
    ///
    /// [`Error::TooLarge`] when a side exceeds `u32` or a level's size overflows;
    /// [`Error::Layout`] if `texels` does not hold `width × height` texels.
    pub fn pack(
        texels: &[[f32; 4]],
        width: usize,
        height: usize,
        format: Format,
        mips: bool,
        alpha: AlphaMode,
    ) -> Result<Texture, Error> {
        let (w32, h32) = (
            u32::try_from(width).map_err(|_| Error::TooLarge)?,
            u32::try_from(height).map_err(|_| Error::TooLarge)?,
        );
        let layout = format.layout(width, height, 1).ok_or(Error::TooLarge)?;
        let len = layout.row_pitch.checked_mul(height);
        let mut top = vec![0u8; len.ok_or(Error::TooLarge)?];
        format.encode_rows(texels, &mut top, layout)?;
        let mut levels = vec![top];
        let count = if mips {
            normkey::texture::mip_level_count(width, height)
        } else {
            1
        };
        let mut prev_layout = layout;
        for i in 1..count as usize {
            // Each level is smaller than the one before: no overflow.
            let next_layout = format.mip_layout(prev_layout, 1).ok_or(Error::TooLarge)?;
            let mut next = vec![0u8; next_layout.row_pitch * next_layout.height];
            let prev = &levels[i - 1];
            format.downsample(prev, prev_layout, &mut next, next_layout, alpha)?;
            levels.push(next);
            prev_layout = next_layout;
        }
        Ok(Texture {
            format,
            width: w32,
            height: h32,
            levels,
            alpha,
        })
    }

    /// The width and height of level `i`.
    #[must_use]
    pub fn level_size(&self, i: usize) -> (u32, u32) {
        let side = |n: u32| if n == 0 { 0 } else { (n >> i).max(1) };
        (side(self.width), side(self.height))
    }
}

/// Reads a PNG, Radiance HDR or `OpenEXR` file as `[r, g, b, a]` texels (see the
/// crate docs for how values are taken), with its width and height.
///
/// # Errors
///
/// [`Error::Input`] when the file cannot be opened or decoded.
pub fn read_image(path: &std::path::Path) -> Result<(Vec<[f32; 4]>, usize, usize), Error> {
    let image = image::open(path)
        .map_err(|e| Error::Input(path.to_owned(), e))?
        .into_rgba32f();
    let (width, height) = (image.width() as usize, image.height() as usize);
    let texels = image.pixels().map(|p| p.0).collect();
    Ok((texels, width, height))
}
