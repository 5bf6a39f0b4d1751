//! The peak extra memory of `normkey::sort::sort`: at most an eighth of the
//! slice for slices of 4Mi keys and more (the in-place split), measured by a
//! counting global allocator around the system one. Its own binary, so that no
//! other test allocates while it counts.
#![cfg(feature = "alloc")]
// Test data: the casts build keys from random bits on purpose.
#![allow(clippy::cast_possible_truncation)]

mod common;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

use common::XorShift;
use normkey::__dispatch::Width;
use normkey::sort::{self, __thresholds as th, SortKey};

/// The system allocator, tracking the bytes allocated now and their peak.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is forwarded to `System` unchanged; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
        PEAK.fetch_max(live, Relaxed);
        // SAFETY: the caller's contract is `System.alloc`'s.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Relaxed);
        // SAFETY: the caller's contract is `System.dealloc`'s.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// One measurement at a time: the counters are the whole process's.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SERIAL
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The most bytes `f` holds allocated at once beyond what was live before it.
fn peak_extra(f: impl FnOnce()) -> usize {
    let before = LIVE.load(Relaxed);
    PEAK.store(before, Relaxed);
    f();
    PEAK.load(Relaxed) - before
}

/// Sorts `v` with `sort::sort`, and again without the vector sort (which
/// allocates nothing, and takes these keys where the CPU has AVX-512: the
/// radix routes, `sort::__sort_at` at `Width::Baseline`), checks each result
/// against `std`'s sort (`cmp`, bit for bit through `bits`) and returns the
/// larger peak of extra bytes.
fn sorted_peak<K: SortKey + std::fmt::Debug, B: PartialEq + std::fmt::Debug>(
    v: &[K],
    cmp: impl Fn(&K, &K) -> std::cmp::Ordering,
    bits: impl Fn(&K) -> B,
) -> usize {
    let mut want = v.to_vec();
    want.sort_by(cmp);
    let mut peak = 0;
    for width in [Width::Avx512, Width::Baseline] {
        let mut v = v.to_vec();
        peak = peak.max(peak_extra(|| sort::__sort_at(&mut v, width)));
        assert!(
            v.iter().map(&bits).eq(want.iter().map(&bits)),
            "sort at {width:?}: {} keys",
            v.len()
        );
    }
    peak
}

/// Random bits, values in ±1e6 (a few top bytes hold most keys), one top byte
/// for all, and 4,400 distinct values (the counted route, as `u8` keys): `f32`,
/// `f64`, `u16` and `u8` keys, 4Mi of each (under Miri,
/// where the in-place split starts at 512 bytes, 600).
#[test]
#[cfg_attr(
    not(miri),
    ignore = "4Mi keys of five kinds: release mode, in the exhaustive stage"
)]
fn sort_needs_at_most_an_eighth_of_the_slice_more() {
    let _serial = serial();
    let n = if cfg!(miri) { 600 } else { 4 << 20 };
    let mut r = XorShift(0x5eed_1234);
    let bits: Vec<u64> = (0..n).map(|_| r.next()).collect();
    let eighth = |bytes_per_key: usize| n * bytes_per_key / 8;

    let floats: Vec<f32> = bits.iter().map(|&b| f32::from_bits(b as u32)).collect();
    let peak = sorted_peak(&floats, f32::total_cmp, |x| x.to_bits());
    assert!(peak <= eighth(4), "f32 random bits: {peak} bytes");

    #[allow(clippy::cast_precision_loss)] // a random value, not a count
    let uniform: Vec<f32> = bits
        .iter()
        .map(|&b| (b >> 40) as f32 / (1 << 24) as f32 * 2e6 - 1e6)
        .collect();
    let peak = sorted_peak(&uniform, f32::total_cmp, |x| x.to_bits());
    assert!(peak <= eighth(4), "f32 in ±1e6: {peak} bytes");

    let doubles: Vec<f64> = bits
        .iter()
        .map(|&b| f64::from_bits(0x3ff0_0000_0000_0000 | (b >> 12)))
        .collect();
    let peak = sorted_peak(&doubles, f64::total_cmp, |x| x.to_bits());
    assert!(peak <= eighth(8), "f64 in [1, 2): {peak} bytes");

    // Few distinct keys (4,400): counted, in a table.
    #[allow(clippy::cast_precision_loss)] // a value below 4400, not a count
    let quantized: Vec<f32> = bits
        .iter()
        .map(|&b| (b % 4400) as f32 / 16.0 + 100.0)
        .collect();
    let peak = sorted_peak(&quantized, f32::total_cmp, |x| x.to_bits());
    assert!(peak <= eighth(4), "f32, 4,400 distinct: {peak} bytes");

    let halves: Vec<u16> = bits.iter().map(|&b| b as u16).collect();
    let peak = sorted_peak(&halves, Ord::cmp, |x| *x);
    assert!(peak <= eighth(2), "u16: {peak} bytes");

    let bytes: Vec<u8> = bits.iter().map(|&b| b as u8).collect();
    let peak = sorted_peak(&bytes, Ord::cmp, |x| *x);
    assert!(peak <= eighth(1), "u8: {peak} bytes");

    // The counter counts: `NanLast` keys tie with different bits, so they take
    // the stable route and its buffer as long as the slice.
    let nan_last: Vec<sort::NanLast<f32>> = bits
        .iter()
        .take(th::IN_PLACE_BYTES)
        .map(|&b| sort::NanLast(f32::from_bits(b as u32)))
        .collect();
    let len = nan_last.len();
    let mut nan_last = nan_last;
    let peak = peak_extra(|| sort::sort(&mut nan_last));
    assert!(peak >= len * 4, "NanLast: {peak} bytes");
}

