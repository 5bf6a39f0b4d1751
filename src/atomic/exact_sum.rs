//! [`AtomicExactSum`]: the exact sum on integer atomics, the same bits on every
//! schedule.
//!
//! The state is [`ExactSum`]'s number — the same limbs, the same algorithm
//! (`crate::sum::wide`) — with each limb an `AtomicU64` (wrapping, read as `i64`).
//! An addition is one `fetch_add` (`f32`, binary16, bfloat16: a significand
//! shifted to its limb is below `2^55`, which a limb takes at once) or two (`f64`,
//! unless its significand sits low in its limb: `wide::add_at`); a `fetch_add`
//! that moves a limb out of its band (its old value is returned, so
//! the adder knows) moves `2^63` of it into a carry on the next limb, by two
//! more `fetch_add`s. No overflow bit is ever lost, whatever the interleaving:
//! the proof is in `sum::wide`'s docs, and `src/atomic/exact_sum.rs`'s loom
//! models check carries across limbs under every interleaving of two and three
//! threads. Special values set bits of a flag word (`fetch_or`, only when not yet
//! set). A count (one more `fetch_add` per addition) gives
//! [`AtomicExactSum::count`] and [`AtomicExactSum::mean`], and the sign of an
//! exact zero (−0 only when values were added and all were −0).

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
use core::marker::PhantomData;
use core::sync::atomic::Ordering;

use crate::loom_shim::AtomicU64;
use crate::sum::ExactSum;
use crate::sum::SumFloat;
use crate::sum::accumulator::{NAN, NOT_NEG_ZERO, OVER, special_flag};
use crate::sum::float::sealed::Float;
use crate::sum::wide::{self, Limbs};

mod sealed {
    /// The atomic limbs of a float type (`[AtomicU64; L]`, `L` its `ExactSum`'s).
    pub trait Atomic {
        /// `[AtomicU64; L]`.
        type AtomicLimbs: AsRef<[super::AtomicU64]> + Send + Sync;
        /// Zero limbs (a fresh array each use).
        #[cfg(not(all(loom, test)))]
        #[allow(clippy::declare_interior_mutable_const)] // copied into each new accumulator
        const ATOMIC_ZERO: Self::AtomicLimbs;
        /// Zero limbs (the loom models' atomics are not `const`).
        #[cfg(all(loom, test))]
        fn atomic_zero() -> Self::AtomicLimbs;
    }
}

/// A float type with an [`AtomicExactSum`]: every [`SumFloat`].
pub trait AtomicSumFloat: SumFloat + sealed::Atomic {}

macro_rules! atomic_sum_float {
    ($f:ty) => {
        impl sealed::Atomic for $f {
            type AtomicLimbs = [AtomicU64; <<$f as Float>::Limbs as LimbCount>::N];
            #[cfg(not(all(loom, test)))]
            #[allow(clippy::declare_interior_mutable_const)]
            const ATOMIC_ZERO: Self::AtomicLimbs =
                [const { AtomicU64::new(0) }; <<$f as Float>::Limbs as LimbCount>::N];
            #[cfg(all(loom, test))]
            fn atomic_zero() -> Self::AtomicLimbs {
                core::array::from_fn(|_| AtomicU64::new(0))
            }
        }
        impl AtomicSumFloat for $f {}
    };
}

/// The length of a limb array, as a constant.
trait LimbCount {
    const N: usize;
}
impl<const N: usize> LimbCount for [i64; N] {
    const N: usize = N;
}

atomic_sum_float!(f32);
atomic_sum_float!(f64);
#[cfg(feature = "half")]
atomic_sum_float!(half::f16);
#[cfg(feature = "half")]
atomic_sum_float!(half::bf16);

/// The limbs of an [`AtomicExactSum`], seen by `wide`'s algorithm.
struct Atomic<'a> {
    limbs: &'a [AtomicU64],
    order: Ordering,
}

impl Limbs for Atomic<'_> {
    #[inline]
    fn count(&self) -> usize {
        self.limbs.len()
    }

    #[inline]
    #[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss)] // two's complement both ways
    fn fetch_add(&mut self, i: usize, d: i64) -> i64 {
        self.limbs[i].fetch_add(d as u64, self.order) as i64
    }
}

