//! The folds of a slice under IEEE 754 totalOrder, written once: [`min`],
//! [`max`], [`minimum`], [`maximum`] and the arg forms, over the rotated key
//! space of `fold_keys` and `arg_fold_keys` (which the reducers' slice forms
//! share).

use super::ordered::OrderedKey;
use super::{KeyFloat, pun, truncated, widened};

/// `key` is the key of a NaN (of either sign): below the key of −∞ or above that
/// of +∞. Written once for the folds and the atomics.
#[inline]
pub(crate) fn is_nan_key<F: KeyFloat>(key: F::Bits) -> bool {
    key < F::NEG_INFINITY_KEY || key > F::INFINITY_KEY
}

/// The extremum of `values` under IEEE 754 totalOrder, written once for the four
/// slice functions ([`min`], [`max`], [`minimum`], [`maximum`]) and the reducers'
/// slice forms: the key of the result, or `None` when no value counts (the slice
/// is empty, or, unless `propagate`, holds only NaNs). With `propagate`, any NaN
/// gives the NaN key at the reducing end ([`OrderedKey::MIN`] for the minimum,
/// [`OrderedKey::MAX`] for the maximum).
///
/// The key space is rotated (a wrapping subtraction) so that both NaN ranges sit
/// next to each other at one end of the integers: the far end when NaNs are
/// ignored, so that they lose every comparison, the reducing end when they
/// propagate, so that they win. The loop is then one key, one subtraction and one
/// integer min/max per value, with no branch: it vectorizes.
#[inline]
pub(crate) fn fold_keys<F: KeyFloat>(values: &[F], min: bool, propagate: bool) -> Option<F::Bits> {
    let rotation = Rotation::<F>::new(min, propagate);
    let best = rotation.unrotate(rotation.fold(values));
    rotation.result(values.is_empty(), best)
}

/// The key space of [`fold_keys`] rotated for one direction and NaN rule: the
/// fold of a slice, and the result from the folded key.
#[derive(Clone, Copy)]
struct Rotation<F: KeyFloat> {
    /// Subtracted from every key (wrapping, in the key's width).
    by: F::Bits,
    min: bool,
    propagate: bool,
}

impl<F: KeyFloat> Rotation<F> {
    #[inline]
    fn new(min: bool, propagate: bool) -> Self {
        // −∞ to 0: the numbers at the bottom, both NaN ranges above them. +∞ + 1 to 0:
        // both NaN ranges at the bottom, the numbers at the top.
        let by = if min == propagate {
            Self::add(F::INFINITY_KEY, truncated::<F>(1))
        } else {
            F::NEG_INFINITY_KEY
        };
        Self { by, min, propagate }
    }

    #[inline]
    fn add(a: F::Bits, b: F::Bits) -> F::Bits {
        truncated::<F>(widened::<F>(a).wrapping_add(widened::<F>(b)))
    }

    /// The identity of [`fold`](Self::fold)'s result.
    #[inline]
    fn identity(self) -> F::Bits {
        if self.min {
            OrderedKey::<F>::MAX.0
        } else {
            OrderedKey::<F>::MIN.0
        }
    }

    /// The extremum of the rotated keys of `values` (the identity when empty):
    /// one key, one subtraction and one integer min/max per value, no branch.
    #[inline]
    fn fold(self, values: &[F]) -> F::Bits {
        let rotated = |x: &F| {
            truncated::<F>(
                widened::<F>(OrderedKey::new(*x).to_bits()).wrapping_sub(widened::<F>(self.by)),
            )
        };
        if self.min {
            values.iter().map(rotated).fold(self.identity(), Ord::min)
        } else {
            values.iter().map(rotated).fold(self.identity(), Ord::max)
        }
    }

    /// Whether the rotated key `a` is strictly nearer the reducing end than `b`.
    #[inline]
    fn beats(self, a: F::Bits, b: F::Bits) -> bool {
        if self.min { a < b } else { a > b }
    }

