//! Arbitrary f32 → `Unorm8`/`Unorm16`/`Snorm8`/`Snorm16`, a few widths of the
//! any-width core, and the packed pixel formats (channel by channel) against the
//! exact references of `normkey-oracle`, scalar and slice forms, and decode/encode
//! round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;

/// The exact code (`normkey-oracle`: NaN → 0, clamp, nearest, ties away from zero).
fn encode_ref(x: f32, max: f64, signed: bool) -> i64 {
    #[allow(clippy::cast_possible_truncation)]
    normkey_oracle::encode_normalized(x, if signed { -1.0 } else { 0.0 }, max as i64)
}

/// Correctly rounded `c / max`; the most negative SNORM code is −1.0 (`normkey-oracle`).
fn decode_ref(c: i64, max: i64) -> f32 {
    normkey_oracle::decode_normalized(c, max)
}

/// One storage format of normkey's list (`for_each_storage_format!`) on `$xs`. By
/// definition the largest code is the code type's largest value (UNORMn 2ⁿ − 1,
/// SNORMn 2ⁿ⁻¹ − 1), and a signed code type is SNORM.
macro_rules! check {
    ($xs:ident, $F:ident, $code:ident, $N:ident, $D:ident) => {{
        use normkey::$F as T;
        let xs: &[f32] = &$xs;
        #[allow(clippy::cast_lossless)]
        let max = $code::MAX as i64;
        let signed = $code::MIN != 0;
        let mut enc = vec![T::ZERO; xs.len()];
        T::encode_slice(xs, &mut enc);
        let mut dec = vec![0.0_f32; xs.len()];
        T::decode_slice(&enc, &mut dec);
        for (i, &x) in xs.iter().enumerate() {
            let c = T::from_f32(x);
            assert_eq!(
                i64::from(c.to_bits()),
                encode_ref(x, max as f64, signed),
                "{x:?} ({:#x})",
                x.to_bits()
            );
            assert_eq!(enc[i], c);
            let y = c.to_f32();
            assert_eq!(
                y.to_bits(),
                decode_ref(i64::from(c.to_bits()), max).to_bits()
            );
            assert_eq!(dec[i].to_bits(), y.to_bits());
            assert_eq!(
                T::from_f32(y),
                c,
                "decode/encode round trip of {}",
                c.to_bits()
            );
            // Every code, including ones from raw input bits.
            let raw = T::from_bits(x.to_bits() as $code);
            let r = raw.to_f32();
            assert_eq!(
                r.to_bits(),
                decode_ref(i64::from(raw.to_bits()), max).to_bits()
            );
            if i64::from(raw.to_bits()) >= -max {
                assert_eq!(T::from_f32(r), raw);
            }
        }
    }};
}

fuzz_target!(|data: &[u8]| {
    let xs: Vec<f32> = data
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    normkey::for_each_storage_format!(check, xs);
    for &x in &xs {
        use normkey::storage::{snorm_from_f32, unorm_from_f32};
        assert_eq!(
            i64::from(unorm_from_f32::<5>(x)),
            normkey_oracle::encode_unorm(x, 5)
        );
        assert_eq!(
            i64::from(unorm_from_f32::<10>(x)),
            normkey_oracle::encode_unorm(x, 10)
        );
        assert_eq!(
            i64::from(unorm_from_f32::<12>(x)),
            normkey_oracle::encode_unorm(x, 12)
        );
        assert_eq!(
            i64::from(snorm_from_f32::<10>(x)),
            normkey_oracle::encode_snorm(x, 10)
        );
    }
    // One packed format (from `for_each_packed_format!`): groups of `$n` inputs as
    // pixels, each channel against the oracle; the input bits as pixels, decoded.
    macro_rules! check_packed {
        ($T:ident, $int:ident, $n:literal, $from:ident, $to:ident, $layout:expr) => {{
            let layout: [(u32, u32); $n] = $layout;
            let px: Vec<[f32; $n]> = xs
                .chunks_exact($n)
                .map(|c| core::array::from_fn(|i| c[i]))
                .collect();
            let mut enc = vec![normkey::texture::$T::default(); px.len()];
            normkey::texture::$T::encode_slice(&px, &mut enc);
            for (p, e) in px.iter().zip(&enc) {
                let bits = u64::from(normkey::texture::$T::$from(*p).to_bits());
                assert_eq!(u64::from(e.to_bits()), bits);
                for (&(shift, width), &x) in layout.iter().zip(p) {
                    let max = normkey_oracle::unorm_max(width);
                    #[allow(clippy::cast_possible_wrap)]
                    let code = (bits >> shift) as i64 & max;
                    assert_eq!(code, normkey_oracle::encode_unorm(x, width), "{p:?}");
                }
                #[allow(clippy::cast_possible_truncation)]
                let raw = normkey::texture::$T::from_bits(p[0].to_bits() as $int);
                let y = raw.$to();
                for (&(shift, width), y) in layout.iter().zip(y) {
                    let max = normkey_oracle::unorm_max(width);
                    #[allow(clippy::cast_possible_wrap)]
                    let code = (u64::from(raw.to_bits()) >> shift) as i64 & max;
                    assert_eq!(y.to_bits(), decode_ref(code, max).to_bits());
                }
                assert_eq!(normkey::texture::$T::$from(y), raw, "round trip");
            }
        }};
    }
    normkey::for_each_packed_format!(check_packed);
});
