//! The by-key sorts and top-k on elements whose bytes are more than a value:
//! references (`&mut U`, `&U`, `Option<&U>`), raw pointers (`NonNull<U>`),
//! interior mutability (`Cell<U>`, `&Cell<U>`), padding (`(u8, u32)`,
//! `(u8, u32, u32)`, `(u16, u64)`), drop glue (`Box<U>`), zero-sized and
//! over-aligned types, with key functions that read through the element.
//!
//! `sort_by_key` moves an element of 4, 8, 12 or 16 bytes without drop glue as
//! bytes (`Raw<N>` in `src/sort`), reads a bitwise copy of it (never dropped) to
//! call the key, and writes the bytes back (`par_sort_by_key` too, through the
//! same `as_raw` and `key_of`); `sort_by_cached_key` and
//! `par_sort_by_cached_key` move such elements as bytes next to their keys; other
//! elements are moved by index (`permute`). Each test checks the result against
//! `std`'s stable sort with the same key (the same element identities, addresses
//! or payload ids, in the same order), then uses every element (writes through
//! every `&mut`, `NonNull` and `&Cell`), so that Miri checks every move under
//! Stacked Borrows and Tree Borrows (CI's miri stage runs this file under both):
//!
//! ```text
//! cargo +nightly miri test --features alloc --test by_key_miri
//! MIRIFLAGS=-Zmiri-tree-borrows cargo +nightly miri test --features alloc --test by_key_miri
//! ```
//!
//! The lengths cross the sorts' thresholds (insertion up to 48 records, LSD in
//! the cache, the stable split above: 512 bytes under Miri, 2 MiB natively),
//! and the orders take every route of a record sort: random keys with ties,
//! in order, strictly descending (reversed), descending with ties (the
//! reversal tried and undone). [`cases`] says what Miri runs of them.
#![cfg(feature = "alloc")]
// Test data: ids and keys are small integers packed into wider ones. The key
// functions take `&T` of the element types under test (`&Option<&u32>`,
// `&Box<u32>`).
#![allow(
    clippy::cast_possible_truncation,
    clippy::ref_option_ref,
    clippy::borrowed_box
)]

mod common;

use core::cell::Cell;
use core::cmp::Reverse;
use core::ptr::NonNull;
use std::panic::{AssertUnwindSafe, catch_unwind};

use common::XorShift;
use normkey::sort::{self, SortKey};

/// Bits of an element's id in the elements that carry their id next to their
/// key (`key << ID_BITS | id`): room for every length above.
const ID_BITS: u32 = 20;

/// The key orders: every route of a record sort.
#[derive(Clone, Copy, Debug)]
enum Order {
    /// Random keys with many ties (stability shows).
    Ties,
    /// Already sorted, ties included: kept.
    Sorted,
    /// Strictly descending: reversed.
    Descending,
    /// Descending with ties: the reversal is tried, undone, and the slice split.
    DescendingTies,
}

/// One input: its keys (below 2^12), and `std`'s stable order of them (the
/// indices, by `sort_by_key`) ascending and descending.
struct Case {
    keys: Vec<u32>,
    up: Vec<usize>,
    down: Vec<usize>,
}

impl Case {
    fn new(n: usize, order: Order) -> Self {
        let mut rng = XorShift(n as u64 * 8 + order as u64 + 1);
        let mut keys: Vec<u32> = (0..n).map(|_| (rng.next() >> 40) as u32 % 97).collect();
        match order {
            Order::Ties => {}
            Order::Sorted => keys.sort_unstable(),
            Order::Descending => keys = (0..n as u32).rev().map(|i| i % 4096).collect(),
            Order::DescendingTies => keys.sort_unstable_by(|a, b| b.cmp(a)),
        }
        let mut up: Vec<usize> = (0..n).collect();
        up.sort_by_key(|&i| keys[i]);
        let mut down: Vec<usize> = (0..n).collect();
        down.sort_by_key(|&i| Reverse(keys[i]));
        Self { keys, up, down }
    }

    /// `key << ID_BITS | id` for every key: elements that carry their id.
    fn tagged(&self) -> impl Iterator<Item = u32> + '_ {
        self.keys.iter().zip(0..).map(|(&k, id)| k << ID_BITS | id)
    }
}

