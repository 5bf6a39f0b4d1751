//! The parallel sorts (feature `rayon`), on rayon's thread pool.
//!
//! Every phase runs on every thread, whatever the keys. Two routes, most
//! significant byte first:
//!
//! - **Keys identical when equal** (`par_sort` of floats in totalOrder,
//!   integers, `OrderedKey`, `Reverse` and pairs of those: the keys whose
//!   sequential sort splits in place, `engine/in_place.rs`) are grouped **in place** by
//!   each byte ([`regions`]: regions sort, Obeya et al., SPAA 2019): the slice is
//!   cut into tiles of at most `len / (2 · threads)` records
//!   ([`TILES_PER_THREAD`]; at least [`CHUNK_MIN`]); each task counts one
//!   tile's records per byte value and groups its tile in place; the total counts give each value its territory,
//!   and the runs of each tile that lie in another value's territory are swapped
//!   home in rounds of parallel exchanges of contiguous runs. No buffer as long
//!   as the slice: the buckets one task sorts take a buffer each (as `sort`
//!   would: at most [`IN_PLACE_BYTES`](super::engine::route::IN_PLACE_BYTES), or an
//!   eighth of the bucket above it).
//! - **Records** (`par_sort_by_key`'s small elements, their key computed again
//!   on each pass; the keys of `par_sort_by_cached_key`, with their element
//!   bytes or indices) and `NanLast` (whose tied keys differ in their bits) are
//!   sorted **stably, out of place**, with a scratch buffer as long as the slice
//!   (written by rayon's tasks, so that its page faults are taken on every
//!   thread): each task counts one chunk's records per value of the byte; the
//!   counts give every (bucket, chunk) pair its own range of the other buffer,
//!   the chunks in input order within a bucket (stable), and each task moves its
//!   chunk's records into its ranges.
//!
//! Then, on both routes, the buckets are rayon tasks, each sorted on the bytes
//! below. A bucket of at most `len / (4 · threads)` records (or [`LEAF_MIN`],
//! the larger) is one task: the sequential engine sorts it on one thread (in
//! place, for the keys with a vector level and more than four bytes left to
//! sort, by the sequential sort's route, which picks the vector sort). A
//! larger bucket is **split in parallel again** by the next byte, and so on
//! down to the last byte: a byte that every record of a bucket shares is
//! skipped without a move, and a bucket whose every byte is sorted (its keys
//! all equal) is in order already (on the stable route copied to the other
//! buffer, in chunks, when the result must be there).
//!
//! So no sequential piece of work covers more than `max(len / (4 · threads),`
//! [`LEAF_MIN`]`)` records, whatever the distribution: floats in ±1e6, whose
//! few top bytes hold most records (four top bytes about 87%), give a few large
//! top-level buckets, but each of them is split by every thread again; one top
//! byte for every key, a few distinct values, all keys equal and sorted input
//! the same. A thread's share of each pass is its tiles or chunks (and its
//! exchanges, each shorter than a tile), and the buckets, about four per
//! thread or smaller, are balanced by rayon's work stealing. (An earlier
//! version divided the work by top-level bucket only: about four tasks for
//! floats in ±1e6, whatever the thread count, so it did not scale with the
//! threads; measurements: BENCHMARKS.md.) The statistic of [`__stats`] records
//! the largest piece, for the tests.
//!
//! [`par_sort_by_key`] sorts elements of at most 16 bytes without drop glue
//! themselves, as `sort_by_key` does, calling the key function again on each
//! pass (through the checked forms: every write of a split is checked, and a
//! key that panics leaves each bucket's records whole; see [`sort_part`]): one
//! buffer as long as the slice, and half the bytes to move of a record of key
//! and element. [`par_sort_by_cached_key`] (and `par_sort_by_key` of other
//! elements) adds two phases of the same shape as a split: the key function is
//! called on chunks of the slice, one task each (the records of keys and
//! element bytes or indices, into a vector whose pages those tasks map), and
//! records of at most 16 bytes without drop glue are written back in chunks.
//! Larger records, or records with drop glue, are moved into place by index on
//! the calling thread: the one sequential pass left.

