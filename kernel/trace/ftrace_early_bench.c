// SPDX-License-Identifier: GPL-2.0
/*
 * The very early function tracer's benchmark
 * (CONFIG_VERY_EARLY_FUNCTION_TRACER_BENCHMARK): the cost of a call of a
 * traced function with the option built in but off, and with each call
 * recorded, measured before ftrace_init() and reported when the entries go
 * to the trace buffer.
 *
 * Unlike the rest of kernel/trace, this file is built with the ftrace
 * flags, so that ftrace_early_bench_target() has a call site of its own
 * (on x86 it calls __fentry__ until ftrace_init()); the benchmark's own
 * functions are notrace.  After boot, writing N to the parameter
 * ftrace_early_bench.run calls the target N times and ftrace_early_bench.last_ns
 * then holds how long that took: the same calls under the function tracer,
 * for `make bench` to compare.
 */

#define pr_fmt(fmt) "ftrace: very early: " fmt

#include <linux/compiler.h>
#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/kstrtox.h>
#include <linux/minmax.h>
#include <linux/moduleparam.h>
#include <linux/printk.h>
#include <linux/sched.h>
#include <linux/timekeeping.h>

#include <asm/ftrace_early.h>

#include "ftrace_early_internal.h"

#define FTRACE_EARLY_BENCH_CALLS	100000

static struct {
	unsigned int calls;
	u64 off, recorded;		/* counter ticks for all calls */
	bool traced;			/* the target passed the filters */
} ftrace_early_bench_result __initdata;

/**
 * ftrace_early_bench_target - a traced function that does next to nothing
 * @x: a number
 *
 * Return: @x + 1.
 */
static noinline int ftrace_early_bench_target(int x)
{
	barrier();
	return x + 1;
}

/**
 * ftrace_early_bench - time calls of a traced function, very early
 *
 * Times calls of ftrace_early_bench_target() with each call recorded, then
 * (the entries forgotten) with __fentry__ returning at once, its test taken
 * out as when the tracer is not asked for, while the call sites still call
 * __fentry__.
 */
void __init notrace ftrace_early_bench(void)
{
	int (*fn)(int) = ftrace_early_bench_target;
	struct ftrace_early_bench_mark mark;
	unsigned int i, n;
	u64 t0, t1, t2;

	/* Called through a pointer the compiler cannot see through. */
	OPTIMIZER_HIDE_VAR(fn);

	n = min(ftrace_early_bench_room(), FTRACE_EARLY_BENCH_CALLS);
	if (!n)
		return;
	ftrace_early_bench_mark(&mark);
	ftrace_early_active = 1;
	t0 = arch_ftrace_early_counter();
	for (i = 0; i < n; i++)
		fn(i);
	t1 = arch_ftrace_early_counter();
	ftrace_early_active = 0;
	ftrace_early_bench_result.traced = ftrace_early_bench_forget(&mark) == n;
	/* Off as a kernel that does not trace early is: without the test. */
	ftrace_early_unhook();
	t2 = arch_ftrace_early_counter();
	for (i = 0; i < n; i++)
		fn(i);
	ftrace_early_bench_result.off = arch_ftrace_early_counter() - t2;
	ftrace_early_bench_result.calls = n;
	ftrace_early_bench_result.recorded = t1 - t0;
}

/**
 * ftrace_early_bench_report - print the benchmark's figures
 * @khz: the counter's frequency; nothing is printed if it is 0
 */
void __init notrace ftrace_early_bench_report(u32 khz)
{
	struct { u64 off, recorded; } ns;
	unsigned int n = ftrace_early_bench_result.calls;

	if (!n || !khz)
		return;
	ns.off = ftrace_early_ticks_to_ns(ftrace_early_bench_result.off, khz);
	ns.recorded = ftrace_early_ticks_to_ns(ftrace_early_bench_result.recorded,
					       khz);
	pr_info("benchmark: %u calls of a %s function: %llu ns per call recorded, %llu ns per call with the tracer off\n",
		n, ftrace_early_bench_result.traced ? "traced" : "filtered out",
		div_u64(ns.recorded, n), div_u64(ns.off, n));
}

static u64 ftrace_early_bench_last_ns;

/* ftrace_early_bench.run=N: N calls of the target, timed into last_ns */
static int notrace ftrace_early_bench_run(const char *val,
					  const struct kernel_param *kp)
{
	int (*fn)(int) = ftrace_early_bench_target;
	unsigned int i, n;
	u64 t0;
	int ret;

	/* Not from the command line: before timekeeping and while recording */
	if (system_state < SYSTEM_RUNNING)
		return -EBUSY;
	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	if (!n || n > 1000000)
		return -EINVAL;
	OPTIMIZER_HIDE_VAR(fn);
	t0 = ktime_get_ns();
	for (i = 0; i < n; i++) {
		fn(i);
		if (!(i & 0xffff))
			cond_resched();
	}
	ftrace_early_bench_last_ns = ktime_get_ns() - t0;
	return 0;
}

static const struct kernel_param_ops ftrace_early_bench_run_ops = {
	.set = ftrace_early_bench_run,
};

module_param_cb(run, &ftrace_early_bench_run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "Call the benchmark's target this many times (at most 1,000,000)");
module_param_named(last_ns, ftrace_early_bench_last_ns, ullong, 0444);
MODULE_PARM_DESC(last_ns, "How long the last run took, in ns");
