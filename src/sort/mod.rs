//! Sorting and selection by key: a stable radix sort, argsort and radix select
//! in IEEE 754 totalOrder (or with every NaN last), without comparisons.
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
//! | [`par_sort`], [`par_sort_by_key`] | `rayon` | on rayon's thread pool |
//!
//! # The orders
//!
//! A key is any [`SortKey`]: the floats, [`OrderedKey`](crate::key::OrderedKey),
//! the integers, [`NanLast`], [`Reverse`](core::cmp::Reverse) of a key, and pairs
//! of keys. Every sort is stable (records whose keys tie keep their input order),
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
//! | LSD in cache | up to 2 MiB | one read counts every byte, then one stable scatter per byte into the other buffer, skipping the bytes on which every record agrees |
//! | in-place split | `sort` of keys identical when equal (floats and `OrderedKey` in totalOrder, integers, `Reverse` and pairs of those), over 4 MiB | permuted by the top byte in place, recursively, until a bucket fits in an eighth of the slice and in 2 MiB; each bucket then sorted by LSD with one small scratch |
//! | stable split | the rest over 2 MiB: `NanLast`, records (`sort_by_key`, `argsort`), the `_with_buffer` forms | one counting read and one stable scatter by the top bits into buckets that fit in a core's cache (a sample picks how many bits, so floats whose exponents are few still split evenly), then LSD in each |
//!
//! The in-place split moves keys out of their input order, and the counted
//! route writes one copy of each key as many times as it was counted, which a
//! stable sort may not do; but both only sort keys whose radix determines them
//! bit for bit: two keys that tie are then the same bits, and every order of
//! them is the same slice. `NanLast`, whose ±0 and NaNs tie with different bits, and the
//! records of `sort_by_key` and `argsort`, where the index shows the order,
//! take the stable split. `par_sort` follows the same rule: keys identical when
//! equal are split in place, in parallel; the rest stably, out of place.
//!
//! # Memory
//!
//! `sort` allocates a buffer as long as the slice on the stable routes, on
//! the in-place route one of at most an eighth of the slice (and at most
//! 2 MiB), and on the counted route a table of at most an eighth of the slice
//! (the tests measure both with a counting allocator);
//! `sort_by_key` allocates a buffer of as many elements when they are small
//! (at most 16 bytes, no drop glue), and otherwise, as `sort_by_cached_key` and
//! `argsort` always do, the keys with their indices and a buffer as long.
//! The `_with_buffer` forms and selection allocate nothing. `par_sort` splits
//! keys identical when equal in place too, in parallel (each thread takes a
//! bucket's buffer as `sort` would, under 4 MiB); `NanLast` keys and
//! `par_sort_by_key`'s records take a buffer as long as the slice.
//!
//! # Key functions
//!
//! `sort_by_key` moves small elements (at most 16 bytes, no drop glue) with
//! their key computed again on every pass, as `radsort` does (fewer bytes to
//! move than an element with its key, measured 0.91–0.95 of radsort's time on
//! 16Mi `(f32, u32)` records where the stored keys took 1.5–1.6): it calls the
//! key function a few times per element, as `std`'s `sort_by_key` does. Other
//! elements, and every element in `sort_by_cached_key`,
//! `sort_by_key_with_buffer` and the parallel forms, get their key computed
//! once and stored next to the record's index. Either way a key function that
//! answers differently on two calls can make the order wrong but never loses,
//! duplicates or reads out of bounds (the result is a permutation), and one that
//! panics leaves the slice a permutation of its input.
//!
//! Selection narrows the radix 11 bits at a time, one read per
//! digit, counting only the records that match the digits fixed so far; it
//! allocates nothing and never writes to the slice.
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
use core::mem::MaybeUninit;

#[cfg(feature = "alloc")]
mod counted;
mod in_place;
mod keys;
#[cfg(feature = "rayon")]
mod parallel;
pub mod quantile;
mod radix;
mod route;
mod select;
pub mod top_k;

#[cfg(feature = "rayon")]
pub use parallel::__stats;
#[cfg(feature = "rayon")]
pub use parallel::{par_sort, par_sort_by_key};
#[cfg(feature = "rayon")]
pub use quantile::par_quantiles;
#[cfg(feature = "alloc")]
pub use quantile::quantiles;
pub use quantile::{Method, Nans, QuantileError, QuantileFloat, quantile, quantiles_with_buffer};
#[cfg(feature = "rayon")]
pub use top_k::par_top_k;
pub use top_k::{TopKError, top_k_indices_with_buffer, top_k_with_buffer};
#[cfg(feature = "alloc")]
pub use top_k::{top_k, top_k_by_key, top_k_indices};

use route::lsd;

