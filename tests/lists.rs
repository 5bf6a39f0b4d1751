//! The type lists expand to every member (and only to members that exist).

macro_rules! count_float {
    ($f:ty, $bits:ty) => {
        assert_eq!(core::mem::size_of::<$f>(), core::mem::size_of::<$bits>());
        assert_eq!(
            core::mem::size_of::<normkey::OrderedKey<$f>>(),
            core::mem::size_of::<$bits>()
        );
    };
}

macro_rules! storage_sizes {
    ($T:ident, $code:ty, $N:ident, $D:ident) => {
        assert_eq!(
            core::mem::size_of::<normkey::$T>(),
            core::mem::size_of::<$code>()
        );
        let _: normkey::$T = normkey::$T::from(normkey::$N::MAX);
        let _: normkey::$T = normkey::$T::from(normkey::$D(1.0));
    };
}

macro_rules! rgba8_sizes {
    ($T:ident, bgra = $bgra:literal, srgb = $srgb:literal) => {
        assert_eq!(core::mem::size_of::<normkey::$T>(), 4);
        let _: [u8; 4] = normkey::$T::from_bytes([0; 4]).to_bytes();
        let _: [f32; 4] = normkey::$T::from_rgba([0.0; 4]).to_rgba();
    };
}

macro_rules! ufloat_sizes {
    ($T:ident) => {
        assert_eq!(
            core::mem::size_of::<normkey::$T>(),
            core::mem::size_of::<u32>()
        );
        let _: u32 = normkey::$T::from_bits(0).to_bits();
        let _: [f32; 3] = normkey::$T::from_rgb([0.0; 3]).to_rgb();
    };
}

macro_rules! packed_sizes {
    ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:expr) => {
        assert_eq!(
            core::mem::size_of::<normkey::$T>(),
            core::mem::size_of::<$int>()
        );
        let _: $int = normkey::$T::from_bits(0).to_bits();
        let _: [f32; $n] = normkey::$T::$from([0.0; $n]).$to();
        let layout: [(u32, u32); $n] = $layout;
        // The channels fill the integer, none overlapping.
        let bits = layout.iter().fold(0_u64, |acc, &(lo, width)| {
            let mask = ((1_u64 << width) - 1) << lo;
            assert_eq!(acc & mask, 0, "{} overlaps", stringify!($T));
            acc | mask
        });
        assert_eq!(bits, u64::from(<$int>::MAX), "{}", stringify!($T));
    };
}

#[test]
fn lists_expand() {
    normkey::for_each_key_float!(count_float);
    normkey::for_each_storage_format!(storage_sizes);
    normkey::for_each_rgba8_format!(rgba8_sizes);
    normkey::for_each_ufloat_format!(ufloat_sizes);
    normkey::for_each_packed_format!(packed_sizes);
}
