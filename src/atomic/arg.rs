//! The arg reducers: [`AtomicArgExtremum<F, D>`], written once, and its aliases.

use super::update::{load_part, nan_key, update, update_unless};
use super::{AtomicBits, Direction, Max, Min, sealed};
use crate::key::fold::{arg_fold_keys, is_nan_key};
use crate::key::{KeyFloat, OrderedKey, truncated, widened};
use core::fmt;
use core::marker::PhantomData;
use core::sync::atomic::Ordering;

/// A [`KeyFloat`] of at most 32 bits, whose key and a `u32` index fit in one
/// `u64`: what [`AtomicArgExtremum`] can hold (`f32`, and with feature `half`,
/// `half::f16` and `half::bf16`). Sealed.
///
/// `f64` is not one: its key and an index need 128 bits, and no arg reducer is
/// provided for it.
pub trait ArgFloat: KeyFloat + sealed::Sealed {}
impl sealed::Sealed for f32 {}
impl ArgFloat for f32 {}
#[cfg(feature = "half")]
impl sealed::Sealed for half::f16 {}
#[cfg(feature = "half")]
impl ArgFloat for half::f16 {}
#[cfg(feature = "half")]
impl sealed::Sealed for half::bf16 {}
#[cfg(feature = "half")]
impl ArgFloat for half::bf16 {}

/// An atomic pair `(value, index)` that only moves in direction `D`: a lock-free
/// arg-min or arg-max reducer whose **lowest index wins a tie**, in both
/// directions and on every schedule. Usually named by its aliases
/// ([`AtomicF32ArgMin`], [`AtomicF32ArgMax`], and with feature `half`
/// `AtomicF16ArgMin/Max`, `AtomicBf16ArgMin/Max`).
///
/// See the [module docs](super) for the update (the reducers' own: a load, and no
/// write when nothing changes) and its memory ordering. The generic methods
/// [`reduce`](Self::reduce), [`reduce_propagating`](Self::reduce_propagating),
/// [`reduce_slice`](Self::reduce_slice) and
/// [`reduce_propagating_slice`](Self::reduce_propagating_slice) are `fetch_min`/
/// `fetch_minimum`/`fetch_min_slice`/`fetch_minimum_slice` for [`Min`] and the
/// `max` forms for [`Max`].
///
/// # Float semantics
///
/// The values are ordered by IEEE 754 totalOrder, as in the reducers, and ties
/// (equal bits) go to the lower index:
///
/// | | `fetch_min` / `fetch_max` | `fetch_minimum` / `fetch_maximum` |
/// |---|---|---|
/// | NaN argument | ignored (the call only loads) | stored as the quiet NaN with every payload bit set at the reducing end (negative for min, positive for max), whatever its sign and payload, with its index; a number never replaces it, a NaN with a lower index does |
/// | equal values | the lowest index wins | the same |
/// | −0 and +0 | distinct, −0 < +0: they do not tie | the same |
/// | ±∞, subnormals | ordinary values, never flushed | the same |
///
/// # Representation and the empty state
///
/// The index is a `u32`, as `sort::argsort_u32` returns them (feature `alloc`;
/// `sort::argsort` returns `usize`): a slice of up to 2^32 elements, or chunks of
/// a longer one reduced apart.
///
/// `#[repr(transparent)]` over one `AtomicU64`: the key of the value
/// ([`OrderedKey<F>`], zero-extended to 32 bits for the 16-bit floats) in the high
/// 32 bits, the index in the low 32 bits, **complemented for [`Max`]** (`!index`),
/// so that one integer `fetch_min`/`fetch_max` orders by value, then prefers the
/// lower index, in both directions.
///
/// The reducer starts **empty** (`new`, `Default`, and after `take`), and `load`,
/// `take`, `into_inner` and every update return `None` for it. Empty is the
/// identity of the integer reduction: `u64::MAX` for [`Min`], `0` for [`Max`].
/// As a pair these integers read (`f32`, index `u32::MAX`) as the positive quiet
/// NaN with every payload bit set for min and the negative one for max: NaNs
/// that no update ever stores, since `fetch_min`/`fetch_max` ignore NaNs and
/// `fetch_minimum`/`fetch_maximum` store the NaN of the other sign. So empty is
/// never confused with a pair; for the 16-bit floats the two integers are no
/// pair at all.
///
/// # Availability
///
/// Needs a 64-bit compare-and-swap: `cfg(target_has_atomic = "64")`, or feature
/// `portable-atomic` (its `AtomicU64`, with a lock-based fallback on 32-bit
/// targets). Absent elsewhere (for example `thumbv7em-none-eabihf`).
///
/// ```
/// use normkey::atomic::{AtomicArgExtremum, ArgFloat, Direction, Max, Min};
/// use std::sync::atomic::Ordering::Relaxed;
///
/// fn arg_reduce<F: ArgFloat, D: Direction>(values: &[F]) -> Option<(F, u32)> {
///     let r = AtomicArgExtremum::<F, D>::new();
///     for (i, &v) in values.iter().enumerate().rev() { // the order does not matter
///         r.reduce(v, u32::try_from(i).unwrap(), Relaxed);
///     }
///     r.into_inner()
/// }
/// let v = [1.0_f32, f32::NAN, -1.0, 0.0, -1.0, 1.0];
/// assert_eq!(arg_reduce::<f32, Min>(&v), Some((-1.0, 2))); // the lowest index of −1
/// assert_eq!(arg_reduce::<f32, Max>(&v), Some((1.0, 0))); // the lowest index of 1
/// assert_eq!(arg_reduce::<f32, Max>(&[-0.0, 0.0]), Some((0.0, 1))); // −0 < +0
/// assert_eq!(arg_reduce::<f32, Min>(&[f32::NAN]), None); // NaN ignored: empty
/// assert_eq!(arg_reduce::<f32, Min>(&[]), None);
/// ```
#[repr(transparent)]
pub struct AtomicArgExtremum<F: ArgFloat, D: Direction> {
    packed: <u64 as AtomicBits>::Atomic,
    direction: PhantomData<(F, D)>,
}

