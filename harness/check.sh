#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh [FLAVOR...]: run every test of the project on the kernels named
# (default: qemu, the test kernel) and end with one line "N passed, N
# failed".  FLAVOR "qemu" also runs the host tests and upstream's whole
# ftracetest suite; "debug" runs the in-kernel tests on the
# KASAN/lockdep/kmemleak kernel; "llvm" on the test kernel built with
# LLVM=1; "arm64" and "i386" boot the series' portable parts on those
# architectures (KUnit and harness/guest/ftracetest-portable.list), arm64
# also the very early tracer's boots that name it in
# harness/early-boots.list (the crashes and resets are x86_64's).
# CHECK_SERIES=1 adds make check-series and make checkpatch to the pool.
# Several flavors share one pool of guests: a kernel's boots start as soon
# as it is built, beside the other kernels' builds and boots.
# Fails on a failed test, a kernel that did not build, a guest that never
# reached /init, a boot timeout or a kernel splat in the console log.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavors=("$@")
[ ${#flavors[@]} -gt 0 ] || flavors=(qemu)
declare -A seen=()
for f in "${flavors[@]}"; do
	case "$f" in
	qemu|debug|llvm|arm64|i386) ;;
	*) die "unknown flavor '$f' (qemu, debug, llvm, arm64 or i386)" ;;
	esac
	[ -z "${seen[$f]:-}" ] || die "flavor $f named twice"
	seen[$f]=1
done
slots=${CHECK_GUESTS:-$(nproc)}
[[ $slots =~ ^[1-9][0-9]*$ ]] || die "CHECK_GUESTS=$slots: not a number of guests"
# Each boot's limit is the flavor's (boot_timeout), not the caller's
unset BOOT_TIMEOUT
mkdir -p "$LOGS"

# boot_timeout FLAVOR: a boot's limit in seconds; the debug kernel and the
# other architectures' guests are several times slower.
boot_timeout() {
	case "$1" in
	debug|arm64|i386) echo 1800 ;;
	*) echo 900 ;;
	esac
}
other_arch() { [ "$1" = arm64 ] || [ "$1" = i386 ]; }

"$ROOT/harness/assemble.sh"

# The jobs: builds, host tests and boots, as many at a time as the host
# has cores (a TCG guest keeps one host core busy; CHECK_GUESTS=N to
# choose).  A job is queued with the job it needs (a kernel's build) and
# starts, in the order queued, once that has ended well and a slot is
# free.  Each job's output, results and problems go to files of its own
# under out/logs/check-FLAVOR.jobs/; the output is printed as each job
# ends, the results and problems are gathered in the order queued.
for f in "${flavors[@]}"; do
	rm -rf "$LOGS/check-$f.jobs"
	mkdir -p "$LOGS/check-$f.jobs"
