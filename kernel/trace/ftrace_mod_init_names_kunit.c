// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests of the trace clock marks that name module init functions in
 * trace output (ftrace_mod_init_names.c): only the clocks that a buffer
 * uses are marked, and waiting until the clocks are past a mark takes no
 * sleep unless a buffer uses "uptime", whose ticks are 10 ms.
 */
#include <kunit/test.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/trace.h>
#include <linux/trace_clock.h>

#include "trace.h"

#define INSTANCE "ftrace_mod_init_names_kunit"

/* An instance of its own, on @clock; none of the others uses "uptime" */
static struct trace_array *instance_on(struct kunit *test, const char *clock)
{
	struct trace_array *tr;

	tr = trace_array_get_by_name(INSTANCE, NULL);
	KUNIT_ASSERT_NOT_NULL(test, tr);
	KUNIT_ASSERT_EQ(test, tracing_set_clock(tr, clock), 0);
	return tr;
}

static void instance_drop(struct trace_array *tr)
{
	trace_array_put(tr);
	trace_array_destroy(tr);
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

	instance_drop(tr);
}

/* The clocks a buffer uses by default: past a mark at once, no sleep */
static void wait_past_takes_no_sleep(struct kunit *test)
{
	u64 *stamps = stamps_alloc(test);
	unsigned long switches;

	trace_clocks_mark(stamps);
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
	instance_drop(tr);
}

static struct kunit_case ftrace_mod_init_names_cases[] = {
	KUNIT_CASE(marks_clocks_in_use),
	KUNIT_CASE(wait_past_takes_no_sleep),
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
