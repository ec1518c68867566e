#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh: the project's benchmarks, printed as one table of figures and
# ratios (also saved to out/bench.txt).  Each feature adds its rows here.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

table=$OUT/bench.txt
mkdir -p "$OUT/bench" "$LOGS"
rows=()
row() { rows+=("$(printf '%-46s %14s  %s' "$1" "$2" "${3:-}")"); }

"$ROOT/harness/assemble.sh" > /dev/null
"$ROOT/harness/build.sh" qemu > /dev/null
"$ROOT/harness/initramfs.sh" qemu > /dev/null

# kallmodsyms_gen on the x86_64 defconfig dataset, next to upstream's
# generate_builtin_ranges.awk on the same maps.  The two run in turn, 15
# times each, so that both see the same state of a shared machine (whose
# speed drifts by a third within minutes); the best of each, and the
# medians beside them.
data=$("$ROOT/harness/dataset.sh")
gen_build=$OUT/bench/gen
cmake -S "$ROOT/tests/kallmodsyms_gen" -B "$gen_build" -DCMAKE_BUILD_TYPE=Release > /dev/null
cmake --build "$gen_build" -j"$JOBS" --target kallmodsyms_gen kallmodsyms_v8_figure > /dev/null
gen_inputs=(--all-symbols --map "$data/vmlinux.map" --relocatable-map "$data/vmlinux.o.map"
	    --nm "$data/vmlinux.nm.kallsyms" --modules "$data/modules_thick.builtin")
gen_cmd=("$gen_build/kallmodsyms_gen" "${gen_inputs[@]}" --output "$OUT/bench/kallmodsyms.S")
awk_cmd=(gawk -f "$BASE/scripts/generate_builtin_ranges.awk"
	 modules.builtin vmlinux.map vmlinux.o.map)  # run in $data
wall() { # wall time (s) of one run; $EPOCHREALTIME, not date(1): no fork in the interval
	local start=$EPOCHREALTIME
	"$@" > /dev/null 2>&1
	echo "$EPOCHREALTIME - $start" | bc
}
: > "$OUT/bench/gen.times"
: > "$OUT/bench/awk.times"
for _ in $(seq 15); do
	wall "${gen_cmd[@]}" >> "$OUT/bench/gen.times"
	(cd "$data" && wall "${awk_cmd[@]}") >> "$OUT/bench/awk.times"
done
best() { sort -g "$1" | head -n 1; }
median() { sort -g "$1" | sed -n 8p; }
gen_t=$(best "$OUT/bench/gen.times")
awk_t=$(best "$OUT/bench/awk.times")
gen_med=$(median "$OUT/bench/gen.times")
awk_med=$(median "$OUT/bench/awk.times")
peak() { # peak RSS (KiB) of one run
	/usr/bin/time -f '%M' -o "$OUT/bench/time" "$@" > /dev/null 2>&1
	cat "$OUT/bench/time"
}
gen_m=$(peak "${gen_cmd[@]}")
awk_m=$(cd "$data" && peak "${awk_cmd[@]}")
stats=$("${gen_cmd[@]}" --stats 2>&1)
field() { echo "$stats" | sed -n "s/.*$1 \([0-9]*\).*/\1/p"; }
syms=$(echo "$stats" | sed -n 's/^kallmodsyms_gen: \([0-9]*\) symbols.*/\1/p')
mod_b=$(field 'module tables')
size_b=$(field 'size table')
# The v8 series' encoding of the same inputs, from a program of the tests.
v8_b=$("$gen_build/kallmodsyms_v8_figure" "${gen_inputs[@]}" | sed -n 's/^v8 encoding \([0-9]*\) B$/\1/p')
ms() { echo "$1 * 1000" | bc | xargs printf '%.1f'; }
row "kallmodsyms_gen, defconfig dataset" "$(ms "$gen_t") ms" \
	"$(echo "scale=1; $awk_t / $gen_t" | bc)x faster than gawk (target 20x); best of 15 in turn"
row "generate_builtin_ranges.awk, same maps" "$(ms "$awk_t") ms"
row "  the same, medians of the 15 runs" "$(ms "$gen_med") ms" \
	"gawk $(ms "$awk_med") ms: $(echo "scale=1; $awk_med / $gen_med" | bc)x"
