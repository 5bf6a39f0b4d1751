//! The vector sort: a quicksort of unsigned integers (`u32`, `u64`) whose
//! partitions and small blocks run in vector registers, for the keys that are
//! identical when equal and whose radix is as wide as the key (the floats in
//! totalOrder, their `OrderedKey`s, the integers, `Reverse` of those): they are
//! turned into their radixes in place, sorted as integers, and turned back.
//! Equal radixes are equal bits, so the order is the stable one. (AVX2's
//! 64-bit lanes compare only signed integers: there the turn also flips each
//! radix's top bit, and the sort orders the flipped values as signed ones,
//! [`Lanes::SIGNED`].)
//!
//! The algorithm is written once, over [`Lanes`] (a vector of `W` integers:
//! load, store, min, max, a lane permutation, a blend, a comparison to a mask
//! and the selected lanes stored in order), and instantiated per vector type:
//! AVX-512's 16 × `u32` and 8 × `u64` (`avx512.rs`), AVX2's 8 × `u32` and
//! 4 × `u64` (`avx2.rs`), and plain arrays (`portable.rs`, the same steps lane
//! by lane: what Miri runs).
//!
//! - **Partition** (in place, as Intel's x86-simd-sort and Google's vqsort do):
//!   the first and the last [`Lanes::UNROLL`] vectors (8 in the x86-64
//!   levels) are held in registers, which frees their room at each end; each
//!   step reads as many from the end with less room (and asks for the next
//!   step's cache lines, [`Lanes::prefetch`]), and each vector's lanes below
//!   the pivot are stored at the left end, the others at the right end, so a
//!   write never reaches a lane not yet read. AVX-512 compares once a vector
//!   and takes the other mask with `knotw`, and stores the left lanes as a
//!   whole vector (Intel sends compares and compresses to one port, p5).
//! - **Pivot**: the median of `4 W` samples spread over the slice (`max(W,
//!   16)` on slices of at most 256 vectors), sorted in registers. When the pivot is the slice's smallest value (nothing falls below
//!   it: many equal keys), the slice is split again at `pivot + 1`: its left
//!   part is then every copy of the pivot, done.
//! - **Blocks** of at most [`BLOCK_VECTORS`] vectors are sorted by a bitonic
//!   network in registers (padded with the largest integer to a power of two),
//!   the columns first where the block has at least `W` vectors (on
//!   x86-64: [`network()`], [`Lanes::COLUMNS`]); AVX-512 runs the in-vector
//!   steps on two vectors at once, through its two-input shuffle
//!   ([`Lanes::PAIRS`]: one min and one max for two vectors).
//! - **Depth**: a slice that takes more than `2 log2 n + 4` partitions below the
//!   top is sorted by `sort_unstable` (the same order: equal integers are
//!   identical), so the worst case is `O(n log n)`.
//!
//! No allocation; the stack holds 64 pending ranges and a block of 256 values.

#![allow(
    clippy::cast_possible_truncation, // lane counts and masks
    clippy::many_single_char_names // n, w, l, r, k: the partition's indices, as in its docs
)]

use super::radix::Radix;
use crate::dispatch::{self, Width};
use crate::sort::keys::SortKey;
use core::mem::MaybeUninit;
use network::network;

// The x86-64 levels where `dispatch` builds vector code; elsewhere
// `dispatch::width` is `Baseline`, and the two names are the portable lanes
// (never reached).
dispatch::x86! {
    mod x86;
}
dispatch::x86! {
    else
    mod x86 {
        pub(crate) use super::portable::{sort as avx2, sort as avx512};
    }
}
mod network;
mod portable;

