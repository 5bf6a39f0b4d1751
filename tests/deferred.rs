//! `SnormFloat` and `UnormFloat`: `f32` arithmetic bit for bit, clamping only at a
//! store (HLSL `snorm float` / `unorm float`, seed 002).

// Exact float comparisons (bits, or `==` where ±0 are meant to be equal) are
// the point of these tests.
#![allow(clippy::float_cmp)]

use normkey::{Norm, Snorm8, Snorm16, SnormFloat, Unorm, Unorm8, Unorm16, UnormFloat};
use quickcheck::QuickCheck;

fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fn check<A: quickcheck::Testable>(prop: A) {
    QuickCheck::new()
        .tests(if cfg!(miri) { 10 } else { 10_000 })
        .quickcheck(prop);
}

/// Every operator of `$T` is the `f32` operator, bit for bit, with no clamp.
macro_rules! f32_semantics {
    ($name:ident, $T:ident) => {
        #[test]
        fn $name() {
            fn prop(a: u32, b: u32) -> bool {
                let (x, y) = (f32::from_bits(a), f32::from_bits(b));
                let (p, q) = ($T(x), $T(y));
                let mut r = p;
                r += q;
                let mut s = p;
                s -= q;
                let mut m = p;
                m *= q;
                let mut d = p;
                d /= q;
                let mut e = p;
                e %= q;
                same((p + q).0, x + y)
                    && same((p - q).0, x - y)
                    && same((p * q).0, x * y)
                    && same((p / q).0, x / y)
                    && same((p % q).0, x % y)
                    && same((-p).0, -x)
                    && (-p).0.to_bits() == (-x).to_bits()
                    && same(r.0, x + y)
                    && same(s.0, x - y)
                    && same(m.0, x * y)
                    && same(d.0, x / y)
                    && same(e.0, x % y)
                    && same(p + y, x + y)
                    && same(x * q, x * y)
                    && (p == q) == (x == y)
                    && p.partial_cmp(&q) == x.partial_cmp(&y)
                    // `same`: NaN payloads of arithmetic results are not deterministic
                    // everywhere (Miri randomizes them), the numbers are compared bit for bit.
                    && same(
                        [p, q].into_iter().sum::<$T>().0,
                        [x, y].into_iter().sum::<f32>(),
                    )
                    && same([p, q].into_iter().product::<$T>().0, x * y)
            }
            check(prop as fn(u32, u32) -> bool);
        }
    };
}

f32_semantics!(snorm_float_is_f32, SnormFloat);
f32_semantics!(unorm_float_is_f32, UnormFloat);

#[test]
fn hlsl_seed_example_no_intermediate_clamp() {
    let r = (SnormFloat(0.9) + SnormFloat(0.3)) - SnormFloat(0.4);
    assert_eq!(r.0.to_bits(), ((0.9_f32 + 0.3) - 0.4).to_bits());
    assert!((r.0 - 0.8).abs() < 1e-6);
    // The same expression with AMP's Norm clamps the sum: 0.6.
    let amp = (Norm::new(0.9) + Norm::new(0.3)) - Norm::new(0.4);
    assert_eq!(amp, Norm::new(1.0 - 0.4));
    assert_ne!(amp.get(), r.0);
}

#[test]
fn hlsl_seed_example_stored_into_snorm8_is_102() {
    let r = (SnormFloat(0.9) + SnormFloat(0.3)) - SnormFloat(0.4);
    // 0.8 · 127 = 101.6 → 102.
    assert_eq!(Snorm8::from(r).to_bits(), 102);
}

#[test]
fn hlsl_store_of_1_5_clamps_to_max() {
    let result = SnormFloat(1.5);
    assert_eq!(result.0, 1.5, "a structured-buffer store keeps 1.5");
    assert_eq!(
        Snorm8::from(result).to_bits(),
        127,
        "a texture store clamps"
    );
    assert_eq!(Snorm16::from(result).to_bits(), 32767);
    assert_eq!(result.clamped(), Norm::MAX);
}

#[test]
fn stores_clamp_and_quantize() {
    fn prop(a: u32) -> bool {
        let x = f32::from_bits(a);
        SnormFloat(x).clamped() == Norm::new(x)
            && UnormFloat(x).clamped() == Unorm::new(x)
            && Snorm8::from(SnormFloat(x)) == Snorm8::from(Norm::new(x))
            && Snorm16::from(SnormFloat(x)) == Snorm16::from(Norm::new(x))
            && Unorm8::from(UnormFloat(x)) == Unorm8::from(Unorm::new(x))
            && Unorm16::from(UnormFloat(x)) == Unorm16::from(Unorm::new(x))
    }
    check(prop as fn(u32) -> bool);
    assert_eq!(Unorm8::from(UnormFloat(f32::NAN)).to_bits(), 0);
    assert_eq!(Snorm8::from(SnormFloat(f32::NEG_INFINITY)).to_bits(), -127);
    assert_eq!(Unorm16::from(UnormFloat(-0.0)).to_bits(), 0);
}

#[test]
fn conversions_are_bit_for_bit() {
    let nan = f32::from_bits(0xffc0_1234);
    assert_eq!(f32::from(SnormFloat::from(nan)).to_bits(), nan.to_bits());
    assert_eq!(
        f32::from(UnormFloat::from(-0.0)).to_bits(),
        (-0.0_f32).to_bits()
    );
    assert_eq!(SnormFloat::from(Norm::MIN).0, -1.0);
    assert_eq!(UnormFloat::from(Unorm::MAX).0, 1.0);
    assert_eq!(SnormFloat::default().0.to_bits(), 0);
}
