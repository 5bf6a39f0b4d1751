//! Texture formats: sRGB and the 8-bit pixel formats, exact both ways; the packed
//! formats; [`Format`], the format chosen at run time, with whole-image conversion
//! ([`Format::encode_rows`], [`Format::decode_rows`] and their channel forms, on an
//! [`ImageLayout`]); binary16 channels.
//!
//! | part | what it holds |
//! |---|---|
//! | [`format`] | [`Format`] and its one table of facts (wgpu name, size, channels, sRGB twin, DXGI code, `VkFormat`, codec) |
//! | [`rows`] | [`ImageLayout`], the strided row conversions on `[f32; 4]` texels and on the format's own channels ([`Format::encode_channel_rows`], [`Format::decode_channel_rows`]), [`LayoutError`], the per-format codecs; [`Format::encode_rows_with`] and [`Format::encode_channel_rows_with`] with a [`Rounding`] (toward zero for binary16 and float11/float10, as GPU render targets round) |
//! | [`mip`] | [`Format::downsample`] (one mip level from the previous, exact, in linear light), [`Format::downsample_with`] and [`NanPolicy`] (skipping NaN samples), [`mip_level_count`], [`mip_size`], [`Format::mip_layout`] |
//! | [`TextureDesc::fill_mips`], [`TextureDesc::fill_mips_from_f32`] | a whole mip chain in one call, into the levels' bytes of a [`TextureDesc`]: from level 0's codes, or from `f32` texels (each level from the exact mean of the `f32` level above; [`TextureDesc::fill_mips_from_f32_with_buffer`] allocates nothing) |
//! | [`dds`], [`ktx2`] | DDS and KTX2 files: [`TextureDesc`] (format, size, mips, alpha) and the levels' bytes written into a caller's buffer or a `Vec` (feature `alloc`), and read back into a [`TextureFile`] ([`ContainerError`] for what is refused); [`DxgiFormat`] and [`VkFormat`], the codes they store |
//! | [`Texel`] | the trait of every typed format with a `Format` |
//! | [`f32_to_f16`], [`f16_to_f32`] (and their slice and round-toward-zero forms) | binary16 channels on the [`ufloat`] core |
//! | [`Srgb8`], the 8-bit pixels, the packed UNORM pixels, [`ufloat`] | the typed formats below |
//!
//! Every format converts between linear `f32` values and its stored codes with the
//! exact rule of the specification (no tolerance): encoding gives the code nearest
//! to the exact value, decoding gives the `f32` nearest to the code's exact value.
//!
//! | format | channels (memory order) | encode: NaN / negatives / above 1 / ties | decode | spec |
//! |---|---|---|---|---|
//! | [`Srgb8`] | one `u8` | 0 / 0 / 255 / none exist | the `f32` nearest to the exact inverse; 0 and 1 exact | IEC 61966-2-1; D3D11.3 §3.2.3, "FLOAT -> SRGB" (NaN → 0, clamp; 0.6 ULP allowed) and "SRGB -> FLOAT" (0.5 ULP; 0 and 1 exact); Vulkan "sRGB Transfer Functions" in the Data Format specification (either neighbouring code) |
//! | [`Rgba8Unorm`], [`Bgra8Unorm`] | four `u8`: R, G, B, A / B, G, R, A | each channel as [`Unorm8`](crate::Unorm8): 0 / 0 / 255 / 0.5 → 128 (the only tie) | `c / 255` correctly rounded | D3D11.3 §3.2.3.3–4 (FLOAT ↔ UNORM); Vulkan "Fixed-Point Data Conversions" (either neighbouring code allowed) |
//! | [`Rgba8UnormSrgb`], [`Bgra8UnormSrgb`] | four `u8`, as above | colour as [`Srgb8`], alpha as [`Unorm8`](crate::Unorm8) (alpha is linear) | colour as [`Srgb8`], alpha `c / 255` | as the two rows above |
//! | [`Rgb10a2Unorm`], [`B5g6r5Unorm`], [`Bgr5a1Unorm`], [`Bgra4Unorm`] (rules below) | one native-endian `u32`/`u16`, first-named channel in the lowest bits (R 0–9, G 10–19, B 20–29, A 30–31; B 0–4, G 5–10, R 11–15; B 0–4, G 5–9, R 10–14, A 15; B 0–3, G 4–7, R 8–11, A 12–15) | each channel n-bit UNORM: 0 / 0 / 2ⁿ − 1 / 0.5 → 2ⁿ⁻¹ (the only tie) | `c / (2ⁿ − 1)` correctly rounded | D3D11.3 §3.2.3 (FLOAT ↔ UNORM); Vulkan "Fixed-Point Data Conversions" |
//! | [`Rg11b10Ufloat`] (module [`ufloat`]) | `u32`: R 0–10, G 11–21, B 22–31 | float11/float10: NaN → a NaN code / negatives, −0, −∞ → 0 / finite values saturate to 65024 (float11), 64512 (float10), +∞ → ∞ / nearest even on the exact value, denormals kept | exact | D3D11.3 §3.1.6 (nearest even; §3.2.2 says toward zero: the spec contradicts itself); Vulkan "Unsigned 11-Bit / 10-Bit Floating-Point Numbers"; GL `EXT_packed_float` |
//! | `*16Float` channels of [`Format`] ([`f32_to_f16`], [`f16_to_f32`]) | one little-endian `u16` per channel, IEEE 754 binary16 | nearest even on the exact value, subnormals kept, ±0 kept / \|x\| ≥ 65520 → ±∞ / NaN → quiet NaN, sign and top payload bits kept | exact (sign, ±∞, payload kept) | IEEE 754-2019 §5.4.2 (`convertFormat`); bit for bit `half::f16::from_f32`/`to_f32` |
//! | `*32Float` channels of [`Format`] | one little-endian `f32` per channel | every bit kept (NaN payloads, −0, subnormals) | every bit kept | — |
//! | [`Rgb9e5Ufloat`] (module [`ufloat`]) | `u32`: R 0–8, G 9–17, B 18–26, E 27–31 | NaN → 0 / negatives → 0 / clamp to 65408 (+∞ too) / shared exponent of the largest channel, nearest-even mantissas (the exponent grows when the largest rounds to 512) | exact, `m · 2^(E − 24)` | D3D11.3 §19.3.2; GL `EXT_texture_shared_exponent` (mantissas ⌊x + ½⌋) |
//!
//! The UNORM and sRGB rules treat −0.0 and subnormals as 0 and clamp ±∞ like any
//! value beyond the range; their decoders never yield NaN, −0.0 or a subnormal (the
//! UFLOAT rows give their own rules). The `f32` side of a pixel is always
//! `[r, g, b, a]`, whatever the memory order. Each channel is converted on its
//! own, so a NaN in one leaves the others alone.
//!
//! # `Srgb8`: thresholds and buckets
//!
//! The code of a linear value `x` changes at 255 points in (0, 1): [`Srgb8::ENCODE_THRESHOLDS`]`[k]`
//! is the smallest `f32` whose code is `k + 1`. They are committed as `f32` literals and
//! the test suite recomputes them from the `f64` reference in `normkey-oracle`
//! (a binary search over the `f32` bit patterns of [0, 1]) and fails, printing the
//! table to paste, if they differ.
//!
//! From them a `const` evaluation builds a table of 128 buckets per octave over
//! [2⁻¹³, 1), plus one for 1.0: 1665 `u32`, 6660 bytes. Bucket `i` holds the `f32`
//! with bit patterns `0x3900_0000 + i·2¹⁶ ..`, a range on which the curve climbs at
//! most 0.88 codes (`255 · 1.055/2.4 · x^(5/12) / 128`), so it holds at most one
//! threshold (checked at compile time). Its entry is the code at the bucket's start
//! (bits 17 and up) and the low 16 bits of the threshold's pattern (bits 0–16; 2¹⁶
//! when the bucket has none). Encoding is then integer work on the bit pattern:
//! NaN, negatives and values below 2⁻¹³ (whose codes are all 0: 2⁻¹³ · 12.92 · 255 =
//! 0.40) become 2⁻¹³; the bucket index is the pattern's top 16 bits, capped at the
//! last bucket (values above 1 and +∞); the code is the entry's code plus one when
//! the pattern's low 16 bits reach the threshold's. One load and one compare; no
//! `powf`, no float arithmetic. `from_f32` and `encode_slice` are checked against
//! the reference for all 2³² inputs. The reference is sound: no `f32` input lies
//! within 2.2·10⁻⁹ codes of a half-code, far beyond the `f64` evaluation's error
//! (about 10⁻¹³), which the test checks at the two neighbours of every threshold.
//!
//! ## Decoding
//!
//! A table of the 256 `f32` nearest to the exact inverse, committed as literals and
//! checked against the reference for every code (with a check that the `f64` value
//! is far enough from every `f32` rounding boundary for the rounding to be right).
//!
//! # The 8-bit pixel formats
//!
//! One implementation over a layout (memory order, sRGB or UNORM colour), each type
//! an instance: the channels go through [`Srgb8`] and [`Unorm8`](crate::Unorm8) one by
//! one, and the slice forms through the crate's one dispatched loop.
//!
//! # Packed UNORM formats
//!
//! [`Rgb10a2Unorm`], [`B5g6r5Unorm`], [`Bgr5a1Unorm`], [`Bgra4Unorm`]: each is
//! `#[repr(transparent)]` over the native-endian integer that holds the pixel,
//! with the first-named channel in the lowest bits (D3D `DXGI_FORMAT_*` names them
//! the same way; Vulkan `*_PACK16`/`_PACK32` names list them from the highest bits):
//!
//! | type | integer | R | G | B | A |
//! |---|---|---|---|---|---|
//! | [`Rgb10a2Unorm`] | `u32` | 0–9 | 10–19 | 20–29 | 30–31 |
//! | [`B5g6r5Unorm`] | `u16` | 11–15 | 5–10 | 0–4 | — |
//! | [`Bgr5a1Unorm`] | `u16` | 10–14 | 5–9 | 0–4 | 15 |
//! | [`Bgra4Unorm`] | `u16` | 8–11 | 4–7 | 0–3 | 12–15 |
//!
//! Arguments and results are always in r, g, b(, a) order, whatever the memory
//! layout. Each channel is converted on its own by the exact UNORM core of
//! [`crate::storage`] with its width: `from_rgba` stores the code nearest to
//! `x · (2ⁿ − 1)` after clamping to [0, 1] (NaN → 0, in that channel only; ±0 and
//! subnormals → 0; +∞ → the largest code; the only tie, 0.5, rounds up) and
//! `to_rgba` gives `code / (2ⁿ − 1)` correctly rounded (0 and 1 exact, never NaN,
//! never −0). Every bit pattern is a valid pixel, so the types are
//! `bytemuck::Pod`, and `Eq`/`Hash` compare the bits.
//!
//! ```
//! use normkey::texture::{B5g6r5Unorm, Rgb10a2Unorm};
//! let p = Rgb10a2Unorm::from_rgba([1.0, 0.5, f32::NAN, 0.5]);
//! assert_eq!(p.to_bits(), 1023 | 512 << 10 | 0 << 20 | 2 << 30);
//! assert_eq!(p.to_rgba(), [1.0, 512.0 / 1023.0, 0.0, 2.0 / 3.0]);
//! // R in the high bits of a 565 pixel; green has six bits.
//! assert_eq!(B5g6r5Unorm::from_rgb([1.0, 0.0, 0.0]).to_bits(), 0xf800);
//! assert_eq!(B5g6r5Unorm::from_bits(0x07e0).to_rgb(), [0.0, 1.0, 0.0]);
//! ```
//!
//! ## Bit replication
//!
//! An NVIDIA H100 reads the 5- and 6-bit channels of [`B5g6r5Unorm`] and
//! [`Bgr5a1Unorm`] another way: it widens the code to 8 bits by bit replication,
//! the code written again below itself and cut to 8 bits (5 bits: `c << 3 | c >> 2`;
//! 6 bits: `c << 2 | c >> 4`; 1 bit: 0 or 255), and decodes that as UNORM8, `c₈ / 255`
//! correctly rounded. So code 1 of 5 bits reads as 8/255, not 1/31; 0 and the
//! largest code still read as 0 and 1, and the 1-bit alpha is exact either way.
//! [`B5g6r5Unorm::to_rgb_replicated`], [`Bgr5a1Unorm::to_rgba_replicated`] and
//! their `decode_slice_replicated` forms follow this rule: it is what the H100's
//! texture units return for these formats (`tests/texture_gpu.rs`: 0 differences
//! on every recorded code; Mesa's llvmpipe does not, it computes `c · f32(1/M)`).
//! The exact `to_rgb`/`to_rgba` stay the default. Like every UNORM decoder they give
//! finite values in [0, 1], never NaN and never −0.0 (code 0 gives +0.0). The
//! 4-bit channels of [`Bgra4Unorm`] need no such form: `17c / 255` is `c / 15`.
//!
//! ```
//! use normkey::texture::B5g6r5Unorm;
//! let p = B5g6r5Unorm::from_bits(1 << 11); // R = code 1 of 5 bits
//! assert_eq!(p.to_rgb_replicated()[0], 8.0 / 255.0); // what the H100 reads
//! assert_eq!(p.to_rgb()[0], 1.0 / 31.0); // exact
//! ```
//!
//! # Printing, serializing, logging
//!
//! Every format prints as the storage formats do: `Display` prints what the code
//! stands for, `Debug` the code itself. A pixel's `Display` is its decoded channels
//! in r, g, b(, a) order whatever the memory order, each formatted with the
//! formatter's options (precision, sign, width and alignment apply to each
//! channel); [`Srgb8`] prints its linear value. With feature `serde` each format is
//! serialized as its code, exactly: [`Srgb8`] as its `u8`, the 8-bit pixels as
//! their four bytes in memory order ([`to_bytes`](Rgba8Unorm::to_bytes)), the
//! packed formats as their integer ([`to_bits`](Rgb10a2Unorm::to_bits)). Every code
//! of every format is valid (the `Pod` formats have no invalid bit pattern), so
//! deserialization rejects only what the code's type rejects, such as 256 for a
//! byte or an array of three bytes. With feature `defmt` each logs as its `Debug`
//! does, the name and the code.
//!
//! ```
//! use normkey::{Bgra8Unorm, Rg11b10Ufloat, Srgb8};
//! let p = Bgra8Unorm::from_rgba([1.0, 0.0, 0.0, 0.5]);
//! assert_eq!(p.to_string(), "(1, 0, 0, 0.5019608)"); // r, g, b, a
//! assert_eq!(format!("{p:.2}"), "(1.00, 0.00, 0.00, 0.50)");
//! assert_eq!(format!("{p:?}"), "Bgra8Unorm([0, 0, 255, 128])"); // memory order
//! assert_eq!(format!("{:.3}", Srgb8::from_bits(188)), "0.503");
//! let q = Rg11b10Ufloat::from_rgb([f32::INFINITY, f32::NAN, 1.0]);
//! assert_eq!(q.to_string(), "(inf, NaN, 1)");
//! ```

