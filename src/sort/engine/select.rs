//! Radix selection: the record at one rank of the stable order, read-only
//! (several ranks at once: `joint/`).
//!
//! Each pass reads the slice once and counts the next digit of the records
//! whose radix starts with the digits already fixed; the bucket that holds the
//! rank fixes the next digit. A record's radix is at most 128 bits, so a fixed
//! number of passes whatever the data: O(n) in the worst case. A pass stops
//! early once the rank's bucket holds a single record; the last pass finds the
//! record among those of the selected radix in input order (the stable order's
//! tie rule), unless the radix alone gives the key back.
//!
//! # Digits and stack
//!
//! Two digit widths, the same algorithm ([`Digits`]): a slice of more than
//! [`NARROW_MAX`] records (and at most `u32::MAX`) is narrowed 11 bits a pass
//! ([`Wide`]: 3 passes for `f32`, 6 for `f64`) with `u32` counters, 2,048 of them
//! (8 KiB) per table; the first pass counts into two more tables of `u16` (8 KiB
//! in all, flushed every 2^16 records), the joint passes of several ranks
//! (`joint/`: `select_many`, the quantiles) into two tables (16 KiB). No two of these are on the stack at once: a selection
//! takes at most about 17 KiB (measured: the functions' docs). A shorter slice (or a longer one, on a 64-bit
//! target) is narrowed 4 bits a pass ([`Narrow`]: 8 passes for `f32`) with 16
//! `usize` counters: a few hundred bytes of stack, and on a short slice faster
//! than clearing the wide tables. The counts are exact either way, so both give
//! the same record.

use super::radix::{Count, Radix, count_into};

/// Bits of one wide selection digit: 2,048 `u32` counters (8 KiB), three passes
/// for a 32-bit radix.
pub(crate) const SELECT_BITS: u32 = 11;
/// Buckets of one wide selection digit.
pub(crate) const SELECT_BUCKETS: usize = 1 << SELECT_BITS;

/// Slices of at most this many records are narrowed by the narrow digits, whose
/// counters fit in a few hundred bytes of stack. Under Miri, 16, so that the
/// tests' short inputs take both widths.
pub(crate) const NARROW_MAX: usize = if cfg!(miri) { 16 } else { 512 };

/// The digit width and counter type of a selection, written once and
/// instantiated twice ([`Wide`], [`Narrow`]).
pub(crate) trait Digits {
    /// Buckets of one digit (a power of two).
    const N: usize;
    /// Bits of one digit.
    const BITS: u32 = Self::N.trailing_zeros();
    /// The counter type: it holds the length of every slice narrowed by these
    /// digits.
    type C: Count + Send + Sync + 'static;
    /// The counts of one digit.
    type Counts: AsRef<[Self::C]> + AsMut<[Self::C]> + Copy + Send + Sync;
    /// Counts of zero.
    const ZEROS: Self::Counts;
    /// Adds to `total` how many records have each digit (below `N`), in one read
    /// of `v` (the dense first pass: [`count_into`], two tables of `u16`).
    fn count_dense<T>(v: &[T], digit: impl FnMut(&T) -> usize, total: &mut Self::Counts);
    /// [`Self::count_dense`] inlined into its caller (a vectorized kernel's
    /// copy, `ranged.rs`).
    fn count_dense_inline<T>(v: &[T], digit: impl FnMut(&T) -> usize, total: &mut Self::Counts);
    /// The joint passes' tables as one slice, table after table.
    fn flat(counts: &mut [Self::Counts; JOINT]) -> &mut [Self::C];
    /// Most records the quantiles gather on the stack to sort
    /// (`joint/mod.rs`).
    const GATHER: usize;
    /// The buffer they are gathered in: [`Self::GATHER`] radices.
    type Gathered<R: Radix>: AsMut<[R]>;
    /// A buffer of zeros.
    fn gathered<R: Radix>() -> Self::Gathered<R>;
}

/// 11-bit digits, `u32` counters: slices of more than [`NARROW_MAX`] records, at
/// most `u32::MAX`.
pub(crate) struct Wide;
impl Digits for Wide {
    const N: usize = SELECT_BUCKETS;
    type C = u32;
    type Counts = [u32; SELECT_BUCKETS];
    const ZEROS: Self::Counts = [0; SELECT_BUCKETS];
    // Not inlined: the later passes' frames do without its tables.
    #[inline(never)]
    fn count_dense<T>(v: &[T], digit: impl FnMut(&T) -> usize, total: &mut Self::Counts) {
        Self::count_dense_inline(v, digit, total);
    }
    #[allow(clippy::inline_always)] // built into its caller's copy
    #[inline(always)]
    fn count_dense_inline<T>(v: &[T], digit: impl FnMut(&T) -> usize, total: &mut Self::Counts) {
        count_into::<T, SELECT_BUCKETS, 2, u16, u32>(v, digit, total);
    }
    fn flat(counts: &mut [Self::Counts; JOINT]) -> &mut [u32] {
        counts.as_flattened_mut()
    }
    const GATHER: usize = GATHER_WIDE;
    type Gathered<R: Radix> = [R; GATHER_WIDE];
    fn gathered<R: Radix>() -> [R; GATHER_WIDE] {
        [R::ZERO; GATHER_WIDE]
    }
}

