//! [`AtomicExtremum<F, D>`](super::AtomicExtremum), the one min/max reducer,
//! written once for every [`AtomicFloat`] and [`Direction`] on the [update](super::update), with its
//! `fetch_min`/`fetch_max` names; its aliases are in `aliases.rs`.

use super::update::{load_part, nan_key, update, update_cas, update_unless};
use super::{AtomicBits, AtomicFloat, Direction, Max, Min};
use crate::key::OrderedKey;
use crate::key::fold::{fold_keys, is_nan_key};
use core::fmt;
use core::marker::PhantomData;
use core::sync::atomic::Ordering;

/// An atomic float `F` that only moves in direction `D`: a lock-free min or max
/// reducer. Usually named by its aliases ([`AtomicF32Min`](super::AtomicF32Min), [`AtomicF64Max`](super::AtomicF64Max), …);
/// generic code bounds on `F: AtomicFloat, D: Direction`.
///
/// See the [module docs](super) for the algorithm, the float semantics, the memory
/// ordering of the fast path and the availability. The generic methods
/// [`reduce`](Self::reduce), [`reduce_propagating`](Self::reduce_propagating),
/// [`reduce_slice`](Self::reduce_slice) and
/// [`reduce_propagating_slice`](Self::reduce_propagating_slice) are `fetch_min`/
/// `fetch_minimum`/`fetch_min_slice`/`fetch_minimum_slice` for [`Min`] and the
/// `max` forms for [`Max`].
///
/// # Representation
///
/// `#[repr(transparent)]` over the integer atomic of the key (`AtomicU32` for
/// `f32`): same size and alignment; the integer is the [`OrderedKey<F>`] of the
/// value.
///
/// ```
/// use normkey::atomic::{AtomicExtremum, AtomicFloat, Direction, Max, Min};
/// use std::sync::atomic::Ordering::Relaxed;
///
/// fn reduce_all<F: AtomicFloat, D: Direction>(values: &[F]) -> F {
///     let r = AtomicExtremum::<F, D>::default();
///     for &v in values {
///         r.reduce(v, Relaxed);
///     }
///     r.into_inner()
/// }
/// let v = [1.0_f32, f32::NAN, -0.0, 0.0, -1.0];
/// assert_eq!(reduce_all::<f32, Min>(&v), -1.0); // NaN ignored
/// assert_eq!(reduce_all::<f32, Max>(&v), 1.0);
/// assert_eq!(reduce_all::<f64, Max>(&[-0.0, 0.0]).to_bits(), 0); // −0 < +0
/// assert_eq!(reduce_all::<f64, Min>(&[]), f64::INFINITY); // the identity
/// ```
#[repr(transparent)]
pub struct AtomicExtremum<F: AtomicFloat, D: Direction> {
    key: <F::Bits as AtomicBits>::Atomic,
    direction: PhantomData<(F, D)>,
}

impl<F: AtomicFloat, D: Direction> AtomicExtremum<F, D> {
    /// The identity: +∞ for min, −∞ for max.
    const IDENTITY_KEY: F::Bits = if D::IS_MIN {
        F::INFINITY_KEY
    } else {
        F::NEG_INFINITY_KEY
    };
    /// The key that never improves anything (the end opposite to the reduction).
    const NEUTRAL_KEY: F::Bits = if D::IS_MIN {
        OrderedKey::<F>::MAX.to_bits()
    } else {
        OrderedKey::<F>::MIN.to_bits()
    };
    /// The sticky NaN of `reduce_propagating`: the key nothing improves on.
    const NAN_KEY: F::Bits = nan_key::<F, D>();

    #[inline]
    fn is_nan_key(key: F::Bits) -> bool {
        is_nan_key::<F>(key)
    }

    #[inline]
    fn float(key: F::Bits) -> F {
        OrderedKey::<F>::from_bits(key).get()
    }

    /// The fast path and the integer read-modify-write: the whole algorithm.
    /// Returns the previous key.
    #[inline]
    fn fetch_key(&self, key: F::Bits, order: Ordering) -> F::Bits {
        update::<F::Bits, D>(&self.key, key, order)
    }

