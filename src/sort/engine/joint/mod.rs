//! Several ranks selected together (`select_many`, and the quantiles' order
//! statistics): a first pass, its digit taken from a sample of the slice, and
//! narrower ones, the ranks narrowed together, each read of the slice shared,
//! until the records left are few enough to be gathered on the stack and
//! sorted.
//!
//! # The first digit, from a sample
//!
//! A fixed first digit (the top bits of the radix: sign and exponent) splits
//! skewed data poorly: log-normal `f64` puts most values in a handful of its
//! buckets, and every later pass then counts many records. The first pass here
//! sorts a sample of [`SAMPLE`](super::ranged::SAMPLE) records spread over
//! the slice first and picks its digit ([`Ranged`], in `ranged.rs`) among
//! three candidates by how finely each splits the sample: the bits that vary
//! among the sampled radices, their prefixes spanning a quarter or a half of
//! the buckets (the rest room on either side for the tails), or the fixed top
//! bits (better where the data spans many binades: uniform data crowds the top
//! ones). The records below or above the covered prefixes have a bucket each,
//! and the largest radix (the quantiles' NaNs) one of its own, so the same
//! read counts them. A rank that falls below or above (a sample that missed
//! the tails) is narrowed from nothing by the later passes, as without the
//! first pass: the counts are exact whatever the sample, so only the speed
//! depends on it.
//!
//! # Gathering
//!
//! Each later pass reads the whole slice, however few records the prefixes
//! still hold. Once the open prefixes hold at most [`Digits::GATHER`] records in
//! all (512 for the wide digits), one read copies their radices to the stack,
//! they are sorted, and every open rank is read off: the passes that the
//! remaining digits would take (up to five for `f64`) are one. Where the radix
//! does not give the key back (`NanLast`'s ties), one more read finds every
//! rank's record ([`find`]).
//!
//! The reads themselves are a [`Reads`]: [`InOrder`] on the calling thread, or
//! the parallel form of `par_quantiles`, which splits the same functions over
//! chunks. Each read's loop (the first pass, the counting of prefixes of one
//! length, the gathering) is a kernel of `dispatch::vectorized`, built for AVX2
//! where the CPU has it: the tests of 64-bit radices against the prefixes are
//! scalar in the baseline x86-64 build (no 64-bit vector compares before
//! SSE4.1), and were most of the time of an `f64` call.

use super::radix::{Count, Radix};
use super::ranged::Ranged;
use super::select::{
    Digits, JOINT, Narrow, Narrowed, SPARSE_BLOCK, Wide, digit_after, narrow_by, wide,
};
use crate::dispatch::{self, Isa, Kernel};

/// Ranks narrowed from one first pass (`select_many`): more wait for another
/// first pass, so that its counts need not stay on the stack beside the
/// narrower passes' tables.
pub(crate) const MANY: usize = 16;

/// The records at several ranks of the stable order by `radix`: `out[i]` is the
/// record at rank `ranks[i]` (`None` past the end); `exact` rebuilds a key from
/// its full radix where the radix determines the key bit for bit. Per
/// [`MANY`] ranks, one first pass by a digit from a sample, then the joint
/// passes of [`narrow_joint`] (and, without `exact`, one read that finds the
/// records: [`find`]).
pub(crate) fn select_many<T: Copy, R: Radix>(
    v: &[T],
    ranks: &[usize],
    out: &mut [Option<T>],
    mut radix: impl FnMut(&T) -> R,
    exact: Option<fn(R) -> T>,
) {
    if wide(v.len()) {
        select_many_in::<Wide, T, R>(v, ranks, out, &mut radix, exact);
    } else {
        select_many_in::<Narrow, T, R>(v, ranks, out, &mut radix, exact);
    }
}

