#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# Assemble the kernel tree: Debian's pristine 6.12 source + patches/series +
# the new kernel files at their kernel paths in this repository.  The result lives in out/src.  Re-assembly only
# rewrites files whose content changed, so kbuild rebuilds only what changed.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

tarball=/usr/src/linux-source-6.12.tar.xz
[ -f "$tarball" ] || die "$tarball missing: run 'make deps'"
pkgver=$(dpkg-query -W -f='${Version}' linux-source-6.12)
assemble_start=$(date +%s)
trap 'record_time "assemble out/src" "$assemble_start"' EXIT

# 1. The pristine base, unpacked once per package version into the cache
# outside the clone; out/base is a link to it.
if [ "$(cat "$OUT/base/.pkgversion" 2>/dev/null)" != "$pkgver" ]; then
	cached=$CACHE/base-$pkgver
	if [ "$(cat "$cached/.pkgversion" 2>/dev/null)" != "$pkgver" ]; then
		# One run at a time unpacks (fd 9); a half-made one is made again
		mkdir -p "$CACHE"
		exec 9> "$CACHE/.lock"
		flock 9
		if [ "$(cat "$cached/.pkgversion" 2>/dev/null)" != "$pkgver" ]; then
			step "unpacking $tarball ($pkgver) into ${cached}"
			rm -rf "$cached" "$cached.new"
			mkdir -p "$cached.new"
			tar -C "$cached.new" -xJf "$tarball"
			echo "$pkgver" > "$cached.new/.pkgversion"
			mv -T "$cached.new" "$cached"
		fi
		exec 9>&-
	fi
	rm -rf "$OUT/base" "$SRC"
	mkdir -p "$OUT"
	ln -s "$cached" "$OUT/base"
fi
step "base: Linux $(base_version) (Debian linux-source-6.12 $pkgver)"

# 2. The working tree, made once from the base.
# out/src's files are hard links to the base's where the filesystem allows
# (a copy of the tree takes minutes): what the series changes goes in as a
# new file (rm, then cp), never written in place, and the kernel builds
# with O= write nothing into the tree.
if [ ! -f "$SRC/.assembled-from" ]; then
	step "linking the base into out/src"
	rm -rf "$SRC"
	if ! err=$(cp -al "$BASE" "$SRC" 2>&1); then
		step "copying the base to out/src (no links: ${err%%$'\n'*})"
		rm -rf "$SRC"
		cp -a "$BASE" "$SRC"
	fi
	echo "$pkgver" > "$SRC/.assembled-from"
fi

# 3. Stage every file the series writes, from the base, in out/stage.
stage=$OUT/stage
rm -rf "$stage"
mkdir -p "$stage"
declare -A patched=()

while read -r p; do
	case "$p" in ''|'#'*) continue ;; esac
	pf=$ROOT/patches/$p
	[ -f "$pf" ] || die "patches/series names $p, which does not exist"
	while read -r f; do
		[ -n "${patched[$f]:-}" ] && continue
		patched[$f]=1
		if [ -f "$BASE/$f" ]; then
			mkdir -p "$stage/$(dirname "$f")"
			cp -p "$BASE/$f" "$stage/$f"
		fi
	done < <(sed -n 's|^+++ b/\([^[:space:]]*\).*|\1|p' "$pf")
	if ! out=$(patch -d "$stage" -p1 --forward --no-backup-if-mismatch \
			-r - < "$pf" 2>&1); then
		printf '%s\n' "$out" >&2
		die "patch $p does not apply to Linux $(base_version) (see the hunk above)"
	fi
done < "$ROOT/patches/series"

# 4. New files at their kernel paths; they must not shadow upstream files.
while read -r f; do
	[ -e "$BASE/$f" ] &&
		die "$f would shadow the upstream file of that name: change it with a patch instead"
	[ -n "${patched[$f]:-}" ] &&
		die "$f is also written by a patch"
	mkdir -p "$stage/$(dirname "$f")"
	cp -p "$ROOT/$f" "$stage/$f"
done < <(series_new_files)

# 5. Bring out/src in line with the stage, touching only what changed.
manifest=$SRC/.series-files
new_manifest=$(mktemp)
(cd "$stage" && find . -type f | sed 's|^\./||' | sort) > "$new_manifest"
changed=0
while read -r f; do
	if ! cmp -s "$stage/$f" "$SRC/$f"; then
		mkdir -p "$SRC/$(dirname "$f")"
		rm -f "$SRC/$f"
		cp "$stage/$f" "$SRC/$f"
		chmod --reference="$stage/$f" "$SRC/$f"
		changed=$((changed + 1))
	fi
done < "$new_manifest"
# Files the series wrote before but no longer does: back to upstream.
if [ -f "$manifest" ]; then
	while read -r f; do
		grep -qxF "$f" "$new_manifest" && continue
		rm -f "$SRC/$f"
		if [ -f "$BASE/$f" ]; then
			cp "$BASE/$f" "$SRC/$f"
		fi
		changed=$((changed + 1))
	done < "$manifest"
fi
mv "$new_manifest" "$manifest"
step "assembled out/src: $(wc -l < "$manifest") series files, $changed updated"
