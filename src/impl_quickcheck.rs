//! `quickcheck::Arbitrary` for the crate's types (feature `quickcheck`).
//!
//! Generators favour edge values: a raw-bits generator alone almost never hits
//! ±0, ±∞ or NaN, which are where the interesting behaviour is.

extern crate alloc;

use alloc::boxed::Box;

use quickcheck::{Arbitrary, Gen};

use crate::deferred::{SnormFloat, UnormFloat};
use crate::key::OrderedKey;
use crate::norm::{Norm, Unorm};

/// `f64` rounded to the nearest `Self`: the name `half`'s types have
/// (`f16::from_f64`), given to `f32` and `f64`, so that [`arbitrary_key!`] is the
/// same text for every float of the list.
trait FromF64 {
    fn from_f64(c: f64) -> Self;
}

impl FromF64 for f32 {
    fn from_f64(c: f64) -> Self {
        to_f32(c)
    }
}

impl FromF64 for f64 {
    fn from_f64(c: f64) -> Self {
        c
    }
}

/// `Arbitrary` for `OrderedKey<$f>` (`$u` its key integer): arbitrary bits (every
/// key is valid), with the keys of the edge floats (±0, ±1, ±∞, ±NaN, `MIN`,
/// `MAX`) one time in four. Shrinks the float toward +0.0 ([`shrink_float`]); a
/// key that is not a NaN never shrinks into one.
macro_rules! arbitrary_key {
    ($f:ty, $u:ty) => {
        impl Arbitrary for OrderedKey<$f> {
            fn arbitrary(g: &mut Gen) -> Self {
                const SIGN: $u = 1 << (<$u>::BITS - 1);
                let edges = [
                    <$f>::from_bits(0),
                    <$f>::from(1_i8),
                    <$f>::INFINITY,
                    <$f>::NAN,
                ]
                .map(<$f>::to_bits);
                if u8::arbitrary(g) % 4 == 0 {
                    let e = *g.choose(&edges).unwrap_or(&edges[0]);
                    match u8::arbitrary(g) % 4 {
                        0 => Self::MIN,
                        1 => Self::MAX,
                        2 => Self::new(<$f>::from_bits(e | SIGN)),
                        _ => Self::new(<$f>::from_bits(e)),
                    }
                } else {
                    Self::from_bits(<$u>::arbitrary(g))
                }
            }

            fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
                let round: fn(f64) -> f64 = |c| f64::from(<$f>::from_f64(c));
                let x = f64::from(self.get());
                Box::new(
                    shrink_float(x, f64::from(<$f>::MAX), round)
                        .map(move |c| Self::new(<$f>::from_f64(c))),
                )
            }
        }
    };
}

crate::for_each_key_float!(arbitrary_key);

/// `Arbitrary` for `Norm`/`Unorm`/`SnormFloat`/`UnormFloat`: the type built from
/// an `f32` that is an edge value (±0, ±1, ±0.5, ±∞, NaN, the smallest subnormal)
/// one time in three, raw bits one time in three, and a value spread over
/// [−1.5, 1.5] otherwise (so the clamping types hold NaN- and out-of-range-derived
/// values as well as interior ones). Shrinks toward 0 ([`shrink_float`]).
macro_rules! arbitrary_from_f32 {
    ($T:ty, $new:expr, $get:expr) => {
        impl Arbitrary for $T {
            fn arbitrary(g: &mut Gen) -> Self {
                $new(arbitrary_f32(g))
            }

            fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
                let x = f64::from($get(*self));
                Box::new(shrink_float(x, f64::from(f32::MAX), round_f32).map(|c| $new(to_f32(c))))
            }
        }
    };
}

/// `c` rounded to the nearest `f32`.
#[allow(clippy::cast_possible_truncation)] // the rounding is the point
fn to_f32(c: f64) -> f32 {
    c as f32
}

/// `c` rounded to `f32` and back.
fn round_f32(c: f64) -> f64 {
    f64::from(to_f32(c))
}

