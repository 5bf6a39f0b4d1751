//! Texture formats: sRGB and the 8-bit pixel formats, exact both ways.
//!
//! Every format converts between linear `f32` values and its stored codes with the
//! exact rule of the specification (no tolerance): encoding gives the code nearest
//! to the exact value, decoding gives the `f32` nearest to the code's exact value.
//!
//! | format | channels (memory order) | encode: NaN / negatives / above 1 / ties | decode | spec |
//! |---|---|---|---|---|
//! | [`Srgb8`] | one `u8` | 0 / 0 / 255 / none exist | the `f32` nearest to the exact inverse; 0 and 1 exact | IEC 61966-2-1; D3D11.3 §3.2.3.7 (FLOAT → SRGB, 0.6 ULP allowed; SRGB → FLOAT 0.5 ULP); Vulkan "sRGB transfer functions" (either neighbouring code) |
//!
//! The algorithms and the proof of each format are in its own module's docs.

mod srgb;

pub use srgb::Srgb8;