/// The sizes at which the sorts switch algorithm, for the tests (which check
/// both sides of each): not a stable API.
#[doc(hidden)]
pub mod __thresholds {
    /// Slices of at most this many records are sorted by insertion.
    pub const INSERTION_MAX: usize = super::radix::INSERTION_MAX;
    /// Slices of at most this many bytes are sorted LSD; larger ones are split by
    /// their top bits first.
    pub const CACHED_BYTES: usize = super::radix::CACHED_BYTES;
    /// The largest bucket a split plans for, in bytes: it aims at three quarters.
    pub const BUCKET_BYTES: usize = super::radix::BUCKET_BYTES;
    /// Most buckets of one split: a slice of more than `SPLIT_MAX / 256 * 2`
    /// times half of `BUCKET_BYTES` in records of random bits reaches the cap.
    pub const SPLIT_MAX: usize = super::radix::SPLIT_MAX;
    /// A split of a slice of at most this many bytes whose digit is skewed reads
    /// it as four chunks side by side; larger slices as one.
    pub const STREAMS_BYTES: usize = super::radix::STREAMS_BYTES;
    /// Slices of keys identical when equal of at least this many bytes are
    /// split in place by `sort` (not `sort_with_buffer`).
    pub const IN_PLACE_BYTES: usize = super::route::IN_PLACE_BYTES;
    /// Slices of keys identical when equal of at least this many bytes are
    /// sampled for repeats by `sort`, and counted when the sample suggests few
    /// distinct keys.
    pub const COUNTED_BYTES: usize = super::route::COUNTED_BYTES;
    /// The records `sort` samples before it counts.
    #[cfg(feature = "alloc")]
    pub const COUNTED_SAMPLE: usize = super::counted::SAMPLE;
    /// Most distinct keys the count of `n` keys of `K` holds before it gives up
    /// (and the slice takes its radix route).
    #[cfg(feature = "alloc")]
    #[must_use]
    pub fn counted_limit<K: super::SortKey>(n: usize) -> usize {
        super::counted::limit::<K, K::Radix>(n)
    }
    /// The largest bucket an in-place split leaves to the stable engine, in
    /// bytes (and at most an eighth of the slice).
    pub const LEAF_BYTES: usize = super::in_place::LEAF_BYTES;
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
    pub const SPARSE_BLOCK: usize = super::select::SPARSE_BLOCK;
}

pub(crate) mod sealed {
    use super::radix::Radix;

    /// What a key sorts by; only this crate implements it.
    pub trait Sealed: Copy {
        /// The unsigned integer whose order is the key's order.
        type Radix: Radix;
        /// Whether the radix determines the key bit for bit (a bijection).
        const EXACT: bool;
        /// The radix of `self`.
        fn radix(self) -> Self::Radix;
        /// The key of a radix; when not [`EXACT`](Self::EXACT), one of the keys
        /// with that radix.
        fn from_radix(r: Self::Radix) -> Self;
    }
}

/// A key the functions of [`sort`](self) sort by: the floats (`f32`, `f64`, and
/// with feature `half` `half::f16`, `half::bf16`) and
/// [`OrderedKey<F>`](crate::key::OrderedKey) in IEEE 754 totalOrder; [`NanLast<F>`];
/// `u8`…`u64`, `usize`, `i8`…`i64`, `isize` by value; [`Reverse<K>`](core::cmp::Reverse);
/// pairs `(A, B)` lexicographically (at most 128 bits of radix together).
///
/// Sealed: only this crate implements it. A key is `Copy`: a small value. The
/// orders are in the [module docs](self#the-orders).
///
/// ```
/// use core::cmp::Reverse;
/// use normkey::sort::{self, NanLast};
///
/// let mut v = [(Reverse(2_u8), -1.0_f32), (Reverse(2), -f32::NAN), (Reverse(5), 0.0)];
/// let mut buf = v;
/// sort::sort_with_buffer(&mut v, &mut buf);
/// assert_eq!(v[0].0, Reverse(5));
/// assert!(v[1].1.is_nan() && v[2].1 == -1.0); // −NaN first in totalOrder
///
/// let mut w = [NanLast(f64::NAN), NanLast(-0.0), NanLast(0.0), NanLast(-f64::NAN), NanLast(-1.0)];
/// let mut buf = w;
/// sort::sort_with_buffer(&mut w, &mut buf);
/// assert_eq!(w[0].0, -1.0);
/// assert!(w[1].0.is_sign_negative() && w[2].0.is_sign_positive()); // ±0 tie: input order
/// assert!(w[3].0.is_sign_positive() && w[4].0.is_sign_negative()); // NaNs tie: input order
/// ```
pub trait SortKey: sealed::Sealed {}

