//! [`Lanes`] on AVX2: 8 × `u32` and 4 × `u64` in a YMM register. AVX2 has no
//! compress and no unsigned comparison: the selected lanes are gathered to the
//! front by a permutation from a table (one entry per mask), the 32-bit
//! comparisons are signed ones with the sign bits flipped, the 64-bit lanes
//! hold their values with the top bit flipped (so that a signed comparison
//! orders them: [`Lanes::SIGNED`]), and the 64-bit minima and maxima are
//! blends by such a comparison.

#![allow(
    clippy::cast_possible_wrap, // lanes as the intrinsics' signed types
    clippy::cast_possible_truncation, // lane indices and masks
    clippy::cast_sign_loss, // movemask's bits
    clippy::inline_always // each method built into its level's entry point
)]

use core::arch::x86_64::{
    __m256i, _mm256_and_si256, _mm256_blendv_epi8, _mm256_castsi256_pd, _mm256_castsi256_ps,
    _mm256_cmpeq_epi32, _mm256_cmpeq_epi64, _mm256_cmpgt_epi32, _mm256_cmpgt_epi64,
    _mm256_loadu_si256, _mm256_maskstore_epi32, _mm256_maskstore_epi64, _mm256_max_epu32,
    _mm256_min_epu32, _mm256_movemask_pd, _mm256_movemask_ps, _mm256_permutevar8x32_epi32,
    _mm256_set1_epi32, _mm256_set1_epi64x, _mm256_setr_epi32, _mm256_setr_epi64x,
    _mm256_storeu_si256, _mm256_xor_si256,
};

use crate::sort::engine::vector::Lanes;

entry_points!("avx2,popcnt", "AVX2", U32x8, U64x4);

/// For each mask of 8 lanes, the permutation that gathers the lanes whose bit
/// is set to the front, in lane order.
static GATHER_8: [[u32; 8]; 256] = gather_table::<8, 256>(1);

/// For each mask of 4 lanes of 64 bits, the same as pairs of 32-bit indices.
static GATHER_4: [[u32; 8]; 16] = gather_table::<4, 16>(2);

/// The gather permutations of `W` lanes of `width` 32-bit words each.
const fn gather_table<const W: usize, const M: usize>(width: u32) -> [[u32; 8]; M] {
    let mut table = [[0; 8]; M];
    let mut mask = 0;
    while mask < M {
        let mut at = 0;
        let mut lane = 0;
        while lane < W {
            if mask >> lane & 1 != 0 {
                let mut word = 0;
                while word < width {
                    table[mask][at] = lane as u32 * width + word;
                    at += 1;
                    word += 1;
                }
            }
            lane += 1;
        }
        mask += 1;
    }
    table
}

/// For each mask of 8 lanes, the permutation that puts the lanes whose bit is
/// set first and the others after them.
static SPLIT_8: [[u32; 8]; 256] = split_table::<8, 256>(1);

/// For each mask of 4 lanes of 64 bits, the same as pairs of 32-bit indices.
static SPLIT_4: [[u32; 8]; 16] = split_table::<4, 16>(2);

/// The split permutations of `W` lanes of `width` 32-bit words each: the
/// gather of the set lanes, then the gather of the clear ones.
const fn split_table<const W: usize, const M: usize>(width: u32) -> [[u32; 8]; M] {
    let set = gather_table::<W, M>(width);
    let mut table = [[0; 8]; M];
    let mut mask = 0;
    while mask < M {
        let count = (mask as u32).count_ones() * width;
        let clear = set[!mask & (M - 1)];
        let mut i = 0;
        while i < 8 {
            table[mask][i] = if (i as u32) < count {
                set[mask][i]
            } else {
                clear[i - count as usize]
            };
            i += 1;
        }
        mask += 1;
    }
    table
}

/// Eight −1s then eight 0s: the masked store's first `n` lanes start at
/// `8 − n`.
static FIRST: [i32; 16] = [-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0];

/// 8 × `u32`.
#[derive(Clone, Copy)]
struct U32x8(__m256i);

/// 4 × `u64`, each with its top bit flipped (compared as signed integers:
/// [`Lanes::SIGNED`]).
#[derive(Clone, Copy)]
struct U64x4(__m256i);

// Every intrinsic call below is made only inside `sort_u32` and `sort_u64`
// (the methods are `#[inline(always)]`, the types private), which require AVX2.