/// `par_sort` of keys identical when equal splits in place: on pools of 2 and
/// 16 threads, 4Mi `f32` (uniform in ±1e6, random bits) take at most one
/// bucket buffer per thread (a bucket one task sorts holds at most
/// `max(len / (4 · threads), LEAF_MIN)` records, its buffer at most 4 MiB) and
/// 256 KiB of tables per thread (the counts and runs of the splits under way),
/// not a buffer as long as the slice; `NanLast` keys still take one.
#[cfg(feature = "rayon")]
#[test]
#[cfg_attr(
    not(miri),
    ignore = "4Mi keys on two pools: release mode, in the exhaustive stage"
)]
#[cfg_attr(
    miri,
    ignore = "rayon's crossbeam-epoch fails Miri's aliasing checks (CONTRIBUTING.md)"
)]
fn par_sort_splits_in_place() {
    let _serial = serial();
    let n = 4 << 20;
    let mut r = XorShift(0x5eed_4321);
    let bits: Vec<u32> = (0..n).map(|_| r.next() as u32).collect();
    #[allow(clippy::cast_precision_loss)] // a random value, not a count
    let uniform: Vec<f32> = bits
        .iter()
        .map(|&b| (b >> 8) as f32 / (1 << 24) as f32 * 2e6 - 1e6)
        .collect();
    let random: Vec<f32> = bits.iter().map(|&b| f32::from_bits(b)).collect();
    for threads in [2, 16] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let leaf = (n / (th::PIECES_PER_THREAD * threads)).max(th::LEAF_MIN);
        let bound = threads * ((leaf * 4).min(th::IN_PLACE_BYTES) + (256 << 10));
        for (name, input) in [("uniform in ±1e6", &uniform), ("random bits", &random)] {
            let mut v = input.clone();
            let mut want = input.clone();
            want.sort_by(f32::total_cmp);
            let peak = peak_extra(|| pool.install(|| sort::par_sort(&mut v)));
            assert!(
                v.iter()
                    .map(|x| x.to_bits())
                    .eq(want.iter().map(|x| x.to_bits())),
                "par_sort, {name}, {threads} threads"
            );
            assert!(
                peak <= bound && peak < n * 4 / 2,
                "par_sort, {name}, {threads} threads: {peak} bytes (bound {bound})"
            );
        }
        let mut nan_last: Vec<sort::NanLast<f32>> =
            random.iter().map(|&x| sort::NanLast(x)).collect();
        let peak = peak_extra(|| pool.install(|| sort::par_sort(&mut nan_last)));
        assert!(
            peak >= n * 4,
            "par_sort, NanLast, {threads} threads: {peak} bytes"
        );
    }
}

/// `par_sort_by_key` of small elements (`{f32, u32}` by `(Reverse(score), id)`,
/// issue 40) moves them as they are, with one buffer as long as the slice: on
/// pools of 2 and 16 threads, 4Mi records take at most the slice's bytes more,
/// and 256 KiB of tables per thread; `par_sort_by_cached_key` takes its records
/// of key and element (16 bytes each) twice.
#[cfg(feature = "rayon")]
#[test]
#[cfg_attr(
    not(miri),
    ignore = "4Mi records on two pools: release mode, in the exhaustive stage"
)]
#[cfg_attr(
    miri,
    ignore = "rayon's crossbeam-epoch fails Miri's aliasing checks (CONTRIBUTING.md)"
)]
fn par_sort_by_key_needs_at_most_the_slice_more() {
    use core::cmp::Reverse;

    let _serial = serial();
    let n = 4 << 20;
    let mut r = XorShift(0x5eed_0040);
    #[allow(clippy::cast_precision_loss)] // a random value, not a count
    let input: Vec<(f32, u32)> = (0..n)
        .map(|_| {
            let b = r.next();
            (
                (b >> 40) as f32 / (1 << 24) as f32 * 2e6 - 1e6,
                b as u32 % 1000,
            )
        })
        .collect();
    let mut want = input.clone();
    want.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let same = |v: &[(f32, u32)]| {
        v.iter()
            .map(|p| (p.0.to_bits(), p.1))
            .eq(want.iter().map(|p| (p.0.to_bits(), p.1)))
    };
    let slice = n * 8;
    for threads in [2, 16] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut v = input.clone();
        let peak =
            peak_extra(|| pool.install(|| sort::par_sort_by_key(&mut v, |p| (Reverse(p.0), p.1))));
        assert!(same(&v), "par_sort_by_key, {threads} threads");
        let bound = slice + threads * (256 << 10);
        assert!(
            peak <= bound,
            "par_sort_by_key, {threads} threads: {peak} bytes (bound {bound})"
        );
        let mut v = input.clone();
        let peak = peak_extra(|| {
            pool.install(|| sort::par_sort_by_cached_key(&mut v, |p| (Reverse(p.0), p.1)));
        });
        assert!(same(&v), "par_sort_by_cached_key, {threads} threads");
        assert!(
            peak >= 2 * n * 16,
            "par_sort_by_cached_key, {threads} threads: {peak} bytes"
        );
    }
}
