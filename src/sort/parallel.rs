//! The parallel sorts (feature `rayon`), on rayon's thread pool.
//!
//! One parallel most-significant-digit pass splits the records into cache-sized
//! buckets, by the sequential sort's digit (the top byte and, where many records
//! share it, bits below): each of rayon's tasks counts one contiguous chunk, the
//! counts give every (bucket, chunk) pair its own range of the output (chunk
//! order inside a bucket: stable), and each task scatters its chunk into its
//! ranges. Then the buckets, disjoint, are sorted in parallel by the sequential
//! LSD sort.

use alloc::vec::Vec;

use rayon::prelude::*;

use super::alloc_forms::{Engine, sort_by_key_on};
use super::radix::{Digit, Radix, SPLIT_MAX, count_digit, lsd, lsd_to};
use super::{SortKey, radix_of};

/// Below this many records the parallel sorts run the sequential one: the split
/// pass and the tasks cost more than they save.
/// Under Miri, 256, so that the tests' short inputs take the parallel path.
pub(crate) const PARALLEL_MIN: usize = if cfg!(miri) { 256 } else { 1 << 16 };

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

/// Stably moves `src` into `dst` grouped by the split digit of `radix` (the top
/// byte and, where many records share it, the bits below: [`Digit`]), in
/// parallel; returns where each bucket starts and, last, `src.len()`.
fn split<T: Copy + Send + Sync, R: Radix>(
    src: &[T],
    dst: &mut [T],
    radix: &(impl Fn(&T) -> R + Sync),
) -> Vec<usize> {
    let n = src.len();
    let digit = Digit::plan(src, R::BITS as usize / 8, radix);
    let buckets = digit.buckets();
    let chunk = n.div_ceil(rayon::current_num_threads() * 4).max(1);
    let counts: Vec<[usize; SPLIT_MAX]> = src
        .par_chunks(chunk)
        .map(|c| count_digit::<T, SPLIT_MAX>(c, |x| digit.of(radix(x))))
        .collect();
    // Every (bucket, chunk) range: bucket-major, chunks in order within a bucket.
    let mut starts: Vec<[usize; SPLIT_MAX]> = alloc::vec![[0; SPLIT_MAX]; counts.len()];
    let mut bounds = Vec::with_capacity(buckets + 1);
    let mut sum = 0;
    for b in 0..buckets {
        bounds.push(sum);
        for (s, c) in starts.iter_mut().zip(&counts) {
            s[b] = sum;
            sum += c[b];
        }
    }
    bounds.push(sum);
    assert!(
        sum == n && dst.len() == n,
        "split: counts do not cover the slice"
    );
    let out = Out(dst.as_mut_ptr());
    src.par_chunks(chunk).zip(starts).for_each(|(c, mut next)| {
        let out = out.get();
        for x in c {
            let d = digit.of(radix(x));
            let i = next[d];
            next[d] += 1;
            // SAFETY: `i` is inside this chunk's range of bucket `d`, which the
            // prefix sums above made disjoint from every other (chunk, bucket)
            // range; the chunk's records of bucket `d` fill exactly that range
            // (the same `digit` and `radix`, pure functions, counted them), and
            // the ranges together cover `0..n` (checked above), so `i < n =
            // dst.len()`.
            unsafe { out.add(i).write(*x) };
        }
    });
    bounds
}

/// Sorts `v` stably by `radix` on rayon's pool, `buf` (as long as `v`) as scratch.
fn par_lsd<T: Copy + Send + Sync, R: Radix>(
    v: &mut [T],
    buf: &mut [T],
    radix: impl Fn(&T) -> R + Sync,
) {
    // A one-byte radix is one pass: nothing to split.
    if v.len() < PARALLEL_MIN || R::BITS < 16 {
        lsd(v, buf, radix);
        return;
    }
    let bounds = split(v, buf, &radix);
    // The buckets are disjoint ranges of both buffers: sort each from `buf` into
    // its range of `v`.
    let mut parts = Vec::with_capacity(bounds.len());
    let (mut rest_v, mut rest_b) = (v, buf);
    for w in bounds.windows(2) {
        let len = w[1] - w[0];
        let (hv, tv) = rest_v.split_at_mut(len);
        let (hb, tb) = rest_b.split_at_mut(len);
        if len > 0 {
            parts.push((hv, hb));
        }
        rest_v = tv;
        rest_b = tb;
    }
    parts
        .into_par_iter()
        .for_each(|(pv, pb)| lsd_to(pb, pv, &radix));
}

