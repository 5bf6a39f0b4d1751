#!/usr/bin/env python3
"""Writes the committed seed corpus: edge values for every fuzz target.

Run from fuzz/: `python3 seeds.py`. Each target reads little-endian floats from its
input, so a seed is a run of edge values packed in the widths the target uses.
"""
import os
import struct

F32 = [
    0x00000000, 0x80000000,  # +0, -0
    0x7F800000, 0xFF800000,  # +inf, -inf
    0x7FC00000, 0xFFC00000,  # quiet NaN, both signs
    0x7FC12345, 0xFF812345,  # quiet NaN with payload / signalling NaN with payload
    0x7F800001, 0xFF800001,  # signalling NaNs
    0x00000001, 0x80000001, 0x007FFFFF,  # subnormals
    0x00800000,  # smallest normal
    0x3F000000, 0xBF000000,  # +-0.5
    0x3F800000, 0xBF800000,  # +-1
    0x3F7FFFFF, 0xBF7FFFFF,  # largest below 1, and its negative
    0x3F800001, 0x7F7FFFFF, 0xFF7FFFFF,  # just above 1, +-max
    0x3B808081, 0x3C010204,  # ~1/255 and ~1/127: first codes of the 8-bit formats
    0x3EFFFFFF, 0x3F000001,  # either side of 0.5
]
F64 = [
    0x0000000000000000, 0x8000000000000000, 0x7FF0000000000000, 0xFFF0000000000000,
    0x7FF8000000000000, 0xFFF8000000000000, 0x7FF8000000012345, 0xFFF0000000000001,
    0x0000000000000001, 0x800FFFFFFFFFFFFF, 0x3FE0000000000000, 0x3FF0000000000000,
    0xBFF0000000000000, 0x3FEFFFFFFFFFFFFF,
]
F16 = [0x0000, 0x8000, 0x7C00, 0xFC00, 0x7E00, 0xFE00, 0x7C01, 0x0001, 0x3800, 0x3C00, 0xBC00, 0x3BFF]
BF16 = [0x0000, 0x8000, 0x7F80, 0xFF80, 0x7FC0, 0xFFC0, 0x7F81, 0x0001, 0x3F00, 0x3F80, 0xBF80, 0x3F7F]


def write(target, name, data):
    os.makedirs(f"corpus/{target}", exist_ok=True)
    with open(f"corpus/{target}/seed-{name}", "wb") as f:
        f.write(data)


def pack(fmt, xs):
    return b"".join(struct.pack(fmt, x) for x in xs)


f32 = pack("<I", F32)
write("key", "f32", f32)
write("key", "f64", pack("<Q", F64))
write("key", "f16", pack("<H", F16))
write("key", "bf16", pack("<H", BF16))
for t in ["norm_ops", "storage"]:
    write(t, "f32", f32)
    # every pair of edge values, adjacent
    write(t, "f32-pairs", b"".join(struct.pack("<II", a, b) for a in F32 for b in F32[::3]))
write("texture", "f32", f32)
# every triple of edge values: pixels, for the packed formats
write("texture", "f32-triples", b"".join(struct.pack("<III", a, b, c) for a in F32[::2] for b in F32[1::3] for c in F32[::5]))
write("atomic_model", "f32", f32)
write("atomic_model", "ops", bytes(range(256)))
# sum: a head byte (bit 0: f32 or f64; the rest: where to split), then the values.
write("sum", "f32", b"\x10" + f32)
write("sum", "f64", b"\x11" + pack("<Q", F64))
write("sum", "f64-cancel", b"\x07" + pack("<Q", [0x7FEFFFFFFFFFFFFF, 0x7FEFFFFFFFFFFFFF, 0xFFEFFFFFFFFFFFFF, 0x0000000000000001, 0x7C90000000000000]))
# select: a head byte (its low two bits the width: f32, f64, f16, bf16; its high
# four repeat the values), 12 knob bytes (ranks as four u16, the extra scratch in
# byte 1, the quantile method in byte 3, the number of probabilities in byte 7,
# their codes in bytes 8 to 11: fuzz_targets/select.rs, `prob`), then the values.
# One seed per quantile method on the f32 edge values, one per other width, one
# long (repeated) and one with invalid probabilities.
def select_seed(head, method, codes, values):
    knobs = bytes([5, 3, 40, method, 2, 0, 0xFF, len(codes)]) + bytes(codes).ljust(4, b"\0")
    return bytes([head]) + knobs + values


probs = [0x0C, 0x21, 0x3D, 0x8B]  # 1/4; the knots 1/n, (n - 2 + 1/2)/n (the float below), 3/n
for m in range(13):
    write("select", f"f32-method{m}", select_seed(0x00, m, probs, f32))
write("select", "f64", select_seed(0x01, 0, probs, pack("<Q", F64)))
write("select", "f16", select_seed(0x02, 1, probs, pack("<H", F16)))
write("select", "bf16", select_seed(0x03, 8, probs, pack("<H", BF16)))
write("select", "f32-long", select_seed(0xF0, 9, probs, f32))
write("select", "f32-bad-probs", select_seed(0x00, 0, [0x00, 0x06, 0x08], f32))
