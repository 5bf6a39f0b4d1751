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

#[test]
fn lists_expand() {
    normkey::for_each_key_float!(count_float);
    normkey::for_each_storage_format!(storage_sizes);
}
