//! `serde::Serialize` and `serde::Deserialize` (feature `serde`; no `std`, no
//! `alloc`), expanded from the type lists where there is one.
//!
//! | type | serialized as | deserialization |
//! |---|---|---|
//! | `Norm`, `Unorm` | its `f32` | rejects NaN and values outside the range (never clamps); −0 becomes +0, as in `new`; a wider float (JSON's `f64`) is range-checked exactly, then rounded to `f32` |
//! | `SnormFloat`, `UnormFloat` | its `f32` | any `f32` |
//! | `Unorm8`, `Unorm16`, `Snorm8`, `Snorm16` | its code | the code's integer type: out-of-range integers are rejected by it |
//! | `Srgb8` | its code, a `u8` | every `u8` is a code |
//! | `Rgba8Unorm`, `Bgra8Unorm`, `Rgba8UnormSrgb`, `Bgra8UnormSrgb` | its four bytes in memory order (`to_bytes`; a tuple of four `u8`, a JSON array) | any four `u8`; a sequence of another length is rejected |
//! | `Rgb10a2Unorm` (`u32`), `B5g6r5Unorm`, `Bgr5a1Unorm`, `Bgra4Unorm` (`u16`) | the pixel's integer (`to_bits`) | every value of the integer is a pixel |
//! | `Rg11b10Ufloat`, `Rgb9e5Ufloat` | the `u32` code (`to_bits`) | every `u32`, non-canonical and NaN codes too, which keeps them bit for bit |
//! | `OrderedKey<F>` | its float (`f16`, `bf16` as `f32`) | any float, rounded to `F` |
//! | `sum::ExactSum<F>` | its words (`ExactSum::to_words`, format `sum::WORDS_VERSION`): a tuple of `9 + L` `i64`s (20 for `f32` and `bf16`, 77 for `f64`, 13 for `f16`), independent of the accumulator's layout; equal states serialize equally | `ExactSum::from_words`: the words of one state or the elementwise sum of several; its `WordsError`s (length, tag, ranges) are the deserializer's errors, never a wrong sum |
//!
//! The serialized forms of the float types are the values a reader expects
//! (`0.5`, not a key or bit pattern); those of the storage and texture formats are
//! their codes, the representation the GPU reads, exact and free of rounding.
//! Both are stable across normkey versions.

use core::fmt;

use serde::de::{self, Deserializer, Unexpected, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use crate::deferred::{SnormFloat, UnormFloat};
use crate::impl_fmt::StdFloat;
use crate::key::OrderedKey;
use crate::norm::{Norm, Unorm};
use crate::sum::ExactSum;

/// The visitor of a clamping type: accepts a number in `[min, 1]`, from an `f32`,
/// an `f64` (checked before rounding) or an integer.
struct InRange<T> {
    /// The lower end of the range, −1 or 0.
    min: f64,
    /// The type's name, for the error message.
    name: &'static str,
    /// The type's checked constructor (the value is known to be in range).
    new: fn(f64) -> T,
}

impl<T> InRange<T> {
    fn check<E: de::Error>(&self, x: f64, unexpected: Unexpected<'_>) -> Result<T, E> {
        if x >= self.min && x <= 1.0 {
            Ok((self.new)(x))
        } else {
            Err(E::invalid_value(unexpected, self))
        }
    }
}

impl<T> Visitor<'_> for InRange<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "a number in [{}, 1] (normkey::{})", self.min, self.name)
    }

    fn visit_f32<E: de::Error>(self, x: f32) -> Result<T, E> {
        self.check(f64::from(x), Unexpected::Float(f64::from(x)))
    }

    fn visit_f64<E: de::Error>(self, x: f64) -> Result<T, E> {
        self.check(x, Unexpected::Float(x))
    }

    // The integers in range are 0, 1 and −1: exact in `f64`.
    #[allow(clippy::cast_precision_loss)]
    fn visit_i64<E: de::Error>(self, x: i64) -> Result<T, E> {
        self.check(x as f64, Unexpected::Signed(x))
    }

    #[allow(clippy::cast_precision_loss)]
    fn visit_u64<E: de::Error>(self, x: u64) -> Result<T, E> {
        self.check(x as f64, Unexpected::Unsigned(x))
    }
}