/// A float ordered as `partial_cmp` orders it, with every NaN after every number:
/// the sort order `NumPy`, pandas, polars, Arrow and Spark use.
///
/// - **NaN**: every NaN, of either sign and any payload, sorts after +∞; NaNs tie
///   with each other (a stable sort keeps them in input order) and are kept bit
///   for bit. So the order does not depend on the sign of a computed NaN, which
///   differs between x86 (`0.0 / 0.0` is −NaN) and ARM (+NaN).
/// - **±0**: −0.0 and +0.0 tie (input order), as `-0.0 == 0.0`.
/// - **±∞, subnormals**: ordinary values.
///
/// # Equality and hashing
///
/// `Eq`, `Ord` and `Hash` follow the same order: `NanLast(-0.0) == NanLast(0.0)`,
/// every NaN equals every NaN, and equal values hash alike. (Unlike `f32`'s
/// `PartialEq`, this is an equivalence.)
///
/// # Representation
///
/// `#[repr(transparent)]` over `F` and [`bytemuck::Pod`]: a `&[f32]` is a
/// `&[NanLast<f32>]` without a copy ([`NanLast::from_slice`], `_mut`).
///
/// ```
/// use normkey::sort::NanLast;
///
/// assert_eq!(NanLast(-0.0_f32), NanLast(0.0));
/// assert_eq!(NanLast(f32::NAN), NanLast(-f32::NAN));
/// assert!(NanLast(f32::INFINITY) < NanLast(-f32::NAN));
/// assert!(NanLast(-1.0_f64) < NanLast(-5e-324)); // subnormals by value
/// let v = NanLast::from_slice(&[1.0_f32, f32::NAN]);
/// assert!(v[0] < v[1]);
/// ```
#[derive(Clone, Copy, Debug, Default)]
#[repr(transparent)]
pub struct NanLast<F>(pub F);

// SAFETY: `repr(transparent)` over `F`: the same layout, and every bit pattern of
// an `F: Zeroable` (all zero) is valid.
unsafe impl<F: bytemuck::Zeroable> bytemuck::Zeroable for NanLast<F> {}
// SAFETY: `repr(transparent)` over `F: Pod`: no padding, every bit pattern valid.
unsafe impl<F: bytemuck::Pod> bytemuck::Pod for NanLast<F> {}
// SAFETY: `repr(transparent)` over `F`, as the trait requires.
unsafe impl<F> bytemuck::TransparentWrapper<F> for NanLast<F> {}

impl<F> NanLast<F> {
    /// The floats of `v` as `NanLast` keys, in place: no copy, every bit kept.
    ///
    /// ```
    /// use normkey::sort::{self, NanLast};
    ///
    /// let readings = [2.0_f32, -f32::NAN, -0.0, f32::INFINITY, 0.0];
    /// const KEYS: &[NanLast<f64>] = NanLast::from_slice(&[f64::NAN, 1.0]);
    /// let v = NanLast::from_slice(&readings);
    /// assert_eq!(v[1].0.to_bits(), (-f32::NAN).to_bits()); // the sign and payload kept
    /// assert_eq!(sort::select(v, 4).unwrap().0.to_bits(), (-f32::NAN).to_bits()); // NaN last
    /// assert_eq!(sort::select(v, 0).unwrap().0.to_bits(), (-0.0_f32).to_bits()); // ±0 tie
    /// assert!(KEYS[1] < KEYS[0]);
    /// assert!(NanLast::<f32>::from_slice(&[]).is_empty());
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_slice(v: &[F]) -> &[Self] {
        // SAFETY: `NanLast<F>` is `repr(transparent)` over `F`: the same size,
        // alignment and valid bit patterns, so `v`'s elements read as `NanLast<F>`;
        // the result borrows `v` for its lifetime and has its length.
        unsafe { core::slice::from_raw_parts(v.as_ptr().cast::<Self>(), v.len()) }
    }

    /// The floats of `v` as `NanLast` keys, in place, to sort them: no copy,
    /// every bit kept; what is written through the keys is written to `v`.
    ///
    /// ```
    /// use normkey::sort::{self, NanLast};
    ///
    /// let mut v = [f32::NAN, 1.0, -0.0, -f32::NAN, f32::NEG_INFINITY, 0.0];
    /// let mut buf = [NanLast(0.0); 6];
    /// sort::sort_with_buffer(NanLast::from_slice_mut(&mut v), &mut buf);
    /// assert_eq!(v[..4], [f32::NEG_INFINITY, -0.0, 0.0, 1.0]); // ±0 in input order
    /// assert!(v[4].is_sign_positive() && v[5].is_sign_negative()); // NaNs last, in input order
    /// ```
    #[must_use]
    #[inline]
    pub const fn from_slice_mut(v: &mut [F]) -> &mut [Self] {
        // SAFETY: as in `from_slice`; the result is the only access to `v`'s
        // elements while it lives (it reborrows `v` mutably).
        unsafe { core::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<Self>(), v.len()) }
    }
}

impl<F> PartialEq for NanLast<F>
where
    Self: SortKey,
{
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.radix() == other.radix()
    }
}
impl<F> Eq for NanLast<F> where Self: SortKey {}
impl<F> PartialOrd for NanLast<F>
where
    Self: SortKey,
{
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl<F> Ord for NanLast<F>
where
    Self: SortKey,
{
    #[inline]
    fn cmp(&self, other: &Self) -> core::cmp::Ordering {
        self.radix().cmp(&other.radix())
    }
}
impl<F> core::hash::Hash for NanLast<F>
where
    Self: SortKey,
    <Self as sealed::Sealed>::Radix: core::hash::Hash,
{
    #[inline]
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.radix().hash(state);
    }
}

use sealed::Sealed as _;

/// The radix of a key: the closure every key sort passes to the engine.
///
/// This and the two below are named functions, not closures: a closure's type
/// carries every generic parameter of the function that writes it (the caller's
/// key function included), so each caller would compile its own copy of the
/// engine. A named function's type is the same wherever the record layout is.
#[inline]
fn radix_of<K: SortKey>(k: &K) -> K::Radix {
    k.radix()
}

