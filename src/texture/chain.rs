//! A texture's whole mip chain in one call, into the levels' bytes a container
//! writer takes ([`TextureDesc`](TextureDesc#the-levels-bytes)):
//! [`TextureDesc::fill_mips`] from level 0's codes, each level by
//! [`Format::downsample_with`] from the one before; [`TextureDesc::fill_mips_from_f32`]
//! and [`TextureDesc::fill_mips_from_f32_with_buffer`] from an `f32` level 0, each
//! level the [`downsample_f32`] mean of the exact `f32` level above, encoded. The
//! `f32` chain is streamed: a row of a level is made as soon as the two rows of
//! the level above that it averages are, so the scratch holds two rows of each
//! level ([`TextureDesc::mip_scratch_len`]), not whole levels.

use core::ops::Range;

use super::container::{MAX_LEVELS, TextureDesc};
use super::format::Format;
use super::mip::{AlphaMode, NanPolicy, downsample_f32, widen};
use super::rows::{ImageLayout, LayoutError};

/// Texels per call of a format's row encoder (a stack buffer of `[f32; 4]`, 512 bytes).
const CHUNK: usize = 32;

impl TextureDesc {
    /// Fills every level after the first of `data`, the levels' bytes (see
    /// [`TextureDesc`](TextureDesc#the-levels-bytes)), from level 0, which must
    /// already be in `data[level_range(0)]`: level `i` is [`Format::downsample_with`]
    /// of level `i − 1` with `self.alpha` and `nan`, bit for bit what the per-level
    /// calls at [`TextureDesc::level_range`] and [`TextureDesc::level_layout`] give.
    /// So every rule is the [mip docs](super::mip)': each texel the mean, in linear
    /// light (sRGB decoded), of the exactly decoded 2 × 2 box above it, the odd
    /// sides, the [`AlphaMode`]s, the [`NanPolicy`], ±∞ (+∞ with −∞ is NaN), ±0 and
    /// subnormals; then the format's encoding rule (NaN → 0 in a UNORM, SNORM or
    /// sRGB channel, for one). Level 0 is only read; nothing is allocated. A
    /// description of more levels than the chain ([`mip_level_count`](super::mip_level_count),
    /// which the writers refuse) gets 1 × 1 levels, each from the one before.
    ///
    /// Each level is made from the codes of the one above, so their rounding adds
    /// up down the chain: from `f32` texels, [`TextureDesc::fill_mips_from_f32`]
    /// encodes each level from the exact mean instead.
    ///
    /// # Errors
    ///
    /// [`LayoutError::DataLength`] when `data` is not [`TextureDesc::data_len`]
    /// bytes long, [`LayoutError::Overflow`] when that is `None` (a size overflows
    /// `usize`, or there are more than 32 levels); then `data` is untouched.
    ///
    /// ```
    /// use normkey::texture::{AlphaMode, Format, LayoutError, NanPolicy, TextureDesc};
    /// // A 2×2 sRGB level 0: opaque black and white, two transparent reds.
    /// let desc = TextureDesc::new(Format::Rgba8UnormSrgb, 2, 2).with_full_mips();
    /// let mut data = vec![0u8; desc.data_len().unwrap()]; // 16 + 4 bytes
    /// data[..16].copy_from_slice(&[0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0]);
    /// desc.fill_mips(&mut data, NanPolicy::Propagate).unwrap();
    /// assert_eq!(data[16..], [188, 188, 188, 128]); // linear 0.5, not 128; no red bleeds in
    /// let premultiplied = desc.with_alpha(AlphaMode::Premultiplied);
    /// premultiplied.fill_mips(&mut data, NanPolicy::Propagate).unwrap();
    /// assert_eq!(data[16..], [225, 137, 137, 128]); // plain means: red 0.75, green 0.25
    ///
    /// // A 3×1 r16float level 0 of NaN, 1.0 and −∞ (the third column is not read).
    /// let desc = TextureDesc::new(Format::R16Float, 3, 1).with_full_mips();
    /// let mut data = [0x00, 0x7E, 0x00, 0x3C, 0x00, 0xFC, 0, 0];
    /// desc.fill_mips(&mut data, NanPolicy::Skip).unwrap();
    /// assert_eq!(data[6..], [0x00, 0x3C]); // 1.0: the NaN skipped
    /// desc.fill_mips(&mut data, NanPolicy::Propagate).unwrap();
    /// assert_eq!(data[7] & 0x7E, 0x7E); // a NaN
    ///
    /// // The wrong length is an error, and nothing is written.
    /// assert_eq!(desc.fill_mips(&mut data[..7], NanPolicy::Skip), Err(LayoutError::DataLength { expected: 8, len: 7 }));
    /// assert_eq!(desc.with_mip_levels(33).fill_mips(&mut data, NanPolicy::Skip), Err(LayoutError::Overflow));
    /// ```
    pub fn fill_mips(&self, data: &mut [u8], nan: NanPolicy) -> Result<(), LayoutError> {
        self.check_data(data.len())?;
        for i in 1..self.mip_levels {
            let (above, above_layout) = self.level(i - 1)?;
            let (at, layout) = self.level(i)?;
            let (head, tail) = data.split_at_mut(at.start);
            let dst = &mut tail[..at.len()];
            self.format.downsample_with(
                &head[above],
                above_layout,
                dst,
                layout,
                self.alpha,
                nan,
            )?;
        }
        Ok(())
    }