/// The shrink candidates of a float `x` (given as `f64`; `round` rounds an `f64`
/// to the float's own precision, `max` is its largest finite value), all closer to
/// +0.0 than `x` and never NaN:
///
/// - a finite `x ≠ 0`: first 0, then `x/2`, `x − x/4`, `x − x/8`, … (halving the
///   distance to `x` each time, as quickcheck's integers do), up to the last value
///   before `x` in the float's precision; no value twice;
/// - −0: +0; +0: nothing;
/// - ±∞: 0, ±1, ±`max`;
/// - NaN: 0 (a NaN shrinks out of NaN, and nothing shrinks into one).
fn shrink_float(x: f64, max: f64, round: fn(f64) -> f64) -> Box<dyn Iterator<Item = f64>> {
    let abs = |v: f64| f64::from_bits(v.to_bits() & !(1 << 63));
    let with_sign = |v: f64| if x.is_sign_negative() { -v } else { v };
    if x.is_nan() {
        return Box::new(core::iter::once(0.0));
    }
    if x.is_infinite() {
        return Box::new([0.0, with_sign(1.0), with_sign(max)].into_iter());
    }
    if x == 0.0 {
        return Box::new(x.is_sign_negative().then_some(0.0).into_iter());
    }
    let mut last = 0.0_f64;
    let toward_x = core::iter::successors(Some(x / 2.0), |h| Some(h / 2.0))
        .map(move |h| round(x - h))
        .take_while(move |&c| abs(c) < abs(x))
        .filter(move |&c| {
            let new = c.to_bits() != last.to_bits() && c != 0.0;
            last = c;
            new
        });
    Box::new(core::iter::once(0.0).chain(toward_x))
}

/// An `f32` for the generators above.
#[allow(clippy::cast_precision_loss)]
fn arbitrary_f32(g: &mut Gen) -> f32 {
    const EDGES: [f32; 13] = [
        0.0,
        -0.0,
        1.0,
        -1.0,
        0.5,
        -0.5,
        f32::INFINITY,
        f32::NEG_INFINITY,
        f32::NAN,
        -f32::NAN,
        1.0e-45,
        2.0,
        -2.0,
    ];
    match u8::arbitrary(g) % 3 {
        0 => *g.choose(&EDGES).unwrap_or(&0.0),
        1 => f32::from_bits(u32::arbitrary(g)),
        _ => (u32::arbitrary(g) >> 8) as f32 / (1u32 << 24) as f32 * 3.0 - 1.5,
    }
}

arbitrary_from_f32!(Norm, Norm::new, Norm::get);
arbitrary_from_f32!(Unorm, Unorm::new, Unorm::get);
arbitrary_from_f32!(SnormFloat, SnormFloat, |x: SnormFloat| x.0);
arbitrary_from_f32!(UnormFloat, UnormFloat, |x: UnormFloat| x.0);

/// `Arbitrary` for a storage format: the codes 0, ±1, `MIN`, `MAX` (and `-MAX`)
/// one time in three, else any code. Shrinks the code toward 0.
macro_rules! arbitrary_storage {
    ($T:ident, $code:ty, $N:ident, $D:ident) => {
        impl Arbitrary for crate::$T {
            fn arbitrary(g: &mut Gen) -> Self {
                let edges = [
                    0,
                    1,
                    <$code>::MIN,
                    <$code>::MAX,
                    <$code>::MAX.wrapping_neg(),
                    <$code>::MAX / 2 + 1,
                ];
                if u8::arbitrary(g) % 3 == 0 {
                    Self::from_bits(*g.choose(&edges).unwrap_or(&0))
                } else {
                    Self::from_bits(<$code>::arbitrary(g))
                }
            }

            fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
                Box::new(self.to_bits().shrink().map(Self::from_bits))
            }
        }
    };
}

crate::for_each_storage_format!(arbitrary_storage);