/// The radix of a record's key, held first: the `(key, index)` records.
#[inline]
fn radix_of_first<K: SortKey, U>(r: &(K, U)) -> K::Radix {
    r.0.radix()
}

/// A radix computed once and held first: the `(radix, index)` records.
#[cfg(feature = "alloc")]
#[inline]
fn held_radix<R: Copy, U>(r: &(R, U)) -> R {
    r.0
}

/// The panic of the `_with_buffer` forms, at the caller's line.
#[track_caller]
#[inline]
fn assert_room(name: &str, len: usize, need: usize) {
    assert!(
        len >= need,
        "{name} holds {len} elements, fewer than the {need} the slice needs"
    );
}

/// Sorts `v` stably by key (the [orders](self#the-orders)), using `buf` as
/// scratch: no allocation. What `buf` holds afterwards is unspecified (a mix of
/// `v`'s values).
///
/// A stable LSD radix sort: O(n · w) for a key of w bytes, at most one pass per
/// byte on which the keys differ. Every value is kept bit for bit.
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
    sort_keys(v, route::Scratch::Given(&mut buf[..n]));
}

/// Sorts keys along their route, with `K::EXACT` as a constant (a descending
/// slice of keys identical when equal is reversed even with ties; only such
/// keys are counted or split in place).
fn sort_keys<K: SortKey>(v: &mut [K], scratch: route::Scratch<'_, K>) {
    if K::EXACT {
        route::sort::<true, false, K, K::Radix>(v, scratch, &radix_of::<K>);
    } else {
        route::sort::<false, false, K, K::Radix>(v, scratch, &radix_of::<K>);
    }
}

/// Sorts `v` stably by the key `key` gives each element (called once per
/// element), with caller buffers: no allocation. `keys` (at least `2 · v.len()`
/// long) holds the keys and indices, `moved` (at least `v.len()`) the elements
/// in their new order for a moment; their contents afterwards are unspecified.
///
/// A `key` that answers differently for equal elements only changes the order:
/// `v` always ends as a permutation of its input.
///
/// # Panics
///
/// When a buffer is too short, at the caller's line; when `key` panics (then `v`
/// is unchanged).
///
/// ```
/// use core::mem::MaybeUninit;
/// use normkey::sort::{self, NanLast};
///
/// let mut v = vec![("b", 0.0_f32), ("a", f32::NAN), ("c", -0.0), ("d", -1.0)];
/// let mut keys = vec![(NanLast(0.0), 0); 8];
/// let mut moved = vec![MaybeUninit::uninit(); 4];
/// sort::sort_by_key_with_buffer(&mut v, |r| NanLast(r.1), &mut keys, &mut moved);
/// assert_eq!(v.iter().map(|r| r.0).collect::<String>(), "dbca"); // ±0 tie, NaN last
/// ```
#[track_caller]
pub fn sort_by_key_with_buffer<T, K: SortKey>(
    v: &mut [T],
    mut key: impl FnMut(&T) -> K,
    keys: &mut [(K, usize)],
    moved: &mut [MaybeUninit<T>],
) {
    let n = v.len();
    assert_room("keys", keys.len(), 2 * n);
    assert_room("moved", moved.len(), n);
    let (keys, scratch) = keys.split_at_mut(n);
    for ((slot, x), i) in keys.iter_mut().zip(v.iter()).zip(0..) {
        *slot = (key(x), i);
    }
    lsd(keys, &mut scratch[..n], radix_of_first::<K, usize>);
    permute(v, keys.iter().map(|r| r.1), &mut moved[..n]);
}

/// The indices of `v` in the stable order of its keys, written to `out`: `v[out[0]]`
/// is the smallest key, equal keys in index order. `scratch` (at least
/// `2 · v.len()` long) holds keys and indices; no allocation.
///
/// # Panics
///
/// When `out.len() != v.len()` or `scratch` is too short, at the caller's line.
///
/// ```
/// use normkey::sort;
///
/// let v = [2.0_f64, f64::NAN, -0.0, 0.0, 2.0];
/// let mut out = [0; 5];
/// let mut scratch = [(0.0, 0); 10];
/// sort::argsort_with_buffer(&v, &mut out, &mut scratch);
/// assert_eq!(out, [2, 3, 0, 4, 1]);
/// ```
#[track_caller]
pub fn argsort_with_buffer<K: SortKey>(v: &[K], out: &mut [usize], scratch: &mut [(K, usize)]) {
    let n = v.len();
    crate::key::assert_same_len(n, out.len());
    assert_room("scratch", scratch.len(), 2 * n);
    let (keys, buf) = scratch.split_at_mut(n);
    for ((slot, &x), i) in keys.iter_mut().zip(v).zip(0..) {
        *slot = (x, i);
    }
    lsd(keys, &mut buf[..n], radix_of_first::<K, usize>);
    for (o, r) in out.iter_mut().zip(keys.iter()) {
        *o = r.1;
    }
}