/// Which inputs a test takes under Miri (natively, every one: [`cases`]).
#[derive(Clone, Copy, PartialEq)]
enum Routes {
    /// Every route of a record sort: each length, over 48 records in every
    /// [`Order`].
    Every,
    /// Insertion, and a slice long enough to be split.
    Split,
    /// Insertion only.
    Short,
}

/// The inputs for elements of `bytes` bytes: empty, one, two, short
/// (insertion, up to 48 records), LSD in the cache and split above it (2 MiB
/// natively, hence 300,000 records), with random keys; over 48 records, every
/// [`Order`] too.
///
/// Miri interprets about a thousand times slower, and each sort of more than
/// 48 records costs it seconds whatever the length (the counting tables), more
/// under Tree Borrows: there the lengths are 0, 1, 2 and 10, and with
/// [`Routes::Split`] a length just over the split's 512 bytes (its buckets
/// then sorted by LSD or insertion), with [`Routes::Every`] 60 in every order
/// too. The routes' code moves every element's bytes alike: `&mut u32`
/// (pointers) takes every route, and one element of each size with padding
/// (uninitialized bytes) the split; the other elements the insertion sort,
/// which is all the element-specific code there is (the copies in and out,
/// the key's reads).
fn cases(routes: Routes, bytes: usize) -> impl Iterator<Item = Case> {
    let lengths = if cfg!(miri) {
        let split = (512 / bytes + 8).max(60);
        match routes {
            Routes::Every => vec![0, 1, 2, 10, 60, split],
            Routes::Split => vec![0, 1, 2, 10, split],
            Routes::Short => vec![0, 1, 2, 10],
        }
    } else {
        vec![0, 1, 2, 10, 60, 130, 300, 1000, 5000, 300_000]
    };
    let every = routes == Routes::Every || !cfg!(miri);
    lengths.into_iter().flat_map(move |n| {
        let orders: &[Order] = match n {
            60 | 130 | 300 | 1000 if every => &[
                Order::Ties,
                Order::Sorted,
                Order::Descending,
                Order::DescendingTies,
            ],
            _ => &[Order::Ties],
        };
        orders.iter().map(move |&o| Case::new(n, o))
    })
}

/// The id of a tagged element.
fn id_of(x: u32) -> usize {
    (x & ((1 << ID_BITS) - 1)) as usize
}

/// The address of `x`, for identities (no provenance exposed).
fn addr<U: ?Sized>(x: &U) -> usize {
    core::ptr::from_ref(x).addr()
}

/// `sort_by_key` or `sort_by_cached_key`.
fn sort_with<T, K: SortKey>(cached: bool, v: &mut [T], key: impl FnMut(&T) -> K) {
    if cached {
        sort::sort_by_cached_key(v, key);
    } else {
        sort::sort_by_key(v, key);
    }
}

/// `par_sort_by_key`, where it runs: with feature `rayon`, and not under Miri.
///
/// Miri cannot run rayon's thread pool under the rules CI checks: its
/// scheduler (crossbeam-epoch 0.9) casts integers to pointers
/// (`atomic.rs:204`), which `-Zmiri-strict-provenance` rejects, and under
/// permissive provenance its epoch list breaks a Stacked Borrows rule
/// (`internal.rs:567`). Under `-Zmiri-permissive-provenance
/// -Zmiri-tree-borrows -Zmiri-ignore-leaks` (the pool's threads outlive the
/// test) it runs: `par_sort_by_key` of 300 `&mut u32` passed there (before it
/// moved small elements as they are). CI's Miri build has no `rayon`;
/// `par_sort_by_key` views and reads the elements' bytes as `sort_by_key`
/// does (the same `as_raw` and `key_of`), which Miri checks here; its
/// parallel split (`sort_part`, checked) is not checked by Miri.
#[cfg(all(feature = "rayon", not(miri)))]
fn par_sort_with<T: Send, K: SortKey>(v: &mut [T], key: impl Fn(&T) -> K + Sync) -> bool {
    sort::par_sort_by_key(v, key);
    true
}
#[cfg(not(all(feature = "rayon", not(miri))))]
fn par_sort_with<T: Send, K: SortKey>(_: &mut [T], _: impl Fn(&T) -> K + Sync) -> bool {
    false
}

