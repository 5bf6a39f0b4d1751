//! The exact references that normkey's tests, fuzz targets and benchmark table
//! compare against: one copy of each, written from the specifications (D3D11.3
//! §3.2.3, Vulkan "Fixed-Point Data Conversions") with wider arithmetic, and never
//! calling normkey. Not published; used as a path dev-dependency.
//!
//! Every function here is simple enough to check by reading: `f64` products that
//! are exact (24 significant bits of the input times at most 17 of the scale), IEEE
//! division (correctly rounded by definition), explicit ties.

#![no_std]
// Exact float comparisons and integer/float moves of small exact values are the
// point of a reference.
#![allow(
    clippy::float_cmp,
    clippy::cast_possible_truncation,
    clippy::cast_precision_loss,
    clippy::cast_sign_loss,
    clippy::cast_possible_wrap
)]

pub mod quantile;
pub mod sum;

/// 2⁵²: adding it to an `f64` in [0, 2⁵²) rounds it to an integer, ties to even.
const MAGIC: f64 = 4_503_599_627_370_496.0;

/// The largest UNORM code of an `bits`-bit channel, `2^bits − 1`.
#[must_use]
pub const fn unorm_max(bits: u32) -> i64 {
    (1 << bits) - 1
}

/// The largest SNORM code of an `bits`-bit channel, `2^(bits−1) − 1`.
#[must_use]
pub const fn snorm_max(bits: u32) -> i64 {
    (1 << (bits - 1)) - 1
}

/// The exact normalized code of `x`, as an `f64` holding an integer: NaN → 0,
/// clamp to [lo, 1] (lo = 0 for UNORM, −1 for SNORM), `y = x · max` (exact in
/// `f64`: 24 + 17 significant bits at most) rounded to the nearest integer, ties
/// away from zero. SNORM (lo = −1) never gives its most negative code.
///
/// Every step is exact; `MAGIC` instead of `f64::round` (a library call on x86-64)
/// and no float-to-int cast, so that loops over all 2³² inputs vectorize.
#[must_use]
#[inline]
pub fn encode_normalized_f64(x: f32, lo: f64, max: f64) -> f64 {
    let y = if x.is_nan() {
        0.0
    } else {
        f64::from(x).clamp(lo, 1.0) * max
    };
    let even = (y.abs() + MAGIC) - MAGIC;
    let away = if y.abs() - even == 0.5 {
        even + 1.0
    } else {
        even
    };
    away.copysign(y)
}

/// [`encode_normalized_f64`] as an integer code.
#[must_use]
#[inline]
pub fn encode_normalized(x: f32, lo: f64, max: i64) -> i64 {
    encode_normalized_f64(x, lo, max as f64) as i64
}

/// The UNORM code of `x` for an `bits`-bit channel (1 ≤ bits ≤ 16).
#[must_use]
#[inline]
pub fn encode_unorm(x: f32, bits: u32) -> i64 {
    encode_normalized(x, 0.0, unorm_max(bits))
}

/// The SNORM code of `x` for an `bits`-bit channel (2 ≤ bits ≤ 16).
#[must_use]
#[inline]
pub fn encode_snorm(x: f32, bits: u32) -> i64 {
    encode_normalized(x, -1.0, snorm_max(bits))
}

/// `c / max` correctly rounded to `f32` (IEEE division of two exact integers), with
/// SNORM's most negative code (`c < −max`) read as `−max`, i.e. −1.0.
#[must_use]
#[inline]
pub fn decode_normalized(c: i64, max: i64) -> f32 {
    c.max(-max) as f32 / max as f32
}

// ---------------------------------------------------------------------------
// sRGB (IEC 61966-2-1), in `f64`.
//
// `powf` needs the platform's libm: these references link `std` (the crate is
// otherwise `no_std`; it is only ever built for hosted test runs).

extern crate std;

