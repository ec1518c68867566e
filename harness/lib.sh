# SPDX-License-Identifier: GPL-2.0
# Common settings for the harness scripts; sourced, never run.

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=${OUT:-$ROOT/out}
# The Debian linux-source-6.12 version this series is developed against.
PINNED_KERNEL_PKG=6.12.117-1~deb12u1
BASE=$OUT/base/linux-source-6.12
# What every clone would make alike from Debian's package (the base's git
# repository), kept outside the clone and made again where it is absent.
CACHE=${FTRACE_SERIES_CACHE:-/var/cache/ftrace-series}
SRC=$OUT/src
LOGS=$OUT/logs
JOBS=${JOBS:-$(($(nproc) + 1))}
export CCACHE_DIR=${CCACHE_DIR:-/var/cache/ftrace-series-ccache}
# Paths under the checkout are hashed relative to it: another clone hits too
export CCACHE_BASEDIR=$ROOT
export CCACHE_NOHASHDIR=1
export CCACHE_SLOPPINESS=time_macros,include_file_mtime,include_file_ctime
export KBUILD_BUILD_TIMESTAMP='Thu Jan  1 00:00:00 UTC 2026'
export KBUILD_BUILD_USER=ftrace-series KBUILD_BUILD_HOST=harness

# The series' new kernel files live at their kernel paths from the
# repository root, under these top-level kernel directories (and a Kconfig).
SERIES_TOP=(arch Documentation include init kernel lib scripts tools Kconfig)

# List the series' new kernel files, relative to the repository root, sorted.
series_new_files() {
	local d
	for d in "${SERIES_TOP[@]}"; do
		[ -e "$ROOT/$d" ] || continue
		(cd "$ROOT" && find "$d" -type f -not -name '.checkpatch-camelcase.*')
	done | LC_ALL=C sort
}

step() { printf '==> %s\n' "$*"; }

# record_time WHAT START: append "STEP<TAB>WHAT<TAB>SECONDS since START
# (date +%s)" to out/logs/timings.tsv, which .ci/run prints as a table;
# STEP is the make target .ci/run is in (CI_STEP), or "-".
record_time() {
	mkdir -p "$LOGS"
	printf '%s\t%s\t%s\n' "${CI_STEP:--}" "$1" "$(($(date +%s) - $2))" >> "$LOGS/timings.tsv"
}
die() { printf '%s: error: %s\n' "$(basename "$0")" "$*" >&2; exit 1; }

# Print the tail of a log and its path, for failures.
show_log() {
	local log=$1 lines=${2:-40}
	printf -- '--- last %s lines of %s ---\n' "$lines" "$log" >&2
	tail -n "$lines" "$log" >&2
	printf -- '--- full log: %s ---\n' "$log" >&2
}

base_version() { make -s -C "$BASE" kernelversion 2>/dev/null; }

# The guest command-line parameters that give a TCG guest the host's TSC
# frequency (see harness/tsc-khz.c), or nothing where the host's TSC does not
# tick at a constant rate or cannot be measured.
guest_tsc_params() {
	local tool=$OUT/tools/tsc-khz khz
	[ "$(uname -m)" = x86_64 ] || return 0
	grep -qw constant_tsc /proc/cpuinfo && grep -qw nonstop_tsc /proc/cpuinfo || return 0
	if [ ! -x "$tool" ] || [ "$ROOT/harness/tsc-khz.c" -nt "$tool" ]; then
		mkdir -p "$OUT/tools"
		${HOSTCC:-gcc} -O2 -Wall -o "$tool" "$ROOT/harness/tsc-khz.c" || return 0
	fi
	if ! khz=$("$tool"); then
		echo "warning: could not measure the host's TSC frequency" >&2
		return 0
	fi
	# The guest's TSC is the host's: reliable, so that no clocksource
	# watchdog (whose only reference in the guest is jiffies, late on a
	# busy host) marks it unstable.
	printf 'tsc_early_khz=%s tsc=reliable' "$khz"
}