use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering::Relaxed};

use rayon::prelude::*;

use super::engine::radix::{Radix, count_digit};
use super::engine::records::Engine;
use super::engine::route::{self, Scratch};
use super::engine::split::CopyBack;
use super::engine::stable::lsd_to;
use super::keys::{SortKey, radix_of};

/// Below this many records the parallel sorts run the sequential one: the split
/// pass and the tasks cost more than they save.
/// Under Miri and the fuzzer, 256, so that short inputs take the parallel path.
pub(crate) const PARALLEL_MIN: usize = if cfg!(any(miri, fuzzing)) {
    256
} else {
    1 << 16
};

/// A bucket of at most this many records is sorted by one task, however few the
/// threads: a parallel split of it costs more in tasks and counters than it
/// spreads. Larger buckets are one task when they hold at most a quarter of the
/// slice's share per thread (`len / (4 · threads)`).
/// Under Miri and the fuzzer, 64 records.
pub(crate) const LEAF_MIN: usize = if cfg!(any(miri, fuzzing)) {
    64
} else {
    1 << 15
};

/// Fewest records of a chunk that one task counts and scatters: its 256 counters
/// cost more than fewer records.
/// Under Miri and the fuzzer, 16 records.
pub(crate) const CHUNK_MIN: usize = if cfg!(any(miri, fuzzing)) {
    16
} else {
    1 << 12
};

/// Pieces per thread a split aims at (chunks of a pass, buckets), so that work
/// stealing evens out pieces of different speeds.
pub(crate) const PIECES_PER_THREAD: usize = 4;

/// Tiles per thread of the in-place split ([`regions`]): fewer than
/// [`PIECES_PER_THREAD`], as each tile's groups are runs to exchange: two tiles
/// per thread sorted faster than four on 16 threads (measurements:
/// BENCHMARKS.md).
pub(crate) const TILES_PER_THREAD: usize = 2;

/// Values of one digit: a byte.
const BYTE_VALUES: usize = 256;

/// The largest sequential piece of work of the parallel sorts, for the tests
/// (which check that it stays a small share of the records): not a stable API.
#[doc(hidden)]
pub mod __stats {
    use core::sync::atomic::{AtomicUsize, Ordering::Relaxed};

    /// The most records one piece has covered since the last [`reset`].
    static LARGEST: AtomicUsize = AtomicUsize::new(0);

    /// The most records that one sequential piece of work of the parallel
    /// sorts (the count or scatter of one chunk, the sort of one bucket, the
    /// copy of one chunk) has covered since the last [`reset`], in any thread
    /// of the process.
    #[must_use]
    pub fn largest_piece() -> usize {
        LARGEST.load(Relaxed)
    }

    /// Sets [`largest_piece`] to 0.
    pub fn reset() {
        LARGEST.store(0, Relaxed);
    }

    /// Records a piece of `len` records: one read of the shared counter, and a
    /// write only when the piece is the largest yet.
    pub(super) fn piece(len: usize) {
        if len > LARGEST.load(Relaxed) {
            LARGEST.fetch_max(len, Relaxed);
        }
    }
}
use __stats::piece;

mod by_key;
mod regions;

pub use by_key::{par_sort_by_cached_key, par_sort_by_key};
use regions::sort_exact;

/// A pointer to the output that tasks write through at disjoint indices.
#[derive(Clone, Copy)]
struct Out<T>(*mut T);
// SAFETY: the tasks write through it at disjoint indices only (see `split`), and
// `T: Send` values cross threads.
unsafe impl<T: Send> Send for Out<T> {}
// SAFETY: as above: shared between tasks that never touch the same element.
unsafe impl<T: Send> Sync for Out<T> {}

