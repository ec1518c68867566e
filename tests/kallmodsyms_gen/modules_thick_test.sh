#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# modules_thick.awk on a tree of hand-made .cmd files: a one-file module, a
# module of two objects, an object linked into two modules, a Rust module
# (RUST_MODFILE), a core object and a loadable module's object.
# Usage: modules_thick_test.sh PATH/TO/modules_thick.awk
set -eu
awk_script=$1
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
mkdir -p drivers/a drivers/net kernel drivers/rust
cmd() { # OBJECT COMMAND-LINE
	printf 'savedcmd_%s := %s\n' "$1" "$2" > "$(dirname "$1")/.$(basename "$1").cmd"
}
cmd drivers/a/one.o "gcc -DKBUILD_MODFILE='\"drivers/a/one\"' -c -o drivers/a/one.o drivers/a/one.c"
cmd drivers/a/two_main.o "gcc -DKBUILD_MODFILE='\"drivers/a/two\"' -c -o drivers/a/two_main.o x.c"
cmd drivers/a/two_lib.o "gcc -DKBUILD_MODFILE='\"drivers/a/two\"' -c -o drivers/a/two_lib.o y.c"
cmd drivers/net/shared.o "gcc -DKBUILD_MODFILE='\"drivers/net/alpha drivers/net/beta\"' -c -o drivers/net/shared.o z.c"
cmd drivers/net/alpha_main.o "gcc -DKBUILD_MODFILE='\"drivers/net/alpha\"' -c -o drivers/net/alpha_main.o a.c"
cmd drivers/net/beta_main.o "gcc -DKBUILD_MODFILE='\"drivers/net/beta\"' -c -o drivers/net/beta_main.o b.c"
cmd drivers/rust/phy_rust.o "RUST_MODFILE=drivers/rust/phy_rust rustc --edition=2021 --emit=obj=drivers/rust/phy_rust.o drivers/rust/phy_rust.rs"
cmd kernel/fork.o "gcc -DKBUILD_MODFILE='\"kernel/fork\"' -c -o kernel/fork.o kernel/fork.c"
cmd drivers/a/loadable.o "gcc -DKBUILD_MODFILE='\"drivers/a/loadable\"' -c -o drivers/a/loadable.o l.c"
cat > modules.builtin <<'LIST'
kernel/drivers/a/one.ko
kernel/drivers/a/two.ko
kernel/drivers/net/alpha.ko
kernel/drivers/net/beta.ko
kernel/drivers/rust/phy_rust.ko
LIST
printf '%s\n' drivers/a/one.o drivers/a/two_main.o drivers/a/two_lib.o \
	drivers/net/shared.o drivers/net/alpha_main.o drivers/net/beta_main.o \
	drivers/rust/phy_rust.o kernel/fork.o > objects
awk -f "$awk_script" modules.builtin objects > got
cat > want <<'WANT'
drivers/a/one.o:
drivers/a/two.o: drivers/a/two_main.o drivers/a/two_lib.o
drivers/net/alpha.o: drivers/net/shared.o drivers/net/alpha_main.o
drivers/net/beta.o: drivers/net/shared.o drivers/net/beta_main.o
drivers/rust/phy_rust.o:
WANT
if ! cmp -s want got; then
	echo "modules_thick.awk: expected:"; cat want
	echo "got:"; cat got
	exit 1
fi
echo "modules_thick.awk: ok"
