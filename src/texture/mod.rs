//! Texture formats: sRGB and the 8-bit pixel formats, exact both ways.
//!
//! Every format converts between linear `f32` values and its stored codes with the
//! exact rule of the specification (no tolerance): encoding gives the code nearest
//! to the exact value, decoding gives the `f32` nearest to the code's exact value.
//!
//! | format | channels (memory order) | encode: NaN / negatives / above 1 / ties | decode | spec |
//! |---|---|---|---|---|
//! | [`Srgb8`] | one `u8` | 0 / 0 / 255 / none exist | the `f32` nearest to the exact inverse; 0 and 1 exact | IEC 61966-2-1; D3D11.3 §3.2.3.7 (FLOAT → SRGB, 0.6 ULP allowed; SRGB → FLOAT 0.5 ULP); Vulkan "sRGB transfer functions" (either neighbouring code) |
//! | [`Rgba8Unorm`], [`Bgra8Unorm`] | four `u8`: R, G, B, A / B, G, R, A | each channel as [`Unorm8`](crate::Unorm8): 0 / 0 / 255 / 0.5 → 128 (the only tie) | `c / 255` correctly rounded | D3D11.3 §3.2.3.3–4 (FLOAT ↔ UNORM); Vulkan "Fixed-Point Data Conversions" (either neighbouring code allowed) |
//! | [`Rgba8UnormSrgb`], [`Bgra8UnormSrgb`] | four `u8`, as above | colour as [`Srgb8`], alpha as [`Unorm8`](crate::Unorm8) (alpha is linear) | colour as [`Srgb8`], alpha `c / 255` | as the two rows above |
//!
//! Every rule treats −0.0 and subnormals as 0 and clamps ±∞ like any value beyond
//! the range; decoding never yields NaN, −0.0 or a subnormal. The `f32` side of a
//! pixel is always `[r, g, b, a]`, whatever the memory order. Each channel is
//! converted on its own, so a NaN in one leaves the others alone.
//!
//! The algorithms and the proof of each format are in its own module's docs.

mod rgba8;
mod srgb;

pub use rgba8::{Bgra8Unorm, Bgra8UnormSrgb, Rgba8Unorm, Rgba8UnormSrgb};
pub use srgb::Srgb8;