done
queued=()
declare -A job_cmd=() job_needs=() job_state=() job_of_pid=()
# job_file ID EXT: the file EXT of job ID ("FLAVOR/NAME").
job_file() { printf '%s' "$LOGS/check-${1%%/*}.jobs/${1#*/}.$2"; }
# problem ID TEXT: what went wrong in job ID, reported at the end.
problem() { printf '%s\n' "$2" >> "$(job_file "$1" problems)"; }
# queue ID NEEDS COMMAND...: run COMMAND (a function and its arguments,
# NAME=VALUE words before it for its environment) as job ID once job
# NEEDS (none if empty) has ended well.
queue() {
	local id=$1 needs=$2
	shift 2
	[ -z "${job_state[$id]:-}" ] || die "two jobs named $id"
	[ -z "$needs" ] || [ -n "${job_state[$needs]:-}" ] || die "$id needs $needs, never queued"
	queued+=("$id")
	job_state[$id]=queued
	job_needs[$id]=$needs
	job_cmd[$id]=$(printf '%q ' "$@")
	: > "$(job_file "$id" results)"
	: > "$(job_file "$id" problems)"
}
# Each job in its own process group (set -m), so that the trap stops the
# whole job, QEMU too (boot.sh keeps it in the group), if this script ends
# before it (an error, Ctrl-C).
trap 'for p in "${!job_of_pid[@]}"; do kill -- -"$p" 2> /dev/null; done' EXIT
trap 'exit 130' INT TERM
start_job() { # ID
	set -m
	eval "${job_cmd[$1]}" < /dev/null > "$(job_file "$1" out)" 2>&1 &
	job_of_pid[$!]=$1
	set +m
	job_state[$1]=running
}
# job_done: wait for one job to end and print its output.
job_done() {
	local pid='' rc=0 id
	wait -n -p pid || rc=$?
	if [ -z "${pid:-}" ]; then
		[ "$rc" = 127 ] || return 0
		# None left to wait for: those still listed are lost
		for pid in "${!job_of_pid[@]}"; do
			id=${job_of_pid[$pid]}
			problem "$id" "the job $id was lost"
			job_state[$id]=failed
		done
		job_of_pid=()
		return 0
	fi
	id=${job_of_pid[$pid]:-}
	[ -n "$id" ] || return 0
	unset "job_of_pid[$pid]"
	# Whatever the job left running (a guest of a script that failed)
	kill -- -"$pid" 2> /dev/null || true
	cat "$(job_file "$id" out)"
	# The jobs say what went wrong as problems and end with 0: anything
	# else is a job that stopped halfway (its results may be missing).
	# Either way, the jobs that need it do not run.
	[ "$rc" = 0 ] || problem "$id" "the job $id ended with status $rc"
	job_state[$id]=ok
	[ "$rc" = 0 ] && [ ! -s "$(job_file "$id" problems)" ] || job_state[$id]=failed
}
# run_jobs: start the queued jobs, the first that can start first, until
# all have ended.  A job whose needed job failed does not run: a problem.
run_jobs() {
	local id needs started
	while :; do
		started=1
		while [ "$started" = 1 ] && [ "${#job_of_pid[@]}" -lt "$slots" ]; do
			started=0
			for id in "${queued[@]}"; do
				[ "${job_state[$id]}" = queued ] || continue
				needs=${job_needs[$id]}
				case "${needs:+${job_state[$needs]}}" in
				''|ok) start_job "$id"; started=1; break ;;
				failed|not-run)
					problem "$id" "the job $id did not run: $needs failed"
					job_state[$id]=not-run ;;
				esac
			done
		done
		[ "${#job_of_pid[@]}" -gt 0 ] || break
		job_done
	done
	for id in "${queued[@]}"; do
		[ "${job_state[$id]}" != queued ] || problem "$id" "the job $id never started"
	done
}

# What boot.sh would otherwise make in the first boots at once
guest_tsc_params > /dev/null

# build FLAVOR: the kernel and its guest's initramfs.
build() {
	if ! "$ROOT/harness/build.sh" "$1" || ! "$ROOT/harness/initramfs.sh" "$1"; then
		problem "$1/build" "the $1 kernel or its initramfs did not build"
	fi
}

host_tests() {
	"$ROOT/harness/host-tests.sh" "$(job_file qemu/host results)" ||
		problem qemu/host "host tests did not run to the end"
}

# boot FLAVOR NAME CONSOLE [EXTRA_CMDLINE]: boot the guest in check mode,
# collect its results into the job FLAVOR/NAME's results; what went wrong
# goes to its problems.  With BOOT_OWN_CLOCK=1 the guest finds its TSC's
# frequency itself, as on a machine.
boot() {
	local flavor=$1 id=$1/$2 splats try out
	out=$(job_file "$id" results)
	for try in 1 2; do
		if ! BOOT_TIMEOUT=${BOOT_TIMEOUT:-$(boot_timeout "$flavor")} \
			"$ROOT/harness/boot.sh" "$flavor" check "$3" "${4:-}"; then
			problem "$id" "the $flavor guest ($2) did not boot to the end"
			return
		fi
		# Otherwise boot.sh gives the guest the host's TSC frequency, so
		# that it need not calibrate the TSC against the PIT, which
		# fails on a busy host.  Should the guest still find its TSC
		# unusable before late_initcall, the kernel may switch the trace
		# clock, which resets what the main boot's cases read: again.
		[ -z "${BOOT_OWN_CLOCK:-}" ] || break
		grep -q 'Unstable clock detected, switching default tracing clock' "$3" || break
		[ "$try" = 2 ] || echo "check: the $id guest switched its trace clock (TSC unusable under TCG); booting it again" >&2
	done
	awk -f "$ROOT/harness/console-results.awk" "$3" >> "$out"
	# A boot whose cases never ran (a cut command line) ran no test
	[ -s "$out" ] || problem "$id" "the $id guest reported no test result"
	grep -q 'harness: ftracetest done' "$3" ||
		problem "$id" "the $id guest stopped before ftracetest finished"
	if splats=$("$ROOT/harness/splats.sh" "$3"); then :; else
		printf '%s\n' "$splats" | head -n 20 >&2
		problem "$id" "kernel splat in ${3#"$ROOT"/}"
	fi
}

