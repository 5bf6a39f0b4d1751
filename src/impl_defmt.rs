//! `defmt::Format` for every public type (feature `defmt`), for logging from
//! microcontrollers. Each prints what `Debug` prints, in defmt's compact encoding:
//!
//! | type | logged as |
//! |---|---|
//! | `Norm`, `Unorm`, `SnormFloat`, `UnormFloat` | `Norm(0.5)`: the `f32` |
//! | `Unorm8`, `Unorm16`, `Snorm8`, `Snorm16` | `Unorm8(128)`: the code |
//! | `Srgb8` | `Srgb8(188)`: the code |
//! | `Rgba8Unorm`, `Bgra8Unorm`, `Rgba8UnormSrgb`, `Bgra8UnormSrgb` | `Bgra8Unorm([0, 128, 255, 128])`: the four bytes in memory order |
//! | `Rgb10a2Unorm`, `B5g6r5Unorm`, `Bgr5a1Unorm`, `Bgra4Unorm`, `Rg11b10Ufloat`, `Rgb9e5Ufloat` | `B5g6r5Unorm(63488)`: the pixel's integer |
//! | `storage::Decoder` | `Reciprocal(3)`, `Series`, `Divide` |
//! | `atomic::Min`, `atomic::Max` | nothing: they have no values |
//! | `OrderedKey<F>` | `OrderedKey(-0.0, 0x7fffffff)`: the float (`f16`, `bf16` as `f32`) and the key |
//! | `NormRangeError` | `NormRangeError(1.5)`: the rejected input |
//! | the atomic reducers | the value, loaded with `Relaxed` (as their `Debug`) |
//!
//! The storage and texture formats send their code, as an integer (or four bytes),
//! and leave decoding to the host: an integer is what defmt sends most compactly,
//! and the code is exact where a decoded `f32` would take 4 bytes per channel. Their
//! name is sent as a string (a length byte and up to 14 bytes: the impls are
//! expanded from the type lists, and defmt's format strings must be literals);
//! where that matters, log `to_bits()` or `to_bytes()` with a format string of
//! your own.
//!
//! defmt needs a global logger and a linker script only when a binary is linked;
//! the library builds for any target.

use defmt::{Format, Formatter};

use crate::atomic::{Max, Min};
use crate::deferred::{SnormFloat, UnormFloat};
use crate::impl_fmt::StdFloat;
use crate::key::OrderedKey;
use crate::norm::{Norm, NormRangeError, Unorm};
use crate::storage::Decoder;

/// `Format` for a type holding an `f32`: `$fmt` is the literal format string.
macro_rules! format_f32 {
    ($T:ty, $fmt:literal, $get:expr) => {
        impl Format for $T {
            fn format(&self, f: Formatter<'_>) {
                let get: fn(&$T) -> f32 = $get;
                defmt::write!(f, $fmt, get(self));
            }
        }
    };
}

format_f32!(Norm, "Norm({=f32})", |x| x.get());
format_f32!(Unorm, "Unorm({=f32})", |x| x.get());
format_f32!(SnormFloat, "SnormFloat({=f32})", |x| x.0);
format_f32!(UnormFloat, "UnormFloat({=f32})", |x| x.0);
format_f32!(NormRangeError, "NormRangeError({=f32})", |e| e.value());

/// `Format` for a type printed as its name and code (`$to`), as its `Debug` does.
macro_rules! format_code {
    ($T:ident, $to:ident) => {
        impl Format for crate::$T {
            fn format(&self, f: Formatter<'_>) {
                defmt::write!(f, "{=str}({})", stringify!($T), self.$to());
            }
        }
    };
}

/// The storage formats: the code.
macro_rules! format_storage {
    ($T:ident, $code:ty, $N:ident, $D:ident) => {
        format_code!($T, to_bits);
    };
}

crate::for_each_storage_format!(format_storage);
format_code!(Srgb8, to_bits);

/// The 8-bit pixel formats: the four bytes, in memory order.
macro_rules! format_rgba8 {
    ($T:ident, bgra = $bgra:literal, srgb = $srgb:literal) => {
        format_code!($T, to_bytes);
    };
}

crate::for_each_rgba8_format!(format_rgba8);

