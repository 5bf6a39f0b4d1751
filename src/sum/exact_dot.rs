//! [`ExactDot`]: the dot product's accumulator, for pairs that come in pieces
//! (streams, chunks on several threads) and states that merge, and the two
//! algorithms that add products to its limbs ([`dot_add`], [`dot_add_one`]).

// Bit fields of float encodings and limbs (`dot_add_integer`): the casts take
// low bits on purpose, and the short names are the standard's.
#![allow(clippy::cast_possible_truncation, clippy::many_single_char_names)]

use core::fmt;
use core::marker::PhantomData;

use crate::nans::Nans;
use crate::sum::SLICE_LOOPS;
use crate::sum::accumulator::{
    NAN, NEG_INF, NOT_NEG_ZERO, OVER, POS_INF, add_value, finish, seen_flags,
};
use crate::sum::float::SumFloat;
use crate::sum::float::sealed::Float;
use crate::sum::products;
use crate::sum::wide;

/// The exact dot product `Σ a[i] · b[i]` of pairs added one at a time or by
/// slices, rounded once when read: bit for bit [`dot`](crate::sum::dot)`(a, b,
/// nans)` of all the pairs, for every order of the additions and every way of
/// splitting and [`merge`](Self::merge)-ing them.
///
/// Each product is exact (`f32`, `f16`, `bf16`: in `f64`; `f64`: a 106-bit
/// integer product, nothing underflows) and their sum is exact: the state is the
/// integer of [`dot`](crate::sum::dot)'s limbs (finer than `F`'s: the products'
/// quantum, `2^−1074`, or `2^−2148` for `f64`), the number of pairs and which
/// special products were seen. NaN, ±∞ and the zeros as `dot`'s: a product with
/// a NaN factor is NaN, `±∞ · 0` is NaN, a zero product's sign is the XOR of
/// the factors' signs; [`add`](Self::add) and [`add_slices`](Self::add_slices)
/// propagate NaN ([`Nans::Propagate`]), [`add_with`](Self::add_with) and
/// [`add_slices_with`](Self::add_slices_with) take the policy ([`Nans::Skip`]
/// leaves out the pairs with a NaN factor; `∞ · 0` still gives NaN).
///
/// # Size and stack
///
/// No allocation: 560 bytes for `f32`, `f16` and `bf16` (68 limbs), 1,088 for
/// `f64` (134), on 64-bit targets. [`add_slices`](Self::add_slices) runs
/// [`dot`](crate::sum::dot)'s slice loop, with its stack: at most 3.2 KiB on
/// `thumbv7em-none-eabihf` (the products one at a time); on x86-64 about 81
/// KiB for `f64` and 75 KiB for the others ([`dot`](crate::sum::dot)'s,
/// [measured](crate::sum#stack)). [`add`](Self::add) adds one product into the
/// limbs (no counters: little stack).
///
/// ```
/// use normkey::Nans;
/// use normkey::sum::{ExactDot, dot};
///
/// let a = [1e20_f64, 1.0, -1e20, 3.0];
/// let b = [1.0, 1.0, 1.0, 1e-300];
/// let mut d = ExactDot::new();
/// d.add_slices(&a[..2], &b[..2]);
/// let mut rest = ExactDot::new();
/// rest.add(a[2], b[2]);
/// rest.add(a[3], b[3]);
/// d.merge(&rest);
/// assert_eq!(d.value(), 1.0); // 1 + 3e-300, rounded once
/// assert_eq!(d.value().to_bits(), dot(&a, &b, Nans::Propagate).to_bits());
/// assert_eq!(d.count(), 4);
///
/// let mut z = ExactDot::new();
/// z.add(-1.0_f32, 0.0); // −0
/// z.add(0.0, -1.0); // −0
/// assert_eq!(z.value().to_bits(), (-0.0_f32).to_bits());
/// z.add(f32::INFINITY, 0.0); // ∞ · 0
/// assert_eq!(z.value().to_bits(), f32::NAN.to_bits());
/// assert_eq!(ExactDot::<f32>::new().value().to_bits(), 0); // no pairs: +0
/// ```
#[derive(Clone, Copy)]
pub struct ExactDot<F: SumFloat> {
    limbs: F::DotLimbs,
    count: u64,
    flags: u8,
    float: PhantomData<F>,
}

