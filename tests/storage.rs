//! The storage core (every width) and the four formats against the exact
//! references of `normkey-oracle`, written from the specifications and never
//! calling normkey: `f64` arithmetic (exact for these products) for encoding, IEEE
//! `f32` division (correctly rounded by definition) for decoding; the search behind
//! the decoder tables.
//!
//! The all-2³² sweep (every width of the core and the four formats in one pass) is
//! `#[ignore]`d; run it with `cargo test --release --all-features --test storage --
//! --ignored` (about three minutes of CPU time, on two threads).

// Exact float comparisons are the point of these tests, and they move small codes
// and exact products between integers and floats on purpose.
#![allow(
    clippy::float_cmp,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss
)]

mod common;
use common::{CHECK_SCALAR, XorShift, constant_on, for_all_f32_blocks, miri_thin};
use normkey::storage::{
    Decoder, SNORM_DECODERS, UNORM_DECODERS, snorm_decode_slice, snorm_encode_slice,
    snorm_from_f32, snorm_to_f32, unorm_decode_slice, unorm_encode_slice, unorm_from_f32,
    unorm_to_f32, unorm_to_f32_checked,
};
use normkey::{Norm, Snorm8, SnormFloat, Unorm, Unorm8, UnormFloat};

/// The exact code of `x` (`normkey-oracle`: NaN → 0, clamp to [lo, 1], the
/// integer nearest to `x · max` in exact `f64` arithmetic, ties away from zero).
fn reference_code(x: f32, lo: f64, max: f64) -> i64 {
    normkey_oracle::encode_normalized(x, lo, max as i64)
}