    /// The texels of `[f32; N]` that the scratch of
    /// [`TextureDesc::fill_mips_from_f32_with_buffer`] needs: two rows of each
    /// level after the first (one for a level one row high, none for a level of
    /// no row), `Σ min(height(i), 2) · width(i)` over the levels `1..mip_levels`
    /// (0 for fewer than two levels); `None` when a level's layout is `None`
    /// ([`TextureDesc::level_layout`]) or the sum overflows `usize`.
    ///
    /// ```
    /// use normkey::texture::{Format, TextureDesc};
    /// let d = TextureDesc::new(Format::Rgba16Float, 5, 3).with_full_mips(); // 5×3, 2×1, 1×1
    /// assert_eq!(d.mip_scratch_len(), Some(2 + 1)); // one row of each
    /// assert_eq!(d.with_mip_levels(1).mip_scratch_len(), Some(0));
    /// assert_eq!(d.with_mip_levels(0).mip_scratch_len(), Some(0));
    /// let strip = TextureDesc::new(Format::R8Unorm, 1, 4096).with_full_mips(); // 13 levels
    /// assert_eq!(strip.mip_scratch_len(), Some(2 * 11 + 1)); // 1×2048 to 1×2, then 1×1
    /// let wide = TextureDesc::new(Format::R8Unorm, 4096, 4).with_full_mips(); // 4096×4, 2048×2, 1024×1, …
    /// assert_eq!(wide.mip_scratch_len(), Some(2 * 2048 + 2047));
    /// assert_eq!(TextureDesc::new(Format::R8Unorm, 7, 0).with_mip_levels(3).mip_scratch_len(), Some(0));
    /// assert_eq!(d.with_mip_levels(33).mip_scratch_len(), None);
    /// ```
    #[must_use]
    pub const fn mip_scratch_len(&self) -> Option<usize> {
        let mut sum = 0usize;
        let mut i = 1;
        while i < self.mip_levels {
            let Some(layout) = self.level_layout(i) else {
                return None;
            };
            let rows = if layout.height < 2 { layout.height } else { 2 };
            let Some(rows) = layout.width.checked_mul(rows) else {
                return None;
            };
            let Some(next) = sum.checked_add(rows) else {
                return None;
            };
            sum = next;
            i += 1;
        }
        Some(sum)
    }

