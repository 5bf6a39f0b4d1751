//! `normkey::sort::top_k*` against the first `k` of `std`'s stable `sort_by` with
//! the matching comparator, bit for bit (and the indices against the stable
//! argsort): every `k` on short inputs, sampled `k` on long ones, every key kind.

// Test data: the casts build keys from random bits on purpose.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    clippy::cast_precision_loss
)]

mod common;

use core::cmp::{Ordering, Reverse};
use core::fmt::Debug;

use common::{XorShift, miri_thin};
use normkey::sort::{
    LargestFirst, NanLast, SortKey, TopKError, top_k_indices_with_buffer, top_k_with_buffer,
};
use normkey_oracle::{largest_first_cmp, nan_last_cmp};

/// The top-k of `v` for each `k` in `ks`, against the stable sort by `cmp`.
fn check<K, B>(
    v: &[K],
    ks: impl IntoIterator<Item = usize>,
    cmp: impl Fn(&K, &K) -> Ordering + Copy,
    bits: impl Fn(&K) -> B + Copy,
) where
    K: SortKey + Debug + Send + Sync,
    B: PartialEq + Debug,
{
    let mut order: Vec<usize> = (0..v.len()).collect();
    order.sort_by(|&i, &j| cmp(&v[i], &v[j]));
    #[cfg(feature = "alloc")]
    assert_eq!(normkey::sort::argsort(v), order, "argsort {v:?}");
    for k in ks {
        let want_idx = &order[..k];
        let want: Vec<B> = want_idx.iter().map(|&i| bits(&v[i])).collect();
        let fill = v.first().copied();
        if let Some(fill) = fill {
            // The smallest scratch, and a longer one (fewer refills).
            for extra in [0, 5] {
                let mut out = vec![fill; k];
                let mut scratch = vec![fill; 2 * k + extra];
                top_k_with_buffer(v, &mut out, &mut scratch).unwrap();
                assert_eq!(
                    out.iter().map(bits).collect::<Vec<_>>(),
                    want,
                    "k = {k} of {v:?}"
                );
                let mut idx = vec![0; k];
                let mut scratch = vec![(fill, 0); 2 * k + extra];
                top_k_indices_with_buffer(v, &mut idx, &mut scratch).unwrap();
                assert_eq!(idx, want_idx, "indices, k = {k}");
            }
        }
        #[cfg(feature = "alloc")]
        {
            use normkey::sort;
            let got = sort::top_k(v, k).unwrap();
            assert_eq!(
                got.iter().map(bits).collect::<Vec<_>>(),
                want,
                "top_k, k = {k}"
            );
            assert_eq!(sort::top_k_indices(v, k).unwrap(), want_idx);
            let records: Vec<(u8, K)> = v.iter().map(|&x| (0, x)).collect();
            assert_eq!(
                sort::top_k_indices_by_key(&records, k, |r| r.1).unwrap(),
                want_idx,
                "indices by key"
            );
            let records: Vec<(usize, K)> = v.iter().copied().enumerate().collect();
            let by_key = sort::top_k_by_key(&records, k, |r| r.1).unwrap();
            assert_eq!(
                by_key.iter().map(|r| r.0).collect::<Vec<_>>(),
                want_idx,
                "by key"
            );
        }
        #[cfg(feature = "rayon")]
        {
            let got = normkey::sort::par_top_k(v, k).unwrap();
            assert_eq!(
                got.iter().map(bits).collect::<Vec<_>>(),
                want,
                "par_top_k, k = {k}"
            );
        }
    }
}

fn floats(rng: &mut XorShift, n: usize) -> Vec<f32> {
    let edge = [
        0.0,
        -0.0,
        f32::NAN,
        -f32::NAN,
        f32::INFINITY,
        f32::NEG_INFINITY,
        1.0,
        1e-45,
    ];
    (0..n)
        .map(|_| {
            let r = rng.next();
            match r % 3 {
                0 => f32::from_bits((r >> 32) as u32),
                1 => edge[(r >> 40) as usize % edge.len()],
                _ => ((r >> 40) % 50) as f32, // many ties
            }
        })
        .collect()
}