    /// A reducer holding `v`, bit for bit. `const` (except in this crate's
    /// loom models, `cfg(all(loom, test))`).
    ///
    /// ```
    /// use normkey::AtomicF32Min;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// static R: AtomicF32Min = AtomicF32Min::new(f32::INFINITY);
    /// R.fetch_min(-0.0, Relaxed);
    /// assert_eq!(R.load(Relaxed).to_bits(), (-0.0_f32).to_bits());
    /// let n = AtomicF32Min::new(-f32::NAN);
    /// assert_eq!(n.load(Relaxed).to_bits(), (-f32::NAN).to_bits()); // payload and sign kept
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn new(v: F) -> Self {
        Self {
            key: super::pun_atomic(OrderedKey::new(v).to_bits()),
            direction: PhantomData,
        }
    }

    /// A reducer holding `v`, bit for bit (not `const`: the loom models' copy).
    #[cfg(all(loom, test))]
    #[must_use]
    pub fn new(v: F) -> Self {
        Self {
            key: F::Bits::new_atomic(OrderedKey::new(v).to_bits()),
            direction: PhantomData,
        }
    }

    /// A reducer holding the identity, +∞ for [`Min`] and −∞ for [`Max`] (what
    /// [`Default`] and [`take`](Self::take) give): `const`, for `static`s and,
    /// through [`identity_array`](Self::identity_array) or `[const { … }; N]`,
    /// arrays.
    ///
    /// ```
    /// use normkey::{AtomicF32Max, AtomicF32Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// static DARKEST: AtomicF32Min = AtomicF32Min::identity();
    /// assert_eq!(DARKEST.load(Relaxed), f32::INFINITY);
    /// DARKEST.fetch_min(f32::NAN, Relaxed); // ignored: still the identity
    /// assert_eq!(DARKEST.load(Relaxed), f32::INFINITY);
    /// let rows = [const { AtomicF32Max::identity() }; 4];
    /// assert!(rows.iter().all(|r| r.load(Relaxed) == f32::NEG_INFINITY));
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn identity() -> Self {
        Self {
            key: super::pun_atomic(Self::IDENTITY_KEY),
            direction: PhantomData,
        }
    }

    /// `N` reducers holding the identity (see [`identity`](Self::identity)), without
    /// an allocator: `const`, for a `static` buffer.
    ///
    /// ```
    /// use normkey::AtomicF64Max;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// static PEAKS: [AtomicF64Max; 8] = AtomicF64Max::identity_array();
    /// PEAKS[3].fetch_max(-0.0, Relaxed);
    /// assert_eq!(PEAKS[3].load(Relaxed).to_bits(), (-0.0_f64).to_bits());
    /// assert_eq!(PEAKS[4].load(Relaxed), f64::NEG_INFINITY);
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn identity_array<const N: usize>() -> [Self; N] {
        [const { Self::identity() }; N]
    }

    /// `n` reducers holding the identity, on the heap (feature `alloc`): a
    /// per-pixel or per-bucket buffer whose length is known at run time.
    ///
    /// ```
    /// use normkey::AtomicF32Min;
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let depth = AtomicF32Min::identity_boxed(3);
    /// depth[1].fetch_min(0.5, Relaxed);
    /// assert_eq!(depth.iter().map(|d| d.load(Relaxed)).collect::<Vec<_>>(), [f32::INFINITY, 0.5, f32::INFINITY]);
    /// assert!(AtomicF32Min::identity_boxed(0).is_empty());
    /// ```
    #[cfg(all(feature = "alloc", not(all(loom, test))))]
    #[must_use]
    pub fn identity_boxed(n: usize) -> alloc::boxed::Box<[Self]> {
        (0..n).map(|_| Self::identity()).collect()
    }

