//! The sorts by a key function: [`sort_by_key_with_buffer`], [`sort_by_key`] (the elements
//! moved as bytes for `T` of 4 to 16 bytes without drop glue, the key computed again on every
//! pass) and [`sort_by_cached_key`] (the key computed once per element).

#[cfg(feature = "alloc")]
use alloc::vec::Vec;
use core::mem::MaybeUninit;

#[cfg(feature = "alloc")]
use super::engine::radix::Radix;
#[cfg(feature = "alloc")]
use super::engine::records::{Engine, InOrder, Index, Keyed, Sequential, short, sort_records};
use super::engine::route::lsd;
#[cfg(feature = "alloc")]
use super::engine::route::{self, Scratch};
#[cfg(feature = "alloc")]
use super::keys::held_radix;
use super::keys::{SortKey, assert_room, radix_of_first};

/// Sorts `v` stably by the key `key` gives each element (called once per
/// element), with caller buffers: no allocation. `keys` (at least `2 · v.len()`
/// long) holds the keys and indices, `moved` (at least `v.len()`) the elements
/// in their new order for a moment; their contents afterwards are unspecified.
///
/// A `key` that answers differently for equal elements only changes the order:
/// `v` always ends as a permutation of its input.
///
/// # Panics
///
/// When a buffer is too short, at the caller's line; when `key` panics (then `v`
/// is unchanged).
///
/// ```
/// use core::mem::MaybeUninit;
/// use normkey::sort::{self, NanLast};
///
/// let mut v = vec![("b", 0.0_f32), ("a", f32::NAN), ("c", -0.0), ("d", -1.0)];
/// let mut keys = vec![(NanLast(0.0), 0); 8];
/// let mut moved = vec![MaybeUninit::uninit(); 4];
/// sort::sort_by_key_with_buffer(&mut v, |r| NanLast(r.1), &mut keys, &mut moved);
/// assert_eq!(v.iter().map(|r| r.0).collect::<String>(), "dbca"); // ±0 tie, NaN last
/// ```
#[track_caller]
pub fn sort_by_key_with_buffer<T, K: SortKey>(
    v: &mut [T],
    mut key: impl FnMut(&T) -> K,
    keys: &mut [(K, usize)],
    moved: &mut [MaybeUninit<T>],
) {
    let n = v.len();
    assert_room("keys", keys.len(), 2 * n);
    assert_room("moved", moved.len(), n);
    let (keys, scratch) = keys.split_at_mut(n);
    for ((slot, x), i) in keys.iter_mut().zip(v.iter()).zip(0..) {
        *slot = (key(x), i);
    }
    lsd(keys, &mut scratch[..n], radix_of_first::<K, usize>);
    permute(v, keys.iter().map(|r| r.1), &mut moved[..n]);
}

/// Moves `v[order[p]]` to `v[p]` for every `p`, through `moved`.
///
/// `order` must yield each index of `v` exactly once (the sort's output of
/// `0..n`); it is checked, so that a wrong order panics instead of duplicating an
/// element.
fn permute<T>(v: &mut [T], order: impl Iterator<Item = usize>, moved: &mut [MaybeUninit<T>]) {
    let n = v.len();
    let mut count = 0;
    for (slot, i) in moved.iter_mut().zip(order) {
        assert!(i < n, "permute: index out of range");
        // SAFETY: `i < n`, and `order` yields each index once (the sort permuted
        // `0..n`), so each element is read exactly once; the reads are bitwise
        // moves that are completed below by writing every element back.
        slot.write(unsafe { core::ptr::read(&raw const v[i]) });
        count += 1;
    }
    assert!(count == n, "permute: order too short");
    for (x, m) in v.iter_mut().zip(moved.iter()) {
        // SAFETY: every `moved[p]` (`p < n`) was written above, once; `v[p]`'s old
        // value was moved out (each index read once), so overwriting it without
        // dropping is the second half of that move.
        unsafe { core::ptr::write(x, m.assume_init_read()) };
    }
}

#[cfg(feature = "alloc")]
/// The radix of each element's key, next to the element's index, stably
/// sorted.
fn sorted_keys<T, K: SortKey, I: Index>(
    v: &mut [T],
    key: impl Keyed<T, K>,
    engine: &impl Engine,
) -> Vec<(K::Radix, I)> {
    let blank = (K::Radix::ZERO, I::new(0));
    let keys = key.records(v, blank, |i, _, k: K| (k.radix(), I::new(i)));
    sort_records(keys, engine)
}