mod binary16;
mod chain;
mod codec;
mod codes;
mod container;
pub mod dds;
pub mod format;
pub mod ktx2;
pub mod mip;
mod packed;
mod rgba8;
mod rounding;
pub mod rows;
mod srgb;
mod texel;
pub mod ufloat;

pub use binary16::{
    f16_decode_slice, f16_encode_slice, f16_encode_slice_rtz, f16_to_f32, f32_to_f16,
    f32_to_f16_rtz,
};
pub use codes::{DxgiFormat, VkFormat};
pub use container::{ContainerError, TextureDesc, TextureFile};
pub use format::{ChannelKind, Format, ParseFormatError};
pub use mip::{AlphaMode, NanPolicy, downsample_f32, mip_level_count, mip_size};
pub use packed::{B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Rgb10a2Unorm};
pub use rgba8::{Bgra8Unorm, Bgra8UnormSrgb, Rgba8Unorm, Rgba8UnormSrgb};
pub use rounding::Rounding;
pub use rows::{ImageLayout, LayoutError};
pub use srgb::Srgb8;
pub use texel::Texel;
pub use ufloat::{
    Rg11b10Ufloat, Rgb9e5Ufloat, f32_to_uf10, f32_to_uf10_rtz, f32_to_uf11, f32_to_uf11_rtz,
    uf10_to_f32, uf11_to_f32,
};