    /// The value, consuming the reducer (no synchronization needed). `const` (except
    /// in this crate's loom models).
    ///
    /// ```
    /// use normkey::{AtomicF32Min, AtomicF64Max};
    ///
    /// let r = AtomicF32Min::new(0.0);
    /// r.fetch_min(-0.0, std::sync::atomic::Ordering::Relaxed);
    /// assert_eq!(r.into_inner().to_bits(), (-0.0_f32).to_bits());
    /// assert_eq!(AtomicF64Max::default().into_inner(), f64::NEG_INFINITY);
    /// const X: f32 = AtomicF32Min::new(-1.5).into_inner(); // `const fn`
    /// assert_eq!(X, -1.5);
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    #[must_use]
    pub const fn into_inner(self) -> F {
        // `repr(transparent)` over the atomic: the reducer's bits are the key's.
        OrderedKey::<F>::from_bits(super::pun_atomic::<Self, F::Bits>(self)).get()
    }

    /// The value, consuming the reducer (not `const`: the loom models' copy).
    #[cfg(all(loom, test))]
    #[must_use]
    pub fn into_inner(self) -> F {
        Self::float(F::Bits::into_inner(self.key))
    }

    /// The key of the value, for reading or writing it without atomics while the
    /// reducer is borrowed mutably (no other thread can see it then), as
    /// `AtomicU32::get_mut`. Writing through it replaces the value bit for bit (not
    /// a reduction): `*r.get_mut() = OrderedKey::new(x)`. Not in this crate's
    /// loom models (`cfg(all(loom, test))`), whose atomics have no `get_mut`.
    ///
    /// ```
    /// use normkey::{AtomicF32Min, OrderedKey};
    ///
    /// let mut r = AtomicF32Min::default();
    /// assert_eq!(r.get_mut().get(), f32::INFINITY); // the identity
    /// *r.get_mut() = OrderedKey::new(-0.0);
    /// r.fetch_min(0.0, std::sync::atomic::Ordering::Relaxed); // −0 < +0: no change
    /// assert_eq!(r.get_mut().get().to_bits(), (-0.0_f32).to_bits());
    /// *r.get_mut() = OrderedKey::new(f32::NAN); // any value, NaN too
    /// assert!(r.into_inner().is_nan());
    /// ```
    #[cfg(not(all(loom, test)))]
    #[inline]
    pub fn get_mut(&mut self) -> &mut OrderedKey<F> {
        <OrderedKey<F> as bytemuck::TransparentWrapper<F::Bits>>::wrap_mut(F::Bits::get_mut(
            &mut self.key,
        ))
    }

    /// The value, bit for bit.
    ///
    /// # Panics
    ///
    /// If `order` is `Release` or `AcqRel`, as the integer `load` does.
    ///
    /// ```
    /// use normkey::AtomicF32Min;
    /// use std::sync::atomic::Ordering::Acquire;
    ///
    /// assert_eq!(AtomicF32Min::default().load(Acquire), f32::INFINITY);
    /// assert!(AtomicF32Min::new(-0.0).load(Acquire).is_sign_negative());
    /// ```
    #[inline]
    #[must_use]
    pub fn load(&self, order: Ordering) -> F {
        Self::float(F::Bits::load(&self.key, order))
    }

    /// Replaces the value by `v`, bit for bit, whatever it was (not a reduction).
    ///
    /// # Panics
    ///
    /// If `order` is `Acquire` or `AcqRel`, as the integer `store` does.
    ///
    /// ```
    /// use normkey::AtomicF32Min;
    /// use std::sync::atomic::Ordering::{Acquire, Release};
    ///
    /// let r = AtomicF32Min::new(f32::NEG_INFINITY);
    /// r.store(0.0, Release); // moves the other way: allowed
    /// assert_eq!(r.load(Acquire).to_bits(), 0);
    /// r.store(f32::NAN, Release);
    /// assert_eq!(r.load(Acquire).to_bits(), f32::NAN.to_bits());
    /// ```
    #[inline]
    pub fn store(&self, v: F, order: Ordering) {
        F::Bits::store(&self.key, OrderedKey::new(v).to_bits(), order);
    }

