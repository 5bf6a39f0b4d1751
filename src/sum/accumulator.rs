//! [`ExactSum`]: the accumulator, the state every form of the exact sums shares.

// Bit fields of float encodings and limbs: the casts take low bits or
// reinterpret two's complement on purpose, and the short names are the
// standard's (sign, exponent, significand).
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names
)]

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

use crate::nans::Nans;
use crate::sum::SLICE_LOOPS;
use crate::sum::float::sealed::Float;
use crate::sum::float::{Bins, Seen, SumFloat};
use crate::sum::wide::{self, Format, MAX_DIGITS};

/// A NaN was added.
pub(crate) const NAN: u8 = 1;
/// +∞ was added.
pub(crate) const POS_INF: u8 = 2;
/// −∞ was added.
pub(crate) const NEG_INF: u8 = 4;
/// A value other than −0 was added.
pub(crate) const NOT_NEG_ZERO: u8 = 8;
/// More than `u64::MAX` values were added (through `merge`).
pub(crate) const OVER: u8 = 16;

/// The exact sum of any number of floats, rounded once when read: the same bits
/// for every order of the additions and every way of splitting and
/// [`merge`](Self::merge)-ing them.
///
/// The state is the exact sum as a fixed-point integer (every finite `F` is an
/// integer multiple of its smallest subnormal), a count of the values, and which
/// special values were added. It needs no allocation: 88 bytes of limbs for
/// `f32`, `bf16`; 544 for `f64`; 32 for `f16` (see [`sum`](crate::sum) for the
/// algorithm and its capacity).
///
/// # Values
///
/// [`value`](Self::value) is what IEEE 754's `+` would give if it could add all
/// the values at once: the exact sum rounded once to nearest, ties to even.
/// - Any NaN, or +∞ and −∞ both: NaN, always the positive quiet NaN with no
///   payload (`F::NAN`), whatever the NaNs added were.
/// - +∞ (and no −∞, no NaN): +∞; likewise −∞.
/// - A finite exact sum whose rounding reaches `2^(emax + 1)`: ±∞, as one
///   rounding would.
/// - An exact sum of zero: −0 when every value added was −0, else +0 (so the
///   empty sum is +0, and `x + (−x)` is +0).
/// - Subnormals are added exactly and results may be subnormal.
///
/// # NaN
///
/// [`add`](Self::add) and [`add_slice`](Self::add_slice) count a NaN and make
/// every value and mean NaN ([`Nans::Propagate`](crate::Nans), as
/// `numpy.sum`); [`add_with`](Self::add_with) and
/// [`add_slice_with`](Self::add_slice_with) take a [`Nans`](crate::Nans) as
/// [`sum::sum`](crate::sum::sum) does, and with `Nans::Skip` leave NaNs out of
/// the sum and the count (`numpy.nansum`, `numpy.nanmean`).
///
/// # Equality and hashing
///
/// `Eq` and `Hash` compare states: two accumulators are equal when they hold the
/// same exact sum, the same count and saw the same kinds of special values — so
/// accumulators of the same values in any order are equal. `ExactSum` has no
/// order.
///
/// ```
/// use normkey::sum::ExactSum;
///
/// let mut a = ExactSum::<f64>::new();
/// a.add(1e100);
/// a.add(1.0);
/// a.add(-1e100);
/// assert_eq!(a.value(), 1.0); // `1e100 + 1.0 - 1e100` is 0.0
///
/// let mut b = ExactSum::new();
/// b.add_slice(&[-1e100, 1.0]);
/// let mut c = ExactSum::new();
/// c.add(1e100);
/// c.merge(&b);
/// assert_eq!(a, c); // the same values, another order and split
/// assert_eq!(c.count(), 3);
///
/// assert_eq!(ExactSum::<f32>::new().value().to_bits(), 0); // empty: +0
/// let mut z = ExactSum::new();
/// z.add_slice(&[-0.0_f32, -0.0]);
/// assert_eq!(z.value().to_bits(), (-0.0_f32).to_bits());
/// let mut n = ExactSum::new();
/// n.add_slice(&[f32::INFINITY, f32::NEG_INFINITY]);
/// assert_eq!(n.value().to_bits(), f32::NAN.to_bits());
/// ```
#[derive(Clone, Copy)]
pub struct ExactSum<F: SumFloat> {
    limbs: F::Limbs,
    count: u64,
    flags: u8,
    float: PhantomData<F>,
}