impl<T> Out<T> {
    /// The pointer. A method, so that closures capture the whole `Out` (which is
    /// `Sync`), not its raw pointer field.
    fn get(self) -> *mut T {
        self.0
    }
}

/// What the tasks of one sort share: the radix, and the sizes of its pieces.
struct Job<F> {
    /// A named function (`Copy`): the one-task pieces run the same instance of
    /// the sequential engine as `sort` (a `&F` would compile a second one).
    radix: F,
    /// The most records a bucket sorted by one task holds.
    leaf: usize,
    /// Pieces a pass is cut into: `PIECES_PER_THREAD` per thread.
    pieces: usize,
}

impl<F> Job<F> {
    /// The records of one chunk of a pass over `n` records.
    fn chunk(&self, n: usize) -> usize {
        chunk_of(n, self.pieces)
    }

    /// Byte `bytes - 1` of a record's radix (`bytes` from 1 to the radix's).
    fn byte<T, R: Radix>(&self, bytes: usize) -> impl Fn(&T) -> usize + Copy + '_
    where
        F: Fn(&T) -> R,
    {
        #[allow(clippy::cast_possible_truncation)] // at most 16 bytes
        let shift = (bytes as u32 - 1) * 8;
        move |x: &T| (self.radix)(x).shr_usize(shift) & (BYTE_VALUES - 1)
    }
}

/// The records of one chunk of a pass over `n` records cut into `pieces`.
fn chunk_of(n: usize, pieces: usize) -> usize {
    n.div_ceil(pieces).max(CHUNK_MIN)
}

/// The pieces a pass is cut into on rayon's current pool.
fn pool_pieces() -> usize {
    rayon::current_num_threads() * PIECES_PER_THREAD
}

/// [`chunk_of`] for the pieces of a pass of rayon's current pool.
pub(super) fn pool_chunk(n: usize) -> usize {
    chunk_of(n, pool_pieces())
}

/// Sorts the records of `from` stably by the low `bytes` bytes of their radix
/// (the bytes above are the same in every record), with `other` (as long) as
/// the other buffer; the result ends in `other` when `to_other`, else in `from`.
///
/// Checked (`CHECKED`, for a radix that calls a user's key function: see
/// `engine/stable.rs`): every write of a split is checked, a split whose ranges do not
/// fill is dropped (the records stay in their input order), and if `radix`
/// panics, the records end whole where the result would have, each once,
/// before the panic goes on: a split's source is only read; a bucket sorted
/// into `other` by one task is copied there from `from` ([`CopyBack`]); the
/// buckets of a split that never ran ([`Parts`]) are copied to `from`.
fn sort_part<const CHECKED: bool, T, R, F>(
    from: &mut [T],
    other: &mut [T],
    bytes: usize,
    to_other: bool,
    job: &Job<F>,
) where
    T: Copy + Send + Sync,
    R: Radix,
    F: Fn(&T) -> R + Sync + Copy,
{
    let n = from.len();
    if n <= job.leaf {
        piece(n);
        if to_other {
            // Checked, a panic leaves the records in `from`: copied over.
            let back = CopyBack::all(&mut *from, &mut *other);
            lsd_to::<CHECKED, T, R>(back.from, back.to, job.radix);
            back.keep();
        } else {
            route::sort::<false, CHECKED, T, R>(from, Scratch::Given(other), &job.radix);
        }
        return;
    }
    if bytes == 0 {
        // Every byte sorted: the keys are equal and the records in input order.
        if to_other {
            copy(other, from, job);
        }
        return;
    }
    // A panic in the split leaves `from` whole, to copy when the result goes to
    // `other`.
    let back = CopyBack::all(&mut *from, &mut *other);
    let grouped = split::<CHECKED, T, R, F>(back.from, back.to, bytes, job);
    back.keep();
    let bounds = match grouped {
        Grouped::Buckets(bounds) => bounds,
        // One bucket holds every record: the next byte, nothing moved.
        Grouped::One => {
            return sort_part::<CHECKED, T, R, F>(from, other, bytes - 1, to_other, job);
        }
        // A checked split whose ranges did not fill: the records stay in
        // `from`, in input order.
        Grouped::Unfilled => {
            if to_other {
                copy(other, from, job);
            }
            return;
        }
    };
    // The buckets are disjoint ranges of both buffers, their records in `other`.
    let mut parts = Parts {
        parts: Vec::with_capacity(bounds.len()),
        to_other,
    };
    let (mut rest_o, mut rest_f) = (other, from);
    for w in bounds.windows(2) {
        let len = w[1] - w[0];
        let (ho, to) = rest_o.split_at_mut(len);
        let (hf, tf) = rest_f.split_at_mut(len);
        if len > 0 {
            parts.parts.push((ho, hf, false));
        }
        rest_o = to;
        rest_f = tf;
    }
    parts.parts.par_iter_mut().for_each(|(o, f, started)| {
        *started = true;
        sort_part::<CHECKED, T, R, F>(o, f, bytes - 1, !to_other, job);
    });
}