    /// Writes every level of `data`, the levels' bytes (see
    /// [`TextureDesc`](TextureDesc#the-levels-bytes)), from the linear `f32` texels
    /// of level 0 in `src` (`width × height` texels, row after row, no padding):
    /// level 0 is `src` encoded, and level `i` is the [`downsample_f32`] mean of the
    /// exact `f32` level `i − 1` (not of its codes), encoded. `scratch` (at least
    /// [`TextureDesc::mip_scratch_len`] texels; any contents, overwritten) holds
    /// two rows of each later level's `f32` texels, one of a level one row high;
    /// nothing is allocated. Rows are streamed: a level's row is made as soon as the two
    /// rows above it are, so no level is ever held whole (a 4096 × 4096 texture
    /// needs 8189 texels of scratch: 128 KiB of `[f32; 4]`).
    ///
    /// **Why from `f32`.** Each stored level is encoded from the `f32` means of
    /// the `f32` level above (each rounded once to `f32`), never from codes, so
    /// the codes' rounding does not add up down the chain as it does in
    /// [`TextureDesc::fill_mips`] from the encoded level 0; the two may differ by
    /// a code (example below).
    ///
    /// **Texels.** `N` is 1 to 4 channels (a compile error otherwise), `[r, g, b,
    /// a]`'s first `N`; the channels a texel lacks are 0 (green, blue) and 1
    /// (alpha): `[f32; 4]` texels as [`Format::encode_rows`] takes them, or the
    /// format's own [`Format::channels`] as [`Format::encode_channel_rows`] takes
    /// them (flattened). Each level's bytes are bit for bit those functions' on
    /// its `f32` texels; the channels the format lacks are not stored.
    ///
    /// **The mean** is [`downsample_f32`]'s with `self.alpha` and `nan`: the 2 × 2
    /// box at odd sides and sides of 1, in linear light (an sRGB format is
    /// encoded from the linear mean). Texels of fewer than 4 channels have alpha
    /// 1, so both alpha modes give the plain mean. A format without alpha (fewer
    /// than 4 [`Format::channels`]) is opaque: the fourth channel of `[f32; 4]`
    /// texels, which it does not store, does not weight the colour; every channel
    /// is the plain mean ([`AlphaMode::Premultiplied`]), as [`Format::downsample`]
    /// of its codes, which decodes alpha as 1.
    ///
    /// **NaN, ±∞, ±0, subnormals** as [`downsample_f32`]: a NaN the mean makes is a
    /// quiet NaN whose sign and payload are the platform's; +∞ with −∞ is NaN, one
    /// sign of infinity gives that infinity; ±0 as the [mip docs](super::mip) give
    /// them; subnormals are kept, never flushed. Then the format's
    /// rule encodes them (NaN → 0 and ±∞ clamped in UNORM, SNORM and sRGB channels;
    /// binary16 and `f32` keep NaN and ±∞; float11/10 store the NaN code): see
    /// [`Format`].
    ///
    /// # Errors
    ///
    /// Checked in this order, before anything is written:
    /// [`LayoutError::DataLength`] when `data` is not [`TextureDesc::data_len`]
    /// bytes long, [`LayoutError::TexelCount`] when `src` is not `width × height`
    /// texels, [`LayoutError::ScratchTooShort`] when `scratch` is shorter than
    /// [`TextureDesc::mip_scratch_len`], [`LayoutError::Overflow`] when one of
    /// these sizes overflows `usize` (or there are more than 32 levels).
    ///
    /// ```
    /// use normkey::texture::{Format, LayoutError, NanPolicy, TextureDesc};
    /// // R8Unorm, 2×2: three texels of code 1 (0.6 of a code) and one of 0.
    /// let desc = TextureDesc::new(Format::R8Unorm, 2, 2).with_full_mips();
    /// let src = [[0.6 / 255.0], [0.6 / 255.0], [0.6 / 255.0], [0.0f32]];
    /// let (mut data, mut scratch) = ([0u8; 5], [[0.0f32; 1]; 1]);
    /// assert_eq!(desc.mip_scratch_len(), Some(scratch.len()));
    /// desc.fill_mips_from_f32_with_buffer(&src, &mut data, NanPolicy::Skip, &mut scratch).unwrap();
    /// assert_eq!(data, [1, 1, 1, 0, 0]); // level 1: the mean 0.45 of a code
    /// desc.fill_mips(&mut data, NanPolicy::Skip).unwrap();
    /// assert_eq!(data[4], 1); // from the codes: 0.75 of a code
    ///
    /// // `[f32; 4]` texels into an sRGB format with alpha, and into one without:
    /// // transparent red beside opaque black.
    /// let src = [[1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
    /// let desc = TextureDesc::new(Format::Rgba8UnormSrgb, 2, 1).with_full_mips();
    /// let (mut data, mut scratch) = ([0u8; 12], [[0.0f32; 4]; 2]);
    /// desc.fill_mips_from_f32_with_buffer(&src, &mut data, NanPolicy::Skip, &mut scratch).unwrap();
    /// assert_eq!(data[8..], [0, 0, 0, 128]); // straight alpha: the red does not bleed
    /// let desc = TextureDesc::new(Format::Rg11b10Ufloat, 2, 1).with_full_mips();
    /// desc.fill_mips_from_f32_with_buffer(&src, &mut data, NanPolicy::Skip, &mut scratch).unwrap();
    /// assert_eq!(u32::from_le_bytes([data[8], data[9], data[10], data[11]]), 0x380); // red 0.5 (float11), green and blue 0
    ///
    /// // NaN and ±∞ into rg16float: NaN skipped in red; +∞ with −∞ is NaN in green.
    /// let src = [[f32::NAN, f32::INFINITY], [0.25, f32::NEG_INFINITY]];
    /// let desc = TextureDesc::new(Format::Rg16Float, 2, 1).with_full_mips();
    /// let (mut data, mut scratch) = ([0u8; 12], [[0.0f32; 2]; 2]);
    /// desc.fill_mips_from_f32_with_buffer(&src, &mut data, NanPolicy::Skip, &mut scratch).unwrap();
    /// assert_eq!(data[8..10], [0x00, 0x34]); // 0.25
    /// assert_eq!(data[11] & 0x7E, 0x7E); // NaN
    ///
    /// // Errors: nothing is written.
    /// let f = |data: &mut [u8], src: &[[f32; 2]], scratch: &mut [[f32; 2]]| {
    ///     desc.fill_mips_from_f32_with_buffer(src, data, NanPolicy::Skip, scratch)
    /// };
    /// assert_eq!(f(&mut data[..11], &src, &mut scratch), Err(LayoutError::DataLength { expected: 12, len: 11 }));
    /// assert_eq!(f(&mut data, &src[..1], &mut scratch), Err(LayoutError::TexelCount { expected: 2, len: 1 }));
    /// assert_eq!(f(&mut data, &src, &mut scratch[..0]), Err(LayoutError::ScratchTooShort { needed: 1, len: 0 }));
    /// ```
    pub fn fill_mips_from_f32_with_buffer<const N: usize>(
        &self,
        src: &[[f32; N]],
        data: &mut [u8],
        nan: NanPolicy,
        scratch: &mut [[f32; N]],
    ) -> Result<(), LayoutError> {
        const { assert!(N >= 1 && N <= 4, "texels of 1 to 4 channels") };
        let needed = self.check_f32(src.len(), data.len())?;
        if scratch.len() < needed {
            return Err(LayoutError::ScratchTooShort {
                needed,
                len: scratch.len(),
            });
        }
        let levels = self.mip_levels;
        if levels == 0 || src.is_empty() {
            return Ok(()); // no texel to write
        }
        // Each level's first byte in `data`, its layout, and where its two rows lie
        // in `scratch` (level 0's rows are `src`'s).
        let mut start = [0; MAX_LEVELS];
        let mut layout = [ImageLayout::new(0, 0, 0); MAX_LEVELS];
        let mut rows_at = [0; MAX_LEVELS];
        let mut at = 0;
        for i in 0..levels {
            let (range, l) = self.level(i)?;
            (start[i], layout[i], rows_at[i]) = (range.start, l, at);
            if i > 0 {
                at += l.height.min(2) * l.width;
            }
        }
        let row_bytes = |i: usize, y: usize| start[i] + y * layout[i].row_pitch..;
        for (y, row) in src.chunks_exact(layout[0].width).enumerate() {
            encode_row(self.format, row, &mut data[row_bytes(0, y)]);
        }
        if levels == 1 {
            return Ok(());
        }
        // A format without alpha is opaque: the alpha of `[f32; 4]` texels, which
        // it does not store, weights nothing (texels of fewer channels have alpha 1).
        let alpha = if N == 4 && self.format.channels() < 4 {
            AlphaMode::Premultiplied
        } else {
            self.alpha
        };
        let texel = 4 * N; // the bytes of an `f32` texel: `downsample_f32`'s pitches
        for y in 0..layout[1].height {
            // Row `k` of level `i` from its box's rows of level `i − 1` (one row
            // when that level is one row high), then down the levels below while a
            // row completes a box.
            let (mut i, mut k) = (1, y);
            loop {
                let (above, width) = (layout[i - 1], layout[i].width);
                let rows = above.height.min(2);
                let (upper, lower) = scratch.split_at_mut(rows_at[i]);
                let from = if i == 1 {
                    &src[2 * k * above.width..]
                } else {
                    &upper[rows_at[i - 1]..]
                };
                let from_layout = ImageLayout::new(above.width, rows, texel * above.width);
                let row = &mut lower[(k % 2) * width..][..width];
                let row_layout = ImageLayout::new(width, 1, texel * width);
                let from = &from[..rows * above.width];
                downsample_f32(from, from_layout, row, row_layout, alpha, nan)?;
                encode_row(self.format, row, &mut data[row_bytes(i, k)]);
                if i + 1 == levels || (layout[i].height > 1 && k % 2 == 0) {
                    break;
                }
                (i, k) = (i + 1, k / 2);
            }
        }
        Ok(())
    }

