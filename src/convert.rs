//! The conversions users reach for, written once and expanded from the type
//! lists: codes to and from integers and bytes, widening and narrowing between
//! the 8- and 16-bit storage formats, checked construction of `Norm`/`Unorm`
//! from `f32`, and the conversions between the clamping types (`norm`), the
//! deferred-clamp types (`deferred`) and the storage formats (`storage`): the
//! `From` impls among them and `SnormFloat::clamped`/`UnormFloat::clamped`.
//! This module sits above `norm`, `deferred`, `storage` and `texture` and
//! imports them all; none of those imports another of them for a conversion.
//!
//! # Changing the width of a code
//!
//! Widening and narrowing give **the code nearest the same value**, computed in
//! integers (no float rounding on the way):
//!
//! | conversion | formula | exact? |
//! |---|---|---|
//! | `Unorm8 → Unorm16` ([`From`]) | `c · 257` | the same value: `c/255 = 257c/65535` |
//! | `Snorm8 → Snorm16` ([`From`]) | `258c + c/64` (truncating division), after `−128 → −127` | nearest: `c · 32767/127 = 258c + c/127`, and `c/127` rounds to `c/64` for \|c\| ≤ 127 |
//! | `Unorm16 → Unorm8` (`to_unorm8`) | `(c + 128) / 257` | nearest to `c/257`; no ties (257 is odd) |
//! | `Snorm16 → Snorm8` (`to_snorm8`) | `±((\|c\|·127 + 16383) / 32767)`, after `−32768 → −32767` | nearest to `c · 127/32767`; no ties (32767 = 7·31·151 shares no factor with 2·127) |
//!
//! Each is the same as decoding to `f32` and encoding again (`Unorm8::from_f32(x.to_f32())`),
//! without the float steps; both facts are checked for every code in `tests/convert.rs`
//! against the integer reference in `normkey-oracle`. Widening then narrowing
//! gives back the original code (the most negative SNORM code comes back as `-MAX`,
//! the same value).

use crate::deferred::{SnormFloat, UnormFloat};
use crate::norm::{Norm, NormRangeError, Unorm};
use crate::storage::{Snorm8, Snorm16, Unorm8, Unorm16};

/// The byte conversions of a format whose code is the integer `$code`: the
/// storage formats' and the packed texture formats', written once. Every runtime
/// conversion ([`crate::texture::Format`]) writes the little-endian form, on every
/// host.
macro_rules! byte_conversions {
    ($T:ident, $code:ident) => {
        impl crate::$T {
            /// The code as little-endian bytes (for files, flash logs, GPU buffers).
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// let x = T::from_bits(0x12);
            /// assert_eq!(x.to_le_bytes(), x.to_bits().to_le_bytes());
            /// assert_eq!(T::from_le_bytes(x.to_le_bytes()), x);
            /// assert!(T::from_bits(0).to_le_bytes().iter().all(|&b| b == 0));
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_le_bytes(self) -> [u8; size_of::<$code>()] {
                self.to_bits().to_le_bytes()
            }

            /// The format whose code has these little-endian bytes. Every byte array
            /// is a valid code.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            #[doc = concat!("let bytes = [0xff; size_of::<", stringify!($code), ">()];")]
            #[doc = concat!("assert_eq!(T::from_le_bytes(bytes).to_bits(), ", stringify!($code), "::from_le_bytes(bytes));")]
            /// assert_eq!(T::from_le_bytes(T::from_bits(1).to_le_bytes()), T::from_bits(1));
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_le_bytes(bytes: [u8; size_of::<$code>()]) -> Self {
                Self::from_bits($code::from_le_bytes(bytes))
            }

            /// The code as big-endian bytes.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            /// let x = T::from_bits(0x12);
            /// assert_eq!(x.to_be_bytes(), x.to_bits().to_be_bytes());
            /// assert_eq!(T::from_be_bytes(x.to_be_bytes()), x);
            /// ```
            #[inline]
            #[must_use]
            pub const fn to_be_bytes(self) -> [u8; size_of::<$code>()] {
                self.to_bits().to_be_bytes()
            }

            /// The format whose code has these big-endian bytes. Every byte array is a
            /// valid code.
            ///
            /// ```
            #[doc = concat!("use normkey::", stringify!($T), " as T;")]
            #[doc = concat!("let bytes = [0x80; size_of::<", stringify!($code), ">()];")]
            #[doc = concat!("assert_eq!(T::from_be_bytes(bytes).to_bits(), ", stringify!($code), "::from_be_bytes(bytes));")]
            /// assert_eq!(T::from_be_bytes(T::from_bits(1).to_be_bytes()), T::from_bits(1));
            /// ```
            #[inline]
            #[must_use]
            pub const fn from_be_bytes(bytes: [u8; size_of::<$code>()]) -> Self {
                Self::from_bits($code::from_be_bytes(bytes))
            }
        }
    };
}

