//! The vector kernels, written once as plain Rust and compiled twice on x86-64:
//! for the build's target features (SSE2 by default) and for AVX2, picked at run
//! time from CPUID (AVX2 and FMA: every CPU with AVX2 but some virtual ones has
//! both). The two copies are the same Rust code and do the same IEEE operations
//! (Rust never fuses a multiply and an add), so their results are identical; only
//! the vector width differs. Two entries: [`map`], the element-wise slice loops
//! of the formats (`decode_slice`, `encode_slice`), and [`vectorized`], any
//! [`Kernel`] (the exact sums' slice loop, `sum/kernel.rs`). A kernel may also
//! ask its copy's [`Level`] for an operation whose instructions differ between
//! copies but whose result does not (the exact error of a product: one fused
//! multiply-add with FMA, Dekker's seventeen operations without; [`Quad`], four
//! `f64` lanes for loops the compiler does not vectorize, whose additions may
//! run on the multiply-add units as `x · 1 + y`, the same sum). [`prefetch`]
//! asks for cache lines ahead of a loop (x86-64; nothing elsewhere).
//!
//! Elsewhere there is one copy: other architectures; soft-float x86-64 targets
//! without SSE2 (`x86_64-unknown-none`, UEFI, kernels: there CPUID describes a vector
//! state the code may not touch, and rustc rejects AVX code); SGX; Miri; a build
//! that already enables AVX2; and `--cfg normkey_baseline`, which CI uses to test
//! the baseline copy on x86-64.
//!
//! The sort's kernels (`sort/vector/`) are written in intrinsics instead, for
//! AVX-512 (F): [`width`] says which of the copies may run, [`Width::Avx512`]
//! where the CPU has AVX-512 and the OS saves the ZMM registers.
//!
//! CPUID is read once: the answer is cached in an atomic byte, so a call costs
//! one relaxed load and a branch. [`cap`] (a test hook: `normkey::__dispatch`)
//! lowers the widest level the kernels may use, so that the tests run every
//! copy on a machine that has the widest; every copy gives the same results.

use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

use crate::key::assert_same_len;

/// The vector instructions a kernel may use, narrowest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub enum Width {
    /// The build's target features only (SSE2 on x86-64 by default).
    Baseline = 0,
    /// AVX2 and FMA.
    Avx2 = 1,
    /// AVX-512 (F) as well.
    Avx512 = 2,
}

/// The widest [`Width`] the kernels may use: the test hook's cap.
static CAP: AtomicU8 = AtomicU8::new(Width::Avx512 as u8);

/// Lets the kernels use at most `width` (all of them: [`Width::Avx512`], the
/// default). A test hook: the results are the same at every width, only the
/// instructions differ. Affects every thread.
pub fn cap(width: Width) {
    CAP.store(width as u8, Relaxed);
}

/// The widest level the CPU has, within the [`cap`].
#[inline]
pub(crate) fn width() -> Width {
    let cap = CAP.load(Relaxed);
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "sse2",
        not(target_feature = "avx2"),
        not(target_env = "sgx"),
        not(miri),
        not(normkey_baseline)
    ))]
    {
        let has = avx2::detected();
        if has >= Width::Avx512 as u8 && cap >= Width::Avx512 as u8 {
            return Width::Avx512;
        }
        if has >= Width::Avx2 as u8 && cap >= Width::Avx2 as u8 {
            return Width::Avx2;
        }
    }
    let _ = cap;
    Width::Baseline
}