/// `Serialize`/`Deserialize` of a clamping type.
macro_rules! serde_clamped {
    ($T:ident, min = $min:literal) => {
        /// Serializes the `f32` value (never NaN, never −0).
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), " as T;")]
        /// assert_eq!(serde_json::to_string(&T::new(0.5)).unwrap(), "0.5");
        /// assert_eq!(serde_json::to_string(&T::new(f32::NAN)).unwrap(), "0.0");
        /// ```
        impl Serialize for $T {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_f32(self.get())
            }
        }

        /// Deserializes a number in the type's range and **rejects** everything
        /// else with an error naming the value and the range: NaN, ±∞ and
        /// out-of-range values are never clamped. −0 becomes +0 (as in `new`). The
        /// check is made on the number the format delivers: an `f32` as it is; a
        /// wider `f64` exactly, before it is rounded to `f32` (so `1.0 + 1e-12` is
        /// rejected although it rounds to 1.0); an integer as its value. (`serde_json`
        /// delivers an `f64`, or with its feature `float_roundtrip` the text parsed
        /// straight to the nearest `f32`, where `1.00000001` is 1.0.)
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), " as T;")]
        /// let t = |s: &str| serde_json::from_str::<T>(s);
        /// assert_eq!(t("1").unwrap(), T::MAX);
        /// assert_eq!(t("0.25").unwrap().get(), 0.25);
        /// assert_eq!(t("-0.0").unwrap().get().to_bits(), 0);
        /// assert_eq!(t("0.1").unwrap().get(), 0.1_f32); // rounded to the nearest f32
        /// assert!(t("1.5").unwrap_err().to_string().starts_with("invalid value: floating point `1.5`"));
        /// assert!(t("1.0001").is_err());
        /// assert!(t("2").is_err());
        /// assert!(t("-1.5").is_err());
        /// assert!(t("null").is_err()); // how serde_json writes NaN
        /// ```
        impl<'de> Deserialize<'de> for $T {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_f32(InRange {
                    min: $min,
                    name: stringify!($T),
                    new: $T::from_f64,
                })
            }
        }
    };
}

serde_clamped!(Norm, min = -1.0);
serde_clamped!(Unorm, min = 0.0);

/// `Serialize`/`Deserialize` of a deferred-clamp type: a plain `f32`.
macro_rules! serde_deferred {
    ($T:ident) => {
        /// Serializes the `f32`, as `f32` does (a format decides what NaN and ±∞
        /// become: `serde_json` writes `null`, which does not deserialize back).
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), " as T;")]
        /// assert_eq!(serde_json::to_string(&T(1.5)).unwrap(), "1.5");
        /// assert_eq!(serde_json::to_string(&T(f32::NAN)).unwrap(), "null");
        /// ```
        impl Serialize for $T {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_f32(self.0)
            }
        }

        /// Deserializes any `f32`, as `f32` does: no range check, no clamp.
        ///
        /// ```
        #[doc = concat!("use normkey::", stringify!($T), " as T;")]
        /// assert_eq!(serde_json::from_str::<T>("-2.5").unwrap(), T(-2.5));
        /// assert!(serde_json::from_str::<T>("-0.0").unwrap().0.is_sign_negative());
        /// ```
        impl<'de> Deserialize<'de> for $T {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                f32::deserialize(d).map($T)
            }
        }
    };
}

serde_deferred!(SnormFloat);
serde_deferred!(UnormFloat);

