#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# boot.sh FLAVOR MODE LOG [EXTRA_CMDLINE]: boot a built kernel under QEMU (TCG)
# with the guest initramfs (flavors arm64 and i386 on their architecture's
# QEMU); MODE is run, check, shell or crash.  The console
# goes to LOG (and to the terminal for run and shell).  Fails if the guest
# never reached /init or the boot timed out.  MODE crash: a boot that is to
# go wrong before /init; it ends when QEMU exits, or BOOT_UNTIL (an
# extended regular expression) appears in LOG, or after the timeout, and
# fails only if QEMU cannot start.  MODE reset: as crash, but a reboot of
# the guest resets the machine (RAM kept) instead of ending QEMU; each time
# BOOT_RESET_ON (a regular expression) appears once more in LOG, QEMU's
# monitor resets the machine, and the boots end when BOOT_UNTIL has
# appeared BOOT_UNTIL_COUNT times.  BOOT_QEMU_EXTRA: more QEMU options.
# BOOT_RAM=FILE: the guest's RAM is FILE, which keeps it when QEMU ends, for
# a later QEMU with another command line (made if missing).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavor=$1 mode=$2 log=$3 extra=${4:-}
build=${BUILD:-$OUT/build/$flavor}
timeout=${BOOT_TIMEOUT:-900}
mem=1G
[ "$flavor" = debug ] && mem=2G

# The machine: x86_64's q35 for the test kernels, QEMU's virt board for
# arm64 (TCG's "max" CPU: pointer authentication by QEMU's cheaper
# algorithm), a PC for i386.
qemu_sys=qemu-system-x86_64 machine=q35 cpu=max,la57=off console=ttyS0
image=$build/arch/x86/boot/bzImage
case "$flavor" in
arm64) qemu_sys=qemu-system-aarch64 machine=virt cpu=max,pauth-impdef=on console=ttyAMA0
       image=$build/arch/arm64/boot/Image ;;
i386)  qemu_sys=qemu-system-i386 machine=pc cpu=max ;;
esac
# BOOT_OWN_CLOCK=1: no help with the TSC (boots that test the clocks)
tsc=
[ -n "${BOOT_OWN_CLOCK:-}" ] || [ "$flavor" = arm64 ] || tsc=$(guest_tsc_params)
if [ "$mode" = run ]; then
	# make run: what a user would type, and a console quiet but for
	# warnings and /init's own lines (/dev/kmsg writes are warnings)
	cmdline="console=$console loglevel=5 panic=-1 harness=$mode${tsc:+ $tsc} ftrace=function"
else
	# A boot that crashes or resets runs the cases of check when it can
	guest_mode=$mode
	[ "$mode" != crash ] && [ "$mode" != reset ] || guest_mode=check
	cmdline="console=$console loglevel=7 printk.devkmsg=on panic=-1 harness=$guest_mode"
	[ -z "$tsc" ] || cmdline+=" $tsc"
	# ftrace_notrace= with a built-in module: test.d/kallmodsyms/mod-cmdline.tc
	[ -n "${BOOT_NO_FTRACE:-}" ] ||
		cmdline+=" ftrace=function trace_buf_size=1M ftrace_notrace=:mod:kallmodsyms_fixture_beta"
fi
# One CPU: without ACPI and PCI, which the test kernel has for its second
# CPU (QEMU's q35 describes CPUs in ACPI, and ACPI a PCI bus) and which
# take tens of seconds of a KASAN kernel's boot under ftrace=function.
# BOOT_NO_PIT=1: a machine without the PIT (8254), which the kernel's early
# TSC calibrations need; it keeps ACPI, whose timers then stand in.
cpus=${BOOT_CPUS:-1}
[ -z "${BOOT_NO_PIT:-}" ] || machine+=,pit=off
[ "$machine" != q35 ] || [ "$cpus" != 1 ] || cmdline+=" acpi=off pci=off"
cmdline+=" $extra"
# BOOT_INITRD=FILE: another initramfs (one with a bootconfig).
# BOOT_CMDLINE_ONLY=1: print the command line and stop (check.sh sizes a
# parameter to what the command line holds).
if [ -n "${BOOT_CMDLINE_ONLY:-}" ]; then
	echo "$cmdline"
	exit 0
