//! Mip chains: [`Format::downsample`] makes one level from the previous, exactly
//! decoded, averaged in linear light and exactly re-encoded; [`mip_level_count`],
//! [`mip_size`] and [`Format::mip_layout`] give the chain's shape.
//!
//! # Sizes (D3D and Vulkan)
//!
//! Level `i + 1` of a `w × h` level is `max(1, ⌊w/2⌋) × max(1, ⌊h/2⌋)` (a side of 0
//! stays 0), and a chain ends at 1 × 1: `⌊log₂ max(w, h)⌋ + 1` levels (D3D11.3
//! §5.3.3, Vulkan "Image Mip Level Sizing").
//!
//! # The filter
//!
//! Texel `(x, y)` of the new level is the mean of the 2 × 2 box of source texels
//! `(2x, 2y)`, `(2x + 1, 2y)`, `(2x, 2y + 1)`, `(2x + 1, 2y + 1)`. Odd sides are
//! handled as the D3D sizes imply: the new side is `⌊n/2⌋`, so the last source
//! column (or row) of an odd side is not read (a 2×2 box, never a 3-tap one); a
//! source side of 1 gives a new side of 1 whose box repeats its one column (or
//! row), so a 1 × n level averages pairs along its length.
//!
//! Each source texel is decoded exactly (the format's rule, as
//! [`Format::decode_rows`]: sRGB colour to linear, every other channel as
//! stored), so the mean is taken in linear light; alpha is always linear. The
//! mean is computed in `f64` (exact for the 8- and 16-bit formats: four decoded
//! `f32` add without rounding), rounded once to `f32`, and encoded exactly by the
//! format's rule (as [`Format::encode_rows`]). So each output code is the code of
//! the `f64` mean, except where that mean lies within half an `f32` ulp of a
//! boundary between two codes, where the rounding to `f32` may pick the
//! neighbouring code (the test suite checks every output against the `f64`
//! reference and that every difference is of this kind).
//!
//! **Ties are not exact.** The mean is that of the decoded `f32` values, each the
//! `f32` nearest to its code's exact value. Where the exact mean of the exact
//! values is halfway between two codes (a UNORM box whose codes sum to 2 mod 4,
//! such as 0, 0, 1, 1), those decoding errors, not the format's tie rule, pick the
//! code: about 5% of the outputs of random UNORM levels in the test. A box of four
//! equal texels always gives that texel back.
//!
//! [`AlphaMode`] says what the alpha channel means:
//!
//! - [`AlphaMode::Premultiplied`]: every channel is the plain mean of its four
//!   values (colour is already weighted by alpha).
//! - [`AlphaMode::Straight`]: alpha is the plain mean; colour is weighted by alpha,
//!   `Σ cᵢ·aᵢ / Σ aᵢ`, so transparent texels do not bleed their colour in; when
//!   `Σ aᵢ = 0` the colour is the plain mean. Formats without alpha decode it as
//!   1, where both modes give the plain mean.
//!
//! **NaN, ±∞.** Only the float formats decode to NaN or ±∞. The mean follows
//! `f64` arithmetic: a NaN among the four values of a channel makes that output
//! channel NaN (and, with straight alpha, a NaN alpha makes the colour NaN too);
//! +∞ and −∞ together make NaN; the format's encoder then applies its NaN rule
//! (UNORM/SNORM/sRGB: 0; binary16 and `f32`: a NaN; float11/10: the NaN code;
//! RGB9E5: 0). Other channels are not affected.
//!
//! # Skipping NaN samples ([`NanPolicy::Skip`])
//!
//! [`Format::downsample_with`] with [`NanPolicy::Skip`] drops, channel by channel,
//! the entries of the box whose value is NaN and averages the rest; an output
//! channel is NaN only when all four entries of its box are NaN (at odd sides and
//! sides of 1 the box repeats a texel: its entries are counted as in the box, so a
//! 1 × n level gives the mean of the non-NaN texels of each pair). Precisely:
//!
//! - The mean of the `n ≥ 1` non-NaN entries is their `f64` sum divided by `n`
//!   (the sum exact for the 8- and 16-bit formats; the quotient rounded once in
//!   `f64` for `n = 3`), rounded once to `f32` and encoded as above: the same
//!   bound as the propagating filter, with `n` for 4.
//! - With [`AlphaMode::Straight`], a colour entry is weighted only when it and
//!   its alpha are both non-NaN: `Σ cᵢ·aᵢ / Σ aᵢ` over those entries; when there
//!   are none or `Σ aᵢ = 0`, the colour is the mean of its non-NaN entries. Alpha
//!   is the mean of its non-NaN entries.
//! - **All four NaN:** the output channel is the top-left entry's NaN as decoded
//!   (its sign and payload, not the platform's), then the format's NaN rule (as
//!   above: `f32` stores it as is).
//! - **±∞ are values, not skipped:** a box holding +∞ and −∞ (and no NaN that
//!   hides one of them) still gives NaN, as under the propagating rule, because
//!   their mean is undefined: the filter skips missing samples, it does not guess
//!   which infinity wins. One or more infinities of one sign give that infinity.
//! - **±0:** a skipped entry adds −0 (the identity of `f64` addition), so the sign
//!   of a zero mean is that of the non-NaN entries' sum: −0 only when every
//!   non-NaN entry is −0.
//! - **Subnormals** are decoded exactly and averaged like any value (no flush).
//!
//! With no NaN in a box both policies give the same output.
//!
//! # A chain from an `f32` image ([`downsample_f32`])
//!
//! [`downsample_f32`] makes the next level of an `f32` image of 1 to 4 channels by
//! the same box and the same means, without decoding or encoding: each level of a
//! chain built with it is the mean of the exact `f32` level above, and only the
//! level being stored is encoded ([`Format::encode_rows`]), so the codes' rounding
//! does not accumulate down the chain. It equals [`Format::downsample`] of
//! `R32Float`, `Rg32Float`, `Rgba32Float` on the same bytes (but for the sign and
//! payload of a NaN it makes, which are the platform's).
//!
//! [`TextureDesc::fill_mips_from_f32`](super::TextureDesc::fill_mips_from_f32) builds
//! such a chain in one call, every level into the bytes a container writer takes, and
//! [`TextureDesc::fill_mips`](super::TextureDesc::fill_mips) the chain of
//! [`Format::downsample_with`] from level 0's codes.

