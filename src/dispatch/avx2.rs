//! The AVX2 copy of the kernels (with FMA): [`map_avx2`] and [`run_avx2`],
//! the same Rust as the baseline copy compiled with AVX2 and FMA enabled, and
//! its [`Isa`](super::Isa) (the fused product, four `f64` lanes in a YMM
//! register).

use core::arch::x86_64::{
    __m256d, _mm_cvtsd_f64, _mm_fmsub_sd, _mm_loadu_ps, _mm_set_sd,
    _mm256_add_pd, _mm256_andnot_pd, _mm256_cvtps_pd, _mm256_fmadd_pd, _mm256_fmsub_pd,
    _mm256_fnmadd_pd, _mm256_loadu_pd, _mm256_max_pd, _mm256_min_pd, _mm256_mul_pd,
    _mm256_set1_pd, _mm256_storeu_pd, _mm256_sub_pd,
};

/// [`super::map_each`] compiled with AVX2 and FMA enabled.
///
/// # Safety
///
/// The CPU must support AVX2 and FMA and the OS must save the YMM
/// registers: [`super::width`] returned at least `Width::Avx2`.
#[target_feature(enable = "avx2,fma")]
#[inline]
pub(super) unsafe fn map_avx2<const CHUNK: usize, S: Copy, D>(
    src: &[S],
    dst: &mut [D],
    f: &impl Fn(S) -> D,
) {
    super::map_each::<CHUNK, S, D>(src, dst, f);
}

/// `kernel.run()` compiled with AVX2 and FMA enabled.
///
/// # Safety
///
/// As [`map_avx2`].
#[target_feature(enable = "avx2,fma")]
#[inline]
pub(super) unsafe fn run_avx2<K: super::Kernel>(kernel: K) -> K::Output {
    kernel.run::<Avx2>()
}

/// The level of [`run_avx2`]: only ever built into it.
struct Avx2;

impl super::Isa for Avx2 {
    #[allow(clippy::inline_always)] // built into `run_avx2`
    #[inline(always)]
    fn two_product(x: f64, y: f64) -> (f64, f64) {
        let p = x * y;
        // SAFETY: `Avx2` is private to this module and only `run_avx2`,
        // built with FMA for CPUs that have it, runs kernels with it; this
        // function is inlined there.
        let e =
            unsafe { _mm_cvtsd_f64(_mm_fmsub_sd(_mm_set_sd(x), _mm_set_sd(y), _mm_set_sd(p))) };
        (p, e)
    }
    const FMA: bool = true;
    type Quad = Quad256;
}

/// Four `f64` lanes in a YMM register.
#[derive(Clone, Copy)]
pub(super) struct Quad256(__m256d);

// The intrinsics below need AVX and FMA, which the copy that uses this
// type (`run_avx2`) is compiled for and runs only where CPUID reports them.
impl super::Quad for Quad256 {
    #[allow(clippy::inline_always)] // built into `run_avx2`
    #[inline(always)]
    fn splat(x: f64) -> Self {
        // SAFETY: AVX and FMA (see above).
        Self(unsafe { _mm256_set1_pd(x) })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn load(s: &[f64]) -> Self {
        let s = &s[..4];
        // SAFETY: AVX (see above); `s` holds four `f64`s.
        Self(unsafe { _mm256_loadu_pd(s.as_ptr()) })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn load_f32(s: &[f32]) -> Self {
        let s = &s[..4];
        // SAFETY: AVX (see above); `s` holds four `f32`s.
        Self(unsafe { _mm256_cvtps_pd(_mm_loadu_ps(s.as_ptr())) })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn lanes(self) -> [f64; 4] {
        let mut out = [0.0; 4];
        // SAFETY: AVX (see above); `out` holds four `f64`s.
        unsafe { _mm256_storeu_pd(out.as_mut_ptr(), self.0) };
        out
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        // SAFETY: AVX and FMA (see above).
        Self(unsafe { _mm256_add_pd(self.0, o.0) })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        // SAFETY: AVX and FMA (see above).
        Self(unsafe { _mm256_sub_pd(self.0, o.0) })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn add_on_fma(self, o: Self, one: Self) -> Self {
        // SAFETY: AVX and FMA (see above).
        Self(unsafe { _mm256_fmadd_pd(self.0, one.0, o.0) })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn sub_on_fma(self, o: Self, one: Self) -> Self {
        // SAFETY: AVX and FMA (see above).
        Self(unsafe { _mm256_fnmadd_pd(o.0, one.0, self.0) })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn two_product(self, o: Self) -> (Self, Self) {
        // SAFETY: AVX and FMA (see above).
        let p = unsafe { _mm256_mul_pd(self.0, o.0) };
        // SAFETY: AVX and FMA (see above).
        (Self(p), Self(unsafe { _mm256_fmsub_pd(self.0, o.0, p) }))
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        // SAFETY: AVX and FMA (see above).
        Self(unsafe { _mm256_mul_pd(self.0, o.0) })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn abs(self) -> Self {
        // SAFETY: AVX and FMA (see above).
        Self(unsafe { _mm256_andnot_pd(_mm256_set1_pd(-0.0), self.0) })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        // SAFETY: AVX and FMA (see above).
        Self(unsafe { _mm256_min_pd(self.0, o.0) })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        // SAFETY: AVX and FMA (see above).
        Self(unsafe { _mm256_max_pd(self.0, o.0) })
    }
}
