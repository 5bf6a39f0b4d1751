//! The quantiles' passes: the first one, its digit taken from a sample of
//! the slice, and the narrower ones, the order statistics of several
//! probabilities narrowed together, each read of the slice shared, until the
//! records left are few enough to be gathered on the stack and sorted.
//!
//! # The first digit, from a sample
//!
//! A fixed first digit (the top bits of the radix: sign and exponent) splits
//! skewed data poorly: log-normal `f64` puts most values in a handful of its
//! buckets, and every later pass then counts many records. The first pass here
//! sorts a sample of [`SAMPLE`] records spread over the slice first and picks
//! its digit ([`Ranged`]) among three candidates by how finely each splits the
//! sample: the bits that vary among the sampled numbers, their prefixes
//! spanning a quarter or a half of the buckets (the rest room on either side
//! for the tails), or the fixed top bits (better where the data spans many
//! binades: uniform data crowds the top ones). The records below or above the
//! covered prefixes have a bucket each, and the NaNs (the largest radix) one of
//! their own, so the same read counts them. A rank that falls below or above
//! (a sample that missed the tails) is narrowed from nothing by the later
//! passes, as without the first pass: the counts are exact whatever the
//! sample, so only the speed depends on it.
//!
//! # Gathering
//!
//! Each later pass reads the whole slice, however few records the prefixes
//! still hold. Once the open prefixes hold at most [`Digits::GATHER`] records in
//! all (512 for the wide digits), one read copies their radices to the stack,
//! they are sorted, and every open rank is read off: the passes that the
//! remaining digits would take (up to five for `f64`) are one.
//!
//! The reads themselves are a [`Reads`]: [`InOrder`] on the calling thread, or
//! the parallel form of `par_quantiles`, which splits the same functions over
//! chunks. Each read's loop (the first pass, the counting of prefixes of one
//! length, the gathering) is a kernel of `dispatch::vectorized`, built for AVX2
//! where the CPU has it: the tests of 64-bit radices against the prefixes are
//! scalar in the baseline x86-64 build (no 64-bit vector compares before
//! SSE4.1), and were most of the time of an `f64` call.

use crate::dispatch::{self, Kernel, Level};
use crate::sort::radix::{Count, Radix};
use crate::sort::select::{Digits, JOINT, Narrowed, SPARSE_BLOCK, digit_after, narrow_by};

/// Records the first pass's digit is chosen from, spread evenly over the slice.
pub(crate) const SAMPLE: usize = 256;

/// A prefix under way: its bits, their number, the records it holds.
pub(crate) type Key<R> = (R, u32, usize);

/// Most distinct prefixes one step of [`narrow_joint`] considers: the two
/// order statistics of each of four probabilities.
const KEYS: usize = 8;

/// The first pass's digit: the top `known` bits of a radix, less `base`, in
/// buckets `1..=slots`; bucket 0 holds the records below `base`, `slots + 1`
/// those above, and `N − 1` the largest radix alone (the NaNs).
#[derive(Clone, Copy)]
pub(crate) struct Ranged<R> {
    known: u32,
    base: R,
    slots: usize,
}

