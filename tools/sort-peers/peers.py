"""NumPy's sort and partition on the data of `benches/sort.rs`, beside normkey's times.

    mkdir -p /tmp/sort-dump && rm -f /tmp/sort-dump/normkey.tsv
    NORMKEY_SORT_DUMP=/tmp/sort-dump NORMKEY_SORT_CASES=f32,f64,select \\
        cargo bench -p normkey-bench --features rayon --bench sort
    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install numpy
    /tmp/venv/bin/python tools/sort-peers/peers.py /tmp/sort-dump

For each case the bench ran (`normkey.tsv`: the case, its data file, the float
type, the sorts per run, normkey's best time), the best of five runs of
`ndarray.sort()` (NumPy's default sort: Intel's x86-simd-sort where the CPU has
AVX-512 or AVX2) on a fresh copy, and again with NumPy's AVX-512 kernels off
(`NPY_DISABLE_CPU_FEATURES`, a second interpreter: x86-simd-sort's AVX2
kernels, the faster ones on AMD's Zen 4), the copy not timed, or for the selection case
`ndarray.partition(n // 2)` (x86-simd-sort's qselect), and normkey's time over
NumPy's. The two run in separate processes, minutes apart: rerun both for a
ratio you report, and name the CPU (`/proc/cpuinfo`, AVX2 / AVX-512) and
NumPy's version. NumPy is a benchmark peer, not a dependency: its sort orders
NaNs as quiet NaNs of no particular sign and ties −0 with +0; the bench's data
hold neither, and the script checks that NumPy's sorted values are normkey's
order (ascending, the same multiset).
"""

import os
import subprocess
import sys
import time

import numpy as np


def best(f, reps=5):
    return min(f() for _ in range(reps))


# NumPy reads this at import: the AVX-512 kernels off, so that x86-simd-sort's
# AVX2 ones run (on AMD's Zen 4 its AVX-512 partition stores with a compress to
# memory, which that CPU runs in microcode: there the AVX2 kernels are the
# faster peer).
AVX2_ONLY = "X86_V4 AVX512_ICL AVX512_SPR"


def numpy_times(d):
    """NumPy's best time of each case of `d`, in ms, in the order of `normkey.tsv`."""
    times = []
    for line in open(f"{d}/normkey.tsv"):
        label, file, ty, runs, _ = line.rstrip("\n").split("\t")
        a = np.fromfile(f"{d}/{file}", dtype=np.float32 if ty == "f32" else np.float64)
        runs = int(runs)
        select = label.startswith("select")

        def once():
            total = 0.0
            for _ in range(runs):
                b = a.copy()
                t = time.perf_counter()
                if select:
                    b.partition(len(b) // 2)
                else:
                    b.sort()
                total += time.perf_counter() - t
            return total

        if not select:
            b = a.copy()
            b.sort()
            assert np.all(b[:-1] <= b[1:]) and np.array_equal(np.sort(a, kind="stable"), b)
        times.append(best(once) * 1e3)
    return times


def main(d):
    found = np._core._multiarray_umath.__cpu_features__
    print(f"NumPy {np.__version__}; AVX-512 (SKX) {found.get('AVX512_SKX')}, AVX2 {found.get('AVX2')}")
    default = numpy_times(d)
    # The same in a fresh interpreter with the AVX-512 kernels off.
    env = dict(os.environ, NPY_DISABLE_CPU_FEATURES=AVX2_ONLY)
    out = subprocess.run(
        [sys.executable, __file__, "--times", d], env=env, check=True, capture_output=True, text=True
    ).stdout
    avx2 = [float(t) for t in out.split()]
    print("| case | normkey ms | NumPy ms | normkey / NumPy | NumPy, AVX2 kernels, ms | normkey / it |")
    print("|---|---|---|---|---|---|")
    for line, t, t2 in zip(open(f"{d}/normkey.tsv"), default, avx2):
        label, _, _, _, ours = line.rstrip("\n").split("\t")
        print(f"| {label} | {float(ours):.2f} | {t:.2f} | {float(ours) / t:.2f} | {t2:.2f} | {float(ours) / t2:.2f} |")


if __name__ == "__main__":
    if sys.argv[1] == "--times":
        print(" ".join(f"{t:.4f}" for t in numpy_times(sys.argv[2])))
    else:
        main(sys.argv[1])
