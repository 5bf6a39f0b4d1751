//! `Norm` and `Unorm`: every operator against a reference clamp written here, over
//! raw `f32` bits, and one named test per C++ AMP rule (seed 002).

// Exact float comparisons (bits, or `==` where ±0 are meant to be equal) are
// the point of these tests.
#![allow(clippy::float_cmp)]

mod common;

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use normkey::{Norm, NormRangeError, Unorm};
use quickcheck::QuickCheck;

/// The reference clamp, written independently of the crate: NaN → +0, −0 → +0,
/// below `lo` → `lo`, above 1 → 1.
fn clamp_ref(y: f32, lo: f32) -> f32 {
    if y.is_nan() || y == 0.0 {
        0.0
    } else if y < lo {
        lo
    } else if y > 1.0 {
        1.0
    } else {
        y
    }
}

/// The invariant: not NaN, in [lo, 1], not −0.
fn invariant(y: f32, lo: f32) -> bool {
    !y.is_nan() && y >= lo && y <= 1.0 && y.to_bits() != (-0.0_f32).to_bits()
}

/// Same bits (so +0 ≠ −0), or both NaN.
fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

/// A `Norm` from raw bits: the raw float clamped half the time (NaN, ±∞, huge and
/// tiny inputs), else a value spread over [−1, 1] (so that sums and products do not
/// all clamp).
#[allow(clippy::cast_precision_loss)]
fn norm(bits: u32) -> Norm {
    if bits & 1 == 0 {
        Norm::new(f32::from_bits(bits))
    } else {
        Norm::new((bits >> 1) as f32 / (u32::MAX >> 1) as f32 * 2.0 - 1.0)
    }
}

/// An `Unorm` from raw bits, as [`norm`].
#[allow(clippy::cast_precision_loss)]
fn unorm(bits: u32) -> Unorm {
    if bits & 1 == 0 {
        Unorm::new(f32::from_bits(bits))
    } else {
        Unorm::new((bits >> 1) as f32 / (u32::MAX >> 1) as f32)
    }
}

fn check<A: quickcheck::Testable>(prop: A) {
    QuickCheck::new()
        .tests(if cfg!(miri) { 10 } else { 10_000 })
        .quickcheck(prop);
}

// ---- construction --------------------------------------------------------------

#[test]
fn new_is_the_reference_clamp_for_every_float() {
    fn prop(bits: u32) -> bool {
        let x = f32::from_bits(bits);
        let (n, u) = (Norm::new(x).get(), Unorm::new(x).get());
        same(n, clamp_ref(x, -1.0))
            && same(u, clamp_ref(x, 0.0))
            && invariant(n, -1.0)
            && invariant(u, 0.0)
    }
    check(prop as fn(u32) -> bool);
}

#[test]
fn new_edges() {
    for (x, n, u) in [
        (f32::NAN, 0.0, 0.0),
        (-f32::NAN, 0.0, 0.0),
        // Signalling NaNs: AArch64's fmaxnm/fminnm once turned these into 1.0.
        (f32::from_bits(0x7f80_0001), 0.0, 0.0),
        (f32::from_bits(0xff80_0001), 0.0, 0.0),
        (-0.0, 0.0, 0.0),
        (f32::INFINITY, 1.0, 1.0),
        (f32::NEG_INFINITY, -1.0, 0.0),
        (f32::from_bits(1), f32::from_bits(1), f32::from_bits(1)),
        (-f32::from_bits(1), -f32::from_bits(1), 0.0),
        (f32::MAX, 1.0, 1.0),
        (f32::MIN, -1.0, 0.0),
    ] {
        // Opaque to the optimizer, so the run-time code is tested, not constant folding.
        let x = std::hint::black_box(x);
        assert_eq!(
            Norm::new(x).get().to_bits(),
            f32::to_bits(n),
            "Norm::new({x})"
        );
        assert_eq!(
            Unorm::new(x).get().to_bits(),
            f32::to_bits(u),
            "Unorm::new({x})"
        );
    }
}