impl<R: Radix> Ranged<R> {
    /// The digit for the digits `D` that splits a sample of `v` best: up to
    /// [`SAMPLE`] records spread evenly over it (at most [`Digits::GATHER`]),
    /// sorted, and each candidate digit scored by the records the sample
    /// predicts a rank's bucket to hold (a bucket below or above the covered
    /// prefixes counts as the whole sample: its rank starts over). The
    /// candidates: the bits that vary among the sampled numbers (radices below
    /// `R::MAX`), spanning a quarter or half of the buckets, the rest room for
    /// the tails; and the top bits (what a fixed digit reads), which split data
    /// of many binades (uniform data's radices crowd the top binades) better.
    /// Not inlined: the sample leaves the stack before the pass.
    #[inline(never)]
    pub(crate) fn sample<D: Digits, T>(v: &[T], radix: &mut impl FnMut(&T) -> R) -> Self {
        let mut buffer = D::gathered::<R>();
        let buffer = buffer.as_mut();
        let size = buffer.len().min(SAMPLE);
        let step = (v.len() / size).max(1);
        let mut len = 0;
        for x in v.iter().step_by(step).take(size) {
            let r = radix(x);
            if r != R::MAX {
                buffer[len] = r;
                len += 1;
            }
        }
        let sample = &mut buffer[..len];
        sample.sort_unstable();
        let (lo, hi) = match sample {
            [] => (R::ZERO, R::ZERO),
            [lo, .., hi] => (*lo, *hi),
            [one] => (*one, *one),
        };
        let top = Self::with::<D>(D::BITS.min(R::BITS), R::ZERO);
        [D::N / 4, D::N / 2]
            .map(|span| {
                let mut known = R::BITS;
                while known > 0 && hi.high(known).offset(lo.high(known), span) >= span {
                    known -= 1;
                }
                Self::with::<D>(known, lo.high(known).sub_usize((D::N - 3 - span) / 2))
            })
            .into_iter()
            .fold(top, |best, c| {
                if c.score::<D>(sample) < best.score::<D>(sample) {
                    c
                } else {
                    best
                }
            })
    }

    /// The digit of the top `known` bits from prefix `base`.
    fn with<D: Digits>(known: u32, base: R) -> Self {
        // The top prefix (that of the NaNs' radix) is never a bucket of its own,
        // so that a bucket's records are exactly its prefix's.
        let slots = (D::N - 3).min(R::MAX.high(known).offset(base, D::N));
        Self { known, base, slots }
    }

    /// The sum of the squares of the sorted `sample`'s buckets (the records of
    /// a random rank's bucket, times the sample's size), a bucket below or
    /// above the covered prefixes counted as the whole sample.
    fn score<D: Digits>(&self, sample: &[R]) -> usize {
        let mut score = 0;
        let mut rest = sample;
        while let Some(&first) = rest.first() {
            let d = self.digit::<D>(first);
            let run = rest.partition_point(|&r| self.digit::<D>(r) == d);
            let weight = if d == 0 || d > self.slots {
                sample.len()
            } else {
                run
            };
            score += run * weight;
            rest = &rest[run..];
        }
        score
    }

    /// The bucket of radix `r`.
    #[allow(clippy::inline_always)] // built into each copy of the first pass
    #[inline(always)]
    fn digit<D: Digits>(&self, r: R) -> usize {
        let p = r.high(self.known);
        let at = (1 + p.offset(self.base, self.slots)) * usize::from(p >= self.base);
        if r == R::MAX { D::N - 1 } else { at }
    }

    /// Adds to `counts` the buckets of the records of `v` (one read).
    pub(crate) fn count<D: Digits, T>(
        &self,
        v: &[T],
        radix: &mut impl FnMut(&T) -> R,
        counts: &mut D::Counts,
    ) {
        // Not inlined: its tables are on the stack only while it runs.
        #[inline(never)]
        fn count<D: Digits, T, R: Radix>(
            ranged: &Ranged<R>,
            v: &[T],
            radix: &mut impl FnMut(&T) -> R,
            counts: &mut D::Counts,
        ) {
            dispatch::vectorized(First::<D, T, R, _> {
                ranged,
                v,
                radix,
                counts,
            });
        }
        count::<D, T, R>(self, v, radix, counts);
    }

    /// The records whose radix is `R::MAX` (the NaNs), from the counts.
    pub(crate) fn largest<D: Digits>(counts: &D::Counts) -> usize {
        counts.as_ref()[D::N - 1].get()
    }