/// The tests of one format, generated once and instantiated per format.
macro_rules! format_tests {
    ($T:ident, $code:ident, $N:ident, $D:ident) => {
        #[allow(non_snake_case)] // named after the format
        mod $T {
            use super::*;
            // The format (the glob import finds this module under its name).
            use normkey::$T;

            // By definition, the largest code is the code type's largest value
            // (UNORMn: 2ⁿ − 1, SNORMn: 2ⁿ⁻¹ − 1) and a signed code type is SNORM,
            // whose range starts at −1.
            const MAX: i64 = $code::MAX as i64;
            // SNORM: the most negative code is the only one that is not `c / max`.
            const LO: f64 = if $code::MIN == 0 { 0.0 } else { -1.0 };

            fn codes() -> impl Iterator<Item = $code> {
                $code::MIN..=$code::MAX
            }

            #[test]
            #[cfg_attr(miri, ignore = "every code: too slow under Miri (run natively)")]
            fn to_f32_every_code() {
                for c in codes() {
                    let v = i64::from(c).max(-MAX);
                    // IEEE division of two exact integers is the correctly rounded quotient.
                    let want = v as f32 / MAX as f32;
                    // Independently: the f64 quotient rounded once more (its error is far
                    // below the distance from c/max to any f32 rounding boundary).
                    let want64 = (v as f64 / MAX as f64) as f32;
                    assert_eq!(
                        want.to_bits(),
                        want64.to_bits(),
                        "references disagree at {c}"
                    );
                    let got = $T::from_bits(c).to_f32();
                    assert_eq!(got.to_bits(), want.to_bits(), "code {c}");
                }
            }

            #[test]
            #[cfg_attr(miri, ignore = "every code: too slow under Miri (run natively)")]
            fn decode_slice_every_code() {
                let all: Vec<$T> = codes().map($T::from_bits).collect();
                // Every alignment of the vector loop and its tail.
                for skip in 0..33 {
                    let src = &all[skip..];
                    let mut dst = vec![f32::NAN; src.len()];
                    $T::decode_slice(src, &mut dst);
                    for (c, y) in src.iter().zip(&dst) {
                        let v = i64::from(c.to_bits()).max(-MAX);
                        assert_eq!(y.to_bits(), (v as f32 / MAX as f32).to_bits(), "code {c:?}");
                    }
                }
            }

            #[test]
            fn to_f32_ends() {
                assert_eq!($T::MAX.to_f32(), 1.0);
                assert_eq!($T::ZERO.to_f32().to_bits(), 0, "code 0 decodes to +0");
                assert_eq!($T::MIN.to_f32(), LO as f32, "most negative code");
            }

            #[test]
            #[cfg_attr(miri, ignore = "every code: too slow under Miri (run natively)")]
            fn round_trip_every_code() {
                for c in codes() {
                    let t = $T::from_bits(c);
                    let back = $T::from_f32(t.to_f32());
                    if i64::from(c) < -MAX {
                        // SNORM's most negative code decodes to -1.0, which encodes to -max.
                        assert_eq!(i64::from(back.to_bits()), -MAX);
                    } else {
                        assert_eq!(back, t, "code {c}");
                        assert_eq!(back.to_f32().to_bits(), t.to_f32().to_bits());
                    }
                }
            }

            #[test]
            fn from_f32_edges() {
                let e = |x: f32| i64::from($T::from_f32(x).to_bits());
                assert_eq!(e(f32::NAN), 0);
                assert_eq!(e(-f32::NAN), 0);
                assert_eq!(e(f32::from_bits(0x7f80_0001)), 0, "signalling NaN");
                assert_eq!(e(0.0), 0);
                assert_eq!(e(-0.0), 0);
                assert_eq!(e(f32::from_bits(1)), 0, "smallest subnormal");
                assert_eq!(e(-f32::from_bits(1)), 0);
                assert_eq!(e(1.0), MAX);
                assert_eq!(e(f32::INFINITY), MAX);
                assert_eq!(e(f32::MAX), MAX);
                let low = (LO * MAX as f64) as i64;
                assert_eq!(e(f32::NEG_INFINITY), low, "never the most negative code");
                assert_eq!(e(-1.0), low);
                assert_eq!(e(f32::MIN), low);
                // The only ties: ±0.5·max = ±(max/2 + 0.5) → away from zero.
                assert_eq!(e(0.5), MAX / 2 + 1);
                if LO < 0.0 {
                    assert_eq!(e(-0.5), -(MAX / 2 + 1));
                } else {
                    assert_eq!(e(-0.5), 0);
                }
            }

            #[test]
            #[cfg_attr(miri, ignore = "every code: too slow under Miri (run natively)")]
            fn from_f32_next_to_the_half_codes() {
                // Just below and above each k + 0.5 boundary (k < max), by one ULP.
                for k in 0..MAX {
                    let mid = (k as f32 + 0.5) / MAX as f32;
                    for x in [
                        f32::from_bits(mid.to_bits() - 1),
                        mid,
                        f32::from_bits(mid.to_bits() + 1),
                    ] {
                        assert_eq!(
                            i64::from($T::from_f32(x).to_bits()),
                            reference_code(x, LO, MAX as f64),
                            "{x:e}"
                        );
                        assert_eq!(
                            i64::from($T::from_f32(-x).to_bits()),
                            reference_code(-x, LO, MAX as f64),
                            "{:e}",
                            -x
                        );
                    }
                }
            }

            #[test]
            fn slices_equal_scalars() {
                let mut rng = XorShift(0x9e37_79b9_7f4a_7c15 ^ MAX as u64);
                for _ in 0..(if cfg!(miri) { 4 } else { 200 }) {
                    let len = (rng.next() % 300) as usize | 1; // odd lengths, vector tails
                    let src: Vec<f32> = (0..len).map(|_| rng.f32()).collect();
                    let mut enc = vec![$T::ZERO; len];
                    $T::encode_slice(&src, &mut enc);
                    for (x, c) in src.iter().zip(&enc) {
                        assert_eq!(*c, $T::from_f32(*x), "{x:e}");
                    }
                    let codes: Vec<$T> = (0..len)
                        .map(|_| $T::from_bits(rng.next() as $code))
                        .collect();
                    let mut dec = vec![f32::NAN; len];
                    $T::decode_slice(&codes, &mut dec);
                    for (c, y) in codes.iter().zip(&dec) {
                        assert_eq!(y.to_bits(), c.to_f32().to_bits(), "{c:?}");
                    }
                }
            }

            #[test]
            #[should_panic(expected = "does not match destination slice length")]
            fn encode_slice_length_mismatch_panics() {
                $T::encode_slice(&[0.5; 3], &mut [$T::ZERO; 2]);
            }

            #[test]
            #[should_panic(expected = "does not match destination slice length")]
            fn decode_slice_length_mismatch_panics() {
                $T::decode_slice(&[$T::ZERO; 2], &mut [0.0; 3]);
            }

            #[test]
            fn conversions_agree_with_from_f32() {
                let mut rng = XorShift(0x2545_f491_4f6c_dd1d);
                // Under Miri, every 100th input and every 61st code.
                for _ in miri_thin(0..10_000, 100) {
                    let x = rng.f32();
                    let n = $N::new(x);
                    assert_eq!($T::from(n), $T::from_f32(n.get()));
                    assert_eq!(
                        $T::from($D(x)),
                        $T::from_f32(x),
                        "a store clamps like from_f32"
                    );
                }
                for c in miri_thin(codes(), 61) {
                    let t = $T::from_bits(c);
                    assert_eq!($N::from(t).get().to_bits(), t.to_f32().to_bits());
                    assert_eq!(f32::from(t).to_bits(), t.to_f32().to_bits());
                }
            }

            #[test]
            fn order_and_bytemuck() {
                assert!($T::MIN <= $T::ZERO && $T::ZERO < $T::MAX);
                let codes = [$T::MAX, $T::ZERO];
                let bytes: &[u8] = bytemuck::cast_slice(&codes);
                assert_eq!(bytes.len(), 2 * core::mem::size_of::<$code>());
                assert_eq!(bytemuck::cast_slice::<u8, $T>(bytes), &codes);
            }

            /// Every NaN stores as code 0, signalling ones included (on `AArch64`
            /// a min/max lowering once turned a signalling NaN into the top code),
            /// in the scalar and the vectorized slice form.
            #[test]
            fn every_kind_of_nan_stores_zero() {
                for bits in [
                    0x7fc0_0000_u32,
                    0xffc0_0000,
                    0x7f80_0001,
                    0xff80_0001,
                    0x7fff_ffff,
                    0xffff_ffff,
                ] {
                    let x = std::hint::black_box(f32::from_bits(bits));
                    assert_eq!($T::from_f32(x).to_bits(), 0, "{bits:#x}");
                    // Long enough to take the vectorized loop, where the bug showed.
                    let mut codes = [$T::MAX; 64];
                    $T::encode_slice(&[x; 64], &mut codes);
                    assert_eq!(codes, [$T::ZERO; 64], "{bits:#x}");
                }
            }
        }
    };
}

