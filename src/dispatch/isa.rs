//! What a kernel's copy does in its own instructions ([`Isa`]), with the same
//! results in every copy, and the build's own copy ([`Baseline`]).

/// The operations a copy does in its own instructions, with the same results in
/// every copy (where their documented conditions hold).
pub(crate) trait Isa {
    /// `(p, e)` with `p = x · y` rounded to nearest even and `e = x · y − p`
    /// exactly, when `|x|, |y| ≤ 2^995`, `p` is finite and `|p| ≥ 2^−968` (or a
    /// factor is zero, where `e = ±0`); otherwise unspecified, and possibly
    /// different between copies (the callers check these conditions and take
    /// another path when they fail).
    fn two_product(x: f64, y: f64) -> (f64, f64);
    /// Whether [`two_product`](Self::two_product) is a fused multiply-add
    /// (exact for factors of any size where `p` is finite and `|p| ≥ 2^−968`).
    const FMA: bool;
    /// Four `f64` lanes in the copy's registers, for loops the compiler does
    /// not vectorize by itself (several accumulators a lane).
    type Quad: Quad;
}

/// Four `f64` lanes: each operation is the IEEE operation lane by lane, rounded
/// to nearest even, so every copy's results are the same.
pub(crate) trait Quad: Copy {
    /// Every lane `x`.
    fn splat(x: f64) -> Self;
    /// `s[..4]` (`s` has at least four values).
    fn load(s: &[f64]) -> Self;
    /// `s[..4]` (`s` has at least four values), each widened to `f64`.
    fn load_f32(s: &[f32]) -> Self;
    /// The lanes.
    fn lanes(self) -> [f64; 4];
    /// `self + o`.
    fn add(self, o: Self) -> Self;
    /// `self − o`.
    fn sub(self, o: Self) -> Self;
    /// `self + o` on the multiply-add units where the copy has them
    /// (`self · one + o`, with `one` a 1 the compiler cannot see, or it would
    /// make an addition of it again): a loop of additions spreads over both
    /// kinds of units. `one` must be 1.
    fn add_on_fma(self, o: Self, one: Self) -> Self;
    /// `self − o`, as [`add_on_fma`](Self::add_on_fma) does (`self − o · one`).
    fn sub_on_fma(self, o: Self, one: Self) -> Self;
    /// [`Isa::two_product`] lane by lane.
    fn two_product(self, o: Self) -> (Self, Self);
    /// `self · o`.
    fn mul(self, o: Self) -> Self;
    /// `|self|`.
    fn abs(self) -> Self;
    /// The smaller of `self` and `o`, either where a lane is NaN.
    fn min(self, o: Self) -> Self;
    /// The larger of `self` and `o`, either where a lane is NaN.
    fn max(self, o: Self) -> Self;
}

impl Quad for [f64; 4] {
    #[allow(clippy::inline_always)] // built into each kernel
    #[inline(always)]
    fn splat(x: f64) -> Self {
        [x; 4]
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn load(s: &[f64]) -> Self {
        [s[0], s[1], s[2], s[3]]
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn load_f32(s: &[f32]) -> Self {
        [s[0], s[1], s[2], s[3]].map(f64::from)
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn lanes(self) -> [f64; 4] {
        self
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        core::array::from_fn(|i| self[i] + o[i])
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        core::array::from_fn(|i| self[i] - o[i])
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn add_on_fma(self, o: Self, _one: Self) -> Self {
        self.add(o)
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn sub_on_fma(self, o: Self, _one: Self) -> Self {
        self.sub(o)
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn two_product(self, o: Self) -> (Self, Self) {
        let pe: [(f64, f64); 4] = core::array::from_fn(|i| Baseline::two_product(self[i], o[i]));
        (pe.map(|(p, _)| p), pe.map(|(_, e)| e))
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        core::array::from_fn(|i| self[i] * o[i])
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn abs(self) -> Self {
        self.map(|x| f64::from_bits(x.to_bits() & !(1 << 63)))
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn min(self, o: Self) -> Self {
        // `minpd`'s form (`f64::min` would pick the number over a NaN, more
        // instructions).
        core::array::from_fn(|i| if self[i] < o[i] { self[i] } else { o[i] })
    }
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn max(self, o: Self) -> Self {
        core::array::from_fn(|i| if self[i] > o[i] { self[i] } else { o[i] })
    }
}

/// The build's target features: Dekker's product with Veltkamp's split, or a
/// fused multiply-add where the whole build has FMA.
pub(crate) struct Baseline;

/// `2^27 + 1`: Veltkamp's splitter for `f64`.
#[cfg(not(all(target_arch = "x86_64", target_feature = "fma", not(miri))))]
const SPLIT: f64 = 134_217_729.0;

impl Isa for Baseline {
    #[allow(clippy::inline_always)] // built into each kernel
    #[inline(always)]
    fn two_product(x: f64, y: f64) -> (f64, f64) {
        let p = x * y;
        // A build with FMA for every function (`-C target-cpu=native` on a CPU
        // with it, or `-C target-feature=+fma`): the AVX2 copy is not built
        // then, and this one is the fused multiply-add of the AVX2 copy (the
        // split below cost the `f64` dot 1.3–2× its time on a Zen 4).
        #[cfg(all(target_arch = "x86_64", target_feature = "fma", not(miri)))]
        let e = {
            use core::arch::x86_64::{_mm_cvtsd_f64, _mm_fmsub_sd, _mm_set_sd};
            // SAFETY: the `cfg`: the whole build has FMA (and SSE2), so every
            // CPU it runs on has them.
            unsafe { _mm_cvtsd_f64(_mm_fmsub_sd(_mm_set_sd(x), _mm_set_sd(y), _mm_set_sd(p))) }
        };
        // Veltkamp's split (exact while SPLIT · x does not overflow) and
        // Dekker's product of the halves (exact while the error is not below
        // the smallest subnormal's grid).
        #[cfg(not(all(target_arch = "x86_64", target_feature = "fma", not(miri))))]
        let e = {
            let (cx, cy) = (SPLIT * x, SPLIT * y);
            let (xh, yh) = (cx - (cx - x), cy - (cy - y));
            let (xl, yl) = (x - xh, y - yh);
            ((xh * yh - p) + xh * yl + xl * yh) + xl * yl
        };
        (p, e)
    }
    const FMA: bool = cfg!(all(
        target_arch = "x86_64",
        target_feature = "fma",
        not(miri)
    ));
    type Quad = [f64; 4];
}