    /// The state of rank `rank` (of `n` records) after the first pass's
    /// `counts`: its bucket's prefix, or nothing fixed when the rank is below
    /// or above the covered prefixes; `None` when the counts do not hold it.
    pub(crate) fn narrow<D: Digits>(
        &self,
        rank: usize,
        n: usize,
        counts: &D::Counts,
    ) -> Option<Narrowed<R>> {
        let mut before = 0;
        for (b, &c) in counts.as_ref().iter().enumerate() {
            let c = c.get();
            if rank < before + c {
                let (prefix, known) = match b {
                    _ if b == D::N - 1 => (R::MAX, R::BITS),
                    1.. if b <= self.slots => (self.base.add_usize(b - 1), self.known),
                    _ => return Some(Narrowed::start(rank, n)),
                };
                return Some(Narrowed {
                    prefix,
                    known,
                    rank: rank - before,
                    group: c,
                });
            }
            before += c;
        }
        None
    }
}

/// [`Ranged::count`]'s loop, a kernel of `dispatch::vectorized`.
struct First<'a, D: Digits, T, R, F> {
    ranged: &'a Ranged<R>,
    v: &'a [T],
    radix: &'a mut F,
    counts: &'a mut D::Counts,
}

impl<D: Digits, T, R: Radix, F: FnMut(&T) -> R> Kernel for First<'_, D, T, R, F> {
    type Output = ();
    #[allow(clippy::inline_always)] // built into each copy `vectorized` makes
    #[inline(always)]
    fn run<L: Level>(self) {
        let Self {
            ranged,
            v,
            radix,
            counts,
        } = self;
        D::count_dense_inline(v, |x| ranged.digit::<D>(radix(x)), counts);
    }
}

/// The reads of the slice that [`narrow_joint`] asks for.
pub(crate) trait Reads<D: Digits, R: Radix> {
    /// Adds the next digit (of at most `bits` bits) of the records under
    /// `keys[i]` to the `i`-th `2^bits` counters of `counts` (read as one
    /// table: `keys.len() << bits` counters at most `JOINT · N`).
    fn count(&mut self, keys: &[Key<R>], bits: u32, counts: &mut [D::Counts; JOINT]);
    /// Calls `push` with the radix of every record under one of `keys`.
    fn gather<const K: usize>(&mut self, keys: &Prefixes<R, K>, push: &mut dyn FnMut(R));
}

/// The reads of `v` on the calling thread.
pub(crate) struct InOrder<'a, T, F> {
    /// The slice.
    pub(crate) v: &'a [T],
    /// Its radix function.
    pub(crate) radix: F,
}

impl<D: Digits, T, R: Radix, F: FnMut(&T) -> R> Reads<D, R> for InOrder<'_, T, F> {
    fn count(&mut self, keys: &[Key<R>], bits: u32, counts: &mut [D::Counts; JOINT]) {
        count_keys::<D, T, R>(self.v, keys, bits, &mut self.radix, counts);
    }
    fn gather<const K: usize>(&mut self, keys: &Prefixes<R, K>, push: &mut dyn FnMut(R)) {
        gather(self.v, keys, &mut self.radix, push);
    }
}

/// The reads of `v` on rayon's threads (`par_quantiles`): the same functions as
/// [`InOrder`]'s, on chunks of `chunk` records, their counts added and their
/// radices gathered.
#[cfg(feature = "rayon")]
pub(crate) struct InChunks<'a, T, F> {
    /// The slice.
    pub(crate) v: &'a [T],
    /// Records per task.
    pub(crate) chunk: usize,
    /// Its radix function.
    pub(crate) radix: F,
}

