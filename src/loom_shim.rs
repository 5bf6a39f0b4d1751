//! The atomics the reducers are built on: `loom`'s model-checked atomics in this
//! crate's loom models (`cfg(all(loom, test))`, `src/loom_tests.rs`);
//! `portable_atomic`'s with feature `portable-atomic`; `core`'s otherwise. `loom` is
//! a dev-dependency (as in tokio), so `cfg(loom)` alone (a dependent built with
//! `--cfg loom`) does not select it.

#[cfg(all(loom, test))]
pub(crate) use loom::sync::atomic::*;

#[cfg(all(not(all(loom, test)), feature = "portable-atomic"))]
pub(crate) use portable_atomic::{AtomicU16, AtomicU32, AtomicU64};

#[cfg(all(not(all(loom, test)), not(feature = "portable-atomic")))]
#[allow(unused_imports)] // on targets without compare-and-swap nothing is used
pub(crate) use core::sync::atomic::*;
