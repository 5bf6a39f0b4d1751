//! Feature `serde`: JSON round trips (`serde_json` with `float_roundtrip`), the
//! rejections of `Norm`/`Unorm`, and the same through serde's own value
//! deserializers, which carry what JSON cannot (NaN, ±∞, `f32` as such).
//!
//! The texture formats serialize as their codes: every code of the 8- and 16-bit
//! ones through JSON; for the 32-bit ones edge and random codes here, and every
//! `NORMKEY_SERDE_STRIDE`-th code (every code through serde's value deserializers)
//! in an ignored test.
//!
//! The all-2³² round trips of `OrderedKey<f32>`, `Norm` and `Unorm` and of the
//! 32-bit texture codes are `#[ignore]`d; run them with
//! `cargo test --release --all-features --test serde -- --ignored`.
#![cfg(feature = "serde")]
// Exact float comparisons are the point of these tests.
#![allow(clippy::float_cmp, clippy::cast_possible_truncation)]

mod common;
use common::XorShift;
use normkey::{Norm, OrderedKey, SnormFloat, Unorm, UnormFloat};
use serde::de::value::{
    Error as ValueError, F32Deserializer, F64Deserializer, I64Deserializer, SeqDeserializer,
    U32Deserializer,
};
use serde::de::{Deserialize, IntoDeserializer};

