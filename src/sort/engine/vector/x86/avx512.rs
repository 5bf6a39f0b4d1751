//! [`Lanes`] on AVX-512 (F): 16 × `u32` and 8 × `u64` in a ZMM register, the
//! selected lanes stored by a compress into a register and a masked store (a
//! compress straight to memory is microcoded on AMD's Zen 4).

#![allow(
    clippy::cast_possible_wrap, // lanes as the intrinsics' signed types
    clippy::cast_possible_truncation, // masks of W bits
    clippy::inline_always // each method built into its level's entry point
)]

use core::arch::x86_64::{
    __m512i, _mm512_cmplt_epu32_mask, _mm512_cmplt_epu64_mask, _mm512_loadu_si512,
    _mm512_mask_blend_epi32, _mm512_mask_blend_epi64, _mm512_mask_compress_epi32,
    _mm512_mask_compress_epi64, _mm512_mask_storeu_epi32, _mm512_mask_storeu_epi64,
    _mm512_maskz_compress_epi32, _mm512_maskz_compress_epi64, _mm512_max_epu32, _mm512_max_epu64,
    _mm512_min_epu32, _mm512_min_epu64, _mm512_permutex2var_epi32, _mm512_permutex2var_epi64,
    _mm512_permutexvar_epi32, _mm512_permutexvar_epi64, _mm512_set1_epi32, _mm512_set1_epi64,
    _mm512_setr_epi32, _mm512_setr_epi64, _mm512_storeu_si512, _mm512_xor_si512,
};

use crate::sort::engine::vector::Lanes;

entry_points!("avx512f,popcnt", "AVX-512 (F)", U32x16, U64x8);

/// `!m` by `knotw` (port 0 on Intel), written out: LLVM would compare
/// again, with the opposite predicate (port 5 on Intel).
///
/// # Safety
///
/// The CPU has AVX-512 (F).
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn knot(m: u16) -> u16 {
    let r: u16;
    // SAFETY: AVX-512 (F) (the caller's); registers only.
    unsafe {
        core::arch::asm!("knotw {r}, {m}", r = lateout(kreg) r, m = in(kreg) m,
            options(pure, nomem, nostack, preserves_flags));
    }
    r
}

/// 16 × `u32`.
#[derive(Clone, Copy)]
struct U32x16(__m512i);

/// 8 × `u64`.
#[derive(Clone, Copy)]
struct U64x8(__m512i);