/// [`byte_conversions!`] for a packed UNORM format of `for_each_packed_format!`.
macro_rules! packed_byte_conversions {
    ($T:ident, $int:ident, $($rest:tt)*) => {
        byte_conversions!($T, $int);
    };
}

/// [`byte_conversions!`] for a packed float format of `for_each_ufloat_format!`.
macro_rules! ufloat_byte_conversions {
    ($T:ident) => {
        byte_conversions!($T, u32);
    };
}

/// Code and byte conversions of a storage format.
macro_rules! code_conversions {
    ($T:ident, $code:ident, $N:ident, $D:ident) => {
        /// The code; same as [`to_bits`](crate::$T::to_bits).
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), " as T;")]
        #[doc = concat!("assert_eq!(", stringify!($code), "::from(T::MAX), ", stringify!($code), "::MAX);")]
        #[doc = concat!("assert_eq!(", stringify!($code), "::from(T::from_f32(f32::NAN)), 0);")]
        /// ```
        impl From<crate::$T> for $code {
            #[inline]
            fn from(x: crate::$T) -> $code {
                x.to_bits()
            }
        }

        /// The format with this code; same as [`from_bits`](crate::$T::from_bits).
        /// Every code is valid.
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), " as T;")]
        #[doc = concat!("assert_eq!(T::from(", stringify!($code), "::MAX), T::MAX);")]
        #[doc = concat!("assert_eq!(T::from(", stringify!($code), "::MIN), T::MIN);")]
        /// ```
        impl From<$code> for crate::$T {
            #[inline]
            fn from(code: $code) -> Self {
                Self::from_bits(code)
            }
        }

        byte_conversions!($T, $code);
    };
}

crate::for_each_storage_format!(code_conversions);
crate::for_each_packed_format!(packed_byte_conversions);
crate::for_each_ufloat_format!(ufloat_byte_conversions);

impl Unorm8 {
    /// The same value as an [`Unorm16`]: code `c · 257` (`c/255 = 257c/65535`
    /// exactly). Also [`From`].
    ///
    /// ```
    /// use normkey::{Unorm8, Unorm16};
    /// assert_eq!(Unorm8::MAX.to_unorm16(), Unorm16::MAX);
    /// assert_eq!(Unorm8::from_bits(1).to_unorm16().to_bits(), 257);
    /// assert_eq!(Unorm8::from_bits(128).to_unorm16().to_f32(), Unorm8::from_bits(128).to_f32());
    /// assert_eq!(Unorm8::ZERO.to_unorm16(), Unorm16::ZERO);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_unorm16(self) -> Unorm16 {
        Unorm16::from_bits(self.to_bits() as u16 * 257)
    }
}

impl Unorm16 {
    /// The nearest [`Unorm8`]: code `(c + 128) / 257`, the integer nearest to
    /// `c/257` (never a tie); equal to `Unorm8::from_f32(self.to_f32())`.
    ///
    /// ```
    /// use normkey::{Unorm8, Unorm16};
    /// assert_eq!(Unorm16::MAX.to_unorm8(), Unorm8::MAX);
    /// assert_eq!(Unorm16::from_bits(128).to_unorm8().to_bits(), 0); // 0.498 codes
    /// assert_eq!(Unorm16::from_bits(129).to_unorm8().to_bits(), 1); // 0.502 codes
    /// assert_eq!(Unorm8::from_bits(77).to_unorm16().to_unorm8().to_bits(), 77);
    /// ```
    #[inline]
    #[must_use]
    // (c + 128) / 257 ≤ 255.
    #[allow(clippy::cast_possible_truncation)]
    pub const fn to_unorm8(self) -> Unorm8 {
        Unorm8::from_bits(((self.to_bits() as u32 + 128) / 257) as u8)
    }
}

