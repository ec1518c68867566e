#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh: the project's benchmarks, printed as one table of figures and
# ratios (also saved to out/bench.txt).  Each feature adds its rows here.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

table=$OUT/bench.txt
mkdir -p "$OUT" "$LOGS"
rows=()
row() { rows+=("$(printf '%-46s %14s  %s' "$1" "$2" "${3:-}")"); }

"$ROOT/harness/assemble.sh" > /dev/null
"$ROOT/harness/build.sh" qemu > /dev/null
"$ROOT/harness/initramfs.sh" qemu > /dev/null

# Build: a no-change rebuild must be quick (incremental assembly).
start=$(date +%s.%N)
"$ROOT/harness/assemble.sh" > /dev/null
"$ROOT/harness/build.sh" qemu > /dev/null
row "no-change assemble + rebuild" "$(echo "$(date +%s.%N) - $start" | bc | xargs printf '%.1f') s"
row "bzImage size" "$(stat -c %s "$OUT/build/qemu/arch/x86/boot/bzImage") B"
row "vmlinux size" "$(stat -c %s "$OUT/build/qemu/vmlinux") B"

# Boot: kernel time at which /init started, with and without ftrace=function.
init_time() { # LOG
	tr -d '\r' < "$1" | sed -n 's/^\[ *\([0-9.]*\)\] harness: init started.*/\1/p' | head -n 1
}
BOOT_NO_FTRACE=1 "$ROOT/harness/boot.sh" qemu bench "$LOGS/bench-boot-plain.log" > /dev/null
"$ROOT/harness/boot.sh" qemu bench "$LOGS/bench-boot-ftrace.log" > /dev/null
plain=$(init_time "$LOGS/bench-boot-plain.log")
traced=$(init_time "$LOGS/bench-boot-ftrace.log")
row "time to /init, TCG (kernel clock)" "$plain s"
row "time to /init with ftrace=function" "$traced s" \
	"ratio $(echo "scale=2; $traced / $plain" | bc)"

{
	printf '%-46s %14s  %s\n' "benchmark" "figure" "ratio / note"
	printf '%s\n' "${rows[@]}"
} | tee "$table"
