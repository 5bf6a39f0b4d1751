"""Records Python's math.fsum of float64 cases for tests/sum.rs.

Usage: python3 gen.py > ../../tests/data/sum/fsum.txt  (the standard library only)

math.fsum is correctly rounded (Shewchuk's partials; CPython's mathmodule.c).
It raises OverflowError when the exact sum, or an intermediate partial, leaves
float64's range; those cases are recorded from the exact sum in Fractions
instead (±inf where the exact sum rounds to 2^1024 or beyond: at or above
2^1024 − 2^970, the midpoint between the largest finite value and 2^1024),
and marked `exact` rather than `fsum`.

Lines:
  KIND EXPECTED HEX...   KIND `fsum` or `exact`; EXPECTED and the values as
                         float64 bits in hex
"""
import math
import random
import struct
import sys
from fractions import Fraction

MAX = sys.float_info.max
EDGE = Fraction(2) ** 1024 - Fraction(2) ** 970


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def expected(values):
    try:
        return "fsum", math.fsum(values)
    except OverflowError:
        exact = sum(Fraction(v) for v in values)
        if abs(exact) >= EDGE:
            return "exact", math.inf if exact > 0 else -math.inf
        return "exact", float(exact)  # Fraction → float is correctly rounded


def cases(r):
    tiny = 5e-324
    yield [1.0, 2.0, 3.0]
    yield [0.1] * 10
    yield [0.1, 0.2, 0.3, -0.6]
    yield [1e308, -1e308, tiny]
    yield [1e308, 1e308, -1e308, -1e308, 1.0]
    yield [1e100, 1.0, -1e100, 1e-100]
    yield [2.0 ** 53, 1.0, 1.0]
    yield [2.0 ** 53, 1.0, -(2.0 ** -60)]
    yield [tiny] * 7
    yield [tiny, -tiny * 3, 2.2250738585072014e-308, -2.225073858507201e-308]
    yield [r.choice([1, -1]) * r.randrange(1, 2 ** 52) * tiny for _ in range(1000)]
    yield [MAX, MAX]
    yield [-MAX, -MAX, MAX]
    yield [MAX, 2.0 ** 970]
    yield [MAX, 2.0 ** 970, -tiny]
    yield [MAX, 2.0 ** 969]
    for n in (100, 1000, 5000):
        yield [r.uniform(-1e6, 1e6) for _ in range(n)]
        yield [r.choice([1, -1]) * math.ldexp(r.random(), r.randrange(-1070, 1020)) for _ in range(n)]
        xs = [r.uniform(-1, 1) * 10.0 ** r.randrange(-20, 20) for _ in range(n // 2)]
        yield xs + [-x for x in xs] + [1e-30]


def main():
    r = random.Random(20261127)
    for values in cases(r):
        kind, want = expected(values)
        print(kind, f"{bits(want):016x}", " ".join(f"{bits(v):016x}" for v in values))


if __name__ == "__main__":
    main()