# Upstream's whole ftracetest suite, against harness/upstream-suite.expect,
# on the test kernel, with two CPUs for the cpumask and hotplug cases.
suite() { # FLAVOR
	"$ROOT/harness/suite.sh" "$1" "$(job_file "$1/suite" results)" ||
		problem "$1/suite" "upstream's ftracetest suite did not run"
}

# Modules that come and go on several CPUs, and the ktrace sweeps (CPU
# offline and online with each batch): on the test kernel only (its CPUs
# take turns on one host thread: the sweeps take minutes, which CI has for
# one kernel), the boots of harness/guest/smp.list.  Prints what the sweeps
# accepted and refused, and each batch's graph.
smp() { # FLAVOR NAME CASES
	local console=$LOGS/check-$1-$2.console.log
	BOOT_TIMEOUT=1800 BOOT_CPUS=2 boot "$1" "$2" "$console" "kunit.enable=0 harness_cases=$3"
	sed -n '/ktrace sweep: batch [0-9]*: /d; s/^\[[ 0-9.]*\] //; s/^ktrace sweep/check: ktrace sweep/p' \
		"$console"
}

# The main boot: KUnit and the cases of the guest's tests.list.  Split
# among PARTS boots (harness_part=), KUnit in the first.
main() { # FLAVOR PART PARTS
	local name=main console=$LOGS/check-$1.console.log extra=
	if [ "$3" -gt 1 ]; then
		extra="harness_part=$2/$3"
		[ "$2" = 1 ] || { name=main-$2 console=$LOGS/check-$1-main-$2.console.log
				  extra+=" kunit.enable=0"; }
	fi
	boot "$1" "$name" "$console" "$extra"
	[ "$2" != 1 ] || grep -q '^PASS kunit\|^FAIL kunit' "$(job_file "$1/$name" results)" ||
		problem "$1/$name" "no KUnit results in the console log"
}

# The exported series, with CHECK_SERIES=1 (as CI runs it): make
# check-series, then make checkpatch, as one job after the test kernel's
# build, in a slot of the pool instead of after it.  check-series builds
# what check built (nothing to do); checkpatch's W=1 pass then recompiles
# only the new C files' objects, which no boot reads.
series_checks() {
	local start
	start=$(date +%s)
	"$ROOT/harness/check-series.sh" || problem qemu/series "make check-series failed"
	record_time "check-series" "$start"
	start=$(date +%s)
	"$ROOT/harness/checkpatch.sh" || problem qemu/series "make checkpatch failed"
	record_time "checkpatch" "$start"
}

# The kernel's own tools/bootconfig, built once, here, for the boots with
# a bootconfig in their initramfs.
bootconfig_tool=$OUT/tools/bootconfig
if [ ! -x "$bootconfig_tool" ] || [ "$SRC/lib/bootconfig.c" -nt "$bootconfig_tool" ]; then
	mkdir -p "$OUT/tools"
	${HOSTCC:-gcc} -Wall -I"$SRC/tools/bootconfig/include" -o "$bootconfig_tool" \
		"$SRC/tools/bootconfig/main.c" "$SRC/lib/bootconfig.c" ||
		die "cannot build tools/bootconfig"
