//! The exact sums against `normkey-oracle`'s rationals: every form (the
//! accumulator one value at a time and by slices, merges, the slice functions,
//! the rayon forms on pools of 1 to 16 threads) on random, cancelling,
//! subnormal, overflowing and special inputs of every float type; every pair of
//! `f16` values (exhaustive stage); Python's `math.fsum` on recorded cases.

// Test data: casts build floats from random bits on purpose; exact float
// comparisons are the point; one-letter names are the standard's.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::float_cmp,
    clippy::many_single_char_names
)]

mod common;

use common::{XorShift, miri_thin};
use normkey::sort::Nans;
use normkey::sum::{ExactSum, SumFloat, dot, mean, sum};
use normkey_oracle::sum as oracle;

/// A float type under test: its bits and its oracle format.
trait Float: SumFloat + PartialEq {
    const ORACLE: oracle::Format;
    fn bits(self) -> u64;
    fn of(b: u64) -> Self;
    fn to_f64(self) -> f64;
    /// `x` rounded to nearest even.
    fn from_f64(x: f64) -> Self;
}

macro_rules! float {
    ($f:ty, $u:ty, $fmt:expr, $to:expr, $from:expr) => {
        impl Float for $f {
            const ORACLE: oracle::Format = $fmt;
            fn bits(self) -> u64 {
                u64::from(self.to_bits())
            }
            fn of(b: u64) -> Self {
                <$f>::from_bits(b as $u)
            }
            fn to_f64(self) -> f64 {
                $to(self)
            }
            fn from_f64(x: f64) -> Self {
                $from(x)
            }
        }
    };
}
float!(f32, u32, oracle::F32, f64::from, |x| x as f32);
float!(f64, u64, oracle::F64, |x| x, |x| x);
#[cfg(feature = "half")]
float!(
    half::f16,
    u16,
    oracle::F16,
    half::f16::to_f64,
    half::f16::from_f64
);
#[cfg(feature = "half")]
float!(
    half::bf16,
    u16,
    oracle::BF16,
    half::bf16::to_f64,
    half::bf16::from_f64
);

fn width(f: oracle::Format) -> u32 {
    1 + f.exp + f.mant
}

/// Bits of the kind `kind`: 0 raw bits; 1 finite values over a few binades, both
/// signs (cancellation); 2 the whole finite range; 3 subnormals and zeros; 4
/// near the largest finite; 5 specials mixed in.
fn value<F: Float>(r: &mut XorShift, kind: u64, base: u64) -> F {
    let f = F::ORACLE;
    let all = u64::MAX >> (64 - width(f));
    let emask = (1_u64 << f.exp) - 1;
    let x = r.next();
    let sign = (x >> 63) << (width(f) - 1);
    let m = x & ((1 << f.mant) - 1);
    let b = match kind {
        0 => x & all,
        1 => sign | (((base + (x >> 40) % 4) % (emask - 1)).max(1) << f.mant) | m,
        2 => sign | (((x >> 32) % emask) << f.mant) | m,
        3 => sign | (m >> ((x >> 24) % (u64::from(f.mant) + 1))),
        4 => sign | ((emask - 1 - (x >> 40) % 3) << f.mant) | m,
        _ => match (x >> 32) % 8 {
            0 => oracle::nan(f) | sign | (m & 1),
            1 => (emask << f.mant) | sign,
            2 => sign,
            _ => sign | ((((x >> 40) % emask).max(1)) << f.mant) | m,
        },
    };
    F::of(b)
}

fn check_all<F: Float>(xs: &[F], ys: &[F], what: &str) {
    let f = F::ORACLE;
    let xb: Vec<u64> = xs.iter().map(|x| x.bits()).collect();
    let yb: Vec<u64> = ys.iter().map(|y| y.bits()).collect();
    for nans in [Nans::Propagate, Nans::Skip] {
        let on = if nans == Nans::Propagate {
            oracle::Nans::Propagate
        } else {
            oracle::Nans::Skip
        };
        let want = oracle::sum(&xb, f, f, on);
        let want_mean = oracle::mean(&xb, f, on);
        let want_dot = oracle::dot(&xb, &yb, f, on);
        assert_eq!(sum(xs, nans).bits(), want, "sum {what} {nans:?} {xs:?}");
        assert_eq!(mean(xs, nans).bits(), want_mean, "mean {what} {nans:?}");
        assert_eq!(dot(xs, ys, nans).bits(), want_dot, "dot {what} {nans:?}");
        #[cfg(feature = "rayon")]
        {
            assert_eq!(
                normkey::sum::par_sum(xs, nans).bits(),
                want,
                "par_sum {what}"
            );
            assert_eq!(
                normkey::sum::par_mean(xs, nans).bits(),
                want_mean,
                "par_mean {what}"
            );
            assert_eq!(
                normkey::sum::par_dot(xs, ys, nans).bits(),
                want_dot,
                "par_dot {what}"
            );
        }
    }
    // One at a time, in reverse, and read into f64 and f32.
    let mut s = ExactSum::<F>::new();
    xs.iter().rev().for_each(|&x| s.add(x));
    assert_eq!(
        s.value().bits(),
        oracle::sum(&xb, f, f, oracle::Nans::Propagate),
        "add {what}"
    );
    assert_eq!(
        s.value_as::<f64>().to_bits(),
        oracle::sum(&xb, f, oracle::F64, oracle::Nans::Propagate),
        "as f64 {what}"
    );
    assert_eq!(
        u64::from(s.value_as::<f32>().to_bits()),
        oracle::sum(&xb, f, oracle::F32, oracle::Nans::Propagate),
        "as f32 {what}"
    );
    let mut t = ExactSum::new();
    t.add_slice(xs);
    assert_eq!(s, t, "add and add_slice: one state ({what})");
    assert_eq!(s.count(), xs.len() as u64);
}

fn random_cases<F: Float>(lens: &[usize], seed: u64) {
    let mut r = XorShift(seed);
    for &n in lens {
        for kind in 0..6 {
            let base = r.next() % ((1 << F::ORACLE.exp) - 2);
            let xs: Vec<F> = (0..n).map(|_| value(&mut r, kind, base)).collect();
            let ys: Vec<F> = (0..n)
                .map(|_| value(&mut r, u64::from(kind != 0), base / 2))
                .collect();
            check_all(&xs, &ys, &format!("kind {kind} n {n}"));
        }
    }
}

/// Lengths: empty, a few, one block and a remainder, several blocks (512 values a
/// block); under Miri the short ones.
const LENS: &[usize] = if cfg!(miri) {
    &[0, 1, 3, 17]
} else {
    &[0, 1, 2, 3, 5, 17, 100, 513, 2100]
};

#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn f32_against_the_oracle() {
    random_cases::<f32>(LENS, 1);
}

#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn f64_against_the_oracle() {
    random_cases::<f64>(LENS, 2);
}

#[cfg(feature = "half")]
#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn half_against_the_oracle() {
    random_cases::<half::f16>(LENS, 3);
    random_cases::<half::bf16>(LENS, 4);
}

/// Longer slices: several blocks of the slice loop (2^16 `f32` values, 512 `f64`).
#[test]
#[ignore = "release: long slices against the rational oracle (exhaustive stage)"]
fn long_slices_against_the_oracle() {
    random_cases::<f32>(&[70_000], 5);
    random_cases::<f64>(&[20_000], 6);
    #[cfg(feature = "half")]
    random_cases::<half::bf16>(&[70_000], 7);
}

