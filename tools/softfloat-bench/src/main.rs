//! Counts the instructions normkey's storage conversions take per element on a
//! Cortex-M3 (no FPU: every float operation is a call into compiler-builtins'
//! `__aeabi_*` soft-float routines), against the naive loops, on QEMU's
//! `lm3s6965evb` with `-icount shift=0`. See README.md.
//!
//! On the host this binary only says where to run it.

#![cfg_attr(target_os = "none", no_std, no_main)]

#[cfg(not(target_os = "none"))]
fn main() {
    eprintln!(
        "softfloat-bench runs on thumbv7m-none-eabi under QEMU: `cargo run --release` in tools/softfloat-bench"
    );
}

#[cfg(target_os = "none")]
mod device {
    use core::fmt::Write;
    use core::hint::black_box;
    use core::sync::atomic::{AtomicU32, Ordering};

    use cortex_m::peripheral::{SYST, syst::SystClkSource};
    use cortex_m_rt::{entry, exception};
    use cortex_m_semihosting::{debug, hio};
    use normkey::{Snorm8, Snorm16, Unorm8, Unorm16};
    use softfloat_bench as peers;

    /// Elements per pass.
    const N: usize = 1024;
    /// `SysTick` reload: the counter's full 24 bits.
    const RELOAD: u32 = 0x00ff_ffff;

    /// Iterations of the calibration loop.
    const SPIN: u32 = 100_000;

    /// `SysTick` wraps so far (the exception fires once per 2²⁴ ticks).
    static WRAPS: AtomicU32 = AtomicU32::new(0);

    #[exception]
    fn SysTick() {
        WRAPS.store(WRAPS.load(Ordering::Relaxed) + 1, Ordering::Relaxed);
    }

    /// Ticks since the counter started: wraps · 2²⁴ + (RELOAD − current), read again
    /// if a wrap happened in between.
    fn now() -> u64 {
        loop {
            let w = WRAPS.load(Ordering::Relaxed);
            let c = SYST::get_current();
            if WRAPS.load(Ordering::Relaxed) == w {
                return u64::from(w) * u64::from(RELOAD + 1) + u64::from(RELOAD - c);
            }
        }
    }

    /// Raises the Stellaris system clock to its fastest, 200 MHz (RCC2: USERCC2,
    /// `SYSDIV2` = 0, `BYPASS2`), so `SysTick` ticks every 5 ns of virtual time, that is,
    /// under `-icount shift=0`, every 5 instructions. (QEMU's stellaris model only
    /// reads the divider; on silicon this setting is invalid, which does not matter
    /// here.)
    fn fastest_clock() {
        const RCC2: *mut u32 = 0x400f_e070 as *mut u32;
        // SAFETY: RCC2 is a memory-mapped register of the LM3S6965's system control
        // block; a volatile write is how it is set, nothing else aliases it.
        unsafe { RCC2.write_volatile((1 << 31) | (1 << 11)) };
    }

    /// `n` iterations of a 2-instruction loop (`subs`, `bne`): known instruction
    /// counts, to convert ticks to instructions.
    fn spin(n: u32) {
        // SAFETY: only touches the register it declares.
        unsafe {
            core::arch::asm!(
                "2:",
                "subs {0}, #1",
                "bne 2b",
                inout(reg) n => _,
                options(nomem, nostack),
            );
        }
    }

    /// xorshift32: deterministic inputs.
    fn next(s: &mut u32) -> u32 {
        *s ^= *s << 13;
        *s ^= *s >> 17;
        *s ^= *s << 5;
        *s
    }

    /// 1024 `f32` in [−0.5, 1.5] (uniform in value), with the edge values NaN, −NaN,
    /// ±∞, ±0, 0.5, 1.0, −1.0, the smallest subnormal and 2⁻⁹ spread through it, one
    /// every 32 elements.
    fn inputs(range: (f32, f32)) -> [f32; N] {
        const EDGES: [f32; 11] = [
            f32::NAN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            -0.0,
            0.0,
            0.5,
            1.0,
            -1.0,
            1.0e-45,
            -f32::NAN,
            0.001_953_125,
        ];
        let mut s = 0x2545_f491;
        let mut v = [0.0; N];
        for (i, x) in v.iter_mut().enumerate() {
            #[allow(clippy::cast_precision_loss)]
            let u = (next(&mut s) >> 8) as f32 * (1.0 / 16_777_216.0);
            *x = if i % 32 == 31 {
                EDGES[(i / 32) % EDGES.len()]
            } else {
                range.0 + u * (range.1 - range.0)
            };
        }
        v
    }