/// `255 · srgb(x)` in `f64`, for `x` clamped to [0, 1] (NaN → 0): the sRGB
/// encoding curve of IEC 61966-2-1, `12.92·x` for `x ≤ 0.0031308`, else
/// `1.055·x^(1/2.4) − 0.055`, scaled to 8-bit codes.
///
/// Error: the constants 1/2.4, 1.055, 0.055, 0.0031308 and 12.92 are within half an
/// `f64` ulp of their decimal values, libm's `pow` is within one ulp, and each
/// operation adds half an ulp: the result is within about 10⁻¹³ of the exact
/// `255 · srgb(x)` (an `f64` ulp at 255 is 2.8·10⁻¹⁴). The tests check that no `f32`
/// input lies within 10⁻¹⁰ of a half-integer, so rounding this value gives the
/// correctly rounded code.
#[must_use]
pub fn srgb_encode_scaled(x: f32) -> f64 {
    let x = if x.is_nan() {
        0.0
    } else {
        f64::from(x).clamp(0.0, 1.0)
    };
    let s = if x <= 0.003_130_8 {
        12.92 * x
    } else {
        1.055 * x.powf(1.0 / 2.4) - 0.055
    };
    255.0 * s
}

/// The correctly rounded sRGB code of the linear value `x`: [`srgb_encode_scaled`]
/// rounded to the nearest integer (NaN → 0, clamp to [0, 1]). No input is a tie
/// (see [`srgb_encode_scaled`]).
#[must_use]
pub fn srgb_encode(x: f32) -> u8 {
    let y = srgb_encode_scaled(x);
    ((y + MAGIC) - MAGIC) as u8
}

/// The linear value of sRGB code `c` in `f64`: `y = c / 255`, then `y / 12.92` for
/// `y ≤ 0.04045`, else `((y + 0.055) / 1.055)^2.4` (IEC 61966-2-1). Within about
/// 10⁻¹⁵ relative of the exact value; code 0 gives 0 and code 255 gives 1 exactly.
#[must_use]
pub fn srgb_decode(c: u8) -> f64 {
    let y = f64::from(c) / 255.0;
    if y <= 0.040_45 {
        y / 12.92
    } else {
        ((y + 0.055) / 1.055).powf(2.4)
    }
}

/// The code of a `to_max` channel nearest the value of code `c` of a `from_max`
/// channel: the integer nearest to `c · to_max / from_max`, ties away from zero, in
/// exact integer arithmetic, with SNORM's most negative code (`c < −from_max`) read
/// as `−from_max`. (For UNORM, `from_max = 2^a − 1`, `to_max = 2^b − 1`.)
#[must_use]
pub const fn requantize(c: i64, from_max: i64, to_max: i64) -> i64 {
    let c = if c < -from_max { -from_max } else { c };
    let n = c.abs() * to_max;
    // floor(n/d + 1/2) = floor((2n + d) / 2d): ties go up, away from zero.
    let q = (2 * n + from_max) / (2 * from_max);
    if c < 0 { -q } else { q }
}

/// `2^k`, exactly: the `f64` whose exponent field is `k + 1023` and whose
/// mantissa is 0.
///
/// # Panics
///
/// If `k` is outside the normal range, −1022 ≤ k ≤ 1023.
#[must_use]
pub const fn pow2(k: i32) -> f64 {
    assert!(-1022 <= k && k <= 1023);
    f64::from_bits(((k + 1023) as u64) << 52)
}

/// The value of an unsigned small float with a 5-bit exponent (bias 15) and an
/// `mbits`-bit mantissa (float11: 6, float10: 5), from the definition (D3D11.3
/// §3.1.6, Vulkan "Unsigned 11-Bit Floating-Point Numbers"): exponent 0 gives
/// `2^−14 · m/2^mbits`, exponents 1–30 `2^(e−15) · (1 + m/2^mbits)`, exponent 31
/// +∞ (m = 0) or NaN. Bits above `5 + mbits` are ignored.
#[must_use]
pub const fn ufloat_value(code: u32, mbits: u32) -> f64 {
    let e = (code >> mbits) & 31;
    let m = code & ((1 << mbits) - 1);
    let frac = m as f64 / (1u32 << mbits) as f64;
    if e == 31 {
        if m == 0 { f64::INFINITY } else { f64::NAN }
    } else if e == 0 {
        pow2(-14) * frac
    } else {
        pow2(e as i32 - 15) * (1.0 + frac)
    }
}

/// A position in an ascending table: [`Floor::find`] gives the last entry at
/// most a value, looking first next to where it stopped last (one or two steps
/// for ascending inputs), else bisecting the whole table.
#[derive(Clone, Copy, Debug, Default)]
pub struct Floor {
    at: usize,
}