fi
# early_boot FLAVOR NAME CONSOLE EXTRA [BOOTCONFIG]: a boot of
# harness/early-boots.list; BOOTCONFIG (a file in harness/) is the
# initramfs's bootconfig, which gives the boot's ftrace parameters instead
# of boot.sh.
early_boot() {
	local initrd=
	if [ -n "${5:-}" ]; then
		initrd=$OUT/guest/$1/initramfs-$2.cpio
		cp "$OUT/guest/$1/initramfs.cpio" "$initrd"
		if ! "$bootconfig_tool" -a "$ROOT/harness/$5" "$initrd"; then
			problem "$1/$2" "tools/bootconfig cannot append harness/$5"
			return 0
		fi
	fi
	BOOT_INITRD=$initrd BOOT_NO_FTRACE=${5:+1} boot "$1" "$2" "$3" "$4"
}

# The boot's graph as a timeline (harness/timeline.sh, which make timeline
# runs): the JSON and the SVG held against the trace they came from.
timeline() { # FLAVOR
	local splats dir=$OUT/check-timeline-$1
	"$ROOT/harness/timeline.sh" "$1" "$dir" "$(job_file "$1/timeline" results)" ||
		problem "$1/timeline" "the timeline boot did not run to the end"
	if [ -f "$dir/console.log" ] && ! splats=$("$ROOT/harness/splats.sh" "$dir/console.log"); then
		printf '%s\n' "$splats" | head -n 20 >&2
		problem "$1/timeline" "kernel splat in ${dir#"$ROOT"/}/console.log"
	fi
}

# The crash and reset boots: crash.sh or reset.sh.
one_of() { # SCRIPT FLAVOR NAME
	"$ROOT/harness/$1.sh" "$2" "$(job_file "$2/$3" results)" "$3" ||
		problem "$2/$3" "the $1 boots of $3 did not all run to the end"
}

