//! Arbitrary f32 pairs through every `Norm`/`Unorm`/`SnormFloat`/`UnormFloat`
//! constructor and operator: the invariants hold and every result equals the
//! reference, the clamp of the plain `f32` result (NaN → +0, −0 → +0).
#![no_main]

use libfuzzer_sys::fuzz_target;
use normkey::{Norm, SnormFloat, Unorm, UnormFloat};

/// The reference clamp, written from the spec: NaN → +0, clamp to [lo, 1], −0 → +0.
fn clamp_ref(x: f32, lo: f32) -> u32 {
    let y = if x.is_nan() {
        0.0
    } else if x < lo {
        lo
    } else if x > 1.0 {
        1.0
    } else if x == 0.0 {
        0.0
    } else {
        x
    };
    y.to_bits()
}

fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fn invariant(x: f32, lo: f32) {
    assert!(
        !x.is_nan() && x >= lo && x <= 1.0 && x.to_bits() != 0x8000_0000,
        "{x:?}"
    );
}

macro_rules! clamped_type {
    ($T:ident, $lo:expr, $a:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        let (x, y) = ($T::new(a), $T::new(b));
        assert_eq!(x.get().to_bits(), clamp_ref(a, $lo), "new({a:?})");
        invariant(x.get(), $lo);
        let (p, q) = (x.get(), y.get());
        for (r, want) in [
            (x + y, p + q),
            (x - y, p - q),
            (x * y, p * q),
            (x / y, p / q),
        ] {
            invariant(r.get(), $lo);
            assert_eq!(r.get().to_bits(), clamp_ref(want, $lo), "{p:?} op {q:?}");
        }
        let mut z = x;
        z += y;
        assert_eq!(z, x + y);
        let mut z = x;
        z -= y;
        assert_eq!(z, x - y);
        let mut z = x;
        z *= y;
        assert_eq!(z, x * y);
        let mut z = x;
        z /= y;
        assert_eq!(z, x / y);
        // With f32 (both orders) the result is plain f32 arithmetic.
        assert!(same(x + b, p + b) && same(b + x, b + p));
        assert!(same(x - b, p - b) && same(b - x, b - p));
        assert!(same(x * b, p * b) && same(b * x, b * p));
        assert!(same(x / b, p / b) && same(b / x, b / p));
        // Checked constructor: Ok exactly for in-range numbers, stored with −0 as +0.
        match $T::try_new(a) {
            Ok(v) => {
                assert!(a >= $lo && a <= 1.0);
                assert_eq!(v.get().to_bits(), (a + 0.0).to_bits());
            }
            Err(_) => assert!(a.is_nan() || a < $lo || a > 1.0),
        }
        // AMP's explicit constructions: convert to f32, then clamp.
        assert_eq!($T::from_f64(f64::from(a)), x);
        let wide = f64::from_bits((u64::from(a.to_bits()) << 32) | u64::from(b.to_bits()));
        #[allow(clippy::cast_possible_truncation)]
        let narrowed = wide as f32;
        assert_eq!($T::from_f64(wide).get().to_bits(), clamp_ref(narrowed, $lo));
        let i = a.to_bits() as i32;
        assert_eq!($T::from_i32(i).get().to_bits(), clamp_ref(i as f32, $lo));
        assert_eq!(
            $T::from_u32(b.to_bits()).get().to_bits(),
            clamp_ref(b.to_bits() as f32, $lo)
        );
        // Sum and Product clamp after every step.
        let s: $T = [x, y, x].into_iter().sum();
        let want = clamp_ref(f32::from_bits(clamp_ref(p + q, $lo)) + p, $lo);
        assert_eq!(s.get().to_bits(), want);
        let m: $T = [x, y, x].into_iter().product();
        let want = clamp_ref(f32::from_bits(clamp_ref(p * q, $lo)) * p, $lo);
        assert_eq!(m.get().to_bits(), want);
        // Eq/Ord agree with the value.
        assert_eq!(x == y, p == q);
        assert_eq!(x.cmp(&y), p.partial_cmp(&q).unwrap());
    }};
}

macro_rules! deferred_type {
    ($D:ident, $N:ident, $a:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        let (x, y) = ($D(a), $D(b));
        assert!(same((x + y).0, a + b) && same((x - y).0, a - b));
        assert!(same((x * y).0, a * b) && same((x / y).0, a / b));
        assert!(same((-x).0, -a));
        assert_eq!(x == y, a == b);
        assert_eq!(x.partial_cmp(&y), a.partial_cmp(&b));
        assert_eq!(x.clamped(), $N::new(a));
    }};
}

fuzz_target!(|data: &[u8]| {
    for c in data.chunks_exact(8) {
        let a = f32::from_le_bytes(c[..4].try_into().unwrap());
        let b = f32::from_le_bytes(c[4..].try_into().unwrap());
        clamped_type!(Norm, -1.0, a, b);
        clamped_type!(Unorm, 0.0, a, b);
        deferred_type!(SnormFloat, Norm, a, b);
        deferred_type!(UnormFloat, Unorm, a, b);

        // Mixed operands give Norm; negation.
        let (n, u) = (Norm::new(a), Unorm::new(b));
        let (p, q) = (n.get(), u.get());
        for (r, want) in [
            (n + u, p + q),
            (u + n, q + p),
            (n - u, p - q),
            (u - n, q - p),
            (n * u, p * q),
            (u * n, q * p),
            (n / u, p / q),
            (u / n, q / p),
        ] {
            invariant(r.get(), -1.0);
            assert_eq!(r.get().to_bits(), clamp_ref(want, -1.0));
        }
        assert_eq!((-n).get().to_bits(), clamp_ref(-p, -1.0));
        assert!(same(-u, -q));
        assert_eq!(Norm::from(u).get().to_bits(), q.to_bits());
        assert_eq!(Unorm::from_norm(n).get().to_bits(), clamp_ref(p, 0.0));
    }
});
