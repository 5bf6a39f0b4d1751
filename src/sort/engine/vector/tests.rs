//! Unit tests of the vector sort: `quicksort_within` at every depth budget,
//! in the portable lanes, against `sort_unstable`; and the xorshift values
//! that the network's tests share.

extern crate std;

use std::vec;
use std::vec::Vec;

use super::portable::Portable;
use super::{Lanes, quicksort_within};

/// A xorshift's values, `bits` wide, shifted into the top of `u64`.
pub(super) fn values(n: usize, seed: u64, bits: u32) -> impl Iterator<Item = u64> {
    let mut s = seed | 1;
    (0..n).map(move |_| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s >> (64 - bits)
    })
}

/// Every depth budget (0: `sort_unstable` at once; 1, 2: after one or two
/// partitions) on lengths around the blocks, few and many distinct
/// values, in the portable lanes of both widths, against `sort_unstable`.
/// Under Miri (the written-out network is slow there: 340 s for every pair)
/// each budget once and the full budget with few and many values.
#[test]
fn every_budget_and_repeats() {
    let lengths: &[usize] = if cfg!(miri) {
        &[0, 1, 257, 600]
    } else {
        &[0, 1, 2, 15, 16, 17, 255, 256, 257, 300, 1000, 4097, 20_000]
    };
    let pairs: Vec<(u32, u32)> = if cfg!(miri) {
        vec![(1, 40), (3, 2), (12, 1), (64, 0), (64, 40)]
    } else {
        let all = [1, 3, 12, 64].map(|bits| [0, 1, 2, 40].map(|budget| (bits, budget)));
        all.into_iter().flatten().collect()
    };
    for &n in lengths {
        for &(bits, budget) in &pairs {
            let want32: Vec<u32> = {
                let mut w: Vec<u32> = values(n, n as u64 + u64::from(bits), bits.min(32))
                    .map(|x| x as u32)
                    .collect();
                w.sort_unstable();
                w
            };
            let mut got32: Vec<u32> = values(n, n as u64 + u64::from(bits), bits.min(32))
                .map(|x| x as u32)
                .collect();
            quicksort_within::<Portable<u32, 16>>(&mut got32, budget);
            assert_eq!(got32, want32, "u32, n {n}, bits {bits}, budget {budget}");
            let mut got64: Vec<u64> = values(n, 7 * n as u64 + u64::from(bits), bits).collect();
            let mut want64 = got64.clone();
            want64.sort_unstable();
            quicksort_within::<Portable<u64, 8>>(&mut got64, budget);
            assert_eq!(got64, want64, "u64, n {n}, bits {bits}, budget {budget}");
            // As AVX2's 64-bit lanes: 4, signed, the values flipped
            // (`Lanes::SIGNED`; x86-64 only, and not under Miri: never there).
            #[cfg(all(target_arch = "x86_64", not(miri)))]
            {
                let top = 1 << 63;
                let mut got: Vec<u64> = values(n, 7 * n as u64 + u64::from(bits), bits)
                    .map(|x| x ^ top)
                    .collect();
                quicksort_within::<Portable<u64, 4, false, true>>(&mut got, budget);
                let got: Vec<u64> = got.into_iter().map(|x| x ^ top).collect();
                assert_eq!(
                    got, want64,
                    "u64 signed, n {n}, bits {bits}, budget {budget}"
                );
            }
        }
    }
    // The largest values (the pivot at `MAX`: nothing above it to split off).
    let mut all_max = vec![u32::MAX; 700];
    all_max[3] = 5;
    quicksort_within::<Portable<u32, 16>>(&mut all_max, 40);
    assert!(all_max[0] == 5 && all_max[1..].iter().all(|&x| x == u32::MAX));
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        let top = 1 << 63;
        let mut all_max = vec![u64::MAX ^ top; 700];
        all_max[3] = 5 ^ top;
        quicksort_within::<Portable<u64, 4, false, true>>(&mut all_max, 40);
        assert!(all_max[0] == 5 ^ top && all_max[1..].iter().all(|&x| x == u64::MAX ^ top));
        // The smallest value held as `u64::MAX` (the pivot, with larger
        // values above it).
        let mut low_max = vec![u64::MAX; 700];
        for i in (0..700).step_by(7) {
            low_max[i] = i as u64; // 2^63 + i, flipped
        }
        let mut want = low_max.clone();
        want.sort_unstable_by_key(|&x| x ^ top);
        quicksort_within::<Portable<u64, 4, false, true>>(&mut low_max, 40);
        assert_eq!(low_max, want);
    }
    assert_eq!(<Portable<u32, 16> as Lanes>::W, 16);
}