#[test]
fn try_new_accepts_exactly_the_range() {
    fn prop(bits: u32) -> bool {
        let x = f32::from_bits(bits);
        let n_ok = !x.is_nan() && (-1.0..=1.0).contains(&x);
        let u_ok = !x.is_nan() && (0.0..=1.0).contains(&x);
        let n = Norm::try_new(x);
        let u = Unorm::try_new(x);
        n.is_ok() == n_ok
            && u.is_ok() == u_ok
            && n.map_or_else(
                |e| same(e.value(), x),
                |n| same(n.get(), clamp_ref(x, -1.0)),
            )
            && u.map_or_else(|e| same(e.value(), x), |u| same(u.get(), clamp_ref(x, 0.0)))
    }
    check(prop as fn(u32) -> bool);
}

#[test]
fn try_new_error_is_an_error() {
    fn assert_error<E: core::error::Error + Send + Sync + 'static>(_: &E) {}
    let e: NormRangeError = Unorm::try_new(-0.5).unwrap_err();
    assert_error(&e);
    assert_eq!(e.to_string(), "-0.5 is outside the range [0, 1]");
    assert_eq!(
        Norm::try_new(2.0).unwrap_err().to_string(),
        "2 is outside the range [-1, 1]"
    );
    assert_eq!(
        Norm::try_new(f32::NAN).unwrap_err().to_string(),
        "NaN is not a normalized value"
    );
    assert_eq!(Norm::try_new(-0.0).unwrap().get().to_bits(), 0);
}

#[test]
#[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
fn from_f64_i32_u32_convert_to_f32_then_clamp() {
    fn prop(bits: u64, i: i32, u: u32) -> bool {
        let d = f64::from_bits(bits);
        same(Norm::from_f64(d).get(), clamp_ref(d as f32, -1.0))
            && same(Unorm::from_f64(d).get(), clamp_ref(d as f32, 0.0))
            && same(Norm::from_i32(i).get(), clamp_ref(i as f32, -1.0))
            && same(Unorm::from_i32(i).get(), clamp_ref(i as f32, 0.0))
            && same(Norm::from_u32(u).get(), clamp_ref(u as f32, -1.0))
            && same(Unorm::from_u32(u).get(), clamp_ref(u as f32, 0.0))
    }
    check(prop as fn(u64, i32, u32) -> bool);
    // Rounding to f32 happens before the clamp: 1 + 2^-30 rounds to 1.0 (AMP: "convert to float, then clamp").
    assert_eq!(Norm::from_f64(1.0 + 2f64.powi(-30)), Norm::MAX);
    assert_eq!(Unorm::from_f64(1e-300).get().to_bits(), 0);
    assert_eq!(
        Norm::from_f64(-1e-300).get().to_bits(),
        0,
        "-0 after rounding becomes +0"
    );
}

// ---- operators: every one against clamp(f32 result) -------------------------------

/// `L op R -> O` equals the reference clamp of the `f32` result, and keeps the invariant.
macro_rules! binary_op_property {
    ($name:ident: $l:ident $sym:tt $r:ident => $O:ident, lo = $lo:literal) => {
        #[test]
        fn $name() {
            fn prop(a: u32, b: u32) -> bool {
                let (x, y) = ($l(a), $r(b));
                let got: $O = x $sym y;
                same(got.get(), clamp_ref(x.get() $sym y.get(), $lo)) && invariant(got.get(), $lo)
            }
            check(prop as fn(u32, u32) -> bool);
        }
    };
}

/// `L op= R` equals the reference clamp of the `f32` result.
macro_rules! assign_op_property {
    ($name:ident: $l:ident $sym:tt $r:ident, $plain:tt, lo = $lo:literal) => {
        #[test]
        fn $name() {
            fn prop(a: u32, b: u32) -> bool {
                let (mut x, y) = ($l(a), $r(b));
                let want = clamp_ref(x.get() $plain y.get(), $lo);
                x $sym y;
                same(x.get(), want) && invariant(x.get(), $lo)
            }
            check(prop as fn(u32, u32) -> bool);
        }
    };
}