/// `dst[i] = f(src[i])` for every `i`, walking `CHUNK` elements per step (a hint
/// to the vectorizer; see `storage/scalar.rs`), in the widest vector instructions the CPU
/// has.
///
/// # Panics
///
/// If `src.len() != dst.len()`.
#[inline]
#[track_caller]
pub(crate) fn map<const CHUNK: usize, S: Copy, D>(src: &[S], dst: &mut [D], f: impl Fn(S) -> D) {
    assert_same_len(src.len(), dst.len());
    // The same condition as on `mod avx2` (if they drift apart, the build fails:
    // `avx2` not found, or `avx2` unused under `-D warnings`).
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "sse2",
        not(target_feature = "avx2"),
        not(target_env = "sgx"),
        not(miri),
        not(normkey_baseline)
    ))]
    if width() >= Width::Avx2 {
        // SAFETY: the CPU has AVX2 and FMA and the OS saves the YMM registers
        // (checked by `detected`); `map_avx2`'s only requirement.
        unsafe { avx2::map_avx2::<CHUNK, S, D>(src, dst, f) };
        return;
    }
    map_each::<CHUNK, S, D>(src, dst, f);
}

/// A hint that `xs[start..start + len]` will be read soon: the cache lines it
/// touches are fetched (on x86-64; elsewhere nothing). Out-of-range parts are
/// ignored.
#[allow(clippy::inline_always)] // built into each kernel
#[inline(always)]
pub(crate) fn prefetch<T>(xs: &[T], start: usize, len: usize) {
    #[cfg(all(target_arch = "x86_64", target_feature = "sse", not(miri)))]
    {
        use core::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let Some(part) = xs.get(start..xs.len().min(start + len)) else {
            return;
        };
        let bytes = core::mem::size_of_val(part);
        let p = part.as_ptr().cast::<i8>();
        let mut at = 0;
        while at < bytes {
            // SAFETY: a prefetch never faults, and `p + at` is within `part`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(p.add(at)) };
            at += 64;
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "sse", not(miri))))]
    let _ = (xs, start, len);
}

/// A loop to compile once per vector level: its `run` must be
/// `#[inline(always)]`, and so must everything in it that should be built for
/// the level (a closure could not be: a closure is its own function, compiled for
/// the build's target features only).
pub(crate) trait Kernel {
    /// What the loop returns.
    type Output;
    /// The loop, in the copy of level `L`.
    fn run<L: Level>(self) -> Self::Output;
}

/// The operations a copy does in its own instructions, with the same results in
/// every copy (where their documented conditions hold).
pub(crate) trait Level {
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
    /// [`Level::two_product`] lane by lane.
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

impl Level for Baseline {
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

/// `kernel.run()`, compiled for AVX2 when the CPU has it, else as the build's
/// target features say. The same conditions as [`map`].
#[inline]
pub(crate) fn vectorized<K: Kernel>(kernel: K) -> K::Output {
    #[cfg(all(
        target_arch = "x86_64",
        target_feature = "sse2",
        not(target_feature = "avx2"),
        not(target_env = "sgx"),
        not(miri),
        not(normkey_baseline)
    ))]
    if width() >= Width::Avx2 {
        // SAFETY: the CPU has AVX2 and FMA and the OS saves the YMM registers
        // (checked by `detected`); `run_avx2`'s only requirement.
        return unsafe { avx2::run_avx2(kernel) };
    }
    kernel.run::<Baseline>()
}

/// The loop itself, inlined into each copy so that each is vectorized for its own
/// target features.
#[allow(clippy::inline_always)] // must be inlined into `map_avx2` to be built for AVX2
#[inline(always)]
fn map_each<const CHUNK: usize, S: Copy, D>(src: &[S], dst: &mut [D], f: impl Fn(S) -> D) {
    let mut dst = dst.chunks_exact_mut(CHUNK);
    let mut src = src.chunks_exact(CHUNK);
    for (d, s) in (&mut dst).zip(&mut src) {
        for (d, &s) in d.iter_mut().zip(s) {
            *d = f(s);
        }
    }
    for (d, &s) in dst.into_remainder().iter_mut().zip(src.remainder()) {
        *d = f(s);
    }
}

