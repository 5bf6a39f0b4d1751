//! The dot products' loops: the products of a block made (in `f64`, exactly:
//! `f32`, `f16` and `bf16` products fit, `f64`'s as `p + e` by
//! [`Isa::two_product`]) and put on the grids of the slice loop
//! (`kernel.rs`), planned from the factors' exponents; first, for `f32`s, and
//! for `f64`s where the copy has a fused multiply-add, the one loop of
//! `fused.rs` (four-lane vectors, grids planned from the products of the blocks
//! before and checked after).

// Bit fields of float encodings, as in `kernel.rs`.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names,
    clippy::float_cmp
)]

use crate::dispatch::{self, Isa};
use crate::sum::float::Seen;
use crate::sum::float::sealed::Float;
use crate::sum::fused::{Fused, PRODUCT_MIN};
use crate::sum::kernel::{
    BLOCK, F64, Scratch, add_block, exponents, levels, plan, plan_within, span,
};

/// Blocks ahead.
const AHEAD: usize = 4;

/// The most grids of the `f64` dot product's blocks (for `p`, and for `e`).
const DOT_LEVELS: i32 = 4;

/// The products `a[i] · b[i]` of floats whose products are exact in `f64`
/// (`f32`, `f16`, `bf16`), a block at a time through the `f64` loop; with
/// `skip`, a pair with a NaN factor becomes −0 (no term: it changes neither the
/// sum nor the sign of a zero) and is not counted. The count and what was seen.
pub(crate) fn add_products<F: Float>(
    limbs: &mut [i64],
    a: &[F],
    b: &[F],
    skip: bool,
) -> (u64, Seen) {
    dispatch::vectorized(Products { limbs, a, b, skip })
}

/// [`add_products`] as a [`dispatch::Kernel`].
struct Products<'a, F> {
    limbs: &'a mut [i64],
    a: &'a [F],
    b: &'a [F],
    skip: bool,
}

impl<'a, F: Float> dispatch::Kernel for Products<'a, F> {
    type Output = (u64, Seen);
    #[allow(clippy::inline_always)] // built into the AVX2 copy
    #[inline(always)]
    fn run<L: Isa>(self) -> (u64, Seen) {
        let mut scratch = Scratch::<2048>::new(0);
        let mut seen = Seen::default();
        let mut buf = [0.0_f64; BLOCK];
        let mut count = 0;
        let f = F::FORMAT;
        let mut fused = Fused::default();
        for (i, (ca, cb)) in self.a.chunks(BLOCK).zip(self.b.chunks(BLOCK)).enumerate() {
            // `f32`s: the one loop (`fused.rs`) first.
            if let (Some(a), Some(b)) = (F::as_f32_slice(self.a), F::as_f32_slice(self.b)) {
                let block = |v: &'a [f32], k: usize| {
                    let v = v.get(k * BLOCK..).unwrap_or(&[]);
                    &v[..v.len().min(BLOCK)]
                };
                let ahead = [block(a, i + 1), block(b, i + 1)];
                if fused.block::<L, f32>(
                    self.limbs,
                    F::DOT_QUANTUM,
                    block(a, i),
                    block(b, i),
                    ahead,
                ) {
                    seen.not_neg_zero = true;
                    count += ca.len() as u64;
                    continue;
                }
            }
            let far = |v: &'a [F]| v.get((i + AHEAD) * BLOCK..).unwrap_or(&[]);
            let ahead = [far(self.a), far(self.b)];
            // Factors all finite and nonzero (so no NaN to skip and no −0):
            // the grids from the factors' exponents, the products made in the
            // first grid's loop.
            let ((alo, ahi), (blo, bhi)) = (exponents(ca), exponents(cb));
            if alo > 0 && blo > 0 && u64::from(ahi.max(bhi)) < f.all_ones() {
                let ((ta, fa), (tb, fb)) = (span(f, alo, ahi), span(f, blo, bhi));
                let (limbs, rest, q) = (&mut *self.limbs, &mut scratch.rest, -1074);
                let done = match plan(ta + tb, fa + fb) {
                    Some((1, top)) => {
                        levels::<F, 1, true, true>(limbs, ca, cb, ahead, top, rest, q)
                    }
                    Some((2, top)) => {
                        levels::<F, 2, true, true>(limbs, ca, cb, ahead, top, rest, q)
                    }
                    Some((3, top)) => {
                        levels::<F, 3, true, true>(limbs, ca, cb, ahead, top, rest, q)
                    }
                    _ => false,
                };
                if done {
                    seen.not_neg_zero = true;
                    count += ca.len() as u64;
                    continue;
                }
            }
            let mut skipped = 0;
            for ((p, x), y) in buf.iter_mut().zip(ca).zip(cb) {
                let (x, y) = (Float::widen(*x), Float::widen(*y));
                let gone = self.skip && (x.is_nan() || y.is_nan());
                *p = if gone { -0.0 } else { x * y };
                skipped += u64::from(gone);
            }
            add_block::<f64, 2048>(
                self.limbs,
                &buf[..ca.len()],
                [&[], &[]],
                &mut scratch,
                &mut seen,
            );
            count += ca.len() as u64 - skipped;
        }
        (count, seen)
    }
}