use super::format::Format;
use super::rows::{ImageLayout, LayoutError, byte_layout, texel_pitch};

/// What the alpha channel means to [`Format::downsample`] (see the
/// [module docs](self)).
///
/// ```
/// use normkey::texture::{AlphaMode, Format, ImageLayout};
/// // Two 2×1 RGBA8 texels: opaque red and transparent green.
/// let src = [255, 0, 0, 255, 0, 255, 0, 0];
/// let mut dst = [0u8; 4];
/// let (s, d) = (ImageLayout::new(2, 1, 8), ImageLayout::new(1, 1, 4));
/// Format::Rgba8Unorm.downsample(&src, s, &mut dst, d, AlphaMode::Straight).unwrap();
/// assert_eq!(dst, [255, 0, 0, 128]); // the transparent green does not bleed
/// Format::Rgba8Unorm.downsample(&src, s, &mut dst, d, AlphaMode::Premultiplied).unwrap();
/// assert_eq!(dst, [128, 128, 0, 128]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AlphaMode {
    /// Colour is not multiplied by alpha: the mean weights it by alpha.
    Straight,
    /// Colour is already multiplied by alpha: every channel is a plain mean.
    Premultiplied,
}

/// What [`Format::downsample_with`] does with NaN samples (see the
/// [module docs](self#skipping-nan-samples-nanpolicyskip)).
///
/// ```
/// use normkey::texture::{AlphaMode, Format, NanPolicy};
/// // A 2×2 r32float level: NaN, 1.0, 2.0, NaN.
/// let src: Vec<u8> = [f32::NAN, 1.0, 2.0, -f32::NAN].iter().flat_map(|x| x.to_le_bytes()).collect();
/// let mut dst = [0u8; 4];
/// let f = Format::R32Float;
/// let s = f.layout(2, 2, 1).unwrap();
/// let d = f.mip_layout(s, 1).unwrap();
/// f.downsample_with(&src, s, &mut dst, d, AlphaMode::Straight, NanPolicy::Skip).unwrap();
/// assert_eq!(f32::from_le_bytes(dst), 1.5); // the mean of 1.0 and 2.0
/// f.downsample_with(&src, s, &mut dst, d, AlphaMode::Straight, NanPolicy::Propagate).unwrap();
/// assert!(f32::from_le_bytes(dst).is_nan());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum NanPolicy {
    /// A NaN entry makes the output channel NaN ([`Format::downsample`]'s rule).
    #[default]
    Propagate,
    /// NaN entries are left out of the mean; NaN only when all four are NaN.
    Skip,
}