/// The buckets of one split, each a range of `other` holding its records and
/// the same range of `from`, and whether its task started. A task that started
/// leaves its bucket's records where the result goes, even if it panics
/// ([`sort_part`]); if one panics, rayon may not start the rest: when dropped,
/// each bucket whose task never started is copied to `from` if the result goes
/// there.
struct Parts<'a, T: Copy> {
    parts: Vec<(&'a mut [T], &'a mut [T], bool)>,
    to_other: bool,
}

impl<T: Copy> Drop for Parts<'_, T> {
    fn drop(&mut self) {
        if !self.to_other {
            for (o, f, started) in &mut self.parts {
                if !*started {
                    f.copy_from_slice(o);
                }
            }
        }
    }
}

/// `dst` becomes a copy of `src` (as long), in chunks on rayon's threads.
fn copy<T: Copy + Send + Sync, F>(dst: &mut [T], src: &[T], job: &Job<F>) {
    let chunk = job.chunk(src.len());
    dst.par_chunks_mut(chunk)
        .zip(src.par_chunks(chunk))
        .for_each(|(d, s)| {
            piece(s.len());
            d.copy_from_slice(s);
        });
}

/// How a split grouped its records.
enum Grouped {
    /// Where each of the 256 buckets starts in the other buffer and, last, the
    /// slice's length.
    Buckets(Vec<usize>),
    /// Every record has the same byte: nothing moved.
    One,
    /// A checked split's ranges did not fill (the radix answered differently
    /// than when it counted): the other buffer holds nothing of use.
    Unfilled,
}

