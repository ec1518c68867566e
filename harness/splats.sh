#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
# splats.sh LOG: print the kernel splats (BUG, WARNING, KASAN, lockdep,
# kmemleak, ...) found in a console log; exit 1 if there are any.
set -euo pipefail
pattern='------------\[ cut here \]------------|WARNING: CPU: |BUG: |Oops: |Kernel panic|'
pattern+='general protection fault|KASAN: |UBSAN: |kmemleak: suspected memory leaks|'
pattern+='unreferenced object 0x|possible recursive locking|possible circular locking|'
pattern+='inconsistent lock state|suspicious RCU usage|INFO: task .* blocked|'
pattern+='rcu_.* detected stalls|soft lockup|hard LOCKUP|list_(add|del) corruption|'
pattern+='Call Trace:'
rc=0
grep -E -n -e "$pattern" "$1" || rc=$?
case $rc in
0) exit 1 ;;		# splats found and printed
1) exit 0 ;;		# none
*) exit 2 ;;		# grep failed
esac