impl<F: SumFloat> ExactSum<F> {
    /// An empty sum (its value is +0). `const`.
    ///
    /// ```
    /// use normkey::sum::ExactSum;
    ///
    /// const EMPTY: ExactSum<f32> = ExactSum::new();
    /// assert_eq!(EMPTY.value().to_bits(), 0.0_f32.to_bits());
    /// assert_eq!(EMPTY.count(), 0);
    /// ```
    #[inline]
    #[must_use]
    pub const fn new() -> Self {
        Self {
            limbs: F::LIMBS_ZERO,
            count: 0,
            flags: 0,
            float: PhantomData,
        }
    }

    /// Adds `x` (any value: NaN and ±∞ as the type docs say).
    ///
    /// ```
    /// use normkey::sum::ExactSum;
    ///
    /// let mut s = ExactSum::new();
    /// s.add(f32::MAX);
    /// s.add(f32::MAX);
    /// s.add(-f32::MAX);
    /// assert_eq!(s.value(), f32::MAX); // no overflow in between
    /// s.add(1e-45); // the smallest subnormal, kept exactly
    /// assert_eq!(s.value_as::<f64>(), f32::MAX as f64 + 1e-45_f32 as f64);
    /// ```
    #[inline]
    pub fn add(&mut self, x: F) {
        self.count_values(1);
        self.flags |= add_value(self.limbs.as_mut(), x);
    }

    /// Adds every value of `xs`: the same state as [`add`](Self::add) of each,
    /// several times faster where the slice loop runs (see [`sum`](crate::sum)
    /// for how and where).
    ///
    /// Stack: at most 0.4 KiB on `thumbv7em-none-eabihf` (the values one at a
    /// time); x86-64: 69.1 KiB for `f64`, 13.4 KiB for `f32` and `bf16`, 5.9 KiB
    /// for `f16` (the slice loop's counters; [measured](crate::sum#stack)).
    ///
    /// ```
    /// use normkey::sum::ExactSum;
    ///
    /// let v: Vec<f32> = (0..1000).map(|i| 0.1 * i as f32).collect();
    /// let mut fast = ExactSum::new();
    /// fast.add_slice(&v);
    /// let mut one_by_one = ExactSum::new();
    /// v.iter().rev().for_each(|&x| one_by_one.add(x));
    /// assert_eq!(fast, one_by_one);
    /// assert_eq!(fast.value(), 49950.0); // the exact 49950.00087…, rounded once
    /// ```
    pub fn add_slice(&mut self, xs: &[F]) {
        self.add_slice_with(xs, Nans::Propagate);
    }

    /// [`add_slice`](Self::add_slice) less the counting; what it saw.
    pub(crate) fn add_slice_seen(&mut self, xs: &[F]) -> Seen {
        if SLICE_LOOPS {
            <F::Bins as Bins>::add_slice::<F>(self.limbs.as_mut(), xs)
        } else {
            add_each(self.limbs.as_mut(), xs)
        }
    }

    /// Adds `n` to the count (`OVER` past `u64::MAX`).
    #[inline]
    pub(crate) fn count_values(&mut self, n: u64) {
        match self.count.checked_add(n) {
            Some(c) => self.count = c,
            None => self.flags |= OVER,
        }
    }

    /// Sets flags (`NAN`, `POS_INF`, …).
    #[inline]
    pub(crate) fn set_flags(&mut self, flags: u8) {
        self.flags |= flags;
    }

    /// Adds the values of another accumulator: the state is that of adding all
    /// values to one.
    ///
    /// ```
    /// use normkey::sum::ExactSum;
    ///
    /// let v = [1e16_f64, 3.0, -1e16, 0.5];
    /// let (mut left, mut right) = (ExactSum::new(), ExactSum::new());
    /// left.add_slice(&v[..1]);
    /// right.add_slice(&v[1..]);
    /// left.merge(&right);
    /// let mut whole = ExactSum::new();
    /// whole.add_slice(&v);
    /// assert_eq!(left, whole);
    /// assert_eq!(left.value(), 3.5);
    /// ```
    pub fn merge(&mut self, other: &Self) {
        wide::add_number(self.limbs.as_mut(), other.limbs);
        self.count_values(other.count);
        self.flags |= other.flags;
    }

    /// The number of values added (skipped NaNs not counted; saturates at
    /// `u64::MAX`).
    ///
    /// ```
    /// use normkey::sum::ExactSum;
    ///
    /// let mut s = ExactSum::new();
    /// s.add_slice(&[1.0_f64, f64::NAN, -0.0]);
    /// assert_eq!(s.count(), 3);
    /// ```
    #[inline]
    #[must_use]
    pub const fn count(&self) -> u64 {
        if self.flags & OVER != 0 {
            u64::MAX
        } else {
            self.count
        }
    }