/// `T op f32` and `f32 op T` are plain `f32` arithmetic, bit for bit; so is `f32 op= T`.
macro_rules! float_op_property {
    ($name:ident: $t:ident $sym:tt, $assign:tt) => {
        #[test]
        fn $name() {
            fn prop(a: u32, b: u32) -> bool {
                let (x, f) = ($t(a), f32::from_bits(b));
                let mut g = f;
                g $assign x;
                same(x $sym f, x.get() $sym f) && same(f $sym x, f $sym x.get()) && same(g, f $sym x.get())
            }
            check(prop as fn(u32, u32) -> bool);
        }
    };
}

binary_op_property!(norm_add: norm + norm => Norm, lo = -1.0);
binary_op_property!(norm_sub: norm - norm => Norm, lo = -1.0);
binary_op_property!(norm_mul: norm * norm => Norm, lo = -1.0);
binary_op_property!(norm_div: norm / norm => Norm, lo = -1.0);
binary_op_property!(unorm_add: unorm + unorm => Unorm, lo = 0.0);
binary_op_property!(unorm_sub: unorm - unorm => Unorm, lo = 0.0);
binary_op_property!(unorm_mul: unorm * unorm => Unorm, lo = 0.0);
binary_op_property!(unorm_div: unorm / unorm => Unorm, lo = 0.0);
binary_op_property!(norm_add_unorm: norm + unorm => Norm, lo = -1.0);
binary_op_property!(norm_sub_unorm: norm - unorm => Norm, lo = -1.0);
binary_op_property!(norm_mul_unorm: norm * unorm => Norm, lo = -1.0);
binary_op_property!(norm_div_unorm: norm / unorm => Norm, lo = -1.0);
binary_op_property!(unorm_add_norm: unorm + norm => Norm, lo = -1.0);
binary_op_property!(unorm_sub_norm: unorm - norm => Norm, lo = -1.0);
binary_op_property!(unorm_mul_norm: unorm * norm => Norm, lo = -1.0);
binary_op_property!(unorm_div_norm: unorm / norm => Norm, lo = -1.0);

assign_op_property!(norm_add_assign: norm += norm, +, lo = -1.0);
assign_op_property!(norm_sub_assign: norm -= norm, -, lo = -1.0);
assign_op_property!(norm_mul_assign: norm *= norm, *, lo = -1.0);
assign_op_property!(norm_div_assign: norm /= norm, /, lo = -1.0);
assign_op_property!(unorm_add_assign: unorm += unorm, +, lo = 0.0);
assign_op_property!(unorm_sub_assign: unorm -= unorm, -, lo = 0.0);
assign_op_property!(unorm_mul_assign: unorm *= unorm, *, lo = 0.0);
assign_op_property!(unorm_div_assign: unorm /= unorm, /, lo = 0.0);
assign_op_property!(norm_add_assign_unorm: norm += unorm, +, lo = -1.0);
assign_op_property!(norm_sub_assign_unorm: norm -= unorm, -, lo = -1.0);
assign_op_property!(norm_mul_assign_unorm: norm *= unorm, *, lo = -1.0);
assign_op_property!(norm_div_assign_unorm: norm /= unorm, /, lo = -1.0);

float_op_property!(norm_add_f32: norm +, +=);
float_op_property!(norm_sub_f32: norm -, -=);
float_op_property!(norm_mul_f32: norm *, *=);
float_op_property!(norm_div_f32: norm /, /=);
float_op_property!(unorm_add_f32: unorm +, +=);
float_op_property!(unorm_sub_f32: unorm -, -=);
float_op_property!(unorm_mul_f32: unorm *, *=);
float_op_property!(unorm_div_f32: unorm /, /=);

#[test]
fn neg() {
    fn prop(a: u32) -> bool {
        let (n, u) = (norm(a), unorm(a));
        let neg_n: Norm = -n;
        let neg_u: f32 = -u;
        same(neg_n.get(), clamp_ref(-n.get(), -1.0))
            && invariant(neg_n.get(), -1.0)
            && same(neg_u, -u.get())
    }
    check(prop as fn(u32) -> bool);
}