/// An exact float sum that threads add to concurrently through integer
/// `fetch_add`s: once the writers are done, [`value`](Self::value) is the exact
/// sum rounded once, bit for bit [`ExactSum`]'s and [`sum`](crate::sum::sum)'s of
/// the same values, on every schedule — unlike a float atomic add
/// (`portable_atomic::AtomicF32::fetch_add`, CUDA's `atomicAdd`), whose result
/// depends on the order the adds land in.
///
/// NaN, ±∞, ±0 and subnormals as [`ExactSum`] (any NaN gives the positive quiet
/// NaN with no payload); it counts the values too, for [`count`](Self::count)
/// and [`mean`](Self::mean), and [`take`](Self::take) reads the state and
/// leaves it empty (an epoch's total, between frames or reports).
/// [`new`](Self::new) makes one (`const`: a `static` total);
/// [`new_boxed`](Self::new_boxed) (feature `alloc`) a slice of them on the heap.
///
/// # Reads during writes
///
/// A read that runs while some thread is inside [`add`](Self::add) may see a
/// carry half moved: its value can be anything, not only the sum of some of the
/// additions. Read after the writers are done and synchronized with (a thread
/// `join`, the end of a `rayon` scope, or `Release` adds with an `Acquire`
/// read of a flag that says so). The [`Ordering`] of `add` applies to each of
/// its `fetch_add`s; `Relaxed` suffices when a join orders the reads. The same
/// holds for [`count`](Self::count) and [`mean`](Self::mean) (the count and
/// the limbs are separate atomics: a read during writes may see an addition
/// counted and not yet added, or the reverse) and for [`take`](Self::take).
///
/// # Size and speed
///
/// 104 bytes for `f32` (11 limbs, the flags and the count), 560 for `f64` (68
/// limbs), each an `AtomicU64`. An uncontended `add` is two `fetch_add`s for
/// `f32` (a `lock xadd` on x86-64: the count and one limb) and two or three for
/// `f64`; a carry (two more) comes at most once in `2^7` adds to a limb. Under contention, add into an [`ExactSum`] per thread and
/// flush it with [`add_sum`](Self::add_sum): the same final bits, fewer shared
/// writes.
///
/// ```
/// use normkey::atomic::AtomicExactSum;
/// use std::sync::atomic::Ordering::Relaxed;
///
/// let total = AtomicExactSum::<f32>::new();
/// std::thread::scope(|s| {
///     for t in 0..4 {
///         let total = &total;
///         s.spawn(move || {
///             for i in 0..1000 {
///                 total.add(0.1 * (t * 1000 + i) as f32, Relaxed);
///             }
///         });
///     }
/// });
/// let v: Vec<f32> = (0..4000).map(|k| 0.1 * k as f32).collect();
/// let want = normkey::sum::sum(&v, normkey::Nans::Propagate);
/// assert_eq!(total.value().to_bits(), want.to_bits()); // on every schedule
/// ```
pub struct AtomicExactSum<F: AtomicSumFloat> {
    limbs: F::AtomicLimbs,
    flags: AtomicU64,
    /// The values added (wrapping: `OVER` set by the adder that wrapped it).
    count: AtomicU64,
    float: PhantomData<F>,
}

impl<F: AtomicSumFloat> AtomicExactSum<F> {
    /// An empty sum (+0). `const` (except in this crate's loom models).
    ///
    /// For many sums at once (a histogram's bins), [`new_boxed`](Self::new_boxed)
    /// makes `n` of them on the heap; it needs feature `alloc`.
    ///
    /// ```
    /// use normkey::atomic::AtomicExactSum;
    ///
    /// static TOTAL: AtomicExactSum<f64> = AtomicExactSum::new();
    /// TOTAL.add(1e100, std::sync::atomic::Ordering::Relaxed);
    /// TOTAL.add(1.0, std::sync::atomic::Ordering::Relaxed);
    /// TOTAL.add(-1e100, std::sync::atomic::Ordering::Relaxed);
    /// assert_eq!(TOTAL.value(), 1.0);
    /// ```
    #[cfg(not(all(loom, test)))]
    #[must_use]
    pub const fn new() -> Self {
        Self {
            limbs: F::ATOMIC_ZERO,
            flags: AtomicU64::new(0),
            count: AtomicU64::new(0),
            float: PhantomData,
        }
    }