#[cfg(feature = "rayon")]
impl<D: Digits, T: Sync, R: Radix, F: Fn(&T) -> R + Sync> Reads<D, R> for InChunks<'_, T, F> {
    fn count(&mut self, keys: &[Key<R>], bits: u32, counts: &mut [D::Counts; JOINT]) {
        use rayon::prelude::*;
        let radix = &self.radix;
        let sum = self
            .v
            .par_chunks(self.chunk)
            .map(|c| {
                let mut counts = [D::ZEROS; JOINT];
                count_keys::<D, T, R>(c, keys, bits, &mut |x| radix(x), &mut counts);
                counts
            })
            .reduce(
                || [D::ZEROS; JOINT],
                |mut a, b| {
                    for (x, y) in a.iter_mut().zip(&b) {
                        for (x, y) in x.as_mut().iter_mut().zip(y.as_ref()) {
                            *x = x.plus(y.get());
                        }
                    }
                    a
                },
            );
        for (x, y) in counts.iter_mut().zip(&sum) {
            for (x, y) in x.as_mut().iter_mut().zip(y.as_ref()) {
                *x = x.plus(y.get());
            }
        }
    }
    fn gather<const K: usize>(&mut self, keys: &Prefixes<R, K>, push: &mut dyn FnMut(R)) {
        use rayon::prelude::*;
        let radix = &self.radix;
        let found = self
            .v
            .par_chunks(self.chunk)
            .map(|c| {
                let mut found = alloc::vec::Vec::new();
                gather(c, keys, &mut |x| radix(x), &mut |r| found.push(r));
                found
            })
            .reduce(alloc::vec::Vec::new, |mut a, b| {
                a.extend(b);
                a
            });
        found.into_iter().for_each(push);
    }
}

/// Up to `K` prefixes as masks and patterns: a record is under one when its
/// radix masked is the pattern (the unused slots: mask 0, pattern all ones,
/// which nothing matches).
#[derive(Clone, Copy)]
pub(crate) struct Prefixes<R, const K: usize> {
    mask: [R; K],
    pattern: [R; K],
}

impl<R: Radix, const K: usize> Prefixes<R, K> {
    fn new(keys: &[Key<R>]) -> Self {
        let mut p = Self {
            mask: [R::ZERO; K],
            pattern: [R::MAX; K],
        };
        for ((m, t), &(prefix, known, _)) in p.mask.iter_mut().zip(&mut p.pattern).zip(keys) {
            *m = !R::MAX.high(R::BITS - known);
            *t = prefix.shl_or(R::BITS - known, 0);
        }
        p
    }

    /// Whether `r` is under one of the prefixes, without a branch.
    #[allow(clippy::needless_bitwise_bool)] // no branch per prefix: it vectorizes
    #[inline]
    fn matches(&self, r: R) -> bool {
        self.mask
            .iter()
            .zip(&self.pattern)
            .fold(false, |any, (&m, &t)| any | (r & m == t))
    }
}

/// Calls `push` with the radix of every record of `v` under one of `keys`:
/// each block of [`SPARSE_BLOCK`] records is tested whole first (which
/// vectorizes; the prefixes hold few records), in the copy for the CPU's
/// vector instructions (`dispatch::vectorized`).
pub(crate) fn gather<T, R: Radix, const K: usize>(
    v: &[T],
    keys: &Prefixes<R, K>,
    radix: &mut impl FnMut(&T) -> R,
    push: &mut dyn FnMut(R),
) {
    dispatch::vectorized(Gather {
        v,
        keys,
        radix,
        push,
    });
}

/// [`gather`]'s loop, a kernel of `dispatch::vectorized`.
struct Gather<'a, T, R, F, const K: usize> {
    v: &'a [T],
    keys: &'a Prefixes<R, K>,
    radix: &'a mut F,
    push: &'a mut dyn FnMut(R),
}

impl<T, R: Radix, F: FnMut(&T) -> R, const K: usize> Kernel for Gather<'_, T, R, F, K> {
    type Output = ();
    #[allow(clippy::inline_always)] // built into each copy `vectorized` makes
    #[inline(always)]
    fn run<L: Level>(self) {
        let Self {
            v,
            keys,
            radix,
            push,
        } = self;
        for block in v.chunks(SPARSE_BLOCK) {
            if block
                .iter()
                .fold(false, |any, x| any | keys.matches(radix(x)))
            {
                for x in block {
                    let r = radix(x);
                    if keys.matches(r) {
                        push(r);
                    }
                }
            }
        }
    }
}

