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
//! The reads of the slice that these passes ask for, and their counting and
//! gathering loops, are in [`reads`].

use super::radix::Radix;
use super::ranged::Ranged;
use super::select::{Digits, JOINT, Narrow, Narrowed, Wide, narrow_by, wide};
use reads::{InOrder, KEYS, Key, Prefixes, Reads, records};

pub(crate) mod reads;

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
/// the rank). At most [`MANY`] states; each block of
/// [`SPARSE_BLOCK`](super::select::SPARSE_BLOCK) records is tested whole first
/// (the prefixes hold few records, or the ranks' ties).
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