/// JSON there and back.
fn json_round_trip<T: serde::Serialize + for<'de> Deserialize<'de>>(x: &T) -> T {
    let s = serde_json::to_string(x).unwrap();
    serde_json::from_str(&s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn from_f32<T: for<'de> Deserialize<'de>>(x: f32) -> Result<T, ValueError> {
    let d: F32Deserializer<ValueError> = x.into_deserializer();
    T::deserialize(d)
}

fn from_f64<T: for<'de> Deserialize<'de>>(x: f64) -> Result<T, ValueError> {
    let d: F64Deserializer<ValueError> = x.into_deserializer();
    T::deserialize(d)
}

fn from_i64<T: for<'de> Deserialize<'de>>(x: i64) -> Result<T, ValueError> {
    let d: I64Deserializer<ValueError> = x.into_deserializer();
    T::deserialize(d)
}

#[test]
fn norm_and_unorm_round_trip_and_reject_what_is_out_of_range() {
    let mut rng = XorShift(0x1234_5678_9abc_def1);
    for _ in 0..(if cfg!(miri) { 60 } else { 100_000 }) {
        let x = rng.f32();
        let (n, u) = (Norm::new(x), Unorm::new(x));
        assert_eq!(json_round_trip(&n), n, "{x}");
        assert_eq!(json_round_trip(&u), u, "{x}");
        // From a bare f32: accepted exactly when `try_new` accepts it.
        assert_eq!(from_f32::<Norm>(x).ok(), Norm::try_new(x).ok(), "{x}");
        assert_eq!(from_f32::<Unorm>(x).ok(), Unorm::try_new(x).ok(), "{x}");
    }
    // NaN, ±∞ and out-of-range values are errors that name the value and the range.
    let e = from_f32::<Norm>(f32::NAN).unwrap_err().to_string();
    assert_eq!(
        e,
        "invalid value: floating point `NaN`, expected a number in [-1, 1] (normkey::Norm)"
    );
    let e = from_f32::<Unorm>(-0.5).unwrap_err().to_string();
    assert_eq!(
        e,
        "invalid value: floating point `-0.5`, expected a number in [0, 1] (normkey::Unorm)"
    );
    assert!(from_f32::<Norm>(f32::INFINITY).is_err());
    assert!(from_f32::<Unorm>(f32::NEG_INFINITY).is_err());
    assert!(from_f64::<Unorm>(f64::NAN).is_err());
    // A wider float is checked before rounding: just above 1 is rejected although it
    // rounds to 1.0 in f32; just inside rounds to the nearest f32.
    assert!(from_f64::<Unorm>(1.0 + 1e-12).is_err());
    assert!(from_f64::<Norm>(-1.0 - 1e-12).is_err());
    assert_eq!(from_f64::<Unorm>(1.0 - 1e-12).unwrap(), Unorm::MAX);
    assert_eq!(from_f64::<Norm>(0.1).unwrap().get(), 0.1_f32);
    // −0 becomes +0, as in `new`.
    assert_eq!(from_f32::<Norm>(-0.0).unwrap().get().to_bits(), 0);
    assert_eq!(from_f64::<Unorm>(-0.0).unwrap().get().to_bits(), 0);
    let n: Norm = serde_json::from_str("-0.0").unwrap();
    assert_eq!(n.get().to_bits(), 0);
    // Integers: only those in the range.
    assert_eq!(from_i64::<Norm>(-1).unwrap(), Norm::MIN);
    assert!(from_i64::<Unorm>(-1).is_err());
    assert!(from_i64::<Norm>(2).is_err());
    let e = serde_json::from_str::<Unorm>("2").unwrap_err().to_string();
    assert!(
        e.starts_with("invalid value: integer `2`, expected a number in [0, 1]"),
        "{e}"
    );
    assert!(serde_json::from_str::<Norm>("1e40").is_err());
    assert!(serde_json::from_str::<Norm>("\"0.5\"").is_err());
}

#[test]
fn deferred_types_are_plain_floats() {
    let mut rng = XorShift(99);
    for _ in 0..(if cfg!(miri) { 200 } else { 100_000 }) {
        let x = rng.f32();
        if x.is_finite() {
            assert_eq!(json_round_trip(&SnormFloat(x)).0.to_bits(), x.to_bits());
            assert_eq!(json_round_trip(&UnormFloat(x)).0.to_bits(), x.to_bits());
        }
        assert_eq!(from_f32::<SnormFloat>(x).unwrap().0.to_bits(), x.to_bits());
    }
    assert_eq!(
        serde_json::to_string(&UnormFloat(f32::NAN)).unwrap(),
        "null"
    );
}

#[test]
fn storage_formats_are_their_codes() {
    macro_rules! each {
        ($T:ident, $code:ty, $N:ident, $D:ident) => {{
            use normkey::$T as T;
            // Under Miri, every 61st code of the 8-bit formats, every 509th of the
            // 16-bit ones.
            let step: usize = match (size_of::<$code>(), cfg!(miri)) {
                (_, false) => 1,
                (1, true) => 61,
                (_, true) => 509,
            };
            for c in (<$code>::MIN..=<$code>::MAX).step_by(step) {
                let x = T::from_bits(c);
                let s = serde_json::to_string(&x).unwrap();
                assert_eq!(s, c.to_string());
                assert_eq!(serde_json::from_str::<T>(&s).unwrap(), x);
            }
            let above = (i64::from(<$code>::MAX) + 1).to_string();
            let below = (i64::from(<$code>::MIN) - 1).to_string();
            assert!(serde_json::from_str::<T>(&above).is_err());
            assert!(serde_json::from_str::<T>(&below).is_err());
            assert!(serde_json::from_str::<T>("1.0").is_err());
        }};
    }
    normkey::for_each_storage_format!(each);
}

/// Every finite float of a 16-bit key type round-trips through JSON bit for bit;
/// ±∞ and NaN are written as `null`.
#[cfg(feature = "half")]
#[test]
#[cfg_attr(
    miri,
    ignore = "every f16 and bf16: too slow under Miri (run natively)"
)]
fn every_half_key_round_trips() {
    macro_rules! each {
        ($f:ty) => {{
            type K = OrderedKey<$f>;
            for bits in 0..=u16::MAX {
                let k = K::from_bits(bits);
                if k.get().is_finite() {
                    assert_eq!(json_round_trip(&k), k, "{k:?}");
                } else {
                    assert_eq!(serde_json::to_string(&k).unwrap(), "null");
                }
                // Formats that carry f32 carry every key but the NaN payload bits
                // that f32 → f16 drops: compare floats by value and NaN-ness.
                let back: K = from_f32(k.get().to_f32()).unwrap();
                assert!(
                    back == k || (back.get().is_nan() && k.get().is_nan()),
                    "{k:?}"
                );
            }
        }};
    }
    each!(half::f16);
    each!(half::bf16);
}