/// Every `k` (every 7th above 20 elements, every 4th under Miri), every key
/// kind, short inputs.
#[test]
fn every_k_short() {
    let mut rng = XorShift(0x5eed);
    for n in miri_thin((0..=20).chain([32, 33, 65]), 5) {
        let f = floats(&mut rng, n);
        // Under Miri, every 4th `k` (and the whole slice): the paths are the
        // same, each call zeroes the selection's counters.
        let step = if n > 20 {
            7
        } else if cfg!(miri) {
            4
        } else {
            1
        };
        let all = (0..=n).step_by(step).chain((n % step != 0).then_some(n));
        check(&f, all.clone(), f32::total_cmp, |x| x.to_bits());
        let nl: Vec<NanLast<f32>> = f.iter().map(|&x| NanLast(x)).collect();
        check(
            &nl,
            all.clone(),
            |a, b| nan_last_cmp(&a.0, &b.0),
            |x| x.0.to_bits(),
        );
        let lf: Vec<LargestFirst<f32>> = f.iter().map(|&x| LargestFirst(x)).collect();
        check(
            &lf,
            all.clone(),
            |a, b| largest_first_cmp(&a.0, &b.0),
            |x| x.0.to_bits(),
        );
        let rev: Vec<Reverse<f32>> = f.iter().map(|&x| Reverse(x)).collect();
        check(
            &rev,
            all.clone(),
            |a, b| b.0.total_cmp(&a.0),
            |x| x.0.to_bits(),
        );
        let d: Vec<f64> = f.iter().map(|&x| f64::from(x)).collect();
        check(&d, all.clone(), f64::total_cmp, |x| x.to_bits());
        let small: Vec<u8> = (0..n).map(|_| (rng.next() % 5) as u8).collect();
        check(&small, all.clone(), Ord::cmp, |&x| x);
        let pairs: Vec<(i16, u8)> = (0..n)
            .map(|_| ((rng.next() % 7) as i16 - 3, (rng.next() % 3) as u8))
            .collect();
        check(&pairs, all, Ord::cmp, |&x| x);
    }
}

/// Long inputs (many refills of the buffer, several selection passes), sampled `k`.
#[test]
#[cfg_attr(miri, ignore = "safe code; slow under Miri")]
fn sampled_k_long() {
    let mut rng = XorShift(0xfeed);
    // Above the parallel form's threshold (2^16).
    let n = if cfg!(miri) { 600 } else { 70_000 };
    let f = floats(&mut rng, n);
    check(
        &f,
        [0, 1, 10, 33, 1000.min(n), n / 2 + 1, n], // 600 under Miri
        f32::total_cmp,
        |x| x.to_bits(),
    );
    // Past 512 the `_with_buffer` forms sort by LSD passes on a small stack,
    // the others by the radix sort: both against the oracle.
    let d: Vec<f64> = f.iter().map(|&x| f64::from(x)).collect();
    check(&d, [1000.min(n), n / 2 + 1], f64::total_cmp, |x| {
        x.to_bits()
    });
    let ks = [1, 100, n];
    // Descending and ascending input: every record enters the buffer, or none.
    let mut desc: Vec<u32> = (0..n as u32).rev().collect();
    check(&desc, ks, Ord::cmp, |&x| x);
    desc.reverse();
    check(&desc, ks, Ord::cmp, |&x| x);
    // All equal: the first k by index.
    let same = vec![NanLast(f32::NAN); n];
    check(
        &same,
        ks,
        |a, b| nan_last_cmp(&a.0, &b.0),
        |x| x.0.to_bits(),
    );
    let zeros: Vec<u8> = vec![0; n];
    check(&zeros, ks, Ord::cmp, |&x| x);
}

#[test]
fn errors_name_the_argument() {
    let v = [1.0_f32, 2.0];
    let e = top_k_with_buffer(&v, &mut [0.0; 3], &mut [0.0; 6]);
    assert_eq!(e, Err(TopKError::TooMany { k: 3, len: 2 }));
    let e = top_k_with_buffer(&v, &mut [0.0; 2], &mut [0.0; 3]);
    assert_eq!(
        e,
        Err(TopKError::ShortBuffer {
            name: "scratch",
            len: 3,
            need: 4
        })
    );
    assert!(
        e.unwrap_err()
            .to_string()
            .starts_with("scratch holds 3 elements")
    );
    let e = top_k_indices_with_buffer(&v, &mut [0; 1], &mut [(0.0, 0); 1]);
    assert_eq!(
        e,
        Err(TopKError::ShortBuffer {
            name: "scratch",
            len: 1,
            need: 2
        })
    );
    #[cfg(feature = "alloc")]
    {
        assert_eq!(
            normkey::sort::top_k(&v, 3),
            Err(TopKError::TooMany { k: 3, len: 2 })
        );
        assert!(normkey::sort::top_k_indices(&v, 3).is_err());
        assert!(normkey::sort::top_k_by_key(&v, 3, |&x| x).is_err());
        assert_eq!(normkey::sort::top_k::<f32>(&[], 0), Ok(vec![]));
    }
    #[cfg(feature = "rayon")]
    assert!(normkey::sort::par_top_k(&v, 3).is_err());
}
