//! [`SumFloat`]: the float types the exact sums take, and what differs between
//! them (the format, the number of limbs, the exponent bins of the slice loop,
//! the algorithm of the dot product).

// Bit fields of float encodings and limbs: the casts take low bits or
// reinterpret two's complement on purpose, and the short names are the
// standard's (sign, exponent, significand).
#![allow(
    clippy::cast_possible_truncation,
    clippy::cast_possible_wrap,
    clippy::cast_sign_loss,
    clippy::many_single_char_names
)]

use core::fmt::Debug;
use core::hash::Hash;

use crate::sum::wide::{Format, limbs_needed};

/// The words of an exact sum's integer form before its digits (`sum/words.rs`:
/// states, tag, count halves, flags).
pub(crate) const WORDS_HEADER: usize = 9;

pub(crate) mod sealed {
    use super::{Bins, Debug, Format, Hash};

    /// What each float type fixes: only this crate implements it.
    ///
    /// A supertrait of the public [`SumFloat`](super::SumFloat), so its items
    /// take part in the name resolution of a user's `F: SumFloat`: it has no
    /// methods (a `self` receiver would make `x.to_u64()` ambiguous, E0034,
    /// where the user's own trait has a `to_u64`), only associated functions
    /// called as `F::to_bits_u64(x)`, and their names and the constants' avoid
    /// the common ones (`num_traits`'s `from_u64`, `to_u64`, `ZERO`).
    // Its items are the crate's (`Format`, `Bins`): the trait is unnameable outside.
    #[allow(private_interfaces, private_bounds)]
    pub trait Float: Copy + Debug + Send + Sync + 'static {
        /// The binary format.
        const FORMAT: Format;
        /// The limbs of a sum of up to 2^64 values (`[i64; L]`).
        type Limbs: Copy + AsRef<[i64]> + AsMut<[i64]> + Eq + Hash + Debug + Send + Sync;
        /// A state as integer words (`[i64; WORDS_HEADER + L]`: `sum/words.rs`).
        type Words: Copy + AsRef<[i64]> + AsMut<[i64]> + Eq + Hash + Debug + Send + Sync;
        /// Every word zero.
        const WORDS_ZERO: Self::Words;
        /// A number of zero.
        const LIMBS_ZERO: Self::Limbs;
        /// One counter per biased exponent (`[i64; 2^exp_bits]`) for the slice loop.
        type Bins: Bins;
        /// The bits of `x`, zero-extended.
        fn to_bits_u64(x: Self) -> u64;
        /// The float of the low bits.
        fn from_bits_u64(b: u64) -> Self;
        /// The same value in `f64` (exact: every `SumFloat` is at most as wide).
        fn widen(x: Self) -> f64;
        /// The biased exponent field, from the float's own bits (vectorizes at
        /// its width).
        fn exponent(x: Self) -> u32;
        /// The limbs of a sum of products (`[i64; L]`).
        type DotLimbs: Copy + AsRef<[i64]> + AsMut<[i64]> + Send + Sync;
        /// Products of zero.
        const DOT_ZERO: Self::DotLimbs;
        /// The quantum of the products' limbs.
        const DOT_QUANTUM: i32;
        /// The slice as `f64`s when the type is `f64` (whose products take
        /// `exact_dot::dot_add_wide`; the others' are exact in `f64`).
        fn as_f64_slice(xs: &[Self]) -> Option<&[f64]>;
        /// `xs` where `Self` is `f32` (the dot product's one loop).
        fn as_f32_slice(xs: &[Self]) -> Option<&[f32]>;
    }
}

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

/// The counters of one float type: `[i64; 2^exp_bits]` (implemented, for every
/// length, by the slice loop in `kernel.rs`).
pub(crate) trait Bins {
    /// Adds every finite value of `xs` to `limbs` (exactly) and says what else was
    /// there.
    fn add_slice<F: sealed::Float>(limbs: &mut [i64], xs: &[F]) -> Seen;
}

