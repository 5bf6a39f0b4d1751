//! Radix selection: the record at one rank of the stable order, read-only.
//!
//! Each pass reads the slice once and counts the next 11-bit digit of the records
//! whose radix starts with the digits already fixed; the bucket that holds the
//! rank fixes the next digit. A record's radix is at most 128 bits, so at most 12
//! passes (3 for `f32`, 6 for `f64`) whatever the data: O(n) in the worst case.
//! A pass stops early once the rank's bucket holds a single record; the last
//! pass finds the record among those of the selected radix in input order (the
//! stable order's tie rule), unless the radix alone gives the key back.

use super::radix::{Radix, count_digit, count_into};

/// Bits of one selection digit: 2048 counters (16 KiB on a 64-bit target) on the
/// stack, three passes for a 32-bit radix.
pub(crate) const SELECT_BITS: u32 = 11;
/// Buckets of one selection digit.
pub(crate) const SELECT_BUCKETS: usize = 1 << SELECT_BITS;

/// What the passes so far have fixed: the top `known` bits of the radix at the
/// rank are `prefix`, and the rank is `rank` among the records with that prefix
/// (`group` of them, in input order).
#[derive(Clone, Copy)]
pub(crate) struct Narrowed<R> {
    prefix: R,
    known: u32,
    rank: usize,
    group: usize,
}

impl<R: Radix> Narrowed<R> {
    /// Before the first pass: nothing fixed, `rank` among all `n` records.
    pub(crate) fn start(rank: usize, n: usize) -> Self {
        Self {
            prefix: R::ZERO,
            known: 0,
            rank,
            group: n,
        }
    }

    /// Whether `r` starts with the fixed prefix.
    #[inline]
    fn matches(&self, r: R) -> bool {
        r.high(self.known) == self.prefix
    }

    /// The width and shift of the next digit.
    fn next_digit(&self) -> (u32, u32) {
        let width = SELECT_BITS.min(R::BITS - self.known);
        (width, R::BITS - self.known - width)
    }

    /// Whether the radix at the rank is known, or one record is left.
    fn done(&self) -> bool {
        self.known == R::BITS || self.group == 1
    }
}

/// One pass: counts the next digit of the records that match `state`.
pub(crate) fn count_next<T, R: Radix>(
    v: &[T],
    state: &Narrowed<R>,
    radix: &mut impl FnMut(&T) -> R,
) -> [usize; SELECT_BUCKETS] {
    let (width, shift) = state.next_digit();
    let mask = (1 << width) - 1;
    if state.known == 0 {
        return count_digit(v, |x| radix(x).shr_usize(shift) & mask);
    }
    // Few records match after the first pass: one table suffices.
    let mut counts = [0; SELECT_BUCKETS];
    if state.group.saturating_mul(SPARSE_BLOCK) <= v.len() {
        // At most one record in a block matches on average: each block is tested
        // whole (one compare per record, or'ed without a branch, so it
        // vectorizes), and only a block with a match is counted record by record.
        for block in v.chunks(SPARSE_BLOCK) {
            if block
                .iter()
                .fold(false, |any, x| any | state.matches(radix(x)))
            {
                for x in block {
                    let r = radix(x);
                    if state.matches(r) {
                        counts[r.shr_usize(shift) & mask] += 1;
                    }
                }
            }
        }
    } else {
        // Every record adds whether it matches, without a branch (which the data
        // would mispredict).
        for x in v {
            let r = radix(x);
            counts[r.shr_usize(shift) & mask] += usize::from(state.matches(r));
        }
    }
    counts
}

/// Records per block of a pass whose group is at most one record in this many:
/// such a pass tests each block whole before counting it.
/// Under Miri, 4, so that the tests' short inputs take both forms of the pass.
pub(crate) const SPARSE_BLOCK: usize = if cfg!(miri) { 4 } else { 32 };

/// Fixes the next digit from one pass's counts; `None` when the counts do not
/// hold the rank (only when a key function answered differently on two calls).
pub(crate) fn narrow<R: Radix>(
    state: Narrowed<R>,
    counts: &[usize; SELECT_BUCKETS],
) -> Option<Narrowed<R>> {
    let (width, _) = state.next_digit();
    let mut before = 0;
    for (digit, &c) in counts.iter().enumerate().take(1 << width) {
        if state.rank < before + c {
            return Some(Narrowed {
                prefix: state.prefix.shl_or(width, digit),
                known: state.known + width,
                rank: state.rank - before,
                group: c,
            });
        }
        before += c;
    }
    None
}

