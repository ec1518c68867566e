#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check.sh FLAVOR: run every test of the project and end with one line
# "N passed, N failed".  FLAVOR "qemu" also runs the host tests; "debug"
# runs the in-kernel tests on the KASAN/lockdep/kmemleak kernel; "arm64"
# and "i386" boot the series' portable parts on those architectures (KUnit
# and harness/guest/ftracetest-portable.list), arm64 also the very early
# tracer's boots that name it in harness/early-boots.list (the crashes and
# resets are x86_64's).
# Fails on a failed test, a guest that never reached /init, a boot timeout
# or a kernel splat in the console log.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavor=${1:-qemu}
results=$LOGS/check-$flavor.results
mkdir -p "$LOGS"
: > "$results"
problems=()

"$ROOT/harness/assemble.sh"
if [ "$flavor" = qemu ]; then
	"$ROOT/harness/host-tests.sh" "$results" || problems+=("host tests did not run to the end")
fi
"$ROOT/harness/build.sh" "$flavor"
"$ROOT/harness/initramfs.sh" "$flavor"
timeout=900
other_arch=
case "$flavor" in
debug) timeout=1800 ;;
arm64|i386) timeout=1800 other_arch=1 ;;
esac
# The boots run as jobs, as many at a time as the host has cores (a TCG
# guest keeps one host core busy; CHECK_GUESTS=N to choose): each job's
# output, results and problems go to files of its own in out/logs/.  The
# output is printed as each job ends; the results and problems are
# gathered in the order the jobs were started, whatever order they end in.
slots=${CHECK_GUESTS:-$(nproc)}
[[ $slots =~ ^[1-9][0-9]*$ ]] || die "CHECK_GUESTS=$slots: not a number of guests"
jobs_dir=$LOGS/check-$flavor.jobs
rm -rf "$jobs_dir"
mkdir -p "$jobs_dir"
job_names=()
declare -A job_of_pid=()
# Each job in its own process group (set -m), so that the trap stops the
# whole job, QEMU too (boot.sh keeps it in the group), if this script ends
# before it (an error, Ctrl-C).
trap 'for p in "${!job_of_pid[@]}"; do kill -- -"$p" 2> /dev/null; done' EXIT
trap 'exit 130' INT TERM
# job_done: wait for one job to end and print its output.
job_done() {
	local pid= rc=0
	wait -n -p pid || rc=$?
	if [ -z "$pid" ]; then
		[ "$rc" = 127 ] || return 0
		# None left to wait for: those still listed are lost
		for pid in "${!job_of_pid[@]}"; do
			problem "${job_of_pid[$pid]}" "the job ${job_of_pid[$pid]} was lost"
		done
		job_of_pid=()
		return 0
	fi
	[ -n "${job_of_pid[$pid]:-}" ] || return 0
	cat "$jobs_dir/${job_of_pid[$pid]}.out"
	# The jobs say what went wrong as problems and end with 0: anything
	# else is a job that stopped halfway (its results may be missing)
	[ "$rc" = 0 ] || problem "${job_of_pid[$pid]}" "the job ${job_of_pid[$pid]} ended with status $rc"
	unset "job_of_pid[$pid]"
}
# job NAME COMMAND...: run COMMAND in the background once a slot is free.
job() {
	local name=$1
	shift
	[ ! -e "$jobs_dir/$name.results" ] || die "two jobs named $name"
	while [ "${#job_of_pid[@]}" -ge "$slots" ]; do job_done; done
	job_names+=("$name")
	: > "$jobs_dir/$name.results"
	: > "$jobs_dir/$name.problems"
	set -m
	"$@" < /dev/null > "$jobs_dir/$name.out" 2>&1 &
	job_of_pid[$!]=$name
	set +m
}
# problem NAME TEXT: what went wrong in job NAME, reported at the end.
problem() { printf '%s\n' "$2" >> "$jobs_dir/$1.problems"; }

# What boot.sh would otherwise make in the first boots at once
guest_tsc_params > /dev/null

