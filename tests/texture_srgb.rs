//! `Srgb8` against the `f64` reference in `normkey-oracle` (written from the IEC
//! 61966-2-1 formula, never from normkey's tables).
//!
//! * `tables_match_the_reference` recomputes the 255 encoding thresholds (binary
//!   search over the `f32` patterns of [0, 1]) and the 256 decoded values, and is
//!   the tool that generates `src/texture/srgb.rs`'s tables: on a mismatch it prints
//!   them to paste. It also proves the `f64` reference sound: no `f32` input lies
//!   within `MARGIN` codes of a half-code (the reference's error is about 10⁻¹³), and
//!   no decoded value within a relative `MARGIN` of an `f32` rounding boundary.
//! * `from_f32_and_encode_slice_exhaustive` (`#[ignore]`d: run with
//!   `cargo test --release --all-features --test texture_srgb -- --ignored`)
//!   checks every one of the 2³² inputs.

// Exact float comparisons and bit moves are the point of these tests.
#![allow(
    clippy::float_cmp,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss
)]

mod common;
use common::{CHECK_SCALAR, XorShift, constant_on, for_all_f32_blocks};
use normkey::Srgb8;
use normkey_oracle::{srgb_decode, srgb_encode, srgb_encode_scaled};

/// How far (in codes for encoding, relative for decoding) every reference value
/// must lie from a rounding boundary for its `f64` rounding to be trusted: a
/// thousand times the reference's error bound.
const MARGIN: f64 = 1e-10;

