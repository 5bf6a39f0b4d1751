//! The route a slice takes through the sorts, chosen in one place ([`route`])
//! over named thresholds, and run by [`sort`].
//!
//! | route | when | why |
//! |---|---|---|
//! | [`Route::Insertion`] | at most [`INSERTION_MAX`] records | the counting tables cost more than the moves |
//! | [`Route::InOrder`] | the radixes never decrease | one read finds it; the stable order is the input |
//! | [`Route::Reversed`] | the first [`ORDER_BLOCK`] radixes strictly decrease (or, for keys identical when equal, never increase) | tried: reversed block by block from both ends, each block checked before it moves (one read and one write in all); with no ties (or ties of identical keys) it is the stable order. At the first pair in order the blocks moved so far are moved back, and the slice takes the route below |
//! | `Route::Counted` | keys identical when equal, at least [`COUNTED_BYTES`], no buffer given, a sample with repeats (`counted::likely`) | one read counts each distinct key, one write lays out the runs (`counted.rs`); when the keys outgrow the table, the route below |
//! | `Route::Vector` | keys identical when equal with a radix of 32 or 64 bits as wide as the key, more than [`INSERTION_MAX`], on a CPU with AVX-512, or with AVX2 (32-bit radixes up to [`VECTOR_AVX2_BYTES`]) | a quicksort in vector registers on the radixes, in place (`vector/`): less work per key than a pass of counting and scattering |
//! | [`Route::Lsd`] | at most [`CACHED_BYTES`] | both buffers stay in the cache: one read counts every byte, one scatter per byte that varies |
//! | [`Route::InPlace`] | keys identical when equal, at least [`IN_PLACE_BYTES`], no buffer given | no slice-sized buffer: its page faults and cache misses cost more than the swaps (`in_place.rs`) |
//! | [`Route::Split`] | the rest | a stable scatter by the top bits into cache-sized buckets, then LSD in each (`split.rs`, `stable.rs`) |
//!
//! The order checks cost one read of a sorted slice and stop at the first
//! block of [`ORDER_BLOCK`] records with one out of order otherwise (the first
//! block of random data); the reversal checks its blocks as it goes.

#[cfg(feature = "alloc")]
use super::counted;
use super::in_place;
use super::radix::Radix;
use super::stable::{CACHED_BYTES, INSERTION_MAX, insertion, lsd_each_digit, sort_in};
use super::vector;
use crate::dispatch::Width;
use crate::sort::keys::SortKey;

/// Slices of keys identical when equal of at least this many bytes are split
/// in place when the caller gives no buffer (`sort`, not `sort_with_buffer`):
/// every slice of 4Mi keys or more, whatever their width. From this size a
/// buffer as long as the slice costs more in page faults and cache misses than
/// the in-place swaps (measurements: BENCHMARKS.md).
/// Under Miri, 512 bytes, so that the tests' short inputs take the in-place
/// path.
pub(crate) const IN_PLACE_BYTES: usize = if cfg!(any(miri, fuzzing)) {
    512
} else {
    4 * 1024 * 1024
};

/// Slices of keys identical when equal of at least this many bytes are
/// sampled for repeats, and counted when the sample has enough (`sort`, not
/// `sort_with_buffer`: the count's table is allocated). Below it the LSD passes
/// run in the cache and the sample would be a larger share of the time.
/// Under Miri, 512 bytes, as [`IN_PLACE_BYTES`].
pub(crate) const COUNTED_BYTES: usize = if cfg!(any(miri, fuzzing)) {
    512
} else {
    1024 * 1024
};

/// Slices of 32-bit radixes of at most this many bytes take the vector sort
/// in AVX2 (where the CPU has no AVX-512); larger ones the radix routes.
/// 64-bit radixes take it at every length. The AVX2 vector sort beats the radix
/// routes at every length on uniform or random keys, but not on nearly sorted
/// 16Mi slices: for 32-bit radixes its gain elsewhere at that length is too
/// small to pay for that loss, for 64-bit ones it is larger (measurements:
/// BENCHMARKS.md). AVX-512's vector sort is faster at every length.
pub(crate) const VECTOR_AVX2_BYTES: usize = 16 * 1024 * 1024;

/// The order checks read this many pairs of neighbours without a branch (so
/// that the loop vectorizes) before they test whether every pair was in order.
const ORDER_BLOCK: usize = 64;

