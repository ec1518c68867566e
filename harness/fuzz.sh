#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# fuzz.sh SECONDS [RESULTS]: build the libFuzzer targets of kallmodsyms_gen
# (clang, ASan+UBSan) and run each for SECONDS, seeded with the golden
# inputs.  Crashes are kept under out/fuzz/TARGET/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
seconds=${1:-60}
results=${2:-/dev/null}
tests=$ROOT/tests/kallmodsyms_gen
work=$OUT/fuzz
log=$LOGS/fuzz.log
mkdir -p "$work" "$LOGS"
if ! { CXX=clang++ cmake -S "$tests" -B "$work/build" -DFUZZ=ON -DSANITIZE=ON \
		-DCMAKE_BUILD_TYPE=RelWithDebInfo \
		-DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache &&
       cmake --build "$work/build" -j"$JOBS"; } > "$log" 2>&1; then
	show_log "$log"
	echo "FAIL host fuzz-build" >> "$results"
	exit 1
fi
g=$tests/golden
declare -A seeds=(
	[link_map]="$g/gnu/vmlinux.map $g/gnu/vmlinux.o.map $g/lld/vmlinux.map"
	[nm]="$g/nm"
	[builtin_modules]="$g/modules_thick.builtin"
)
rc=0
for target in link_map nm builtin_modules; do
	corpus=$work/$target/corpus
	mkdir -p "$corpus"
	i=0
	for s in ${seeds[$target]}; do
		cp "$s" "$corpus/seed$i"
		i=$((i + 1))
	done
	if (cd "$work/$target" && "$work/build/fuzz_$target" -max_total_time="$seconds" \
			-max_len=4096 -timeout=10 corpus) >> "$log" 2>&1; then
		echo "PASS host fuzz:$target" >> "$results"
		echo "fuzz: $target: $(grep -o 'Done [0-9]* runs' "$log" | tail -n 1 | cut -d' ' -f2) runs, no crash"
	else
		echo "FAIL host fuzz:$target" >> "$results"
		echo "fuzz: $target crashed; see ${log#$ROOT/} and out/fuzz/$target/" >&2
		rc=1
	fi
done
exit $rc