/// [`Reads::count`] on `v`.
pub(crate) fn count_keys<D: Digits, T, R: Radix>(
    v: &[T],
    keys: &[Key<R>],
    bits: u32,
    radix: &mut impl FnMut(&T) -> R,
    counts: &mut [D::Counts; JOINT],
) {
    let group = keys.iter().fold(0_usize, |g, k| g.saturating_add(k.2));
    let flat = D::flat(counts);
    if keys.iter().any(|k| k.1 != keys[0].1) {
        count_joint::<D, T, R>(v, keys, bits, radix, group, flat);
    } else if keys.len() <= 2 {
        count_joint_one_length::<D, T, R, 2>(v, keys, bits, radix, group, flat);
    } else if keys.len() <= 4 {
        count_joint_one_length::<D, T, R, 4>(v, keys, bits, radix, group, flat);
    } else {
        count_joint_one_length::<D, T, R, KEYS>(v, keys, bits, radix, group, flat);
    }
}

/// Runs the remaining passes of several ranks together (the quantiles' order
/// statistics, after the first pass): each step reads the slice once, and
/// either gathers the records of every open prefix, when they are at most
/// [`Digits::GATHER`] in all, or counts the next digit under the [`JOINT`]
/// prefixes that hold the most; ranks whose prefixes agree (a quantile's two
/// neighbours, nearly always) share the reads. A state becomes `None` when the
/// reads do not hold its rank (only with a key function that answers
/// differently on two calls). With `whole`, every state is narrowed to its
/// full radix (for keys the radix gives back), else until one record is left.
pub(crate) fn narrow_joint<D: Digits, R: Radix>(
    states: &mut [Option<Narrowed<R>>],
    reads: &mut impl Reads<D, R>,
    whole: bool,
) {
    let open = |s: &Narrowed<R>| if whole { s.known < R::BITS } else { !s.done() };
    loop {
        let mut keys = [(R::ZERO, 0_u32, 0_usize); KEYS];
        let mut d = 0;
        for s in states.iter().flatten().filter(|s| open(s)) {
            if d < KEYS && !keys[..d].iter().any(|k| (k.0, k.1) == (s.prefix, s.known)) {
                keys[d] = (s.prefix, s.known, s.group);
                d += 1;
            }
        }
        if d == 0 {
            return;
        }
        let keys = &mut keys[..d];
        let total = keys.iter().fold(0_usize, |g, k| g.saturating_add(k.2));
        if total <= D::GATHER {
            gather_step::<D, R>(states, keys, total, reads);
        } else {
            count_step::<D, R>(states, keys, reads);
        }
    }
}

/// One counting step of [`narrow_joint`]: every open prefix's next digit in
/// one read, the tables shared (11 bits each for one or two prefixes, 10 for
/// three or four, 9 for up to eight, with the wide digits). Not inlined: its tables (16 KiB for
/// the wide digits) are on the stack only while it runs.
#[inline(never)]
fn count_step<D: Digits, R: Radix>(
    states: &mut [Option<Narrowed<R>>],
    keys: &[Key<R>],
    reads: &mut impl Reads<D, R>,
) {
    // The tables hold `JOINT · N` counters: each key takes an equal part.
    let bits = D::BITS + JOINT.trailing_zeros() - keys.len().next_power_of_two().trailing_zeros();
    let mut counts = [D::ZEROS; JOINT];
    reads.count(keys, bits, &mut counts);
    let flat = D::flat(&mut counts);
    for slot in states.iter_mut() {
        let Some(s) = *slot else { continue };
        if let Some(i) = keys.iter().position(|k| (k.0, k.1) == (s.prefix, s.known)) {
            *slot = narrow_by(s, &flat[i << bits..(i + 1) << bits], bits);
        }
    }
}

