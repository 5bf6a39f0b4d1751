//! The MSD split of a slice larger than the cache: one read to count (a sample
//! picks the widths), one stable scatter (four chunks side by side when the
//! digit is skewed) into buckets that fit in the cache, which the engine
//! (`stable.rs`) then sorts on the remaining bits.

use super::radix::{
    BUCKETS, DIGIT_BITS, Radix, SPLIT_MAX, count_digit, exclusive_prefix_sum, scatter,
};

/// The largest bucket a split plans for: it aims at three quarters of this, so
/// that the buckets its sample undercounts still fit (both buffers of a bucket
/// stay in a core's L2 cache); fewer, larger buckets leave more records to each
/// LSD sort, which is slower out of L2.
/// Under Miri, 512 bytes, like [`CACHED_BYTES`](super::stable::CACHED_BYTES).
pub(crate) const BUCKET_BYTES: usize = if cfg!(miri) { 512 } else { 192 * 1024 };

/// Most bits a split takes below the top byte.
const EXTRA_MAX: u32 = 8;

/// A split whose sample finds at most this many top bytes and more records than
/// 256 cache-sized buckets hold splits by the top byte alone first.
const FEW_TOP_BYTES: usize = 32;

/// A split's sample: runs of this many records…
const SAMPLE_RUN: usize = 256;

/// …one at the start of every this many.
const SAMPLE_STRIDE: usize = 4096;

/// Copies `from[at..]` to `to[at..]` when dropped: the records of a checked
/// split's buckets from `at` on, whole in `from`, if the sort of one of them
/// panics (and, in the parallel sorts, a bucket's records whole in `from` when
/// its sort into `to` panics).
pub(crate) struct CopyBack<'a, T: Copy> {
    pub(crate) from: &'a mut [T],
    pub(crate) to: &'a mut [T],
    at: usize,
}

#[cfg(feature = "rayon")] // the parallel sorts' guard
impl<'a, T: Copy> CopyBack<'a, T> {
    /// A guard that copies all of `from` to `to` if dropped before
    /// [`keep`](Self::keep) (`from` and `to` of equal length).
    pub(crate) fn all(from: &'a mut [T], to: &'a mut [T]) -> Self {
        CopyBack { from, to, at: 0 }
    }

    /// Drops the guard without copying: `to` holds what it should.
    pub(crate) fn keep(mut self) {
        self.at = self.from.len();
    }
}

impl<T: Copy> Drop for CopyBack<'_, T> {
    fn drop(&mut self) {
        let at = self.at;
        self.to[at..].copy_from_slice(&self.from[at..]);
    }
}

/// Where a split's buckets start: `bounds[..=len]`, the last one the slice's end.
pub(super) struct Split {
    bounds: [usize; SPLIT_MAX + 1],
    len: usize,
}

impl Split {
    /// The start and end of each nonempty bucket.
    fn ranges(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.bounds[..=self.len]
            .windows(2)
            .map(|w| (w[0], w[1]))
            .filter(|(start, end)| start < end)
    }

    /// [`for_each_bucket`](Self::for_each_bucket) for the checked sorts: if `f`
    /// panics, `to` gets `from`'s records from that bucket on (`whole`: all of
    /// them) before the panic goes on.
    pub(super) fn each_bucket_checked<T: Copy>(
        &self,
        from: &mut [T],
        to: &mut [T],
        whole: bool,
        mut f: impl FnMut(&mut [T], &mut [T]),
    ) {
        let mut back = CopyBack { from, to, at: 0 };
        for (start, end) in self.ranges() {
            f(&mut back.from[start..end], &mut back.to[start..end]);
            if !whole {
                back.at = end;
            }
        }
        back.at = back.from.len();
    }

