//! The lists of the crate's type families, written once: the crate's own impls,
//! the tests, the fuzz targets and the benchmarks expand from them, so that a new
//! member is one line here (and its own definition).
//!
//! Each list is a `#[macro_export]`ed, `#[doc(hidden)]` macro that calls a
//! callback macro once per member. Members behind a Cargo feature are wrapped in
//! `$crate::__if_half!`, which expands to its input only when normkey itself was
//! built with that feature (a `cfg(feature)` written in the expansion would test
//! the *caller's* features instead).

/// Expands to its input when normkey is built with feature `half`, else to nothing.
#[cfg(feature = "half")]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_half {
    ($($t:tt)*) => { $($t)* };
}

/// Expands to its input when normkey is built with feature `half`, else to nothing.
#[cfg(not(feature = "half"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __if_half {
    ($($t:tt)*) => {};
}

/// Calls `$m!(float type, key bits type)` for every [`KeyFloat`](crate::KeyFloat).
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_key_float {
    ($m:ident) => {
        $m!(f32, u32);
        $m!(f64, u64);
        $crate::__if_half! { $m!($crate::__half::f16, u16); }
        $crate::__if_half! { $m!($crate::__half::bf16, u16); }
    };
}

/// Calls `$m!(format, code type, clamping type, deferred type)` for every
/// UNORM/SNORM storage format; `for_each_storage_format!(m, a, b)` passes the
/// token trees `a, b` first: `$m!(a, b, format, …)`.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_storage_format {
    ($m:ident $(, $arg:tt)*) => {
        $m!($($arg,)* Unorm8, u8, Unorm, UnormFloat);
        $m!($($arg,)* Unorm16, u16, Unorm, UnormFloat);
        $m!($($arg,)* Snorm8, i8, Norm, SnormFloat);
        $m!($($arg,)* Snorm16, i16, Norm, SnormFloat);
    };
}

/// Calls `$m!(format, bgra = memory order B, G, R, A?, srgb = sRGB colour?)` for
/// every 8-bit RGBA pixel format.
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_rgba8_format {
    ($m:ident) => {
        $m!(Rgba8Unorm, bgra = false, srgb = false);
        $m!(Bgra8Unorm, bgra = true, srgb = false);
        $m!(Rgba8UnormSrgb, bgra = false, srgb = true);
        $m!(Bgra8UnormSrgb, bgra = true, srgb = true);
    };
}

/// Calls `$m!(format)` for every packed unsigned-float texture format
/// (`from_rgb([f32; 3])`, `to_rgb`, `from_bits(u32)`, slice forms).
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_ufloat_format {
    ($m:ident) => {
        $m!(Rg11b10Ufloat);
        $m!(Rgb9e5Ufloat);
    };
}

/// Calls `$m!(format, pixel integer, channel count, from, to, [(lowest bit, width);
/// channel count])` for every packed UNORM pixel format of [`texture`](crate::texture),
/// the channels in r, g, b(, a) order and the layouts as the issue and wgpu state
/// them (tests check the types against this copy).
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_packed_format {
    ($m:ident) => {
        $m!(
            Rgb10a2Unorm,
            u32,
            4,
            from_rgba,
            to_rgba,
            [(0, 10), (10, 10), (20, 10), (30, 2)]
        );
        $m!(
            B5g6r5Unorm,
            u16,
            3,
            from_rgb,
            to_rgb,
            [(11, 5), (5, 6), (0, 5)]
        );
        $m!(
            Bgr5a1Unorm,
            u16,
            4,
            from_rgba,
            to_rgba,
            [(10, 5), (5, 5), (0, 5), (15, 1)]
        );
        $m!(
            Bgra4Unorm,
            u16,
            4,
            from_rgba,
            to_rgba,
            [(8, 4), (4, 4), (0, 4), (12, 4)]
        );
    };
}
