#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh: scripts/checkpatch.pl --strict over the exported series (its
# hook patches and every new kernel file they carry).  Fails on any error,
# warning or check.
#
# FILE_PATH_CHANGES ("does MAINTAINERS need updating?") is ignored: the new
# files sit in directories that existing MAINTAINERS entries cover.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$ROOT/harness/series.sh" > /dev/null
log=$LOGS/checkpatch.log
mkdir -p "$LOGS"
step "checkpatch --strict over out/series/patches"
rc=0
"$SRC/scripts/checkpatch.pl" --strict --no-tree --color=never --summary-file \
	--ignore FILE_PATH_CHANGES "$OUT"/series/patches/*.patch > "$log" 2>&1 || rc=$?
grep -E '^(ERROR|WARNING|CHECK)|^#|total:' "$log" || true
if [ "$rc" != 0 ] || grep -qE '^(ERROR|WARNING|CHECK)' "$log"; then
	die "checkpatch found problems (full output: ${log#$ROOT/})"
fi
step "checkpatch: clean"

# No new warnings with W=1: recompile each new kernel C file with it.
"$ROOT/harness/build.sh" qemu > /dev/null
objs=$(cd "$ROOT/linux" && find . -name '*.c' -not -path './scripts/*' -not -path './tools/*' |
	sed 's|^\./||; s|\.c$|.o|' | sort)
if [ -n "$objs" ]; then
	step "W=1 build of the new kernel C files"
	w1log=$LOGS/w1.log
	for o in $objs; do
		rm -f "$OUT/build/qemu/$o"
	done
	# shellcheck disable=SC2086
	make -s -C "$SRC" O="$OUT/build/qemu" CC="ccache gcc" W=1 $objs > "$w1log" 2>&1 ||
		{ show_log "$w1log"; die "W=1 build failed"; }
	if grep -E 'warning:' "$w1log"; then
		die "W=1 warnings in new files (${w1log#$ROOT/})"
	fi
	step "W=1: no warnings in $(echo "$objs" | wc -w) new files"
fi
