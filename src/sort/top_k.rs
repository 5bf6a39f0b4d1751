//! Top-k: the `k` smallest keys of a slice in their stable order, read-only.
//!
//! One read of the slice keeps the candidates in a buffer of more than `k`
//! records (ties in input order): a record enters only if its key is below the
//! current threshold. When the buffer fills, the radix selection that
//! [`select`](crate::sort::select()) uses finds the `k`-th smallest key in it, the buffer keeps the `k` records before
//! it in the stable order (the keys below it and the first of its ties), and
//! the threshold drops to just below that key (a later record that ties comes
//! after the kept ones: it cannot enter). The slice is read in blocks of 32 keys
//! compared with the threshold at once, so that on most data, once the
//! threshold has settled, a block costs one vector compare. At the end the `k`
//! records are sorted stably: for `k` of at most 512, merged without tables;
//! above, in the `_with_buffer` forms, by LSD passes that count one digit at a
//! time (a small stack: the [table](super#stack)), and in the allocating forms
//! by the crate's radix sort (faster on more candidates than the cache holds,
//! whose split first takes tens of KiB of stack).
//!
//! O(n) whatever the data: a buffer of `2k` records fills at most once per `k`
//! records read, and each fill costs O(k). With `k` near `n` this is a copy, one
//! selection and a sort of `k` records.

use core::fmt;

use super::engine::radix::Radix;
use super::engine::route::{lsd, lsd_small_stack};
use super::engine::select;
use super::engine::stable::{INSERTION_MAX, insertion, merge_sort};
use super::keys::{SortKey, radix_of, radix_of_first};

/// A bad argument of a top-k function.
///
/// ```
/// use normkey::sort::{TopKError, top_k_with_buffer};
///
/// let mut out = [0_u8; 4];
/// let mut scratch = [0_u8; 8];
/// let e = top_k_with_buffer(&[3_u8, 1, 2], &mut out, &mut scratch);
/// assert_eq!(e, Err(TopKError::TooMany { k: 4, len: 3 }));
/// assert_eq!(e.unwrap_err().to_string(), "k is 4, more than the slice's 3 elements");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TopKError {
    /// `k` is larger than the slice's length `len`.
    TooMany {
        /// The number of keys asked for.
        k: usize,
        /// The slice's length.
        len: usize,
    },
    /// The buffer argument `name` holds `len` elements, fewer than the `need`
    /// that `k` requires.
    ShortBuffer {
        /// The argument's name.
        name: &'static str,
        /// Its length.
        len: usize,
        /// The length it needs.
        need: usize,
    },
}

impl fmt::Display for TopKError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooMany { k, len } => {
                write!(f, "k is {k}, more than the slice's {len} elements")
            }
            Self::ShortBuffer { name, len, need } => write!(
                f,
                "{name} holds {len} elements, fewer than the {need} that k needs"
            ),
        }
    }
}

impl core::error::Error for TopKError {}

/// Records per block of the read: a block is skipped after one compare of all
/// its keys with the threshold. Under Miri, 4, so that short inputs take both
/// paths.
const BLOCK: usize = if cfg!(miri) { 4 } else { 32 };

/// The `k` records of `v` first in the stable order by `stored`, ties in input
/// order, in `buf[..k]`; `record(x, i)` makes the record of `v[i]`. Needs
/// `1 ≤ k ≤ v.len()` and `buf.len() > k`.
pub(crate) fn gather<T, S: Copy, R: Radix>(
    v: &[T],
    k: usize,
    buf: &mut [S],
    mut record: impl FnMut(&T, usize) -> S,
    stored: impl Fn(&S) -> R + Copy,
) {
    debug_assert!(k >= 1 && k <= v.len() && buf.len() > k);
    let mut len = 0;
    // A record enters when its radix is at most `limit`.
    let mut limit = R::MAX;
    for (b, block) in v.chunks(BLOCK).enumerate() {
        let base = b * BLOCK;
        let any = block
            .iter()
            .zip(base..)
            .fold(false, |any, (x, i)| any | (stored(&record(x, i)) <= limit));
        if !any {
            continue;
        }
        for (x, i) in block.iter().zip(base..) {
            let s = record(x, i);
            if stored(&s) > limit {
                continue;
            }
            if len == buf.len() {
                let t = keep_first(buf, k, stored);
                len = k;
                if t == R::ZERO {
                    return; // `k` records of the smallest radix, the first ones
                }
                limit = t.dec();
                if stored(&s) > limit {
                    continue;
                }
            }
            buf[len] = s;
            len += 1;
        }
    }
    if len > k {
        keep_first(&mut buf[..len], k, stored);
    }
}

