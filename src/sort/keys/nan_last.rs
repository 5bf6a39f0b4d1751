//! The floats in the orders of `partial_cmp` with every NaN after every number:
//! [`NanLast<F>`](super::NanLast), smallest first, and
//! [`LargestFirst<F>`](super::LargestFirst). (NaN first: `Reverse` of the other.)

use super::SortKey;
use super::sealed::{self, Sealed as _};

/// Declares a float key wrapper: the struct (`repr(transparent)` over `F`, so
/// `Pod` when `F` is), `from_slice` and `from_slice_mut` (views of a float
/// slice without a copy), and `Eq`, `Ord`, `Hash` by the radix (the order the
/// sorts use). Each wrapper brings its own docs.
macro_rules! float_wrapper {
    (
        $(#[$doc:meta])*
        pub struct $w:ident;
        from_slice: $(#[$from:meta])*
        from_slice_mut: $(#[$from_mut:meta])*
    ) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default)]
        #[repr(transparent)]
        pub struct $w<F>(pub F);

        // SAFETY: `repr(transparent)` over `F`: the same layout, and every bit
        // pattern of an `F: Zeroable` (all zero) is valid.
        unsafe impl<F: bytemuck::Zeroable> bytemuck::Zeroable for $w<F> {}
        // SAFETY: `repr(transparent)` over `F: Pod`: no padding, every bit pattern
        // valid.
        unsafe impl<F: bytemuck::Pod> bytemuck::Pod for $w<F> {}
        // SAFETY: `repr(transparent)` over `F`, as the trait requires.
        unsafe impl<F> bytemuck::TransparentWrapper<F> for $w<F> {}

        impl<F> $w<F> {
            $(#[$from])*
            #[must_use]
            #[inline]
            pub const fn from_slice(v: &[F]) -> &[Self] {
                // SAFETY: `Self` is `repr(transparent)` over `F`: the same size,
                // alignment and valid bit patterns, so `v`'s elements read as
                // `Self`; the result borrows `v` for its lifetime and has its
                // length.
                unsafe { core::slice::from_raw_parts(v.as_ptr().cast::<Self>(), v.len()) }
            }

            $(#[$from_mut])*
            #[must_use]
            #[inline]
            pub const fn from_slice_mut(v: &mut [F]) -> &mut [Self] {
                // SAFETY: as in `from_slice`; the result is the only access to
                // `v`'s elements while it lives (it reborrows `v` mutably).
                unsafe { core::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<Self>(), v.len()) }
            }
        }

        impl<F> PartialEq for $w<F>
        where
            Self: SortKey,
        {
            #[inline]
            fn eq(&self, other: &Self) -> bool {
                self.radix() == other.radix()
            }
        }
        impl<F> Eq for $w<F> where Self: SortKey {}
        impl<F> PartialOrd for $w<F>
        where
            Self: SortKey,
        {
            #[inline]
            fn partial_cmp(&self, other: &Self) -> Option<core::cmp::Ordering> {
                Some(self.cmp(other))
            }
        }
        impl<F> Ord for $w<F>
        where
            Self: SortKey,
        {
            #[inline]
            fn cmp(&self, other: &Self) -> core::cmp::Ordering {
                self.radix().cmp(&other.radix())
            }
        }
        impl<F> core::hash::Hash for $w<F>
        where
            Self: SortKey,
            <Self as sealed::Sealed>::Radix: core::hash::Hash,
        {
            #[inline]
            fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
                self.radix().hash(state);
            }
        }
    };
}

