#!/bin/sh
# Counts the `__aeabi_*` calls in the out-of-line UNORM8 encoders (src/lib.rs,
# `probe`) for the given target (default thumbv7m-none-eabi), with llvm-objdump.
set -e
target=${1:-thumbv7m-none-eabi}
cd "$(dirname "$0")"
cargo build --release --target "$target" -q
elf=target/$target/release/softfloat-bench
for f in probe_normkey_unorm8_from_f32 probe_naive_unorm8_encode probe_unorm8_from_f32_bits probe_unorm8_to_f32_bits; do
    body=$(llvm-objdump -d --no-show-raw-insn --disassemble-symbols=$f "$elf")
    n=$(printf '%s\n' "$body" | grep -cE '\bbl?\b.*<__aeabi_' || true)
    insns=$(printf '%s\n' "$body" | grep -cE '^ +[0-9a-f]+:' || true)
    calls=$(printf '%s\n' "$body" | grep -oE '<__aeabi_[a-z0-9]+' | tr -d '<' | sort | uniq -c | tr -s ' ' | tr '\n' ',')
    echo "$target $f: $n __aeabi calls, $insns instructions ($calls)"
done
