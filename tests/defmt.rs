//! Feature `defmt`: every public type implements `defmt::Format` (expanded from the
//! type lists, reducers where the target has them). What each prints is checked
//! only by reading `src/impl_defmt.rs`: decoding defmt output needs a linked
//! firmware image and a global logger, which a host test does not have.
#![cfg(feature = "defmt")]

fn implements_format<T: defmt::Format + ?Sized>() {}

#[test]
fn every_public_type_is_format() {
    implements_format::<normkey::Norm>();
    implements_format::<normkey::Unorm>();
    implements_format::<normkey::SnormFloat>();
    implements_format::<normkey::UnormFloat>();
    implements_format::<normkey::NormRangeError>();
    macro_rules! storage {
        ($T:ident, $code:ty, $N:ident, $D:ident) => {
            implements_format::<normkey::$T>();
        };
    }
    normkey::for_each_storage_format!(storage);
    implements_format::<normkey::Srgb8>();
    macro_rules! rgba8 {
        ($T:ident, bgra = $bgra:literal, srgb = $srgb:literal) => {
            implements_format::<normkey::$T>();
        };
    }
    normkey::for_each_rgba8_format!(rgba8);
    macro_rules! packed {
        ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:expr) => {
            implements_format::<normkey::$T>();
        };
    }
    normkey::for_each_packed_format!(packed);
    macro_rules! ufloat {
        ($T:ident) => {
            implements_format::<normkey::$T>();
        };
    }
    normkey::for_each_ufloat_format!(ufloat);
    implements_format::<normkey::storage::Decoder>();
    implements_format::<normkey::atomic::Min>();
    implements_format::<normkey::atomic::Max>();
    macro_rules! key {
        ($f:ty, $u:ty) => {
            implements_format::<normkey::OrderedKey<$f>>();
        };
    }
    normkey::for_each_key_float!(key);
    #[cfg(any(feature = "portable-atomic", target_has_atomic = "32"))]
    {
        implements_format::<normkey::AtomicF32Min>();
        implements_format::<normkey::AtomicF32Max>();
        implements_format::<normkey::AtomicF32>();
    }
    #[cfg(any(feature = "portable-atomic", target_has_atomic = "64"))]
    {
        implements_format::<normkey::AtomicF64Min>();
        implements_format::<normkey::AtomicF64Max>();
        implements_format::<normkey::AtomicF64>();
        implements_format::<normkey::AtomicF32ArgMin>();
        implements_format::<normkey::AtomicF32ArgMax>();
        #[cfg(feature = "half")]
        {
            implements_format::<normkey::AtomicF16ArgMin>();
            implements_format::<normkey::AtomicF16ArgMax>();
            implements_format::<normkey::AtomicBf16ArgMin>();
            implements_format::<normkey::AtomicBf16ArgMax>();
        }
    }
    #[cfg(all(
        feature = "half",
        any(feature = "portable-atomic", target_has_atomic = "16")
    ))]
    {
        implements_format::<normkey::AtomicF16Min>();
        implements_format::<normkey::AtomicF16Max>();
        implements_format::<normkey::AtomicBf16Min>();
        implements_format::<normkey::AtomicBf16Max>();
        implements_format::<normkey::AtomicF16>();
        implements_format::<normkey::AtomicBf16>();
    }
}