float_wrapper! {
    /// A float ordered as `partial_cmp` orders it, with every NaN after every number:
    /// the sort order `NumPy`, pandas, polars, Arrow and Spark use.
    ///
    /// - **NaN**: every NaN, of either sign and any payload, sorts after +∞; NaNs tie
    ///   with each other (a stable sort keeps them in input order) and are kept bit
    ///   for bit. So the order does not depend on the sign of a computed NaN, which
    ///   differs between x86 (`0.0 / 0.0` is −NaN) and ARM (+NaN).
    /// - **±0**: −0.0 and +0.0 tie (input order), as `-0.0 == 0.0`.
    /// - **±∞, subnormals**: ordinary values.
    ///
    /// # Equality and hashing
    ///
    /// `Eq`, `Ord` and `Hash` follow the same order: `NanLast(-0.0) == NanLast(0.0)`,
    /// every NaN equals every NaN, and equal values hash alike. (Unlike `f32`'s
    /// `PartialEq`, this is an equivalence.)
    ///
    /// # Representation
    ///
    /// `#[repr(transparent)]` over `F` and [`bytemuck::Pod`]: a `&[f32]` is a
    /// `&[NanLast<f32>]` without a copy ([`NanLast::from_slice`], `_mut`).
    ///
    /// ```
    /// use normkey::sort::NanLast;
    ///
    /// assert_eq!(NanLast(-0.0_f32), NanLast(0.0));
    /// assert_eq!(NanLast(f32::NAN), NanLast(-f32::NAN));
    /// assert!(NanLast(f32::INFINITY) < NanLast(-f32::NAN));
    /// assert!(NanLast(-1.0_f64) < NanLast(-5e-324)); // subnormals by value
    /// let v = NanLast::from_slice(&[1.0_f32, f32::NAN]);
    /// assert!(v[0] < v[1]);
    /// ```
    pub struct NanLast;
    from_slice:
    /// The floats of `v` as `NanLast` keys, in place: no copy, every bit kept.
    ///
    /// ```
    /// use normkey::sort::{self, NanLast};
    ///
    /// let readings = [2.0_f32, -f32::NAN, -0.0, f32::INFINITY, 0.0];
    /// const KEYS: &[NanLast<f64>] = NanLast::from_slice(&[f64::NAN, 1.0]);
    /// let v = NanLast::from_slice(&readings);
    /// assert_eq!(v[1].0.to_bits(), (-f32::NAN).to_bits()); // the sign and payload kept
    /// assert_eq!(sort::select(v, 4).unwrap().0.to_bits(), (-f32::NAN).to_bits()); // NaN last
    /// assert_eq!(sort::select(v, 0).unwrap().0.to_bits(), (-0.0_f32).to_bits()); // ±0 tie
    /// assert!(KEYS[1] < KEYS[0]);
    /// assert!(NanLast::<f32>::from_slice(&[]).is_empty());
    /// ```
    from_slice_mut:
    /// The floats of `v` as `NanLast` keys, in place, to sort them: no copy,
    /// every bit kept; what is written through the keys is written to `v`.
    ///
    /// ```
    /// use normkey::sort::{self, NanLast};
    ///
    /// let mut v = [f32::NAN, 1.0, -0.0, -f32::NAN, f32::NEG_INFINITY, 0.0];
    /// let mut buf = [NanLast(0.0); 6];
    /// sort::sort_with_buffer(NanLast::from_slice_mut(&mut v), &mut buf);
    /// assert_eq!(v[..4], [f32::NEG_INFINITY, -0.0, 0.0, 1.0]); // ±0 in input order
    /// assert!(v[4].is_sign_positive() && v[5].is_sign_negative()); // NaNs last, in input order
    /// ```
}

float_wrapper! {
    /// A float ordered largest first, with every NaN after every number: the order
    /// of a leaderboard, of pandas' `sort_values(ascending=False)` and SQL's `ORDER
    /// BY x DESC NULLS LAST`. `Reverse(NanLast(x))` is not it: that puts the NaNs
    /// first (the four orders: [`NanLast`] smallest first, NaN last; `LargestFirst`;
    /// `Reverse(LargestFirst(x))` smallest first, NaN first; `Reverse(NanLast(x))`
    /// largest first, NaN first).
    ///
    /// - **NaN**: every NaN, of either sign and any payload, sorts after −∞; NaNs tie
    ///   with each other (a stable sort keeps them in input order) and are kept bit
    ///   for bit.
    /// - **±0**: −0.0 and +0.0 tie (input order), as `-0.0 == 0.0`.
    /// - **±∞, subnormals**: ordinary values (+∞ first, −∞ last of the numbers).
    ///
    /// # Equality and hashing
    ///
    /// As [`NanLast`]'s: `LargestFirst(-0.0) == LargestFirst(0.0)`, every NaN equals
    /// every NaN, equal values hash alike.
    ///
    /// # Representation
    ///
    /// `#[repr(transparent)]` over `F` and [`bytemuck::Pod`]: a `&[f32]` is a
    /// `&[LargestFirst<f32>]` without a copy ([`LargestFirst::from_slice`], `_mut`).
    ///
    /// ```
    /// use normkey::sort::{self, LargestFirst};
    ///
    /// let scores = [0.5_f32, f32::NAN, 9.0, -0.0, 0.0, f32::NEG_INFINITY];
    /// let mut best = [0; 4];
    /// let mut scratch = [(LargestFirst(0.0), 0); 8];
    /// sort::top_k_indices_with_buffer(LargestFirst::from_slice(&scores), &mut best, &mut scratch)
    ///     .unwrap();
    /// assert_eq!(best, [2, 0, 3, 4]); // 9, 0.5, then ±0 in input order; NaN last
    /// assert!(LargestFirst(f32::NEG_INFINITY) < LargestFirst(-f32::NAN));
    /// assert_eq!(LargestFirst(f64::NAN), LargestFirst(-f64::NAN));
    /// ```
    pub struct LargestFirst;
    from_slice:
    /// The floats of `v` as `LargestFirst` keys, in place: no copy, every bit
    /// kept.
    ///
    /// ```
    /// use normkey::sort::{self, LargestFirst};
    ///
    /// let v = [2.0_f64, -f64::NAN, 7.5];
    /// assert_eq!(sort::select(LargestFirst::from_slice(&v), 0).unwrap().0, 7.5);
    /// ```
    from_slice_mut:
    /// The floats of `v` as `LargestFirst` keys, in place, to sort them: what is
    /// written through the keys is written to `v`.
    ///
    /// ```
    /// use normkey::sort::{self, LargestFirst};
    ///
    /// let mut v = [1.0_f32, f32::NAN, 3.0, -2.0];
    /// let mut buf = [LargestFirst(0.0); 4];
    /// sort::sort_with_buffer(LargestFirst::from_slice_mut(&mut v), &mut buf);
    /// assert_eq!(v[..3], [3.0, 1.0, -2.0]);
    /// assert!(v[3].is_nan());
    /// ```
}