/// The gathering step of [`narrow_joint`]: the `total` records under `keys`
/// copied to the stack and sorted; each state under one of them gets its full
/// radix, its rank among that radix's records, and their number. Not inlined:
/// its buffer is on the stack only while it runs.
#[inline(never)]
fn gather_step<D: Digits, R: Radix>(
    states: &mut [Option<Narrowed<R>>],
    keys: &[Key<R>],
    total: usize,
    reads: &mut impl Reads<D, R>,
) {
    let mut buffer = D::gathered::<R>();
    let buffer = buffer.as_mut();
    let mut len = 0;
    let mut push = |r| {
        if let Some(slot) = buffer.get_mut(len) {
            *slot = r;
        }
        len += 1;
    };
    // The prefixes are tested on every record: no more slots than needed.
    match keys.len() {
        0..=2 => reads.gather(&Prefixes::<R, 2>::new(keys), &mut push),
        3..=4 => reads.gather(&Prefixes::<R, 4>::new(keys), &mut push),
        _ => reads.gather(&Prefixes::<R, KEYS>::new(keys), &mut push),
    }
    // Nested prefixes share records: `total` bounds `len`.
    let got = &mut buffer[..len.min(total)];
    got.sort_unstable();
    for slot in states.iter_mut() {
        let Some(s) = *slot else { continue };
        if !keys.iter().any(|k| (k.0, k.1) == (s.prefix, s.known)) {
            continue;
        }
        // The records under the prefix are a run of the sorted radices; it
        // holds the state's group unless the key function changed its answers.
        let start = got.partition_point(|&r| r < s.prefix.shl_or(R::BITS - s.known, 0));
        let run = got[start..].partition_point(|&r| r.high(s.known) == s.prefix);
        *slot = got[start..start + run]
            .get(s.rank)
            .filter(|_| len <= total && run == s.group)
            .map(|&r| {
                let first = got.partition_point(|&x| x < r);
                Narrowed {
                    prefix: r,
                    known: R::BITS,
                    rank: start + s.rank - first,
                    group: got.partition_point(|&x| x <= r) - first,
                }
            });
    }
}

/// One pass of [`narrow_joint`] where every prefix (at most `K`) has the same
/// length, so that a record matches one prefix at most: the record's top bits
/// are compared with every prefix at once, without a branch; prefix `i`'s
/// counts are `flat[i << bits..]`.
///
/// Where `group` (the records the prefixes hold) is at most one in
/// [`SPARSE_BLOCK`], each block is first tested whole (which vectorizes), and
/// only a block with a match is counted. Else every record is counted in the
/// table of the prefix it matches, without a branch.
#[inline(never)] // a frame of its own, its counts `narrow_joint`'s
fn count_joint_one_length<D: Digits, T, R: Radix, const K: usize>(
    v: &[T],
    keys: &[(R, u32, usize)],
    bits: u32,
    radix: &mut impl FnMut(&T) -> R,
    group: usize,
    flat: &mut [D::C],
) {
    dispatch::vectorized(OneLength::<D, T, R, _, K> {
        v,
        keys,
        bits,
        radix,
        group,
        flat,
    });
}

/// [`count_joint_one_length`]'s loop, a kernel of `dispatch::vectorized`.
struct OneLength<'a, D: Digits, T, R, F, const K: usize> {
    v: &'a [T],
    keys: &'a [(R, u32, usize)],
    bits: u32,
    radix: &'a mut F,
    group: usize,
    flat: &'a mut [D::C],
}

impl<D: Digits, T, R: Radix, F: FnMut(&T) -> R, const K: usize> Kernel
    for OneLength<'_, D, T, R, F, K>
{
    type Output = ();
    #[allow(clippy::inline_always)] // built into each copy `vectorized` makes
    #[inline(always)]
    fn run<L: Level>(self) {
        let Self {
            v,
            keys,
            bits,
            radix,
            group,
            flat,
        } = self;
        count_one_length::<D, T, R, K>(v, keys, bits, radix, group, flat);
    }
}