    /// The exact sum rounded once to `F`, to nearest, ties to even (NaN, ±∞ and
    /// ±0 as the type docs say).
    ///
    /// ```
    /// use normkey::sum::ExactSum;
    ///
    /// let mut s = ExactSum::new();
    /// s.add_slice(&[1.0_f32, 3e-8, 3e-8]); // in order, each 3e-8 is lost: 1.0
    /// assert_eq!(s.value(), 1.0 + f32::EPSILON); // 1 + 6e-8 is past half an ulp
    /// s.add(f32::NAN);
    /// assert!(s.value().is_nan());
    /// ```
    #[must_use]
    pub fn value(&self) -> F {
        self.value_as::<F>()
    }

    /// The exact sum rounded once to another float type, to nearest, ties to
    /// even: `value_as::<f64>()` of an `f32` sum is the exact sum in `f64`
    /// precision, not a rounded `f32` widened.
    ///
    /// ```
    /// use normkey::sum::ExactSum;
    ///
    /// let mut s = ExactSum::new();
    /// s.add_slice(&[16_777_216.0_f32, 1.0]); // 2^24 + 1
    /// assert_eq!(s.value(), 16_777_216.0); // a tie, to even
    /// assert_eq!(s.value_as::<f64>(), 16_777_217.0);
    /// let mut big = ExactSum::new();
    /// big.add_slice(&[f64::MAX, f64::MAX]);
    /// assert_eq!(big.value_as::<f32>(), f32::INFINITY);
    /// ```
    #[must_use]
    pub fn value_as<G: SumFloat>(&self) -> G {
        G::from_bits_u64(self.rounded(G::FORMAT, 1))
    }

    /// The mean of the values added: the exact sum divided by [`count`](Self::count)
    /// and rounded once. No values: NaN (the canonical positive quiet NaN).
    ///
    /// ```
    /// use normkey::sum::ExactSum;
    ///
    /// let mut s = ExactSum::new();
    /// s.add_slice(&[f32::MAX, f32::MAX, 1.0]);
    /// assert_eq!(s.mean(), f32::MAX * (2.0 / 3.0)); // no overflow on the way
    /// assert!(ExactSum::<f32>::new().mean().is_nan());
    /// ```
    #[must_use]
    pub fn mean(&self) -> F {
        if self.count == 0 {
            return F::from_bits_u64(F::FORMAT.nan());
        }
        F::from_bits_u64(self.rounded(F::FORMAT, self.count))
    }

    /// The sum divided by `n ≥ 1`, rounded once to `target`, as its bits.
    pub(crate) fn rounded(&self, target: Format, n: u64) -> u64 {
        finish(
            self.limbs,
            self.flags,
            self.count,
            target,
            n,
            F::FORMAT.quantum(),
        )
    }

    /// The canonical limbs (carried), for comparing and serializing.
    pub(crate) fn canonical_limbs(&self) -> F::Limbs {
        let mut l = self.limbs;
        wide::canonical(l.as_mut());
        l
    }

    /// A state from its parts (`from_words`, which checks them, and
    /// `AtomicExactSum`'s reads).
    pub(crate) const fn from_parts(limbs: F::Limbs, count: u64, flags: u8) -> Self {
        Self {
            limbs,
            count,
            flags,
            float: PhantomData,
        }
    }

    /// The flags (`NAN`, `POS_INF`, …).
    pub(crate) const fn flags(&self) -> u8 {
        self.flags
    }

    /// The count without saturation.
    pub(crate) const fn raw_count(&self) -> u64 {
        self.count
    }
}

/// Adds `x` (any value) to `limbs` (of `F`'s quantum): its flags (`NAN`,
/// `POS_INF` or `NEG_INF`, `NOT_NEG_ZERO`). The one addition of a value:
/// [`ExactSum::add`], and the slices where the slice loops do not run.
#[inline]
pub(crate) fn add_value<F: Float>(limbs: &mut [i64], x: F) -> u8 {
    let f = F::FORMAT;
    let b = Float::to_bits_u64(x);
    let (negative, e, sig, pos) = f.parts(b);
    if e == f.all_ones() {
        let flag = special_flag(f, negative, sig);
        if flag == NAN {
            NAN
        } else {
            flag | NOT_NEG_ZERO
        }
    } else {
        if sig != 0 {
            wide::add_at(limbs, sig, pos, negative);
        }
        if b == f.sign_bit() { 0 } else { NOT_NEG_ZERO }
    }
}

