//! What normkey is measured against, written once: the benches time these
//! functions and `tools/bench-table` counts the inputs they get wrong, so
//! both columns of the table are about the same code.
//!
//! Each peer is what a user would otherwise write or pick. [`LEGEND`] spells them
//! out for the table.

// Each bench target and the table use a different part of this module.
#![allow(dead_code, unused_imports, unused_macros)]

pub(crate) mod srgb;

use std::sync::Mutex;
use std::sync::atomic::Ordering::Relaxed;

use normkey::OrderedKey;
use ordered_float::OrderedFloat;

/// Every peer, as the table prints it: (bench id, what it computes).
pub(crate) const LEGEND: &[(&str, &str)] = &[
    (
        "div",
        "`c as f32 / MAX` (SNORM: `.max(-1.0)`): correctly rounded, what normkey matches",
    ),
    (
        "mul_recip",
        "`c as f32 * (1.0 / MAX)` (SNORM: `.max(-1.0)`): one rounding too many",
    ),
    (
        "lut",
        "`TABLE[c]`, 256 results of `div` computed at compile time (8-bit formats only: a 16-bit table is 256 KiB, 64 times the 4096-code input it would decode)",
    ),
    (
        "widen",
        "`c as f32`, no scaling: not a decoder, the floor any decoder can reach",
    ),
    (
        "round",
        "`(x.clamp(LO, 1.0) * MAX).round() as code` (`LO` = 0 or −1)",
    ),
    (
        "add_half",
        "`(x.clamp(LO, 1.0) * MAX + 0.5) as code`, the half added away from zero for SNORM (the common hand-written form; `image` 0.25 uses `.round()`)",
    ),
    (
        "add_half_shift_or",
        "`Rgb10a2Unorm`: `(x.clamp(0.0, 1.0) * max + 0.5) as u32` per channel, shifted and or-ed (512 wrong of the f32 in [0, 1] per 10-bit channel, 2 for the 2-bit alpha)",
    ),
    (
        "div_shift_mask",
        "`Rgb10a2Unorm`: `(p >> shift & mask) as f32 / max` per channel (correctly rounded)",
    ),
    (
        "plain_copy",
        "`dst.copy_from_slice(src)` of the same bytes (memcpy): the memory limit, not an encoder",
    ),
    (
        "total_cmp_key",
        "the signed key inside `f32::total_cmp`, `i ^ ((i >> 31) as u32 >> 1)`",
    ),
    (
        "sort_unstable_by_total_cmp",
        "`v.sort_unstable_by(f32::total_cmp)`",
    ),
    (
        "ordered_float_sort_unstable",
        "`sort_unstable` of `Vec<ordered_float::OrderedFloat<f32>>` (all NaNs equal and last, −0 == +0)",
    ),
    (
        "radsort",
        "`radsort::sort` (a radix sort, allocates a copy)",
    ),
    (
        "portable-atomic",
        "`portable_atomic::AtomicF32::fetch_min` (CAS loop over `f32::min`)",
    ),
    (
        "atomic_float",
        "`atomic_float::AtomicF32::fetch_min` (CAS loop over `f32::min`)",
    ),
    ("Mutex<f32>", "`*m.lock().unwrap() = m.min(v)`"),
    (
        "local f32::min fold",
        "one thread, `iter().fold(f32::INFINITY, f32::min)`",
    ),
    (
        "local total_cmp min",
        "one thread, `iter().min_by(f32::total_cmp)`",
    ),
];

/// The sizes of the storage benches: 4096 codes (in L1: compute bound) and 2²⁰
/// (4 MiB of `f32`: beyond L2, what a texture-sized conversion sees).
pub(crate) const STORAGE_SIZES: [usize; 2] = [4096, 1 << 20];

/// The size of the key benches: 16·2²⁰ floats, 64 MiB.
pub(crate) const KEY_LEN: usize = 16 << 20;

/// Calls `$m!($($arg,)* Format, lo = …, decode = [peers], encode = [peers])` for
/// every storage format of normkey's one list (`normkey::for_each_storage_format!`):
/// the storage comparisons. The peers of `Format` are in the module
/// `peers::Format`.
macro_rules! storage_formats {
    ($m:ident $(, $arg:tt)*) => {{
        use crate::peers::storage_format;
        normkey::for_each_storage_format!(storage_format, [$m $(, $arg)*]);
    }};
}

