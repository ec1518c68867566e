#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# reset.sh FLAVOR RESULTS [NAME]: the runs of harness/reset-boots.list (or
# the one named NAME), each a machine reset between boots with its RAM
# kept; the ftracetest results of every boot go to RESULTS, and a run whose
# boots did not all report, or that left a kernel splat, fails.  reset.sh
# FLAVOR --list: the names of FLAVOR's runs.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavor=$1 results=$2 only_name=${3:-} matched=
rc=0
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }
while IFS='|' read -r name cases extra boots only qemu later <&3; do
	name=$(trim "$name") cases=$(trim "$cases") extra=$(trim "$extra")
	boots=$(trim "$boots") only=$(trim "${only:-}") qemu=$(trim "${qemu:-}")
	later=$(trim "${later:-}")
	[ -z "$only" ] || [[ ",$only," == *",$flavor,"* ]] || continue
	[ -z "$only_name" ] || [ "$name" = "$only_name" ] || continue
	matched=1
	if [ "$results" = --list ]; then
		echo "$name"
		continue
	fi
	log=$LOGS/check-$flavor-$name.console.log
	qemu_extra=
	if [ "$qemu" = garbage ]; then
		yes 'not a very early trace ' | head -c 65536 > "$OUT/guest/region-garbage.bin" || true
		addr=$(printf '%s\n' "$extra" | sed -n 's/.*ftrace_early_region=[^@]*@\([0-9a-fx]*\).*/\1/p')
		qemu_extra="-device loader,file=$OUT/guest/region-garbage.bin,addr=$addr,force-raw=on"
	fi
	logs=("$log")
	if [ -z "$later" ]; then
		BOOT_OWN_CLOCK=1 BOOT_TIMEOUT=900 BOOT_QEMU_EXTRA=$qemu_extra \
		BOOT_RESET_ON='ftrace_early_test=hang:[^ ]*: hanging' \
		BOOT_UNTIL='harness: ftracetest done' BOOT_UNTIL_COUNT=$boots \
			"$ROOT/harness/boot.sh" "$flavor" reset "$log" \
			"earlycon=uart8250,io,0x3f8,115200 kunit.enable=0 $extra harness_cases=$cases"
	else
		# The first boot in a QEMU of its own, until it hangs or has
		# stopped tracing early; then the later boots in another, the
		# RAM carried in a file.
		first=$LOGS/check-$flavor-$name-first.console.log
		logs+=("$first")
		ram=$OUT/guest/ram-$flavor-$name.bin
		rm -f "$ram"
		trap 'rm -f "$ram"' EXIT
		BOOT_RAM=$ram BOOT_OWN_CLOCK=1 BOOT_TIMEOUT=900 BOOT_QEMU_EXTRA=$qemu_extra \
		BOOT_UNTIL='ftrace_early_test=hang:[^ ]*: hanging|the very early trace is not kept|harness: init started' \
			"$ROOT/harness/boot.sh" "$flavor" crash "$first" \
			"earlycon=uart8250,io,0x3f8,115200 kunit.enable=0 $extra"
		if ! grep -Eq 'ftrace_early_test=hang:[^ ]*: hanging|the very early trace is not kept|harness: init started' "$first"; then
			echo "reset: $name: the first boot neither hung nor went on (console: ${first#"$ROOT"/})" >&2
			rc=1
		fi
		BOOT_RAM=$ram BOOT_NO_FTRACE=1 BOOT_OWN_CLOCK=1 BOOT_TIMEOUT=900 \
		BOOT_UNTIL='harness: ftracetest done' BOOT_UNTIL_COUNT=$boots \
			"$ROOT/harness/boot.sh" "$flavor" reset "$log" \
			"earlycon=uart8250,io,0x3f8,115200 kunit.enable=0 $later harness_cases=$cases"
		rm -f "$ram"
		trap - EXIT
	fi
	before=$(wc -l < "$results")
	awk -f "$ROOT/harness/console-results.awk" "$log" | sed "s/ ftracetest / ftracetest $name: /" >> "$results"
	got=$(grep -c 'harness: ftracetest done' "$log" || true)
	if [ "$got" -lt "$boots" ]; then
		echo "reset: $name: $got of $boots boots ran their cases (console: ${log#"$ROOT"/})" >&2
		rc=1
	fi
	[ "$(wc -l < "$results")" -gt "$before" ] || rc=1
	for l in "${logs[@]}"; do
		if splats=$("$ROOT/harness/splats.sh" "$l"); then :; else
			printf '%s\n' "$splats" | head -n 20 >&2
			echo "reset: $name: kernel splat in ${l#"$ROOT"/}" >&2
			rc=1
		fi
	done
done 3< <(grep -v '^#' "$ROOT/harness/reset-boots.list" | grep .)
[ -z "$only_name" ] || [ -n "$matched" ] ||
	die "harness/reset-boots.list has no $flavor run named $only_name"
exit $rc
