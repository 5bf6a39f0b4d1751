//! The in-place split: a large slice of keys that are identical when equal is
//! permuted by its top byte without a second buffer (American flag sort, with
//! Ska sort's swaps), recursively, until each bucket is small enough to be
//! sorted by the stable engine ([`sort_in`]) with one small scratch buffer.
//!
//! # Why an unstable permutation is stable here
//!
//! The swaps move records out of their input order: two records with the same
//! digit can end in either order. The split is used only for keys whose radix
//! determines them bit for bit ([`Sealed::EXACT`](crate::sort::keys::sealed::Sealed::EXACT):
//! the floats and `OrderedKey` in totalOrder, the integers, `Reverse` and pairs
//! of those), and only on the keys themselves, never on records that carry
//! anything else (an index, a payload). Two such keys that tie have the same
//! radix, so the same bits: every order of them is the same slice, and the
//! result equals the stable sort's bit for bit. [`NanLast`](crate::sort::keys::NanLast),
//! whose ±0 and NaNs tie with different bits, and the records of `sort_by_key`
//! and `argsort` take the stable route.
//!
//! # Memory
//!
//! The caller passes one scratch buffer of `leaf` records, reused by every
//! bucket the splits leave: [`leaf`] keeps it at most an eighth of the slice
//! (and at most [`LEAF_BYTES`]), so a slice of `n` keys needs `n / 8` keys more,
//! not `n`. The recursion is at most one level per radix byte (16 for a `u128`),
//! each with two 256-entry tables on the stack.
//!
//! # The swaps
//!
//! One read counts the records of each top byte; the counts give every bucket
//! its range, and `heads[b]` the first index of bucket `b` not yet known to
//! hold a record of `b`. A round walks each unfinished bucket's remaining range
//! once and swaps the record at each index `i` to the head of its own bucket,
//! which advances; the record that comes back to `i` is left for the next
//! round. Unlike the textbook American flag sort, which follows one cycle
//! (each swap's target depends on the record the swap before brought), the
//! swaps of a round are independent of each other, so the processor overlaps
//! their cache misses (Skarupke 2016, as rdst's `ska_sort`). A bucket that holds
//! more than three quarters of the records is first partitioned in place (its
//! own records to its front), so that they are not swapped out and back. Below
//! that the partition's branch, taken or not at random, costs more than it
//! saves: it slowed the sort of [0, 1), whose top byte `0x3f` holds half the
//! keys, and paid off only from about eight tenths of the keys in one bucket
//! (measurements: BENCHMARKS.md).

use super::radix::{Radix, count_digit};
use super::stable::{CACHED_BYTES, sort_in};

/// Bits of the in-place digit: the top byte.
const DIGIT_BITS: u32 = 8;
/// Buckets of one in-place split.
const BUCKETS: usize = 1 << DIGIT_BITS;

/// The largest bucket the in-place splits leave to the stable engine, in bytes
/// (and at most an eighth of the slice: [`leaf`]). The engine sorts a bucket of
/// up to [`CACHED_BYTES`] least significant digit first in the cache, as it
/// would the whole slice.
pub(crate) const LEAF_BYTES: usize = CACHED_BYTES;

/// How many records of `T` the scratch buffer of an in-place sort of `n`
/// records holds: the buckets the splits leave to the stable engine, at most
/// [`LEAF_BYTES`] and at most `n / 8` (at least one).
#[must_use]
pub(crate) fn leaf<T>(n: usize) -> usize {
    (LEAF_BYTES / size_of::<T>().max(1)).min(n / 8).max(1)
}

/// Sorts `v` by its radix in place: splits by the top byte while a bucket is
/// longer than `scratch`, then sorts each bucket with the stable engine, using
/// `scratch` (any contents; overwritten). Only for records that are identical
/// when their radixes are equal (see the [module docs](self)).
pub(crate) fn sort<T: Copy, R: Radix>(v: &mut [T], scratch: &mut [T], radix: &impl Fn(&T) -> R) {
    split(v, scratch, R::BITS as usize / 8, radix);
}

