//! The first pass of several ranks selected together (`select_many`, the
//! quantiles): its digit taken from a sample of the slice ([`Ranged`], chosen
//! among three candidates; see `joint/mod.rs`'s module docs), and its counting
//! read, a kernel of `dispatch::vectorized`.

use super::radix::{Count, Radix};
use super::select::{Digits, Narrowed};
use crate::dispatch::{self, Isa, Kernel};

/// Records the first pass's digit is chosen from, spread evenly over the slice.
pub(crate) const SAMPLE: usize = 256;

/// The first pass's digit: the top `known` bits of a radix, less `base`, in
/// buckets `1..=slots`; bucket 0 holds the records below `base`, `slots + 1`
/// those above, and `N − 1` the largest radix alone (the quantiles' NaNs).
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
        // The top prefix (that of the largest radix) is never a bucket of its own,
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

    /// The records whose radix is `R::MAX` (the quantiles' NaNs), from the counts.
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
    fn run<L: Isa>(self) {
        let Self {
            ranged,
            v,
            radix,
            counts,
        } = self;
        D::count_dense_inline(v, |x| ranged.digit::<D>(radix(x)), counts);
    }
}
