//! Sorting and selection by key: a stable sort, argsort and selection in
//! IEEE 754 totalOrder (or with every NaN last), by each key's radix integer
//! (radix passes, or a quicksort in vector registers) rather than a comparator.
//!
//! | function | feature | what it does |
//! |---|---|---|
//! | [`sort_with_buffer`] | — | stable sort of keys, caller's scratch, no allocation |
//! | [`select`], [`select_by_key`], [`select_many`] | — | the element at a rank of the stable order, read-only, no allocation, O(n) |
//! | [`quantiles_with_buffer`], [`quantile()`]; [`quantiles`]; [`par_quantiles`] | —; `alloc`; `rayon` | `NumPy`'s quantile methods on floats, correctly rounded, NaNs skipped or propagated ([`quantile`](mod@quantile)) |
//! | [`top_k_with_buffer`], [`top_k_indices_with_buffer`]; [`top_k()`], [`top_k_indices`], [`top_k_by_key`]; [`par_top_k`] | —; `alloc`; `rayon` | the first `k` of the stable sort (or of argsort), read-only, O(n) ([`top_k`](mod@top_k)) |
//! | [`sort_by_key_with_buffer`], [`argsort_with_buffer`] | — | records by a key, indices by key, caller's buffers |
//! | [`sort`], [`sort_by_key`], [`sort_by_cached_key`], [`argsort`] | `alloc` | the same, allocating their scratch ([`sort_by_cached_key`]: the key called once per element) |
//! | [`argsort_u32`] | `alloc` | [`argsort`] with `u32` indices (the arg reducers' index type), half the result's memory |
//! | [`par_sort`], [`par_sort_by_key`], [`par_sort_by_cached_key`] | `rayon` | on rayon's thread pool |
//!
//! # The orders
//!
//! A key is any [`SortKey`]: the floats, [`OrderedKey`](crate::key::OrderedKey),
//! the integers, [`NanLast`], [`LargestFirst`], [`Reverse`](core::cmp::Reverse)
//! of a key, and pairs of keys. Every sort is stable (records whose keys tie keep their input order),
//! and sorting moves whole values: nothing is canonicalized, every bit is kept.
//!
//! | input | `f32`, `f64`, `f16`, `bf16`, `OrderedKey<F>`: totalOrder | [`NanLast<F>`]: `partial_cmp`, NaN last |
//! |---|---|---|
//! | NaN | by its sign bit: −NaN first, +NaN last; NaNs of one sign ordered by payload (−qNaN < −sNaN, +sNaN < +qNaN) | every NaN after every number, whatever its sign and payload; NaNs tie (input order) |
//! | −0.0 / +0.0 | −0 < +0 | tie (input order) |
//! | ±∞ | next to the NaNs | ordinary: −∞ first, +∞ just before the NaNs |
//! | subnormals | ordinary values, by value | ordinary values, by value |
//! | same result on x86 and ARM | for the same bits (but `0.0 / 0.0` is −NaN on x86, +NaN on ARM) | yes: NaN signs do not matter |
//!
//! - `f32::total_cmp` is the comparator of the first column, and
//!   `a.partial_cmp(b)` with NaNs last (and equal) the second: the tests check
//!   every sort bit for bit against `std`'s stable `sort_by` with them.
//! - [`LargestFirst<F>`] is the second column's order with the numbers
//!   reversed: largest first, every NaN still last (`Reverse(NanLast(x))` puts
//!   the NaNs first, `Reverse(LargestFirst(x))` is smallest first, NaN first).
//! - Integers sort by value; [`Reverse<K>`](core::cmp::Reverse) in the opposite
//!   order of `K` (ties still in input order: descending and stable); a pair
//!   `(A, B)` by `A`, then `B`, as tuples compare (the two radix integers side
//!   by side: at most 128 bits together, so `(f64, u64)` but not `(f64, (u64, u8))`).
//!
//! # The algorithm
//!
//! Each key maps to an unsigned integer (its radix) whose order is the key's
//! order, and the records are sorted by it. One function picks the route of a
//! slice:
//!
//! | route | which slices | how |
//! |---|---|---|
//! | insertion | up to 48 records | insertion sort |
//! | in order / reversed | radixes never decreasing; strictly decreasing (never increasing for keys identical when equal) | kept after one read; or reversed block by block from both ends, each block checked before it moves (one read and one write; at a pair in order the moved blocks go back and the routes below follow) |
//! | counted | `sort` of keys identical when equal, from 1 MiB, when a sample of 256 keys repeats enough to suggest few distinct keys | one read counts each distinct key in a hash table (at most 16Ki keys, an eighth of the slice), one write lays out the runs in order; keys that outgrow the table send the slice on to the routes below |
//! | vector | keys identical when equal whose radix is a 32- or 64-bit integer as wide as the key (`f32`, `f64`, `OrderedKey`, the 32- and 64-bit integers, `Reverse` of those), above 48, on x86-64 CPUs with AVX-512 (F), or with AVX2 (32-bit keys up to 16 MiB) — `sort` and `sort_with_buffer` | each key turned into its radix in place, a quicksort of the radixes in vector registers (partitions by compress and masked store; blocks of 1 KiB sorted by bitonic networks in registers; `sort_unstable` below a depth of 2 log2 n + 4), each radix turned back: no buffer |
//! | LSD in cache | up to 2 MiB | one read counts every byte, then one stable scatter per byte into the other buffer, skipping the bytes on which every record agrees |
//! | in-place split | `sort` of keys identical when equal (floats and `OrderedKey` in totalOrder, integers, `Reverse` and pairs of those), over 4 MiB | permuted by the top byte in place, recursively, until a bucket fits in an eighth of the slice and in 2 MiB; each bucket then sorted by LSD with one small scratch |
//! | stable split | the rest over 2 MiB: `NanLast` and `LargestFirst`, records (`sort_by_key`, `argsort`), the `_with_buffer` forms | one counting read and one stable scatter by the top bits into buckets that fit in a core's cache (a sample picks how many bits, so floats whose exponents are few still split evenly), then LSD in each |
//!
//! The in-place split and the vector quicksort move keys out of their input
//! order, and the counted route writes one copy of each key as many times as
//! it was counted, which a stable sort may not do; but all three only sort keys
//! whose radix determines them
//! bit for bit: two keys that tie are then the same bits, and every order of
//! them is the same slice. `NanLast` and `LargestFirst`, whose ±0 and NaNs tie with
//! different bits, and the
//! records of `sort_by_key` and `argsort`, where the index shows the order,
//! take the stable split. `par_sort` follows the same rule: keys identical when
//! equal are split in place, in parallel; the rest stably, out of place.
//!
//! # Memory
//!
//! `sort` allocates a buffer as long as the slice on the stable routes, on
//! the in-place route one of at most an eighth of the slice (and at most
//! 2 MiB), on the counted route a table of at most an eighth of the slice
//! (the tests measure both with a counting allocator), and nothing on the
//! vector route;
//! `sort_by_key` allocates a buffer of as many elements when they are small
//! (at most 16 bytes, no drop glue), and otherwise, as `sort_by_cached_key` and
//! `argsort` always do, the keys with their indices and a buffer as long.
//! The `_with_buffer` forms and selection allocate nothing. `par_sort` splits
//! keys identical when equal in place too, in parallel (each thread takes a
//! bucket's buffer as `sort` would, under 4 MiB); `NanLast` and `LargestFirst` keys
//! take a buffer as long as the slice, and so does `par_sort_by_key` of small
//! elements (a buffer of as many elements, as `sort_by_key`); its other
//! elements and `par_sort_by_cached_key` take their records twice.
//!
//! # Key functions
//!
//! `sort_by_key` and `par_sort_by_key` move small elements (at most 16 bytes,
//! no drop glue) with their key computed again on every pass, as `radsort`
//! does (fewer bytes to move than an element with its key: with recomputed
//! keys the sort beats `radsort`, with stored ones it did not; measurements:
//! BENCHMARKS.md):
//! they call the key function a few times per element, as `std`'s
//! `sort_by_key` does. Other elements, and every element in
//! `sort_by_cached_key`, `par_sort_by_cached_key` and
//! `sort_by_key_with_buffer`, get their key computed once and stored next to
//! the record's index (or, in the cached forms, next to a small element). Either way a key function that
//! answers differently on two calls can make the order wrong but never loses,
//! duplicates or reads out of bounds (the result is a permutation), and one that
//! panics leaves the slice a permutation of its input.
//!
//! Selection narrows the radix 11 bits at a time (4 bits on slices of at most
//! 512 records), one read per digit, counting only the records that match the
//! digits fixed so far; it allocates nothing and never writes to the slice.
//!
//! # Stack
//!
//! The read-only functions count on the stack, in tables sized for firmware:
//! on a slice of at most 512 records, 16 counters a digit (and top-k's last
//! sort merges, without tables); on a longer one, 2,048 `u32` counters a digit,
//! a table at a time (and top-k's sort of more than 512 candidates counts one
//! byte at a time: four tables of 256 `u32` counters). Measured (`tools/stack-sizes/check.py`: the frames LLVM
//! records, summed along the deepest call chain; `f32` unless said):
//!
//! | function | 256 values, `thumbv7em-none-eabihf` | 256 values, x86-64 | any length, both |
//! |---|---|---|---|
//! | [`select`], [`select_by_key`] | 0.9 KiB | 0.7 KiB | 17 KiB |
//! | [`select_many`] | 1.4 KiB | 1.6 KiB | 18 KiB |
//! | [`quantiles_with_buffer`], [`quantile()`] | 3.0 KiB (`f64`: 3.2 KiB) | 1.9 KiB (`f64`: 2.1 KiB) | 18 KiB |
//! | [`top_k_with_buffer`], [`top_k_indices_with_buffer`] | 0.9 KiB | 0.9 KiB | 17 KiB, any `k` (the sort of more than 512 candidates: 6.5 KiB, x86-64 8.3 KiB) |
//!
//! `.ci/run` checks the first and last columns on `thumbv7em-none-eabihf`
//! (at most 4 KiB and 32 KiB), and `tests/sort_stack.rs` runs each on 256 and 1Mi
//! values in a thread with a 32 KiB stack (top-k with `k` up to half the slice).
//! The sorts (`sort_with_buffer`, …) and the allocating top-k forms are not
//! bounded this way: their tables take tens of KiB.
//!
//! # Examples
//!
//! Percentiles of sensor data with NaNs, which land at the end whatever their sign:
//!
//! ```
//! use normkey::sort::{self, NanLast};
//!
//! let readings = [2.5_f32, f32::NAN, -1.0, 0.0 / 0.0, 7.0, -0.0, 3.0];
//! let v = NanLast::from_slice(&readings);
//! let numbers = v.iter().filter(|x| !x.0.is_nan()).count();
//! let median = sort::select(v, numbers / 2).unwrap();
//! assert_eq!(median.0, 2.5);
//! let mut ranks = [None; 2];
//! sort::select_many(v, &[0, numbers - 1], &mut ranks);
//! assert_eq!(ranks.map(|x| x.unwrap().0), [-1.0, 7.0]);
//! ```
//!
//! Descending by score, then ascending by id:
//!
//! ```
//! use core::cmp::Reverse;
//! use normkey::sort;
//!
//! let mut players = [("ann", 3.5_f32, 7_u32), ("bob", 9.0, 2), ("cy", 3.5, 1)];
//! let mut buf = [((Reverse(0.0), 0), 0); 6]; // (key, index) pairs: twice the length
//! let mut moved = [core::mem::MaybeUninit::uninit(); 3];
//! sort::sort_by_key_with_buffer(&mut players, |p| (Reverse(p.1), p.2), &mut buf, &mut moved);
//! assert_eq!(players.map(|p| p.0), ["bob", "cy", "ann"]);
//! ```