/// `f32` and `f64` keys: the edge values and random bit patterns round-trip
/// through JSON bit for bit when finite; through a format that carries floats
/// (serde's value deserializer), every key does, NaN payloads included.
#[test]
fn f32_and_f64_keys_round_trip() {
    let mut rng = XorShift(0xdead_beef);
    let n = if cfg!(miri) { 100 } else { 200_000 };
    let edges32 = [
        0.0,
        -0.0,
        f32::MIN_POSITIVE,
        1e-45,
        -1e-45,
        f32::MAX,
        f32::MIN,
        0.1,
        -1.0 / 3.0,
    ];
    for x in edges32
        .into_iter()
        .chain((0..n).map(|_| f32::from_bits((rng.next() >> 32) as u32)))
    {
        let k = OrderedKey::<f32>::new(x);
        if x.is_finite() {
            assert_eq!(json_round_trip(&k), k, "{x:e}");
        }
        assert_eq!(from_f32::<OrderedKey<f32>>(x).unwrap(), k);
    }
    let edges64 = [
        0.0,
        -0.0,
        f64::MIN_POSITIVE,
        5e-324,
        f64::MAX,
        f64::MIN,
        0.1,
        2.0 / 3.0,
    ];
    for x in edges64
        .into_iter()
        .chain((0..n).map(|_| f64::from_bits(rng.next())))
    {
        let k = OrderedKey::<f64>::new(x);
        if x.is_finite() {
            assert_eq!(json_round_trip(&k), k, "{x:e}");
        }
        assert_eq!(from_f64::<OrderedKey<f64>>(x).unwrap(), k);
    }
    assert_eq!(
        serde_json::to_string(&OrderedKey::<f64>::new(-0.0)).unwrap(),
        "-0.0"
    );
    assert!(serde_json::from_str::<OrderedKey<f32>>("null").is_err());
}

/// `NORMKEY_SERDE_STRIDE` (a positive integer), else 97: the exhaustive tests
/// below send every stride-th input through JSON.
fn serde_stride() -> u32 {
    std::env::var("NORMKEY_SERDE_STRIDE")
        .ok()
        .and_then(|s| s.parse().ok())
        .filter(|&s| s > 0)
        .unwrap_or(97)
}

/// Finite `f32` through JSON, as a key (bit for bit) and, where in range, as
/// `Norm` and `Unorm`. Two threads over the 2³² patterns, every `NORMKEY_SERDE_STRIDE`-th
/// one (default 97, about 44 million inputs: a few seconds; CI runs it so). What is
/// checked is mostly `serde_json`'s float printing and parsing, which costs about
/// 250 s on 2 cores for all 2³²: run that by hand with `NORMKEY_SERDE_STRIDE=1`.
/// normkey's own part, the `f32` it hands to the serializer and takes from the
/// deserializer, is checked for every pattern through serde's value deserializer.
#[test]
#[ignore = "2^32 f32 patterns (JSON for every 97th): run in release mode"]
fn every_f32_round_trips_through_json() {
    let stride = serde_stride();
    let failures = on_two_threads(|h| {
        let mut failures = 0u64;
        let mut buf = Vec::with_capacity(32);
        for low in 0..(1u32 << 31) {
            let x = f32::from_bits((h << 31) | low);
            let k: OrderedKey<f32> = from_f32(x).unwrap();
            if k.get().to_bits() != x.to_bits() {
                failures += 1;
                continue;
            }
            if !x.is_finite() || low % stride != 0 {
                continue;
            }
            buf.clear();
            serde_json::to_writer(&mut buf, &OrderedKey::<f32>::new(x)).unwrap();
            let k: OrderedKey<f32> = serde_json::from_slice(&buf).unwrap();
            let mut bad = k.get().to_bits() != x.to_bits();
            if (-1.0..=1.0).contains(&x) {
                let n: Norm = serde_json::from_slice(&buf).unwrap();
                bad |= n != Norm::new(x);
                if x >= 0.0 {
                    let u: Unorm = serde_json::from_slice(&buf).unwrap();
                    bad |= u != Unorm::new(x);
                }
            }
            if bad {
                failures += 1;
                if failures < 5 {
                    eprintln!("{x:e} ({:#x}) does not round-trip", x.to_bits());
                }
            }
        }
        failures
    });
    assert_eq!(failures, 0);
}

