//! The reads of the slice that the joint passes
//! ([`narrow_joint`](super::narrow_joint)) ask for: the next digit counted
//! under several prefixes at once, and the records under them gathered.
//!
//! The reads themselves are a [`Reads`]: [`InOrder`] on the calling thread, or
//! the parallel form of `par_quantiles`, which splits the same functions over
//! chunks. Each read's loop (the first pass, in `ranged.rs`; the counting of
//! prefixes of one length; the gathering) is a kernel of `dispatch::vectorized`, built for AVX2
//! where the CPU has it: the tests of 64-bit radices against the prefixes are
//! scalar in the baseline x86-64 build (no 64-bit vector compares before
//! SSE4.1), and were most of the time of an `f64` call.

use crate::dispatch::{self, Isa, Kernel};
use crate::sort::engine::radix::{Count, Radix};
use crate::sort::engine::select::{Digits, JOINT, SPARSE_BLOCK, digit_after};

/// A prefix under way: its bits, their number, the records it holds.
pub(crate) type Key<R> = (R, u32, usize);

/// Most distinct prefixes one step of [`narrow_joint`](super::narrow_joint)
/// considers: the two order statistics of each of four probabilities.
pub(crate) const KEYS: usize = 8;

/// The reads of the slice that [`narrow_joint`](super::narrow_joint) asks for.
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
    pub(crate) fn new(keys: &[Key<R>]) -> Self {
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

/// Calls `push` with the radix of every record of `v` under one of `keys`
/// ([`records`]).
pub(crate) fn gather<T, R: Radix, const K: usize>(
    v: &[T],
    keys: &Prefixes<R, K>,
    radix: &mut impl FnMut(&T) -> R,
    push: &mut dyn FnMut(R),
) {
    records(v, keys, radix, &mut |_, r| push(r));
}

/// Calls `push` with every record of `v` under one of `keys`, in input order,
/// and its radix: each block of [`SPARSE_BLOCK`] records is tested whole first
/// (which vectorizes; the prefixes hold few records), in the copy for the
/// CPU's vector instructions (`dispatch::vectorized`).
pub(crate) fn records<T, R: Radix, const K: usize>(
    v: &[T],
    keys: &Prefixes<R, K>,
    radix: &mut impl FnMut(&T) -> R,
    push: &mut dyn FnMut(&T, R),
) {
    dispatch::vectorized(Gather {
        v,
        keys,
        radix,
        push,
    });
}

/// [`records`]'s loop, a kernel of `dispatch::vectorized`.
struct Gather<'a, T, R, F, const K: usize> {
    v: &'a [T],
    keys: &'a Prefixes<R, K>,
    radix: &'a mut F,
    push: &'a mut dyn FnMut(&T, R),
}

impl<T, R: Radix, F: FnMut(&T) -> R, const K: usize> Kernel for Gather<'_, T, R, F, K> {
    type Output = ();
    #[allow(clippy::inline_always)] // built into each copy `vectorized` makes
    #[inline(always)]
    fn run<L: Isa>(self) {
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
                        push(x, r);
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

/// One pass of [`narrow_joint`](super::narrow_joint) where every prefix (at
/// most `K`) has the same length, so that a record matches one prefix at most:
/// the record's top bits are compared with every prefix at once, without a
/// branch; prefix `i`'s counts are `flat[i << bits..]`.
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
    fn run<L: Isa>(self) {
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

/// One pass of [`narrow_joint`](super::narrow_joint) with prefixes of several
/// lengths (a record may match more than one): each record is tested against
/// every prefix and adds whether it matches to that prefix's counts
/// (`flat[i << bits..]`), without a branch (which the data would mispredict);
/// where `group` (the records the prefixes hold) is at most one in
/// [`SPARSE_BLOCK`], each block is first tested whole.
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
