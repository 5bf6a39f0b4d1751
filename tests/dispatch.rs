//! The instructions chosen for the build and the CPU (`src/dispatch/`): the
//! vector sort runs wherever the CPU has AVX2 or AVX-512, in the default build
//! (detected at run time) and in one whose target features already include
//! them (`-C target-cpu=native`, `x86-64-v3`, `x86-64-v4`), and every level
//! sorts as `std`'s stable sort does, bit for bit. Small and quick to build:
//! CI runs it in each of those builds (the whole suite runs in one of them).

#![cfg(feature = "alloc")]
// Test data: the casts build keys from random bits on purpose.
#![allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]

mod common;

use common::{XorShift, miri_thin};
use normkey::__dispatch::Width;
use normkey::OrderedKey;
use normkey::sort::{self, NanLast, SortKey};

/// Once, a build with AVX2 in its target features took no vector level (the
/// detection ran only where the build had no AVX2).
#[cfg(all(target_arch = "x86_64", not(miri), not(normkey_baseline)))]
#[test]
fn the_vector_sort_runs_where_the_cpu_has_it() {
    use normkey::__dispatch;
    let avx512 = std::is_x86_feature_detected!("avx512f");
    let avx2 = std::is_x86_feature_detected!("avx2")
        && std::is_x86_feature_detected!("fma")
        && std::is_x86_feature_detected!("popcnt");
    let want = if avx512 && avx2 {
        Width::Avx512
    } else if avx2 {
        Width::Avx2
    } else {
        Width::Baseline
    };
    assert_eq!(__dispatch::width(), want, "the dispatch's width");
    let top = Width::Avx512;
    assert_eq!(sort::__vector_width::<f32>(top), want, "f32");
    assert_eq!(sort::__vector_width::<f64>(top), want, "f64");
    assert_eq!(
        sort::__vector_width::<OrderedKey<f64>>(top),
        want,
        "OrderedKey<f64>"
    );
    assert_eq!(sort::__vector_width::<u32>(top), want, "u32");
    assert_eq!(
        sort::__vector_width::<f32>(Width::Avx2),
        want.min(Width::Avx2),
        "f32 at AVX2"
    );
    // Keys whose ties differ in bits never take it.
    assert_eq!(
        sort::__vector_width::<NanLast<f32>>(top),
        Width::Baseline,
        "NanLast"
    );
}

/// `sort` at every width against `std`'s stable `sort_by` with `cmp`, bit for
/// bit, on lengths around the blocks and the partition's steps.
fn every_width<K: SortKey + Copy, B: PartialEq + core::fmt::Debug>(
    make: impl Fn(u64) -> K,
    cmp: impl Fn(&K, &K) -> core::cmp::Ordering,
    bits: impl Fn(&K) -> B,
) {
    let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
    let lengths = [0, 1, 2, 47, 49, 100, 255, 256, 257, 1000, 4099, 70_001];
    for n in miri_thin(lengths, 4) {
        // Random bits; and few distinct values (the pivot's copies).
        for few in [false, true] {
            let input: Vec<K> = (0..n)
                .map(|_| make(if few { rng.next() % 5 } else { rng.next() }))
                .collect();
            let mut want = input.clone();
            want.sort_by(&cmp);
            let want: Vec<B> = want.iter().map(&bits).collect();
            for width in [Width::Avx512, Width::Avx2, Width::Baseline] {
                let mut v = input.clone();
                sort::__sort_at(&mut v, width);
                let got: Vec<B> = v.iter().map(&bits).collect();
                assert!(got == want, "{width:?}, n = {n}, few = {few}");
            }
        }
    }
}

#[test]
fn every_width_sorts_as_std_does() {
    every_width(
        |r| f32::from_bits(r as u32),
        f32::total_cmp,
        |x| x.to_bits(),
    );
    every_width(f64::from_bits, f64::total_cmp, |x| x.to_bits());
    every_width(|r| r as u32, Ord::cmp, |x| *x);
    every_width(|r| r as i64, Ord::cmp, |x| *x);
    every_width(
        |r| OrderedKey::new(f64::from_bits(r)),
        Ord::cmp,
        |x| x.get().to_bits(),
    );
}