/// A vector of `W` unsigned integers, and the few operations the sort needs.
/// Every method is `#[inline(always)]`, so that it is built into the entry
/// point of its instruction set.
pub(super) trait Lanes: Copy {
    /// The integer of a lane.
    type E: Radix;
    /// Lanes (a power of two, at most 16).
    const W: usize;
    /// Whether the network's in-vector half-cleaners run on two vectors at
    /// once through [`shuffle2`](Self::shuffle2) (AVX-512's, whose two-input
    /// shuffle is one instruction; `network::clean_pair`).
    const PAIRS: bool = false;
    /// Vectors a step of the partition reads at once: 4 or 8 (independent
    /// loads and comparisons; only the stores' addresses wait on each other).
    const UNROLL: usize;
    /// Whether [`network()`] sorts blocks of at least `W` vectors columns first:
    /// the x86-64 levels' lanes. Not the portable lanes' (Miri's and the
    /// other architectures'): with them written out over plain arrays, the
    /// library's tests took LLVM over 20 minutes to build for s390x (the
    /// emulated stage; minutes before), and nothing there runs them fast.
    const COLUMNS: bool;
    /// Whether the lanes compare as signed integers: AVX2's 64-bit lanes,
    /// which have no unsigned comparison (a flip of both sign bits before each
    /// one was an eighth of their sort). The sort then holds its values with
    /// the top bit flipped ([`flip`]: the radixes' order is the signed order
    /// of the flipped values), and its scalar steps compare them through it.
    const SIGNED: bool;
    /// Vectors of the largest block sorted in registers (a power of two, at
    /// most [`BLOCK_VECTORS`]): as many as the registers hold with room to
    /// work.
    const BLOCK: usize;
    /// Every lane `x`.
    fn splat(x: Self::E) -> Self;
    /// `s[..W]`.
    fn load(s: &[Self::E]) -> Self;
    /// Into `s[..W]`.
    fn store(self, s: &mut [Self::E]);
    /// Lane by lane.
    fn min(self, other: Self) -> Self;
    /// Lane by lane.
    fn max(self, other: Self) -> Self;
    /// Lane `i` takes lane `i ^ j` (`j < W`, a power of two).
    fn swap_lanes(self, j: usize) -> Self;
    /// Lane `i` takes lane `idx[i]` of `self` where `idx[i] < W`, else lane
    /// `idx[i] − W` of `other` (`idx[i] < 2 W`; `idx[W..]` unused): through
    /// memory by default.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn shuffle2(self, other: Self, idx: &[u8; 16]) -> Self {
        let mut both = [<Self::E as Radix>::ZERO; 32];
        self.store(&mut both[..Self::W]);
        other.store(&mut both[Self::W..2 * Self::W]);
        let mut out = [<Self::E as Radix>::ZERO; 16];
        for (o, &i) in out[..Self::W].iter_mut().zip(idx.iter()) {
            *o = both[usize::from(i)];
        }
        Self::load(&out)
    }
    /// Lane `i` takes `other`'s where bit `i` of `take` is set.
    fn blend(self, other: Self, take: u64) -> Self;
    /// Bit `i` set where lane `i` is below `pivot`'s.
    fn below(self, pivot: Self) -> u64;
    /// The lanes whose bit of `take` is set, in lane order, into `dst`, which
    /// is as long as they are many.
    fn store_selected(self, take: u64, dst: &mut [Self::E]);
    /// A hint that `p` will be read soon (nothing by default).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn prefetch(_p: *const Self::E) {}
    /// [`load`](Self::load) from a pointer.
    ///
    /// # Safety
    ///
    /// `src` is valid for reads of `W` values.
    unsafe fn load_from(src: *const Self::E) -> Self;
    /// [`store_selected`](Self::store_selected) through a pointer: `n` is the
    /// number of bits set in `take`.
    ///
    /// # Safety
    ///
    /// `dst` is valid for writes of `n` values.
    unsafe fn store_selected_to(self, take: u64, n: usize, dst: *mut Self::E);
    /// The lanes whose bit of `below` is set (`k` of them) to `left[..k]`,
    /// the others to `right_end[-(W − k)..]`, in any order; the other slots of
    /// `left[..W]` and `right_end[-W..]` may be overwritten with any of the
    /// lanes (exact stores by default; AVX2's masked stores are slow, so it
    /// writes whole vectors). Where `right_end − W` is `left` (room for one
    /// vector), the two ranges are the same slots, and the lanes must end as
    /// the exact stores leave them (AVX2 writes the same split vector twice).
    ///
    /// # Safety
    ///
    /// `left[..W]` and `right_end[-W..]` are valid for writes and hold nothing
    /// still to be read.
    #[allow(clippy::inline_always)] // built into each level's entry point
    #[inline(always)]
    unsafe fn split_to(self, below: u64, k: usize, left: *mut Self::E, right_end: *mut Self::E) {
        let all = u64::MAX >> (64 - Self::W);
        // SAFETY: the caller's (`k <= W` lanes to the left, `W − k` to the
        // right).
        unsafe {
            self.store_selected_to(below, k, left);
            self.store_selected_to(!below & all, Self::W - k, right_end.sub(Self::W - k));
        }
    }
}

