//! `Arbitrary::shrink` (feature `quickcheck`): the candidates move toward 0 (toward
//! +0.0 for the keys), never into a NaN, and quickcheck's greedy minimization (take
//! the first candidate that still fails, repeat) ends at the boundary of a failing
//! property, for every float-valued type and every key float.
#![cfg(feature = "quickcheck")]
// Exact float comparisons are the point of these tests.
#![allow(clippy::float_cmp)]

mod common;
use common::XorShift;
use normkey::{Norm, OrderedKey, SnormFloat, Unorm, UnormFloat};
use quickcheck::Arbitrary;

/// quickcheck's minimization: from a failing value, move to the first shrink
/// candidate that still fails, until none does. Returns the minimized value and
/// the number of steps.
fn minimize<T: Arbitrary>(mut x: T, fails: impl Fn(&T) -> bool) -> (T, usize) {
    assert!(fails(&x));
    let mut steps = 0;
    while let Some(next) = x.shrink().find(|c| fails(c)) {
        x = next;
        steps += 1;
        assert!(steps < 10_000, "minimization does not end");
    }
    (x, steps)
}

/// Checks the shrink candidates of `x` (a value of a type read as `f32` by `get`):
/// the first is +0, every one is strictly closer to 0 with the sign of `x`, none
/// is NaN, and the second is `x/2` for a normal finite `x`.
fn check_candidates<T: Arbitrary>(x: &T, get: impl Fn(&T) -> f32) {
    let v = get(x);
    let c: Vec<f32> = x.shrink().map(|c| get(&c)).collect();
    if v.is_nan() || v.is_infinite() || v.to_bits() == (-0.0_f32).to_bits() {
        assert_eq!(c.first().map(|c| c.to_bits()), Some(0), "{v}: 0 first");
        assert!(c.iter().all(|c| !c.is_nan()), "{v}: {c:?}");
        return;
    }
    if v == 0.0 {
        assert!(c.is_empty(), "+0 is minimal: {c:?}");
        return;
    }
    assert_eq!(c[0].to_bits(), 0, "{v}: 0 first");
    if v.is_normal() && v.abs() > f32::MIN_POSITIVE * 2.0 {
        assert_eq!(c[1], v / 2.0, "{v}: then half of it");
    }
    for (i, &ci) in c.iter().enumerate() {
        assert!(!ci.is_nan(), "{v}: {c:?}");
        assert!(ci.abs() < v.abs(), "{v}: {ci} is not closer to 0");
        assert!(i == 0 || ci.is_sign_negative() == v.is_sign_negative());
        assert!(
            i < 2 || ci.abs() > c[i - 1].abs(),
            "{v}: {c:?} not increasing"
        );
    }
}

/// Float-valued types: candidates, and minimization to the boundary of
/// "fails when |x| ≥ t" (the old shrinker, which truncated to an integer, stopped
/// at the starting value for every x in (−1, 1)).
macro_rules! float_type_shrinks {
    ($name:ident, $T:ty, $new:expr, $get:expr, lo = $lo:expr) => {
        #[test]
        fn $name() {
            let get = $get;
            let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
            for _ in 0..(if cfg!(miri) { 30 } else { 3000 }) {
                check_candidates(&$new(rng.f32()), get);
            }
            for t in [0.3_f32, 0.7, 1.0e-3, 0.999] {
                for x in [t, (t + 1.0) / 2.0, 1.0, -t, $lo] {
                    let x = $new(x);
                    if get(&x).abs() < t {
                        continue;
                    }
                    let (m, steps) = minimize(x, |y| get(y).abs() >= t);
                    let m = get(&m).abs();
                    assert!(
                        m >= t && m <= t * (1.0 + 1.0e-6),
                        "t = {t}: stopped at {m} after {steps} steps"
                    );
                }
            }
            // Anything shrinks to 0 when every value fails.
            for x in [
                0.75,
                -0.75,
                1.0e-40,
                f32::NAN,
                f32::INFINITY,
                -f32::INFINITY,
                -0.0,
            ] {
                let (m, _) = minimize($new(x), |_| true);
                assert_eq!(get(&m).to_bits(), 0, "{x}");
            }
        }
    };
}

float_type_shrinks!(
    norm_shrinks_toward_zero,
    Norm,
    Norm::new,
    |x: &Norm| x.get(),
    lo = -1.0
);
float_type_shrinks!(
    unorm_shrinks_toward_zero,
    Unorm,
    Unorm::new,
    |x: &Unorm| x.get(),
    lo = 0.0
);
float_type_shrinks!(
    snorm_float_shrinks_toward_zero,
    SnormFloat,
    SnormFloat,
    |x: &SnormFloat| x.0,
    lo = -7.5
);
float_type_shrinks!(
    unorm_float_shrinks_toward_zero,
    UnormFloat,
    UnormFloat,
    |x: &UnormFloat| x.0,
    lo = 1.0e30
);

#[test]
fn norm_and_unorm_candidates_keep_the_invariant() {
    let mut rng = XorShift(7);
    for _ in 0..(if cfg!(miri) { 30 } else { 3000 }) {
        let x = rng.f32();
        for c in Norm::new(x).shrink() {
            assert_eq!(Norm::new(c.get()), c);
            assert!(c.get().to_bits() != (-0.0_f32).to_bits());
        }
        for c in Unorm::new(x).shrink() {
            assert_eq!(Unorm::new(c.get()), c);
        }
    }
}

#[test]
fn keys_shrink_toward_plus_zero_and_never_into_nan() {
    macro_rules! each {
        ($f:ty, $u:ty) => {{
            type K = OrderedKey<$f>;
            let to_f64 = |k: &K| f64::from(k.get());
            let plus_zero = K::new(<$f>::from_bits(0));
            let mut rng = XorShift(0x9e37_79b9_7f4a_7c15);
            for i in 0..(if cfg!(miri) { 40 } else { 4000_u32 }) {
                // Every width: the high bits of a random u64 cover the whole key range.
                let k = K::from_bits((rng.next() >> (64 - <$u>::BITS)) as $u);
                let k = if i < 4 {
                    [K::MIN, K::MAX, plus_zero, K::new(-<$f>::from_bits(0))][i as usize]
                } else {
                    k
                };
                let x = to_f64(&k);
                let c: Vec<K> = k.shrink().collect();
                if k == plus_zero {
                    assert!(c.is_empty());
                    continue;
                }
                assert_eq!(c[0], plus_zero, "{x}: +0 first");
                for ci in &c {
                    let v = to_f64(ci);
                    assert!(!v.is_nan(), "{x} shrank into NaN");
                    if !x.is_nan() && !x.is_infinite() && x != 0.0 {
                        assert!(v.abs() < x.abs(), "{x}: {v} not closer to 0");
                    }
                }
                let (m, _) = minimize(k, |_| true);
                assert_eq!(m, plus_zero, "{x} minimizes to +0");
            }
            // Minimization to a boundary: fails when x ≤ −3 (a NaN start is left alone).
            let (m, _) = minimize(K::new(<$f>::NEG_INFINITY), |k| to_f64(k) <= -3.0);
            let m = to_f64(&m);
            assert!(
                (-3.0 * (1.0 + 1.0e-2)..=-3.0).contains(&m),
                "stopped at {m}"
            );
        }};
    }
    normkey::for_each_key_float!(each);
}
