"""Records numpy.quantile / numpy.nanquantile outputs, bit for bit, for
tests/quantile_numpy.rs (normkey's `Rounding::NumPy`).

Usage: python gen.py > ../../tests/data/quantile/numpy_steps.txt
(NumPy 2.x; the file's first line records the version used.)

Before writing a case, the script recomputes it here from NumPy's float steps
(`steps`, a transcription of `_quantile`, `_compute_virtual_index`,
`_get_indexes`, `_get_gamma` and `_lerp` of numpy/lib/_function_base_impl.py on
data sorted with -0 before +0) and stops if NumPy's answer differs: a
regenerated file is only written when the transcription, which the Rust code
follows, still describes NumPy. Two differences are allowed, which the test
allows too: a NaN's sign and payload (NumPy returns one of the input's NaNs, or
the CPU's default NaN), and the sign of a zero result when the data holds both
zeros (NumPy's `partition` leaves equal zeros in either order).

Lines:
  numpy VERSION
  data D T HEX...        dataset D of type T (64: float64, 32: float32, 16: float16),
                         bits in hex
  probs D HEX...         the probabilities of dataset D, float64 bits in hex
  D S M HEX...           dataset D, S 1 for nanquantile (0: quantile), M the index
                         in METHODS; NumPy's result for each probability, in the
                         data's type, bits in hex. float64 data: the array of
                         probabilities in one call; float32 and float16: one call
                         per probability, each a Python float (NumPy then
                         computes the interpolation in the data's type)
  # ...                  a comment: the count of results that differ from the
                         correctly rounded value
"""
import importlib.util
import math
import os
import random
import struct
import sys

import numpy as np

# The Fraction reference of tools/quantile-cases (its `exact`, and METHODS).
_spec = importlib.util.spec_from_file_location(
    "quantile_cases", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "quantile-cases", "gen.py"))
_cases = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_cases)
METHODS, exact = _cases.METHODS, _cases.exact


def bits64(x):
    return struct.unpack("<Q", struct.pack("<d", float(x)))[0]


def bits32(x):
    return int(np.float32(x).view(np.uint32))


def bits16(x):
    return int(np.float16(x).view(np.uint16))


def floor(h):
    return float(math.floor(h))


def steps(data, p, method, skip, dt):
    """NumPy's answer by its float steps, in the data type `dt`."""
    if any(math.isnan(v) for v in data):
        if not skip:
            return math.nan
        data = [v for v in data if not math.isnan(v)]
    n = len(data)
    if n == 0:
        return math.nan
    x = sorted(data, key=lambda v: (v, math.copysign(1, v)))
    q = float(p)
    N = float(n)
    take = lambda i: dt(x[max(i, 0)])

    def cvi(alpha, beta):
        return N * q + (alpha + q * (1 - alpha - beta)) - 1

    if method == "lower":
        return take(int(floor((N - 1) * q)))
    if method == "higher":
        return take(int(math.ceil((N - 1) * q)))
    if method == "nearest":
        return take(int(np.around((N - 1) * q)))
    if method in ("inverted_cdf", "closest_observation"):
        h = N * q - 1 if method == "inverted_cdf" else N * q - 1 - 0.5
        prev = floor(h)
        g = h - prev
        odd = method == "inverted_cdf" or prev % 2 == 1
        return take(int(prev) if g == 0 and odd else int(prev) + 1)
    h = {
        "linear": lambda: (N - 1) * q,
        "midpoint": lambda: 0.5 * (floor((N - 1) * q) + math.ceil((N - 1) * q)),
        "averaged_inverted_cdf": lambda: N * q - 1,
        "interpolated_inverted_cdf": lambda: cvi(0, 1),
        "hazen": lambda: cvi(0.5, 0.5),
        "weibull": lambda: cvi(0, 0),
        "median_unbiased": lambda: cvi(1 / 3.0, 1 / 3.0),
        "normal_unbiased": lambda: cvi(3 / 8.0, 3 / 8.0),
    }[method]()
    prev = floor(h)
    j = k = int(prev)
    k += 1
    if h >= N - 1:
        prev, j, k = -1.0, n - 1, n - 1
    if h < 0:
        prev, j, k = 0.0, 0, 0
    g = h - prev
    if method == "averaged_inverted_cdf":
        g = 0.5 if g == 0 else 1.0
    if method == "midpoint":
        g = 0.0 if h % 1 == 0 else 0.5
    a, b = dt(x[j]), dt(x[k])
    with np.errstate(all="ignore"):
        diff = b - a
        r = a + diff * dt(g)
        if g >= 0.5:
            r = b - diff * dt(1 - g)
    return r


def same(a, b, data):
    a, b = float(a), float(b)
    if math.isnan(a) or math.isnan(b):
        return math.isnan(a) and math.isnan(b)
    signs = {math.copysign(1, v) for v in data if v == 0}
    if a == 0 and b == 0 and len(signs) == 2:
        return True
    return bits64(a) == bits64(b)