impl Floor {
    /// The largest `i` with `table[i] <= x`, for an ascending `table` with
    /// `table[0] <= x`.
    ///
    /// # Panics
    ///
    /// If `table` is empty or `table[0] > x`.
    pub fn find<T: PartialOrd + Copy>(&mut self, table: &[T], x: T) -> usize {
        let next = |i: usize| table.get(i + 1).is_none_or(|&t| t > x);
        let at = self.at.min(table.len() - 1);
        self.at = if table[at] <= x && next(at) {
            at
        } else if table[at] <= x && at + 1 < table.len() && next(at + 1) {
            at + 1
        } else {
            // Bisection: the largest `i` with `table[i] <= x`.
            table.partition_point(|&t| t <= x) - 1
        };
        self.at
    }
}

/// The values of all `2^(5 + mbits)` codes in code order, with +∞ in place of
/// the NaN codes: increasing, so a search can bisect it.
const fn ufloat_table<const N: usize>(mbits: u32) -> [f64; N] {
    let mut t = [f64::INFINITY; N];
    let mut c = 0;
    while c < (31 << mbits) {
        t[c] = ufloat_value(c as u32, mbits);
        c += 1;
    }
    t
}

/// Every float11 value, in code order (NaN codes as +∞).
static UF11_TABLE: [f64; 2048] = ufloat_table::<2048>(6);
/// Every float10 value, in code order (NaN codes as +∞).
static UF10_TABLE: [f64; 1024] = ufloat_table::<1024>(5);

/// The unsigned small-float code of `x` (`mbits` = 6: float11, 5: float10) by a
/// nearest-value search over the table of every finite code's value: NaN → the
/// all-ones code; +∞ → the ∞ code; `x ≤ 0` (−0, −∞ included) → 0; otherwise the
/// finite code whose value is nearest to `x`, ties to the even code (so values
/// above the largest finite one give it: finite never becomes ∞).
///
/// The search is a fixed-step bisection (the largest code with value ≤ x); the tie
/// test compares `2x` with the sum of the two neighbours, both exact in `f64`.
///
/// # Panics
///
/// If `mbits` is not 5 or 6.
#[must_use]
#[inline]
pub fn encode_ufloat(x: f32, mbits: u32) -> u32 {
    encode_ufloat_from(x, mbits, &mut Floor::default())
}

/// [`encode_ufloat`], its search started at `floor` (and left at the code
/// below `x`): for ascending runs of inputs, the exhaustive sweeps.
///
/// # Panics
///
/// If `mbits` is not 5 or 6.
#[must_use]
pub fn encode_ufloat_from(x: f32, mbits: u32, floor: &mut Floor) -> u32 {
    let table: &[f64] = match mbits {
        6 => &UF11_TABLE,
        5 => &UF10_TABLE,
        _ => panic!("mbits must be 5 or 6"),
    };
    if x.is_nan() {
        return (32 << mbits) - 1;
    }
    if x == f32::INFINITY {
        return 31 << mbits;
    }
    if x <= 0.0 {
        return 0;
    }
    let x = f64::from(x);
    let lo = floor.find(table, x);
    let below = table[lo];
    let above = table[lo + 1];
    if above == f64::INFINITY {
        return lo as u32; // the largest finite value
    }
    let twice = 2.0 * x;
    let mid = below + above;
    let nearest = if twice < mid {
        lo
    } else if twice > mid || lo % 2 == 1 {
        lo + 1
    } else {
        lo
    };
    nearest as u32
}

