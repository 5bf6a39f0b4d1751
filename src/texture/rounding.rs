//! [`Rounding`], the rounding of the float formats' encoders, and the whole-image
//! encoders that take it: [`Format::encode_rows_with`],
//! [`Format::encode_channel_rows_with`] (the same checks and row loops as
//! [`Format::encode_rows`] and [`Format::encode_channel_rows`], over `rows.rs`).

use super::format::Format;
use super::rows::{ImageLayout, LayoutError, encode_channels, encode_rgba};

/// How the encoders of the small float formats round: to nearest, ties to even
/// (the exact conversion, every format's default), or toward zero, as the
/// render targets of the recorded GPUs do (`tests/data/gpu/`).
///
/// [`Rounding::TowardZero`] changes two kinds of channels:
///
/// | channels | toward zero | NaN | finite beyond the largest code | ±∞ |
/// |---|---|---|---|---|
/// | binary16 (`*16Float`) | [`f32_to_f16_rtz`](super::f32_to_f16_rtz) | quiet, sign and top payload bits kept | ±65504 (not ±∞) | kept |
/// | float11/float10 ([`Format::Rg11b10Ufloat`]) | [`Rg11b10Ufloat::from_rgb_rtz`](super::Rg11b10Ufloat::from_rgb_rtz) | the NaN codes `0x7E0`/`0x3F0` | the largest finite code | +∞ kept, −∞ → 0 |
///
/// Both keep ±0 (float11/10: 0 for every negative) and subnormals toward zero.
/// Every other format encodes as with [`Rounding::NearestEven`]: its
/// specification asks for the nearest code (UNORM, SNORM, sRGB: D3D11.3 §3.2.3;
/// RGB9E5), or there is nothing to round (`*32Float`).
///
/// ```
/// use normkey::texture::{Format, ImageLayout, Rounding};
/// let l = ImageLayout::new(1, 1, 2);
/// let mut nearest = [0u8; 2];
/// let mut rtz = [0u8; 2];
/// Format::R16Float.encode_rows_with(&[[1.9999, 0.0, 0.0, 1.0]], &mut nearest, l, Rounding::NearestEven).unwrap();
/// Format::R16Float.encode_rows_with(&[[1.9999, 0.0, 0.0, 1.0]], &mut rtz, l, Rounding::TowardZero).unwrap();
/// assert_eq!(u16::from_le_bytes(nearest), 0x4000); // 2.0
/// assert_eq!(u16::from_le_bytes(rtz), 0x3FFF); // 1.999
/// assert_eq!(Rounding::default(), Rounding::NearestEven);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// The nearest code, ties to even: the exact conversion of every format
    /// ([`Format::encode_rows`]).
    #[default]
    NearestEven,
    /// Toward zero for binary16 and float11/float10 channels; the nearest code
    /// for every other format (see [`Rounding`]).
    TowardZero,
}

impl Rounding {
    /// `nearest` or `toward_zero`, as this rounding says.
    const fn pick<T: Copy>(self, nearest: T, toward_zero: T) -> T {
        match self {
            Rounding::NearestEven => nearest,
            Rounding::TowardZero => toward_zero,
        }
    }
}

impl Format {
    /// [`Format::encode_rows`] with the rounding `rounding` (see [`Rounding`]):
    /// the same layouts, checks and bytes but for the rounding of binary16 and
    /// float11/float10 channels under [`Rounding::TowardZero`]. No input panics.
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] for a bad layout, as [`Format::encode_rows`]; then `dst`
    /// is untouched.
    ///
    /// ```
    /// use normkey::texture::{Format, ImageLayout, Rounding};
    /// // A 2 × 1 RG11B10 level from RGBA texels: no RGB copy needed.
    /// let src = [[1.999, f32::NAN, -1.0, 1.0], [1.0, 2.0, 0.25, 0.0]];
    /// let mut dst = [0u8; 8];
    /// let f = Format::Rg11b10Ufloat;
    /// f.encode_rows_with(&src, &mut dst, ImageLayout::new(2, 1, 8), Rounding::TowardZero).unwrap();
    /// let first = normkey::Rg11b10Ufloat::from_rgb_rtz([1.999, f32::NAN, -1.0]);
    /// assert_eq!(dst[..4], first.to_bits().to_le_bytes());
    /// assert!(f.encode_rows_with(&src, &mut dst, ImageLayout::new(2, 1, 4), Rounding::TowardZero).is_err());
    /// // Formats without a toward-zero form round to nearest either way.
    /// let mut a = [0u8; 1];
    /// Format::R8Unorm.encode_rows_with(&[[0.999, 0.0, 0.0, 1.0]], &mut a, ImageLayout::new(1, 1, 1), Rounding::TowardZero).unwrap();
    /// assert_eq!(a, [255]);
    /// ```
    #[inline]
    pub fn encode_rows_with(
        self,
        src: &[[f32; 4]],
        dst: &mut [u8],
        layout: ImageLayout,
        rounding: Rounding,
    ) -> Result<(), LayoutError> {
        let c = self.codec();
        let encode = rounding.pick(c.encode, c.encode_rtz);
        encode_rgba(self, src, dst, layout, encode)
    }

    /// [`Format::encode_channel_rows`] with the rounding `rounding` (see
    /// [`Rounding`]): the format's own channels, the same layouts, checks and
    /// bytes but for the rounding of binary16 and float11/float10 channels under
    /// [`Rounding::TowardZero`]. No input panics.
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] for a bad layout, as [`Format::encode_channel_rows`];
    /// then `dst` is untouched.
    ///
    /// ```
    /// use normkey::texture::{Format, ImageLayout, Rounding};
    /// let mut dst = [0u8; 4];
    /// let l = ImageLayout::new(1, 1, 4);
    /// let rg = [70000.0, -f32::MIN_POSITIVE];
    /// Format::Rg16Float.encode_channel_rows_with(&rg, &mut dst, l, Rounding::TowardZero).unwrap();
    /// assert_eq!(dst, [0xFF, 0x7B, 0x00, 0x80]); // 65504 (not +∞), −0
    /// Format::Rg16Float.encode_channel_rows_with(&rg, &mut dst, l, Rounding::NearestEven).unwrap();
    /// assert_eq!(dst, [0x00, 0x7C, 0x00, 0x80]); // +∞, −0
    /// assert!(Format::Rg16Float.encode_channel_rows_with(&rg[..1], &mut dst, l, Rounding::TowardZero).is_err());
    /// ```
    #[inline]
    pub fn encode_channel_rows_with(
        self,
        src: &[f32],
        dst: &mut [u8],
        layout: ImageLayout,
        rounding: Rounding,
    ) -> Result<(), LayoutError> {
        let c = self.codec();
        let encode = rounding.pick(c.encode_channels, c.encode_channels_rtz);
        encode_channels(self, src, dst, layout, encode)
    }
}
