//! Numeric types that GPU code has and CPU code lacks, for `#![no_std]`.
//!
//! normkey is exact where others are approximate and documents what happens to
//! NaN, −0, ±∞ and subnormals in every operation.
//!
//! | module | what it gives |
//! |---|---|
//! | `key` | [`OrderedKey<F>`]: the order-preserving bijection from `f16`/`bf16`/`f32`/`f64` to unsigned integers (IEEE 754 totalOrder) |
//!
//! # Cargo features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `half` | off | [`OrderedKey`] for `half::f16` and `half::bf16` |
//! | `num-traits` | off | `num_traits` impls for the crate's types |
//! | `quickcheck` | off | `quickcheck::Arbitrary` for the crate's types (needs `std`) |
//!
//! The crate is always `#![no_std]` and never allocates.
//!
//! # Float semantics at a glance
//!
//! | input | [`OrderedKey`] |
//! |---|---|
//! | NaN | kept bit for bit (sign, quiet bit, payload); −NaN sorts first, +NaN last |
//! | −0.0 / +0.0 | distinct keys, −0 < +0 |
//! | ±∞ | just inside the NaNs |
//! | subnormals | kept bit for bit, ordered by value |
#![no_std]
#![doc(test(attr(deny(warnings))))]

mod deferred;
mod key;
mod norm;
mod storage;

#[cfg(feature = "num-traits")]
mod impl_num_traits;
#[cfg(feature = "quickcheck")]
mod impl_quickcheck;

pub use deferred::*;
pub use key::*;
pub use norm::*;
pub use storage::*;