/// The AVX2 copy (with FMA) and its CPUID check.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "sse2",
    not(target_feature = "avx2"),
    not(target_env = "sgx"),
    not(miri),
    not(normkey_baseline)
))]
mod avx2 {
    use super::{AtomicU8, Relaxed};
    use core::arch::x86_64::{
        __cpuid, __cpuid_count, __m256d, _mm_cvtsd_f64, _mm_fmsub_sd, _mm_loadu_ps, _mm_set_sd,
        _mm256_add_pd, _mm256_andnot_pd, _mm256_cvtps_pd, _mm256_fmadd_pd, _mm256_fmsub_pd,
        _mm256_fnmadd_pd, _mm256_loadu_pd, _mm256_max_pd, _mm256_min_pd, _mm256_mul_pd,
        _mm256_set1_pd, _mm256_storeu_pd, _mm256_sub_pd, _xgetbv,
    };

    /// [`super::map_each`] compiled with AVX2 and FMA enabled.
    ///
    /// # Safety
    ///
    /// The CPU must support AVX2 and FMA and the OS must save the YMM
    /// registers, i.e. [`detected`] returned at least `Width::Avx2`.
    #[target_feature(enable = "avx2,fma")]
    #[inline]
    pub(super) unsafe fn map_avx2<const CHUNK: usize, S: Copy, D>(
        src: &[S],
        dst: &mut [D],
        f: impl Fn(S) -> D,
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

    impl super::Level for Avx2 {
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

    /// Not yet read.
    const UNKNOWN: u8 = u8::MAX;

    /// The cached answer of [`detect`].
    static WIDTH: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// The widest [`super::Width`] the CPU and OS support, as its `u8`.
    /// Reads CPUID on the first call only; races are harmless (every thread
    /// computes the same answer).
    #[inline]
    pub(super) fn detected() -> u8 {
        match WIDTH.load(Relaxed) {
            UNKNOWN => {
                let w = detect() as u8;
                WIDTH.store(w, Relaxed);
                w
            }
            w => w,
        }
    }

    /// For AVX2: the checks `std::is_x86_feature_detected!("avx2")` and
    /// `("fma")` make, without `std`, and slightly stricter: CPUID leaf 1 ECX
    /// bit 12 (FMA), bit 27 (OSXSAVE, which implies XSAVE) and bit 28 (AVX,
    /// which std does not require for AVX2), XCR0 bits 1 and 2 (the OS saves
    /// the XMM and YMM state), and CPUID leaf 7 EBX bit 5 (AVX2). For AVX-512
    /// (F) as well: leaf 7 EBX bit 16 and XCR0 bits 5 to 7 (the opmask and ZMM
    /// state).
    #[cold]
    fn detect() -> super::Width {
        use super::Width;
        // `__cpuid`/`__cpuid_count` are unsafe fns in older Rust (the MSRV's
        // included) and safe in newer, where the block is redundant.
        #[allow(unused_unsafe)]
        // SAFETY: CPUID exists on every x86-64 CPU (this module is not built for
        // SGX, where it traps); leaf 0 gives the highest valid leaf.
        let (max_leaf, leaf1) = unsafe { (__cpuid(0).eax, __cpuid(1)) };
        let fma_osxsave_avx = (1 << 12) | (1 << 27) | (1 << 28);
        if max_leaf < 7 || leaf1.ecx & fma_osxsave_avx != fma_osxsave_avx {
            return Width::Baseline;
        }
        // SAFETY: OSXSAVE is set, so the CPU has XSAVE and the OS enabled XGETBV;
        // XCR0 (index 0) is always readable then.
        let xcr0 = unsafe { _xgetbv(0) };
        #[allow(unused_unsafe)]
        // SAFETY: as above; leaf 7 is valid (max_leaf ≥ 7).
        let leaf7 = unsafe { __cpuid_count(7, 0) };
        if xcr0 & 0b110 != 0b110 || leaf7.ebx & (1 << 5) == 0 {
            Width::Baseline
        } else if xcr0 & 0b1110_0000 == 0b1110_0000 && leaf7.ebx & (1 << 16) != 0 {
            Width::Avx512
        } else {
            Width::Avx2
        }
    }
}
