# SPDX-License-Identifier: GPL-2.0
#
# Read a guest console log and print one line per test case:
#   PASS|FAIL <source> <name>
# Sources: KUnit's KTAP (test cases are the results one level below a suite)
# and ftracetest's KTAP, which the guest relays as "harness: ftracetest: ...".
# A skipped case is a failure here: every case make check runs must run.

function result(src, ok, rest,    name, directive) {
	name = rest
	sub(/^[0-9]+ /, "", name)
	directive = ""
	if (match(name, / # .*$/)) {
		directive = substr(name, RSTART + 3)
		name = substr(name, 1, RSTART - 1)
	}
	if (directive ~ /^(SKIP|skip)/ || directive ~ /UNRESOLVED|error/)
		ok = 0
	if (directive ~ /^XFAIL/)
		ok = 1
	printf "%s %s %s%s\n", ok ? "PASS" : "FAIL", src, suite[src] name,
		directive != "" ? " (" directive ")" : ""
}

{
	sub(/\r$/, "")
	line = $0
	sub(/^\[ *[0-9]+\.[0-9]+\] /, "", line)
}

line ~ /^harness: ftracetest: (not )?ok [0-9]+ / {
	rest = line
	sub(/^harness: ftracetest: /, "", rest)
	ok = rest !~ /^not /
	sub(/^(not )?ok /, "", rest)
	result("ftracetest", ok, rest)
	next
}

# KUnit: "    # Subtest: suite" opens a suite, "    ok N case" is a case.
line ~ /^    # Subtest: / {
	s = line
	sub(/^    # Subtest: /, "", s)
	suite["kunit"] = s "."
	next
}
line ~ /^    (not )?ok [0-9]+ / {
	rest = line
	sub(/^    /, "", rest)
	ok = rest !~ /^not /
	sub(/^(not )?ok /, "", rest)
	result("kunit", ok, rest)
	next
}