    /// Calls `f` on each nonempty bucket's range of `a` and of `b`.
    pub(super) fn for_each_bucket<T>(
        &self,
        mut a: &mut [T],
        mut b: &mut [T],
        mut f: impl FnMut(&mut [T], &mut [T]),
    ) {
        for w in self.bounds[..=self.len].windows(2) {
            let len = w[1] - w[0];
            let (ha, ta) = core::mem::take(&mut a).split_at_mut(len);
            let (hb, tb) = core::mem::take(&mut b).split_at_mut(len);
            if len > 0 {
                f(ha, hb);
            }
            a = ta;
            b = tb;
        }
    }
}

/// The digit of a split: the top byte `t` of the `bytes` low bytes (`bytes >= 2`)
/// and the top `8 - sub_shift[t]` bits of the byte below it, bucket `base[t] +
/// those bits`: buckets in the order of the radixes they hold.
pub(crate) struct Digit {
    shift: u32,
    sub_shift: [u8; 256],
    base: [u16; 256],
    buckets: usize,
}

impl Digit {
    /// The widths from a sample of `src`: each top byte gets as many bits below it
    /// as divide its estimated records into buckets of 3/4 of the cache, at most
    /// [`EXTRA_MAX`], and [`SPLIT_MAX`] buckets in all.
    pub(crate) fn plan<T, R: Radix>(src: &[T], bytes: usize, radix: &impl Fn(&T) -> R) -> Self {
        #[allow(clippy::cast_possible_truncation)] // at most 16 bytes
        let shift = (bytes as u32 - 2) * DIGIT_BITS;
        let mut sample = [0_usize; BUCKETS];
        let mut sampled = 0;
        for run in src.chunks(SAMPLE_STRIDE) {
            let run = &run[..run.len().min(SAMPLE_RUN)];
            for x in run {
                sample[radix(x).shr_usize(shift + DIGIT_BITS) & (BUCKETS - 1)] += 1;
            }
            sampled += run.len();
        }
        // Records per bucket aimed at: three quarters of what fits in the cache,
        // so that the buckets the estimate undercounts still fit.
        let target = (BUCKET_BYTES / size_of::<T>().max(1) / 4 * 3).max(1);
        let mut extra = [0_u32; BUCKETS];
        let mut buckets = 0;
        for (e, &s) in extra.iter_mut().zip(&sample) {
            // The estimate of this top byte's records in `src`.
            let estimate = s.saturating_mul(src.len()) / sampled.max(1);
            while *e < EXTRA_MAX && estimate >> *e > target {
                *e += 1;
            }
            buckets += 1 << *e;
        }
        // When few top bytes hold the records and the digit would need more than
        // 256 buckets, split by the top byte alone and let each bucket's own split
        // take the bits below: measured 10% faster on 16M `f32` in ±1e6 than one
        // split to hundreds of buckets (a scatter to hundreds misses the cache on
        // most writes; one to a few in random order waits on its counters, so it
        // costs about 6 copies, not 1: BENCHMARKS.md).
        let active = sample.iter().filter(|&&s| s > 0).count();
        if buckets > BUCKETS && active <= FEW_TOP_BYTES {
            extra = [0; BUCKETS];
            buckets = BUCKETS;
        }
        while buckets > SPLIT_MAX {
            // Halve the buckets of the widest top byte.
            let widest = (0..BUCKETS).max_by_key(|&t| extra[t]).unwrap_or(0);
            extra[widest] -= 1;
            buckets -= 1 << extra[widest];
        }
        let mut sub_shift = [0; BUCKETS];
        let mut base = [0; BUCKETS];
        let mut next = 0_usize;
        for t in 0..BUCKETS {
            // `extra <= 8` and the buckets number at most `SPLIT_MAX`: both fit.
            #[allow(clippy::cast_possible_truncation)]
            {
                sub_shift[t] = (DIGIT_BITS - extra[t]) as u8;
                base[t] = next as u16;
            }
            next += 1 << extra[t];
        }
        Self {
            shift,
            sub_shift,
            base,
            buckets,
        }
    }

    /// The bucket of a radix.
    #[inline]
    pub(crate) fn of<R: Radix>(&self, r: R) -> usize {
        let w = r.shr_usize(self.shift) & 0xffff;
        let t = w >> DIGIT_BITS;
        usize::from(self.base[t]) + ((w & (BUCKETS - 1)) >> self.sub_shift[t])
    }
}