/// Most vectors a block sorted in registers holds: 32 (AVX-512's `u64`: 256
/// lanes; its `u32` take 16, also 256 lanes, as do the portable lanes; AVX2
/// takes 8, with half as many registers).
pub(super) const BLOCK_VECTORS: usize = 32;

/// The largest block sorted in registers, in bytes (AVX-512's `u64`, 2 KiB;
/// its `u32` blocks and the portable lanes' are half as long, AVX2's an
/// eighth).
pub(crate) const BLOCK_BYTES: usize = BLOCK_VECTORS * 64;

/// What the values in `V`'s sort are xored with: the top bit where `V`
/// compares signed integers ([`Lanes::SIGNED`]), else nothing.
#[allow(clippy::inline_always)]
#[inline(always)]
fn flip<V: Lanes>() -> V::E {
    if V::SIGNED {
        <V::E as Radix>::TOP
    } else {
        <V::E as Radix>::ZERO
    }
}

/// The largest block in lanes, for the padded copy.
const BLOCK_MAX: usize = 256;

/// Whether [`sort_keys`] takes keys of type `K`: identical when equal, a radix
/// of 32 or 64 bits as wide as the key and no more aligned (so that the slice
/// can hold its radixes in place), and a vector level to run on within
/// `width`.
#[inline]
pub(crate) fn takes<K: SortKey>(width: Width) -> bool {
    K::EXACT
        && matches!(<K::Radix as Radix>::BITS, 32 | 64)
        && size_of::<K>() == size_of::<K::Radix>()
        && align_of::<K>() >= align_of::<K::Radix>()
        && level(width) != Width::Baseline
}

/// The sort's vector level on this CPU (within `dispatch::cap` and the
/// caller's width): [`Width::Avx512`] or [`Width::Avx2`], or
/// [`Width::Baseline`] for none. Under Miri, for the proofs, the portable
/// lanes stand for AVX-512.
#[inline]
pub(crate) fn level(width: Width) -> Width {
    if cfg!(miri) {
        return if width >= Width::Avx512 {
            Width::Avx512
        } else {
            Width::Baseline
        };
    }
    width.min(dispatch::width())
}

/// Sorts `v` (keys that [`takes`] accepts at `width`): each key is replaced
/// by its radix in place, the radixes are sorted, and each is turned back into
/// its key (`from_radix` of `radix` is the key, bit for bit, for these keys);
/// the turns are built into the level's function too, in its vectors.
pub(super) fn sort_keys<K: SortKey>(v: &mut [K], width: Width) {
    match level(width) {
        Width::Avx512 if cfg!(miri) => portable::sort::<K>(v),
        Width::Avx512 => x86::avx512::<K>(v),
        Width::Avx2 => x86::avx2::<K>(v),
        Width::Baseline => debug_assert!(false, "sort_keys without a level"),
    }
}

/// Replaces each key of `v` by its radix xored with `flip` (the level's
/// [`flip`] for the radix's lanes), in place: the slice of radixes.
///
/// # Panics
///
/// Where `K::Radix` is not as large as `K` and at most as aligned ([`takes`]
/// checks both).
#[allow(clippy::inline_always)] // built into each level's entry point
#[inline(always)]
pub(super) fn radixes<K: SortKey>(v: &mut [K], flip: K::Radix) -> &mut [K::Radix] {
    assert!(size_of::<K>() == size_of::<K::Radix>() && align_of::<K>() >= align_of::<K::Radix>());
    let n = v.len();
    let p = v.as_mut_ptr();
    for i in 0..n {
        // SAFETY: `i < n`, in `v`; a `K::Radix` fits in a `K`'s room (same
        // size, alignment at most the key's). `v` is borrowed mutably, so no
        // one else reads the slots while they hold radixes; none panics until
        // `keys` turns them back (`radix`, `from_radix` and the sort are pure
        // and total).
        unsafe {
            let k = p.add(i).read();
            p.add(i).cast::<K::Radix>().write(k.radix() ^ flip);
        }
    }
    // SAFETY: the `n` slots of `v` hold initialized `K::Radix`es (above), at
    // the radix's alignment; the slice borrows `v`.
    unsafe { core::slice::from_raw_parts_mut(p.cast::<K::Radix>(), n) }
}