    /// The key of a rotated key.
    #[inline]
    fn unrotate(self, rotated: F::Bits) -> F::Bits {
        Self::add(rotated, self.by)
    }

    /// [`fold_keys`]'s result from the unrotated extremum `best`.
    #[inline]
    fn result(self, empty: bool, best: F::Bits) -> Option<F::Bits> {
        if empty {
            None
        } else if is_nan_key::<F>(best) {
            // A NaN: with `propagate` the slice held one; without, it held no number.
            self.propagate.then_some(if self.min {
                OrderedKey::<F>::MIN.0
            } else {
                OrderedKey::<F>::MAX.0
            })
        } else {
            Some(best)
        }
    }
}

/// The smallest value of `values` under IEEE 754 totalOrder, **NaNs ignored**
/// (IEEE 754-2019 `minimumNumber` folded over the slice, as
/// [`AtomicF32Min::fetch_min_slice`](crate::AtomicF32Min) does, without atomics):
/// for map/reduce code (rayon, `std::thread::scope`) that wants the reducers'
/// semantics per chunk.
///
/// - −0 < +0: `min(&[0.0, -0.0])` is −0.0. ±∞ and subnormals are ordinary values.
/// - A NaN of either sign and any payload is skipped; the result is never NaN.
/// - An empty slice, or one of NaNs only, gives +∞, the identity: so the result
///   of a chunk combines with others by `min(&[a, b])`.
/// - The value returned is bit for bit one of the inputs (or +∞).
///
/// One pass, one integer min per value on the keys (vectorized, no branch).
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::min(&[1.0_f32, f32::NAN, -2.5, 3.0]), -2.5);
/// assert_eq!(key::min(&[0.0_f32, -0.0]).to_bits(), (-0.0_f32).to_bits()); // −0 < +0
/// assert_eq!(key::min(&[f32::NAN, -f32::NAN]), f32::INFINITY); // no number: the identity
/// assert_eq!(key::min::<f64>(&[]), f64::INFINITY);
/// assert_eq!(key::min(&[f64::NEG_INFINITY, 5e-324]), f64::NEG_INFINITY);
///
/// // Per chunk on threads, then combined: the same as one pass.
/// let v: Vec<f32> = (0..1000).map(|i| ((i * 37) % 101) as f32 - 50.0).collect();
/// let parts: Vec<f32> = std::thread::scope(|s| {
///     let hs: Vec<_> = v.chunks(300).map(|c| s.spawn(move || key::min(c))).collect();
///     hs.into_iter().map(|h| h.join().unwrap()).collect()
/// });
/// assert_eq!(key::min(&parts), key::min(&v));
/// assert_eq!(key::min(&parts), -50.0);
/// ```
#[inline]
#[must_use]
pub fn min<F: KeyFloat>(values: &[F]) -> F {
    let key = fold_keys(values, true, false).unwrap_or(F::INFINITY_KEY);
    OrderedKey::<F>::from_bits(key).get()
}

/// The largest value of `values` under IEEE 754 totalOrder, **NaNs ignored**
/// (`maximumNumber` folded over the slice, as the `fetch_max_slice` of the
/// reducers): [`min`] in the other direction.
///
/// - −0 < +0: `max(&[-0.0, 0.0])` is +0.0. ±∞ and subnormals are ordinary values.
/// - NaNs are skipped; the result is never NaN, and bit for bit one of the inputs
///   (or −∞).
/// - An empty slice, or one of NaNs only, gives −∞, the identity.
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::max(&[1.0_f32, f32::NAN, -2.5, 3.0]), 3.0);
/// assert_eq!(key::max(&[-0.0_f32, 0.0]).to_bits(), 0); // +0 > −0
/// assert_eq!(key::max(&[-0.0_f64]).to_bits(), (-0.0_f64).to_bits());
/// assert_eq!(key::max(&[f32::NAN]), f32::NEG_INFINITY); // no number: the identity
/// assert_eq!(key::max(&[f32::INFINITY, f32::NAN]), f32::INFINITY);
/// ```
#[inline]
#[must_use]
pub fn max<F: KeyFloat>(values: &[F]) -> F {
    let key = fold_keys(values, false, false).unwrap_or(F::NEG_INFINITY_KEY);
    OrderedKey::<F>::from_bits(key).get()
}