/// How a slice is sorted: see the [module docs](self).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Route {
    /// Insertion sort.
    Insertion,
    /// Already sorted: nothing moves.
    InOrder,
    /// Sorted backwards: reversed (tried).
    Reversed,
    /// Few distinct keys: counted, then written as runs (tried).
    Counted,
    /// The vector quicksort of the radixes.
    Vector,
    /// Least significant digit first, in the cache.
    Lsd,
    /// Split in place by the top byte, then the stable engine per bucket.
    InPlace,
    /// Split stably into a buffer as long as the slice, then LSD per bucket.
    Split,
}

/// The route of `v`: `EXACT` when records with equal radixes are identical
/// (keys, not records with an index or a payload), `buffered` when the caller
/// has a buffer as long as `v` already; `open`: the tried routes not yet
/// tried, and the vector sort's width where the keys take it.
///
/// `EXACT` is a constant so that the record sorts (`false`) do not compile the
/// routes they never take (the count, the in-place split).
pub(crate) fn route<const EXACT: bool, T, R: Radix>(
    v: &[T],
    radix: &impl Fn(&T) -> R,
    buffered: bool,
    open: Open,
) -> Route {
    let bytes = v.len().saturating_mul(size_of::<T>());
    if v.len() <= INSERTION_MAX {
        Route::Insertion
    } else if every_pair(v, radix, |a, b| a <= b) {
        Route::InOrder
    } else if open.reversed
        && every_pair(&v[..v.len().min(ORDER_BLOCK + 1)], radix, descending(EXACT))
    {
        Route::Reversed
    } else if EXACT && open.counted && !buffered && bytes >= COUNTED_BYTES && countable(v, radix) {
        Route::Counted
    } else if EXACT
        && open.vector.is_some_and(|width| {
            width >= Width::Avx512 || R::BITS == 64 || bytes <= VECTOR_AVX2_BYTES
        })
    {
        Route::Vector
    } else if EXACT && !buffered && bytes >= IN_PLACE_BYTES {
        Route::InPlace
    } else if bytes <= CACHED_BYTES {
        Route::Lsd
    } else {
        Route::Split
    }
}

/// The routes that are tried (and may give up) still open for a slice, and
/// the vector sort where the keys take it.
#[derive(Clone, Copy)]
pub(crate) struct Open {
    /// [`Route::Reversed`].
    reversed: bool,
    /// [`Route::Counted`].
    counted: bool,
    /// [`Route::Vector`]: the widest instructions `vector::sort_keys` may use,
    /// where the slice's key type takes it (`vector::takes`); [`sort_keys`]
    /// runs it.
    vector: Option<Width>,
}

/// Whether radix `a` may precede `b` in a slice that reversed is the stable
/// order: strictly greater, or equal when equal keys are identical.
fn descending<R: Radix>(exact: bool) -> impl Fn(R, R) -> bool {
    move |a, b| a > b || (exact && a == b)
}

/// Reverses `v` if its radixes are [`descending`] and returns `true`;
/// otherwise leaves `v` as it was and returns `false`. Block by block from both
/// ends: each pair of blocks is checked (with the pair that joins it to the
/// next block) before the two swap places.
fn reverse_checked<T, R: Radix>(v: &mut [T], radix: &impl Fn(&T) -> R, exact: bool) -> bool {
    let n = v.len();
    let half = n / 2;
    // `v[..done]` and `v[n - done..]` have swapped places, each reversed.
    let mut done = 0;
    while done < half {
        let b = ORDER_BLOCK.min(half - done);
        // The pairs `done..done + b` and `n - done - b - 1..n - done - 1`: every
        // pair of `v` once the halves meet.
        let front = &v[done..=done + b];
        let back = &v[n - done - b - 1..n - done];
        if !(every_pair(front, radix, descending(exact))
            && every_pair(back, radix, descending(exact)))
        {
            let (head, tail) = v.split_at_mut(n - done);
            swap_reversed(&mut head[..done], tail);
            return false;
        }
        let (head, tail) = v.split_at_mut(n - done - b);
        swap_reversed(&mut head[done..done + b], &mut tail[..b]);
        done += b;
    }
    true
}

/// Swaps `a[i]` with `b[len - 1 - i]` (`a` and `b` of equal length), in one
/// pass (vectorized, as `<[T]>::reverse`).
fn swap_reversed<T>(a: &mut [T], b: &mut [T]) {
    for (x, y) in a.iter_mut().zip(b.iter_mut().rev()) {
        core::mem::swap(x, y);
    }
}

