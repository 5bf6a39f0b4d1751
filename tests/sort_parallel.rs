//! The parallel sorts on rayon pools of 1, 2, 3 and 16 threads (built here, on
//! any machine): `par_sort` and `par_sort_by_key` against `std`'s stable sort
//! with the matching comparator, bit for bit, and the statistic of
//! `sort::__stats`, which shows that no sequential piece of work covers more
//! than a sixteenth of the records on 16 threads, whatever the distribution.
//!
//! The statistic is one per process and the test harness runs tests on several
//! threads: every test here takes [`serial`] first.
#![cfg(feature = "rayon")]
// Test data: the casts build keys from random bits on purpose.
#![allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]

mod common;

use core::cmp::{Ordering, Reverse};
use std::sync::{Mutex, MutexGuard, PoisonError};

use common::XorShift;
use normkey::sort::{self, __stats, __thresholds as th, NanLast};
use normkey_oracle::nan_last_cmp;
use rayon::{ThreadPool, ThreadPoolBuilder};

/// One test at a time: the tests read a statistic of the whole process.
fn serial() -> MutexGuard<'static, ()> {
    static SERIAL: Mutex<()> = Mutex::new(());
    SERIAL.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A pool of `threads` threads.
fn pool(threads: usize) -> ThreadPool {
    ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// 16 distinct keys: NaNs of both signs, ±0, ±∞, a subnormal, ordinary values.
const SIXTEEN: [u32; 16] = [
    0xffc0_0000, // −NaN
    0xff80_0000, // −∞
    0xc974_2400, // −1e6
    0xbf80_0000, // −1
    0x8000_0000, // −0
    0x0000_0000, // +0
    0x0000_0001, // the smallest subnormal
    0x3f00_0000, // 0.5
    0x3f80_0000, // 1
    0x4040_0000, // 3
    0x4974_2400, // 1e6
    0x7f7f_ffff, // the largest finite
    0x7f80_0000, // +∞
    0x7f80_0001, // +sNaN
    0x7fc0_0000, // +qNaN
    0x7fff_ffff, // +NaN, every payload bit
];

/// A value in ±1e6 from 24 random bits (many ties).
fn uniform(r: &mut XorShift) -> f32 {
    (r.next() >> 40) as f32 / (1 << 24) as f32 * 2e6 - 1e6
}

/// The distributions the parallel sort must split evenly, `n` keys each: floats in
/// ±1e6 (four top bytes hold about 87% of them), random bits (NaNs included),
/// one top byte for every key ([1, 2)), 16 distinct values, sorted, all equal.
fn distributions(n: usize, seed: u64) -> Vec<(&'static str, Vec<f32>)> {
    let mut r = XorShift(seed | 1);
    vec![
        ("uniform in ±1e6", (0..n).map(|_| uniform(&mut r)).collect()),
        (
            "random bits",
            (0..n).map(|_| f32::from_bits(r.next() as u32)).collect(),
        ),
        (
            "one top byte",
            (0..n)
                .map(|_| f32::from_bits(0x3f80_0000 | (r.next() as u32 & 0x7f_ffff)))
                .collect(),
        ),
        (
            "16 distinct values",
            (0..n)
                .map(|_| f32::from_bits(SIXTEEN[(r.next() % 16) as usize]))
                .collect(),
        ),
        (
            "sorted",
            (0..n).map(|i| i as f32 / n as f32 * 2e6 - 1e6).collect(),
        ),
        ("all equal", vec![1.5; n]),
    ]
}

/// `n` keys of which `small` (random, in [1, 2): top byte 0x3f) form one
/// top-level bucket and the rest (in [2, 8): top byte 0x40) the other, in random
/// order: a bucket of exactly `small` records, to put on either side of the
/// largest one a task sorts alone.
fn two_buckets(n: usize, small: usize, seed: u64) -> Vec<f32> {
    let mut r = XorShift(seed | 1);
    let mut v: Vec<f32> = (0..n)
        .map(|i| {
            let low = r.next() as u32 & 0x7f_ffff;
            let bits = if i < small {
                0x3f80_0000 | low
            } else {
                0x4000_0000 | (r.next() as u32 & 0x80_0000) | low
            };
            f32::from_bits(bits)
        })
        .collect();
    // Fisher–Yates, so that both buckets' records are spread over every chunk.
    for i in (1..n).rev() {
        v.swap(i, (r.next() % (i as u64 + 1)) as usize);
    }
    v
}

/// A record that `par_sort_by_key` sorts by index (24 bytes: not moved with its
/// key), its input position in `.1`.
type Wide = (f32, usize, u64);

/// `par_sort` and `par_sort_by_key` of `input` on each of `pools`, against
/// `std`'s stable `sort_by` with the matching comparator, bit for bit (and
/// against `sort`); `what` names the case in the messages.
fn check(pools: &[ThreadPool], input: &[f32], what: &str) {
    let n = input.len();
    let bits = |v: &[f32]| v.iter().map(|x| x.to_bits()).collect::<Vec<u32>>();
    // The references: stable sorts of (key, index) records by key only.
    let mut total: Vec<(f32, usize)> = input.iter().copied().zip(0..).collect();
    let mut nan_last = total.clone();
    total.sort_by(|a, b| a.0.total_cmp(&b.0));
    nan_last.sort_by(|a, b| nan_last_cmp(&a.0, &b.0));
    let want: Vec<u32> = total.iter().map(|r| r.0.to_bits()).collect();
    let mut s = input.to_vec();
    sort::sort(&mut s);
    assert_eq!(bits(&s), want, "sort, {what}, n = {n}");

    for pool in pools {
        let threads = pool.current_num_threads();
        let mut v = input.to_vec();
        pool.install(|| sort::par_sort(&mut v));
        assert_eq!(
            bits(&v),
            want,
            "par_sort, {what}, n = {n}, {threads} threads"
        );

        let mut recs: Vec<(f32, u32)> = input.iter().copied().zip(0..).collect();
        pool.install(|| sort::par_sort_by_key(&mut recs, |r| r.0));
        assert!(
            recs.iter()
                .map(|r| (r.0.to_bits(), r.1 as usize))
                .eq(total.iter().map(|r| (r.0.to_bits(), r.1))),
            "par_sort_by_key, (f32, u32) in totalOrder, {what}, n = {n}, {threads} threads"
        );
        let mut wide: Vec<Wide> = input.iter().zip(0..).map(|(&x, i)| (x, i, !0)).collect();
        pool.install(|| sort::par_sort_by_key(&mut wide, |r| NanLast(r.0)));
        assert!(
            wide.iter()
                .map(|r| (r.0.to_bits(), r.1))
                .eq(nan_last.iter().map(|r| (r.0.to_bits(), r.1))),
            "par_sort_by_key, 24-byte records, NaN last, {what}, n = {n}, {threads} threads"
        );
        pool.install(|| {
            check_by_key(
                input,
                &total,
                &nan_last,
                &format!("{what}, {threads} threads"),
            );
        });
    }
}

/// `par_sort_by_key` of elements of each size (0, 1, 4, 8, 12, 16 and 24 bytes:
/// the sizes moved as they are, their key computed again on each pass, and the
/// others) and `par_sort_by_cached_key`, on the current pool, against the
/// stable sorts `total` and `nan_last` of `input`'s (key, index) records.
fn check_by_key(input: &[f32], total: &[(f32, usize)], nan_last: &[(f32, usize)], what: &str) {
    let n = input.len();
    let ids = |r: &[(f32, usize)]| r.iter().map(|r| (r.0.to_bits(), r.1)).collect::<Vec<_>>();
    let (total, nan_last) = (ids(total), ids(nan_last));
    let mut descending: Vec<(f32, usize)> = input.iter().copied().zip(0..).collect();
    descending.sort_by(|a, b| b.0.total_cmp(&a.0));
    let descending = ids(&descending);

    // 4 bytes: the floats themselves, NaN last (ties of ±0 and NaNs keep their
    // input order: their bits show it).
    let mut floats = input.to_vec();
    sort::par_sort_by_key(&mut floats, |x| NanLast(*x));
    assert!(
        floats
            .iter()
            .map(|x| x.to_bits())
            .eq(nan_last.iter().map(|r| r.0)),
        "par_sort_by_key, f32, NaN last, {what}, n = {n}"
    );
    // 8 bytes, score descending then id (the key), and cached.
    let mut recs: Vec<(f32, u32)> = input.iter().copied().zip(0..).collect();
    sort::par_sort_by_key(&mut recs, |r| (Reverse(r.0), r.1));
    assert!(
        recs.iter()
            .map(|r| (r.0.to_bits(), r.1 as usize))
            .eq(descending.iter().copied()),
        "par_sort_by_key, (f32, u32) by (Reverse, id), {what}, n = {n}"
    );
    let mut recs: Vec<(f32, u32)> = input.iter().copied().zip(0..).collect();
    sort::par_sort_by_cached_key(&mut recs, |r| r.0);
    assert!(
        recs.iter()
            .map(|r| (r.0.to_bits(), r.1 as usize))
            .eq(total.iter().copied()),
        "par_sort_by_cached_key, (f32, u32), {what}, n = {n}"
    );
    // 12 bytes, NaN last; 16 bytes, descending.
    let mut twelve: Vec<(f32, u32, u32)> =
        input.iter().zip(0..).map(|(&x, i)| (x, i, !i)).collect();
    sort::par_sort_by_key(&mut twelve, |r| NanLast(r.0));
    assert!(
        twelve
            .iter()
            .map(|r| (r.0.to_bits(), r.1 as usize))
            .eq(nan_last.iter().copied())
            && twelve.iter().all(|r| r.2 == !r.1),
        "par_sort_by_key, 12-byte records, NaN last, {what}, n = {n}"
    );
    let mut sixteen: Vec<(f32, u32, u64)> = input
        .iter()
        .zip(0..)
        .map(|(&x, i)| (x, i, u64::from(i) << 7))
        .collect();
    sort::par_sort_by_key(&mut sixteen, |r| Reverse(r.0));
    assert!(
        sixteen
            .iter()
            .map(|r| (r.0.to_bits(), r.1 as usize))
            .eq(descending.iter().copied())
            && sixteen.iter().all(|r| r.2 == u64::from(r.1) << 7),
        "par_sort_by_key, 16-byte records, descending, {what}, n = {n}"
    );
    // 1 byte and zero-sized: moved by index.
    let mut bytes: Vec<u8> = input.iter().map(|x| (x.to_bits() >> 24) as u8).collect();
    let mut want = bytes.clone();
    want.sort_by_key(|b| Reverse(*b));
    sort::par_sort_by_key(&mut bytes, |b| Reverse(*b));
    assert_eq!(bytes, want, "par_sort_by_key, u8, {what}, n = {n}");
    let mut units = vec![(); n];
    sort::par_sort_by_key(&mut units, |()| 0_u8);
    assert_eq!(units.len(), n);
}

/// The pools of the proofs.
fn pools() -> Vec<ThreadPool> {
    [1, 2, 3, 16].into_iter().map(pool).collect()
}

/// Just below and at the length where the parallel sorts start splitting, every
/// distribution, every pool.
#[test]
#[cfg_attr(
    miri,
    ignore = "rayon's crossbeam-epoch fails Miri's aliasing checks (CONTRIBUTING.md)"
)]
fn par_sort_equals_the_stable_sort() {
    let _serial = serial();
    let pools = pools();
    // Below it the sequential sort runs, on any pool: one pool suffices.
    for (name, input) in distributions(th::PARALLEL_MIN - 1, 3) {
        check(&pools[1..2], &input, name);
    }
    for (name, input) in distributions(th::PARALLEL_MIN, 4) {
        check(&pools, &input, name);
    }
}