row "kallmodsyms_gen peak memory" "$((gen_m / 1024)) MiB" "gawk: $((awk_m / 1024)) MiB"
row "module tables ($syms symbols)" "$mod_b B" \
	"v8 encoding: $v8_b B, ratio $(echo "scale=2; $mod_b / $v8_b" | bc)"
row "size table" "$size_b B" "$(echo "scale=3; $size_b / $syms" | bc) B/symbol (target <= 1)"

# Build: a no-change rebuild must be quick (incremental assembly).
start=$(date +%s.%N)
"$ROOT/harness/assemble.sh" > /dev/null
"$ROOT/harness/build.sh" qemu > /dev/null
row "no-change assemble + rebuild" "$(echo "$(date +%s.%N) - $start" | bc | xargs printf '%.1f') s"
row "bzImage size" "$(stat -c %s "$OUT/build/qemu/arch/x86/boot/bzImage") B"
row "vmlinux size" "$(stat -c %s "$OUT/build/qemu/vmlinux") B"

# kallmodsyms: image growth against the same kernel without it.
"$ROOT/harness/build.sh" nokallmodsyms > /dev/null
growth() { # what with without
	row "$1 growth, KALLMODSYMS=y vs n" "$(($2 - $3)) B" \
		"$(echo "scale=2; 100 * ($2 - $3) / $3" | bc)% of $3 B"
}
loaded() { size -B "$1" | awk 'NR == 2 { print $4 }'; }  # text + data + bss
growth "vmlinux (text+data+bss)" "$(loaded "$OUT/build/qemu/vmlinux")" \
	"$(loaded "$OUT/build/nokallmodsyms/vmlinux")"
growth "vmlinux file" "$(stat -c %s "$OUT/build/qemu/vmlinux")" \
	"$(stat -c %s "$OUT/build/nokallmodsyms/vmlinux")"
growth "bzImage" "$(stat -c %s "$OUT/build/qemu/arch/x86/boot/bzImage")" \
	"$(stat -c %s "$OUT/build/nokallmodsyms/arch/x86/boot/bzImage")"

