// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the very early function tracer: the filter structure
 * that answers "is this call site traced" and the conversion of early TSC
 * readings to trace clock time.  The filter is built from made-up call
 * sites and names, so the cases do not depend on the kernel's symbols.
 */
#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/slab.h>

#include "ftrace_early_internal.h"

/* Made-up call sites, sorted, with their names and modules. */
static const struct {
	unsigned long ip;
	const char *name;
	const char *mod;
} early_syms[] = {
	{ 0x1000, "memblock_add", NULL },
	{ 0x1010, "memblock_add_node", NULL },
	{ 0x1020, "memblock_free", NULL },
	{ 0x1030, "e820__range_add", NULL },
	{ 0x1040, "setup_arch", NULL },
	{ 0x1050, "alpha_probe", "alpha" },
	{ 0x1060, "alpha_remove", "alpha" },
	{ 0x1070, "shared_helper", "alpha" },
	{ 0x1080, "weak_leftover", NULL },	/* no name: a stale site */
};

#define NR_EARLY_SYMS ARRAY_SIZE(early_syms)

static unsigned long early_sites[NR_EARLY_SYMS];

static const char *early_name(unsigned long ip, char *buf)
{
	unsigned int i;

	for (i = 0; i < NR_EARLY_SYMS; i++) {
		if (early_syms[i].ip == ip && strcmp(early_syms[i].name, "weak_leftover")) {
			strscpy(buf, early_syms[i].name, KSYM_NAME_LEN);
			return buf;
		}
	}
	return NULL;
}

static bool early_in_module(unsigned long ip, struct ftrace_glob *mod_g)
{
	unsigned int i;

	for (i = 0; i < NR_EARLY_SYMS; i++)
		if (early_syms[i].ip == ip && early_syms[i].mod)
			return ftrace_match((char *)early_syms[i].mod, mod_g);
	return false;
}

static const struct ftrace_early_symbols early_symbols = {
	.name = early_name,
	.in_module = early_in_module,
};

/*
 * Build a filter from two lists (copied: parsing writes to them) and
 * return the names of the traced sites, space-separated.
 */
static char * __init early_build(struct kunit *test, const char *filter,
				 const char *notrace_list,
				 struct ftrace_early_filter *f, int *nr_bad)
{
	struct ftrace_early_glob *globs;
	char *flist, *nlist, *out;
	int nf, nn;
	unsigned int i;

	globs = kunit_kcalloc(test, 32, sizeof(*globs), GFP_KERNEL);
	flist = kunit_kstrdup(test, filter, GFP_KERNEL);
	nlist = kunit_kstrdup(test, notrace_list, GFP_KERNEL);
	out = kunit_kzalloc(test, 512, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, globs);
	KUNIT_ASSERT_NOT_NULL(test, flist);
	KUNIT_ASSERT_NOT_NULL(test, nlist);
	KUNIT_ASSERT_NOT_NULL(test, out);

	for (i = 0; i < NR_EARLY_SYMS; i++)
		early_sites[i] = early_syms[i].ip;
	memset(f, 0, sizeof(*f));
	f->sites = early_sites;
	f->nr_sites = NR_EARLY_SYMS;
	f->traced = kunit_kcalloc(test, 2 * BITS_TO_LONGS(NR_EARLY_SYMS),
				  sizeof(long), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->traced);

	*nr_bad = 0;
	nf = ftrace_early_parse_globs(flist, globs, 16, nr_bad);
	nn = ftrace_early_parse_globs(nlist, globs + nf, 16, nr_bad);
	ftrace_early_filter_build(f, globs, nf, globs + nf, nn, &early_symbols);

	for (i = 0; i < NR_EARLY_SYMS; i++) {
		if (!ftrace_early_filter_traced(f, early_syms[i].ip))
			continue;
		if (*out)
			strcat(out, " ");
		strcat(out, early_syms[i].name);
	}
	return out;
}

static void __init early_filter_globs(struct kunit *test)
{
	struct ftrace_early_filter f;
	int bad;

	KUNIT_EXPECT_STREQ(test, early_build(test, "memblock_*", "", &f, &bad),
			   "memblock_add memblock_add_node memblock_free");
	KUNIT_EXPECT_EQ(test, f.nr_filter, 3U);
	KUNIT_EXPECT_EQ(test, f.nr_notrace, 0U);
	KUNIT_EXPECT_STREQ(test, early_build(test, "*_add", "", &f, &bad),
			   "memblock_add e820__range_add");
	KUNIT_EXPECT_STREQ(test, early_build(test, "*range*", "", &f, &bad),
			   "e820__range_add");
	KUNIT_EXPECT_STREQ(test, early_build(test, "setup_arch", "", &f, &bad),
			   "setup_arch");
	KUNIT_EXPECT_STREQ(test, early_build(test, "memblock_[af]*", "", &f, &bad),
			   "memblock_add memblock_add_node memblock_free");
	KUNIT_EXPECT_STREQ(test, early_build(test, "memblock_add?node", "", &f, &bad),
			   "memblock_add_node");
	KUNIT_EXPECT_EQ(test, bad, 0);
}

