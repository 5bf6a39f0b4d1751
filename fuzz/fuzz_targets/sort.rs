//! Arbitrary bytes -> keys of every kind: `normkey::sort`'s sorts, argsort and
//! selection equal `std`'s stable `sort_by` with the matching comparator, bit for
//! bit (the sort at every vector width); a key function that answers at random
//! keeps the slice a permutation.
#![no_main]

use std::cmp::{Ordering, Reverse};

use libfuzzer_sys::fuzz_target;
use normkey::__dispatch::Width;
use normkey::sort::{self, NanLast, SortKey};
use normkey_oracle::nan_last_cmp as nan_last;

fn check<K: SortKey + Send + Sync, B: PartialEq + std::fmt::Debug>(
    v: &[K],
    k: usize,
    cmp: impl Fn(&K, &K) -> Ordering,
    bits: impl Fn(&K) -> B,
) {
    let mut recs: Vec<(K, usize)> = v.iter().copied().zip(0..).collect();
    recs.sort_by(|a, b| cmp(&a.0, &b.0));
    let want: Vec<B> = recs.iter().map(|r| bits(&r.0)).collect();
    let idx: Vec<usize> = recs.iter().map(|r| r.1).collect();
    let mut s = v.to_vec();
    sort::sort(&mut s);
    assert_eq!(s.iter().map(&bits).collect::<Vec<_>>(), want);
    // The narrower levels: the vector sort in AVX2, the radix routes.
    for width in [Width::Avx2, Width::Baseline] {
        let mut s = v.to_vec();
        sort::__sort_at(&mut s, width);
        assert_eq!(s.iter().map(&bits).collect::<Vec<_>>(), want, "{width:?}");
    }
    let mut p = v.to_vec();
    sort::par_sort(&mut p);
    assert_eq!(p.iter().map(&bits).collect::<Vec<_>>(), want);
    assert_eq!(sort::argsort(v), idx);
    let k = if v.is_empty() { 0 } else { k % (v.len() + 1) };
    assert_eq!(
        sort::select(v, k).as_ref().map(&bits),
        want.get(k).map(|_| bits(&recs[k].0))
    );
    let mut by_key: Vec<(K, usize)> = v.iter().copied().zip(0..).collect();
    sort::sort_by_key(&mut by_key, |r| r.0);
    assert_eq!(by_key.iter().map(|r| r.1).collect::<Vec<_>>(), idx);
}

fuzz_target!(|data: &[u8]| {
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    // The low bits pick the key kind; the high bits repeat the input, so that
    // some runs are long enough for the MSD split (tens of thousands of keys).
    let repeat = match head >> 4 {
        15 => 64,
        14 => 16,
        r => 1 + usize::from(r % 3),
    };
    let bytes: Vec<u8> = rest
        .iter()
        .copied()
        .cycle()
        .take(rest.len() * repeat)
        .collect();
    let k = usize::from(rest.first().copied().unwrap_or(0)) * 257;
    let f32s = || {
        bytes
            .chunks_exact(4)
            .map(|c| f32::from_bits(u32::from_le_bytes(c.try_into().unwrap())))
    };
    let f64s = || {
        bytes
            .chunks_exact(8)
            .map(|c| f64::from_bits(u64::from_le_bytes(c.try_into().unwrap())))
    };
    match head % 6 {
        0 => check(&f32s().collect::<Vec<_>>(), k, f32::total_cmp, |x| {
            x.to_bits()
        }),
        1 => check(&f64s().collect::<Vec<_>>(), k, f64::total_cmp, |x| {
            x.to_bits()
        }),
        2 => check(
            &f32s().map(NanLast).collect::<Vec<_>>(),
            k,
            |a, b| nan_last(&a.0, &b.0),
            |x| x.0.to_bits(),
        ),
        3 => check(
            &f64s().map(NanLast).collect::<Vec<_>>(),
            k,
            |a, b| nan_last(&a.0, &b.0),
            |x| x.0.to_bits(),
        ),
        4 => {
            let v: Vec<(Reverse<NanLast<f32>>, u8)> = bytes
                .chunks_exact(5)
                .map(|c| {
                    (
                        Reverse(NanLast(f32::from_bits(u32::from_le_bytes(
                            c[..4].try_into().unwrap(),
                        )))),
                        c[4],
                    )
                })
                .collect();
            check(
                &v,
                k,
                |a, b| nan_last(&b.0.0.0, &a.0.0.0).then(a.1.cmp(&b.1)),
                |x| (x.0.0.0.to_bits(), x.1),
            );
        }
        _ => {
            // A key function that answers from the input bytes, not the element.
            let mut v: Vec<u32> = (0..bytes.len() as u32).collect();
            let mut next = bytes.iter().copied().cycle();
            sort::sort_by_key(&mut v, |_| {
                f32::from_bits(u32::from(next.next().unwrap_or(0)) << 23)
            });
            v.sort_unstable();
            assert!(v.iter().copied().eq(0..bytes.len() as u32));
        }
    }
});
