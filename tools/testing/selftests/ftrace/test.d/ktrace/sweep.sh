# SPDX-License-Identifier: GPL-2.0
# Sourced by the ktrace-sweep-*.tc cases: offer ktrace every text symbol of
# the kernel that has no fentry site, one name at a time, then trace the
# accepted ones in batches under the function and the function_graph
# tracer while a workload runs and the second CPU goes offline and comes
# back.  Under function_graph every task's calls must nest: each closing
# brace closes the call its task opened last.  The caller sets the kprobe
# optimizer.  Prints the counts: accepted, refused by errno and by reason,
# and each batch's graph.

MOD=test_ktrace
# Near ktrace's limit (256): fewer batches, each a workload under both tracers
BATCH=250
CPU1=/sys/devices/system/cpu/cpu1/online
# Per CPU: a batch's whole graph, with the workload's module load
GRAPH_BUFFER_KB=${GRAPH_BUFFER_KB:-24576}

# Not unsupported: the harness boots two CPUs for it, and a sweep that
# skips CPU bring-up would pass what takes machines down.
if [ ! -w $CPU1 ]; then
	echo "No second CPU that can go offline: the sweep runs in an SMP guest"
	exit_fail
fi

: "Candidates: core kernel text symbols without an fentry site"
awk '$2 ~ /^[tT]$/ && NF == 3 { print $3 }' /proc/kallsyms | sort -u > $TMPDIR/text
sed 's/[[:space:]].*//' available_filter_functions | sort -u > $TMPDIR/fentry
awk 'NR == FNR { f[$1] = 1; next } !($1 in f)' $TMPDIR/fentry $TMPDIR/text > $TMPDIR/cand
test -s $TMPDIR/cand

workload() {
	# A CPU's bring-up runs code that must not be probed
	echo 0 > $CPU1
	echo 1 > $CPU1
	test "$(cat $CPU1)" = 1
	# fork and exec, file reads, page faults, a signal, a module load
	for i in 1 2; do
		sh -c 'true'
		cat /proc/self/maps /proc/interrupts > /dev/null
		dd if=/dev/zero of=/tmp/ktrace-sweep bs=4k count=16 2> /dev/null
		cat /tmp/ktrace-sweep > /dev/null
		sleep 5 &
		kill $! 2> /dev/null
		wait $! 2> /dev/null || true
	done
	rm -f /tmp/ktrace-sweep
	if modprobe $MOD; then
		echo 1 > /sys/module/$MOD/parameters/run
		rmmod $MOD
	fi
}

# graph_nesting_awk FILE: check that every task's calls nest in a
# function_graph trace made with funcgraph-proc and funcgraph-tail (every
# closing brace names its function).  A closing brace with nothing open is
# a call that began before tracing did; one that closes another function
# than the last one its task opened is a broken graph.  Prints "opened
# closed early broken ktrace" (ktrace: calls of functions in ktrace) and
# the first broken lines.
graph_nesting_awk() {
	awk -F'|' '
		NR == FNR { ktrace[$1] = 1; next }
		NF < 3 { next }
		{
			split($1, c, ")"); cpu = c[1] + 0
			task = c[2]; gsub(/ /, "", task)
			pid = task; sub(/.*-/, "", pid)
			# The idle tasks are all pid 0, one per CPU
			key = pid == 0 ? "idle/" cpu : pid
			f = $NF; sub(/^ +/, "", f); sub(/ +$/, "", f)
		}
		f ~ /\) \{$/ || f ~ /\);$/ {
			name = f; sub(/\(\).*/, "", name); sub(/ \[.*/, "", name)
			if (name in ktrace) nkt++
		}
		f ~ /\) \{$/ { st[key, ++depth[key]] = name; opened++; next }
		f ~ /^\} \/\* .* \*\/$/ {
			name = f; sub(/^\} \/\* /, "", name); sub(/ \*\/$/, "", name)
			sub(/ \[.*/, "", name)
			if (!depth[key]) { early++; next }
			if (st[key, depth[key]] == name) { depth[key]--; closed++; next }
			if (broken++ < 5)
				line[broken] = "task " key ": " name " closes inside"
			if (broken <= 5)
				line[broken] = line[broken] " " st[key, depth[key]]
			# Resynchronize: drop what the closing brace skips over
			while (depth[key] && st[key, depth[key]] != name) depth[key]--
			if (depth[key]) depth[key]--
		}
		END {
			print opened + 0, closed + 0, early + 0, broken + 0, nkt + 0
			for (i = 1; i <= broken && i <= 5; i++) print line[i]
		}
	' $TMPDIR/batch-names "$1"
}

# graph_nesting FILE: the same check.  Where the environment names a
# compiled program that makes it (KTRACE_GRAPH_NESTING=PROGRAM, arguments
# NAMES FILE, as the harness's guest has it: awk takes most of a sweep's
# time on an emulated machine), by that program, checked against the awk
# program on the first batch.
graph_nesting() {
	cut -f1 ktrace > $TMPDIR/batch-names
	if [ ! -x "${KTRACE_GRAPH_NESTING:-}" ]; then
		graph_nesting_awk "$1"
		return
	fi
	"$KTRACE_GRAPH_NESTING" $TMPDIR/batch-names "$1" > $TMPDIR/nesting-compiled
	if [ "$batch" = 1 ]; then
		graph_nesting_awk "$1" > $TMPDIR/nesting-awk
		if ! cmp -s $TMPDIR/nesting-awk $TMPDIR/nesting-compiled; then
			echo "ktrace sweep: $KTRACE_GRAPH_NESTING and the awk check disagree:" >&2
			diff $TMPDIR/nesting-awk $TMPDIR/nesting-compiled >&2 || true
			exit_fail
		fi
	fi
	cat $TMPDIR/nesting-compiled
}

