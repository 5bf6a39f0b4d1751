//! The peers and the prototype measured by `main.rs` on the emulated Cortex-M3, kept
//! in a library so that the host can test them (`cargo test --release --target
//! x86_64-unknown-linux-gnu -- --include-ignored`, see README.md).
//!
//! - `naive_*`: what users write without normkey. Rust's `as` casts saturate and send
//!   NaN to 0, so the naive encoders map NaN to code 0, like normkey; `f32::round`
//!   is not in `core` (it needs libm), so the naive encoders round with `+ 0.5`
//!   before a truncating cast, which is not always the nearest code (the host tests
//!   count how often).
//! - [`unorm8_from_f32_bits`]: a prototype of an integer-only UNORM8 encoder for
//!   targets without an FPU, to be bit-identical to `normkey::Unorm8::from_f32`
//!   (checked on all 2³² inputs by the host test).

#![no_std]

/// `(x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8`: NaN → 0 (the cast), ties up, but
/// `x·255 + 0.5` is rounded once more before the truncation.
#[inline]
#[must_use]
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
pub fn naive_unorm8_encode(x: f32) -> u8 {
    (x.clamp(0.0, 1.0) * 255.0 + 0.5) as u8
}

/// `(x.clamp(0.0, 1.0) * 65535.0 + 0.5) as u16`.
#[inline]
#[must_use]
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
pub fn naive_unorm16_encode(x: f32) -> u16 {
    (x.clamp(0.0, 1.0) * 65535.0 + 0.5) as u16
}

/// `x.clamp(-1, 1) * 127`, rounded half away from zero by `± 0.5` and a truncating cast.
#[inline]
#[must_use]
#[allow(clippy::cast_possible_truncation)]
pub fn naive_snorm8_encode(x: f32) -> i8 {
    let y = x.clamp(-1.0, 1.0) * 127.0;
    (if y < 0.0 { y - 0.5 } else { y + 0.5 }) as i8
}

/// `x.clamp(-1, 1) * 32767`, rounded half away from zero by `± 0.5` and a truncating cast.
#[inline]
#[must_use]
#[allow(clippy::cast_possible_truncation)]
pub fn naive_snorm16_encode(x: f32) -> i16 {
    let y = x.clamp(-1.0, 1.0) * 32767.0;
    (if y < 0.0 { y - 0.5 } else { y + 0.5 }) as i16
}

/// `c as f32 / 255.0` (correctly rounded: one division).
#[inline]
#[must_use]
pub fn naive_unorm8_decode_div(c: u8) -> f32 {
    f32::from(c) / 255.0
}

/// `c as f32 * (1.0 / 255.0)` (not always correctly rounded).
#[inline]
#[must_use]
pub fn naive_unorm8_decode_mul(c: u8) -> f32 {
    f32::from(c) * (1.0 / 255.0)
}

/// `c as f32 / 65535.0`.
#[inline]
#[must_use]
pub fn naive_unorm16_decode_div(c: u16) -> f32 {
    f32::from(c) / 65535.0
}

/// `c as f32 * (1.0 / 65535.0)`.
#[inline]
#[must_use]
pub fn naive_unorm16_decode_mul(c: u16) -> f32 {
    f32::from(c) * (1.0 / 65535.0)
}

/// `(c as f32 / 127.0).max(-1.0)`.
#[inline]
#[must_use]
pub fn naive_snorm8_decode_div(c: i8) -> f32 {
    (f32::from(c) / 127.0).max(-1.0)
}

/// `(c as f32 * (1.0 / 127.0)).max(-1.0)`.
#[inline]
#[must_use]
pub fn naive_snorm8_decode_mul(c: i8) -> f32 {
    (f32::from(c) * (1.0 / 127.0)).max(-1.0)
}

/// `(c as f32 / 32767.0).max(-1.0)`.
#[inline]
#[must_use]
pub fn naive_snorm16_decode_div(c: i16) -> f32 {
    (f32::from(c) / 32767.0).max(-1.0)
}