/// Cancellation the float sum gets wrong, exactly.
#[test]
fn cancellation_and_edges() {
    let m = f64::MAX;
    let tiny = f64::from_bits(1);
    let cases: &[(&[f64], f64)] = &[
        (&[1e308, -1e308, tiny], tiny),
        (&[m, m, -m], m),
        (&[m, m], f64::INFINITY),
        (&[-m, -m], f64::NEG_INFINITY),
        (&[1.0, 1e100, 1.0, -1e100], 2.0),
        (&[tiny, -tiny], 0.0),
        (&[-0.0, -0.0], -0.0),
        (&[-0.0, 0.0], 0.0),
        (&[], 0.0),
    ];
    for &(xs, want) in cases {
        assert_eq!(sum(xs, Nans::Propagate).to_bits(), want.to_bits(), "{xs:?}");
    }
    // The largest value less half an ulp of it rounds down; the half ulp itself ties to even (∞).
    let half_ulp = 2.0_f64.powi(970);
    assert_eq!(sum(&[m, half_ulp / 2.0], Nans::Propagate), m);
    assert_eq!(sum(&[m, half_ulp], Nans::Propagate), f64::INFINITY);
    assert_eq!(sum(&[m, half_ulp, -tiny], Nans::Propagate), m);
}

/// Every order and every split: the same state, the same bits.
#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn any_order_any_split() {
    let mut r = XorShift(9);
    for n in miri_thin([10, 600, 3000], 2) {
        let mut xs: Vec<f64> = (0..n).map(|_| value(&mut r, 2, 0)).collect();
        let mut whole = ExactSum::new();
        whole.add_slice(&xs);
        for _ in 0..4 {
            // Shuffle, then cut into random pieces merged in a random tree.
            for i in (1..xs.len()).rev() {
                xs.swap(i, (r.next() % (i as u64 + 1)) as usize);
            }
            let mut parts = Vec::new();
            let mut rest = &xs[..];
            while !rest.is_empty() {
                let k = 1 + (r.next() % rest.len() as u64) as usize;
                let mut s = ExactSum::new();
                s.add_slice(&rest[..k]);
                parts.push(s);
                rest = &rest[k..];
            }
            while parts.len() > 1 {
                let i = (r.next() % (parts.len() as u64 - 1)) as usize;
                let b = parts.remove(i + 1);
                parts[i].merge(&b);
            }
            assert_eq!(parts[0], whole);
            assert_eq!(parts[0].value().to_bits(), whole.value().to_bits());
        }
    }
}

/// The rayon forms: the same bits on pools of 1 to 16 threads.
#[cfg(feature = "rayon")]
#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn any_thread_count() {
    use normkey::sum::{par_dot, par_mean, par_sum};
    let mut r = XorShift(11);
    let n = if cfg!(miri) { 3000 } else { 300_000 };
    let xs: Vec<f32> = (0..n).map(|_| value(&mut r, 1, 120)).collect();
    let ys: Vec<f32> = (0..n).map(|_| value(&mut r, 1, 100)).collect();
    let want = (
        sum(&xs, Nans::Skip),
        mean(&xs, Nans::Skip),
        dot(&xs, &ys, Nans::Skip),
    );
    for threads in [1, 2, 3, 5, 8, 16] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let got = pool.install(|| {
            (
                par_sum(&xs, Nans::Skip),
                par_mean(&xs, Nans::Skip),
                par_dot(&xs, &ys, Nans::Skip),
            )
        });
        assert_eq!(got.0.to_bits(), want.0.to_bits(), "{threads} threads");
        assert_eq!(got.1.to_bits(), want.1.to_bits(), "{threads} threads");
        assert_eq!(got.2.to_bits(), want.2.to_bits(), "{threads} threads");
    }
}

/// Past `u64::MAX` values (merging a state into itself), NaN rather than a wrong
/// number; up to there, exact.
#[test]
fn capacity() {
    let mut s = ExactSum::<f64>::new();
    s.add(f64::MAX);
    for k in 1..64 {
        let c = s;
        s.merge(&c);
        assert_eq!(s.count(), 1 << k);
        assert_eq!(s.mean(), f64::MAX, "2^{k} copies of MAX");
        assert_eq!(s.value(), f64::INFINITY);
    }
    let c = s;
    s.merge(&c); // 2^64 values
    assert_eq!(s.count(), u64::MAX);
    assert!(s.value().is_nan() && s.mean().is_nan());
    // Large counts of one value, carried through many limbs.
    let mut t = ExactSum::<f32>::new();
    t.add(-1.0);
    for _ in 0..40 {
        let c = t;
        t.merge(&c);
    }
    assert_eq!(t.value(), -(2.0_f32.powi(40)));
    assert_eq!(t.mean(), -1.0);
}

/// Every pair of `f16` values through the accumulator (each unordered pair once),
/// against the oracle's integer rounding of the exact sum.
#[cfg(feature = "half")]
#[test]
#[ignore = "exhaustive: 2^32 pairs (release, exhaustive stage)"]
fn f16_every_pair() {
    use half::f16;
    let fails: u64 = std::thread::scope(|s| {
        let halves: Vec<_> = [0_u32, 1]
            .into_iter()
            .map(|h| {
                s.spawn(move || {
                    let mut fails = 0;
                    // The pairs with a ≤ b, from both ends so the halves take as long:
                    // the other order is the same state (`any_order_any_split`).
                    for a in (0..=u16::MAX).filter(|a| (a % 4 == 0 || a % 4 == 3) == (h == 0)) {
                        let x = f16::from_bits(a);
                        let mut first = ExactSum::new();
                        first.add(x);
                        for b in a..=u16::MAX {
                            let y = f16::from_bits(b);
                            let mut acc = first;
                            acc.add(y);
                            if acc.value().to_bits() != want_pair(x, y) {
                                fails += 1;
                                if fails < 5 {
                                    eprintln!("{x:?} + {y:?}: {:?}", acc.value());
                                }
                            }
                        }
                    }
                    fails
                })
            })
            .collect();
        halves.into_iter().map(|h| h.join().unwrap()).sum()
    });
    assert_eq!(fails, 0);
}

#[cfg(feature = "half")]
/// The IEEE 754 sum of two `f16`s: the oracle's integer rounding of the exact sum
/// (both are multiples of 2^−24), the special values by the standard's rules.
fn want_pair(x: half::f16, y: half::f16) -> u16 {
    let (a, b) = (x.to_f64(), y.to_f64());
    if a.is_nan() || b.is_nan() || (a.is_infinite() && b.is_infinite() && a != b) {
        return 0x7e00;
    }
    if a.is_infinite() || b.is_infinite() {
        return if a.is_infinite() {
            x.to_bits()
        } else {
            y.to_bits()
        };
    }
    let n = (a * 2f64.powi(24)) as i64 + (b * 2f64.powi(24)) as i64; // exact integers
    if n == 0 {
        return if a.is_sign_negative() && b.is_sign_negative() {
            0x8000
        } else {
            0
        };
    }
    oracle::f16_from_fixed(n)
}