/// Moves `v[order[p]]` to `v[p]` for every `p`, through `moved`.
///
/// `order` must yield each index of `v` exactly once (the sort's output of
/// `0..n`); it is checked, so that a wrong order panics instead of duplicating an
/// element.
fn permute<T>(v: &mut [T], order: impl Iterator<Item = usize>, moved: &mut [MaybeUninit<T>]) {
    let n = v.len();
    let mut count = 0;
    for (slot, i) in moved.iter_mut().zip(order) {
        assert!(i < n, "permute: index out of range");
        // SAFETY: `i < n`, and `order` yields each index once (the sort permuted
        // `0..n`), so each element is read exactly once; the reads are bitwise
        // moves that are completed below by writing every element back.
        slot.write(unsafe { core::ptr::read(&raw const v[i]) });
        count += 1;
    }
    assert!(count == n, "permute: order too short");
    for (x, m) in v.iter_mut().zip(moved.iter()) {
        // SAFETY: every `moved[p]` (`p < n`) was written above, once; `v[p]`'s old
        // value was moved out (each index read once), so overwriting it without
        // dropping is the second half of that move.
        unsafe { core::ptr::write(x, m.assume_init_read()) };
    }
}

/// The element at index `k` of the stable sort of `v` (the [orders](self#the-orders)),
/// bit for bit, without sorting: `None` when `k >= v.len()`.
///
/// Read-only and allocation-free radix selection, O(n) in the worst case (one
/// read of `v` per 11 bits of radix: at most 3 for `f32`, 6 for `f64`, fewer when
/// the rank's group is small). Among keys that tie but differ in bits (NaNs and
/// ±0 under [`NanLast`]), the one the stable order puts at `k`: the
/// `j`-th of them in input order.
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
    select::select(v, k, radix_of::<K>, K::EXACT.then_some(K::from_radix))
}

/// The element at index `k` of the stable sort of `v` by `key`, without sorting:
/// [`select`] for records. `None` when `k >= v.len()`.
///
/// `key` is called once per element per pass (one pass per 11 bits of radix,
/// and a last one to find the element), twice in a pass after the first for the
/// elements of a block of 32 that holds a match; a `key` that answers differently
/// on two calls gives an unspecified element or `None`, never a panic.
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
    select::select(v, k, |x| key(x).radix(), None)
}

/// Several ranks at once (quantiles): `out[i]` is [`select`]`(v, ranks[i])`.
/// The first pass is shared by every rank. No allocation.
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
    select::select_many(
        v,
        ranks,
        out,
        radix_of::<K>,
        K::EXACT.then_some(K::from_radix),
    );
}

#[cfg(feature = "alloc")]
mod alloc_forms {
    use alloc::vec::Vec;
    use core::mem::MaybeUninit;

    use super::radix::Radix;
    use super::route::{self, Scratch};
    use super::{SortKey, held_radix, lsd, permute};

    /// A record index: `u32` when the slice is short enough (half the bytes to
    /// move), `usize` otherwise.
    pub(super) trait Index: Copy + Send + Sync {
        fn new(i: usize) -> Self;
        fn get(self) -> usize;
    }
    impl Index for u32 {
        // Only used when the length fits in `u32`.
        #[allow(clippy::cast_possible_truncation)]
        #[inline]
        fn new(i: usize) -> Self {
            i as u32
        }
        #[inline]
        fn get(self) -> usize {
            self as usize
        }
    }
    impl Index for usize {
        #[inline]
        fn new(i: usize) -> Self {
            i
        }
        #[inline]
        fn get(self) -> usize {
            self
        }
    }

    /// The sort a record sort runs on: [`Sequential`], or (feature `rayon`) the
    /// parallel one.
    pub(super) trait Engine {
        /// Sorts `v` stably by `radix`, `buf` (as long) as scratch.
        fn sort<T: Copy + Send + Sync, R: Radix>(
            &self,
            v: &mut [T],
            buf: &mut [T],
            radix: impl Fn(&T) -> R + Sync + Copy,
        );

        /// A scratch buffer of `n` copies of `fill`. The first write to each page
        /// of a fresh allocation costs the kernel's page fault (about six copies'
        /// worth of time for 64 MiB on a 2-core VM): the parallel engine writes it
        /// on every thread.
        fn buffer<T: Copy + Send + Sync>(&self, fill: T, n: usize) -> Vec<T> {
            alloc::vec![fill; n]
        }

        /// `dst[i] = f(&src[i])` for every `i` (`dst` and `src` of equal
        /// length): the parallel engine in chunks on every thread.
        fn copy_into<U: Sync, W: Send>(
            &self,
            dst: &mut [W],
            src: &[U],
            f: impl Fn(&U) -> W + Sync,
        ) {
            for (d, s) in dst.iter_mut().zip(src) {
                *d = f(s);
            }
        }
    }