/// `(c as f32 * (1.0 / 32767.0)).max(-1.0)`.
#[inline]
#[must_use]
pub fn naive_snorm16_decode_mul(c: i16) -> f32 {
    (f32::from(c) * (1.0 / 32767.0)).max(-1.0)
}

/// The UNORM8 code of the `f32` with bits `x`, in integer operations only:
/// `round(clamp(x, 0, 1) · 255)`, NaN → 0, the one tie (0.5) up; meant to equal
/// `normkey::Unorm8::from_f32(f32::from_bits(x))` for every `x`.
///
/// For `x = m · 2^(e−150)` in (0, 1) (biased exponent `e ≤ 126`, 24-bit significand
/// `m`), `x · 255 = m·255 / 2^s` with `s = 150 − e`, and `m·255 < 2³²` is exact in
/// a `u32`. Rounding half up is `⌊(m·255 + 2^(s−1)) / 2^s⌋ = ⌊(⌊m·255 / 2^(s−1)⌋ + 1) / 2⌋`:
/// one shift by `s − 1 ∈ [23, 31]`, an increment and a shift by one, with no
/// overflow. Below 2⁻⁹ (`e < 118`, subnormals included) `x · 255 < ½`: code 0.
#[inline]
#[must_use]
#[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
pub const fn unorm8_from_f32_bits(x: u32) -> u8 {
    const ONE: u32 = 0x3f80_0000;
    const INF: u32 = 0x7f80_0000;
    if x.wrapping_sub(1) >= ONE - 1 {
        // x ≤ +0 as an integer (+0, and every negative: −0, −NaN, −∞), or x ≥ 1.0
        // (1.0, +∞, +NaN).
        return if x >= ONE && x <= INF { 255 } else { 0 };
    }
    let e = x >> 23; // 0..=126
    if e < 118 {
        return 0;
    }
    let m = (x & 0x007f_ffff) | 0x0080_0000;
    let t = (m * 255) >> (149 - e);
    ((t + 1) >> 1) as u8
}

