//! `defmt::Format` for every public type (feature `defmt`), for logging from
//! microcontrollers. Each prints what `Debug` prints, in defmt's compact encoding:
//!
//! | type | logged as |
//! |---|---|
//! | `Norm`, `Unorm`, `SnormFloat`, `UnormFloat` | `Norm(0.5)`: the `f32` |
//! | `Unorm8`, `Unorm16`, `Snorm8`, `Snorm16` | `Unorm8(128)`: the code (the name is sent as a string: the impls are expanded from the type list, and defmt's format strings must be literals) |
//! | `OrderedKey<F>` | `OrderedKey(-0.0, 0x7fffffff)`: the float (`f16`, `bf16` as `f32`) and the key |
//! | `NormRangeError` | `NormRangeError(1.5)`: the rejected input |
//! | the atomic reducers | the value, loaded with `Relaxed` (as their `Debug`) |
//!
//! defmt needs a global logger and a linker script only when a binary is linked;
//! the library builds for any target.

use defmt::{Format, Formatter};

use crate::impl_fmt::StdFloat;
use crate::{Norm, NormRangeError, OrderedKey, SnormFloat, Unorm, UnormFloat};

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

/// `Format` for a storage format: its name and code.
macro_rules! format_storage {
    ($T:ident, $code:ty, $N:ident, $D:ident) => {
        impl Format for crate::$T {
            fn format(&self, f: Formatter<'_>) {
                defmt::write!(f, "{=str}({})", stringify!($T), self.to_bits());
            }
        }
    };
}

crate::for_each_storage_format!(format_storage);

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
