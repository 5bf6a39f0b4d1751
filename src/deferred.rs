//! `SnormFloat` and `UnormFloat`: plain `f32` arithmetic that clamps only when
//! stored (HLSL `snorm float` / `unorm float`).

// The stores (`clamped`, the `From` conversions with the clamping types and the
// storage formats) are in `crate::convert`, above this module, `norm` and `storage`.

use core::fmt;
use core::iter::{Product, Sum};
use core::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign,
};

/// An `f32` meant for a signed normalized store: HLSL's `snorm float`.
///
/// Every operator behaves exactly like `f32`: no clamping on construction or in
/// arithmetic, and NaN, ±0, ±∞ and subnormals flow through as in `f32`. Only a
/// store clamps: [`SnormFloat::clamped`] gives a [`Norm`](crate::Norm), and
/// `Snorm8::from` / `Snorm16::from` clamp and quantize. So `(0.9 + 0.3) - 0.4`
/// is 0.8 here and 0.6 with the clamp-every-step [`Norm`](crate::Norm).
///
/// | operation | result |
/// |---|---|
/// | `SnormFloat op SnormFloat` (`+ - * / %`), `-SnormFloat` | `SnormFloat`, the `f32` result |
/// | `SnormFloat op f32`, `f32 op SnormFloat` | `f32` |
/// | `.clamped()`, `Snorm8::from`, `Snorm16::from` | clamp to [−1, 1], NaN → 0 |
///
/// `PartialEq` and `PartialOrd` are `f32`'s (NaN ≠ NaN, −0 == +0); there is no
/// `Eq`. `#[repr(transparent)]` over `f32`, and `bytemuck::Pod`.
///
/// ```
/// use normkey::{Norm, Snorm8, SnormFloat};
///
/// let r = (SnormFloat(0.9) + SnormFloat(0.3)) - SnormFloat(0.4);
/// assert_eq!(r.0, (0.9_f32 + 0.3) - 0.4); // ≈ 0.8: no intermediate clamp
/// assert_eq!(Snorm8::from(r).to_bits(), 102);
/// assert_eq!(Snorm8::from(SnormFloat(1.5)).to_bits(), 127);
/// assert_eq!(SnormFloat(1.5).clamped(), Norm::MAX);
/// assert!((SnormFloat(0.0) / SnormFloat(0.0)).0.is_nan()); // f32 semantics
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
#[repr(transparent)]
pub struct SnormFloat(pub f32);

/// An `f32` meant for an unsigned normalized store: HLSL's `unorm float`.
///
/// Every operator behaves exactly like `f32`: no clamping on construction or in
/// arithmetic, and NaN, ±0, ±∞ and subnormals flow through as in `f32`. Only a
/// store clamps: [`UnormFloat::clamped`] gives an [`Unorm`](crate::Unorm), and
/// `Unorm8::from` / `Unorm16::from` clamp and quantize.
///
/// | operation | result |
/// |---|---|
/// | `UnormFloat op UnormFloat` (`+ - * / %`), `-UnormFloat` | `UnormFloat`, the `f32` result |
/// | `UnormFloat op f32`, `f32 op UnormFloat` | `f32` |
/// | `.clamped()`, `Unorm8::from`, `Unorm16::from` | clamp to [0, 1], NaN → 0 |
///
/// `PartialEq` and `PartialOrd` are `f32`'s (NaN ≠ NaN, −0 == +0); there is no
/// `Eq`. `#[repr(transparent)]` over `f32`, and `bytemuck::Pod`.
///
/// ```
/// use normkey::{Unorm, Unorm8, UnormFloat};
///
/// let r = (UnormFloat(0.75) + UnormFloat(0.5)) - UnormFloat(0.5);
/// assert_eq!(r.0, 0.75); // no intermediate clamp
/// assert_eq!(Unorm8::from(r).to_bits(), 191); // 0.75 · 255 = 191.25
/// assert_eq!(Unorm8::from(UnormFloat(-3.0)).to_bits(), 0);
/// assert_eq!(UnormFloat(f32::NAN).clamped(), Unorm::ZERO);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd)]
#[repr(transparent)]
pub struct UnormFloat(pub f32);

/// The one implementation of a deferred-clamp type, instantiated per type (its
/// stores, `clamped` and the `From` conversions with the clamping type, are
/// `crate::convert`'s).
///
/// `$T`: the type.
macro_rules! deferred {
    ($T:ident) => {
        /// Wraps the `f32`, bit for bit (no clamp).
        impl From<f32> for $T {
            #[inline]
            fn from(x: f32) -> Self {
                Self(x)
            }
        }

        /// The `f32`, bit for bit.
        impl From<$T> for f32 {
            #[inline]
            fn from(x: $T) -> f32 {
                x.0
            }
        }

        /// Formats the `f32` value (with the formatter's options).
        impl fmt::Display for $T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        /// `f32` negation: flips the sign bit, NaN included.
        impl Neg for $T {
            type Output = Self;
            #[inline]
            fn neg(self) -> Self {
                Self(-self.0)
            }
        }

        /// The `f32` sum, no clamp.
        impl Sum for $T {
            fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
                Self(iter.map(|x| x.0).sum())
            }
        }

        /// The `f32` product, no clamp.
        impl Product for $T {
            fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
                Self(iter.map(|x| x.0).product())
            }
        }

        deferred_ops!($T, Add add AddAssign add_assign +, Sub sub SubAssign sub_assign -,
            Mul mul MulAssign mul_assign *, Div div DivAssign div_assign /,
            Rem rem RemAssign rem_assign %);

        // SAFETY: `repr(transparent)` over `f32`, which is `Zeroable`.
        unsafe impl bytemuck::Zeroable for $T {}
        // SAFETY: `repr(transparent)` over `f32`, which is `Pod`: every bit pattern is a
        // valid value, no padding, `'static`.
        unsafe impl bytemuck::Pod for $T {}

        static_assertions::assert_eq_size!($T, f32);
        static_assertions::assert_eq_align!($T, f32);
        static_assertions::assert_impl_all!($T: Send, Sync, Copy, Default, bytemuck::Pod);
        static_assertions::assert_not_impl_any!($T: Eq);
    };
}

/// The arithmetic operators of a deferred-clamp type: exactly those of `f32`.
macro_rules! deferred_ops {
    ($T:ident, $($Op:ident $op:ident $OpA:ident $opa:ident $sym:tt),*) => {$(
        /// The `f32` operation, no clamp: NaN, ±0, ±∞ and subnormals as in `f32`.
        impl $Op for $T {
            type Output = Self;
            #[inline]
            fn $op(self, rhs: Self) -> Self {
                Self(self.0 $sym rhs.0)
            }
        }

        /// The `f32` operation, no clamp.
        impl $OpA for $T {
            #[inline]
            fn $opa(&mut self, rhs: Self) {
                self.0 = self.0 $sym rhs.0;
            }
        }

        /// Plain `f32` arithmetic.
        impl $Op<f32> for $T {
            type Output = f32;
            #[inline]
            fn $op(self, rhs: f32) -> f32 {
                self.0 $sym rhs
            }
        }

        /// Plain `f32` arithmetic.
        impl $Op<$T> for f32 {
            type Output = f32;
            #[inline]
            fn $op(self, rhs: $T) -> f32 {
                self $sym rhs.0
            }
        }
    )*};
}

deferred!(SnormFloat);
deferred!(UnormFloat);
