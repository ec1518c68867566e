// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the fentry call sites the function tracer is built on.
 *
 * The series extends function tracing to code that has no fentry site
 * (ktrace) and to the time before ftrace_init() (very early tracing).  Both
 * rely on what these tests pin down: a traced function has exactly one
 * fentry site that ftrace knows, a notrace function has none, and an
 * ftrace_ops filtered on a site sees every call to it and nothing else.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>

static int fentry_test_calls;

/* Traced: built with the ftrace flags like the rest of kernel/trace. */
static noinline int fentry_test_traced(int x)
{
	fentry_test_calls++;
	return x + 1;
}

/* Never traced: notrace drops the fentry call. */
static noinline notrace int fentry_test_notrace(int x)
{
	return x + 2;
}

/*
 * The tests call and inspect the functions through pointers the compiler
 * cannot see through, so that calls are neither inlined nor removed.
 */
static int (*traced_fn)(int) = fentry_test_traced;
static int (*notrace_fn)(int) = fentry_test_notrace;

static void fentry_has_site(struct kunit *test)
{
	unsigned long addr = (unsigned long)traced_fn;
	unsigned long size, offset, site;

	OPTIMIZER_HIDE_VAR(addr);
	site = ftrace_location(addr);

	KUNIT_ASSERT_NE(test, site, 0UL);
	KUNIT_ASSERT_TRUE(test, kallsyms_lookup_size_offset(addr, &size, &offset));
	/* The site lies inside the function, near its start. */
	KUNIT_EXPECT_GE(test, site, addr);
	KUNIT_EXPECT_LT(test, site, addr + size);
	KUNIT_EXPECT_EQ(test, ftrace_location(site), site);
}

static void notrace_has_no_site(struct kunit *test)
{
	unsigned long addr = (unsigned long)notrace_fn;

	OPTIMIZER_HIDE_VAR(addr);
	KUNIT_EXPECT_EQ(test, ftrace_location(addr), 0UL);
}

static int ops_hits;

static void fentry_test_callback(unsigned long ip, unsigned long parent_ip,
				 struct ftrace_ops *op, struct ftrace_regs *fregs)
{
	if (ip == ftrace_location((unsigned long)fentry_test_traced))
		ops_hits++;
}

static struct ftrace_ops fentry_test_ops = {
	.func	= fentry_test_callback,
	.flags	= FTRACE_OPS_FL_RECURSION,
};

static void filtered_ops_sees_each_call(struct kunit *test)
{
	int (*traced)(int) = traced_fn;
	int (*untraced)(int) = notrace_fn;
	unsigned long site;
	int i, ret;

	OPTIMIZER_HIDE_VAR(traced);
	OPTIMIZER_HIDE_VAR(untraced);
	site = ftrace_location((unsigned long)traced);

	KUNIT_ASSERT_NE(test, site, 0UL);
	ret = ftrace_set_filter_ip(&fentry_test_ops, site, 0, 1);
	KUNIT_ASSERT_EQ(test, ret, 0);
	ret = register_ftrace_function(&fentry_test_ops);
	KUNIT_ASSERT_EQ(test, ret, 0);

	ops_hits = 0;
	fentry_test_calls = 0;
	for (i = 0; i < 10; i++) {
		traced(i);
		untraced(i);
	}
	unregister_ftrace_function(&fentry_test_ops);
	ftrace_free_filter(&fentry_test_ops);

	KUNIT_EXPECT_EQ(test, fentry_test_calls, 10);
	KUNIT_EXPECT_EQ(test, ops_hits, 10);

	/* Once unregistered, the callback sees nothing more. */
	traced(0);
	KUNIT_EXPECT_EQ(test, ops_hits, 10);
}

static struct kunit_case ftrace_fentry_cases[] = {
	KUNIT_CASE(fentry_has_site),
	KUNIT_CASE(notrace_has_no_site),
	KUNIT_CASE(filtered_ops_sees_each_call),
	{}
};

static struct kunit_suite ftrace_fentry_suite = {
	.name = "ftrace_fentry",
	.test_cases = ftrace_fentry_cases,
};

kunit_test_suite(ftrace_fentry_suite);

MODULE_DESCRIPTION("KUnit tests for ftrace's fentry call sites");
MODULE_LICENSE("GPL");