/// Blocks whose exponents span 0 to 140 binades from every region of the range:
/// one, two and three grids of the slice loop, and the blocks it must count by
/// exponent instead (more than three grids, a grid below `f64`'s normal range,
/// values near the largest), each against the oracle.
#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn every_spread_of_exponents() {
    fn spread<F: Float>(r: &mut XorShift, n: usize, low: u64, span: u64) -> Vec<F> {
        let f = F::ORACLE;
        let emask = (1 << f.exp) - 1;
        (0..n)
            .map(|i| {
                let x = r.next();
                // The first two values pin the span's ends.
                let e = match i {
                    0 => low,
                    1 => low + span,
                    _ => low + (x >> 40) % (span + 1),
                }
                .min(emask - 1);
                F::of((x >> 63) << (width(f) - 1) | e << f.mant | (x & ((1 << f.mant) - 1)))
            })
            .collect()
    }
    let mut r = XorShift(31);
    for span in miri_thin([0, 1, 9, 19, 20, 33, 42, 61, 62, 80, 103, 104, 140], 4) {
        for low in [1, 2, 40, 110, 170, 200, 230, 254 - span.min(253)] {
            let xs: Vec<f32> = spread(&mut r, if cfg!(miri) { 40 } else { 600 }, low, span);
            check_sum(&xs);
        }
        for low in [1, 20, 60, 100, 500, 1000, 1500, 1900, 1990, 2046 - span] {
            let xs: Vec<f64> = spread(&mut r, if cfg!(miri) { 40 } else { 600 }, low, span);
            check_sum(&xs);
        }
    }
}

fn check_sum<F: Float>(xs: &[F]) {
    let f = F::ORACLE;
    let b: Vec<u64> = xs.iter().map(|x| x.bits()).collect();
    assert_eq!(
        sum(xs, Nans::Propagate).bits(),
        oracle::sum(&b, f, f, oracle::Nans::Propagate),
        "{xs:?}"
    );
    let mut one = ExactSum::new();
    for &x in xs {
        one.add(x);
    }
    let mut all = ExactSum::new();
    all.add_slice(xs);
    assert_eq!(one, all);
}

/// `f64` products at the edges of the exact two-product path (factors near
/// 2^995, products near 2^−968 and below f64's subnormals, zero factors of both
/// signs) and `f32` products near `f64`'s range ends, each against the oracle.
#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn dot_at_the_edges() {
    let mut r = XorShift(41);
    let near = |r: &mut XorShift, e: i32| {
        let x = r.next();
        let m = 1.0 + (x >> 12) as f64 / (1u64 << 52) as f64;
        let v = m * 2f64.powi(e / 2) * 2f64.powi(e - e / 2);
        if x >> 63 == 0 { v } else { -v }
    };
    for (ea, eb) in [
        (995, 20),
        (996, -30),
        (994, 0),
        (-484, -484),
        (-485, -484),
        (-500, -470),
        (-600, -500),
        (-1000, -50),
        (300, -1270),
        (0, 0),
    ] {
        for n in miri_thin([1, 7, 600], 3) {
            let a: Vec<f64> = (0..n)
                .map(|i| {
                    if i % 5 == 4 {
                        [0.0, -0.0][i % 2]
                    } else {
                        near(&mut r, ea)
                    }
                })
                .collect();
            let b: Vec<f64> = (0..n).map(|_| near(&mut r, eb)).collect();
            let (ab, bb): (Vec<u64>, Vec<u64>) = (
                a.iter().map(|x| x.to_bits()).collect(),
                b.iter().map(|x| x.to_bits()).collect(),
            );
            for nans in [Nans::Propagate, Nans::Skip] {
                let on = if nans == Nans::Propagate {
                    oracle::Nans::Propagate
                } else {
                    oracle::Nans::Skip
                };
                assert_eq!(
                    dot(&a, &b, nans).to_bits(),
                    oracle::dot(&ab, &bb, oracle::F64, on),
                    "2^{ea} · 2^{eb}, n {n}"
                );
            }
        }
    }
    // Every product −0: −0; one +0 among them: +0.
    assert_eq!(
        dot(&[-0.0_f64, 0.0], &[1.0, -2.0], Nans::Propagate).to_bits(),
        (-0.0_f64).to_bits()
    );
    assert_eq!(
        dot(&[-0.0_f64, 0.0], &[1.0, 2.0], Nans::Propagate).to_bits(),
        0
    );
    assert_eq!(
        dot(&[-0.0_f32, f32::NAN], &[1.0, 2.0], Nans::Skip).to_bits(),
        (-0.0_f32).to_bits()
    );
    assert_eq!(dot(&[f32::NAN], &[2.0], Nans::Skip).to_bits(), 0); // no products: +0
    let big = f32::MAX;
    assert_eq!(
        dot(&[big, big, -big], &[big, 1.0, big], Nans::Propagate),
        big
    );
}

/// Every product −0 though both slices have nonzero factors (each pair has a
/// zero): −0 (the `f64` grids once said +0); one +0 product among them: +0.
#[test]
fn dot_of_negative_zero_products() {
    for n in [2, 3, 17, 512, 1000] {
        let a: Vec<f64> = (0..n)
            .map(|i| if i % 2 == 0 { -1.5 - i as f64 } else { 0.0 })
            .collect();
        let b: Vec<f64> = (0..n)
            .map(|i| if i % 2 == 0 { 0.0 } else { -3.0 * i as f64 })
            .collect();
        let want =
            |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).fold(-0.0, |s, p| s + p);
        assert_eq!(
            dot(&a, &b, Nans::Propagate).to_bits(),
            (-0.0_f64).to_bits(),
            "n {n}"
        );
        let (a32, b32): (Vec<f32>, Vec<f32>) = (
            a.iter().map(|&x| x as f32).collect(),
            b.iter().map(|&x| x as f32).collect(),
        );
        assert_eq!(
            dot(&a32, &b32, Nans::Propagate).to_bits(),
            (-0.0_f32).to_bits(),
            "n {n}"
        );
        let (mut c, mut d) = (a.clone(), b.clone());
        c[n - 1] = 2.0;
        d[n - 1] = -0.0;
        assert_eq!(
            dot(&c, &d, Nans::Propagate).to_bits(),
            (-0.0_f64).to_bits(),
            "n {n}"
        );
        d[n - 1] = 0.0;
        assert_eq!(want(&c, &d).to_bits(), 0);
        assert_eq!(dot(&c, &d, Nans::Propagate).to_bits(), 0, "n {n}");
    }
}

