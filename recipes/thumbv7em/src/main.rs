//! Firmware with an FPU: a 12-bit ADC code as `Unorm`, the brightest reading in a
//! reducer shared with an interrupt handler. `cargo build --target
//! thumbv7em-none-eabihf` links it (a real board adds its runtime crate, such as
//! `cortex-m-rt`, and a memory layout).
#![no_std]
#![no_main]

use core::sync::atomic::Ordering::Relaxed;
use normkey::AtomicF32Max;
use normkey::storage::unorm_to_f32;

/// The brightest reading so far, shared with an interrupt handler.
static BRIGHTEST: AtomicF32Max = AtomicF32Max::identity();

/// The entry point (a runtime crate would call `main` from its reset handler).
#[unsafe(no_mangle)]
pub extern "C" fn _start() -> ! {
    let adc: u16 = core::hint::black_box(2048); // a 12-bit sample
    BRIGHTEST.fetch_max(unorm_to_f32::<12>(adc), Relaxed);
    loop {
        core::hint::black_box(BRIGHTEST.load(Relaxed));
    }
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    loop {}
}
