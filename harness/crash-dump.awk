# SPDX-License-Identifier: GPL-2.0
#
# awk -v mode=function|graph -v last=FUNCTION -v gaps=N[-M] -v folds=yes|no -v before=WORD -f crash-dump.awk LOG
#
# Check the very early trace that a crashed boot printed on its console
# (kernel/trace/ftrace_early.c, ftrace_early_dump()): one dump, between
# its two rules, closed by its summary; every line in the tracer's format,
# times in order; the calls counted as the summary says; the last call,
# FUNCTION; in the graph, the calls nested and those still open as the
# summary says, the innermost FUNCTION; N (to M) lines about calls not recorded,
# their calls, of the early area and of the buffer, as the summary says;
# lines of folded calls or none, their calls as many as the summary says;
# a line with WORD ("_" for a blank) of the kernel's own report before
# the dump; no warning, lockdep or sanitizer report.  Prints "ok" or what
# is wrong, one line.

function bad(why) {
	if (!problem)
		problem = why " (console line " NR ")"
}

BEGIN {
	gsub(/_/, " ", before)
}

{
	sub(/\r$/, "")
	line = $0
	sub(/^\[ *[0-9]+\.[0-9]+\] /, "", line)
}

# A splat of its own, besides the crash: the dump must not cause one
line ~ /WARNING:|BUG: KASAN|BUG: sleeping function|UBSAN:|possible recursive locking|INFO: trying to register non-static key|BUG: spinlock|inconsistent lock state/ {
	bad("a splat besides the crash: " line)
}

state == 0 && index(line, before) {
	seen_before = 1
}

line ~ /^Dumping the very early function trace/ {
	dumps++
	if (state == 0)
		state = 1
	next
}

state == 1 && line ~ /^-{33}$/ {
	state = 2
	next
}

state == 2 && line ~ /^-{33}$/ {
	state = 3
	next
}

state == 2 && line ~ /very early function (graph )?tracer: [0-9]+ calls not recorded here/ {
	n = line
	sub(/^very early function (graph )?tracer: /, "", n)
	sub(/ calls.*/, "", n)
	if (line ~ /\(the early area was full\)$/)
		lost_area += n
	else
		lost_buffer += n
	ngaps++
	next
}

state == 2 && line ~ /^very early function tracer: [0-9]+ calls folded here \(each repeats one of the calls above\)$/ {
	n = line
	sub(/^very early function tracer: /, "", n)
	sub(/ calls.*/, "", n)
	nfolds++
	folded += n
	next
}

state == 2 && mode == "function" {
	if (!match(line, /^ *<idle>-0 +\[[0-9]+\] d\.\.\.\. +[0-9]+\.[0-9]+: /)) {
		bad("not a function tracer line: " line)
		next
	}
	t = substr(line, 1, RLENGTH)
	f = substr(line, RLENGTH + 1)
	sub(/.*\] d\.\.\.\. +/, "", t)
	sub(/: $/, "", t)
	if (t + 0 < prev + 0)
		bad("time goes back: " line)
	prev = t
	sub(/ <-.*/, "", f)
	calls++
	lastf = f
	next
}

state == 2 && mode == "graph" {
	if (!match(line, /^ *[0-9]+\.[0-9]+ \| +[0-9]+\) .{15} \|  /)) {
		bad("not a function graph line: " line)
		next
	}
	t = substr(line, 1, index(line, "|") - 1)
	if (t + 0 < prev + 0)
		bad("time goes back: " line)
	prev = t
	f = substr(line, RLENGTH + 1)
	indent = match(f, /[^ ]/) - 1
	f = substr(f, indent + 1)
	if (f ~ /\(\) \{$/) {
		if (indent != 2 * depth)
			bad("call at the wrong depth: " line)
		sub(/\(\) \{$/, "", f)
		stack[depth++] = f
		calls++
	} else if (f ~ /\(\);$/) {
		if (indent != 2 * depth)
			bad("leaf at the wrong depth: " line)
		calls++
	} else if (f ~ /^\} \/\* .* \*\/$/) {
		sub(/^\} \/\* /, "", f)
		sub(/ \*\/$/, "", f)
		if (!depth || stack[depth - 1] != f || indent != 2 * (depth - 1))
			bad("return without its call: " line)
		else
			depth--
	} else {
		bad("not a function graph line: " line)
	}
	next
}

state == 3 && line ~ /^end of the very early function/ {
	state = 4
	summary = line
}

END {
	if (!dumps)
		bad("no dump of the very early trace")
	else if (dumps > 1)
		bad(dumps " dumps")
	else if (state != 4)
		bad("the dump does not end with its summary")
	if (!seen_before)
		bad("no \"" before "\" before the dump")
	n = summary
	sub(/.*: /, "", n)
	sub(/ calls recorded.*/, "", n)
	if (mode == "function") {
		if (calls != n + 0)
			bad(calls " calls in the dump, the summary says: " summary)
		if (lastf != last)
			bad("the last call is " lastf ", not " last)
		f = summary
		sub(/.* calls recorded, /, "", f)
		sub(/ folded,.*/, "", f)
		if (folded != f + 0)
			bad(folded " calls on fold lines in the dump, the summary says: " summary)
		a = summary
		sub(/.* folded, /, "", a)
		b = a
		sub(/ not recorded \(early area full\).*/, "", a)
		sub(/.*\(early area full\), /, "", b)
		sub(/ not recorded \(buffer full\)$/, "", b)
		if (lost_area != a + 0 || lost_buffer != b + 0)
			bad(lost_area " and " lost_buffer " calls on the lines about calls not recorded (early area, buffer), the summary says: " summary)
	} else {
		open = summary
		sub(/ still open$/, "", open)
		sub(/.* /, "", open)
		if (calls != n + 0)
			bad(calls " calls in the dump, the summary says: " summary)
		if (depth != open + 0)
			bad(depth " calls open in the dump, the summary says: " summary)
		if (!depth || stack[depth - 1] != last)
			bad("the innermost open call is " stack[depth - 1] ", not " last)
	}
	if (gaps != "") {
		lo = gaps + 0
		hi = gaps
		sub(/^[0-9]+-?/, "", hi)
		hi = hi == "" ? lo : hi + 0
		if (ngaps < lo || ngaps > hi)
			bad(ngaps " lines about calls not recorded, not " gaps)
	}
	if (folds == "yes" && !nfolds)
		bad("no line of folded calls")
	if (folds == "no" && nfolds)
		bad(nfolds " lines of folded calls")
	print problem ? problem : "ok"
}
