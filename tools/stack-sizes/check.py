#!/usr/bin/env python3
"""Checks the stack that normkey's selection functions and exact sums take on
`thumbv7em-none-eabihf`: at most 4 KiB each on 256 values (issues 40 and 54), and
on a slice of any length at most 32 KiB for the selection functions, 8 KiB for
the exact sums (`sum`, `mean`, `dot`, `ExactSum::add_slice`).

Builds the probe (`src/main.rs`: one `probe_*` function per call) in release with
`-Z emit-stack-sizes` (the stable toolchain with `RUSTC_BOOTSTRAP=1`: the flag is
unstable, and the target's `rust-std` is the one the bare-metal stage installs),
reads every function's frame from the `.stack_sizes` section (`llvm-readobj
--stack-sizes`) and the calls between functions from the disassembly
(`llvm-objdump -d`: `bl` and the branches to another function's start, which are
tail calls), and sums the frames along the deepest call chain below each probe.
A function with no frame in the section (`core`'s and `compiler_builtins`'
prebuilt code: panics, `memclr`, soft-float compares) counts as
`UNKNOWN_FRAME` bytes and is not followed. A cycle (recursion) fails the check:
its depth would be unbounded here.

Usage: python3 tools/stack-sizes/check.py [--limit BYTES]   (from the repository
root or anywhere; needs `rustup component add llvm-tools` and the target)
Prints each probe's worst chain and exits 1 if one exceeds the limit.
`STACK_TARGET=x86_64-unknown-linux-gnu` measures the same probes on the host
(the x86-64 figures of the docs; the limits are thumbv7em's, so it reports the
exact sums over them).
"""

import argparse
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TARGET = os.environ.get("STACK_TARGET", "thumbv7em-none-eabihf")
# What a function without a recorded frame counts for (the prebuilt `core`
# functions the probes reach are small leaves: soft-float compares, memclr, or
# the panic path, which ends in the probe's `loop {}`).
UNKNOWN_FRAME = 256
# What the 256-value probes do not follow, in a demangled name: normkey's wide
# selection digits (slices of more than 512 records), and top-k's sort of more
# than 512 candidates (the LSD passes on a small stack; 512 or fewer are merged).
LONG_ONLY = ("sort::engine::select::Wide", "sort::engine::route::lsd_small_stack")
# The `long_*` probes of the exact sums, which `--sum-long-limit` bounds.
SUMS = ("long_sum", "long_mean", "long_dot", "long_add_slice")


def tool(name):
    """An LLVM tool from rustup's `llvm-tools` (the toolchain's own LLVM)."""
    sysroot = subprocess.check_output(["rustc", "--print", "sysroot"], text=True).strip()
    host = re.search(r"host: (\S+)", subprocess.check_output(["rustc", "-vV"], text=True)).group(1)
    path = os.path.join(sysroot, "lib", "rustlib", host, "bin", name)
    if not os.path.exists(path):
        sys.exit(f"{path} is missing: rustup component add llvm-tools")
    return path


def build():
    # Absolute: cargo runs in this directory, the readers in the caller's.
    target_dir = os.path.abspath(os.environ.get("CARGO_TARGET_DIR") or os.path.join(HERE, "..", "..", "target", "stack-sizes"))
    flags = "-Z emit-stack-sizes"
    if "linux" in TARGET:
        # A hosted target (`STACK_TARGET=x86_64-unknown-linux-gnu`): the probe's
        # `_start` in place of the C runtime's, the C library's `memcpy`, and
        # direct calls (position-dependent code: no calls through the GOT, which
        # the disassembly would show as indirect).
        flags += " -C link-arg=-nostartfiles -C link-arg=-lc -C relocation-model=static"
    env = dict(os.environ, RUSTC_BOOTSTRAP="1", RUSTFLAGS=flags, CARGO_TARGET_DIR=target_dir)
    subprocess.run(["cargo", "build", "--release", "--target", TARGET], cwd=HERE, env=env, check=True)
    return os.path.join(target_dir, TARGET, "release", "stack-probe")