    /// How a record sort calls its key function: once per element, each result
    /// made into a record with the element's index. [`InOrder`] calls any
    /// `FnMut` on the calling thread, in order; the parallel form (feature
    /// `rayon`) calls an `Fn + Sync` in chunks on rayon's threads.
    pub(super) trait Keyed<T, K> {
        /// `make(i, &v[i], key(&v[i]))` for every `i`, in order.
        fn records<U: Copy + Send + Sync>(
            self,
            v: &mut [T],
            blank: U,
            make: impl Fn(usize, &T, K) -> U + Sync,
        ) -> Vec<U>;
    }

    /// A key function called in order on the calling thread.
    pub(super) struct InOrder<F>(pub(super) F);
    impl<T, K, F: FnMut(&T) -> K> Keyed<T, K> for InOrder<F> {
        fn records<U: Copy + Send + Sync>(
            mut self,
            v: &mut [T],
            _blank: U,
            make: impl Fn(usize, &T, K) -> U + Sync,
        ) -> Vec<U> {
            v.iter()
                .enumerate()
                .map(|(i, x)| make(i, x, (self.0)(x)))
                .collect()
        }
    }

    /// [`lsd`] on the calling thread.
    pub(super) struct Sequential;
    impl Engine for Sequential {
        fn sort<T: Copy + Send + Sync, R: Radix>(
            &self,
            v: &mut [T],
            buf: &mut [T],
            radix: impl Fn(&T) -> R + Sync + Copy,
        ) {
            lsd(v, buf, radix);
        }
    }

    /// Whether `u32` indices suffice for `n` records.
    pub(super) fn short(n: usize) -> bool {
        u32::try_from(n).is_ok()
    }

    /// The radix of each element's key, next to the element's index, stably
    /// sorted.
    fn sorted_keys<T, K: SortKey, I: Index>(
        v: &mut [T],
        key: impl Keyed<T, K>,
        engine: &impl Engine,
    ) -> Vec<(K::Radix, I)> {
        let blank = (K::Radix::ZERO, I::new(0));
        let keys = key.records(v, blank, |i, _, k: K| (k.radix(), I::new(i)));
        sort_records(keys, engine)
    }

    /// `records` stably sorted by the radix they hold.
    fn sort_records<R: Radix, I: Copy + Send + Sync>(
        mut records: Vec<(R, I)>,
        engine: &impl Engine,
    ) -> Vec<(R, I)> {
        if let Some(&first) = records.first() {
            let mut buf = engine.buffer(first, records.len());
            engine.sort(&mut records, &mut buf, held_radix::<R, I>);
        }
        records
    }

    /// The radix of each key of `v`, next to its index, stably sorted (the
    /// records of [`argsort`]).
    fn sorted_indices<K: SortKey, I: Index>(v: &[K]) -> Vec<(K::Radix, I)> {
        let records = v
            .iter()
            .enumerate()
            .map(|(i, k)| (k.radix(), I::new(i)))
            .collect();
        sort_records(records, &Sequential)
    }

    /// Sorts `v` stably by key (the [orders](super#the-orders)): [`sort_with_buffer`](super::sort_with_buffer)
    /// with a buffer of `v.len()` keys allocated (none below 49 elements).
    ///
    /// ```
    /// use normkey::sort;
    ///
    /// let mut v = vec![1.5_f32, f32::NAN, -0.0, -3.0, 0.0, f32::INFINITY];
    /// sort::sort(&mut v);
    /// assert_eq!(v[..3], [-3.0, -0.0, 0.0]);
    /// assert!(v[2].is_sign_positive() && v[5].is_nan());
    /// ```
    pub fn sort<K: SortKey>(v: &mut [K]) {
        super::sort_keys(v, Scratch::Allocate);
    }

    /// Sorts `v` stably by the key `key` gives each element: any `T`, moved,
    /// never cloned.
    ///
    /// An element of at most 16 bytes without drop glue (a `(f32, u32)`, an
    /// index with a score) is moved with its key computed again on every pass,
    /// so `key` is called a few times per element (to check the order, to
    /// count, and on each pass that moves it; more in the insertion sort of
    /// short runs), on a bitwise copy of the element, as `std`'s
    /// `sort_by_key` calls it several times: use [`sort_by_cached_key`] for a
    /// key that is expensive to compute. Allocates a buffer of `v.len()`
    /// elements. Larger elements, or elements with drop glue, get their key
    /// computed once, as in [`sort_by_cached_key`].
    ///
    /// A `key` that answers differently for equal elements, or differently on
    /// two calls, only changes the order: `v` ends as a permutation of its
    /// input. If `key` panics, `v` is a permutation of its input, in an
    /// unspecified order.
    ///
    /// ```
    /// use core::cmp::Reverse;
    /// use normkey::sort;
    ///
    /// let mut v = vec![(String::from("ann"), 3.5_f32, 7_u32), ("bob".into(), 9.0, 2), ("cy".into(), 3.5, 1)];
    /// sort::sort_by_key(&mut v, |p| (Reverse(p.1), p.2)); // score descending, then id
    /// assert_eq!(v.iter().map(|p| p.0.as_str()).collect::<Vec<_>>(), ["bob", "cy", "ann"]);
    /// ```
    pub fn sort_by_key<T, K: SortKey>(v: &mut [T], key: impl FnMut(&T) -> K) {
        // Constant conditions: only the form `T` takes is compiled.
        if !const { core::mem::needs_drop::<T>() } {
            match const { size_of::<T>() } {
                4 => return sort_by_key_recomputed::<T, K, 4>(v, key),
                8 => return sort_by_key_recomputed::<T, K, 8>(v, key),
                12 => return sort_by_key_recomputed::<T, K, 12>(v, key),
                16 => return sort_by_key_recomputed::<T, K, 16>(v, key),
                _ => {}
            }
        }
        sort_by_cached_key(v, key);
    }