/// `Serialize`/`Deserialize` of a type as its code: `$code` through `$to` and
/// `$from` (every code is valid: the code type's own deserializer is the only
/// check). Each impl's docs, with its doctest, are passed in `ser` and `de`.
macro_rules! serde_code {
    ($T:ident, $code:ty, $to:ident, $from:ident,
     ser = [$(#[$ser:meta])*], de = [$(#[$de:meta])*]) => {
        $(#[$ser])*
        impl Serialize for crate::$T {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                self.$to().serialize(s)
            }
        }

        $(#[$de])*
        impl<'de> Deserialize<'de> for crate::$T {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                <$code>::deserialize(d).map(Self::$from)
            }
        }
    };
}

/// `Serialize`/`Deserialize` of a type whose code is one integer, `to_bits` and
/// `from_bits`: the storage formats, `Srgb8`, the packed formats.
macro_rules! serde_bits {
    ($T:ident, $code:ty) => {
        serde_code!(
            $T,
            $code,
            to_bits,
            from_bits,
            ser = [
                /// Serializes the code, [`to_bits`](Self::to_bits) (an integer, not
                /// the value it stands for).
                ///
                /// ```
                #[doc = concat!("use normkey::", stringify!($T), " as T;")]
                #[doc = concat!("let max = ", stringify!($code), "::MAX;")]
                /// assert_eq!(serde_json::to_string(&T::from_bits(max)).unwrap(), max.to_string());
                /// assert_eq!(serde_json::to_string(&T::default()).unwrap(), "0");
                /// ```
            ],
            de = [
                /// Deserializes a code. Every value of the code's integer type is a
                /// valid code, so only what that integer rejects is an error: out of
                /// range, fractional, a string.
                ///
                /// ```
                #[doc = concat!("use normkey::", stringify!($T), " as T;")]
                #[doc = concat!("let max = ", stringify!($code), "::MAX;")]
                /// assert_eq!(serde_json::from_str::<T>(&max.to_string()).unwrap(), T::from_bits(max));
                /// assert!(serde_json::from_str::<T>(&(i64::from(max) + 1).to_string()).is_err());
                /// assert!(serde_json::from_str::<T>("0.5").is_err());
                /// assert!(serde_json::from_str::<T>("\"0\"").is_err());
                /// ```
            ]
        );
    };
}

/// The storage formats: their codes.
macro_rules! serde_storage {
    ($T:ident, $code:ty, $N:ident, $D:ident) => {
        serde_bits!($T, $code);
    };
}

crate::for_each_storage_format!(serde_storage);
serde_bits!(Srgb8, u8);

/// The packed UNORM formats: the pixel's integer.
macro_rules! serde_packed {
    ($T:ident, $int:ty, $n:literal, $from:ident, $to:ident, $layout:expr) => {
        serde_bits!($T, $int);
    };
}

crate::for_each_packed_format!(serde_packed);

/// The packed unsigned-float formats: the `u32`.
macro_rules! serde_ufloat {
    ($T:ident) => {
        serde_bits!($T, u32);
    };
}

crate::for_each_ufloat_format!(serde_ufloat);

/// The 8-bit pixel formats: the four bytes, in memory order.
macro_rules! serde_rgba8 {
    ($T:ident, bgra = $bgra:literal, srgb = $srgb:literal) => {
        serde_code!(
            $T,
            [u8; 4],
            to_bytes,
            from_bytes,
            ser = [
                /// Serializes the four bytes in memory order,
                /// [`to_bytes`](Self::to_bytes) (a tuple of four `u8` in serde's data
                /// model: a JSON array), not the channel values.
                ///
                /// ```
                #[doc = concat!("use normkey::", stringify!($T), " as T;")]
                /// let p = T::from_bytes([1, 2, 3, 255]);
                /// assert_eq!(serde_json::to_string(&p).unwrap(), "[1,2,3,255]");
                /// ```
            ],
            de = [
                /// Deserializes four bytes in memory order. Every byte value is
                /// valid; anything but exactly four integers in 0..=255 is an error.
                ///
                /// ```
                #[doc = concat!("use normkey::", stringify!($T), " as T;")]
                /// let t = |s: &str| serde_json::from_str::<T>(s);
                /// assert_eq!(t("[1,2,3,255]").unwrap(), T::from_bytes([1, 2, 3, 255]));
                /// assert!(t("[1,2,3,256]").is_err());
                /// assert!(t("[1,2,3,-1]").is_err());
                /// assert!(t("[1,2,3]").is_err());
                /// assert!(t("[1,2,3,4,5]").is_err());
                /// assert!(t("16909311").is_err()); // not the bytes as one integer
                /// ```
            ]
        );
    };
}

crate::for_each_rgba8_format!(serde_rgba8);

/// `Serialize`/`Deserialize` of `OrderedKey<$f>`: its float.
macro_rules! serde_key {
    ($f:ty, $u:ty) => {
        /// Serializes the float (`f16` and `bf16` widened to `f32`, exactly), not
        /// the key: every finite value round-trips bit for bit, −0 included, through
        /// any format that round-trips `f32`/`f64` (`serde_json` does with its feature
        /// `float_roundtrip`; without it, its `f64` parser may be off by one ulp).
        /// NaN and ±∞ are written as the format writes them: binary formats keep
        /// them (NaN payloads too), `serde_json` writes `null`, which does not
        /// deserialize back. Store [`to_bits`](OrderedKey::to_bits) instead if you
        /// need every key through JSON.
        ///
        /// ```
        /// use normkey::OrderedKey;
        /// type K = OrderedKey<f32>;
        /// assert_eq!(serde_json::to_string(&K::new(-0.0)).unwrap(), "-0.0");
        /// assert_eq!(serde_json::to_string(&K::new(0.1)).unwrap(), "0.1");
        /// assert_eq!(serde_json::to_string(&K::new(f32::INFINITY)).unwrap(), "null");
        /// ```
        impl Serialize for OrderedKey<$f> {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                self.get().to_std().serialize(s)
            }
        }

        /// Deserializes a float and takes its key (for `f16` and `bf16`, the float
        /// rounded to nearest, ties to even: exact for what `serialize` wrote).
        ///
        /// ```
        /// use normkey::OrderedKey;
        /// type K = OrderedKey<f32>;
        /// let k: K = serde_json::from_str("-0.0").unwrap();
        /// assert_eq!(k, K::new(-0.0));
        /// assert!(k < K::new(0.0));
        /// assert!(serde_json::from_str::<K>("null").is_err());
        /// ```
        impl<'de> Deserialize<'de> for OrderedKey<$f> {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let x = <<$f as StdFloat>::Std>::deserialize(d)?;
                Ok(Self::new(<$f>::from_std(x)))
            }
        }
    };
}