#[cfg(feature = "alloc")]
/// Sorts `v` stably by the key `key` gives each element: any `T`, moved,
/// never cloned.
///
/// An element of at most 16 bytes without drop glue (a `(f32, u32)`, an
/// index with a score) is moved with its key computed again on every pass,
/// so `key` is called a few times per element (to check the order, to
/// count, and on each pass that moves it; more in the insertion sort of
/// short runs), on a bitwise copy of the element, as `std`'s
/// `sort_by_key` calls it several times: use [`sort_by_cached_key`] for a
/// key that is expensive to compute. Allocates a buffer of `v.len()`
/// elements. Larger elements, or elements with drop glue, get their key
/// computed once, as in [`sort_by_cached_key`].
///
/// A `key` that answers differently for equal elements, or differently on
/// two calls, only changes the order: `v` ends as a permutation of its
/// input. If `key` panics, `v` is a permutation of its input, in an
/// unspecified order.
///
/// ```
/// use core::cmp::Reverse;
/// use normkey::sort;
///
/// let mut v = vec![(String::from("ann"), 3.5_f32, 7_u32), ("bob".into(), 9.0, 2), ("cy".into(), 3.5, 1)];
/// sort::sort_by_key(&mut v, |p| (Reverse(p.1), p.2)); // score descending, then id
/// assert_eq!(v.iter().map(|p| p.0.as_str()).collect::<Vec<_>>(), ["bob", "cy", "ann"]);
/// ```
pub fn sort_by_key<T, K: SortKey>(v: &mut [T], key: impl FnMut(&T) -> K) {
    // Constant conditions: only the form `T` takes is compiled.
    if !const { core::mem::needs_drop::<T>() } {
        match const { size_of::<T>() } {
            4 => return sort_by_key_recomputed::<T, K, 4>(v, key),
            8 => return sort_by_key_recomputed::<T, K, 8>(v, key),
            12 => return sort_by_key_recomputed::<T, K, 12>(v, key),
            16 => return sort_by_key_recomputed::<T, K, 16>(v, key),
            _ => {}
        }
    }
    sort_by_cached_key(v, key);
}

#[cfg(feature = "alloc")]
/// Sorts `v` stably by the key `key` gives each element, called once per
/// element (in order, before anything moves): any `T`, moved, never
/// cloned. Allocates the keys with their indices and a buffer of `v.len()`
/// elements.
///
/// A `key` that answers differently for equal elements only changes the
/// order: `v` ends as a permutation of its input. If `key` panics, `v` is
/// unchanged.
///
/// ```
/// use normkey::sort;
///
/// let mut v = vec![(3.5_f32, 7_u32), (9.0, 2), (3.5, 1)];
/// let mut calls = 0;
/// sort::sort_by_cached_key(&mut v, |p| {
///     calls += 1;
///     p.0
/// });
/// assert_eq!(v, [(3.5, 7), (3.5, 1), (9.0, 2)]);
/// assert_eq!(calls, 3);
/// ```
pub fn sort_by_cached_key<T, K: SortKey>(v: &mut [T], key: impl FnMut(&T) -> K) {
    sort_by_key_on(v, InOrder(key), &Sequential);
}

#[cfg(feature = "alloc")]
/// [`sort_by_key`] for a `T` of `N` bytes without drop glue: the elements'
/// bytes are sorted in place, with a buffer of as many, by the radix of
/// `key` called again on each pass, through the checked forms of the
/// engine (`engine/stable.rs`'s module docs: whatever `key` answers, and if it
/// panics, `v` ends holding its elements' bytes, each once).
fn sort_by_key_recomputed<T, K: SortKey, const N: usize>(v: &mut [T], key: impl FnMut(&T) -> K) {
    // SAFETY: the checked sort only copies whole records within the view
    // and its buffer (filled with copies of them), and leaves the view
    // holding the bytes of each element once, in some order, when it
    // returns and when `key` panics (`route::sort` with `CHECKED`).
    let raw = unsafe { as_raw::<T, N>(v) };
    // The engine takes an `Fn`; the sort never calls it from itself.
    let key = core::cell::RefCell::new(key);
    let radix = |x: &Raw<N>| -> K::Radix {
        // SAFETY: every `Raw<N>` the sort passes here holds the bytes of one
        // of `v`'s elements (the engine only copies records), on this thread.
        unsafe { key_of::<T, K, N>(x, &mut *key.borrow_mut()) }.radix()
    };
    route::sort::<false, true, Raw<N>, K::Radix>(raw, Scratch::Allocate, &radix);
}

#[cfg(feature = "alloc")]
/// `v`'s elements as the `N` bytes each that the recomputed sorts move (a
/// `T` of `N` bytes without drop glue, asserted).
///
/// # Safety
///
/// Through the view, the caller writes only bytes of `v`'s own elements, and
/// leaves it holding each element's bytes exactly once (a permutation), when
/// it is done and if it panics: without drop glue, an element overwritten
/// without being dropped was then moved.
pub(super) unsafe fn as_raw<T, const N: usize>(v: &mut [T]) -> &mut [Raw<N>] {
    assert!(size_of::<T>() == N && !core::mem::needs_drop::<T>());
    // SAFETY: `T` has `N` bytes (asserted above) and `Raw<N>` is `N` bytes
    // of alignment 1 that may hold anything, so the view covers exactly
    // `v`'s elements, borrowed for as long as `v`; what is written through
    // it is the caller's contract.
    unsafe { core::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<Raw<N>>(), v.len()) }
}