fi
mkdir -p "$(dirname "$log")"
boot_start=$(date +%s)
trap 'record_time "boot $flavor ${mode}: $(basename "$log" .log)${TIMING_TAG:-}" "$boot_start"' EXIT
step "booting the $flavor kernel ($mode) under QEMU/TCG, console: ${log#$ROOT/}"

# BOOT_CPUS=N: an SMP guest.  Its vCPUs then take turns on one host thread
# (thread=single): with one thread per vCPU, QEMU 7.2 lets a CPU run an int3
# that another has already patched away when the function tracer is turned
# on and off (an int3 Oops within seconds, with none of the series' code in
# use); taking turns, the guest's CPUs still interleave at any instruction
# boundary the guest's interrupts allow.  BOOT_TCG_THREAD=multi: a thread
# per vCPU all the same.
accel=tcg
[ "$cpus" = 1 ] || accel=tcg,thread=${BOOT_TCG_THREAD:-single}
reboot=-no-reboot
ram=()
if [ -n "${BOOT_RAM:-}" ]; then
	machine+=,memory-backend=ram
	ram=(-object "memory-backend-file,id=ram,size=$mem,mem-path=$BOOT_RAM,share=on")
fi
monitor=$OUT/qemu-monitor.$$.sock
[ "$mode" != reset ] || reboot="-monitor unix:$monitor,server=on,wait=off"
# shellcheck disable=SC2206 # BOOT_QEMU_EXTRA is words
qemu=("$qemu_sys" -machine "$machine" -accel "$accel" -cpu "$cpu" -smp "$cpus" -m "$mem"
      -nographic $reboot "${ram[@]}" ${BOOT_QEMU_EXTRA:-} -kernel "$image"
      -initrd "${BOOT_INITRD:-$OUT/guest/$flavor/initramfs.cpio}" -append "$cmdline")
rc=0
# timeout --foreground: QEMU stays in the caller's process group, which
# check.sh stops as a whole when it ends early.
case "$mode" in
shell) "${qemu[@]}" ;;
run)   timeout --foreground "$timeout" "${qemu[@]}" < /dev/null 2>&1 | tee "$log" | tr -d '\r' |
	       sed -n '/^=====/,/harness: init done/p' | grep -v 'harness: init done' || rc=$? ;;
crash|reset)
	: > "$log"
	"${qemu[@]}" < /dev/null > "$log" 2>&1 &
	pid=$!
	resets=0
	for ((waited = 0; waited < timeout; waited++)); do
		kill -0 "$pid" 2>/dev/null || break
		if [ -n "${BOOT_UNTIL:-}" ] &&
		   [ "$(tr -d '\r' < "$log" | grep -Ec "$BOOT_UNTIL")" -ge "${BOOT_UNTIL_COUNT:-1}" ]; then
			# What the kernel prints after it
			sleep 2
			break
		fi
		if [ -n "${BOOT_RESET_ON:-}" ] &&
		   [ "$(tr -d '\r' < "$log" | grep -Ec "$BOOT_RESET_ON")" -gt "$resets" ]; then
			resets=$((resets + 1))
			sleep 1
			python3 -c 'import socket, sys, time
s = socket.socket(socket.AF_UNIX)
s.connect(sys.argv[1])
s.sendall(b"system_reset\n")
time.sleep(0.5)' "$monitor"
		fi
		sleep 1
	done
	kill "$pid" 2>/dev/null || true
	rm -f "$monitor"
	wait "$pid" 2>/dev/null || true
	grep -q 'qemu-system' "$log" && ! grep -q 'Linux version' "$log" &&
		{ show_log "$log"; die "QEMU did not start"; }
	exit 0 ;;
*)     timeout --foreground "$timeout" "${qemu[@]}" < /dev/null > "$log" 2>&1 || rc=$? ;;
esac
[ "$mode" = shell ] && exit 0
if [ "$rc" = 124 ]; then
	show_log "$log"; die "boot timed out after $timeout s"
fi
if ! grep -q 'harness: init started' "$log"; then
	show_log "$log"; die "the guest never reached /init"
fi
