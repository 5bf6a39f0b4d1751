//! Numeric types that GPU code has and CPU code lacks, for `#![no_std]`.
//!
//! normkey is exact where others are approximate and documents what happens to
//! NaN, −0, ±∞ and subnormals in every operation.
//!
//! | module | what it gives |
//! |---|---|
//! | `key` | [`OrderedKey<F>`]: the order-preserving bijection from `f16`/`bf16`/`f32`/`f64` to unsigned integers (IEEE 754 totalOrder) |
//! | `norm` | [`Norm`] in [−1, 1] and [`Unorm`] in [0, 1]: clamp after every operation (C++ AMP `norm`/`unorm`); [`NormRangeError`] |
//! | `deferred` | [`SnormFloat`], [`UnormFloat`]: plain `f32` arithmetic, clamped only when stored (HLSL `snorm float`/`unorm float`) |
//! | `storage` | [`Unorm8`], [`Unorm16`], [`Snorm8`], [`Snorm16`]: the D3D/Vulkan normalized storage formats, exact `to_f32`/`from_f32` and fast slice forms |
//! | `impl_num_traits` | `num_traits` impls (feature `num-traits`) |
//! | `impl_quickcheck` | `quickcheck::Arbitrary` impls (feature `quickcheck`) |
//!
//! # Cargo features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `half` | off | [`OrderedKey`] for `half::f16` and `half::bf16` |
//! | `num-traits` | off | `Bounded`, `Zero`, `One`, `ToPrimitive`, `FromPrimitive` for [`Norm`]/[`Unorm`]; `Bounded` for the storage formats |
//! | `quickcheck` | off | `quickcheck::Arbitrary` for the crate's types (needs `std`) |
//!
//! The crate is always `#![no_std]` and never allocates.
//!
//! # Float semantics at a glance
//!
//! | input | [`OrderedKey`] | [`Norm`], [`Unorm`] | [`SnormFloat`], [`UnormFloat`] | storage `from_f32` / `to_f32` |
//! |---|---|---|---|---|
//! | NaN | kept bit for bit (sign, quiet bit, payload); −NaN sorts first, +NaN last | +0 (the D3D storage rule); never stored | `f32` arithmetic; a store gives 0 | code 0 / never produced |
//! | −0.0 / +0.0 | distinct keys, −0 < +0 | both stored as +0 | as `f32` (`-0.0 == 0.0`) | code 0 / code 0 gives +0.0 |
//! | ±∞ | just inside the NaNs | clamp to the range ends | as `f32`; a store clamps | +∞ → `MAX`, −∞ → `-MAX` (UNORM: 0) / never produced |
//! | out of range | — | clamped after every step | kept until stored | clamped |
//! | subnormals | kept bit for bit, ordered by value | kept (when in range) | as `f32` | code 0 / never produced |
//! | `Eq`/`Hash` | the bit pattern | the value (total: no NaN, no −0) | no `Eq` (`f32`'s `PartialEq`) | the code |
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