impl<F: ArgFloat, D: Direction> AtomicArgExtremum<F, D> {
    /// The empty state, the identity of the integer reduction.
    const EMPTY: u64 = if D::IS_MIN { u64::MAX } else { 0 };
    /// The NaN key of `reduce_propagating`, at the reducing end.
    const NAN_KEY: F::Bits = nan_key::<F, D>();

    /// The integer of the pair: the key high, the index (complemented for max) low.
    #[inline]
    fn pack(key: F::Bits, index: u32) -> u64 {
        (widened::<F>(key) << 32) | u64::from(if D::IS_MIN { index } else { !index })
    }

    /// The pair of the integer, `None` when empty.
    #[inline]
    fn unpack(packed: u64) -> Option<(F, u32)> {
        #[allow(clippy::cast_possible_truncation)] // the low half: the index
        let low = packed as u32;
        (packed != Self::EMPTY).then(|| {
            let value = OrderedKey::<F>::from_bits(truncated::<F>(packed >> 32)).get();
            (value, if D::IS_MIN { low } else { !low })
        })
    }

    /// The key in the high half of `packed` is a NaN's.
    #[inline]
    fn is_nan_packed(packed: u64) -> bool {
        is_nan_key::<F>(truncated::<F>(packed >> 32))
    }

    /// An empty arg reducer. `const` (except in this crate's loom models,
    /// `cfg(all(loom, test))`).
    ///
    /// ```
    /// use normkey::AtomicF32ArgMin;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// static NEAREST: AtomicF32ArgMin = AtomicF32ArgMin::new();
    /// assert_eq!(NEAREST.load(Relaxed), None);
    /// NEAREST.fetch_min(-0.0, 7, Relaxed);
    /// assert_eq!(NEAREST.load(Relaxed), Some((-0.0, 7)));
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn new() -> Self {
        Self {
            packed: super::pun_atomic(Self::EMPTY),
            direction: PhantomData,
        }
    }

