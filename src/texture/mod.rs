//! Texture and pixel formats, exact both ways, with the layouts and names wgpu
//! uses; the scalar forms are `const fn`, the slice forms run the crate's one
//! vectorized loop.
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

mod packed;

pub use packed::{B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Rgb10a2Unorm};
