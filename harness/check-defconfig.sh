#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-defconfig.sh: the series on the kernel most users start from,
# x86_64_defconfig with the series' options (kernel/configs/
# ftrace_series_qemu.config, which has BUILTIN_MODULE_RANGES).
#   1. build it out of tree (ccache) and boot it under TCG with
#      ftrace=function: KUnit and the series' ftracetest cases, among them
#      test.d/kallmodsyms/builtin-ranges.tc (every symbol of vmlinux against
#      modules.builtin.ranges); no splat;
#   2. time a relink (one file touched) with CONFIG_KALLMODSYMS on and off
#      (the link map on in both, for modules.builtin.ranges): the
#      kallmodsyms step beside the kallsyms step and the whole relink;
#   3. compile the series' test modules on allmodconfig.
# Ends with "N passed, N failed".  Not part of make check (a cold build
# takes about 11 minutes on two cores).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavor=defconfig
build=$OUT/build/$flavor
results=$LOGS/check-$flavor.results
console=$LOGS/check-$flavor.console.log
mkdir -p "$LOGS"
: > "$results"
problems=()

"$ROOT/harness/assemble.sh"
"$ROOT/harness/build.sh" "$flavor"
"$ROOT/harness/initramfs.sh" "$flavor"

# 1. The boot
step "booting the $flavor kernel (console: ${console#$ROOT/})"
if ! BOOT_TIMEOUT=2400 "$ROOT/harness/boot.sh" "$flavor" check "$console" ""; then
	problems+=("the $flavor guest did not boot to the end")
fi
awk -f "$ROOT/harness/console-results.awk" "$console" >> "$results"
grep -q 'harness: ftracetest done' "$console" ||
	problems+=("the $flavor guest stopped before ftracetest finished")
grep -q '^PASS kunit\|^FAIL kunit' "$results" ||
	problems+=("no KUnit results in the console log")
if splats=$("$ROOT/harness/splats.sh" "$console"); then :; else
	printf '%s\n' "$splats" | head -n 20 >&2
	problems+=("kernel splat in ${console#$ROOT/}")
fi
sed -n 's/^\[[ 0-9.]*\] //; s/^harness: ftracetest: summary: builtin-ranges: /check: vmlinux symbols against modules.builtin.ranges: /p' "$console"
sed -n '/very early: .* calls recorded/{s/^\[[ 0-9.]*\] //; s/^/check: /p; q}' "$console"

# 2. The relink: one touched file, then link-vmlinux.sh's steps timed by
# the lines it prints ("  KSYMS   .tmp_vmlinux1.kallsyms.S", ...), each
# step lasting until the next line.
kmake() { make -C "$SRC" O="$build" CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }
# relink NAME: three relinks; writes "total nm kallsyms kallmodsyms
# passes" (seconds; link passes) of each to out/logs/relink-NAME.times
relink() {
	local i log start
	: > "$LOGS/relink-$1.times"
	for i in 1 2 3; do
		log=$LOGS/relink-$1-$i.log
		# A copy of its own first: out/src's files are links to the
		# cache's (harness/assemble.sh), which a touch would change
		f=$SRC/init/calibrate.c
		[ "$(stat -c %h "$f")" = 1 ] || { cp -p "$f" "$f.own" && mv "$f.own" "$f"; }
		touch "$f"
		start=$EPOCHREALTIME
		if ! kmake -j"$JOBS" bzImage 2>&1 |
			while IFS= read -r line; do printf '%s %s\n' "$EPOCHREALTIME" "$line"; done > "$log"; then
			show_log "$log"; die "the $1 relink failed"
		fi
		awk -v start="$start" '
			{ if (step != "") t[step] += $1 - at; step = ""; at = $1 }
			$2 == "LD" && $3 ~ /^\.tmp_vmlinux[0-9]$/ { passes++ }
			$2 == "NM" && $3 ~ /^\.tmp_vmlinux[0-9]\.syms$/ { step = "nm" }
			$2 == "KSYMS" || ($2 == "AS" && $3 ~ /kallsyms\.o$/) { step = "kallsyms" }
			$2 == "KMODSYMS" || ($2 == "AS" && $3 ~ /kallmodsyms\.o$/) { step = "kallmodsyms" }
			END { printf "%.3f %.3f %.3f %.3f %d\n", $1 - start, t["nm"], t["kallsyms"], t["kallmodsyms"], passes }
		' "$log" >> "$LOGS/relink-$1.times"
	done
}
# medians NAME: the middle of each figure of the three relinks
medians() {
	awk 'NF == 5 { for (i = 1; i <= 5; i++) v[i, NR] = $i }
		END {
			if (NR != 3) exit 1
			for (i = 1; i <= 5; i++) {	# the middle one of three
				a = v[i, 1]; b = v[i, 2]; c = v[i, 3]
				m = (a > b) ? ((b > c) ? b : ((a > c) ? c : a)) : ((a > c) ? a : ((b > c) ? c : b))
				printf "%s%.3f", (i > 1 ? " " : ""), m
			}
			print ""
		}' "$LOGS/relink-$1.times"
}
step "relinking the $flavor kernel, CONFIG_KALLMODSYMS on and off (3 times each)"
kmake -j"$JOBS" bzImage > /dev/null 2>&1
relink on
grep -q KMODSYMS "$LOGS/relink-on-1.log" || die "the relink with kallmodsyms on ran no KMODSYMS step"
read -r on_total on_nm on_ksyms on_kmod on_passes < <(medians on) || die "no relink times"
# Off: only kallmodsyms (and its tests) off; the link map stays, for
# modules.builtin.ranges.  Should this stop half way, the next run
# configures the kernel afresh.
cp "$build/.config" "$build/.config.on"
restore() {
	cp "$build/.config.on" "$build/.config"
	rm -f "$build/.fragments"
}
trap restore EXIT
"$SRC/scripts/config" --file "$build/.config" --disable KALLMODSYMS \
	--disable KALLMODSYMS_KUNIT_TEST --disable TEST_KALLMODSYMS
