"""Records numpy.quantile / numpy.nanquantile answers for tests/quantile.rs.

Usage: python gen.py > ../../tests/data/quantile/numpy.txt  (NumPy 2.x, float64)

Each case is also computed exactly here (fractions.Fraction from NumPy's method
definitions, rounded once to float64, with normkey's documented rules for the
infinities and zeros), and marked `exact` when NumPy's float64 arithmetic gave
that value, `inexact` otherwise (with the exact value), so the test can check
normkey against NumPy where NumPy is exact and list the rest.

Lines:
  data D HEX...             dataset D, float64 bits in hex
  D SKIP M P NUMPY [EXACT]  one case: dataset D, SKIP 1 for nanquantile, M the
                            index in METHODS; P, NUMPY and EXACT float64 bits in
                            hex; EXACT only where NumPy's value is not the exact
                            one (the `inexact` cases)
"""
import math
import random
import struct
import sys
from fractions import Fraction

import numpy as np

METHODS = [
    "linear", "lower", "higher", "nearest", "midpoint", "inverted_cdf",
    "averaged_inverted_cdf", "closest_observation", "interpolated_inverted_cdf",
    "hazen", "weibull", "median_unbiased", "normal_unbiased",
]


def bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def same(a, b):
    return (math.isnan(a) and math.isnan(b)) or bits(a) == bits(b)


def lerp(a, b, g):
    """normkey's documented interpolation, exact then rounded once."""
    if g == 0:
        return a
    if g == 1:
        return b
    if math.isinf(a) or math.isinf(b):
        if math.isinf(a) and math.isinf(b):
            return a if a == b else math.nan
        return a if math.isinf(a) else b
    v = Fraction(a) + g * (Fraction(b) - Fraction(a))
    if v == 0:
        return -0.0 if (math.copysign(1, a) < 0 and math.copysign(1, b) < 0) else 0.0
    return float(v)  # Fraction -> float is correctly rounded


def exact(data, p, method, skip):
    if not skip and any(math.isnan(x) for x in data):
        return math.nan
    x = sorted((v for v in data if not math.isnan(v)), key=lambda v: (v, math.copysign(1, v)))
    n = len(x)
    if n == 0:
        return math.nan
    P = Fraction(p)
    clamp = lambda i: min(max(int(i), 0), n - 1)
    L = (n - 1) * P

    def at(h, fix=lambda g: g):
        if h < 0:
            return x[0]
        if h >= n - 1:
            return x[n - 1]
        j = math.floor(h)
        return lerp(x[j], x[j + 1], fix(h - j))

    def cont(alpha, beta):
        return at(n * P + alpha + P * (1 - alpha - beta) - 1)

    if method == "linear":
        return at(L)
    if method == "lower":
        return x[clamp(math.floor(L))]
    if method == "higher":
        return x[clamp(math.ceil(L))]
    if method == "nearest":
        return x[clamp(round(L))]  # Fraction.__round__: half to even
    if method == "midpoint":
        if L.denominator == 1:
            return x[int(L)]
        return lerp(x[math.floor(L)], x[math.ceil(L)], Fraction(1, 2))
    if method in ("inverted_cdf", "closest_observation"):
        h = n * P - 1 - (Fraction(1, 2) if method == "closest_observation" else 0)
        prev = math.floor(h)
        g = h - prev
        if method == "inverted_cdf":
            take_prev = g == 0
        else:
            take_prev = g == 0 and prev % 2 == 1
        return x[clamp(prev if take_prev else prev + 1)]
    if method == "averaged_inverted_cdf":
        return at(n * P - 1, lambda g: Fraction(1, 2) if g == 0 else Fraction(1))
    if method == "interpolated_inverted_cdf":
        return cont(Fraction(0), Fraction(1))
    if method == "hazen":
        return cont(Fraction(1, 2), Fraction(1, 2))
    if method == "weibull":
        return cont(Fraction(0), Fraction(0))
    if method == "median_unbiased":
        return cont(Fraction(1, 3), Fraction(1, 3))
    if method == "normal_unbiased":
        return cont(Fraction(3, 8), Fraction(3, 8))
    raise ValueError(method)


def main():
    rng = random.Random(20261126)
    datasets = [
        [float(i) for i in rng.sample(range(1, 11), 10)],
        [rng.gauss(0, 1) for _ in range(37)],
        [1e-300, 1e300, -1e16, 3.0, 0.1, 0.7, -2.5e-5, 123456.789, 1.0 / 3.0, -7.0, 2.0 ** -60],
        [-math.inf, 1.0, 2.0, math.inf],
        [-math.inf, 0.5, 7.0],
        [math.nan, 1.5, -2.5, -math.nan, 0.0, 8.25],
        [-0.0, 0.0, 5e-324, -5e-324, 2.2250738585072014e-308, -1e-310],
        [42.0],
        [3.3] * 6,
        [rng.random() for _ in range(101)],
    ]
    out = sys.stdout
    for d, data in enumerate(datasets):
        out.write(f"data {d} " + " ".join(f"{bits(v):x}" for v in data) + "\n")
    for d, data in enumerate(datasets):
        n = len([v for v in data if not math.isnan(v)])
        probs = [0.0, 1.0, 0.5, 0.25, 0.99, 1.0 / 3.0, np.nextafter(0.5, 0.0), rng.random()]
        if n > 2:
            knot = 1.0 / (n - 1)
            probs += [knot, np.nextafter(knot, 0.0)]
        nan_data = any(math.isnan(v) for v in data)
        for method in METHODS:
            for skip in ([True, False] if nan_data else [False]):
                f = np.nanquantile if skip else np.quantile
                with np.errstate(all="ignore"):
                    got = f(np.array(data, dtype=np.float64), np.array(probs, dtype=np.float64), method=method)
                for p, g in zip(probs, got):
                    g = float(g)
                    want = exact(data, float(p), method, skip)
                    status = "" if same(g, want) else f" {bits(want):x}"
                    out.write(f"{d} {int(skip)} {METHODS.index(method)} {bits(float(p)):x} {bits(g):x}{status}\n")


if __name__ == "__main__":
    main()
