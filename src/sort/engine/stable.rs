//! The one stable radix sort: insertion, the MSD split of `split.rs`,
//! then LSD passes; the radix integers and the passes it shares are in `radix.rs`.
//!
//! Every sort of the module ends here: `route::lsd` sorts any `Copy` record by an
//! unsigned integer that a closure computes from it (the key's radix, or for the
//! index and record sorts the radix stored next to an index). The closure is
//! called again on every pass. The engine's own closures are pure functions of
//! the record that cannot panic, and the unchecked forms (`CHECKED` false) rely
//! on that. The one closure that calls a user's function, `sort_by_key`'s
//! recomputed key, runs the checked forms (`CHECKED` true), which trust it in
//! nothing: every write is bounds-checked and kept inside its bucket, a pass
//! whose buckets do not fill exactly is replaced by a copy of its source, and
//! if the closure panics, each phase leaves its output a permutation of its
//! input before the panic moves on (see `Hole` here, `Restore` in `radix.rs` and
//! `CopyBack` in `split.rs`). So whatever the closure answers, and wherever it
//! panics, the slice the sort was given holds its records, each once; only their
//! order is unspecified.

use super::radix::{
    BUCKETS, DIGIT_BITS, FUSED_BYTES, Radix, count_bytes, count_digit, exclusive_prefix_sum,
    scatter,
};
use super::split::split;

/// Slices of at most this many records are sorted by insertion, not by radix: the
/// histograms and prefix sums of a radix sort cost more than the moves below it.
pub(crate) const INSERTION_MAX: usize = 48;

/// Stable insertion sort by `radix`: for short slices. Checked (`CHECKED`): if
/// `radix` panics, the record being inserted is put back in the gap first.
#[inline]
pub(crate) fn insertion<const CHECKED: bool, T: Copy, R: Radix>(
    v: &mut [T],
    radix: &impl Fn(&T) -> R,
) {
    if CHECKED {
        for i in 1..v.len() {
            let x = v[i];
            let r = radix(&x);
            // `hole.v` is `v` with `x` missing at `hole.at`; dropping the
            // hole (at the end, or when `radix` panics) puts `x` there.
            let mut hole = Hole {
                v: &mut *v,
                at: i,
                x,
            };
            while hole.at > 0 && radix(&hole.v[hole.at - 1]) > r {
                hole.v[hole.at] = hole.v[hole.at - 1];
                hole.at -= 1;
            }
        }
        return;
    }
    for i in 1..v.len() {
        let x = v[i];
        let r = radix(&x);
        let mut j = i;
        while j > 0 && radix(&v[j - 1]) > r {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}

/// Stable sort by `radix` without counting tables, for short slices on a small
/// stack (top-k's last sort of at most `select::NARROW_MAX` records): insertion
/// on runs of 16 records, then runs merged in pairs from `v` to `buf` (as long
/// as `v`) and back, bottom up. O(n log n) compares; the result is in `v`.
pub(crate) fn merge_sort<T: Copy, R: Radix>(v: &mut [T], buf: &mut [T], radix: &impl Fn(&T) -> R) {
    const RUN: usize = 16;
    let n = v.len();
    for run in v.chunks_mut(RUN) {
        insertion::<false, T, R>(run, radix);
    }
    let mut width = RUN;
    // Records in `v` (false) or `buf` (true).
    let mut in_buf = false;
    while width < n {
        let (src, dst): (&[T], &mut [T]) = if in_buf { (buf, v) } else { (v, buf) };
        for (s, d) in src.chunks(2 * width).zip(dst.chunks_mut(2 * width)) {
            let (a, b) = s.split_at(width.min(s.len()));
            merge(a, b, d, radix);
        }
        in_buf = !in_buf;
        width *= 2;
    }
    if in_buf {
        v.copy_from_slice(&buf[..n]);
    }
}

/// Merges the sorted runs `a` and `b` into `out` (as long as both), stably: a
/// record of `b` goes first only when its radix is below that of `a`'s next.
fn merge<T: Copy, R: Radix>(a: &[T], b: &[T], out: &mut [T], radix: &impl Fn(&T) -> R) {
    let (mut i, mut j) = (0, 0);
    for o in out {
        if i == a.len() || (j < b.len() && radix(&b[j]) < radix(&a[i])) {
            *o = b[j];
            j += 1;
        } else {
            *o = a[i];
            i += 1;
        }
    }
}

/// A record taken out of a slice, and where it goes back when this is dropped.
struct Hole<'a, T: Copy> {
    v: &'a mut [T],
    at: usize,
    x: T,
}

impl<T: Copy> Drop for Hole<'_, T> {
    fn drop(&mut self) {
        self.v[self.at] = self.x;
    }
}

/// Slices of at most this many bytes are sorted least significant digit first
/// (both buffers, 4 MiB, stay in the last-level cache); larger ones are first
/// split by their most significant bits. Up to here LSD is at least as fast as
/// a split that leaves buckets for LSD, and clearly faster on floats in ±1e6,
/// whose split by top bits scatters to a few buckets in random order (slow)
/// (measurements: BENCHMARKS.md).
/// Under Miri, 512 bytes, so that the tests' short inputs take every path.
pub(crate) const CACHED_BYTES: usize = if cfg!(miri) { 512 } else { 2 * 1024 * 1024 };

