//! Arbitrary bytes -> floats of every width (NaNs of both signs and any payload,
//! ±0, infinities, subnormals): `normkey::sort`'s selection (`select`,
//! `select_by_key`, `select_many`), top-k (`top_k`, `top_k_indices`,
//! `top_k_by_key`, the `_with_buffer` forms with scratch of any length, which
//! refills, and `par_top_k`) and quantiles (`quantiles_with_buffer`, `quantile`,
//! `quantiles`, `par_quantiles`, every method and NaN policy) against a model
//! built on the sort.
//!
//! The model of selection and top-k is `std`'s stable `sort_by` with the
//! matching comparator (`total_cmp` for the floats, NaN last for `NanLast`,
//! reversed for `Reverse`), indexed; that of the quantiles is
//! `normkey_oracle::quantile`, which sorts a copy with `total_cmp` (NaNs dropped
//! or propagated) and interpolates in exact rationals.
#![no_main]

use std::cmp::{Ordering, Reverse};
use std::fmt::Debug;

use half::{bf16, f16};
use libfuzzer_sys::fuzz_target;
use normkey::sort::{
    self, Method, NanLast, Nans, QuantileError, QuantileFloat, SortKey, TopKError,
};
use normkey_oracle::nan_last_cmp as nan_last;

/// What the target needs of an element type.
trait Elem: QuantileFloat + SortKey + Send + Sync + Debug + PartialOrd {
    /// Bytes per element in the input.
    const BYTES: usize;
    /// Significant bits and the smallest subnormal's exponent (the oracle's format).
    const FORMAT: (u32, i32);
    fn from_le(b: &[u8]) -> Self;
    fn bits(self) -> u64;
    fn to_f64(self) -> f64;
    /// The value of an `f64` that the type holds exactly.
    fn from_f64(x: f64) -> Self;
    fn total_cmp(a: &Self, b: &Self) -> Ordering;
    fn nan() -> Self;
}

macro_rules! elem {
    ($($t:ty, $n:expr, $prec:expr, $min:expr, $int:ty, $from:expr;)*) => {$(
        impl Elem for $t {
            const BYTES: usize = $n;
            const FORMAT: (u32, i32) = ($prec, $min);
            fn from_le(b: &[u8]) -> Self {
                <$t>::from_bits(<$int>::from_le_bytes(b.try_into().unwrap()))
            }
            fn bits(self) -> u64 {
                self.to_bits().into()
            }
            fn to_f64(self) -> f64 {
                self.into()
            }
            fn from_f64(x: f64) -> Self {
                $from(x)
            }
            fn total_cmp(a: &Self, b: &Self) -> Ordering {
                a.total_cmp(b)
            }
            fn nan() -> Self {
                <$t>::NAN
            }
        }
    )*};
}
elem! {
    f32, 4, 24, -149, u32, |x| x as f32;
    f64, 8, 53, -1074, u64, |x| x;
    f16, 2, 11, -24, u16, f16::from_f64;
    bf16, 2, 8, -133, u16, bf16::from_f64;
}

/// The knobs an input sets besides its values.
struct Knobs {
    /// Seeds of ranks and `k`s.
    ranks: [u16; 4],
    /// Extra scratch of the `_with_buffer` forms (from `2k`: refills often).
    extra: usize,
    /// The quantile method.
    method: Method,
    /// Probability codes ([`prob`]).
    probs: Vec<u8>,
}

/// A probability for `n` values from a code: the edges, invalid ones (NaN,
/// below 0, above 1), the knots of the methods (`i / (n − 1)`, `i / n`,
/// `(i + 1/2) / n`, … for `i` from either end) exactly or their float
/// neighbours, or a fraction.
fn prob(code: u8, n: usize) -> f64 {
    let row = code >> 4;
    if row == 0 {
        return [
            0.0,
            1.0,
            -0.0,
            5e-324,
            1.0 - f64::EPSILON / 2.0,
            0.5,
            f64::NAN,
            -f64::NAN,
            1.5,
            -5e-324,
            1.0 + f64::EPSILON,
            f64::INFINITY,
            0.25,
            1.0 / 3.0,
            0.75,
            0.1,
        ][usize::from(code & 15)];
    }
    if row > 12 {
        return f64::from(code) / 256.0 + f64::from(code & 15) / 4096.0;
    }
    let nf = n as f64;
    // `i`: 0 to 3 from the start, or n − 1 to n − 4.
    let i = code & 7;
    let i = if i < 4 {
        f64::from(i)
    } else {
        nf - f64::from(i - 3)
    };
    let knot = match (row - 1) % 6 {
        0 => i / (nf - 1.0).max(1.0),
        1 => i / nf,
        2 => (i + 0.5) / nf,
        3 => (i + 1.0) / (nf + 1.0),
        4 => (i + 2.0 / 3.0) / (nf + 1.0 / 3.0),
        _ => (i + 5.0 / 8.0) / (nf + 0.25),
    };
    // The knot, or its neighbour below or above (when still a probability).
    match ((code >> 3) & 1) + 2 * ((row - 1) / 6) {
        1 if knot > 0.0 && knot <= 1.0 => f64::from_bits(knot.to_bits() - 1),
        2 if (0.0..1.0).contains(&knot) => f64::from_bits(knot.to_bits() + 1),
        _ => knot,
    }
}