/// Runs the remaining passes from `state` and returns the record at its rank:
/// `exact` rebuilds a key from its full radix (a pass saved) where the radix
/// determines the key bit for bit.
pub(crate) fn finish<T: Copy, R: Radix>(
    v: &[T],
    mut state: Narrowed<R>,
    radix: &mut impl FnMut(&T) -> R,
    exact: Option<fn(R) -> T>,
) -> Option<T> {
    while !state.done() {
        let counts = count_next(v, &state, radix);
        state = narrow(state, &counts)?;
    }
    if state.known == R::BITS {
        if let Some(from_radix) = exact {
            return Some(from_radix(state.prefix));
        }
    }
    v.iter()
        .filter(|x| state.matches(radix(x)))
        .nth(state.rank)
        .copied()
}

/// The record at rank `k` of the stable order by `radix`; `None` when
/// `k >= v.len()`.
pub(crate) fn select<T: Copy, R: Radix>(
    v: &[T],
    k: usize,
    mut radix: impl FnMut(&T) -> R,
    exact: Option<fn(R) -> T>,
) -> Option<T> {
    if k >= v.len() {
        return None;
    }
    finish(v, Narrowed::start(k, v.len()), &mut radix, exact)
}

/// The records at several ranks, the first pass shared: `out[i]` is the record at
/// rank `ranks[i]` (`None` past the end).
pub(crate) fn select_many<T: Copy, R: Radix>(
    v: &[T],
    ranks: &[usize],
    out: &mut [Option<T>],
    mut radix: impl FnMut(&T) -> R,
    exact: Option<fn(R) -> T>,
) {
    let n = v.len();
    let start = Narrowed::<R>::start(0, n);
    let first = if n > 1 && ranks.iter().any(|&k| k < n) {
        Some(count_next(v, &start, &mut radix))
    } else {
        None
    };
    for (slot, &k) in out.iter_mut().zip(ranks) {
        *slot = if k >= n {
            None
        } else {
            let state = Narrowed { rank: k, ..start };
            match &first {
                Some(counts) => narrow(state, counts).and_then(|s| finish(v, s, &mut radix, exact)),
                None => finish(v, state, &mut radix, exact),
            }
        };
    }
}

/// The first pass of [`select_many`] on its own, so that the quantiles can narrow
/// any number of ranks from it without a buffer of ranks.
pub(crate) fn first_pass<T, R: Radix>(
    v: &[T],
    radix: &mut impl FnMut(&T) -> R,
) -> [usize; SELECT_BUCKETS] {
    count_next(v, &Narrowed::start(0, v.len()), radix)
}

/// The radix at rank `k` of the stable order by `radix`, and how many records
/// with that radix the ranks up to `k` hold (the ties a top-k keeps: the first
/// ones in input order); `None` when `k >= v.len()`.
pub(crate) fn radix_at<T, R: Radix>(
    v: &[T],
    k: usize,
    mut radix: impl FnMut(&T) -> R,
) -> Option<(R, usize)> {
    if k >= v.len() {
        return None;
    }
    let mut state = Narrowed::start(k, v.len());
    while !state.done() {
        let counts = count_next(v, &state, &mut radix);
        state = narrow(state, &counts)?;
    }
    if state.known == R::BITS {
        return Some((state.prefix, state.rank + 1));
    }
    // One record is left with the prefix (`group == 1`, so `rank == 0`).
    let r = v.iter().map(radix).find(|&r| state.matches(r))?;
    Some((r, 1))
}

/// Distinct prefixes [`narrow_joint`] counts in one read.
const JOINT: usize = 4;
/// The table of a dense joint pass that counts the records matching no prefix.
#[allow(clippy::cast_possible_truncation)] // 4
const NO_PREFIX: u32 = JOINT as u32;