crate::for_each_key_float!(serde_key);

/// `ExactSum<F>` as its words ([`ExactSum::to_words`]: a tuple of `9 + L`
/// integers, a JSON array), the format of [`WORDS_VERSION`](crate::sum::WORDS_VERSION),
/// which does not change with the accumulator's layout; read back by
/// [`ExactSum::from_words`], whose [`WordsError`](crate::sum::WordsError)s
/// become the deserializer's errors.
///
/// ```
/// use normkey::sum::ExactSum;
///
/// let mut s = ExactSum::<f32>::new();
/// s.add_slice(&[1.5, -0.25]);
/// let json = serde_json::to_string(&s).unwrap();
/// // 1 state, f32's tag, 2 values, no NaN or ±∞, a value other than −0, no
/// // overflow; then 1.25 = 5 · 2^147 · 2^−149 = (5 · 2^19) · 2^(32·4) in units
/// // of 2^−149: digit 4 is 2621440.
/// assert_eq!(json, "[1,67607,2,0,0,0,0,1,0,0,0,0,0,2621440,0,0,0,0,0,0]");
/// let back: ExactSum<f32> = serde_json::from_str(&json).unwrap();
/// assert_eq!(back, s);
/// let e = serde_json::from_str::<ExactSum<f32>>("[1,67607,2]").unwrap_err();
/// assert!(e.to_string().contains("20 words"), "{e}"); // f32's length, not 3
/// let e = serde_json::from_str::<ExactSum<f64>>(&json).unwrap_err(); // f32's words
/// assert!(e.to_string().contains("77 words"), "{e}");
/// ```
impl<F: crate::sum::SumFloat> Serialize for ExactSum<F> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeTuple;
        let words = self.to_words();
        let mut t = s.serialize_tuple(words.as_ref().len())?;
        for w in words.as_ref() {
            t.serialize_element(w)?;
        }
        t.end()
    }
}

/// The visitor of `ExactSum<F>`'s words.
struct WordsVisitor<F>(core::marker::PhantomData<F>);

impl<'de, F: crate::sum::SumFloat> Visitor<'de> for WordsVisitor<F> {
    type Value = ExactSum<F>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "an exact sum's {} words (ExactSum::to_words)",
            F::WORDS_ZERO.as_ref().len()
        )
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut words = F::WORDS_ZERO;
        let n = words.as_ref().len();
        for (i, w) in words.as_mut().iter_mut().enumerate() {
            *w = seq.next_element()?.ok_or_else(|| {
                de::Error::custom(crate::sum::WordsError::Length {
                    expected: n,
                    got: i,
                })
            })?;
        }
        let mut extra = 0;
        while seq.next_element::<de::IgnoredAny>()?.is_some() {
            extra += 1;
        }
        if extra > 0 {
            return Err(de::Error::custom(crate::sum::WordsError::Length {
                expected: n,
                got: n + extra,
            }));
        }
        ExactSum::from_words(words.as_ref()).map_err(de::Error::custom)
    }
}

impl<'de, F: crate::sum::SumFloat> Deserialize<'de> for ExactSum<F> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_tuple(
            F::WORDS_ZERO.as_ref().len(),
            WordsVisitor(core::marker::PhantomData),
        )
    }
}