/// Elements that can be cloned: `sort_by_key`, `sort_by_cached_key` and
/// `top_k_by_key` (`k` of 0, 1, a third and all) give the ids `want` (`std`'s
/// stable order by the same key); `touch` then uses every element of each
/// result. Under Miri, `sort_by_cached_key` and `top_k_by_key` only up to 10
/// elements: the first copies the elements' bytes into records and back, the
/// same whatever the route between (which the `&mut u32` tests take in full),
/// and the second clones, moving no bytes of its own.
fn check_clone<T: Clone, K: SortKey>(
    name: &str,
    v: &[T],
    want: &[usize],
    key: impl Fn(&T) -> K,
    id: impl Fn(&T) -> usize,
    touch: impl Fn(&T),
) {
    let n = v.len();
    let short = !cfg!(miri) || n <= 10;
    for cached in [false, true].into_iter().filter(|&c| !c || short) {
        let mut got = v.to_vec();
        sort_with(cached, &mut got, &key);
        let ids: Vec<usize> = got.iter().map(&id).collect();
        assert_eq!(ids, want, "{name}: cached {cached}, n = {n}");
        got.iter().for_each(&touch);
    }
    let ks = if short {
        vec![0, 1.min(n), n / 3, n]
    } else {
        vec![]
    };
    for k in ks {
        let top = sort::top_k_by_key(v, k, &key).unwrap();
        let ids: Vec<usize> = top.iter().map(&id).collect();
        assert_eq!(ids, want[..k], "{name}: top {k} of {n}");
        top.iter().for_each(&touch);
    }
    assert!(sort::top_k_by_key(v, n + 1, &key).is_err());
}

/// [`check_clone`]'s `par_sort_by_key`, for elements that are `Send`.
fn check_par<T: Clone + Send, K: SortKey>(
    name: &str,
    v: &[T],
    want: &[usize],
    key: impl Fn(&T) -> K + Sync,
    id: impl Fn(&T) -> usize,
) {
    let mut got = v.to_vec();
    if par_sort_with(&mut got, &key) {
        let ids: Vec<usize> = got.iter().map(&id).collect();
        assert_eq!(ids, want, "{name}: par, n = {}", v.len());
    }
}

/// `&mut u32` (8 bytes, moved as bytes): the key reads through the
/// reference; afterwards every reference is written through.
#[test]
fn mut_refs() {
    for case in cases(Routes::Every, 8) {
        let n = case.keys.len();
        for cached in [false, true] {
            let mut backing = case.keys.clone();
            let base = backing.as_ptr().addr();
            let mut v: Vec<&mut u32> = backing.iter_mut().collect();
            sort_with(cached, &mut v, |r: &&mut u32| **r);
            let got: Vec<usize> = v.iter().map(|r| (addr(&**r) - base) / 4).collect();
            assert_eq!(got, case.up, "cached {cached}, n = {n}");
            for (r, rank) in v.iter_mut().zip(0..) {
                **r = rank;
            }
            drop(v);
            for (rank, &i) in case.up.iter().enumerate() {
                assert_eq!(backing[i] as usize, rank);
            }
        }
        let mut backing = case.keys.clone();
        let base = backing.as_ptr().addr();
        let mut v: Vec<&mut u32> = backing.iter_mut().collect();
        if par_sort_with(&mut v, |r: &&mut u32| Reverse(**r)) {
            let got: Vec<usize> = v.iter().map(|r| (addr(&**r) - base) / 4).collect();
            assert_eq!(got, case.down, "par, n = {n}");
            for r in &mut v {
                **r += 1;
            }
        }
    }
}

/// An over-aligned element of 16 bytes (moved as bytes: the key must see it
/// aligned).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(align(16))]
struct Align16(u32);

/// An over-aligned element of 8 bytes, 4 of them padding.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(align(8))]
struct Align8(u32);

/// An over-aligned element of 32 bytes (moved by index).
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(align(32))]
struct Align32(u64, u32);

/// `x`'s key, after checking that the key function sees it aligned.
fn aligned<U>(x: &U, key: u32) -> u32 {
    assert_eq!(addr(x) % align_of::<U>(), 0, "a misaligned element");
    key
}

