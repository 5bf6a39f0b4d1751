//! Texture and pixel formats: exact conversions between `f32` channels and the
//! packed codes GPUs read.
//!
//! The unsigned small-float formats and their rules are documented in [`ufloat`].

pub mod ufloat;

pub use ufloat::{Rg11b10Ufloat, Rgb9e5Ufloat, f32_to_uf10, f32_to_uf11, uf10_to_f32, uf11_to_f32};