#[test]
fn sum_and_product_clamp_after_every_step() {
    #[allow(clippy::needless_pass_by_value)] // quickcheck passes owned values
    fn prop(v: Vec<u32>) -> bool {
        let ns: Vec<Norm> = v.iter().map(|&b| norm(b)).collect();
        let us: Vec<Unorm> = v.iter().map(|&b| unorm(b)).collect();
        let fold = |xs: &[f32], init: f32, lo: f32, f: fn(f32, f32) -> f32| {
            xs.iter().fold(init, |acc, &x| clamp_ref(f(acc, x), lo))
        };
        let nf: Vec<f32> = ns.iter().map(|n| n.get()).collect();
        let uf: Vec<f32> = us.iter().map(|u| u.get()).collect();
        let (s, p) = (
            ns.iter().copied().sum::<Norm>(),
            ns.iter().product::<Norm>(),
        );
        let (su, pu) = (
            us.iter().sum::<Unorm>(),
            us.iter().copied().product::<Unorm>(),
        );
        same(s.get(), fold(&nf, 0.0, -1.0, |a, b| a + b))
            && same(p.get(), fold(&nf, 1.0, -1.0, |a, b| a * b))
            && same(su.get(), fold(&uf, 0.0, 0.0, |a, b| a + b))
            && same(pu.get(), fold(&uf, 1.0, 0.0, |a, b| a * b))
    }
    check(prop as fn(Vec<u32>) -> bool);
}

// ---- Eq, Ord, Hash, bytemuck --------------------------------------------------------

fn hash_of<T: Hash>(x: T) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

#[test]
#[allow(clippy::many_single_char_names)]
fn eq_ord_hash_are_those_of_the_values() {
    fn prop(a: u32, b: u32) -> bool {
        let (x, y) = (norm(a), norm(b));
        let (u, v) = (unorm(a), unorm(b));
        x.cmp(&y) == x.get().partial_cmp(&y.get()).unwrap()
            && (x == y) == (x.get() == y.get())
            && (x != y || hash_of(x) == hash_of(y))
            && u.cmp(&v) == u.get().partial_cmp(&v.get()).unwrap()
            && (u != v || hash_of(u) == hash_of(v))
    }
    check(prop as fn(u32, u32) -> bool);
    // −0 and NaN inputs are stored as +0, so they compare and hash equal to ZERO.
    assert_eq!(hash_of(Norm::new(-0.0)), hash_of(Norm::ZERO));
    assert_eq!(hash_of(Norm::new(f32::NAN)), hash_of(Norm::ZERO));
}

#[test]
fn checked_bit_pattern_accepts_exactly_the_invariant() {
    fn prop(bits: u32) -> bool {
        let x = f32::from_bits(bits);
        bytemuck::checked::try_cast::<u32, Norm>(bits).is_ok() == invariant(x, -1.0)
            && bytemuck::checked::try_cast::<u32, Unorm>(bits).is_ok() == invariant(x, 0.0)
    }
    check(prop as fn(u32) -> bool);
    for x in [f32::NAN, -0.0, 1.5, f32::INFINITY] {
        assert!(
            bytemuck::checked::try_cast::<u32, Norm>(x.to_bits()).is_err(),
            "{x}"
        );
    }
    assert_eq!(
        bytemuck::checked::cast::<u32, Norm>(0.5f32.to_bits()),
        Norm::new(0.5)
    );
    assert_eq!(
        bytemuck::bytes_of(&Norm::new(-1.0)),
        (-1.0_f32).to_ne_bytes()
    );
    assert_eq!(<Unorm as bytemuck::Zeroable>::zeroed(), Unorm::ZERO);
}

// ---- C++ AMP rules, one test each -----------------------------------------------------

#[test]
fn amp_seed_example_clamps_after_every_operator() {
    let (a, b, c) = (Norm::new(0.9), Norm::new(0.3), Norm::new(0.4));
    // 0.9 + 0.3 clamps to 1.0 before the subtraction: the blog's 0.6, not HLSL's 0.8.
    assert_eq!((a + b) - c, Norm::new(1.0 - 0.4));
    assert!(((a + b) - c).get() - 0.6 < 1e-6);
}

#[test]
fn amp_default_constructs_zero() {
    assert_eq!(Norm::default().get().to_bits(), 0);
    assert_eq!(Unorm::default().get().to_bits(), 0);
}

