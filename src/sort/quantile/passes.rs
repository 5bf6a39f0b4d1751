//! The quantiles' passes after the first: the order statistics of several
//! probabilities narrowed together, each read of the slice shared.

use crate::sort::radix::{Count, Radix};
use crate::sort::select::{Digits, JOINT, Narrowed, SPARSE_BLOCK, digit_after, narrow};

/// Runs the remaining passes of several ranks together (the quantiles' order
/// statistics, after the shared [`first_pass`]): each pass is one read of `v`
/// that counts the next digit under up to [`JOINT`] distinct prefixes at once,
/// and ranks whose prefixes agree (a quantile's two neighbours, nearly always)
/// share the counts. A state becomes `None` when the counts do not hold its rank
/// (only with a key function that answers differently on two calls). With
/// `whole`, every state is narrowed to its full radix (for keys the radix gives
/// back), else until one record is left. Not inlined: its tables are on the
/// stack only while it runs.
#[inline(never)]
pub(crate) fn narrow_joint<D: Digits, T, R: Radix>(
    v: &[T],
    states: &mut [Option<Narrowed<R>>],
    radix: &mut impl FnMut(&T) -> R,
    whole: bool,
) {
    let open = |s: &Narrowed<R>| if whole { s.known < R::BITS } else { !s.done() };
    loop {
        let mut keys = [(R::ZERO, 0_u32, 0_usize); JOINT];
        let mut d = 0;
        for s in states.iter().flatten().filter(|s| open(s)) {
            if d < JOINT && !keys[..d].iter().any(|k| (k.0, k.1) == (s.prefix, s.known)) {
                keys[d] = (s.prefix, s.known, s.group);
                d += 1;
            }
        }
        if d == 0 {
            return;
        }
        let keys = &keys[..d];
        let group: usize = keys.iter().map(|k| k.2).sum();
        let mut counts = [D::ZEROS; JOINT];
        if keys.iter().all(|k| k.1 == keys[0].1) {
            count_joint_one_length::<D, T, R>(v, keys, radix, group, &mut counts);
        } else {
            count_joint::<D, T, R>(v, keys, radix, group, &mut counts);
        }
        for slot in states.iter_mut() {
            let Some(s) = *slot else { continue };
            if let Some(i) = keys.iter().position(|k| (k.0, k.1) == (s.prefix, s.known)) {
                *slot = narrow::<D, R>(s, &counts[i]);
            }
        }
    }
}

/// One pass of [`narrow_joint`] where every prefix has the same length, so that a
/// record matches one prefix at most: the record's top bits are compared with
/// every prefix at once, without a branch.
///
/// Where `group` (the records the prefixes hold) is at most one in
/// [`SPARSE_BLOCK`], each block is first tested whole (which vectorizes), and
/// only a block with a match is counted. Else every record is counted in the
/// table of the prefix it matches, without a branch (one table per prefix: no
/// second set, to keep the stack small).
#[inline(never)] // a frame of its own, its counts `narrow_joint`'s
fn count_joint_one_length<D: Digits, T, R: Radix>(
    v: &[T],
    keys: &[(R, u32, usize)],
    radix: &mut impl FnMut(&T) -> R,
    group: usize,
    total: &mut [D::Counts; JOINT],
) {
    let known = keys[0].1;
    let (width, shift) = digit_after::<R>(known, D::BITS);
    let mask = (1 << width) - 1;
    // The unused slots hold all ones, which no top `known < BITS` bits are.
    let mut prefixes = [R::MAX; JOINT];
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
                        let c = &mut total[i].as_mut()[r.shr_usize(shift) & mask];
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
    let flat = D::flat(total);
    let mut index = [0_u16; RUN];
    let mut add = [0_u8; RUN];
    for run in v.chunks(RUN) {
        for ((i, a), x) in index.iter_mut().zip(&mut add).zip(run) {
            let r = radix(x);
            let (table, hit) = which(r);
            // Below `JOINT · N ≤ 2^13`: it fits.
            #[allow(clippy::cast_possible_truncation)]
            let at = (table << D::BITS | (r.shr_usize(shift) & mask)) as u16;
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
/// match more than one): each record is tested against every prefix; where
/// `group` (the records the prefixes hold) is at most one in [`SPARSE_BLOCK`],
/// each block is first tested whole.
#[inline(never)] // a frame of its own, its counts `narrow_joint`'s
fn count_joint<D: Digits, T, R: Radix>(
    v: &[T],
    keys: &[(R, u32, usize)],
    radix: &mut impl FnMut(&T) -> R,
    group: usize,
    counts: &mut [D::Counts; JOINT],
) {
    let mut count = |r: R| {
        for (c, &(prefix, known, _)) in counts.iter_mut().zip(keys) {
            if r.high(known) == prefix {
                let (width, shift) = digit_after::<R>(known, D::BITS);
                let c = &mut c.as_mut()[r.shr_usize(shift) & ((1 << width) - 1)];
                *c = c.plus(1);
            }
        }
    };
    let matches = |r: R| {
        keys.iter()
            .any(|&(prefix, known, _)| r.high(known) == prefix)
    };
    if group.saturating_mul(SPARSE_BLOCK) <= v.len() {
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