/// Turns each radix of `r` (xored with `flip`) back into its key, in place:
/// the inverse of [`radixes`] with the same `flip`.
///
/// # Safety
///
/// `r` is the slice [`radixes::<K>`](radixes) returned (its slots are `K`s'
/// room), or a reborrow of it.
#[allow(clippy::inline_always)] // built into each level's entry point
#[inline(always)]
pub(super) unsafe fn keys<K: SortKey>(r: &mut [K::Radix], flip: K::Radix) {
    let p = r.as_mut_ptr();
    for i in 0..r.len() {
        // SAFETY: as in `radixes`: each slot is a key's room (the caller's),
        // holding a radix; it gets its key back.
        unsafe {
            let x = p.add(i).read();
            p.add(i).cast::<K>().write(K::from_radix(x ^ flip));
        }
    }
}

/// Sorts `v` ascending, in `V`'s lanes: see the [module docs](self). The
/// values are xored with [`flip::<V>`](flip) (as [`radixes`] leaves them): the
/// order is that of the values xored back.
#[allow(clippy::inline_always)] // built into each level's entry point
#[inline(always)]
pub(super) fn quicksort<V: Lanes>(v: &mut [V::E]) {
    quicksort_within::<V>(v, 2 * v.len().max(1).ilog2() + 4);
}

/// [`quicksort`] with a depth budget of `budget` partitions below the top.
#[allow(clippy::inline_always)] // built into each level's entry point
#[inline(always)]
fn quicksort_within<V: Lanes>(v: &mut [V::E], budget: u32) {
    let block = V::BLOCK * V::W;
    let (n, f) = (v.len(), flip::<V>());
    // The pending ranges and their depth budgets; the larger part of a split
    // waits, the smaller goes on, so at most log2(n) wait.
    let mut stack = [(0_usize, 0_usize, 0_u32); 64];
    let mut waiting = 0;
    let mut range = (0, n, budget);
    loop {
        let (lo, hi, budget) = range;
        let s = &mut v[lo..hi];
        let next = if s.len() <= block {
            small::<V>(s);
            None
        } else if budget == 0 {
            s.sort_unstable_by_key(|&x| x ^ f);
            None
        } else {
            let pivot = pivot::<V>(s);
            let k = partition::<V>(s, pivot);
            if k > 0 {
                Some(((lo, lo + k), (lo + k, hi)))
            } else {
                // Nothing below the pivot: it is the smallest value. Its copies
                // go left (then done); `pivot + 1` does not overflow unless
                // every value is the largest (then the slice is sorted). Flipped
                // values too: the flip adds 2^(BITS − 1), so the next value in
                // their order is `pivot + 1`, wrapping.
                if pivot ^ f == <V::E as Radix>::MAX {
                    None
                } else {
                    let k = partition::<V>(s, !(!pivot).dec());
                    Some(((lo, lo), (lo + k, hi)))
                }
            }
        };
        if let Some(((a, b), (c, d))) = next {
            let (small, large) = if b - a <= d - c {
                ((a, b), (c, d))
            } else {
                ((c, d), (a, b))
            };
            if large.1 - large.0 > 1 {
                stack[waiting] = (large.0, large.1, budget - 1);
                waiting += 1;
            }
            range = (small.0, small.1, budget - 1);
            continue;
        }
        if waiting == 0 {
            return;
        }
        waiting -= 1;
        range = stack[waiting];
    }
}

/// Vectors of samples the pivot is the median of, on slices of more than
/// [`SAMPLE_MANY`] vectors.
const SAMPLE_VECTORS: usize = 4;

/// See [`SAMPLE_VECTORS`]: on shorter slices sorting more samples costs more
/// than the better split saves.
const SAMPLE_MANY: usize = 256;

/// Values sampled on the shorter slices: one vector where it holds as many,
/// else as many vectors as hold them (AVX2's 4 × `u64`: the median of one
/// vector's 4 lanes is a poorer pivot, and its sort took longer with it;
/// measurements: BENCHMARKS.md).
const SAMPLE_FEW: usize = 16;