    /// An empty sum (not `const`: the loom models' copy).
    #[cfg(all(loom, test))]
    #[must_use]
    pub fn new() -> Self {
        Self {
            limbs: F::atomic_zero(),
            flags: AtomicU64::new(0),
            count: AtomicU64::new(0),
            float: PhantomData,
        }
    }

    /// `n` empty sums on the heap, for scatter-adds: weights per histogram bin,
    /// per pixel, per cell. Needs feature `alloc` (without it, build an array of
    /// [`new`](Self::new)s: `[const { AtomicExactSum::new() }; N]`).
    ///
    /// ```
    /// use normkey::atomic::AtomicExactSum;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let bins = AtomicExactSum::<f32>::new_boxed(3);
    /// for (bin, w) in [(0, 0.5), (2, 1e-3), (0, 0.25), (2, -1e-3)] {
    ///     bins[bin].add(w, Relaxed);
    /// }
    /// let v: Vec<f32> = bins.iter().map(|b| b.value()).collect();
    /// assert_eq!(v, [0.75, 0.0, 0.0]);
    /// ```
    #[cfg(all(feature = "alloc", not(all(loom, test))))]
    #[must_use]
    pub fn new_boxed(n: usize) -> alloc::boxed::Box<[Self]> {
        (0..n).map(|_| Self::new()).collect()
    }

    /// Adds `n` to the count; `OVER` where it passes `u64::MAX` (then every
    /// value and mean is NaN, as [`ExactSum`]'s).
    #[inline]
    fn count_values(&self, n: u64, order: Ordering) {
        if self.count.fetch_add(n, order).checked_add(n).is_none() {
            self.flag(OVER, order);
        }
    }

    /// Sets `flag` unless it is set already (a load, not a write, in the common case).
    #[inline]
    fn flag(&self, flag: u8, order: Ordering) {
        if self.flags.load(Ordering::Relaxed) & u64::from(flag) != u64::from(flag) {
            self.flags.fetch_or(u64::from(flag), order);
        }
    }

    /// Adds `x`, exactly, and counts it: `fetch_add`s with `order`, one for the
    /// count and one for the digits of an `f32` (one or two for `f64`; two more
    /// when a limb carries).
    ///
    /// ```
    /// use normkey::atomic::AtomicExactSum;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let s = AtomicExactSum::<f32>::new();
    /// s.add(-0.0, Relaxed);
    /// assert_eq!(s.value().to_bits(), (-0.0_f32).to_bits()); // only −0 added
    /// s.add(f32::INFINITY, Relaxed);
    /// assert_eq!(s.value(), f32::INFINITY);
    /// s.add(-f32::NAN, Relaxed);
    /// assert_eq!(s.value().to_bits(), f32::NAN.to_bits()); // the canonical NaN
    /// ```
    #[inline]
    pub fn add(&self, x: F, order: Ordering) {
        let f = F::FORMAT;
        let b = Float::to_bits_u64(x);
        let (negative, e, sig, pos) = f.parts(b);
        if e == f.all_ones() {
            let flag = special_flag(f, negative, sig);
            let flag = if flag == NAN {
                NAN
            } else {
                flag | NOT_NEG_ZERO
            };
            self.flag(flag, order);
            self.count_values(1, order);
            return;
        }
        self.count_values(1, order);
        if b != f.sign_bit() {
            self.flag(NOT_NEG_ZERO, order);
        }
        if sig != 0 {
            wide::add_at(
                &mut Atomic {
                    limbs: self.limbs.as_ref(),
                    order,
                },
                sig,
                pos,
                negative,
            );
        }
    }