# Boot: kernel time at which /init started, with and without ftrace=function.
# least BEST T: field by field, the smaller of the two (BEST may be empty)
least() {
	if [ -z "$1" ]; then echo "$2"; return; fi
	local -a b=($1) t=($2) out=()
	local i
	for i in "${!t[@]}"; do
		if [ "$(echo "${t[$i]} < ${b[$i]}" | bc)" = 1 ]; then out+=("${t[$i]}"); else out+=("${b[$i]}"); fi
	done
	echo "${out[*]}"
}
# best_in_turn N MODE A B TIME [CMDLINE]: boot kernels A and B in turn, N
# times each, in guest MODE (with CMDLINE), and print the least TIME (a
# function of the console log, one or more figures) of each, A's figures
# then B's.  In turn: the host's load drifts during a run.
best_in_turn() {
	local n=$1 mode=$2 a=$3 b=$4 time=$5 extra=${6:-} i flavor t log best_a='' best_b=''
	for i in $(seq "$n"); do
		for flavor in "$a" "$b"; do
			log=$LOGS/bench-$mode-$flavor-$i.log
			BOOT_NO_FTRACE=1 "$ROOT/harness/boot.sh" "$flavor" "$mode" "$log" \
				"kunit.enable=0${extra:+ $extra}" > /dev/null
			t=$("$time" "$log")
			[ -n "$t" ] || die "no time in $log"
			if [ "$flavor" = "$a" ]; then
				best_a=$(least "$best_a" "$t")
			else
				best_b=$(least "$best_b" "$t")
			fi
		done
	done
	echo "$best_a $best_b"
}
init_time() { # LOG
	tr -d '\r' < "$1" | sed -n 's/^\[ *\([0-9.]*\)\] harness: init started.*/\1/p' | head -n 1
}
# Boots in the guest's bench mode, without and with ftrace=function, in
# turn, three of each.  The cost per call of a traced function (ktrace's
# calls in the boot without, the very early tracer's benchmark in the boot
# with) varies by a third between boots of one kernel on a shared host:
# the least of the three.  The time to /init and the reads of
# /proc/kallmodsyms come from the first pair.
# early_lines LOG SUMMARY: set $early to the summary line, $eb to the
# benchmark's, $rec and $off to its ns per call recorded and off.
early_lines() {
	early=$(tr -d '\r' < "$1" | grep "ftrace: very early: $2" || true)
	eb=$(tr -d '\r' < "$1" | grep 'ftrace: very early: benchmark:' || true)
	rec=$(echo "$eb" | sed 's/.* \([0-9]*\) ns per call recorded.*/\1/')
	off=$(echo "$eb" | sed 's/.* \([0-9]*\) ns per call with the tracer off.*/\1/')
}
# kt_figures LOG: ktrace's calls, then ns per call of fentry, function
# graph, optimized and int3 probes, from the guest's bench line (nothing
# if a figure is missing).
kt_figures() {
	local kt n
	kt=$(sed -n 's/.*harness: bench: ktrace: \(.*\) ns.*/\1/p' "$1")
	ktf() { echo "$kt" | sed -n "s/.*\b$1 \([0-9a-z]*\).*/\1/p"; }
	[ -n "$kt" ] && [ "$(ktf optimized)" != none ] && [ "$(ktf int3)" != none ] || return 0
	n=$(ktf calls)
	per_call() { echo "scale=1; ($1 - $2) / $n" | bc; }
	echo "$n $(per_call "$(ktf fentry)" "$(ktf base_fentry)") $(per_call "$(ktf graph)" "$(ktf base_fentry)")" \
	     "$(per_call "$(ktf optimized)" "$(ktf base)") $(per_call "$(ktf int3)" "$(ktf base)")"
}
best_kt='' best_early='' kt_all=1 early_all=1
for i in 1 2 3; do
	BOOT_NO_FTRACE=1 "$ROOT/harness/boot.sh" qemu bench "$LOGS/bench-boot-plain-$i.log" > /dev/null
	"$ROOT/harness/boot.sh" qemu bench "$LOGS/bench-boot-ftrace-$i.log" > /dev/null
	f=$(kt_figures "$LOGS/bench-boot-plain-$i.log")
	if [ -n "$f" ]; then best_kt=$(least "$best_kt" "$f"); else kt_all=; fi
	early_lines "$LOGS/bench-boot-ftrace-$i.log" '[0-9]* calls recorded'
	if [ -n "$eb" ]; then best_early=$(least "$best_early" "$((rec - off)) $off"); else early_all=; fi
done
cp "$LOGS/bench-boot-plain-1.log" "$LOGS/bench-boot-plain.log"
cp "$LOGS/bench-boot-ftrace-1.log" "$LOGS/bench-boot-ftrace.log"
plain=$(init_time "$LOGS/bench-boot-plain.log")
traced=$(init_time "$LOGS/bench-boot-ftrace.log")
row "time to /init, TCG (kernel clock)" "$plain s"
# The guest's bench mode read /proc/kallsyms and /proc/kallmodsyms 10 times each.
read_ms() { sed -n "s/.*harness: bench: \/proc\/$1: \([0-9]*\) ms.*/\1/p" "$LOGS/bench-boot-plain.log"; }
ks=$(read_ms kallsyms)
kms=$(read_ms kallmodsyms)
row "full read of /proc/kallmodsyms" "$((kms / 10)) ms" \
	"vs /proc/kallsyms $((ks / 10)) ms: ratio $(echo "scale=2; $kms / $ks" | bc) (target <= 1.15)"
row "time to /init with ftrace=function" "$traced s" \
	"ratio $(echo "scale=2; $traced / $plain" | bc)"

# ktrace: cost per traced call, over the same calls untraced.
if [ -n "$kt_all" ]; then
	read -r n f_ns g_ns o_ns i_ns <<< "$best_kt"
	row "function tracer, fentry site, per call" "$f_ns ns" "TCG guest, $n calls, least of 3 boots"
	row "function_graph tracer, fentry site, per call" "$g_ns ns" "TCG guest, $n calls, entry and return"
	row "ktrace, optimized probe, per call" "$o_ns ns" \
		"ratio $(echo "scale=2; $o_ns / $f_ns" | bc) to fentry (target <= 2)"
	row "ktrace, int3 probe, per call" "$i_ns ns" "ratio $(echo "scale=2; $i_ns / $f_ns" | bc) to fentry"
