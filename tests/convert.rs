//! The conversions of `src/convert.rs` and the `Display` impls of `src/impl_fmt.rs`:
//! every code of every width change against the integer reference
//! `normkey_oracle::requantize` and against decode-then-encode; the byte and code
//! conversions and `Display` for every storage format (expanded from the list);
//! `Display` for every texture format (every code of the 8- and 16-bit ones, edge
//! and random codes of the 32-bit ones) against the channels formatted one by one;
//! `TryFrom<f32>` against `try_new`.

// Exact float comparisons are the point of these tests.
#![allow(clippy::float_cmp)]

mod common;

use normkey::{
    B5g6r5Unorm, Bgra8Unorm, Norm, OrderedKey, Rg11b10Ufloat, Rgb9e5Ufloat, Rgb10a2Unorm,
    Rgba8UnormSrgb, Snorm8, Snorm16, Srgb8, Unorm, Unorm8, Unorm16,
};

#[test]
fn unorm8_to_unorm16_is_the_same_value_for_every_code() {
    for c in 0..=u8::MAX {
        let x = Unorm8::from_bits(c);
        let wide = Unorm16::from(x);
        assert_eq!(
            i64::from(wide.to_bits()),
            normkey_oracle::requantize(i64::from(c), 255, 65535),
            "code {c}"
        );
        // c/255 and 257c/65535 are the same rational: the same correctly rounded f32.
        assert_eq!(wide.to_f32(), x.to_f32(), "code {c}");
        assert_eq!(x.to_unorm16(), wide);
        assert_eq!(wide.to_unorm8(), x, "round trip of code {c}");
    }
}

#[test]
fn snorm8_to_snorm16_is_the_nearest_code_for_every_code() {
    for c in i8::MIN..=i8::MAX {
        let x = Snorm8::from_bits(c);
        let wide = Snorm16::from(x);
        assert_eq!(
            i64::from(wide.to_bits()),
            normkey_oracle::requantize(i64::from(c), 127, 32767),
            "code {c}"
        );
        assert_eq!(wide, Snorm16::from_f32(x.to_f32()), "code {c}");
        assert_eq!(x.to_snorm16(), wide);
        let back = if c == i8::MIN { -i8::MAX } else { c };
        assert_eq!(wide.to_snorm8().to_bits(), back, "round trip of code {c}");
    }
}

#[test]
#[cfg_attr(miri, ignore = "every code: too slow under Miri (run natively)")]
fn unorm16_to_unorm8_is_the_nearest_code_for_every_code() {
    for c in 0..=u16::MAX {
        let x = Unorm16::from_bits(c);
        let narrow = x.to_unorm8();
        assert_eq!(
            i64::from(narrow.to_bits()),
            normkey_oracle::requantize(i64::from(c), 65535, 255),
            "code {c}"
        );
        assert_eq!(narrow, Unorm8::from_f32(x.to_f32()), "code {c}");
    }
}

#[test]
#[cfg_attr(miri, ignore = "every code: too slow under Miri (run natively)")]
fn snorm16_to_snorm8_is_the_nearest_code_for_every_code() {
    for c in i16::MIN..=i16::MAX {
        let x = Snorm16::from_bits(c);
        let narrow = x.to_snorm8();
        assert_eq!(
            i64::from(narrow.to_bits()),
            normkey_oracle::requantize(i64::from(c), 32767, 127),
            "code {c}"
        );
        assert_eq!(narrow, Snorm8::from_f32(x.to_f32()), "code {c}");
    }
}

/// Code, byte and `Display` checks of one storage format.
macro_rules! format_checks {
    ($T:ident, $code:ty, $N:ident, $D:ident) => {{
        use normkey::$T as T;
        // Every code for the 8-bit formats, a stride through the 16-bit ones.
        let step: usize = match (size_of::<$code>(), cfg!(miri)) {
            (1, false) => 1,
            (1, true) => 17,
            (_, false) => 97,
            (_, true) => 4099,
        };
        for code in (<$code>::MIN..=<$code>::MAX).step_by(step) {
            let x = T::from_bits(code);
            assert_eq!(<$code>::from(x), code);
            assert_eq!(T::from(code), x);
            assert_eq!(x.to_le_bytes(), code.to_le_bytes());
            assert_eq!(x.to_be_bytes(), code.to_be_bytes());
            assert_eq!(T::from_le_bytes(code.to_le_bytes()), x);
            assert_eq!(T::from_be_bytes(code.to_be_bytes()), x);
            // `Display` is the value's, with the options passed through.
            let v = x.to_f32();
            assert_eq!(x.to_string(), v.to_string());
            assert_eq!(format!("{x:.3}"), format!("{v:.3}"));
            assert_eq!(format!("{x:+10.1}"), format!("{v:+10.1}"));
            assert_eq!(format!("{x:^12}"), format!("{v:^12}"));
        }
        // The bytes are the code's, not the value's: fixed expectations.
        assert_eq!(
            T::from_le_bytes([1; size_of::<$code>()]).to_bits(),
            <$code>::from_le_bytes([1; size_of::<$code>()])
        );
        assert_eq!(T::MAX.to_string(), "1");
        assert_eq!(T::ZERO.to_string(), "0");
        assert_eq!(format!("{:.2}", T::MAX), "1.00");
    }};
}

