//! The 64-bit reducers on a core with 32-bit compare-and-swap only, through
//! portable-atomic's lock-based fallback: the nearest sample and its index.
//! `cargo build --target thumbv7em-none-eabihf` links it.
#![no_std]
#![no_main]

use core::sync::atomic::Ordering::Relaxed;
use normkey::{AtomicF32ArgMin, AtomicF64Max};

static NEAREST: AtomicF32ArgMin = AtomicF32ArgMin::new();
static PEAK: AtomicF64Max = AtomicF64Max::identity();

/// The entry point (a runtime crate would call `main` from its reset handler).
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    let depth = core::hint::black_box([0.5_f32, -0.0, 0.25]);
    NEAREST.fetch_min_slice(&depth, 0, Relaxed);
    PEAK.fetch_max(1e300, Relaxed);
    loop {
        core::hint::black_box((NEAREST.load(Relaxed), PEAK.load(Relaxed)));
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