#[test]
fn amp_construction_from_float_clamps() {
    assert_eq!(Norm::new(-1.5).get(), -1.0);
    assert_eq!(Unorm::new(1.66).get(), 1.0);
    assert_eq!(Unorm::new(-5.3).get(), 0.0);
    assert_eq!(Norm::new(0.25).get(), 0.25);
}

#[test]
fn amp_construction_from_int_unsigned_double_converts_then_clamps() {
    assert_eq!(Norm::from_i32(5).get(), 1.0);
    assert_eq!(Norm::from_i32(-5).get(), -1.0);
    assert_eq!(Unorm::from_i32(-5).get(), 0.0);
    assert_eq!(Unorm::from_u32(7).get(), 1.0);
    assert_eq!(Norm::from_u32(0).get(), 0.0);
    assert_eq!(Norm::from_f64(-0.5).get(), -0.5);
    assert_eq!(Unorm::from_f64(3.0).get(), 1.0);
}

#[test]
fn amp_unorm_to_norm_is_lossless() {
    fn prop(a: u32) -> bool {
        let u = unorm(a);
        Norm::from(u).get().to_bits() == u.get().to_bits()
    }
    check(prop as fn(u32) -> bool);
}

#[test]
fn amp_norm_to_unorm_is_explicit_and_clamps() {
    assert_eq!(Unorm::from_norm(Norm::new(-0.5)), Unorm::ZERO);
    assert_eq!(Unorm::from_norm(Norm::new(0.5)).get(), 0.5);
    assert_eq!(Unorm::from_norm(Norm::MIN), Unorm::ZERO);
}

#[test]
fn amp_norm_and_unorm_convert_to_float() {
    let minus_one: f32 = Norm::new(-1.5).into();
    let one: f32 = Unorm::new(1.66).into();
    assert_eq!((minus_one, one), (-1.0, 1.0));
}

#[test]
fn amp_same_type_operators_return_that_type_clamped() {
    let n: Norm = Norm::new(-0.75) - Norm::new(0.5);
    assert_eq!(n, Norm::MIN);
    let u: Unorm = Unorm::new(0.75) + Unorm::new(0.5);
    assert_eq!(u, Unorm::MAX);
    assert_eq!(Unorm::new(0.5) * Unorm::new(0.5), Unorm::new(0.25));
    assert_eq!(Norm::new(-0.5) / Norm::new(0.25), Norm::MIN);
    assert_eq!(
        Unorm::ZERO / Unorm::ZERO,
        Unorm::ZERO,
        "0/0 is NaN, stored as 0"
    );
    assert_eq!(
        Norm::new(-0.5) / Norm::ZERO,
        Norm::MIN,
        "-x/0 is -inf, clamped"
    );
}

#[test]
fn amp_compound_assignment_clamps() {
    let mut n = Norm::new(0.9);
    n += Norm::new(0.3);
    assert_eq!(n, Norm::MAX);
    n -= Norm::new(0.4);
    assert_eq!(n, Norm::new(1.0 - 0.4));
    let mut u = Unorm::new(0.25);
    u -= Unorm::new(0.5);
    assert_eq!(u, Unorm::ZERO);
    u /= Unorm::ZERO;
    assert_eq!(u, Unorm::ZERO);
    let mut m = Norm::new(0.5);
    m *= Unorm::new(0.5);
    assert_eq!(m, Norm::new(0.25));
}

#[test]
fn amp_negation_of_norm_is_norm() {
    let neg_norm: Norm = -Norm::new(0.8);
    assert_eq!(neg_norm.get(), -0.8);
    assert_eq!((-Norm::ZERO).get().to_bits(), 0, "-0 stored as +0");
}

#[test]
fn amp_negation_of_unorm_promotes_to_float() {
    let neg_unorm: f32 = -Unorm::new(0.8);
    assert_eq!(neg_unorm, -0.8);
}

#[test]
fn amp_norm_op_float_is_float_arithmetic() {
    let f: f32 = Norm::new(0.9) + 0.3;
    assert_eq!(f, 0.9_f32 + 0.3);
    let g: f32 = 2.0 * Unorm::new(0.75);
    assert_eq!(g, 1.5);
    let mut h = 1.0_f32;
    h -= Norm::new(-1.0);
    assert_eq!(h, 2.0);
}

