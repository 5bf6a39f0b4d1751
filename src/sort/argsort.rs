//! The indices of a slice in the stable order of its keys: [`argsort_with_buffer`],
//! [`argsort`] and [`argsort_u32`].

#[cfg(feature = "alloc")]
use alloc::vec::Vec;

#[cfg(feature = "alloc")]
use super::engine::records::{Index, Sequential, short, sort_records};
use super::engine::route::lsd;
use super::keys::{SortKey, assert_room, radix_of_first};

/// The indices of `v` in the stable order of its keys, written to `out`: `v[out[0]]`
/// is the smallest key, equal keys in index order. `scratch` (at least
/// `2 · v.len()` long) holds keys and indices; no allocation.
///
/// # Panics
///
/// When `out.len() != v.len()` or `scratch` is too short, at the caller's line.
///
/// ```
/// use normkey::sort;
///
/// let v = [2.0_f64, f64::NAN, -0.0, 0.0, 2.0];
/// let mut out = [0; 5];
/// let mut scratch = [(0.0, 0); 10];
/// sort::argsort_with_buffer(&v, &mut out, &mut scratch);
/// assert_eq!(out, [2, 3, 0, 4, 1]);
/// ```
#[track_caller]
pub fn argsort_with_buffer<K: SortKey>(v: &[K], out: &mut [usize], scratch: &mut [(K, usize)]) {
    let n = v.len();
    crate::key::assert_same_len(n, out.len());
    assert_room("scratch", scratch.len(), 2 * n);
    let (keys, buf) = scratch.split_at_mut(n);
    for ((slot, &x), i) in keys.iter_mut().zip(v).zip(0..) {
        *slot = (x, i);
    }
    lsd(keys, &mut buf[..n], radix_of_first::<K, usize>);
    for (o, r) in out.iter_mut().zip(keys.iter()) {
        *o = r.1;
    }
}

#[cfg(feature = "alloc")]
/// The radix of each key of `v`, next to its index, stably sorted (the
/// records of [`argsort`]).
fn sorted_indices<K: SortKey, I: Index>(v: &[K]) -> Vec<(K::Radix, I)> {
    let records = v
        .iter()
        .enumerate()
        .map(|(i, k)| (k.radix(), I::new(i)))
        .collect();
    sort_records(records, &Sequential)
}

#[cfg(feature = "alloc")]
/// The indices of `v` in the stable order of its keys: `v[argsort(v)[0]]` is
/// the smallest key, equal keys in index order.
///
/// ```
/// use normkey::sort::{self, NanLast};
///
/// let v = [2.0_f32, f32::NAN, -0.0, 0.0, -f32::NAN];
/// assert_eq!(sort::argsort(&v), [4, 2, 3, 0, 1]); // totalOrder
/// let w = NanLast::from_slice(&v);
/// assert_eq!(sort::argsort(w), [2, 3, 0, 1, 4]); // ±0 tie, NaNs last in index order
/// ```
#[must_use]
pub fn argsort<K: SortKey>(v: &[K]) -> Vec<usize> {
    if short(v.len()) {
        let keys = sorted_indices::<K, u32>(v);
        keys.iter().map(|r| r.1.get()).collect()
    } else {
        let keys = sorted_indices::<K, usize>(v);
        keys.iter().map(|r| r.1).collect()
    }
}

#[cfg(feature = "alloc")]
/// [`argsort`] with `u32` indices, the index type of the arg reducers
/// ([`AtomicF32ArgMin`](crate::atomic::AtomicArgExtremum) and the others): the
/// same order (the stable order of the keys, equal keys in index order), half
/// the memory of the result on 64-bit targets.
///
/// # Panics
///
/// If `v.len()` is over `2^32` (an index would not fit in `u32`), at the
/// caller's line; [`argsort`] takes any length.
///
/// ```
/// use normkey::sort::{self, NanLast};
///
/// let v = [2.0_f32, f32::NAN, -0.0, 0.0, -f32::NAN];
/// assert_eq!(sort::argsort_u32(&v), [4, 2, 3, 0, 1]); // totalOrder
/// assert_eq!(sort::argsort_u32(NanLast::from_slice(&v)), [2, 3, 0, 1, 4]); // ±0 tie, NaNs last
/// assert!(sort::argsort_u32::<f64>(&[]).is_empty());
/// ```
#[must_use]
#[track_caller]
pub fn argsort_u32<K: SortKey>(v: &[K]) -> Vec<u32> {
    // The last index, `v.len() − 1`, fits in `u32`.
    assert!(
        u32::try_from(v.len().saturating_sub(1)).is_ok(),
        "`sort::argsort_u32`: `v.len()` ({}) is over 2^32: its indices do not fit in `u32` (use `argsort`)",
        v.len()
    );
    let keys = sorted_indices::<K, u32>(v);
    keys.iter().map(|r| r.1).collect()
}