mod argsort;
mod by_key;
mod engine;
mod keys;
#[cfg(feature = "rayon")]
mod parallel;
pub mod quantile;
pub mod top_k;

pub use argsort::argsort_with_buffer;
#[cfg(feature = "alloc")]
pub use argsort::{argsort, argsort_u32};
pub use by_key::sort_by_key_with_buffer;
#[cfg(feature = "alloc")]
pub use by_key::{sort_by_cached_key, sort_by_key};
pub use keys::{LargestFirst, NanLast, SortKey};
use keys::{assert_room, radix_of};
#[cfg(feature = "rayon")]
pub use parallel::__stats;
#[cfg(feature = "rayon")]
pub use parallel::{par_sort, par_sort_by_cached_key, par_sort_by_key};
#[cfg(feature = "rayon")]
pub use quantile::par_quantiles;
#[cfg(feature = "alloc")]
pub use quantile::quantiles;
pub use quantile::{
    Method, Nans, QuantileError, QuantileFloat, Quantiles, Rounding, quantile,
    quantiles_with_buffer,
};
#[cfg(feature = "rayon")]
pub use top_k::par_top_k;
pub use top_k::{TopKError, top_k_indices_with_buffer, top_k_with_buffer};
#[cfg(feature = "alloc")]
pub use top_k::{top_k, top_k_by_key, top_k_indices, top_k_indices_by_key};