/// [`select_many`] with the digits `D`.
fn select_many_in<D: Digits, T: Copy, R: Radix>(
    v: &[T],
    ranks: &[usize],
    out: &mut [Option<T>],
    radix: &mut impl FnMut(&T) -> R,
    exact: Option<fn(R) -> T>,
) {
    let n = v.len();
    out.fill(None);
    if !ranks.iter().any(|&k| k < n) {
        return;
    }
    let ranged = Ranged::sample::<D, T>(v, radix);
    for (ks, os) in ranks.chunks(MANY).zip(out.chunks_mut(MANY)) {
        if !ks.iter().any(|&k| k < n) {
            continue;
        }
        let mut states = [None; MANY];
        let states = &mut states[..ks.len()];
        first_states::<D, T, R>(v, &ranged, radix, ks, states);
        narrow_joint::<D, R>(
            states,
            &mut InOrder {
                v,
                radix: &mut *radix,
            },
            exact.is_some(),
        );
        match exact {
            // Narrowed to their full radix (`whole`).
            Some(from_radix) => {
                for (o, s) in os.iter_mut().zip(&*states) {
                    *o = s.map(|s| from_radix(s.prefix));
                }
            }
            None => find::<T, R>(v, states, radix, os),
        }
    }
}

/// The states of the ranks `ks` after one first pass of `v` by `ranged`'s
/// digit (`None` past the end). Not inlined: the counts leave the stack before
/// the narrower passes.
#[inline(never)]
fn first_states<D: Digits, T, R: Radix>(
    v: &[T],
    ranged: &Ranged<R>,
    radix: &mut impl FnMut(&T) -> R,
    ks: &[usize],
    states: &mut [Option<Narrowed<R>>],
) {
    let mut first = D::ZEROS;
    ranged.count::<D, T>(v, radix, &mut first);
    for (s, &k) in states.iter_mut().zip(ks) {
        *s = ranged.narrow::<D>(k, v.len(), &first);
    }
}

/// The record of each state, in one read of `v`: `out[i]` is the record at rank
/// `states[i].rank`, in input order, among those whose radix starts with
/// `states[i]`'s prefix (`None` for no state, or when the read does not hold
/// the rank). At most [`MANY`] states; each block of [`SPARSE_BLOCK`] records
/// is tested whole first (the prefixes hold few records, or the ranks' ties).
fn find<T: Copy, R: Radix>(
    v: &[T],
    states: &[Option<Narrowed<R>>],
    radix: &mut impl FnMut(&T) -> R,
    out: &mut [Option<T>],
) {
    let mut keys = [(R::ZERO, 0_u32, 0_usize); MANY];
    let mut d = 0;
    for s in states.iter().flatten() {
        if !keys[..d].iter().any(|k| (k.0, k.1) == (s.prefix, s.known)) {
            keys[d] = (s.prefix, s.known, s.group);
            d += 1;
        }
    }
    // The records each state still skips before its own.
    let mut skip = [0; MANY];
    for (k, s) in skip.iter_mut().zip(states) {
        *k = s.map_or(0, |s| s.rank);
    }
    let mut push = |x: &T, r: R| {
        for ((o, s), k) in out.iter_mut().zip(states).zip(&mut skip) {
            if let Some(s) = s
                && o.is_none()
                && r.high(s.known) == s.prefix
            {
                if *k == 0 {
                    *o = Some(*x);
                } else {
                    *k -= 1;
                }
            }
        }
    };
    // The prefixes are tested on every record: no more slots than needed.
    let keys = &keys[..d];
    match d {
        0 => {}
        1..=2 => records(v, &Prefixes::<R, 2>::new(keys), radix, &mut push),
        3..=4 => records(v, &Prefixes::<R, 4>::new(keys), radix, &mut push),
        5..=KEYS => records(v, &Prefixes::<R, KEYS>::new(keys), radix, &mut push),
        _ => records(v, &Prefixes::<R, MANY>::new(keys), radix, &mut push),
    }
}

/// A prefix under way: its bits, their number, the records it holds.
pub(crate) type Key<R> = (R, u32, usize);

/// Most distinct prefixes one step of [`narrow_joint`] considers: the two
/// order statistics of each of four probabilities.
const KEYS: usize = 8;

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
fn records<T, R: Radix, const K: usize>(
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