/// The integer products of a block the two-product path cannot take: the count
/// and the flags (`exact_dot::dot_add_integer`).
type Fallback = fn(&mut [i64], &[f64], &[f64], bool) -> (u64, u8);

/// `2^995`: a factor below it splits without overflow.
const FACTOR_MAX: f64 = f64::from_bits((995 + 1023) << 52);

/// The products `a[i] · b[i]` of `f64`s into limbs of quantum `2^−2148`: each as
/// `p + e`, both `f64`, exactly (`Isa::two_product`: a fused multiply-add
/// where the CPU has one, else Dekker's product), a block at a time.
///
/// With a fused multiply-add, a block first goes through `fused.rs`'s one
/// loop, which makes the products, puts `p` and `e` each on two grids and finds
/// the extremes of `|p|`, on the grids of the blocks before;
/// where the extremes show that the grids took every product exactly (every
/// `p` finite, at least `2^−968`, and within the exponents the grids were
/// planned for), the block is done, else the grids are planned from its
/// extremes and the loop runs again. Other blocks (and every block without a
/// fused multiply-add): where the block's factors are finite, below `2^995`
/// and their products, bounded by the smallest and largest factors, at least
/// `2^−968` (then every `e` is exact), `p` and `e` go each on their own grids
/// (up to [`DOT_LEVELS`]), planned from the factors' exponents; a block whose
/// products span more exponents than that goes through the slice loop as two
/// blocks, `p` and `e`; other blocks (±∞, NaN, tiny or huge factors) through
/// `wide`, the integer products of `fallback`. The count and the flags.
pub(crate) fn add_two_products(
    limbs: &mut [i64],
    a: &[f64],
    b: &[f64],
    fallback: Fallback,
    skip: bool,
) -> (u64, u8, Seen) {
    dispatch::vectorized(TwoProducts {
        limbs,
        a,
        b,
        fallback,
        skip,
    })
}

/// [`add_two_products`] as a [`dispatch::Kernel`].
struct TwoProducts<'a> {
    limbs: &'a mut [i64],
    a: &'a [f64],
    b: &'a [f64],
    fallback: Fallback,
    skip: bool,
}

/// The quantum of the `f64` dot product's limbs.
const DOT_QUANTUM: i32 = -2148;

