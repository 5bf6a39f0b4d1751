//! `normkey::sort` against `std`'s stable `sort_by` with the matching comparator,
//! bit for bit: every key kind and adapter, families of edge values, every length
//! near a size where the sort switches algorithm, every `f16`/`bf16` pattern.

// Test data: the casts build keys from random bits on purpose.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap,
    clippy::cast_precision_loss
)]

mod common;

use core::cmp::{Ordering, Reverse};
use core::fmt::Debug;
use core::mem::MaybeUninit;

use common::{XorShift, miri_thin};
use normkey::__dispatch::Width;
use normkey::OrderedKey;
use normkey::sort::{self, __thresholds as th, LargestFirst, NanLast, SortKey};
use normkey_oracle::{largest_first_cmp, nan_last_cmp};

/// `sort_by_key` (16-byte records: the key recomputed; larger: stored) and
/// `sort_by_cached_key` of `(key, index)` records: the indices in the stable
/// order of the keys, `want_idx`. (The 4-, 8- and 12-byte forms:
/// `key_functions`.)
fn check_records<K: SortKey + Debug>(input: &[K], want_idx: &[usize]) {
    let n = input.len();
    // Records: stability is visible in the indices.
    let mut recs: Vec<(K, usize)> = input.iter().copied().zip(0..).collect();
    sort::sort_by_key(&mut recs, |r| r.0);
    assert_eq!(
        recs.iter().map(|r| r.1).collect::<Vec<_>>(),
        want_idx,
        "sort_by_key, n = {n}"
    );
    // The key computed once (the stored keys of `sort_by_key`'s large records).
    let mut recs: Vec<(K, usize)> = input.iter().copied().zip(0..).collect();
    sort::sort_by_cached_key(&mut recs, |r| r.0);
    assert_eq!(
        recs.iter().map(|r| r.1).collect::<Vec<_>>(),
        want_idx,
        "sort_by_cached_key, n = {n}"
    );
}

/// Every sort, argsort and selection of `input`, checked against `std`'s stable
/// sort by `cmp`; `bits` gives what must be equal bit for bit.
fn check<K, B>(input: &[K], cmp: impl Fn(&K, &K) -> Ordering + Copy, bits: impl Fn(&K) -> B + Copy)
where
    K: SortKey + Debug + Send + Sync,
    B: PartialEq + Debug,
{
    let n = input.len();
    let bits_of = |v: &[K]| v.iter().map(bits).collect::<Vec<B>>();
    // The reference: the stable sort of (key, index) records, by key only.
    let mut records: Vec<(K, usize)> = input.iter().copied().zip(0..).collect();
    records.sort_by(|a, b| cmp(&a.0, &b.0));
    let want: Vec<K> = records.iter().map(|r| r.0).collect();
    let want_idx: Vec<usize> = records.iter().map(|r| r.1).collect();

    let mut v = input.to_vec();
    let mut buf = input.to_vec();
    buf.extend(input.first()); // a longer buffer is fine
    sort::sort_with_buffer(&mut v, &mut buf);
    assert_eq!(bits_of(&v), bits_of(&want), "sort_with_buffer, n = {n}");

    let mut v = input.to_vec();
    sort::sort(&mut v);
    assert_eq!(bits_of(&v), bits_of(&want), "sort, n = {n}");
    // The narrower levels too (the vector sort in AVX2, and the radix routes;
    // Miri's portable lanes stand for AVX-512), each level once: where a key
    // takes no vector level, or the CPU has no wider one, a narrower width runs
    // the same code as `sort` did.
    let mut levels = vec![sort::__vector_width::<K>(Width::Avx512)];
    for width in [Width::Avx2, Width::Baseline] {
        let level = sort::__vector_width::<K>(width);
        if levels.contains(&level) {
            continue;
        }
        levels.push(level);
        let mut v = input.to_vec();
        sort::__sort_at(&mut v, width);
        assert_eq!(bits_of(&v), bits_of(&want), "sort at {width:?}, n = {n}");
    }

    assert_eq!(sort::argsort(input), want_idx, "argsort, n = {n}");
    let want_u32: Vec<u32> = want_idx
        .iter()
        .map(|&i| u32::try_from(i).unwrap())
        .collect();
    assert_eq!(sort::argsort_u32(input), want_u32, "argsort_u32, n = {n}");
    check_records(input, &want_idx);
    if let Some(&first) = input.first() {
        let mut out = vec![0; n];
        let mut scratch = vec![(first, 0); 2 * n];
        sort::argsort_with_buffer(input, &mut out, &mut scratch);
        assert_eq!(out, want_idx, "argsort_with_buffer, n = {n}");
        let mut recs: Vec<(K, usize)> = input.iter().copied().zip(0..).collect();
        let mut moved = vec![MaybeUninit::uninit(); n];
        sort::sort_by_key_with_buffer(&mut recs, |r| r.0, &mut scratch, &mut moved);
        assert_eq!(
            recs.iter().map(|r| r.1).collect::<Vec<_>>(),
            want_idx,
            "sort_by_key_with_buffer"
        );
    }

    // Selection: every rank of a short slice, a sample of a long one.
    let ranks: Vec<usize> = if cfg!(miri) {
        vec![0, n / 2, n] // the unsafe code is the same at every rank
    } else if n <= 300 {
        (0..=n).collect()
    } else {
        let mut r = XorShift(n as u64 | 1);
        (0..12)
            .map(|_| r.next() as usize % n)
            .chain([0, n - 1, n / 2, n])
            .collect()
    };
    let recs: Vec<(K, usize)> = input.iter().copied().zip(0..).collect();
    for &k in &ranks {
        let got = sort::select(input, k);
        assert_eq!(
            got.as_ref().map(bits),
            want.get(k).map(bits),
            "select k = {k}, n = {n}"
        );
        let rec = sort::select_by_key(&recs, k, |r| r.0);
        assert_eq!(
            rec.map(|r| r.1),
            want_idx.get(k).copied(),
            "select_by_key k = {k}, n = {n}"
        );
    }
    let mut many = vec![None; ranks.len()];
    sort::select_many(input, &ranks, &mut many);
    for (&k, got) in ranks.iter().zip(&many) {
        assert_eq!(
            got.as_ref().map(bits),
            want.get(k).map(bits),
            "select_many k = {k}, n = {n}"
        );
    }

    #[cfg(feature = "rayon")]
    {
        let mut v = input.to_vec();
        sort::par_sort(&mut v);
        assert_eq!(bits_of(&v), bits_of(&want), "par_sort, n = {n}");
        let mut recs: Vec<(K, usize)> = input.iter().copied().zip(0..).collect();
        sort::par_sort_by_key(&mut recs, |r| r.0);
        assert_eq!(
            recs.iter().map(|r| r.1).collect::<Vec<_>>(),
            want_idx,
            "par_sort_by_key, n = {n}"
        );
    }
}

