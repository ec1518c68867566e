#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# dataset.sh: unpack ../shared/data/x86_64-defconfig-6.12 into out/dataset
# (once) and add vmlinux.nm.kallsyms, its nm -n -S output filtered by
# scripts/mksysmap as link-vmlinux.sh filters it.  Prints the directory.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
src=${DATASET_SRC:-$ROOT/../shared/data/x86_64-defconfig-6.12}
dir=$OUT/dataset
[ -d "$src" ] || die "the dataset is not at $src (set DATASET_SRC)"
[ -f "$BASE/scripts/mksysmap" ] || "$ROOT/harness/assemble.sh" >&2
if [ ! -f "$dir/.done" ]; then
	mkdir -p "$dir"
	for f in vmlinux.map vmlinux.o.map vmlinux.nm kallsyms.syms; do
		xz -dc "$src/$f.xz" > "$dir/$f"
	done
	cp "$src/modules_thick.builtin" "$src/modules.builtin" "$dir/"
	tar -C "$dir" -xJf "$src/cmd-first-lines.tar.xz"
	sed -f "$BASE/scripts/mksysmap" "$dir/vmlinux.nm" > "$dir/vmlinux.nm.kallsyms"
	# It must be exactly what scripts/kallsyms read, plus the sizes.
	awk '{ if (NF == 4) print $1, $3, $4; else print }' "$dir/vmlinux.nm.kallsyms" |
		cmp -s - "$dir/kallsyms.syms" ||
		die "the filtered nm output differs from the dataset's kallsyms input"
	touch "$dir/.done"
fi
echo "$dir"