/// The smallest `f32` of each code 1..=255, by binary search over the bit patterns
/// of [0, 1] (the reference is non-decreasing there).
fn reference_thresholds() -> Vec<f32> {
    (1..=255u8)
        .map(|k| {
            // code(lo) < k ≤ code(hi)
            let (mut lo, mut hi) = (0u32, 1.0f32.to_bits());
            while hi - lo > 1 {
                let mid = lo + (hi - lo) / 2;
                if srgb_encode(f32::from_bits(mid)) >= k {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            f32::from_bits(hi)
        })
        .collect()
}

/// The table as `src/texture/srgb.rs` spells it.
fn rust_rows(values: &[f32]) -> String {
    let mut out = String::new();
    for row in values.chunks(8) {
        let row: Vec<String> = row.iter().map(|x| format!("{x:?}")).collect();
        out.push_str("    ");
        out.push_str(&row.join(", "));
        out.push_str(",\n");
    }
    out
}

/// Distance from `y` to the nearest half-integer.
fn distance_to_half(y: f64) -> f64 {
    (y - (y.floor() + 0.5)).abs()
}

#[test]
fn tables_match_the_reference() {
    let thresholds = reference_thresholds();
    // The reference is monotonic, so the inputs closest to a half-code are the two
    // neighbours of a threshold: checking them bounds every input.
    let mut closest = f64::INFINITY;
    for &t in &thresholds {
        for x in [f32::from_bits(t.to_bits() - 1), t] {
            closest = closest.min(distance_to_half(srgb_encode_scaled(x)));
        }
    }
    eprintln!("closest f32 to a half-code: {closest:e} codes");
    assert!(
        closest > MARGIN,
        "the f64 reference is not sound: {closest:e}"
    );
    assert!(
        thresholds == Srgb8::ENCODE_THRESHOLDS,
        "THRESHOLDS in src/texture/srgb.rs differ from the reference; generated:\n{}",
        rust_rows(&thresholds)
    );

    let decoded: Vec<f32> = (0..=255u8).map(|c| srgb_decode(c) as f32).collect();
    for c in 0..=255u8 {
        let v = srgb_decode(c);
        let f = v as f32;
        // The f32 rounding boundaries around `v`: the midpoints to both neighbours.
        let up = f64::midpoint(f64::from(f), f64::from(f32::from_bits(f.to_bits() + 1)));
        let down = if f == 0.0 {
            -f64::from(f32::from_bits(1)) / 2.0
        } else {
            f64::midpoint(f64::from(f), f64::from(f32::from_bits(f.to_bits() - 1)))
        };
        let room = (up - v).min(v - down);
        assert!(
            c == 0 || room > MARGIN * v,
            "code {c}: {v:e} is {room:e} from an f32 rounding boundary"
        );
    }
    let table: Vec<f32> = (0..=255u8).map(|c| Srgb8::from_bits(c).to_f32()).collect();
    assert!(
        table == decoded,
        "DECODE in src/texture/srgb.rs differs from the reference; generated:\n{}",
        rust_rows(&decoded)
    );
}

#[test]
fn to_f32_every_code() {
    for c in 0..=255u8 {
        let got = Srgb8::from_bits(c).to_f32();
        assert_eq!(got.to_bits(), (srgb_decode(c) as f32).to_bits(), "code {c}");
        // Decoding then encoding gives the code back.
        assert_eq!(Srgb8::from_f32(got).to_bits(), c, "round trip of {c}");
    }
    assert_eq!(Srgb8::ZERO.to_f32().to_bits(), 0, "+0.0, not -0.0");
    assert_eq!(Srgb8::MAX.to_f32(), 1.0);
}

#[test]
fn decode_slice_every_code() {
    let all: Vec<Srgb8> = (0..=255u8).map(Srgb8::from_bits).collect();
    // Every alignment of the vector loop and its tail.
    for skip in 0..33 {
        let src = &all[skip..];
        let mut dst = vec![f32::NAN; src.len()];
        Srgb8::decode_slice(src, &mut dst);
        for (c, y) in src.iter().zip(&dst) {
            assert_eq!(y.to_bits(), c.to_f32().to_bits(), "code {c:?}");
        }
    }
}

#[test]
fn thresholds_and_their_neighbours() {
    for (k, &t) in Srgb8::ENCODE_THRESHOLDS.iter().enumerate() {
        let below = f32::from_bits(t.to_bits() - 1);
        assert_eq!(Srgb8::from_f32(t).to_bits(), srgb_encode(t), "{t:e}");
        assert_eq!(Srgb8::from_f32(t).to_bits() as usize, k + 1);
        assert_eq!(
            Srgb8::from_f32(below).to_bits(),
            srgb_encode(below),
            "{below:e}"
        );
        assert_eq!(Srgb8::from_f32(below).to_bits() as usize, k);
    }
}

#[test]
fn from_f32_edges() {
    let e = |x: f32| Srgb8::from_f32(x).to_bits();
    for x in [
        f32::NAN,
        -f32::NAN,
        f32::from_bits(0x7f80_0001), // signalling NaN
        f32::from_bits(0xffff_ffff),
        -0.0,
        0.0,
        f32::from_bits(1),
        -f32::from_bits(1),
        f32::MIN_POSITIVE,
        f32::NEG_INFINITY,
        -1.0,
        f32::MIN,
        1.220_703_1e-4, // 2^-13, the first bucket
    ] {
        assert_eq!(e(x), 0, "{x:e} ({:#010x})", x.to_bits());
    }
    for x in [1.0, 1.000_000_1, 2.0, f32::MAX, f32::INFINITY] {
        assert_eq!(e(x), 255, "{x:e}");
    }
}

#[test]
#[cfg_attr(miri, ignore = "330,000 encodes: too slow under Miri (run natively)")]
fn encode_slice_random_and_edges() {
    let mut rng = XorShift(0x5eed_5eed_1234_5678);
    let src: Vec<f32> = (0..10_000)
        .map(|i| {
            if i % 2 == 0 {
                rng.f32()
            } else {
                (rng.next() >> 40) as f32 / (1u64 << 24) as f32
            }
        })
        .collect();
    for skip in 0..33 {
        let src = &src[skip..];
        let mut dst = vec![Srgb8::MAX; src.len()];
        Srgb8::encode_slice(src, &mut dst);
        for (&x, c) in src.iter().zip(&dst) {
            assert_eq!(c.to_bits(), srgb_encode(x), "{x:e}");
            assert_eq!(*c, Srgb8::from_f32(x));
        }
    }
}

#[test]
#[ignore = "all 2^32 f32 bit patterns: run in release mode with --ignored"]
fn from_f32_and_encode_slice_exhaustive() {
    let bad = for_all_f32_blocks(|xs| {
        let mut codes = [Srgb8::ZERO; 4096];
        Srgb8::encode_slice(xs, &mut codes);
        let mut bad = 0;
        // A block whose ends have one code has it throughout.
        let constant = constant_on(xs, srgb_encode);
        for (&x, &c) in xs.iter().zip(&codes) {
            let want = constant.unwrap_or_else(|| srgb_encode(x));
            let scalar = Srgb8::from_f32(x).to_bits();
            if (CHECK_SCALAR && scalar != want) || c.to_bits() != want {
                if bad < 4 {
                    eprintln!(
                        "{:#010x} ({x:e}): want {want}, from_f32 {scalar}, encode_slice {}",
                        x.to_bits(),
                        c.to_bits()
                    );
                }
                bad += 1;
            }
        }
        bad
    });
    assert_eq!(bad, 0);
}

#[test]
fn pod_and_order() {
    let codes: [Srgb8; 3] = bytemuck::cast([0u8, 128, 255]);
    assert_eq!(codes, [Srgb8::ZERO, Srgb8::from_bits(128), Srgb8::MAX]);
    assert!(Srgb8::from_bits(1) < Srgb8::from_bits(2));
    assert!(Srgb8::from_bits(1).to_f32() < Srgb8::from_bits(2).to_f32());
}