kmake olddefconfig > /dev/null
kmake -j"$JOBS" bzImage > /dev/null 2>&1 || die "the kernel without kallmodsyms did not build"
relink off
! grep -q KMODSYMS "$LOGS/relink-off-1.log" || die "the relink with kallmodsyms off ran a KMODSYMS step"
read -r off_total off_nm off_ksyms _ off_passes < <(medians off) || die "no relink times"
cp "$build/.config.on" "$build/.config"
trap - EXIT
kmake olddefconfig > /dev/null
kmake -j"$JOBS" bzImage modules > /dev/null 2>&1 || die "the kernel did not build again"
# What kallmodsyms adds: the symbol steps of a relink (nm, kallsyms and,
# running beside kallsyms' assembly, kallmodsyms) on, against off.
awk -v on_total="$on_total" -v on_nm="$on_nm" -v on_ksyms="$on_ksyms" -v on_kmod="$on_kmod" \
    -v off_total="$off_total" -v off_nm="$off_nm" -v off_ksyms="$off_ksyms" \
    -v on_passes="$on_passes" -v off_passes="$off_passes" 'BEGIN {
	kallsyms = off_nm + off_ksyms
	added = on_nm + on_ksyms + on_kmod - kallsyms
	printf "check: relink, on:  %.2f s, %d link passes; nm, kallsyms and kallmodsyms steps %.3f s\n",
		on_total, on_passes, on_nm + on_ksyms + on_kmod
	printf "check: relink, off: %.2f s, %d link passes; nm and kallsyms steps %.3f s\n", off_total, off_passes, kallsyms
	printf "check: kallmodsyms adds %.3f s a relink: %.1f%% of the kallsyms step (target 5%%), %.2f%% of the relink (target 1%%); the whole relink %+.2f s\n",
		added, 100 * added / kallsyms, 100 * added / off_total, on_total - off_total
}' | tee "$LOGS/relink-$flavor.txt"

# 3. The series' test modules on allmodconfig: configured and prepared
# once, then each object compiled (and checked by objtool) on its own.
amc=$OUT/build/allmodconfig
step "compiling the series' test objects on allmodconfig (${amc#$ROOT/})"
mkdir -p "$amc"
amake() { make -C "$SRC" O="$amc" CC="ccache gcc" HOSTCC="ccache gcc" "$@"; }
amc_log=$LOGS/build-allmodconfig.log
if amake allmodconfig > "$amc_log" 2>&1 && amake -j"$JOBS" prepare >> "$amc_log" 2>&1; then
	# OPTION:OBJECT; an object whose option allmodconfig leaves off (the
	# KUnit suites that need KUNIT=y) is not built there, and not here.
	for pair in TEST_KTRACE:lib/test_ktrace_main.o TEST_KTRACE:lib/test_ktrace_target.o \
		    TEST_KTRACE:lib/test_ktrace_tail.o TEST_FTRACE_INIT_REUSE:lib/test_ftrace_reuse_first.o \
		    TEST_FTRACE_INIT_REUSE:lib/test_ftrace_reuse_second.o \
		    TEST_KALLMODSYMS:lib/kallmodsyms_fixture_alpha_main.o \
		    TEST_KALLMODSYMS:lib/kallmodsyms_fixture_beta_main.o \
		    TEST_KALLMODSYMS:lib/kallmodsyms_fixture_shared.o \
		    VERY_EARLY_FUNCTION_TRACER_KUNIT_TEST:kernel/trace/ftrace_early_kunit.o \
		    VERY_EARLY_FUNCTION_TRACER_BENCHMARK:kernel/trace/ftrace_early_bench.o \
		    KALLMODSYMS_KUNIT_TEST:kernel/kallmodsyms_kunit.o \
		    FTRACE_FENTRY_KUNIT_TEST:kernel/trace/ftrace_fentry_kunit.o; do
		opt=${pair%%:*} obj=${pair#*:}
		if ! grep -q "^CONFIG_$opt=[ym]" "$amc/.config"; then
			echo "check: allmodconfig: $obj not built (CONFIG_$opt is off there)"
			continue
		fi
		if amake -j"$JOBS" "$obj" >> "$amc_log" 2>&1; then
			echo "PASS allmodconfig $obj" >> "$results"
		else
			echo "FAIL allmodconfig $obj" >> "$results"
		fi
	done
else
	show_log "$amc_log"
	problems+=("allmodconfig could not be configured and prepared")
fi

grep '^FAIL' "$results" | sed 's/^/  /' >&2 || true
passed=$(grep -c '^PASS' "$results" || true)
failed=$(grep -c '^FAIL' "$results" || true)
failed=$((failed + ${#problems[@]}))
for p in "${problems[@]}"; do
	echo "check: $p" >&2
done
echo "check ($flavor): $(grep -c ' kunit ' "$results" || true) KUnit," \
     "$(grep -c ' ftracetest ' "$results" || true) ftracetest cases," \
     "$(grep -c ' allmodconfig ' "$results" || true) allmodconfig objects; results in ${results#$ROOT/}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
