//! The one-channel storage formats (`Unorm8`, `Unorm16`, `Snorm8`, `Snorm16`):
//! one `storage!` line each over the scalar conversions of `crate::scalar`. Their
//! `From` conversions to and from the clamping and deferred types are in
//! `crate::convert`, above this module, `norm` and `deferred`.

use crate::scalar::{snorm_from_f32, snorm_to_f32, unorm_from_f32, unorm_to_f32};

/// A one-channel format: the struct and its methods, each a call of the core with
/// `BITS` = the width of `$code`. The rules are in the module docs.
///
/// `$code`/`$wide`: the code type and the core's; `$from`/`$to`: the core
/// functions; `$chunk`: the elements per step of `decode_slice` (see the module
/// docs).
macro_rules! storage {
    ($T:ident($code:ident as $wide:ident), $from:ident, $to:ident, chunk = $chunk:literal) => {
        #[doc = concat!("A normalized storage code of type `", stringify!($code), "`: code `c` is the value")]
        /// `c / MAX` (the module docs give the rules for NaN, ±0, ±∞, ties and the
        /// most negative code).
        ///
        #[doc = concat!("`#[repr(transparent)]` over `", stringify!($code), "`, `bytemuck::Pod`: every code is")]
        /// valid. `Eq`, `Ord` and `Hash` are those of the code.
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), " as T;")]
        /// assert_eq!(T::from_f32(f32::NAN), T::ZERO);
        /// assert_eq!(T::from_f32(f32::INFINITY), T::MAX);
        /// assert_eq!(T::from_f32(0.5).to_bits(), T::MAX.to_bits() / 2 + 1); // the tie rounds up
        /// assert_eq!((T::ZERO.to_f32().to_bits(), T::MAX.to_f32()), (0, 1.0));
        /// assert_eq!(T::from_bits(1).to_f32(), 1.0 / f32::from(T::MAX.to_bits()));
        /// ```
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(transparent)]
        pub struct $T($code);
        impl $T {
            /// Code 0, the value +0.0; also the [`Default`].
            pub const ZERO: Self = Self(0);
            /// The smallest code: 0 (UNORM, value 0.0) or the most negative (SNORM, −1.0).
            pub const MIN: Self = Self($code::MIN);
            /// The largest code, the value 1.0.
            pub const MAX: Self = Self($code::MAX);
            /// The format with this code; every code is valid.
            #[inline]
            #[must_use]
            pub const fn from_bits(code: $code) -> Self {
                Self(code)
            }

            /// The code.
            #[inline]
            #[must_use]
            pub const fn to_bits(self) -> $code {
                self.0
            }

            /// `code / MAX`, correctly rounded (the most negative SNORM code gives −1.0).
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// assert_eq!((T::ZERO.to_f32().to_bits(), T::MAX.to_f32()), (0, 1.0));
            /// assert_eq!(T::MIN.to_f32(), if T::MIN < T::ZERO { -1.0 } else { 0.0 });
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_f32(self) -> f32 {
                $to::<{ $code::BITS }>(self.0 as $wide)
            }

            /// The code nearest to `x · MAX` after clamping, exactly (NaN → 0; ties away from zero).
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// assert_eq!((T::from_f32(-f32::NAN), T::from_f32(-0.0)), (T::ZERO, T::ZERO));
            /// assert_eq!(T::from_f32(1.0e-45), T::ZERO); // a subnormal
            /// assert_eq!(T::from_f32(f32::MAX), T::MAX);
            /// assert!(T::from_f32(f32::NEG_INFINITY).to_f32() == T::MIN.to_f32());
            /// ```
            #[inline]
            #[must_use]
            // The core's code has `$code::BITS` significant bits.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            pub const fn from_f32(x: f32) -> Self {
                Self($from::<{ $code::BITS }>(x) as $code)
            }

            /// Elements per step of [`Self::encode_slice`], of [`Self::decode_slice`] and
            /// of the row loops of its `Format` (see `dispatch::map`): one number each,
            /// so the typed and the runtime forms run the same loop.
            pub(crate) const ENCODE_CHUNK: usize = 1;
            /// See [`Self::ENCODE_CHUNK`].
            pub(crate) const DECODE_CHUNK: usize = $chunk;

            /// `dst[i] = src[i].to_f32()` for every `i`, vectorized (AVX2 when the CPU
            /// has it), bit for bit the scalar results.
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`, as [`slice::copy_from_slice`] does.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// let mut dst = [f32::NAN; 2];
            /// T::decode_slice(&[T::ZERO, T::MAX], &mut dst);
            /// assert_eq!(dst, [0.0, 1.0]);
            /// ```
            #[inline]
            #[track_caller]
            pub fn decode_slice(src: &[Self], dst: &mut [f32]) {
                crate::dispatch::map::<{ Self::DECODE_CHUNK }, _, _>(src, dst, Self::to_f32);
            }

            /// `dst[i] = Self::from_f32(src[i])` for every `i`, vectorized, exact.
            ///
            /// # Panics
            ///
            /// If `src.len() != dst.len()`.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// let mut dst = [T::MAX; 2];
            /// T::encode_slice(&[f32::NAN, f32::INFINITY], &mut dst);
            /// assert_eq!(dst, [T::ZERO, T::MAX]);
            /// ```
            #[inline]
            #[track_caller]
            pub fn encode_slice(src: &[f32], dst: &mut [Self]) {
                crate::dispatch::map::<{ Self::ENCODE_CHUNK }, _, _>(src, dst, Self::from_f32);
            }
        }

        storage_traits!($T($code));
    };
}

/// The trait impls of a one-channel format: `From` for `f32`, `bytemuck`, and
/// the layout checks (the conversions with the clamping and deferred types are
/// `crate::convert`'s).
macro_rules! storage_traits {
    ($T:ident($code:ident)) => {
        #[doc = concat!("The decoded value, as [`", stringify!($T), "::to_f32`].")]
        impl From<$T> for f32 {
            #[inline]
            fn from(x: $T) -> f32 {
                x.to_f32()
            }
        }

        // SAFETY: `repr(transparent)` over an integer, which is `Zeroable`.
        unsafe impl bytemuck::Zeroable for $T {}
        // SAFETY: `repr(transparent)` over an integer, which is `Pod`: every bit pattern
        // is a valid code, no padding, `'static`.
        unsafe impl bytemuck::Pod for $T {}

        static_assertions::assert_eq_size!($T, $code);
        static_assertions::assert_eq_align!($T, $code);
        static_assertions::assert_impl_all!($T: Send, Sync, Copy, Ord, core::hash::Hash, bytemuck::Pod);
    };
}

storage!(Unorm8(u8 as u16), unorm_from_f32, unorm_to_f32, chunk = 1);
storage!(Unorm16(u16 as u16), unorm_from_f32, unorm_to_f32, chunk = 1);
storage!(Snorm8(i8 as i16), snorm_from_f32, snorm_to_f32, chunk = 32);
storage!(Snorm16(i16 as i16), snorm_from_f32, snorm_to_f32, chunk = 1);
