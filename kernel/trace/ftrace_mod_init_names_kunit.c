// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the trace clock marks that name module init functions in
 * trace output (ftrace_mod_init_names.c): only the clocks that a buffer
 * uses are marked, and waiting until the clocks are past a mark does not
 * sleep for "uptime", whose ticks are 10 ms, unless a buffer uses it.
 */
#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/trace_clock.h>

#include "trace.h"

#define INSTANCE "ftrace_mod_init_names_kunit"

static void instance_drop(void *tr)
{
	trace_array_put(tr);
	trace_array_destroy(tr);
}

/*
 * An instance of its own, on @clock, dropped when the test ends; none of
 * the others uses "uptime"
 */
static struct trace_array *instance_on(struct kunit *test, const char *clock)
{
	struct trace_array *tr;

	tr = trace_array_get_by_name(INSTANCE, NULL);
	KUNIT_ASSERT_NOT_NULL(test, tr);
	KUNIT_ASSERT_EQ(test, kunit_add_action_or_reset(test, instance_drop, tr), 0);
	KUNIT_ASSERT_EQ(test, tracing_set_clock(tr, clock), 0);
	return tr;
}

static u64 *stamps_alloc(struct kunit *test)
{
	u64 *stamps;

	stamps = kunit_kcalloc(test, trace_clock_count(), sizeof(*stamps),
			       GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, stamps);
	return stamps;
}

/* A clock is marked while a buffer uses it, and 0 once none does */
static void marks_clocks_in_use(struct kunit *test)
{
	u64 *stamps = stamps_alloc(test);
	struct trace_array *tr;
	int uptime;
	int local;

	tr = instance_on(test, "uptime");
	uptime = tr->clock_id;
	trace_clocks_mark(stamps);
	KUNIT_EXPECT_NE(test, stamps[uptime], 0);
	KUNIT_EXPECT_LE(test, stamps[uptime], trace_clock_jiffies());

	KUNIT_ASSERT_EQ(test, tracing_set_clock(tr, "local"), 0);
	local = tr->clock_id;
	trace_clocks_mark(stamps);
	KUNIT_EXPECT_EQ(test, stamps[uptime], 0);
	KUNIT_EXPECT_NE(test, stamps[local], 0);
}

/*
 * No buffer on "uptime": waiting past a mark does not sleep for it.  The
 * marks of the clocks in use are left out (0): a clock may read the same
 * twice ("global", sched_clock() in jiffies), and is then waited for.
 */
static void wait_past_unused_uptime(struct kunit *test)
{
	u64 *stamps = stamps_alloc(test);
	struct trace_array *tr;
	unsigned long switches;
	int uptime;
	int i;

	tr = instance_on(test, "uptime");
	uptime = tr->clock_id;
	KUNIT_ASSERT_EQ(test, tracing_set_clock(tr, "local"), 0);

	trace_clocks_mark(stamps);
	for (i = 0; i < trace_clock_count(); i++)
		if (i != uptime)
			stamps[i] = 0;
	switches = current->nvcsw;
	trace_clocks_wait_past(stamps);
	KUNIT_EXPECT_EQ(test, current->nvcsw, switches);
}

/* With a buffer on "uptime", its clock is past the mark on return */
static void wait_past_uptime_in_use(struct kunit *test)
{
	u64 *stamps = stamps_alloc(test);
	struct trace_array *tr;

	tr = instance_on(test, "uptime");
	trace_clocks_mark(stamps);
	trace_clocks_wait_past(stamps);
	KUNIT_EXPECT_GT(test, trace_clock_jiffies(), stamps[tr->clock_id]);
}

static struct kunit_case ftrace_mod_init_names_cases[] = {
	KUNIT_CASE(marks_clocks_in_use),
	KUNIT_CASE(wait_past_unused_uptime),
	KUNIT_CASE(wait_past_uptime_in_use),
	{}
};

static struct kunit_suite ftrace_mod_init_names_suite = {
	.name = "ftrace_mod_init_names",
	.test_cases = ftrace_mod_init_names_cases,
};

kunit_test_suite(ftrace_mod_init_names_suite);

MODULE_DESCRIPTION("KUnit tests of the trace clock marks of module init names");
MODULE_LICENSE("GPL");