/// One format of `storage_formats!`: `lo` by the norm type, and `lut` only for
/// 8-bit codes (see [`LEGEND`]).
macro_rules! storage_format {
    ([$m:ident $(, $arg:tt)*], $T:ident, u8, Unorm, $D:ident) => {
        $m!($($arg,)* $T, lo = 0.0, decode = [div, mul_recip, lut, widen], encode = [round, add_half]);
    };
    ([$m:ident $(, $arg:tt)*], $T:ident, i8, Norm, $D:ident) => {
        $m!($($arg,)* $T, lo = -1.0, decode = [div, mul_recip, lut, widen], encode = [round, add_half]);
    };
    ([$m:ident $(, $arg:tt)*], $T:ident, $code:ident, Unorm, $D:ident) => {
        $m!($($arg,)* $T, lo = 0.0, decode = [div, mul_recip, widen], encode = [round, add_half]);
    };
    ([$m:ident $(, $arg:tt)*], $T:ident, $code:ident, Norm, $D:ident) => {
        $m!($($arg,)* $T, lo = -1.0, decode = [div, mul_recip, widen], encode = [round, add_half]);
    };
}
pub(crate) use storage_format;
pub(crate) use storage_formats;

/// The peers of a UNORM format with code type `$code` (largest code `$code::MAX`).
/// `$extra`: more items for the module (`lut_peer!`).
macro_rules! unorm_peers {
    ($name:ident, $code:ident $(, $extra:item)*) => {
        #[allow(non_snake_case)] // named after the format
        pub(crate) mod $name {
            $($extra)*

            /// The largest code, as the peers write it.
            #[allow(clippy::cast_lossless, clippy::cast_precision_loss)]
            const MAX: f32 = $code::MAX as f32;

            #[inline]
            // `const fn` for the `lut` table: `f32::from` is not `const`.
            #[allow(clippy::cast_lossless)]
            pub(crate) const fn div(c: $code) -> f32 {
                c as f32 / MAX
            }

            #[inline]
            pub(crate) fn mul_recip(c: $code) -> f32 {
                f32::from(c) * (1.0 / MAX)
            }

            #[inline]
            pub(crate) fn widen(c: $code) -> f32 {
                f32::from(c)
            }

            // The casts are the peers' rounding (`as` saturates; NaN gives 0).
            #[inline]
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            pub(crate) fn round(x: f32) -> $code {
                (x.clamp(0.0, 1.0) * MAX).round() as $code
            }

            #[inline]
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            pub(crate) fn add_half(x: f32) -> $code {
                (x.clamp(0.0, 1.0) * MAX + 0.5) as $code
            }
        }
    };
}

/// The peers of a SNORM format: as UNORM's, with the most negative code decoded
/// to −1.0 and the half added away from zero.
macro_rules! snorm_peers {
    ($name:ident, $code:ident $(, $extra:item)*) => {
        #[allow(non_snake_case)] // named after the format
        pub(crate) mod $name {
            $($extra)*

            /// The largest code, as the peers write it.
            #[allow(clippy::cast_lossless, clippy::cast_precision_loss)]
            const MAX: f32 = $code::MAX as f32;

            #[inline]
            // `const fn` for the `lut` table: `f32::from` is not `const`.
            #[allow(clippy::cast_lossless)]
            pub(crate) const fn div(c: $code) -> f32 {
                (c as f32 / MAX).max(-1.0)
            }

            #[inline]
            pub(crate) fn mul_recip(c: $code) -> f32 {
                (f32::from(c) * (1.0 / MAX)).max(-1.0)
            }

            #[inline]
            pub(crate) fn widen(c: $code) -> f32 {
                f32::from(c)
            }

            // The casts are the peers' rounding (`as` saturates; NaN gives 0).
            #[inline]
            #[allow(clippy::cast_possible_truncation)]
            pub(crate) fn round(x: f32) -> $code {
                (x.clamp(-1.0, 1.0) * MAX).round() as $code
            }

            #[inline]
            #[allow(clippy::cast_possible_truncation)]
            pub(crate) fn add_half(x: f32) -> $code {
                let y = x.clamp(-1.0, 1.0) * MAX;
                (y + 0.5_f32.copysign(y)) as $code
            }
        }
    };
}