    /// An empty arg reducer (not `const`: the loom models' copy).
    #[cfg(all(loom, test))]
    #[must_use]
    pub fn new() -> Self {
        Self {
            packed: u64::new_atomic(Self::EMPTY),
            direction: PhantomData,
        }
    }

    /// `N` empty arg reducers (see [`new`](Self::new)), without an allocator:
    /// `const`, for a `static` buffer (`[const { AtomicF32ArgMin::new() }; N]` is
    /// the same).
    ///
    /// ```
    /// use normkey::AtomicF32ArgMax;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// static BRIGHTEST: [AtomicF32ArgMax; 4] = AtomicF32ArgMax::new_array();
    /// BRIGHTEST[2].fetch_max_slice(&[0.5, f32::NAN, 0.5], 10, Relaxed);
    /// assert_eq!(BRIGHTEST[2].load(Relaxed), Some((0.5, 10))); // the lowest index of a tie
    /// assert_eq!(BRIGHTEST[0].load(Relaxed), None);
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn new_array<const N: usize>() -> [Self; N] {
        [const { Self::new() }; N]
    }

    /// `n` empty arg reducers on the heap (feature `alloc`): a per-pixel buffer
    /// whose length is known at run time.
    ///
    /// ```
    /// use normkey::AtomicF32ArgMin;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let nearest = AtomicF32ArgMin::new_boxed(2);
    /// nearest[1].fetch_min(-0.0, 7, Relaxed);
    /// nearest[1].fetch_min(0.0, 3, Relaxed); // −0 < +0
    /// assert_eq!(nearest[1].load(Relaxed), Some((-0.0, 7)));
    /// assert_eq!(nearest[0].load(Relaxed), None);
    /// assert!(AtomicF32ArgMin::new_boxed(0).is_empty());
    /// ```
    #[cfg(all(feature = "alloc", not(all(loom, test))))]
    #[must_use]
    pub fn new_boxed(n: usize) -> alloc::boxed::Box<[Self]> {
        (0..n).map(|_| Self::new()).collect()
    }

    /// The pair, `None` when empty; the value bit for bit as it was passed (a NaN
    /// stored by `fetch_minimum`/`fetch_maximum` is the all-payload NaN of the
    /// reducing sign).
    ///
    /// # Panics
    ///
    /// If `order` is `Release` or `AcqRel`, as the integer `load` does.
    ///
    /// ```
    /// use normkey::AtomicF32ArgMax;
    /// use std::sync::atomic::Ordering::Acquire;
    ///
    /// let r = AtomicF32ArgMax::new();
    /// assert_eq!(r.load(Acquire), None);
    /// r.fetch_max(-0.0, 3, Acquire);
    /// assert_eq!(r.load(Acquire).map(|(v, i)| (v.to_bits(), i)), Some((0x8000_0000, 3)));
    /// ```
    #[inline]
    #[must_use]
    pub fn load(&self, order: Ordering) -> Option<(F, u32)> {
        Self::unpack(u64::load(&self.packed, order))
    }

    /// Returns the pair (`None` when empty) and empties the reducer in one atomic
    /// swap: a concurrent update lands either in the returned pair or in the next
    /// one. All orderings are valid.
    ///
    /// ```
    /// use normkey::AtomicF32ArgMin;
    /// use std::sync::atomic::Ordering::AcqRel;
    ///
    /// let r = AtomicF32ArgMin::new();
    /// r.fetch_min(f32::INFINITY, 0, AcqRel); // +∞ is a value: it fills the reducer
    /// assert_eq!(r.take(AcqRel), Some((f32::INFINITY, 0)));
    /// assert_eq!(r.take(AcqRel), None);
    /// ```
    #[inline]
    // Not `#[must_use]`: emptying without reading is a use (as the reducers' `take`).
    #[allow(clippy::must_use_candidate)]
    pub fn take(&self, order: Ordering) -> Option<(F, u32)> {
        Self::unpack(u64::swap(&self.packed, Self::EMPTY, order))
    }

