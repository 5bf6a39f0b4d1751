//! Arbitrary f32 → `Unorm8`/`Unorm16`/`Snorm8`/`Snorm16` against an exact f64
//! reference, scalar and slice forms, and decode/encode round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use normkey::{Snorm8, Snorm16, Unorm8, Unorm16};

/// The nearest code to `clamp(x) · max`, ties away from zero, from the spec: the
/// f64 product is exact (24 + 16 bits), and so are `+ 0.5` and `floor` on it.
fn encode_ref(x: f32, max: f64, signed: bool) -> i64 {
    if x.is_nan() {
        return 0;
    }
    let lo = if signed { -1.0 } else { 0.0 };
    let p = f64::from(x.clamp(lo, 1.0)) * max;
    #[allow(clippy::cast_possible_truncation)]
    let n = (p.abs() + 0.5).floor() as i64;
    if p < 0.0 { -n } else { n }
}

/// Correctly rounded `c / max` (IEEE f32 division is correctly rounded); the most
/// negative SNORM code is −1.0.
#[allow(clippy::cast_precision_loss)]
fn decode_ref(c: i64, max: i64) -> f32 {
    if c < -max { -1.0 } else { c as f32 / max as f32 }
}

macro_rules! check {
    ($T:ident, $code:ty, $max:expr, $signed:expr, $xs:expr) => {{
        let xs: &[f32] = $xs;
        let mut enc = vec![$T::ZERO; xs.len()];
        $T::encode_slice(xs, &mut enc);
        let mut dec = vec![0.0_f32; xs.len()];
        $T::decode_slice(&enc, &mut dec);
        for (i, &x) in xs.iter().enumerate() {
            let c = $T::from_f32(x);
            assert_eq!(i64::from(c.to_bits()), encode_ref(x, f64::from($max), $signed), "{x:?} ({:#x})", x.to_bits());
            assert_eq!(enc[i], c);
            let y = c.to_f32();
            assert_eq!(y.to_bits(), decode_ref(i64::from(c.to_bits()), $max).to_bits());
            assert_eq!(dec[i].to_bits(), y.to_bits());
            assert_eq!($T::from_f32(y), c, "decode/encode round trip of {}", c.to_bits());
            // Every code, including ones from raw input bits.
            let raw = $T::from_bits(x.to_bits() as $code);
            let r = raw.to_f32();
            assert_eq!(r.to_bits(), decode_ref(i64::from(raw.to_bits()), $max).to_bits());
            if i64::from(raw.to_bits()) >= -$max {
                assert_eq!($T::from_f32(r), raw);
            }
        }
    }};
}

fuzz_target!(|data: &[u8]| {
    let xs: Vec<f32> = data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    check!(Unorm8, u8, 255, false, &xs);
    check!(Unorm16, u16, 65535, false, &xs);
    check!(Snorm8, i8, 127, true, &xs);
    check!(Snorm16, i16, 32767, true, &xs);
});