#[test]
fn amp_mixed_norm_unorm_is_norm() {
    let a: Norm = Norm::new(-0.5) + Unorm::new(0.25);
    let b: Norm = Unorm::new(0.25) - Norm::new(0.5);
    assert_eq!((a.get(), b.get()), (-0.25, -0.25));
    let c: Norm = Unorm::new(0.0) - Norm::new(1.0);
    assert_eq!(c, Norm::MIN);
}

#[test]
fn amp_constants() {
    assert_eq!(
        (Norm::ZERO.get(), Norm::MIN.get(), Norm::MAX.get()),
        (0.0, -1.0, 1.0)
    );
    assert_eq!(
        (Unorm::ZERO.get(), Unorm::MIN.get(), Unorm::MAX.get()),
        (0.0, 0.0, 1.0)
    );
}

#[test]
fn amp_comparison_operators() {
    assert!(Norm::MIN < Norm::ZERO && Norm::ZERO < Norm::MAX);
    assert!(Unorm::new(0.25) <= Unorm::new(0.25) && Unorm::new(0.25) != Unorm::new(0.5));
}

#[test]
fn deviation_nan_becomes_zero_and_negative_zero_becomes_positive_zero() {
    // AMP's CPU path keeps NaN and -0; normkey stores +0 for both (documented).
    assert_eq!(Norm::new(f32::NAN).get().to_bits(), 0);
    assert_eq!(Unorm::new(-f32::NAN).get().to_bits(), 0);
    assert_eq!(Norm::new(-0.0).get().to_bits(), 0);
    assert_eq!((Norm::new(0.5) * Norm::new(-0.0)).get().to_bits(), 0);
    assert_eq!(
        (Norm::new(-1e-30) * Norm::new(1e-30)).get().to_bits(),
        0,
        "underflow to -0"
    );
}

#[test]
fn sum_clamps_after_every_step() {
    let v = [Norm::new(0.9), Norm::new(0.3), Norm::new(-0.4)];
    assert_eq!(v.iter().sum::<Norm>(), Norm::new(1.0 - 0.4));
    let p = [Unorm::new(0.5), Unorm::new(0.5)];
    assert_eq!(p.iter().product::<Unorm>(), Unorm::new(0.25));
    assert_eq!(core::iter::empty::<Norm>().product::<Norm>(), Norm::MAX);
}

// ---- optional integrations ------------------------------------------------------------

#[cfg(feature = "num-traits")]
#[test]
fn num_traits_impls() {
    use num_traits::{Bounded, FromPrimitive, One, ToPrimitive, Zero};
    fn prop(bits: u64) -> bool {
        let d = f64::from_bits(bits);
        let in_range = |lo: f64| !d.is_nan() && d >= lo && d <= 1.0;
        <Norm as FromPrimitive>::from_f64(d).is_some() == in_range(-1.0)
            && <Unorm as FromPrimitive>::from_f64(d).is_some() == in_range(0.0)
    }
    assert_eq!(
        (Norm::min_value(), Norm::max_value()),
        (Norm::MIN, Norm::MAX)
    );
    assert_eq!((Unorm::zero(), Unorm::one()), (Unorm::ZERO, Unorm::MAX));
    assert!(Norm::new(-0.0).is_zero());
    assert_eq!(
        Norm::new(-0.75).to_i64(),
        Some(0),
        "truncates toward zero like f32"
    );
    assert_eq!(Norm::MIN.to_i64(), Some(-1));
    assert_eq!(Unorm::MAX.to_f64(), Some(1.0));
    check(prop as fn(u64) -> bool);
    assert_eq!(<Norm as FromPrimitive>::from_f64(1.0 + 1e-12), None);
    assert_eq!(<Unorm as FromPrimitive>::from_f32(f32::NAN), None);
    assert_eq!(Norm::from_i64(-1), Some(Norm::MIN));
    assert_eq!(Unorm::from_i64(-1), None);
    assert_eq!(Unorm::from_u64(2), None);
    assert_eq!(normkey::Snorm8::min_value().to_bits(), i8::MIN);
    assert_eq!(normkey::Unorm16::max_value().to_bits(), u16::MAX);
}