# boot NAME CONSOLE [EXTRA_CMDLINE]: boot the guest in check mode, collect
# its results into the job NAME's results; what went wrong goes to its
# problems.  With BOOT_OWN_CLOCK=1 the guest finds its TSC's frequency
# itself, as on a machine.
boot() {
	local splats try out=$jobs_dir/$1.results
	for try in 1 2; do
		if ! BOOT_TIMEOUT=$timeout "$ROOT/harness/boot.sh" "$flavor" check "$2" "${3:-}"; then
			problem "$1" "the $flavor guest ($1) did not boot to the end"
			return
		fi
		# Otherwise boot.sh gives the guest the host's TSC frequency, so
		# that it need not calibrate the TSC against the PIT, which
		# fails on a busy host.  Should the guest still find its TSC
		# unusable before late_initcall, the kernel may switch the trace
		# clock, which resets what the main boot's cases read: again.
		[ -z "${BOOT_OWN_CLOCK:-}" ] || break
		grep -q 'Unstable clock detected, switching default tracing clock' "$2" || break
		[ "$try" = 2 ] || echo "check: the $1 guest switched its trace clock (TSC unusable under TCG); booting it again" >&2
	done
	awk -f "$ROOT/harness/console-results.awk" "$2" >> "$out"
	# A boot whose cases never ran (a cut command line) ran no test
	[ -s "$out" ] || problem "$1" "the $1 guest reported no test result"
	grep -q 'harness: ftracetest done' "$2" ||
		problem "$1" "the $1 guest stopped before ftracetest finished"
	if splats=$("$ROOT/harness/splats.sh" "$2"); then :; else
		printf '%s\n' "$splats" | head -n 20 >&2
		problem "$1" "kernel splat in ${2#"$ROOT"/}"
	fi
}

# The longest first: upstream's whole ftracetest suite, against
# harness/upstream-suite.expect, on the test kernel, with two CPUs for the
# cpumask and hotplug cases.
if [ "$flavor" = qemu ]; then
	suite() {
		"$ROOT/harness/suite.sh" "$flavor" "$jobs_dir/suite.results" ||
			problem suite "upstream's ftracetest suite did not run"
	}
	job suite suite
fi