    /// Adds the values of an [`ExactSum`] (one `fetch_add` per nonzero digit): a
    /// thread's local sum flushed into the shared one.
    ///
    /// ```
    /// use normkey::atomic::AtomicExactSum;
    /// use normkey::sum::ExactSum;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let shared = AtomicExactSum::<f64>::new();
    /// let mut local = ExactSum::new();
    /// local.add_slice(&[0.1, 0.2, 0.3]);
    /// shared.add_sum(&local, Relaxed);
    /// shared.add(-0.6, Relaxed);
    /// assert_eq!(shared.value(), 2.7755575615628914e-17); // 0.1 + 0.2 + 0.3 − 0.6 of the doubles, exactly
    /// ```
    pub fn add_sum(&self, s: &ExactSum<F>, order: Ordering) {
        if s.flags() != 0 {
            self.flag(s.flags(), order);
        }
        if s.raw_count() != 0 {
            self.count_values(s.raw_count(), order);
        }
        let digits = s.canonical_limbs();
        let mut limbs = Atomic {
            limbs: self.limbs.as_ref(),
            order,
        };
        for (i, &d) in digits.as_ref().iter().enumerate() {
            if d != 0 {
                wide::add_digit(&mut limbs, i, d);
            }
        }
    }

    /// The exact sum rounded once to `F` (to nearest, ties to even), read with
    /// `Acquire` loads. Exact once the writers are done (see the type docs for
    /// reads during writes).
    ///
    /// ```
    /// use normkey::atomic::AtomicExactSum;
    ///
    /// assert_eq!(AtomicExactSum::<f32>::new().value().to_bits(), 0); // +0
    /// ```
    #[must_use]
    pub fn value(&self) -> F {
        self.value_as::<F>()
    }

    /// The exact sum rounded once to another float type (`f64` for an `f32`
    /// sum: the exact sum in `f64` precision).
    ///
    /// ```
    /// use normkey::atomic::AtomicExactSum;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let s = AtomicExactSum::<f32>::new();
    /// s.add(16_777_216.0, Relaxed);
    /// s.add(1.0, Relaxed);
    /// assert_eq!(s.value(), 16_777_216.0);
    /// assert_eq!(s.value_as::<f64>(), 16_777_217.0);
    /// ```
    #[must_use]
    pub fn value_as<G: SumFloat>(&self) -> G {
        let s = self.load();
        s.value_as::<G>()
    }

    /// The number of values added (saturates at `u64::MAX`), read with an
    /// `Acquire` load: [`ExactSum::count`]'s. Exact once the writers are done.
    ///
    /// ```
    /// use normkey::atomic::AtomicExactSum;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let s = AtomicExactSum::<f64>::new();
    /// for x in [1.0, f64::NAN, -0.0, f64::INFINITY, 5e-324] {
    ///     s.add(x, Relaxed);
    /// }
    /// assert_eq!(s.count(), 5); // NaN, ±0, ±∞ and subnormals all count
    /// ```
    #[must_use]
    pub fn count(&self) -> u64 {
        let count = self.count.load(Ordering::Acquire);
        if self.flags.load(Ordering::Acquire) & u64::from(OVER) != 0 {
            u64::MAX
        } else {
            count
        }
    }

    /// The mean of the values added: the exact sum divided by the count,
    /// rounded once (to nearest, ties to even), bit for bit [`ExactSum::mean`]'s
    /// and [`sum::mean`](crate::sum::mean)'s (with [`Nans::Propagate`](crate::Nans))
    /// of the same values. No values: NaN (the canonical positive quiet NaN).
    /// Exact once the writers are done.
    ///
    /// ```
    /// use normkey::atomic::AtomicExactSum;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let s = AtomicExactSum::<f32>::new();
    /// assert!(s.mean().is_nan()); // no values
    /// s.add(f32::MAX, Relaxed);
    /// s.add(f32::MAX, Relaxed);
    /// assert_eq!(s.mean(), f32::MAX); // no overflow on the way
    /// s.add(-0.0, Relaxed);
    /// assert_eq!(s.mean(), f32::MAX * (2.0 / 3.0));
    /// let z = AtomicExactSum::<f32>::new();
    /// z.add(-0.0, Relaxed);
    /// assert_eq!(z.mean().to_bits(), (-0.0_f32).to_bits());
    /// z.add(f32::NEG_INFINITY, Relaxed);
    /// assert_eq!(z.mean(), f32::NEG_INFINITY);
    /// z.add(f32::NAN, Relaxed);
    /// assert_eq!(z.mean().to_bits(), f32::NAN.to_bits());
    /// ```
    #[must_use]
    pub fn mean(&self) -> F {
        self.load().mean()
    }