    /// One pass of a form over the buffer: one compiled copy per form (`f` is a
    /// distinct closure type each time), called the same way for every pass, so each
    /// pass runs the same instructions.
    #[inline(never)]
    fn pass<S: Copy, D>(src: &[S], dst: &mut [D], f: &impl Fn(&[S], &mut [D])) {
        f(src, dst);
    }

    /// Ticks for `passes` calls of `f` on the whole buffer.
    #[inline(never)]
    fn ticks<S: Copy, D>(
        src: &[S],
        dst: &mut [D],
        passes: u32,
        f: &impl Fn(&[S], &mut [D]),
    ) -> u64 {
        let t0 = now();
        for _ in 0..black_box(passes) {
            pass(black_box(src), black_box(&mut *dst), f);
        }
        let t = now() - t0;
        black_box(dst);
        t
    }

    /// One row of the table: ticks per element from 4 passes minus 2 passes (the
    /// fixed overhead cancels), and the linearity check t(4) − t(2) = 2·(t(2) − t(1))
    /// (within 5 ticks: each reading is the virtual time rounded down to a tick, so
    /// t(4) − t(2) is off by less than 2 ticks and 2·(t(2) − t(1)) by less than 4).
    struct Row {
        per_elem_milli: u64,
        linear: bool,
        d42: u64,
        d21: u64,
        t1: u64,
    }

    #[inline(never)]
    fn row<S: Copy, D>(src: &[S], dst: &mut [D], f: impl Fn(&[S], &mut [D])) -> Row {
        let t1 = ticks(src, dst, 1, &f);
        let t2 = ticks(src, dst, 2, &f);
        let t4 = ticks(src, dst, 4, &f);
        let d42 = t4 - t2;
        let d21 = 2 * (t2 - t1);
        Row {
            per_elem_milli: d42 * 1000 / (2 * N as u64),
            linear: d42.abs_diff(d21) <= 5,
            d42,
            d21,
            t1,
        }
    }

    fn milli(w: &mut impl Write, v: u64) {
        let _ = write!(w, "{:>5}.{:03}", v / 1000, v % 1000);
    }

    /// One output line: the form, its ticks and instructions per element, and its
    /// ratio to `base` (the naive form's ticks per element), if any.
    fn print(out: &mut impl Write, ipt: u64, name: &str, r: &Row, base: Option<&Row>) {
        let _ = write!(out, "{name:<44}");
        milli(out, r.per_elem_milli);
        milli(out, r.per_elem_milli * ipt);
        match base {
            Some(b) => {
                // normkey / naive, in thousandths.
                milli(out, r.per_elem_milli * 1000 / b.per_elem_milli.max(1));
            }
            None => {
                let _ = write!(out, "{:>9}", "-");
            }
        }
        let _ = writeln!(
            out,
            "  {:>8} {:>6} {:>8} {:>8}",
            r.t1,
            if r.linear { "yes" } else { "NO" },
            r.d42,
            r.d21
        );
    }