/// Keeps in `buf[..k]` the `k` records of `buf` first in the stable order, ties
/// in input order; returns the radix of the last of them. (The buffer is in
/// input order, or, once sorted here, in stable order followed by later records:
/// either way, records whose radix ties are in input order, which is all that
/// the selection of the first `k` and the final stable sort need.)
fn keep_first<S: Copy, R: Radix>(buf: &mut [S], k: usize, stored: impl Fn(&S) -> R + Copy) -> R {
    if buf.len() <= INSERTION_MAX {
        // A short buffer is sorted (stably: ties stay in input order) rather than
        // selected: a selection's 2,048 counters would cost more than the records.
        insertion::<false, _, _>(buf, &stored);
        return stored(&buf[k - 1]);
    }
    // `stored` is a function of the record and `k < buf.len()`: the rank exists.
    let Some((t, mut ties)) = select::radix_at(buf, k - 1, stored) else {
        unreachable!("the buffer holds more than k records")
    };
    let mut kept = 0;
    for i in 0..buf.len() {
        let s = buf[i];
        let r = stored(&s);
        if r < t || (r == t && ties > 0) {
            ties -= usize::from(r == t);
            buf[kept] = s;
            kept += 1;
        }
    }
    debug_assert_eq!(kept, k);
    t
}

/// Checks `k` against `len` and the scratch length, and runs [`gather`] and the
/// sort: the `k` records sorted in `scratch[..k]`. `SMALL_STACK`: more than
/// `select::NARROW_MAX` records are sorted by [`lsd_small_stack`] (the
/// `_with_buffer` forms' bound), not by [`lsd`].
fn top_k_in<const SMALL_STACK: bool, T, S: Copy, R: Radix>(
    v: &[T],
    k: usize,
    scratch: &mut [S],
    record: impl FnMut(&T, usize) -> S,
    stored: impl Fn(&S) -> R + Copy,
) -> Result<(), TopKError> {
    check(k, v.len(), "scratch", scratch.len())?;
    if k == 0 {
        return Ok(());
    }
    gather(v, k, scratch, record, stored);
    let (keys, rest) = scratch.split_at_mut(k);
    if k <= select::NARROW_MAX {
        // Without the radix sort's tables (16 KiB): a small stack.
        merge_sort(keys, &mut rest[..k], &stored);
    } else if SMALL_STACK {
        lsd_small_stack(keys, &mut rest[..k], stored);
    } else {
        lsd(keys, &mut rest[..k], stored);
    }
    Ok(())
}

/// The errors of `k` records from a slice of `len` with a scratch of `scratch`.
fn check(k: usize, len: usize, name: &'static str, scratch: usize) -> Result<(), TopKError> {
    if k > len {
        return Err(TopKError::TooMany { k, len });
    }
    let need = 2 * k;
    if scratch < need {
        return Err(TopKError::ShortBuffer {
            name,
            len: scratch,
            need,
        });
    }
    Ok(())
}

