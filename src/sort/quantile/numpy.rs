//! [`Rounding::NumPy`](super::Rounding::NumPy): `numpy.quantile`'s own float
//! steps, transcribed from `numpy/lib/_function_base_impl.py` (`NumPy` 2.4:
//! `_QuantileMethods`, `_compute_virtual_index`, `_inverted_cdf`,
//! `_closest_observation`, `_get_indexes`, `_get_gamma`, `_lerp`). The virtual
//! index is computed in `f64` whatever the element type, as `NumPy` computes it
//! from a `float64` `q`; the interpolation in the element type
//! ([`Float::numpy_lerp`](super::sealed::Float::numpy_lerp)).

use super::Method;
use super::pick::Pick;

/// `⌊x⌋` for a finite `x` with `|x| < 2^63` (`core` has no `f64::floor`).
#[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
fn floor(x: f64) -> f64 {
    // Toward zero, exact: `|x| < 2^63`, and an integer of that size is an `f64`.
    let t = x as i64 as f64;
    if t > x { t - 1.0 } else { t }
}

/// `⌈x⌉`, as [`floor`].
fn ceil(x: f64) -> f64 {
    -floor(-x)
}

/// `numpy.around`: to the nearest integer, a tie to the even one.
#[allow(clippy::cast_possible_truncation, clippy::float_cmp)] // NumPy's exact tests
fn around(x: f64) -> f64 {
    let f = floor(x);
    let d = x - f; // exact: the fraction of an f64
    if d > 0.5 || (d == 0.5 && (f as i64) & 1 == 1) {
        f + 1.0
    } else {
        f
    }
}

/// What `numpy.quantile(x, p, method)` reads of `n ≥ 1` ordered values, by its
/// `float64` steps: one value ([`Pick::At`], the discrete methods), or two and
/// the weight that [`_lerp`](super::sealed::Float::numpy_lerp) takes
/// ([`Pick::Steps`]; the two are the same value outside the data, where `NumPy`
/// still interpolates, with a weight outside `[0, 1]`).
// The letters of NumPy's code: n, p (its `quantiles`), h (`virtual_indexes`), g.
#[allow(
    clippy::float_cmp, // NumPy's exact tests (`gamma == 0`, `index % 1 == 0`)
    clippy::many_single_char_names,
    clippy::cast_precision_loss, // n as f64, as NumPy's int * float64 array
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss
)]
pub(super) fn pick(method: Method, n: usize, p: f64) -> Pick {
    let nf = n as f64;
    let last = n - 1;
    // `take` after `astype(intp)`: below zero clipped (`res[res < 0] = 0`; the
    // other methods' indexes are not negative), never above `n − 1` (`as usize`
    // saturates; the min is a guard).
    let at = |i: f64| Pick::At((i as usize).min(last));
    // `_compute_virtual_index`, in its order of operations.
    let cvi = |alpha: f64, beta: f64| nf * p + (alpha + p * (1.0 - alpha - beta)) - 1.0;
    let h = match method {
        Method::Lower => return at(floor((nf - 1.0) * p)),
        Method::Higher => return at(ceil((nf - 1.0) * p)),
        Method::Nearest => return at(around((nf - 1.0) * p)),
        Method::InvertedCdf | Method::ClosestObservation => {
            // `_inverted_cdf`, `_closest_observation`: `(n * q) - 1 [- 0.5]`.
            let h = if method == Method::InvertedCdf {
                nf * p - 1.0
            } else {
                nf * p - 1.0 - 0.5
            };
            let prev = floor(h);
            let odd = method == Method::InvertedCdf || (prev as i64) & 1 == 1;
            return at(if h - prev == 0.0 && odd {
                prev
            } else {
                prev + 1.0
            });
        }
        Method::Linear => (nf - 1.0) * p,
        Method::Midpoint => 0.5 * (floor((nf - 1.0) * p) + ceil((nf - 1.0) * p)),
        Method::AveragedInvertedCdf => nf * p - 1.0,
        Method::InterpolatedInvertedCdf => cvi(0.0, 1.0),
        Method::Hazen => cvi(0.5, 0.5),
        Method::Weibull => cvi(0.0, 0.0),
        Method::MedianUnbiased => cvi(1.0 / 3.0, 1.0 / 3.0),
        Method::NormalUnbiased => cvi(3.0 / 8.0, 3.0 / 8.0),
    };
    // `_get_indexes`: above the data both neighbours are the last value
    // (`previous_indexes` −1), below it the first (0); `_get_gamma` subtracts
    // those.
    let (prev, j, k) = if h >= nf - 1.0 {
        (-1.0, last, last)
    } else if h < 0.0 {
        (0.0, 0, 0)
    } else {
        let prev = floor(h);
        (prev, prev as usize, prev as usize + 1)
    };
    let g = h - prev;
    // `fix_gamma`.
    let g = match method {
        Method::AveragedInvertedCdf if g == 0.0 => 0.5,
        Method::AveragedInvertedCdf => 1.0,
        Method::Midpoint if h == floor(h) => 0.0,
        Method::Midpoint => 0.5,
        _ => g,
    };
    Pick::Steps(j, k, g)
}

