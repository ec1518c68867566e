# SPDX-License-Identifier: GPL-2.0
# Sourced by the ktrace-sweep-*.tc cases: offer ktrace every text symbol of
# the kernel that has no fentry site, one name at a time, then trace the
# accepted ones in batches under the function and the function_graph
# tracer while a workload runs.  The caller sets the kprobe optimizer.
# Prints the counts: accepted, and refused by errno.

MOD=test_ktrace
BATCH=200

: "Candidates: core kernel text symbols without an fentry site"
awk '$2 ~ /^[tT]$/ && NF == 3 { print $3 }' /proc/kallsyms | sort -u > $TMPDIR/text
sed 's/[[:space:]].*//' available_filter_functions | sort -u > $TMPDIR/fentry
awk 'NR == FNR { f[$1] = 1; next } !($1 in f)' $TMPDIR/fentry $TMPDIR/text > $TMPDIR/cand
test -s $TMPDIR/cand

workload() {
	# fork and exec, file reads, page faults, a signal, a module load
	for i in 1 2 3; do
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

trace_batch() {
	for tracer in function function_graph; do
		echo $tracer > current_tracer
		echo 1 > tracing_on
		workload
		echo 0 > tracing_on
		# The kernel is up and the trace reads back
		cat trace > /dev/null
		echo nop > current_tracer
		echo > trace
	done
	echo > ktrace
	batches=$((batches + 1))
}

accepted=0 eperm=0 eexist=0 enoent=0 einval=0 kprobes=0 other=0
inbatch=0 batches=0 n=0
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