/// `f64` dot products whose factors' exponents span 0 to 70 binades from every
/// region of the range, some blocks with zero factors of both signs, each with
/// its rounded products subtracted again (so that the products' low parts make
/// the result): one, two and three grids of the two-product loop, the blocks it
/// sends through the slice loop as two (more than three grids) and those it
/// multiplies as integers, each against the oracle.
#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn dot_every_spread_of_exponents() {
    let mut r = XorShift(61);
    let factor = |r: &mut XorShift, i: usize, low: u64, span: u64, zeros: bool| {
        let x = r.next();
        if zeros && i % 7 == 3 {
            return [0.0, -0.0][(x >> 63) as usize];
        }
        let e = match i {
            0 => low,
            1 => low + span,
            _ => low + (x >> 40) % (span + 1),
        }
        .min(2046);
        f64::from_bits((x >> 63) << 63 | e << 52 | (x & ((1 << 52) - 1)))
    };
    let n = if cfg!(miri) { 40 } else { 600 };
    for span in [0, 1, 5, 10, 20, 30, 45, 70] {
        // 0: subnormal factors `a`, with `b` near 2^987 (the two-product path).
        for low in [
            0,
            1,
            30,
            100,
            550,
            1000,
            1023,
            1300,
            1500,
            2030 - span.min(2029),
        ] {
            for zeros in [false, true] {
                let mut a: Vec<f64> = (0..n)
                    .map(|i| factor(&mut r, i, low, span, zeros))
                    .collect();
                let b_low = if low == 0 { 2010 } else { 2046 - low } - span / 2;
                let mut b: Vec<f64> = (0..n)
                    .map(|i| factor(&mut r, i, b_low, span / 2, false))
                    .collect();
                let rounded: Vec<f64> = a.iter().zip(&b).map(|(x, y)| -(x * y)).collect();
                a.extend(rounded);
                b.extend(core::iter::repeat_n(1.0, n));
                let (ab, bb): (Vec<u64>, Vec<u64>) = (
                    a.iter().map(|x| x.to_bits()).collect(),
                    b.iter().map(|x| x.to_bits()).collect(),
                );
                assert_eq!(
                    dot(&a, &b, Nans::Propagate).to_bits(),
                    oracle::dot(&ab, &bb, oracle::F64, oracle::Nans::Propagate),
                    "span {span}, low {low}, zeros {zeros}"
                );
                assert_eq!(
                    dot(&a[..n], &b[..n], Nans::Propagate).to_bits(),
                    oracle::dot(&ab[..n], &bb[..n], oracle::F64, oracle::Nans::Propagate),
                    "span {span}, low {low}, zeros {zeros}, products only"
                );
            }
        }
    }
}

/// The `f64` and `f32` dot products try each block on the grids of the blocks
/// before and plan again where a block's products leave them: blocks whose
/// products move
/// up and down by up to 2^180 from one block to the next (`f64`; `f32` 2^22),
/// spread over up to 2^60, with zeros, subnormals and products below 2^−968 now
/// and then, each followed by two blocks of its products negated, as `p` and
/// `e`, in reverse (so that what is left is 0 or nearly, and a wrong grid's
/// roundings do not cancel), against the oracle, whole and from offsets that
/// shift the blocks; then with a NaN and a −∞. (A plan taken for every block
/// fails it, and so do grids that take `f32` products as coarser than they
/// are.)
#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn dot_blocks_of_changing_ranges() {
    changing_ranges::<f64>(97);
    changing_ranges::<f32>(98);
}

fn changing_ranges<F: Float>(seed: u64) {
    let mut r = XorShift(seed);
    let blocks = if cfg!(miri) { 3 } else { 48 };
    let (mant, bias) = (F::ORACLE.mant, (1_i64 << (F::ORACLE.exp - 1)) - 1);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let mut centre = bias;
    for k in 0..blocks {
        let x = r.next();
        let step = [0, 1, 3, 10, bias / 11][(x >> 30) as usize % 5];
        let (step, spread) = (
            step.unsigned_abs(),
            [0, 1, 4, 8, 12, 15, 20, 25, 30][(x >> 8) as usize % 9],
        );
        let signed = |v: u64| i64::try_from(v).unwrap_or(0);
        centre = (centre + signed(x % (2 * step + 1)) - signed(step))
            .clamp(bias - bias * 2 / 5, bias + bias * 2 / 5);
        let odd = (x >> 16) % 16;
        for i in 0..512 {
            let y = r.next();
            let e =
                |y: u64| (centre + signed(y % (spread + 1)) - signed(spread) / 2).unsigned_abs();
            let f = |y: u64, e: u64| {
                F::of((y >> 63) << (mant + F::ORACLE.exp) | e << mant | (y & ((1 << mant) - 1)))
            };
            let (mut u, v) = (f(y, e(y >> 7)), f(y.rotate_left(17), e(y >> 23)));
            if i == (k * 37) % 512 {
                u = match odd {
                    0 => F::from_f64(0.0),
                    1 => F::from_f64(-0.0),
                    // Subnormal, then the smallest normal.
                    2 => F::of(y >> (64 - mant + 3)),
                    3 => F::of((y >> 63) << (mant + F::ORACLE.exp) | 1 << mant),
                    _ => u,
                };
            }
            a.push(u);
            b.push(v);
        }
        // The block's products negated, each as two floats `p + e` (exact
        // where `e` is not subnormal), as the next two blocks: the sum of the
        // three is 0 or nearly, where a grid's error would show. In reverse,
        // so that a wrong grid's roundings would not cancel.
        let m = a.len() - 512;
        for i in (m..m + 512).rev() {
            let (x, y) = (a[i].to_f64(), b[i].to_f64());
            let (p, e) = if mant == 52 {
                (x * y, x.mul_add(y, -(x * y)))
            } else {
                let p = F::from_f64(x * y).to_f64();
                (p, x * y - p)
            };
            a.extend([F::from_f64(-p / 2.0), F::from_f64(-e)]);
            b.extend([F::from_f64(2.0), F::from_f64(1.0)]);
        }
    }
    let n = a.len();
    let check = |a: &[F], b: &[F], nans: Nans, what: &str| {
        let raw = |v: &[F]| -> Vec<u64> { v.iter().map(|x| x.bits()).collect() };
        let on = match nans {
            Nans::Propagate => oracle::Nans::Propagate,
            Nans::Skip => oracle::Nans::Skip,
        };
        assert_eq!(
            dot(a, b, nans).bits(),
            oracle::dot(&raw(a), &raw(b), F::ORACLE, on),
            "{what}, {nans:?}"
        );
    };
    for start in [0, 1, 4, 200, 511, 1000, 1024] {
        for end in [n, n - 3, n - 1024, n / 2 + 77] {
            let (a, b) = (&a[start..end], &b[start..end]);
            check(a, b, Nans::Propagate, &format!("{start}..{end}"));
        }
    }
    // A NaN, then a ±∞, in one block of the middle.
    for (i, special) in [(n / 2 + 3, f64::NAN), (n / 2 + 700, -f64::INFINITY)] {
        a[i] = F::from_f64(special);
        check(&a, &b, Nans::Propagate, &format!("{special} at {i}"));
        check(&a, &b, Nans::Skip, &format!("{special} at {i}"));
    }
}

/// Python's `math.fsum` (correctly rounded), recorded by `tools/sum-cases/gen.py`
/// in `tests/data/sum/fsum.txt`: ordinary, cancelling, subnormal-only,
/// overflowing (from Python's `Fraction`s: `fsum` refuses them) and long random
/// cases; every form of the sum against each.
#[test]
fn python_fsum() {
    let text = include_str!("data/sum/fsum.txt");
    let mut n = 0;
    for line in text.lines().filter(|l| !cfg!(miri) || l.len() < 2000) {
        let mut words = line.split(' ');
        let kind = words.next().unwrap();
        assert!(kind == "fsum" || kind == "exact");
        let want = u64::from_str_radix(words.next().unwrap(), 16).unwrap();
        let xs: Vec<f64> = words
            .map(|w| f64::from_bits(u64::from_str_radix(w, 16).unwrap()))
            .collect();
        assert_eq!(sum(&xs, Nans::Propagate).to_bits(), want, "{line:.80}");
        let mut s = ExactSum::new();
        for &x in xs.iter().rev() {
            s.add(x);
        }
        assert_eq!(s.value().to_bits(), want, "add, reversed: {line:.80}");
        #[cfg(feature = "rayon")]
        assert_eq!(normkey::sum::par_sum(&xs, Nans::Propagate).to_bits(), want);
        n += 1;
    }
    assert!(n >= if cfg!(miri) { 16 } else { 25 }, "{n} cases");
}