    /// Replaces the value by `v`, bit for bit, and returns the previous value.
    /// All orderings are valid.
    ///
    /// ```
    /// use normkey::AtomicF32Max;
    /// use std::sync::atomic::Ordering::AcqRel;
    ///
    /// let r = AtomicF32Max::new(-0.0);
    /// assert!(r.swap(f32::NAN, AcqRel).is_sign_negative());
    /// assert!(r.swap(f32::INFINITY, AcqRel).is_nan());
    /// assert_eq!(r.swap(0.0, AcqRel), f32::INFINITY);
    /// ```
    #[inline]
    pub fn swap(&self, v: F, order: Ordering) -> F {
        Self::float(F::Bits::swap(
            &self.key,
            OrderedKey::new(v).to_bits(),
            order,
        ))
    }

    /// Returns the value and resets the reducer to the identity (+∞ for min, −∞ for
    /// max) in one atomic swap: read-and-reset between frames without losing a
    /// concurrent update (it lands either in the returned value or in the next one).
    /// All orderings are valid.
    ///
    /// ```
    /// use normkey::AtomicF32Max;
    /// use std::sync::atomic::Ordering::AcqRel;
    ///
    /// let r = AtomicF32Max::default();
    /// r.fetch_max(0.0, AcqRel);
    /// assert_eq!(r.take(AcqRel).to_bits(), 0);
    /// assert_eq!(r.take(AcqRel), f32::NEG_INFINITY); // the identity
    /// ```
    #[inline]
    pub fn take(&self, order: Ordering) -> F {
        Self::float(F::Bits::swap(&self.key, Self::IDENTITY_KEY, order))
    }

    /// `fetch_min` for [`Min`], `fetch_max` for [`Max`]: makes the value the
    /// extremum of itself and `v` under totalOrder, ignoring a NaN `v` (the call then
    /// only loads); returns the previous value. See the [module docs](super).
    ///
    /// ```
    /// use normkey::atomic::{AtomicExtremum, Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicExtremum::<f64, Min>::new(0.0);
    /// assert_eq!(r.reduce(-0.0, Relaxed).to_bits(), 0); // the previous value
    /// r.reduce(f64::NAN, Relaxed); // ignored
    /// assert_eq!(r.load(Relaxed).to_bits(), (-0.0_f64).to_bits());
    /// ```
    #[inline]
    pub fn reduce(&self, v: F, order: Ordering) -> F {
        let key = OrderedKey::new(v).to_bits();
        Self::float(update_unless::<F::Bits, D>(
            &self.key,
            key,
            Self::is_nan_key,
            order,
        ))
    }

    /// `fetch_minimum` for [`Min`], `fetch_maximum` for [`Max`]: as
    /// [`reduce`](Self::reduce) but a NaN propagates and stays. See the
    /// [module docs](super).
    ///
    /// ```
    /// use normkey::atomic::{AtomicExtremum, Max};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicExtremum::<f64, Max>::new(0.0);
    /// r.reduce_propagating(-f64::NAN, Relaxed); // either sign
    /// r.reduce_propagating(f64::INFINITY, Relaxed);
    /// assert!(r.load(Relaxed).is_nan() && r.load(Relaxed).is_sign_positive()); // sticky
    /// ```
    #[inline]
    pub fn reduce_propagating(&self, v: F, order: Ordering) -> F {
        Self::float(self.propagate_key(OrderedKey::new(v).to_bits(), order))
    }

    /// The update of [`reduce_propagating`](Self::reduce_propagating) with a key:
    /// a NaN key stores [`Self::NAN_KEY`]; a number a compare-exchange loop that
    /// never replaces a stored NaN. Returns the previous key.
    #[inline]
    fn propagate_key(&self, key: F::Bits, order: Ordering) -> F::Bits {
        if Self::is_nan_key(key) {
            return self.fetch_key(Self::NAN_KEY, order);
        }
        // A compare-exchange loop, not the integer read-modify-write, which would
        // replace a stored NaN of the other sign.
        update_cas::<F::Bits, D>(&self.key, key, key, |k| k, Self::is_nan_key, order)
    }

