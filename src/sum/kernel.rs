//! The slice loop of the exact sums, a block of 512 values at a time, in one of
//! two ways chosen per block from its largest and smallest exponents (one pass
//! over the block, which leaves it in L1 for the second):
//!
//! - **Levels** (most data): each value is split, in `f64` arithmetic, into
//!   parts on one to three fixed grids (`q = (x + σ) − σ` rounds `x` to a
//!   multiple of `σ`'s last place `u`; `x − q` is exact and goes on to the next
//!   grid, `2^42` times finer). The grids are chosen so that the block's values
//!   leave nothing after the last one (so the last grid's part is what the
//!   others left, taken as it is), and so that 512 parts of `2^43 · u` at
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
//! The dot products' loops, which make the products and hand them to these
//! blocks, are in `products.rs`. Their blocks' work is long enough that the
//! CPU's own prefetching leaves the next block's reads waiting for the work to
//! end: they fetch the next block's factors in the grids' loops
//! (`dispatch::prefetch`), spread over the first two grids.
//!
//! Stack: the four counter sets, `4 · 2^exp_bits · 8` bytes (8 KiB for `f32` and
//! `bf16`, 64 KiB for `f64`, 1 KiB for `f16`), and 4 KiB of grid remainders; the
//! dot products' blocks of products, 4 KiB (8 KiB for `f64`). They are locals
//! of the copy that runs (`dispatch::vectorized` calls each copy out of line),
//! so they are on the stack once. Where the stack is small the loop does not
//! run at all (`sum::SLICE_LOOPS`).

// Bit fields of float encodings: the casts take low bits or reinterpret two's
// complement on purpose, and the short names are the standard's.
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names,
    clippy::float_cmp
)]

use crate::dispatch::{self, Isa};
use crate::sum::float::sealed::Float;
use crate::sum::float::{Bins, Seen};
use crate::sum::wide::{Format, add_at};

/// Sets of counters (see the module docs).
const COPIES: usize = 4;

/// Values per block: below 2^(62 − 53) so that an `f64` counter cannot overflow,
/// and the levels' bound (`BITS`).
pub(super) const BLOCK: usize = 512;

/// `f64` lanes per grid.
const LANES: usize = 16;

/// Bits of a grid: a part is below `2^BITS · u`, and a block's parts add up to
/// less than `2^(BITS + 9) ≤ 2^52` grid units, exactly.
const BITS: i32 = 43;

/// What the grids before the last leave of a block's values.
type Rest = [[f64; LANES]; BLOCK / LANES];

/// The most grids a block may need.
const MAX_LEVELS: i32 = 3;

/// `f64`.
pub(super) const F64: Format = Format {
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
    fn run<L: Isa>(self) -> Seen {
        add_blocks::<F, N>(self.limbs, self.xs)
    }
}

/// The loop's state across blocks: the exponent counters, what the grids leave,
/// and how far the limbs' quantum is below the values' (0 but for the `f64`
/// dot product, whose limbs count in `2^−2148`).
pub(super) struct Scratch<const N: usize> {
    bins: [[i64; N]; COPIES],
    pub(super) rest: Rest,
    shift: u32,
}

impl<const N: usize> Scratch<N> {
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(super) fn new(shift: u32) -> Self {
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
        add_block(limbs, block, [&[], &[]], &mut scratch, &mut seen);
    }
    seen
}

/// One block (at most [`BLOCK`] values), by grids or by counters.
#[allow(clippy::inline_always)] // built into the AVX2 copy
#[inline(always)]
pub(super) fn add_block<F: Float, const N: usize>(
    limbs: &mut [i64],
    block: &[F],
    ahead: [&[F]; 2],
    s: &mut Scratch<N>,
    seen: &mut Seen,
) {
    let (lo, hi) = exponents(block);
    let quantum = F::FORMAT.quantum() - s.shift as i32;
    let done = hi != N as u32 - 1
        && hi != 0
        && match grids(F::FORMAT, lo, hi) {
            Some((1, top)) => {
                levels::<F, 1, false, false>(limbs, block, block, ahead, top, &mut s.rest, quantum)
            }
            Some((2, top)) => {
                levels::<F, 2, false, false>(limbs, block, block, ahead, top, &mut s.rest, quantum)
            }
            Some((3, top)) => {
                levels::<F, 3, false, false>(limbs, block, block, ahead, top, &mut s.rest, quantum)
            }
            _ => false,
        };
    if done {
        seen.not_neg_zero = true;
    } else {
        bin_block(limbs, block, &mut s.bins, s.shift, seen);
    }
}

