//! `NumPy`'s quantile methods as exact ranks and weights: the virtual index of a
//! probability (`virtual_index`), and what it asks of the ordered values (`pick`,
//! `Pick`: one value, or two and the exact fraction `Frac` between them, or
//! two and `NumPy`'s `float64` weight).

use super::Method;

/// The fraction `g = (t · 2^s + r) / (d · 2^s)` of a virtual index, in `[0, 1)`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frac {
    pub(super) t: u64,
    pub(super) r: u128,
    pub(super) s: u32,
    pub(super) d: u64,
}

impl Frac {
    const HALF: Self = Self {
        t: 1,
        r: 0,
        s: 0,
        d: 2,
    };

    pub(super) fn is_zero(self) -> bool {
        self.t == 0 && self.r == 0
    }

    /// The sign of `g − 1/2`, for fractions with `d = 1` (`t = 0`).
    fn cmp_half(self) -> core::cmp::Ordering {
        debug_assert!(self.d == 1 && self.t == 0);
        match self.s {
            // g = 0, or g = r / 2^s < 2^121 / 2^128.
            0 | 129.. => core::cmp::Ordering::Less,
            s => self.r.cmp(&(1_u128 << (s - 1))),
        }
    }
}

/// What a probability asks of the ordered values.
#[derive(Clone, Copy, Debug)]
pub(super) enum Pick {
    /// `x[i]`.
    At(usize),
    /// `x[j] + g · (x[j + 1] − x[j])`, `0 < g < 1`, `j + 1 < n`.
    Lerp(usize, Frac),
    /// `NumPy`'s `_lerp(x[j], x[k], g)` in the element type's arithmetic
    /// ([`Rounding::NumPy`](super::Rounding::NumPy)); `k` is `j + 1`, or `j`
    /// outside the data.
    Steps(usize, usize, f64),
}

/// The exact `(⌊h⌋, h − ⌊h⌋)` of `method`'s virtual index for `n ≥ 1` values
/// and the probability `p` in `[0, 1]`.
// The letters of the formulas: n, p, h, g as in the module docs.
#[allow(clippy::many_single_char_names)]
pub(super) fn virtual_index(method: Method, n: usize, p: f64) -> (i128, Frac) {
    let (a, b, c, d) = method.index();
    // p = m · 2^−s exactly, m < 2^53 (p ≤ 1, so s ≥ 0).
    let bits = p.to_bits();
    let field = i32::try_from((bits >> 52) & 0x7ff).unwrap_or(0);
    let frac = bits & ((1 << 52) - 1);
    let (m, e) = if field == 0 {
        (frac, -1074)
    } else {
        (frac | 1 << 52, field - 1075)
    };
    let s = e.unsigned_abs();
    debug_assert!(e <= 0 || m == 0);
    // k = a·n + b ≤ 8·2^64 + 2 and m < 2^53: the product fits in 121 bits.
    let k = (a * n as u128).wrapping_add_signed(b);
    let prod = u128::from(m) * k;
    let (q, r) = if s >= 128 {
        (0, prod)
    } else {
        (prod >> s, prod & ((1 << s) - 1))
    };
    // h · d = q + c + r / 2^s with 0 ≤ r / 2^s < 1.
    #[allow(clippy::cast_possible_wrap)] // q < 2^121
    let whole = q as i128 + c;
    let j = whole.div_euclid(d);
    #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)] // in [0, d)
    let t = whole.rem_euclid(d) as u64;
    #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)] // 1 to 8
    let d = d as u64;
    (j, Frac { t, r, s, d })
}

/// Which values `method` reads for `p` among `n ≥ 1`.
pub(super) fn pick(method: Method, n: usize, p: f64) -> Pick {
    let (j, g) = virtual_index(method, n, p);
    let last = n - 1;
    // An index clamped to `[0, n − 1]`.
    let at = |i: i128| Pick::At(usize::try_from(i.max(0)).map_or(last, |i| i.min(last)));
    let outside = j < 0 || j >= last as i128;
    match method {
        Method::Lower => at(j),
        // `higher`, and H&F 1 at `h = np − 1`: the next index unless `h` is whole.
        Method::Higher | Method::InvertedCdf => at(j + i128::from(!g.is_zero())),
        Method::Nearest => match g.cmp_half() {
            core::cmp::Ordering::Less => at(j),
            core::cmp::Ordering::Equal => at(j + (j & 1)),
            core::cmp::Ordering::Greater => at(j + 1),
        },
        Method::ClosestObservation => at(j + i128::from(!(g.is_zero() && j.rem_euclid(2) == 1))),
        Method::Midpoint | Method::AveragedInvertedCdf if outside => at(j),
        Method::Midpoint if g.is_zero() => at(j),
        Method::Midpoint => lerp(j, Frac::HALF),
        Method::AveragedInvertedCdf if g.is_zero() => lerp(j, Frac::HALF),
        Method::AveragedInvertedCdf => at(j + 1),
        _ if outside || g.is_zero() => at(j),
        _ => lerp(j, g),
    }
}

/// [`Pick::Lerp`] at `0 ≤ j < n − 1`.
pub(super) fn lerp(j: i128, g: Frac) -> Pick {
    #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    Pick::Lerp(j as usize, g)
}
