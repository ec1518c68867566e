#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# checkpatch.sh: scripts/checkpatch.pl --strict over the exported series (its
# hook patches and every new kernel file they carry).  Fails on any error,
# warning or check.
#
# FILE_PATH_CHANGES ("does MAINTAINERS need updating?") is ignored: the new
# files sit in directories that existing MAINTAINERS entries cover.
# UNKNOWN_COMMIT_ID too: the base is Debian's tarball, without upstream's
# history, so no Fixes: commit can be found in it.
#
# The C++ host tool (scripts/kallmodsyms_gen/*.cc, *.h) is not C: it is
# checked against its own .clang-format (Google style) instead.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$ROOT/harness/series.sh" > /dev/null
log=$LOGS/checkpatch.log
mkdir -p "$LOGS"
step "checkpatch --strict over out/series/patches"
filtered=$OUT/series/checkpatch
rm -rf "$filtered"
mkdir -p "$filtered"
for p in "$OUT"/series/patches/*.patch; do
	# Drop the diffs of the C++ sources.
	awk '/^diff --git / { skip = ($3 ~ /^a\/scripts\/kallmodsyms_gen\/.*\.(cc|h)$/) }
	     !skip' "$p" > "$filtered/$(basename "$p")"
done
rc=0
"$SRC/scripts/checkpatch.pl" --strict --no-tree --color=never --summary-file \
	--ignore FILE_PATH_CHANGES,UNKNOWN_COMMIT_ID "$filtered"/*.patch > "$log" 2>&1 || rc=$?
grep -E '^(ERROR|WARNING|CHECK)|^#|total:' "$log" || true
if [ "$rc" != 0 ] || grep -qE '^(ERROR|WARNING|CHECK)' "$log"; then
	die "checkpatch found problems (full output: ${log#$ROOT/})"
fi
step "checkpatch: clean"

step "clang-format --dry-run over the C++ host tool"
gen=$ROOT/scripts/kallmodsyms_gen
if ! clang-format --style=file --dry-run -Werror "$gen"/*.cc "$gen"/*.h \
		"$ROOT"/tests/kallmodsyms_gen/*.cc "$ROOT"/tests/kallmodsyms_gen/*.h \
		"$ROOT"/tests/kallmodsyms_gen/fuzz/*.cc 2> "$LOGS/clang-format.log"; then
	head -n 30 "$LOGS/clang-format.log"
	die "C++ sources differ from their .clang-format (run clang-format -i)"
fi

# No new warnings with W=1: recompile each new kernel C file with it, in
# the test kernel's build; arm64's files in the arm64 build, if there is
# one (make check-arm64 makes it).
w1() { # FLAVOR MAKE-ARGS...: the new C files of that build
	local flavor=$1 objs w1log=$LOGS/w1-$1.log o
	shift
	if [ "$flavor" = arm64 ]; then
		objs=$(series_new_files | { grep '^arch/arm64/' || true; } | sed -n 's|\.c$|.o|p')
	else
		objs=$(series_new_files | { grep -v '^scripts/\|^tools/\|^arch/arm64/' || true; } |
		       sed -n 's|\.c$|.o|p')
	fi
	[ -n "$objs" ] || return 0
	step "W=1 build of the new kernel C files ($flavor)"
	for o in $objs; do
		rm -f "$OUT/build/$flavor/$o"
	done
	# shellcheck disable=SC2086
	make -s -C "$SRC" O="$OUT/build/$flavor" "$@" W=1 $objs > "$w1log" 2>&1 ||
		{ show_log "$w1log"; die "W=1 build failed"; }
	if grep -E 'warning:' "$w1log"; then
		die "W=1 warnings in new files (${w1log#$ROOT/})"
	fi
	step "W=1: no warnings in $(echo "$objs" | wc -w) new files ($flavor)"
}
"$ROOT/harness/build.sh" qemu > /dev/null
w1 qemu CC="ccache gcc"
if [ -f "$OUT/build/arm64/.config" ]; then
	"$ROOT/harness/build.sh" arm64 > /dev/null
	w1 arm64 ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu- CC="ccache aarch64-linux-gnu-gcc"
fi
