//! Exact sums, means and dot products of IEEE 754 binary floats given as bits,
//! in rationals, rounded once to nearest, ties to even (IEEE 754-2019 §4.3.1,
//! §6.1–6.3 for ∞, NaN and the sign of an exact zero). Never calls normkey.

// Bit fields of float encodings and limbs: the casts take low bits or
// reinterpret two's complement on purpose, and the short names are the
// standard's (sign, exponent, significand).
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names,
    clippy::similar_names,
    clippy::missing_panics_doc
)]

extern crate alloc;
use alloc::vec::Vec;
use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

/// A binary format: stored significand bits and exponent bits.
#[derive(Clone, Copy, Debug)]
pub struct Format {
    /// Significand bits without the implicit one (23 for binary32).
    pub mant: u32,
    /// Exponent bits (8 for binary32).
    pub exp: u32,
}

/// binary16.
pub const F16: Format = Format { mant: 10, exp: 5 };
/// bfloat16.
pub const BF16: Format = Format { mant: 7, exp: 8 };
/// binary32.
pub const F32: Format = Format { mant: 23, exp: 8 };
/// binary64.
pub const F64: Format = Format { mant: 52, exp: 11 };

/// A decoded value.
#[derive(Clone, Debug)]
enum Value {
    Nan,
    Inf(bool),
    /// The value and whether it is −0.
    Finite(Dyadic, bool),
}

/// A finite value `n · 2^e`: what every float and every product of two is. The
/// sums add these as integers scaled to the smallest exponent (one rational at
/// the end): adding rationals one by one reduced a fraction per term and took
/// 87 s on the long slices' tests.
#[derive(Clone, Debug)]
struct Dyadic {
    n: BigInt,
    e: i64,
}

fn pow2(e: i64) -> BigRational {
    let p = BigInt::one() << e.unsigned_abs();
    if e >= 0 {
        BigRational::from_integer(p)
    } else {
        BigRational::new(BigInt::one(), p)
    }
}

fn decode(bits: u64, f: Format) -> Value {
    let bias = (1_i64 << (f.exp - 1)) - 1;
    let sign = bits >> (f.mant + f.exp) & 1 == 1;
    let e = (bits >> f.mant) & ((1 << f.exp) - 1);
    let m = bits & ((1 << f.mant) - 1);
    if e == (1 << f.exp) - 1 {
        return if m == 0 { Value::Inf(sign) } else { Value::Nan };
    }
    // Subnormal: 0.m · 2^(1 − bias); normal: 1.m · 2^(e − bias).
    let (sig, exp) = if e == 0 {
        (m, 1 - bias)
    } else {
        (m + (1 << f.mant), e as i64 - bias)
    };
    let n = BigInt::from(sig);
    let n = if sign { -n } else { n };
    let e = exp - i64::from(f.mant);
    Value::Finite(Dyadic { n, e }, sign && sig == 0)
}

/// The bits of the positive quiet NaN with no payload.
#[must_use]
pub fn nan(f: Format) -> u64 {
    ((1 << f.exp) - 1) << f.mant | 1 << (f.mant - 1)
}

fn inf(f: Format, negative: bool) -> u64 {
    ((1 << f.exp) - 1) << f.mant | u64::from(negative) << (f.mant + f.exp)
}

/// `v` rounded to nearest, ties to even, in format `f`: bits (±∞ on overflow).
#[must_use]
pub fn round(v: &BigRational, f: Format) -> u64 {
    let negative = v.is_negative();
    let sign = u64::from(negative) << (f.mant + f.exp);
    if v.is_zero() {
        return sign;
    }
    let bias = (1_i64 << (f.exp - 1)) - 1;
    let (emin, emax) = (1 - bias, bias);
    let a = v.abs();
    // 2^e ≤ a < 2^(e + 1)
    let mut e = a.numer().bits() as i64 - a.denom().bits() as i64;
    while a < pow2(e) {
        e -= 1;
    }
    while a >= pow2(e + 1) {
        e += 1;
    }
    // The unit of the last place: of e's binade, or of the subnormals.
    let mut u = e.max(emin) - i64::from(f.mant);
    let scaled = &a / pow2(u);
    let mut q = scaled.floor().to_integer();
    let rest = scaled - BigRational::from_integer(q.clone());
    let half = BigRational::new(BigInt::one(), BigInt::from(2));
    if rest > half || (rest == half && q.is_odd()) {
        q += 1;
    }
    if q == BigInt::one() << (f.mant + 1) {
        q >>= 1;
        u += 1;
    }
    if u + i64::from(f.mant) > emax {
        return inf(f, negative);
    }
    let q: u64 = q.try_into().expect("at most mant + 1 bits");
    if q < 1 << f.mant {
        return sign | q; // subnormal (or the smallest normal after rounding up is handled above)
    }
    let field = (u + i64::from(f.mant) + bias) as u64;
    sign | field << f.mant | (q - (1 << f.mant))
}

/// What to do with NaN inputs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nans {
    /// Any NaN gives NaN.
    Propagate,
    /// NaNs are left out (and not counted by the mean).
    Skip,
}