/// The median of `4 W` (or `max(W, 16)`) values spread over `s` (longer than
/// a block).
#[allow(clippy::inline_always)]
#[inline(always)]
fn pivot<V: Lanes>(s: &[V::E]) -> V::E {
    let mut sample = [<V::E as Radix>::ZERO; SAMPLE_VECTORS * 16];
    let vectors = if s.len() > SAMPLE_MANY * V::W {
        SAMPLE_VECTORS
    } else {
        SAMPLE_FEW.div_ceil(V::W)
    };
    let count = vectors * V::W;
    let step = s.len() / count;
    for (i, x) in sample[..count].iter_mut().enumerate() {
        *x = s[i * step + step / 2];
    }
    match vectors {
        1 => in_registers::<V, 1>(&mut sample),
        2 => in_registers::<V, 2>(&mut sample),
        _ => in_registers::<V, SAMPLE_VECTORS>(&mut sample),
    }
    sample[count / 2]
}

/// Splits `s` (more than `2 · V::UNROLL` vectors long) at `pivot`: `s[..k]`
/// below it, `s[k..]` not; returns `k`. See the [module docs](self).
#[allow(clippy::inline_always)]
#[inline(always)]
fn partition<V: Lanes>(s: &mut [V::E], pivot: V::E) -> usize {
    debug_assert!(V::UNROLL == 4 || V::UNROLL == 8);
    if V::UNROLL == 8 {
        partition_by::<V, 8>(s, pivot)
    } else {
        partition_by::<V, 4>(s, pivot)
    }
}

/// [`partition`], reading `UNROLL` vectors a step.
///
/// The loop reads and writes through a pointer into `s`: every position it
/// reads is in `s[l..r]` (unread) before the read, every position it writes
/// in `s[ls..l]` or `s[r..rs]` (room), all within `0..n`; the comments say why.
#[allow(clippy::inline_always)]
#[inline(always)]
fn partition_by<V: Lanes, const UNROLL: usize>(s: &mut [V::E], pivot: V::E) -> usize {
    const PREFETCH: usize = 1;
    let (n, w) = (s.len(), V::W);
    let u = UNROLL * w;
    assert!(n >= 2 * u);
    let p = V::splat(pivot);
    let first: [V; UNROLL] = core::array::from_fn(|i| V::load(&s[i * w..]));
    let last: [V; UNROLL] = core::array::from_fn(|i| V::load(&s[n - u + i * w..]));
    let base = s.as_mut_ptr();
    // Unread: s[l..r]. Written: s[..ls] below the pivot, s[rs..] not. The room
    // at the two ends, (l − ls) + (rs − r), is always 2u.
    let (mut l, mut r, mut ls, mut rs) = (u, n - u, 0, n);
    while r - l >= u {
        // From the end with less room (at most u): after the read it has room
        // for the u lanes, and the other end at least u; so before each of
        // the u / W vectors is written, each end has room for a whole vector
        // (`split_to` may write one).
        let left = l - ls <= rs - r;
        let at = if left { l } else { r - u };
        (l, r) = if left { (l + u, r) } else { (l, r - u) };
        // SAFETY: `at..at + u` was unread, inside `0..n`.
        let x: [V; UNROLL] =
            core::array::from_fn(|i| unsafe { V::load_from(base.add(at + i * w)) });
        if PREFETCH > 0 {
            // The next reads at this end (a hint: never dereferenced).
            let ahead = if left {
                at.wrapping_add(PREFETCH * u)
            } else {
                at.wrapping_sub(PREFETCH * u)
            };
            for i in 0..UNROLL {
                V::prefetch(base.wrapping_add(ahead.wrapping_add(i * w)));
            }
        }
        for x in x {
            // SAFETY: a whole vector's room at each end (above).
            (ls, rs) = unsafe { split::<V>(base, x, p, ls, rs) };
        }
    }
    // The same a vector at a time (room: at least W at the end read, once
    // read, and at least u at the other).
    while r - l >= w {
        let left = l - ls <= rs - r;
        let at = if left { l } else { r - w };
        (l, r) = if left { (l + w, r) } else { (l, r - w) };
        // SAFETY: `at..at + w` was unread; a whole vector's room at each end.
        (ls, rs) = unsafe { split::<V>(base, V::load_from(base.add(at)), p, ls, rs) };
    }
    // Fewer than W unread: copied out, then every slot between ls and rs is
    // free. They go first, one by one, so that the room left is the held
    // vectors' lanes exactly, W a vector.
    let mut rest = [<V::E as Radix>::ZERO; 64];
    let (m, f) = (r - l, flip::<V>());
    rest[..m].copy_from_slice(&s[l..r]);
    for &x in &rest[..m] {
        if x ^ f < pivot ^ f {
            s[ls] = x;
            ls += 1;
        } else {
            rs -= 1;
            s[rs] = x;
        }
    }
    let base = s.as_mut_ptr();
    for x in first.into_iter().chain(last) {
        debug_assert!(rs - ls >= V::W && (rs - ls) % V::W == 0);
        // SAFETY: nothing is unread, and `ls..rs` is free: a whole vector's
        // room at each end. Two such writes overlap only for the last vector,
        // whose room is one vector: both write its lanes split, at the same
        // place (`rs − W = ls`).
        (ls, rs) = unsafe { split::<V>(base, x, p, ls, rs) };
    }
    debug_assert_eq!(ls, rs);
    ls
}

