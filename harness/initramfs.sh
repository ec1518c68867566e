#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# initramfs.sh FLAVOR: pack the guest's initramfs for a built kernel: busybox,
# harness/guest/init, the ftracetest tree of the assembled source and the
# kernel's modules.  Written to out/guest/FLAVOR/initramfs.cpio.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavor=${1:?usage: initramfs.sh FLAVOR [SRC [BUILD]]}
src=${2:-$SRC}
# make bench's kernel without the series is built from Debian's tree
[ "$flavor" != upstream ] || src=${2:-$BASE}
build=${3:-$OUT/build/$flavor}
dir=$OUT/guest/$flavor
root=$dir/root
step "packing the $flavor guest initramfs"
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,etc,root,lib/modules}

# The guests of make check-arm64 and make check-i386 (harness/deps.sh
# fetches their busybox), with the portable cases; the others are x86_64.
busybox=/bin/busybox cross= guest_arch= list=$ROOT/harness/guest/ftracetest.list
case "$flavor" in
arm64) guest_arch=arm64 cross=aarch64-linux-gnu- ;;
i386) guest_arch=i386 ;;
esac
if [ -n "$guest_arch" ]; then
	busybox=$OUT/tools/busybox-$guest_arch
	[ -x "$busybox" ] || die "no $guest_arch busybox: run harness/deps.sh $guest_arch"
	list=$ROOT/harness/guest/ftracetest-portable.list
fi
cp "$busybox" "$root/bin/busybox"
# A shell of its own name: test.d/dynevent/add_remove_uprobe.tc looks for
# the shell's text in /proc/self/maps as a file whose name ends in "sh".
cp "$busybox" "$root/bin/sh"
# The applets of the host's busybox, the same Debian version
for applet in $(/bin/busybox --list-full); do
	[ -e "$root/$applet" ] || ln -s /bin/busybox "$root/$applet"
done
install -m 0755 "$ROOT/harness/guest/init" "$root/init"
# make bench's module loop and the ktrace sweeps' nesting check, against
# the kernel's nolibc (no libc for the guest: the host's may not match it);
# x86_64 guests only
if [ -z "$guest_arch" ]; then
	for prog in modloop graph-nesting; do
		${HOSTCC:-gcc} -Os -static -nostdlib -fno-stack-protector \
			-fno-asynchronous-unwind-tables -I"$SRC/tools/include/nolibc" \
			-include "$SRC/tools/include/nolibc/nolibc.h" \
			-o "$root/bin/$prog" "$ROOT/harness/guest/$prog.c" -lgcc ||
			die "cannot build harness/guest/$prog.c"
	done
fi
# root, and nobody for tests that read files as an unprivileged user.
printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/tmp:/bin/sh\n' > "$root/etc/passwd"
printf 'root:x:0:\nnogroup:x:65534:\n' > "$root/etc/group"

cp -r "$src/tools/testing/selftests/ftrace" "$root/ftrace"
# FTRACETEST_LIST=FILE runs another list (while working on a case).  A
# case followed by architectures runs on those guests only.
awk -v arch="${guest_arch:-x86_64}" '!/^#/ && NF { for (i = 2; i <= NF && $i != arch; i++); if (NF == 1 || i <= NF) print $1 }' \
	"${FTRACETEST_LIST:-$list}" > "$root/ftrace/tests.list"
# The debug kernel runs the series' own cases: upstream's run in the whole
# suite on the test kernel, and take minutes more under KASAN.
if [ "$flavor" = debug ] && [ -z "${FTRACETEST_LIST:-}" ]; then
	while read -r c; do
		[ -e "$BASE/tools/testing/selftests/ftrace/${c%/}" ] && [ "${c%/}" = "$c" ] && continue
		echo "$c"
	done < "$root/ftrace/tests.list" > "$root/ftrace/tests.list.series"
	mv "$root/ftrace/tests.list.series" "$root/ftrace/tests.list"
fi
# Upstream's own cases, from Debian's tree (harness=suite)
(cd "$BASE/tools/testing/selftests/ftrace" && find test.d -name '*.tc' | LC_ALL=C sort) \
	> "$root/ftrace/upstream.list"
# The ktrace sweeps (every function ktrace accepts, both probe modes) run
# on the test kernel; the other kernels run the rest of the series' cases.
if [ "$flavor" != qemu ]; then
	rm -f "$root"/ftrace/test.d/ktrace/ktrace-sweep-*.tc
fi
# The ELF sizes of the kallmodsyms fixture, for test.d/kallmodsyms/sizes.tc.
"${cross}nm" -S --defined-only "$build/vmlinux" | awk 'NF == 4 && $4 ~ /^kallmodsyms_fixture_/' \
	> "$root/ftrace/kallmodsyms-fixture.nm"

# The built-in module ranges and the sections of vmlinux, for
# test.d/kallmodsyms/builtin-ranges.tc.
[ ! -f "$build/modules.builtin.ranges" ] ||
	cp "$build/modules.builtin.ranges" "$root/ftrace/modules.builtin.ranges"
{
	"${cross}nm" "$build/vmlinux" | awk '$3 == "_text" { print "_text", $1 }'
	"${cross}readelf" -SW "$build/vmlinux" | sed -n 's/^ *\[ *[0-9]*\] //p' |
		awk '$7 ~ /A/ { print $1, $3, $5 }'
} > "$root/ftrace/vmlinux.sections"

arch=()
[ -z "$guest_arch" ] || arch=(ARCH="$guest_arch" CROSS_COMPILE="$cross")
make -s -C "$src" O="$build" "${arch[@]}" INSTALL_MOD_PATH="$root" INSTALL_MOD_STRIP=1 \
	modules_install > /dev/null
rm -f "$root"/lib/modules/*/build

(cd "$root" && find . -print0 | LC_ALL=C sort -z |
	cpio --null -o -H newc -R 0:0 --quiet) > "$dir/initramfs.cpio"
