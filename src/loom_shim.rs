//! The atomics the reducers are built on: `loom`'s model-checked atomics under
//! `cfg(loom)` (see `tests/loom.rs`), `core`'s otherwise, as crossbeam-utils does.

#[cfg(loom)]
pub(crate) use loom::sync::atomic::*;

#[cfg(not(loom))]
#[allow(unused_imports)] // on targets without compare-and-swap nothing is used
pub(crate) use core::sync::atomic::*;