/// Writes the `out.len()` smallest keys of `v` to `out`, sorted: the first
/// `out.len()` elements of the stable sort of `v`, bit for bit, without sorting
/// `v` or allocating. `scratch` holds candidates: at least `2 · out.len()`
/// elements (a longer one is filled less often); what it holds afterwards is
/// unspecified.
///
/// Keys tie as the [orders](super#the-orders) say; among keys that tie but
/// differ in bits (NaNs and ±0 under [`NanLast`](super::NanLast)) the first in
/// input order come first. The largest keys are the smallest of
/// [`Reverse`](core::cmp::Reverse) keys.
///
/// Stack: 0.9 KiB on 256 `f32` on `thumbv7em-none-eabihf` (and on x86-64),
/// 17 KiB at most on any slice and any `out.len()`: the read's selection; the
/// sort of more than 512 candidates after it takes 6.5 KiB (8.3 KiB on x86-64)
/// ([measured](super#stack)).
///
/// # Errors
///
/// [`TopKError::TooMany`] when `out` is longer than `v`,
/// [`TopKError::ShortBuffer`] when `scratch` is too short; `out` is then
/// unchanged.
///
/// ```
/// use core::cmp::Reverse;
/// use normkey::sort::top_k_with_buffer;
///
/// let v = [3.0_f32, -0.0, f32::NAN, 0.0, -f32::NAN, f32::NEG_INFINITY, 1e-45];
/// let mut out = [0.0; 3];
/// let mut scratch = [0.0; 6];
/// top_k_with_buffer(&v, &mut out, &mut scratch).unwrap();
/// assert!(out[0].is_nan() && out[0].is_sign_negative()); // totalOrder: −NaN first
/// assert_eq!(out[1..], [f32::NEG_INFINITY, -0.0]);
/// assert!(out[2].is_sign_negative());
///
/// let w = [Reverse(3_u8), Reverse(9), Reverse(1)];
/// let mut out = [Reverse(0); 2];
/// top_k_with_buffer(&w, &mut out, &mut [Reverse(0); 4]).unwrap();
/// assert_eq!(out, [Reverse(9), Reverse(3)]); // the largest
/// ```
pub fn top_k_with_buffer<K: SortKey>(
    v: &[K],
    out: &mut [K],
    scratch: &mut [K],
) -> Result<(), TopKError> {
    let k = out.len();
    top_k_in::<true, _, _, _>(v, k, scratch, |&x, _| x, radix_of::<K>)?;
    out.copy_from_slice(&scratch[..k]);
    Ok(())
}

/// Writes to `out` the indices of the `out.len()` smallest keys of `v`, in the
/// stable order: the first `out.len()` elements of [`argsort`](super::argsort)'s
/// answer (equal keys by lowest index), without allocating. `scratch` holds
/// candidates with their indices: at least `2 · out.len()` pairs. Stack: as
/// [`top_k_with_buffer`]'s.
///
/// # Errors
///
/// [`TopKError::TooMany`] when `out` is longer than `v`,
/// [`TopKError::ShortBuffer`] when `scratch` is too short.
///
/// ```
/// use normkey::sort::top_k_indices_with_buffer;
///
/// let v = [2.0_f64, f64::NAN, -0.0, 0.0, 2.0];
/// let mut out = [0; 4];
/// top_k_indices_with_buffer(&v, &mut out, &mut [(0.0, 0); 8]).unwrap();
/// assert_eq!(out, [2, 3, 0, 4]);
/// ```
pub fn top_k_indices_with_buffer<K: SortKey>(
    v: &[K],
    out: &mut [usize],
    scratch: &mut [(K, usize)],
) -> Result<(), TopKError> {
    let k = out.len();
    top_k_in::<true, _, _, _>(v, k, scratch, |&x, i| (x, i), radix_of_first::<K, usize>)?;
    for (o, r) in out.iter_mut().zip(scratch.iter()) {
        *o = r.1;
    }
    Ok(())
}

#[cfg(feature = "alloc")]
pub use alloc_forms::{top_k, top_k_by_key, top_k_indices, top_k_indices_by_key};

#[cfg(feature = "alloc")]
mod alloc_forms {
    use alloc::vec::Vec;

    use super::super::keys::SortKey;
    use super::{TopKError, check, radix_of, radix_of_first, top_k_in};