/// [`sort`] with instructions at most as wide as `width`, for the tests (which
/// run every level on a machine that has the widest): not a stable API.
#[cfg(feature = "alloc")]
#[doc(hidden)]
pub fn __sort_at<K: SortKey>(v: &mut [K], width: crate::dispatch::Width) {
    engine::route::sort_keys(v, engine::route::Scratch::Allocate, width);
}

/// The vector level [`__sort_at`] runs keys `K` at on this CPU at most as
/// wide as `width` (within `__dispatch::cap`): `Avx512`, `Avx2`, or
/// `Baseline` where it takes no vector level. A probe for the tests (a build
/// for `x86-64-v3` must take the vector sort; a narrower width that runs the
/// same level need not be tested again): not a stable API.
#[doc(hidden)]
#[must_use]
pub fn __vector_width<K: SortKey>(width: crate::dispatch::Width) -> crate::dispatch::Width {
    if engine::vector::takes::<K>(width) {
        engine::vector::level(width)
    } else {
        crate::dispatch::Width::Baseline
    }
}

/// The sizes at which the sorts switch algorithm, for the tests (which check
/// both sides of each): not a stable API.
#[doc(hidden)]
pub mod __thresholds {
    /// Slices of at most this many records are sorted by insertion.
    pub const INSERTION_MAX: usize = super::engine::stable::INSERTION_MAX;
    /// The vector sort's largest block sorted in registers, in bytes
    /// (AVX-512's of `u64`; its `u32` blocks are half as long, AVX2's an
    /// eighth): longer slices are partitioned.
    pub const VECTOR_BLOCK_BYTES: usize = super::engine::vector::BLOCK_BYTES;
    /// Slices of at most this many bytes are sorted LSD; larger ones are split by
    /// their top bits first.
    pub const CACHED_BYTES: usize = super::engine::stable::CACHED_BYTES;
    /// The largest bucket a split plans for, in bytes: it aims at three quarters.
    pub const BUCKET_BYTES: usize = super::engine::split::BUCKET_BYTES;
    /// Most buckets of one split: a slice of more than `SPLIT_MAX / 256 * 2`
    /// times half of `BUCKET_BYTES` in records of random bits reaches the cap.
    pub const SPLIT_MAX: usize = super::engine::radix::SPLIT_MAX;
    /// A split of a slice of at most this many bytes whose digit is skewed reads
    /// it as four chunks side by side; larger slices as one.
    pub const STREAMS_BYTES: usize = super::engine::split::STREAMS_BYTES;
    /// Slices of keys identical when equal of at least this many bytes are
    /// split in place by `sort` (not `sort_with_buffer`).
    pub const IN_PLACE_BYTES: usize = super::engine::route::IN_PLACE_BYTES;
    /// Slices of keys identical when equal of at least this many bytes are
    /// sampled for repeats by `sort`, and counted when the sample suggests few
    /// distinct keys.
    pub const COUNTED_BYTES: usize = super::engine::route::COUNTED_BYTES;
    /// The records `sort` samples before it counts.
    #[cfg(feature = "alloc")]
    pub const COUNTED_SAMPLE: usize = super::engine::counted::SAMPLE;
    /// Most distinct keys the count of `n` keys of `K` holds before it gives up
    /// (and the slice takes its radix route).
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn counted_limit<K: super::SortKey>(n: usize) -> usize {
        super::engine::counted::limit::<K, K::Radix>(n)
    }
    /// The largest bucket an in-place split leaves to the stable engine, in
    /// bytes (and at most an eighth of the slice).
    pub const LEAF_BYTES: usize = super::engine::in_place::LEAF_BYTES;
    /// Below this many records the parallel sorts run the sequential one.
    #[cfg(feature = "rayon")]
    pub const PARALLEL_MIN: usize = super::parallel::PARALLEL_MIN;
    /// A bucket of at most this many records is sorted by one task of a parallel
    /// sort, however many the threads.
    #[cfg(feature = "rayon")]
    pub const LEAF_MIN: usize = super::parallel::LEAF_MIN;
    /// A parallel sort cuts each pass into this many chunks per thread, and sorts
    /// a bucket of at most `len / (PIECES_PER_THREAD · threads)` (or `LEAF_MIN`)
    /// records in one task.
    #[cfg(feature = "rayon")]
    pub const PIECES_PER_THREAD: usize = super::parallel::PIECES_PER_THREAD;
    /// A selection pass after the first whose group (the records that match the
    /// digits fixed so far) is at most one record in this many tests blocks of
    /// this many records whole before counting them.
    pub const SPARSE_BLOCK: usize = super::engine::select::SPARSE_BLOCK;
    /// Selection narrows a slice of at most this many records by 4-bit digits
    /// (more: 11-bit digits).
    pub const NARROW_MAX: usize = super::engine::select::NARROW_MAX;
    /// `select_many` narrows this many ranks from one first pass (more: one more
    /// first pass per this many).
    pub const SELECT_MANY: usize = super::engine::joint::MANY;
}

