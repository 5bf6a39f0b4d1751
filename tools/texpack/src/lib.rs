//! texpack: packs an image into a DDS or KTX2 file in any
//! [`normkey::texture::Format`], with an exact mip chain.
//!
//! The conversion is normkey's public API only: [`Format::encode_rows`] for the
//! top level, [`Format::downsample`] for each further level, and the containers
//! of [`normkey::texture::dds`] and [`normkey::texture::ktx2`]. [`codes`] builds
//! the images of every code that the CI readers stage reads back with other
//! people's decoders (see `README.md`).
//!
//! # Input values
//!
//! Texels are taken as stored: a PNG sample `c` as `c / max` (8 or 16 bits), Radiance
//! HDR and `OpenEXR` samples as their floats. A format's rule then applies (see
//! [`Format`]): an `-srgb` format treats them as linear light and encodes them to
//! sRGB, so an 8-bit PNG that already holds sRGB bytes keeps its bytes with the
//! linear twin (`rgba8unorm`), not with `rgba8unorm-srgb`.

use std::fmt;

pub use normkey::texture::{
    AlphaMode, ContainerError, Format, ImageLayout, LayoutError, ParseFormatError, TextureDesc,
    dds, ktx2,
};

pub mod codes;

/// A packed texture: its description (format, size, mip levels, what alpha
/// means) and every level's bytes, as normkey's containers take them.
#[derive(Clone, Debug, PartialEq)]
pub struct Texture {
    /// The format, the size of level 0, the number of levels and the alpha mode.
    pub desc: TextureDesc,
    /// Every level, level 0 first, each level's rows tightly packed (pitch
    /// `width × bytes_per_texel`), little-endian ([`TextureDesc::level_range`]).
    pub data: Vec<u8>,
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
    /// The container could not be written (normkey's error).
    Container(ContainerError),
    /// The image does not fit this machine's memory.
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
            Error::Container(e) => write!(f, "{e}"),
            Error::TooLarge => f.write_str("the image is too large for the container"),
            Error::Layout(e) => write!(f, "internal layout error: {e}"),
            Error::Output(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for Error {}

impl From<ContainerError> for Error {
    fn from(e: ContainerError) -> Self {
        Error::Container(e)
    }
}

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
    /// [`Error::TooLarge`] when a side is 0 or a level's size overflows `usize`;
    /// [`Error::Layout`] if `texels` does not hold `width × height` texels.
    pub fn pack(
        texels: &[[f32; 4]],
        width: usize,
        height: usize,
        format: Format,
        mips: bool,
        alpha: AlphaMode,
    ) -> Result<Texture, Error> {
        let one = TextureDesc::new(format, width, height).with_alpha(alpha);
        let desc = if mips { one.with_full_mips() } else { one };
        let mut data = vec![0u8; desc.data_len().ok_or(Error::TooLarge)?];
        let layout = |i: usize| desc.level_layout(i).ok_or(Error::TooLarge);
        let range = |i: usize| desc.level_range(i).ok_or(Error::TooLarge);
        format.encode_rows(texels, &mut data[range(0)?], layout(0)?)?;
        for i in 1..desc.mip_levels {
            // Level i − 1 ends where level i starts.
            let (prev, next) = data.split_at_mut(range(i)?.start);
            let next = &mut next[..range(i)?.len()];
            format.downsample(
                &prev[range(i - 1)?],
                layout(i - 1)?,
                next,
                layout(i)?,
                alpha,
            )?;
        }
        Ok(Texture { desc, data })
    }

    /// The bytes of level `i` (empty when there is no level `i`).
    #[must_use]
    pub fn level(&self, i: usize) -> &[u8] {
        self.desc
            .level_range(i)
            .and_then(|r| self.data.get(r))
            .unwrap_or_default()
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
