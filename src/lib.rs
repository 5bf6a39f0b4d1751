//! Numeric types that GPU code has and CPU code lacks, for `#![no_std]`.
//!
//! normkey is exact where others are approximate and documents what happens to
//! NaN, −0, ±∞ and subnormals in every operation.
//!
//! | module | what it gives |
//! |---|---|
//! | [`key`] | [`OrderedKey<F>`]: the order-preserving bijection from `f16`/`bf16`/`f32`/`f64` to unsigned integers (IEEE 754 totalOrder); the slice folds [`key::min`], [`key::max`] (NaN ignored), [`key::minimum`], [`key::maximum`] (NaN propagates) |
//! | [`norm`] | [`Norm`] in [−1, 1] and [`Unorm`] in [0, 1]: clamp after every operation (C++ AMP `norm`/`unorm`); `TryFrom<f32>` and [`NormRangeError`]; from and to the codes of any width ([`Unorm::from_code`], [`Unorm::to_code`], …) |
//! | [`deferred`] | [`SnormFloat`], [`UnormFloat`]: plain `f32` arithmetic, clamped only when stored (HLSL `snorm float`/`unorm float`) |
//! | [`storage`] | UNORM channels of 1 to 16 bits and SNORM of 2 to 16 (`storage::unorm_from_f32::<BITS>`, …) and the formats [`Unorm8`], [`Unorm16`], [`Snorm8`], [`Snorm16`]: the D3D/Vulkan normalized storage, exact `to_f32`/`from_f32` and fast slice forms; the codes to and from integers and bytes, and between widths (the nearest code, in integers) |
//! | [`texture`] | [`Srgb8`]: exact sRGB encoding and decoding by table; the 8-bit pixel formats [`Rgba8Unorm`], [`Bgra8Unorm`], [`Rgba8UnormSrgb`], [`Bgra8UnormSrgb`]; the packed UNORM formats [`Rgb10a2Unorm`], [`B5g6r5Unorm`], [`Bgr5a1Unorm`], [`Bgra4Unorm`] on the any-width storage core; the packed unsigned-float formats [`Rg11b10Ufloat`], [`Rgb9e5Ufloat`] |
//! | [`texture::format`], [`texture::rows`], [`texture::mip`] | [`Format`](texture::Format): the texture format chosen at run time (wgpu names, DXGI and Vulkan codes, sizes), whole images with row pitches ([`ImageLayout`]; [`Format::encode_rows`](texture::Format::encode_rows), [`Format::decode_rows`](texture::Format::decode_rows) and their forms on the format's own channels), exact mip levels ([`Format::downsample`](texture::Format::downsample)); DDS and KTX2 files written and read ([`texture::dds`], [`texture::ktx2`]); [`Texel`], the trait of the typed formats; binary16 channels ([`texture::f32_to_f16`]) |
//! | [`sort`] | stable radix sort, argsort and radix select by key ([`sort::SortKey`]: the floats in totalOrder, [`sort::NanLast`] for NaN last, integers, `Reverse`, pairs): [`sort::sort_with_buffer`], [`sort::select`] without allocating; [`sort::sort`], [`sort::sort_by_key`], [`sort::argsort`] (feature `alloc`); [`sort::par_sort`] (feature `rayon`) |
//! | [`sum`] | exact sums: [`sum::sum`], [`sum::mean`], [`sum::dot`] correctly rounded and the same bits in any order; [`sum::ExactSum`], the mergeable accumulator; [`sum::par_sum`], [`sum::par_mean`], [`sum::par_dot`] (feature `rayon`), the same bits on any number of threads |
//! | [`atomic`] | lock-free float min/max reducers (`AtomicF32Min`, `AtomicF32Max`, …), arg-min/arg-max reducers (`AtomicF32ArgMin`, `AtomicF32ArgMax`, …) and min/max views of plain float memory (`AtomicF32`, `AtomicF64`, …: not general atomic floats, no `fetch_add`), built on [`OrderedKey`] and the integer atomics; [`atomic::AtomicExactSum`], the exact sum on integer `fetch_add`s |
//!
//! # Cargo features
//!
//! | feature | default | what it adds |
//! |---|---|---|
//! | `alloc` | off | the allocating sorts [`sort::sort`], [`sort::sort_by_key`], [`sort::sort_by_cached_key`], [`sort::argsort`]; the texture containers' `Vec` forms `texture::dds::to_vec`, `texture::ktx2::to_vec`; [`texture::TextureDesc::fill_mips_from_f32`] (its scratch allocated) (`alloc` only, no `std`) |
//! | `rayon` | off | [`sort::par_sort`], [`sort::par_sort_by_key`], [`sort::par_sort_by_cached_key`] on rayon's thread pool (needs `std`; implies `alloc`) |
//! | `half` | off | [`OrderedKey`] for `half::f16` and `half::bf16`; the reducers `AtomicF16Min/Max`, `AtomicBf16Min/Max`, the arg reducers `AtomicF16ArgMin/Max`, `AtomicBf16ArgMin/Max` and the views `AtomicF16`, `AtomicBf16`; [`sort::SortKey`] for `f16`, `bf16` |
//! | `num-traits` | off | `Bounded`, `Zero`, `One`, `ToPrimitive`, `FromPrimitive` for [`Norm`]/[`Unorm`]; `Bounded` for the storage formats |
//! | `quickcheck` | off | `quickcheck::Arbitrary` for the crate's types (needs `std`) |
//! | `serde` | off | `Serialize`/`Deserialize` (no `std`, no `alloc`): [`Norm`]/[`Unorm`] as their float, rejecting NaN and out-of-range values (never clamping); [`SnormFloat`]/[`UnormFloat`] as plain floats; the storage and texture formats as their codes (every code is valid: only what the code's integer or byte array rejects is an error); [`OrderedKey<F>`] as its float, losslessly (JSON cannot carry NaN and ±∞: `serde_json` writes `null`) |
//! | `defmt` | off | `defmt::Format` for every public type, for logging on microcontrollers: what `Debug` prints (the storage and texture formats: their name and code; reducers: the loaded value) |
//! | `portable-atomic` | off | the reducers on `portable_atomic`'s `AtomicU16/32/64`: `f64` reducers on 32-bit targets (lock-based fallback), and every reducer on targets without compare-and-swap (`thumbv6m-none-eabi`, `riscv32imc-unknown-none-elf`) with your own `portable-atomic` dependency's `critical-section` (and an implementation) or `unsafe-assume-single-core` feature: see [`atomic`]'s "Availability" |
//!
//! The crate is always `#![no_std]`. Only the sorts of feature `alloc` allocate
//! (their scratch buffers), and the containers' `to_vec` (the file); everything
//! else, `sort::sort_with_buffer` and `sort::select` included, never does.
//!
//! # Atomic reducers and targets
//!
//! Each reducer holds the [`OrderedKey`] of its value in one unsigned integer atomic
//! and needs compare-and-swap of that width; on targets without it the alias is
//! declared but cannot be used: any use, even `size_of`, is a compile error that
//! names feature `portable-atomic` (the rest of the crate still builds). The arg
//! reducers' aliases likewise where 64-bit compare-and-swap is missing:
//!
//! | types | atomic | present when | for example absent on | with feature `portable-atomic` |
//! |---|---|---|---|---|
//! | `AtomicF32Min`, `AtomicF32Max` | `AtomicU32` | `target_has_atomic = "32"` | `thumbv6m-none-eabi`, `riscv32imc-unknown-none-elf` (loads and stores only) | every target; without compare-and-swap with a portable-atomic fallback feature (`critical-section` or `unsafe-assume-single-core`) |
//! | `AtomicF64Min`, `AtomicF64Max` | `AtomicU64` | `target_has_atomic = "64"` | `thumbv6m-none-eabi`, `thumbv7em-none-eabihf`, 32-bit RISC-V | every target (a lock-based fallback on 32-bit ones); the same condition |
//! | `AtomicF16Min/Max`, `AtomicBf16Min/Max` | `AtomicU16` | feature `half` and `target_has_atomic = "16"` | `thumbv6m-none-eabi`, `riscv32imc-unknown-none-elf` | feature `half`; the same condition |
//! | the views `AtomicF32`, `AtomicF64`, `AtomicF16`, `AtomicBf16` (the float's own bits) | `AtomicU32`, `AtomicU64`, `AtomicU16` | as the reducers of the same width | as the reducers | as the reducers; `from_mut`, `from_mut_slice` and `from_ptr` also need the float aligned as its atomic (not `f64` on i686: a compile error) |
//! | `AtomicF32ArgMin/Max`, `AtomicF16ArgMin/Max`, `AtomicBf16ArgMin/Max` (the pair in one `u64`; none for `f64`, whose pair needs 128 bits) | `AtomicU64` | `target_has_atomic = "64"` (and `half` for the 16-bit ones) | `thumbv6m-none-eabi`, `thumbv7em-none-eabihf`, 32-bit RISC-V | as the `f64` reducers |
//! | `atomic::AtomicExactSum<F>` (`f32`, `f64`; `f16`, `bf16` with `half`) | `AtomicU64` limbs (`fetch_add`, `fetch_or`) | `target_has_atomic = "64"` (the type is absent elsewhere) | `thumbv6m-none-eabi`, `thumbv7em-none-eabihf`, 32-bit RISC-V | every target, as the `f64` reducers |
//!
//! `fetch_min`/`fetch_max` ignore NaN arguments and order by totalOrder (−0 < +0);
//! `fetch_minimum`/`fetch_maximum` propagate NaN and keep it. An update that would
//! not change the value is skipped and is then only a load, which does not take part
//! in a release sequence (see "Memory ordering" in `AtomicF32Min`). x86-64 has no atomic
//! min/max instruction, so a changing update is a `lock cmpxchg` loop there; `AArch64`
//! with LSE and RISC-V have one instruction.
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
//!
//! The atomic reducers:
//!
//! | input | `fetch_min` / `fetch_max` | `fetch_minimum` / `fetch_maximum` |
//! |---|---|---|
//! | NaN | argument ignored; a stored NaN is ordered by totalOrder | sticky: stores −NaN (Min) / +NaN (Max) with every payload bit set |
//! | −0.0 / +0.0 | −0 < +0 | −0 < +0 |
//! | ±∞ | ordinary values; ±∞ is the identity | ordinary values |
//! | subnormals | ordered by value | ordered by value |
#![no_std]
#![doc(test(attr(deny(warnings))))]
// docs.rs (`--cfg docsrs`, nightly): each item gated on a feature or a target says
// which ("Available on crate feature `alloc` only").
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod atomic;
mod convert;
pub mod deferred;
mod dispatch;
pub mod key;
mod lists;
mod loom_shim;
mod nans;
pub mod norm;
mod scalar;
mod soft_float;
pub mod sort;
pub mod storage;
pub mod sum;
pub mod texture;

