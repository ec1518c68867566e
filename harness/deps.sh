#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh [arm64|i386|browser]: install what the harness needs from
# Debian's archive; quick when all is there.  With an architecture, also
# what its guest needs: the cross compiler and QEMU for arm64, and that
# architecture's busybox-static, unpacked to out/tools/busybox-ARCH (the
# host keeps its own busybox; the guest's must run on the guest).  With
# "browser": Debian's Chromium and, from npm, speedscope in
# out/tools/npm (make timeline-view).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

guest_arch=${1:-}
pkgs=(build-essential flex bison bc libelf-dev libssl-dev cpio gawk ccache
      cmake g++ googletest libgtest-dev clang libclang-rt-14-dev lld llvm
      qemu-system-x86 busybox-static xz-utils kmod rsync python3 git time)
case "$guest_arch" in
'') ;;
arm64) pkgs+=(gcc-aarch64-linux-gnu binutils-aarch64-linux-gnu qemu-system-arm) ;;
i386) ;;
browser) pkgs+=(chromium) ;;
*) die "unknown guest architecture '$guest_arch' (arm64, i386 or browser)" ;;
esac

missing=()
for p in "${pkgs[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
		missing+=("$p")
done
have_src=$(dpkg-query -W -f='${Status} ${Version}' linux-source-6.12 2>/dev/null || true)

apt_updated=
apt_update() {
	[ -n "$apt_updated" ] && return
	step "apt-get update"
	# A mirror in sync leaves some indexes out of date: what is missing
	# then fails the install below, by name
	if [ -z "$guest_arch" ]; then
		apt-get update -qq >/dev/null
	else
		# A foreign architecture's index may be out of sync on a mirror:
		# what is missing then fails the download below, by name
		apt-get update -qq >/dev/null ||
			echo "deps: warning: apt-get update did not fetch every index (see above)" >&2
	fi
	apt_updated=1
}

export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
	apt_update
	step "installing ${missing[*]}"
	apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

case "$have_src" in
*"ok installed"*) ;;
*)
	apt_update
	step "installing linux-source-6.12=$PINNED_KERNEL_PKG"
	if ! apt-get install -y -qq --no-install-recommends \
		"linux-source-6.12=$PINNED_KERNEL_PKG" >/dev/null 2>&1; then
		echo "deps: warning: linux-source-6.12 $PINNED_KERNEL_PKG is no longer served;" \
		     "falling back to the newest 6.12.y" >&2
		apt-get install -y -qq --no-install-recommends linux-source-6.12 >/dev/null
	fi
	;;
esac
ver=$(dpkg-query -W -f='${Version}' linux-source-6.12)
[ "$ver" = "$PINNED_KERNEL_PKG" ] ||
	echo "deps: warning: using linux-source-6.12 $ver, series developed on $PINNED_KERNEL_PKG" >&2
mkdir -p "$CCACHE_DIR"

# The guest's busybox: Debian's busybox-static of the guest's architecture,
# the version the host has if the archive has it for that architecture,
# unpacked without installing it.
if [ "$guest_arch" = browser ]; then
	if [ ! -f "$OUT/tools/npm/node_modules/speedscope/package.json" ]; then
		# The machine's npm if it has one (another nodejs than Debian's
		# may be installed), else Debian's
		command -v npm > /dev/null || {
			apt_update
			apt-get install -y -qq --no-install-recommends npm > /dev/null
		}
		step "installing speedscope from npm into out/tools/npm"
		mkdir -p "$OUT/tools/npm"
		npm install --prefix "$OUT/tools/npm" --no-audit --no-fund --silent speedscope@1 ||
			die "npm cannot install speedscope"
	fi
elif [ -n "$guest_arch" ]; then
	bb=$OUT/tools/busybox-$guest_arch
	if [ ! -x "$bb" ]; then
		dpkg --print-foreign-architectures | grep -qx "$guest_arch" || {
			dpkg --add-architecture "$guest_arch"
			apt_updated=
		}
		apt_update
		step "fetching busybox-static:$guest_arch"
		tmp=$(mktemp -d)
		# The host's version, else (a binNMU of one architecture only
		# gives it another version) the archive's
		(cd "$tmp" && { apt-get download -qq \
			"busybox-static:$guest_arch=$(dpkg-query -W -f='${Version}' busybox-static)" ||
			apt-get download -qq "busybox-static:$guest_arch"; } >/dev/null 2>&1) ||
			die "cannot download busybox-static:$guest_arch"
		dpkg-deb -x "$tmp"/busybox-static_*.deb "$tmp/root"
		mkdir -p "$OUT/tools"
		install -m 0755 "$tmp/root/bin/busybox" "$bb"
		rm -rf "$tmp"
	fi
fi
