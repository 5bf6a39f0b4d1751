//! The dot products' one loop, for `f64` factors (where the CPU has a fused
//! multiply-add) and `f32` factors: a block's products made, put on two grids
//! (two more for the low parts `e` of `f64`'s products `p + e`) and their
//! extremes found, in four-lane vectors ([`Quad`]), with half of the additions
//! on the multiply-add units. The grids are those of the blocks before
//! ([`Fused`]), checked against the block's extremes after the loop: a block
//! they do not take is planned again from its extremes and the loop run again.
//! The factors are read once, and nothing is stored between the steps, as in
//! the slice loop's two passes (`kernel.rs`).

// Bit fields of float encodings, as in `kernel.rs`; the short names are the
// products' `p + e` and their factors'.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::many_single_char_names
)]

use crate::dispatch::{self, Isa, Quad};
use crate::sum::kernel::{add_f64, plan_two};

/// The factors of the loop.
pub(super) trait Factor: Copy {
    /// Whether a product has a low part `e` (`f64`'s: `p + e`).
    const LOW: bool;
    /// A product `p` of exponent `lo` or more is a multiple of
    /// `2^(lo − FINE)`. `f64`: `p` is rounded, so a multiple of
    /// `ulp(2^lo) = 2^(lo − 52)`. `f32`: `p = x · y` exactly, `x` and `y`
    /// multiples of `2^(ex − 23)` and `2^(ey − 23)` (also where subnormal, as
    /// `2^−149` is), with `ex + ey ≥ lo − 1` (`|p| < 2^(ex + ey + 2)`).
    const FINE: i32;
    /// The exponents a [`DotPlan`] spans: two grids hold values below
    /// `2^top` that are multiples of `2^(top − 85)` (`plan_two`): `f64`'s
    /// `e`, below `2^(hi + 1 − 52)`, multiples of `2^(lo − 106)`, span
    /// `hi − lo + 55` bits; `f32`'s `p` `hi − lo + 48`.
    const SPAN: i32;
    /// Four factors as `f64` lanes.
    fn quad<Q: Quad>(s: &[Self]) -> Q;
    /// The products of four pairs, `(p, e)` (`e` zero for `f32`).
    fn products<L: Isa>(x: L::Quad, y: L::Quad) -> (L::Quad, L::Quad);
    /// The product of one pair, `(p, e)`.
    fn product<L: Isa>(x: Self, y: Self) -> (f64, f64);
}