/// Scatters `src` into `dst` by the digit [`Digit::plan`] picks for its top
/// `bytes` bytes (`bytes >= 2`), stably, and returns the buckets; `None` (nothing
/// moved) when every record falls in one bucket.
pub(super) fn split<const CHECKED: bool, T: Copy, R: Radix>(
    src: &[T],
    dst: &mut [T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) -> Option<Split> {
    let digit = Digit::plan(src, bytes, radix);
    if digit.buckets == BUCKETS {
        // The top byte alone: its digit without the tables.
        #[allow(clippy::cast_possible_truncation)] // at most 16 bytes
        let shift = (bytes as u32 - 1) * DIGIT_BITS;
        split_by::<CHECKED, T>(src, dst, BUCKETS, |x| {
            radix(x).shr_usize(shift) & (BUCKETS - 1)
        })
    } else {
        split_by::<CHECKED, T>(src, dst, digit.buckets, |x| digit.of(radix(x)))
    }
}

/// A split of a slice of at most [`STREAMS_BYTES`] whose digit is skewed reads it
/// as this many chunks side by side, one record of each in turn, each chunk
/// with bucket counters of its own, so that the records whose counters a store
/// and the next loads share are four apart, not neighbours. Four chunks are
/// faster than one on a scatter from the cache to tens of evenly filled buckets
/// or to a few skewed ones (as floats' top bits), not on one to two or to
/// hundreds of buckets, nor from memory; eight chunks gain less than four
/// (measurements: BENCHMARKS.md).
const STREAMS: usize = 4;

/// The largest slice a split reads as [`STREAMS`] chunks: 8 MiB, a quarter of
/// a 32 MiB last-level cache, as the chunks pay only while the slice is read
/// from the cache, not from memory (measurements: BENCHMARKS.md).
/// Under Miri, 1 KiB: twice [`CACHED_BYTES`](super::stable::CACHED_BYTES), so that one short input takes both
/// forms of the split (130 `f32` keys in four chunks, their 8-byte `argsort`
/// records in one).
pub(crate) const STREAMS_BYTES: usize = if cfg!(miri) { 1024 } else { 8 * 1024 * 1024 };

/// A split reads its slice as [`STREAMS`] chunks when two records drawn at
/// random fall in the same bucket with a probability of at least one in this
/// many: the chance for 128 evenly filled buckets, where four chunks break
/// even with one (faster with fewer buckets but two, slower with more). Two
/// even buckets are slower with four chunks, but a split's few buckets are
/// skewed top bytes, as `f32` with two exponents, which four chunks sort faster
/// (measurements: BENCHMARKS.md).
const STREAMS_COLLIDE: u64 = 128;

/// [`split`] by `bucket`, a function below `buckets` (pure unless `CHECKED`:
/// then one set of counters, checked).
fn split_by<const CHECKED: bool, T: Copy>(
    src: &[T],
    dst: &mut [T],
    buckets: usize,
    bucket: impl Fn(&T) -> usize,
) -> Option<Split> {
    let n = src.len();
    if CHECKED || n.saturating_mul(size_of::<T>().max(1)) > STREAMS_BYTES {
        let counts = count_digit::<T, SPLIT_MAX>(src, &bucket);
        return split_one::<CHECKED, T>(src, dst, buckets, &counts, bucket);
    }
    let chunks = Chunks::of(src);
    let counts = chunks.each(|c| count_digit::<T, SPLIT_MAX>(c, &bucket));
    let mut total = [0; SPLIT_MAX];
    for c in &counts {
        for (t, &c) in total.iter_mut().zip(c) {
            *t += c;
        }
    }
    // `n` fits in 2^23 here, so the squares' sum fits in a `u64`.
    let squares: u64 = total.iter().map(|&c| (c as u64) * (c as u64)).sum();
    if squares * STREAMS_COLLIDE >= (n as u64) * (n as u64) {
        split_streams(&chunks, dst, buckets, &counts, bucket)
    } else {
        split_one::<CHECKED, T>(src, dst, buckets, &total, bucket)
    }
}

/// [`split_by`] with one set of counters: `counts` are `src`'s records per
/// bucket.
fn split_one<const CHECKED: bool, T: Copy>(
    src: &[T],
    dst: &mut [T],
    buckets: usize,
    counts: &[usize; SPLIT_MAX],
    bucket: impl Fn(&T) -> usize,
) -> Option<Split> {
    if counts.contains(&src.len()) {
        return None;
    }
    let mut starts = *counts;
    exclusive_prefix_sum(&mut starts[..buckets]);
    let mut bounds = [src.len(); SPLIT_MAX + 1];
    bounds[..buckets].copy_from_slice(&starts[..buckets]);
    scatter::<CHECKED, T>(src, dst, &mut starts[..buckets], bucket);
    Some(Split {
        bounds,
        len: buckets,
    })
}

/// [`split_by`] with a set of counters per chunk: `counts[s]` are chunk `s`'s
/// records per bucket.
fn split_streams<T: Copy>(
    chunks: &Chunks<'_, T>,
    dst: &mut [T],
    buckets: usize,
    counts: &[[usize; SPLIT_MAX]; STREAMS],
    bucket: impl Fn(&T) -> usize,
) -> Option<Split> {
    let n = dst.len();
    // Bucket `b` starts at `bounds[b]` and holds the records of chunk 0 with
    // digit `b`, then those of chunk 1, and so on: the stable order.
    let mut bounds = [n; SPLIT_MAX + 1];
    let mut starts = [[0; SPLIT_MAX]; STREAMS];
    let mut sum = 0;
    for b in 0..buckets {
        bounds[b] = sum;
        for (start, count) in starts.iter_mut().zip(counts) {
            start[b] = sum;
            sum += count[b];
        }
        if sum - bounds[b] == n {
            return None; // one bucket: nothing would move
        }
    }
    assert!(sum == n, "split: buffers of different lengths");
    let out = dst.as_mut_ptr();
    let mut put = |s: usize, x: &T| {
        let d = bucket(x);
        let at = starts[s][d];
        debug_assert!(at < n);
        // SAFETY: chunk `s`'s counter of bucket `d` starts at `starts[s][d]`,
        // and the range up to the next counter's start holds exactly as many
        // records as chunk `s` has with digit `d` (counted with the same pure
        // `bucket`); the last range ends at `sum == n == dst.len()`. Each record
        // of chunk `s` is put once, by `put(s, x)`: every index written is in
        // bounds, and written once.
        unsafe { out.add(at).write(*x) };
        starts[s][d] = at + 1;
    };
    let [first, second, third, last] = chunks.parts;
    let (last, tail) = last.split_at(first.len());
    for (((x0, x1), x2), x3) in first.iter().zip(second).zip(third).zip(last) {
        put(0, x0);
        put(1, x1);
        put(2, x2);
        put(3, x3);
    }
    for x in tail {
        put(3, x);
    }
    Some(Split {
        bounds,
        len: buckets,
    })
}

/// A slice cut into [`STREAMS`] chunks: the first three `len / 4` long, the last
/// the rest (as long or up to three records longer).
struct Chunks<'a, T> {
    parts: [&'a [T]; STREAMS],
}

impl<'a, T> Chunks<'a, T> {
    fn of(slice: &'a [T]) -> Self {
        let quarter = slice.len() / STREAMS;
        let (first, rest) = slice.split_at(quarter);
        let (second, rest) = rest.split_at(quarter);
        let (third, last) = rest.split_at(quarter);
        Self {
            parts: [first, second, third, last],
        }
    }

    /// `f` of each chunk, in order.
    fn each<U>(&self, f: impl FnMut(&[T]) -> U) -> [U; STREAMS] {
        self.parts.map(f)
    }
}
