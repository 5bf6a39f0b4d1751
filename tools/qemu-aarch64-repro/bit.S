// BIT Vd, Vn, Vm with Vm all ones must give Vd = Vn (Arm ARM: Vd = Vd EOR ((Vd EOR Vn) AND Vm)).
// Exit status 0: Vd == Vn (right); 1: wrong.
    .text
    .globl _start
_start:
    adr     x1, data
    ldr     q1, [x1]                    // Vn = 0x2222..._1111... (loaded: unknown to qemu's optimizer)
    ldr     q2, [x1, #16]               // Vm = all ones (loaded)
    movi    v0.2d, #0xffffffffffffffff  // Vd = all ones, a constant qemu's optimizer knows
    bit     v0.16b, v1.16b, v2.16b      // Vd = Vn
    fmov    x2, d0
    mov     x3, v0.d[1]
    ldp     x4, x5, [x1]
    cmp     x2, x4
    ccmp    x3, x5, #0, eq
    cset    w0, ne
    mov     x8, #93                     // exit
    svc     #0
    .balign 16
data:
    .quad   0x1111111111111111, 0x2222222222222222, -1, -1