/// `ExactSum::add_with` and `add_slice_with`: values with NaNs (any sign and
/// payload) among finite ones (and ±∞, ±0 in some cases), added in random
/// pieces, some value by value and some as slices; with `Nans::Skip` the count,
/// the value and the mean are `sum`'s and `mean`'s with `Nans::Skip` and the
/// oracle's, bit for bit; with `Nans::Propagate` those of `add_slice`.
fn nan_policy<F: Float>(seed: u64) {
    let f = F::ORACLE;
    let mut r = XorShift(seed);
    for case in 0..if cfg!(miri) { 4 } else { 60 } {
        // Under Miri a few dozen values: the oracle's rationals are slow there,
        // and the paths (pieces, value by value, both policies) are the same.
        let n = (r.next() % if cfg!(miri) { 40 } else { 3000 }) as usize;
        let xs: Vec<F> = (0..n)
            .map(|_| {
                let x = r.next();
                if x.is_multiple_of(5) {
                    // A NaN: any sign, any nonzero payload.
                    let payload = (x >> 8) & ((1 << f.mant) - 1);
                    let sign = (x >> 63) << (width(f) - 1);
                    F::of(sign | (((1 << f.exp) - 1) << f.mant) | payload.max(1))
                } else {
                    value(&mut r, if case % 7 == 6 { 5 } else { 1 + case % 3 }, 100)
                }
            })
            .collect();
        for nans in [Nans::Skip, Nans::Propagate] {
            let mut s = ExactSum::new();
            let mut rest = &xs[..];
            while !rest.is_empty() {
                let k = (r.next() % 200) as usize % (rest.len() + 1);
                let (piece, tail) = rest.split_at(k);
                if r.next().is_multiple_of(2) {
                    s.add_slice_with(piece, nans);
                } else {
                    for &x in piece {
                        s.add_with(x, nans);
                    }
                }
                rest = tail;
            }
            let bits: Vec<u64> = xs.iter().map(|&x| x.bits()).collect();
            let on = match nans {
                Nans::Skip => oracle::Nans::Skip,
                Nans::Propagate => oracle::Nans::Propagate,
            };
            let what = format!("case {case}, {nans:?}, {n} values");
            assert_eq!(s.mean().bits(), mean(&xs, nans).bits(), "{what}");
            assert_eq!(s.mean().bits(), oracle::mean(&bits, f, on), "{what}");
            assert_eq!(s.value().bits(), sum(&xs, nans).bits(), "{what}");
            assert_eq!(s.value().bits(), oracle::sum(&bits, f, f, on), "{what}");
            let not_nan = xs.iter().filter(|x| !x.to_f64().is_nan()).count() as u64;
            match nans {
                Nans::Skip => assert_eq!(s.count(), not_nan, "{what}"),
                Nans::Propagate => {
                    let mut whole = ExactSum::new();
                    whole.add_slice(&xs);
                    assert_eq!(s, whole, "{what}");
                    assert_eq!(s.count(), n as u64);
                }
            }
        }
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn nan_policy_of_the_accumulator() {
    nan_policy::<f32>(41);
    nan_policy::<f64>(43);
    #[cfg(feature = "half")]
    {
        nan_policy::<half::f16>(47);
        nan_policy::<half::bf16>(53);
    }
}

/// `ExactDot`: pairs split at random into pieces, each piece added pair by pair
/// or as slices into its own accumulator, the accumulators merged in a random
/// order: the value, bit for bit, `dot`'s of all the pairs and the oracle's,
/// with either NaN policy, on finite, subnormal, huge and special factors.
fn exact_dot<F: Float>(seed: u64) {
    use normkey::sum::ExactDot;
    let f = F::ORACLE;
    let mut r = XorShift(seed);
    for case in 0..if cfg!(miri) { 4 } else { 40 } {
        // Under Miri a few dozen pairs in pieces of up to 16 (the oracle's
        // rationals are slow there): the same paths.
        let n = (r.next() % if cfg!(miri) { 40 } else { 5000 }) as usize;
        let kind = [1, 2, 3, 4, 5][case % 5];
        let base = r.next() % (1 << f.exp);
        let a: Vec<F> = (0..n).map(|_| value(&mut r, kind, base)).collect();
        let b: Vec<F> = (0..n)
            .map(|_| value(&mut r, if case % 3 == 0 { 3 } else { kind }, base))
            .collect();
        for nans in [Nans::Skip, Nans::Propagate] {
            let mut parts: Vec<ExactDot<F>> = Vec::new();
            let mut at = 0;
            while at < n {
                let k = ((r.next() % if cfg!(miri) { 16 } else { 700 }) as usize).min(n - at);
                let (ca, cb) = (&a[at..at + k], &b[at..at + k]);
                let mut d = ExactDot::new();
                match r.next() % 3 {
                    0 => d.add_slices_with(ca, cb, nans),
                    1 => ca
                        .iter()
                        .zip(cb)
                        .for_each(|(&x, &y)| d.add_with(x, y, nans)),
                    _ => {
                        let h = k / 2;
                        d.add_slices_with(&ca[..h], &cb[..h], nans);
                        ca[h..]
                            .iter()
                            .zip(&cb[h..])
                            .for_each(|(&x, &y)| d.add_with(x, y, nans));
                    }
                }
                parts.push(d);
                at += k;
            }
            // Merge in a random order.
            let mut total = ExactDot::new();
            while !parts.is_empty() {
                let i = (r.next() % parts.len() as u64) as usize;
                total.merge(&parts.swap_remove(i));
            }
            let bits = |v: &[F]| v.iter().map(|&x| x.bits()).collect::<Vec<u64>>();
            let on = match nans {
                Nans::Skip => oracle::Nans::Skip,
                Nans::Propagate => oracle::Nans::Propagate,
            };
            let what = format!("case {case}, {nans:?}, {n} pairs");
            assert_eq!(total.value().bits(), dot(&a, &b, nans).bits(), "{what}");
            assert_eq!(
                total.value().bits(),
                oracle::dot(&bits(&a), &bits(&b), f, on),
                "{what}"
            );
            let nan_pairs = a
                .iter()
                .zip(&b)
                .filter(|(x, y)| x.to_f64().is_nan() || y.to_f64().is_nan())
                .count();
            let want_count = match nans {
                Nans::Skip => n - nan_pairs,
                Nans::Propagate => n,
            };
            assert_eq!(total.count(), want_count as u64, "{what}");
        }
    }
}

#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals and 64 KiB of counters per call: hours under Miri; the same code runs natively in every other stage"
)]
fn exact_dot_any_split() {
    // The sizes the docs state (64-bit targets).
    #[cfg(target_pointer_width = "64")]
    {
        use core::mem::size_of;
        use normkey::atomic::AtomicExactSum;
        use normkey::sum::ExactDot;
        assert_eq!(size_of::<ExactDot<f32>>(), 560);
        assert_eq!(size_of::<ExactDot<f64>>(), 1088);
        assert_eq!(size_of::<ExactSum<f32>>(), 104);
        assert_eq!(size_of::<ExactSum<f64>>(), 560);
        assert_eq!(size_of::<AtomicExactSum<f32>>(), 104);
        assert_eq!(size_of::<AtomicExactSum<f64>>(), 560);
    }
    exact_dot::<f32>(59);
    exact_dot::<f64>(61);
    #[cfg(feature = "half")]
    {
        exact_dot::<half::f16>(67);
        exact_dot::<half::bf16>(71);
    }
}