/// The bits of the `f32` nearest to `c / 255`, in integer operations only; meant to
/// equal `normkey::Unorm8::to_f32` (checked for every code by the host test).
///
/// `1/255 = Σ 2^(−8k)`, so `c/255` is the byte `c` repeated forever after the binary
/// point, and its first 32 bits are `c · 0x0101_0101`. Normalized by its `n` leading
/// zeros, the top 24 bits are the significand (hidden bit included) and bit 7 the
/// rounding bit; the bits beyond are never all zero for `0 < c < 255` (they repeat
/// `c`), so there is no tie: round up iff bit 7 is set. Adding the significand to the
/// exponent field lets a rounding carry (`c = 255` → 1.0) move into the exponent.
#[inline]
#[must_use]
pub const fn unorm8_to_f32_bits(c: u8) -> u32 {
    if c == 0 {
        return 0;
    }
    let w = c as u32 * 0x0101_0101;
    let n = w.leading_zeros(); // 0..=7
    let w = w << n;
    ((125 - n) << 23) + (w >> 8) + ((w >> 7) & 1)
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use normkey::Unorm8;

    /// Every `u32`, split into 2 threads, as `tests/storage.rs` does; returns the
    /// number of bit patterns where `f` is true.
    fn count_all(f: impl Fn(u32) -> bool + Sync) -> u64 {
        std::thread::scope(|s| {
            let f = &f;
            let halves = [0u32, 0x8000_0000].map(|lo| {
                s.spawn(move || (lo..=lo + 0x7fff_ffff).filter(|&x| f(x)).count() as u64)
            });
            halves.into_iter().map(|h| h.join().unwrap()).sum()
        })
    }

    #[test]
    fn unorm8_bits_edges() {
        let e = |x: f32| unorm8_from_f32_bits(x.to_bits());
        for x in [
            0.0,
            -0.0,
            f32::NAN,
            -f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            1.0,
            0.5,
            1.0 / 510.0,
            f32::from_bits(0x3b80_0000), // 2⁻⁸
            f32::from_bits(0x3b00_0000), // 2⁻⁹
            f32::from_bits(0x3aff_ffff), // just below 2⁻⁹
            f32::MIN_POSITIVE,
            1.0e-45,
            1.0 - f32::EPSILON / 2.0,
        ] {
            assert_eq!(e(x), Unorm8::from_f32(x).to_bits(), "{x:e}");
        }
        assert_eq!(e(0.5), 128);
        assert_eq!(e(f32::INFINITY), 255);
        assert_eq!(e(f32::NAN), 0);
    }

    /// The decoding prototype equals normkey on every code.
    #[test]
    fn unorm8_to_f32_bits_all_codes() {
        for c in 0..=u8::MAX {
            assert_eq!(
                unorm8_to_f32_bits(c),
                Unorm8::from_bits(c).to_f32().to_bits(),
                "{c}"
            );
            // And against the division, correctly rounded by IEEE.
            assert_eq!(
                unorm8_to_f32_bits(c),
                (f32::from(c) / 255.0).to_bits(),
                "{c}"
            );
        }
    }

    /// The prototype equals normkey on all 2³² bit patterns.
    #[test]
    #[ignore = "exhaustive: run in release with --include-ignored"]
    fn unorm8_bits_all_inputs() {
        let wrong =
            count_all(|x| unorm8_from_f32_bits(x) != Unorm8::from_f32(f32::from_bits(x)).to_bits());
        assert_eq!(wrong, 0);
    }

    /// How many inputs the naive `+ 0.5` encoder maps to another code than normkey
    /// (reported, not a property of this crate; the test only fails if none differ,
    /// which would mean the count is not measuring anything).
    #[test]
    #[ignore = "exhaustive: run in release with --include-ignored"]
    fn naive_unorm8_differs_somewhere() {
        let wrong = count_all(|x| {
            let f = f32::from_bits(x);
            naive_unorm8_encode(f) != Unorm8::from_f32(f).to_bits()
        });
        std::println!("naive UNORM8 encode differs from normkey on {wrong} of 2^32 inputs");
        assert!(wrong > 0);
    }
}

/// Out-of-line copies of the UNORM8 prototypes and encoders, so their instructions (and their
/// `__aeabi_*` calls) can be read in the disassembly; `main.rs` calls each once so
/// that they are linked. See README.md.
pub mod probe {
    /// `normkey::Unorm8::from_f32`.
    #[unsafe(no_mangle)]
    #[inline(never)]
    #[must_use]
    pub extern "C" fn probe_normkey_unorm8_from_f32(x: f32) -> u8 {
        normkey::Unorm8::from_f32(x).to_bits()
    }

    /// [`naive_unorm8_encode`](super::naive_unorm8_encode).
    #[unsafe(no_mangle)]
    #[inline(never)]
    #[must_use]
    pub extern "C" fn probe_naive_unorm8_encode(x: f32) -> u8 {
        super::naive_unorm8_encode(x)
    }

    /// [`unorm8_to_f32_bits`](super::unorm8_to_f32_bits).
    #[unsafe(no_mangle)]
    #[inline(never)]
    #[must_use]
    pub extern "C" fn probe_unorm8_to_f32_bits(c: u8) -> u32 {
        super::unorm8_to_f32_bits(c)
    }

    /// [`unorm8_from_f32_bits`](super::unorm8_from_f32_bits).
    #[unsafe(no_mangle)]
    #[inline(never)]
    #[must_use]
    pub extern "C" fn probe_unorm8_from_f32_bits(x: u32) -> u8 {
        super::unorm8_from_f32_bits(x)
    }
}
