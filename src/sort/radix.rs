//! The radix integers and the one stable LSD radix sort.
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
//! input before the panic moves on (see [`Restore`] and [`CopyBack`]). So
//! whatever the closure answers, and wherever it panics, the slice the sort was
//! given holds its records, each once; only their order is unspecified.

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

/// Makes `dst` a copy of `src` when dropped, unless forgotten: a checked
/// scatter's state if its radix function panics, so that `dst` is whole.
struct Restore<'a, T: Copy> {
    src: &'a [T],
    dst: &'a mut [T],
}

impl<T: Copy> Drop for Restore<'_, T> {
    fn drop(&mut self) {
        self.dst.copy_from_slice(self.src);
    }
}

/// Copies `from[at..]` to `to[at..]` when dropped: the records of a checked
/// split's buckets from `at` on, whole in `from`, if the sort of one of them
/// panics.
struct CopyBack<'a, T: Copy> {
    from: &'a mut [T],
    to: &'a mut [T],
    at: usize,
}

impl<T: Copy> Drop for CopyBack<'_, T> {
    fn drop(&mut self) {
        let at = self.at;
        self.to[at..].copy_from_slice(&self.from[at..]);
    }
}

/// Slices of at most this many bytes are sorted least significant digit first
/// (both buffers, 4 MiB, stay in the last-level cache); larger ones are first
/// split by their most significant bits. Up to here LSD is faster than a split
/// that leaves buckets for LSD: by a fifth for 512Ki and 1Mi `f32` in ±1e6,
/// whose split by top bits scatters to a few buckets in random order (slow); for
/// random bits within noise from 512Ki, a tenth slower at 256Ki (2-core AMD EPYC
/// VM with 32 MiB of L3, measured).
/// Under Miri, 512 bytes, so that the tests' short inputs take every path.
pub(crate) const CACHED_BYTES: usize = if cfg!(miri) { 512 } else { 2 * 1024 * 1024 };

/// The largest bucket a split plans for: it aims at three quarters of this, so
/// that the buckets its sample undercounts still fit (both buffers of a bucket
/// stay in a core's L2 cache); fewer, larger buckets leave more records to each
/// LSD sort, which is slower out of L2.
/// Under Miri, 512 bytes, like [`CACHED_BYTES`].
pub(crate) const BUCKET_BYTES: usize = if cfg!(miri) { 512 } else { 192 * 1024 };

/// Most buckets of one split: each is a run of records that the scatter writes
/// in order, and more runs than this miss the cache on every write.
pub(crate) const SPLIT_MAX: usize = 512;

/// Most bits a split takes below the top byte.
const EXTRA_MAX: u32 = 8;

/// A split whose sample finds at most this many top bytes and more records than
/// 256 cache-sized buckets hold splits by the top byte alone first.
const FEW_TOP_BYTES: usize = 32;

/// A split's sample: runs of this many records…
const SAMPLE_RUN: usize = 256;
/// …one at the start of every this many.
const SAMPLE_STRIDE: usize = 4096;

