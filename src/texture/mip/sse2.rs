//! [`mean_skipping_nan`]'s common case in SSE2 vectors, one channel a lane.
//!
//! Each channel is the weighted mean `Σ cᵢ·wᵢ / Σ wᵢ` over the entries whose
//! value and weight are both non-NaN, with `wᵢ` the entry's alpha for straight
//! colour and 1 otherwise (alpha, premultiplied colour): then `Σ wᵢ` is the count
//! of the non-NaN entries and `Σ cᵢ·1` their sum, so the one formula gives every
//! channel. It is the same sum, term by term and in the same order, as
//! [`mean_skipping_nan`]'s, so the same `f64` and `f32` results. When some
//! channel's `Σ wᵢ` is zero (no entry kept, or alphas that sum to 0) the plain
//! mean or the first entry's NaN is due instead: `None`, and the caller falls
//! back to the per-channel form.
//!
//! Skipped entries are masked, never branched on: one adds −0 · +0 = −0 to
//! `Σ cᵢ·wᵢ`, the identity, as the per-channel form does, and +0 to `Σ wᵢ`,
//! where the per-channel form adds −0: the sign of a zero partial sum never
//! changes a nonzero total, and a zero `Σ wᵢ` is never divided by. Written with
//! intrinsics because LLVM turned the portable form's selects into branches
//! and did not vectorize it (measurements: BENCHMARKS.md).

use super::AlphaMode;
use core::arch::x86_64::{
    __m128d, _mm_add_pd, _mm_and_ps, _mm_andnot_ps, _mm_castsi128_ps, _mm_cmpeq_pd,
    _mm_cmpord_ps, _mm_cvtpd_ps, _mm_cvtps_pd, _mm_div_pd, _mm_movehl_ps, _mm_movelh_ps,
    _mm_movemask_pd, _mm_mul_pd, _mm_or_pd, _mm_or_ps, _mm_set_epi32, _mm_set_ps, _mm_set1_pd,
    _mm_set1_ps, _mm_setzero_pd, _mm_setzero_ps, _mm_shuffle_ps, _mm_storeu_ps,
};

/// The weighted mean of each channel of `p` (as this module's docs say), or
/// `None` when a channel's sum of weights is zero.
#[inline]
pub(super) fn weighted_mean(p: [[f32; 4]; 4], alpha: AlphaMode) -> Option<[f32; 4]> {
    let mut mean = [0.0f32; 4];
    // SAFETY: SSE2 is enabled for the whole build (the `cfg` above), so every
    // intrinsic may run (Rust before 1.87 requires `unsafe` for each);
    // `_mm_storeu_ps` writes the 16 bytes of `mean`, which need no alignment.
    unsafe {
        // All ones in the lanes weighted by alpha.
        let by_alpha = match alpha {
            AlphaMode::Straight => _mm_castsi128_ps(_mm_set_epi32(0, -1, -1, -1)),
            AlphaMode::Premultiplied => _mm_setzero_ps(),
        };
        let (one, minus_zero) = (_mm_set1_ps(1.0), _mm_set1_ps(-0.0));
        // Lanes 0 and 1, then 2 and 3.
        let mut weighted: [__m128d; 2] = [_mm_set1_pd(-0.0); 2];
        let mut weight: [__m128d; 2] = [_mm_setzero_pd(); 2];
        for t in p {
            let c = _mm_set_ps(t[3], t[2], t[1], t[0]);
            let a = _mm_shuffle_ps::<0xFF>(c, c);
            let w = _mm_or_ps(_mm_and_ps(by_alpha, a), _mm_andnot_ps(by_alpha, one));
            // All ones where neither the value nor its weight is NaN.
            let kept = _mm_cmpord_ps(c, w);
            let c = _mm_or_ps(_mm_and_ps(kept, c), _mm_andnot_ps(kept, minus_zero));
            let w = _mm_and_ps(kept, w);
            let c = [_mm_cvtps_pd(c), _mm_cvtps_pd(_mm_movehl_ps(c, c))];
            let w = [_mm_cvtps_pd(w), _mm_cvtps_pd(_mm_movehl_ps(w, w))];
            for h in 0..2 {
                weighted[h] = _mm_add_pd(weighted[h], _mm_mul_pd(c[h], w[h]));
                weight[h] = _mm_add_pd(weight[h], w[h]);
            }
        }
        let zero = _mm_setzero_pd();
        let unweighted =
            _mm_or_pd(_mm_cmpeq_pd(weight[0], zero), _mm_cmpeq_pd(weight[1], zero));
        if _mm_movemask_pd(unweighted) != 0 {
            return None;
        }
        let low = _mm_cvtpd_ps(_mm_div_pd(weighted[0], weight[0]));
        let high = _mm_cvtpd_ps(_mm_div_pd(weighted[1], weight[1]));
        _mm_storeu_ps(mean.as_mut_ptr(), _mm_movelh_ps(low, high));
    }
    Some(mean)
}