/// Runs the remaining passes of several ranks together (the quantiles' order
/// statistics, after the shared [`first_pass`]): each pass is one read of `v`
/// that counts the next digit under up to [`JOINT`] distinct prefixes at once,
/// and ranks whose prefixes agree (a quantile's two neighbours, nearly always)
/// share the counts. A state becomes `None` when the counts do not hold its rank
/// (only with a key function that answers differently on two calls). With
/// `whole`, every state is narrowed to its full radix (for keys the radix gives
/// back), else until one record is left.
pub(crate) fn narrow_joint<T, R: Radix>(
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
        let counts = if keys.iter().all(|k| k.1 == keys[0].1) {
            count_joint_one_length(v, keys, radix, group)
        } else {
            count_joint(v, keys, radix, group)
        };
        for slot in states.iter_mut() {
            let Some(s) = *slot else { continue };
            if let Some(i) = keys.iter().position(|k| (k.0, k.1) == (s.prefix, s.known)) {
                *slot = narrow(s, &counts[i]);
            }
        }
    }
}

/// The width and shift of the digit after the top `known` bits.
fn digit_after<R: Radix>(known: u32) -> (u32, u32) {
    Narrowed::<R> {
        prefix: R::ZERO,
        known,
        rank: 0,
        group: 0,
    }
    .next_digit()
}

/// One pass of [`narrow_joint`] where every prefix has the same length, so that a
/// record matches one prefix at most: the record's top bits are compared with
/// every prefix at once, without a branch.
///
/// Where `group` (the records the prefixes hold) is at most one in
/// [`SPARSE_BLOCK`], each block is first tested whole (which vectorizes), and
/// only a block with a match is counted. Else each record is counted once, in
/// the table of the prefix it matches (two sets of `u32` tables, 80 KiB: see
/// [`count_into`]).
fn count_joint_one_length<T, R: Radix>(
    v: &[T],
    keys: &[(R, u32, usize)],
    radix: &mut impl FnMut(&T) -> R,
    group: usize,
) -> [[usize; SELECT_BUCKETS]; JOINT] {
    let known = keys[0].1;
    let (width, shift) = digit_after::<R>(known);
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
    #[allow(clippy::large_stack_arrays)]
    let mut total = [[0; SELECT_BUCKETS]; JOINT];
    if group.saturating_mul(SPARSE_BLOCK) <= v.len() {
        for block in v.chunks(SPARSE_BLOCK) {
            if block.iter().fold(false, |any, x| any | which(radix(x)).1) {
                for x in block {
                    let r = radix(x);
                    if let (i, true) = which(r) {
                        total[i][r.shr_usize(shift) & mask] += 1;
                    }
                }
            }
        }
        return total;
    }
    // Each record counts once, in the table of the prefix it matches, or in
    // table `NO_PREFIX` (not read back) where it matches none.
    count_into::<T, { (JOINT + 1) * SELECT_BUCKETS }, 2>(
        v,
        |x| {
            // In `u32` lanes (the index is below 2^14), which vectorize wider.
            let r = radix(x);
            let high = r.high(known);
            let mut table = NO_PREFIX;
            for (i, &p) in (0..).zip(&prefixes) {
                table = if high == p { i } else { table };
            }
            #[allow(clippy::cast_possible_truncation)] // `mask` keeps it
            let digit = (r.shr_usize(shift) & mask) as u32;
            (table << SELECT_BITS | digit) as usize
        },
        total.as_flattened_mut(),
    );
    total
}

/// One pass of [`narrow_joint`] with prefixes of several lengths (a record may
/// match more than one): each record is tested against every prefix; where
/// `group` (the records the prefixes hold) is at most one in [`SPARSE_BLOCK`],
/// each block is first tested whole.
fn count_joint<T, R: Radix>(
    v: &[T],
    keys: &[(R, u32, usize)],
    radix: &mut impl FnMut(&T) -> R,
    group: usize,
) -> [[usize; SELECT_BUCKETS]; JOINT] {
    // 64 KiB on a 64-bit target (the price of one read for four prefixes).
    #[allow(clippy::large_stack_arrays)]
    let mut counts = [[0_usize; SELECT_BUCKETS]; JOINT];
    let mut count = |r: R| {
        for (c, &(prefix, known, _)) in counts.iter_mut().zip(keys) {
            if r.high(known) == prefix {
                let (width, shift) = digit_after::<R>(known);
                c[r.shr_usize(shift) & ((1 << width) - 1)] += 1;
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
    counts
}

impl<R: Radix> Narrowed<R> {
    /// [`Narrowed::start`] narrowed by the shared first pass.
    pub(crate) fn after_first(
        rank: usize,
        n: usize,
        first: &[usize; SELECT_BUCKETS],
    ) -> Option<Self> {
        narrow(Self::start(rank, n), first)
    }
}