impl<F: SumFloat> ExactDot<F> {
    /// No pairs (the value is +0). `const`.
    ///
    /// ```
    /// use normkey::sum::ExactDot;
    ///
    /// const EMPTY: ExactDot<f64> = ExactDot::new();
    /// assert_eq!(EMPTY.value().to_bits(), 0);
    /// assert_eq!(EMPTY.count(), 0);
    /// ```
    #[must_use]
    pub const fn new() -> Self {
        Self {
            limbs: F::DOT_ZERO,
            count: 0,
            flags: 0,
            float: PhantomData,
        }
    }

    /// Adds the product `a · b` (exact), a NaN propagated: as
    /// [`add_with`](Self::add_with)`(a, b, Nans::Propagate)`.
    ///
    /// ```
    /// use normkey::sum::ExactDot;
    ///
    /// let mut d = ExactDot::new();
    /// d.add(f64::MAX, 2.0); // beyond the range, kept exactly
    /// d.add(-f64::MAX, 1.0);
    /// assert_eq!(d.value(), f64::MAX);
    /// d.add(5e-324, 0.5); // below the smallest subnormal, still counted
    /// d.add(-f64::MAX, 1.0);
    /// assert_eq!(d.value(), 0.0); // 2^−1075, a tie with 0, to even
    /// d.add(5e-324, 0.5);
    /// assert_eq!(d.value(), 5e-324); // 2^−1074
    /// ```
    #[inline]
    pub fn add(&mut self, a: F, b: F) {
        self.add_with(a, b, Nans::Propagate);
    }

    /// Adds the product `a · b`, a NaN factor as `nans` says ([`Nans::Skip`]:
    /// the pair is left out and not counted; `∞ · 0` is NaN either way).
    ///
    /// ```
    /// use normkey::Nans;
    /// use normkey::sum::ExactDot;
    ///
    /// let mut d = ExactDot::new();
    /// d.add_with(f32::NAN, 1.0, Nans::Skip);
    /// d.add_with(2.0, -f32::NAN, Nans::Skip);
    /// assert_eq!(d.count(), 0);
    /// d.add_with(f32::NEG_INFINITY, 2.0, Nans::Skip);
    /// assert_eq!(d.value(), f32::NEG_INFINITY);
    /// d.add_with(f32::NAN, 1.0, Nans::Propagate);
    /// assert!(d.value().is_nan());
    /// ```
    #[inline]
    pub fn add_with(&mut self, a: F, b: F, nans: Nans) {
        let (count, flags) = dot_add_one(self.limbs.as_mut(), a, b, nans);
        self.count_pairs(count);
        self.flags |= flags;
    }

    /// Adds the products `a[i] · b[i]`, a NaN propagated: as
    /// [`add_slices_with`](Self::add_slices_with)`(a, b, Nans::Propagate)`.
    ///
    /// # Panics
    ///
    /// If `a` and `b` differ in length.
    ///
    /// ```
    /// use normkey::sum::ExactDot;
    ///
    /// let a: Vec<f32> = (0..1000).map(|i| 0.1 * i as f32).collect();
    /// let mut d = ExactDot::new();
    /// for (ca, cb) in a.chunks(64).zip(a.chunks(64)) {
    ///     d.add_slices(ca, cb);
    /// }
    /// assert_eq!(d.count(), 1000);
    /// assert_eq!(d.value().to_bits(), normkey::sum::dot(&a, &a, normkey::Nans::Propagate).to_bits());
    /// ```
    #[track_caller]
    pub fn add_slices(&mut self, a: &[F], b: &[F]) {
        self.add_slices_with(a, b, Nans::Propagate);
    }