def frames(elf):
    out = subprocess.check_output([tool("llvm-readobj"), "--stack-sizes", "--elf-output-style=GNU", elf], text=True)
    sizes = {}
    for line in out.splitlines():
        m = re.match(r"\s*(\d+)\s+(\S+)\s*$", line)
        if m:
            sizes[m.group(2)] = int(m.group(1))
    return sizes


def calls(elf):
    out = subprocess.check_output([tool("llvm-objdump"), "-d", "--no-show-raw-insn", elf], text=True)
    graph, current, indirect = {}, None, {}
    for line in out.splitlines():
        m = re.match(r"^[0-9a-f]+ <(\S+)>:$", line)
        if m:
            current = m.group(1)
            graph[current] = set()
            continue
        if current is None:
            continue
        # `bl sym`, and `b`/`b.w`/`bxx` to another function's first instruction
        # (Thumb); `call`, `jmp`, `jxx` (x86-64).
        m = re.search(r"\s(b[a-z]*(\.w)?|call[q]?|j[a-z]+)\s+(0x)?[0-9a-f]+ <([^>+]+)>", line)
        if m and m.group(4) != current:
            graph[current].add(m.group(4))
        elif re.search(r"\sblx\s+r\d|\scall[q]?\s+\*", line):
            indirect[current] = indirect.get(current, 0) + 1
    return graph, indirect


# Mangled name -> demangled, for every function of the probe.
NAMES = {}


def worst(fn, sizes, graph, stack, memo, skip=None):
    """The deepest chain from `fn`: (bytes, [(frame, function)]), not following
    the functions whose names contain one of `skip`."""
    if fn in memo:
        return memo[fn]
    if fn in stack:
        raise RuntimeError("recursion: " + " -> ".join(stack[stack.index(fn):] + [fn]))
    own = sizes.get(fn)
    if own is None:
        return UNKNOWN_FRAME, [(UNKNOWN_FRAME, fn + " (no frame recorded)")]
    best = (0, [])
    for callee in sorted(graph.get(fn, ())):
        if skip and any(s in NAMES.get(callee, callee) for s in skip):
            continue
        best = max(best, worst(callee, sizes, graph, stack + [fn], memo, skip))
    memo[fn] = (own + best[0], [(own, fn)] + best[1])
    return memo[fn]


def demangle(names):
    try:
        out = subprocess.run(["c++filt"], input="\n".join(names), text=True, capture_output=True, check=True)
        return out.stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=4096, help="bytes of stack per probe (default 4096)")
    ap.add_argument("--elf", help="an already built probe (skips the build)")
    ap.add_argument("--long-limit", type=int, default=32768, help="bytes of stack per long_* probe, any length (default 32768)")
    ap.add_argument("--sum-long-limit", type=int, default=8192, help="bytes of stack per long_* probe of the exact sums, any length (default 8192)")
    args = ap.parse_args()
    elf = args.elf or build()
    sizes = frames(elf)
    graph, indirect = calls(elf)
    NAMES.update(zip(graph, demangle(list(graph))))
    probes = sorted(f for f in graph if f.startswith(("probe_", "long_")))
    if not probes:
        sys.exit("no probe_* function in " + elf)
    failed = False
    memos = {True: {}, False: {}}
    for p in probes:
        # A slice of at most `select::NARROW_MAX` (512) records takes the narrow
        # digits (`select::wide`), and top-k of at most 512 merges its
        # candidates: the 256-value probes do not follow the wide digits'
        # instances (`Wide` in their names) or the small-stack LSD, the long
        # ones do.
        short = p.startswith("probe_")
        total, chain = worst(p, sizes, graph, [], memos[short], LONG_ONLY if short else None)
        limit = args.limit if short else args.sum_long_limit if p.startswith(SUMS) else args.long_limit
        verdict = "ok" if total <= limit else "OVER THE LIMIT"
        failed |= total > limit
        print(f"{p}: {total} bytes ({verdict}, limit {limit})")
        for size, fn in chain:
            print(f"    {size:6d}  {NAMES.get(fn, fn)[:150]}")
    for fn, n in sorted(indirect.items()):
        if fn in memos[True] or fn in memos[False]:
            print(f"note: {fn} makes {n} indirect call(s), not followed")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