/// `&mut` to over-aligned targets: 8-byte references moved as bytes, the key
/// reading 32-byte targets through them; every target written through after.
#[test]
fn mut_refs_to_over_aligned() {
    for case in cases(Routes::Short, 8) {
        let n = case.keys.len();
        for cached in [false, true] {
            let mut backing: Vec<Align32> =
                case.tagged().map(|t| Align32(u64::from(t), 0)).collect();
            let mut v: Vec<&mut Align32> = backing.iter_mut().collect();
            sort_with(cached, &mut v, |r: &&mut Align32| {
                Reverse(aligned(&**r, (r.0 >> ID_BITS) as u32))
            });
            let got: Vec<usize> = v.iter().map(|r| id_of(r.0 as u32)).collect();
            assert_eq!(got, case.down, "cached {cached}, n = {n}");
            for (r, rank) in v.iter_mut().zip(0..) {
                r.1 = rank;
            }
            drop(v);
            for (rank, &i) in case.down.iter().enumerate() {
                assert_eq!(backing[i].1 as usize, rank);
            }
        }
    }
}

/// Over-aligned values: 8 and 16 bytes moved as bytes (the key checks its
/// element's alignment), 32 bytes by index.
#[test]
fn over_aligned() {
    for case in cases(Routes::Short, 8) {
        let a8: Vec<Align8> = case.tagged().map(Align8).collect();
        let key8 = |a: &Align8| aligned(a, a.0 >> ID_BITS);
        check_clone("align(8)", &a8, &case.up, key8, |a| id_of(a.0), |_| {});
        check_par("align(8)", &a8, &case.up, key8, |a| id_of(a.0));
    }
    for case in cases(Routes::Short, 16) {
        let a16: Vec<Align16> = case.tagged().map(Align16).collect();
        let key16 = |a: &Align16| aligned(a, a.0 >> ID_BITS);
        check_clone("align(16)", &a16, &case.up, key16, |a| id_of(a.0), |_| {});
        check_par("align(16)", &a16, &case.up, key16, |a| id_of(a.0));
    }
    for case in cases(Routes::Short, 8) {
        let a32: Vec<Align32> = case.tagged().map(|t| Align32(0, t)).collect();
        let key32 = |a: &Align32| Reverse(aligned(a, a.1 >> ID_BITS));
        check_clone("align(32)", &a32, &case.down, key32, |a| id_of(a.1), |_| {});
        check_par("align(32)", &a32, &case.down, key32, |a| id_of(a.1));
    }
}

/// Padded tuples: `(u8, u32)` (8 bytes, 3 of padding), `(u8, u32, u32)` (12,
/// 3) and `(u16, u64)` (16, 6), moved as bytes with their padding.
#[test]
fn padded_tuples() {
    for case in cases(Routes::Split, 8) {
        let p8: Vec<(u8, u32)> = case.tagged().map(|t| (t as u8, t)).collect();
        let key8 = |p: &(u8, u32)| p.1 >> ID_BITS;
        check_clone("(u8, u32)", &p8, &case.up, key8, |p| id_of(p.1), |_| {});
        check_par("(u8, u32)", &p8, &case.up, key8, |p| id_of(p.1));
    }
    for case in cases(Routes::Split, 12) {
        let p12: Vec<(u8, u32, u32)> = case.tagged().map(|t| (t as u8, !t, t)).collect();
        let key12 = |p: &(u8, u32, u32)| Reverse(p.2 >> ID_BITS);
        let id12 = |p: &(u8, u32, u32)| id_of(p.2);
        check_clone("(u8, u32, u32)", &p12, &case.down, key12, id12, |_| {});
        check_par("(u8, u32, u32)", &p12, &case.down, key12, id12);
    }
    for case in cases(Routes::Split, 16) {
        let p16: Vec<(u16, u64)> = case.tagged().map(|t| (t as u16, u64::from(t))).collect();
        let key16 = |p: &(u16, u64)| p.1 >> ID_BITS;
        let id16 = |p: &(u16, u64)| id_of(p.1 as u32);
        check_clone("(u16, u64)", &p16, &case.up, key16, id16, |_| {});
        check_par("(u16, u64)", &p16, &case.up, key16, id16);
    }
}