/// The RGB9E5 code of `rgb`, transcribed from the rule (D3D11.3 §19.3.2,
/// `EXT_texture_shared_exponent`) in exact `f64` arithmetic: each channel NaN or
/// ≤ 0 → 0, ≥ 65408 → 65408; `maxc` the largest; `E = max(−16, ⌊log₂ maxc⌋) + 16`
/// (⌊log₂⌋ read from the `f64` exponent field, exact for every `f32` value); if
/// `maxc / 2^(E−24)` rounds to 512, `E + 1`; each mantissa `c / 2^(E−24)` rounded
/// to the nearest integer, ties to even, or up when `half_up` (GL's `⌊x + ½⌋`).
/// Code: R bits 0–8, G 9–17, B 18–26, E 27–31.
#[must_use]
#[inline]
pub fn encode_rgb9e5(rgb: [f32; 3], half_up: bool) -> u32 {
    let clamp = |v: f32| {
        if v.is_nan() || v <= 0.0 {
            0.0
        } else if v >= 65408.0 {
            65408.0
        } else {
            f64::from(v)
        }
    };
    let round = |q: f64| {
        let even = (q + MAGIC) - MAGIC;
        let r = if half_up && q - even == 0.5 {
            even + 1.0
        } else {
            even
        };
        r as u32
    };
    let c = [clamp(rgb[0]), clamp(rgb[1]), clamp(rgb[2])];
    let maxc = c[0].max(c[1]).max(c[2]);
    let log2 = if maxc == 0.0 {
        -1023
    } else {
        ((maxc.to_bits() >> 52) as i32) - 1023
    };
    let mut e = log2.max(-16) + 16;
    if round(maxc / pow2(e - 24)) == 512 {
        e += 1;
    }
    let denom = pow2(e - 24);
    let m = c.map(|v| round(v / denom));
    m[0] | m[1] << 9 | m[2] << 18 | (e as u32) << 27
}

/// The exact values `m · 2^(E − 24)` of an RGB9E5 code (R bits 0–8, G 9–17,
/// B 18–26, E 27–31).
#[must_use]
#[inline]
pub fn decode_rgb9e5(code: u32) -> [f64; 3] {
    let scale = pow2((code >> 27) as i32 - 24);
    [0, 9, 18].map(|s| f64::from((code >> s) & 0x1FF) * scale)
}

/// The order of `normkey::sort::NanLast`, from its definition: `partial_cmp`, with
/// every NaN (any sign, any payload) after every number and NaNs equal to each
/// other; −0 and +0 are equal there already. `std`'s stable `sort_by` with this
/// comparator is the reference the sorts are checked against.
///
/// # Panics
///
/// Never: `partial_cmp` of two numbers is always `Some`.
pub fn nan_last_cmp<F: PartialOrd>(a: &F, b: &F) -> core::cmp::Ordering {
    use core::cmp::Ordering::{Equal, Greater, Less};
    #[allow(clippy::eq_op)] // x != x: the one test of NaN that every float type has
    let nan = |x: &F| x != x;
    match (nan(a), nan(b)) {
        (true, true) => Equal,
        (true, false) => Greater,
        (false, true) => Less,
        (false, false) => a.partial_cmp(b).unwrap_or(Equal),
    }
}

/// The order of `normkey::sort::LargestFirst`, from its definition: the numbers
/// by `partial_cmp`, largest first (−0 and +0 equal), every NaN (any sign, any
/// payload) after every number and NaNs equal to each other.
///
/// # Panics
///
/// Never: `partial_cmp` of two numbers is always `Some`.
pub fn largest_first_cmp<F: PartialOrd>(a: &F, b: &F) -> core::cmp::Ordering {
    #[allow(clippy::eq_op)] // x != x: the one test of NaN that every float type has
    let nan = |x: &F| x != x;
    // NaN last as in `nan_last_cmp`; two numbers the other way round.
    if nan(a) || nan(b) {
        nan_last_cmp(a, b)
    } else {
        nan_last_cmp(b, a)
    }
}

// ---------------------------------------------------------------------------
// Mip references: the code nearest to an `f64` value (the exact mean of a box).

/// The UNORM code nearest to the `f64` value `x` for a `bits`-bit channel: NaN → 0,
/// clamp to [0, 1], round half away from zero (the storage rule, on an `f64`).
#[must_use]
pub fn encode_unorm_value(x: f64, bits: u32) -> i64 {
    let y = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) } * unorm_max(bits) as f64;
    let even = (y + MAGIC) - MAGIC;
    (if y - even == 0.5 { even + 1.0 } else { even }) as i64
}

/// The SNORM code nearest to the `f64` value `x` for a `bits`-bit channel: NaN → 0,
/// clamp to [−1, 1], round half away from zero (the storage rule, on an `f64`).
#[must_use]
pub fn encode_snorm_value(x: f64, bits: u32) -> i64 {
    let y = if x.is_nan() { 0.0 } else { x.clamp(-1.0, 1.0) } * snorm_max(bits) as f64;
    let even = (y.abs() + MAGIC) - MAGIC;
    (if y.abs() - even == 0.5 {
        even + 1.0
    } else {
        even
    })
    .copysign(y) as i64
}