    /// [`TextureDesc::fill_mips_from_f32_with_buffer`] with a scratch of
    /// [`TextureDesc::mip_scratch_len`] texels allocated (after the checks of
    /// `data` and `src`, so an error allocates nothing).
    ///
    /// # Errors
    ///
    /// Those of [`TextureDesc::fill_mips_from_f32_with_buffer`] but
    /// [`LayoutError::ScratchTooShort`].
    ///
    /// ```
    /// use normkey::texture::{Format, ImageLayout, NanPolicy, TextureDesc};
    /// // A 5×3 linear gradient into rgba16float: 5×3, 2×1, 1×1 in one buffer.
    /// let desc = TextureDesc::new(Format::Rgba16Float, 5, 3).with_full_mips();
    /// let src: Vec<[f32; 4]> = (0..15).map(|i| [i as f32 / 16.0, 0.5, 1.0, 1.0]).collect();
    /// let mut data = vec![0u8; desc.data_len().unwrap()];
    /// desc.fill_mips_from_f32(&src, &mut data, NanPolicy::Skip).unwrap();
    /// assert_eq!(desc.level_range(2), Some(136..144));
    /// let mut top = [[0.0f32; 4]];
    /// Format::Rgba16Float.decode_rows(&data[136..], ImageLayout::new(1, 1, 8), &mut top).unwrap();
    /// // Level 1: the means of texels 0, 1, 5, 6 and 2, 3, 7, 8 (3/16, 5/16); level 2 theirs.
    /// assert_eq!(top[0], [0.25, 0.5, 1.0, 1.0]);
    /// assert!(desc.fill_mips_from_f32(&src[1..], &mut data, NanPolicy::Skip).is_err());
    /// ```
    #[cfg(feature = "alloc")]
    pub fn fill_mips_from_f32<const N: usize>(
        &self,
        src: &[[f32; N]],
        data: &mut [u8],
        nan: NanPolicy,
    ) -> Result<(), LayoutError> {
        let needed = self.check_f32(src.len(), data.len())?;
        let mut scratch = alloc::vec![[0.0; N]; needed];
        self.fill_mips_from_f32_with_buffer(src, data, nan, &mut scratch)
    }

