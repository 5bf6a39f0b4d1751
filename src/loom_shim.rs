//! The atomics the reducers are built on: `loom`'s model-checked atomics in this
//! crate's loom models (`cfg(all(loom, test))`, `src/loom_tests.rs`), `core`'s
//! otherwise, as tokio does. `loom` is a dev-dependency, so `cfg(loom)` alone (a
//! dependent built with `--cfg loom`) keeps `core`'s atomics.

#[cfg(all(loom, test))]
pub(crate) use loom::sync::atomic::*;

#[cfg(not(all(loom, test)))]
#[allow(unused_imports)] // on targets without compare-and-swap nothing is used
pub(crate) use core::sync::atomic::*;
