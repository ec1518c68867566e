#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# series.sh: export the series as git format-patch files in out/series/patches,
# one commit per entry of patches/series, each with the new files that
# patches/new-files assigns to it, against the pristine Debian 6.12 base.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

repo=$OUT/series/repo
outdir=$OUT/series/patches
[ -d "$BASE" ] || "$ROOT/harness/assemble.sh"

# Every new file belongs to exactly one commit.
declare -A owner=()
while IFS=: read -r patch paths; do
	case "$patch" in ''|'#'*) continue ;; esac
	grep -qxF "$patch" "$ROOT/patches/series" ||
		die "patches/new-files: $patch is not in patches/series"
	for p in $paths; do
		found=0
		while read -r f; do
			[ -n "${owner[$f]:-}" ] &&
				die "patches/new-files: $f is claimed by ${owner[$f]} and $patch"
			owner[$f]=$patch
			found=1
		done < <(series_new_files | awk -v p="$p" 'index($0, p) == 1 && (p ~ /\/$/ || $0 == p)')
		[ "$found" = 1 ] || die "patches/new-files: $patch names $p, which is no new kernel file"
	done
done < "$ROOT/patches/new-files"
while read -r f; do
	[ -n "${owner[$f]:-}" ] ||
		die "$f belongs to no commit: add it to patches/new-files"
done < <(series_new_files)

# A git repository of the pristine base, made once per package version
# in the cache (outside the clone) and cloned from there, its objects
# shared.
pkgver=$(cat "$OUT/base/.pkgversion")
subject="Linux $(base_version) (Debian linux-source-6.12 $pkgver)"
base_git=$CACHE/base-$pkgver.git
# cache_lock: one run at a time makes what the cache holds (fd 9)
cache_lock() { mkdir -p "$CACHE" && exec 9> "$CACHE/.lock" && flock 9; }
if [ "$(git --git-dir="$base_git" log -1 --format=%s base 2>/dev/null)" != "$subject" ]; then
	cache_lock
	if [ "$(git --git-dir="$base_git" log -1 --format=%s base 2>/dev/null)" != "$subject" ]; then
		step "making a git repository of the pristine base in ${base_git%/*} (once)"
		rm -rf "$base_git" "$base_git.new"
		git init -q --bare -b base "$base_git.new"
		git --git-dir="$base_git.new" config gc.auto 0
		GIT_DIR=$base_git.new GIT_WORK_TREE=$BASE git add -f -A
		GIT_DIR=$base_git.new GIT_WORK_TREE=$BASE git \
			-c user.name=base -c user.email=base@invalid commit -q -m "$subject"
		mv -T "$base_git.new" "$base_git"
	fi
	exec 9>&-
fi
if [ "$(git -C "$repo" log -1 --format=%s base 2>/dev/null)" != "$subject" ] ||
   ! git -C "$repo" cat-file -e "$(git --git-dir="$base_git" rev-parse base)" 2>/dev/null; then
	rm -rf "$repo"
	mkdir -p "$(dirname "$repo")"
	git clone -q --shared -b base "$base_git" "$repo"
fi
# The base's 90,000 objects are loose: without this, git am would start a
# detached "git gc --auto" that outlives this script.
git -C "$repo" config gc.auto 0

step "exporting the series against Linux $(base_version) (Debian $pkgver)"
git -C "$repo" checkout -q -f -B series base
git -C "$repo" clean -q -ffdx
export GIT_COMMITTER_NAME="ftrace-series" GIT_COMMITTER_EMAIL="series@invalid"
export GIT_COMMITTER_DATE="2026-01-01T00:00:00Z"
while read -r patch; do
	case "$patch" in ''|'#'*) continue ;; esac
	if ! git -C "$repo" am -q --keep-cr "$ROOT/patches/$patch" 2>"$OUT/series/am.log"; then
		cat "$OUT/series/am.log" >&2
		git -C "$repo" am --abort || true
		die "patches/$patch does not apply"
	fi
	for f in "${!owner[@]}"; do
		[ "${owner[$f]}" = "$patch" ] || continue
		mkdir -p "$repo/$(dirname "$f")"
		cp "$ROOT/$f" "$repo/$f"
		git -C "$repo" add -f "$f"
	done
	git -C "$repo" commit -q --amend --no-edit --allow-empty
done < "$ROOT/patches/series"

rm -rf "$outdir"
git -C "$repo" format-patch -q --no-signature --zero-commit -o "$outdir" base..series
ls "$outdir"
step "series: $(ls "$outdir" | wc -l) patches in ${outdir#$ROOT/}; apply with: git am ${outdir#$ROOT/}/*.patch"