/// A float type with exact sums: `f32`, `f64`, and with feature `half`,
/// `half::f16` and `half::bf16`. Sealed: only this crate implements it.
///
/// ```
/// use normkey::sum::{ExactSum, SumFloat};
///
/// fn total<F: SumFloat>(v: &[F]) -> F {
///     let mut s = ExactSum::<F>::new();
///     s.add_slice(v);
///     s.value()
/// }
/// assert_eq!(total(&[1e16_f64, 1.0, -1e16]), 1.0);
/// assert_eq!(total(&[0.1_f32; 10]), 1.0); // the exact 1.0000000149…; in order: 1.0000001
/// ```
pub trait SumFloat: sealed::Float {}

/// The limbs of `F`'s format, from the format alone.
// Used only by `sum_float!`'s compile-time checks, which Rust 1.85 does not count as a use.
#[allow(dead_code)]
pub(crate) const fn limbs_of(f: Format) -> usize {
    let max_pos = (1 << f.exp_bits) - 3;
    limbs_needed(max_pos + f.mant + 1, max_pos)
}

/// `impl SumFloat` for one float: its bits type, limb count (checked against
/// `limbs_of`), bin count and dot algorithm.
macro_rules! sum_float {
    ($f:ty, $u:ty, widen = $widen:path, mant = $mant:expr, exp = $exp:expr, limbs = $limbs:expr, dot = $as_f64:expr, f32s = $as_f32:expr, $dot_limbs:expr, $dot_quantum:expr) => {
        #[allow(private_interfaces)]
        impl sealed::Float for $f {
            const FORMAT: Format = Format {
                mant: $mant,
                exp_bits: $exp,
            };
            type Limbs = [i64; $limbs];
            const LIMBS_ZERO: Self::Limbs = [0; $limbs];
            type Words = [i64; WORDS_HEADER + $limbs];
            const WORDS_ZERO: Self::Words = [0; WORDS_HEADER + $limbs];
            type Bins = [i64; 1 << $exp];
            #[inline]
            fn to_bits_u64(x: Self) -> u64 {
                u64::from(bytemuck::cast::<$f, $u>(x))
            }
            #[inline]
            #[allow(clippy::cast_possible_truncation)] // the low bits: the float's own
            fn from_bits_u64(b: u64) -> Self {
                bytemuck::cast::<$u, $f>(b as $u)
            }
            #[inline]
            fn widen(x: Self) -> f64 {
                $widen(x)
            }
            #[inline]
            #[allow(clippy::cast_lossless)] // `u16`, `u32` or `u64`: one form for each
            fn exponent(x: Self) -> u32 {
                ((bytemuck::cast::<$f, $u>(x) >> $mant) & ((1 << $exp) - 1)) as u32
            }
            type DotLimbs = [i64; $dot_limbs];
            const DOT_ZERO: Self::DotLimbs = [0; $dot_limbs];
            const DOT_QUANTUM: i32 = $dot_quantum;
            fn as_f64_slice(xs: &[Self]) -> Option<&[f64]> {
                $as_f64(xs)
            }
            fn as_f32_slice(xs: &[Self]) -> Option<&[f32]> {
                $as_f32(xs)
            }
        }
        impl SumFloat for $f {}
        const _: () = assert!(limbs_of(<$f as sealed::Float>::FORMAT) == $limbs);
    };
}

sum_float!(
    f32,
    u32,
    widen = f64::from,
    mant = 23,
    exp = 8,
    limbs = 11,
    dot = |_| None,
    f32s = Some,
    68,
    -1074
);
sum_float!(
    f64,
    u64,
    widen = core::convert::identity,
    mant = 52,
    exp = 11,
    limbs = 68,
    dot = Some,
    f32s = |_| None,
    134,
    -2148
);
#[cfg(feature = "half")]
sum_float!(
    half::f16,
    u16,
    widen = half::f16::to_f64,
    mant = 10,
    exp = 5,
    limbs = 4,
    dot = |_| None,
    f32s = |_| None,
    68,
    -1074
);
#[cfg(feature = "half")]
sum_float!(
    half::bf16,
    u16,
    widen = half::bf16::to_f64,
    mant = 7,
    exp = 8,
    limbs = 11,
    dot = |_| None,
    f32s = |_| None,
    68,
    -1074
);