/// `x` rounded to `f32` toward zero, the last bit set where that was inexact
/// (round to odd): rounded again to 8 or 11 bits, it gives `x` correctly
/// rounded (24 ≥ 11 + 2 bits), as one rounding of `x` would.
#[cfg(feature = "half")]
#[allow(clippy::cast_possible_truncation, clippy::float_cmp)] // exact tests
fn to_f32_odd(x: f64) -> f32 {
    let r = x as f32;
    let bits = r.to_bits();
    if f64::from(r) == x || bits & 1 == 1 || r.is_infinite() {
        return r;
    }
    // `r` is the even neighbour of `x`: the odd one is one step toward `x`
    // (the bits of a float's magnitude are ordered as its magnitude).
    if f64::from(r).abs() > x.abs() {
        f32::from_bits(bits - 1)
    } else {
        f32::from_bits(bits + 1)
    }
}

/// `x` correctly rounded to `f16` (`NumPy`'s cast of a Python float).
#[cfg(feature = "half")]
pub(super) fn to_f16(x: f64) -> half::f16 {
    half::f16::from_f32(to_f32_odd(x))
}

/// `x` correctly rounded to `bf16`.
#[cfg(feature = "half")]
pub(super) fn to_bf16(x: f64) -> half::bf16 {
    half::bf16::from_f32(to_f32_odd(x))
}

#[cfg(all(test, feature = "half"))]
mod tests {
    #[allow(clippy::float_cmp)]
    /// `x` between the neighbours `lo < hi` (non-negative, of bits `lo_bits`
    /// and `lo_bits + 1`), rounded to nearest, ties to even: which neighbour.
    fn nearest(x: f64, lo: f64, hi: f64, lo_bits: u16) -> bool {
        let mid = lo + (hi - lo) / 2.0;
        x > mid || (x == mid && lo_bits & 1 == 1)
    }

    /// One rounding, at and around every tie of `f16` and `bf16`, both signs
    /// (`half`'s `from_f64` is no reference: it rounds some subnormal halves
    /// down, as through `f32`).
    #[test]
    #[cfg_attr(miri, ignore = "2^15 codes of safe code: run natively")]
    #[allow(clippy::float_cmp)]
    fn to_f16_rounds_once() {
        for bits in 0..0x7c00_u16 {
            let lo = f64::from(half::f16::from_bits(bits));
            let hi = f64::from(half::f16::from_bits(bits + 1));
            let mid = lo + (hi - lo) / 2.0;
            for x in [
                lo,
                mid,
                mid * (1.0 + f64::EPSILON),
                mid * (1.0 - f64::EPSILON),
            ] {
                let up = nearest(x, lo, hi, bits);
                let want = half::f16::from_bits(bits + u16::from(up));
                assert_eq!(super::to_f16(x), want, "{x:e}");
                assert_eq!(super::to_f16(-x), -want, "{x:e}");
            }
        }
        for bits in 0..0x7f80_u16 {
            let lo = f64::from(half::bf16::from_bits(bits));
            let hi = f64::from(half::bf16::from_bits(bits + 1));
            let mid = lo + (hi - lo) / 2.0;
            for x in [
                lo,
                mid,
                mid * (1.0 + f64::EPSILON),
                mid * (1.0 - f64::EPSILON),
            ] {
                let up = nearest(x, lo, hi, bits);
                let want = half::bf16::from_bits(bits + u16::from(up));
                assert_eq!(super::to_bf16(x), want, "{x:e}");
                assert_eq!(super::to_bf16(-x), -want, "{x:e}");
            }
        }
    }
}