    /// `fetch_min_slice` for [`Min`], `fetch_max_slice` for [`Max`]: reduces
    /// `values` locally (NaN ignored), then makes one atomic update with the result;
    /// returns the previous value. The update is skipped (a load with the load part
    /// of `order`) when the slice is empty, all NaN, or does not improve the value.
    ///
    /// ```
    /// use normkey::atomic::{AtomicExtremum, Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicExtremum::<f32, Min>::default();
    /// assert_eq!(r.reduce_slice(&[1.0, f32::NAN, 0.0, -0.0], Relaxed), f32::INFINITY);
    /// r.reduce_slice(&[f32::NAN, -f32::NAN], Relaxed); // all NaN: nothing
    /// r.reduce_slice(&[], Relaxed);
    /// assert_eq!(r.load(Relaxed).to_bits(), (-0.0_f32).to_bits());
    /// ```
    #[inline]
    pub fn reduce_slice(&self, values: &[F], order: Ordering) -> F {
        // The fold of `key::min`/`key::max`, then one update (or a load).
        let best = fold_keys(values, D::IS_MIN, false).unwrap_or(Self::NEUTRAL_KEY);
        Self::float(self.fetch_key(best, order))
    }

    /// `fetch_minimum_slice` for [`Min`], `fetch_maximum_slice` for [`Max`]: as
    /// [`reduce_propagating`](Self::reduce_propagating) with the extremum of
    /// `values` (a NaN in the slice propagates and stays), folded locally first by
    /// the fold of [`key::minimum`](crate::key::minimum)/
    /// [`key::maximum`](crate::key::maximum), then one update. An empty slice makes
    /// the call a load with the load part of `order`. Returns the previous value.
    ///
    /// ```
    /// use normkey::atomic::{AtomicExtremum, Min};
    /// use std::sync::atomic::Ordering::Relaxed;
    ///
    /// let r = AtomicExtremum::<f32, Min>::default();
    /// assert_eq!(r.reduce_propagating_slice(&[1.0, -0.0, 0.0], Relaxed), f32::INFINITY);
    /// assert_eq!(r.load(Relaxed).to_bits(), (-0.0_f32).to_bits());
    /// r.reduce_propagating_slice(&[], Relaxed); // nothing
    /// r.reduce_propagating_slice(&[2.0, f32::NAN], Relaxed); // a NaN: sticky
    /// r.reduce_propagating_slice(&[-1.0], Relaxed);
    /// assert!(r.load(Relaxed).is_nan() && r.load(Relaxed).is_sign_negative());
    /// ```
    #[inline]
    pub fn reduce_propagating_slice(&self, values: &[F], order: Ordering) -> F {
        match fold_keys(values, D::IS_MIN, true) {
            Some(key) => Self::float(self.propagate_key(key, order)),
            None => self.load(load_part(order)),
        }
    }
}

