//! `normalized_traits!`: the trait impls every normalized type gets (`Default`, `Eq`,
//! `Ord`, `Hash`, `Display`, `From<T> for f32`, `Sum`, `Product`, bytemuck's
//! `Zeroable`, `NoUninit` and `CheckedBitPattern`) and its layout checks, expanded by
//! `normalized!` in `mod.rs` for `Norm` and `Unorm`.

/// The trait impls and layout checks of a clamping type (part of [`normalized!`]).
macro_rules! normalized_traits {
    ($T:ident, clamp = $clamp:ident) => {
        /// [`Self::ZERO`].
        impl Default for $T {
            #[inline]
            fn default() -> Self {
                Self::ZERO
            }
        }

        /// A total order: the invariant excludes NaN and −0.
        impl Eq for $T {}

        impl PartialOrd for $T {
            #[inline]
            fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
                Some(self.cmp(other))
            }
        }

        /// The order of the real numbers (no NaN, no −0 to decide about).
        impl Ord for $T {
            #[inline]
            fn cmp(&self, other: &Self) -> Ordering {
                self.0.total_cmp(&other.0)
            }
        }

        /// Hashes the bits, consistent with `Eq` (−0 and NaN cannot occur).
        impl Hash for $T {
            #[inline]
            fn hash<H: Hasher>(&self, state: &mut H) {
                self.0.to_bits().hash(state);
            }
        }

        /// Formats the `f32` value (with the formatter's options).
        impl fmt::Display for $T {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.0, f)
            }
        }

        #[doc = concat!("The value; same as [`", stringify!($T), "::get`].")]
        impl From<$T> for f32 {
            #[inline]
            fn from(x: $T) -> f32 {
                x.0
            }
        }

        #[doc = concat!("Clamps after every step, starting from [`", stringify!($T), "::ZERO`].")]
        impl Sum for $T {
            fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold(Self::ZERO, |a, b| a + b)
            }
        }

        #[doc = concat!("Clamps after every step, starting from [`", stringify!($T), "::ZERO`].")]
        impl<'a> Sum<&'a $T> for $T {
            fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
                iter.fold(Self::ZERO, |a, &b| a + b)
            }
        }

        #[doc = concat!("Clamps after every step, starting from [`", stringify!($T), "::MAX`] (1).")]
        impl Product for $T {
            fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
                iter.fold(Self::MAX, |a, b| a * b)
            }
        }

        #[doc = concat!("Clamps after every step, starting from [`", stringify!($T), "::MAX`] (1).")]
        impl<'a> Product<&'a $T> for $T {
            fn product<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
                iter.fold(Self::MAX, |a, &b| a * b)
            }
        }

        // SAFETY: +0.0 (all-zero bits) satisfies the invariant.
        unsafe impl bytemuck::Zeroable for $T {}
        // SAFETY: `repr(transparent)` over `f32`: no padding, no uninit bytes, `'static`.
        unsafe impl bytemuck::NoUninit for $T {}
        // SAFETY: `repr(transparent)` over `f32`, whose bits are `u32`; a bit pattern is
        // accepted exactly when clamping leaves it unchanged, that is when it is the
        // bits of a value satisfying the invariant.
        unsafe impl bytemuck::CheckedBitPattern for $T {
            type Bits = u32;
            #[inline]
            fn is_valid_bit_pattern(bits: &u32) -> bool {
                $clamp(f32::from_bits(*bits)).to_bits() == *bits
            }
        }

        clamped_ops!($T, $T => $T);
        clamped_assign_ops!($T, $T);
        float_ops!($T);

        static_assertions::assert_eq_size!($T, f32);
        static_assertions::assert_eq_align!($T, f32);
        static_assertions::assert_impl_all!($T: Send, Sync, Copy, Eq, Ord, Hash, Default, bytemuck::NoUninit);
        static_assertions::assert_not_impl_any!($T: bytemuck::Pod);
    };
}