/// Sorts `v` stably by key (the [orders](self#the-orders)), using `buf` as
/// scratch: no allocation. What `buf` holds afterwards is unspecified (a mix of
/// `v`'s values).
///
/// A stable LSD radix sort: O(n · w) for a key of w bytes, at most one pass per
/// byte on which the keys differ; or, for the keys it takes on a CPU with
/// AVX-512, the vector quicksort, which leaves `buf` untouched. Every value is
/// kept bit for bit.
///
/// The [routes](self#the-algorithm) of [`sort`] but two, which need what a
/// caller's buffer is not: the counted route (few distinct keys, counted in a
/// hash table `sort` allocates) and the in-place split (which needs no buffer
/// as long as the slice, and so does not use one). So on slices of few
/// distinct keys (thousands, repeated: quantized data) `sort` is several times
/// faster where it can allocate (measurements: BENCHMARKS.md).
///
/// # Panics
///
/// When `buf.len() < v.len()`, at the caller's line.
///
/// ```
/// use normkey::sort;
///
/// let mut v = [3.0_f32, -0.0, f32::NAN, 0.0, -f32::NAN, f32::NEG_INFINITY, 1e-45];
/// let mut buf = [0.0; 7];
/// sort::sort_with_buffer(&mut v, &mut buf);
/// let mut want = [3.0_f32, -0.0, f32::NAN, 0.0, -f32::NAN, f32::NEG_INFINITY, 1e-45];
/// want.sort_by(f32::total_cmp);
/// assert_eq!(v.map(f32::to_bits), want.map(f32::to_bits));
/// assert!(v[0].is_nan() && v[0].is_sign_negative() && v[6].is_nan());
/// ```
#[track_caller]
pub fn sort_with_buffer<K: SortKey>(v: &mut [K], buf: &mut [K]) {
    assert_room("buf", buf.len(), v.len());
    let n = v.len();
    engine::route::sort_keys(
        v,
        engine::route::Scratch::Given(&mut buf[..n]),
        crate::dispatch::width(),
    );
}