/// `Cell<u32>` (4 bytes, moved as bytes; the key reads it with `get`), and
/// `&Counted` (8 bytes) whose key counts its calls in a `Cell` of the target
/// (a write through a shared reference while the sort holds the reference's
/// bytes); every cell set after.
#[test]
fn cells() {
    for case in cases(Routes::Split, 4) {
        let cells: Vec<Cell<u32>> = case.tagged().map(Cell::new).collect();
        let key = |c: &Cell<u32>| c.get() >> ID_BITS;
        let touch = |c: &Cell<u32>| c.set(c.get());
        check_clone(
            "Cell<u32>",
            &cells,
            &case.up,
            key,
            |c| id_of(c.get()),
            touch,
        );
        check_par("Cell<u32>", &cells, &case.up, key, |c| id_of(c.get()));
    }
    for case in cases(Routes::Short, 8) {
        let targets: Vec<Counted> = case
            .tagged()
            .map(|tag| Counted {
                tag,
                calls: Cell::new(0),
            })
            .collect();
        let refs: Vec<&Counted> = targets.iter().collect();
        let key = |c: &&Counted| {
            c.calls.set(c.calls.get() + 1);
            c.tag >> ID_BITS
        };
        let touch = |c: &&Counted| c.calls.set(0);
        check_clone("&Counted", &refs, &case.up, key, |c| id_of(c.tag), touch);
    }
}

/// A target whose key function counts its calls.
struct Counted {
    tag: u32,
    calls: Cell<u32>,
}

/// `Option<&u32>` (8 bytes, a niche: `None` is all zeros) and `NonNull<u32>`
/// (8 bytes, a raw pointer): the key reads through them; afterwards every
/// `NonNull` is written through.
#[test]
fn pointers() {
    for case in cases(Routes::Split, 8) {
        let n = case.keys.len();
        let opts: Vec<Option<&u32>> = case
            .keys
            .iter()
            .enumerate()
            .map(|(i, x)| (i % 7 != 3).then_some(x))
            .collect();
        let base = case.keys.as_ptr().addr();
        let key = |o: &Option<&u32>| o.map_or(u32::MAX, |&x| x);
        // Every `None` has the same id (they tie, last).
        let id = |o: &Option<&u32>| o.map_or(usize::MAX, |x| (addr(x) - base) / 4);
        let mut want: Vec<usize> = (0..n).collect();
        want.sort_by_key(|&i| key(&opts[i]));
        let want: Vec<usize> = want.iter().map(|&i| id(&opts[i])).collect();
        check_clone("Option<&u32>", &opts, &want, key, id, |_| {});
        check_par("Option<&u32>", &opts, &want, key, id);

        let mut backing = case.keys.clone();
        let start = backing.as_mut_ptr();
        let ptrs: Vec<NonNull<u32>> = (0..n)
            // SAFETY: `i < backing.len()`: in bounds of the allocation.
            .map(|i| NonNull::new(unsafe { start.add(i) }).unwrap())
            .collect();
        // SAFETY: every pointer points into `backing`, which is not otherwise
        // used until the pointers are dropped.
        let key = |p: &NonNull<u32>| unsafe { p.as_ptr().read() };
        let id = |p: &NonNull<u32>| (p.as_ptr().addr() - start.addr()) / 4;
        // SAFETY: as for `key`; the tests run on one thread.
        let touch = |p: &NonNull<u32>| unsafe { p.as_ptr().write(p.as_ptr().read()) };
        check_clone("NonNull<u32>", &ptrs, &case.up, key, id, touch);
        drop(ptrs);
        assert_eq!(backing, case.keys);
    }
}

/// `Box<u32>` (drop glue: moved by index, never as bytes), the key reading
/// through it; the moved boxes are the same allocations.
#[test]
fn boxes() {
    for case in cases(Routes::Short, 8) {
        let boxes: Vec<Box<u32>> = case.tagged().map(Box::new).collect();
        let key = |b: &Box<u32>| **b >> ID_BITS;
        check_clone("Box<u32>", &boxes, &case.up, key, |b| id_of(**b), |_| {});
        check_par("Box<u32>", &boxes, &case.up, key, |b| id_of(**b));
        let addrs: Vec<usize> = boxes.iter().map(|b| addr(&**b)).collect();
        let mut v = boxes;
        sort::sort_by_key(&mut v, key);
        let got: Vec<usize> = v.iter().map(|b| addr(&**b)).collect();
        let want: Vec<usize> = case.up.iter().map(|&i| addrs[i]).collect();
        assert_eq!(got, want);
    }
}