/// The names of the generic forms for each direction (forwarding, nothing else).
macro_rules! direction_names {
    ($d:ident, $fetch:ident, $fetch_nan:ident, $fetch_slice:ident, $fetch_nan_slice:ident, $example:literal) => {
        #[doc = $example]
        impl<F: AtomicFloat> AtomicExtremum<F, $d> {
            #[doc = concat!("[`reduce`](Self::reduce) under its `", stringify!($d), "` name; see the [module docs](super).")]
            #[inline]
            pub fn $fetch(&self, v: F, order: Ordering) -> F {
                self.reduce(v, order)
            }
            #[doc = concat!("[`reduce_propagating`](Self::reduce_propagating) under its `", stringify!($d), "` name (NaN sticky); see the [module docs](super).")]
            #[inline]
            pub fn $fetch_nan(&self, v: F, order: Ordering) -> F {
                self.reduce_propagating(v, order)
            }
            #[doc = concat!("[`reduce_slice`](Self::reduce_slice) under its `", stringify!($d), "` name; see the [module docs](super).")]
            #[inline]
            pub fn $fetch_slice(&self, values: &[F], order: Ordering) -> F {
                self.reduce_slice(values, order)
            }
            #[doc = concat!("[`reduce_propagating_slice`](Self::reduce_propagating_slice) under its `", stringify!($d), "` name (NaN sticky); see the [module docs](super).")]
            #[inline]
            pub fn $fetch_nan_slice(&self, values: &[F], order: Ordering) -> F {
                self.reduce_propagating_slice(values, order)
            }
        }
    };
}
direction_names!(
    Min,
    fetch_min,
    fetch_minimum,
    fetch_min_slice,
    fetch_minimum_slice,
    "```
use normkey::AtomicF32Min;
use std::sync::atomic::Ordering::Relaxed;

let r = AtomicF32Min::default();
std::thread::scope(|s| {
    for chunk in [1.0, f32::NAN, 0.0, -0.0, -1.0].chunks(2) {
        let r = &r;
        s.spawn(move || for &v in chunk { r.fetch_min(v, Relaxed); });
    }
});
assert_eq!(r.load(Relaxed), -1.0); // NaN ignored
r.fetch_min_slice(&[-0.0, f32::NAN], Relaxed);
assert_eq!(r.load(Relaxed), -1.0);
r.fetch_minimum_slice(&[5.0, f32::NAN], Relaxed);
assert!(r.load(Relaxed).is_nan() && r.load(Relaxed).is_sign_negative()); // NaN propagates
```"
);
direction_names!(
    Max,
    fetch_max,
    fetch_maximum,
    fetch_max_slice,
    fetch_maximum_slice,
    "```
use normkey::AtomicF32Max;
use std::sync::atomic::Ordering::Relaxed;

let r = AtomicF32Max::default();
r.fetch_max(-0.0, Relaxed);
r.fetch_max(0.0, Relaxed);
assert_eq!(r.load(Relaxed).to_bits(), 0); // −0 < +0
r.fetch_max_slice(&[1.0, f32::NAN], Relaxed);
assert_eq!(r.load(Relaxed), 1.0); // NaN ignored
r.fetch_maximum_slice(&[2.0, 3.0], Relaxed);
assert_eq!(r.load(Relaxed), 3.0);
r.fetch_maximum(-f32::NAN, Relaxed);
assert!(r.load(Relaxed).is_nan() && r.load(Relaxed).is_sign_positive()); // NaN propagates
```"
);

/// The identity (+∞ for min, −∞ for max): every update replaces it, except by NaN
/// or by the identity itself.
///
/// ```
/// use normkey::{AtomicF32Max, AtomicF32Min};
/// use std::sync::atomic::Ordering::Relaxed;
///
/// assert_eq!(AtomicF32Min::default().load(Relaxed), f32::INFINITY);
/// let r = AtomicF32Max::default();
/// r.fetch_max(f32::NAN, Relaxed);
/// assert_eq!(r.load(Relaxed), f32::NEG_INFINITY);
/// ```
impl<F: AtomicFloat, D: Direction> Default for AtomicExtremum<F, D> {
    #[inline]
    fn default() -> Self {
        Self::new(Self::float(Self::IDENTITY_KEY))
    }
}

/// A reducer holding the value, bit for bit; same as `new`.
///
/// ```
/// use normkey::AtomicF32Min;
/// assert!(AtomicF32Min::from(-0.0).into_inner().is_sign_negative());
/// ```
impl<F: AtomicFloat, D: Direction> From<F> for AtomicExtremum<F, D> {
    #[inline]
    fn from(v: F) -> Self {
        Self::new(v)
    }
}

/// Prints the value (loaded with `Relaxed`), as the integer atomics print theirs.
///
/// ```
/// use normkey::AtomicF32Min;
/// assert_eq!(format!("{:?}", AtomicF32Min::new(-0.0)), "-0.0");
/// assert_eq!(format!("{:?}", AtomicF32Min::new(f32::NAN)), "NaN");
/// ```
impl<F: AtomicFloat, D: Direction> fmt::Debug for AtomicExtremum<F, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.load(Ordering::Relaxed), f)
    }
}