#[cfg(feature = "alloc")]
/// Sorts `v` stably by key (the [orders](self#the-orders)): [`sort_with_buffer`]
/// with a buffer of `v.len()` keys allocated where its route needs one (none below 49
/// elements, nor on the vector route: [memory](self#memory)).
/// ```
/// use normkey::sort;
///
/// let mut v = vec![1.5_f32, f32::NAN, -0.0, -3.0, 0.0, f32::INFINITY];
/// sort::sort(&mut v);
/// assert_eq!(v[..3], [-3.0, -0.0, 0.0]);
/// assert!(v[2].is_sign_positive() && v[5].is_nan());
/// ```
pub fn sort<K: SortKey>(v: &mut [K]) {
    engine::route::sort_keys(
        v,
        engine::route::Scratch::Allocate,
        crate::dispatch::width(),
    );
}

/// The element at index `k` of the stable sort of `v` (the [orders](self#the-orders)),
/// bit for bit, without sorting: `None` when `k >= v.len()`.
///
/// Read-only and allocation-free radix selection, O(n) in the worst case (one
/// read of `v` per 11 bits of radix: at most 3 for `f32`, 6 for `f64`, fewer when
/// the rank's group is small; per 4 bits on at most 512 elements). Among keys
/// that tie but differ in bits (NaNs and ±0 under [`NanLast`]), the one the
/// stable order puts at `k`: the `j`-th of them in input order.
///
/// Stack: 0.9 KiB on 256 `f32` on `thumbv7em-none-eabihf` (0.7 KiB on x86-64),
/// 17 KiB at most on any slice ([measured](self#stack)).
///
/// ```
/// use normkey::sort::{self, NanLast};
///
/// let v = [5.0_f32, -f32::NAN, 1.0, 0.0, -0.0, f32::NAN];
/// assert!(sort::select(&v, 0).unwrap().is_nan()); // totalOrder: −NaN first
/// assert_eq!(sort::select(&v, 2).unwrap().to_bits(), 0); // +0 after −0
/// assert_eq!(sort::select(&v, 6), None);
/// let w = NanLast::from_slice(&v);
/// assert_eq!(sort::select(w, 0).unwrap().0.to_bits(), 0); // ±0 tie: +0 came first
/// assert!(sort::select(w, 4).unwrap().0.is_sign_negative()); // the first NaN in input order
/// ```
#[must_use]
pub fn select<K: SortKey>(v: &[K], k: usize) -> Option<K> {
    engine::select::select(v, k, radix_of::<K>, K::EXACT.then_some(K::from_radix))
}