    /// The whole table, printed once per call.
    #[allow(clippy::too_many_lines)] // one row block per format, read top to bottom
    fn table(out: &mut impl Write, ipt: u64) -> bool {
        let unit = inputs((-0.5, 1.5));
        let signed = inputs((-1.5, 1.5));
        let mut ok = true;
        let _ = writeln!(
            out,
            "{:<44}{:>9}{:>9}{:>9}  {:>8} {:>6} {:>8} {:>8}",
            "form", "ticks/el", "instr/el", "/naive", "t(1)", "linear", "t4-t2", "2(t2-t1)"
        );

        macro_rules! encode {
            ($T:ident, $code:ty, $src:expr, $naive:path, $naive_name:literal) => {{
                let src = &$src;
                let mut dst = [<$T>::ZERO; N];
                let mut raw = [0 as $code; N];
                let naive = row(src, &mut raw, |s, d| {
                    for (d, &x) in d.iter_mut().zip(s) {
                        *d = $naive(x);
                    }
                });
                let scalar = row(src, &mut dst, |s, d| {
                    for (d, &x) in d.iter_mut().zip(s) {
                        *d = <$T>::from_f32(x);
                    }
                });
                let slice = row(src, &mut dst, |s, d| <$T>::encode_slice(s, d));
                print(out, ipt, $naive_name, &naive, None);
                print(
                    out,
                    ipt,
                    concat!(stringify!($T), "::from_f32 loop"),
                    &scalar,
                    Some(&naive),
                );
                print(
                    out,
                    ipt,
                    concat!(stringify!($T), "::encode_slice"),
                    &slice,
                    Some(&naive),
                );
                ok &= naive.linear && scalar.linear && slice.linear;
            }};
        }
        macro_rules! decode {
            ($T:ident, $code:ty, $div:path, $div_name:literal, $mul:path, $mul_name:literal) => {{
                let mut s = 0x9e37_79b9;
                let mut src = [<$T>::ZERO; N];
                for c in src.iter_mut() {
                    #[allow(clippy::cast_possible_truncation)]
                    let bits = next(&mut s) as $code;
                    *c = <$T>::from_bits(bits);
                }
                let codes = src.map(<$T>::to_bits);
                let mut dst = [0.0f32; N];
                let div = row(&codes, &mut dst, |s, d| {
                    for (d, &c) in d.iter_mut().zip(s) {
                        *d = $div(c);
                    }
                });
                let mul = row(&codes, &mut dst, |s, d| {
                    for (d, &c) in d.iter_mut().zip(s) {
                        *d = $mul(c);
                    }
                });
                let scalar = row(&src, &mut dst, |s, d| {
                    for (d, &c) in d.iter_mut().zip(s) {
                        *d = c.to_f32();
                    }
                });
                let slice = row(&src, &mut dst, |s, d| <$T>::decode_slice(s, d));
                print(out, ipt, $div_name, &div, None);
                print(out, ipt, $mul_name, &mul, None);
                print(
                    out,
                    ipt,
                    concat!(stringify!($T), "::to_f32 loop (vs div)"),
                    &scalar,
                    Some(&div),
                );
                print(
                    out,
                    ipt,
                    concat!(stringify!($T), "::to_f32 loop (vs mul)"),
                    &scalar,
                    Some(&mul),
                );
                print(
                    out,
                    ipt,
                    concat!(stringify!($T), "::decode_slice (vs div)"),
                    &slice,
                    Some(&div),
                );
                print(
                    out,
                    ipt,
                    concat!(stringify!($T), "::decode_slice (vs mul)"),
                    &slice,
                    Some(&mul),
                );
                ok &= div.linear && mul.linear && scalar.linear && slice.linear;
            }};
        }

        encode!(
            Unorm8,
            u8,
            unit,
            peers::naive_unorm8_encode,
            "naive (x.clamp(0,1)*255+0.5) as u8"
        );
        encode!(
            Unorm16,
            u16,
            unit,
            peers::naive_unorm16_encode,
            "naive (x.clamp(0,1)*65535+0.5) as u16"
        );
        encode!(
            Snorm8,
            i8,
            signed,
            peers::naive_snorm8_encode,
            "naive clamp(-1,1)*127 ±0.5 as i8"
        );
        encode!(
            Snorm16,
            i16,
            signed,
            peers::naive_snorm16_encode,
            "naive clamp(-1,1)*32767 ±0.5 as i16"
        );
        decode!(
            Unorm8,
            u8,
            peers::naive_unorm8_decode_div,
            "naive c as f32 / 255.0",
            peers::naive_unorm8_decode_mul,
            "naive c as f32 * (1.0/255.0)"
        );
        decode!(
            Unorm16,
            u16,
            peers::naive_unorm16_decode_div,
            "naive c as f32 / 65535.0",
            peers::naive_unorm16_decode_mul,
            "naive c as f32 * (1.0/65535.0)"
        );
        decode!(
            Snorm8,
            i8,
            peers::naive_snorm8_decode_div,
            "naive (c as f32 / 127.0).max(-1.0)",
            peers::naive_snorm8_decode_mul,
            "naive (c as f32 * (1.0/127.0)).max(-1.0)"
        );
        decode!(
            Snorm16,
            i16,
            peers::naive_snorm16_decode_div,
            "naive (c as f32 / 32767.0).max(-1.0)",
            peers::naive_snorm16_decode_mul,
            "naive (c as f32*(1.0/32767.0)).max(-1.0)"
        );
        ok
    }

