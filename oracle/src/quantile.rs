//! Quantiles from NumPy's definitions (`numpy/lib/_function_base_impl.py`,
//! `_QuantileMethods`, NumPy 2.4), every step in exact rational arithmetic, the
//! result rounded once to a binary format; the infinities and zeros by the rules
//! `normkey::sort::quantile` documents (its choices where NumPy's `float64`
//! arithmetic gives NaN).

// The formulas keep the single letters of NumPy's and H&F's notation (n, p, x, h,
// g); NumPy is a name, not code.
#![allow(clippy::many_single_char_names, clippy::doc_markdown)]

extern crate alloc;

use alloc::vec::Vec;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

/// The `method` quantile (NumPy's name) of `data` at probability `p` in `[0, 1]`,
/// rounded to nearest-even in the format of `precision` significant bits whose
/// smallest subnormal is `2^min_exp` (`(24, −149)` for `f32`, `(53, −1074)` for
/// `f64`, `(11, −24)` for `f16`, `(8, −133)` for `bf16`), as the `f64` holding it.
/// NaNs are dropped when `skip_nans`, else any NaN gives NaN; no values gives NaN.
///
/// # Panics
///
/// On an unknown method name or a NaN `p`.
#[must_use]
pub fn quantile(
    data: &[f64],
    p: f64,
    method: &str,
    skip_nans: bool,
    precision: u32,
    min_exp: i32,
) -> f64 {
    if !skip_nans && data.iter().any(|x| x.is_nan()) {
        return f64::NAN;
    }
    let mut x: Vec<f64> = data.iter().copied().filter(|x| !x.is_nan()).collect();
    if x.is_empty() {
        return f64::NAN;
    }
    // By value, −0 before +0.
    x.sort_by(f64::total_cmp);
    let n = x.len();
    let nn = BigRational::from_integer(BigInt::from(n));
    let p = BigRational::from_float(p).expect("p is not NaN");
    let one = BigRational::one();
    let half = BigRational::new(1.into(), 2.into());
    let rat = |a: i64, b: i64| BigRational::new(a.into(), b.into());
    let idx = |r: &BigRational| -> usize {
        // Clamped to the slice, as NumPy's bounds and clips do.
        let i = r.to_integer();
        if i.is_negative() {
            0
        } else {
            i.to_usize().unwrap_or(n - 1).min(n - 1)
        }
    };
    let pick = |i: usize| x[i];
    let lerp_at = |h: BigRational, fix: &dyn Fn(&BigRational) -> BigRational| -> f64 {
        // `_get_indexes`: below 0 is x[0], at or above n − 1 is x[n − 1].
        if h.is_negative() {
            return x[0];
        }
        if h >= &nn - &one {
            return x[n - 1];
        }
        let j = h.floor();
        let g = fix(&(&h - &j));
        let j = idx(&j);
        lerp(x[j], x[j + 1], &g, precision, min_exp)
    };
    let id = |g: &BigRational| g.clone();
    let continuous = |alpha: BigRational, beta: BigRational| {
        let h = &nn * &p + &alpha + &p * (&one - &alpha - &beta) - &one;
        lerp_at(h, &id)
    };
    let l = (&nn - &one) * &p;
    match method {
        "linear" => lerp_at(l, &id),
        "lower" => pick(idx(&l.floor())),
        "higher" => pick(idx(&l.ceil())),
        "nearest" => {
            let f = l.floor();
            let g = &l - &f;
            let even = f.to_integer().is_even();
            let i = if g > half || (g == half && !even) {
                f + &one
            } else {
                f
            };
            pick(idx(&i))
        }
        "midpoint" => {
            if l.is_integer() {
                pick(idx(&l))
            } else {
                lerp(
                    x[idx(&l.floor())],
                    x[idx(&l.ceil())],
                    &half,
                    precision,
                    min_exp,
                )
            }
        }
        "inverted_cdf" | "closest_observation" => {
            let h = if method == "inverted_cdf" {
                &nn * &p - &one
            } else {
                &nn * &p - &one - &half
            };
            let prev = h.floor();
            let g = &h - &prev;
            let odd = prev.to_integer().is_odd();
            let take_prev = if method == "inverted_cdf" {
                g.is_zero()
            } else {
                g.is_zero() && odd
            };
            pick(idx(&if take_prev { prev } else { prev + &one }))
        }
        "averaged_inverted_cdf" => lerp_at(&nn * &p - &one, &|g: &BigRational| {
            if g.is_zero() {
                half.clone()
            } else {
                one.clone()
            }
        }),
        "interpolated_inverted_cdf" => continuous(rat(0, 1), rat(1, 1)),
        "hazen" => continuous(rat(1, 2), rat(1, 2)),
        "weibull" => continuous(rat(0, 1), rat(0, 1)),
        "median_unbiased" => continuous(rat(1, 3), rat(1, 3)),
        "normal_unbiased" => continuous(rat(3, 8), rat(3, 8)),
        _ => panic!("unknown method {method}"),
    }
}

