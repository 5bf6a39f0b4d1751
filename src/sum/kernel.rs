//! The slice loop of the exact sums, a block of 512 values at a time, in one of
//! two ways chosen per block from its largest and smallest exponents (one pass
//! over the block, which leaves it in L1 for the second):
//!
//! - **Levels** (most data): each value is split, in `f64` arithmetic, into
//!   parts on one to three fixed grids (`q = (x + σ) − σ` rounds `x` to a
//!   multiple of `σ`'s last place `u`; `x − q` is exact and goes on to the next
//!   grid, `2^42` times finer). The grids are chosen so that the block's values
//!   leave nothing after the last one, and so that 512 parts of `2^43 · u` at
//!   most add up without rounding in 16 `f64` lanes per grid: every addition is
//!   exact, so the lanes hold the block's exact sum, which is added into the
//!   limbs once per grid. Branch-free `f64` additions that the compiler
//!   vectorizes (`dispatch::vectorized`: AVX2 where the CPU has it). The
//!   splitting is the error-free extraction of `ReproBLAS` (Demmel and Nguyen).
//! - **Bins** (blocks with ±∞ or NaN, with only zeros and subnormals, or
//!   spanning more exponents than three grids cover): each value's signed
//!   significand is added into a counter chosen by its biased exponent (Neal's
//!   `xsum` and `ExBLAS` bin so), four sets of counters so that consecutive
//!   values of one exponent do not wait on each other's store; the counters from
//!   the block's smallest to its largest exponent are folded into the limbs.
//!   ±∞ and NaN land in the all-ones counter, which is discarded: the block is
//!   read again for them.
//!
//! Stack: the four counter sets, `4 · 2^exp_bits · 8` bytes (8 KiB for `f32` and
//! `bf16`, 64 KiB for `f64`, 1 KiB for `f16`), and 4 KiB of grid remainders; the
//! dot products' blocks of products, 4 KiB (8 KiB for `f64`).

// Bit fields of float encodings: the casts take low bits or reinterpret two's
// complement on purpose, and the short names are the standard's.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names,
    clippy::float_cmp
)]

use crate::dispatch::{self, Level};
use crate::sum::float::sealed::Float;
use crate::sum::float::{Bins, Seen};
use crate::sum::wide::{Format, add_at};

/// Sets of counters (see the module docs).
const COPIES: usize = 4;

/// Values per block: below 2^(62 − 53) so that an `f64` counter cannot overflow,
/// and the levels' bound (`BITS`).
const BLOCK: usize = 512;

/// `f64` lanes per grid.
const LANES: usize = 16;

/// Bits of a grid: a part is below `2^BITS · u`, and a block's parts add up to
/// less than `2^(BITS + 9) ≤ 2^52` grid units, exactly.
const BITS: i32 = 43;

/// What the grids before the last leave of a block's values.
type Rest = [[f64; LANES]; BLOCK / LANES];

/// The most grids a block may need.
const MAX_LEVELS: i32 = 3;

/// The most grids of the `f64` dot product's blocks (for `p`, and for `e`).
const DOT_LEVELS: i32 = 4;

/// `f64`.
const F64: Format = Format {
    mant: 52,
    exp_bits: 11,
};

impl<const N: usize> Bins for [i64; N] {
    #[inline(never)]
    fn add_slice<F: Float>(limbs: &mut [i64], xs: &[F]) -> Seen {
        dispatch::vectorized(AddBlocks::<F, N> { limbs, xs })
    }
}

/// [`add_blocks`] as a [`dispatch::Kernel`].
struct AddBlocks<'a, F, const N: usize> {
    limbs: &'a mut [i64],
    xs: &'a [F],
}

impl<F: Float, const N: usize> dispatch::Kernel for AddBlocks<'_, F, N> {
    type Output = Seen;
    #[allow(clippy::inline_always)] // built into the AVX2 copy
    #[inline(always)]
    fn run<L: Level>(self) -> Seen {
        add_blocks::<F, N>(self.limbs, self.xs)
    }
}

/// The loop's state across blocks: the exponent counters, what the grids leave,
/// and how far the limbs' quantum is below the values' (0 but for the `f64`
/// dot product, whose limbs count in `2^−2148`).
struct Scratch<const N: usize> {
    bins: [[i64; N]; COPIES],
    rest: Rest,
    shift: u32,
}

impl<const N: usize> Scratch<N> {
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn new(shift: u32) -> Self {
        Self {
            bins: [[0; N]; COPIES],
            rest: [[0.0; LANES]; BLOCK / LANES],
            shift,
        }
    }
}

