//! Arbitrary f32 → `Unorm8`/`Unorm16`/`Snorm8`/`Snorm16` against an exact f64
//! reference, scalar and slice forms, and decode/encode round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use normkey::{Snorm8, Snorm16, Unorm8, Unorm16};

/// The exact code (`normkey-oracle`: NaN → 0, clamp, nearest, ties away from zero).
fn encode_ref(x: f32, max: f64, signed: bool) -> i64 {
    #[allow(clippy::cast_possible_truncation)]
    normkey_oracle::encode_normalized(x, if signed { -1.0 } else { 0.0 }, max as i64)
}

/// Correctly rounded `c / max`; the most negative SNORM code is −1.0 (`normkey-oracle`).
fn decode_ref(c: i64, max: i64) -> f32 {
    normkey_oracle::decode_normalized(c, max)
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