/// The lanes of `x` below `p` to `base[ls..]`, the others to `base[..rs]`,
/// through [`Lanes::split_to`]; the new ends.
///
/// # Safety
///
/// `base[ls..ls + W]` and `base[rs − W..rs]` are valid for writes and hold
/// nothing still to be read.
#[allow(clippy::inline_always)]
#[inline(always)]
unsafe fn split<V: Lanes>(base: *mut V::E, x: V, p: V, ls: usize, rs: usize) -> (usize, usize) {
    let below = x.below(p);
    let k = below.count_ones() as usize;
    debug_assert!(V::W <= rs);
    // SAFETY: the caller's.
    unsafe { x.split_to(below, k, base.add(ls), base.add(rs)) };
    (ls + k, rs - (V::W - k))
}

/// Sorts `s` (at most `V::BLOCK · W` long) in registers: copied into a
/// block padded with the largest integer to a power of two of vectors.
#[allow(clippy::inline_always)]
#[inline(always)]
fn small<V: Lanes>(s: &mut [V::E]) {
    let n = s.len();
    if n <= 1 {
        return;
    }
    match n.div_ceil(V::W) {
        1 => padded::<V, 1>(s),
        2 => padded::<V, 2>(s),
        3 | 4 => padded::<V, 4>(s),
        5..=8 => padded::<V, 8>(s),
        9..=16 if V::BLOCK >= 16 => padded::<V, 16>(s),
        _ if V::BLOCK >= 32 => padded::<V, 32>(s),
        _ => unreachable!("a block of at most V::BLOCK vectors"),
    }
}

/// `s` (at most `N` vectors long) sorted by [`in_registers`] in a block of
/// `N` vectors: its values, then the largest integer (which sorts last, so `s`
/// gets its own values back). Only those `N · W` lanes are written: a block
/// of [`BLOCK_MAX`] filled first would write 2 KiB for each block of the sort.
#[allow(clippy::inline_always)]
#[inline(always)]
fn padded<V: Lanes, const N: usize>(s: &mut [V::E]) {
    let (n, len) = (s.len(), N * V::W);
    assert!(n <= len && len <= BLOCK_MAX);
    let mut room = [MaybeUninit::<V::E>::uninit(); BLOCK_MAX];
    let (values, pad) = room[..len].split_at_mut(n);
    for (x, &y) in values.iter_mut().zip(s.iter()) {
        x.write(y);
    }
    for x in pad {
        x.write(<V::E as Radix>::MAX ^ flip::<V>());
    }
    // SAFETY: `room[..len]` was written just above (`values` and `pad`), and
    // a `MaybeUninit<E>` has `E`'s layout.
    let block = unsafe { core::slice::from_raw_parts_mut(room.as_mut_ptr().cast::<V::E>(), len) };
    in_registers::<V, N>(block);
    s.copy_from_slice(&block[..n]);
}

/// `block[..N · W]` sorted by [`network()`].
#[allow(clippy::inline_always)]
#[inline(always)]
fn in_registers<V: Lanes, const N: usize>(block: &mut [V::E]) {
    let mut v: [V; N] = core::array::from_fn(|i| V::load(&block[i * V::W..]));
    network::<V, N>(&mut v);
    for (i, x) in v.iter().enumerate() {
        x.store(&mut block[i * V::W..]);
    }
}

#[cfg(test)]
mod tests;