/// The lengths every family is checked at: the small ones, the powers of two and
/// both sides of every size where the sort switches algorithm for `K`. Those up
/// to 1025 (`large` false) run in every test run, debug and emulated ones
/// included; the larger ones (`large` true) in the `#[ignore]`d tests, which the
/// exhaustive stage runs in release mode.
fn lengths<K>(large: bool) -> Vec<usize> {
    let cached = th::CACHED_BYTES / size_of::<K>();
    // The records of `sort_by_key`/`argsort`: a radix and a `u32` index.
    let cached_records = th::CACHED_BYTES / (size_of::<K>().max(4) * 2);
    let mut v: Vec<usize> = (0..=3).collect();
    // The in-place split of `sort` (`tests/sort_memory.rs` sorts 4Mi keys,
    // whose buckets are at most `LEAF_BYTES`).
    let in_place = th::IN_PLACE_BYTES / size_of::<K>();
    // The counted route of `sort` (few distinct keys; `counted_at_its_limit`
    // fills its table).
    let counted = th::COUNTED_BYTES / size_of::<K>();
    // The vector sort's blocks in registers (where it takes `K`): AVX-512's
    // of `u64`, of `u32` (and the portable lanes'), AVX2's.
    let block = th::VECTOR_BLOCK_BYTES / size_of::<K>();
    for m in [
        th::INSERTION_MAX,
        block,
        block / 2,
        block / 8,
        127,
        256,
        1024,
        4096,
        cached,
        cached_records,
        in_place,
        counted,
    ] {
        v.extend([m - 1, m, m + 1]);
    }
    #[cfg(feature = "rayon")]
    v.extend([th::PARALLEL_MIN - 1, th::PARALLEL_MIN]);
    v.sort_unstable();
    v.dedup();
    if cfg!(miri) {
        // The library's thresholds are lower under Miri: every path is taken by
        // short inputs, which run in the non-ignored tests.
        v.retain(|&n| {
            n <= 3
                || n.abs_diff(th::INSERTION_MAX) <= 1
                || n.abs_diff(cached) <= 1
                || n.abs_diff(in_place) <= 1
                || n.abs_diff(counted) <= 1
                || n.abs_diff(block) <= 1
        });
        #[cfg(feature = "rayon")]
        v.push(th::PARALLEL_MIN);
        v.retain(|_| !large);
    } else {
        v.retain(|&n| (n > 1025) == large);
    }
    v
}

/// `f32` bit patterns at the edges: NaNs of both signs and several payloads
/// (quiet and signalling), ±0, subnormals, ±∞, the extreme normals.
const EDGE_F32: [u32; 16] = [
    0x7fc0_0000,
    0x7f80_0001,
    0x7fff_ffff,
    0xffc0_0000,
    0xff80_0001,
    0xffc0_1234,
    0x0000_0000,
    0x8000_0000,
    0x0000_0001,
    0x807f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x3f80_0000,
    0xbf80_0000,
];

/// The same kinds of edge patterns for `f64`.
const EDGE_F64: [u64; 16] = [
    0x7ff8_0000_0000_0000,
    0x7ff0_0000_0000_0001,
    0x7fff_ffff_ffff_ffff,
    0xfff8_0000_0000_0000,
    0xfff0_0000_0000_0001,
    0xfff8_0000_0000_1234,
    0x0000_0000_0000_0000,
    0x8000_0000_0000_0000,
    0x0000_0000_0000_0001,
    0x800f_ffff_ffff_ffff,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0xffef_ffff_ffff_ffff,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
];

/// The families of test data, by name, from raw bits of the float's width
/// (`edge` the float's edge patterns, `uniform` the bits of a value).
fn families(
    n: usize,
    seed: u64,
    edge: &[u64],
    uniform: impl Fn(f64) -> u64,
) -> Vec<(&'static str, Vec<u64>)> {
    let mut r = XorShift(seed | 1);
    let mut rand = |k: u64| r.next() % k;
    let random: Vec<u64> = (0..n).map(|_| rand(u64::MAX)).collect();
    let mut sorted = random.clone();
    sorted.sort_unstable();
    let mut reversed = sorted.clone();
    reversed.reverse();
    // Descending but for one pair in the middle: the reversal gives up there.
    let mut reversed_but_one = reversed.clone();
    if n >= 2 {
        reversed_but_one.swap(n / 2 - 1, n / 2);
    }
    // Descending with ties.
    let mut descending_ties: Vec<u64> = (0..n).map(|_| uniform(rand(16) as f64)).collect();
    descending_ties.sort_unstable_by(|a, b| b.cmp(a));
    let nans: Vec<u64> = edge.iter().copied().take(6).collect();
    // Values as users' data has them: in [0, 1), normal, quantized (16 and 4,400
    // distinct values), sorted with 1% of neighbours swapped, and Zipf-like (value
    // `k` about `1/k` as often as value 1).
    let unit = |r: u64| (r >> 11) as f64 / (1_u64 << 53) as f64;
    let mut nearly: Vec<u64> = (0..n).map(|i| uniform(i as f64 - n as f64 / 2.0)).collect();
    for _ in 0..n / 100 {
        let i = rand(n as u64) as usize;
        nearly.swap(i, (i + 1).min(n - 1));
    }
    vec![
        (
            "edges",
            (0..n)
                .map(|_| edge[rand(edge.len() as u64) as usize])
                .collect(),
        ),
        ("random bits", random),
        (
            "uniform ±1e6",
            (0..n)
                .map(|_| uniform((rand(2_000_001) as f64) - 1e6 + 0.25))
                .collect(),
        ),
        ("all equal", vec![edge[14]; n]),
        ("sorted bits", sorted),
        ("reversed bits", reversed),
        ("reversed but one pair", reversed_but_one),
        ("descending with ties", descending_ties),
        (
            "sawtooth",
            (0..n).map(|i| uniform((i % 17) as f64 - 8.0)).collect(),
        ),
        (
            "few distinct",
            (0..n)
                .map(|_| [edge[6], edge[7], edge[0], edge[3]][rand(4) as usize])
                .collect(),
        ),
        (
            "only NaNs",
            (0..n).map(|_| nans[rand(6) as usize]).collect(),
        ),
        (
            "[0, 1)",
            (0..n).map(|_| uniform(unit(rand(u64::MAX)))).collect(),
        ),
        (
            "normal",
            (0..n)
                .map(|_| {
                    // Box–Muller, one of the pair.
                    let (a, b) = (unit(rand(u64::MAX)).max(1e-300), unit(rand(u64::MAX)));
                    uniform((-2.0 * a.ln()).sqrt() * (std::f64::consts::TAU * b).cos() * 1e3)
                })
                .collect(),
        ),
        (
            "16 distinct",
            (0..n)
                .map(|_| uniform(rand(16) as f64 * 0.75 - 3.0))
                .collect(),
        ),
        (
            "4,400 distinct",
            (0..n)
                .map(|_| uniform(rand(4400) as f64 / 16.0 + 100.0))
                .collect(),
        ),
        ("sorted, 1% swapped", nearly),
        // A sample that repeats (seven eighths of the records are one key) over
        // keys too many to count: the counted route gives up part way, and the
        // in-place split partitions the key's bucket (more than three quarters)
        // before it swaps.
        (
            "one key, an eighth random",
            (0..n)
                .map(|_| {
                    if rand(8) != 0 {
                        edge[14]
                    } else {
                        rand(u64::MAX)
                    }
                })
                .collect(),
        ),
        (
            "Zipf-like",
            (0..n)
                .map(|_| uniform((1.0 / (unit(rand(u64::MAX)) + 1e-4)).floor()))
                .collect(),
        ),
    ]
}