/// The body of [`OneLength`]'s copies.
#[allow(clippy::inline_always)] // built into each copy `vectorized` makes
#[inline(always)]
fn count_one_length<D: Digits, T, R: Radix, const K: usize>(
    v: &[T],
    keys: &[(R, u32, usize)],
    bits: u32,
    radix: &mut impl FnMut(&T) -> R,
    group: usize,
    flat: &mut [D::C],
) {
    let known = keys[0].1;
    let (width, shift) = digit_after::<R>(known, bits);
    let mask = (1 << width) - 1;
    // The unused slots hold all ones, which no top `known < BITS` bits are.
    let mut prefixes = [R::MAX; K];
    for (p, k) in prefixes.iter_mut().zip(keys) {
        *p = k.0;
    }
    // The prefix `r` matches, and whether it matches one.
    let which = |r: R| {
        let high = r.high(known);
        let (mut which, mut hit) = (0, false);
        for (i, &p) in prefixes.iter().enumerate() {
            let eq = high == p;
            which |= if eq { i } else { 0 };
            hit |= eq;
        }
        (which, hit)
    };
    if group.saturating_mul(SPARSE_BLOCK) <= v.len() {
        for block in v.chunks(SPARSE_BLOCK) {
            if block.iter().fold(false, |any, x| any | which(radix(x)).1) {
                for x in block {
                    let r = radix(x);
                    if let (i, true) = which(r) {
                        let c = &mut flat[i << bits | (r.shr_usize(shift) & mask)];
                        *c = c.plus(1);
                    }
                }
            }
        }
        return;
    }
    // Each record adds whether it matches, in the table of the prefix it
    // matches (table 0 where none: it adds 0), without a branch (which the data
    // would mispredict). The indexes of a run of records are computed first, in
    // a loop without stores to the tables (which vectorizes), then counted.
    let mut index = [0_u16; RUN];
    let mut add = [0_u8; RUN];
    for run in v.chunks(RUN) {
        for ((i, a), x) in index.iter_mut().zip(&mut add).zip(run) {
            let r = radix(x);
            let (table, hit) = which(r);
            // Below `JOINT · N ≤ 2^13`: it fits.
            #[allow(clippy::cast_possible_truncation)]
            let at = (table << bits | (r.shr_usize(shift) & mask)) as u16;
            *i = at;
            *a = u8::from(hit);
        }
        for (&i, &a) in index.iter().zip(&add).take(run.len()) {
            let c = &mut flat[usize::from(i)];
            *c = c.plus(usize::from(a));
        }
    }
}

/// Records whose table indexes the dense joint pass computes before it counts
/// them.
const RUN: usize = 64;

/// One pass of [`narrow_joint`] with prefixes of several lengths (a record may
/// match more than one): each record is tested against every prefix and adds
/// whether it matches to that prefix's counts (`flat[i << bits..]`), without
/// a branch (which the data would mispredict); where `group` (the records the
/// prefixes hold) is at most one in [`SPARSE_BLOCK`], each block is first
/// tested whole.
#[inline(never)] // a frame of its own, its counts `narrow_joint`'s
fn count_joint<D: Digits, T, R: Radix>(
    v: &[T],
    keys: &[(R, u32, usize)],
    bits: u32,
    radix: &mut impl FnMut(&T) -> R,
    group: usize,
    flat: &mut [D::C],
) {
    // Each prefix, its length, its counts' offset, and its next digit's shift
    // and mask.
    let mut digits = [(R::ZERO, 0, 0, 0, 0_usize); KEYS];
    for (i, (d, &(prefix, known, _))) in digits.iter_mut().zip(keys).enumerate() {
        let (width, shift) = digit_after::<R>(known, bits);
        *d = (prefix, known, i << bits, shift, (1 << width) - 1);
    }
    let digits = &digits[..keys.len()];
    let mut count = |r: R| {
        for &(prefix, known, at, shift, mask) in digits {
            let c = &mut flat[at | (r.shr_usize(shift) & mask)];
            *c = c.plus(usize::from(r.high(known) == prefix));
        }
    };
    if group.saturating_mul(SPARSE_BLOCK) <= v.len() {
        let matches = |r: R| {
            digits.iter().fold(false, |any, &(prefix, known, ..)| {
                any | (r.high(known) == prefix)
            })
        };
        for block in v.chunks(SPARSE_BLOCK) {
            if block.iter().fold(false, |any, x| any | matches(radix(x))) {
                for x in block {
                    count(radix(x));
                }
            }
        }
    } else {
        for x in v {
            count(radix(x));
        }
    }
}
