//! The one place that chooses instructions. Everything that runs different
//! machine code on different CPUs asks here:
//!
//! - [`width`]: the widest vector [`Width`] the CPU has (within the test
//!   hook's [`cap`]): what the sort's vector levels (`sort/engine/vector/`) take.
//! - [`map`] and [`vectorized`]: kernels written once as plain Rust and
//!   compiled twice on x86-64, for the build's target features and for AVX2 +
//!   FMA (`avx2.rs`), the copy picked from [`width`]. [`map`] runs the
//!   element-wise slice loops of the formats (`decode_slice`, `encode_slice`),
//!   [`vectorized`] any [`Kernel`] (the exact sums' slice loops, the
//!   quantiles' counting passes). A kernel asks its copy's [`Isa`] for an
//!   operation whose instructions differ between copies but whose result does
//!   not (the exact error of a product: one fused multiply-add with FMA,
//!   Dekker's seventeen operations without; [`Quad`], four `f64` lanes).
//! - [`prefetch`]: cache lines asked for ahead of a loop.
//! - [`x86!`]: the one spelling of the condition under which x86-64 vector
//!   code is built at all; kernels in intrinsics (the sort's `sort/engine/vector/x86/`,
//!   the mips' `texture/mip.rs`) are gated by it and stay beside their
//!   algorithm, each with its portable twin.
//!
//! The two copies of a kernel are the same Rust code and do the same IEEE
//! operations (Rust never fuses a multiply and an add), so their results are
//! identical; only the vector width differs.
//!
//! **Where the CPU is read** (`detect.rs`): a build whose target features
//! already include AVX2 and FMA (`-C target-cpu=native` on such a CPU,
//! `x86-64-v3`) has [`Width::Avx2`] without asking, and one that includes
//! AVX-512 (F: `x86-64-v4`) has [`Width::Avx512`]; otherwise CPUID and
//! XCR0 are read once, without `std`, and the answer is cached in an atomic
//! byte, so a call costs one relaxed load and a branch.
//!
//! Elsewhere there is one copy and [`width`] is [`Width::Baseline`]: other
//! architectures; soft-float x86-64 targets without SSE2 (`x86_64-unknown-none`,
//! UEFI, kernels: there CPUID describes a vector state the code may not touch,
//! and rustc rejects AVX code); SGX; Miri; and `--cfg normkey_baseline`, which
//! CI uses to test the portable forms on x86-64.
//!
//! [`cap`] (a test hook: `normkey::__dispatch`) lowers the widest level the
//! kernels may use, so that the tests run every copy on a machine that has the
//! widest; every copy gives the same results.

use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

use crate::key::assert_same_len;

mod isa;
pub(crate) use isa::{Baseline, Isa, Quad};

/// Keeps its items where x86-64 vector code is built (x86-64 with SSE2, not
/// SGX, not Miri, not `--cfg normkey_baseline`); `x86! { else ... }` keeps
/// them everywhere else. The one spelling of that condition: a module gated
/// by it may call [`width`] and run the level it returns.
macro_rules! x86 {
    (else $($item:item)*) => {
        $(
            #[cfg(not(all(
                target_arch = "x86_64",
                target_feature = "sse2",
                not(target_env = "sgx"),
                not(miri),
                not(normkey_baseline)
            )))]
            $item
        )*
    };
    ($($item:item)*) => {
        $(
            #[cfg(all(
                target_arch = "x86_64",
                target_feature = "sse2",
                not(target_env = "sgx"),
                not(miri),
                not(normkey_baseline)
            ))]
            $item
        )*
    };
}
pub(crate) use x86;

x86! {
    mod avx2;
    mod detect;
}

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
/// instructions differ. Affects every thread. (In a build whose target
/// features include AVX2, the baseline copy is built with them too.)
pub fn cap(width: Width) {
    CAP.store(width as u8, Relaxed);
}

/// The widest level the CPU has, within the [`cap`].
#[inline]
pub(crate) fn width() -> Width {
    let cap = CAP.load(Relaxed);
    let has = cpu();
    if has as u8 <= cap {
        has
    } else if cap >= Width::Avx2 as u8 {
        Width::Avx2
    } else {
        Width::Baseline
    }
}

