//! The loop of normkey's `key::min` for `f64` (`fold_keys`: the totalOrder key,
//! a wrapping subtraction, an integer min folded from `u64::MAX`), alone. NEON
//! has no 64-bit UMIN, so LLVM makes the min `cmhi` + `bit` on accumulators set
//! by `movi v.2d, #-1`; the vector loop's first pass (4 values) shares a
//! translation block with those `movi`s. Prints the vector fold and the scalar
//! one for two slices; exits 1 when they differ.
use std::hint::black_box;

/// `OrderedKey::<f64>::new(x).to_bits()`.
fn key(b: u64) -> u64 {
    b ^ ((((b as i64) >> 63) as u64) | (1 << 63))
}

#[inline(never)]
fn fold_min(values: &[f64], by: u64) -> u64 {
    values
        .iter()
        .map(|x| key(x.to_bits()).wrapping_sub(by))
        .fold(u64::MAX, Ord::min)
}

fn main() {
    // `Rotation::new(true, false)` (`key::min`: NaNs ignored) rotates by the key of −∞.
    let by = key(f64::NEG_INFINITY.to_bits());
    let slices: [[f64; 4]; 2] = [
        // The shortest slice that takes the vector loop.
        [1.0, 2.0, 3.0, 4.0],
        // The case tests/atomic.rs shrank to: min is -7.5e-302.
        [
            f64::NAN,
            f64::from_bits(0x8169_d764_b65b_87d8),
            f64::from_bits(0x2eda_44a9_12a2_f5bd),
            f64::NAN,
        ],
    ];
    let mut rc = 0;
    for v in &slices {
        let got = fold_min(black_box(v), black_box(by));
        let want = v
            .iter()
            .map(|x| key(x.to_bits()).wrapping_sub(by))
            .min()
            .unwrap();
        println!(
            "{v:?}: fold_min {got:016x}, scalar {want:016x}: {}",
            if got == want { "same" } else { "DIFFERENT" }
        );
        rc |= i32::from(got != want);
    }
    std::process::exit(rc);
}
