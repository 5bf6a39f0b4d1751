//! [`Lanes`] on plain arrays: the vector sort's steps lane by lane, for Miri
//! (which runs no vector intrinsics).

#![allow(clippy::inline_always)] // each method built into its level's entry point

use super::{Lanes, keys, quicksort, radixes};
use crate::sort::engine::radix::{Radix, Wide};
use crate::sort::keys::SortKey;

/// `W` integers; `COLUMNS`: [`Lanes::COLUMNS`], `SIGNED`: [`Lanes::SIGNED`]
/// (the sort's own lanes keep the defaults, `false`: see there; the tests
/// take the others, the network's and the quicksort's scalar steps).
#[derive(Clone, Copy)]
pub(super) struct Portable<
    E,
    const W: usize,
    const COLUMNS: bool = false,
    const SIGNED: bool = false,
>([E; W]);

impl<E: Radix, const W: usize, const COLUMNS: bool, const SIGNED: bool>
    Portable<E, W, COLUMNS, SIGNED>
{
    /// Lane `i`'s value as the lanes order it: flipped back where `SIGNED`
    /// (the values' order as unsigned integers is then the flipped ones'
    /// order as signed integers).
    #[inline(always)]
    fn at(self, i: usize) -> E {
        if SIGNED {
            self.0[i] ^ E::TOP
        } else {
            self.0[i]
        }
    }
}

impl<E: Radix, const W: usize, const COLUMNS: bool, const SIGNED: bool> Lanes
    for Portable<E, W, COLUMNS, SIGNED>
{
    type E = E;
    const W: usize = W;
    const UNROLL: usize = 4;
    const COLUMNS: bool = COLUMNS;
    const PAIRS: bool = COLUMNS;
    const SIGNED: bool = SIGNED;
    const BLOCK: usize = 16;
    #[inline(always)]
    fn splat(x: E) -> Self {
        Self([x; W])
    }
    #[inline(always)]
    fn load(s: &[E]) -> Self {
        Self(core::array::from_fn(|i| s[i]))
    }
    #[inline(always)]
    fn store(self, s: &mut [E]) {
        s[..W].copy_from_slice(&self.0);
    }
    #[inline(always)]
    fn min(self, other: Self) -> Self {
        Self(core::array::from_fn(|i| {
            if self.at(i) <= other.at(i) {
                self.0[i]
            } else {
                other.0[i]
            }
        }))
    }
    #[inline(always)]
    fn max(self, other: Self) -> Self {
        Self(core::array::from_fn(|i| {
            if self.at(i) <= other.at(i) {
                other.0[i]
            } else {
                self.0[i]
            }
        }))
    }
    #[inline(always)]
    fn swap_lanes(self, j: usize) -> Self {
        Self(core::array::from_fn(|i| self.0[i ^ j]))
    }
    #[inline(always)]
    fn blend(self, other: Self, take: u64) -> Self {
        Self(core::array::from_fn(|i| {
            if take >> i & 1 != 0 {
                other.0[i]
            } else {
                self.0[i]
            }
        }))
    }
    #[inline(always)]
    fn below(self, pivot: Self) -> u64 {
        (0..W).fold(0, |m, i| m | u64::from(self.at(i) < pivot.at(i)) << i)
    }
    #[inline(always)]
    fn store_selected(self, take: u64, dst: &mut [E]) {
        let mut at = 0;
        for (i, &x) in self.0.iter().enumerate() {
            if take >> i & 1 != 0 {
                dst[at] = x;
                at += 1;
            }
        }
        debug_assert_eq!(at, dst.len());
    }
    #[inline(always)]
    unsafe fn load_from(src: *const E) -> Self {
        // SAFETY: the caller's: `W` values to read.
        Self::load(unsafe { core::slice::from_raw_parts(src, W) })
    }
    #[inline(always)]
    unsafe fn store_selected_to(self, take: u64, n: usize, dst: *mut E) {
        // SAFETY: the caller's: `n` values to write.
        self.store_selected(take, unsafe { core::slice::from_raw_parts_mut(dst, n) });
    }
}

/// [`sort_keys`](super::sort_keys) in 16 lanes of `u32`, 8 of `u64`, as
/// AVX-512's. The quicksorts are inlined here, generic, so they are built only
/// where a caller instantiates this (Miri's tests): a non-generic copy per lane
/// type would be built in every build of the crate on every target (it doubled
/// the bare-metal stage's debug builds).
pub(crate) fn sort<K: SortKey>(v: &mut [K]) {
    let r = radixes(v, <K::Radix as Radix>::ZERO);
    match <K::Radix as Radix>::wide(r) {
        Wide::U32(v) => quicksort::<Portable<u32, 16>>(v),
        Wide::U64(v) => quicksort::<Portable<u64, 8>>(v),
        Wide::Other => {}
    }
    // SAFETY: `r` is what `radixes` returned.
    unsafe { keys::<K>(r, <K::Radix as Radix>::ZERO) };
}