/// Selection and top-k of `v` (keys `K`) against `std`'s stable sort by `cmp`,
/// compared by `bits`.
fn check_keys<K: SortKey + Send + Sync + Debug, B: PartialEq + Debug>(
    v: &[K],
    knobs: &Knobs,
    cmp: impl Fn(&K, &K) -> Ordering,
    bits: impl Fn(&K) -> B,
) {
    let n = v.len();
    // `(v[i], i)` for every `i`: the records of the by-key forms.
    let records: Vec<(K, usize)> = v.iter().copied().zip(0..).collect();
    let mut recs = records.clone();
    recs.sort_by(|a, b| cmp(&a.0, &b.0));
    let want: Vec<B> = recs.iter().map(|r| bits(&r.0)).collect();
    let idx: Vec<usize> = recs.iter().map(|r| r.1).collect();
    let got = |x: &[K]| x.iter().map(&bits).collect::<Vec<_>>();

    // Ranks: the knobs' (up to n + 1: past the end too), the first and the last.
    let ranks: Vec<usize> = knobs
        .ranks
        .iter()
        .map(|&r| usize::from(r) % (n + 2))
        .chain([0, n.saturating_sub(1)])
        .collect();
    for &k in &ranks {
        assert_eq!(
            sort::select(v, k).map(|x| bits(&x)),
            want.get(k).map(|_| bits(&recs[k].0)),
            "select {k}"
        );
        let by_key = sort::select_by_key(&records, k, |r| r.0);
        assert_eq!(
            by_key.map(|r| r.1),
            idx.get(k).copied(),
            "select_by_key {k}"
        );
    }
    let mut out = vec![None; ranks.len()];
    sort::select_many(v, &ranks, &mut out);
    for (&k, o) in ranks.iter().zip(&out) {
        assert_eq!(
            o.map(|x| bits(&x)),
            want.get(k).map(|_| bits(&recs[k].0)),
            "select_many {k}"
        );
    }

    for &k in &ranks {
        let top = sort::top_k(v, k);
        if k > n {
            assert_eq!(top.err(), Some(TopKError::TooMany { k, len: n }));
            assert!(sort::top_k_indices(v, k).is_err());
            assert!(sort::top_k_by_key(v, k, |&x| x).is_err());
            assert!(sort::par_top_k(v, k).is_err());
            continue;
        }
        assert_eq!(got(&top.unwrap()), want[..k], "top_k {k}");
        assert_eq!(
            sort::top_k_indices(v, k).unwrap(),
            idx[..k],
            "top_k_indices {k}"
        );
        let by_key = sort::top_k_by_key(&records, k, |r| r.0).unwrap();
        assert_eq!(
            by_key.iter().map(|r| r.1).collect::<Vec<_>>(),
            idx[..k],
            "top_k_by_key {k}"
        );
        assert_eq!(
            got(&sort::par_top_k(v, k).unwrap()),
            want[..k],
            "par_top_k {k}"
        );
        let Some(&fill) = v.first() else { continue };
        // The `_with_buffer` forms: scratch from `2k` (a buffer that refills
        // every `k` candidates), and one too short.
        let mut out = vec![fill; k];
        let mut scratch = vec![fill; 2 * k + knobs.extra];
        sort::top_k_with_buffer(v, &mut out, &mut scratch).unwrap();
        assert_eq!(
            got(&out),
            want[..k],
            "top_k_with_buffer {k} + {}",
            knobs.extra
        );
        let mut out_i = vec![0; k];
        let mut scratch_i = vec![(fill, 0); 2 * k + knobs.extra];
        sort::top_k_indices_with_buffer(v, &mut out_i, &mut scratch_i).unwrap();
        assert_eq!(out_i, idx[..k], "top_k_indices_with_buffer {k}");
        if k > 0 {
            let e = sort::top_k_with_buffer(v, &mut out, &mut scratch[..2 * k - 1]);
            assert_eq!(
                e,
                Err(TopKError::ShortBuffer {
                    name: "scratch",
                    len: 2 * k - 1,
                    need: 2 * k
                })
            );
        }
    }
}