# Modules that come and go on several CPUs, and the ktrace sweeps (CPU
# offline and online with each batch): on the test kernel only (its CPUs
# take turns on one host thread: the sweeps take minutes, which CI has for
# one kernel), the boots of harness/guest/smp.list.  Prints what the sweeps
# accepted and refused, and each batch's graph.
if [ "$flavor" = qemu ]; then
	smp() { # NAME CASES
		local console=$LOGS/check-$flavor-$1.console.log
		timeout=1800 BOOT_CPUS=2 boot "$1" "$console" "kunit.enable=0 harness_cases=$2"
		sed -n '/ktrace sweep: batch [0-9]*: /d; s/^\[[ 0-9.]*\] //; s/^ktrace sweep/check: ktrace sweep/p' \
			"$console"
	}
	smp_boots=$(grep -v '^#' "$ROOT/harness/guest/smp.list" | grep .) ||
		die "harness/guest/smp.list names no boot"
	while IFS='|' read -r name cases; do
		name=${name//[[:space:]]/} cases=${cases//[[:space:]]/}
		job "$name" smp "$name" "$cases"
	done <<< "$smp_boots"
fi

main() {
	boot main "$LOGS/check-$flavor.console.log"
	grep -q '^PASS kunit\|^FAIL kunit' "$jobs_dir/main.results" ||
		problem main "no KUnit results in the console log"
}
job main main

# bootconfig_initrd FILE NAME: a copy of the guest's initramfs with FILE
# appended as its bootconfig, by the kernel's own tools/bootconfig.
bootconfig_initrd() {
	local tool=$OUT/tools/bootconfig initrd=$OUT/guest/$flavor/initramfs-$2.cpio
	if [ ! -x "$tool" ] || [ "$SRC/lib/bootconfig.c" -nt "$tool" ]; then
		mkdir -p "$OUT/tools"
		${HOSTCC:-gcc} -Wall -I"$SRC/tools/bootconfig/include" -o "$tool" \
			"$SRC/tools/bootconfig/main.c" "$SRC/lib/bootconfig.c" >&2 ||
			die "cannot build tools/bootconfig"
	fi
	cp "$OUT/guest/$flavor/initramfs.cpio" "$initrd"
	"$tool" -a "$1" "$initrd" >&2 || die "tools/bootconfig cannot append ${1#"$ROOT"/}"
	echo "$initrd"
}

# Boots with command lines of their own (harness/early-boots.list).
trim() { local s=$1; s=${s#"${s%%[![:space:]]*}"}; printf '%s' "${s%"${s##*[![:space:]]}"}"; }
while IFS='|' read -r name cases extra only machine <&3; do
	name=$(trim "$name") cases=$(trim "$cases") extra="$(trim "$extra") kunit.enable=0"
	only=$(trim "${only:-}") cpus=1 no_pit= bconf= initrd=
	for m in ${machine:-}; do
		case $m in
		cpus=[1-9]) cpus=${m#cpus=} ;;
		pit=off) no_pit=1 ;;
		bootconfig=*) bconf=$ROOT/harness/${m#bootconfig=} ;;
		*) die "harness/early-boots.list: $name: unknown machine option '$m'" ;;
		esac
	done
	if [ -n "$other_arch" ] || [ -n "$only" ]; then
		[[ ",$only," == *",$flavor,"* ]] || continue
	fi
	# Before @LONG_LIST@ is sized: the command line must hold it all
	[ "$flavor" != debug ] || extra+=" init_on_free=1 page_poison=1"
	if [[ $extra == *@LONG_LIST@* ]]; then
		used=$(BOOT_CMDLINE_ONLY=1 "$ROOT/harness/boot.sh" "$flavor" check - \
			"${extra/@LONG_LIST@/} harness_cases=$cases" | wc -c)
		list='' i=0
		while entry="no_such_function_$i*"; [ $((used + ${#list} + ${#entry} + 1)) -lt 2047 ]; do
			list+=${list:+,}$entry
			i=$((i + 1))
		done
		extra=${extra/@LONG_LIST@/$list}
	fi
	# bootconfig=FILE: the guest's initramfs with FILE as its bootconfig,
	# which gives the boot's ftrace parameters instead of boot.sh.
	if [ -n "$bconf" ]; then
		initrd=$(bootconfig_initrd "$bconf" "$name")
		extra="bootconfig $extra"
	fi
	# The debug kernel poisons what is freed: use after free of the
	# early tracer's memory shows.
	BOOT_CPUS=$cpus BOOT_NO_PIT=$no_pit BOOT_OWN_CLOCK=1 BOOT_INITRD=$initrd \
		BOOT_NO_FTRACE=${bconf:+1} \
		job "$name" boot "$name" "$LOGS/check-$flavor-$name.console.log" "$extra harness_cases=$cases"
done 3< <(grep -v '^#' "$ROOT/harness/early-boots.list" | grep .)

if [ -z "$other_arch" ]; then
	# Boots that crash before /init on purpose (harness/crash-boots.list):
	# the very early trace on their consoles.  Machines reset between
	# boots, RAM kept (harness/reset-boots.list): the last boot's very
	# early trace in the next one.  A job each.
	one_of() { # SCRIPT NAME
		"$ROOT/harness/$1.sh" "$flavor" "$jobs_dir/$2.results" "$2" ||
			problem "$2" "the $1 boots of $2 did not all run to the end"
	}
	for script in crash reset; do
		names=$("$ROOT/harness/$script.sh" "$flavor" --list) ||
			die "harness/$script.sh cannot list the $flavor boots"
		for name in $names; do
			job "$name" one_of "$script" "$name"
		done
	done
fi

while [ "${#job_of_pid[@]}" -gt 0 ]; do job_done; done
trap - EXIT INT TERM
for name in "${job_names[@]}"; do
	cat "$jobs_dir/$name.results" >> "$results"
	while IFS= read -r p; do problems+=("$p"); done < "$jobs_dir/$name.problems"
done

grep '^FAIL' "$results" | sed 's/^/  /' >&2 || true
passed=$(grep -c '^PASS' "$results" || true)
failed=$(grep -c '^FAIL' "$results" || true)
# A run that did not get to the end fails even if what ran passed.
failed=$((failed + ${#problems[@]}))
for p in "${problems[@]}"; do
	echo "check: $p" >&2
done
echo "check ($flavor): $(grep -c 'host' "$results" || true) host," \
     "$(grep -c ' kunit ' "$results" || true) KUnit," \
     "$(grep -c ' ftracetest ' "$results" || true) ftracetest cases," \
     "$(grep -c ' crash ' "$results" || true) crash boots; results in ${results#$ROOT/}"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ] && [ ${#problems[@]} = 0 ]