/// `par_sort_by_cached_key` calls its key function once per element (on the
/// pool's threads), and a key function that panics leaves the slice as it was:
/// for the records moved with their keys (8 bytes) and those moved by index (24
/// bytes); `par_sort_by_key` of 24-byte records is the same sort.
#[test]
#[cfg_attr(
    miri,
    ignore = "rayon's crossbeam-epoch fails Miri's aliasing checks (CONTRIBUTING.md)"
)]
fn par_sort_by_cached_key_calls_the_key_once_and_a_panic_changes_nothing() {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

    let _serial = serial();
    let pool = pool(3);
    let n = th::PARALLEL_MIN + 7;
    let mut r = XorShift(99);
    let input: Vec<f32> = (0..n).map(|_| uniform(&mut r)).collect();
    let mut small: Vec<(f32, u32)> = input.iter().copied().zip(0..).collect();
    let mut wide: Vec<(f32, u64, u64)> = input.iter().map(|&x| (x, 1, 2)).collect();
    let calls = AtomicUsize::new(0);
    pool.install(|| {
        sort::par_sort_by_cached_key(&mut small, |p| {
            calls.fetch_add(1, Relaxed);
            p.0
        });
    });
    assert_eq!(calls.swap(0, Relaxed), n, "8-byte records");
    pool.install(|| {
        sort::par_sort_by_key(&mut wide, |p| {
            calls.fetch_add(1, Relaxed);
            p.0
        });
    });
    assert_eq!(calls.load(Relaxed), n, "24-byte records");

    let before_small = small.clone();
    let before_wide: Vec<u32> = wide.iter().map(|p| p.0.to_bits()).collect();
    let bad = small[n / 3].0;
    let panicked = catch_unwind(AssertUnwindSafe(|| {
        pool.install(|| {
            sort::par_sort_by_cached_key(&mut small, |p| {
                assert!(p.0.to_bits() != bad.to_bits(), "a key that panics");
                Reverse(p.0)
            });
        });
    }));
    assert!(panicked.is_err());
    assert!(
        small
            .iter()
            .map(|p| (p.0.to_bits(), p.1))
            .eq(before_small.iter().map(|p| (p.0.to_bits(), p.1))),
        "8-byte records changed by a panicking key"
    );
    let panicked = catch_unwind(AssertUnwindSafe(|| {
        pool.install(|| {
            sort::par_sort_by_key(&mut wide, |p| {
                assert!(p.0.to_bits() != bad.to_bits(), "a key that panics");
                Reverse(p.0)
            });
        });
    }));
    assert!(panicked.is_err());
    assert!(
        wide.iter()
            .map(|p| p.0.to_bits())
            .eq(before_wide.iter().copied()),
        "24-byte records changed by a panicking key"
    );
}