impl Snorm8 {
    /// The [`Snorm16`] nearest the same value: code `258c + c/64` (truncating), the
    /// integer nearest to `c · 32767/127`; the most negative code (−1.0) gives
    /// `-Snorm16::MAX`, which is −1.0 too. Also [`From`].
    ///
    /// ```
    /// use normkey::{Snorm8, Snorm16};
    /// assert_eq!(Snorm8::MAX.to_snorm16(), Snorm16::MAX);
    /// assert_eq!(Snorm8::MIN.to_snorm16().to_bits(), -32767);
    /// assert_eq!(Snorm8::from_bits(-127).to_snorm16().to_bits(), -32767);
    /// assert_eq!(Snorm8::from_bits(63).to_snorm16().to_bits(), 16254); // 16254.496
    /// assert_eq!(Snorm8::from_bits(64).to_snorm16().to_bits(), 16513); // 16512.504
    /// assert_eq!(Snorm8::ZERO.to_snorm16(), Snorm16::ZERO);
    /// ```
    #[inline]
    #[must_use]
    pub const fn to_snorm16(self) -> Snorm16 {
        let c = self.to_bits();
        let c = (if c < -127 { -127 } else { c }) as i16;
        Snorm16::from_bits(258 * c + c / 64)
    }
}

impl Snorm16 {
    /// The nearest [`Snorm8`]: the integer nearest to `c · 127/32767` (never a tie),
    /// after reading the most negative code as `-MAX`; equal to
    /// `Snorm8::from_f32(self.to_f32())`.
    ///
    /// ```
    /// use normkey::{Snorm8, Snorm16};
    /// assert_eq!(Snorm16::MAX.to_snorm8(), Snorm8::MAX);
    /// assert_eq!(Snorm16::MIN.to_snorm8().to_bits(), -127); // never −128
    /// assert_eq!(Snorm16::from_bits(-129).to_snorm8().to_bits(), 0); // −0.4999 codes
    /// assert_eq!(Snorm16::from_bits(-130).to_snorm8().to_bits(), -1); // −0.5038 codes
    /// assert_eq!(Snorm8::from_bits(-5).to_snorm16().to_snorm8().to_bits(), -5);
    /// ```
    #[inline]
    #[must_use]
    // The quotient is at most 127 (also for |c| = 32768, which so reads as `-MAX`).
    #[allow(clippy::cast_possible_truncation)]
    pub const fn to_snorm8(self) -> Snorm8 {
        let c = self.to_bits() as i32;
        let m = ((if c < 0 { -c } else { c }) * 127 + 16383) / 32767;
        Snorm8::from_bits((if c < 0 { -m } else { m }) as i8)
    }
}

/// The same value; see [`Unorm8::to_unorm16`].
///
/// ```
/// use normkey::{Unorm8, Unorm16};
/// assert_eq!(Unorm16::from(Unorm8::MAX), Unorm16::MAX);
/// assert_eq!(Unorm16::from(Unorm8::from_bits(2)).to_bits(), 514);
/// ```
impl From<Unorm8> for Unorm16 {
    #[inline]
    fn from(x: Unorm8) -> Unorm16 {
        x.to_unorm16()
    }
}

/// The nearest code to the same value; see [`Snorm8::to_snorm16`].
///
/// ```
/// use normkey::{Snorm8, Snorm16};
/// assert_eq!(Snorm16::from(Snorm8::MIN).to_bits(), -32767); // −1.0
/// assert_eq!(Snorm16::from(Snorm8::from_bits(64)).to_bits(), 16513);
/// ```
impl From<Snorm8> for Snorm16 {
    #[inline]
    fn from(x: Snorm8) -> Snorm16 {
        x.to_snorm16()
    }
}

