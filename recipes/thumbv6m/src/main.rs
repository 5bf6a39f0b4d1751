//! Firmware without compare-and-swap: the reducers through portable-atomic's
//! critical-section fallback, with a single-core `critical-section` implementation
//! (interrupts off; what `cortex-m`'s `critical-section-single-core` does).
//! `cargo build --target thumbv6m-none-eabi` links it.
#![no_std]
#![no_main]

use core::arch::asm;
use core::sync::atomic::Ordering::Relaxed;
use normkey::{AtomicF32Min, AtomicF64Max};

/// A critical section on one core: interrupts masked, restored on release.
struct SingleCore;
critical_section::set_impl!(SingleCore);

// SAFETY: on a single core with interrupts masked nothing else runs, and `release`
// restores the state `acquire` found (nested sections keep interrupts masked).
unsafe impl critical_section::Impl for SingleCore {
    unsafe fn acquire() -> bool {
        let primask: u32;
        // SAFETY: reads PRIMASK, then masks interrupts; no memory is touched.
        unsafe {
            asm!("mrs {}, PRIMASK", out(reg) primask, options(nomem, nostack, preserves_flags));
            asm!("cpsid i", options(nostack, preserves_flags));
        }
        primask & 1 == 0 // interrupts were enabled
    }

    unsafe fn release(were_enabled: bool) {
        if were_enabled {
            // SAFETY: unmasks interrupts, as they were before `acquire`.
            unsafe { asm!("cpsie i", options(nostack, preserves_flags)) };
        }
    }
}

static COLDEST: AtomicF32Min = AtomicF32Min::identity();
static TOTAL_MAX: AtomicF64Max = AtomicF64Max::identity();

/// The entry point (a runtime crate would call `main` from its reset handler).
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    let t = core::hint::black_box(-3.5_f32);
    COLDEST.fetch_min(t, Relaxed);
    TOTAL_MAX.fetch_max(f64::from(t), Relaxed);
    loop {
        core::hint::black_box((COLDEST.load(Relaxed), TOTAL_MAX.load(Relaxed)));
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