/// [`Wide`]'s [`Digits::GATHER`]: 4 KiB of `u64` radices, beside (not on top
/// of) the joint passes' 16 KiB. Under Miri or a fuzzer, 8, so that short
/// inputs count before they gather.
const GATHER_WIDE: usize = if cfg!(any(miri, fuzzing)) { 8 } else { 512 };

/// 4-bit digits, `usize` counters: short slices, and slices of more than
/// `u32::MAX` records.
pub(crate) struct Narrow;
impl Digits for Narrow {
    const N: usize = 16;
    type C = usize;
    type Counts = [usize; 16];
    const ZEROS: Self::Counts = [0; 16];
    fn count_dense<T>(v: &[T], digit: impl FnMut(&T) -> usize, total: &mut Self::Counts) {
        Self::count_dense_inline(v, digit, total);
    }
    #[allow(clippy::inline_always)] // built into its caller's copy
    #[inline(always)]
    fn count_dense_inline<T>(v: &[T], digit: impl FnMut(&T) -> usize, total: &mut Self::Counts) {
        count_into::<T, 16, 4, u16, usize>(v, digit, total);
    }
    fn flat(counts: &mut [Self::Counts; JOINT]) -> &mut [usize] {
        counts.as_flattened_mut()
    }
    const GATHER: usize = GATHER_NARROW;
    type Gathered<R: Radix> = [R; GATHER_NARROW];
    fn gathered<R: Radix>() -> [R; GATHER_NARROW] {
        [R::ZERO; GATHER_NARROW]
    }
}

/// [`Narrow`]'s [`Digits::GATHER`]: a few hundred bytes, within the firmware's
/// stack. Under Miri or a fuzzer, 4.
const GATHER_NARROW: usize = if cfg!(any(miri, fuzzing)) { 4 } else { 32 };

/// Whether a slice of `n` records is narrowed by [`Wide`] digits.
#[inline]
pub(crate) fn wide(n: usize) -> bool {
    n > NARROW_MAX && u32::try_from(n).is_ok()
}

/// What the passes so far have fixed: the top `known` bits of the radix at the
/// rank are `prefix`, and the rank is `rank` among the records with that prefix
/// (`group` of them, in input order).
#[derive(Clone, Copy)]
pub(crate) struct Narrowed<R> {
    pub(crate) prefix: R,
    pub(crate) known: u32,
    pub(crate) rank: usize,
    pub(crate) group: usize,
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

    /// The width and shift of the next digit of at most `bits` bits.
    fn next_digit(&self, bits: u32) -> (u32, u32) {
        digit_after::<R>(self.known, bits)
    }

    /// Whether the radix at the rank is known, or one record is left.
    pub(crate) fn done(&self) -> bool {
        self.known == R::BITS || self.group == 1
    }
}

/// The width and shift of the digit of at most `bits` bits after the top `known`.
pub(crate) fn digit_after<R: Radix>(known: u32, bits: u32) -> (u32, u32) {
    let width = bits.min(R::BITS - known);
    (width, R::BITS - known - width)
}