/// Moves `src` into `dst` stably grouped by byte `bytes - 1` of the radix, in
/// parallel chunks. Checked (`CHECKED`), a write outside its (bucket, chunk)
/// range is not made, and the split is [`Grouped::Unfilled`] if any range is
/// not filled exactly.
fn split<const CHECKED: bool, T, R, F>(
    src: &[T],
    dst: &mut [T],
    bytes: usize,
    job: &Job<F>,
) -> Grouped
where
    T: Copy + Send + Sync,
    R: Radix,
    F: Fn(&T) -> R + Sync,
{
    let n = src.len();
    let byte = job.byte(bytes);
    let chunk = job.chunk(n);
    let counts: Vec<[usize; BYTE_VALUES]> = src
        .par_chunks(chunk)
        .map(|c| {
            piece(c.len());
            count_digit::<T, BYTE_VALUES>(c, byte)
        })
        .collect();
    // Every (bucket, chunk) range: bucket-major, chunks in order within a bucket.
    let mut starts: Vec<[usize; BYTE_VALUES]> = alloc::vec![[0; BYTE_VALUES]; counts.len()];
    let mut bounds = Vec::with_capacity(BYTE_VALUES + 1);
    let mut sum = 0;
    for b in 0..BYTE_VALUES {
        bounds.push(sum);
        for (s, c) in starts.iter_mut().zip(&counts) {
            s[b] = sum;
            sum += c[b];
        }
        if sum - bounds[b] == n {
            return Grouped::One;
        }
    }
    bounds.push(sum);
    assert!(
        sum == n && dst.len() == n,
        "split: counts do not cover the slice"
    );
    let out = Out(dst.as_mut_ptr());
    let unfilled = AtomicBool::new(false);
    src.par_chunks(chunk)
        .zip(starts)
        .zip(&counts)
        .for_each(|((c, mut next), count)| {
            piece(c.len());
            let out = out.get();
            if CHECKED {
                let mut end = next;
                for (e, k) in end.iter_mut().zip(count) {
                    *e += k;
                }
                for x in c {
                    let d = byte(x);
                    let i = next[d];
                    if i >= end[d] {
                        unfilled.store(true, Relaxed);
                        return;
                    }
                    next[d] += 1;
                    // SAFETY: `i` is inside this chunk's range of bucket `d`
                    // (checked just above), which the prefix sums made
                    // disjoint from every other (chunk, bucket) range; the
                    // ranges together cover `0..n` (checked above), so
                    // `i < n = dst.len()`.
                    unsafe { out.add(i).write(*x) };
                }
                if next != end {
                    unfilled.store(true, Relaxed);
                }
            } else {
                for x in c {
                    let d = byte(x);
                    let i = next[d];
                    next[d] += 1;
                    // SAFETY: `i` is inside this chunk's range of bucket `d`, which the
                    // prefix sums above made disjoint from every other (chunk, bucket)
                    // range; the chunk's records of bucket `d` fill exactly that range
                    // (the same `byte` of the same pure `radix` counted them, on the same
                    // chunks), and the ranges together cover `0..n` (checked above), so
                    // `i < n = dst.len()`.
                    unsafe { out.add(i).write(*x) };
                }
            }
        });
    if unfilled.load(Relaxed) {
        Grouped::Unfilled
    } else {
        Grouped::Buckets(bounds)
    }
}

/// Sorts `v` stably by `radix` on rayon's pool, `buf` (as long as `v`) as scratch.
/// Checked (`CHECKED`, see [`sort_part`]): whatever `radix` answers, and if it
/// panics, `v` ends holding its records, each once.
pub(super) fn par_lsd<const CHECKED: bool, T: Copy + Send + Sync, R: Radix>(
    v: &mut [T],
    buf: &mut [T],
    radix: impl Fn(&T) -> R + Sync + Copy,
) {
    let n = v.len();
    if n < PARALLEL_MIN {
        route::sort::<false, CHECKED, T, R>(v, Scratch::Given(buf), &radix);
        return;
    }
    let pieces = pool_pieces();
    let job = Job {
        radix,
        leaf: (n / pieces).max(LEAF_MIN),
        pieces,
    };
    sort_part::<CHECKED, T, R, _>(v, buf, R::BITS as usize / 8, false, &job);
}