/// The tests of every format of normkey's one list, each in a module named after
/// the format.
mod formats {
    use super::*;

    normkey::for_each_storage_format!(format_tests);
}

/// The reciprocal shortcut `c · fl(1/255)` (what palette does) is really wrong, so the
/// exact-decode test above is not vacuous.
#[test]
fn naive_reciprocal_decode_is_wrong_for_unorm8() {
    let wrong = (0..=255u8)
        .filter(|&c| (f32::from(c) * (1.0 / 255.0)).to_bits() != (f32::from(c) / 255.0).to_bits())
        .count();
    assert_eq!(wrong, 126);
}

/// D3D's examples: UNORM8 0.5 → 128; SNORM8 ±0.5 → ±64 (WGSL's `floor(0.5 + x)`
/// would give −63).
#[test]
fn d3d_tie_examples() {
    assert_eq!(Unorm8::from_f32(0.5).to_bits(), 128);
    assert_eq!(Snorm8::from_f32(0.5).to_bits(), 64);
    assert_eq!(Snorm8::from_f32(-0.5).to_bits(), -64);
    assert_eq!(Snorm8::from_bits(-128).to_f32(), -1.0);
    assert_eq!(Snorm8::from_bits(-127).to_f32(), -1.0);
}

/// The inexact peer formula misses some inputs; normkey does not (checked above).
#[test]
fn peer_formula_misses_inputs_that_normkey_gets_right() {
    let peer = |x: f32| (x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
    // x = 0.5 + 2^-24 is just above the tie: exact x·255 = 127.5 + 255·2^-24 → 128.
    // Any x a hair below a k+0.5 boundary where the f32 product rounds up is a miss:
    // look for one in a neighbourhood of each boundary.
    let mut misses = 0;
    for k in 0..255u16 {
        let mid = (f32::from(k) + 0.5) / 255.0;
        for d in -4i32..=4 {
            let x = f32::from_bits(mid.to_bits().wrapping_add_signed(d));
            let want = reference_code(x, 0.0, 255.0) as u8;
            assert_eq!(Unorm8::from_f32(x).to_bits(), want);
            if peer(x) != want {
                misses += 1;
            }
        }
    }
    assert!(
        misses > 0,
        "the peer formula should miss some boundary inputs"
    );
}

/// Calls `$m!(BITS)` for every UNORM width and `$s!(BITS)` for every SNORM width.
macro_rules! for_each_width {
    ($u:ident, $s:ident) => {
        for_each_width!(@ $u: 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
        for_each_width!(@ $s: 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
    };
    (@ $m:ident: $($b:literal)*) => { $($m!($b);)* };
}

/// The mismatches of one block at one width: `slice` (the slice form, into `buf`)
/// and `scalar` (not in the baseline stage: [`CHECK_SCALAR`]) against the oracle's
/// code for each input. The comparison loops
/// only count, so that they vectorize; a block with mismatches is scanned again
/// to print the first few.
///
/// `xs` holds consecutive bit patterns of one sign (`for_all_f32_blocks`), and
/// the exact code `round(clamp(x)·max)` is monotone in `x`: when the oracle gives
/// the same code at both non-NaN ends, it gives that code for every input between
/// (`common::constant_on`). Such blocks and the NaN blocks (most of them: NaN,
/// |x| ≥ 1, tiny |x|) compare
/// every input with that one code; the others call the oracle for every input.
#[allow(clippy::too_many_arguments)] // the slice and scalar forms, the two code maps
fn check_block<const SIGNED: bool, C: Copy + PartialEq>(
    name: &str,
    bits: u32,
    xs: &[f32],
    buf: &mut [C],
    slice: impl Fn(&[f32], &mut [C]),
    scalar: impl Fn(f32) -> C,
    to_i64: impl Fn(C) -> i64,
    from_i64: impl Fn(i64) -> C,
) -> u64 {
    let want = |x: f32| {
        if SIGNED {
            normkey_oracle::encode_snorm(x, bits)
        } else {
            normkey_oracle::encode_unorm(x, bits)
        }
    };
    slice(xs, buf);
    // A block with NaN ends is all NaN (the NaNs of one sign are consecutive
    // patterns), and every NaN encodes to 0.
    let (first, last) = (xs[0], xs[xs.len() - 1]);
    let constant = if first.is_nan() && last.is_nan() {
        Some(want(first))
    } else {
        constant_on(xs, want)
    };
    // Counted in `u32` lanes and compared in the code's own type: vectorizes.
    let bad = u64::from(if let Some(w) = constant {
        let w = from_i64(w);
        xs.iter()
            .zip(buf.iter())
            .map(|(&x, &c)| u32::from(c != w) + u32::from(CHECK_SCALAR && scalar(x) != w))
            .sum::<u32>()
    } else {
        xs.iter()
            .zip(buf.iter())
            .map(|(&x, &c)| {
                let w = from_i64(want(x));
                u32::from(c != w) + u32::from(CHECK_SCALAR && scalar(x) != w)
            })
            .sum::<u32>()
    });
    if bad != 0 {
        let wrong = xs.iter().zip(buf.iter());
        for (&x, &c) in wrong
            .filter(|&(&x, &c)| to_i64(c) != want(x) || to_i64(scalar(x)) != want(x))
            .take(3)
        {
            eprintln!(
                "{name} {bits} bits, {:#010x} ({x:e}): want {}, scalar {}, slice {}",
                x.to_bits(),
                want(x),
                to_i64(scalar(x)),
                to_i64(c)
            );
        }
    }
    bad
}

/// Every f32 bit pattern, every UNORM and SNORM width of the core (scalar and
/// slice forms) and the four formats, against `normkey_oracle`, in one pass.
#[test]
#[ignore = "all 2^32 f32 bit patterns × 35 encoders: run in release mode with --ignored"]
fn every_width_encodes_every_f32_exactly() {
    let start = std::time::Instant::now();
    let bad = for_all_f32_blocks(|xs| {
        let mut u = vec![0u16; xs.len()];
        let mut s = vec![0i16; xs.len()];
        let mut bad = 0;
        macro_rules! unorm {
            ($b:literal) => {
                bad += check_block::<false, u16>(
                    "unorm",
                    $b,
                    xs,
                    &mut u,
                    unorm_encode_slice::<$b>,
                    unorm_from_f32::<$b>,
                    i64::from,
                    |w| w as u16,
                );
            };
        }
        macro_rules! snorm {
            ($b:literal) => {
                bad += check_block::<true, i16>(
                    "snorm",
                    $b,
                    xs,
                    &mut s,
                    snorm_encode_slice::<$b>,
                    snorm_from_f32::<$b>,
                    i64::from,
                    |w| w as i16,
                );
            };
        }
        for_each_width!(unorm, snorm);
        macro_rules! format {
            ($T:ident, $code:ident, $N:ident, $D:ident) => {{
                use normkey::$T;
                let mut buf = vec![$T::ZERO; xs.len()];
                let f = |c: $T| i64::from(c.to_bits());
                let g = |w: i64| $T::from_bits(w as $code);
                bad += if $code::MIN == 0 {
                    check_block::<false, $T>(
                        stringify!($T),
                        $code::BITS,
                        xs,
                        &mut buf,
                        $T::encode_slice,
                        $T::from_f32,
                        f,
                        g,
                    )
                } else {
                    check_block::<true, $T>(
                        stringify!($T),
                        $code::BITS,
                        xs,
                        &mut buf,
                        $T::encode_slice,
                        $T::from_f32,
                        f,
                        g,
                    )
                };
            }};
        }
        normkey::for_each_storage_format!(format);
        bad
    });
    eprintln!("all 2^32 f32 × every width: {:.1?}", start.elapsed());
    assert_eq!(bad, 0);
}

/// Every `u16` / `i16` argument of every core decoder width (so every code, and
/// the codes with bits above the width, which read only the low `BITS` bits),
/// scalar and slice forms, against `normkey_oracle::decode_normalized`.
#[test]
#[cfg_attr(miri, ignore = "every code: too slow under Miri (run natively)")]
fn every_width_decodes_every_code_exactly() {
    let all_u: Vec<u16> = (0..=u16::MAX).collect();
    let all_s: Vec<i16> = (i16::MIN..=i16::MAX).collect();
    let mut out = vec![f32::NAN; all_u.len()];
    macro_rules! unorm {
        ($b:literal) => {
            let max = normkey_oracle::unorm_max($b);
            unorm_decode_slice::<$b>(&all_u, &mut out);
            for (&c, y) in all_u.iter().zip(&out) {
                let want = normkey_oracle::decode_normalized(i64::from(c) & max, max);
                assert_eq!(
                    unorm_to_f32::<$b>(c).to_bits(),
                    want.to_bits(),
                    "unorm {} code {c}",
                    $b
                );
                assert_eq!(y.to_bits(), want.to_bits(), "unorm {} slice, code {c}", $b);
                // The checked forms: None exactly when a bit above the width is set.
                let fits = i64::from(c) <= max;
                let checked = unorm_to_f32_checked::<$b>(c);
                assert_eq!(
                    checked.map(f32::to_bits),
                    fits.then_some(want.to_bits()),
                    "{c}"
                );
                let u = Unorm::from_code::<$b>(c);
                assert_eq!(
                    u.map(|u| u.get().to_bits()),
                    fits.then_some(want.to_bits()),
                    "{c}"
                );
            }
        };
    }
    macro_rules! snorm {
        ($b:literal) => {
            let max = normkey_oracle::snorm_max($b);
            snorm_decode_slice::<$b>(&all_s, &mut out);
            for (&c, y) in all_s.iter().zip(&out) {
                // The low BITS bits as a BITS-bit two's complement number.
                let low = (i64::from(c) & (2 * max + 1))
                    - if i64::from(c) & (max + 1) != 0 {
                        2 * max + 2
                    } else {
                        0
                    };
                let want = normkey_oracle::decode_normalized(low, max);
                assert_eq!(
                    snorm_to_f32::<$b>(c).to_bits(),
                    want.to_bits(),
                    "snorm {} code {c}",
                    $b
                );
                assert_eq!(y.to_bits(), want.to_bits(), "snorm {} slice, code {c}", $b);
            }
        };
    }
    for_each_width!(unorm, snorm);
}

/// Whether `(c·k) as f32 · fl(1/(max·k))` is `c / max` correctly rounded for every
/// code `0 ≤ c ≤ max` (negative codes mirror them).
fn multiplier_works(max: i64, k: i64) -> bool {
    let r = 1.0 / (max * k) as f32;
    (0..=max).all(|c| {
        ((c * k) as f32 * r).to_bits() == normkey_oracle::decode_normalized(c, max).to_bits()
    })
}

/// Whether `c·2⁻ⁿ + c·fl(1/(max·2ⁿ))` (`2ⁿ = max + 1`) is correctly rounded for every code.
fn series_works(max: i64) -> bool {
    let (a, b) = (
        1.0 / (max + 1) as f32,
        1.0 / (max as f32 * (max + 1) as f32),
    );
    (0..=max).all(|c| {
        (c as f32 * a + c as f32 * b).to_bits()
            == normkey_oracle::decode_normalized(c, max).to_bits()
    })
}

/// The search behind `UNORM_DECODERS` and `SNORM_DECODERS`: for every width, the
/// smallest `k` whose products are exact (`(max + 1)·k ≤ 2²⁴`, `k < 2¹⁵`, the
/// preconditions `normkey` checks at compile time) and correctly rounded for every
/// code. Checks that every table entry is valid and is the smallest `k` (SNORM8's
/// 69 excepted: see the `storage` module docs), that a width with no `k` falls
/// back to the series or the division, and prints the table
/// (`cargo test --test storage decoder_multipliers -- --nocapture`).
#[test]
#[cfg_attr(miri, ignore = "a search over every code: too slow under Miri")]
fn decoder_multipliers() {
    for (signed, table) in [(false, &UNORM_DECODERS), (true, &SNORM_DECODERS)] {
        for bits in (1 + u32::from(signed))..=16 {
            let max = if signed {
                normkey_oracle::snorm_max(bits)
            } else {
                normkey_oracle::unorm_max(bits)
            };
            let limit = ((1 << 24) / (max + 1)).min((1 << 15) - 1);
            let smallest = (1..=limit).find(|&k| multiplier_works(max, k));
            let entry = table[bits as usize];
            println!(
                "{} {bits:2} bits, max {max:5}: smallest k {smallest:?}, table {entry:?}",
                if signed { "SNORM" } else { "UNORM" }
            );
            match entry {
                Decoder::Reciprocal(k) => {
                    assert!(
                        multiplier_works(max, i64::from(k)),
                        "{bits} bits: k = {k} is wrong"
                    );
                    if (signed, bits) != (true, 8) {
                        assert_eq!(
                            Some(i64::from(k)),
                            smallest,
                            "{bits} bits: not the smallest k"
                        );
                    }
                }
                Decoder::Series => {
                    assert!(
                        !signed && series_works(max),
                        "{bits} bits: the series is wrong"
                    );
                    assert_eq!(smallest, None, "{bits} bits: a k exists, use it");
                }
                Decoder::Divide => assert_eq!(smallest, None, "{bits} bits: a k exists, use it"),
            }
        }
    }
    assert_eq!(SNORM_DECODERS[8], Decoder::Reciprocal(69));
    assert!(multiplier_works(127, 31), "SNORM8's smallest k");
}