/// [`sort`](super::sort) on rayon's thread pool: stable, the same order and the
/// same result bit for bit. Slices shorter than 65 536 elements are sorted on the
/// calling thread.
///
/// ```
/// use normkey::sort;
///
/// let mut v: Vec<f32> = (0..3000).map(|i| ((i * 7919) % 1000) as f32 - 500.0).collect();
/// v.push(f32::NAN);
/// v.push(-0.0);
/// let mut want = v.clone();
/// want.sort_by(f32::total_cmp);
/// sort::par_sort(&mut v);
/// assert!(v.iter().zip(&want).all(|(a, b)| a.to_bits() == b.to_bits()));
/// ```
pub fn par_sort<K: SortKey + Send + Sync>(v: &mut [K]) {
    if v.len() < PARALLEL_MIN {
        super::sort(v);
        return;
    }
    let mut buf = Parallel.buffer(v[0], v.len());
    par_lsd(v, &mut buf, radix_of::<K>);
}

/// [`sort_by_key`](super::sort_by_key) on rayon's thread pool: stable, any `T:
/// Send`, `key` called once per element, on the calling thread, before the keys
/// are sorted in parallel.
///
/// ```
/// use normkey::sort::{self, NanLast};
///
/// let mut v: Vec<(u32, f64)> = (0..3000).map(|i| (i, f64::from((i * 31) % 97))).collect();
/// v[5].1 = f64::NAN;
/// sort::par_sort_by_key(&mut v, |r| NanLast(r.1));
/// assert_eq!(v[0], (0, 0.0));
/// assert_eq!(v[1].0, 97); // equal keys in input order
/// assert!(v.last().unwrap().1.is_nan());
/// ```
pub fn par_sort_by_key<T: Send, K: SortKey + Send + Sync>(v: &mut [T], key: impl FnMut(&T) -> K) {
    if v.len() < PARALLEL_MIN {
        super::sort_by_key(v, key);
    } else {
        sort_by_key_on(v, key, &Parallel);
    }
}

/// [`par_lsd`], the [`Engine`] of the parallel record sorts.
struct Parallel;
impl Engine for Parallel {
    fn sort<T: Copy + Send + Sync, R: Radix>(
        &self,
        v: &mut [T],
        buf: &mut [T],
        radix: impl Fn(&T) -> R + Sync,
    ) {
        par_lsd(v, buf, radix);
    }

    /// The buffer written by rayon's tasks, so that its page faults are taken on
    /// every thread (16M `f32` in ±1e6 on a 2-core VM: `par_sort` 0.93 of its
    /// time with the buffer filled by the calling thread, measured).
    fn buffer<T: Copy + Send + Sync>(&self, fill: T, n: usize) -> Vec<T> {
        (0..n).into_par_iter().map(|_| fill).collect()
    }

    /// The records written in order on the calling thread, into a vector whose
    /// pages rayon's tasks mapped (16M `(f32, u32)` records: `par_sort_by_key`
    /// 0.77 of its time with both vectors mapped by the calling thread, measured).
    fn records<T, U: Copy + Send + Sync>(
        &self,
        v: &[T],
        blank: U,
        mut f: impl FnMut(&T) -> U,
    ) -> Vec<U> {
        let mut out = self.buffer(blank, v.len());
        for (o, x) in out.iter_mut().zip(v) {
            *o = f(x);
        }
        out
    }
}
