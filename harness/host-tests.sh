#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# host-tests.sh RESULTS: the host tests of scripts/kallmodsyms_gen: CTest +
# GoogleTest (with the real dataset of ../shared/data), the same under
# ASan+UBSan, the same without the tool's SSE2 code paths (what hosts
# without SSE2 run), then each libFuzzer target for FUZZ_SECONDS (default 5);
# and the unittest cases of scripts/tracing/ftrace_timeline.py.
# Appends "PASS|FAIL host NAME" lines to RESULTS.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
results=$1
tests=$ROOT/tests/kallmodsyms_gen
work=$OUT/host-tests
mkdir -p "$work" "$LOGS"
log=$LOGS/host-tests.log
: > "$log"

dataset=$("$ROOT/harness/dataset.sh")

ctest_results() { # BUILD_DIR PREFIX
	(cd "$1" && ctest --timeout 600 2>&1) | tee -a "$log" |
		sed -n 's/^ *[0-9]*\/[0-9]* *Test *#[0-9]*: \([^ ]*\) \.*[ *]*\([A-Za-z]*\).*/\2 \1/p' |
		while read -r status name; do
			[ "$status" = Passed ] && echo "PASS host $2$name" || echo "FAIL host $2$name"
		done >> "$results"
}

for variant in release asan portable; do
	host_start=$(date +%s)
	step "host tests of kallmodsyms_gen ($variant)"
	flags=(-DDATASET="$dataset" -DCMAKE_BUILD_TYPE=RelWithDebInfo
	       -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
	[ "$variant" = asan ] && flags+=(-DSANITIZE=ON)
	[ "$variant" = portable ] && flags+=(-DPORTABLE=ON)
	if ! { cmake -S "$tests" -B "$work/$variant" "${flags[@]}" &&
	       cmake --build "$work/$variant" -j"$JOBS"; } >> "$log" 2>&1; then
		show_log "$log"
		echo "FAIL host build-$variant" >> "$results"
		continue
	fi
	prefix=""
	[ "$variant" = release ] || prefix="$variant:"
	ctest_results "$work/$variant" "$prefix"
	record_time "host tests ($variant)" "$host_start"
done

# scripts/tracing/ftrace_timeline.py: one result a unittest case
step "host tests of ftrace_timeline.py"
host_start=$(date +%s)
# (a failing case is a FAIL line; the fuzzers still run)
if ! (cd "$ROOT/tests/ftrace_timeline" && ROOT=$ROOT python3 -m unittest -v test_ftrace_timeline 2>&1) |
	tee -a "$log" |
	sed -n 's/^\(test_[a-z_0-9]*\) .* \.\.\. \(ok\|FAIL\|ERROR\)$/\2 \1/p' |
	while read -r status name; do
		[ "$status" = ok ] && echo "PASS host timeline:$name" || echo "FAIL host timeline:$name"
	done >> "$results"; then
	grep -q 'FAIL host timeline:' "$results" || echo "FAIL host timeline:unittest-exit" >> "$results"
fi
grep -q 'PASS host timeline:' "$results" || echo "FAIL host timeline:unittest-ran" >> "$results"
record_time "host tests (ftrace_timeline.py)" "$host_start"

step "fuzzing each parser for ${FUZZ_SECONDS:-5} s"
host_start=$(date +%s)
"$ROOT/harness/fuzz.sh" "${FUZZ_SECONDS:-5}" "$results"
record_time "host fuzzers" "$host_start"
