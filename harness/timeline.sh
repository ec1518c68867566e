#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# timeline.sh FLAVOR DIR [RESULTS]: boot FLAVOR's kernel with the whole
# function graph from start_kernel() on (ftrace=function_graph), take its
# trace, the instance early_boot and dmesg from the guest (its second
# serial port), and turn them into DIR/boot.json (Chrome trace-event JSON:
# Perfetto UI, chrome://tracing, speedscope) and DIR/boot.svg (the first
# second of start_kernel()) with scripts/tracing/ftrace_timeline.py.
# With RESULTS (make check), hold the JSON against the trace
# (tests/ftrace_timeline/check_timeline.py) and the SVG against XML, and
# append "PASS|FAIL timeline NAME" lines; without, print where the files
# are and how to open them.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavor=$1 dir=$2 results=${3:-}
tool=$ROOT/scripts/tracing/ftrace_timeline.py
check=$ROOT/tests/ftrace_timeline/check_timeline.py
# The whole graph, unfiltered: the calls before ftrace_init() (those made
# while the early area is full, before memblock, counted on one line),
# and the graph tracer's after it until the buffer is full.
cmdline="mem=512M ftrace=function_graph trace_options=nooverwrite trace_buf_size=40M kunit.enable=0"
mkdir -p "$dir"
rm -f "$dir"/{export.txt,trace.txt,early_boot.txt,dmesg.txt,boot.json,boot.svg}
# A failure: with RESULTS, a FAIL line there (the script goes on as the
# check's job); without, the exit status
failed=0
[ -n "$results" ] || failed=1
result() { # PASS|FAIL NAME [WHY]
	if [ -n "$results" ]; then
		echo "$1 timeline $2${3:+: $3}" >> "$results"
	fi
	[ "$1" = PASS ] || echo "timeline: $2: ${3:-failed}" >&2
}

# QEMU's options are words: the file's path must be one
[[ $dir != *[[:space:]]* ]] || die "$dir: a directory without blanks, please (QEMU's -serial)"
# The console on the first serial port, the files on the second
BOOT_NO_FTRACE=1 BOOT_TIMEOUT=${BOOT_TIMEOUT:-1200} \
BOOT_QEMU_EXTRA="-serial mon:stdio -serial file:$dir/export.txt" \
	"$ROOT/harness/boot.sh" "$flavor" timeline "$dir/console.log" "$cmdline" || true
if ! grep -q 'harness: timeline: sent' "$dir/console.log"; then
	result FAIL boot "the guest did not send its trace (${dir#"$ROOT"/}/console.log)"
	exit "$failed"
fi

# The files the guest sent: "==== NAME", base64 of its gzip, "==== end"
split_export() { # NAME FILE
	tr -d '\r' < "$dir/export.txt" |
		awk -v want="$1" '$0 == "==== " want { on = 1; next }
				  $0 == "==== end" { on = 0 }
				  on' | base64 -d | gunzip > "$2"
}
if ! grep -qx '==== done' <(tr -d '\r' < "$dir/export.txt") ||
   ! split_export trace "$dir/trace.txt" || ! split_export dmesg "$dir/dmesg.txt"; then
	result FAIL export "the guest's files did not all come through (${dir#"$ROOT"/}/export.txt)"
	exit "$failed"
fi
early=()
if grep -qx '==== instances/early_boot/trace' <(tr -d '\r' < "$dir/export.txt"); then
	if ! split_export instances/early_boot/trace "$dir/early_boot.txt"; then
		result FAIL export "early_boot did not come through (${dir#"$ROOT"/}/export.txt)"
		exit "$failed"
	fi
	early=(-e "$dir/early_boot.txt")
fi
rm -f "$dir/export.txt"

start=$(date +%s%N)
if ! python3 "$tool" "${early[@]}" -o "$dir/boot.json" --svg "$dir/boot.svg" "$dir/trace.txt" \
	2> "$dir/convert.log"; then
	cat "$dir/convert.log" >&2
	result FAIL convert "$(head -n 1 "$dir/convert.log")"
	exit "$failed"
fi
ms=$((($(date +%s%N) - start) / 1000000))
calls=$(grep -c '() {$\|();$' "$dir/trace.txt" || true)
result PASS convert

if [ -n "$results" ]; then
	if verdict=$(python3 "$check" "$dir/trace.txt" "$dir/boot.json" ${early[1]:+"${early[1]}"} 2>&1); then
		result PASS json-against-trace
		echo "timeline: $verdict"
	else
		result FAIL json-against-trace "$verdict"
	fi
	if python3 -c 'import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
n = sum(1 for _ in root.iter("{http://www.w3.org/2000/svg}rect"))
sys.exit(n < 20)' "$dir/boot.svg"; then
		result PASS svg
	else
		result FAIL svg "${dir#"$ROOT"/}/boot.svg is not an SVG with the boot's calls"
	fi
	# early_boot's zero puts the graph's early part before the rest
	if [ ${#early[@]} = 0 ]; then
		result FAIL early-boot "the boot trace had no untimed entries: no early_boot to join"
	else
		result PASS early-boot
	fi
	exit 0
fi

echo "timeline: $calls calls of the trace in $ms ms: ${dir#"$ROOT"/}/boot.json, ${dir#"$ROOT"/}/boot.svg"
echo "  Perfetto: https://ui.perfetto.dev, Open trace file: boot.json (it stays in the browser)"
echo "  Chrome: chrome://tracing, Load: boot.json; speedscope: npx speedscope boot.json"
echo "  the drawing: any browser, boot.svg; the trace itself: trace.txt and early_boot.txt"