/// Threads adding into one `AtomicExactSum` (and flushing local sums into it):
/// the bits of the sequential sum of all their values, on every run.
#[test]
fn atomic_threads_against_the_sequential_sum() {
    use normkey::atomic::AtomicExactSum;
    use std::sync::atomic::Ordering::Relaxed;
    let per = if cfg!(miri) { 20 } else { 100_000 };
    let mut r = XorShift(21);
    let parts: Vec<Vec<f64>> = (0..4)
        .map(|t| {
            (0..per)
                .map(|_| value(&mut r, if t == 3 { 5 } else { 1 }, 1000))
                .collect()
        })
        .collect();
    let all: Vec<f64> = parts.concat();
    let shared = AtomicExactSum::<f64>::new();
    std::thread::scope(|s| {
        for (t, part) in parts.iter().enumerate() {
            let shared = &shared;
            s.spawn(move || {
                if t % 2 == 0 {
                    for &x in part {
                        shared.add(x, Relaxed);
                    }
                } else {
                    let mut local = ExactSum::new();
                    local.add_slice(part);
                    shared.add_sum(&local, Relaxed);
                }
            });
        }
    });
    assert_eq!(
        shared.value().to_bits(),
        sum(&all, Nans::Propagate).to_bits()
    );
    let finite: Vec<f64> = parts[..3].concat();
    let only_finite = AtomicExactSum::<f64>::new();
    std::thread::scope(|s| {
        for part in &parts[..3] {
            let only_finite = &only_finite;
            s.spawn(move || {
                for &x in part {
                    only_finite.add(x, Relaxed);
                }
            });
        }
    });
    let mut e = ExactSum::new();
    e.add_slice(&finite);
    assert!(e.value().is_finite());
    assert_eq!(only_finite.value().to_bits(), e.value().to_bits());
    assert_eq!(
        only_finite.value_as::<f32>().to_bits(),
        e.value_as::<f32>().to_bits()
    );
}

/// `AtomicExactSum::count`, `mean` and `take`: threads adding epochs of values
/// (specials among them), each epoch taken after a join; each taken state's
/// count, value and mean against the oracle's of that epoch's values, and the
/// taken states merged against the oracle's of all of them.
#[test]
fn atomic_count_mean_take() {
    use normkey::atomic::AtomicExactSum;
    use std::sync::atomic::Ordering::{AcqRel, Relaxed};
    let per = if cfg!(miri) { 10 } else { 5_000 };
    let mut r = XorShift(29);
    let shared = AtomicExactSum::<f32>::new();
    let mut total = ExactSum::new();
    let mut all: Vec<u64> = Vec::new();
    for epoch in 0..6_u64 {
        // Epoch 0 has no values; 3 has specials (NaN, ±∞); 5 only −0s.
        let n: usize = if epoch == 0 { 0 } else { per };
        let xs: Vec<f32> = (0..n)
            .map(|_| match epoch {
                3 => value(&mut r, 5, 100),
                5 => -0.0,
                _ => value(&mut r, epoch % 4, 100),
            })
            .collect();
        std::thread::scope(|s| {
            for (t, part) in xs.chunks(n.div_ceil(3).max(1)).enumerate() {
                let shared = &shared;
                s.spawn(move || {
                    if t == 1 {
                        let mut local = ExactSum::new();
                        local.add_slice(part);
                        shared.add_sum(&local, Relaxed);
                    } else {
                        for &x in part {
                            shared.add(x, Relaxed);
                        }
                    }
                });
            }
        });
        let bits: Vec<u64> = xs.iter().map(|x| u64::from(x.to_bits())).collect();
        let want_sum = oracle::sum(&bits, oracle::F32, oracle::F32, oracle::Nans::Propagate);
        let want_mean = oracle::mean(&bits, oracle::F32, oracle::Nans::Propagate);
        assert_eq!(shared.count(), n as u64, "epoch {epoch}");
        assert_eq!(
            u64::from(shared.value().to_bits()),
            want_sum,
            "epoch {epoch}"
        );
        assert_eq!(
            u64::from(shared.mean().to_bits()),
            want_mean,
            "epoch {epoch}"
        );
        let taken = shared.take(AcqRel);
        assert_eq!(taken.count(), n as u64);
        assert_eq!(
            u64::from(taken.value().to_bits()),
            want_sum,
            "epoch {epoch}"
        );
        assert_eq!(
            u64::from(taken.mean().to_bits()),
            want_mean,
            "epoch {epoch}"
        );
        // Empty again: +0, no values, a NaN mean.
        assert_eq!(shared.count(), 0);
        assert_eq!(shared.value().to_bits(), 0);
        assert!(shared.mean().is_nan());
        total.merge(&taken);
        all.extend(bits);
    }
    assert_eq!(total.count(), all.len() as u64);
    let want = oracle::sum(&all, oracle::F32, oracle::F32, oracle::Nans::Propagate);
    assert_eq!(u64::from(total.value().to_bits()), want);
    // A take after each value: the takes merged are the sum of every value.
    let s = AtomicExactSum::<f64>::new();
    let mut merged = ExactSum::new();
    let xs: Vec<f64> = (0..if cfg!(miri) { 20 } else { 2_000 })
        .map(|_| value(&mut r, 1, 1000))
        .collect();
    for &x in &xs {
        s.add(x, Relaxed);
        merged.merge(&s.take(Relaxed));
    }
    assert_eq!(
        merged.value().to_bits(),
        sum(&xs, Nans::Propagate).to_bits()
    );
    assert_eq!(
        merged.mean().to_bits(),
        mean(&xs, Nans::Propagate).to_bits()
    );
}

/// A scatter-add into many atomic sums (`new_boxed`), each against the oracle's
/// sum of its values; and the special values of one sum.
#[cfg(feature = "alloc")]
#[test]
fn atomic_scatter_and_specials() {
    use normkey::atomic::AtomicExactSum;
    use std::sync::atomic::Ordering::Relaxed;
    let n = if cfg!(miri) { 100 } else { 40_000 };
    let mut r = XorShift(23);
    let items: Vec<(usize, f32)> = (0..n)
        .map(|_| ((r.next() % 7) as usize, value(&mut r, 5, 100)))
        .collect();
    let bins = AtomicExactSum::<f32>::new_boxed(7);
    std::thread::scope(|s| {
        for chunk in items.chunks(n / 2) {
            let bins = &bins;
            s.spawn(move || {
                for &(b, x) in chunk {
                    bins[b].add(x, Relaxed);
                }
            });
        }
    });
    for (b, got) in bins.iter().enumerate() {
        let mine: Vec<u64> = items
            .iter()
            .filter(|i| i.0 == b)
            .map(|i| u64::from(i.1.to_bits()))
            .collect();
        let want = oracle::sum(&mine, oracle::F32, oracle::F32, oracle::Nans::Propagate);
        assert_eq!(u64::from(got.value().to_bits()), want, "bin {b}");
    }
    for (xs, want) in [
        (&[][..], 0.0_f32.to_bits()),
        (&[-0.0, -0.0][..], (-0.0_f32).to_bits()),
        (&[-0.0, 0.0][..], 0),
        (&[f32::INFINITY, 1.0][..], f32::INFINITY.to_bits()),
        (&[f32::INFINITY, f32::NEG_INFINITY][..], f32::NAN.to_bits()),
        (&[-f32::NAN, 1.0][..], f32::NAN.to_bits()),
        (&[f32::MAX, f32::MAX][..], f32::INFINITY.to_bits()),
    ] {
        let s = AtomicExactSum::<f32>::new();
        for &x in xs {
            s.add(x, Relaxed);
        }
        assert_eq!(s.value().to_bits(), want, "{xs:?}");
    }
}