    /// The pair, consuming the reducer (no synchronization needed); `None` when
    /// empty.
    ///
    /// ```
    /// use normkey::AtomicF32ArgMin;
    ///
    /// let r = AtomicF32ArgMin::new();
    /// r.fetch_minimum(-f32::NAN, 9, std::sync::atomic::Ordering::Relaxed);
    /// let (v, i) = r.into_inner().unwrap();
    /// assert_eq!((v.to_bits(), i), (u32::MAX, 9)); // the negative all-payload NaN
    /// assert_eq!(AtomicF32ArgMin::new().into_inner(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn into_inner(self) -> Option<(F, u32)> {
        Self::unpack(u64::into_inner(self.packed))
    }

    /// `fetch_min` for [`Min`], `fetch_max` for [`Max`]: makes the pair the
    /// extremum of itself and `(value, index)` (value by totalOrder, then the lower
    /// index), **ignoring a NaN** value (the call then only loads). Returns the
    /// previous pair, `None` when empty. A call that would change nothing is a
    /// load with the load part of `order` (see the [module docs](super)).
    ///
    /// ```
    /// use normkey::atomic::{AtomicArgExtremum, Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicArgExtremum::<f32, Min>::new();
    /// assert_eq!(r.reduce(0.0, 5, Relaxed), None); // was empty
    /// assert_eq!(r.reduce(0.0, 8, Relaxed), Some((0.0, 5))); // a tie: 5 stays
    /// r.reduce(0.0, 2, Relaxed); // a tie: the lower index wins
    /// r.reduce(-f32::NAN, 0, Relaxed); // ignored
    /// assert_eq!(r.load(Relaxed), Some((0.0, 2)));
    /// r.reduce(-0.0, 9, Relaxed); // −0 < +0
    /// assert_eq!(r.load(Relaxed).map(|(v, i)| (v.to_bits(), i)), Some((0x8000_0000, 9)));
    /// ```
    #[inline]
    pub fn reduce(&self, value: F, index: u32, order: Ordering) -> Option<(F, u32)> {
        let packed = Self::pack(OrderedKey::new(value).to_bits(), index);
        Self::unpack(update_unless::<u64, D>(
            &self.packed,
            packed,
            Self::is_nan_packed,
            order,
        ))
    }

    /// `fetch_minimum` for [`Min`], `fetch_maximum` for [`Max`]: as
    /// [`reduce`](Self::reduce), but **a NaN propagates**: it is stored as the
    /// all-payload NaN at the reducing end with its index, a number never replaces
    /// it, and among NaNs the lowest index wins. Returns the previous pair.
    ///
    /// ```
    /// use normkey::atomic::{AtomicArgExtremum, Max};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicArgExtremum::<f32, Max>::new();
    /// r.reduce_propagating(f32::INFINITY, 0, Relaxed);
    /// r.reduce_propagating(-f32::NAN, 6, Relaxed); // either sign
    /// r.reduce_propagating(f32::NAN, 4, Relaxed); // a lower index among NaNs
    /// r.reduce_propagating(f32::INFINITY, 1, Relaxed); // a number: no effect
    /// let (v, i) = r.load(Relaxed).unwrap();
    /// assert!(v.is_nan() && v.is_sign_positive() && i == 4);
    /// ```
    #[inline]
    pub fn reduce_propagating(&self, value: F, index: u32, order: Ordering) -> Option<(F, u32)> {
        let key = OrderedKey::new(value).to_bits();
        let key = if is_nan_key::<F>(key) {
            Self::NAN_KEY
        } else {
            key
        };
        // No stored NaN is ever at the other end, so the integer reduction never
        // replaces a NaN by a number: no compare-exchange loop is needed.
        Self::unpack(update::<u64, D>(
            &self.packed,
            Self::pack(key, index),
            order,
        ))
    }

    /// `fetch_min_slice` for [`Min`], `fetch_max_slice` for [`Max`]: the arg fold
    /// of [`key::argmin`](crate::key::argmin)/[`key::argmax`](crate::key::argmax)
    /// over `values` (NaNs ignored, the first of equal values), then one update
    /// with that value and its index; value `i` of the slice has index
    /// `first_index + i`. An empty or all-NaN slice makes the call a load with the
    /// load part of `order`. Returns the previous pair.
    ///
    /// # Panics
    ///
    /// At the caller's line, if the slice is not empty and the index of its last
    /// value, `first_index + values.len() - 1`, does not fit in `u32`.
    ///
    /// ```
    /// use normkey::atomic::{AtomicArgExtremum, Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicArgExtremum::<f32, Min>::new();
    /// r.reduce_slice(&[3.0, f32::NAN, 1.0, 1.0], 100, Relaxed);
    /// assert_eq!(r.load(Relaxed), Some((1.0, 102)));
    /// r.reduce_slice(&[f32::NAN, -f32::NAN], 0, Relaxed); // no number: a load
    /// r.reduce_slice(&[], u32::MAX, Relaxed);
    /// r.reduce_slice(&[1.0], u32::MAX, Relaxed); // a tie with a higher index
    /// assert_eq!(r.load(Relaxed), Some((1.0, 102)));
    /// ```
    #[inline]
    #[track_caller]
    pub fn reduce_slice(
        &self,
        values: &[F],
        first_index: u32,
        order: Ordering,
    ) -> Option<(F, u32)> {
        self.slice_update(values, first_index, false, order)
    }

    /// `fetch_minimum_slice` for [`Min`], `fetch_maximum_slice` for [`Max`]: as
    /// [`reduce_slice`](Self::reduce_slice), but a NaN propagates: with a NaN in
    /// the slice, the update is [`reduce_propagating`](Self::reduce_propagating)
    /// with the first NaN's index (the fold of
    /// [`key::argminimum`](crate::key::argminimum)/
    /// [`key::argmaximum`](crate::key::argmaximum)). An empty slice makes the
    /// call a load. Returns the previous pair.
    ///
    /// # Panics
    ///
    /// As [`reduce_slice`](Self::reduce_slice): if the last index does not fit in
    /// `u32`.
    ///
    /// ```
    /// use normkey::atomic::{AtomicArgExtremum, Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicArgExtremum::<f32, Min>::new();
    /// r.reduce_propagating_slice(&[2.0, 0.0, -0.0], 10, Relaxed);
    /// assert_eq!(r.load(Relaxed).map(|(v, i)| (v.to_bits(), i)), Some((0x8000_0000, 12)));
    /// r.reduce_propagating_slice(&[1.0, f32::NAN, -f32::NAN], 20, Relaxed);
    /// let (v, i) = r.load(Relaxed).unwrap();
    /// assert!(v.is_nan() && v.is_sign_negative() && i == 21); // the first NaN
    /// ```
    #[inline]
    #[track_caller]
    pub fn reduce_propagating_slice(
        &self,
        values: &[F],
        first_index: u32,
        order: Ordering,
    ) -> Option<(F, u32)> {
        self.slice_update(values, first_index, true, order)
    }

    /// The two slice forms: the arg fold of `values` (with `propagate`, a NaN's
    /// key is already the NaN key at the reducing end), then one update, or a load
    /// when no value counts.
    #[inline]
    #[track_caller]
    fn slice_update(
        &self,
        values: &[F],
        first_index: u32,
        propagate: bool,
        order: Ordering,
    ) -> Option<(F, u32)> {
        let first = Self::checked_first(values, first_index);
        match arg_fold_keys(values, D::IS_MIN, propagate) {
            Some((i, key)) => Self::unpack(update::<u64, D>(
                &self.packed,
                Self::pack(key, first + Self::offset(i)),
                order,
            )),
            None => self.load(load_part(order)),
        }
    }

    /// `first_index`, after checking that the index of the last value fits in
    /// `u32` (the panic of the slice forms).
    #[inline]
    #[track_caller]
    fn checked_first(values: &[F], first_index: u32) -> u32 {
        if let Some(last) = values.len().checked_sub(1) {
            let fits = u32::try_from(last)
                .ok()
                .and_then(|last| first_index.checked_add(last));
            assert!(
                fits.is_some(),
                "the index of the slice's last value ({first_index} + {last}) does not fit in u32"
            );
        }
        first_index
    }

    /// An offset into a slice whose indices were checked by `checked_first`.
    #[inline]
    #[allow(clippy::cast_possible_truncation)] // checked: at most the last index
    fn offset(i: usize) -> u32 {
        i as u32
    }
}

