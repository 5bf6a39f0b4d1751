//! The parallel sorts by a key function: [`par_sort_by_key`] (elements of 4 to
//! 16 bytes without drop glue moved as they are, the key computed again on
//! every pass, through the checked forms of the parallel sort) and
//! [`par_sort_by_cached_key`] (the key computed once per element, in chunks on
//! rayon's threads). See the [module docs](super).

use alloc::vec::Vec;

use rayon::prelude::*;

use super::{PARALLEL_MIN, Parallel, par_lsd, piece, pool_chunk};
use crate::sort::by_key::{Raw, as_raw, key_of, sort_by_key_on};
use crate::sort::engine::records::{Engine, Keyed};
use crate::sort::keys::SortKey;

/// [`sort_by_key`](crate::sort::sort_by_key) on rayon's thread pool: stable, any `T:
/// Send`, moved, never cloned; `key` is called on rayon's threads (hence `Fn +
/// Sync`, as rayon's own `par_sort_by_key`).
///
/// As in `sort_by_key`, an element of at most 16 bytes without drop glue (a
/// `(f32, u32)`, an index with a score) is moved as it is, with its key
/// computed again on every pass, so `key` is called a few times per element,
/// on a bitwise copy of it: the extra memory is one buffer as long as the
/// slice. Use [`par_sort_by_cached_key`] for a key that is expensive to
/// compute. Larger elements, or elements with drop glue, get their key
/// computed once, as in `par_sort_by_cached_key`. Slices shorter than 65 536
/// elements are sorted on the calling thread.
///
/// A `key` that answers differently for equal elements, or differently on
/// two calls, only changes the order: `v` ends as a permutation of its input.
/// If `key` panics, `v` is a permutation of its input, in an unspecified
/// order.
///
/// ```
/// use core::cmp::Reverse;
/// use normkey::sort::{self, NanLast};
///
/// let mut v: Vec<(u32, f64)> = (0..3000).map(|i| (i, f64::from((i * 31) % 97))).collect();
/// v[5].1 = f64::NAN;
/// v[6].1 = -0.0;
/// sort::par_sort_by_key(&mut v, |r| NanLast(r.1));
/// assert_eq!(v[0], (0, 0.0));
/// assert_eq!(v[1].0, 6); // −0 ties with +0: input order
/// assert_eq!(v[2].0, 97); // equal keys in input order
/// assert!(v.last().unwrap().1.is_nan());
///
/// // Score descending (NaN first: `Reverse` of totalOrder), then id.
/// let mut s: Vec<(f32, u32)> = vec![(0.5, 3), (f32::NAN, 9), (2.0, 1), (0.5, 2), (-0.0, 4), (0.0, 5)];
/// sort::par_sort_by_key(&mut s, |r| (Reverse(r.0), r.1));
/// let ids: Vec<u32> = s.iter().map(|r| r.1).collect();
/// assert_eq!(ids, [9, 1, 2, 3, 5, 4]); // +0 before −0 when reversed
/// ```
pub fn par_sort_by_key<T: Send, K: SortKey>(v: &mut [T], key: impl Fn(&T) -> K + Sync) {
    if v.len() < PARALLEL_MIN {
        crate::sort::sort_by_key(v, key);
        return;
    }
    // Constant conditions: only the form `T` takes is compiled.
    if !const { core::mem::needs_drop::<T>() } {
        match const { size_of::<T>() } {
            4 => return par_sort_by_key_recomputed::<T, K, 4>(v, &key),
            8 => return par_sort_by_key_recomputed::<T, K, 8>(v, &key),
            12 => return par_sort_by_key_recomputed::<T, K, 12>(v, &key),
            16 => return par_sort_by_key_recomputed::<T, K, 16>(v, &key),
            _ => {}
        }
    }
    sort_by_key_on(v, InChunks(key), &Parallel);
}

