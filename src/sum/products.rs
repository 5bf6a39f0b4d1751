//! The dot products' loops: the products of a block made (in `f64`, exactly:
//! `f32`, `f16` and `bf16` products fit, `f64`'s as `p + e` by
//! [`Level::two_product`]) and put on the grids of the slice loop
//! (`kernel.rs`), planned from the factors' exponents; `f64`'s, with a fused
//! multiply-add, in one loop of four-lane vectors ([`Quad`]) on grids planned
//! from the products of the blocks before and checked after (`Fused`).

// Bit fields of float encodings, as in `kernel.rs`.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names,
    clippy::float_cmp
)]

use crate::dispatch::{self, Level, Quad};
use crate::sum::float::Seen;
use crate::sum::float::sealed::Float;
use crate::sum::kernel::{
    BLOCK, F64, Scratch, add_block, add_f64, exponents, levels, plan, plan_two, plan_within, span,
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
    fn run<L: Level>(self) -> (u64, Seen) {
        let mut scratch = Scratch::<2048>::new(0);
        let mut seen = Seen::default();
        let mut buf = [0.0_f64; BLOCK];
        let mut count = 0;
        let f = F::FORMAT;
        for (i, (ca, cb)) in self.a.chunks(BLOCK).zip(self.b.chunks(BLOCK)).enumerate() {
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
                let (x, y) = (x.widen(), y.widen());
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
/// and the flags (`slice::dot_add_integer`).
type Fallback = fn(&mut [i64], &[f64], &[f64], bool) -> (u64, u8);

/// `2^995`: a factor below it splits without overflow.
const FACTOR_MAX: f64 = f64::from_bits((995 + 1023) << 52);
/// `2^−968`: a product at least this large has an exact error term.
const PRODUCT_MIN: f64 = f64::from_bits((1023 - 968) << 52);

/// The products `a[i] · b[i]` of `f64`s into limbs of quantum `2^−2148`: each as
/// `p + e`, both `f64`, exactly (`Level::two_product`: a fused multiply-add
/// where the CPU has one, else Dekker's product), a block at a time.
///
/// With a fused multiply-add, a block first goes through [`two_grids`], one
/// loop that makes the products, puts `p` and `e` each on two grids and finds
/// the extremes of `|p|`, on the grids of the blocks before ([`DotPlan`]);
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
    fn run<L: Level>(self) -> (u64, u8, Seen) {
        let mut scratch = Scratch::<2048>::new(1074);
        let mut seen = Seen::default();
        let (mut hi, mut lo) = ([0.0_f64; BLOCK], [0.0_f64; BLOCK]);
        let (mut count, mut flags) = (0, 0);
        let mut fused = Fused::default();
        for (i, (ca, cb)) in self.a.chunks(BLOCK).zip(self.b.chunks(BLOCK)).enumerate() {
            let n = ca.len();
            let next = |v: &'a [f64]| v.get((i + 1) * BLOCK..).unwrap_or(&[]);
            let ahead = [next(self.a), next(self.b)];
            if L::FMA && fused.block::<L>(self.limbs, ca, cb, ahead) {
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
                let e = |v: f64| v.exponent();
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

/// The grids of the blocks before, tried first on each block, and the blocks
/// left before the next try, after a block the grids could not take for what
/// it holds (a zero, NaN, ±∞ or tiny product: often many).
#[derive(Default)]
struct Fused {
    plan: Option<DotPlan>,
    wait: u32,
}

impl Fused {
    /// With a fused multiply-add (so that no factor's size matters), the
    /// grids planned from the products' own extremes: those of the blocks
    /// before, checked after the block's loop, or planned again from this
    /// block's and the loop run again. Whether the block is in the limbs.
    #[allow(clippy::inline_always)] // built into the AVX2 copy
    #[inline(always)]
    fn block<L: Level>(
        &mut self,
        limbs: &mut [i64],
        a: &[f64],
        b: &[f64],
        ahead: [&[f64]; 2],
    ) -> bool {
        if self.wait > 0 {
            self.wait -= 1;
            return false;
        }
        if self.plan.is_none() {
            self.plan = product_exponents::<L>(a, b).and_then(DotPlan::around);
        }
        for _ in 0..2 {
            let Some(p) = &self.plan else { break };
            let (parts, range) = two_grids::<L>(a, b, p.sp, p.se, ahead);
            let Some(range) = range else {
                self.wait = WAIT;
                break;
            };
            if p.covers(range) {
                for part in parts {
                    add_f64(limbs, part, DOT_QUANTUM);
                }
                return true;
            }
            self.plan = DotPlan::around(range);
        }
        false
    }
}

/// The exponents `(hi, lo)` of the largest and smallest `|p|` of a block's
/// products `p + e`, where the fused path may take them: every `p` finite and
/// at least `2^−968` (so every `e` exact, and none zero).
type Range = (i32, i32);

/// Two grids for the `p` of a block's products and two for their `e`, and the
/// exponents of the products they take: every `p` of exponents in `lo..=hi`.
/// Such a `p` is below `2^(hi + 1)` and a multiple of `ulp(2^lo) = 2^(lo − 52)`
/// (it is at least `2^lo`); its `e` is below `ulp(p) / 2 ≤ 2^(hi − 52)` and, as
/// `p + e = x · y` exactly and `x`, `y` are multiples of `2^(ex − 52)`,
/// `2^(ey − 52)` with `ex + ey ≥ lo − 2` (`|p| ≤ 2^(ex + ey + 2)`: rounding may
/// reach the power), a multiple of `2^(lo − 106)`.
struct DotPlan {
    hi: i32,
    lo: i32,
    /// σ of the first grid of `p` and of `e`.
    sp: f64,
    se: f64,
}

impl DotPlan {
    /// The plan for `range` with the most room: one exponent above its top
    /// where the grids allow, and as far below its bottom as they reach.
    #[inline]
    fn around((hi, lo): Range) -> Option<Self> {
        [hi + 1, hi].into_iter().find_map(|h| {
            let l = h - DOT_SPAN;
            let sp = plan_two(h + 1, l - 52)?;
            let se = plan_two(h + 1 - 52, l - 106)?;
            (l <= lo).then_some(Self {
                hi: h,
                lo: l,
                sp,
                se,
            })
        })
    }

    /// Whether the plan takes every product of `range`.
    #[inline]
    fn covers(&self, (hi, lo): Range) -> bool {
        hi <= self.hi && lo >= self.lo
    }
}

/// Blocks the `f64` dot product takes the other way after one whose products
/// two grids could not take for what they are (not for their exponents).
const WAIT: u32 = 16;

/// The exponents a [`DotPlan`] spans: `p` then takes `hi + 1 − (lo − 52) = 83`
/// bits and `e` `hi + 1 − 52 − (lo − 106) = 85`, as two grids hold
/// (`plan_two`).
const DOT_SPAN: i32 = 30;

/// The [`Range`] of `|p|` from its smallest and largest value, and whether a
/// product or a grid's sum is not finite (NaN or ±∞ reach every sum they touch).
#[inline]
fn range(min: f64, max: f64, finite: bool) -> Option<Range> {
    let e = |v: f64| ((v.to_bits() >> 52) & 0x7ff) as i32 - 1023;
    (finite && max <= f64::MAX && min >= PRODUCT_MIN).then(|| (e(max), e(min)))
}

/// The [`Range`] of a block's products, without the grids (the first block's).
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
fn product_exponents<L: Level>(a: &[f64], b: &[f64]) -> Option<Range> {
    let (mut min, mut max) = (L::Quad::splat(f64::INFINITY), L::Quad::splat(0.0));
    let mut finite = true;
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let (ta, tb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        let p = L::Quad::load(x).mul(L::Quad::load(y)).abs();
        (min, max) = (min.min(p), max.max(p));
        finite &= p.lanes().iter().all(|v| *v <= f64::MAX);
    }
    let (mut lo, mut hi) = (fold(min, f64::min), fold(max, f64::max));
    for (&x, &y) in ta.iter().zip(tb) {
        let p = (x * y).abs();
        (lo, hi) = (lo.min(p), hi.max(p));
        finite &= p <= f64::MAX;
    }
    range(lo, hi, finite)
}

/// The lanes of `v` folded by `f`.
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
fn fold<Q: Quad>(v: Q, f: fn(f64, f64) -> f64) -> f64 {
    let l = v.lanes();
    f(f(l[0], l[1]), f(l[2], l[3]))
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

/// The products `p + e` of a block on two grids for `p` (σ `sp` of the first;
/// the second takes what the first leaves) and two for `e` (σ `se`), made and
/// split in one loop of four-lane vectors, half of the additions on the
/// multiply-add units: the four grids' sums, each exact where the plan takes
/// the block (as in `levels`), and the block's [`Range`]. Fetches the block
/// after (`ahead`) as it goes: the work is long enough that the CPU's own
/// prefetching would leave those reads waiting for it to end.
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
fn two_grids<L: Level>(
    a: &[f64],
    b: &[f64],
    sp: f64,
    se: f64,
    ahead: [&[f64]; 2],
) -> ([f64; 4], Option<Range>) {
    let one = L::Quad::splat(core::hint::black_box(1.0));
    let (vp, ve) = (L::Quad::splat(sp), L::Quad::splat(se));
    let mut acc = [L::Quad::splat(0.0); 4];
    let (mut min, mut max) = (L::Quad::splat(f64::INFINITY), L::Quad::splat(0.0));
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let (ta, tb) = (ca.remainder(), cb.remainder());
    let mut at = 0;
    for (x, y) in ca.zip(cb) {
        // A line of each a step in two (eight `f64`s are a line).
        if at % 8 == 0 {
            dispatch::prefetch(ahead[0], at, 8);
            dispatch::prefetch(ahead[1], at, 8);
        }
        at += 4;
        let (p, e) = L::Quad::load(x).two_product(L::Quad::load(y));
        let q = p.add_on_fma(vp, one).sub(vp);
        acc[0] = acc[0].add(q);
        acc[1] = acc[1].add(p.sub_on_fma(q, one));
        let r = e.add_on_fma(ve, one).sub(ve);
        acc[2] = acc[2].add(r);
        acc[3] = acc[3].add(e.sub_on_fma(r, one));
        let m = p.abs();
        (min, max) = (min.min(m), max.max(m));
    }
    let (mut lo, mut hi) = (fold(min, f64::min), fold(max, f64::max));
    let mut sums = [0.0; 4];
    for (&x, &y) in ta.iter().zip(tb) {
        let (p, e) = L::two_product(x, y);
        let (q, r) = ((p + sp) - sp, (e + se) - se);
        for (s, v) in sums.iter_mut().zip([q, p - q, r, e - r]) {
            *s += v;
        }
        (lo, hi) = (lo.min(p.abs()), hi.max(p.abs()));
    }
    // Exact in any order where the plan takes the block (see `levels`).
    for (s, v) in sums.iter_mut().zip(acc) {
        *s += fold(v, |x, y| x + y);
    }
    // A NaN or ±∞ product (which min and max may pass over) leaves a sum NaN
    // or ±∞: x − ((x + σ) − σ) is NaN for x = ±∞.
    let finite = sums.iter().all(|s| s.abs() <= f64::MAX);
    (sums, range(lo, hi, finite))
}

/// `hi[i] + lo[i] = a[i] · b[i]` (`Level::two_product`).
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
fn two_products<L: Level>(a: &[f64], b: &[f64], hi: &mut [f64; BLOCK], lo: &mut [f64; BLOCK]) {
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