#[cfg(feature = "alloc")]
/// `key` of the element whose bytes `x` holds, called on a bitwise copy of
/// it that is never dropped.
///
/// # Safety
///
/// `x` holds the bytes of a valid `T` of `N` bytes (one of the elements of a
/// slice seen through [`as_raw`]) that no other thread reads or writes during
/// the call (so a `T: Send` suffices for calls on several threads).
pub(super) unsafe fn key_of<T, K, const N: usize>(x: &Raw<N>, key: impl FnOnce(&T) -> K) -> K {
    debug_assert!(size_of::<T>() == N);
    // SAFETY: `x` holds a valid `T` (the caller's contract); `Raw<N>` has
    // alignment 1, hence the unaligned read. The copy is never dropped, so
    // nothing is dropped twice.
    let t = core::mem::ManuallyDrop::new(unsafe {
        core::ptr::read_unaligned(x.0.as_ptr().cast::<T>())
    });
    key(&t)
}

#[cfg(feature = "alloc")]
/// [`sort_by_cached_key`] on `engine`. Small records without drop glue travel with
/// their keys (no random gather at the end); others are moved once, by index.
pub(super) fn sort_by_key_on<T, K: SortKey>(
    v: &mut [T],
    key: impl Keyed<T, K>,
    engine: &impl Engine,
) {
    // Constant conditions: only the form `T` takes is compiled.
    if !const { core::mem::needs_drop::<T>() } {
        match const { size_of::<T>() } {
            4 => return sort_by_key_moving::<T, K, 4>(v, key, engine),
            8 => return sort_by_key_moving::<T, K, 8>(v, key, engine),
            12 => return sort_by_key_moving::<T, K, 12>(v, key, engine),
            16 => return sort_by_key_moving::<T, K, 16>(v, key, engine),
            _ => {}
        }
    }
    if short(v.len()) {
        sort_by_key_with::<T, K, u32>(v, key, engine);
    } else {
        sort_by_key_with::<T, K, usize>(v, key, engine);
    }
}

#[cfg(feature = "alloc")]
/// The bytes of a `T` of `N` bytes (padding included, hence `MaybeUninit`),
/// moved as a plain value.
#[derive(Clone, Copy)]
pub(super) struct Raw<const N: usize>([MaybeUninit<u8>; N]);

#[cfg(feature = "alloc")]
/// [`sort_by_cached_key`] for a `T` of `N` bytes without drop glue: each element's
/// bytes are sorted next to its key's radix and written back in order.
///
/// Only bytes are copied, never a `T`, and every element's bytes are written
/// back exactly once (the sort permutes the records), so `v` ends as a
/// permutation of its input; without drop glue, overwriting an element
/// without dropping it is a move. `key` runs before anything is written.
fn sort_by_key_moving<T, K: SortKey, const N: usize>(
    v: &mut [T],
    key: impl Keyed<T, K>,
    engine: &impl Engine,
) {
    assert!(size_of::<T>() == N && !core::mem::needs_drop::<T>());
    let blank = (K::Radix::ZERO, Raw([MaybeUninit::uninit(); N]));
    let mut records = key.records(v, blank, |_, x, k: K| {
        let mut raw = Raw([MaybeUninit::uninit(); N]);
        // SAFETY: `x` is a valid `T` of `N` bytes (asserted above), read as
        // bytes that may be uninitialized (`MaybeUninit<u8>`, which keeps
        // pointer provenance); `raw` has room for `N` bytes and does not
        // overlap `x`.
        unsafe {
            core::ptr::copy_nonoverlapping(
                core::ptr::from_ref(x).cast::<MaybeUninit<u8>>(),
                raw.0.as_mut_ptr(),
                N,
            );
        }
        (k.radix(), raw)
    });
    if let Some(&first) = records.first() {
        let mut buf = engine.buffer(first, records.len());
        engine.sort(&mut records, &mut buf, held_radix::<K::Radix, Raw<N>>);
    }
    // SAFETY: through the view each element is overwritten once with the
    // bytes of one element of `v` (the records are a permutation of the
    // elements, and `copy_into` writes every index once, and cannot panic), so
    // `v` ends holding each element once.
    let raw = unsafe { as_raw::<T, N>(v) };
    engine.copy_into(raw, &records, |r| r.1);
}

#[cfg(feature = "alloc")]
fn sort_by_key_with<T, K: SortKey, I: Index>(
    v: &mut [T],
    key: impl Keyed<T, K>,
    engine: &impl Engine,
) {
    let keys = sorted_keys::<T, K, I>(v, key, engine);
    let mut moved = Vec::with_capacity(v.len());
    moved.resize_with(v.len(), MaybeUninit::uninit);
    permute(v, keys.iter().map(|r| r.1.get()), &mut moved);
}