#[cfg(feature = "quickcheck")]
#[test]
fn arbitrary_values_keep_the_invariant_and_hit_the_edges() {
    use quickcheck::{Arbitrary, Gen};
    let mut g = Gen::new(100);
    let ns: Vec<Norm> = (0..2000).map(|_| Norm::arbitrary(&mut g)).collect();
    let us: Vec<Unorm> = (0..2000).map(|_| Unorm::arbitrary(&mut g)).collect();
    assert!(ns.iter().all(|n| invariant(n.get(), -1.0)));
    assert!(us.iter().all(|u| invariant(u.get(), 0.0)));
    for edge in [Norm::ZERO, Norm::MIN, Norm::MAX] {
        assert!(ns.contains(&edge), "{edge:?} never generated");
    }
    assert!(us.contains(&Unorm::ZERO) && us.contains(&Unorm::MAX));
    assert!(
        ns.iter().any(|n| n.get() != 0.0 && n.get().abs() < 1.0),
        "interior values too"
    );
    assert!(Norm::new(0.5).shrink().all(|n| invariant(n.get(), -1.0)));
}

/// `from_code`, `from_code_masked` and `to_code` of `Unorm` (every width 1..=16) and
/// `Norm` (2..=16) on every 16-bit word: the decoded value against the oracle's
/// correctly rounded `c / max`, `None` exactly for the words that do not fit, the
/// masked forms reading the low bits, and `to_code` the inverse (the oracle's
/// nearest code of the value).
#[test]
fn codes_every_width_every_word() {
    fn unorm<const B: u32>() {
        let max = normkey_oracle::unorm_max(B);
        for word in common::miri_thin(0..=u16::MAX, 997) {
            let c = i64::from(word);
            let want = normkey_oracle::decode_normalized(c & max, max);
            let u = Unorm::from_code::<B>(word);
            let fits = c <= max;
            assert_eq!(
                u.map(|u| u.get().to_bits()),
                fits.then_some(want.to_bits()),
                "unorm {B}: {word}"
            );
            let m = Unorm::from_code_masked::<B>(word);
            assert_eq!(
                m.get().to_bits(),
                want.to_bits(),
                "unorm {B} masked: {word}"
            );
            let code = m.to_code::<B>();
            assert_eq!(i64::from(code), c & max, "unorm {B} to_code: {word}");
            assert_eq!(
                i64::from(code),
                normkey_oracle::encode_unorm(m.get(), B),
                "unorm {B}: {word}"
            );
        }
    }
    fn norm<const B: u32>() {
        let max = normkey_oracle::snorm_max(B);
        for word in common::miri_thin(0..=u16::MAX, 997) {
            #[allow(clippy::cast_possible_wrap)] // the word's bits as a code
            let code = word as i16;
            let c = i64::from(code);
            // The low B bits as a B-bit two's complement number.
            let low = (c & (2 * max + 1)) - if c & (max + 1) != 0 { 2 * max + 2 } else { 0 };
            let fits = (-max - 1..=max).contains(&c);
            let want = |c| normkey_oracle::decode_normalized(c, max).to_bits();
            let n = Norm::from_code::<B>(code);
            assert_eq!(
                n.map(|n| n.get().to_bits()),
                fits.then(|| want(c)),
                "norm {B}: {code}"
            );
            let m = Norm::from_code_masked::<B>(word);
            assert_eq!(m.get().to_bits(), want(low), "norm {B} masked: {word}");
            assert_ne!(m.get().to_bits(), (-0.0_f32).to_bits());
            // The inverse, but the most negative code decodes to −1, encoded as −max.
            let back = m.to_code::<B>();
            assert_eq!(i64::from(back), low.max(-max), "norm {B} to_code: {word}");
            assert_eq!(
                i64::from(back),
                normkey_oracle::encode_snorm(m.get(), B),
                "norm {B}: {word}"
            );
        }
    }
    macro_rules! widths {
        ($f:ident: $($b:literal)*) => { $($f::<$b>();)* };
    }
    widths!(unorm: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
    widths!(norm: 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
}