impl<'a> dispatch::Kernel for TwoProducts<'a> {
    type Output = (u64, u8, Seen);
    #[allow(clippy::inline_always)] // built into the AVX2 copy
    #[inline(always)]
    fn run<L: Isa>(self) -> (u64, u8, Seen) {
        let mut scratch = Scratch::<2048>::new(1074);
        let mut seen = Seen::default();
        let (mut hi, mut lo) = ([0.0_f64; BLOCK], [0.0_f64; BLOCK]);
        let (mut count, mut flags) = (0, 0);
        let mut fused = Fused::default();
        for (i, (ca, cb)) in self.a.chunks(BLOCK).zip(self.b.chunks(BLOCK)).enumerate() {
            let n = ca.len();
            let next = |v: &'a [f64]| v.get((i + 1) * BLOCK..).unwrap_or(&[]);
            let ahead = [next(self.a), next(self.b)];
            if L::FMA && fused.block::<L, f64>(self.limbs, DOT_QUANTUM, ca, cb, ahead) {
                // No product is zero: the sum is not −0.
                seen.not_neg_zero = true;
                count += n as u64;
                continue;
            }
            let (x_lo, x_hi, y_lo, y_hi, nan) = extremes(ca, cb).bounds();
            let (mut x_lo, mut y_lo) = (x_lo, y_lo);
            let zeros = x_lo == 0.0 || y_lo == 0.0;
            if zeros {
                (x_lo, y_lo) = (nonzero_min(ca), nonzero_min(cb));
            }
            // Comparisons that NaN fails; the products of the extreme factors
            // bound every product (rounding is monotonic, the bounds powers of 2).
            let exact = !nan
                && x_hi <= FACTOR_MAX
                && y_hi <= FACTOR_MAX
                && x_hi * y_hi <= f64::MAX
                && (x_lo * y_lo >= PRODUCT_MIN || x_hi == 0.0 || y_hi == 0.0);
            if !exact {
                let (c, f) = (self.fallback)(self.limbs, ca, cb, self.skip);
                count += c;
                flags |= f;
                continue;
            }
            count += n as u64;
            two_products::<L>(ca, cb, &mut hi, &mut lo);
            if x_hi != 0.0 && y_hi != 0.0 {
                let e = |v: f64| Float::exponent(v);
                let ((ta, fa), (tb, fb)) =
                    (span(F64, e(x_lo), e(x_hi)), span(F64, e(y_lo), e(y_hi)));
                let (p, e) = (&hi[..n], &lo[..n]);
                let (limbs, rest, q) = (&mut *self.limbs, &mut scratch.rest, DOT_QUANTUM);
                // Exact products are multiples of 2^(fa + fb) and below
                // 2^(ta + tb); every `p`, rounded, is at least m = x_lo · y_lo
                // rounded (a normal number: ≥ 2^−968), so a multiple of
                // ulp(m) (and of 2^(fa + fb)): of 2^(fa + fb + 52) where the
                // smallest factors are normal, less where one is subnormal.
                // |e| ≤ ulp(p) / 2, below 2^(ta + tb − 52). Each on its own
                // grids.
                let ulp_m = ((x_lo * y_lo).to_bits() >> 52) as i32 - 1023 - 52;
                let high = plan_within(ta + tb, ulp_m.max(fa + fb), DOT_LEVELS);
                let low = plan_within(ta + tb - 52, fa + fb, DOT_LEVELS);
                // The factors `AHEAD` blocks on, fetched while these go on
                // their grids: half of `a` in each of the first two grids of
                // `p`, half of `b` in those of `e`.
                let half = |v: &'a [f64], h: usize| {
                    let v = v.get((i + AHEAD) * BLOCK + h * BLOCK / 2..).unwrap_or(&[]);
                    &v[..v.len().min(BLOCK / 2)]
                };
                let (na, nb) = (
                    [half(self.a, 0), half(self.a, 1)],
                    [half(self.b, 0), half(self.b, 1)],
                );
                let done = match (high, low) {
                    (Some((high, top)), Some((low, bottom))) => {
                        (match high {
                            1 => levels::<f64, 1, false, true>(limbs, p, p, na, top, rest, q),
                            2 => levels::<f64, 2, false, true>(limbs, p, p, na, top, rest, q),
                            3 => levels::<f64, 3, false, true>(limbs, p, p, na, top, rest, q),
                            _ => levels::<f64, 4, false, true>(limbs, p, p, na, top, rest, q),
                        }) && match low {
                            1 => levels::<f64, 1, false, true>(limbs, e, e, nb, bottom, rest, q),
                            2 => levels::<f64, 2, false, true>(limbs, e, e, nb, bottom, rest, q),
                            3 => levels::<f64, 3, false, true>(limbs, e, e, nb, bottom, rest, q),
                            _ => levels::<f64, 4, false, true>(limbs, e, e, nb, bottom, rest, q),
                        }
                    }
                    _ => false,
                };
                if done {
                    // The sum is −0 only where every product is −0: not where
                    // a product has no zero factor, nor where one is +0.
                    seen.not_neg_zero |= !zeros || products_not_neg_zero(ca, cb);
                    continue;
                }
            }
            // An exact product leaves e = ±0: −0, no term.
            for l in &mut lo[..n] {
                if *l == 0.0 {
                    *l = -0.0;
                }
            }
            add_block::<f64, 2048>(self.limbs, &hi[..n], [&[], &[]], &mut scratch, &mut seen);
            add_block::<f64, 2048>(self.limbs, &lo[..n], [&[], &[]], &mut scratch, &mut seen);
        }
        (count, flags, seen)
    }
}

/// The half of an `f64`'s bits, as two `u32`s in memory, that holds its sign
/// and exponent.
const TOP: usize = if cfg!(target_endian = "little") { 1 } else { 0 };

/// The smallest and largest magnitudes of a block's factors, to within their
/// top 31 bits (enough for their exponents): minima and maxima of the `u32`
/// halves of four `f64`s at a time (they order as the magnitudes, NaN above ∞),
/// which vectorize without moving the words; the other halves are masked to 0
/// and never read.
struct Tops {
    a_lo: [u32; 8],
    a_hi: [u32; 8],
    b_lo: [u32; 8],
    b_hi: [u32; 8],
}

