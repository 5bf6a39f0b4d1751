//! The records of the record sorts (`sort_by_key`, `sort_by_cached_key`, `argsort` and their
//! parallel forms): an index of the width the slice needs, the engine that sorts the records
//! (`Sequential` here, the parallel one in `parallel/`) and how the records are built
//! (`Keyed`: `InOrder` here, in chunks in `parallel/`).

use alloc::vec::Vec;

use super::radix::Radix;
use super::route::lsd;
use crate::sort::keys::held_radix;

/// A record index: `u32` when the slice is short enough (half the bytes to
/// move), `usize` otherwise.
pub(crate) trait Index: Copy + Send + Sync {
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
pub(crate) trait Engine {
    /// Sorts `v` stably by `radix`, `buf` (as long) as scratch.
    fn sort<T: Copy + Send + Sync, R: Radix>(
        &self,
        v: &mut [T],
        buf: &mut [T],
        radix: impl Fn(&T) -> R + Sync + Copy,
    );

    /// A scratch buffer of `n` copies of `fill`. The first write to each page
    /// of a fresh allocation costs the kernel's page fault (about six copies'
    /// worth of time; measurements: BENCHMARKS.md): the parallel engine writes
    /// it on every thread.
    fn buffer<T: Copy + Send + Sync>(&self, fill: T, n: usize) -> Vec<T> {
        alloc::vec![fill; n]
    }

    /// `dst[i] = f(&src[i])` for every `i` (`dst` and `src` of equal
    /// length): the parallel engine in chunks on every thread.
    fn copy_into<U: Sync, W: Send>(&self, dst: &mut [W], src: &[U], f: impl Fn(&U) -> W + Sync) {
        for (d, s) in dst.iter_mut().zip(src) {
            *d = f(s);
        }
    }
}

/// How a record sort calls its key function: once per element, each result
/// made into a record with the element's index. [`InOrder`] calls any
/// `FnMut` on the calling thread, in order; the parallel form (feature
/// `rayon`) calls an `Fn + Sync` in chunks on rayon's threads.
pub(crate) trait Keyed<T, K> {
    /// `make(i, &v[i], key(&v[i]))` for every `i`, in order.
    fn records<U: Copy + Send + Sync>(
        self,
        v: &mut [T],
        blank: U,
        make: impl Fn(usize, &T, K) -> U + Sync,
    ) -> Vec<U>;
}

/// A key function called in order on the calling thread.
pub(crate) struct InOrder<F>(pub(crate) F);

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
pub(crate) struct Sequential;

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
pub(crate) fn short(n: usize) -> bool {
    u32::try_from(n).is_ok()
}

/// `records` stably sorted by the radix they hold.
pub(crate) fn sort_records<R: Radix, I: Copy + Send + Sync>(
    mut records: Vec<(R, I)>,
    engine: &impl Engine,
) -> Vec<(R, I)> {
    if let Some(&first) = records.first() {
        let mut buf = engine.buffer(first, records.len());
        engine.sort(&mut records, &mut buf, held_radix::<R, I>);
    }
    records
}