def datasets(rng):
    """(type, values) pairs: sizes 1 to 24, random sizes to 300, the issue's
    256-value windows, two larger; values of varied scale with duplicates,
    zeros, infinities, subnormals and NaNs mixed in."""
    def value(kind):
        r = rng.random()
        if kind == 0:
            return rng.gauss(0, 1)
        if kind == 1:
            return rng.uniform(-1, 1) * 10.0 ** rng.randint(-30, 30)
        if kind == 2:
            return math.ldexp(rng.random(), rng.randint(-1074, 1023)) * rng.choice([-1, 1])
        if kind == 3:
            return rng.choice([0.0, -0.0, math.inf, -math.inf, 5e-324, -5e-324, 1e-310,
                               2.2250738585072014e-308, 1.0, -1.0, 0.1, 1e308])
        if kind == 4:
            return float(rng.randint(-5, 5))  # duplicates
        return 100.0 + rng.random() * 1e-3  # close values: many bits, one exponent
    out = []
    sizes = list(range(1, 25)) + [rng.randint(25, 300) for _ in range(16)] + [256] * 4 + [1000]
    for i, n in enumerate(sizes):
        kinds = rng.choice([[0], [1], [0, 1], [5], [0, 4], [0, 1, 2, 3, 4, 5], [0, 3], [1, 2]])
        v = [value(rng.choice(kinds)) for _ in range(n)]
        if i % 9 == 4:
            v[rng.randrange(n)] = math.nan
        out.append((64, v))
    inf = math.inf
    # The edges of NumPy's steps: a last value of -0 (its sign through `_lerp`
    # past the data), infinite neighbours (NaN from inf - inf and inf * 0).
    for v in ([-0.0], [0.0], [-0.0, -0.0], [-3.0, -0.0], [-inf, -0.0], [-0.0, 0.0, -0.0],
              [1.0, inf], [-inf, 1.0], [-inf, inf], [-inf, -inf], [inf, inf], [-inf, 0.5, 7.0, inf],
              [5e-324, -5e-324], [1e308, -1e308, 1e308]):
        out.append((64, v))
    for n in [1, 2, 3, 5, 7, 10, 16, 33, 64, 100, 256, 256, 257, 300]:
        kinds = rng.choice([[0], [1], [0, 3], [5], [0, 4]])
        with np.errstate(over="ignore"):
            v = [float(np.float32(value(rng.choice(kinds)))) for _ in range(n)]
        if n == 7:
            v[3] = math.nan
        out.append((32, v))
    for n in [1, 2, 3, 6, 10, 17, 64, 100, 256]:
        kinds = rng.choice([[0], [0, 3], [5], [0, 4]])
        with np.errstate(over="ignore"):
            v = [float(np.float16(value(rng.choice(kinds)) * 10)) for _ in range(n)]
        if n == 6:
            v[2] = math.nan
        out.append((16, v))
    return out


def probs(rng, n):
    ps = [0.0, 1.0, 0.5, 0.1, 0.9, 0.25, 0.75, 0.01, 0.99, 1 / 3, 2 / 3,
          float(np.nextafter(0.5, 0)), rng.random(), rng.random(), rng.random()]
    if n > 2:
        knot = rng.randint(1, n - 2) / (n - 1)
        ps += [float(np.nextafter(knot, 0)), knot, float(np.nextafter(knot, 1))]
    return ps


def main():
    rng = random.Random(20261207)
    out = sys.stdout
    out.write(f"numpy {np.__version__}\n")
    differ = {64: 0, 32: 0, 16: 0}
    total = {64: 0, 32: 0, 16: 0}
    for d, (t, data) in enumerate(datasets(rng)):
        dt = {64: np.float64, 32: np.float32, 16: np.float16}[t]
        bits = {64: bits64, 32: bits32, 16: bits16}[t]
        n = len([v for v in data if not math.isnan(v)])
        ps = probs(rng, n)
        out.write(f"data {d} {t} " + " ".join(f"{bits(v):x}" for v in data) + "\n")
        out.write(f"probs {d} " + " ".join(f"{bits64(p):x}" for p in ps) + "\n")
        has_nan = any(math.isnan(v) for v in data)
        arr = np.array(data, dtype=dt)
        for m, method in enumerate(METHODS):
            for skip in ([0, 1] if has_nan else [0]):
                f = np.nanquantile if skip else np.quantile
                with np.errstate(all="ignore"):
                    if t == 64:
                        got = list(f(arr, np.array(ps), method=method))
                    else:
                        got = [f(arr, p, method=method) for p in ps]
                for p, g in zip(ps, got):
                    assert np.asarray(g).dtype == dt, (method, g)
                    want = steps(data, p, method, skip, dt)
                    assert same(g, want, data), (d, method, skip, p, g, want, data)
                    total[t] += 1
                    if t == 64 and not math.isnan(g):
                        differ[t] += not same(g, exact(data, p, method, skip), data)
                out.write(f"{d} {skip} {m} " + " ".join(f"{bits(g):x}" for g in got) + "\n")
    out.write(f"# {total[64]} float64 results, {differ[64]} differ from the correctly rounded value; "
              f"{total[32]} float32 and {total[16]} float16 results\n")
    print(f"{total} results; float64: {differ[64]} differ from the correctly rounded value", file=sys.stderr)


if __name__ == "__main__":
    main()
