#!/bin/sh
# Counts the `__aeabi_*` calls in the out-of-line probes (src/lib.rs, `probe`):
# normkey's four formats' `from_f32` and `to_f32` and the naive UNORM8 encoder,
# for the given target (default thumbv7m-none-eabi), with llvm-objdump.
set -e
target=${1:-thumbv7m-none-eabi}
cd "$(dirname "$0")"
cargo build --release --target "$target" -q
elf=target/$target/release/softfloat-bench
for f in probe_naive_unorm8_encode \
    probe_normkey_unorm8_from_f32 probe_normkey_unorm16_from_f32 \
    probe_normkey_snorm8_from_f32 probe_normkey_snorm16_from_f32 \
    probe_normkey_unorm8_to_f32 probe_normkey_unorm16_to_f32 \
    probe_normkey_snorm8_to_f32 probe_normkey_snorm16_to_f32; do
    body=$(llvm-objdump -d --no-show-raw-insn --disassemble-symbols=$f "$elf")
    n=$(printf '%s\n' "$body" | grep -cE '\bbl?\b.*<__aeabi_' || true)
    insns=$(printf '%s\n' "$body" | grep -cE '^ +[0-9a-f]+:' || true)
    calls=$(printf '%s\n' "$body" | grep -oE '\bbl?\b.*<__[a-z0-9_]+' | grep -oE '<__[a-z0-9_]+' | tr -d '<' | sort | uniq -c | tr -s ' ' | tr '\n' ',')
    echo "$target $f: $n __aeabi calls, $insns instructions ($calls)"
done