/// `x` is written as the JSON text `expected` (built by the caller from the code,
/// without serde) and read back from it.
fn assert_json_code<T>(x: T, expected: &str)
where
    T: serde::Serialize + for<'de> Deserialize<'de> + PartialEq + core::fmt::Debug + Copy,
{
    assert_eq!(serde_json::to_string(&x).unwrap(), expected, "{x:?}");
    assert_eq!(
        serde_json::from_str::<T>(expected).unwrap(),
        x,
        "{expected}"
    );
}

/// The JSON text of the byte array `b`.
fn json_bytes(b: [u8; 4]) -> String {
    format!("[{},{},{},{}]", b[0], b[1], b[2], b[3])
}

/// The edge codes of a 32-bit format: 0, every single bit, every run of low ones,
/// every pattern with one bit clear, all ones.
fn edge_codes() -> impl Iterator<Item = u32> {
    (0..32)
        .flat_map(|k| [1u32 << k, (1u32 << k) - 1, !(1u32 << k)])
        .chain([u32::MAX])
}

/// What a code type rejects is rejected: integers outside it, fractions, strings.
fn assert_rejects_outside<T: for<'de> Deserialize<'de> + core::fmt::Debug>(max: u64) {
    for s in [
        (max + 1).to_string(),
        "-1".into(),
        "0.5".into(),
        "\"0\"".into(),
        "null".into(),
    ] {
        assert!(serde_json::from_str::<T>(&s).is_err(), "{s}");
    }
}

#[test]
fn srgb8_and_16_bit_packed_formats_are_their_codes_for_every_code() {
    // Under Miri, every 17th code of `Srgb8` and every 1021st of the others.
    for c in common::miri_thin(0..=u8::MAX, 17) {
        assert_json_code(normkey::Srgb8::from_bits(c), &c.to_string());
    }
    assert_rejects_outside::<normkey::Srgb8>(u8::MAX.into());
    macro_rules! each {
        ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:expr) => {
            if <$int>::BITS == 16 {
                let step = if cfg!(miri) { 1021 } else { 1 };
                for c in (0..=<$int>::MAX).step_by(step) {
                    assert_json_code(normkey::$T::from_bits(c), &c.to_string());
                }
                assert_rejects_outside::<normkey::$T>(<$int>::MAX.into());
            }
        };
    }
    normkey::for_each_packed_format!(each);
}

/// The 32-bit formats: edge codes and random ones here; every
/// `NORMKEY_SERDE_STRIDE`-th in `every_32_bit_texture_code_round_trips`.
#[test]
fn texture_formats_of_32_bits_are_their_codes() {
    let mut rng = XorShift(0x5eed_c0de);
    let n = if cfg!(miri) { 50 } else { 20_000 };
    // Under Miri, every 4th code: each kind of edge code, and random ones.
    let codes: Vec<u32> = common::miri_thin(
        edge_codes().chain((0..n).map(|_| (rng.next() >> 32) as u32)),
        4,
    )
    .collect();
    for &c in &codes {
        macro_rules! rgba8 {
            ($T:ident, bgra = $bgra:literal, srgb = $srgb:literal) => {
                let b = c.to_le_bytes();
                assert_json_code(normkey::$T::from_bytes(b), &json_bytes(b));
            };
        }
        normkey::for_each_rgba8_format!(rgba8);
        macro_rules! ufloat {
            ($T:ident) => {
                assert_json_code(normkey::$T::from_bits(c), &c.to_string());
            };
        }
        normkey::for_each_ufloat_format!(ufloat);
        macro_rules! packed {
            ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:expr) => {
                // The 16-bit ones: every code in the test above.
                if let (Ok(c), 32) = (<$int>::try_from(c), <$int>::BITS) {
                    assert_json_code(normkey::$T::from_bits(c), &c.to_string());
                }
            };
        }
        normkey::for_each_packed_format!(packed);
    }
    macro_rules! rejects_u32 {
        ($T:ident) => {
            assert_rejects_outside::<normkey::$T>(u32::MAX.into());
        };
        ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:expr) => {
            if <$int>::BITS == 32 {
                assert_rejects_outside::<normkey::$T>(u32::MAX.into());
            }
        };
    }
    normkey::for_each_ufloat_format!(rejects_u32);
    normkey::for_each_packed_format!(rejects_u32);
    // The pixel formats take exactly four bytes.
    macro_rules! rgba8_rejects {
        ($T:ident, bgra = $bgra:literal, srgb = $srgb:literal) => {
            for s in [
                "[1,2,3]",
                "[1,2,3,4,5]",
                "[1,2,3,256]",
                "[-1,2,3,4]",
                "[1,2,3,0.5]",
                "16909060",
                "\"abcd\"",
                "null",
            ] {
                assert!(serde_json::from_str::<normkey::$T>(s).is_err(), "{s}");
            }
        };
    }
    normkey::for_each_rgba8_format!(rgba8_rejects);
}