/// The names of the generic forms for each direction (forwarding, nothing else).
macro_rules! arg_direction_names {
    ($d:ident, $fetch:ident, $fetch_nan:ident, $fetch_slice:ident, $fetch_nan_slice:ident, $example:literal) => {
        #[doc = $example]
        impl<F: ArgFloat> AtomicArgExtremum<F, $d> {
            #[doc = concat!("[`reduce`](Self::reduce) under its `", stringify!($d), "` name (NaN ignored); see the [type docs](AtomicArgExtremum).")]
            #[inline]
            pub fn $fetch(&self, value: F, index: u32, order: Ordering) -> Option<(F, u32)> {
                self.reduce(value, index, order)
            }
            #[doc = concat!("[`reduce_propagating`](Self::reduce_propagating) under its `", stringify!($d), "` name (NaN sticky); see the [type docs](AtomicArgExtremum).")]
            #[inline]
            pub fn $fetch_nan(&self, value: F, index: u32, order: Ordering) -> Option<(F, u32)> {
                self.reduce_propagating(value, index, order)
            }
            #[doc = concat!("[`reduce_slice`](Self::reduce_slice) under its `", stringify!($d), "` name; panics as it does.")]
            #[inline]
            #[track_caller]
            pub fn $fetch_slice(&self, values: &[F], first_index: u32, order: Ordering) -> Option<(F, u32)> {
                self.reduce_slice(values, first_index, order)
            }
            #[doc = concat!("[`reduce_propagating_slice`](Self::reduce_propagating_slice) under its `", stringify!($d), "` name; panics as it does.")]
            #[inline]
            #[track_caller]
            pub fn $fetch_nan_slice(&self, values: &[F], first_index: u32, order: Ordering) -> Option<(F, u32)> {
                self.reduce_propagating_slice(values, first_index, order)
            }
        }
    };
}
arg_direction_names!(
    Min,
    fetch_min,
    fetch_minimum,
    fetch_min_slice,
    fetch_minimum_slice,
    "```
use normkey::AtomicF32ArgMin;
use std::sync::atomic::Ordering::Relaxed;

let depths = [0.5_f32, f32::NAN, 0.25, 0.25, -0.0, 0.0];
let nearest = AtomicF32ArgMin::new();
std::thread::scope(|s| {
    for (c, chunk) in depths.chunks(2).enumerate() {
        let nearest = &nearest;
        let first = u32::try_from(2 * c).unwrap();
        s.spawn(move || {
            for (i, &d) in (first..).zip(chunk) {
                nearest.fetch_min(d, i, Relaxed);
            }
        });
    }
});
let (d, i) = nearest.load(Relaxed).unwrap();
assert_eq!((d.to_bits(), i), ((-0.0_f32).to_bits(), 4)); // −0 < +0; NaN ignored
nearest.fetch_min_slice(&[-0.0, -0.0], 2, Relaxed); // a tie at a lower index
assert_eq!(nearest.load(Relaxed).unwrap().1, 2);
nearest.fetch_minimum_slice(&[1.0, f32::NAN], 10, Relaxed);
let (d, i) = nearest.load(Relaxed).unwrap();
assert!(d.is_nan() && i == 11); // NaN propagates
nearest.fetch_minimum(f32::NAN, 12, Relaxed);
assert_eq!(nearest.load(Relaxed).unwrap().1, 11); // the lower NaN index stays
```"
);
arg_direction_names!(
    Max,
    fetch_max,
    fetch_maximum,
    fetch_max_slice,
    fetch_maximum_slice,
    "```
use normkey::AtomicF32ArgMax;
use std::sync::atomic::Ordering::Relaxed;

let r = AtomicF32ArgMax::new();
r.fetch_max(1.0, 7, Relaxed);
r.fetch_max(1.0, 3, Relaxed);
r.fetch_max(1.0, 5, Relaxed);
assert_eq!(r.load(Relaxed), Some((1.0, 3))); // the lowest index wins a tie, for max too
r.fetch_max(f32::NAN, 0, Relaxed); // ignored
r.fetch_max_slice(&[-0.0, 0.0, f32::NEG_INFINITY], 0, Relaxed);
assert_eq!(r.load(Relaxed), Some((1.0, 3)));
r.fetch_maximum_slice(&[2.0, -f32::NAN], 40, Relaxed);
let (v, i) = r.load(Relaxed).unwrap();
assert!(v.is_nan() && v.is_sign_positive() && i == 41); // NaN propagates
```"
);

/// Empty, as [`new`](AtomicArgExtremum::new).
///
/// ```
/// use normkey::AtomicF32ArgMax;
/// assert_eq!(AtomicF32ArgMax::default().into_inner(), None);
/// ```
impl<F: ArgFloat, D: Direction> Default for AtomicArgExtremum<F, D> {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

/// Prints the pair (loaded with `Relaxed`), `None` when empty.
///
/// ```
/// use normkey::AtomicF32ArgMin;
/// let r = AtomicF32ArgMin::new();
/// assert_eq!(format!("{r:?}"), "None");
/// r.fetch_min(-0.0, 1, std::sync::atomic::Ordering::Relaxed);
/// assert_eq!(format!("{r:?}"), "Some((-0.0, 1))");
/// ```
impl<F: ArgFloat, D: Direction> fmt::Debug for AtomicArgExtremum<F, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.load(Ordering::Relaxed), f)
    }
}

/// A lock-free `f32` arg-min reducer on `AtomicU64` (the lowest index wins ties).
pub type AtomicF32ArgMin = AtomicArgExtremum<f32, Min>;
/// A lock-free `f32` arg-max reducer on `AtomicU64` (the lowest index wins ties).
pub type AtomicF32ArgMax = AtomicArgExtremum<f32, Max>;
/// A lock-free `half::f16` arg-min reducer on `AtomicU64`.
#[cfg(feature = "half")]
pub type AtomicF16ArgMin = AtomicArgExtremum<half::f16, Min>;
/// A lock-free `half::f16` arg-max reducer on `AtomicU64`.
#[cfg(feature = "half")]
pub type AtomicF16ArgMax = AtomicArgExtremum<half::f16, Max>;
/// A lock-free `half::bf16` arg-min reducer on `AtomicU64`.
#[cfg(feature = "half")]
pub type AtomicBf16ArgMin = AtomicArgExtremum<half::bf16, Min>;
/// A lock-free `half::bf16` arg-max reducer on `AtomicU64`.
#[cfg(feature = "half")]
pub type AtomicBf16ArgMax = AtomicArgExtremum<half::bf16, Max>;