/// `dst[i] = f(src[i])` for every `i`, walking `CHUNK` elements per step (a hint
/// to the vectorizer; see `scalar.rs`), in the widest vector instructions the CPU
/// has.
///
/// # Panics
///
/// If `src.len() != dst.len()`.
#[inline]
#[track_caller]
pub(crate) fn map<const CHUNK: usize, S: Copy, D>(src: &[S], dst: &mut [D], f: impl Fn(S) -> D) {
    assert_same_len(src.len(), dst.len());
    if !map_avx2::<CHUNK, S, D>(src, dst, &f) {
        map_each::<CHUNK, S, D>(src, dst, &f);
    }
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
    /// The loop, in the copy of instruction set `I`.
    fn run<I: Isa>(self) -> Self::Output;
}

/// `kernel.run()`, compiled for AVX2 and FMA when the CPU has them, else as
/// the build's target features say. The same conditions as [`map`].
#[inline]
pub(crate) fn vectorized<K: Kernel>(kernel: K) -> K::Output {
    run_widest(kernel)
}

/// The loop itself, inlined into each copy so that each is vectorized for its own
/// target features.
#[allow(clippy::inline_always)] // must be inlined into `map_avx2` to be built for AVX2
#[inline(always)]
fn map_each<const CHUNK: usize, S: Copy, D>(src: &[S], dst: &mut [D], f: &impl Fn(S) -> D) {
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

// The choices of the copy, where x86-64 vector code is built and elsewhere.
x86! {
    /// The widest level the CPU has (`detect.rs`).
    #[inline]
    fn cpu() -> Width {
        detect::width()
    }
}
x86! {
    else
    /// No vector levels here.
    #[allow(clippy::inline_always)] // nothing to decide
    #[inline(always)]
    fn cpu() -> Width {
        Width::Baseline
    }
}
x86! {
    /// [`map_each`] in the AVX2 copy where [`width`] allows it: whether it ran.
    #[inline]
    fn map_avx2<const CHUNK: usize, S: Copy, D>(
        src: &[S],
        dst: &mut [D],
        f: &impl Fn(S) -> D,
    ) -> bool {
        if width() >= Width::Avx2 {
            // SAFETY: the CPU has AVX2 and FMA and the OS saves the YMM
            // registers (`width`); `map_avx2`'s only requirement.
            unsafe { avx2::map_avx2::<CHUNK, S, D>(src, dst, f) };
            return true;
        }
        false
    }
}
x86! {
    else
    /// No AVX2 copy here.
    #[allow(clippy::inline_always)] // nothing to decide
    #[inline(always)]
    fn map_avx2<const CHUNK: usize, S: Copy, D>(
        _: &[S],
        _: &mut [D],
        _: &impl Fn(S) -> D,
    ) -> bool {
        false
    }
}
x86! {
    /// `kernel.run()` in the AVX2 copy where [`width`] allows it, else in the
    /// baseline copy: each copy a function of its own, so that the caller's
    /// frame holds neither copy's locals (a kernel's scratch is on the stack
    /// once, in the copy that runs).
    #[inline]
    fn run_widest<K: Kernel>(kernel: K) -> K::Output {
        if width() >= Width::Avx2 {
            // SAFETY: the CPU has AVX2 and FMA and the OS saves the YMM
            // registers (`width`); `run_avx2`'s only requirement.
            return unsafe { avx2::run_avx2(kernel) };
        }
        run_baseline(kernel)
    }

    /// The baseline copy of `kernel.run()`, out of line (see [`run_widest`]).
    #[inline(never)]
    fn run_baseline<K: Kernel>(kernel: K) -> K::Output {
        kernel.run::<Baseline>()
    }
}
x86! {
    else
    /// The one copy.
    #[allow(clippy::inline_always)] // nothing to decide
    #[inline(always)]
    fn run_widest<K: Kernel>(kernel: K) -> K::Output {
        kernel.run::<Baseline>()
    }
}