/// `par_sort_by_key` of elements moved as they are (8 bytes), with a key
/// function that answers differently on every call, or panics after some calls
/// (in the first count, in a scatter, in the buckets' sorts): the slice ends a
/// permutation of its input, on pools of 2, 3 and 16 threads.
#[test]
#[cfg_attr(
    miri,
    ignore = "rayon's crossbeam-epoch fails Miri's aliasing checks (CONTRIBUTING.md)"
)]
fn par_sort_by_key_with_a_wild_key_permutes() {
    use std::panic::{AssertUnwindSafe, catch_unwind};
    use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

    let _serial = serial();
    let n = th::PARALLEL_MIN * 2 + 7;
    let mut r = XorShift(7);
    let input: Vec<(f32, u32)> = (0..n as u32).map(|i| (uniform(&mut r), i)).collect();
    let permutation = |v: &[(f32, u32)]| {
        let mut ids: Vec<u32> = v.iter().map(|p| p.1).collect();
        ids.sort_unstable();
        ids.iter().copied().eq(0..n as u32)
            && v.iter()
                .all(|p| p.0.to_bits() == input[p.1 as usize].0.to_bits())
    };
    for threads in [2, 3, 16] {
        let pool = pool(threads);
        let calls = AtomicUsize::new(0);
        let mut v = input.clone();
        pool.install(|| {
            sort::par_sort_by_key(&mut v, |p| {
                (calls.fetch_add(1, Relaxed) as u32).wrapping_mul(0x9e37_79b9) ^ p.1
            });
        });
        assert!(
            permutation(&v),
            "a key that answers anything, {threads} threads"
        );
        assert!(calls.load(Relaxed) >= n);
        for after in [n / 2, n + n / 2, 3 * n, 5 * n] {
            calls.store(0, Relaxed);
            let mut v = input.clone();
            let panicked = catch_unwind(AssertUnwindSafe(|| {
                pool.install(|| {
                    sort::par_sort_by_key(&mut v, |p| {
                        assert!(calls.fetch_add(1, Relaxed) != after, "a key that panics");
                        Reverse(p.0)
                    });
                });
            }));
            assert!(
                panicked.is_err() || calls.load(Relaxed) <= after,
                "{threads} threads, a panic after {after} calls"
            );
            assert!(
                permutation(&v),
                "a panic after {after} calls, {threads} threads"
            );
        }
    }
}