/// [`sort`] by the low `bytes` bytes of the radix (the higher ones are equal):
/// also the parallel in-place split's buckets, sorted by one task each.
pub(crate) fn split<T: Copy, R: Radix>(
    v: &mut [T],
    scratch: &mut [T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) {
    let n = v.len();
    if n <= scratch.len() {
        sort_in::<false, T, R>(v, &mut scratch[..n], bytes, radix);
        return;
    }
    #[allow(clippy::cast_possible_truncation)] // at most 16 bytes
    let shift = (bytes as u32 - 1) * DIGIT_BITS;
    let digit = |x: &T| radix(x).shr_usize(shift) & (BUCKETS - 1);
    let counts = count_digit::<T, BUCKETS>(v, digit);
    if !counts.contains(&n) {
        permute(v, &counts, digit);
    }
    if bytes == 1 {
        return; // the last byte: the buckets are sorted
    }
    let mut rest = v;
    for &c in &counts {
        let (bucket, tail) = core::mem::take(&mut rest).split_at_mut(c);
        if c > 1 {
            split(bucket, scratch, bytes - 1, radix);
        }
        rest = tail;
    }
}

/// Permutes `v` in place so that its records are grouped by `digit` in digit
/// order; `counts` must be `v`'s records per digit, counted with the same pure
/// `digit`. The order within a group is unspecified.
///
/// A wrong `counts` cannot make this read or write out of bounds (every index
/// is checked): it would leave `v` a permutation of itself, not grouped, or
/// panic. The parallel in-place split permutes each of its tiles with it.
pub(crate) fn permute<T>(v: &mut [T], counts: &[usize; BUCKETS], digit: impl Fn(&T) -> usize) {
    let n = v.len();
    // `heads[b]`: the first index of bucket `b` not known to hold a record of
    // `b`; `ends[b]`: the bucket's end.
    let mut heads = [0; BUCKETS];
    let mut ends = [0; BUCKETS];
    let mut sum = 0;
    for ((h, e), &c) in heads.iter_mut().zip(&mut ends).zip(counts) {
        *h = sum;
        sum += c;
        *e = sum;
    }
    assert!(sum == n, "permute: counts do not cover the slice");
    let (largest, &most) = counts
        .iter()
        .enumerate()
        .max_by_key(|&(_, &c)| c)
        .unwrap_or((0, &0));
    if most > n / 4 * 3 {
        let range = heads[largest]..ends[largest];
        heads[largest] += partition(&mut v[range], |x| digit(x) == largest);
    }
    // The buckets with records left to place, in digit order.
    let mut open = [0_u8; BUCKETS];
    let mut len = 0;
    for b in 0..BUCKETS {
        if heads[b] < ends[b] {
            #[allow(clippy::cast_possible_truncation)] // `b < 256`
            {
                open[len] = b as u8;
            }
            len += 1;
        }
    }
    while len > 0 {
        for &b in &open[..len] {
            let b = usize::from(b);
            for i in heads[b]..ends[b] {
                let d = digit(&v[i]);
                v.swap(heads[d], i);
                heads[d] += 1;
            }
        }
        let mut kept = 0;
        for j in 0..len {
            let b = open[j];
            if heads[usize::from(b)] < ends[usize::from(b)] {
                open[kept] = b;
                kept += 1;
            }
        }
        len = kept;
    }
}

/// Moves the records of `v` for which `yes` holds to its front, in place;
/// returns how many there are.
fn partition<T>(v: &mut [T], yes: impl Fn(&T) -> bool) -> usize {
    let mut front = 0;
    let mut back = v.len();
    loop {
        while front < back && yes(&v[front]) {
            front += 1;
        }
        while front < back && !yes(&v[back - 1]) {
            back -= 1;
        }
        if front == back {
            return front;
        }
        v.swap(front, back - 1);
        front += 1;
        back -= 1;
    }
}