/// [`par_sort_by_key`] for a `T` of `N` bytes without drop glue: the
/// elements' bytes sorted stably on rayon's pool, with a buffer of as many,
/// by the radix of `key` called again on each pass, through the checked
/// forms of the sort ([`sort_part`](super::sort_part): whatever `key` answers, and if it
/// panics, `v` ends holding its elements' bytes, each once).
///
/// 50M `{f32, u32}` by `(Reverse(score), id)` on the 2-core AMD EPYC VM:
/// see BENCHMARKS.md.
fn par_sort_by_key_recomputed<T: Send, K: SortKey, const N: usize>(
    v: &mut [T],
    key: &(impl Fn(&T) -> K + Sync),
) {
    // SAFETY: the checked parallel sort only copies whole records within the
    // view and its buffer (filled with copies of them), and leaves the view
    // holding the bytes of each element once, in some order, when it returns
    // and when `key` panics (`par_lsd` with `CHECKED`).
    let raw = unsafe { as_raw::<T, N>(v) };
    let radix = |x: &Raw<N>| -> K::Radix {
        // SAFETY: every `Raw<N>` the sort passes here holds the bytes of one
        // of `v`'s elements (the sort only copies records), and the sort's
        // tasks own disjoint ranges of records: no other thread touches it
        // during the call (`T: Send` lets its bytes move between threads).
        unsafe { key_of::<T, K, N>(x, key) }.radix()
    };
    let mut buf = Parallel.buffer(raw[0], raw.len());
    par_lsd::<true, Raw<N>, K::Radix>(raw, &mut buf, radix);
}

/// [`sort_by_cached_key`](crate::sort::sort_by_cached_key) on rayon's thread pool:
/// stable, any `T: Send`, `key` called once per element, on rayon's threads
/// (chunks of the slice, in parallel; hence `Fn + Sync`), before the keys are
/// sorted in parallel (as [`par_sort`](super::par_sort) sorts). Records of at most 16 bytes
/// without drop glue are written back in parallel too; larger ones, or ones
/// with drop glue, are moved into place by index on the calling thread. The
/// extra memory is the records (the key's radix and the element's bytes, or an
/// index) twice.
///
/// A `key` that answers differently for equal elements only changes the
/// order: `v` ends as a permutation of its input. If `key` panics, `v` is
/// unchanged.
///
/// ```
/// use normkey::sort;
/// use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
///
/// let mut v: Vec<(f32, u32)> = (0..100_000).map(|i| (((i * 7919) % 1000) as f32, i)).collect();
/// let calls = AtomicUsize::new(0);
/// sort::par_sort_by_cached_key(&mut v, |p| {
///     calls.fetch_add(1, Relaxed);
///     p.0
/// });
/// assert_eq!(calls.into_inner(), 100_000); // once per element
/// assert!(v.is_sorted_by(|a, b| a.0 < b.0 || (a.0 == b.0 && a.1 < b.1)));
/// ```
pub fn par_sort_by_cached_key<T: Send, K: SortKey>(v: &mut [T], key: impl Fn(&T) -> K + Sync) {
    if v.len() < PARALLEL_MIN {
        crate::sort::sort_by_cached_key(v, key);
    } else {
        sort_by_key_on(v, InChunks(key), &Parallel);
    }
}

/// A key function called on rayon's threads, a chunk of the slice per task.
struct InChunks<F>(F);
impl<T: Send, K, F: Fn(&T) -> K + Sync> Keyed<T, K> for InChunks<F> {
    /// The records written by rayon's tasks, into a vector whose pages they
    /// mapped, so that the page faults are taken on every thread, not all on
    /// the calling one (measurements: BENCHMARKS.md).
    fn records<U: Copy + Send + Sync>(
        self,
        v: &mut [T],
        blank: U,
        make: impl Fn(usize, &T, K) -> U + Sync,
    ) -> Vec<U> {
        let mut out = Parallel.buffer(blank, v.len());
        let chunk = pool_chunk(v.len());
        let key = &self.0;
        out.par_chunks_mut(chunk)
            .zip(v.par_chunks_mut(chunk))
            .enumerate()
            .for_each(|(c, (out, v))| {
                piece(v.len());
                for ((o, x), i) in out.iter_mut().zip(&*v).zip(c * chunk..) {
                    *o = make(i, x, key(x));
                }
            });
        out
    }
}