/// Whether `x` comes back from serde's value deserializer (`from_value`, handed
/// its code) and is written as the JSON text `json` and read back from it.
fn code_round_trips<T>(
    x: T,
    from_value: Result<T, ValueError>,
    json: &str,
    buf: &mut Vec<u8>,
) -> bool
where
    T: serde::Serialize + for<'de> Deserialize<'de> + PartialEq + Copy,
{
    buf.clear();
    serde_json::to_writer(&mut *buf, &x).unwrap();
    from_value.is_ok_and(|v| v == x)
        && buf == json.as_bytes()
        && serde_json::from_slice::<T>(buf).is_ok_and(|v| v == x)
}

/// Every `NORMKEY_SERDE_STRIDE`-th code (default 97, about 44 million per
/// format; `NORMKEY_SERDE_STRIDE=1` for all 2³²) of every 32-bit texture format
/// through JSON both ways and through serde's value deserializers. Two threads.
#[test]
#[ignore = "every 97th of the 2^32 codes of each 32-bit texture format: run in release mode"]
fn every_32_bit_texture_code_round_trips() {
    let stride = serde_stride();
    let failures = on_two_threads(|h| {
        let mut failures = 0u64;
        let mut buf = Vec::with_capacity(32);
        // Thread h takes every other multiple of the stride.
        for c in
            (u64::from(h) * u64::from(stride)..=u64::from(u32::MAX)).step_by(2 * stride as usize)
        {
            let c = u32::try_from(c).unwrap();
            let json = c.to_string();
            let mut check = |what: &str, ok: bool| {
                if !ok {
                    failures += 1;
                    if failures < 5 {
                        eprintln!("{what}: code {c:#010x} does not round-trip");
                    }
                }
            };
            macro_rules! rgba8 {
                ($T:ident, bgra = $bgra:literal, srgb = $srgb:literal) => {{
                    let b = c.to_le_bytes();
                    let x = normkey::$T::from_bytes(b);
                    let value = normkey::$T::deserialize(SeqDeserializer::new(b.into_iter()));
                    let json = json_bytes(b);
                    check(stringify!($T), code_round_trips(x, value, &json, &mut buf));
                }};
            }
            normkey::for_each_rgba8_format!(rgba8);
            macro_rules! ufloat {
                ($T:ident) => {{
                    let x = normkey::$T::from_bits(c);
                    let value = normkey::$T::deserialize(U32Deserializer::new(c));
                    check(stringify!($T), code_round_trips(x, value, &json, &mut buf));
                }};
            }
            normkey::for_each_ufloat_format!(ufloat);
            macro_rules! packed {
                ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:expr) => {
                    // The 16-bit ones: every code in the test above.
                    if let (Ok(c), 32) = (<$int>::try_from(c), <$int>::BITS) {
                        let x = normkey::$T::from_bits(c);
                        let value = normkey::$T::deserialize(c.into_deserializer());
                        check(stringify!($T), code_round_trips(x, value, &json, &mut buf));
                    }
                };
            }
            normkey::for_each_packed_format!(packed);
        }
        failures
    });
    assert_eq!(failures, 0);
}