    #[entry]
    fn main() -> ! {
        let mut cp = cortex_m::Peripherals::take().unwrap();
        fastest_clock();
        cp.SYST.set_clock_source(SystClkSource::Core);
        cp.SYST.set_reload(RELOAD);
        cp.SYST.clear_current();
        cp.SYST.enable_interrupt();
        cp.SYST.enable_counter();
        let mut out = hio::hstdout().unwrap();

        // Calibration: a loop of known length gives the instructions per tick.
        let t0 = now();
        spin(SPIN);
        let t1 = now();
        spin(2 * SPIN);
        let t2 = now();
        let per_spin = (t2 - t1) - (t1 - t0); // SPIN iterations, overhead cancelled
        let ipt = u64::from(2 * SPIN) / per_spin.max(1);
        let _ = writeln!(
            out,
            "calibration: {SPIN} x (subs, bne) = {} instructions took {per_spin} ticks: {ipt} instructions per tick",
            2 * SPIN
        );
        let _ = writeln!(
            out,
            "N = {N} elements; ticks/el = (t(4 passes) - t(2 passes)) / (2 N); /naive = normkey ticks / naive ticks\n"
        );

        // Link the out-of-line probes (for the disassembly, see README.md).
        {
            use peers::probe::{
                probe_naive_unorm8_encode, probe_normkey_snorm8_from_f32,
                probe_normkey_snorm8_to_f32, probe_normkey_snorm16_from_f32,
                probe_normkey_snorm16_to_f32, probe_normkey_unorm8_from_f32,
                probe_normkey_unorm8_to_f32, probe_normkey_unorm16_from_f32,
                probe_normkey_unorm16_to_f32,
            };
            let half = black_box(0.5f32);
            assert_eq!(probe_naive_unorm8_encode(half), 128);
            assert_eq!(probe_normkey_unorm8_from_f32(half), 128);
            assert_eq!(probe_normkey_unorm16_from_f32(half), 32768);
            assert_eq!(probe_normkey_snorm8_from_f32(-half), -64);
            assert_eq!(probe_normkey_snorm16_from_f32(-half), -16384);
            let one = 1.0f32.to_bits();
            assert_eq!(probe_normkey_unorm8_to_f32(black_box(255)), one);
            assert_eq!(probe_normkey_unorm16_to_f32(black_box(65535)), one);
            assert_eq!(
                probe_normkey_snorm8_to_f32(black_box(0x80)),
                (-1.0f32).to_bits()
            );
            assert_eq!(probe_normkey_snorm16_to_f32(black_box(0x7fff)), one);
        }

        let ok1 = table(&mut out, ipt);
        let _ = writeln!(
            out,
            "\nsecond run (the same instructions; a reading may differ by a tick):\n"
        );
        let ok2 = table(&mut out, ipt);
        let _ = writeln!(
            out,
            "\nlinear in the number of passes: {}",
            if ok1 && ok2 { "yes" } else { "NO" }
        );
        debug::exit(if ok1 && ok2 {
            debug::EXIT_SUCCESS
        } else {
            debug::EXIT_FAILURE
        });
        loop {
            cortex_m::asm::wfi();
        }
    }

    #[panic_handler]
    fn panic(info: &core::panic::PanicInfo) -> ! {
        if let Ok(mut out) = hio::hstderr() {
            let _ = writeln!(out, "{info}");
        }
        debug::exit(debug::EXIT_FAILURE);
        loop {
            cortex_m::asm::wfi();
        }
    }
}