/// The smallest value of `values` under IEEE 754 totalOrder, **a NaN propagates**
/// (IEEE 754-2019 `minimum`, as [`f32::minimum`], folded over the slice, as the
/// reducers' `fetch_minimum_slice`).
///
/// - Any NaN (either sign, any payload) makes the result the negative quiet NaN
///   with every payload bit set, [`OrderedKey::MIN`]'s float, the NaN
///   `fetch_minimum` stores: not the input NaN's sign or payload.
/// - Otherwise as [`min`]: −0 < +0, ±∞ and subnormals ordinary, the result bit
///   for bit one of the inputs.
/// - An empty slice gives +∞, the identity.
///
/// ```
/// use normkey::{OrderedKey, key};
///
/// assert_eq!(key::minimum(&[1.0_f32, -2.5, 3.0]), -2.5);
/// let m = key::minimum(&[1.0_f32, f32::NAN, -2.5]); // a positive NaN…
/// assert!(m.is_nan() && m.is_sign_negative()); // …gives the negative one
/// assert_eq!(m.to_bits(), OrderedKey::<f32>::MIN.get().to_bits()); // 0xffff_ffff
/// assert_eq!(key::minimum(&[0.0_f64, -0.0]).to_bits(), (-0.0_f64).to_bits());
/// assert_eq!(key::minimum::<f32>(&[]), f32::INFINITY);
/// ```
#[inline]
#[must_use]
pub fn minimum<F: KeyFloat>(values: &[F]) -> F {
    let key = fold_keys(values, true, true).unwrap_or(F::INFINITY_KEY);
    OrderedKey::<F>::from_bits(key).get()
}

/// The largest value of `values` under IEEE 754 totalOrder, **a NaN propagates**
/// (IEEE 754-2019 `maximum`, as [`f32::maximum`], folded over the slice):
/// [`minimum`] in the other direction.
///
/// - Any NaN makes the result the positive quiet NaN with every payload bit set,
///   [`OrderedKey::MAX`]'s float, the NaN `fetch_maximum` stores.
/// - Otherwise as [`max`]: −0 < +0, ±∞ and subnormals ordinary, the result bit
///   for bit one of the inputs.
/// - An empty slice gives −∞, the identity.
///
/// ```
/// use normkey::{OrderedKey, key};
///
/// assert_eq!(key::maximum(&[1.0_f32, -2.5, 3.0]), 3.0);
/// let m = key::maximum(&[1.0_f64, -f64::NAN]);
/// assert!(m.is_nan() && m.is_sign_positive());
/// assert_eq!(m.to_bits(), OrderedKey::<f64>::MAX.get().to_bits());
/// assert_eq!(key::maximum(&[-0.0_f32, 0.0]).to_bits(), 0);
/// assert_eq!(key::maximum::<f64>(&[]), f64::NEG_INFINITY);
/// ```
#[inline]
#[must_use]
pub fn maximum<F: KeyFloat>(values: &[F]) -> F {
    let key = fold_keys(values, false, true).unwrap_or(F::NEG_INFINITY_KEY);
    OrderedKey::<F>::from_bits(key).get()
}

/// The index of the first value of `values` whose bits (the float's own, not
/// its key) satisfy `hit`, or `None`.
///
/// In blocks of [`ARG_BLOCK`]: a block is tested whole first (one compare per
/// value, or'ed together without an early exit, so it vectorizes as the fold of
/// [`fold_keys`] does), and only the block that holds a hit is searched value by
/// value.
#[inline]
fn first_index<F: KeyFloat>(values: &[F], hit: impl Fn(F::Bits) -> bool) -> Option<usize> {
    let bits = |x: &F| pun::<F, F::Bits>(*x);
    values
        .chunks(ARG_BLOCK)
        .enumerate()
        .find(|(_, block)| block.iter().fold(false, |any, x| any | hit(bits(x))))
        .and_then(|(b, block)| Some(b * ARG_BLOCK + block.iter().position(|x| hit(bits(x)))?))
}

