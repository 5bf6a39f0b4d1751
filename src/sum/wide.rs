//! The wide integer every exact sum accumulates into, and its one rounding.
//!
//! A finite float of a [`Format`] is `sig · 2^(pos + quantum)` with `sig` its
//! significand (with the implicit bit for normal numbers) and `pos = max(e, 1) − 1`
//! for a biased exponent `e`, so every finite value is an integer multiple of
//! `2^quantum`, the format's smallest subnormal. A sum of them is a signed integer
//! `N` times `2^quantum`, held here in limbs of 32-bit digits, `N = Σ limb[i] ·
//! 2^(32·i)`.
//!
//! # Carries that are never lost, in any order
//!
//! Each limb is an `i64` holding a digit of weight `2^(32·i)` and 30 bits of room
//! above it. An addition puts at most `2^62` into a limb (`add_digit`); whoever
//! moves a limb across `±2^62` (out of the band `[−2^62, 2^62)`, or back into it)
//! moves `2^63` of it into a carry of `±2^31` to the next limb, with two more
//! additions. That is the scheme of `ExBLAS` (Collange, Defour, Graillat,
//! Iakymchuk, 2015) made symmetric: every step is an addition, so the limbs can be
//! plain integers (`&mut [i64]`) or atomic ones (`fetch_add`, in
//! `crate::atomic::exact_sum`) and the steps of several threads can interleave in
//! any order. The proof: count, on the true (unwrapped) value of a limb, the bands
//! `[k·2^63 − 2^62, k·2^63 + 2^62)`. An addition of at most `2^62` crosses at most
//! one band edge, and the adder who crossed it moves the limb back one band
//! (`±2^63`, the same bits either way in two's complement) and carries the same
//! amount into the next limb: the number is unchanged, and once every adder has
//! finished, every limb but the last is back in band 0, where its `i64` is its
//! true value. The last limb takes carries without passing them on; the number of
//! limbs leaves it room for any sum of up to `2^64` values (`limbs_needed`).
//!
//! # Rounding
//!
//! [`round`] gives the nearest value of a target format, ties to even, with the
//! format's own subnormals and overflow to ±∞ where the rounded magnitude reaches
//! `2^(emax + 1)`: one rounding of the exact number, as IEEE 754 asks of `+`.

// Bit fields of float encodings and limbs: the casts take low bits or
// reinterpret two's complement on purpose, and the short names are the
// standard's (sign, exponent, significand).
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names
)]

/// A binary interchange format: explicit significand bits and exponent bits.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Format {
    /// Significand bits stored (23 for `f32`), without the implicit bit.
    pub(crate) mant: u32,
    /// Exponent bits (8 for `f32`).
    pub(crate) exp_bits: u32,
}

impl Format {
    /// The bits of the format: sign, exponent and significand.
    pub(crate) const fn width(self) -> u32 {
        1 + self.exp_bits + self.mant
    }

    /// The biased exponent of ±∞ and NaN.
    pub(crate) const fn all_ones(self) -> u64 {
        (1 << self.exp_bits) - 1
    }

    /// The exponent of the smallest subnormal: every finite value is an integer
    /// multiple of `2^quantum` (−149 for `f32`).
    pub(crate) const fn quantum(self) -> i32 {
        let bias = (1_i32 << (self.exp_bits - 1)) - 1;
        1 - bias - self.mant as i32
    }

    /// The bit of the sign.
    pub(crate) const fn sign_bit(self) -> u64 {
        1 << (self.width() - 1)
    }

    /// `(negative, biased exponent, significand with the implicit bit, position)`
    /// of the bits `b`; for a finite value, `|x| = sig · 2^(pos + quantum)`.
    #[inline]
    pub(crate) const fn parts(self, b: u64) -> (bool, u64, u64, u32) {
        let e = (b >> self.mant) & self.all_ones();
        let m = b & ((1 << self.mant) - 1);
        let implicit = if e == 0 { 0 } else { 1 << self.mant };
        let pos = if e == 0 { 0 } else { e - 1 };
        (b & self.sign_bit() != 0, e, m | implicit, pos as u32)
    }

    /// The bits of the canonical quiet NaN (positive, only the quiet bit set).
    pub(crate) const fn nan(self) -> u64 {
        (self.all_ones() << self.mant) | (1 << (self.mant - 1))
    }

    /// The bits of ±∞.
    pub(crate) const fn infinity(self, negative: bool) -> u64 {
        (self.all_ones() << self.mant) | if negative { self.sign_bit() } else { 0 }
    }
}