/// [`lsd`](super::route::lsd) with the result in `dst`; `src` is scratch.
/// Checked (`CHECKED`): if `radix` panics, `src` holds its records.
#[cfg(feature = "rayon")]
pub(crate) fn lsd_to<const CHECKED: bool, T: Copy, R: Radix>(
    src: &mut [T],
    dst: &mut [T],
    radix: impl Fn(&T) -> R,
) {
    debug_assert_eq!(src.len(), dst.len());
    sort_to::<CHECKED, T, R>(src, dst, R::BITS as usize / 8, &radix);
}

/// Whether `n` records of `T` are sorted LSD.
fn cached<T>(n: usize) -> bool {
    n.saturating_mul(size_of::<T>()) <= CACHED_BYTES
}

/// Sorts `v` by the low `bytes` bytes of its radix (the higher ones are equal);
/// the result is in `v`, `buf` is scratch. Checked (`CHECKED`, see the module
/// docs): if `radix` panics, `v` holds its records.
pub(crate) fn sort_in<const CHECKED: bool, T: Copy, R: Radix>(
    v: &mut [T],
    buf: &mut [T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) {
    let n = v.len();
    if n <= INSERTION_MAX {
        insertion::<CHECKED, T, R>(v, radix);
    } else if bytes == 1 || cached::<T>(n) {
        // Checked, a panic in a pass leaves both buffers whole: `v` holds its
        // records.
        if lsd_passes::<CHECKED, T, R>(v, buf, bytes, radix) {
            v.copy_from_slice(buf);
        }
    } else if let Some(split) = split::<CHECKED, T, R>(v, buf, bytes, radix) {
        if CHECKED {
            // The buckets before the one being sorted are in `v`; that one is
            // whole in `buf` if its sort panics (`sort_to`), and so are the
            // ones after it.
            split.each_bucket_checked(buf, v, false, |b, s| {
                sort_to::<CHECKED, T, R>(b, s, bytes - 1, radix);
            });
        } else {
            split.for_each_bucket(buf, v, |b, s| {
                sort_to::<CHECKED, T, R>(b, s, bytes - 1, radix);
            });
        }
    } else {
        sort_in::<CHECKED, T, R>(v, buf, bytes - 1, radix);
    }
}

/// [`sort_in`] with the result in `dst`; `src` is scratch. Checked: if `radix`
/// panics, `src` holds its records.
fn sort_to<const CHECKED: bool, T: Copy, R: Radix>(
    src: &mut [T],
    dst: &mut [T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) {
    let n = src.len();
    if n <= INSERTION_MAX {
        // Checked or not: `src` is only read.
        dst.copy_from_slice(src);
        insertion::<false, T, R>(dst, radix);
    } else if bytes == 1 || cached::<T>(n) {
        if !lsd_passes::<CHECKED, T, R>(src, dst, bytes, radix) {
            dst.copy_from_slice(src);
        }
    } else if let Some(split) = split::<CHECKED, T, R>(src, dst, bytes, radix) {
        if CHECKED {
            // Every bucket is whole in `dst` if the sort of one panics
            // (`sort_in`): all of `dst` is copied back.
            split.each_bucket_checked(dst, src, true, |d, s| {
                sort_in::<CHECKED, T, R>(d, s, bytes - 1, radix);
            });
        } else {
            split.for_each_bucket(dst, src, |d, s| {
                sort_in::<CHECKED, T, R>(d, s, bytes - 1, radix);
            });
        }
    } else {
        sort_to::<CHECKED, T, R>(src, dst, bytes - 1, radix);
    }
}

/// The LSD passes on the low `bytes` bytes, `v` to `buf` and back; returns
/// whether the result is in `buf` (an odd number of passes).
fn lsd_passes<const CHECKED: bool, T: Copy, R: Radix>(
    v: &mut [T],
    buf: &mut [T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) -> bool {
    let n = v.len();
    // The counts of every digit in one read when they fit: they do not depend on
    // the order.
    let fused = (2..=FUSED_BYTES).contains(&bytes) && u32::try_from(n).is_ok();
    let counted = if fused {
        count_bytes(v, bytes, radix)
    } else {
        [[0; BUCKETS]; FUSED_BYTES]
    };
    // Records in `v` (false) or `buf` (true).
    let mut in_buf = false;
    // `bytes` may exceed `counted`'s length (when not fused): a range, not an
    // iterator over `counted`.
    #[allow(clippy::needless_range_loop)]
    for digit in 0..bytes {
        #[allow(clippy::cast_possible_truncation)] // a digit index is below 16
        let shift = digit as u32 * DIGIT_BITS;
        let byte = |x: &T| radix(x).shr_usize(shift) & (BUCKETS - 1);
        let mut starts = if fused {
            counted[digit].map(|c| c as usize)
        } else {
            count_digit::<T, BUCKETS>(if in_buf { buf } else { v }, byte)
        };
        if starts.contains(&n) {
            continue; // every record has this digit: the pass would copy
        }
        exclusive_prefix_sum(&mut starts);
        let (src, dst): (&[T], &mut [T]) = if in_buf { (buf, v) } else { (v, buf) };
        scatter_digit::<CHECKED, T, R>(src, dst, &mut starts, digit, radix);
        in_buf = !in_buf;
    }
    in_buf
}

/// Stable LSD sort by `radix` on a small stack, the result in `v` (`buf`, as
/// long as `v`, is scratch): each digit is counted in a read of its own
/// ([`count_digit`]: 4 KiB of tables, then 256 starts), where [`sort_in`]
/// counts every digit in one read (16 KiB while it counts, 8 KiB kept) and
/// splits a slice larger than the cache first (two tables of 4 × 512 starts).
/// One read more for each digit, and no split: a slice larger than the cache
/// takes one pass over memory for each digit on which its records differ.
/// Top-k's sort of more than `select::NARROW_MAX` candidates in the
/// `_with_buffer` forms.
pub(crate) fn lsd_each_digit<T: Copy, R: Radix>(
    v: &mut [T],
    buf: &mut [T],
    radix: &impl Fn(&T) -> R,
) {
    debug_assert_eq!(buf.len(), v.len());
    let n = v.len();
    if n <= INSERTION_MAX {
        insertion::<false, T, R>(v, radix);
        return;
    }
    // Records in `v` (false) or `buf` (true).
    let mut in_buf = false;
    for digit in 0..(R::BITS / DIGIT_BITS) as usize {
        #[allow(clippy::cast_possible_truncation)] // a digit index is below 16
        let shift = digit as u32 * DIGIT_BITS;
        let src: &[T] = if in_buf { buf } else { v };
        let mut starts = count_digit::<T, BUCKETS>(src, |x| radix(x).shr_usize(shift));
        if starts.contains(&n) {
            continue; // every record has this digit: the pass would copy
        }
        exclusive_prefix_sum(&mut starts);
        let (src, dst): (&[T], &mut [T]) = if in_buf { (buf, v) } else { (v, buf) };
        scatter_digit::<false, T, R>(src, dst, &mut starts, digit, radix);
        in_buf = !in_buf;
    }
    if in_buf {
        v.copy_from_slice(buf);
    }
}

/// The scatter of an LSD pass by byte `digit` of the radix; `starts` as
/// [`scatter`]'s.
#[inline]
fn scatter_digit<const CHECKED: bool, T: Copy, R: Radix>(
    src: &[T],
    dst: &mut [T],
    starts: &mut [usize],
    digit: usize,
    radix: &impl Fn(&T) -> R,
) {
    #[allow(clippy::cast_possible_truncation)] // a digit index is below 16
    let shift = digit as u32 * DIGIT_BITS;
    let byte = |x: &T| radix(x).shr_usize(shift) & (BUCKETS - 1);
    // A shift known when the loop compiles: a fifth faster in L1 than one in
    // a register (4096 `f32`, measured). The guards are constants: a radix
    // compiles only the bytes it has (any digit may take the last arm).
    if CHECKED {
        // One scatter for every byte: the recomputed key is the inner
        // loop's cost, and each checked engine compiles one loop, not eight.
        scatter::<CHECKED, T>(src, dst, starts, byte);
        return;
    }
    match digit {
        0 => scatter_byte::<CHECKED, T, R, 0>(src, dst, starts, radix),
        1 if const { R::BITS > 8 } => scatter_byte::<CHECKED, T, R, 1>(src, dst, starts, radix),
        2 if const { R::BITS > 16 } => scatter_byte::<CHECKED, T, R, 2>(src, dst, starts, radix),
        3 if const { R::BITS > 24 } => scatter_byte::<CHECKED, T, R, 3>(src, dst, starts, radix),
        4 if const { R::BITS > 32 } => scatter_byte::<CHECKED, T, R, 4>(src, dst, starts, radix),
        5 if const { R::BITS > 40 } => scatter_byte::<CHECKED, T, R, 5>(src, dst, starts, radix),
        6 if const { R::BITS > 48 } => scatter_byte::<CHECKED, T, R, 6>(src, dst, starts, radix),
        7 if const { R::BITS > 56 } => scatter_byte::<CHECKED, T, R, 7>(src, dst, starts, radix),
        _ => scatter::<CHECKED, T>(src, dst, starts, byte),
    }
}

/// [`scatter`] by byte `D` of the radix (`D * 8 < R::BITS`), a constant shift.
fn scatter_byte<const CHECKED: bool, T: Copy, R: Radix, const D: u32>(
    src: &[T],
    dst: &mut [T],
    starts: &mut [usize],
    radix: &impl Fn(&T) -> R,
) {
    scatter::<CHECKED, T>(src, dst, starts, |x| {
        radix(x).shr_usize(D * DIGIT_BITS) & (BUCKETS - 1)
    });
}