    /// Candidates a buffer holds for `k` of `n`: at least `2k` (the sort's
    /// scratch), and 4,096 when that is more, so that a small `k` refills rarely.
    fn capacity(k: usize, n: usize) -> usize {
        (2 * k).max(n.min(4096))
    }

    /// The `k` smallest keys of `v`, sorted: the first `k` elements of the stable
    /// sort, bit for bit ([`top_k_with_buffer`](super::top_k_with_buffer) with its
    /// buffers allocated: `2k` keys, or 4,096 when that is more and `v` is
    /// longer).
    ///
    /// # Errors
    ///
    /// [`TopKError::TooMany`] when `k > v.len()`.
    ///
    /// ```
    /// use core::cmp::Reverse;
    /// use normkey::sort::{NanLast, top_k};
    ///
    /// let d = [0.5_f32, f32::NAN, 0.25, -0.0, 0.0, 4.0];
    /// let nan_last: Vec<NanLast<f32>> = d.iter().map(|&x| NanLast(x)).collect();
    /// let near = top_k(&nan_last, 3).unwrap();
    /// assert_eq!(near.iter().map(|x| x.0).collect::<Vec<_>>(), [-0.0, 0.0, 0.25]);
    /// assert!(near[0].0.is_sign_negative()); // ±0 tie: input order
    /// let far = top_k(&nan_last.iter().map(|&x| Reverse(x)).collect::<Vec<_>>(), 2).unwrap();
    /// assert!(far[0].0.0.is_nan() && far[1].0.0 == 4.0); // NaN last, so largest
    /// ```
    pub fn top_k<K: SortKey>(v: &[K], k: usize) -> Result<Vec<K>, TopKError> {
        check(k, v.len(), "", usize::MAX)?;
        let Some(&fill) = v.first() else {
            return Ok(Vec::new());
        };
        let mut buf = alloc::vec![fill; capacity(k, v.len())];
        top_k_in::<false, _, _, _>(v, k, &mut buf, |&x, _| x, radix_of::<K>)?;
        buf.truncate(k);
        Ok(buf)
    }

    /// The indices of the `k` smallest keys of `v`, in the stable order: the
    /// first `k` of [`argsort`](super::super::argsort)'s answer.
    ///
    /// # Errors
    ///
    /// [`TopKError::TooMany`] when `k > v.len()`.
    ///
    /// ```
    /// use core::cmp::Reverse;
    /// use normkey::sort::top_k_indices;
    ///
    /// let scores = [7_u32, 9, 7, 1];
    /// let best: Vec<_> = scores.iter().map(|&s| Reverse(s)).collect();
    /// assert_eq!(top_k_indices(&best, 3).unwrap(), [1, 0, 2]); // ties by lowest index
    /// assert!(top_k_indices(&best, 5).is_err());
    /// ```
    pub fn top_k_indices<K: SortKey>(v: &[K], k: usize) -> Result<Vec<usize>, TopKError> {
        by_index(v, k, |&x| x)
    }

    /// The `k` records of `v` whose keys are smallest, cloned, in the stable
    /// order of their keys (equal keys in input order): the first `k` records of
    /// [`sort_by_key`](super::super::sort_by_key)'s answer.
    ///
    /// `key` is called once per record, and once more for the records of a
    /// block of 32 that holds a candidate.
    ///
    /// # Errors
    ///
    /// [`TopKError::TooMany`] when `k > v.len()`.
    ///
    /// ```
    /// use core::cmp::Reverse;
    /// use normkey::sort::top_k_by_key;
    ///
    /// let players = [("ann", 3.5_f32), ("bob", f32::NAN), ("cy", 9.0), ("di", 3.5)];
    /// let best = top_k_by_key(&players, 3, |p| Reverse(p.1)).unwrap();
    /// // totalOrder: +NaN is the largest; ties in input order
    /// assert_eq!(best.iter().map(|p| p.0).collect::<Vec<_>>(), ["bob", "cy", "ann"]);
    /// ```
    pub fn top_k_by_key<T: Clone, K: SortKey>(
        v: &[T],
        k: usize,
        mut key: impl FnMut(&T) -> K,
    ) -> Result<Vec<T>, TopKError> {
        let indices = by_index(v, k, &mut key)?;
        Ok(indices.into_iter().map(|i| v[i].clone()).collect())
    }