static void __init early_filter_notrace(struct kunit *test)
{
	struct ftrace_early_filter f;
	int bad;

	/* notrace alone: everything else is traced. */
	KUNIT_EXPECT_STREQ(test, early_build(test, "", "memblock_*,alpha_*", &f, &bad),
			   "e820__range_add setup_arch shared_helper weak_leftover");
	KUNIT_EXPECT_EQ(test, f.nr_notrace, 5U);
	/* notrace wins over the filter. */
	KUNIT_EXPECT_STREQ(test, early_build(test, "memblock_*", "memblock_free", &f, &bad),
			   "memblock_add memblock_add_node");
	KUNIT_EXPECT_EQ(test, f.nr_filter, 3U);
	KUNIT_EXPECT_EQ(test, f.nr_notrace, 1U);
}

static void __init early_filter_order(struct kunit *test)
{
	struct ftrace_early_filter f;
	int bad;

	/* Entries apply in order, as writes to set_ftrace_filter do. */
	KUNIT_EXPECT_STREQ(test, early_build(test, "memblock_*,!memblock_add*", "", &f, &bad),
			   "memblock_free");
	KUNIT_EXPECT_STREQ(test, early_build(test, "!memblock_add*,memblock_*", "", &f, &bad),
			   "memblock_add memblock_add_node memblock_free");
}

static void __init early_filter_modules(struct kunit *test)
{
	struct ftrace_early_filter f;
	int bad;

	KUNIT_EXPECT_STREQ(test, early_build(test, ":mod:alpha", "", &f, &bad),
			   "alpha_probe alpha_remove shared_helper");
	KUNIT_EXPECT_STREQ(test, early_build(test, "alpha_*:mod:alpha", "", &f, &bad),
			   "alpha_probe alpha_remove");
	KUNIT_EXPECT_STREQ(test, early_build(test, "*:mod:al*", "*remove", &f, &bad),
			   "alpha_probe shared_helper");
	KUNIT_EXPECT_EQ(test, bad, 0);
}

static void __init early_filter_nonsense(struct kunit *test)
{
	struct ftrace_early_filter f;
	int bad;

	/* Matching nothing is no filter, as for ftrace_init(). */
	KUNIT_EXPECT_STREQ(test, early_build(test, "no_such_fn,other*", "memblock_*", &f, &bad),
			   "e820__range_add setup_arch alpha_probe alpha_remove shared_helper weak_leftover");
	KUNIT_EXPECT_EQ(test, f.nr_filter, 0U);
	/* Empty entries are skipped; indexes and empty modules are bad. */
	KUNIT_EXPECT_STREQ(test, early_build(test, ",,setup_arch,,", ",,", &f, &bad),
			   "setup_arch");
	KUNIT_EXPECT_EQ(test, bad, 0);
	KUNIT_EXPECT_STREQ(test, early_build(test, "42,setup_arch,x:mod:", "", &f, &bad),
			   "setup_arch");
	KUNIT_EXPECT_EQ(test, bad, 2);
}

static void __init early_filter_parse(struct kunit *test)
{
	struct ftrace_early_glob globs[4];
	char list[] = "memblock_*,,!e820*,*_add:mod:alpha,x,y";
	int bad = 0, n;

	n = ftrace_early_parse_globs(list, globs, 4, &bad);
	KUNIT_ASSERT_EQ(test, n, 4);
	KUNIT_EXPECT_EQ(test, bad, 1);		/* "y": no room */
	KUNIT_EXPECT_EQ(test, globs[0].func.type, MATCH_FRONT_ONLY);
	KUNIT_EXPECT_STREQ(test, globs[0].func.search, "memblock_");
	KUNIT_EXPECT_FALSE(test, globs[0].not);
	KUNIT_EXPECT_TRUE(test, globs[1].not);
	KUNIT_EXPECT_STREQ(test, globs[1].func.search, "e820");
	KUNIT_EXPECT_TRUE(test, globs[2].has_mod);
	KUNIT_EXPECT_EQ(test, globs[2].func.type, MATCH_END_ONLY);
	KUNIT_EXPECT_STREQ(test, globs[2].mod.search, "alpha");
	KUNIT_EXPECT_EQ(test, globs[3].func.type, MATCH_FULL);
}

