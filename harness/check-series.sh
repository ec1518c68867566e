#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# check-series.sh: apply the exported series with git am to a pristine base,
# check that the result is the tree make check tests, and build that tree.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

"$ROOT/harness/series.sh"
"$ROOT/harness/assemble.sh"
dir=$OUT/series-check
rm -rf "$dir/src"
mkdir -p "$dir"
step "git am the series onto a pristine clone of the base"
# The objects shared with out/series/repo, not copied.  No background
# "git gc --auto": it would still be writing into .git when it is removed
# below.
git clone -q --shared -c gc.auto=0 -b base "$OUT/series/repo" "$dir/src"
if ! git -C "$dir/src" am -q "$OUT"/series/patches/*.patch; then
	die "the exported series does not apply with git am"
fi
rm -rf "$dir/src/.git"
cp "$SRC/.assembled-from" "$dir/src/"

step "comparing with the assembled tree"
if ! diff -r -q -x .series-files -x .assembled-from "$dir/src" "$SRC"; then
	die "the series applied with git am differs from out/src (a file only in out/src may be left from an experiment: make clean starts over)"
fi
# The same files as out/src: its build (incremental, nothing to do after
# make check) is the series' build, not another one from scratch.
"$ROOT/harness/build.sh" qemu
step "check-series: the series applies with git am and builds"