/// Adds every value of `xs` to `limbs` by [`add_value`]: the slices where the
/// slice loops do not run ([`SLICE_LOOPS`]). What it saw.
pub(crate) fn add_each<F: Float>(limbs: &mut [i64], xs: &[F]) -> Seen {
    let (mut flags, mut nans) = (0, 0);
    for &x in xs {
        let f = add_value(limbs, x);
        nans += u64::from(f & NAN != 0);
        flags |= f;
    }
    Seen {
        nans,
        pos_inf: flags & POS_INF != 0,
        neg_inf: flags & NEG_INF != 0,
        not_neg_zero: flags & NOT_NEG_ZERO != 0,
    }
}

/// The flag of a special value (`e` all ones), from its sign and significand.
#[inline]
pub(crate) const fn special_flag(f: Format, negative: bool, sig: u64) -> u8 {
    if sig & ((1 << f.mant) - 1) != 0 {
        NAN
    } else if negative {
        NEG_INF
    } else {
        POS_INF
    }
}

/// The flags of what a slice loop saw.
pub(crate) const fn seen_flags(s: &Seen) -> u8 {
    (if s.nans > 0 { NAN } else { 0 })
        | (if s.pos_inf { POS_INF } else { 0 })
        | (if s.neg_inf { NEG_INF } else { 0 })
        | (if s.not_neg_zero { NOT_NEG_ZERO } else { 0 })
}

/// The value of a state (`limbs` at `quantum`, `flags`, `count`) divided by
/// `n ≥ 1`, rounded once to `target`: the bits. One function for every form.
pub(crate) fn finish<L: AsMut<[i64]>>(
    mut limbs: L,
    flags: u8,
    count: u64,
    target: Format,
    n: u64,
    quantum: i32,
) -> u64 {
    if flags & (NAN | OVER) != 0 || flags & (POS_INF | NEG_INF) == POS_INF | NEG_INF {
        return target.nan();
    }
    if flags & (POS_INF | NEG_INF) != 0 {
        return target.infinity(flags & NEG_INF != 0);
    }
    let limbs = limbs.as_mut();
    wide::canonical(limbs);
    if wide::is_zero(limbs) {
        let negative_zero = count > 0 && flags & NOT_NEG_ZERO == 0;
        return if negative_zero { target.sign_bit() } else { 0 };
    }
    let mut mag = [0_u32; MAX_DIGITS];
    let negative = wide::magnitude(limbs, &mut mag);
    if n == 1 {
        return wide::round(&mag[..limbs.len()], quantum, false, negative, target);
    }
    // Two digits below the quantum, so that the quotient's rounding bit is a
    // bit of the quotient and the remainder only says "not exact".
    let len = limbs.len() + 2;
    mag.copy_within(0..len - 2, 2);
    mag[..2].fill(0);
    let rem = wide::divide(&mut mag[..len], n);
    wide::round(&mag[..len], quantum - 64, rem != 0, negative, target)
}

impl<F: SumFloat> Default for ExactSum<F> {
    fn default() -> Self {
        Self::new()
    }
}

impl<F: SumFloat> PartialEq for ExactSum<F> {
    fn eq(&self, other: &Self) -> bool {
        self.canonical_limbs() == other.canonical_limbs()
            && self.count == other.count
            && self.flags == other.flags
    }
}

impl<F: SumFloat> Eq for ExactSum<F> {}

impl<F: SumFloat> Hash for ExactSum<F> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.canonical_limbs().hash(state);
        self.count.hash(state);
        self.flags.hash(state);
    }
}

impl<F: SumFloat> fmt::Debug for ExactSum<F> {
    /// The rounded value and the count: `ExactSum { value: 1.5, count: 3 }`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExactSum")
            .field("value", &self.value())
            .field("count", &self.count())
            .finish()
    }
}

impl<F: SumFloat> Extend<F> for ExactSum<F> {
    fn extend<I: IntoIterator<Item = F>>(&mut self, iter: I) {
        iter.into_iter().for_each(|x| self.add(x));
    }
}

impl<F: SumFloat> FromIterator<F> for ExactSum<F> {
    /// ```
    /// use normkey::sum::ExactSum;
    ///
    /// let s: ExactSum<f64> = [0.1, 0.2, 0.3].into_iter().collect();
    /// assert_eq!(s.value(), 0.6); // the exact 0.60000000000000000555…; in order: 0.6000000000000001
    /// ```
    fn from_iter<I: IntoIterator<Item = F>>(iter: I) -> Self {
        let mut s = Self::new();
        s.extend(iter);
        s
    }
}