/// The vector levels, for the tests (which run every level on a machine that
/// has the widest): not a stable API.
#[doc(hidden)]
pub mod __dispatch {
    pub use crate::dispatch::{Width, cap};

    /// The widest level the kernels may use on this CPU, within [`cap`].
    #[must_use]
    pub fn width() -> Width {
        crate::dispatch::width()
    }
}

#[cfg(feature = "defmt")]
mod impl_defmt;
mod impl_fmt;
#[cfg(feature = "num-traits")]
mod impl_num_traits;
#[cfg(feature = "quickcheck")]
mod impl_quickcheck;
#[cfg(feature = "serde")]
mod impl_serde;

#[cfg(feature = "half")]
pub use atomic::{AtomicBf16, AtomicF16};
#[cfg(feature = "half")]
pub use atomic::{AtomicBf16ArgMax, AtomicBf16ArgMin, AtomicF16ArgMax, AtomicF16ArgMin};
#[cfg(feature = "half")]
pub use atomic::{AtomicBf16Max, AtomicBf16Min, AtomicF16Max, AtomicF16Min};
pub use atomic::{AtomicF32, AtomicF64};
pub use atomic::{AtomicF32ArgMax, AtomicF32ArgMin};
pub use atomic::{AtomicF32Max, AtomicF32Min, AtomicF64Max, AtomicF64Min};
pub use deferred::{SnormFloat, UnormFloat};
/// `half`, for the expansions of the type lists (`src/lists.rs`) in crates that do
/// not depend on it.
#[cfg(feature = "half")]
#[doc(hidden)]
pub use half as __half;
pub use key::{KeyFloat, OrderedKey};
pub use nans::Nans;
pub use norm::{Norm, NormRangeError, Unorm};
pub use sort::{NanLast, SortKey};
pub use storage::{Snorm8, Snorm16, Unorm8, Unorm16};
pub use texture::{
    B5g6r5Unorm, Bgr5a1Unorm, Bgra4Unorm, Bgra8Unorm, Bgra8UnormSrgb, Rg11b10Ufloat, Rgb9e5Ufloat,
    Rgb10a2Unorm, Rgba8Unorm, Rgba8UnormSrgb, Srgb8,
};
pub use texture::{ImageLayout, LayoutError, ParseFormatError, Texel};

/// The README's examples, compiled and run as doctests with feature `alloc` (they
/// follow the hosted recipe; `.ci/run` also builds them in a crate of their own).
#[cfg(all(doctest, feature = "alloc"))]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;