#[test]
#[cfg_attr(miri, ignore = "too slow under Miri: every_path_once takes each path")]
fn f32_total_order_and_nan_last() {
    f32_suite(false, [true, true]);
}

#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn f32_total_order_and_nan_last_large() {
    f32_suite(true, [true, false]);
}

/// The second half of the large `f32` suite, a test of its own so that the
/// exhaustive stage's two test threads share the suite (238 s alone on 2 cores).
#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn f32_reverse_and_ordered_key_large() {
    f32_suite(true, [false, true]);
}

/// The orders of `NanLast<f32>` and `LargestFirst<f32>` on every one of the 2^32
/// `f32` values: each number against the next number up (the positive patterns
/// count up, the negative ones down, −0 is followed by +0), and each NaN against
/// +∞, −∞ and the canonical NaN, all against `nan_last_cmp` and
/// `largest_first_cmp`. With transitivity and antisymmetry (the comparisons are
/// of integers), that is the whole order.
#[test]
#[ignore = "2^32 values on 4 threads: release mode, in the exhaustive stage"]
fn nan_last_orders_on_every_f32() {
    let next_up = |b: u32| match b {
        0x7f80_0000 => None,    // +∞: the largest number
        0x8000_0000 => Some(0), // −0, then +0
        _ if b > 0x8000_0000 => Some(b - 1),
        _ => Some(b + 1),
    };
    let check = |x: f32, y: f32| {
        assert_eq!(
            NanLast(x).cmp(&NanLast(y)),
            nan_last_cmp(&x, &y),
            "{x:e} {y:e}"
        );
        let (a, b) = (LargestFirst(x), LargestFirst(y));
        assert_eq!(a.cmp(&b), largest_first_cmp(&x, &y), "{x:e} {y:e}");
        assert_eq!(a == b, largest_first_cmp(&x, &y) == Ordering::Equal);
    };
    std::thread::scope(|s| {
        for t in 0..4_u64 {
            s.spawn(move || {
                let (lo, hi) = ((t << 30) as u32, (((t + 1) << 30) - 1) as u32);
                for b in lo..=hi {
                    let x = f32::from_bits(b);
                    if x.is_nan() {
                        for y in [f32::INFINITY, f32::NEG_INFINITY, f32::NAN] {
                            check(x, y);
                        }
                    } else if let Some(n) = next_up(b) {
                        check(x, f32::from_bits(n));
                    }
                }
            });
        }
    });
}

/// Every family at every length, as `f32` in totalOrder, `NanLast<f32>` and
/// `LargestFirst<f32>` (`keys[0]`), and as `Reverse<f32>` and `OrderedKey<f32>` (`keys[1]`).
fn f32_suite(large: bool, keys: [bool; 2]) {
    let edge: Vec<u64> = EDGE_F32.iter().map(|&b| u64::from(b)).collect();
    for n in lengths::<f32>(large) {
        for (name, bits) in miri_thin(
            families(n, n as u64, &edge, |x| u64::from((x as f32).to_bits())),
            3,
        ) {
            let v: Vec<f32> = bits.iter().map(|&b| f32::from_bits(b as u32)).collect();
            println!("f32 {name}, n = {n}");
            if keys[0] {
                check(&v, f32::total_cmp, |x| x.to_bits());
                let w: Vec<NanLast<f32>> = v.iter().map(|&x| NanLast(x)).collect();
                check(&w, |a, b| nan_last_cmp(&a.0, &b.0), |x| x.0.to_bits());
                let d: Vec<LargestFirst<f32>> = v.iter().map(|&x| LargestFirst(x)).collect();
                check(&d, |a, b| largest_first_cmp(&a.0, &b.0), |x| x.0.to_bits());
            }
            if keys[1] {
                let r: Vec<Reverse<f32>> = v.iter().map(|&x| Reverse(x)).collect();
                check(&r, |a, b| b.0.total_cmp(&a.0), |x| x.0.to_bits());
                let k: Vec<OrderedKey<f32>> = v.iter().map(|&x| OrderedKey::new(x)).collect();
                check(&k, Ord::cmp, |x| x.to_bits());
            }
        }
    }
}

#[test]
#[cfg_attr(miri, ignore = "too slow under Miri: every_path_once takes each path")]
fn f64_total_order_and_nan_last() {
    f64_suite(false);
}

#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn f64_total_order_and_nan_last_large() {
    f64_suite(true);
}

fn f64_suite(large: bool) {
    for n in lengths::<f64>(large) {
        for (name, bits) in miri_thin(families(n, n as u64 + 7, &EDGE_F64, f64::to_bits), 3) {
            let v: Vec<f64> = bits.iter().map(|&b| f64::from_bits(b)).collect();
            println!("f64 {name}, n = {n}");
            check(&v, f64::total_cmp, |x| x.to_bits());
            let w: Vec<NanLast<f64>> = v.iter().map(|&x| NanLast(x)).collect();
            check(&w, |a, b| nan_last_cmp(&a.0, &b.0), |x| x.0.to_bits());
            let d: Vec<LargestFirst<f64>> = v.iter().map(|&x| LargestFirst(x)).collect();
            check(&d, |a, b| largest_first_cmp(&a.0, &b.0), |x| x.0.to_bits());
        }
    }
}

/// Pairs: descending score, then ascending id; and a pair of 64-bit keys.
#[test]
#[cfg_attr(miri, ignore = "too slow under Miri: every_path_once takes each path")]
fn pairs_are_lexicographic() {
    pairs_suite(false);
}

#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn pairs_are_lexicographic_large() {
    pairs_suite(true);
}

