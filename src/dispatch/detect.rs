//! What the CPU and the OS support, read once: CPUID and XCR0, without `std`.
//!
//! A build whose target features already include a level has it without a
//! read: AVX2, FMA and POPCNT (`x86-64-v3`, `-C target-cpu=native` on such a
//! CPU), or AVX-512 (F) as well (`x86-64-v4`). Otherwise the first call reads
//! CPUID and caches the answer in an atomic byte (races are harmless: every
//! thread computes the same answer).

use super::Width;
use core::arch::x86_64::{__cpuid, __cpuid_count, _xgetbv};
use core::sync::atomic::{AtomicU8, Ordering::Relaxed};

/// The level the build's target features guarantee on every CPU it runs on.
const BUILT: Width = if cfg!(all(
    target_feature = "avx512f",
    target_feature = "avx2",
    target_feature = "fma",
    target_feature = "popcnt"
)) {
    Width::Avx512
} else if cfg!(all(
    target_feature = "avx2",
    target_feature = "fma",
    target_feature = "popcnt"
)) {
    Width::Avx2
} else {
    Width::Baseline
};

/// Not yet read.
const UNKNOWN: u8 = u8::MAX;

/// The cached answer of [`read`].
static WIDTH: AtomicU8 = AtomicU8::new(UNKNOWN);

/// The widest [`Width`] the CPU and OS support.
#[inline]
pub(super) fn width() -> Width {
    if BUILT == Width::Avx512 {
        return BUILT;
    }
    match WIDTH.load(Relaxed) {
        UNKNOWN => {
            let w = read().max(BUILT);
            WIDTH.store(w as u8, Relaxed);
            w
        }
        1 => Width::Avx2,
        2 => Width::Avx512,
        _ => Width::Baseline,
    }
}

/// For AVX2: the checks `std::is_x86_feature_detected!("avx2")`, `("fma")`
/// and `("popcnt")` make, and slightly stricter: CPUID leaf 1 ECX bit 12
/// (FMA), bit 23 (POPCNT), bit 27 (OSXSAVE, which implies XSAVE) and bit 28
/// (AVX, which std does not require for AVX2), XCR0 bits 1 and 2 (the OS saves
/// the XMM and YMM state), and CPUID leaf 7 EBX bit 5 (AVX2). For AVX-512
/// (F): leaf 7 EBX bit 16 and XCR0 bits 5 to 7 (the opmask and ZMM state).
#[cold]
fn read() -> Width {
    // `__cpuid`/`__cpuid_count` are unsafe fns in older Rust (the MSRV's
    // included) and safe in newer, where the block is redundant.
    #[allow(unused_unsafe)]
    // SAFETY: CPUID exists on every x86-64 CPU (this module is not built for
    // SGX, where it traps); leaf 0 gives the highest valid leaf.
    let (max_leaf, leaf1) = unsafe { (__cpuid(0).eax, __cpuid(1)) };
    let needed = (1 << 12) | (1 << 23) | (1 << 27) | (1 << 28);
    if max_leaf < 7 || leaf1.ecx & needed != needed {
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