/// The side of the next mip level: `max(1, ⌊n/2⌋)`, and 0 for 0.
///
/// ```
/// use normkey::texture::mip_size;
/// assert_eq!(mip_size(7), 3);
/// assert_eq!(mip_size(1), 1);
/// assert_eq!(mip_size(0), 0);
/// assert_eq!(mip_size(usize::MAX), usize::MAX / 2);
/// ```
#[inline]
#[must_use]
pub const fn mip_size(n: usize) -> usize {
    if n > 1 { n / 2 } else { n }
}

/// The number of levels of a full mip chain of a `width × height` texture,
/// `⌊log₂ max(width, height)⌋ + 1`, down to 1 × 1; 0 when a side is 0.
///
/// ```
/// use normkey::texture::mip_level_count;
/// assert_eq!(mip_level_count(1, 1), 1);
/// assert_eq!(mip_level_count(256, 1), 9);
/// assert_eq!(mip_level_count(257, 100), 9);
/// assert_eq!(mip_level_count(0, 8), 0);
/// assert_eq!(mip_level_count(usize::MAX, 1), usize::BITS as usize);
/// let sizes: Vec<usize> = (0..mip_level_count(5, 3)).collect(); // a `usize`, as every size
/// assert_eq!(sizes, [0, 1, 2]);
/// ```
#[inline]
#[must_use]
pub const fn mip_level_count(width: usize, height: usize) -> usize {
    if width == 0 || height == 0 {
        return 0;
    }
    let side = if width > height { width } else { height };
    side.ilog2() as usize + 1
}

/// Destination texels per step: the stack buffers of one step hold twice as many
/// source texels of two rows (no allocation).
const STEP: usize = 32;

/// The mean of four texels (see the module docs), in `f64`, rounded once to `f32`.
#[inline]
// The f64 mean is rounded once to f32 on purpose.
#[allow(clippy::cast_possible_truncation)]
fn mean(p: [[f32; 4]; 4], alpha: AlphaMode) -> [f32; 4] {
    let sum = |c: usize, weight: bool| {
        let v = |k: usize| f64::from(p[k][c]) * if weight { f64::from(p[k][3]) } else { 1.0 };
        v(0) + v(1) + v(2) + v(3)
    };
    let a = sum(3, false);
    core::array::from_fn(|c| {
        // `a != 0.0` holds for a NaN alpha, which then weights the colour to NaN.
        if c < 3 && alpha == AlphaMode::Straight && a != 0.0 {
            (sum(c, true) / a) as f32
        } else {
            (sum(c, false) / 4.0) as f32
        }
    })
}

/// The mean of the non-NaN entries of each channel of four texels (see the module
/// docs), in `f64`, rounded once to `f32`; a channel of four NaN entries gives the
/// first entry's NaN. On x86-64 the common case, every channel with a nonzero sum
/// of weights, is `sse2::weighted_mean`, the same sums in vectors; this
/// per-channel form is the definition and the rest.
#[inline]
// The f64 mean is rounded once to f32 on purpose.
#[allow(clippy::cast_possible_truncation)]
fn mean_skipping_nan(p: [[f32; 4]; 4], alpha: AlphaMode) -> [f32; 4] {
    if let Some(mean) = weighted_mean(p, alpha) {
        return mean;
    }
    // Sum and count of the non-NaN entries; a skipped entry adds −0, the identity.
    let plain = |c: usize| {
        let (mut sum, mut n) = (-0.0f64, 0.0f64);
        for t in &p {
            let keep = !t[c].is_nan();
            sum += if keep { f64::from(t[c]) } else { -0.0 };
            n += if keep { 1.0 } else { 0.0 };
        }
        if n == 0.0 { p[0][c] } else { (sum / n) as f32 }
    };
    core::array::from_fn(|c| {
        if c < 3 && alpha == AlphaMode::Straight {
            let (mut sum, mut a) = (-0.0f64, -0.0f64);
            for t in &p {
                let keep = !t[c].is_nan() && !t[3].is_nan();
                sum += if keep {
                    f64::from(t[c]) * f64::from(t[3])
                } else {
                    -0.0
                };
                a += if keep { f64::from(t[3]) } else { -0.0 };
            }
            // `a != 0.0` holds for a NaN sum of alphas (+∞ and −∞).
            if a != 0.0 {
                return (sum / a) as f32;
            }
        }
        plain(c)
    })
}