impl Tops {
    #[allow(clippy::inline_always)] // built into the AVX2 copy
    #[inline(always)]
    fn new() -> Self {
        Self {
            a_lo: [u32::MAX; 8],
            a_hi: [0; 8],
            b_lo: [u32::MAX; 8],
            b_hi: [0; 8],
        }
    }

    /// Four pairs, `x[..4]` and `y[..4]`.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn add(&mut self, x: &[f64], y: &[f64]) {
        let words = |v: &[f64]| -> [u32; 8] {
            let w: &[u32] = bytemuck::cast_slice(&v[..4]);
            core::array::from_fn(|i| if i % 2 == TOP { w[i] & 0x7fff_ffff } else { 0 })
        };
        let (x, y) = (words(x), words(y));
        for i in 0..8 {
            self.a_lo[i] = self.a_lo[i].min(x[i]);
            self.a_hi[i] = self.a_hi[i].max(x[i]);
            self.b_lo[i] = self.b_lo[i].min(y[i]);
            self.b_hi[i] = self.b_hi[i].max(y[i]);
        }
    }

    /// One pair.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn add_one(&mut self, x: f64, y: f64) {
        let top = |x: f64| (x.to_bits() >> 32) as u32 & 0x7fff_ffff;
        let (x, y) = (top(x), top(y));
        self.a_lo[TOP] = self.a_lo[TOP].min(x);
        self.a_hi[TOP] = self.a_hi[TOP].max(x);
        self.b_lo[TOP] = self.b_lo[TOP].min(y);
        self.b_hi[TOP] = self.b_hi[TOP].max(y);
    }

    /// Lower bounds of the smallest `|a[i]|` and `|b[i]|` and upper bounds of
    /// the largest, each with the exponent of the value it bounds, and whether
    /// a factor is NaN or ±∞.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn bounds(&self) -> (f64, f64, f64, f64, bool) {
        let min = |v: &[u32; 8]| {
            v.iter()
                .skip(TOP)
                .step_by(2)
                .fold(u32::MAX, |m, &w| m.min(w))
        };
        let max = |v: &[u32; 8]| v.iter().skip(TOP).step_by(2).fold(0, |m, &w| m.max(w));
        let (x_lo, x_hi, y_lo, y_hi) = (
            min(&self.a_lo),
            max(&self.a_hi),
            min(&self.b_lo),
            max(&self.b_hi),
        );
        let up = |t: u32| f64::from_bits(u64::from(t) << 32 | 0xffff_ffff);
        let down = |t: u32| f64::from_bits(u64::from(t) << 32);
        // The top word of +∞: ∞ and NaN at or above it (a product of finite
        // factors is NaN or ±∞ only where it overflows: the caller checks).
        let special = x_hi.max(y_hi) >= 0x7ff0_0000;
        (down(x_lo), up(x_hi), down(y_lo), up(y_hi), special)
    }
}

/// [`Tops`] of the pairs of `a` and `b`.
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
fn extremes(a: &[f64], b: &[f64]) -> Tops {
    let mut tops = Tops::new();
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let tail = ca.remainder().iter().zip(cb.remainder());
    for (x, y) in ca.zip(cb) {
        tops.add(x, y);
    }
    for (&x, &y) in tail {
        tops.add_one(x, y);
    }
    tops
}

/// `hi[i] + lo[i] = a[i] · b[i]` (`Isa::two_product`).
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
fn two_products<L: Isa>(a: &[f64], b: &[f64], hi: &mut [f64; BLOCK], lo: &mut [f64; BLOCK]) {
    for (((h, l), &x), &y) in hi.iter_mut().zip(lo.iter_mut()).zip(a).zip(b) {
        (*h, *l) = L::two_product(x, y);
    }
}

/// Whether a product of `a` and `b` is not −0 (where the sum of the products
/// is not: any product of a nonzero factor, or a +0).
#[cold]
fn products_not_neg_zero(a: &[f64], b: &[f64]) -> bool {
    a.iter()
        .zip(b)
        .any(|(&x, &y)| (x * y).to_bits() != (-0.0_f64).to_bits())
}

/// The smallest nonzero `|x|` of `xs` (with no NaN), `+∞` when there is none.
#[cold]
fn nonzero_min(xs: &[f64]) -> f64 {
    xs.iter()
        .map(|&x| x.abs())
        .filter(|&m| m != 0.0)
        .fold(f64::INFINITY, f64::min)
}
