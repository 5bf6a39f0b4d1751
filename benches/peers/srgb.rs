//! The sRGB peers: what a user would otherwise call to encode linear `f32` to
//! sRGB bytes and back, and [`wrong_inputs`], which counts the inputs in [0, 1]
//! where each disagrees with the exact code.

/// `fast_srgb8::f32_to_srgb8` (ryg's 104-entry table and a linear interpolation:
/// within D3D's 0.6 ULP, not correctly rounded).
#[inline]
pub(crate) fn fast_srgb8(x: f32) -> u8 {
    fast_srgb8::f32_to_srgb8(x)
}

/// palette 0.7's `FromLinear<f32, u8>` for its `Srgb` encoding (a lookup table).
#[inline]
pub(crate) fn palette(x: f32) -> u8 {
    <palette::encoding::Srgb as palette::encoding::FromLinear<f32, u8>>::from_linear(x)
}

/// The formula written out in `f32` with `powf` (libm), then `* 255.0` rounded
/// with `.round()`; NaN through `clamp` stays NaN and `as u8` makes it 0.
#[inline]
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)] // `as` is the peer's rounding
pub(crate) fn powf(x: f32) -> u8 {
    let x = x.clamp(0.0, 1.0);
    let s = if x <= 0.003_130_8 {
        12.92 * x
    } else {
        1.055 * x.powf(1.0 / 2.4) - 0.055
    };
    (s * 255.0).round() as u8
}

/// `fast_srgb8::srgb8_to_f32` (a 256-entry table).
#[inline]
pub(crate) fn fast_srgb8_decode(c: u8) -> f32 {
    fast_srgb8::srgb8_to_f32(c)
}

/// palette 0.7's `IntoLinear<f32, u8>` for its `Srgb` encoding (a 256-entry table).
#[inline]
pub(crate) fn palette_decode(c: u8) -> f32 {
    <palette::encoding::Srgb as palette::encoding::IntoLinear<f32, u8>>::into_linear(c)
}

/// The inverse formula in `f32` with `powf`.
#[inline]
pub(crate) fn powf_decode(c: u8) -> f32 {
    let y = f32::from(c) / 255.0;
    if y <= 0.040_45 {
        y / 12.92
    } else {
        ((y + 0.055) / 1.055).powf(2.4)
    }
}

/// `fast_srgb8::f32x4_to_srgb8` on the pixel (SSE2 on x86-64), then its alpha byte
/// replaced by `(a.clamp(0, 1) * 255 + 0.5) as u8`: an `Rgba8UnormSrgb` encoder.
#[inline]
#[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
pub(crate) fn fast_srgb8_rgba(p: [f32; 4]) -> [u8; 4] {
    let mut out = fast_srgb8::f32x4_to_srgb8(p);
    out[3] = (p[3].clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
    out
}

/// A named encoder.
pub(crate) type Encoder = (&'static str, fn(f32) -> u8);

/// A named decoder.
pub(crate) type Decoder = (&'static str, fn(u8) -> f32);

/// The encoding peers, by name.
pub(crate) const ENCODERS: [Encoder; 3] = [
    ("fast_srgb8", fast_srgb8),
    ("palette", palette),
    ("powf", powf),
];

/// The decoding peers, by name.
pub(crate) const DECODERS: [Decoder; 3] = [
    ("fast_srgb8", fast_srgb8_decode),
    ("palette", palette_decode),
    ("powf", powf_decode),
];

/// For each of `encoders`, the number of `f32` in [0, 1] (every bit pattern from
/// +0.0 to 1.0, 1,065,353,217 inputs) whose code differs from the exact one
/// (`normkey_oracle::srgb_encode`), on two threads.
pub(crate) fn wrong_inputs(encoders: &[Encoder]) -> Vec<u64> {
    let end = 1.0f32.to_bits() + 1;
    std::thread::scope(|s| {
        let halves: Vec<_> = [(0, end / 2), (end / 2, end)]
            .into_iter()
            .map(|(lo, hi)| {
                s.spawn(move || {
                    let mut bad = vec![0u64; encoders.len()];
                    for bits in lo..hi {
                        let x = f32::from_bits(bits);
                        let want = normkey_oracle::srgb_encode(x);
                        for (b, (_, f)) in bad.iter_mut().zip(encoders) {
                            *b += u64::from(f(x) != want);
                        }
                    }
                    bad
                })
            })
            .collect();
        let mut total = vec![0u64; encoders.len()];
        for h in halves {
            for (t, b) in total.iter_mut().zip(h.join().unwrap()) {
                *t += b;
            }
        }
        total
    })
}

/// For each of `decoders`, the number of codes whose value is not the `f32`
/// nearest to the exact inverse.
#[allow(clippy::cast_possible_truncation)] // the f64 reference rounded to f32 on purpose
pub(crate) fn wrong_codes(decoders: &[Decoder]) -> Vec<u64> {
    decoders
        .iter()
        .map(|(_, f)| {
            (0..=255u8)
                .filter(|&c| f(c).to_bits() != (normkey_oracle::srgb_decode(c) as f32).to_bits())
                .count() as u64
        })
        .collect()
}