/// The values [`arg_fold_keys`] folds as one (vectorized) before it compares
/// with the best so far, and [`first_index`] tests as one.
const ARG_BLOCK: usize = 1024;

/// The arg form of [`fold_keys`], written once for [`argmin`], [`argmax`],
/// [`argminimum`], [`argmaximum`] and the arg reducers' slice forms: the index of
/// the first value whose key is the extremum, and that key (with `propagate` and a
/// NaN in the slice: the index of the first NaN, of either sign, and the NaN key
/// at the reducing end); `None` when no value counts.
///
/// One pass in blocks of [`ARG_BLOCK`]: each block folded as [`fold_keys`] folds
/// the slice, the first block that strictly beats every block before it kept;
/// then that block alone searched for the first value with the result's bits.
/// When the result is a propagated NaN (NaNs of different bits rotate to
/// different keys), the first NaN is searched from the start instead.
#[inline]
pub(crate) fn arg_fold_keys<F: KeyFloat>(
    values: &[F],
    min: bool,
    propagate: bool,
) -> Option<(usize, F::Bits)> {
    let rotation = Rotation::<F>::new(min, propagate);
    let (mut best, mut at) = (rotation.identity(), 0);
    for (b, block) in values.chunks(ARG_BLOCK).enumerate() {
        let here = rotation.fold(block);
        if rotation.beats(here, best) {
            (best, at) = (here, b);
        }
    }
    let best = rotation.result(values.is_empty(), rotation.unrotate(best))?;
    let index = if is_nan_key::<F>(best) {
        first_index(values, |b| is_nan_key::<F>(F::to_key_bits(pun(b))))
    } else {
        // The key map is a bijection: the value with this key has these bits, and
        // the first block whose fold reached it holds its first occurrence (every
        // block before it folded to a key that loses to it).
        let target = pun::<F, F::Bits>(OrderedKey::<F>::from_bits(best).get());
        let block = values.chunks(ARG_BLOCK).nth(at)?;
        first_index(block, |b| b == target).map(|i| at * ARG_BLOCK + i)
    };
    // `best` is a key of `values` (or, for a NaN, there is one).
    index.map(|i| (i, best))
}

/// The index of the smallest value of `values` under IEEE 754 totalOrder, **NaNs
/// ignored**: where [`min`] found its result. **The lowest index wins a tie**
/// (as `numpy.argmin`, C++ `std::min_element`, Fortran `MINLOC`).
///
/// - −0 < +0: they do not tie, `argmin(&[0.0, -0.0])` is `Some(1)`. ±∞ and
///   subnormals are ordinary values; equal values tie only when their bits are
///   equal.
/// - A NaN of either sign and any payload is skipped (`numpy.nanargmin`).
/// - `None` for an empty slice, or one of NaNs only.
///
/// One vectorized pass in blocks of 1024 values (each block folded as [`min`]
/// folds, compared with the best block so far), then a search of the one block
/// that first held the result; with a NaN in a slice for [`argminimum`], a search
/// for the first NaN from the start.
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::argmin(&[1.0_f32, f32::NAN, -2.5, 3.0, -2.5]), Some(2)); // the first −2.5
/// assert_eq!(key::argmin(&[0.0_f32, -0.0, -0.0]), Some(1)); // −0 < +0
/// assert_eq!(key::argmin(&[-f32::NAN, f32::INFINITY]), Some(1)); // NaN skipped
/// assert_eq!(key::argmin(&[f64::NAN, -f64::NAN]), None); // no number
/// assert_eq!(key::argmin::<f64>(&[]), None);
/// assert_eq!(key::argmin(&[5e-324, f64::NEG_INFINITY]), Some(1));
/// ```
#[inline]
#[must_use]
pub fn argmin<F: KeyFloat>(values: &[F]) -> Option<usize> {
    arg_fold_keys(values, true, false).map(|(i, _)| i)
}