/// Whether a sample of `v` suggests that its keys are few enough to count
/// (`counted::likely`); never without `alloc` (the count allocates its table).
fn countable<T, R: Radix>(v: &[T], radix: &impl Fn(&T) -> R) -> bool {
    #[cfg(feature = "alloc")]
    return counted::likely(v, radix);
    #[cfg(not(feature = "alloc"))]
    {
        let _ = (v, radix);
        false
    }
}

/// Whether `ok` holds for the radixes of every two neighbours of `v`: blocks of
/// [`ORDER_BLOCK`] pairs without a branch, stopping after the first block with a
/// pair that fails.
fn every_pair<T, R: Radix>(v: &[T], radix: &impl Fn(&T) -> R, ok: impl Fn(R, R) -> bool) -> bool {
    let Some(pairs) = v.len().checked_sub(1) else {
        return true;
    };
    let (a, b) = (&v[..pairs], &v[1..]);
    a.chunks(ORDER_BLOCK)
        .zip(b.chunks(ORDER_BLOCK))
        .all(|(a, b)| {
            a.iter()
                .zip(b)
                .fold(true, |all, (x, y)| all & ok(radix(x), radix(y)))
        })
}

/// Sorts `v`, of keys identical when equal, by the low `bytes` bytes of its
/// radix (the bytes above are the same in every record): a bucket of the
/// parallel in-place split, which one task sorts. As [`route`] would choose for
/// a slice given no buffer: split in place from [`IN_PLACE_BYTES`] (a scratch of
/// `in_place::leaf` records), else the stable engine with a buffer as long as `v`.
#[cfg(feature = "rayon")]
pub(crate) fn sort_exact_low<T: Copy, R: Radix>(
    v: &mut [T],
    bytes: usize,
    radix: &impl Fn(&T) -> R,
) {
    let n = v.len();
    let Some(&first) = v.first() else {
        return;
    };
    if n.saturating_mul(size_of::<T>()) >= IN_PLACE_BYTES {
        let mut leaf = alloc::vec![first; in_place::leaf::<T>(n)];
        in_place::split(v, &mut leaf, bytes, radix);
    } else {
        let mut buf = alloc::vec![first; n];
        sort_in::<false, T, R>(v, &mut buf, bytes, radix);
    }
}

/// Sorts `v` stably by `radix`, with `buf` (as long as `v`) as scratch; the result
/// is in `v`.
///
/// A slice larger than the cache is first split, most significant digit first
/// (one read to count and one stable scatter, which reads the slice as four
/// chunks side by side when it fits in the last-level cache and its digit is
/// skewed), into buckets that fit in the cache: by its top byte and, for the
/// top bytes that many records share, as many of the bits below as divide them
/// into cache-sized buckets (a sample picks the widths, so a slice of floats
/// whose exponents are few still splits in one pass). Each bucket is then
/// sorted on the remaining bits with the roles of the buffers swapped; a split
/// that would leave every record in one bucket is skipped without a pass. A
/// slice that fits in the cache is sorted least significant digit first: one
/// read counts every byte, then one stable scatter per byte on which the
/// records differ. Short slices are sorted by insertion.
///
/// A slice already in order, or in strictly descending order, is found by one
/// read and kept or reversed ([`route`](self)).
pub(crate) fn lsd<T: Copy, R: Radix>(v: &mut [T], buf: &mut [T], radix: impl Fn(&T) -> R) {
    debug_assert_eq!(buf.len(), v.len());
    sort::<false, false, T, R>(v, Scratch::Given(buf), &radix);
}

/// [`lsd`] on a small stack: a slice in order, or in strictly descending
/// order, is found as [`route`] finds it and kept or reversed; any other is
/// sorted by LSD passes that count one digit at a time
/// (`stable::lsd_each_digit`), never split and never counted in one read (the
/// tables of [`lsd`]'s routes take tens of KiB). 6.5 KiB of stack on
/// thumbv7em, 8.3 KiB on x86-64. Top-k's sort in the `_with_buffer` forms.
// Never inlined: its tables would sit in the caller's frame (top-k's) for the
// whole call, the read and the selection included.
#[inline(never)]
pub(crate) fn lsd_small_stack<T: Copy, R: Radix>(
    v: &mut [T],
    buf: &mut [T],
    radix: impl Fn(&T) -> R,
) {
    debug_assert_eq!(buf.len(), v.len());
    let open = Open {
        reversed: true,
        counted: false,
        vector: None,
    };
    match route::<false, T, R>(v, &radix, true, open) {
        Route::InOrder => {}
        Route::Reversed if reverse_checked(v, &radix, false) => {}
        _ => lsd_each_digit(v, buf, &radix),
    }
}