// The common case in SSE2 vectors (`mip/sse2.rs`), where x86-64 vector code
// is built.
crate::dispatch::x86! {
    mod sse2;
    use sse2::weighted_mean;
}

crate::dispatch::x86! {
    else
    /// Where there are no SSE2 vectors (or under Miri and `--cfg
    /// normkey_baseline`, which test this form on x86-64): the per-channel
    /// form for every case.
    #[allow(clippy::unnecessary_wraps)] // the signature of `sse2::weighted_mean`
    fn weighted_mean(_: [[f32; 4]; 4], _: AlphaMode) -> Option<[f32; 4]> {
        None
    }
}

/// Writes the next mip level of the `f32` image `src` into `dst`, texels of `N`
/// channels (1 to 4: R; R, G; R, G, B; or R, G, B, A, a compile error
/// otherwise): each texel the mean of its 2 × 2 box as [`Format::downsample`]
/// takes it (the [module docs](self): the box at odd sides, the alpha modes,
/// `nan`'s rule; with fewer than four channels alpha is 1, so both modes give
/// the plain mean), the `f64` mean rounded once to `f32`, with no format's
/// decoding or encoding. The pitches count bytes, as everywhere: row `y` of
/// `src` starts at byte `y · src_layout.row_pitch`, a whole number of texels
/// (`4 · N` bytes); `dst_layout` must be `mip_size(width) × mip_size(height)`.
/// Texels outside the rows (the padding) are never read or written; nothing is
/// allocated.
///
/// NaN: as `Rgba32Float`'s rule in the module docs (a NaN result is a quiet NaN
/// whose sign and payload are the platform's, but for the top-left NaN kept as it
/// is when [`NanPolicy::Skip`] finds four NaNs); ±∞, ±0, subnormals (kept) as there.
///
/// # Errors
///
/// A [`LayoutError`] when either side does not hold its rows (in bytes) or a
/// pitch is not a whole number of texels ([`LayoutError::PitchNotTexels`]), or
/// [`LayoutError::LevelSize`] when `dst_layout` is not the next level's size;
/// then `dst` is untouched.
///
/// A chain from an `f32` source, each level encoded from the exact average of
/// the level above (not from the codes of the stored level), by hand
/// ([`TextureDesc::fill_mips_from_f32`](super::TextureDesc::fill_mips_from_f32)
/// makes it in one call, into one buffer):
///
/// ```
/// use normkey::texture::{AlphaMode, Format, ImageLayout, NanPolicy, downsample_f32, mip_size};
/// let (w, h) = (4, 2);
/// let src: Vec<[f32; 4]> = (0..w * h).map(|i| [i as f32 / 8.0, 0.5, 1.0, 1.0]).collect();
/// let (f, mut level) = (Format::Rgba8Unorm, (src, ImageLayout::new(w, h, 16 * w))); // 16 bytes a texel
/// let mut chain = Vec::new(); // each level's bytes
/// loop {
///     let (texels, layout) = &level;
///     let bytes_layout = f.layout(layout.width, layout.height, 4).unwrap();
///     let mut bytes = vec![0u8; bytes_layout.row_pitch * layout.height];
///     f.encode_rows(texels, &mut bytes, bytes_layout).unwrap();
///     chain.push(bytes);
///     if (layout.width, layout.height) == (1, 1) {
///         break;
///     }
///     let (nw, nh) = (mip_size(layout.width), mip_size(layout.height));
///     let (mut next, next_layout) = (vec![[0.0f32; 4]; nw * nh], ImageLayout::new(nw, nh, 16 * nw));
///     downsample_f32(texels, *layout, &mut next, next_layout, AlphaMode::Straight, NanPolicy::Skip).unwrap();
///     level = (next, next_layout);
/// }
/// assert_eq!(chain.len(), 3); // 4×2, 2×1, 1×1
/// assert_eq!(chain[2], [112, 128, 255, 255]); // red: the mean 3.5/8 = 0.4375 of every texel
/// // Two channels; a NaN sample is skipped under `NanPolicy::Skip`, kept under `Propagate`.
/// let src = [[f32::NAN, 1.0], [0.25, 1.0]];
/// let (s, d) = (ImageLayout::new(2, 1, 16), ImageLayout::new(1, 1, 8));
/// let mut out = [[0.0f32; 2]];
/// downsample_f32(&src, s, &mut out, d, AlphaMode::Straight, NanPolicy::Skip).unwrap();
/// assert_eq!(out[0], [0.25, 1.0]);
/// downsample_f32(&src, s, &mut out, d, AlphaMode::Premultiplied, NanPolicy::Propagate).unwrap();
/// assert!(out[0][0].is_nan());
/// assert!(downsample_f32(&src, s, &mut out, ImageLayout::new(1, 2, 8), AlphaMode::Straight, NanPolicy::Skip).is_err());
/// assert!(downsample_f32(&src, ImageLayout::new(2, 1, 17), &mut out, d, AlphaMode::Straight, NanPolicy::Skip).is_err());
/// ```
pub fn downsample_f32<const N: usize>(
    src: &[[f32; N]],
    src_layout: ImageLayout,
    dst: &mut [[f32; N]],
    dst_layout: ImageLayout,
    alpha: AlphaMode,
    nan: NanPolicy,
) -> Result<(), LayoutError> {
    const { assert!(N >= 1 && N <= 4, "texels of 1 to 4 channels") };
    let ImageLayout { width, height, .. } = src_layout;
    let (dst_width, dst_height) = (mip_size(width), mip_size(height));
    let src_pitch = texel_pitch(src_layout, N, src.len())?;
    if (dst_layout.width, dst_layout.height) != (dst_width, dst_height) {
        return Err(LayoutError::LevelSize {
            expected: (dst_width, dst_height),
            got: (dst_layout.width, dst_layout.height),
        });
    }
    let dst_pitch = texel_pitch(dst_layout, N, dst.len())?;
    if dst_width == 0 {
        return Ok(()); // no texel to write, however many rows
    }
    for y in 0..dst_height {
        let [r0, r1] =
            [2 * y, (2 * y + 1).min(height - 1)].map(|sy| &src[sy * src_pitch..][..width]);
        let out = &mut dst[y * dst_pitch..][..dst_width];
        for (x, o) in out.iter_mut().enumerate() {
            let (i0, i1) = (2 * x, (2 * x + 1).min(width - 1));
            let p = [&r0[i0], &r0[i1], &r1[i0], &r1[i1]].map(widen);
            let m = match nan {
                NanPolicy::Propagate => mean(p, alpha),
                NanPolicy::Skip => mean_skipping_nan(p, alpha),
            };
            *o = core::array::from_fn(|c| m[c]);
        }
    }
    Ok(())
}