/// A top-level bucket of the largest size one task sorts alone, and one record
/// more (split in parallel again), where that size is `LEAF_MIN` (short slices).
#[test]
#[cfg_attr(
    miri,
    ignore = "rayon's crossbeam-epoch fails Miri's aliasing checks (CONTRIBUTING.md)"
)]
fn both_sides_of_the_smallest_leaf() {
    let _serial = serial();
    let n = 2 * th::LEAF_MIN + 1000;
    assert!(n >= th::PARALLEL_MIN && n / (4 * th::PIECES_PER_THREAD) < th::LEAF_MIN);
    let pools = pools();
    for small in [th::LEAF_MIN, th::LEAF_MIN + 1] {
        let input = two_buckets(n, small, small as u64);
        check(&pools, &input, &format!("a bucket of {small}"));
    }
}

/// Large slices: every distribution at 1Mi + 3, every pool (each recurses: its
/// largest top-level buckets hold more than a quarter of a thread's share); and
/// a bucket of `len / (PIECES_PER_THREAD · threads)` records (or `LEAF_MIN`), the
/// largest one task sorts alone on that many threads, and one more.
#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn par_sort_equals_the_stable_sort_large() {
    let _serial = serial();
    let pools = pools();
    for n in [(1 << 20) + 3] {
        for (name, input) in distributions(n, n as u64) {
            check(&pools, &input, name);
        }
    }
    let n = (1 << 20) + 7;
    for pool in &pools {
        let leaf = (n / (th::PIECES_PER_THREAD * pool.current_num_threads())).max(th::LEAF_MIN);
        for small in [leaf, leaf + 1] {
            let input = two_buckets(n, small, small as u64);
            check(
                core::slice::from_ref(pool),
                &input,
                &format!("a bucket of {small}"),
            );
        }
    }
}