/// `a + g · (b − a)` for `a ≤ b` and `0 ≤ g ≤ 1`, rounded: `g = 0` is `a`, `g = 1`
/// is `b`; an infinite neighbour wins, `−∞` to `+∞` is NaN; an exact zero is `+0`
/// unless both neighbours are `−0`.
fn lerp(a: f64, b: f64, g: &BigRational, precision: u32, min_exp: i32) -> f64 {
    if g.is_zero() {
        return a;
    }
    if g.is_one() {
        return b;
    }
    match (a.is_infinite(), b.is_infinite()) {
        (true, true) if a == b => return a,
        (true, true) => return f64::NAN,
        (true, false) => return a,
        (false, true) => return b,
        (false, false) => {}
    }
    let (ra, rb) = (exact(a), exact(b));
    let v = &ra + g * (&rb - &ra);
    if v.is_zero() {
        let both_negative = a.is_sign_negative() && b.is_sign_negative();
        return if both_negative { -0.0 } else { 0.0 };
    }
    round(&v, precision, min_exp)
}

/// The exact value of a finite `x`.
fn exact(x: f64) -> BigRational {
    BigRational::from_float(x).expect("finite")
}

/// `2^e` as a rational.
fn pow2(e: i32) -> BigRational {
    let p = BigInt::one() << e.unsigned_abs();
    if e >= 0 {
        BigRational::from_integer(p)
    } else {
        BigRational::new(BigInt::one(), p)
    }
}

/// `2^e` for `−1022 ≤ e ≤ 1023`, from its bits.
fn pow2f(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// `v ≠ 0` rounded to nearest, ties to even, to `precision` bits and subnormals
/// down to `2^min_exp`.
fn round(v: &BigRational, precision: u32, min_exp: i32) -> f64 {
    let mag = v.abs();
    // 2^e ≤ |v| < 2^(e + 1).
    let mut e =
        i32::try_from(mag.numer().bits()).unwrap() - i32::try_from(mag.denom().bits()).unwrap();
    while mag < pow2(e) {
        e -= 1;
    }
    while mag >= pow2(e + 1) {
        e += 1;
    }
    let u = (e - i32::try_from(precision).unwrap() + 1).max(min_exp);
    let scaled = &mag / pow2(u);
    let mut q = scaled.floor().to_integer();
    let rest = &scaled - BigRational::from_integer(q.clone());
    let half = BigRational::new(1.into(), 2.into());
    if rest > half || (rest == half && q.is_odd()) {
        q += 1;
    }
    let q = q.to_f64().unwrap(); // at most 2^precision: exact
    // q · 2^u in two exact steps (2^u alone may be outside f64's range).
    let r = q * pow2f(u / 2) * pow2f(u - u / 2);
    if v.is_negative() { -r } else { r }
}

#[cfg(test)]
mod tests {
    use super::quantile;

    #[test]
    fn numpy_doc_examples() {
        // numpy.quantile's docstring: [[10, 7, 4], [3, 2, 1]] flattened, q = 0.5.
        let a = [10.0, 7.0, 4.0, 3.0, 2.0, 1.0];
        assert_eq!(quantile(&a, 0.5, "linear", true, 53, -1074), 3.5);
        assert_eq!(quantile(&a, 0.5, "lower", true, 53, -1074), 3.0);
        assert_eq!(quantile(&a, 0.5, "higher", true, 53, -1074), 4.0);
        assert_eq!(quantile(&a, 0.5, "midpoint", true, 53, -1074), 3.5);
        assert_eq!(quantile(&a, 0.5, "inverted_cdf", true, 53, -1074), 3.0);
        assert_eq!(
            quantile(&a, 0.5, "averaged_inverted_cdf", true, 53, -1074),
            3.5
        );
        // 1/3 in f64 rounds to 0x3FD5555555555555; the exact answer differs
        // from 1/3 in the last bits only.
        let third = quantile(&[0.0, 1.0], 1.0 / 3.0, "linear", true, 53, -1074);
        assert_eq!(third, 1.0 / 3.0);
        assert!(quantile(&[1.0, f64::NAN], 0.5, "linear", false, 53, -1074).is_nan());
        assert_eq!(
            quantile(&[f64::NEG_INFINITY, 1.0], 0.25, "linear", true, 53, -1074),
            f64::NEG_INFINITY
        );
    }
}