/// The limbs that hold a sum of up to `2^64` values of magnitude below
/// `2^max_bits` (times the quantum), with the last limb in `[−2^31, 2^31)` once
/// carried (`canonical`), and room for `add_at` of a 64-bit number at any
/// position below `max_pos`.
// Used only by compile-time checks (`sum::float`), which Rust 1.85 does not count as a use.
#[allow(dead_code)]
pub(crate) const fn limbs_needed(max_bits: u32, max_pos: u32) -> usize {
    // |N| < 2^(64 + max_bits) ≤ 2^(32·top + 31).
    let top = (64 + max_bits - 31).div_ceil(32);
    // The third digit of an addition at max_pos: (max_pos + 31 + 64) / 32.
    let reach = (max_pos + 95) / 32;
    (if top > reach { top } else { reach }) as usize + 1
}

/// Where limbs live: a plain array (`&mut [i64]`) or atomics. Each step of the
/// algorithm is one wrapping addition that returns the previous value.
pub(crate) trait Limbs {
    /// The number of limbs.
    fn count(&self) -> usize;
    /// Adds `d` to limb `i` (wrapping) and returns its previous value.
    fn fetch_add(&mut self, i: usize, d: i64) -> i64;
}

impl Limbs for [i64] {
    #[inline]
    fn count(&self) -> usize {
        self.len()
    }

    #[inline]
    fn fetch_add(&mut self, i: usize, d: i64) -> i64 {
        let old = self[i];
        self[i] = old.wrapping_add(d);
        old
    }
}

/// The band of a limb's value: 0 in `[−2^62, 2^62)`, 1 outside.
#[inline]
const fn band(v: i64) -> u64 {
    (v as u64).wrapping_add(1 << 62) >> 63
}

/// Adds `d` (`|d| ≤ 2^62`) to limb `i`, carrying as the module docs say.
#[inline]
pub(crate) fn add_digit<L: Limbs + ?Sized>(limbs: &mut L, mut i: usize, mut d: i64) {
    let last = limbs.count() - 1;
    loop {
        let old = limbs.fetch_add(i, d);
        if i == last || band(old) == band(old.wrapping_add(d)) {
            return;
        }
        // Crossed an edge upward (d > 0) or downward: 2^63 out of this limb
        // (±2^63 are the same bits), ±2^31 into the next.
        limbs.fetch_add(i, i64::MIN);
        d = if d > 0 { 1 << 31 } else { -(1 << 31) };
        i += 1;
    }
}

/// Adds `±mag · 2^pos` to the number: below `2^55` (after the shift to its
/// limb) in one addition, so an `f32` (a 24-bit significand, shifted by at most
/// 31 bits) or a binary16 or bfloat16 value is one `fetch_add` of an atomic sum,
/// and a limb that only such additions reach carries at most once in `2^7` of
/// them; a larger number its low 32-bit digits first, then the rest (an `f64`:
/// one or two additions; a 64-bit number: up to three, on limbs `pos / 32` to
/// `pos / 32 + 2`).
#[inline]
pub(crate) fn add_at<L: Limbs + ?Sized>(limbs: &mut L, mag: u64, pos: u32, negative: bool) {
    let mut i = (pos / 32) as usize;
    let mut v = u128::from(mag) << (pos % 32);
    let signed = |d: i64| if negative { -d } else { d };
    while v >= 1 << 55 {
        let d = (v & 0xffff_ffff) as i64;
        if d != 0 {
            add_digit(limbs, i, signed(d));
        }
        v >>= 32;
        i += 1;
    }
    if v != 0 {
        add_digit(limbs, i, signed(v as i64));
    }
}

/// Carries every limb into a digit in `[0, 2^32)`, the last limb signed: the one
/// form of each number (equal numbers have equal limbs). Only for a number no
/// other thread is adding to.
pub(crate) fn canonical(limbs: &mut [i64]) {
    let last = limbs.len() - 1;
    for i in 0..last {
        let c = limbs[i] >> 32;
        limbs[i] -= c << 32;
        limbs[i + 1] += c;
    }
}

/// Adds the number `theirs` (limbs of the same quantum, no other thread adding
/// to them) to `limbs`: a merge of two states.
pub(crate) fn add_number<L: AsMut<[i64]>>(limbs: &mut [i64], mut theirs: L) {
    let theirs = theirs.as_mut();
    canonical(theirs);
    for (i, &d) in theirs.iter().enumerate() {
        if d != 0 {
            add_digit(limbs, i, d);
        }
    }
}

/// Whether a canonical number is zero.
pub(crate) fn is_zero(limbs: &[i64]) -> bool {
    limbs.iter().all(|&l| l == 0)
}

/// The most digits a magnitude has here: the limbs of `f64` products, and two
/// digits below them for a quotient.
pub(crate) const MAX_DIGITS: usize = 140;