/// [`sort`](super::sort) on rayon's thread pool: stable, the same order and the
/// same result bit for bit (NaNs by sign and payload, −0 before +0; with
/// [`NanLast`](super::NanLast), NaNs last and ±0 tied, in input order). Slices
/// shorter than 65 536 elements are sorted on the calling thread.
///
/// Every phase runs on every thread of the pool, whatever the keys: the
/// counting and the moving by each byte are cut into pieces per thread, and a
/// bucket too large for one task (more than a quarter of a thread's share) is
/// split in parallel again by the next byte, down to the last.
///
/// Memory: keys identical when equal (every [`SortKey`] but
/// [`NanLast`](super::NanLast)) are split **in place**, in parallel (an
/// unstable permutation, indistinguishable from the stable one: tied keys have
/// the same bits, see [`sort`](super::sort)); each bucket that one task sorts
/// takes a buffer as `sort` would for it (as long as the bucket when that is
/// under 4 MiB, else at most 2 MiB), so the extra memory is at most one such
/// buffer per thread, under 4 MiB each. `NanLast` keys are sorted out of place, with a
/// buffer as long as the slice.
///
/// ```
/// use normkey::sort;
///
/// let mut v: Vec<f32> = (0..3000).map(|i| ((i * 7919) % 1000) as f32 - 500.0).collect();
/// v.extend([f32::NAN, -f32::NAN, -0.0, 0.0, f32::NEG_INFINITY, 1e-45]);
/// let mut want = v.clone();
/// want.sort_by(f32::total_cmp);
/// sort::par_sort(&mut v);
/// assert!(v.iter().zip(&want).all(|(a, b)| a.to_bits() == b.to_bits()));
/// assert!(v[0].is_nan() && v[0].is_sign_negative()); // totalOrder: −NaN first
/// assert!(v.last().unwrap().is_nan()); // +NaN last
/// ```
pub fn par_sort<K: SortKey + Send + Sync>(v: &mut [K]) {
    if v.len() < PARALLEL_MIN {
        super::sort(v);
        return;
    }
    if K::EXACT {
        let pieces = pool_pieces();
        let job = Job {
            radix: radix_of::<K>,
            leaf: (v.len() / pieces).max(LEAF_MIN),
            pieces,
        };
        let bytes = K::Radix::BITS as usize / 8;
        let width = crate::dispatch::width();
        if super::engine::vector::takes::<K>(width) {
            // A bucket one task sorts with more than four bytes left (a 64-bit
            // radix) by the sequential sort's route (`engine/route.rs` chooses: the
            // vector sort where it pays), not by radix passes on every byte
            // left: 16Mi `f64` 0.84 of the time on two threads of the 2-core
            // Zen 4 VM. With four or fewer (the 32-bit radixes, split once),
            // the passes are the faster (16Mi `f32`: 1.09 with the route).
            let by_radix = regions::by_radix(radix_of::<K>);
            let leaf = |b: &mut [K], left: usize| {
                if left > 4 {
                    route::sort_keys(b, Scratch::Allocate, width);
                } else {
                    by_radix(b, left);
                }
            };
            sort_exact(v, bytes, &job, &leaf);
        } else {
            sort_exact(v, bytes, &job, &regions::by_radix(radix_of::<K>));
        }
    } else {
        let mut buf = Parallel.buffer(v[0], v.len());
        par_lsd::<false, K, K::Radix>(v, &mut buf, radix_of::<K>);
    }
}

/// [`par_lsd`], the [`Engine`] of the parallel record sorts.
pub(super) struct Parallel;
impl Engine for Parallel {
    fn sort<T: Copy + Send + Sync, R: Radix>(
        &self,
        v: &mut [T],
        buf: &mut [T],
        radix: impl Fn(&T) -> R + Sync + Copy,
    ) {
        par_lsd::<false, T, R>(v, buf, radix);
    }

    /// The buffer written by rayon's tasks, so that its page faults are taken on
    /// every thread, not all on the calling one (measurements: BENCHMARKS.md).
    fn buffer<T: Copy + Send + Sync>(&self, fill: T, n: usize) -> Vec<T> {
        (0..n).into_par_iter().map(|_| fill).collect()
    }

    /// In chunks on rayon's threads.
    fn copy_into<U: Sync, W: Send>(&self, dst: &mut [W], src: &[U], f: impl Fn(&U) -> W + Sync) {
        let chunk = pool_chunk(dst.len());
        dst.par_chunks_mut(chunk)
            .zip(src.par_chunks(chunk))
            .for_each(|(d, s)| {
                piece(d.len());
                for (d, s) in d.iter_mut().zip(s) {
                    *d = f(s);
                }
            });
    }
}