/// The terms of a sum (values, or products): `None` for a term left out.
fn total(terms: &[Value], target: Format, divide_by_count: bool) -> u64 {
    let (mut pos_inf, mut neg_inf, mut any_nan) = (false, false, false);
    let mut all_neg_zero = !terms.is_empty();
    let mut finite = Vec::new();
    for t in terms {
        match t {
            Value::Nan => any_nan = true,
            Value::Inf(neg) => {
                all_neg_zero = false;
                if *neg { neg_inf = true } else { pos_inf = true }
            }
            Value::Finite(v, neg_zero) => {
                all_neg_zero &= *neg_zero;
                finite.push(v);
            }
        }
    }
    // Σ n·2^e = 2^emin · Σ n·2^(e − emin), in integers.
    let emin = finite.iter().map(|v| v.e).min().unwrap_or(0);
    let mut scaled = BigInt::zero();
    for v in &finite {
        scaled += &v.n << (v.e - emin) as u64;
    }
    let mut s = BigRational::from_integer(scaled) * pow2(emin);
    if divide_by_count && terms.is_empty() {
        return nan(target);
    }
    if any_nan || (pos_inf && neg_inf) {
        return nan(target);
    }
    if pos_inf || neg_inf {
        return inf(target, neg_inf);
    }
    if divide_by_count {
        s /= BigRational::from_integer(BigInt::from(terms.len()));
    }
    if s.is_zero() {
        return u64::from(all_neg_zero) << (target.mant + target.exp);
    }
    round(&s, target)
}

fn values(bits: &[u64], f: Format, nans: Nans) -> Vec<Value> {
    bits.iter()
        .map(|&b| decode(b, f))
        .filter(|v| nans == Nans::Propagate || !matches!(v, Value::Nan))
        .collect()
}

/// The exact sum of the values (bits of format `f`), rounded once to `target`.
#[must_use]
pub fn sum(bits: &[u64], f: Format, target: Format, nans: Nans) -> u64 {
    total(&values(bits, f, nans), target, false)
}

/// The exact mean of the values, rounded once to `f`; no values: NaN.
#[must_use]
pub fn mean(bits: &[u64], f: Format, nans: Nans) -> u64 {
    total(&values(bits, f, nans), f, true)
}

/// The exact dot product, rounded once to `f`: products by IEEE 754's rules
/// (`∞ · 0` is NaN, a product's sign the XOR of the signs); `Skip` leaves out the
/// pairs with a NaN factor.
#[must_use]
pub fn dot(a: &[u64], b: &[u64], f: Format, nans: Nans) -> u64 {
    let sign_of = |x: u64| x >> (f.mant + f.exp) & 1 == 1;
    let mut terms = Vec::new();
    for (&x, &y) in a.iter().zip(b) {
        let (vx, vy) = (decode(x, f), decode(y, f));
        let negative = sign_of(x) != sign_of(y);
        let t = match (&vx, &vy) {
            (Value::Nan, _) | (_, Value::Nan) => {
                if nans == Nans::Skip {
                    continue;
                }
                Value::Nan
            }
            (Value::Inf(_), Value::Finite(v, _)) | (Value::Finite(v, _), Value::Inf(_))
                if v.n.is_zero() =>
            {
                Value::Nan
            }
            (Value::Inf(_), _) | (_, Value::Inf(_)) => Value::Inf(negative),
            (Value::Finite(p, _), Value::Finite(q, _)) => {
                let r = Dyadic {
                    n: &p.n * &q.n,
                    e: p.e + q.e,
                };
                let neg_zero = r.n.is_zero() && negative;
                Value::Finite(r, neg_zero)
            }
        };
        terms.push(t);
    }
    total(&terms, f, false)
}

/// The binary16 code nearest to `n · 2^−24` (every sum of two binary16 values is
/// such a number, with `|n| < 2^41`), ties to the even code, in integer
/// arithmetic: magnitudes below 2^11 are their own codes (the subnormals and the
/// first binade), larger ones keep their top 11 bits, rounded on the rest;
/// 65520 and above are ±∞. Zero is +0 (the caller decides the sign of a zero).
#[must_use]
pub fn f16_from_fixed(n: i64) -> u16 {
    let sign = if n < 0 { 0x8000 } else { 0 };
    let a = n.unsigned_abs();
    if a < 1 << 11 {
        return sign | a as u16;
    }
    let shift = 64 - a.leading_zeros() - 11;
    let mut q = a >> shift;
    let rest = a & ((1 << shift) - 1);
    let half = 1 << (shift - 1);
    if rest > half || (rest == half && q % 2 == 1) {
        q += 1;
    }
    let mut e = u64::from(shift) + 1;
    if q == 1 << 11 {
        q >>= 1;
        e += 1;
    }
    if e >= 31 {
        return sign | 0x7C00;
    }
    sign | (e << 10 | (q - 1024)) as u16
}

#[cfg(test)]
mod tests {
    extern crate std;

    #[test]
    fn f16_from_fixed_is_f16_nearest() {
        // Against the table search of `f16_nearest`, over a range with every
        // binade and the overflow edge (65520 = 1098178560 · 2^−24).
        for n in (-(1_i64 << 41)..(1 << 41))
            .step_by(999_983)
            .chain(-5000..5000)
            .chain(1_098_178_000..1_098_179_000)
        {
            let x = n as f64 * 2f64.powi(-24);
            if n != 0 {
                assert_eq!(super::f16_from_fixed(n), crate::f16_nearest(x), "{n}");
            }
        }
    }
}