/// The loop over blocks; inlined into each copy `dispatch::vectorized` makes.
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
fn add_blocks<F: Float, const N: usize>(limbs: &mut [i64], xs: &[F]) -> Seen {
    debug_assert_eq!(N as u64, F::FORMAT.all_ones() + 1);
    let mut scratch = Scratch::<N>::new(0);
    let mut seen = Seen::default();
    for block in xs.chunks(BLOCK) {
        add_block(limbs, block, &mut scratch, &mut seen);
    }
    seen
}

/// One block (at most [`BLOCK`] values), by grids or by counters.
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
fn add_block<F: Float, const N: usize>(
    limbs: &mut [i64],
    block: &[F],
    s: &mut Scratch<N>,
    seen: &mut Seen,
) {
    let (lo, hi) = exponents(block);
    let quantum = F::FORMAT.quantum() - s.shift as i32;
    let done = hi != N as u32 - 1
        && hi != 0
        && match grids(F::FORMAT, lo, hi) {
            Some((1, top)) => levels::<F, 1, false>(limbs, block, block, top, &mut s.rest, quantum),
            Some((2, top)) => levels::<F, 2, false>(limbs, block, block, top, &mut s.rest, quantum),
            Some((3, top)) => levels::<F, 3, false>(limbs, block, block, top, &mut s.rest, quantum),
            _ => false,
        };
    if done {
        seen.not_neg_zero = true;
    } else {
        bin_block(limbs, block, &mut s.bins, s.shift, seen);
    }
}

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