    /// Reads the state and leaves the sum empty (+0, no values): each limb, the
    /// flags and the count swapped with zero, with `order`. The state comes back
    /// as an [`ExactSum`], to read ([`value`](ExactSum::value),
    /// [`mean`](ExactSum::mean), [`count`](ExactSum::count)) or to merge into a
    /// running total: an epoch's sum, between frames or reports, as the min/max
    /// reducers' `take`.
    ///
    /// # Takes during writes
    ///
    /// Every `fetch_add` of an [`add`](Self::add) lands either in the state
    /// taken or in the one left, but an addition is several of them (the count,
    /// one to three limbs, the two more of a carry), and the swaps are one per
    /// atomic, so a `take` that runs while another thread is inside `add` may
    /// split that addition: its count on one side and its digits on the other,
    /// or a carry half moved, and then either state's value can be anything
    /// (as for [reads during writes](Self#reads-during-writes)). Take between
    /// epochs of writers that are synchronized with (a join, a barrier, a
    /// `Release`/`Acquire` flag): then the state taken is exactly the sum of
    /// the values added before it, and the next take that of those after.
    ///
    /// ```
    /// use normkey::atomic::AtomicExactSum;
    /// use normkey::sum::ExactSum;
    /// use std::sync::atomic::Ordering::{AcqRel, Relaxed};
    ///
    /// let s = AtomicExactSum::<f64>::new();
    /// let mut total = ExactSum::new();
    /// for frame in [[1e100, 1.0], [-1e100, f64::MIN_POSITIVE / 4.0]] {
    ///     std::thread::scope(|sc| {
    ///         for x in frame {
    ///             let s = &s;
    ///             sc.spawn(move || s.add(x, Relaxed));
    ///         }
    ///     });
    ///     let epoch = s.take(AcqRel);
    ///     assert_eq!(epoch.count(), 2);
    ///     total.merge(&epoch);
    /// }
    /// assert_eq!(total.value(), 1.0); // the subnormal is in it, too small to show
    /// assert_eq!(s.count(), 0); // empty again
    /// assert_eq!(s.value().to_bits(), 0);
    /// s.add(-0.0, Relaxed);
    /// assert_eq!(s.take(AcqRel).value().to_bits(), (-0.0_f64).to_bits());
    /// ```
    #[must_use]
    #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)] // the limbs' bits; the flags' low byte
    pub fn take(&self, order: Ordering) -> ExactSum<F> {
        let mut limbs = F::LIMBS_ZERO;
        for (l, a) in limbs.as_mut().iter_mut().zip(self.limbs.as_ref()) {
            *l = a.swap(0, order) as i64;
        }
        let flags = self.flags.swap(0, order) as u8;
        let count = self.count.swap(0, order);
        ExactSum::from_parts(limbs, count, flags)
    }

    /// The state, read with `Acquire` loads, as an [`ExactSum`].
    #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)] // the limbs' bits; the flags' low byte
    fn load(&self) -> ExactSum<F> {
        let mut limbs = F::LIMBS_ZERO;
        for (l, a) in limbs.as_mut().iter_mut().zip(self.limbs.as_ref()) {
            *l = a.load(Ordering::Acquire) as i64;
        }
        let flags = self.flags.load(Ordering::Acquire) as u8;
        let count = self.count.load(Ordering::Acquire);
        ExactSum::from_parts(limbs, count, flags)
    }
}

impl<F: AtomicSumFloat> Default for AtomicExactSum<F> {
    fn default() -> Self {
        Self::new()
    }
}

impl<F: AtomicSumFloat> fmt::Debug for AtomicExactSum<F> {
    /// The value read now: `AtomicExactSum(1.5)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("AtomicExactSum")
            .field(&self.value())
            .finish()
    }
}

