//! The aliases of the reducers by float and direction (`AtomicF32Min`, …).

use super::{AtomicExtremum, Max, Min};

/// A lock-free `f32` minimum reducer on `AtomicU32`.
pub type AtomicF32Min = AtomicExtremum<f32, Min>;
/// A lock-free `f32` maximum reducer on `AtomicU32`.
pub type AtomicF32Max = AtomicExtremum<f32, Max>;
/// A lock-free `f64` minimum reducer on `AtomicU64`.
pub type AtomicF64Min = AtomicExtremum<f64, Min>;
/// A lock-free `f64` maximum reducer on `AtomicU64`.
pub type AtomicF64Max = AtomicExtremum<f64, Max>;
/// A lock-free `half::f16` minimum reducer on `AtomicU16`.
#[cfg(feature = "half")]
pub type AtomicF16Min = AtomicExtremum<half::f16, Min>;
/// A lock-free `half::f16` maximum reducer on `AtomicU16`.
#[cfg(feature = "half")]
pub type AtomicF16Max = AtomicExtremum<half::f16, Max>;
/// A lock-free `half::bf16` minimum reducer on `AtomicU16`.
#[cfg(feature = "half")]
pub type AtomicBf16Min = AtomicExtremum<half::bf16, Min>;
/// A lock-free `half::bf16` maximum reducer on `AtomicU16`.
#[cfg(feature = "half")]
pub type AtomicBf16Max = AtomicExtremum<half::bf16, Max>;