    /// The checks of the `f32` chain but the scratch's: `data` is
    /// [`TextureDesc::data_len`] bytes long and `src` `width × height` texels.
    /// Returns [`TextureDesc::mip_scratch_len`].
    fn check_f32(&self, src: usize, data: usize) -> Result<usize, LayoutError> {
        self.check_data(data)?;
        let expected = self
            .width
            .checked_mul(self.height)
            .ok_or(LayoutError::Overflow)?;
        if src != expected {
            return Err(LayoutError::TexelCount { expected, len: src });
        }
        self.mip_scratch_len().ok_or(LayoutError::Overflow)
    }

    /// `data` is [`TextureDesc::data_len`] bytes long.
    fn check_data(&self, len: usize) -> Result<(), LayoutError> {
        let expected = self.data_len().ok_or(LayoutError::Overflow)?;
        if len != expected {
            return Err(LayoutError::DataLength { expected, len });
        }
        Ok(())
    }

    /// Where level `i` lies in the levels' bytes, and its layout (both exist for
    /// every level once [`TextureDesc::data_len`] is `Some`).
    fn level(&self, i: usize) -> Result<(Range<usize>, ImageLayout), LayoutError> {
        match (self.level_range(i), self.level_layout(i)) {
            (Some(range), Some(layout)) => Ok((range, layout)),
            _ => Err(LayoutError::Overflow),
        }
    }
}

/// Encodes one row of `N`-channel texels into the start of `out`, by `format`'s
/// row encoder on the texels widened to `[r, g, b, a]` (so bit for bit
/// [`Format::encode_rows`] and [`Format::encode_channel_rows`]).
fn encode_row<const N: usize>(format: Format, row: &[[f32; N]], out: &mut [u8]) {
    let (encode, bpt) = (format.codec().encode, format.bytes_per_texel());
    let mut wide = [[0.0f32; 4]; CHUNK];
    for (texels, bytes) in row.chunks(CHUNK).zip(out.chunks_mut(CHUNK * bpt)) {
        let wide = &mut wide[..texels.len()];
        for (w, t) in wide.iter_mut().zip(texels) {
            *w = widen(t);
        }
        encode(wide, &mut bytes[..texels.len() * bpt]);
    }
}