# queue_early FLAVOR: the boots with command lines of their own
# (harness/early-boots.list) that FLAVOR boots.
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }
queue_early() {
	local flavor=$1 name cases extra only machine cpus no_pit bconf m used list i entry
	while IFS='|' read -r name cases extra only machine <&3; do
		name=$(trim "$name") cases=$(trim "$cases") extra="$(trim "$extra") kunit.enable=0"
		only=$(trim "${only:-}") cpus=1 no_pit='' bconf=''
		for m in ${machine:-}; do
			case $m in
			cpus=[1-9]) cpus=${m#cpus=} ;;
			pit=off) no_pit=1 ;;
			bootconfig=*) bconf=${m#bootconfig=} ;;
			*) die "harness/early-boots.list: $name: unknown machine option '$m'" ;;
			esac
		done
		if other_arch "$flavor" || [ -n "$only" ]; then
			[[ ",$only," == *",$flavor,"* ]] || continue
		fi
		# The debug kernel poisons what is freed: use after free of
		# the early tracer's memory shows.  Before @LONG_LIST@ is
		# sized: the command line must hold it all.
		[ "$flavor" != debug ] || extra+=" init_on_free=1 page_poison=1"
		[ -z "$bconf" ] || extra="bootconfig $extra"
		if [[ $extra == *@LONG_LIST@* ]]; then
			used=$(BOOT_NO_FTRACE=${bconf:+1} BOOT_CMDLINE_ONLY=1 "$ROOT/harness/boot.sh" \
				"$flavor" check - "${extra/@LONG_LIST@/} harness_cases=$cases" | wc -c)
			list='' i=0
			while entry="no_such_function_$i*"; [ $((used + ${#list} + ${#entry} + 1)) -lt 2047 ]; do
				list+=${list:+,}$entry
				i=$((i + 1))
			done
			extra=${extra/@LONG_LIST@/$list}
		fi
		queue "$flavor/$name" "$flavor/build" \
			BOOT_CPUS="$cpus" BOOT_NO_PIT="$no_pit" BOOT_OWN_CLOCK=1 \
			early_boot "$flavor" "$name" "$LOGS/check-$flavor-$name.console.log" \
			"$extra harness_cases=$cases" "$bconf"
	done 3< <(grep -v '^#' "$ROOT/harness/early-boots.list" | grep .)
}
[ -r "$ROOT/harness/early-boots.list" ] || die "harness/early-boots.list cannot be read"

# The queue, longest jobs first so that the pool ends with short ones:
# the first kernel's build and upstream's suite on it, the other kernels'
# builds (each beside the boots of the kernels built before it), the host
# tests, the main boots (of the slow guests first), the SMP boots, the
# early boots, the crashes and resets.
queue "${flavors[0]}/build" "" build "${flavors[0]}"
[ -z "${seen[qemu]:-}" ] || [ "${flavors[0]}" != qemu ] || queue qemu/suite qemu/build suite qemu
for f in "${flavors[@]:1}"; do
	queue "$f/build" "" build "$f"
done
if [ -n "${seen[qemu]:-}" ]; then
	[ -n "${job_state[qemu/suite]:-}" ] || queue qemu/suite qemu/build suite qemu
	queue qemu/host "" host_tests
fi
# The debug kernel's main boot, its cases shared out among two boots: one
# would take most of its timeout.
for f in debug arm64 i386 qemu llvm; do
	[ -n "${seen[$f]:-}" ] || continue
	parts=1
	[ "$f" != debug ] || parts=2
	for ((part = 1; part <= parts; part++)); do
		name=main
		[ "$part" = 1 ] || name=main-$part
		queue "$f/$name" "$f/build" main "$f" "$part" "$parts"
	done
	if [ "$f" = qemu ]; then
		smp_boots=$(grep -v '^#' "$ROOT/harness/guest/smp.list" | grep .) ||
			die "harness/guest/smp.list names no boot"
		while IFS='|' read -r name cases; do
			name=${name//[[:space:]]/} cases=${cases//[[:space:]]/}
			queue "qemu/$name" qemu/build smp qemu "$name" "$cases"
		done <<< "$smp_boots"
	fi
done
if [ "${CHECK_SERIES:-}" = 1 ]; then
	[ -n "${seen[qemu]:-}" ] || die "CHECK_SERIES=1 needs the qemu flavor"
	queue qemu/series qemu/build series_checks
fi
# Boots that crash before /init on purpose (harness/crash-boots.list): the
# very early trace on their consoles.  Machines reset between boots, RAM
# kept (harness/reset-boots.list): the last boot's very early trace in the
# next one.  A job each; the resets, which boot two or three times, before
# the early boots, the crashes, of seconds each, after them.
# queue_one_of SCRIPT: the boots of harness/SCRIPT-boots.list
queue_one_of() {
	local f name names
	[ -r "$ROOT/harness/$1-boots.list" ] || die "harness/$1-boots.list cannot be read"
	for f in "${flavors[@]}"; do
		! other_arch "$f" || continue
		names=$("$ROOT/harness/$1.sh" "$f" --list) ||
			die "harness/$1.sh cannot list the $f boots"
		for name in $names; do
			queue "$f/$name" "$f/build" one_of "$1" "$f" "$name"
		done
	done
}
queue_one_of reset
for f in "${flavors[@]}"; do
	queue_early "$f"
done
[ -z "${seen[qemu]:-}" ] || queue qemu/timeline qemu/build timeline qemu
queue_one_of crash

run_jobs
trap - EXIT INT TERM

# The results, a flavor at a time, then the sum.
all_passed=0 all_failed=0
for f in "${flavors[@]}"; do
	results=$LOGS/check-$f.results
	: > "$results"
	problems=()
	for id in "${queued[@]}"; do
		[ "${id%%/*}" = "$f" ] || continue
		cat "$(job_file "$id" results)" >> "$results"
		while IFS= read -r p; do problems+=("$p"); done < "$(job_file "$id" problems)"
	done
	grep '^FAIL' "$results" | sed 's/^/  /' >&2 || true
	for p in "${problems[@]}"; do
		echo "check: $p" >&2
	done
	passed=$(grep -c '^PASS' "$results" || true)
	# A run that did not get to the end fails even if what ran passed.
	failed=$(($(grep -c '^FAIL' "$results" || true) + ${#problems[@]}))
	echo "check ($f): $(grep -c 'host' "$results" || true) host," \
	     "$(grep -c ' kunit ' "$results" || true) KUnit," \
	     "$(grep -c ' ftracetest ' "$results" || true) ftracetest cases," \
	     "$(grep -c ' crash ' "$results" || true) crash boots: $passed passed," \
	     "$failed failed; results in ${results#"$ROOT"/}"
	all_passed=$((all_passed + passed)) all_failed=$((all_failed + failed))
done
echo "$all_passed passed, $all_failed failed"
[ "$all_failed" = 0 ]