/// The element at index `k` of the stable sort of `v` by `key`, without sorting:
/// [`select`] for records. `None` when `k >= v.len()`.
///
/// `key` is called once per element per pass (one pass per 11 bits of radix, 4
/// on at most 512 elements, and a last one to find the element), twice in a pass
/// after the first for the elements of a block of 32 that holds a match; a `key`
/// that answers differently on two calls gives an unspecified element or `None`,
/// never a panic. Stack: as [`select`]'s.
///
/// ```
/// use normkey::sort::{self, NanLast};
///
/// let v = [("a", 2.0_f32), ("b", f32::NAN), ("c", 1.0), ("d", 2.0)];
/// assert_eq!(sort::select_by_key(&v, 2, |r| NanLast(r.1)).unwrap().0, "d");
/// assert_eq!(sort::select_by_key(&v, 1, |r| NanLast(r.1)).unwrap().0, "a");
/// ```
#[must_use]
pub fn select_by_key<T: Copy, K: SortKey>(
    v: &[T],
    k: usize,
    mut key: impl FnMut(&T) -> K,
) -> Option<T> {
    engine::select::select(v, k, |x| key(x).radix(), None)
}

/// Several ranks at once (quantiles): `out[i]` is [`select`]`(v, ranks[i])`,
/// the ranks in any order, repeated or past the end. Read-only, no allocation.
///
/// The quantiles' passes: per 16 ranks, one read counts a first digit chosen
/// from 256 sampled elements (the bits that vary among them), each later read
/// counts the next digit under every rank's prefix at once, and once at most
/// 512 elements are left under them (32 on slices of at most 512), one more
/// read gathers them and sorts them on the stack: usually three reads of `v`
/// for up to four ranks (a read counts under at most 8 prefixes: 16 ranks take
/// about twice as many). Where the radix does not give the key back
/// ([`NanLast`]'s ties), one more read finds the elements.
///
/// Stack: 1.4 KiB on 256 `f32` on `thumbv7em-none-eabihf` (1.6 KiB on x86-64),
/// 18 KiB at most on any slice ([measured](self#stack)).
///
/// # Panics
///
/// When `ranks.len() != out.len()`, at the caller's line, with both lengths:
/// "`sort::select_many`: `ranks.len()` (3) != `out.len()` (2)".
///
/// ```
/// use normkey::sort;
///
/// let v: Vec<f64> = (0..1000).map(|i| f64::from((i * 7919) % 1000)).collect();
/// let mut q = [None; 4];
/// sort::select_many(&v, &[0, 500, 990, 1000], &mut q);
/// assert_eq!(q, [Some(0.0), Some(500.0), Some(990.0), None]);
/// ```
#[track_caller]
pub fn select_many<K: SortKey>(v: &[K], ranks: &[usize], out: &mut [Option<K>]) {
    assert!(
        ranks.len() == out.len(),
        "`sort::select_many`: `ranks.len()` ({}) != `out.len()` ({}): one output per rank",
        ranks.len(),
        out.len()
    );
    engine::joint::select_many(
        v,
        ranks,
        out,
        radix_of::<K>,
        K::EXACT.then_some(K::from_radix),
    );
}