/// A texel of `N` channels as `[r, g, b, a]`: the channels it lacks are 0, and
/// alpha 1.
#[inline]
pub(super) fn widen<const N: usize>(t: &[f32; N]) -> [f32; 4] {
    core::array::from_fn(|c| t.get(c).map_or(f32::from(c == 3), |&v| v))
}

impl Format {
    /// The layout of the mip level after `level`: [`mip_size`] of its width and
    /// height, rows packed at `align` bytes as [`Format::layout`] packs them (so
    /// the destination of [`Format::downsample`]); `None` when `align` is not a
    /// power of two or the pitch overflows. `level`'s own pitch plays no part.
    ///
    /// ```
    /// use normkey::texture::{Format, ImageLayout};
    /// let f = Format::Rgba16Float;
    /// let top = f.layout(7, 1, 256).unwrap();
    /// assert_eq!(f.mip_layout(top, 256), Some(ImageLayout::new(3, 1, 256)));
    /// assert_eq!(f.mip_layout(top, 1), Some(ImageLayout::new(3, 1, 24)));
    /// assert_eq!(f.mip_layout(ImageLayout::new(1, 1, 8), 1), Some(ImageLayout::new(1, 1, 8)));
    /// assert_eq!(f.mip_layout(ImageLayout::new(0, 4, 0), 4), Some(ImageLayout::new(0, 2, 0)));
    /// assert_eq!(f.mip_layout(top, 0), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn mip_layout(self, level: ImageLayout, align: usize) -> Option<ImageLayout> {
        self.layout(mip_size(level.width), mip_size(level.height), align)
    }

    /// Writes the next mip level of the level in `src` (laid out as `src_layout`
    /// says) into `dst` (laid out as `dst_layout` says, which must be
    /// `mip_size(width) × mip_size(height)` texels: [`Format::mip_layout`] gives
    /// one): each texel the exactly re-encoded mean, in linear light, of a 2 × 2
    /// box of exactly decoded source texels. The [module docs](super::mip) give the
    /// box at odd sides, the alpha modes, the rounding bound and the NaN rule. Byte
    /// buffers may start at any address; padding is never read or written;
    /// nothing is allocated (the work buffers, 160 texels of `[f32; 4]`, 2.5 KiB,
    /// live on the stack).
    ///
    /// # Errors
    ///
    /// A [`LayoutError`] when either byte side does not hold its level (as
    /// [`Format::decode_rows`] checks it), or [`LayoutError::LevelSize`] when
    /// `dst_layout` is not the next level's size; then `dst` is untouched.
    ///
    /// ```
    /// use normkey::texture::{AlphaMode, Format, ImageLayout, mip_size};
    /// // A 3×2 sRGB level (odd width: the third column is not read) into 1×1.
    /// let src = [0, 0, 0, 255, 255, 255, 255, 255, 9, 9, 9, 9,
    ///            0, 0, 0, 255, 255, 255, 255, 255, 9, 9, 9, 9];
    /// let f = Format::Rgba8UnormSrgb;
    /// let s = f.layout(3, 2, 1).unwrap();
    /// let d = f.mip_layout(s, 1).unwrap();
    /// assert_eq!(d, ImageLayout::new(mip_size(3), mip_size(2), 4));
    /// let mut dst = [0u8; 4];
    /// f.downsample(&src, s, &mut dst, d, AlphaMode::Premultiplied).unwrap();
    /// assert_eq!(dst, [188, 188, 188, 255]); // linear 0.5, not byte 128
    /// // NaN: binary16 propagates it, UNORM stores 0 (in that channel only).
    /// let h = [0x00, 0x7E, 0x00, 0x3C]; // r16float: NaN, 1.0 (a 2×1 level)
    /// let mut out = [0u8; 2];
    /// let (hs, hd) = (ImageLayout::new(2, 1, 4), ImageLayout::new(1, 1, 2));
    /// Format::R16Float.downsample(&h, hs, &mut out, hd, AlphaMode::Straight).unwrap();
    /// assert_eq!(out[1] & 0x7E, 0x7E); // a quiet NaN (its sign and payload are the platform's)
    /// assert!(f.downsample(&src, s, &mut dst[..3], d, AlphaMode::Straight).is_err());
    /// ```
    pub fn downsample(
        self,
        src: &[u8],
        src_layout: ImageLayout,
        dst: &mut [u8],
        dst_layout: ImageLayout,
        alpha: AlphaMode,
    ) -> Result<(), LayoutError> {
        self.downsample_by(src, src_layout, dst, dst_layout, |p| mean(p, alpha))
    }

    /// [`Format::downsample`] with a choice of what NaN samples do:
    /// [`NanPolicy::Propagate`] is [`Format::downsample`] itself;
    /// [`NanPolicy::Skip`] averages the non-NaN entries of each channel of a box,
    /// NaN only when all four are NaN (then the top-left entry's NaN, its sign and
    /// payload kept before the format's NaN rule). ±∞ are not skipped (+∞ with −∞
    /// is still NaN), ±0 and subnormals as the [module
    /// docs](super::mip#skipping-nan-samples-nanpolicyskip) give them. Only the
    /// float formats decode to NaN: for the others both policies are the same.
    ///
    /// # Errors
    ///
    /// As [`Format::downsample`]: a [`LayoutError`], `dst` untouched.
    ///
    /// ```
    /// use normkey::texture::{AlphaMode, Format, ImageLayout, NanPolicy};
    /// let h = |x: u16| x.to_le_bytes();
    /// // A 2×2 rg16float level: red NaN, 1.0, NaN, 0.5; green -0 and NaN only.
    /// let src = [h(0x7E00), h(0x8000), h(0x3C00), h(0xFE00),
    ///            h(0xFE01), h(0x8000), h(0x3800), h(0x7E00)].concat();
    /// let mut dst = [0u8; 4];
    /// let (f, a) = (Format::Rg16Float, AlphaMode::Straight);
    /// let (s, d) = (ImageLayout::new(2, 2, 8), ImageLayout::new(1, 1, 4));
    /// f.downsample_with(&src, s, &mut dst, d, a, NanPolicy::Skip).unwrap();
    /// assert_eq!(u16::from_le_bytes([dst[0], dst[1]]), 0x3A00); // 0.75, NaNs skipped
    /// assert_eq!(u16::from_le_bytes([dst[2], dst[3]]), 0x8000); // −0: every non-NaN is −0
    /// // All four NaN: the top-left NaN (here its sign and payload survive binary16).
    /// let nans = [h(0xFE01), h(0xFE01), h(0x7E00), h(0x7E00),
    ///             h(0x7E00), h(0x7E00), h(0x7E00), h(0x7E00)].concat();
    /// f.downsample_with(&nans, s, &mut dst, d, a, NanPolicy::Skip).unwrap();
    /// assert_eq!(u16::from_le_bytes([dst[0], dst[1]]), 0xFE01);
    /// // +∞ and −∞ are values: their mean is NaN under either policy.
    /// let inf = [h(0x7C00), h(0), h(0xFC00), h(0), h(0x7E00), h(0), h(0x7E00), h(0)].concat();
    /// f.downsample_with(&inf, s, &mut dst, d, a, NanPolicy::Skip).unwrap();
    /// assert!(normkey::texture::f16_to_f32(u16::from_le_bytes([dst[0], dst[1]])).is_nan());
    /// assert!(f.downsample_with(&src, s, &mut dst[..3], d, a, NanPolicy::Skip).is_err());
    /// ```
    pub fn downsample_with(
        self,
        src: &[u8],
        src_layout: ImageLayout,
        dst: &mut [u8],
        dst_layout: ImageLayout,
        alpha: AlphaMode,
        nan: NanPolicy,
    ) -> Result<(), LayoutError> {
        match nan {
            NanPolicy::Propagate => self.downsample(src, src_layout, dst, dst_layout, alpha),
            NanPolicy::Skip => self.downsample_by(src, src_layout, dst, dst_layout, |p| {
                mean_skipping_nan(p, alpha)
            }),
        }
    }

    /// The one downsampling loop, `mean` the filter of one box.
    #[inline]
    fn downsample_by(
        self,
        src: &[u8],
        src_layout: ImageLayout,
        dst: &mut [u8],
        dst_layout: ImageLayout,
        mean: impl Fn([[f32; 4]; 4]) -> [f32; 4],
    ) -> Result<(), LayoutError> {
        let ImageLayout { width, height, .. } = src_layout;
        let (dst_width, dst_height) = (mip_size(width), mip_size(height));
        let src_row = byte_layout(self, src_layout, src.len())?;
        if (dst_layout.width, dst_layout.height) != (dst_width, dst_height) {
            return Err(LayoutError::LevelSize {
                expected: (dst_width, dst_height),
                got: (dst_layout.width, dst_layout.height),
            });
        }
        let dst_row = byte_layout(self, dst_layout, dst.len())?;
        if dst_width == 0 {
            return Ok(()); // no texel to write, however many rows
        }
        let (src_row_pitch, dst_row_pitch) = (src_layout.row_pitch, dst_layout.row_pitch);
        let codec = self.codec();
        let bpt = self.bytes_per_texel();
        let mut top = [[0.0f32; 4]; 2 * STEP];
        let mut bottom = [[0.0f32; 4]; 2 * STEP];
        let mut out = [[0.0f32; 4]; STEP];
        for y in 0..dst_height {
            let rows = [2 * y, (2 * y + 1).min(height - 1)];
            let [r0, r1] = rows.map(|sy| &src[sy * src_row_pitch..][..src_row]);
            let d = &mut dst[y * dst_row_pitch..][..dst_row];
            for x0 in (0..dst_width).step_by(STEP) {
                let n = STEP.min(dst_width - x0);
                // The source columns of this step (one when the source side is 1).
                let (sx, sn) = (2 * x0, (2 * n).min(width - 2 * x0));
                (codec.decode)(&r0[sx * bpt..(sx + sn) * bpt], &mut top[..sn]);
                (codec.decode)(&r1[sx * bpt..(sx + sn) * bpt], &mut bottom[..sn]);
                for (i, o) in out[..n].iter_mut().enumerate() {
                    let (i0, i1) = (2 * i, (2 * i + 1).min(sn - 1));
                    *o = mean([top[i0], top[i1], bottom[i0], bottom[i1]]);
                }
                (codec.encode)(&out[..n], &mut d[x0 * bpt..(x0 + n) * bpt]);
            }
        }
        Ok(())
    }
}