/// The index of the largest value of `values` under IEEE 754 totalOrder, **NaNs
/// ignored**: where [`max`] found its result; [`argmin`] in the other direction.
/// **The lowest index wins a tie** here too (as `numpy.argmax`, C++
/// `std::max_element`, Fortran `MAXLOC`; not as `Iterator::max_by_key`, which
/// returns the last).
///
/// - −0 < +0: `argmax(&[0.0, -0.0])` is `Some(0)`. ±∞ and subnormals are
///   ordinary values.
/// - NaNs of either sign and any payload are skipped (`numpy.nanargmax`).
/// - `None` for an empty slice, or one of NaNs only.
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::argmax(&[3.0_f32, f32::NAN, -2.5, 3.0]), Some(0)); // the first 3.0
/// assert_eq!(key::argmax(&[-0.0_f32, 0.0, 0.0]), Some(1)); // +0 > −0
/// assert_eq!(key::argmax(&[f32::NAN, f32::NEG_INFINITY]), Some(1)); // NaN skipped
/// assert_eq!(key::argmax(&[f32::NAN]), None);
/// assert_eq!(key::argmax(&[f64::MAX, f64::INFINITY, f64::INFINITY]), Some(1));
/// ```
#[inline]
#[must_use]
pub fn argmax<F: KeyFloat>(values: &[F]) -> Option<usize> {
    arg_fold_keys(values, false, false).map(|(i, _)| i)
}

/// The index of the smallest value of `values` under IEEE 754 totalOrder, **a NaN
/// propagates**: the index of the **first NaN** (either sign, any payload) if there
/// is one (as `numpy.argmin`, which returns the first NaN), else [`argmin`]'s.
/// The lowest index wins a tie; −0 < +0; ±∞ and subnormals ordinary. `None` only
/// for an empty slice.
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::argminimum(&[1.0_f32, -2.5, 3.0, -2.5]), Some(1));
/// assert_eq!(key::argminimum(&[1.0_f32, f32::NAN, -f32::NAN, -2.5]), Some(1)); // the first NaN
/// assert_eq!(key::argminimum(&[f64::NEG_INFINITY, -f64::NAN]), Some(1)); // either sign
/// assert_eq!(key::argminimum(&[0.0_f32, -0.0]), Some(1));
/// assert_eq!(key::argminimum::<f32>(&[]), None);
/// ```
#[inline]
#[must_use]
pub fn argminimum<F: KeyFloat>(values: &[F]) -> Option<usize> {
    arg_fold_keys(values, true, true).map(|(i, _)| i)
}

/// The index of the largest value of `values` under IEEE 754 totalOrder, **a NaN
/// propagates**: the index of the **first NaN** (either sign, any payload) if there
/// is one, else [`argmax`]'s. The lowest index wins a tie; −0 < +0; ±∞ and
/// subnormals ordinary. `None` only for an empty slice.
///
/// ```
/// use normkey::key;
///
/// assert_eq!(key::argmaximum(&[1.0_f32, 3.0, 3.0]), Some(1));
/// assert_eq!(key::argmaximum(&[f32::INFINITY, -f32::NAN, f32::NAN]), Some(1)); // the first NaN
/// assert_eq!(key::argmaximum(&[-0.0_f64, 0.0]), Some(1));
/// assert_eq!(key::argmaximum::<f64>(&[]), None);
/// ```
#[inline]
#[must_use]
pub fn argmaximum<F: KeyFloat>(values: &[F]) -> Option<usize> {
    arg_fold_keys(values, false, true).map(|(i, _)| i)
}
