#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# build.sh FLAVOR [SRC [BUILD]]: configure and build a test kernel and its
# modules out of tree.  FLAVOR is "qemu" (the test kernel), "debug" (the
# same plus KASAN, lockdep, kmemleak), "arm64" or "i386" (the series'
# portable parts on another architecture), or one of make bench's and the
# checks' variants below.  Logs go to out/logs/build-FLAVOR.log.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavor=${1:?usage: build.sh qemu|debug [SRC [BUILD]]}
src=${2:-$SRC}
[ "$flavor" != upstream ] || src=${2:-$BASE}
build=${3:-$OUT/build/$flavor}
disable=()
base=tinyconfig
arch=()
cross=
image=bzImage
case "$flavor" in
qemu)  fragments=(ftrace_series_qemu.config) ;;
llvm)  fragments=(ftrace_series_qemu.config) ;;
# make check-defconfig: what most users build, with the series' options.
defconfig) base=x86_64_defconfig fragments=(ftrace_series_qemu.config) ;;
# Without the test kernel's KASLR: the checkers as they have run so far
# (the crash and reset boots, which KASLR serves, run on the test kernel).
debug) fragments=(ftrace_series_qemu.config ftrace_series_debug.config)
       disable=(RANDOMIZE_BASE RANDOMIZE_MEMORY) ;;
# For make bench: the test kernel without the series' options.
nokallmodsyms) fragments=(ftrace_series_qemu.config)
       disable=(KALLMODSYMS KALLMODSYMS_KUNIT_TEST TEST_KALLMODSYMS) ;;
# For make bench: the test kernel without very early function tracing.
noearly) fragments=(ftrace_series_qemu.config)
       disable=(VERY_EARLY_FUNCTION_TRACER VERY_EARLY_FUNCTION_TRACER_KUNIT_TEST
		VERY_EARLY_FUNCTION_TRACER_BENCHMARK) ;;
# For make bench: the test kernel's very early function tracer without its
# KUnit suite and benchmark, what a user's kernel carries.
earlynotests) fragments=(ftrace_series_qemu.config)
       disable=(VERY_EARLY_FUNCTION_TRACER_KUNIT_TEST VERY_EARLY_FUNCTION_TRACER_BENCHMARK) ;;
# For make bench: Debian's 6.12 without the series, configured as the test
# kernel is (its .config, less the series' options).
upstream) fragments=() ;;
# make check-arm64 and make check-i386: kallmodsyms, :mod: and the names
# of reused module init text on other architectures.
arm64) fragments=(ftrace_series_portable.config ftrace_series_arm64.config)
       cross=aarch64-linux-gnu- arch=(ARCH=arm64 CROSS_COMPILE=$cross) image=Image ;;
i386)  fragments=(ftrace_series_portable.config ftrace_series_i386.config)
       arch=(ARCH=i386) ;;
*) die "unknown flavor '$flavor' (qemu, llvm, defconfig, debug, nokallmodsyms, noearly, earlynotests, upstream, arm64 or i386)" ;;
esac
mkdir -p "$build" "$LOGS"
log=$LOGS/build-$flavor${BUILD_LOG_SUFFIX:-}.log
if [ "$flavor" = llvm ]; then
	kmake() { make -C "$src" O="$build" LLVM=1 CC="ccache clang" HOSTCC="ccache clang" "$@"; }
else
	kmake() { make -C "$src" O="$build" "${arch[@]}" CC="ccache ${cross}gcc" HOSTCC="ccache gcc" "$@"; }
fi

build_start=$(date +%s)
trap 'record_time "build $flavor${BUILD_LOG_SUFFIX:-}" "$build_start"' EXIT
step "building the $flavor kernel: Linux $(make -s -C "$src" kernelversion) (Debian $(cat "$src/.assembled-from" 2>/dev/null || echo '?')) in ${build#$ROOT/}"
: > "$log"
echo "Linux $(make -s -C "$src" kernelversion), Debian linux-source-6.12 $(cat "$src/.assembled-from" 2>/dev/null)" >> "$log"

# Configure only when a fragment changed, so an unchanged config stays put.
if [ "$flavor" = upstream ]; then
	qemu_config=$OUT/build/qemu/.config
	[ -f "$qemu_config" ] || die "build the qemu kernel first: the upstream one takes its .config"
	stamp=$(sha1sum < "$qemu_config" | cut -d' ' -f1)
	if [ "$(cat "$build/.fragments" 2>/dev/null)" != "$stamp" ] || [ ! -f "$build/.config" ]; then
		step "configuring: the qemu kernel's .config, without the series"
		cp "$qemu_config" "$build/.config"
		kmake olddefconfig >> "$log" 2>&1 || { show_log "$log"; die "configuration failed"; }
		echo "$stamp" > "$build/.fragments"
	fi
fi
[ "$flavor" = upstream ] ||
stamp=$( (echo "$base"; cat "${fragments[@]/#/$src/kernel/configs/}"; echo "${disable[*]}") | sha1sum | cut -d' ' -f1)
if [ "$flavor" != upstream ] &&
   { [ "$(cat "$build/.fragments" 2>/dev/null)" != "$stamp" ] || [ ! -f "$build/.config" ]; }; then
	step "configuring: $base ${fragments[*]}"
	if ! kmake "$base" "${fragments[@]}" >> "$log" 2>&1; then
		show_log "$log"; die "configuration failed"
	fi
	if [ ${#disable[@]} -gt 0 ]; then
		args=()
		for o in "${disable[@]}"; do args+=(--disable "$o"); done
		"$src/scripts/config" --file "$build/.config" "${args[@]}" >> "$log" 2>&1
		kmake olddefconfig >> "$log" 2>&1
	fi
	# Every option the fragments ask for must have made it into .config.
	bad=0
	for frag in "${fragments[@]}"; do
		while IFS= read -r line; do
			case "$line" in
			CONFIG_*=*) want=$line; key=${line%%=*} ;;
			'# CONFIG_'*' is not set') key=${line#\# }; key=${key%% *}; want="" ;;
			*) continue ;;
			esac
			# shellcheck disable=SC2076
			[[ " ${disable[*]} " =~ " ${key#CONFIG_} " ]] && continue
			got=$(grep -E "^$key=" "$build/.config" || true)
			if [ "$got" != "$want" ]; then
				echo "build: $frag asks for '${want:-# $key is not set}', .config has '${got:-unset}'" >&2
				bad=1
			fi
		done < "$src/kernel/configs/$frag"
	done
	[ "$bad" = 0 ] || die "the config fragments do not apply cleanly (see above)"
	echo "$stamp" > "$build/.fragments"
fi

step "compiling (log: ${log#$ROOT/})"
start=$(date +%s)
if ! kmake -j"$JOBS" "$image" modules >> "$log" 2>&1; then
	show_log "$log"; die "kernel build failed"
fi
echo "build: $flavor kernel built in $(($(date +%s) - start)) s" | tee -a "$log"
if grep -E ': warning: ' "$log" | grep -v '^scripts/' > "$log.warnings"; then
	echo "build: compiler warnings (see ${log#$ROOT/}.warnings):" >&2
	head -n 20 "$log.warnings" >&2
fi