/// The [`Lanes`] impl of one vector type; every intrinsic call is made only
/// inside [`sort_u32`] and [`sort_u64`] (the methods are `#[inline(always)]`,
/// the types private), which require AVX-512 (F).
macro_rules! lanes {
    ($v:ident, $e:ty, $w:literal, $block:literal, $mask:ty, $set1:ident, $cast:ty, $iota:expr,
     $min:ident, $max:ident, $perm:ident, $perm2:ident, $blend:ident, $lt:ident, $compress:ident,
     $mcompress:ident, $store:ident) => {
        impl Lanes for $v {
            type E = $e;
            const W: usize = $w;
            const UNROLL: usize = 8;
            const COLUMNS: bool = true;
            const PAIRS: bool = true;
            const SIGNED: bool = false;
            const BLOCK: usize = $block;
            #[inline(always)]
            fn splat(x: $e) -> Self {
                // SAFETY: AVX-512 (F), see the macro's docs.
                Self(unsafe { $set1(x as $cast) })
            }
            #[inline(always)]
            fn load(s: &[$e]) -> Self {
                let s = &s[..$w];
                // SAFETY: `s` holds the 64 bytes read (unaligned load).
                Self(unsafe { _mm512_loadu_si512(s.as_ptr().cast()) })
            }
            #[inline(always)]
            fn store(self, s: &mut [$e]) {
                let s = &mut s[..$w];
                // SAFETY: `s` holds the 64 bytes written.
                unsafe { _mm512_storeu_si512(s.as_mut_ptr().cast(), self.0) }
            }
            #[inline(always)]
            fn min(self, other: Self) -> Self {
                // SAFETY: AVX-512 (F), see the macro's docs.
                Self(unsafe { $min(self.0, other.0) })
            }
            #[inline(always)]
            fn max(self, other: Self) -> Self {
                // SAFETY: AVX-512 (F), see the macro's docs.
                Self(unsafe { $max(self.0, other.0) })
            }
            #[inline(always)]
            fn swap_lanes(self, j: usize) -> Self {
                // SAFETY: AVX-512 (F), see the macro's docs.
                Self(unsafe { $perm(_mm512_xor_si512($iota, $set1(j as $cast)), self.0) })
            }
            #[inline(always)]
            fn shuffle2(self, other: Self, idx: &[u8; 16]) -> Self {
                let mut t = [0 as $cast; $w];
                for (t, &i) in t.iter_mut().zip(idx.iter()) {
                    *t = i as $cast;
                }
                // SAFETY: AVX-512 (F); `t` holds the 64 bytes read.
                Self(unsafe { $perm2(self.0, _mm512_loadu_si512(t.as_ptr().cast()), other.0) })
            }
            #[inline(always)]
            fn blend(self, other: Self, take: u64) -> Self {
                // SAFETY: AVX-512 (F), see the macro's docs.
                Self(unsafe { $blend(take as $mask, self.0, other.0) })
            }
            #[inline(always)]
            fn below(self, pivot: Self) -> u64 {
                // SAFETY: AVX-512 (F), see the macro's docs.
                u64::from(unsafe { $lt(self.0, pivot.0) })
            }
            #[inline(always)]
            fn store_selected(self, take: u64, dst: &mut [$e]) {
                let n = dst.len();
                assert_eq!(n, take.count_ones() as usize);
                // SAFETY: `dst` holds the `n` values written.
                unsafe { self.store_selected_to(take, n, dst.as_mut_ptr()) }
            }
            #[inline(always)]
            fn prefetch(p: *const $e) {
                // SAFETY: a prefetch hint never faults.
                unsafe { core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(p.cast()) }
            }
            #[inline(always)]
            unsafe fn load_from(src: *const $e) -> Self {
                // SAFETY: AVX-512 (F); the caller's: 64 bytes to read.
                Self(unsafe { _mm512_loadu_si512(src.cast()) })
            }
            #[inline(always)]
            unsafe fn store_selected_to(self, take: u64, n: usize, dst: *mut $e) {
                debug_assert_eq!(n, take.count_ones() as usize);
                let first = ((1_u32 << n) - 1) as $mask;
                // SAFETY: AVX-512 (F); the masked store writes the first `n`
                // lanes only, which the caller lets it write (`n <= W`).
                unsafe {
                    let packed = $compress(take as $mask, self.0);
                    $store(dst.cast(), first, packed);
                }
            }
            #[inline(always)]
            unsafe fn split_to(self, below: u64, k: usize, left: *mut $e, right_end: *mut $e) {
                let b = below as u16;
                // SAFETY: AVX-512 (F), see the macro's docs.
                let above = unsafe { knot(b) };
                let n = $w - k;
                // SAFETY: AVX-512 (F); the caller's: `left[..W]` may be
                // written whole (the lanes past the `k` below the pivot are
                // the vector's own), `right_end[-(W − k)..]` exactly.
                unsafe {
                    let lo = $mcompress(self.0, b as $mask, self.0);
                    _mm512_storeu_si512(left.cast(), lo);
                    let hi = $compress(above as $mask, self.0);
                    $store(right_end.sub(n).cast(), ((1_u32 << $w) - 1 >> k) as $mask, hi);
                }
            }
        }
    };
}

lanes!(
    U32x16,
    u32,
    16,
    16,
    u16,
    _mm512_set1_epi32,
    i32,
    _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
    _mm512_min_epu32,
    _mm512_max_epu32,
    _mm512_permutexvar_epi32,
    _mm512_permutex2var_epi32,
    _mm512_mask_blend_epi32,
    _mm512_cmplt_epu32_mask,
    _mm512_maskz_compress_epi32,
    _mm512_mask_compress_epi32,
    _mm512_mask_storeu_epi32
);
lanes!(
    U64x8,
    u64,
    8,
    32,
    u8,
    _mm512_set1_epi64,
    i64,
    _mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7),
    _mm512_min_epu64,
    _mm512_max_epu64,
    _mm512_permutexvar_epi64,
    _mm512_permutex2var_epi64,
    _mm512_mask_blend_epi64,
    _mm512_cmplt_epu64_mask,
    _mm512_maskz_compress_epi64,
    _mm512_mask_compress_epi64,
    _mm512_mask_storeu_epi64
);