/// The sRGB code nearest to the linear `f64` value `x` (NaN → 0, clamp to [0, 1]),
/// as [`srgb_encode`] but without first rounding `x` to `f32`.
#[must_use]
pub fn srgb_encode_value(x: f64) -> u8 {
    let x = if x.is_nan() { 0.0 } else { x.clamp(0.0, 1.0) };
    let s = if x <= 0.003_130_8 {
        12.92 * x
    } else {
        1.055 * x.powf(1.0 / 2.4) - 0.055
    };
    ((255.0 * s + MAGIC) - MAGIC) as u8
}

/// The binary16 code nearest to the `f64` value `x`, ties to the even code, by a
/// search over the code table (no bit tricks): ±0 and the sign kept, magnitudes at
/// or above 65520 → ±∞, NaN → `0x7E00` with the sign. (`half::f16::from_f64` is not
/// this: it drops the low 32 mantissa bits first, so values just beyond a tie round
/// as ties, and on x86 with F16C it rounds through `f32`.)
#[must_use]
pub fn f16_nearest(x: f64) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_nan() {
        return sign | 0x7E00;
    }
    let a = x.abs();
    if a >= 65520.0 {
        return sign | 0x7C00;
    }
    let value = |c: u16| {
        let (e, m) = (i32::from(c >> 10), f64::from(c & 0x3FF));
        if e == 0 {
            m * pow2(-24)
        } else {
            (1024.0 + m) * pow2(e - 25)
        }
    };
    // The largest finite code whose value is at most `a` (values grow with codes).
    let (mut lo, mut hi) = (0u16, 0x7BFF);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if value(mid) <= a {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let up = lo + 1; // 0x7C00 (∞) above 65504: `a` < 65520 is nearer 65504 or a tie
    let (d_lo, d_up) = (
        a - value(lo),
        if up == 0x7C00 {
            65536.0 - a
        } else {
            value(up) - a
        },
    );
    let c = if d_lo < d_up || (d_lo == d_up && lo % 2 == 0) {
        lo
    } else {
        up
    };
    sign | c
}

// ---------------------------------------------------------------------------
// What GPUs do where they are not correctly rounded: the rules that the
// recordings in `tests/data/gpu/` follow, each written from its description
// (bit replication, a product rounded to `f32` first, a wider code with its low
// bits dropped, round toward zero), never from normkey's code.

/// Code `c` of a `bits`-bit channel (1 ≤ bits ≤ 8) widened to 8 bits by bit
/// replication: the code's bits written again and again from the top down, and
/// the first 8 kept (5 bits: `c << 3 | c >> 2`; 4 bits: `17 · c`).
#[must_use]
pub const fn replicate_to_8(c: u32, bits: u32) -> u32 {
    let mut out = 0;
    let mut filled = 0;
    while filled < 8 {
        out = out << bits | c;
        filled += bits;
    }
    out >> (filled - 8)
}

/// What a GPU that widens an `bits`-bit UNORM code to 8 bits by bit replication
/// reads: the replicated code over 255, correctly rounded.
#[must_use]
pub fn decode_unorm_replicated(c: u32, bits: u32) -> f32 {
    decode_normalized(i64::from(replicate_to_8(c, bits)), 255)
}

/// `f32(c) · f32(1 / max)`: the code times the `f32` nearest to `1 / max`, the
/// product rounded to `f32` (two roundings), and SNORM's results below −1 read
/// as −1. How Mesa's llvmpipe decodes UNORM and SNORM channels.
#[must_use]
pub fn decode_times_reciprocal(c: i64, max: i64) -> f32 {
    let reciprocal = 1.0f32 / max as f32; // IEEE division: correctly rounded
    let y = c as f32 * reciprocal;
    if y < -1.0 { -1.0 } else { y }
}