/// Dot products whose high parts cancel: `Σ a[i]·b[i] − Σ round(a[i]·b[i])`,
/// so the result is made of the products' low bits alone (which a lost
/// remainder would change), for every float type, against the oracle.
#[test]
#[cfg_attr(
    miri,
    ignore = "the oracle's rationals: slow under Miri; natively in every other stage"
)]
fn dot_of_low_parts() {
    fn case<F: Float>(
        r: &mut XorShift,
        n: usize,
        base: u64,
        round: fn(F, F) -> F,
        neg: fn(F) -> F,
        one: F,
    ) {
        let mut a: Vec<F> = (0..n).map(|_| value(r, 1, base)).collect();
        let mut b: Vec<F> = (0..n).map(|_| value(r, 1, base / 2 + 20)).collect();
        let rounded: Vec<F> = a.iter().zip(&b).map(|(&x, &y)| round(x, y)).collect();
        a.extend(rounded.iter().map(|&p| neg(p)));
        b.extend(core::iter::repeat_n(one, n));
        let (ab, bb): (Vec<u64>, Vec<u64>) = (
            a.iter().map(|x| x.bits()).collect(),
            b.iter().map(|x| x.bits()).collect(),
        );
        assert_eq!(
            dot(&a, &b, Nans::Propagate).bits(),
            oracle::dot(&ab, &bb, F::ORACLE, oracle::Nans::Propagate),
            "n {n}"
        );
    }
    let mut r = XorShift(51);
    for n in [5, 300, 1000] {
        for base in [60, 100, 127, 150] {
            case::<f32>(&mut r, n, base, |x, y| x * y, |x| -x, 1.0);
        }
        for base in [700, 1000, 1023, 1300] {
            case::<f64>(&mut r, n, base, |x, y| x * y, |x| -x, 1.0);
        }
    }
}

/// The integer words (`ExactSum::to_words`, format `WORDS_VERSION`): for 1 to
/// 1000 random states (specials, −0 and empty states among them), the
/// elementwise sum of their words read back is their merge, bit for bit, and its
/// value and count are those of adding every value to one accumulator.
fn words_of<F: Float>(seed: u64) {
    let mut r = XorShift(seed);
    for &states in miri_thin(&[1_usize, 2, 3, 10, 100, 1000], 2) {
        let mut total = vec![0_i64; ExactSum::<F>::new().to_words().as_ref().len()];
        let mut merged = ExactSum::<F>::new();
        let mut whole = ExactSum::<F>::new();
        for _ in 0..states {
            let kind = r.next() % 7;
            let n = (r.next() % 6) as usize;
            let base = r.next() % 200;
            let xs: Vec<F> = (0..n)
                .map(|_| match kind {
                    6 => F::of(1 << (width(F::ORACLE) - 1)), // −0
                    k => value::<F>(&mut r, k, base),
                })
                .collect();
            let mut s = ExactSum::new();
            s.add_slice(&xs);
            whole.add_slice(&xs);
            merged.merge(&s);
            let w = s.to_words();
            assert_eq!(ExactSum::from_words(w.as_ref()), Ok(s), "one state");
            for (t, x) in total.iter_mut().zip(w.as_ref()) {
                *t += x;
            }
        }
        let back = ExactSum::<F>::from_words(&total).expect("a sum of states' words");
        assert_eq!(back, merged, "{states} states");
        assert_eq!(back.value().bits(), whole.value().bits(), "{states} states");
        assert_eq!(back.mean().bits(), whole.mean().bits(), "{states} states");
        assert_eq!(back.count(), whole.count());
        // Normalized again: one state's words.
        let again = back.to_words();
        assert_eq!(again.as_ref()[0], 1);
        assert_eq!(ExactSum::from_words(again.as_ref()), Ok(back));
    }
}

#[test]
fn words_sum_is_the_merge() {
    words_of::<f32>(11);
    words_of::<f64>(12);
    #[cfg(feature = "half")]
    {
        words_of::<half::f16>(13);
        words_of::<half::bf16>(14);
    }
}

/// Words that no sum of valid states gives are rejected, never read as a sum.
#[test]
fn malformed_words() {
    use normkey::sum::WordsError;
    let mut s = ExactSum::<f64>::new();
    s.add_slice(&[1.5, -2.0e300, f64::INFINITY]);
    let w = s.to_words();
    let ok = |w: &[i64]| ExactSum::<f64>::from_words(w);
    assert_eq!(
        ok(&w[..76]),
        Err(WordsError::Length {
            expected: 77,
            got: 76
        })
    );
    assert_eq!(
        ExactSum::<f32>::from_words(&w),
        Err(WordsError::Length {
            expected: 20,
            got: 77
        })
    );
    let mut f32s = ExactSum::<f32>::new().to_words();
    f32s[1] = 68_404; // f64's tag in f32's length (and f32's, where bf16's is read)
    assert_eq!(ExactSum::<f32>::from_words(&f32s), Err(WordsError::Tag));
    let set = |i: usize, v: i64| {
        let mut b = w;
        b[i] = v;
        b
    };
    assert_eq!(ok(&set(0, 0)), Err(WordsError::Tag)); // no states
    assert_eq!(ok(&set(0, -1)), Err(WordsError::Tag));
    assert_eq!(ok(&set(0, 2)), Err(WordsError::Tag)); // the tag of one state
    assert_eq!(ok(&set(1, 2 * 68_404)), Err(WordsError::Tag)); // two states' tag, one state
    assert_eq!(ok(&set(2, -1)), Err(WordsError::Range { index: 2 })); // a negative count
    assert_eq!(ok(&set(3, 1 << 32)), Err(WordsError::Range { index: 3 }));
    assert_eq!(ok(&set(5, 2)), Err(WordsError::Range { index: 5 })); // a flag of 2 in one state
    assert_eq!(ok(&set(9, -1)), Err(WordsError::Range { index: 9 })); // a digit below 0
    assert_eq!(ok(&set(9, 1 << 32)), Err(WordsError::Range { index: 9 }));
    assert_eq!(ok(&set(76, 1 << 31)), Err(WordsError::Range { index: 76 })); // the last digit
    // Two states whose last digits carry past the last limb.
    let mut two = set(76, (1 << 31) - 1);
    two[0] = 2;
    two[1] = 2 * 68_404;
    two[75] = 2 * ((1 << 32) - 1);
    assert_eq!(
        ExactSum::<f64>::from_words(&two),
        Err(WordsError::Range { index: 76 })
    );
    // Values counted as none.
    let mut empty = ExactSum::<f64>::new().to_words();
    empty[20] = 7;
    assert_eq!(ok(&empty), Err(WordsError::Empty));
    let mut empty = ExactSum::<f64>::new().to_words();
    empty[4] = 1;
    assert_eq!(ok(&empty), Err(WordsError::Empty));
    // A sum that its count of values cannot reach: one f32 of 2^320 quanta.
    let mut big = ExactSum::<f32>::new().to_words();
    big[2] = 1; // one value
    big[7] = 1;
    big[19] = 1; // digit 10: 2^320 · 2^−149, past f32::MAX
    assert_eq!(ExactSum::<f32>::from_words(&big), Err(WordsError::Sum));
    big[2] = 1 << 31; // 2^31 values of up to 2^128 reach 2^159: still short
    assert_eq!(ExactSum::<f32>::from_words(&big), Err(WordsError::Sum));
    big[19] = 0;
    big[18] = 1 << 10; // 2^298 quanta = 2^149 = 2^31 · 2^118: reachable
    assert!(ExactSum::<f32>::from_words(&big).is_ok());
    // The oldest words read as they were written (version 1): 1.25 in f32.
    let mut one = [0_i64; 20];
    one[..9].copy_from_slice(&[1, 67_607, 2, 0, 0, 0, 0, 1, 0]);
    one[9 + 4] = 2_621_440; // 5 · 2^19 on digit 4: 1.25 / 2^−149
    assert_eq!(
        ExactSum::<f32>::from_words(&one).map(|s| s.value()),
        Ok(1.25)
    );
}