/// The magnitude of a canonical number as 32-bit digits (little-endian), in
/// `out[..limbs.len()]`, and its sign.
pub(crate) fn magnitude(limbs: &[i64], out: &mut [u32; MAX_DIGITS]) -> bool {
    let negative = limbs[limbs.len() - 1] < 0;
    let mut borrow = u64::from(negative);
    for (o, &l) in out.iter_mut().zip(limbs) {
        let digit = l as u64 & 0xffff_ffff;
        // Two's complement: invert and add one (the last limb's sign extension
        // becomes zeros above it).
        let v = if negative {
            u64::from(!(digit as u32)) + borrow
        } else {
            digit
        };
        *o = v as u32;
        borrow = v >> 32;
    }
    negative
}

/// Divides a magnitude of `len` digits by `n ≥ 1` in place; the remainder.
pub(crate) fn divide(mag: &mut [u32], n: u64) -> u64 {
    let mut rem: u128 = 0;
    for d in mag.iter_mut().rev() {
        let cur = (rem << 32) | u128::from(*d);
        *d = (cur / u128::from(n)) as u32;
        rem = cur % u128::from(n);
    }
    rem as u64
}

/// Bits `[from, from + 64)` of a magnitude (zeros above its end).
fn bits_at(mag: &[u32], from: u32) -> u64 {
    let i = (from / 32) as usize;
    let s = from % 32;
    let mut w: u128 = 0;
    for k in 0..3 {
        if let Some(&d) = mag.get(i + k) {
            w |= u128::from(d) << (32 * k);
        }
    }
    (w >> s) as u64
}

/// Whether any bit below `to` is set.
fn any_below(mag: &[u32], to: u32) -> bool {
    let i = (to / 32) as usize;
    mag[..i.min(mag.len())].iter().any(|&d| d != 0)
        || mag
            .get(i)
            .is_some_and(|&d| d & ((1_u32 << (to % 32)) - 1) != 0)
}

/// `±(mag + sticky) · 2^quantum` rounded to `target`, to nearest, ties to even, as
/// the target's bits; `sticky` says that some nonzero amount below the last digit
/// was cut off (a quotient's remainder). `mag` must not be zero.
pub(crate) fn round(
    mag: &[u32],
    quantum: i32,
    sticky: bool,
    negative: bool,
    target: Format,
) -> u64 {
    let sign = if negative { target.sign_bit() } else { 0 };
    let top = mag
        .iter()
        .rposition(|&d| d != 0)
        .expect("a nonzero magnitude");
    let msb = 32 * top as u32 + 31 - mag[top].leading_zeros();
    // The exponent of the leading bit, and of the last bit the target keeps.
    let lead = i64::from(msb) + i64::from(quantum);
    let keep = (lead - i64::from(target.mant)).max(i64::from(target.quantum()));
    let shift = keep - i64::from(quantum);
    let (mut q, round_bit, rest) = if shift <= 0 {
        // Exact: every bit fits (the target's quantum is at most the source's here).
        (bits_at(mag, 0) << (-shift), false, sticky)
    } else {
        let s = shift as u32;
        (
            bits_at(mag, s),
            bits_at(mag, s - 1) & 1 == 1,
            sticky || any_below(mag, s - 1),
        )
    };
    q &= (1 << (target.mant + 2)) - 1;
    if round_bit && (rest || q & 1 == 1) {
        q += 1;
    }
    // q < 2^(mant + 2); q · 2^keep. With the implicit bit in q, the exponent field
    // is (keep − quantum) and a carry into 2^(mant + 1) moves it up by itself.
    let field = (keep - i64::from(target.quantum())) as u64;
    let bits = (field << target.mant) + q;
    if bits >> target.mant >= target.all_ones() {
        return target.infinity(negative);
    }
    sign | bits
}

#[cfg(test)]
mod tests {
    use super::{add_digit, canonical};

    /// The number in limbs, for three limbs (fits in `i128`).
    fn value(limbs: &[i64; 3]) -> i128 {
        let mut l = *limbs;
        canonical(&mut l);
        i128::from(l[0]) + (i128::from(l[1]) << 32) + (i128::from(l[2]) << 64)
    }

    /// Digits of up to ±2^62 (the largest `add_digit` takes): every addition near
    /// a band edge, in both directions, carried into the next limbs; against `i128`.
    #[test]
    fn carries_across_band_edges() {
        let mut r = 0x9e37_79b9_7f4a_7c15_u64;
        for _ in 0..200 {
            let mut limbs = [0_i64; 3];
            let mut want = 0_i128;
            for _ in 0..64 {
                r ^= r << 13;
                r ^= r >> 7;
                r ^= r << 17;
                let d = ((r >> 2) as i64 >> (r % 40)) - if r & 1 == 0 { 0 } else { 1 << 61 };
                let i = (r >> 60) as usize % 2;
                add_digit(&mut limbs[..], i, d);
                want += i128::from(d) << (32 * i);
                // Every limb but the last back in [−2^62, 2^62).
                assert!(
                    limbs[..2]
                        .iter()
                        .all(|&l| (-(1 << 62)..(1 << 62)).contains(&l))
                );
                assert_eq!(value(&limbs), want);
            }
        }
    }
}