/// `round_half_even(f32(x · max))` clamped to [lo, max], NaN → `nan`: the product
/// rounded to `f32` first, then to an integer, ties to even. How Mesa's llvmpipe
/// encodes UNORM (lo = 0, nan = 0) and SNORM channels (8 bits: lo = nan = −128;
/// 16 bits: lo = nan = −32767).
#[must_use]
pub fn encode_scaled_f32_half_even(x: f32, max: i64, lo: i64, nan: i64) -> i64 {
    if x.is_nan() {
        return nan;
    }
    let y = f64::from(x * max as f32).clamp(lo as f64, max as f64);
    let even = (y.abs() + MAGIC) - MAGIC;
    even.copysign(y) as i64
}

/// The exact UNORM code of `x` for a `bits`-bit channel with ties to even: NaN → 0,
/// clamp to [0, 1], `x · max` (exact in `f64`) rounded to the nearest integer,
/// ties to the even one.
#[must_use]
pub fn encode_unorm_half_even(x: f32, bits: u32) -> i64 {
    let x = if x.is_nan() {
        0.0
    } else {
        f64::from(x).clamp(0.0, 1.0)
    };
    ((x * unorm_max(bits) as f64 + MAGIC) - MAGIC) as i64
}

/// The `bits`-bit code a GPU stores when it encodes `x` as a `wide`-bit UNORM code
/// ([`encode_unorm_half_even`]) and keeps the top `bits` bits of it.
#[must_use]
pub fn encode_unorm_via_wider(x: f32, wide: u32, bits: u32) -> i64 {
    encode_unorm_half_even(x, wide) >> (wide - bits)
}

/// The mantissa of the `mbits`-bit NaN code of the `f32` NaN `bits`: its top
/// `mbits` payload bits, with the quiet bit set (`quiet`) or, where they are all
/// zero, with the lowest bit set so that it stays a NaN (`!quiet`: the payload
/// truncated, a signalling NaN kept signalling).
const fn nan_mantissa(bits: u32, mbits: u32, quiet: bool) -> u32 {
    let m = (bits >> (23 - mbits)) & ((1 << mbits) - 1);
    if quiet {
        m | 1 << (mbits - 1)
    } else if m == 0 {
        1
    } else {
        m
    }
}

/// The unsigned small-float code of `x` (`mbits` = 6: float11, 5: float10)
/// rounded toward zero: the largest finite code whose value is at most `x`, found
/// by bisection over the table of every code's value (so finite values beyond the
/// largest finite one give it); +∞ → the ∞ code; `x ≤ 0` (−0, −∞ included) → 0;
/// NaN → exponent 31 with [`nan_mantissa`]`(quiet)`.
///
/// # Panics
///
/// If `mbits` is not 5 or 6.
#[must_use]
pub fn encode_ufloat_toward_zero(x: f32, mbits: u32, quiet: bool) -> u32 {
    encode_ufloat_toward_zero_from(x, mbits, quiet, &mut Floor::default())
}

/// [`encode_ufloat_toward_zero`], its search started at `floor` (and left at
/// the result): for ascending runs of inputs, the exhaustive sweeps.
///
/// # Panics
///
/// If `mbits` is not 5 or 6.
#[must_use]
pub fn encode_ufloat_toward_zero_from(x: f32, mbits: u32, quiet: bool, floor: &mut Floor) -> u32 {
    let table: &[f64] = match mbits {
        6 => &UF11_TABLE,
        5 => &UF10_TABLE,
        _ => panic!("mbits must be 5 or 6"),
    };
    if x.is_nan() {
        return 31 << mbits | nan_mantissa(x.to_bits(), mbits, quiet);
    }
    if x == f32::INFINITY {
        return 31 << mbits;
    }
    if x <= 0.0 {
        return 0;
    }
    let x = f64::from(x);
    let lo = floor.find(table, x);
    lo as u32
}

/// The value of the finite binary16 code `c` (sign bit clear), from the
/// definition: `m · 2⁻²⁴` for exponent 0, `(1024 + m) · 2^(e − 25)` otherwise.
fn f16_magnitude(c: u16) -> f64 {
    let (e, m) = (i32::from(c >> 10), f64::from(c & 0x3FF));
    if e == 0 {
        m * pow2(-24)
    } else {
        (1024.0 + m) * pow2(e - 25)
    }
}