fn pairs_suite(large: bool) {
    for n in lengths::<(Reverse<f32>, u32)>(large) {
        let mut r = XorShift(n as u64 + 3);
        let v: Vec<(Reverse<f32>, u32)> = (0..n)
            .map(|_| {
                let x = r.next();
                (
                    Reverse(f32::from_bits(EDGE_F32[(x % 16) as usize])),
                    (x >> 40) as u32 % 5,
                )
            })
            .collect();
        check(
            &v,
            |a, b| b.0.0.total_cmp(&a.0.0).then(a.1.cmp(&b.1)),
            |x| (x.0.0.to_bits(), x.1),
        );
        let w: Vec<(i64, NanLast<f64>)> = (0..n)
            .map(|_| {
                let x = r.next();
                (
                    (x % 7) as i64 - 3,
                    NanLast(f64::from(f32::from_bits(EDGE_F32[(x >> 20) as usize % 16]))),
                )
            })
            .collect();
        check(
            &w,
            |a, b| a.0.cmp(&b.0).then(nan_last_cmp(&a.1.0, &b.1.0)),
            |x| (x.0, x.1.0.to_bits()),
        );
    }
}

/// Every integer key kind, with values at both ends of its range.
#[test]
#[cfg_attr(miri, ignore = "too slow under Miri: every_path_once takes each path")]
fn integers_by_value() {
    integers_suite(false);
}

#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn integers_by_value_large() {
    integers_suite(true);
}

fn integers_suite(large: bool) {
    macro_rules! ints {
        ($($t:ty),*) => {$(
            for n in miri_thin(lengths::<$t>(large), 2) {
                let mut r = XorShift(n as u64 + 11);
                let v: Vec<$t> = (0..n)
                    .map(|_| {
                        let x = r.next();
                        match x % 4 { 0 => <$t>::MIN, 1 => <$t>::MAX, 2 => (x >> 32) as $t % 4, _ => (x >> 8) as $t }
                    })
                    .collect();
                check(&v, Ord::cmp, |x| *x);
                let rev: Vec<Reverse<$t>> = v.iter().map(|&x| Reverse(x)).collect();
                check(&rev, Ord::cmp, |x| x.0);
            }
        )*};
    }
    ints!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize);
}

/// Every `f16` and `bf16` bit pattern, shuffled, in both orders.
#[cfg(feature = "half")]
#[test]
#[cfg_attr(miri, ignore = "too slow under Miri: every_path_once takes each path")]
fn every_half_pattern() {
    use half::{bf16, f16};
    let mut r = XorShift(0x5eed);
    let mut bits: Vec<u16> = (0..=u16::MAX).collect();
    for i in (1..bits.len()).rev() {
        bits.swap(i, r.next() as usize % (i + 1));
    }
    let bits: Vec<u16> = miri_thin(bits, 331).collect(); // under Miri: 198 patterns
    let h: Vec<f16> = bits.iter().map(|&b| f16::from_bits(b)).collect();
    check(&h, f16::total_cmp, |x| x.to_bits());
    let hn: Vec<NanLast<f16>> = h.iter().map(|&x| NanLast(x)).collect();
    check(&hn, |a, b| nan_last_cmp(&a.0, &b.0), |x| x.0.to_bits());
    let b: Vec<bf16> = bits.iter().map(|&b| bf16::from_bits(b)).collect();
    check(&b, bf16::total_cmp, |x| x.to_bits());
    let bn: Vec<NanLast<bf16>> = b.iter().map(|&x| NanLast(x)).collect();
    check(&bn, |a, b| nan_last_cmp(&a.0, &b.0), |x| x.0.to_bits());
}

/// A key function that answers differently on every call never loses, duplicates
/// or invents an element, and never panics.
#[test]
#[cfg_attr(miri, ignore = "too slow under Miri: every_path_once takes each path")]
fn inconsistent_keys_keep_a_permutation() {
    inconsistent_keys(false);
}

#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn inconsistent_keys_keep_a_permutation_large() {
    inconsistent_keys(true);
}

/// [`inconsistent_keys_keep_a_permutation`] at the lengths of [`lengths`].
fn inconsistent_keys(large: bool) {
    for n in miri_thin(lengths::<u64>(large), 3) {
        let input: Vec<String> = (0..n).map(|i| i.to_string()).collect();
        let mut r = XorShift(n as u64 + 5);
        let mut v = input.clone();
        sort::sort_by_key(&mut v, |_| f32::from_bits(r.next() as u32));
        let mut back = v.clone();
        back.sort_by_key(|s| s.parse::<usize>().unwrap());
        assert_eq!(back, input);
        let ids: Vec<usize> = (0..n).collect();
        let mut r = XorShift(n as u64 + 6);
        let picked = sort::select_by_key(&ids, n / 2, |_| r.next() as u32);
        assert!(picked.is_none_or(|i| i < n));
    }
}

/// An element of `sort_by_key`'s recomputed form (8 bytes, no drop glue, not
/// `Copy`): an id and a key.
#[derive(Debug, PartialEq)]
struct Tagged(u32, f32);

/// Whether `v` holds the ids `0..v.len()`, each once.
fn is_permutation(v: &[Tagged]) -> bool {
    let mut ids: Vec<u32> = v.iter().map(|t| t.0).collect();
    ids.sort_unstable();
    ids.iter().copied().eq(0..v.len() as u32)
}

/// The lengths of the key-function tests: each route of `sort_by_key`'s
/// recomputed form (insertion, LSD in the cache, the split; the large ones in
/// the `#[ignore]`d test).
fn key_lengths(large: bool) -> Vec<usize> {
    let split = th::CACHED_BYTES / size_of::<Tagged>() + 50;
    if cfg!(miri) {
        // The lower thresholds: 40 by insertion, the rest split (twice for
        // the narrow keys). The native runs check the permutations; Miri, the
        // raw view through panics.
        return if large { vec![] } else { vec![40, 2 * split] };
    }
    let all = [0, 1, 2, 40, th::INSERTION_MAX + 1, 1000, split, 2 * split];
    all.into_iter().filter(|&n| (n > 1025) == large).collect()
}

