//! Exact arithmetic on fixed-size integers, for [`interpolate`](super::interpolate): the
//! neighbours and the weight as integers of `LIMBS` limbs, one rounding at the end.

use super::pick::Frac;

/// 64-bit limbs of [`Big`]: room for a neighbour shifted over the whole
/// `f64` exponent range (2,098 bits) times a weight of 1,077 bits, plus the
/// guard bits of the rounding.
const LIMBS: usize = 54;

/// An unsigned integer of `LIMBS` limbs, least significant first.
#[derive(Clone, Copy)]
struct Big([u64; LIMBS]);

impl Big {
    fn from_u128(x: u128) -> Self {
        let mut b = Self([0; LIMBS]);
        #[allow(clippy::cast_possible_truncation)] // the low and high halves
        {
            b.0[0] = x as u64;
            b.0[1] = (x >> 64) as u64;
        }
        b
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// `self <<= bits`, in place (each limb is read before it is written: the
    /// loop runs from the top).
    fn shl_assign(&mut self, bits: u32) {
        debug_assert!(self.bit_len() + bits <= 64 * 54);
        let (limbs, rest) = ((bits / 64) as usize, bits % 64);
        for i in (0..LIMBS).rev() {
            self.0[i] = if i < limbs {
                0
            } else {
                let below = if rest > 0 && i > limbs {
                    self.0[i - limbs - 1] >> (64 - rest)
                } else {
                    0
                };
                (self.0[i - limbs] << rest) | below
            };
        }
    }

    /// `self += other`, in place.
    fn add_assign(&mut self, other: &Self) {
        let mut carry = false;
        for i in 0..LIMBS {
            let (s, c1) = self.0[i].overflowing_add(other.0[i]);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            self.0[i] = s;
            carry = c1 || c2;
        }
        debug_assert!(!carry);
    }

    /// `self += x`, in place.
    fn add_u128(&mut self, x: u128) {
        let mut carry = x;
        for limb in &mut self.0 {
            if carry == 0 {
                break;
            }
            let t = u128::from(*limb) + (carry & u128::from(u64::MAX));
            #[allow(clippy::cast_possible_truncation)] // the low half
            {
                *limb = t as u64;
            }
            carry = (carry >> 64) + (t >> 64);
        }
        debug_assert!(carry == 0);
    }

    /// `self −= other`, in place, for `self ≥ other`.
    fn sub_assign(&mut self, other: &Self) {
        let mut borrow = false;
        for i in 0..LIMBS {
            let (s, b1) = self.0[i].overflowing_sub(other.0[i]);
            let (s, b2) = s.overflowing_sub(u64::from(borrow));
            self.0[i] = s;
            borrow = b1 || b2;
        }
        debug_assert!(!borrow);
    }

    fn mul(&self, other: &Self) -> Self {
        let mut out = Self([0; LIMBS]);
        let len = |b: &Self| b.0.iter().rposition(|&l| l != 0).map_or(0, |i| i + 1);
        let (la, lb) = (len(self), len(other));
        debug_assert!(la + lb <= LIMBS);
        for i in 0..la {
            let mut carry = 0_u128;
            for j in 0..lb {
                let t = u128::from(self.0[i]) * u128::from(other.0[j])
                    + u128::from(out.0[i + j])
                    + carry;
                #[allow(clippy::cast_possible_truncation)] // the low half
                {
                    out.0[i + j] = t as u64;
                }
                carry = t >> 64;
            }
            if i + lb < LIMBS {
                #[allow(clippy::cast_possible_truncation)] // below 2^64
                {
                    out.0[i + lb] = carry as u64;
                }
            }
        }
        out
    }

    /// `self /= d` in place, for `d ≥ 1`; returns the remainder.
    fn div_small_assign(&mut self, d: u64) -> u64 {
        let mut rem = 0_u128;
        for limb in self.0.iter_mut().rev() {
            let cur = (rem << 64) | u128::from(*limb);
            #[allow(clippy::cast_possible_truncation)] // cur / d < 2^64 as rem < d
            {
                *limb = (cur / u128::from(d)) as u64;
            }
            rem = cur % u128::from(d);
        }
        #[allow(clippy::cast_possible_truncation)] // below d
        {
            rem as u64
        }
    }

    #[allow(clippy::cast_possible_truncation)] // at most 64 · LIMBS
    fn bit_len(&self) -> u32 {
        self.0
            .iter()
            .rposition(|&l| l != 0)
            .map_or(0, |i| 64 * i as u32 + 64 - self.0[i].leading_zeros())
    }

    fn bit(&self, i: u32) -> bool {
        self.0
            .get((i / 64) as usize)
            .is_some_and(|&l| l >> (i % 64) & 1 == 1)
    }

    /// Bits `lo..lo + 64` as an integer.
    fn bits_from(&self, lo: u32) -> u64 {
        let (i, rest) = ((lo / 64) as usize, lo % 64);
        let low = self.0.get(i).map_or(0, |&l| l >> rest);
        let high = match self.0.get(i + 1) {
            Some(&h) if rest > 0 => h << (64 - rest),
            _ => 0,
        };
        low | high
    }

    /// Whether any bit below `i` is set.
    fn any_below(&self, i: u32) -> bool {
        let (limbs, rest) = ((i / 64) as usize, i % 64);
        if limbs >= LIMBS {
            return !self.is_zero();
        }
        self.0[..limbs].iter().any(|&l| l != 0)
            || (rest > 0 && self.0[limbs] & ((1 << rest) - 1) != 0)
    }
}

/// `x` as `(negative, m, e)` with `|x| = m · 2^e` (finite `x`).
fn parts(x: f64) -> (bool, u64, i32) {
    let bits = x.to_bits();
    let field = i32::try_from((bits >> 52) & 0x7ff).unwrap_or(0);
    let frac = bits & ((1 << 52) - 1);
    let neg = bits >> 63 == 1;
    if field == 0 {
        (neg, frac, -1074)
    } else {
        (neg, frac | 1 << 52, field - 1075)
    }
}

/// `2^e` for `−1022 ≤ e ≤ 1023`.
fn pow2(e: i32) -> f64 {
    #[allow(clippy::cast_sign_loss)] // e + 1023 ≥ 1
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// `a + g · (b − a)` for finite `a < b` and `0 < g < 1`, rounded once to
/// `precision` significant bits with subnormals down to `2^min_exp`
/// (to nearest, ties to even), as an `f64` (which holds the result exactly).
#[allow(clippy::many_single_char_names)] // a, b, g as in the formula
pub(super) fn lerp(a: f64, b: f64, g: Frac, precision: u32, min_exp: i32) -> f64 {
    let ((na, ma, ea), (nb, mb, eb)) = (parts(a), parts(b));
    let e0 = ea.min(eb);
    // g = gn / den; the value is (a · (den − gn) + b · gn) / den. The integers
    // are updated in place, four of them alive at most (a firmware's stack).
    let mut gn = Big::from_u128(u128::from(g.t));
    gn.shl_assign(g.s);
    gn.add_u128(g.r);
    let mut big = Big::from_u128(u128::from(mb));
    #[allow(clippy::cast_sign_loss)] // eb ≥ e0
    big.shl_assign((eb - e0) as u32);
    let mut pb = big.mul(&gn);
    // `big` becomes den − gn, then `gn` becomes a.
    big = Big::from_u128(u128::from(g.d));
    big.shl_assign(g.s);
    big.sub_assign(&gn);
    gn = Big::from_u128(u128::from(ma));
    #[allow(clippy::cast_sign_loss)] // ea ≥ e0
    gn.shl_assign((ea - e0) as u32);
    let mut pa = gn.mul(&big);
    let (neg, x) = if na == nb {
        pa.add_assign(&pb);
        (na, &mut pa)
    } else if ge(&pa, &pb) {
        pa.sub_assign(&pb);
        (na, &mut pa)
    } else {
        pb.sub_assign(&pa);
        (nb, &mut pb)
    };
    if x.is_zero() {
        return 0.0;
    }
    // value = x · 2^e0 / (d · 2^s) = y · 2^e (+ the remainder), y having at
    // least 61 bits: the rounding position is inside y.
    x.shl_assign(64);
    let rem = x.div_small_assign(g.d);
    let y = &*x;
    #[allow(clippy::cast_possible_wrap)] // s ≤ 1074
    let e = e0 - g.s as i32 - 64;
    #[allow(clippy::cast_possible_wrap)] // at most 64 · LIMBS
    let len = y.bit_len() as i32;
    #[allow(clippy::cast_possible_wrap)]
    let u = (e + len - precision as i32).max(min_exp);
    #[allow(clippy::cast_sign_loss)] // u > e, shown above
    let shift = (u - e) as u32;
    debug_assert!(shift > 0);
    let mut q = y.bits_from(shift);
    if y.bit(shift - 1) && (rem != 0 || y.any_below(shift - 1) || q & 1 == 1) {
        q += 1;
    }
    // q ≤ 2^precision ≤ 2^53: exact as an f64; q · 2^u is representable.
    #[allow(clippy::cast_precision_loss)]
    let q = q as f64;
    let r = if u < -900 {
        q * pow2(u + 200) * pow2(-200)
    } else {
        q * pow2(u)
    };
    if neg { -r } else { r }
}

/// `a ≥ b`.
fn ge(a: &Big, b: &Big) -> bool {
    a.0.iter().rev().cmp(b.0.iter().rev()) != core::cmp::Ordering::Less
}