impl Lanes for U32x8 {
    type E = u32;
    const W: usize = 8;
    const UNROLL: usize = 8;
    const COLUMNS: bool = true;
    const SIGNED: bool = false;
    const BLOCK: usize = 16;
    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY: AVX2, see above.
        Self(unsafe { _mm256_set1_epi32(x as i32) })
    }
    #[inline(always)]
    fn load(s: &[u32]) -> Self {
        let s = &s[..8];
        // SAFETY: `s` holds the 32 bytes read.
        unsafe { Self::load_from(s.as_ptr()) }
    }
    #[inline(always)]
    fn store(self, s: &mut [u32]) {
        let s = &mut s[..8];
        // SAFETY: `s` holds the 32 bytes written.
        unsafe { _mm256_storeu_si256(s.as_mut_ptr().cast(), self.0) }
    }
    #[inline(always)]
    fn min(self, other: Self) -> Self {
        // SAFETY: AVX2, see above.
        Self(unsafe { _mm256_min_epu32(self.0, other.0) })
    }
    #[inline(always)]
    fn max(self, other: Self) -> Self {
        // SAFETY: AVX2, see above.
        Self(unsafe { _mm256_max_epu32(self.0, other.0) })
    }
    #[inline(always)]
    fn swap_lanes(self, j: usize) -> Self {
        // SAFETY: AVX2, see above.
        Self(unsafe {
            let iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
            _mm256_permutevar8x32_epi32(self.0, _mm256_xor_si256(iota, _mm256_set1_epi32(j as i32)))
        })
    }
    #[inline(always)]
    fn blend(self, other: Self, take: u64) -> Self {
        // SAFETY: AVX2, see above.
        Self(unsafe {
            let bits = _mm256_setr_epi32(1, 2, 4, 8, 16, 32, 64, 128);
            let set = _mm256_and_si256(_mm256_set1_epi32(take as i32), bits);
            _mm256_blendv_epi8(self.0, other.0, _mm256_cmpeq_epi32(set, bits))
        })
    }
    #[inline(always)]
    fn below(self, pivot: Self) -> u64 {
        // SAFETY: AVX2, see above.
        unsafe {
            let sign = _mm256_set1_epi32(i32::MIN);
            let lt = _mm256_cmpgt_epi32(
                _mm256_xor_si256(pivot.0, sign),
                _mm256_xor_si256(self.0, sign),
            );
            u64::from(_mm256_movemask_ps(_mm256_castsi256_ps(lt)) as u32)
        }
    }
    #[inline(always)]
    fn store_selected(self, take: u64, dst: &mut [u32]) {
        let n = dst.len();
        assert_eq!(n, take.count_ones() as usize);
        // SAFETY: `dst` holds the `n` values written.
        unsafe { self.store_selected_to(take, n, dst.as_mut_ptr()) }
    }
    #[inline(always)]
    unsafe fn load_from(src: *const u32) -> Self {
        // SAFETY: AVX2; the caller's: 32 bytes to read.
        Self(unsafe { _mm256_loadu_si256(src.cast()) })
    }
    #[inline(always)]
    unsafe fn store_selected_to(self, take: u64, n: usize, dst: *mut u32) {
        debug_assert_eq!(n, take.count_ones() as usize);
        // SAFETY: AVX2; `take < 256` (8 lanes) indexes the table, `8 − n` the
        // masks (`n <= 8`); the masked store writes the first `n` lanes only,
        // which the caller lets it write.
        unsafe {
            let order = _mm256_loadu_si256(GATHER_8[take as usize].as_ptr().cast());
            let packed = _mm256_permutevar8x32_epi32(self.0, order);
            let first = _mm256_loadu_si256(FIRST[8 - n..].as_ptr().cast());
            _mm256_maskstore_epi32(dst.cast(), first, packed);
        }
    }
    #[inline(always)]
    unsafe fn split_to(self, below: u64, k: usize, left: *mut u32, right_end: *mut u32) {
        let _ = k;
        // SAFETY: AVX2; `below` indexes the table (one bit a lane); the
        // caller lets both whole vectors be written: the lanes below the
        // pivot first (the first `k` at `left`), the others last (the last
        // `W − k` before `right_end`).
        unsafe {
            let order = _mm256_loadu_si256(SPLIT_8[below as usize].as_ptr().cast());
            let split = _mm256_permutevar8x32_epi32(self.0, order);
            _mm256_storeu_si256(left.cast(), split);
            _mm256_storeu_si256(right_end.sub(8).cast(), split);
        }
    }
}

impl U64x4 {
    /// All ones in the lanes where `self > other` (signed: the sort holds
    /// its values with the top bit flipped, [`Lanes::SIGNED`]).
    #[inline(always)]
    fn greater(self, other: Self) -> __m256i {
        // SAFETY: AVX2, see above.
        unsafe { _mm256_cmpgt_epi64(self.0, other.0) }
    }
}

