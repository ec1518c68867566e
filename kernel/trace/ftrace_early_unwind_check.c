// SPDX-License-Identifier: GPL-2.0
/*
 * A check, at boot, that unwinding through calls the very early graph
 * tracer hooked gives the real return addresses (with
 * CONFIG_VERY_EARLY_FUNCTION_TRACER_KUNIT_TEST and ftrace=function_graph).
 * WARN(), stack dumps and lockdep unwind as stack_trace_save() does: through
 * ftrace_graph_ret_addr().  The result goes to dmesg, where the boot tests
 * read it.
 *
 * Like the benchmark, this file is built with the ftrace flags, so that its
 * two target functions have fentry sites, which call __fentry__ until
 * ftrace_init(); the check itself is notrace.
 */

#define pr_fmt(fmt) "ftrace: very early: " fmt

#include <linux/compiler.h>
#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/printk.h>
#include <linux/stacktrace.h>

#include "ftrace_early_internal.h"

#define FTRACE_EARLY_UNWIND_DEPTH	16

/* The inner function's return address as it read it: hooked or not */
static unsigned long ftrace_early_unwind_ret __initdata;

/* Whether @addr lies in the function at @fn (of @size bytes). */
static bool __init notrace ftrace_early_in(unsigned long addr, void *fn)
{
	unsigned long size, offset;

	if (!kallsyms_lookup_size_offset((unsigned long)fn, &size, &offset))
		return false;
	return addr - (unsigned long)fn < size;
}

static noinline unsigned int __init
ftrace_early_unwind_inner(unsigned long *entries, unsigned int max)
{
	unsigned int n = stack_trace_save(entries, max, 0);

	ftrace_early_unwind_ret = (unsigned long)__builtin_return_address(0);
	/* Not a tail call: the return into the outer function stays. */
	barrier();
	return n;
}

static noinline unsigned int __init
ftrace_early_unwind_outer(unsigned long *entries, unsigned int max)
{
	unsigned int n = ftrace_early_unwind_inner(entries, max);

	barrier();
	return n;
}

/**
 * ftrace_early_unwind_check - unwind through two hooked calls
 *
 * Called while the very early tracer records the function graph, just
 * before it stops.  The stack trace taken in the inner function must have
 * the return into the outer one and the return into this one, and never
 * the return hook.
 */
void __init notrace ftrace_early_unwind_check(void)
{
	unsigned int (*outer)(unsigned long *entries, unsigned int max);
	unsigned long entries[FTRACE_EARLY_UNWIND_DEPTH];
	unsigned long hook = (unsigned long)ftrace_early_return;
	bool into_outer = false, into_check = false, hooked = false;
	unsigned int i, n;

	outer = ftrace_early_unwind_outer;
	/* Called through a pointer: neither call inlined nor skipped */
	OPTIMIZER_HIDE_VAR(outer);
	ftrace_early_active = 1;
	n = outer(entries, ARRAY_SIZE(entries));
	ftrace_early_active = 0;
	for (i = 0; i < n; i++) {
		hooked |= entries[i] == hook;
		into_outer |= ftrace_early_in(entries[i], ftrace_early_unwind_outer);
		into_check |= ftrace_early_in(entries[i], ftrace_early_unwind_check);
	}
	if (ftrace_early_unwind_ret != hook)
		pr_info("function graph: the unwinding check's calls were not hooked (filtered out, or no room)\n");
	else if (!hooked && into_outer && into_check)
		pr_info("function graph: a stack trace under 2 hooked calls has their real return addresses\n");
	else
		pr_err("function graph: a stack trace under 2 hooked calls of %u entries: return hook %s, return into the caller %s, into its caller %s\n",
		       n, hooked ? "found" : "not found",
		       into_outer ? "found" : "missing",
		       into_check ? "found" : "missing");
}