/// On a pool of 16 threads, the largest sequential piece of work (counting or
/// moving one chunk, sorting one bucket, copying one chunk) of `par_sort` and of
/// `par_sort_by_key` covers at most 1/16 of the records, on every distribution.
/// For `par_sort_by_key` of these 8-byte records that includes the calls of the
/// key function and the writing back of the records (chunks on every thread).
fn pieces_at_most_a_sixteenth(n: usize) {
    let _serial = serial();
    let pool = pool(16);
    let largest = |f: &mut (dyn FnMut() + Send)| {
        __stats::reset();
        pool.install(f);
        __stats::largest_piece()
    };
    for (name, input) in distributions(n, 5) {
        let mut v = input.clone();
        let piece = largest(&mut || sort::par_sort(&mut v));
        assert!(piece > 0, "par_sort, {name}: no piece recorded");
        assert!(
            piece * 16 <= n,
            "par_sort, {name}: a sequential piece of {piece} records of {n}"
        );
        assert!(v.is_sorted_by(|a, b| a.total_cmp(b).is_le()), "{name}");

        let mut recs: Vec<(f32, u32)> = input.iter().copied().zip(0..).collect();
        let piece = largest(&mut || sort::par_sort_by_key(&mut recs, |r| r.0));
        assert!(piece > 0, "par_sort_by_key, {name}: no piece recorded");
        assert!(
            piece * 16 <= n,
            "par_sort_by_key, {name}: a sequential piece of {piece} records of {n}"
        );
        assert!(
            recs.is_sorted_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)) != Ordering::Greater),
            "{name}"
        );
    }
}

/// At 1Mi (where `LEAF_MIN` bounds the buckets one task sorts) and at 4Mi + 5
/// (where `len / (4 · threads)` does): release mode only, a 1Mi sort takes
/// seconds in debug builds.
#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn no_piece_covers_more_than_a_sixteenth() {
    pieces_at_most_a_sixteenth(1 << 20);
    pieces_at_most_a_sixteenth((4 << 20) + 5);
}
