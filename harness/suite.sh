#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0
#
# suite.sh FLAVOR RESULTS: run upstream 6.12's whole ftracetest suite on a
# built kernel (one boot, harness=suite) and compare every case's result
# with harness/upstream-suite.expect: a case that is not listed there must
# pass, a listed one must give its listed result.  Appends one line a case
# to RESULTS ("PASS|FAIL suite CASE", with what was wrong) and prints the
# counts.  Run on the kernel without the series (flavor "upstream"), it
# shows that the list is what the base gives: the series changes nothing.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

flavor=${1:?usage: suite.sh FLAVOR RESULTS}
results=${2:?usage: suite.sh FLAVOR RESULTS}
expect=$ROOT/harness/upstream-suite.expect
console=$LOGS/suite-$flavor.console.log
list=$OUT/guest/$flavor/root/ftrace/upstream.list
[ -s "$list" ] || die "no $list: pack the $flavor initramfs first"

step "upstream's ftracetest suite on the $flavor kernel ($(wc -l < "$list") cases; console: ${console#$ROOT/})"
# No boot tracer: the cases start from a tracer as a plain boot leaves it.
# Two CPUs: func_cpumask.tc and func_hotplug.tc need them.
rc=0
BOOT_CPUS=2 BOOT_NO_FTRACE=1 BOOT_TIMEOUT=${SUITE_TIMEOUT:-2400} \
	"$ROOT/harness/boot.sh" "$flavor" suite "$console" "kunit.enable=0" > /dev/null || rc=$?
ok=1
[ "$rc" = 0 ] || { echo "suite: the $flavor guest did not boot to the end" >&2; ok=0; }
grep -aq 'harness: suite done' "$console" ||
	{ echo "suite: the $flavor guest stopped before the suite's end" >&2; ok=0; }

# Results as "RESULT CASE[ (instance)]" lines, then compared.
{ grep -a 'harness: suite: ' "$console" || true; } | sed 's/\r$//; s/.*harness: suite: //' > "$console.results"
awk -v flavor="$flavor" -v ok="$ok" '
	FILENAME == ARGV[1] {			# the expectations
		if ($0 ~ /^#/ || $0 !~ /[^ ]/)
			next
		split($0, f, / \| /)
		c = f[1]; sub(/^[A-Z]+ +/, "", c); sub(/ +$/, "", c)
		want[c] = $1
		next
	}
	FILENAME == ARGV[2] {			# the cases the guest had
		cases[$0] = 1
		next
	}
	{					# what the guest gave
		r = $1; c = $0; sub(/^[A-Z]+ /, "", c); sub(/ \(ftracetest exit.*$/, "", c)
		got[c] = r; n[r]++
		w = (c in want) ? want[c] : "PASS"
		if (r == w)
			printf "PASS suite %s%s\n", c, r == "PASS" ? "" : " (" r ", as listed)"
		else
			printf "FAIL suite %s (%s, expected %s)\n", c, r, w
	}
	END {
		for (c in cases)
			if (!(c in got))
				printf "FAIL suite %s (no result)\n", c
		for (c in want)
			if (!(c in got) && !(c " (instance)" in got) && !(c in cases))
				printf "FAIL suite %s (listed in harness/upstream-suite.expect, not run)\n", c
		printf "suite (%s): %d passed, %d failed, %d unresolved, %d unsupported, %d other\n",
			flavor, n["PASS"], n["FAIL"], n["UNRESOLVED"], n["UNSUPPORTED"],
			n["XFAIL"] + n["UNTESTED"] + n["UNDEFINED"] + n["NORESULT"] > "/dev/stderr"
	}
' "$expect" "$list" "$console.results" | LC_ALL=C sort -k3 > "$console.compared"
cat "$console.compared" >> "$results"
grep '^FAIL' "$console.compared" | sed 's/^/  /' >&2 || true
if splats=$("$ROOT/harness/splats.sh" "$console"); then :; else
	printf '%s\n' "$splats" | head -n 20 >&2
	echo "FAIL suite kernel splat in ${console#$ROOT/}" >> "$results"
fi
[ "$ok" = 1 ] || echo "FAIL suite the $flavor guest ran the suite to the end" >> "$results"
