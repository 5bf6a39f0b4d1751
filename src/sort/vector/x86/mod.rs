//! The x86-64 levels of the vector sort, built where `dispatch` builds its
//! AVX2 copy: `avx512.rs` and `avx2.rs`, each an impl of `Lanes` per lane
//! width and `#[target_feature]` entry points.

mod avx2;
mod avx512;

pub(crate) use avx2::sort as avx2;
pub(crate) use avx512::sort as avx512;