/// [`lsd`](super::route::lsd) with the result in `dst`; `src` is scratch.
#[cfg(feature = "rayon")]
pub(crate) fn lsd_to<T: Copy, R: Radix>(src: &mut [T], dst: &mut [T], radix: impl Fn(&T) -> R) {
    debug_assert_eq!(src.len(), dst.len());
    sort_to::<false, T, R>(src, dst, R::BITS as usize / 8, &radix);
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

/// Where a split's buckets start: `bounds[..=len]`, the last one the slice's end.
struct Split {
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
    fn each_bucket_checked<T: Copy>(
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
    fn for_each_bucket<T>(
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
fn split<const CHECKED: bool, T: Copy, R: Radix>(
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
/// and the next loads share are four apart, not neighbours. Measured with
/// scratch programs (2-core AMD EPYC VM, BENCHMARKS.md), four chunks' time over
/// one's: a scatter of 1M records to 16–64 evenly filled buckets 0.4–0.8, to 8
/// or 128 0.6–1.1, to 2 or to 256 and more 1.1–1.4; of 16M records (from
/// memory, not the cache) 0.9–1.5; of 1M `f32` in ±1e6 by their top 12 bits
/// (a few of 640 buckets hold most records) 0.6, with eight chunks 0.7; whole
/// sorts of 0.6M–4M `f32` in ±1e6 0.91–0.96.
const STREAMS: usize = 4;

/// The largest slice a split reads as [`STREAMS`] chunks: 8 MiB, a quarter of
/// the measured machine's last-level cache.
/// Under Miri, 1 KiB: twice [`CACHED_BYTES`], so that one short input takes both
/// forms of the split (130 `f32` keys in four chunks, their 8-byte `argsort`
/// records in one).
pub(crate) const STREAMS_BYTES: usize = if cfg!(miri) { 1024 } else { 8 * 1024 * 1024 };

/// A split reads its slice as [`STREAMS`] chunks when two records drawn at
/// random fall in the same bucket with a probability of at least one in this
/// many: the chance for 128 evenly filled buckets, where four chunks measured
/// 0.9–1.1 of one's time (faster with fewer buckets but two, slower with more).
/// Two even buckets measured 1.1; a split's few buckets are skewed top bytes,
/// as `f32` with two exponents (whole sorts 0.90–0.94).
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

/// Most bytes that [`lsd_passes`] counts in one read (those of a `u64`); wider
/// radixes count each byte before its pass.
const FUSED_BYTES: usize = 8;

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
        // A shift known when the loop compiles: a fifth faster in L1 than one in
        // a register (4096 `f32`, measured). The guards are constants: a radix
        // compiles only the bytes it has (any digit may take the last arm).
        if CHECKED {
            // One scatter for every byte: the recomputed key is the inner
            // loop's cost, and each checked engine compiles one loop, not eight.
            scatter::<CHECKED, T>(src, dst, &mut starts, byte);
            in_buf = !in_buf;
            continue;
        }
        match digit {
            0 => scatter_byte::<CHECKED, T, R, 0>(src, dst, &mut starts, radix),
            1 if const { R::BITS > 8 } => {
                scatter_byte::<CHECKED, T, R, 1>(src, dst, &mut starts, radix);
            }
            2 if const { R::BITS > 16 } => {
                scatter_byte::<CHECKED, T, R, 2>(src, dst, &mut starts, radix);
            }
            3 if const { R::BITS > 24 } => {
                scatter_byte::<CHECKED, T, R, 3>(src, dst, &mut starts, radix);
            }
            4 if const { R::BITS > 32 } => {
                scatter_byte::<CHECKED, T, R, 4>(src, dst, &mut starts, radix);
            }
            5 if const { R::BITS > 40 } => {
                scatter_byte::<CHECKED, T, R, 5>(src, dst, &mut starts, radix);
            }
            6 if const { R::BITS > 48 } => {
                scatter_byte::<CHECKED, T, R, 6>(src, dst, &mut starts, radix);
            }
            7 if const { R::BITS > 56 } => {
                scatter_byte::<CHECKED, T, R, 7>(src, dst, &mut starts, radix);
            }
            _ => scatter::<CHECKED, T>(src, dst, &mut starts, byte),
        }
        in_buf = !in_buf;
    }
    in_buf
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

/// How many records of `v` (at most `u32::MAX`) have each value of each of the
/// low `bytes` bytes of their radix (`2 <= bytes <= FUSED_BYTES`), in one read.
fn count_bytes<T, R: Radix>(
    v: &[T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) -> [[u32; BUCKETS]; FUSED_BYTES] {
    // Five to seven bytes are counted as eight (the radix has 64 bits or more, and
    // the bytes above `bytes` are the same in every record): fewer copies. The
    // guards are constants: a radix compiles only the widths it has (`bytes` is
    // at most `R::BITS / 8`).
    match bytes {
        3 if const { R::BITS >= 24 } => count_fixed::<T, R, 3>(v, radix),
        4 if const { R::BITS >= 32 } => count_fixed::<T, R, 4>(v, radix),
        5.. if const { R::BITS >= 64 } => count_fixed::<T, R, 8>(v, radix),
        _ => count_fixed::<T, R, 2>(v, radix),
    }
}

/// [`count_bytes`] for `B` bytes, unrolled. Two sets of tables count the even
/// and the odd records, so that a byte every record shares (the top of a
/// bucket) does not chain each increment on the one before.
fn count_fixed<T, R: Radix, const B: usize>(
    v: &[T],
    radix: &impl Fn(&T) -> R,
) -> [[u32; BUCKETS]; FUSED_BYTES] {
    let mut even = [[0_u32; BUCKETS]; FUSED_BYTES];
    let mut odd = [[0_u32; BUCKETS]; FUSED_BYTES];
    let pairs = v.chunks_exact(2);
    let rest = pairs.remainder();
    for pair in pairs {
        let (a, b) = (radix(&pair[0]), radix(&pair[1]));
        for d in 0..B {
            #[allow(clippy::cast_possible_truncation)] // a digit index is below 8
            let shift = d as u32 * DIGIT_BITS;
            even[d][a.shr_usize(shift) & (BUCKETS - 1)] += 1;
            odd[d][b.shr_usize(shift) & (BUCKETS - 1)] += 1;
        }
    }
    for x in rest {
        let a = radix(x);
        for (d, table) in even.iter_mut().enumerate().take(B) {
            #[allow(clippy::cast_possible_truncation)] // a digit index is below 8
            let shift = d as u32 * DIGIT_BITS;
            table[a.shr_usize(shift) & (BUCKETS - 1)] += 1;
        }
    }
    for (e, o) in even.iter_mut().zip(&odd).take(B) {
        for (e, &o) in e.iter_mut().zip(o) {
            *e += o;
        }
    }
    even
}

/// How many records have each digit: `digit` is a pure function of the record,
/// below `N`, a power of two (each digit is masked to `N − 1`, which keeps it and
/// saves the bounds check). Four tables (see [`count_into`]).
pub(crate) fn count_digit<T, const N: usize>(
    v: &[T],
    mut digit_below_n: impl FnMut(&T) -> usize,
) -> [usize; N] {
    const { assert!(N.is_power_of_two()) };
    let mut total = [0; N];
    count_into::<T, N, 4>(v, |x| digit_below_n(x) & (N - 1), &mut total);
    total
}

/// Adds to `total[d]` how many records of `v` have digit `d`, for each `d` below
/// `total.len()`; `digit` is a pure function of the record, below `N` (at most
/// 2^16), and the digits from `total.len()` to `N` are counted and dropped.
///
/// The digits of each run of [`DIGIT_RUN`] records are computed first, into a
/// buffer (a loop without stores to the tables, which vectorizes), then counted.
/// `K` tables of `N` `u32` counters take the records in turn, so that a run of
/// one digit does not chain every increment on the one before; a block of 2^30
/// records cannot overflow them.
pub(crate) fn count_into<T, const N: usize, const K: usize>(
    v: &[T],
    mut digit: impl FnMut(&T) -> usize,
    total: &mut [usize],
) {
    const { assert!(N <= 1 << 16 && K > 0) };
    // The bounds check, as cheap as it gets: a digit is below `N`.
    let below_n = |d: u16| {
        if N.is_power_of_two() {
            usize::from(d) & (N - 1)
        } else {
            usize::from(d).min(N - 1)
        }
    };
    let mut digits = [0_u16; DIGIT_RUN];
    for block in v.chunks(1 << 30) {
        #[allow(clippy::large_stack_arrays)]
        let mut tables = [[0_u32; N]; K];
        for run in block.chunks(DIGIT_RUN) {
            let digits = &mut digits[..run.len()];
            for (d, x) in digits.iter_mut().zip(run) {
                // A digit is below `N <= 2^16`: it fits.
                #[allow(clippy::cast_possible_truncation)]
                let narrow = digit(x) as u16;
                *d = narrow;
            }
            let groups = digits.chunks_exact(K);
            let rest = groups.remainder();
            for group in groups {
                for (table, &d) in tables.iter_mut().zip(group) {
                    table[below_n(d)] += 1;
                }
            }
            for &d in rest {
                tables[0][below_n(d)] += 1;
            }
        }
        for table in &tables {
            for (t, &c) in total.iter_mut().zip(table) {
                *t += c as usize;
            }
        }
    }
}

/// Records whose digits [`count_into`] computes before it counts them.
const DIGIT_RUN: usize = 64;

/// Replaces counts by the index where each bucket starts.
fn exclusive_prefix_sum(counts: &mut [usize]) {
    let mut sum = 0;
    for c in counts {
        let here = *c;
        *c = sum;
        sum += here;
    }
}

/// Moves every record of `src` to `dst` at the next free index of its bucket.
///
/// `starts` must be where each bucket of `src`'s records by `digit` starts in
/// `dst`: the exclusive prefix sums of the counts of `src` by the same `digit`, a
/// pure function of the record unless `CHECKED` ([`scatter_checked`]).
fn scatter<const CHECKED: bool, T: Copy>(
    src: &[T],
    dst: &mut [T],
    starts: &mut [usize],
    digit: impl Fn(&T) -> usize,
) {
    assert!(
        src.len() == dst.len(),
        "scatter: buffers of different lengths"
    );
    if CHECKED {
        scatter_checked(src, dst, starts, digit);
        return;
    }
    let out = dst.as_mut_ptr();
    for x in src {
        let d = digit(x);
        let at = starts[d];
        debug_assert!(at < dst.len());
        // SAFETY: bucket `d` starts at `starts[d]` as passed in and holds exactly
        // as many records of `src` as have digit `d` (counted with the same pure
        // `digit`), so the indices written for it stay below the next bucket's
        // start, and the last bucket's below `src.len() == dst.len()`: `at` is in
        // bounds, and no index is written twice.
        unsafe { out.add(at).write(*x) };
        starts[d] = at + 1;
    }
}

/// [`scatter`] for a `digit` that may answer differently than when the records
/// were counted, or panic. Each write is checked to stay inside its bucket's
/// range; a record whose bucket is full is not written. If one was not, some
/// bucket is short of records (the counts and the writes both total
/// `src.len()`): `dst` becomes a copy of `src` (that pass's order is lost).
/// If `digit` panics, `dst` becomes a copy of `src` before the panic goes on.
/// Either way `dst` ends a permutation of `src`.
fn scatter_checked<T: Copy>(
    src: &[T],
    dst: &mut [T],
    starts: &mut [usize],
    digit: impl Fn(&T) -> usize,
) {
    let buckets = starts.len();
    let mut ends = [0; SPLIT_MAX];
    let ends = &mut ends[..buckets];
    for (e, &s) in ends
        .iter_mut()
        .zip(starts.iter().skip(1).chain([&dst.len()]))
    {
        *e = s;
    }
    let guard = Restore { src, dst };
    let mut whole = true;
    for x in src {
        let d = digit(x);
        let at = starts[d];
        if at < ends[d] {
            guard.dst[at] = *x;
            starts[d] = at + 1;
        } else {
            whole = false;
        }
    }
    if whole {
        core::mem::forget(guard);
    }
}