impl<F: Float> dispatch::Kernel for Products<'_, F> {
    type Output = (u64, Seen);
    #[allow(clippy::inline_always)] // built into the AVX2 copy
    #[inline(always)]
    fn run<L: Level>(self) -> (u64, Seen) {
        let mut scratch = Scratch::<2048>::new(0);
        let mut seen = Seen::default();
        let mut buf = [0.0_f64; BLOCK];
        let mut count = 0;
        let f = F::FORMAT;
        for (ca, cb) in self.a.chunks(BLOCK).zip(self.b.chunks(BLOCK)) {
            // Factors all finite and nonzero (so no NaN to skip and no −0):
            // the grids from the factors' exponents, the products made in the
            // first grid's loop.
            let ((alo, ahi), (blo, bhi)) = (exponents(ca), exponents(cb));
            if alo > 0 && blo > 0 && u64::from(ahi.max(bhi)) < f.all_ones() {
                let ((ta, fa), (tb, fb)) = (span(f, alo, ahi), span(f, blo, bhi));
                let done = match plan(ta + tb, fa + fb) {
                    Some((1, top)) => {
                        levels::<F, 1, true>(self.limbs, ca, cb, top, &mut scratch.rest, -1074)
                    }
                    Some((2, top)) => {
                        levels::<F, 2, true>(self.limbs, ca, cb, top, &mut scratch.rest, -1074)
                    }
                    Some((3, top)) => {
                        levels::<F, 3, true>(self.limbs, ca, cb, top, &mut scratch.rest, -1074)
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
            add_block::<f64, 2048>(self.limbs, &buf[..ca.len()], &mut scratch, &mut seen);
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
/// where the CPU has one, else Dekker's product), a block at a time. Where the
/// block's factors are finite, below `2^995` and their products, bounded by the
/// smallest and largest factors, at least `2^−968` (then every `e` is exact),
/// `p` and `e` go each on their own grids (up to [`DOT_LEVELS`]), planned from
/// the factors' exponents; a block whose products span more exponents than
/// that goes through the slice loop as two blocks, `p` and `e`; other blocks (±∞, NaN, tiny or huge factors)
/// through `wide`, the integer products of `fallback`. The count and the flags.
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

impl dispatch::Kernel for TwoProducts<'_> {
    type Output = (u64, u8, Seen);
    #[allow(clippy::inline_always)] // built into the AVX2 copy
    #[inline(always)]
    fn run<L: Level>(self) -> (u64, u8, Seen) {
        let mut scratch = Scratch::<2048>::new(1074);
        let mut seen = Seen::default();
        let (mut hi, mut lo) = ([0.0_f64; BLOCK], [0.0_f64; BLOCK]);
        let (mut count, mut flags) = (0, 0);
        for (ca, cb) in self.a.chunks(BLOCK).zip(self.b.chunks(BLOCK)) {
            let n = ca.len();
            let (x_lo, x_hi, y_lo, y_hi, nan) = two_products::<L>(ca, cb, &mut hi, &mut lo);
            let (mut x_lo, mut y_lo) = (x_lo, y_lo);
            if x_lo == 0.0 || y_lo == 0.0 {
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
            if x_hi != 0.0 && y_hi != 0.0 {
                let e = |v: f64| v.exponent();
                let ((ta, fa), (tb, fb)) =
                    (span(F64, e(x_lo), e(x_hi)), span(F64, e(y_lo), e(y_hi)));
                let (p, e) = (&hi[..n], &lo[..n]);
                let (limbs, rest, q) = (&mut *self.limbs, &mut scratch.rest, DOT_QUANTUM);
                // Exact products are multiples of 2^(fa + fb) and below
                // 2^(ta + tb); `p`, rounded and at least 2^(fa + fb + 104),
                // multiples of 2^(fa + fb + 52); |e| ≤ ulp(p) / 2, below
                // 2^(ta + tb − 52). Each on its own grids.
                let high = plan_within(ta + tb, fa + fb + 52, DOT_LEVELS);
                let low = plan_within(ta + tb - 52, fa + fb, DOT_LEVELS);
                let done = match (high, low) {
                    (Some((high, top)), Some((low, bottom))) => {
                        (match high {
                            1 => levels::<f64, 1, false>(limbs, p, p, top, rest, q),
                            2 => levels::<f64, 2, false>(limbs, p, p, top, rest, q),
                            3 => levels::<f64, 3, false>(limbs, p, p, top, rest, q),
                            _ => levels::<f64, 4, false>(limbs, p, p, top, rest, q),
                        }) && match low {
                            1 => levels::<f64, 1, false>(limbs, e, e, bottom, rest, q),
                            2 => levels::<f64, 2, false>(limbs, e, e, bottom, rest, q),
                            3 => levels::<f64, 3, false>(limbs, e, e, bottom, rest, q),
                            _ => levels::<f64, 4, false>(limbs, e, e, bottom, rest, q),
                        }
                    }
                    _ => false,
                };
                if done {
                    seen.not_neg_zero = true;
                    continue;
                }
            }
            // An exact product leaves e = ±0: −0, no term.
            for l in &mut lo[..n] {
                if *l == 0.0 {
                    *l = -0.0;
                }
            }
            add_block::<f64, 2048>(self.limbs, &hi[..n], &mut scratch, &mut seen);
            add_block::<f64, 2048>(self.limbs, &lo[..n], &mut scratch, &mut seen);
        }
        (count, flags, seen)
    }
}

/// `hi[i] + lo[i] = a[i] · b[i]` (`Level::two_product`), and the smallest and
/// largest `|a[i]|` and `|b[i]|`, to within their top 31 bits (enough for their
/// exponents), and whether a product is NaN or ±∞.
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
fn two_products<L: Level>(
    a: &[f64],
    b: &[f64],
    hi: &mut [f64; BLOCK],
    lo: &mut [f64; BLOCK],
) -> (f64, f64, f64, f64, bool) {
    // The magnitudes' top words (they order as the magnitudes, NaN above ∞):
    // integer minima and maxima of 32 bits, which vectorize.
    let top = |x: f64| (x.to_bits() >> 32) as u32 & 0x7fff_ffff;
    let (mut x_lo, mut x_hi, mut y_lo, mut y_hi) = (u32::MAX, 0, u32::MAX, 0);
    // The bits of p − p: +0's, or a NaN's where p is NaN or ±∞.
    let mut bad = 0;
    for (((h, l), &x), &y) in hi.iter_mut().zip(lo.iter_mut()).zip(a).zip(b) {
        let (p, e) = L::two_product(x, y);
        (*h, *l) = (p, e);
        #[allow(clippy::eq_op)] // NaN for NaN and ±∞, +0 otherwise
        let z = p - p;
        bad |= z.to_bits();
        let (tx, ty) = (top(x), top(y));
        x_lo = x_lo.min(tx);
        x_hi = x_hi.max(tx);
        y_lo = y_lo.min(ty);
        y_hi = y_hi.max(ty);
    }
    let up = |t: u32| f64::from_bits(u64::from(t) << 32 | 0xffff_ffff);
    let down = |t: u32| f64::from_bits(u64::from(t) << 32);
    (down(x_lo), up(x_hi), down(y_lo), up(y_hi), bad != 0)
}

/// The smallest nonzero `|x|` of `xs` (with no NaN), `+∞` when there is none.
#[cold]
fn nonzero_min(xs: &[f64]) -> f64 {
    xs.iter()
        .map(|&x| x.abs())
        .filter(|&m| m != 0.0)
        .fold(f64::INFINITY, f64::min)
}

/// The smallest and largest biased exponent of `xs` (not empty).
#[allow(clippy::inline_always)]
#[inline(always)]
fn exponents<F: Float>(xs: &[F]) -> (u32, u32) {
    let (mut lo, mut hi) = (u32::MAX, 0);
    for x in xs {
        let e = x.exponent();
        lo = lo.min(e);
        hi = hi.max(e);
    }
    (lo, hi)
}

/// The number of grids a block with exponents `lo..=hi` (finite, not all zero)
/// needs, and the exponent of the first grid's unit; `None` when it needs more
/// than [`MAX_LEVELS`] or a grid leaves `f64`'s normal range.
#[inline]
fn grids(f: Format, lo: u32, hi: u32) -> Option<(i32, i32)> {
    let (top_value, finest) = span(f, lo, hi);
    plan(top_value, finest)
}

/// For exponents `lo..=hi` of format `f`: values are below `2^top_value` and
/// multiples of `2^finest`.
#[inline]
fn span(f: Format, lo: u32, hi: u32) -> (i32, i32) {
    let q = f.quantum();
    (
        (hi.max(1) - 1 + f.mant + 1) as i32 + q,
        (lo.max(1) - 1) as i32 + q,
    )
}

/// The grids for values below `2^top_value`, multiples of `2^finest`.
#[inline]
fn plan(top_value: i32, finest: i32) -> Option<(i32, i32)> {
    plan_within(top_value, finest, MAX_LEVELS)
}

/// [`plan`] with at most `max` grids.
#[inline]
fn plan_within(top_value: i32, finest: i32, max: i32) -> Option<(i32, i32)> {
    let top = top_value - BITS;
    let levels = 1 + ((top - finest).max(0) as u32).div_ceil(BITS as u32 - 1) as i32;
    let last = top - (BITS - 1) * (levels - 1);
    (levels <= max && last >= -1022 && top <= 970).then_some((levels, top))
}

/// `2^e` for a normal exponent.
#[inline]
fn pow2(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// The block's exact sum (of `xs`, or of the products `xs[i] · ys[i]`, exact in
/// `f64`, with `PRODUCTS`) on `L` grids, the first of unit `2^top`, into `limbs`.
#[allow(clippy::inline_always)]
#[inline(always)]
fn levels<F: Float, const L: usize, const PRODUCTS: bool>(
    limbs: &mut [i64],
    xs: &[F],
    ys: &[F],
    top: i32,
    rest: &mut Rest,
    quantum: i32,
) -> bool {
    // σ = 1.5 · 2^52 · u: x + σ rounds x to a multiple of u (|x| < 2^51 · u).
    let sigma: [f64; L] = core::array::from_fn(|l| 1.5 * pow2(top - (BITS - 1) * l as i32 + 52));
    let mut acc = [[0.0_f64; LANES]; L];
    // One loop per grid (the compiler vectorizes a loop of one grid, not of
    // several): the first reads the values, the others what the one before left.
    let (chunks, other) = (xs.chunks_exact(LANES), ys.chunks_exact(LANES));
    let tail = chunks.remainder().iter().zip(other.remainder());
    let n = xs.len() / LANES;
    // The lanes in locals, so that they stay in registers.
    let mut lanes = [0.0_f64; LANES];
    for ((c, d), r) in chunks.zip(other).zip(rest.iter_mut()) {
        let mut x = [0.0_f64; LANES];
        for ((x, v), w) in x.iter_mut().zip(c).zip(d) {
            *x = if PRODUCTS {
                v.widen() * w.widen()
            } else {
                v.widen()
            };
        }
        pass(&mut x, &mut lanes, sigma[0]);
        if L > 1 {
            *r = x;
        }
        debug_assert!(
            L > 1 || x.iter().all(|&r| r == 0.0),
            "the grid covers the block"
        );
    }
    acc[0] = lanes;
    for (a, &s) in acc.iter_mut().zip(&sigma).skip(1) {
        let mut lanes = [0.0_f64; LANES];
        for r in &mut rest[..n] {
            pass(r, &mut lanes, s);
        }
        *a = lanes;
    }
    debug_assert!(
        L == 1 || rest[..n].iter().flatten().all(|&r| r == 0.0),
        "the grids cover the block"
    );
    for (v, w) in tail {
        let mut x = if PRODUCTS {
            v.widen() * w.widen()
        } else {
            v.widen()
        };
        for (a, &s) in acc.iter_mut().zip(&sigma) {
            let q = (x + s) - s;
            a[0] += q;
            x -= q;
        }
        debug_assert_eq!(x, 0.0, "the grids cover the block");
    }
    for lanes in &acc {
        // Exact: multiples of the grid's unit, below 2^52 of them in all (so
        // in any order: halves, which vectorize).
        add_f64(limbs, halves(*lanes), quantum);
    }
    true
}

/// The sum of the lanes, adding halves (exact here: see [`levels`]).
#[allow(clippy::inline_always)]
#[inline(always)]
fn halves(mut v: [f64; LANES]) -> f64 {
    let mut w = LANES;
    while w > 1 {
        w /= 2;
        for i in 0..w {
            v[i] += v[i + w];
        }
    }
    v[0]
}

/// One grid over one set of lanes: the parts `q` into `acc`, `x` left with the rest.
#[allow(clippy::inline_always)]
#[inline(always)]
fn pass(x: &mut [f64; LANES], acc: &mut [f64; LANES], sigma: f64) {
    for (x, a) in x.iter_mut().zip(acc) {
        let q = (*x + sigma) - sigma;
        *a += q;
        *x -= q;
    }
}

/// Adds an `f64` that is a multiple of `2^quantum` to limbs of that quantum.
#[inline]
fn add_f64(limbs: &mut [i64], v: f64, quantum: i32) {
    let (negative, _, sig, pos) = F64.parts(v.to_bits());
    if sig == 0 {
        return;
    }
    let p = pos as i32 + F64.quantum() - quantum;
    if p >= 0 {
        add_at(limbs, sig, p as u32, negative);
    } else {
        debug_assert_eq!(sig & ((1 << -p) - 1), 0, "a multiple of the quantum");
        add_at(limbs, sig >> -p, 0, negative);
    }
}

/// A block through the exponent counters (see the module docs).
#[allow(clippy::inline_always)]
#[inline(always)]
fn bin_block<F: Float, const N: usize>(
    limbs: &mut [i64],
    block: &[F],
    bins: &mut [[i64; N]; COPIES],
    shift: u32,
    seen: &mut Seen,
) {
    let f = F::FORMAT;
    let (mut lo, mut hi) = (N - 1, 0);
    let mut groups = block.chunks_exact(COPIES);
    for g in &mut groups {
        for (c, x) in g.iter().enumerate() {
            let e = bin(&mut bins[c], *x);
            lo = lo.min(e);
            hi = hi.max(e);
        }
    }
    for x in groups.remainder() {
        let e = bin(&mut bins[0], *x);
        lo = lo.min(e);
        hi = hi.max(e);
    }
    if hi == N - 1 {
        for b in bins.iter_mut() {
            b[N - 1] = 0;
        }
        specials(block, seen);
    } else if hi > 0 {
        seen.not_neg_zero = true;
    } else if !seen.not_neg_zero {
        seen.not_neg_zero = block.iter().any(|x| x.to_u64() != f.sign_bit());
    }
    for e in lo..=hi.min(N - 2) {
        let mut total = 0;
        for b in bins.iter_mut() {
            total += b[e];
            b[e] = 0;
        }
        if total != 0 {
            let pos = if e == 0 { 0 } else { e as u32 - 1 };
            add_at(limbs, total.unsigned_abs(), pos + shift, total < 0);
        }
    }
}

/// Adds `x`'s signed significand to its exponent's counter; the exponent.
#[allow(clippy::inline_always)] // the loop's body: one copy per counter set
#[inline(always)]
fn bin<F: Float, const N: usize>(bins: &mut [i64; N], x: F) -> usize {
    let f = F::FORMAT;
    let b = x.to_u64();
    let e = (b >> f.mant) as usize & (N - 1);
    let m = (b & ((1 << f.mant) - 1)) | (u64::from(e != 0) << f.mant);
    // All ones when the sign is set.
    let s = ((b >> (f.width() - 1)) as i64).wrapping_neg();
    bins[e] += (m as i64 ^ s) - s;
    e
}

/// Records the NaNs, the infinities and the values other than −0 of `xs`.
#[cold]
fn specials<F: Float>(xs: &[F], seen: &mut Seen) {
    let f = F::FORMAT;
    for x in xs {
        let b = x.to_u64();
        let (negative, e, sig, _) = f.parts(b);
        let nan = e == f.all_ones() && sig & ((1 << f.mant) - 1) != 0;
        seen.not_neg_zero |= b != f.sign_bit() && !nan;
        if nan {
            seen.nans += 1;
        } else if e == f.all_ones() {
            if negative {
                seen.neg_inf = true;
            } else {
                seen.pos_inf = true;
            }
        }
    }
}
