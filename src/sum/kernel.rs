//! The slice loop: each value's signed significand added into a counter chosen
//! by its biased exponent, the counters folded into the wide number once per
//! block.
//!
//! A counter of an `f32` exponent takes 24-bit significands: 2^38 of them fit in
//! an `i64`, so a block is long (2^16 values) and the fold (one `add_at` per
//! exponent the block used) costs nothing per value. An `f64` significand has 53
//! bits: a block is 512 values, and the fold visits only the exponents from the
//! block's smallest to its largest, which the loop keeps. The counters come in
//! [`COPIES`] sets, value `i` going to set `i % COPIES`, so that consecutive
//! values of one exponent do not wait on each other's store. ±∞ and NaN land in
//! the counter of the all-ones exponent, which is discarded: a block whose largest
//! exponent is all ones is read again for them (rare data, in cache).
//!
//! Stack: `COPIES · 2^exp_bits` counters, 8 KiB for `f32` and `bf16`, 64 KiB for
//! `f64`, 256 bytes for `f16`.

// Bit fields of float encodings and limbs: the casts take low bits or
// reinterpret two's complement on purpose, and the short names are the
// standard's (sign, exponent, significand).
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names
)]

use crate::sum::float::sealed::Float;
use crate::sum::wide::add_at;

/// Sets of counters (see the module docs).
pub(crate) const COPIES: usize = 4;

/// What a slice held besides finite numbers.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Seen {
    /// NaNs.
    pub(crate) nans: u64,
    /// +∞.
    pub(crate) pos_inf: bool,
    /// −∞.
    pub(crate) neg_inf: bool,
    /// A value other than −0 and NaN.
    pub(crate) not_neg_zero: bool,
}

/// The counters of one float type: `[i64; 2^exp_bits]`.
pub(crate) trait Bins {
    /// Adds every finite value of `xs` to `limbs` (exactly) and says what else was
    /// there.
    fn add_slice<F: Float>(limbs: &mut [i64], xs: &[F]) -> Seen;
}

impl<const N: usize> Bins for [i64; N] {
    #[inline(never)]
    fn add_slice<F: Float>(limbs: &mut [i64], xs: &[F]) -> Seen {
        let f = F::FORMAT;
        debug_assert_eq!(N as u64, f.all_ones() + 1);
        // Values per block: each counter stays below 2^62 in magnitude.
        let block = (1_usize << (62 - (f.mant + 1)).min(16)) & !(COPIES - 1);
        let mut bins = [[0_i64; N]; COPIES];
        let mut seen = Seen::default();
        for chunk in xs.chunks(block) {
            let (mut lo, mut hi) = (N - 1, 0);
            let mut groups = chunk.chunks_exact(COPIES);
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
                for b in &mut bins {
                    b[N - 1] = 0;
                }
                specials(chunk, &mut seen);
            } else if hi > 0 {
                seen.not_neg_zero = true;
            } else if !seen.not_neg_zero {
                seen.not_neg_zero = chunk.iter().any(|x| x.to_u64() != f.sign_bit());
            }
            for e in lo..=hi.min(N - 2) {
                let mut total = 0;
                for b in &mut bins {
                    total += b[e];
                    b[e] = 0;
                }
                if total != 0 {
                    let pos = if e == 0 { 0 } else { e as u32 - 1 };
                    add_at(limbs, total.unsigned_abs(), pos, total < 0);
                }
            }
        }
        seen
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
        seen.not_neg_zero |=
            b != f.sign_bit() && !(e == f.all_ones() && sig & ((1 << f.mant) - 1) != 0);
        if e == f.all_ones() {
            if sig & ((1 << f.mant) - 1) != 0 {
                seen.nans += 1;
            } else if negative {
                seen.neg_inf = true;
            } else {
                seen.pos_inf = true;
            }
        }
    }
}
