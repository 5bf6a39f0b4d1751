//! Texture and pixel formats, exact both ways: each channel is converted by the
//! exact UNORM core of [`crate::storage`] (packed formats such as
//! [`Rgb10a2Unorm`]), with the layouts and names wgpu uses; the scalar forms are
//! `const fn`, the slice forms run the crate's one vectorized loop.

mod packed;

pub use packed::{B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Rgb10a2Unorm};
