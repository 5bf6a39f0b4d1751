//! The vector kernels, written once as plain Rust and compiled twice on x86-64:
//! for the build's target features (SSE2 by default) and for AVX2, picked at run
//! time from CPUID. The two copies are the same Rust code and do the same IEEE
//! operations (Rust never fuses a multiply and an add), so their results are
//! identical; only the vector width differs. Two entries: [`map`], the
//! element-wise slice loops of the formats (`decode_slice`, `encode_slice`), and
//! [`vectorized`], any [`Kernel`] (the exact sums' slice loop, `sum/kernel.rs`).
//!
//! Elsewhere there is one copy: other architectures; soft-float x86-64 targets
//! without SSE2 (`x86_64-unknown-none`, UEFI, kernels: there CPUID describes a vector
//! state the code may not touch, and rustc rejects AVX code); SGX; Miri; a build
//! that already enables AVX2; and `--cfg normkey_baseline`, which CI uses to test
//! the baseline copy on x86-64.
//!
//! CPUID is read once: the answer is cached in an atomic byte, so a call costs
//! one relaxed load and a branch.

use crate::key::assert_same_len;

/// `dst[i] = f(src[i])` for every `i`, walking `CHUNK` elements per step (a hint
/// to the vectorizer; see `storage.rs`), in the widest vector instructions the CPU
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
    if avx2::detected() {
        // SAFETY: the CPU has AVX2 and the OS saves its registers (checked by
        // `detected`); `map_avx2`'s only requirement.
        unsafe { avx2::map_avx2::<CHUNK, S, D>(src, dst, f) };
        return;
    }
    map_each::<CHUNK, S, D>(src, dst, f);
}

/// A loop to compile once per vector level: its `run` must be
/// `#[inline(always)]`, and so must everything in it that should be built for
/// the level (a closure could not be: a closure is its own function, compiled for
/// the build's target features only).
pub(crate) trait Kernel {
    /// What the loop returns.
    type Output;
    /// The loop.
    fn run(self) -> Self::Output;
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
    if avx2::detected() {
        // SAFETY: the CPU has AVX2 and the OS saves its registers (checked by
        // `detected`); `run_avx2`'s only requirement.
        return unsafe { avx2::run_avx2(kernel) };
    }
    kernel.run()
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

/// The AVX2 copy and its CPUID check.
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "sse2",
    not(target_feature = "avx2"),
    not(target_env = "sgx"),
    not(miri),
    not(normkey_baseline)
))]
mod avx2 {
    use core::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv};
    use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

    /// [`super::map_each`] compiled with AVX2 enabled.
    ///
    /// # Safety
    ///
    /// The CPU must support AVX2 and the OS must save the YMM registers, i.e.
    /// [`detected`] returned `true`.
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) unsafe fn map_avx2<const CHUNK: usize, S: Copy, D>(
        src: &[S],
        dst: &mut [D],
        f: impl Fn(S) -> D,
    ) {
        super::map_each::<CHUNK, S, D>(src, dst, f);
    }

    /// `kernel.run()` compiled with AVX2 enabled.
    ///
    /// # Safety
    ///
    /// As [`map_avx2`].
    #[target_feature(enable = "avx2")]
    #[inline]
    pub(super) unsafe fn run_avx2<K: super::Kernel>(kernel: K) -> K::Output {
        kernel.run()
    }

    const UNKNOWN: u8 = 0;
    const NO: u8 = 1;
    const YES: u8 = 2;

    /// The cached answer of [`detect`].
    static AVX2: AtomicU8 = AtomicU8::new(UNKNOWN);

    /// Whether AVX2 can be used: CPUID says so and the OS saves the YMM state.
    /// Reads CPUID on the first call only; races are harmless (every thread
    /// computes the same answer).
    #[inline]
    pub(super) fn detected() -> bool {
        match AVX2.load(Relaxed) {
            YES => true,
            NO => false,
            _ => {
                let yes = detect();
                AVX2.store(if yes { YES } else { NO }, Relaxed);
                yes
            }
        }
    }

    /// The check `std::is_x86_feature_detected!("avx2")` makes, without `std`, and
    /// slightly stricter: CPUID leaf 1 ECX bit 27 (OSXSAVE, which implies XSAVE)
    /// and bit 28 (AVX, which std does not require for AVX2), XCR0 bits 1 and 2 (the
    /// OS saves the XMM and YMM state), and CPUID leaf 7 EBX bit 5 (AVX2).
    #[cold]
    fn detect() -> bool {
        // `__cpuid`/`__cpuid_count` are unsafe fns before Rust 1.87 (our MSRV is
        // 1.85) and safe after, where the block is redundant.
        #[allow(unused_unsafe)]
        // SAFETY: CPUID exists on every x86-64 CPU (this module is not built for
        // SGX, where it traps); leaf 0 gives the highest valid leaf.
        let (max_leaf, leaf1) = unsafe { (__cpuid(0).eax, __cpuid(1)) };
        let osxsave_and_avx = (1 << 27) | (1 << 28);
        if max_leaf < 7 || leaf1.ecx & osxsave_and_avx != osxsave_and_avx {
            return false;
        }
        // SAFETY: OSXSAVE is set, so the CPU has XSAVE and the OS enabled XGETBV;
        // XCR0 (index 0) is always readable then.
        let xcr0 = unsafe { _xgetbv(0) };
        #[allow(unused_unsafe)]
        // SAFETY: as above; leaf 7 is valid (max_leaf ≥ 7).
        let leaf7 = unsafe { __cpuid_count(7, 0) };
        xcr0 & 0b110 == 0b110 && leaf7.ebx & (1 << 5) != 0
    }
}