    /// The indices of the `k` records of `v` whose keys are smallest, in the
    /// stable order of their keys (equal keys in input order): the first `k`
    /// of [`argsort`](super::super::argsort) of the keys, without a slice of
    /// them.
    ///
    /// `key` is called once per record, and once more for the records of a
    /// block of 32 that holds a candidate.
    ///
    /// # Errors
    ///
    /// [`TopKError::TooMany`] when `k > v.len()`.
    ///
    /// ```
    /// use normkey::sort::{LargestFirst, top_k_indices_by_key};
    ///
    /// let rows = [(3_u32, 0.5_f32), (8, f32::NAN), (1, 2.5), (9, 0.5)];
    /// let best = top_k_indices_by_key(&rows, 3, |r| LargestFirst(r.1)).unwrap();
    /// assert_eq!(best, [2, 0, 3]); // largest first, ties in input order, NaN last
    /// ```
    #[inline]
    pub fn top_k_indices_by_key<T, K: SortKey>(
        v: &[T],
        k: usize,
        key: impl FnMut(&T) -> K,
    ) -> Result<Vec<usize>, TopKError> {
        by_index(v, k, key)
    }

    /// The indices of the `k` records of `v` first by `key`.
    fn by_index<T, K: SortKey>(
        v: &[T],
        k: usize,
        mut key: impl FnMut(&T) -> K,
    ) -> Result<Vec<usize>, TopKError> {
        check(k, v.len(), "", usize::MAX)?;
        let Some(first) = v.first() else {
            return Ok(Vec::new());
        };
        let mut buf = alloc::vec![(key(first), 0); capacity(k, v.len())];
        top_k_in::<false, _, _, _>(
            v,
            k,
            &mut buf,
            |x, i| (key(x), i),
            radix_of_first::<K, usize>,
        )?;
        Ok(buf[..k].iter().map(|r| r.1).collect())
    }
}

/// [`top_k`] on rayon's thread pool: each thread gathers the candidates of its
/// chunks, then the calling thread keeps the first `k` of them and sorts them.
/// The same result.
///
/// # Errors
///
/// [`TopKError::TooMany`] when `k > v.len()`.
///
/// ```
/// use normkey::sort::par_top_k;
///
/// let v: Vec<u32> = (0..100_000).rev().collect();
/// assert_eq!(par_top_k(&v, 3).unwrap(), [0, 1, 2]);
/// ```
#[cfg(feature = "rayon")]
pub fn par_top_k<K: SortKey + Send + Sync>(
    v: &[K],
    k: usize,
) -> Result<alloc::vec::Vec<K>, TopKError> {
    use alloc::vec::Vec;
    use rayon::prelude::*;

    check(k, v.len(), "", usize::MAX)?;
    let chunk = v.len().div_ceil(4 * rayon::current_num_threads());
    if v.len() < super::parallel::PARALLEL_MIN || chunk < 4 * k || k == 0 {
        return top_k(v, k);
    }
    // Each chunk's candidates with ties in input order, chunks in order: so is
    // the concatenation, as `gather` needs.
    let parts: Vec<Vec<K>> = v
        .par_chunks(chunk)
        .map(|c| {
            if c.len() <= k {
                return c.to_vec();
            }
            let mut buf = alloc::vec![c[0]; (2 * k).max(4096).min(c.len() + k)];
            gather(c, k, &mut buf, |&x, _| x, radix_of::<K>);
            buf.truncate(k);
            buf
        })
        .collect();
    let all: Vec<K> = parts.concat();
    top_k(&all, k)
}