#[test]
fn codes_bytes_and_display_of_every_storage_format() {
    macro_rules! each {
        ($T:ident, $code:ty, $N:ident, $D:ident) => {
            format_checks!($T, $code, $N, $D)
        };
    }
    normkey::for_each_storage_format!(each);
    assert_eq!(Snorm8::MIN.to_string(), "-1");
    assert_eq!(format!("{:.4}", Unorm8::from_bits(1)), "0.0039");
    assert_eq!(format!("{:.3}", Snorm16::from_bits(-16384)), "-0.500");
}

#[test]
fn display_of_every_key_float_is_the_float() {
    macro_rules! each {
        ($f:ty, $u:ty) => {{
            type K = OrderedKey<$f>;
            let mut bits: $u = 0;
            // A stride through every key, both NaN ends included (under Miri,
            // six keys: MAX is a multiple of 5 at every width).
            let step: $u = <$u>::MAX / if cfg!(miri) { 5 } else { 4099 };
            loop {
                let k = K::from_bits(bits);
                let x = k.get();
                assert_eq!(k.to_string(), x.to_string());
                assert_eq!(format!("{k:.3}"), format!("{x:.3}"));
                assert_eq!(format!("{k:>30}"), format!("{x:>30}"));
                match bits.checked_add(step) {
                    Some(b) => bits = b,
                    None => break,
                }
            }
            assert_eq!(K::MIN.to_string(), "NaN");
            assert_eq!(K::MAX.to_string(), "NaN");
        }};
    }
    normkey::for_each_key_float!(each);
    assert_eq!(OrderedKey::<f64>::new(-0.0).to_string(), "-0");
    assert_eq!(format!("{:.1}", OrderedKey::<f32>::new(0.25)), "0.2"); // ties to even
    assert_eq!(
        format!("{:+}", OrderedKey::<f32>::new(f32::INFINITY)),
        "+inf"
    );
}

#[test]
fn display_of_the_value_types_honours_the_options() {
    assert_eq!(format!("{:.2}", Norm::new(-1.0 / 3.0)), "-0.33");
    assert_eq!(format!("{:.1}", Unorm::new(f32::NAN)), "0.0");
    assert_eq!(Norm::new(-0.0).to_string(), "0"); // stored as +0
    assert_eq!(format!("{:>6}", Unorm::MAX), "     1");
    assert_eq!(format!("{:.3}", normkey::SnormFloat(-2.5)), "-2.500");
    assert_eq!(normkey::UnormFloat(-0.0).to_string(), "-0");
}

#[test]
fn try_from_f32_is_try_new() {
    let mut rng = 0x9e37_79b9_7f4a_7c15_u64;
    for i in 0..(if cfg!(miri) { 1200 } else { 200_000_u32 }) {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let x = if i < 1000 {
            // Around the ends, both signs.
            f32::from_bits(0x3f80_0000 - 500 + i) * if i % 2 == 0 { 1.0 } else { -1.0 }
        } else {
            f32::from_bits((rng >> 32) as u32)
        };
        let bits = |e: normkey::NormRangeError| e.value().to_bits();
        let n = Norm::try_from(x);
        assert_eq!(n.map_err(bits), Norm::try_new(x).map_err(bits));
        assert_eq!(n.is_ok(), (-1.0..=1.0).contains(&x), "{x}");
        let u = Unorm::try_from(x);
        assert_eq!(u.map_err(bits), Unorm::try_new(x).map_err(bits));
        assert_eq!(u.is_ok(), (0.0..=1.0).contains(&x), "{x}");
        if let Err(e) = u {
            assert_eq!(e.value().to_bits(), x.to_bits());
        }
    }
    assert_eq!(Unorm::try_from(-0.0).map(|u| u.get().to_bits()), Ok(0));
}