/// Zero-sized elements (moved by index), and a 4-byte element with a
/// zero-sized field (moved as bytes). A key that answers from a counter moves
/// the zero-sized elements too.
#[test]
fn zero_sized() {
    #[derive(Clone, Copy, Debug, PartialEq)]
    struct Unit;
    for case in cases(Routes::Short, 8) {
        let n = case.keys.len();
        let units = vec![Unit; n];
        let next = Cell::new(0_u32);
        let key = |_: &Unit| {
            next.set(next.get().wrapping_mul(2_654_435_761).wrapping_add(1));
            next.get() >> 16
        };
        for cached in [false, true] {
            let mut v = units.clone();
            sort_with(cached, &mut v, key);
            assert_eq!(v.len(), n);
        }
        let mut v = vec![(); n];
        sort::sort_by_key(&mut v, |()| 0_u8);
        let top = sort::top_k_by_key(&units, n / 2, key).unwrap();
        assert_eq!(top.len(), n / 2);
        check_par("Unit", &units, &vec![0; n], |_| 0_u8, |_| 0);
    }
    for case in cases(Routes::Short, 4) {
        let with_unit: Vec<((), u32)> = case.tagged().map(|t| ((), t)).collect();
        let key = |x: &((), u32)| x.1 >> ID_BITS;
        let id = |x: &((), u32)| id_of(x.1);
        check_clone("((), u32)", &with_unit, &case.up, key, id, |_| {});
        check_par("((), u32)", &with_unit, &case.up, key, id);
    }
}

/// `sort_by_key` of `v` with a key that panics at its `after`-th call (never
/// for 0): whether it panicked, and the calls made.
fn sort_panicking<T>(v: &mut [T], after: usize, key: impl Fn(&T) -> u32) -> (bool, usize) {
    let calls = Cell::new(0);
    let ran = catch_unwind(AssertUnwindSafe(|| {
        sort::sort_by_key(v, |x: &T| {
            calls.set(calls.get() + 1);
            assert!(calls.get() != after, "the key's planned panic");
            key(x)
        });
    }));
    (ran.is_err(), calls.get())
}

/// The calls at which [`key_panics`] panics, of the `total` a sort of `n`
/// makes: the first, every quarter and the last; under Miri half of the
/// insertion sort's, a third and two thirds of the split's.
fn panic_points(total: usize, n: usize) -> Vec<usize> {
    let mut points = if !cfg!(miri) {
        vec![1, total / 4, total / 2, total * 3 / 4, total]
    } else if n <= 10 {
        vec![total / 2]
    } else {
        vec![total / 3, total * 2 / 3]
    };
    points.retain(|&p| p >= 1);
    points.dedup();
    points
}

/// A key that panics partway: `sort_by_key` leaves the slice a permutation of
/// its elements (every `&mut` and every padded record once), whatever pass the
/// panic interrupts (the order checks, the reversal, a split's count or
/// scatter, LSD, insertion); every `&mut` is written through after.
#[test]
fn key_panics() {
    for case in cases(Routes::Split, 8).filter(|c| c.keys.len() >= 2) {
        let n = case.keys.len();
        let mut backing = case.keys.clone();
        let mut v: Vec<&mut u32> = backing.iter_mut().collect();
        let (_, total) = sort_panicking(&mut v, 0, |r| **r);
        drop(v);
        for after in panic_points(total, n) {
            let mut backing = case.keys.clone();
            let base = backing.as_ptr().addr();
            let mut v: Vec<&mut u32> = backing.iter_mut().collect();
            let (panicked, _) = sort_panicking(&mut v, after, |r| **r);
            assert!(panicked);
            let mut seen: Vec<usize> = v.iter().map(|r| (addr(&**r) - base) / 4).collect();
            seen.sort_unstable();
            assert!(seen.iter().copied().eq(0..n), "n = {n}, after {after}");
            for r in &mut v {
                **r += 1;
            }
        }

        let padded: Vec<(u16, u64)> = case.tagged().map(|t| (t as u16, u64::from(t))).collect();
        let key = |p: &(u16, u64)| (p.1 >> ID_BITS) as u32;
        let (_, total) = sort_panicking(&mut padded.clone(), 0, key);
        for after in panic_points(total, n) {
            let mut v = padded.clone();
            let (panicked, _) = sort_panicking(&mut v, after, key);
            assert!(panicked);
            let mut seen: Vec<usize> = v.iter().map(|p| id_of(p.1 as u32)).collect();
            seen.sort_unstable();
            assert!(seen.iter().copied().eq(0..n), "n = {n}, after {after}");
            assert!(v.iter().all(|p| p.0 == p.1 as u16));
        }
    }
}