/// The packed UNORM formats: the pixel's integer.
macro_rules! format_packed {
    ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:expr) => {
        format_code!($T, to_bits);
    };
}

crate::for_each_packed_format!(format_packed);

/// The packed unsigned-float formats: the `u32` code.
macro_rules! format_ufloat {
    ($T:ident) => {
        format_code!($T, to_bits);
    };
}

crate::for_each_ufloat_format!(format_ufloat);

impl Format for Decoder {
    // The arms send different interned strings; clippy sees the same expansion.
    #[allow(clippy::match_same_arms)]
    fn format(&self, f: Formatter<'_>) {
        match *self {
            Decoder::Reciprocal(k) => defmt::write!(f, "Reciprocal({=u16})", k),
            Decoder::Series => defmt::write!(f, "Series"),
            Decoder::Divide => defmt::write!(f, "Divide"),
        }
    }
}

// The directions have no values (as their derived `Debug`, never called).
impl Format for Min {
    fn format(&self, _: Formatter<'_>) {
        match *self {}
    }
}

impl Format for Max {
    fn format(&self, _: Formatter<'_>) {
        match *self {}
    }
}

/// `Format` for `OrderedKey<$f>`: the float and the key.
macro_rules! format_key {
    ($f:ty, $u:ty) => {
        impl Format for OrderedKey<$f> {
            fn format(&self, f: Formatter<'_>) {
                defmt::write!(
                    f,
                    "OrderedKey({}, {:#x})",
                    self.get().to_std(),
                    self.to_bits()
                );
            }
        }
    };
}

crate::for_each_key_float!(format_key);

/// `Format` for reducers: the value, loaded with `Relaxed`.
macro_rules! format_reducer {
    ($($(#[$cfg:meta])* $R:ident),* $(,)?) => {$(
        $(#[$cfg])*
        impl Format for crate::atomic::$R {
            fn format(&self, f: Formatter<'_>) {
                defmt::write!(f, "{}", self.load(core::sync::atomic::Ordering::Relaxed).to_std());
            }
        }
    )*};
}

format_reducer!(
    #[cfg(any(feature = "portable-atomic", target_has_atomic = "32"))]
    AtomicF32Min,
    #[cfg(any(feature = "portable-atomic", target_has_atomic = "32"))]
    AtomicF32Max,
    #[cfg(any(feature = "portable-atomic", target_has_atomic = "64"))]
    AtomicF64Min,
    #[cfg(any(feature = "portable-atomic", target_has_atomic = "64"))]
    AtomicF64Max,
    #[cfg(all(
        feature = "half",
        any(feature = "portable-atomic", target_has_atomic = "16")
    ))]
    AtomicF16Min,
    #[cfg(all(
        feature = "half",
        any(feature = "portable-atomic", target_has_atomic = "16")
    ))]
    AtomicF16Max,
    #[cfg(all(
        feature = "half",
        any(feature = "portable-atomic", target_has_atomic = "16")
    ))]
    AtomicBf16Min,
    #[cfg(all(
        feature = "half",
        any(feature = "portable-atomic", target_has_atomic = "16")
    ))]
    AtomicBf16Max,
);

/// `Format` for the arg reducers: the pair as `Some((value, index))`, or `None`
/// when empty, loaded with `Relaxed` (as `Debug`).
#[cfg(any(feature = "portable-atomic", target_has_atomic = "64"))]
impl<F, D> Format for crate::atomic::AtomicArgExtremum<F, D>
where
    F: crate::atomic::ArgFloat + StdFloat<Std: Format>,
    D: crate::atomic::Direction,
{
    fn format(&self, f: Formatter<'_>) {
        if let Some((v, i)) = self.load(core::sync::atomic::Ordering::Relaxed) {
            defmt::write!(f, "Some(({}, {}))", v.to_std(), i);
        } else {
            defmt::write!(f, "None");
        }
    }
}

/// `Format` for the atomic views: the value, loaded with `Relaxed` (as `Debug`).
impl<F> Format for crate::atomic::AtomicView<F>
where
    F: crate::atomic::AtomicFloat + StdFloat<Std: Format>,
{
    fn format(&self, f: Formatter<'_>) {
        defmt::write!(
            f,
            "{}",
            self.load(core::sync::atomic::Ordering::Relaxed).to_std()
        );
    }
}