/// Where the scratch of a sort comes from.
pub(crate) enum Scratch<'a, T> {
    /// The caller's, at least as long as the slice.
    Given(&'a mut [T]),
    /// Allocated here, only as large as the route needs.
    #[cfg(feature = "alloc")]
    Allocate,
}

/// Sorts `v` stably by `radix` along its [`route`]; `EXACT` as there. `radix` is
/// a pure function that cannot panic, or `CHECKED` (`stable.rs`'s module docs):
/// then whatever it answers, and if it panics, `v` holds its records.
pub(crate) fn sort<const EXACT: bool, const CHECKED: bool, T: Copy, R: Radix>(
    v: &mut [T],
    scratch: Scratch<'_, T>,
    radix: &impl Fn(&T) -> R,
) {
    let open = Open {
        reversed: true,
        counted: true,
        vector: None,
    };
    let vector = sort_along::<EXACT, CHECKED, T, R>(v, scratch, radix, open);
    debug_assert!(vector.is_none(), "the vector route without a vector sort");
}

/// Sorts keys `v` along their route, the vector sort among them where `K`
/// takes it at `width` (`vector::takes`); `K::EXACT` as a constant (a
/// descending slice of keys identical when equal is reversed even with ties;
/// only such keys are counted, split in place or sorted in vectors).
pub(crate) fn sort_keys<K: SortKey>(v: &mut [K], scratch: Scratch<'_, K>, width: Width) {
    let radix = |k: &K| k.radix();
    let width = width.min(crate::dispatch::width());
    if K::EXACT {
        let open = Open {
            reversed: true,
            counted: true,
            vector: vector::takes::<K>(width).then_some(width),
        };
        if let Some(width) = sort_along::<true, false, K, K::Radix>(v, scratch, &radix, open) {
            vector::sort_keys::<K>(v, width);
        }
    } else {
        sort::<false, false, K, K::Radix>(v, scratch, &radix);
    }
}

/// [`sort`], trying only the `open` tried routes; but where the route is
/// [`Route::Vector`], `v` is left as it is and its width returned, for the
/// caller that knows the key type to run the vector sort ([`sort_keys`]).
///
/// The count and the in-place split sit behind `EXACT` (a constant), so that
/// the record sorts do not compile them: [`route`] never picks them without
/// `EXACT` (the arms that would run instead are the stable engine's).
#[must_use]
fn sort_along<const EXACT: bool, const CHECKED: bool, T: Copy, R: Radix>(
    v: &mut [T],
    scratch: Scratch<'_, T>,
    radix: &impl Fn(&T) -> R,
    open: Open,
) -> Option<Width> {
    let n = v.len();
    let buffered = matches!(scratch, Scratch::Given(_));
    let bytes = R::BITS as usize / 8;
    match (route::<EXACT, T, R>(v, radix, buffered, open), scratch) {
        (Route::Insertion, _) => insertion::<CHECKED, T, R>(v, radix),
        (Route::InOrder, _) => {}
        (Route::Reversed, scratch) => {
            if !reverse_checked(v, radix, EXACT) {
                let open = Open {
                    reversed: false,
                    ..open
                };
                return sort_along::<EXACT, CHECKED, T, R>(v, scratch, radix, open);
            }
        }
        (Route::Counted, scratch) => {
            #[cfg(feature = "alloc")]
            let counted = EXACT && counted::sort(v, radix);
            #[cfg(not(feature = "alloc"))]
            let counted = false;
            if !counted {
                let open = Open {
                    counted: false,
                    ..open
                };
                return sort_along::<EXACT, CHECKED, T, R>(v, scratch, radix, open);
            }
        }
        (Route::Vector, _) => return open.vector,
        (Route::InPlace, Scratch::Given(buf)) if EXACT => {
            in_place::sort(v, &mut buf[..in_place::leaf::<T>(n)], radix);
        }
        #[cfg(feature = "alloc")]
        (Route::InPlace, Scratch::Allocate) if EXACT => {
            let mut leaf = alloc::vec![v[0]; in_place::leaf::<T>(n)];
            in_place::sort(v, &mut leaf, radix);
        }
        (Route::InPlace | Route::Lsd | Route::Split, Scratch::Given(buf)) => {
            sort_in::<CHECKED, T, R>(v, &mut buf[..n], bytes, radix);
        }
        #[cfg(feature = "alloc")]
        (Route::InPlace | Route::Lsd | Route::Split, Scratch::Allocate) => {
            let mut buf = alloc::vec![v[0]; n];
            sort_in::<CHECKED, T, R>(v, &mut buf, bytes, radix);
        }
    }
    None
}