/// Every quantile form of `v` against the oracle, bit for bit (a NaN must be
/// the canonical one), with the knobs' method and every NaN policy.
fn check_quantiles<F: Elem>(v: &[F], knobs: &Knobs) {
    let values = v.iter().filter(|x| !x.to_f64().is_nan()).count();
    let probs: Vec<f64> = knobs.probs.iter().map(|&c| prob(c, values)).collect();
    let bad = probs.iter().position(|p| !(0.0..=1.0).contains(p));
    let wide: Vec<f64> = v.iter().map(|x| x.to_f64()).collect();
    let (precision, min_exp) = F::FORMAT;
    let method = knobs.method;
    for nans in [Nans::Skip, Nans::Propagate] {
        let mut out = vec![F::from_f64(0.0); probs.len()];
        let r = sort::quantiles_with_buffer(v, &probs, &mut out, method, nans);
        if let Some(index) = bad {
            let e: Result<(), _> = Err(QuantileError::Probability {
                index,
                value: probs[index],
            });
            assert_eq!(format!("{r:?}"), format!("{e:?}")); // NaN != NaN
            assert!(out.iter().all(|x| x.bits() == 0), "out changed on an error");
            assert!(sort::quantiles(v, &probs, method, nans).is_err());
            assert!(sort::par_quantiles(v, &probs, method, nans).is_err());
            assert!(sort::quantile(v, probs[index], method, nans).is_err());
            continue;
        }
        r.unwrap();
        for (&p, &got) in probs.iter().zip(&out) {
            let want = normkey_oracle::quantile::quantile(
                &wide,
                p,
                method.numpy_name(),
                nans == Nans::Skip,
                precision,
                min_exp,
            );
            let want = if want.is_nan() {
                F::nan().bits()
            } else {
                F::from_f64(want).bits()
            };
            assert_eq!(
                got.bits(),
                want,
                "{} {nans:?} p = {p:e} ({:#x}): got {got:?}",
                method.numpy_name(),
                p.to_bits()
            );
        }
        let bits = |x: &[F]| x.iter().map(|x| x.bits()).collect::<Vec<_>>();
        assert_eq!(
            bits(&sort::quantiles(v, &probs, method, nans).unwrap()),
            bits(&out),
            "quantiles"
        );
        assert_eq!(
            bits(&sort::par_quantiles(v, &probs, method, nans).unwrap()),
            bits(&out),
            "par_quantiles"
        );
        if let (Some(&p), Some(&o)) = (probs.first(), out.first()) {
            assert_eq!(
                sort::quantile(v, p, method, nans).unwrap().bits(),
                o.bits(),
                "quantile"
            );
        }
    }
}

/// Every check on the values of `bytes` as `F`.
fn check<F: Elem>(bytes: &[u8], knobs: &Knobs)
where
    NanLast<F>: SortKey + Send + Sync + Debug,
{
    let v: Vec<F> = bytes.chunks_exact(F::BYTES).map(F::from_le).collect();
    check_keys(&v, knobs, F::total_cmp, |x| x.bits());
    let nl: Vec<NanLast<F>> = v.iter().map(|&x| NanLast(x)).collect();
    check_keys(&nl, knobs, |a, b| nan_last(&a.0, &b.0), |x| x.0.bits());
    let rev: Vec<Reverse<NanLast<F>>> = nl.iter().map(|&x| Reverse(x)).collect();
    check_keys(
        &rev,
        knobs,
        |a, b| nan_last(&b.0.0, &a.0.0),
        |x| x.0.0.bits(),
    );
    // The oracle sorts a copy per probability and interpolates in rationals:
    // at most 1,024 values.
    check_quantiles(&v[..v.len().min(1024)], knobs);
}

fuzz_target!(|data: &[u8]| {
    // A head byte (the type in its low bits; the high bits repeat the values so
    // that some slices are long and full of ties), 12 bytes of knobs, the values.
    let Some((&head, rest)) = data.split_first() else {
        return;
    };
    let (knob_bytes, values) = rest.split_at(rest.len().min(12));
    let mut kb = [0_u8; 12];
    kb[..knob_bytes.len()].copy_from_slice(knob_bytes);
    let probs = usize::from(kb[7] % 6);
    let knobs = Knobs {
        ranks: [0, 2, 4, 6].map(|i| u16::from_le_bytes([kb[i], kb[i + 1]])),
        extra: usize::from(kb[1] % 64),
        method: Method::ALL[usize::from(kb[3]) % Method::ALL.len()],
        probs: kb[8..8 + probs.min(4)]
            .iter()
            .copied()
            .chain(kb[..probs.saturating_sub(4)].iter().copied())
            .collect(),
    };
    let repeat = match head >> 4 {
        15 => 16,
        r => 1 + usize::from(r % 3),
    };
    let bytes: Vec<u8> = values
        .iter()
        .copied()
        .cycle()
        .take(values.len() * repeat)
        .collect();
    match head % 4 {
        0 => check::<f32>(&bytes, &knobs),
        1 => check::<f64>(&bytes, &knobs),
        2 => check::<f16>(&bytes, &knobs),
        _ => check::<bf16>(&bytes, &knobs),
    }
});