else
	f_ns='' g_ns=''
	row "ktrace cost per call" "not measured" "no ktrace figures in a bench boot log"
fi

# Very early function tracing: the bench boot with ftrace=function records
# from start_kernel() on and, with VERY_EARLY_FUNCTION_TRACER_BENCHMARK,
# times calls of a traced function with the tracer off and recording.
early_lines "$LOGS/bench-boot-ftrace.log" '[0-9]* calls recorded'
if [ -n "$early" ] && [ -n "$early_all" ] && [ -n "$f_ns" ]; then
	read -r rec_ns off <<< "$best_early"
	row "very early tracer, per recorded call" "$rec_ns ns" \
		"ratio $(echo "scale=2; $rec_ns / $f_ns" | bc) to the function tracer (target <= 0.5), least of 3 boots"
	row "traced call, very early tracer off" "$off ns" "call, __fentry__ (its test made NOPs) and return, TCG"
	n=$(echo "$early" | sed 's/.*very early: \([0-9]*\) calls recorded.*/\1/')
	d=$(echo "$early" | sed 's/.*calls recorded, \([0-9]*\) dropped.*/\1/')
	buf=$(echo "$early" | sed 's/.*buffer \([0-9]*\) KiB.*/\1/')
	gap=$(echo "$early" | sed 's/.*dropped, \([0-9]*\) not recorded.*/\1/')
	row "calls before ftrace_init(), unfiltered boot" "$n" \
		"$((n * 16 / 1024)) KiB of entries; $d dropped with the default $buf KiB; $gap before memblock, past the 64 KiB early area, counted only"
else
	row "very early tracer" "not measured" "no figures in the bench boot logs"
fi
# The same with ftrace=function_graph: the benchmark's calls recorded with
# their returns, against the graph tracer's; the time to /init.  A buffer
# for the 1 GiB guest's calls with their returns and the benchmark's.
"$ROOT/harness/boot.sh" qemu idle "$LOGS/bench-boot-graph.log" \
	"ftrace=function_graph ftrace_early_buf_size=32M" > /dev/null
early_lines "$LOGS/bench-boot-graph.log" 'function graph: [0-9]* calls recorded'
if [ -n "$early" ] && [ -n "$eb" ] && [ -n "${g_ns:-}" ]; then
	row "very early graph, per recorded call" "$((rec - off)) ns" \
		"entry and return, one boot; ratio $(echo "scale=2; ($rec - $off) / $g_ns" | bc) to the function_graph tracer (least of 3; target <= 0.5)"
	n=$(echo "$early" | sed 's/.*function graph: \([0-9]*\) calls recorded.*/\1/')
	lost=$(echo "$early" | sed 's/.* \([0-9]*\) lost (no room).*/\1/')
	deep=$(echo "$early" | sed 's/.*at most \([0-9]*\) used.*/\1/')
	row "calls before ftrace_init(), function_graph" "$n" \
		"$((n * 32 / 1024)) KiB of entries with their returns; $deep frames deep at most; $lost lost while the early area was full"
	row "time to /init, ftrace=function_graph" "$(init_time "$LOGS/bench-boot-graph.log") s" \
		"ftrace=function: $traced s"
else
	row "very early graph" "not measured" "no figures in the graph bench boot log"
fi
# The whole graph boot as a timeline (make timeline): the converter's CPU
# seconds for its calls, JSON and SVG (target: seconds, not minutes).
tl=$OUT/bench-timeline
if "$ROOT/harness/timeline.sh" qemu "$tl" > "$LOGS/bench-timeline.log" 2>&1; then
	early_boot=()
	[ ! -s "$tl/early_boot.txt" ] || early_boot=(-e "$tl/early_boot.txt")
	cpu=$({ /usr/bin/time -f '%U %S' python3 "$ROOT/scripts/tracing/ftrace_timeline.py" \
		"${early_boot[@]}" -o "$tl/boot.json" --svg "$tl/boot.svg" "$tl/trace.txt"; } 2>&1 |
		tail -n 1 | awk '{ printf "%.1f", $1 + $2 }')
	calls=$(grep -c '() {$\|();$' "$tl/trace.txt" || true)
	row "timeline of the whole graph boot" "$cpu s" \
		"CPU seconds for $calls calls, $(($(stat -c %s "$tl/trace.txt") / 1048576)) MiB of text, JSON and SVG"