/// The smallest and largest biased exponent of `xs` (not empty).
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn exponents<F: Float>(xs: &[F]) -> (u32, u32) {
    let (mut lo, mut hi) = (u32::MAX, 0);
    for x in xs {
        let e = Float::exponent(*x);
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
pub(super) fn span(f: Format, lo: u32, hi: u32) -> (i32, i32) {
    let q = f.quantum();
    (
        (hi.max(1) - 1 + f.mant + 1) as i32 + q,
        (lo.max(1) - 1) as i32 + q,
    )
}

/// The grids for values below `2^top_value`, multiples of `2^finest`.
#[inline]
pub(super) fn plan(top_value: i32, finest: i32) -> Option<(i32, i32)> {
    plan_within(top_value, finest, MAX_LEVELS)
}

/// [`plan`] with at most `max` grids.
#[inline]
pub(super) fn plan_within(top_value: i32, finest: i32, max: i32) -> Option<(i32, i32)> {
    let top = top_value - BITS;
    let levels = 1 + ((top - finest).max(0) as u32).div_ceil(BITS as u32 - 1) as i32;
    let last = top - (BITS - 1) * (levels - 1);
    (levels <= max && last >= -1022 && top <= 970).then_some((levels, top))
}

/// σ of the first of two grids for values below `2^top_value`, multiples of
/// `2^finest`, where one or two grids cover them (and both leave `f64`'s normal
/// range no more than [`plan`] allows).
#[inline]
pub(super) fn plan_two(top_value: i32, finest: i32) -> Option<f64> {
    let (_, top) = plan_within(top_value, finest, 2)?;
    (top - (BITS - 1) >= -1022).then(|| sigma(top, 0))
}

/// `2^e` for a normal exponent.
#[inline]
fn pow2(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

/// σ of grid `l` (from 0) of grids whose first has unit `2^top`:
/// σ = 1.5 · 2^52 · u, so that x + σ rounds x to a multiple of u (|x| < 2^51 · u).
#[inline]
fn sigma(top: i32, l: i32) -> f64 {
    1.5 * pow2(top - (BITS - 1) * l + 52)
}

/// The block's exact sum (of `xs`, or of the products `xs[i] · ys[i]`, exact in
/// `f64`, with `PRODUCTS`) on `L` grids, the first of unit `2^top`, into `limbs`.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn levels<F: Float, const L: usize, const PRODUCTS: bool, const FETCH: bool>(
    limbs: &mut [i64],
    xs: &[F],
    ys: &[F],
    ahead: [&[F]; 2],
    top: i32,
    rest: &mut Rest,
    quantum: i32,
) -> bool {
    let sigma: [f64; L] = core::array::from_fn(|l| sigma(top, l as i32));
    let mut acc = [[0.0_f64; LANES]; L];
    // One loop per grid (the compiler vectorizes a loop of one grid, not of
    // several): the first reads the values, the others what the one before left.
    let (chunks, other) = (xs.chunks_exact(LANES), ys.chunks_exact(LANES));
    let tail = chunks.remainder().iter().zip(other.remainder());
    let n = xs.len() / LANES;
    // The lanes in locals, so that they stay in registers.
    let mut lanes = [0.0_f64; LANES];
    let mut at = 0;
    for ((c, d), r) in chunks.zip(other).zip(rest.iter_mut()) {
        if FETCH {
            dispatch::prefetch(ahead[0], at, LANES);
            if L == 1 {
                dispatch::prefetch(ahead[1], at, LANES);
            }
            at += LANES;
        }
        let mut x = [0.0_f64; LANES];
        for ((x, v), w) in x.iter_mut().zip(c).zip(d) {
            *x = if PRODUCTS {
                Float::widen(*v) * Float::widen(*w)
            } else {
                Float::widen(*v)
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
    // The second grid's loop fetches the second part of `ahead` (with
    // `FETCH`). The last grid takes what the ones before leave as it is (the plan
    // covers the block: rounding it to the grid would not change it).
    let (mut fetch, mut left) = (FETCH, L);
    for (a, &s) in acc.iter_mut().zip(&sigma).skip(1) {
        let mut lanes = [0.0_f64; LANES];
        left -= 1;
        let ahead = if fetch { ahead[1] } else { &[] };
        fetch = false;
        let mut at = 0;
        if left > 1 {
            for r in &mut rest[..n] {
                dispatch::prefetch(ahead, at, LANES);
                at += LANES;
                pass(r, &mut lanes, s);
            }
        } else {
            for r in &rest[..n] {
                dispatch::prefetch(ahead, at, LANES);
                at += LANES;
                last(r, &mut lanes, s);
            }
        }
        *a = lanes;
    }
    for (v, w) in tail {
        let mut x = if PRODUCTS {
            Float::widen(*v) * Float::widen(*w)
        } else {
            Float::widen(*v)
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

/// The last grid: what the grids before leave is on it, so each part is the
/// value itself.
#[allow(clippy::inline_always)]
#[inline(always)]
fn last(x: &[f64; LANES], acc: &mut [f64; LANES], sigma: f64) {
    for (x, a) in x.iter().zip(acc) {
        debug_assert_eq!((*x + sigma) - sigma, *x, "the grids cover the block");
        *a += *x;
    }
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
pub(super) fn add_f64(limbs: &mut [i64], v: f64, quantum: i32) {
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
        seen.not_neg_zero = block.iter().any(|x| Float::to_bits_u64(*x) != f.sign_bit());
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
    let b = Float::to_bits_u64(x);
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
        let b = Float::to_bits_u64(*x);
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