/// The carries under loom: every interleaving (up to `LOOM_MAX_PREEMPTIONS`) of
/// two and three threads adding digits to limbs that start at a band edge, so
/// that adds carry into the next limb (and the next), up and down, and a carry
/// can land between another thread's `fetch_add` and its correction. After the
/// joins the number must be the sum of everything added.
#[cfg(all(loom, test))]
mod loom_tests {
    extern crate std;

    use super::{Atomic, AtomicU64};
    use crate::sum::wide::{add_digit, canonical};
    use core::sync::atomic::Ordering::Relaxed;
    use loom::sync::Arc;
    use loom::thread;
    use std::vec::Vec;

    const EDGE: i64 = 1 << 62;

    /// Threads `adds[t]` run side by side on limbs starting at `start`.
    #[allow(clippy::cast_sign_loss, clippy::cast_possible_wrap)]
    fn model(start: [i64; 3], adds: &'static [&'static [(usize, i64)]]) {
        loom::model(move || {
            let limbs: Arc<[AtomicU64; 3]> =
                Arc::new(core::array::from_fn(|k| AtomicU64::new(start[k] as u64)));
            let threads: Vec<_> = adds
                .iter()
                .map(|list| {
                    let limbs = limbs.clone();
                    thread::spawn(move || {
                        for &(i, d) in *list {
                            add_digit(
                                &mut Atomic {
                                    limbs: &limbs[..],
                                    order: Relaxed,
                                },
                                i,
                                d,
                            );
                        }
                    })
                })
                .collect();
            for t in threads {
                t.join().unwrap();
            }
            let mut got: [i64; 3] = core::array::from_fn(|k| limbs[k].load(Relaxed) as i64);
            assert!(
                got[..2].iter().all(|&l| (-EDGE..EDGE).contains(&l)),
                "{got:?}"
            );
            canonical(&mut got);
            let value = |l: [i64; 3]| {
                i128::from(l[0]) + (i128::from(l[1]) << 32) + (i128::from(l[2]) << 64)
            };
            let want = value(start)
                + adds
                    .iter()
                    .flat_map(|l| l.iter())
                    .map(|&(i, d)| i128::from(d) << (32 * i))
                    .sum::<i128>();
            assert_eq!(value(got), want);
        });
    }

    #[test]
    fn loom_exact_sum_two_threads_carry_up_and_down() {
        // Limb 0 just below the upper edge, limb 1 just below it too: the first
        // add up carries into limb 1, which carries into limb 2.
        model(
            [EDGE - 3, EDGE - (1 << 31) + 1, 0],
            &[&[(0, 5), (0, -7)], &[(0, 4), (1, 1 << 31)]],
        );
    }

    /// Two threads adding (one of them a −0 and a flush of a local sum) and the
    /// count: after the joins, the count, the value and the mean are the
    /// sequential ones, and a take empties the sum.
    #[test]
    fn loom_exact_sum_counts_and_takes() {
        use super::AtomicExactSum;
        use crate::sum::ExactSum;
        loom::model(|| {
            let s = Arc::new(AtomicExactSum::<f32>::new());
            let t = {
                let s = s.clone();
                thread::spawn(move || {
                    s.add(1.5, Relaxed);
                    s.add(-0.0, Relaxed);
                })
            };
            let mut local = ExactSum::new();
            local.add_slice(&[0.25_f32, 1.0]);
            s.add_sum(&local, Relaxed);
            t.join().unwrap();
            assert_eq!(s.count(), 4);
            assert_eq!(s.value().to_bits(), 2.75_f32.to_bits());
            assert_eq!(s.mean().to_bits(), (2.75_f32 / 4.0).to_bits());
            let taken = s.take(Relaxed);
            assert_eq!(
                (taken.count(), taken.value().to_bits()),
                (4, 2.75_f32.to_bits())
            );
            assert_eq!((s.count(), s.value().to_bits()), (0, 0));
        });
    }

    #[test]
    fn loom_exact_sum_three_threads_across_limbs() {
        model(
            [-EDGE + 2, EDGE - 1, -5],
            &[&[(0, -3)], &[(0, 6), (1, 2)], &[(0, -8), (1, -3)]],
        );
    }
}
