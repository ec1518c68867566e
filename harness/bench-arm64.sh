#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench-arm64.sh: the very early tracer's cost per recorded call on the
# arm64 guest, against arm64's own function tracer on the same guest
# (make bench-arm64; not in CI: it builds the arm64 kernel).  Three boots
# with ftrace=function in the guest's bench mode: the kernel's benchmark
# (CONFIG_VERY_EARLY_FUNCTION_TRACER_BENCHMARK) times 100,000 calls of a
# function recorded and with the tracer off before ftrace_init(); after
# boot the guest times 200,000 calls of the same function untraced and
# under the function tracer.  The least of the three boots of each figure.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mkdir -p "$LOGS"
"$ROOT/harness/assemble.sh" > /dev/null
"$ROOT/harness/build.sh" arm64 > /dev/null
"$ROOT/harness/initramfs.sh" arm64 > /dev/null

best_early='' best_fn='' n_calls='' n_early=''
for i in 1 2 3; do
	log=$LOGS/bench-arm64-$i.log
	"$ROOT/harness/boot.sh" arm64 bench "$log" "kunit.enable=0" > /dev/null
	eb=$(tr -d '\r' < "$log" | grep 'ftrace: very early: benchmark:' || true)
	bt=$(tr -d '\r' < "$log" | sed -n 's/.*harness: bench: early target: \(.*\) ns.*/\1/p')
	[ -n "$eb" ] && [ -n "$bt" ] || die "no benchmark figures in ${log#"$ROOT"/}"
	echo "$eb" | grep -q ' of a traced function' || die "the benchmark's function was not traced (${log#"$ROOT"/})"
	n_early=$(echo "$eb" | sed 's/.*benchmark: \([0-9]*\) calls.*/\1/')
	rec=$(echo "$eb" | sed 's/.* \([0-9]*\) ns per call recorded.*/\1/')
	off=$(echo "$eb" | sed 's/.* \([0-9]*\) ns per call with the tracer off.*/\1/')
	n_calls=$(echo "$bt" | sed 's/.*calls \([0-9]*\) .*/\1/')
	base=$(echo "$bt" | sed 's/.* base \([0-9]*\) .*/\1/')
	fn=$(echo "$bt" | sed 's/.* function \([0-9]*\)$/\1/')
	early=$((rec - off))
	fn_ns=$(((fn - base) / n_calls))
	[ -n "$best_early" ] && [ "$best_early" -le "$early" ] || best_early=$early
	[ -n "$best_fn" ] && [ "$best_fn" -le "$fn_ns" ] || best_fn=$fn_ns
done
printf '%-46s %14s  %s\n' "arm64 very early tracer, per recorded call" "$best_early ns" \
	"$n_early calls before ftrace_init(), less the call with the tracer off, least of 3 boots"
printf '%-46s %14s  %s\n' "arm64 function tracer, per call" "$best_fn ns" \
	"$n_calls calls of the same function after boot, least of 3 boots"
printf '%-46s %14s  %s\n' "arm64 very early vs function tracer" \
	"$(echo "scale=2; $best_early / $best_fn" | bc | sed "s/^\./0./")" "TCG guest (target <= 0.5, as on x86_64)"