    /// Sorts `v` stably by the key `key` gives each element, called once per
    /// element (in order, before anything moves): any `T`, moved, never
    /// cloned. Allocates the keys with their indices and a buffer of `v.len()`
    /// elements.
    ///
    /// A `key` that answers differently for equal elements only changes the
    /// order: `v` ends as a permutation of its input. If `key` panics, `v` is
    /// unchanged.
    ///
    /// ```
    /// use normkey::sort;
    ///
    /// let mut v = vec![(3.5_f32, 7_u32), (9.0, 2), (3.5, 1)];
    /// let mut calls = 0;
    /// sort::sort_by_cached_key(&mut v, |p| {
    ///     calls += 1;
    ///     p.0
    /// });
    /// assert_eq!(v, [(3.5, 7), (3.5, 1), (9.0, 2)]);
    /// assert_eq!(calls, 3);
    /// ```
    pub fn sort_by_cached_key<T, K: SortKey>(v: &mut [T], key: impl FnMut(&T) -> K) {
        sort_by_key_on(v, InOrder(key), &Sequential);
    }

    /// [`sort_by_key`] for a `T` of `N` bytes without drop glue: the elements'
    /// bytes are sorted in place, with a buffer of as many, by the radix of
    /// `key` called again on each pass, through the checked forms of the
    /// engine (`radix.rs`'s module docs: whatever `key` answers, and if it
    /// panics, `v` ends holding its elements' bytes, each once).
    fn sort_by_key_recomputed<T, K: SortKey, const N: usize>(
        v: &mut [T],
        key: impl FnMut(&T) -> K,
    ) {
        assert!(size_of::<T>() == N && !core::mem::needs_drop::<T>());
        // SAFETY: `T` has `N` bytes (asserted above) and `Raw<N>` is `N` bytes
        // of alignment 1 that may hold anything, so the view covers exactly
        // `v`'s elements. The checked sort only copies whole records within
        // the view and its buffer (filled with copies of them), and leaves the
        // view holding the bytes of each element once, in some order, when it
        // returns and when `key` panics (`route::sort` with `CHECKED`); without
        // drop glue, an element overwritten without being dropped was moved.
        let raw =
            unsafe { core::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<Raw<N>>(), v.len()) };
        // The engine takes an `Fn`; the sort never calls it from itself.
        let key = core::cell::RefCell::new(key);
        let radix = |x: &Raw<N>| -> K::Radix {
            // SAFETY: every `Raw<N>` the sort passes here holds the bytes of one
            // of `v`'s elements (the engine only copies records), a valid `T`;
            // `Raw<N>` has alignment 1, hence the unaligned read. The copy is
            // never dropped, so nothing is dropped twice.
            let t = core::mem::ManuallyDrop::new(unsafe {
                core::ptr::read_unaligned(x.0.as_ptr().cast::<T>())
            });
            (key.borrow_mut())(&t).radix()
        };
        route::sort::<false, true, Raw<N>, K::Radix>(raw, Scratch::Allocate, &radix);
    }

    /// [`sort_by_cached_key`] on `engine`. Small records without drop glue travel with
    /// their keys (no random gather at the end); others are moved once, by index.
    pub(super) fn sort_by_key_on<T, K: SortKey>(
        v: &mut [T],
        key: impl Keyed<T, K>,
        engine: &impl Engine,
    ) {
        // Constant conditions: only the form `T` takes is compiled.
        if !const { core::mem::needs_drop::<T>() } {
            match const { size_of::<T>() } {
                4 => return sort_by_key_moving::<T, K, 4>(v, key, engine),
                8 => return sort_by_key_moving::<T, K, 8>(v, key, engine),
                12 => return sort_by_key_moving::<T, K, 12>(v, key, engine),
                16 => return sort_by_key_moving::<T, K, 16>(v, key, engine),
                _ => {}
            }
        }
        if short(v.len()) {
            sort_by_key_with::<T, K, u32>(v, key, engine);
        } else {
            sort_by_key_with::<T, K, usize>(v, key, engine);
        }
    }

    /// The bytes of a `T` of `N` bytes (padding included, hence `MaybeUninit`),
    /// moved as a plain value.
    #[derive(Clone, Copy)]
    struct Raw<const N: usize>([MaybeUninit<u8>; N]);

    /// [`sort_by_cached_key`] for a `T` of `N` bytes without drop glue: each element's
    /// bytes are sorted next to its key's radix and written back in order.
    ///
    /// Only bytes are copied, never a `T`, and every element's bytes are written
    /// back exactly once (the sort permutes the records), so `v` ends as a
    /// permutation of its input; without drop glue, overwriting an element
    /// without dropping it is a move. `key` runs before anything is written.
    fn sort_by_key_moving<T, K: SortKey, const N: usize>(
        v: &mut [T],
        key: impl Keyed<T, K>,
        engine: &impl Engine,
    ) {
        assert!(size_of::<T>() == N && !core::mem::needs_drop::<T>());
        let blank = (K::Radix::ZERO, Raw([MaybeUninit::uninit(); N]));
        let mut records = key.records(v, blank, |_, x, k: K| {
            let mut raw = Raw([MaybeUninit::uninit(); N]);
            // SAFETY: `x` is a valid `T` of `N` bytes (asserted above), read as
            // bytes that may be uninitialized (`MaybeUninit<u8>`, which keeps
            // pointer provenance); `raw` has room for `N` bytes and does not
            // overlap `x`.
            unsafe {
                core::ptr::copy_nonoverlapping(
                    core::ptr::from_ref(x).cast::<MaybeUninit<u8>>(),
                    raw.0.as_mut_ptr(),
                    N,
                );
            }
            (k.radix(), raw)
        });
        if let Some(&first) = records.first() {
            let mut buf = engine.buffer(first, records.len());
            engine.sort(&mut records, &mut buf, held_radix::<K::Radix, Raw<N>>);
        }
        // SAFETY: `T` has `N` bytes (asserted above) and `Raw<N>` is `N` bytes
        // of alignment 1 that may hold anything, so the view covers exactly
        // `v`'s elements. Through it each element is overwritten once with the
        // bytes of one element of `v` (the records are a permutation of the
        // elements, and `copy_into` writes every index once), so `v` ends
        // holding valid `T`s, each element once; without drop glue, overwriting
        // an element without dropping it is a move.
        let raw =
            unsafe { core::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<Raw<N>>(), v.len()) };
        engine.copy_into(raw, &records, |r| r.1);
    }

    fn sort_by_key_with<T, K: SortKey, I: Index>(
        v: &mut [T],
        key: impl Keyed<T, K>,
        engine: &impl Engine,
    ) {
        let keys = sorted_keys::<T, K, I>(v, key, engine);
        let mut moved = Vec::with_capacity(v.len());
        moved.resize_with(v.len(), MaybeUninit::uninit);
        permute(v, keys.iter().map(|r| r.1.get()), &mut moved);
    }

    /// The indices of `v` in the stable order of its keys: `v[argsort(v)[0]]` is
    /// the smallest key, equal keys in index order.
    ///
    /// ```
    /// use normkey::sort::{self, NanLast};
    ///
    /// let v = [2.0_f32, f32::NAN, -0.0, 0.0, -f32::NAN];
    /// assert_eq!(sort::argsort(&v), [4, 2, 3, 0, 1]); // totalOrder
    /// let w = NanLast::from_slice(&v);
    /// assert_eq!(sort::argsort(w), [2, 3, 0, 1, 4]); // ±0 tie, NaNs last in index order
    /// ```
    #[must_use]
    pub fn argsort<K: SortKey>(v: &[K]) -> Vec<usize> {
        if short(v.len()) {
            let keys = sorted_indices::<K, u32>(v);
            keys.iter().map(|r| r.1.get()).collect()
        } else {
            let keys = sorted_indices::<K, usize>(v);
            keys.iter().map(|r| r.1).collect()
        }
    }

    /// [`argsort`] with `u32` indices, the index type of the arg reducers
    /// ([`AtomicF32ArgMin`](crate::atomic::AtomicArgExtremum) and the others): the
    /// same order (the stable order of the keys, equal keys in index order), half
    /// the memory of the result on 64-bit targets.
    ///
    /// # Panics
    ///
    /// If `v.len()` is over `2^32` (an index would not fit in `u32`), at the
    /// caller's line; [`argsort`] takes any length.
    ///
    /// ```
    /// use normkey::sort::{self, NanLast};
    ///
    /// let v = [2.0_f32, f32::NAN, -0.0, 0.0, -f32::NAN];
    /// assert_eq!(sort::argsort_u32(&v), [4, 2, 3, 0, 1]); // totalOrder
    /// assert_eq!(sort::argsort_u32(NanLast::from_slice(&v)), [2, 3, 0, 1, 4]); // ±0 tie, NaNs last
    /// assert!(sort::argsort_u32::<f64>(&[]).is_empty());
    /// ```
    #[must_use]
    #[track_caller]
    pub fn argsort_u32<K: SortKey>(v: &[K]) -> Vec<u32> {
        // The last index, `v.len() − 1`, fits in `u32`.
        assert!(
            u32::try_from(v.len().saturating_sub(1)).is_ok(),
            "`sort::argsort_u32`: `v.len()` ({}) is over 2^32: its indices do not fit in `u32` (use `argsort`)",
            v.len()
        );
        let keys = sorted_indices::<K, u32>(v);
        keys.iter().map(|r| r.1).collect()
    }
}

#[cfg(feature = "alloc")]
pub use alloc_forms::{argsort, argsort_u32, sort, sort_by_cached_key, sort_by_key};
