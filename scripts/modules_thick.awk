#!/usr/bin/awk -f
# SPDX-License-Identifier: GPL-2.0
#
# Write modules_thick.builtin: for each built-in module, the objects linked
# into it, from what kbuild already recorded for each object of vmlinux:
#
#   awk -f modules_thick.awk modules.builtin OBJECT-LIST
#
# OBJECT-LIST names the objects of vmlinux.a, one per line (`ar t vmlinux.a`).
# Each object's .cmd file holds the KBUILD_MODFILE it was compiled with (a
# Rust object's, the RUST_MODFILE):
# the module(s) it belongs to, space-separated when it is linked into
# several.  Objects whose KBUILD_MODFILE is not a built-in module (core
# kernel objects get their own name) belong to no module.  Output lines:
#
#   MODULE.o: MEMBER.o ...      (no members: MODULE.o is the only object)
#
# sorted by module, members in link order.

FNR == NR {
	# modules.builtin: kernel/drivers/foo/bar.ko
	mod = $0
	sub(/^kernel\//, "", mod)
	sub(/\.ko$/, "", mod)
	builtin[mod] = 1
	next
}

{
	obj = $0
	if (obj !~ /\.o$/)
		next
	cmd = obj
	sub(/[^/]*$/, "." substr(obj, match(obj, /[^/]*$/)) ".cmd", cmd)
	modfile = ""
	while ((getline line < cmd) > 0) {
		if (match(line, /-DKBUILD_MODFILE=['"]+[^'"]+/)) {
			modfile = substr(line, RSTART + 17, RLENGTH - 17)
			gsub(/['"]/, "", modfile)
			break
		}
		# Rust objects: rustc runs with RUST_MODFILE=MODULE in its
		# environment (scripts/Makefile.build)
		if (match(line, /RUST_MODFILE=[^ ]+/)) {
			modfile = substr(line, RSTART + 13, RLENGTH - 13)
			gsub(/['"]/, "", modfile)
			break
		}
	}
	close(cmd)
	n = split(modfile, mods, " ")
	for (i = 1; i <= n; i++) {
		if (!(mods[i] in builtin))
			continue
		key = mods[i] ".o"
		if (obj == key)
			continue
		members[key] = members[key] " " obj
		seen[key] = 1
	}
	if (n == 1 && (modfile in builtin) && obj == modfile ".o")
		seen[modfile ".o"] = 1
}

END {
	count = 0
	for (m in seen)
		names[++count] = m
	# insertion sort: portable and small (hundreds of modules)
	for (i = 2; i <= count; i++) {
		v = names[i]
		for (j = i - 1; j > 0 && names[j] > v; j--)
			names[j + 1] = names[j]
		names[j + 1] = v
	}
	for (i = 1; i <= count; i++)
		print names[i] ":" members[names[i]]
}