/// `sort_by_key`'s recomputed form with a key that answers at random, or
/// panics at its `k`-th call for `k` spread over a whole sort's calls: `v`
/// always ends holding its elements, each once; and `sort_by_cached_key` calls
/// its key once per element, and a panic leaves `v` unchanged.
fn key_functions(large: bool) {
    for (n, narrow) in key_lengths(large)
        .into_iter()
        .flat_map(|n| [(n, false), (n, true)])
        // Under Miri the narrow keys only where they split twice.
        .filter(|&(n, narrow)| !(cfg!(miri) && narrow && n < 200))
    {
        // Uniform in ±1e6, or three quarters of the keys in [1, 1 + 2^-7) (their
        // top 16 bits shared: a bucket of the first split that is split again).
        let input = || -> Vec<Tagged> {
            let mut r = XorShift(n as u64 + 11);
            (0..n as u32)
                .map(|i| {
                    let x = r.next();
                    if narrow && !x.is_multiple_of(4) {
                        Tagged(i, 1.0 + (x >> 40) as f32 / (1 << 31) as f32)
                    } else {
                        Tagged(i, (x % 2_000_001) as f32 - 1e6)
                    }
                })
                .collect()
        };
        let mut v = input();
        let mut r = XorShift(n as u64 + 5);
        sort::sort_by_key(&mut v, |_| f32::from_bits(r.next() as u32));
        assert!(is_permutation(&v), "random keys, n = {n}");
        // A key that is right until the records are half sorted: the later
        // passes disagree with the counts.
        let mut v = input();
        let mut calls = 0_usize;
        sort::sort_by_key(&mut v, |t| {
            calls += 1;
            if calls > 2 * n { -t.1 } else { t.1 }
        });
        assert!(is_permutation(&v), "a key that changes, n = {n}");

        // The 4-, 8- and 12-byte forms, bit for bit against `std`'s stable sort.
        let mut want = input();
        want.sort_by(|a, b| a.1.total_cmp(&b.1));
        let mut v = input();
        let mut calls = 0_usize;
        sort::sort_by_key(&mut v, |t| {
            calls += 1;
            t.1
        });
        assert_eq!(v, want, "8 bytes, n = {n}");
        let mut keys: Vec<f32> = input().iter().map(|t| t.1).collect();
        sort::sort_by_key(&mut keys, |&x| Reverse(x));
        assert!(
            keys.iter()
                .rev()
                .map(|x| x.to_bits())
                .eq(want.iter().map(|t| t.1.to_bits())),
            "4 bytes, n = {n}"
        );
        let mut wide: Vec<(u32, f32, u32)> = input().iter().map(|t| (t.0, t.1, !t.0)).collect();
        sort::sort_by_key(&mut wide, |w| NanLast(w.1));
        assert!(
            wide.iter().map(|w| w.0).eq(want.iter().map(|t| t.0)),
            "12 bytes, n = {n}"
        );
        let points = if cfg!(miri) { 2 } else { 24 };
        for p in 0..points {
            let k = calls * p / points;
            let mut v = input();
            let mut made = 0_usize;
            let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                sort::sort_by_key(&mut v, |t| {
                    assert!(made != k, "the key panics at call {k}");
                    made += 1;
                    t.1
                });
            }));
            assert!(ran.is_err() || k >= calls, "n = {n}, k = {k}: no panic");
            assert!(
                is_permutation(&v),
                "a panic at call {k} of {calls}, n = {n}"
            );
        }

        let mut v = input();
        let mut calls = 0_usize;
        sort::sort_by_cached_key(&mut v, |t| {
            calls += 1;
            t.1
        });
        assert_eq!(
            calls, n,
            "sort_by_cached_key calls its key once per element"
        );
        let mut v = input();
        let mut made = 0_usize;
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            sort::sort_by_cached_key(&mut v, |t| {
                assert!(made + 1 != n, "the key panics at its last call");
                made += 1;
                t.1
            });
        }));
        assert!(ran.is_err() || n == 0);
        assert_eq!(v, input(), "sort_by_cached_key's panic changed the slice");
    }
}

#[test]
fn key_functions_that_change_or_panic_keep_a_permutation() {
    key_functions(false);
}

#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn key_functions_that_change_or_panic_keep_a_permutation_large() {
    key_functions(true);
}

/// The panics at the caller's line, and the messages.
#[test]
fn short_buffers_panic_with_a_message() {
    let err = std::panic::catch_unwind(|| sort::sort_with_buffer(&mut [1.0_f32, 2.0], &mut [0.0]))
        .unwrap_err();
    assert!(
        err.downcast_ref::<String>()
            .unwrap()
            .contains("buf holds 1 elements")
    );
    let err = std::panic::catch_unwind(|| {
        let mut out = [None; 1];
        sort::select_many(&[1_u8], &[0, 0], &mut out);
    })
    .unwrap_err();
    assert!(
        err.downcast_ref::<String>()
            .unwrap()
            .contains("`ranks.len()` (2) != `out.len()` (1)")
    );
}

/// Under Miri (about a thousand times slower than native), the one test of the
/// sorts: each path through the unsafe code once (the library lowers its size
/// thresholds under Miri: insertion up to 48 records, the MSD split above 512
/// bytes, read as four chunks up to 1 KiB, the parallel split from 256 records),
/// every function, both orders. The inputs have few top bytes (a skewed digit):
/// at `CACHED_BYTES / 4 + 2` records the keys (520 bytes) are split in four
/// chunks, the 8-byte records of `argsort` (1040 bytes) in one.
#[test]
fn every_path_once() {
    #[cfg_attr(not(feature = "rayon"), allow(unused_mut))] // one more length with rayon
    // The last: past the vector sort's block of `f32`s (a partition).
    let mut lengths = vec![
        5,
        th::INSERTION_MAX + 1,
        th::CACHED_BYTES / 4 + 2,
        th::VECTOR_BLOCK_BYTES / 8 + 1,
    ];
    #[cfg(feature = "rayon")]
    lengths.push(th::PARALLEL_MIN + 1);
    for n in lengths {
        let mut r = XorShift(n as u64 + 1);
        let v: Vec<f32> = (0..n)
            .map(|_| f32::from_bits(EDGE_F32[(r.next() % 16) as usize] ^ (r.next() as u32 & 0x3f)))
            .collect();
        check(&v, f32::total_cmp, |x| x.to_bits());
        let w: Vec<NanLast<f32>> = v.iter().map(|&x| NanLast(x)).collect();
        check(&w, |a, b| nan_last_cmp(&a.0, &b.0), |x| x.0.to_bits());
    }
    // Past the vector sort's block of `f64`s.
    let mut r = XorShift(7);
    let v: Vec<f64> = (0..=th::VECTOR_BLOCK_BYTES / 8)
        .map(|_| {
            f64::from_bits(u64::from(EDGE_F32[(r.next() % 16) as usize]) << 32 ^ (r.next() & 0x3f))
        })
        .collect();
    check(&v, f64::total_cmp, |x| x.to_bits());
}

