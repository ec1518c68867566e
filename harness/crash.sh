#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# crash.sh FLAVOR RESULTS [NAME]: the boots of harness/crash-boots.list (or
# the one named NAME), which go wrong before /init on purpose; each console
# is checked by harness/crash-dump.awk and gives one line "PASS|FAIL crash
# NAME" to RESULTS.  crash.sh FLAVOR --list: the names of FLAVOR's boots.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavor=$1 results=$2 only_name=${3:-} matched=
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }
while IFS='|' read -r name extra expect only <&3; do
	name=$(trim "$name") extra=$(trim "$extra") expect=$(trim "$expect")
	only=$(trim "${only:-}")
	[ -z "$only" ] || [[ ",$only," == *",$flavor,"* ]] || continue
	[ -z "$only_name" ] || [ "$name" = "$only_name" ] || continue
	matched=1
	if [ "$results" = --list ]; then
		echo "$name"
		continue
	fi
	log=$LOGS/check-$flavor-$name.console.log
	vars=()
	for w in $expect; do vars+=(-v "$w"); done
	BOOT_OWN_CLOCK=1 BOOT_TIMEOUT=600 \
	BOOT_UNTIL='^(\[ *[0-9.]+\] )?end of the very early function' \
		"$ROOT/harness/boot.sh" "$flavor" crash "$log" \
		"earlycon=uart8250,io,0x3f8,115200 kunit.enable=0 $extra"
	verdict=$(awk "${vars[@]}" -f "$ROOT/harness/crash-dump.awk" "$log")
	if [ "$verdict" = ok ]; then
		echo "PASS crash $name" >> "$results"
	else
		echo "FAIL crash $name: $verdict" >> "$results"
		echo "crash: $name: $verdict (console: ${log#"$ROOT"/})" >&2
	fi
	# The graph's dump as a timeline: its open calls drawn to the end.
	# A dump whose times are estimated (the guest, which finds its TSC's
	# frequency itself, could not) is refused, saying why.
	if [[ " $expect " == *" mode=graph "* ]]; then
		json=$LOGS/check-$flavor-$name.json
		rm -f "$json"
		if grep -q "times estimated: the counter's frequency is not known" "$log"; then
			if ! verdict=$(python3 "$ROOT/scripts/tracing/ftrace_timeline.py" -o "$json" "$log" 2>&1) &&
			   [[ $verdict == *"the dump's times are estimated"* ]] && [ ! -e "$json" ]; then
				verdict=ok
			else
				verdict="a dump with estimated times not refused: $verdict"
			fi
		elif ! verdict=$(python3 "$ROOT/scripts/tracing/ftrace_timeline.py" -o "$json" "$log" 2>&1) ||
		     ! verdict=$(python3 "$ROOT/tests/ftrace_timeline/check_timeline.py" "$log" "$json" 2>&1); then
			:
		else
			verdict=ok
		fi
		if [ "$verdict" = ok ]; then
			echo "PASS crash $name timeline" >> "$results"
		else
			echo "FAIL crash $name timeline: $verdict" >> "$results"
			echo "crash: $name: timeline: $verdict" >&2
		fi
	fi
done 3< <(grep -v '^#' "$ROOT/harness/crash-boots.list" | grep .)
[ -z "$only_name" ] || [ -n "$matched" ] ||
	die "harness/crash-boots.list has no $flavor boot named $only_name"