trace_batch() {
	# Where a guest that dies stopped, on the console
	batch=$((batches + 1))
	first=$(cut -f1 ktrace | head -n 1)
	last=$(cut -f1 ktrace | tail -n 1)
	echo "ktrace sweep: batch $batch: $first .. $last" > /dev/kmsg
	for tracer in function function_graph; do
		echo $tracer > current_tracer
		echo 1 > tracing_on
		workload
		echo 0 > tracing_on
		# The kernel is up and the trace reads back
		cat trace > $TMPDIR/trace
		if [ $tracer = function_graph ]; then
			# The check needs every event: no buffer overwritten or full
			if awk '/^(overrun|commit overrun|dropped events):/ && $NF != 0 { lost = 1 }
				END { exit !lost }' per_cpu/cpu*/stats; then
				grep -H 'overrun\|dropped' per_cpu/cpu*/stats
				echo "ktrace sweep: batch $batch: the trace buffer lost events"
				exit_fail
			fi
			graph_nesting $TMPDIR/trace > $TMPDIR/nesting
			read -r opened closed early broken nkt < $TMPDIR/nesting
			msg="ktrace sweep: batch $batch ($inbatch functions) graph:"
			msg="$msg $opened calls opened, $closed closed in order,"
			msg="$msg $early closed from before tracing, $broken broken;"
			msg="$msg $nkt ktrace calls"
			echo "$msg"
			echo "$msg" > /dev/kmsg
			if [ "$broken" != 0 ]; then
				tail -n +2 $TMPDIR/nesting
				exit_fail
			fi
		fi
		echo nop > current_tracer
		echo > trace
	done
	echo > ktrace
	batches=$((batches + 1))
}

accepted=0 eperm=0 eexist=0 enoent=0 einval=0 kprobes=0 other=0
inbatch=0 batches=0 n=0
# Every closing brace names its function; each line names its task.  A
# buffer that holds a batch's whole graph, and one clock for all CPUs: a
# task that moves to another CPU mid-call stays in order.  Put back
# whatever happens.
buffer_kb=$(cat buffer_size_kb | sed 's/ .*//')
clock=$(sed 's/.*\[\(.*\)\].*/\1/' trace_clock)
restore_options() {
	echo 0 > options/funcgraph-proc
	echo 0 > options/funcgraph-tail
	echo $buffer_kb > buffer_size_kb
	echo $clock > trace_clock
	echo 1 > $CPU1
}
trap 'restore_options; echo 1 > /proc/sys/debug/kprobes-optimization' EXIT
echo 1 > options/funcgraph-proc
echo 1 > options/funcgraph-tail
echo 1 > options/funcgraph-irqs
echo global > trace_clock
echo $GRAPH_BUFFER_KB > buffer_size_kb
echo > ktrace
dmesg -c > /dev/null
: > $TMPDIR/klog
while read -r name; do
	# Keep the reasons before the kernel log wraps
	n=$((n + 1))
	[ $((n % 20)) = 0 ] && dmesg -c >> $TMPDIR/klog
	if echo "$name" >> ktrace 2> $TMPDIR/err; then
		accepted=$((accepted + 1))
		inbatch=$((inbatch + 1))
		if [ $inbatch -ge $BATCH ]; then
			trace_batch
			inbatch=0
		fi
		continue
	fi
	case "$(cat $TMPDIR/err)" in
	*"not permitted"*)	eperm=$((eperm + 1)) ;;
	*"exists"*)		eexist=$((eexist + 1)) ;;
	*"No such file"*)	enoent=$((enoent + 1)) ;;
	*"Invalid argument"*)	einval=$((einval + 1)) ;;
	# register_kprobe() refused it: an instruction it cannot decode or copy
	*"multibyte"*|*"not supported"*|*"busy"*)
				kprobes=$((kprobes + 1)) ;;
	*)			other=$((other + 1)); echo "$name:"; cat $TMPDIR/err ;;
	esac
done < $TMPDIR/cand
[ $inbatch -gt 0 ] && trace_batch
restore_options

mode=$(sed 's/1/optimized/; s/0/int3/' /proc/sys/debug/kprobes-optimization)
summary="ktrace sweep ($mode probes):"
summary="$summary $(wc -l < $TMPDIR/cand) candidates, $accepted accepted in $batches batches;"
summary="$summary refused: $eperm EPERM (unsafe), $eexist EEXIST (fentry site),"
summary="$summary $enoent ENOENT, $einval EINVAL (not a function start),"
summary="$summary $kprobes by kprobes, $other other"
echo "$summary"
# Also for the console, where the harness prints it
echo "$summary" > /dev/kmsg
echo "Refused, by reason:"
dmesg -c >> $TMPDIR/klog
sed -n 's/.*ktrace: [^ ]*: //p' $TMPDIR/klog |
	sed 's/cannot probe it (.*)/kprobes cannot probe it/' | sort | uniq -c | sort -rn |
	tee $TMPDIR/reasons
while read -r line; do
	echo "ktrace sweep:   $line" > /dev/kmsg
done < $TMPDIR/reasons
test $accepted -gt 0
test $other -eq 0