/// A pass after the first: counts the next digit of the records that match
/// `state` (`state.known > 0`), in one table.
pub(crate) fn count_next<D: Digits, T, R: Radix>(
    v: &[T],
    state: &Narrowed<R>,
    radix: &mut impl FnMut(&T) -> R,
) -> D::Counts {
    debug_assert!(state.known > 0);
    let (width, shift) = state.next_digit(D::BITS);
    let mask = (1 << width) - 1;
    let mut counts = D::ZEROS;
    // Few records match after the first pass: one table suffices.
    let c = counts.as_mut();
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
                        let d = &mut c[r.shr_usize(shift) & mask];
                        *d = d.plus(1);
                    }
                }
            }
        }
    } else {
        // Every record adds whether it matches, without a branch (which the data
        // would mispredict).
        for x in v {
            let r = radix(x);
            let d = &mut c[r.shr_usize(shift) & mask];
            *d = d.plus(usize::from(state.matches(r)));
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
pub(crate) fn narrow<D: Digits, R: Radix>(
    state: Narrowed<R>,
    counts: &D::Counts,
) -> Option<Narrowed<R>> {
    narrow_by(state, counts.as_ref(), D::BITS)
}

/// [`narrow`] by a digit of at most `bits` bits, counted in `counts`.
pub(crate) fn narrow_by<C: Count, R: Radix>(
    state: Narrowed<R>,
    counts: &[C],
    bits: u32,
) -> Option<Narrowed<R>> {
    let (width, _) = state.next_digit(bits);
    let mut before = 0;
    for (digit, &c) in counts.iter().enumerate().take(1 << width) {
        let c = c.get();
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

/// A pass after the first from `state`: its counts are dropped before the next
/// pass, so that the passes' tables never sit on the stack together.
#[inline(never)]
fn pass<D: Digits, T, R: Radix>(
    v: &[T],
    state: Narrowed<R>,
    radix: &mut impl FnMut(&T) -> R,
) -> Option<Narrowed<R>> {
    let counts = count_next::<D, T, R>(v, &state, radix);
    narrow::<D, R>(state, &counts)
}

/// The first pass from `state` (nothing known yet), on its own frame as [`pass`].
#[inline(never)]
fn pass_first<D: Digits, T, R: Radix>(
    v: &[T],
    state: Narrowed<R>,
    radix: &mut impl FnMut(&T) -> R,
) -> Option<Narrowed<R>> {
    let mut counts = D::ZEROS;
    first_pass::<D, T, R>(v, radix, &mut counts);
    narrow::<D, R>(state, &counts)
}

/// Runs the passes from `state` until the radix at its rank is known or one
/// record is left.
fn run_passes<D: Digits, T, R: Radix>(
    v: &[T],
    mut state: Narrowed<R>,
    radix: &mut impl FnMut(&T) -> R,
) -> Option<Narrowed<R>> {
    if state.known == 0 && !state.done() {
        state = pass_first::<D, T, R>(v, state, radix)?;
    }
    while !state.done() {
        state = pass::<D, T, R>(v, state, radix)?;
    }
    Some(state)
}

/// Runs the remaining passes from `state` and returns the record at its rank:
/// `exact` rebuilds a key from its full radix (a pass saved) where the radix
/// determines the key bit for bit.
pub(crate) fn finish<D: Digits, T: Copy, R: Radix>(
    v: &[T],
    state: Narrowed<R>,
    radix: &mut impl FnMut(&T) -> R,
    exact: Option<fn(R) -> T>,
) -> Option<T> {
    let state = run_passes::<D, T, R>(v, state, radix)?;
    if state.known == R::BITS
        && let Some(from_radix) = exact
    {
        return Some(from_radix(state.prefix));
    }
    // The record among those of the prefix, in input order: a block's
    // matches counted without a branch (which vectorizes), and only the block
    // that holds the rank searched record by record.
    let mut rank = state.rank;
    for block in v.chunks(SPARSE_BLOCK) {
        let count: usize = block
            .iter()
            .map(|x| usize::from(state.matches(radix(x))))
            .sum();
        if rank < count {
            return block
                .iter()
                .filter(|x| state.matches(radix(x)))
                .nth(rank)
                .copied();
        }
        rank -= count;
    }
    None
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
    let start = Narrowed::start(k, v.len());
    if wide(v.len()) {
        finish::<Wide, T, R>(v, start, &mut radix, exact)
    } else {
        finish::<Narrow, T, R>(v, start, &mut radix, exact)
    }
}

/// The first pass of a selection (the top digit, fixed): adds the counts of the
/// first digit to `counts` (zeros; written in place, not returned, so that no
/// copy of them sits on the stack).
pub(crate) fn first_pass<D: Digits, T, R: Radix>(
    v: &[T],
    radix: &mut impl FnMut(&T) -> R,
    counts: &mut D::Counts,
) {
    let (width, shift) = digit_after::<R>(0, D::BITS);
    let mask = (1 << width) - 1;
    D::count_dense(v, |x| radix(x).shr_usize(shift) & mask, counts);
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
    let start = Narrowed::start(k, v.len());
    let state = if wide(v.len()) {
        run_passes::<Wide, T, R>(v, start, &mut radix)?
    } else {
        run_passes::<Narrow, T, R>(v, start, &mut radix)?
    };
    if state.known == R::BITS {
        return Some((state.prefix, state.rank + 1));
    }
    // One record is left with the prefix (`group == 1`, so `rank == 0`).
    let r = v.iter().map(radix).find(|&r| state.matches(r))?;
    Some((r, 1))
}

/// Distinct prefixes the joint passes (`joint/`) count
/// in one read: two tables of wide digits are 16 KiB.
pub(crate) const JOINT: usize = 2;
