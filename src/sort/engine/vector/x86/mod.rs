//! The x86-64 levels of the vector sort, built where `dispatch` builds its
//! AVX2 copy: `avx512.rs` and `avx2.rs`, each an impl of `Lanes` per lane
//! width and the entry points of [`entry_points!`].

/// A level's entry points: `sort` of a slice of keys (turned into radixes
/// and back, and the radixes sorted, all in a function built for the level's
/// target features), and the quicksort of each lane type.
macro_rules! entry_points {
    ($features:literal, $name:literal, $u32:ty, $u64:ty) => {
        #[doc = concat!("[`sort_keys`](crate::sort::engine::vector::sort_keys) in ", $name, " registers.")]
        pub(crate) fn sort<K: crate::sort::keys::SortKey>(v: &mut [K]) {
            // SAFETY: `sort`'s caller (`vector::level`) found the level on the
            // CPU, with the OS saving its registers (`dispatch::width`).
            unsafe { sort_in::<K>(v) }
        }

        #[doc = concat!("[`sort`] built for ", $name, ".")]
        ///
        /// # Safety
        ///
        #[doc = concat!("The CPU has ", $name, " and the OS saves its registers.")]
        #[target_feature(enable = $features)]
        unsafe fn sort_in<K: crate::sort::keys::SortKey>(v: &mut [K]) {
            use crate::sort::engine::radix::{Radix, Wide};
            use crate::sort::engine::vector::{Lanes, keys, radixes};
            // The lanes' flip (`vector::flip`), for the radix's width.
            let signed = match <K::Radix as Radix>::BITS {
                32 => <$u32 as Lanes>::SIGNED,
                _ => <$u64 as Lanes>::SIGNED,
            };
            let flip = if signed { <K::Radix as Radix>::TOP } else { <K::Radix as Radix>::ZERO };
            let r = radixes(v, flip);
            // SAFETY: this function's requirement, theirs.
            unsafe {
                match <K::Radix as Radix>::wide(r) {
                    Wide::U32(v) => sort_u32(v),
                    Wide::U64(v) => sort_u64(v),
                    Wide::Other => {}
                }
            }
            // SAFETY: `r` is what `radixes` returned.
            unsafe { keys::<K>(r, flip) };
        }

        #[doc = concat!("[`quicksort`](crate::sort::engine::vector::quicksort) of `u32`s in ", $name, " (one copy for every key type).")]
        ///
        /// # Safety
        ///
        /// As [`sort_in`].
        #[target_feature(enable = $features)]
        #[inline(never)]
        unsafe fn sort_u32(v: &mut [u32]) {
            crate::sort::engine::vector::quicksort::<$u32>(v);
        }

        #[doc = concat!("[`quicksort`](crate::sort::engine::vector::quicksort) of `u64`s in ", $name, ".")]
        ///
        /// # Safety
        ///
        /// As [`sort_in`].
        #[target_feature(enable = $features)]
        #[inline(never)]
        unsafe fn sort_u64(v: &mut [u64]) {
            crate::sort::engine::vector::quicksort::<$u64>(v);
        }
    };
}

mod avx2;
mod avx512;

pub(crate) use avx2::sort as avx2;
pub(crate) use avx512::sort as avx512;
