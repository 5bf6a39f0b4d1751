//! The arithmetic of [`Norm`](super::Norm) and [`Unorm`](super::Unorm), as macros:
//! `+ - * /` and their `*Assign` forms between two normalized types (clamped) and
//! with `f32` (not clamped). `normalized!` expands them for each type's own
//! operators, and `mod.rs` for those between `Norm` and `Unorm` (and `Neg`), after
//! the types, so that rustdoc lists the impls in the order it always has.

/// `Lhs op Rhs -> Out` for `+ - * /`: computed in `f32`, then clamped by `Out::new`.
macro_rules! clamped_ops {
    ($L:ty, $R:ty => $O:ident) => {
        clamped_ops!(@one $L, $R => $O, Add add +, Sub sub -, Mul mul *, Div div /);
    };
    (@one $L:ty, $R:ty => $O:ident, $($Op:ident $op:ident $sym:tt),*) => {$(
        /// Computed in `f32`, then clamped: a NaN result (`0 / 0`) gives +0, a −0 result
        /// gives +0, ±∞ (`x / 0`) and other out-of-range results clamp, subnormal results
        /// are kept.
        impl $Op<$R> for $L {
            type Output = $O;
            #[inline]
            fn $op(self, rhs: $R) -> $O {
                $O::new(self.get() $sym rhs.get())
            }
        }
    )*};
}

/// `Lhs op= Rhs` for `+ - * /`: computed in `f32`, then clamped.
macro_rules! clamped_assign_ops {
    ($L:ident, $R:ty) => {
        clamped_assign_ops!(@one $L, $R, AddAssign add_assign +, SubAssign sub_assign -,
            MulAssign mul_assign *, DivAssign div_assign /);
    };
    (@one $L:ident, $R:ty, $($Op:ident $op:ident $sym:tt),*) => {$(
        /// Computed in `f32`, then clamped: a NaN result gives +0, −0 gives +0, ±∞ and
        /// other out-of-range results clamp, subnormal results are kept.
        impl $Op<$R> for $L {
            #[inline]
            fn $op(&mut self, rhs: $R) {
                *self = $L::new(self.get() $sym rhs.get());
            }
        }
    )*};
}

/// `T op f32`, `f32 op T` and `f32 op= T`: plain `f32` arithmetic (AMP converts to float).
macro_rules! float_ops {
    ($T:ident) => {
        float_ops!(@one $T, Add add AddAssign add_assign +, Sub sub SubAssign sub_assign -,
            Mul mul MulAssign mul_assign *, Div div DivAssign div_assign /);
    };
    (@one $T:ident, $($Op:ident $op:ident $OpA:ident $opa:ident $sym:tt),*) => {$(
        /// Plain `f32` arithmetic, no clamp: NaN, ±0 and ±∞ as for `f32`.
        impl $Op<f32> for $T {
            type Output = f32;
            #[inline]
            fn $op(self, rhs: f32) -> f32 {
                self.get() $sym rhs
            }
        }

        /// Plain `f32` arithmetic, no clamp: NaN, ±0 and ±∞ as for `f32`.
        impl $Op<$T> for f32 {
            type Output = f32;
            #[inline]
            fn $op(self, rhs: $T) -> f32 {
                self $sym rhs.get()
            }
        }

        /// Plain `f32` arithmetic, no clamp.
        impl $OpA<$T> for f32 {
            #[inline]
            fn $opa(&mut self, rhs: $T) {
                *self = *self $sym rhs.get();
            }
        }
    )*};
}
