//! The peers measured by `main.rs` on the emulated Cortex-M3, kept in a library so
//! that the host can test them (`cargo test --release --target
//! x86_64-unknown-linux-gnu -- --include-ignored`, see README.md), and out-of-line
//! copies of normkey's conversions for the disassembly (`probe`).
//!
//! - `naive_*`: what users write without normkey. Rust's `as` casts saturate and send
//!   NaN to 0, so the naive encoders map NaN to code 0, like normkey; `f32::round`
//!   is not in `core` (it needs libm), so the naive encoders round with `+ 0.5`
//!   before a truncating cast, which is not always the nearest code (the host tests
//!   count how often).
//!
//! normkey itself takes its integer-only path on this target (`thumbv7m-none-eabi`:
//! no FPU); that path is checked on all 2³² inputs in normkey's own tests.

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

#[cfg(test)]
mod tests {
    extern crate std;

    use super::naive_unorm8_encode;
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

/// Out-of-line copies of normkey's scalar conversions and of the naive UNORM8
/// encoder, so that their instructions (and their `__aeabi_*` calls) can be read in
/// the disassembly (`count-aeabi.sh`); `main.rs` calls each once so that they are
/// linked. See README.md.
pub mod probe {
    use normkey::{Snorm8, Snorm16, Unorm8, Unorm16};

    /// One encoder and one decoder probe per format.
    macro_rules! probes {
        ($($T:ident: $from:ident, $to:ident;)*) => {$(
            #[doc = concat!("`normkey::", stringify!($T), "::from_f32`, as its code.")]
            #[unsafe(no_mangle)]
            #[inline(never)]
            #[must_use]
            pub extern "C" fn $from(x: f32) -> i32 {
                i32::from($T::from_f32(x).to_bits())
            }

            #[doc = concat!("`normkey::", stringify!($T), "::to_f32`, as its bits, of the code in the low bits of `c`.")]
            #[unsafe(no_mangle)]
            #[inline(never)]
            #[must_use]
            pub extern "C" fn $to(c: u32) -> u32 {
                #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
                let x = $T::from_bits(c as _).to_f32();
                x.to_bits()
            }
        )*};
    }

    probes! {
        Unorm8: probe_normkey_unorm8_from_f32, probe_normkey_unorm8_to_f32;
        Unorm16: probe_normkey_unorm16_from_f32, probe_normkey_unorm16_to_f32;
        Snorm8: probe_normkey_snorm8_from_f32, probe_normkey_snorm8_to_f32;
        Snorm16: probe_normkey_snorm16_from_f32, probe_normkey_snorm16_to_f32;
    }

    /// [`naive_unorm8_encode`](super::naive_unorm8_encode).
    #[unsafe(no_mangle)]
    #[inline(never)]
    #[must_use]
    pub extern "C" fn probe_naive_unorm8_encode(x: f32) -> u8 {
        super::naive_unorm8_encode(x)
    }
}