/// `TryFrom<f32>` for a clamping type: [`try_new`](Norm::try_new).
macro_rules! try_from_f32 {
    ($T:ident) => {
        /// Checked: `x` if it is in the type's range (−0 is stored as +0), else a
        /// [`NormRangeError`] holding `x` (NaN and ±∞ included). Same as
        #[doc = concat!("[`", stringify!($T), "::try_new`]; [`", stringify!($T), "::new`] clamps instead.")]
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), " as T;")]
        /// assert_eq!(T::try_from(1.0), Ok(T::MAX));
        /// assert_eq!(T::try_from(-0.0).unwrap().get().to_bits(), 0);
        /// assert!(T::try_from(1.5).is_err());
        /// assert!(T::try_from(f32::NAN).unwrap_err().value().is_nan());
        /// let t: Result<T, _> = f32::NEG_INFINITY.try_into();
        /// assert_eq!(t.unwrap_err().value(), f32::NEG_INFINITY);
        /// ```
        impl TryFrom<f32> for $T {
            type Error = NormRangeError;
            #[inline]
            fn try_from(x: f32) -> Result<Self, NormRangeError> {
                Self::try_new(x)
            }
        }
    };
}

try_from_f32!(Norm);
try_from_f32!(Unorm);

/// The stores of a deferred-clamp type: `clamped`, and its value from the
/// clamping type.
///
/// `$T`: the type; `$N`: the clamping type a store gives; the strings spell
/// values in doctests.
macro_rules! deferred_stores {
    ($T:ident, $N:ident, range = $range:literal, below = $below:literal, low = $low:literal) => {
        impl $T {
            #[doc = concat!("The value clamped to ", $range, ", as a store clamps it: NaN (any sign or payload) → +0, ")]
            #[doc = concat!("−0 → +0, −∞ → ", $low, ", +∞ → 1, subnormals in range kept. Same as [`", stringify!($N), "::new`].")]
            ///
            /// ```
            #[doc = concat!("use normkey::{", stringify!($T), ", ", stringify!($N), "};")]
            #[doc = concat!("assert_eq!(", stringify!($T), "(1.5).clamped(), ", stringify!($N), "::MAX);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "(", $below, ").clamped(), ", stringify!($N), "::MIN);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "(f32::NAN).clamped(), ", stringify!($N), "::ZERO);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "(-0.0).clamped().get().to_bits(), 0);")]
            #[doc = concat!("assert_eq!(", stringify!($T), "(f32::NEG_INFINITY).clamped().get(), ", $low, ");")]
            /// ```
            #[inline]
            #[must_use]
            pub const fn clamped(self) -> $N {
                $N::new(self.0)
            }
        }

        #[doc = concat!("The value of the [`", stringify!($N), "`]; never NaN or −0.")]
        impl From<$N> for $T {
            #[inline]
            fn from(x: $N) -> Self {
                Self(x.get())
            }
        }
    };
}

deferred_stores!(
    SnormFloat,
    Norm,
    range = "[−1, 1]",
    below = "-1.5",
    low = "-1.0"
);
deferred_stores!(
    UnormFloat,
    Unorm,
    range = "[0, 1]",
    below = "-5.3",
    low = "0.0"
);

/// The conversions of a storage format with its clamping type `$N` and its
/// deferred-clamp type `$D`, for `for_each_storage_format!`.
macro_rules! storage_value_conversions {
    ($T:ident, $code:ident, $N:ident, $D:ident) => {
        #[doc = concat!("Stores a [`", stringify!($N), "`] as [`", stringify!($T), "::from_f32`] does.")]
        impl From<$N> for $T {
            #[inline]
            fn from(x: $N) -> Self {
                Self::from_f32(x.get())
            }
        }

        #[doc = concat!("Stores a [`", stringify!($D), "`]: clamps (NaN → 0) and rounds, as [`", stringify!($T), "::from_f32`].")]
        impl From<$D> for $T {
            #[inline]
            fn from(x: $D) -> Self {
                Self::from_f32(x.0)
            }
        }

        #[doc = concat!("The decoded value, as [`", stringify!($T), "::to_f32`]; lossless.")]
        impl From<$T> for $N {
            #[inline]
            fn from(x: $T) -> Self {
                $N::new(x.to_f32())
            }
        }
    };
}

crate::for_each_storage_format!(storage_value_conversions);