    /// Adds the products `a[i] · b[i]`, NaN factors as `nans` says: the state
    /// of [`dot`](crate::sum::dot)`(a, b, nans)`, by its slice loop.
    ///
    /// Stack: as [`dot`](crate::sum::dot)'s (see the type docs).
    ///
    /// # Panics
    ///
    /// If `a` and `b` differ in length.
    ///
    /// ```
    /// use normkey::Nans;
    /// use normkey::sum::ExactDot;
    ///
    /// let mut d = ExactDot::new();
    /// d.add_slices_with(&[1.0_f64, f64::NAN, 3.0], &[2.0, 1.0, -0.5], Nans::Skip);
    /// assert_eq!((d.value(), d.count()), (0.5, 2));
    /// ```
    #[track_caller]
    pub fn add_slices_with(&mut self, a: &[F], b: &[F], nans: Nans) {
        assert_eq!(
            a.len(),
            b.len(),
            "ExactDot::add_slices: the slices differ in length"
        );
        let (count, flags) = dot_add(self.limbs.as_mut(), a, b, nans);
        self.count_pairs(count);
        self.flags |= flags;
    }

    /// Adds the pairs of another accumulator: the state is that of adding all
    /// pairs to one.
    ///
    /// ```
    /// use normkey::sum::ExactDot;
    ///
    /// let (mut x, mut y) = (ExactDot::new(), ExactDot::new());
    /// x.add(0.1_f32, 0.1);
    /// y.add(-0.1, 0.1);
    /// x.merge(&y);
    /// assert_eq!(x.value().to_bits(), 0); // +0: the products cancel exactly
    /// assert_eq!(x.count(), 2);
    /// ```
    pub fn merge(&mut self, other: &Self) {
        wide::add_number(self.limbs.as_mut(), other.limbs);
        self.count_pairs(other.count);
        self.flags |= other.flags;
    }

    /// The number of pairs added (pairs skipped for a NaN factor not counted;
    /// saturates at `u64::MAX`, where every value is NaN).
    #[must_use]
    pub const fn count(&self) -> u64 {
        if self.flags & OVER != 0 {
            u64::MAX
        } else {
            self.count
        }
    }

    /// The exact dot product rounded once to `F`, to nearest, ties to even.
    #[must_use]
    pub fn value(&self) -> F {
        self.value_as::<F>()
    }

    /// The exact dot product rounded once to another float type: `value_as::<f64>()`
    /// of `f32` pairs is the exact sum of the products in `f64` precision.
    ///
    /// ```
    /// use normkey::sum::ExactDot;
    ///
    /// let mut d = ExactDot::new();
    /// d.add(4097.0_f32, 4097.0); // 2^24 + 2^13 + 1: not an f32
    /// assert_eq!(d.value(), 16_785_408.0);
    /// assert_eq!(d.value_as::<f64>(), 16_785_409.0);
    /// ```
    #[must_use]
    pub fn value_as<G: SumFloat>(&self) -> G {
        G::from_bits_u64(finish(
            self.limbs,
            self.flags,
            self.count,
            G::FORMAT,
            1,
            F::DOT_QUANTUM,
        ))
    }

    /// Adds `n` to the count (`OVER` past `u64::MAX`).
    #[inline]
    fn count_pairs(&mut self, n: u64) {
        match self.count.checked_add(n) {
            Some(c) => self.count = c,
            None => self.flags |= OVER,
        }
    }
}

impl<F: SumFloat> Default for ExactDot<F> {
    fn default() -> Self {
        Self::new()
    }
}

impl<F: SumFloat> fmt::Debug for ExactDot<F> {
    /// The rounded value and the count: `ExactDot { value: 1.5, count: 3 }`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ExactDot")
            .field("value", &self.value())
            .field("count", &self.count())
            .finish()
    }
}

/// The products `a[i] · b[i]` added to `limbs` (of `F::DOT_QUANTUM`): the count
/// and the flags. `f64` by [`dot_add_wide`], the others by [`dot_add_in_f64`];
/// where the slice loops do not run ([`SLICE_LOOPS`]), one product at a time:
/// `f64`'s by [`dot_add_integer`], the others' by [`dot_add_each`].
pub(crate) fn dot_add<F: Float>(limbs: &mut [i64], a: &[F], b: &[F], nans: Nans) -> (u64, u8) {
    let skip = matches!(nans, Nans::Skip);
    match (F::as_f64_slice(a), F::as_f64_slice(b)) {
        (Some(a), Some(b)) if SLICE_LOOPS => dot_add_wide(limbs, a, b, nans),
        (Some(a), Some(b)) => dot_add_integer(limbs, a, b, skip),
        _ if SLICE_LOOPS => dot_add_in_f64(limbs, a, b, nans),
        _ => dot_add_each(limbs, a, b, skip),
    }
}

