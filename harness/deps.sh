#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# Install what the harness needs from Debian's archive; quick when all is there.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

pkgs=(build-essential flex bison bc libelf-dev libssl-dev cpio gawk ccache
      cmake g++ googletest libgtest-dev clang libclang-rt-14-dev lld llvm
      qemu-system-x86 busybox-static xz-utils kmod rsync python3 git time)

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
	apt-get update -qq >/dev/null
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
