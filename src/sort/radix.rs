//! The radix integers and the one stable LSD radix sort.
//!
//! Every sort of the module ends here: `lsd` sorts any `Copy` record by an
//! unsigned integer that a closure computes from it (the key's radix, or for the
//! index and record sorts the radix stored next to an index). The closure is
//! called again on every pass, so it must be a pure function of the record: it
//! is never a user's key function (those are called once, and their results
//! stored).

use core::ops::Not;

/// Bits of one LSD digit.
const DIGIT_BITS: u32 = 8;
/// Buckets of one LSD digit.
const BUCKETS: usize = 1 << DIGIT_BITS;

/// Slices of at most this many records are sorted by insertion, not by radix: the
/// histograms and prefix sums of a radix sort cost more than the moves below it.
pub(crate) const INSERTION_MAX: usize = 48;

/// An unsigned integer that a sort key maps to: `u8` to `u128`.
///
/// Integer order is the key's order; equal integers are keys that tie.
pub trait Radix: Copy + Ord + Not<Output = Self> + Send + Sync + 'static {
    /// Width in bits.
    const BITS: u32;
    /// Zero.
    const ZERO: Self;
    /// All ones.
    const MAX: Self;
    /// The low bits of `self >> shift` (`shift < BITS`), as a `usize`.
    fn shr_usize(self, shift: u32) -> usize;
    /// `self << shift | low` for `shift < BITS`, `low < 2^shift`.
    fn shl_or(self, shift: u32, low: usize) -> Self;
    /// `self - 1`, wrapping.
    fn dec(self) -> Self;
    /// The top `known` bits (`known <= BITS`), shifted down: 0 when `known` is 0.
    fn high(self, known: u32) -> Self;
}

/// The [`Radix`] impl of one unsigned integer.
macro_rules! radix {
    ($($u:ty),*) => {$(
        impl Radix for $u {
            const BITS: u32 = <$u>::BITS;
            const ZERO: Self = 0;
            const MAX: Self = <$u>::MAX;
            // Truncation to the digit is the point.
            #[allow(clippy::cast_possible_truncation)]
            #[inline]
            fn shr_usize(self, shift: u32) -> usize {
                (self >> shift) as usize
            }
            // `low < 2^shift <= 2^BITS`: nothing is truncated.
            #[allow(clippy::cast_possible_truncation)]
            #[inline]
            fn shl_or(self, shift: u32, low: usize) -> Self {
                // `checked_shl`: the shift by the full width of an empty prefix is 0.
                self.checked_shl(shift).unwrap_or(0) | low as $u
            }
            #[inline]
            fn dec(self) -> Self {
                self.wrapping_sub(1)
            }
            #[inline]
            fn high(self, known: u32) -> Self {
                self.checked_shr(<$u>::BITS - known).unwrap_or(0)
            }
        }
    )*};
}
radix!(u8, u16, u32, u64, u128);

/// Two radix integers side by side, `Self` in the high bits: the radix of a pair
/// of keys (lexicographic order). Implemented where the sum fits in `u128`.
pub trait Concat<B: Radix>: Radix {
    /// The integer that holds both.
    type Out: Radix;
    /// `self` in the high bits, `low` in the low bits.
    fn join(self, low: B) -> Self::Out;
    /// The two halves of [`join`](Self::join)'s result.
    fn split(joined: Self::Out) -> (Self, B);
}

/// The [`Concat`] impls: `high, low => out`.
macro_rules! concat {
    ($($a:ty, $b:ty => $o:ty;)*) => {$(
        impl Concat<$b> for $a {
            type Out = $o;
            #[inline]
            fn join(self, low: $b) -> $o {
                (<$o>::from(self) << <$b>::BITS) | <$o>::from(low)
            }
            // The halves were joined from these widths: nothing is truncated.
            #[allow(clippy::cast_possible_truncation)]
            #[inline]
            fn split(joined: $o) -> (Self, $b) {
                ((joined >> <$b>::BITS) as $a, joined as $b)
            }
        }
    )*};
}
concat! {
    u8, u8 => u16; u8, u16 => u32; u8, u32 => u64; u8, u64 => u128;
    u16, u8 => u32; u16, u16 => u32; u16, u32 => u64; u16, u64 => u128;
    u32, u8 => u64; u32, u16 => u64; u32, u32 => u64; u32, u64 => u128;
    u64, u8 => u128; u64, u16 => u128; u64, u32 => u128; u64, u64 => u128;
}