/// Runs `half(0)` and `half(1)` on two threads and sums the failures they count.
fn on_two_threads(half: impl Fn(u32) -> u64 + Sync) -> u64 {
    std::thread::scope(|s| {
        let threads = [0, 1].map(|h| {
            let half = &half;
            s.spawn(move || half(h))
        });
        threads.into_iter().map(|t| t.join().unwrap()).sum()
    })
}

/// `ExactSum`: states round-trip through JSON as their words (the same state,
/// so the same value), equal states serialize equally, summed words
/// deserialize to the merge, and malformed words are rejected with errors.
#[test]
#[allow(clippy::many_single_char_names)] // states a to d, words w, a string s
fn exact_sum_states() {
    use normkey::sum::ExactSum;
    let values = [1e300_f64, -3.5, f64::from_bits(1), -1e300, 0.1];
    let mut a = ExactSum::new();
    a.add_slice(&values);
    let mut b = ExactSum::new();
    values.iter().rev().for_each(|&x| b.add(x));
    let (ja, jb) = (
        serde_json::to_string(&a).unwrap(),
        serde_json::to_string(&b).unwrap(),
    );
    assert_eq!(ja, jb);
    // The serialized form is the words (`to_words`), as a sequence of integers.
    assert_eq!(ja, serde_json::to_string(a.to_words().as_ref()).unwrap());
    let back: ExactSum<f64> = serde_json::from_str(&ja).unwrap();
    assert_eq!(back, a);
    assert_eq!(back.value().to_bits(), a.value().to_bits());
    // The elementwise sum of two states' words deserializes to their merge.
    let mut c = ExactSum::new();
    c.add_slice(&[-0.0_f32, 3.0, f32::INFINITY]);
    let mut d = ExactSum::new();
    d.add_slice(&[1e-45_f32, -2.5]);
    let summed: Vec<i64> = c
        .to_words()
        .iter()
        .zip(d.to_words().iter())
        .map(|(x, y)| x + y)
        .collect();
    let merged: ExactSum<f32> =
        serde_json::from_str(&serde_json::to_string(&summed).unwrap()).unwrap();
    c.merge(&d);
    assert_eq!(merged, c);
    assert_eq!(merged.value(), f32::INFINITY);
    assert_eq!(merged.count(), 5);
    // Malformed words: serde errors that say why (`WordsError`'s messages).
    let one = ExactSum::<f32>::new().to_words();
    let json = |w: &[i64]| serde_json::to_string(w).unwrap();
    let err = |s: &str| {
        serde_json::from_str::<ExactSum<f32>>(s)
            .unwrap_err()
            .to_string()
    };
    assert!(err(&json(&one[..19])).contains("20 words expected, got 19"));
    assert!(err(&json(&[&one[..], &[0]].concat())).contains("20 words expected, got 21"));
    assert!(err(&json(ExactSum::<f64>::new().to_words().as_ref())).contains("got 77"));
    let mut w = one;
    w[1] += 1; // another tag
    assert!(err(&json(&w)).contains("version"), "{}", err(&json(&w)));
    let mut w = one;
    w[9] = -1; // a digit out of range
    assert!(!err(&json(&w)).is_empty());
    let mut w = one;
    w[9] = 5; // a sum of no values
    assert!(serde_json::from_str::<ExactSum<f32>>(&json(&w)).is_err());
    w[2] = 1; // one value: a valid state
    let s: ExactSum<f32> = serde_json::from_str(&json(&w)).unwrap();
    assert_eq!(s.value(), 5.0 * 1e-45); // 5 of the smallest subnormal
    assert!(serde_json::from_str::<ExactSum<f32>>("[1,67607]").is_err());
    assert!(serde_json::from_str::<ExactSum<f32>>("{}").is_err());
}