/// `select` where the rank's group after the first pass (the records sharing its
/// top 11 bits) is just below, at and just above one record in
/// `SPARSE_BLOCK`, where the later passes switch between testing blocks whole and
/// counting every record: every rank in the group, against `std`'s stable sort,
/// with ties (the group holds seven distinct values) whose input order shows in
/// `select_by_key`'s indices.
#[test]
#[cfg_attr(
    miri,
    ignore = "142 s under Miri for safe code (select.rs has no unsafe); every_path_once selects under Miri"
)]
fn select_both_sides_of_the_sparse_threshold() {
    let n = th::SPARSE_BLOCK * 256 + 5;
    for group in [
        n / th::SPARSE_BLOCK - 1,
        n / th::SPARSE_BLOCK,
        n / th::SPARSE_BLOCK + 1,
    ] {
        let mut r = XorShift(group as u64);
        // The group: 1.0 and six values just above it (one top-11-bit prefix).
        let mut v: Vec<f32> = (0..group)
            .map(|_| f32::from_bits(0x3f80_0000 + (r.next() % 7) as u32 * 3))
            .collect();
        // The rest: any pattern (NaNs included) outside the group's prefix.
        while v.len() < n {
            let b = r.next() as u32;
            if b >> 21 != 0x3f80_0000 >> 21 {
                v.push(f32::from_bits(b));
            }
        }
        for i in (1..n).rev() {
            v.swap(i, (r.next() % (i as u64 + 1)) as usize);
        }
        let input: Vec<(f32, usize)> = v.iter().copied().zip(0..).collect();
        let mut records = input.clone();
        records.sort_by(|a, b| a.0.total_cmp(&b.0));
        let first = records
            .iter()
            .position(|x| x.0.to_bits() == 0x3f80_0000)
            .unwrap();
        for (k, want) in records.iter().enumerate().skip(first).take(group) {
            assert_eq!(
                sort::select(&v, k).map(f32::to_bits),
                Some(want.0.to_bits()),
                "select k = {k}, group {group}"
            );
            assert_eq!(
                sort::select_by_key(&input, k, |x| x.0).map(|x| x.1),
                Some(want.1),
                "select_by_key k = {k}, group {group}"
            );
        }
    }
}

quickcheck::quickcheck! {
    #[cfg_attr(miri, ignore = "too slow under Miri: every_path_once takes each path")]
    fn quickcheck_f32(bits: Vec<u32>) -> bool {
        let v: Vec<f32> = bits.iter().map(|&b| f32::from_bits(b)).collect();
        check(&v, f32::total_cmp, |x| x.to_bits());
        let w: Vec<NanLast<f32>> = v.iter().map(|&x| NanLast(x)).collect();
        check(&w, |a, b| nan_last_cmp(&a.0, &b.0), |x| x.0.to_bits());
        true
    }
    #[cfg_attr(miri, ignore = "too slow under Miri: every_path_once takes each path")]
    fn quickcheck_f64_pairs(pairs: Vec<(u64, u8)>) -> bool {
        let v: Vec<(f64, Reverse<u8>)> = pairs.iter().map(|&(b, i)| (f64::from_bits(b), Reverse(i))).collect();
        check(&v, |a, b| a.0.total_cmp(&b.0).then(b.1.0.cmp(&a.1.0)), |x| (x.0.to_bits(), x.1.0));
        true
    }
}

/// `sort_by_key` moves small records without drop glue with their keys and the
/// others by index: every record size, padding included, against `std`.
#[test]
fn sort_by_key_every_record_size() {
    /// Sorts `n` records made by `make` with `sort_by_key` and `std`, comparing
    /// them through `bits` (floats by their bits: NaN ≠ NaN otherwise).
    fn each<T: Clone, B: PartialEq + Debug>(
        n: usize,
        make: impl Fn(u64) -> T,
        key: impl Fn(&T) -> f32 + Copy,
        bits: impl Fn(&T) -> B,
    ) {
        let mut r = XorShift(n as u64 + 99);
        let input: Vec<T> = (0..n).map(|_| make(r.next())).collect();
        let mut want = input.clone();
        want.sort_by(|a, b| key(a).total_cmp(&key(b)));
        let mut v = input;
        sort::sort_by_key(&mut v, key);
        let (got, want): (Vec<B>, Vec<B>) = (
            v.iter().map(&bits).collect(),
            want.iter().map(&bits).collect(),
        );
        assert_eq!(got, want, "{} records of {} bytes", n, size_of::<T>());
    }
    let f = |x: u64| f32::from_bits(EDGE_F32[(x % 16) as usize]);
    for n in miri_thin([0, 1, 5, 100, 2000, 70_000], 2) {
        let n = if cfg!(miri) { n.min(60) } else { n };
        // 4 bytes
        each(
            n,
            |x| x as u32,
            |&r| f32::from_bits(r & 0x8040_0001),
            |&r| r,
        );
        // 8
        each(
            n,
            |x| (f(x), (x >> 32) as u32),
            |r| r.0,
            |r| (r.0.to_bits(), r.1),
        );
        // 12, with 3 bytes of padding
        each(
            n,
            |x| (f(x), x as u8, (x >> 40) as u32),
            |r| r.0,
            |r| (r.0.to_bits(), r.1, r.2),
        );
        // 16, with 4 bytes of padding
        each(n, |x| (f(x), x), |r| r.0, |r| (r.0.to_bits(), r.1));
        // 24: moved by index
        each(n, |x| [x, x >> 3, x >> 7], |r| f(r[0]), |r| *r);
        // drop glue: moved by index
        each(
            n,
            |x| (f(x), (x >> 50).to_string()),
            |r| r.0,
            |r| (r.0.to_bits(), r.1.clone()),
        );
    }
}

/// A split has at most `SPLIT_MAX` buckets: on random bits, a slice long enough
/// that every top byte would take three more bits (eight buckets each, 2048 in
/// all) is split at the cap. The records of `argsort_with_buffer` on `f64` are
/// 16 bytes (the key and a `usize`).
#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn split_at_its_bucket_cap_large() {
    let half_cache = th::BUCKET_BYTES / 16 / 2;
    let n = th::SPLIT_MAX * half_cache * 5 / 4;
    let mut r = XorShift(17);
    let v: Vec<f64> = (0..n).map(|_| f64::from_bits(r.next())).collect();
    let mut want: Vec<usize> = (0..n).collect();
    want.sort_by(|&a, &b| v[a].total_cmp(&v[b]));
    let mut out = vec![0; n];
    let mut scratch = vec![(0.0, 0); 2 * n];
    sort::argsort_with_buffer(&v, &mut out, &mut scratch);
    assert!(out == want, "argsort_with_buffer, n = {n}");
}

