//! The atomics the reducers are built on: `loom`'s model-checked atomics under
//! `cfg(loom)` (see `tests/loom.rs`), `core`'s otherwise, as crossbeam-utils does.

#[cfg(loom)]
pub(crate) use loom::sync::atomic::*;

#[cfg(not(loom))]
pub(crate) use core::sync::atomic::*;