/// The product `a · b` added to `limbs` (of `F::DOT_QUANTUM`), as [`dot_add`]
/// where the slice loops do not run: the count and the flags.
#[inline]
pub(crate) fn dot_add_one<F: Float>(limbs: &mut [i64], a: F, b: F, nans: Nans) -> (u64, u8) {
    let skip = matches!(nans, Nans::Skip);
    let (a, b) = (core::slice::from_ref(&a), core::slice::from_ref(&b));
    match (F::as_f64_slice(a), F::as_f64_slice(b)) {
        (Some(a), Some(b)) => dot_add_integer(limbs, a, b, skip),
        _ => dot_add_each(limbs, a, b, skip),
    }
}

/// The products of floats at most half as wide as `f64` (exact in `f64`), each
/// added into the limbs (of `f64`'s quantum) as an `f64` ([`add_value`]); with
/// `skip`, a pair with a NaN factor is left out (not counted).
fn dot_add_each<F: Float>(limbs: &mut [i64], a: &[F], b: &[F], skip: bool) -> (u64, u8) {
    let (mut count, mut flags) = (0, 0);
    for (&x, &y) in a.iter().zip(b) {
        let (x, y) = (Float::widen(x), Float::widen(y));
        if skip && (x.is_nan() || y.is_nan()) {
            continue;
        }
        count += 1;
        flags |= add_value(limbs, x * y);
    }
    (count, flags)
}

/// The products of floats at most half as wide as `f64` (exact in `f64`: at most
/// 2 · 24 significant bits, magnitudes within `[2^−298, 2^256)`), added through
/// the slice loop of `f64`.
fn dot_add_in_f64<F: Float>(limbs: &mut [i64], a: &[F], b: &[F], nans: Nans) -> (u64, u8) {
    let (count, seen) = products::add_products(limbs, a, b, matches!(nans, Nans::Skip));
    (count, seen_flags(&seen))
}

/// The products of `f64`s: `p + e` exactly (a fused multiply-add where the CPU
/// has one, else Dekker's product) where that is exact, through the slice loop (`products::add_two_products`), else as 106-bit
/// integers (`dot_add_integer`).
fn dot_add_wide(limbs: &mut [i64], a: &[f64], b: &[f64], nans: Nans) -> (u64, u8) {
    let (count, flags, seen) =
        products::add_two_products(limbs, a, b, dot_add_integer, matches!(nans, Nans::Skip));
    (count, flags | seen_flags(&seen))
}

/// The products of `f64`s as 106-bit integers (`sig_a · sig_b` at `pos_a +
/// pos_b`, quantum `2^−2148`), each added into the limbs.
fn dot_add_integer(limbs: &mut [i64], a: &[f64], b: &[f64], skip: bool) -> (u64, u8) {
    let f = <f64 as Float>::FORMAT;
    let (mut count, mut flags) = (0, 0);
    let mant = (1 << f.mant) - 1;
    for (&x, &y) in a.iter().zip(b) {
        let (nx, ex, sx, px) = f.parts(Float::to_bits_u64(x));
        let (ny, ey, sy, py) = f.parts(Float::to_bits_u64(y));
        let nan_x = ex == f.all_ones() && sx & mant != 0;
        let nan_y = ey == f.all_ones() && sy & mant != 0;
        if nan_x || nan_y {
            if !skip {
                flags |= NAN;
                count += 1;
            }
            continue;
        }
        count += 1;
        let negative = nx != ny;
        if ex == f.all_ones() || ey == f.all_ones() {
            // ∞ · 0 is NaN; ∞ · anything else is ±∞.
            flags |= if sx == 0 || sy == 0 {
                NAN
            } else if negative {
                NEG_INF | NOT_NEG_ZERO
            } else {
                POS_INF | NOT_NEG_ZERO
            };
            continue;
        }
        let p = u128::from(sx) * u128::from(sy);
        if p == 0 && negative {
            continue; // −0
        }
        flags |= NOT_NEG_ZERO;
        let pos = px + py;
        wide::add_at(limbs, p as u64, pos, negative);
        wide::add_at(limbs, (p >> 64) as u64, pos + 64, negative);
    }
    (count, flags)
}