/// Stable insertion sort by `radix`: for short slices.
#[inline]
pub(crate) fn insertion<T: Copy, R: Radix>(v: &mut [T], radix: &impl Fn(&T) -> R) {
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

/// Slices of at most this many bytes are sorted least significant digit first
/// (both buffers stay in a core's L2 cache); larger ones are first split by their
/// most significant byte.
/// Under Miri, 512 bytes, so that the tests' short inputs take every path.
pub(crate) const CACHED_BYTES: usize = if cfg!(miri) { 512 } else { 192 * 1024 };

/// Sorts `v` stably by `radix`, with `buf` (as long as `v`) as scratch; the result
/// is in `v`.
///
/// A slice larger than the cache is split by its top byte into `buf` (most
/// significant digit first, one read to count and one stable scatter), and each
/// bucket sorted on the remaining bytes with the roles of the buffers swapped; a
/// top byte on which every record agrees is skipped without a pass. A slice that
/// fits in the cache is sorted least significant digit first: one read counts
/// every remaining byte, then one stable scatter per byte on which the records
/// differ. Short slices are sorted by insertion.
pub(crate) fn lsd<T: Copy, R: Radix>(v: &mut [T], buf: &mut [T], radix: impl Fn(&T) -> R) {
    let n = v.len();
    debug_assert_eq!(buf.len(), n);
    sort_in(v, buf, R::BITS as usize / 8, &radix);
}

/// Whether `n` records of `T` are sorted LSD.
fn cached<T>(n: usize) -> bool {
    n.saturating_mul(size_of::<T>()) <= CACHED_BYTES
}

/// Sorts `v` by the low `bytes` bytes of its radix (the higher ones are equal);
/// the result is in `v`, `buf` is scratch.
fn sort_in<T: Copy, R: Radix>(v: &mut [T], buf: &mut [T], bytes: usize, radix: &impl Fn(&T) -> R) {
    let n = v.len();
    if n <= INSERTION_MAX {
        insertion(v, radix);
    } else if bytes == 1 || cached::<T>(n) {
        if lsd_passes(v, buf, bytes, radix) {
            v.copy_from_slice(buf);
        }
    } else if let Some(starts) = split(v, buf, bytes, radix) {
        for_each_bucket(buf, v, &starts, |b, s| sort_to(b, s, bytes - 1, radix));
    } else {
        sort_in(v, buf, bytes - 1, radix);
    }
}

/// [`sort_in`] with the result in `dst`; `src` is scratch.
fn sort_to<T: Copy, R: Radix>(
    src: &mut [T],
    dst: &mut [T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) {
    let n = src.len();
    if n <= INSERTION_MAX {
        dst.copy_from_slice(src);
        insertion(dst, radix);
    } else if bytes == 1 || cached::<T>(n) {
        if !lsd_passes(src, dst, bytes, radix) {
            dst.copy_from_slice(src);
        }
    } else if let Some(starts) = split(src, dst, bytes, radix) {
        for_each_bucket(dst, src, &starts, |d, s| sort_in(d, s, bytes - 1, radix));
    } else {
        sort_to(src, dst, bytes - 1, radix);
    }
}

/// Scatters `src` into `dst` by byte `bytes - 1`, stably, and returns where
/// each bucket starts; `None` (nothing moved) when every record has the same byte.
fn split<T: Copy, R: Radix>(
    src: &[T],
    dst: &mut [T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) -> Option<[usize; BUCKETS]> {
    #[allow(clippy::cast_possible_truncation)] // at most 16 bytes
    let shift = (bytes as u32 - 1) * DIGIT_BITS;
    let mut counts = count_digit::<T, BUCKETS>(src, |x| radix(x).shr_usize(shift) & (BUCKETS - 1));
    if counts.contains(&src.len()) {
        return None;
    }
    exclusive_prefix_sum(&mut counts);
    let starts = counts;
    scatter(src, dst, &mut counts, shift, radix);
    Some(starts)
}

/// Calls `f` on each bucket's range of `a` and of `b` (the ranges that `starts`
/// begins), skipping empty buckets.
fn for_each_bucket<T>(
    mut a: &mut [T],
    mut b: &mut [T],
    starts: &[usize; BUCKETS],
    mut f: impl FnMut(&mut [T], &mut [T]),
) {
    let n = a.len();
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(n);
        let (ha, ta) = core::mem::take(&mut a).split_at_mut(end - start);
        let (hb, tb) = core::mem::take(&mut b).split_at_mut(end - start);
        if end > start {
            f(ha, hb);
        }
        a = ta;
        b = tb;
    }
}

/// The LSD passes on the low `bytes` bytes, `v` to `buf` and back; returns
/// whether the result is in `buf` (an odd number of passes).
fn lsd_passes<T: Copy, R: Radix>(
    v: &mut [T],
    buf: &mut [T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) -> bool {
    let n = v.len();
    // Records in `v` (false) or `buf` (true).
    let mut in_buf = false;
    for digit in 0..bytes {
        #[allow(clippy::cast_possible_truncation)] // a digit index is below 16
        let shift = digit as u32 * DIGIT_BITS;
        // The counts of a digit do not depend on the order: count where the
        // records are now (in cache).
        let src: &[T] = if in_buf { buf } else { v };
        let mut counts =
            count_digit::<T, BUCKETS>(src, |x| radix(x).shr_usize(shift) & (BUCKETS - 1));
        if counts.contains(&n) {
            continue; // every record has this digit: the pass would copy
        }
        exclusive_prefix_sum(&mut counts);
        if in_buf {
            scatter(buf, v, &mut counts, shift, radix);
        } else {
            scatter(v, buf, &mut counts, shift, radix);
        }
        in_buf = !in_buf;
    }
    in_buf
}

/// How many records have each digit: `digit` is a pure function of the record,
/// below `N`.
///
/// Four tables count the four records of each group of four, so that a run of
/// one digit (the few high bytes of narrow-range data) does not chain every
/// increment on the one before; their `u32` counters cannot overflow in a block
/// of 2^30 records.
pub(crate) fn count_digit<T, const N: usize>(
    v: &[T],
    mut digit: impl FnMut(&T) -> usize,
) -> [usize; N] {
    let mut total = [0; N];
    for block in v.chunks(1 << 30) {
        let mut tables = [[0_u32; N]; 4];
        let quads = block.chunks_exact(4);
        let rest = quads.remainder();
        for quad in quads {
            for (table, x) in tables.iter_mut().zip(quad) {
                table[digit(x)] += 1;
            }
        }
        for x in rest {
            tables[0][digit(x)] += 1;
        }
        for table in &tables {
            for (t, &c) in total.iter_mut().zip(table) {
                *t += c as usize;
            }
        }
    }
    total
}

/// Replaces counts by the index where each bucket starts.
fn exclusive_prefix_sum(counts: &mut [usize; BUCKETS]) {
    let mut sum = 0;
    for c in counts {
        let here = *c;
        *c = sum;
        sum += here;
    }
}

/// Moves every record of `src` to `dst` at the next free index of its bucket.
///
/// `starts` must be where each bucket of `src`'s records by this digit starts in
/// `dst` (the exclusive prefix sums of the counts of `src` by the same `radix`,
/// a pure function of the record: every closure this module is given is one).
fn scatter<T: Copy, R: Radix>(
    src: &[T],
    dst: &mut [T],
    starts: &mut [usize; BUCKETS],
    shift: u32,
    radix: &impl Fn(&T) -> R,
) {
    assert!(
        src.len() == dst.len(),
        "scatter: buffers of different lengths"
    );
    let out = dst.as_mut_ptr();
    for x in src {
        let d = radix(x).shr_usize(shift) & (BUCKETS - 1);
        let at = starts[d];
        debug_assert!(at < dst.len());
        // SAFETY: bucket `d` starts at `starts[d]` as passed in and holds exactly
        // as many records of `src` as have digit `d` (counted with the same pure
        // `radix`), so the indices written for it stay below the next bucket's
        // start, and the last bucket's below `src.len() == dst.len()`: `at` is in
        // bounds, and no index is written twice.
        unsafe { out.add(at).write(*x) };
        starts[d] = at + 1;
    }
}