/// A split reads a slice of at most `STREAMS_BYTES` as four chunks when its
/// digit is skewed (values in ±1e6: a few top bytes), and a larger one, or one
/// whose digit is even (random bits), as one: both kinds just below, at and just
/// above the size, where the last chunk is up to three records longer than the
/// others. The keys alone (`sort_with_buffer`), and the 8-byte records of
/// `argsort` (a radix and an index), whose equal keys show the split's order.
#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn split_in_four_chunks_large() {
    for (record, at) in [(4, th::STREAMS_BYTES / 4), (8, th::STREAMS_BYTES / 8)] {
        for n in [at - 1, at, at + 1, at + 2] {
            let mut r = XorShift(n as u64);
            let bits: Vec<f32> = (0..n).map(|_| f32::from_bits(r.next() as u32)).collect();
            // 2^16 distinct values: equal keys in every bucket.
            #[allow(clippy::cast_precision_loss)] // a random value, not a count
            let uniform: Vec<f32> = (0..n)
                .map(|_| (r.next() >> 48) as f32 / (1 << 16) as f32 * 2e6 - 1e6)
                .collect();
            for (name, input) in [("random bits", bits), ("uniform in ±1e6", uniform)] {
                let mut want: Vec<(f32, usize)> = input.iter().copied().zip(0..).collect();
                want.sort_by(|a, b| a.0.total_cmp(&b.0));
                if record == 4 {
                    let mut v = input.clone();
                    let mut buf = input.clone();
                    sort::sort_with_buffer(&mut v, &mut buf);
                    assert!(
                        v.iter()
                            .map(|x| x.to_bits())
                            .eq(want.iter().map(|w| w.0.to_bits())),
                        "sort_with_buffer, {name}, n = {n}"
                    );
                } else {
                    assert!(
                        sort::argsort(&input)
                            .into_iter()
                            .eq(want.iter().map(|w| w.1)),
                        "argsort, {name}, n = {n}"
                    );
                }
            }
        }
    }
}

/// A split takes bits below the top byte when a top byte holds more records
/// than a cache-sized bucket: `f32` random bits (every top byte, each with about
/// 1.5 buckets' worth of records), and values in ±1e6 (a few top bytes, split by
/// the top byte alone first, then each by the bits below).
#[test]
#[ignore = "large lengths: release mode, in the exhaustive stage"]
fn split_below_the_top_byte_large() {
    let bucket = th::BUCKET_BYTES / 4 / 4 * 3;
    let n = 256 * bucket * 3 / 2;
    let mut r = XorShift(23);
    let bits: Vec<f32> = (0..n).map(|_| f32::from_bits(r.next() as u32)).collect();
    #[allow(clippy::cast_precision_loss)] // a random value, not a count
    let uniform: Vec<f32> = (0..n)
        .map(|_| (r.next() >> 40) as f32 / (1 << 24) as f32 * 2e6 - 1e6)
        .collect();
    for (name, input) in [("random bits", bits), ("uniform in ±1e6", uniform)] {
        let mut want = input.clone();
        want.sort_by(f32::total_cmp);
        let same = |v: &[f32]| {
            v.iter()
                .map(|x| x.to_bits())
                .eq(want.iter().map(|x| x.to_bits()))
        };
        #[cfg(feature = "rayon")]
        {
            let mut p = input.clone();
            sort::par_sort(&mut p);
            assert!(same(&p), "par_sort, {name}, n = {n}");
        }
        let mut v = input;
        sort::sort(&mut v);
        assert!(same(&v), "sort, {name}, n = {n}");
    }
}

/// The counted route (few distinct keys) at its table's limit: slices of one
/// key with `limit - 1`, `limit` and `limit + 1` distinct keys in all, the
/// others each once among the last records, the very last one new (the sample
/// sees the one key and tries the count). At `limit + 1` the count gives up at
/// the last record, and the slice takes its radix route. Both sides of
/// `COUNTED_BYTES`, for keys of 2, 4, 8 and 16 bytes.
#[test]
#[cfg_attr(
    not(miri),
    ignore = "large lengths: release mode, in the exhaustive stage"
)]
fn counted_at_its_limit() {
    let f32_key = |j: u64| f32::from_bits(0x3f80_0000 ^ (j as u32).wrapping_mul(0x9e37_79b9));
    let f64_key =
        |j: u64| f64::from_bits(0xbff0_0000_0000_0000 ^ j.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    counted_at::<f32, _>(f32_key, f32::total_cmp, |x| x.to_bits());
    counted_at::<Reverse<f64>, _>(
        |j| Reverse(f64_key(j)),
        |a, b| b.0.total_cmp(&a.0),
        |x| x.0.to_bits(),
    );
    counted_at::<u16, _>(|j| (j as u16).wrapping_mul(40_503), Ord::cmp, |x| *x);
    counted_at::<(f64, u32), _>(
        |j| (f64_key(j / 3), j as u32 % 3),
        |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)),
        |x| (x.0.to_bits(), x.1),
    );
}

/// [`counted_at_its_limit`] for one key type; `key(j)` is a distinct key for
/// each `j` below the limit plus one.
fn counted_at<K, B>(
    key: impl Fn(u64) -> K,
    cmp: impl Fn(&K, &K) -> Ordering + Copy,
    bits: impl Fn(&K) -> B + Copy,
) where
    K: SortKey + Debug + Send + Sync,
    B: PartialEq + Debug,
{
    let at = th::COUNTED_BYTES / size_of::<K>();
    let lengths = if cfg!(miri) {
        vec![at]
    } else {
        vec![at - 1, at, 2 * at]
    };
    for n in lengths {
        let limit = th::counted_limit::<K>(n);
        for distinct in [limit.saturating_sub(1), limit, limit + 1] {
            if distinct < 2 {
                continue;
            }
            let mut v = vec![key(0); n];
            let mut r = XorShift(n as u64 ^ distinct as u64);
            // Keys 1 to `distinct - 1` once each, at distinct places among the
            // last `2 · distinct` records, `distinct - 1` itself last.
            let mut places: Vec<usize> = (n - 2 * distinct..n - 1).collect();
            for i in (1..places.len()).rev() {
                places.swap(i, (r.next() % (i as u64 + 1)) as usize);
            }
            for (j, &p) in (1..distinct as u64 - 1).zip(&places) {
                v[p] = key(j);
            }
            v[n - 1] = key(distinct as u64 - 1);
            println!(
                "{}: n = {n}, {distinct} distinct keys",
                core::any::type_name::<K>()
            );
            if cfg!(miri) {
                // Only `sort` counts: the other functions' paths are walked by
                // `every_path_once`.
                let mut want = v.clone();
                want.sort_by(cmp);
                sort::sort(&mut v);
                assert!(
                    v.iter().map(bits).eq(want.iter().map(bits)),
                    "sort, n = {n}"
                );
            } else {
                check(&v, cmp, bits);
            }
        }
    }
}