/// `lut` in an 8-bit format's module: the 256 results of its `div`, computed at
/// compile time and indexed by the code's bits.
macro_rules! lut_peer {
    ($code:ty) => {
        // The index is the code's bits: `as` turns 128..=255 into the negative
        // SNORM codes and back.
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_possible_wrap,
            clippy::cast_sign_loss
        )]
        static TABLE: [f32; 256] = {
            let mut table = [0.0; 256];
            let mut i = 0;
            while i < 256 {
                table[i] = div(i as $code);
                i += 1;
            }
            table
        };

        #[inline]
        #[allow(clippy::cast_sign_loss)]
        pub(crate) fn lut(c: $code) -> f32 {
            TABLE[usize::from(c as u8)]
        }
    };
}

/// The peer module of one storage format, `peers::Format` (`lut` for 8-bit codes).
macro_rules! format_peers {
    ($T:ident, u8, Unorm, $D:ident) => {
        unorm_peers!($T, u8, lut_peer!(u8););
    };
    ($T:ident, i8, Norm, $D:ident) => {
        snorm_peers!($T, i8, lut_peer!(i8););
    };
    ($T:ident, $code:ident, Unorm, $D:ident) => {
        unorm_peers!($T, $code);
    };
    ($T:ident, $code:ident, Norm, $D:ident) => {
        snorm_peers!($T, $code);
    };
}

normkey::for_each_storage_format!(format_peers);

/// The hand-written `Rgb10a2Unorm` conversions.
pub(crate) mod rgb10a2 {
    /// The usual packer: each channel `(x.clamp(0.0, 1.0) * max + 0.5) as u32`.
    #[inline]
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    pub(crate) fn add_half_shift_or(p: [f32; 4]) -> u32 {
        let q = |x: f32, max: f32| (x.clamp(0.0, 1.0) * max + 0.5) as u32;
        q(p[0], 1023.0) | q(p[1], 1023.0) << 10 | q(p[2], 1023.0) << 20 | q(p[3], 3.0) << 30
    }

    /// The usual unpacker: each field divided by its max (correctly rounded).
    #[inline]
    #[allow(clippy::cast_precision_loss)]
    pub(crate) fn div_shift_mask(p: u32) -> [f32; 4] {
        [
            (p & 1023) as f32 / 1023.0,
            (p >> 10 & 1023) as f32 / 1023.0,
            (p >> 20 & 1023) as f32 / 1023.0,
            (p >> 30) as f32 / 3.0,
        ]
    }
}

/// normkey's sort: the floats become keys in place, the keys are sorted as
/// integers and become floats again.
pub(crate) fn normkey_key_sort(v: &mut [f32]) {
    let keys = OrderedKey::<f32>::encode_in_place(v);
    keys.sort_unstable();
    OrderedKey::<f32>::decode_in_place(keys);
}

pub(crate) fn sort_unstable_by_total_cmp(v: &mut [f32]) {
    v.sort_unstable_by(f32::total_cmp);
}

pub(crate) fn ordered_float_sort_unstable(v: &mut [OrderedFloat<f32>]) {
    v.sort_unstable();
}

pub(crate) fn radsort(v: &mut [f32]) {
    radsort::sort(v);
}

pub(crate) fn plain_copy(src: &[f32], dst: &mut [f32]) {
    dst.copy_from_slice(src);
}

/// The key `f32::total_cmp` compares: a signed integer in totalOrder.
#[inline]
#[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss)] // bit reinterpretation
pub(crate) fn total_cmp_key(x: f32) -> i32 {
    let i = x.to_bits() as i32;
    i ^ (((i >> 31) as u32) >> 1) as i32
}

/// The smallest non-NaN value as std spells it: `f32::min` (IEEE `minNum`: NaN
/// ignored, but −0 and +0 unordered), folded from +∞. Not the same answer as
/// `key::min` on ±0; the loop users write.
pub(crate) fn fold_f32_min(v: &[f32]) -> f32 {
    v.iter().copied().fold(f32::INFINITY, f32::min)
}