impl Lanes for U64x4 {
    type E = u64;
    const W: usize = 4;
    const UNROLL: usize = 8;
    const COLUMNS: bool = true;
    const SIGNED: bool = true;
    const BLOCK: usize = 16;
    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY: AVX2, see above.
        Self(unsafe { _mm256_set1_epi64x(x as i64) })
    }
    #[inline(always)]
    fn load(s: &[u64]) -> Self {
        let s = &s[..4];
        // SAFETY: `s` holds the 32 bytes read.
        unsafe { Self::load_from(s.as_ptr()) }
    }
    #[inline(always)]
    fn store(self, s: &mut [u64]) {
        let s = &mut s[..4];
        // SAFETY: `s` holds the 32 bytes written.
        unsafe { _mm256_storeu_si256(s.as_mut_ptr().cast(), self.0) }
    }
    #[inline(always)]
    fn min(self, other: Self) -> Self {
        // SAFETY: AVX2, see above.
        Self(unsafe { _mm256_blendv_epi8(self.0, other.0, self.greater(other)) })
    }
    #[inline(always)]
    fn max(self, other: Self) -> Self {
        // SAFETY: AVX2, see above.
        Self(unsafe { _mm256_blendv_epi8(other.0, self.0, self.greater(other)) })
    }
    #[inline(always)]
    fn swap_lanes(self, j: usize) -> Self {
        // SAFETY: AVX2, see above.
        Self(unsafe {
            let iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
            // Lane i of 64 bits is words 2i and 2i + 1: xor by 2j.
            let order = _mm256_xor_si256(iota, _mm256_set1_epi32(2 * j as i32));
            _mm256_permutevar8x32_epi32(self.0, order)
        })
    }
    #[inline(always)]
    fn blend(self, other: Self, take: u64) -> Self {
        // SAFETY: AVX2, see above.
        Self(unsafe {
            let bits = _mm256_setr_epi64x(1, 2, 4, 8);
            let set = _mm256_and_si256(_mm256_set1_epi64x(take as i64), bits);
            _mm256_blendv_epi8(self.0, other.0, _mm256_cmpeq_epi64(set, bits))
        })
    }
    #[inline(always)]
    fn below(self, pivot: Self) -> u64 {
        // SAFETY: AVX2, see above.
        u64::from(unsafe { _mm256_movemask_pd(_mm256_castsi256_pd(pivot.greater(self))) } as u32)
    }
    #[inline(always)]
    fn store_selected(self, take: u64, dst: &mut [u64]) {
        let n = dst.len();
        assert_eq!(n, take.count_ones() as usize);
        // SAFETY: `dst` holds the `n` values written.
        unsafe { self.store_selected_to(take, n, dst.as_mut_ptr()) }
    }
    #[inline(always)]
    unsafe fn load_from(src: *const u64) -> Self {
        // SAFETY: AVX2; the caller's: 32 bytes to read.
        Self(unsafe { _mm256_loadu_si256(src.cast()) })
    }
    #[inline(always)]
    unsafe fn store_selected_to(self, take: u64, n: usize, dst: *mut u64) {
        debug_assert_eq!(n, take.count_ones() as usize);
        // SAFETY: AVX2; `take < 16` (4 lanes) indexes the table, `8 − 2n` the
        // masks (`n <= 4`: two words a lane); the masked store writes the
        // first `n` lanes only, which the caller lets it write.
        unsafe {
            let order = _mm256_loadu_si256(GATHER_4[take as usize].as_ptr().cast());
            let packed = _mm256_permutevar8x32_epi32(self.0, order);
            let first = _mm256_loadu_si256(FIRST[8 - 2 * n..].as_ptr().cast());
            _mm256_maskstore_epi64(dst.cast(), first, packed);
        }
    }
    #[inline(always)]
    unsafe fn split_to(self, below: u64, k: usize, left: *mut u64, right_end: *mut u64) {
        let _ = k;
        // SAFETY: AVX2; `below` indexes the table (one bit a lane); the
        // caller lets both whole vectors be written: the lanes below the
        // pivot first (the first `k` at `left`), the others last (the last
        // `W − k` before `right_end`).
        unsafe {
            let order = _mm256_loadu_si256(SPLIT_4[below as usize].as_ptr().cast());
            let split = _mm256_permutevar8x32_epi32(self.0, order);
            _mm256_storeu_si256(left.cast(), split);
            _mm256_storeu_si256(right_end.sub(4).cast(), split);
        }
    }
}