/// `(c0, c1, …)`: each channel formatted by `fmt`, as a pixel's `Display` should.
fn channels(ch: &[f32], fmt: impl Fn(f32) -> String) -> String {
    let parts: Vec<String> = ch.iter().map(|&c| fmt(c)).collect();
    format!("({})", parts.join(", "))
}

/// A pixel's `Display` prints its decoded channels, each with the options (those
/// only when `all`: debug builds format slowly).
fn assert_pixel_display(x: impl std::fmt::Display, ch: &[f32], all: bool) {
    assert_eq!(x.to_string(), channels(ch, |c| c.to_string()));
    if !all {
        return;
    }
    assert_eq!(format!("{x:.3}"), channels(ch, |c| format!("{c:.3}")));
    assert_eq!(format!("{x:+8.1}"), channels(ch, |c| format!("{c:+8.1}")));
    assert_eq!(format!("{x:<6}"), channels(ch, |c| format!("{c:<6}")));
}

#[test]
fn display_of_every_texture_format() {
    // `Srgb8`: the value, as a storage format; every code.
    // Under Miri, which formats floats very slowly, a sample of each loop.
    for c in common::miri_thin(0..=u8::MAX, 17) {
        let x = Srgb8::from_bits(c);
        let v = x.to_f32();
        assert_eq!(x.to_string(), v.to_string());
        assert_eq!(format!("{x:.3}"), format!("{v:.3}"));
        assert_eq!(format!("{x:^12}"), format!("{v:^12}"));
    }
    // The pixels: every code of the 16-bit ones, edges and random codes of the
    // 32-bit ones.
    let mut rng = common::XorShift(0x0d15_b1a7);
    let n = if cfg!(miri) { 20 } else { 2_000 };
    let codes32 = (0..32)
        .flat_map(|k| [1u32 << k, (1u32 << k) - 1, !(1u32 << k)])
        .chain([u32::MAX])
        .chain((0..n).map(|_| (rng.next() >> 32) as u32));
    // Under Miri, five codes: a single bit, one bit clear, a run of low ones,
    // another single bit, a random code.
    let codes32: Vec<u32> = common::miri_thin(codes32, 26).collect();
    macro_rules! packed {
        ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:expr) => {
            let step = if cfg!(miri) { 4099 } else { 1 };
            if <$int>::BITS <= 16 {
                for c in (0..=<$int>::MAX).step_by(step) {
                    let x = normkey::$T::from_bits(c);
                    assert_pixel_display(x, &x.$to(), c % 61 == 0);
                }
            } else {
                for &c in &codes32 {
                    let x = normkey::$T::from_bits(c.try_into().unwrap());
                    assert_pixel_display(x, &x.$to(), true);
                }
            }
        };
    }
    normkey::for_each_packed_format!(packed);
    for &c in &codes32 {
        macro_rules! rgba8 {
            ($T:ident, bgra = $bgra:literal, srgb = $srgb:literal) => {
                let x = normkey::$T::from_bytes(c.to_le_bytes());
                assert_pixel_display(x, &x.to_rgba(), true);
            };
        }
        normkey::for_each_rgba8_format!(rgba8);
        macro_rules! ufloat {
            ($T:ident) => {
                let x = normkey::$T::from_bits(c);
                assert_pixel_display(x, &x.to_rgb(), true);
            };
        }
        normkey::for_each_ufloat_format!(ufloat);
    }
    // Fixed expectations: r, g, b(, a) whatever the memory order; NaN and ∞.
    let red = "(1, 0, 0, 0.5019608)";
    assert_eq!(Bgra8Unorm::from_bytes([0, 0, 255, 128]).to_string(), red);
    assert_eq!(
        Rgba8UnormSrgb::from_bytes([255, 0, 0, 128]).to_string(),
        red
    );
    assert_eq!(B5g6r5Unorm::from_bits(0xf800).to_string(), "(1, 0, 0)");
    assert_eq!(
        format!("{:.2}", Rgb10a2Unorm::from_bits(512 | 3 << 30)),
        "(0.50, 0.00, 0.00, 1.00)"
    );
    let p = Rg11b10Ufloat::from_bits(0x7C0 | 0x7FF << 11 | (15 << 5) << 22);
    assert_eq!(p.to_string(), "(inf, NaN, 1)");
    assert_eq!(
        Rgb9e5Ufloat::from_bits(u32::MAX).to_string(),
        "(65408, 65408, 65408)"
    );
}
