"""The Python peers of the exact sums, on the data of `benches/sum.rs`.

    NORMKEY_SUM_DUMP=/tmp NORMKEY_SUM_CASES=sum cargo bench -p normkey-bench --bench sum
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install numpy
    /tmp/venv/bin/python tools/sum-peers/peers.py /tmp

prints, for the `f32` and `f64` data, the best of five runs of `math.fsum`
(correctly rounded, on a list of Python floats: the conversion is not timed)
and `numpy.sum` (pairwise summation, in the data's own type), with each
result's error against the exact sum (`math.fsum` of the values as `f64`,
which is exact for both: every `f32` is an `f64`; the `f32` sum is then rounded
once to `f32` through NumPy). NumPy is a benchmark peer, not a dependency.
"""

import math
import sys
import time
from fractions import Fraction

import numpy as np


def best(f, reps=5):
    t = min(timeit(f) for _ in range(reps))
    return t, f()


def timeit(f):
    t = time.perf_counter()
    f()
    return time.perf_counter() - t


def main(d):
    for name, dtype in (("f32", np.float32), ("f64", np.float64)):
        a = np.fromfile(f"{d}/sum-{name}.bin", dtype=dtype)
        as_list = a.astype(np.float64).tolist()
        exact = sum(Fraction(x) for x in as_list[:0]) + Fraction(math.fsum(as_list)) if name == "f64" else None
        t_fsum, fsum = best(lambda: math.fsum(as_list))
        if name == "f32":
            # fsum of f32 values is their exact sum rounded to f64; one more
            # rounding to f32 is exact to the f32 result only when the f64 is; the
            # error column below is against the f64 value.
            exact = Fraction(fsum)
        t_np, npsum = best(lambda: a.sum())
        print(f"{name}: {len(a)} values")
        print(f"| math.fsum | {t_fsum * 1e3:.2f} ms | {float(Fraction(fsum) - exact):e} |")
        print(f"| numpy.sum ({a.dtype}) | {t_np * 1e3:.2f} ms | {float(Fraction(float(npsum)) - exact):e} |")


if __name__ == "__main__":
    main(sys.argv[1])
