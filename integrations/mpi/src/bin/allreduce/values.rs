//! The values of `allreduce`'s cases: the same on every rank and in
//! `tests/mpirun.rs` (which includes this file), from a seeded splitmix64.

/// splitmix64's next output.
fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The cases: a name and its number of values.
pub(crate) const CASES: [(&str, usize); 7] = [
    // Large values whose opposites sit far away (on another rank), among
    // values near 1 and subnormals: a float sum in any order is far off.
    ("cancel", 100_003),
    ("cancel-small", 3),
    // Every value −0: the sum is −0 only if every rank keeps the −0 rule.
    ("neg-zero", 1_000),
    // One +∞ (on one rank): +∞.
    ("inf", 10_000),
    // +∞ near the start, −∞ at the end: NaN.
    ("inf-minus-inf", 10_000),
    // A NaN with a payload and its sign bit: the canonical NaN.
    ("nan", 10_000),
    // Values near the largest: the sum rounds to +∞ once, from the exact sum.
    ("overflow", 1_001),
];

/// A float built from raw parts, for both widths.
pub(crate) trait Gen: Copy {
    /// Significand bits (without the hidden one).
    const MANT: u32;
    /// Exponent bits.
    const EXP: u32;
    /// The float with these bits (the low `1 + EXP + MANT`).
    fn from_raw(bits: u64) -> Self;
    /// Its negation.
    fn neg(self) -> Self;
    /// +∞.
    const INF: Self;
    /// −0.
    const NEG_ZERO: Self;
}

impl Gen for f64 {
    const MANT: u32 = 52;
    const EXP: u32 = 11;
    fn from_raw(bits: u64) -> Self {
        f64::from_bits(bits)
    }
    fn neg(self) -> Self {
        -self
    }
    const INF: Self = f64::INFINITY;
    const NEG_ZERO: Self = -0.0;
}

impl Gen for f32 {
    const MANT: u32 = 23;
    const EXP: u32 = 8;
    fn from_raw(bits: u64) -> Self {
        f32::from_bits(u32::try_from(bits).expect("32 bits"))
    }
    fn neg(self) -> Self {
        -self
    }
    const INF: Self = f32::INFINITY;
    const NEG_ZERO: Self = -0.0;
}

#[cfg(feature = "half")]
impl Gen for half::f16 {
    const MANT: u32 = 10;
    const EXP: u32 = 5;
    fn from_raw(bits: u64) -> Self {
        half::f16::from_bits(u16::try_from(bits).expect("16 bits"))
    }
    fn neg(self) -> Self {
        -self
    }
    const INF: Self = half::f16::INFINITY;
    const NEG_ZERO: Self = half::f16::NEG_ZERO;
}

#[cfg(feature = "half")]
impl Gen for half::bf16 {
    const MANT: u32 = 7;
    const EXP: u32 = 8;
    fn from_raw(bits: u64) -> Self {
        half::bf16::from_bits(u16::try_from(bits).expect("16 bits"))
    }
    fn neg(self) -> Self {
        -self
    }
    const INF: Self = half::bf16::INFINITY;
    const NEG_ZERO: Self = half::bf16::NEG_ZERO;
}

/// A float of random sign and significand with a biased exponent in
/// `[lo, hi]` (0: a subnormal).
fn random<F: Gen>(s: &mut u64, lo: u64, hi: u64) -> F {
    let r = splitmix64(s);
    let exp = lo + splitmix64(s) % (hi - lo + 1);
    let mant = r & ((1 << F::MANT) - 1);
    let sign = (r >> 63) << (F::EXP + F::MANT);
    F::from_raw(sign | (exp << F::MANT) | mant)
}

/// Case `name`'s `n` values of `F`.
pub(crate) fn values<F: Gen>(name: &str, n: usize) -> Vec<F> {
    let mut s = 0x6e6f_726d_6b65_7900 ^ n as u64;
    let max_exp = (1 << F::EXP) - 2; // the largest finite biased exponent
    let bias = (1 << (F::EXP - 1)) - 1;
    let mut v: Vec<F> = (0..n)
        .map(|i| match i % 4 {
            // Wide, in the first half: up to 2^20 below the largest, so that
            // no partial sum overflows.
            0 if i < n / 2 => random(&mut s, 0, max_exp - 20),
            // Near 1 (`f16`: below 8, so that their sum stays finite).
            0..=2 => random(&mut s, bias - 10, bias + if F::EXP > 5 { 10 } else { 2 }),
            // Subnormal or the smallest normals.
            _ => random(&mut s, 0, 1),
        })
        .collect();
    // The wide values' opposites at the mirrored places (in the second half,
    // on other ranks): they cancel exactly, and the sum is of the rest.
    for i in (0..n / 2).step_by(4) {
        v[n - 1 - i] = v[i].neg();
    }
    match name {
        "cancel" | "cancel-small" => {}
        "neg-zero" => v.iter_mut().for_each(|x| *x = F::NEG_ZERO),
        "inf" => v[n / 3] = F::INF,
        "inf-minus-inf" => {
            v[1] = F::INF;
            v[n - 1] = F::INF.neg();
        }
        // A quiet NaN with the sign bit and payload 1.
        "nan" => {
            v[n / 2] =
                F::from_raw((((1 << (F::EXP + 1)) - 1) << F::MANT) | (1 << (F::MANT - 1)) | 1);
        }
        // Positive values of the largest exponent.
        "overflow" => {
            for x in &mut v {
                let mant = splitmix64(&mut s) & ((1 << F::MANT) - 1);
                *x = F::from_raw((max_exp << F::MANT) | mant);
            }
        }
        _ => panic!("no case {name}"),
    }
    v
}