/* The look-up over many sites, against a plain scan. */
static void early_filter_search(struct kunit *test)
{
	const unsigned int n = 1000;
	struct ftrace_early_filter f = { };
	unsigned long *sites, ip;
	unsigned int i;

	sites = kunit_kcalloc(test, n, sizeof(*sites), GFP_KERNEL);
	f.traced = kunit_kcalloc(test, BITS_TO_LONGS(n), sizeof(long), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, sites);
	KUNIT_ASSERT_NOT_NULL(test, f.traced);
	for (i = 0; i < n; i++) {
		sites[i] = 0x10000 + 16 * i + (i % 7);
		if (i % 3 == 0)
			__set_bit(i, f.traced);
	}
	f.sites = sites;
	f.nr_sites = n;
	for (i = 0; i < n; i++) {
		KUNIT_EXPECT_EQ(test, ftrace_early_filter_traced(&f, sites[i]), i % 3 == 0);
		/* Not a call site: never traced. */
		KUNIT_EXPECT_FALSE(test, ftrace_early_filter_traced(&f, sites[i] + 1));
	}
	KUNIT_EXPECT_FALSE(test, ftrace_early_filter_traced(&f, 0));
	KUNIT_EXPECT_FALSE(test, ftrace_early_filter_traced(&f, ULONG_MAX));
	ip = sites[0] - 1;
	KUNIT_EXPECT_FALSE(test, ftrace_early_filter_traced(&f, ip));
	/* No bitmap: everything is traced. */
	f.traced = NULL;
	KUNIT_EXPECT_TRUE(test, ftrace_early_filter_traced(&f, 12345));
}

static void early_tsc_to_clock(struct kunit *test)
{
	/* 1 GHz: a cycle is a nanosecond. */
	KUNIT_EXPECT_EQ(test, ftrace_early_tsc_to_clock(1000, 2000, 5000, 1000000), 4000);
	/* 2.5 GHz: 5,000,000 cycles are 2 ms. */
	KUNIT_EXPECT_EQ(test, ftrace_early_tsc_to_clock(0, 5000000, 10000000, 2500000),
			8000000);
	/* The QEMU guest's frequency: 2,596,148 cycles are 1 ms. */
	KUNIT_EXPECT_EQ(test, ftrace_early_tsc_to_clock(1000000, 3596148, 1000000, 2596148),
			1);
	KUNIT_EXPECT_EQ(test, ftrace_early_tsc_to_clock(1000000, 3596148, 1000001, 2596148),
			1);
	KUNIT_EXPECT_EQ(test, ftrace_early_tsc_to_clock(1000000, 3596148, 5000000, 2596148),
			4000000);
	/* Earlier than the clock can say: 1, never 0 or a wrapped value. */
	KUNIT_EXPECT_EQ(test, ftrace_early_tsc_to_clock(0, 1ULL << 40, 1000, 1000000), 1);
	/* Not before now, or no frequency: now. */
	KUNIT_EXPECT_EQ(test, ftrace_early_tsc_to_clock(3000, 2000, 5000, 1000000), 5000);
	KUNIT_EXPECT_EQ(test, ftrace_early_tsc_to_clock(1000, 2000, 5000, 0), 5000);
	/* An hour of cycles at 4 GHz does not overflow. */
	KUNIT_EXPECT_EQ(test, ftrace_early_tsc_to_clock(0, 3600ULL * 4000000000ULL,
							7200ULL * NSEC_PER_SEC, 4000000),
			3600ULL * NSEC_PER_SEC);
}

/* Later readings never convert to earlier times. */
static void early_tsc_monotonic(struct kunit *test)
{
	u64 tsc, prev = 0, ts;

	for (tsc = 0; tsc < 10000000; tsc += 99991) {
		ts = ftrace_early_tsc_to_clock(tsc, 10000000, 20000000, 2596148);
		KUNIT_EXPECT_GE(test, ts, prev);
		KUNIT_EXPECT_GT(test, ts, 0);
		prev = ts;
	}
}

static struct kunit_case __refdata ftrace_early_cases[] = {
	KUNIT_CASE(early_filter_globs),
	KUNIT_CASE(early_filter_notrace),
	KUNIT_CASE(early_filter_order),
	KUNIT_CASE(early_filter_modules),
	KUNIT_CASE(early_filter_nonsense),
	KUNIT_CASE(early_filter_parse),
	KUNIT_CASE(early_filter_search),
	KUNIT_CASE(early_tsc_to_clock),
	KUNIT_CASE(early_tsc_monotonic),
	{}
};

static struct kunit_suite ftrace_early_suite = {
	.name = "ftrace_early",
	.test_cases = ftrace_early_cases,
};

kunit_test_init_section_suites(&ftrace_early_suite);