else
	row "timeline of the whole graph boot" "not measured" "the boot failed: ${LOGS#"$ROOT"/}/bench-timeline.log"
fi
# Time to /init with the option built in but off, and not built: best of
# 7 each, the two kernels booted in turn (the host's load drifts during a
# run; booting one kernel's three after the other's showed ratios from 0.95
# to 1.2 for the same two kernels), without the KUnit suites (the test
# kernel has one more, ftrace_early's), and without KASLR, whose layout
# changes the boot's time from one boot to the next.
"$ROOT/harness/build.sh" noearly > /dev/null
"$ROOT/harness/initramfs.sh" noearly > /dev/null
read -r on not < <(best_in_turn 7 idle qemu noearly init_time nokaslr)
[ -n "$not" ] || die "the /init time boots did not all report"
row "time to /init, VERY_EARLY built in, off" "$on s" \
	"not built: $not s, ratio $(echo "scale=3; $on / $not" | bc) (target <= 1.01), best of 7 in turn, nokaslr"
# Module load and unload (test_module by harness/guest/modloop.c: 5 rounds
# of 200 in one process, the guest's own clock), with tracing never used
# and then with the function tracer on a function that the loop does not
# call (an ftrace_ops registered, as a BPF trampoline or livepatch would
# have it): the series against Debian's 6.12 without it, configured alike;
# the least round of 6 boots each, the two kernels booted in turn, without
# KASLR, so that each kernel and its modules land at the same addresses in
# every boot.  A modprobe a load would time mostly fork, exec and file
# look-ups, which vary by more than the target between boots.
"$ROOT/harness/build.sh" upstream > /dev/null
"$ROOT/harness/initramfs.sh" upstream > /dev/null
loop_time() { # LOG: the least time per load and unload of the guest's rounds, both loops
	tr -d '\r' < "$1" | awk '
		function least(v, m) { return m == "" || v + 0 < m + 0 ? v : m }
		/harness: bench: modloop ns [0-9]+$/ { u = least($NF, u) }
		/harness: bench: modloop traced ns [0-9]+$/ { t = least($NF, t) }
		END { if (u != "" && t != "") printf "%d %d\n", u, t }'
}
read -r with with_ops without without_ops < <(best_in_turn 6 modloop qemu upstream loop_time nokaslr)
[ -n "$without_ops" ] || die "the module loop boots did not all report"
row "module load and unload, tracing unused" "$with ns" \
	"without the series: $without ns, ratio $(echo "scale=3; $with / $without" | bc) (target <= 1.01), least of 6 boots x 5 rounds of 200, in turn, nokaslr"
row "module load and unload, an ftrace_ops on" "$with_ops ns" \
	"without the series: $without_ops ns, ratio $(echo "scale=3; $with_ops / $without_ops" | bc) (target <= 1.01), the same boots"
# The memory the boot loader sets aside for the kernel: the bzImage
# header's init_size (boot protocol 2.10, offset 0x260), with the tracer
# as a user's kernel has it (without its KUnit suite and benchmark).
"$ROOT/harness/build.sh" earlynotests > /dev/null
init_size() { od -An -tu4 -j $((0x260)) -N4 "$OUT/build/$1/arch/x86/boot/bzImage" | tr -d ' '; }
is_on=$(init_size earlynotests) is_not=$(init_size noearly)
row "init_size, VERY_EARLY built in" "$is_on B" \
	"not built: $is_not B, +$(((is_on - is_not) / 1024)) KiB (target <= 64 KiB), without the tracer's tests"

{
	printf '%-46s %14s  %s\n' "benchmark" "figure" "ratio / note"
	printf '%s\n' "${rows[@]}"
} | tee "$table"