/// The binary16 code of `x` rounded toward zero (IEEE 754 `roundTowardZero`): the
/// sign kept (−0 → `0x8000`), the largest finite magnitude at most `|x|` by a
/// search over the codes (so finite values beyond 65504 give ±65504), ±∞ kept,
/// NaN → the sign, exponent 31 and [`nan_mantissa`]`(quiet)`.
#[must_use]
pub fn f16_toward_zero(x: f32, quiet: bool) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_nan() {
        return sign | 0x7C00 | nan_mantissa(x.to_bits(), 10, quiet) as u16;
    }
    if x.is_infinite() {
        return sign | 0x7C00;
    }
    let a = f64::from(x).abs();
    // The largest finite code whose value is at most `a` (values grow with codes).
    let (mut lo, mut hi) = (0u16, 0x7BFF);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if f16_magnitude(mid) <= a {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    sign | lo
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_finds_what_bisection_finds_in_any_order() {
        let table = [0.0, 1.0, 1.0, 2.5, 4.0, 9.0];
        let xs = [
            0.0, 0.5, 1.0, 3.0, 2.5, 9.5, 0.2, 4.0, 4.1, 8.9, 9.0, 1.0, 0.0,
        ];
        let mut floor = Floor::default();
        for x in xs {
            let want = table.iter().rposition(|&t| t <= x).unwrap();
            assert_eq!(floor.find(&table, x), want, "{x}");
        }
    }

    #[test]
    fn ties_and_ends() {
        assert_eq!(encode_unorm(0.5, 8), 128);
        assert_eq!(encode_snorm(-0.5, 8), -64);
        assert_eq!(encode_snorm(-1.0, 8), -127);
        assert_eq!(encode_unorm(f32::NAN, 8), 0);
        assert_eq!(encode_unorm(f32::INFINITY, 10), 1023);
        assert_eq!(encode_unorm(0.5, 1), 1);
        assert_eq!(decode_normalized(-128, 127), -1.0);
        assert_eq!(requantize(1, 255, 65535), 257);
        assert_eq!(requantize(-128, 127, 32767), -32767);
        assert_eq!(requantize(64, 127, 32767), 16513); // 16512.504
        assert_eq!(requantize(128, 65535, 255), 0); // 0.498
        assert_eq!(requantize(-130, 32767, 127), -1); // −0.504
        assert_eq!(ufloat_value(0x7BF, 6), 65024.0);
        assert_eq!(ufloat_value(0x3DF, 5), 64512.0);
        assert_eq!(ufloat_value(1, 6), pow2(-20));
        assert_eq!(encode_ufloat(65535.0, 6), 0x7BF);
        assert_eq!(encode_ufloat(1.0 + 1.0 / 128.0, 6), 15 << 6);
        assert_eq!(encode_ufloat(1.0 + 3.0 / 128.0, 6), (15 << 6) + 2);
        assert_eq!(encode_ufloat(-0.0, 5), 0);
        assert_eq!(encode_ufloat(f32::NAN, 5), 0x3FF);
        assert_eq!(encode_rgb9e5([1.0, 0.0, 0.0], false), 256 | 16 << 27);
        assert_eq!(
            encode_rgb9e5([511.5 / 256.0, 0.0, 0.0], false),
            256 | 17 << 27
        );
        assert_eq!(
            encode_rgb9e5([f32::INFINITY, f32::NAN, -1.0], true),
            511 | 31 << 27
        );
        assert_eq!(decode_rgb9e5(u32::MAX), [65408.0; 3]);
        // The f64 quotient rounded again agrees with the f32 division for every
        // 8-bit code: a second, independent derivation.
        for c in 0..=255 {
            assert_eq!(decode_normalized(c, 255), (c as f64 / 255.0) as f32);
        }
    }

    #[test]
    fn srgb_ends_and_known_codes() {
        assert_eq!(srgb_encode(0.0), 0);
        assert_eq!(srgb_encode(f32::NAN), 0);
        assert_eq!(srgb_encode(-1.0), 0);
        assert_eq!(srgb_encode(1.0), 255);
        assert_eq!(srgb_encode(f32::INFINITY), 255);
        // 0.5 linear is 0.7353569 encoded: 187.51 codes.
        assert_eq!(srgb_encode(0.5), 188);
        // The linear segment: 0.002 · 12.92 · 255 = 6.5892.
        assert_eq!(srgb_encode(0.002), 7);
        assert_eq!(srgb_decode(0), 0.0);
        assert_eq!(srgb_decode(255), 1.0);
        // Code 128: y = 0.50196, ((y + 0.055) / 1.055)^2.4 = 0.2158605.
        assert!((srgb_decode(128) - 0.215_860_5).abs() < 1e-7);
        // The two curves are inverses of each other at every code.
        for c in 0..=255u8 {
            assert_eq!(srgb_encode(srgb_decode(c) as f32), c);
        }
    }

    #[test]
    fn gpu_rules_known_values() {
        // Bit replication: 5 bits `c << 3 | c >> 2`, 4 bits 17c, 1 bit 255c.
        assert_eq!(replicate_to_8(1, 5), 8);
        assert_eq!(replicate_to_8(31, 5), 255);
        assert_eq!(replicate_to_8(1, 6), 4);
        assert_eq!(replicate_to_8(0b10_0000, 6), 0b1000_0010);
        assert_eq!(replicate_to_8(1, 4), 17);
        assert_eq!(replicate_to_8(1, 2), 85);
        assert_eq!(replicate_to_8(1, 1), 255);
        assert_eq!(decode_unorm_replicated(1, 5), (8.0 / 255.0f64) as f32);
        // f32(3) · f32(1/255) is one ulp above the correctly rounded 3/255 (llvmpipe-gl-check.txt).
        assert_eq!(decode_times_reciprocal(3, 255).to_bits(), 0x3C40_C0C2);
        assert_eq!(decode_normalized(3, 255).to_bits(), 0x3C40_C0C1);
        assert_eq!(decode_times_reciprocal(-128, 127), -1.0);
        // 0.5 · 255 = 127.5: ties to even give 128; 15.5 → 16 in 5 bits via 8.
        assert_eq!(encode_scaled_f32_half_even(0.5, 255, 0, 0), 128);
        assert_eq!(encode_scaled_f32_half_even(f32::NAN, 127, -128, -128), -128);
        assert_eq!(encode_scaled_f32_half_even(-2.0, 127, -128, -128), -128);
        assert_eq!(encode_scaled_f32_half_even(f32::INFINITY, 255, 0, 0), 255);
        assert_eq!(encode_unorm_half_even(0.5, 8), 128);
        assert_eq!(encode_unorm_half_even(0.5, 1), 0);
        assert_eq!(encode_unorm_via_wider(0.5, 8, 5), 16);
        // Round toward zero: 1.5 is exact; just below 2 gives the largest code under 2.
        assert_eq!(encode_ufloat_toward_zero(1.5, 6, true), 0x3E0);
        assert_eq!(encode_ufloat_toward_zero(1.999, 6, true), 0x3FF);
        assert_eq!(encode_ufloat_toward_zero(65520.0, 6, true), 0x7BF);
        assert_eq!(encode_ufloat_toward_zero(f32::INFINITY, 5, true), 0x3E0);
        assert_eq!(encode_ufloat_toward_zero(-1.0, 5, true), 0);
        assert_eq!(encode_ufloat_toward_zero(f32::NAN, 6, true), 0x7E0);
        assert_eq!(
            encode_ufloat_toward_zero(f32::from_bits(0x7F80_0001), 6, true),
            0x7E0
        );
        assert_eq!(
            encode_ufloat_toward_zero(f32::from_bits(0x7F80_0001), 6, false),
            0x7C1
        );
        assert_eq!(f16_toward_zero(65520.0, true), 0x7BFF);
        assert_eq!(f16_toward_zero(-f32::MAX, true), 0xFBFF);
        assert_eq!(f16_toward_zero(f32::NEG_INFINITY, true), 0xFC00);
        assert_eq!(f16_toward_zero(-1.0e-40, true), 0x8000);
        assert_eq!(f16_toward_zero(1.0 + 1.0 / 1024.0 - 1.0e-7, true), 0x3C00);
        assert_eq!(f16_toward_zero(f32::from_bits(0xFFC1_2345), true), 0xFE09);
        assert_eq!(f16_toward_zero(f32::from_bits(0x7F80_0001), false), 0x7C01);
        assert_eq!(f16_toward_zero(f32::from_bits(0x7F80_0001), true), 0x7E00);
    }
}