/// `select_many` against `std`'s stable sort on every family of rank lists
/// (none, one, the ends, past the end, duplicates, all equal, unsorted, sorted,
/// neighbours, 2 to 16 ranks and more than one first pass's worth), on data
/// with many ties (a few levels, ±0, NaNs of both signs and several payloads,
/// whose input order `NanLast` keeps) and without, for every key kind, at
/// lengths on both sides of the narrow digits' limit, the gathering's 32 and
/// 512 records and the first pass's `u16` flush.
#[test]
#[cfg_attr(
    miri,
    ignore = "too slow under Miri: every_path_once selects under Miri"
)]
fn select_many_rank_families() {
    let narrow = th::NARROW_MAX;
    let mut lengths = vec![
        0,
        1,
        2,
        3,
        5,
        31,
        32,
        33,
        100,
        narrow - 1,
        narrow,
        narrow + 1,
        narrow + 2,
    ];
    lengths.extend([2 * narrow + 1, 5000, (1 << 16) + 3]);
    for n in lengths {
        let mut rng = XorShift(n as u64 * 2 + 1);
        let raw: Vec<u64> = (0..n).map(|_| rng.next()).collect();
        let levels = [
            0x3f80_0000_u32, // 1.0
            0xbf80_0000,     // −1.0
            0,
            0x8000_0000,
            0x7fc0_0000, // NaN
            0xffc0_0001, // −NaN, a payload
            0x7f80_0001, // sNaN
            0x4120_0000, // 10.0
        ];
        let families: [(&str, Vec<u32>); 3] = [
            ("any bits", raw.iter().map(|&x| (x >> 32) as u32).collect()),
            (
                "eight levels",
                raw.iter().map(|&x| levels[(x % 8) as usize]).collect(),
            ),
            (
                "uniform in ±1e6 with 1% NaNs",
                raw.iter()
                    .map(|&x| {
                        if x % 100 == 0 {
                            levels[4 + (x >> 20) as usize % 3]
                        } else {
                            (((x >> 11) as f64 / (1u64 << 53) as f64 * 2e6 - 1e6) as f32).to_bits()
                        }
                    })
                    .collect(),
            ),
        ];
        for (name, bits) in &families {
            many_keys(bits, &raw, &format!("{name}, n = {n}"));
        }
    }
}

/// [`select_many_rank_families`] on one family: every key kind made of its
/// `f32` patterns `bits` (and `raw`, their random source).
fn many_keys(bits: &[u32], raw: &[u64], what: &str) {
    let floats: Vec<f32> = bits.iter().map(|&b| f32::from_bits(b)).collect();
    many_ranks(&floats, f32::total_cmp, |x| x.to_bits(), what);
    let nan_last: Vec<NanLast<f32>> = floats.iter().map(|&x| NanLast(x)).collect();
    many_ranks(
        &nan_last,
        |a, b| nan_last_cmp(&a.0, &b.0),
        |x| x.0.to_bits(),
        what,
    );
    let largest: Vec<LargestFirst<f32>> = floats.iter().map(|&x| LargestFirst(x)).collect();
    many_ranks(
        &largest,
        |a, b| largest_first_cmp(&a.0, &b.0),
        |x| x.0.to_bits(),
        what,
    );
    let ordered: Vec<OrderedKey<f32>> = floats.iter().map(|&x| OrderedKey::new(x)).collect();
    many_ranks(&ordered, Ord::cmp, |x| x.to_bits(), what);
    let reversed: Vec<Reverse<f32>> = floats.iter().map(|&x| Reverse(x)).collect();
    many_ranks(
        &reversed,
        |a, b| b.0.total_cmp(&a.0),
        |x| x.0.to_bits(),
        what,
    );
    // `f64`: the `f32` values widened (NaN payloads kept, shifted), and
    // raw bits below them.
    let doubles: Vec<f64> = floats
        .iter()
        .zip(raw)
        .map(|(&a, &b)| f64::from_bits(f64::from(a).to_bits() ^ (b & 0xff)))
        .collect();
    many_ranks(&doubles, f64::total_cmp, |x| x.to_bits(), what);
    let nan_last64: Vec<NanLast<f64>> = doubles.iter().map(|&x| NanLast(x)).collect();
    many_ranks(
        &nan_last64,
        |a, b| nan_last_cmp(&a.0, &b.0),
        |x| x.0.to_bits(),
        what,
    );
    // Integers: few values (the top byte of the pattern), and many.
    let bytes: Vec<u8> = bits.iter().map(|&b| (b >> 24) as u8).collect();
    many_ranks(&bytes, Ord::cmp, |&x| x, what);
    let ints: Vec<i32> = bits.iter().map(|&b| b as i32).collect();
    many_ranks(&ints, Ord::cmp, |&x| x, what);
    let longs: Vec<i64> = raw.iter().map(|&b| b as i64 >> (b % 61)).collect();
    many_ranks(&longs, Ord::cmp, |&x| x, what);
    let pairs: Vec<(u8, f32)> = bytes
        .iter()
        .zip(&floats)
        .map(|(&a, &b)| (a & 3, b))
        .collect();
    many_ranks(
        &pairs,
        |a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)),
        |x| (x.0, x.1.to_bits()),
        what,
    );
}

/// [`select_many_rank_families`] on one slice: every rank list against the
/// stable sort, `out` filled with stale values first.
fn many_ranks<K: SortKey + Debug, B: PartialEq + Debug>(
    input: &[K],
    cmp: impl Fn(&K, &K) -> Ordering,
    bits: impl Fn(&K) -> B,
    what: &str,
) {
    let n = input.len();
    let mut want = input.to_vec();
    want.sort_by(&cmp);
    let mut r = XorShift(n as u64 + 99);
    let mut lists: Vec<Vec<usize>> = vec![vec![], vec![n], vec![n + 7, usize::MAX]];
    if n > 0 {
        let last = n - 1;
        lists.extend([
            vec![0],
            vec![last],
            vec![0, last],
            vec![last, 0],
            vec![last / 2, last / 2 + 1, last / 2],
            vec![last / 3; th::SELECT_MANY],
            vec![last; th::SELECT_MANY + 3],
            vec![0, n, 0, usize::MAX, last, last, n / 2],
        ]);
        for count in [2, 3, 4, 5, 8, 9, 15, 16, 17, 33] {
            let any: Vec<usize> = (0..count).map(|_| r.next() as usize % n).collect();
            let mut sorted = any.clone();
            sorted.sort_unstable();
            // Few distinct ranks, each a quantile's two neighbours.
            let few: Vec<usize> = (0..count).map(|i| (any[i % 3] + i % 2).min(last)).collect();
            lists.extend([any, sorted, few]);
        }
    }
    for ranks in lists {
        let mut out = vec![input.first().copied(); ranks.len()];
        sort::select_many(input, &ranks, &mut out);
        for (i, (&k, got)) in ranks.iter().zip(&out).enumerate() {
            assert_eq!(
                got.as_ref().map(&bits),
                want.get(k).map(&bits),
                "select_many {} ranks[{i}] = {k}, {} of {what}",
                ranks.len(),
                core::any::type_name::<K>(),
            );
        }
    }
}