/// The stack the docs state (issue 54): `sum`, `mean`, `dot` and
/// `ExactSum::add_slice` of every type, on 256 values and on 20,000, in a thread
/// of 128 KiB, the same bits as on the main thread. Optimized x86-64 builds
/// keep the slice loop's counters once (81 KiB at most, the `f64` dot product);
/// unoptimized builds and other targets, whose frames the figures were not
/// measured on, get 1 MiB: a check that nothing grows with the input. The
/// thumbv7em frames are checked by `tools/stack-sizes/check.py`.
#[test]
#[cfg_attr(miri, ignore = "Miri does not model a thread's stack size")]
fn on_a_small_stack() {
    fn all<F: Float>(r: &mut XorShift, n: usize) -> [u64; 7] {
        // Runs of each kind: blocks on grids and by counters, NaNs and ±∞.
        let xs: Vec<F> = (0..n).map(|i| value(r, (i as u64 / 97) % 6, 0)).collect();
        let ys: Vec<F> = (0..n).map(|i| value(r, (i as u64 / 89) % 5, 0)).collect();
        let run = move || {
            let mut s = ExactSum::<F>::new();
            s.add_slice(&xs);
            [
                sum(&xs, Nans::Propagate).bits(),
                sum(&xs, Nans::Skip).bits(),
                mean(&xs, Nans::Skip).bits(),
                dot(&xs, &ys, Nans::Propagate).bits(),
                dot(&xs, &ys, Nans::Skip).bits(),
                s.value().bits(),
                s.count(),
            ]
        };
        let small = std::thread::scope(|sc| {
            std::thread::Builder::new()
                .stack_size(STACK)
                .spawn_scoped(sc, run.clone())
                .expect("spawn")
                .join()
                .expect("the call overflowed the small stack or panicked")
        });
        assert_eq!(small, run(), "{n} values");
        small
    }
    const STACK: usize = if cfg!(any(debug_assertions, not(target_arch = "x86_64"))) {
        1024 * 1024
    } else {
        128 * 1024
    };
    let mut r = XorShift(54);
    for n in [256, 20_000] {
        all::<f32>(&mut r, n);
        all::<f64>(&mut r, n);
        #[cfg(feature = "half")]
        {
            all::<half::f16>(&mut r, n);
            all::<half::bf16>(&mut r, n);
        }
    }
}

/// A user's trait whose names are the common ones (`num_traits`'s `to_u64`,
/// `from_u64`, `ZERO`; `widen`, `exponent`, `as_f64`), implemented for every
/// float and used on `F: SumFloat + AtomicSumFloat`: the calls resolve to it
/// (the sealed supertraits bring no method and none of these names: no E0034).
mod colliding_names {
    use normkey::atomic::AtomicSumFloat;
    use normkey::sum::{ExactSum, SumFloat};

    #[allow(clippy::wrong_self_convention)] // the names are the point
    trait Collide: Sized {
        const ZERO: Self;
        const FORMAT_NAME: &'static str;
        fn to_u64(self) -> u64;
        fn from_u64(n: u64) -> Self;
        fn widen(self) -> f64;
        fn exponent(self) -> u32;
        fn as_f64(xs: &[Self]) -> usize;
        fn as_f32(self) -> f32;
    }

    macro_rules! collide {
        ($f:ty, $name:expr) => {
            impl Collide for $f {
                const ZERO: Self = <$f>::MAX; // not zero: the user's own constant
                const FORMAT_NAME: &'static str = $name;
                fn to_u64(self) -> u64 {
                    7
                }
                fn from_u64(n: u64) -> Self {
                    <$f>::from(n as u8)
                }
                fn widen(self) -> f64 {
                    -1.0
                }
                fn exponent(self) -> u32 {
                    99
                }
                fn as_f64(xs: &[Self]) -> usize {
                    xs.len()
                }
                fn as_f32(self) -> f32 {
                    0.5
                }
            }
        };
    }
    collide!(f32, "f32");
    collide!(f64, "f64");
    #[cfg(feature = "half")]
    collide!(half::f16, "f16");
    #[cfg(feature = "half")]
    collide!(half::bf16, "bf16");

    fn generic<F: SumFloat + AtomicSumFloat + Collide>(x: F) -> (u64, F, f64, u32, usize, f32, F) {
        let mut s = ExactSum::<F>::new();
        s.add(x);
        (
            s.value().to_u64(),
            F::from_u64(3),
            x.widen(),
            x.exponent(),
            F::as_f64(&[x, x]),
            x.as_f32(),
            F::ZERO,
        )
    }

    #[test]
    fn user_trait_names_do_not_collide() {
        assert_eq!(generic(1.5_f32), (7, 3.0, -1.0, 99, 2, 0.5, f32::MAX));
        assert_eq!(generic(1.5_f64), (7, 3.0, -1.0, 99, 2, 0.5, f64::MAX));
        #[cfg(feature = "half")]
        {
            let h = half::f16::from_f32(1.5);
            assert_eq!(generic(h).6, half::f16::MAX);
            assert_eq!(
                generic(half::bf16::from_f32(1.5)).1,
                half::bf16::from_f32(3.0)
            );
        }
        assert_eq!(<f32 as Collide>::FORMAT_NAME, "f32");
    }

    /// The same for `texture::Texel`, whose sealed supertrait had the methods
    /// `to_le` and `to_channels`.
    #[allow(clippy::wrong_self_convention)] // the names are the point
    trait TexelNames {
        fn to_le(self) -> u8;
        fn to_channels(self) -> u8;
    }
    impl TexelNames for normkey::texture::Rgba8Unorm {
        fn to_le(self) -> u8 {
            1
        }
        fn to_channels(self) -> u8 {
            2
        }
    }

    fn texel<T: normkey::texture::Texel + TexelNames>(x: T) -> (u8, u8, [f32; 4]) {
        (x.to_le(), x.to_channels(), x.to_rgba())
    }

    #[test]
    fn user_trait_names_do_not_collide_with_texel() {
        let x = normkey::texture::Rgba8Unorm::from_rgba([0.0, 1.0, 0.0, 1.0]);
        assert_eq!(texel(x), (1, 2, [0.0, 1.0, 0.0, 1.0]));
    }
}