/// `key::min`'s answer spelled with std: NaNs filtered, `min_by(f32::total_cmp)`.
pub(crate) fn min_by_total_cmp(v: &[f32]) -> f32 {
    v.iter()
        .copied()
        .filter(|x| !x.is_nan())
        .min_by(f32::total_cmp)
        .unwrap_or(f32::INFINITY)
}

/// The floor: `key::min`'s work written by hand on `total_cmp`'s signed key,
/// NaNs mapped to `i32::MAX` (a number never loses to them).
pub(crate) fn floor_key_min(v: &[f32]) -> i32 {
    v.iter()
        .map(|&x| {
            if x.is_nan() {
                i32::MAX
            } else {
                total_cmp_key(x)
            }
        })
        .min()
        .unwrap_or(i32::MAX)
}

/// One shared minimum, as each peer spells it.
pub(crate) trait SharedMin: Sync {
    const NAME: &'static str;
    fn new() -> Self;
    fn min(&self, v: f32);
    fn get(&self) -> f32;
}

impl SharedMin for normkey::AtomicF32Min {
    const NAME: &'static str = "normkey";
    fn new() -> Self {
        Self::default()
    }
    #[inline]
    fn min(&self, v: f32) {
        self.fetch_min(v, Relaxed);
    }
    fn get(&self) -> f32 {
        self.load(Relaxed)
    }
}

/// The floor: what `fetch_min` must do at least, hand-written on a plain `AtomicU32`
/// (key, relaxed load, compare, integer `fetch_min` only when it improves; no NaN
/// handling). normkey's `fetch_min` is measured against it.
pub(crate) struct FloorMin(std::sync::atomic::AtomicU32);

impl SharedMin for FloorMin {
    const NAME: &'static str = "floor AtomicU32";
    fn new() -> Self {
        Self(std::sync::atomic::AtomicU32::new(floor_key(f32::INFINITY)))
    }
    #[inline]
    fn min(&self, v: f32) {
        let key = floor_key(v);
        if key < self.0.load(Relaxed) {
            self.0.fetch_min(key, Relaxed);
        }
    }
    fn get(&self) -> f32 {
        let k = self.0.load(Relaxed);
        f32::from_bits(k ^ (((k >> 31).wrapping_sub(1)) | 0x8000_0000))
    }
}

/// The unsigned totalOrder key, written from the spec (not normkey's code).
#[inline]
#[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss)] // bit reinterpretation
fn floor_key(x: f32) -> u32 {
    let b = x.to_bits();
    b ^ (((b as i32 >> 31) as u32) | 0x8000_0000)
}

impl SharedMin for portable_atomic::AtomicF32 {
    const NAME: &'static str = "portable-atomic";
    fn new() -> Self {
        Self::new(f32::INFINITY)
    }
    #[inline]
    fn min(&self, v: f32) {
        self.fetch_min(v, Relaxed);
    }
    fn get(&self) -> f32 {
        self.load(Relaxed)
    }
}

impl SharedMin for atomic_float::AtomicF32 {
    const NAME: &'static str = "atomic_float";
    fn new() -> Self {
        Self::new(f32::INFINITY)
    }
    #[inline]
    fn min(&self, v: f32) {
        self.fetch_min(v, Relaxed);
    }
    fn get(&self) -> f32 {
        self.load(Relaxed)
    }
}

impl SharedMin for Mutex<f32> {
    const NAME: &'static str = "Mutex<f32>";
    fn new() -> Self {
        Mutex::new(f32::INFINITY)
    }
    #[inline]
    fn min(&self, v: f32) {
        let mut m = self.lock().unwrap();
        *m = m.min(v);
    }
    fn get(&self) -> f32 {
        *self.lock().unwrap()
    }
}

/// normkey's slice minimum from a fresh reducer (the identity, +∞).
pub(crate) fn normkey_fetch_min_slice(v: &[f32]) -> f32 {
    let r = normkey::AtomicF32Min::default();
    r.fetch_min_slice(v, Relaxed);
    r.load(Relaxed)
}

pub(crate) fn local_f32_min_fold(v: &[f32]) -> f32 {
    v.iter().copied().fold(f32::INFINITY, f32::min)
}

pub(crate) fn local_total_cmp_min(v: &[f32]) -> f32 {
    v.iter()
        .copied()
        .min_by(f32::total_cmp)
        .unwrap_or(f32::INFINITY)
}