impl Factor for f64 {
    const LOW: bool = true;
    const FINE: i32 = 52;
    const SPAN: i32 = 30;
    #[allow(clippy::inline_always)] // built into the AVX2 copy
    #[inline(always)]
    fn quad<Q: Quad>(s: &[Self]) -> Q {
        Q::load(s)
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn products<L: Isa>(x: L::Quad, y: L::Quad) -> (L::Quad, L::Quad) {
        x.two_product(y)
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn product<L: Isa>(x: Self, y: Self) -> (f64, f64) {
        L::two_product(x, y)
    }
}

impl Factor for f32 {
    const LOW: bool = false;
    const FINE: i32 = 47;
    const SPAN: i32 = 37;
    #[allow(clippy::inline_always)] // built into the AVX2 copy
    #[inline(always)]
    fn quad<Q: Quad>(s: &[Self]) -> Q {
        Q::load_f32(s)
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn products<L: Isa>(x: L::Quad, y: L::Quad) -> (L::Quad, L::Quad) {
        (x.mul(y), L::Quad::splat(0.0))
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn product<L: Isa>(x: Self, y: Self) -> (f64, f64) {
        (f64::from(x) * f64::from(y), 0.0)
    }
}

/// `2^−968`: an `f64` product at least this large has an exact error term.
pub(super) const PRODUCT_MIN: f64 = f64::from_bits((1023 - 968) << 52);

/// The grids of the blocks before, tried first on each block, and the blocks
/// left before the next try, after a block the grids could not take for what
/// it holds (a zero, NaN, ±∞ or tiny product: often many).
#[derive(Default)]
pub(super) struct Fused {
    plan: Option<DotPlan>,
    wait: u32,
}

impl Fused {
    /// The block's products into `limbs` (of quantum `2^quantum`) on the grids
    /// planned from the products' own extremes: those of the blocks before,
    /// checked after the block's loop, or planned again from this block's and
    /// the loop run again. Whether the block is in the limbs: where it is not,
    /// the limbs are as they were. A block in the limbs has no zero product
    /// (its sum is not −0) and no NaN.
    #[allow(clippy::inline_always)] // built into the AVX2 copy
    #[inline(always)]
    pub(super) fn block<L: Isa, X: Factor>(
        &mut self,
        limbs: &mut [i64],
        quantum: i32,
        a: &[X],
        b: &[X],
        ahead: [&[X]; 2],
    ) -> bool {
        if self.wait > 0 {
            self.wait -= 1;
            return false;
        }
        if self.plan.is_none() {
            let Some(range) = product_exponents::<L, X>(a, b) else {
                self.wait = WAIT;
                return false;
            };
            self.plan = DotPlan::around::<X>(range);
        }
        for _ in 0..2 {
            let Some(p) = &self.plan else { break };
            let (parts, range) = two_grids::<L, X>(a, b, p.sp, p.se, ahead);
            let Some(range) = range else {
                self.wait = WAIT;
                break;
            };
            if p.covers(range) {
                for part in parts {
                    add_f64(limbs, part, quantum);
                }
                return true;
            }
            self.plan = DotPlan::around::<X>(range);
        }
        false
    }
}

/// The exponents `(hi, lo)` of the largest and smallest `|p|` of a block's
/// products, where the loop may take them: every `p` finite and at least
/// `2^−968` (so every `e` exact, and none zero).
type Range = (i32, i32);

/// Two grids for the `p` of a block's products (and two for their `e`), and
/// the exponents of the products they take: every `p` of exponents in
/// `lo..=hi`. Such a `p` is below `2^(hi + 1)` and a multiple of
/// `2^(lo − FINE)` ([`Factor::FINE`]); an `f64` product's `e` is below
/// `ulp(p) / 2 ≤ 2^(hi − 52)` and, as `p + e = x · y` exactly and `x`, `y` are
/// multiples of `2^(ex − 52)`, `2^(ey − 52)` with `ex + ey ≥ lo − 2`
/// (`|p| ≤ 2^(ex + ey + 2)`: rounding may reach the power), a multiple of
/// `2^(lo − 106)`.
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
    fn around<X: Factor>((hi, lo): Range) -> Option<Self> {
        [hi + 1, hi].into_iter().find_map(|h| {
            let l = h - X::SPAN;
            let sp = plan_two(h + 1, l - X::FINE)?;
            let se = if X::LOW {
                plan_two(h + 1 - 52, l - 106)?
            } else {
                0.0
            };
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

/// Blocks taken the other way after one whose products two grids could not
/// take for what they are (not for their exponents).
const WAIT: u32 = 16;

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
fn product_exponents<L: Isa, X: Factor>(a: &[X], b: &[X]) -> Option<Range> {
    let (mut min, mut max) = (L::Quad::splat(f64::INFINITY), L::Quad::splat(0.0));
    let mut finite = true;
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let (ta, tb) = (ca.remainder(), cb.remainder());
    for (x, y) in ca.zip(cb) {
        let p = X::quad::<L::Quad>(x).mul(X::quad(y)).abs();
        (min, max) = (min.min(p), max.max(p));
        finite &= p.lanes().iter().all(|v| *v <= f64::MAX);
    }
    let (mut lo, mut hi) = (fold(min, f64::min), fold(max, f64::max));
    for (&x, &y) in ta.iter().zip(tb) {
        let p = X::product::<L>(x, y).0.abs();
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

/// The products `p + e` of a block on two grids for `p` (σ `sp` of the first;
/// the second takes what the first leaves) and, for `f64`, two for `e` (σ
/// `se`), made and split in one loop of four-lane vectors, half of the
/// additions on the multiply-add units: the four grids' sums, each exact where
/// the plan takes the block (as in `levels`), and the block's [`Range`].
/// Fetches the block after (`ahead`) as it goes: the work is long enough that
/// the CPU's own prefetching would leave those reads waiting for it to end.
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
fn two_grids<L: Isa, X: Factor>(
    a: &[X],
    b: &[X],
    sp: f64,
    se: f64,
    ahead: [&[X]; 2],
) -> ([f64; 4], Option<Range>) {
    let one = L::Quad::splat(core::hint::black_box(1.0));
    let (vp, ve) = (L::Quad::splat(sp), L::Quad::splat(se));
    let mut acc = [L::Quad::splat(0.0); 4];
    let (mut min, mut max) = (L::Quad::splat(f64::INFINITY), L::Quad::splat(0.0));
    let (ca, cb) = (a.chunks_exact(4), b.chunks_exact(4));
    let (ta, tb) = (ca.remainder(), cb.remainder());
    // A line of each as often as the loop reads one.
    let line = 64 / core::mem::size_of::<X>();
    let mut at = 0;
    for (x, y) in ca.zip(cb) {
        if at % line == 0 {
            dispatch::prefetch(ahead[0], at, line);
            dispatch::prefetch(ahead[1], at, line);
        }
        at += 4;
        let (p, e) = X::products::<L>(X::quad(x), X::quad(y));
        let q = p.add_on_fma(vp, one).sub(vp);
        acc[0] = acc[0].add(q);
        acc[1] = acc[1].add(p.sub_on_fma(q, one));
        if X::LOW {
            let r = e.add_on_fma(ve, one).sub(ve);
            acc[2] = acc[2].add(r);
            acc[3] = acc[3].add(e.sub_on_fma(r, one));
        }
        let m = p.abs();
        (min, max) = (min.min(m), max.max(m));
    }
    let (mut lo, mut hi) = (fold(min, f64::min), fold(max, f64::max));
    let mut sums = [0.0; 4];
    for (&x, &y) in ta.iter().zip(tb) {
        let (p, e) = X::product::<L>(x, y);
        let (q, r) = ((p + sp) - sp, if X::LOW { (e + se) - se } else { 0.0 });
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
