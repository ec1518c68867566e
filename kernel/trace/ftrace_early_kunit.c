// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the very early function tracer: the filter structure
 * that answers "is this call site traced" and the conversion of early TSC
 * readings to trace clock time.  The filter is built from made-up call
 * sites and names, so the cases do not depend on the kernel's symbols.
 */
#include <kunit/test.h>
#include <linux/bitmap.h>
#include <linux/kstrtox.h>
#include <linux/slab.h>
#include <linux/string.h>

#include <asm/sections.h>

#include <linux/ftrace_early.h>

#include "ftrace_early_internal.h"

#ifdef CONFIG_X86
#include <asm/ftrace_early.h>
#include <asm/nops.h>
#endif
#ifdef CONFIG_ARM64
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <asm/insn.h>
#endif

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
	/* A blank module glob means loadable modules, as in ftrace.c: none */
	KUNIT_EXPECT_STREQ(test, early_build(test, "alpha_*,*:mod:*", "", &f, &bad),
			   "alpha_probe alpha_remove");
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

static s64 __init early_ts(u64 counter, u64 counter_now, u64 clock_now,
			   u32 khz)
{
	struct ftrace_early_timebase tb;

	ftrace_early_timebase_init(&tb, counter_now, clock_now, khz);
	return ftrace_early_timebase_ts(&tb, counter);
}

static void __init early_timebase(struct kunit *test)
{
	/* 1 GHz: 1,000 ticks before now are 1 us before the clock's now. */
	KUNIT_EXPECT_EQ(test, early_ts(1000, 2000, 5000000, 1000000), 5000000 - 1000);
	/* 2.5 GHz: 5,000,000 ticks are 2 ms. */
	KUNIT_EXPECT_EQ(test, early_ts(0, 5000000, 10000000, 2500000), 8000000);
	/* Older than the clock's zero: before it, not moved. */
	KUNIT_EXPECT_EQ(test, early_ts(0, 1ULL << 40, 1000, 1000000),
			1000 - (s64)(1ULL << 40));
	KUNIT_EXPECT_EQ(test, early_ts(100, 2596148 + 100, 0, 2596148),
			-(s64)NSEC_PER_MSEC);
	/* Not before now: now; no frequency: now. */
	KUNIT_EXPECT_EQ(test, early_ts(3000, 2000, 5000000, 1000000), 5000000);
	KUNIT_EXPECT_EQ(test, early_ts(1000, 2000, 5000000, 0), 5000000);
	/* An hour of ticks at 4 GHz does not overflow. */
	KUNIT_EXPECT_EQ(test, early_ts(0, 3600ULL * 4000000000ULL,
				       7200ULL * NSEC_PER_SEC, 4000000),
			3600LL * NSEC_PER_SEC);
	/* Garbage (a last boot's region): no overflow, no wrap to the future */
	KUNIT_EXPECT_EQ(test, ftrace_early_ticks_to_ns(U64_MAX, 1), (u64)S64_MAX / 2);
	KUNIT_EXPECT_EQ(test, early_ts(0, U64_MAX, 1000, 1), 1000 - S64_MAX / 2);
}

/*
 * The times the entries are written with: the trace clock's own, 0 on the
 * buffer's clock for those before its zero (as dmesg shows them), and
 * their distances kept for the graph's durations.
 */
static void __init early_stamps_before_zero(struct kunit *test)
{
	struct ftrace_early_timebase tb;
	s64 a, b, c;

	/* 1 GHz; the clock at 1 ms: 3 ms and 1.5 ms ago are before its zero. */
	ftrace_early_timebase_init(&tb, 10000000, NSEC_PER_MSEC, 1000000);
	ftrace_early_stamp_start(&tb, 3);
	a = ftrace_early_stamp(&tb, 7000000);
	KUNIT_EXPECT_EQ(test, a, -2 * (s64)NSEC_PER_MSEC);
	KUNIT_EXPECT_EQ(test, ftrace_early_entry_clock(), 0);
	b = ftrace_early_stamp(&tb, 8500000);
	KUNIT_EXPECT_EQ(test, ftrace_early_entry_clock(), 0);
	KUNIT_EXPECT_EQ(test, b - a, 1500 * NSEC_PER_USEC);
	/* After the zero: the clock's time itself, on the buffer too. */
	c = ftrace_early_stamp(&tb, 9900000);
	KUNIT_EXPECT_EQ(test, c, 900 * NSEC_PER_USEC);
	KUNIT_EXPECT_EQ(test, ftrace_early_entry_clock(), 900 * NSEC_PER_USEC);
	/* A duration across the zero, as the graph's u64 times take it. */
	KUNIT_EXPECT_EQ(test, (u64)c - (u64)a, 2900 * NSEC_PER_USEC);
	/* A reading out of order does not go back. */
	KUNIT_EXPECT_EQ(test, ftrace_early_stamp(&tb, 9000000), c);
}

/*
 * The counter's frequency unknown (calibration failed): the entries are 1 ns
 * apart, the last at the clock's now, and never before its zero on the
 * buffer.
 */
static void __init early_stamps_no_frequency(struct kunit *test)
{
	struct ftrace_early_timebase tb;
	unsigned int i;

	ftrace_early_timebase_init(&tb, 1ULL << 40, 5 * NSEC_PER_MSEC, 0);
	ftrace_early_stamp_start(&tb, 500000);
	KUNIT_EXPECT_EQ(test, ftrace_early_stamp(&tb, 12345),
			5 * NSEC_PER_MSEC - 500000 + 1);
	for (i = 1; i < 500000; i++)
		ftrace_early_stamp(&tb, 0);
	KUNIT_EXPECT_EQ(test, ftrace_early_entry_clock(), 5 * NSEC_PER_MSEC);
	/* A clock at 1 us: the first of 500,000 are at 0 on the buffer. */
	ftrace_early_timebase_init(&tb, 1ULL << 40, NSEC_PER_USEC, 0);
	ftrace_early_stamp_start(&tb, 500000);
	KUNIT_EXPECT_LT(test, ftrace_early_stamp(&tb, 0), 0);
	KUNIT_EXPECT_EQ(test, ftrace_early_entry_clock(), 0);
}

/* Later readings never convert to earlier times. */
static void __init early_timebase_monotonic(struct kunit *test)
{
	struct ftrace_early_timebase tb;
	s64 prev = S64_MIN, ts;
	u64 counter;

	ftrace_early_timebase_init(&tb, 10000000, 20000, 2596148);
	for (counter = 0; counter < 10000000; counter += 99991) {
		ts = ftrace_early_timebase_ts(&tb, counter);
		KUNIT_EXPECT_GT(test, ts, prev);
		prev = ts;
	}
	KUNIT_EXPECT_LE(test, prev, 20000);
}

/* A counter set back (or forward) once: the entries before it follow. */
static void __init early_rebase(struct kunit *test)
{
	struct ftrace_early_entry e[6] = { };
	static const u64 back[] = { 5000, 5100, 5200, 300, 400 };
	static const u64 fwd[] = { 100, 200, 9300, 9400, 9500 };
	static const u64 folded[] = { 100, 200, 20000, 20100, 29200, 29300 };
	unsigned int i;

	for (i = 0; i < 5; i++)
		e[i].counter = back[i];
	/* Set back by 5000 between the third and the fourth. */
	KUNIT_EXPECT_EQ(test, ftrace_early_rebase(e, 5, 5000), 3);
	for (i = 1; i < 5; i++)
		KUNIT_EXPECT_GT(test, e[i].counter, e[i - 1].counter);
	KUNIT_EXPECT_EQ(test, e[0].counter, 0);

	for (i = 0; i < 5; i++)
		e[i].counter = fwd[i];
	/* Set forward by 9000: the jump is at least that. */
	KUNIT_EXPECT_EQ(test, ftrace_early_rebase(e, 5, -9000), 2);
	KUNIT_EXPECT_EQ(test, e[1].counter, 9200);
	KUNIT_EXPECT_LT(test, e[1].counter, e[2].counter);

	/* Set back after the last entry: all of them move. */
	for (i = 0; i < 5; i++)
		e[i].counter = fwd[i] + 100000;
	KUNIT_EXPECT_EQ(test, ftrace_early_rebase(e, 5, 100000), 5);
	KUNIT_EXPECT_EQ(test, e[4].counter, 9500);
	/* No step: nothing moves. */
	KUNIT_EXPECT_EQ(test, ftrace_early_rebase(e, 5, 0), 5);
	KUNIT_EXPECT_EQ(test, e[4].counter, 9500);

	/* A fold line's gap spans its loop: not taken for the step */
	for (i = 0; i < 6; i++)
		e[i].counter = folded[i];
	e[2].ip = FTRACE_EARLY_FOLDED;
	e[2].parent = 500;
	KUNIT_EXPECT_EQ(test, ftrace_early_rebase(e, 6, -9000), 4);
	KUNIT_EXPECT_EQ(test, e[2].counter, 29000);
}

/*
 * The function graph's shadow stack: made-up calls with made-up stack
 * slots.  Each call's slot holds its real return address, 0x7000 + depth.
 */
struct early_graph_rig {
	struct ftrace_early_graph g;
	struct ftrace_early_graph_frame frames[4];
	struct ftrace_early_log log;
	struct ftrace_early_entry e[32];
	unsigned long slots[8];
	u64 now;
};

static void __init early_graph_rig_init(struct early_graph_rig *r,
					unsigned int max_entries)
{
	unsigned int i;

	ftrace_early_graph_init(&r->g, r->frames, ARRAY_SIZE(r->frames));
	r->log.e = r->e;
	r->log.nr = 0;
	r->log.max = max_entries;
	for (i = 0; i < ARRAY_SIZE(r->slots); i++)
		r->slots[i] = 0x7000 + i;
	r->now = 100;
}

/* A call of the function at @ip from depth @level; hooks its slot. */
static bool __init early_graph_call(struct early_graph_rig *r,
				    unsigned long ip, unsigned int level)
{
	unsigned long *slot = &r->slots[level];

	if (!ftrace_early_graph_enter(&r->g, &r->log, ip, ip, slot,
				      (unsigned long)slot, r->now++))
		return false;
	*slot = (unsigned long)ftrace_early_return;
	return true;
}

/* The hooked call at @level returns: its slot gets the real address back. */
static void __init early_graph_ret(struct kunit *test, struct early_graph_rig *r,
				   unsigned int level)
{
	unsigned long ret = ftrace_early_graph_exit(&r->g, &r->log, true, r->now++);

	KUNIT_EXPECT_EQ(test, ret, 0x7000UL + level);
	/* Given back before the frame was popped, for the unwinders */
	KUNIT_EXPECT_EQ(test, r->slots[level], ret);
}

#define EARLY_RET(depth)	(FTRACE_EARLY_GRAPH_RET | (depth))

static void __init early_graph_nesting(struct kunit *test)
{
	struct early_graph_rig *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	static const u32 want[][2] = {
		{ 0x1040, 0 }, { 0x1000, 1 }, { 0x1000, EARLY_RET(1) },
		{ 0x1010, 1 }, { 0x1020, 2 }, { 0x1020, EARLY_RET(2) },
		{ 0x1010, EARLY_RET(1) }, { 0x1040, EARLY_RET(0) },
	};
	unsigned long hook;
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, r);
	early_graph_rig_init(r, ARRAY_SIZE(r->e));
	/* setup_arch() { memblock_add(); memblock_add_node() { memblock_free(); } } */
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1040, 0));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1000, 1));
	early_graph_ret(test, r, 1);
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1010, 1));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1020, 2));

	/* Unwinders: each hooked slot gives its real address, others as they are */
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, ftrace_early_graph_ret_addr(&r->g, r->slots[i],
								  &r->slots[i]),
				0x7000UL + i);
	KUNIT_EXPECT_EQ(test, ftrace_early_graph_ret_addr(&r->g, 0x1234, &r->slots[0]),
			0x1234UL);
	hook = (unsigned long)ftrace_early_return;
	KUNIT_EXPECT_EQ(test, ftrace_early_graph_ret_addr(&r->g, hook, &r->slots[5]),
			hook);
	KUNIT_EXPECT_EQ(test, r->g.nr_frames, 3U);
	KUNIT_EXPECT_EQ(test, r->g.depth, 3U);

	early_graph_ret(test, r, 2);
	early_graph_ret(test, r, 1);
	early_graph_ret(test, r, 0);
	KUNIT_EXPECT_EQ(test, r->g.nr_frames, 0U);
	KUNIT_EXPECT_EQ(test, r->g.deepest, 3U);
	KUNIT_ASSERT_EQ(test, r->log.nr, (unsigned int)ARRAY_SIZE(want));
	for (i = 0; i < ARRAY_SIZE(want); i++) {
		KUNIT_EXPECT_EQ(test, r->e[i].ip, want[i][0]);
		KUNIT_EXPECT_EQ(test, r->e[i].parent, want[i][1]);
		KUNIT_EXPECT_EQ(test, r->e[i].counter, 100ULL + i);
	}
}

/* Check that entries [0, nr) nest: every return closes the last call open. */
static void __init early_graph_expect_nested(struct kunit *test,
					     const struct ftrace_early_log *log)
{
	unsigned int i, open = 0, depth;
	u32 ips[8];

	for (i = 0; i < log->nr; i++) {
		const struct ftrace_early_entry *e = &log->e[i];

		if (e->parent & FTRACE_EARLY_GRAPH_LOST)
			continue;
		depth = e->parent & FTRACE_EARLY_GRAPH_DEPTH;
		if (e->parent & FTRACE_EARLY_GRAPH_RET) {
			KUNIT_ASSERT_GT(test, open, 0U);
			KUNIT_EXPECT_EQ(test, depth, open - 1);
			KUNIT_EXPECT_EQ(test, e->ip, ips[--open]);
		} else {
			KUNIT_EXPECT_EQ(test, depth, open);
			KUNIT_ASSERT_LT(test, open, (unsigned int)ARRAY_SIZE(ips));
			ips[open++] = e->ip;
		}
	}
	KUNIT_EXPECT_EQ(test, open, 0U);
}

/*
 * A hooked function that tail-calls another: both hooked on one slot.  The
 * callee returns to the hook, which returns for the caller; unwinders see
 * the real return address throughout.
 */
static void __init early_graph_tail_call(struct kunit *test)
{
	struct early_graph_rig *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	unsigned long hook = (unsigned long)ftrace_early_return;

	KUNIT_ASSERT_NOT_NULL(test, r);
	early_graph_rig_init(r, ARRAY_SIZE(r->e));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1040, 0));
	/* The tail call: the same slot, which holds the hook now */
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1000, 0));
	KUNIT_EXPECT_EQ(test, r->frames[1].ret, hook);
	KUNIT_EXPECT_EQ(test, ftrace_early_graph_ret_addr(&r->g, hook, &r->slots[0]),
			0x7000UL);
	/* The callee returns to the hook, the hook for the caller */
	KUNIT_EXPECT_EQ(test, ftrace_early_graph_exit(&r->g, &r->log, true, r->now++),
			hook);
	KUNIT_EXPECT_EQ(test, ftrace_early_graph_ret_addr(&r->g, hook, &r->slots[0]),
			0x7000UL);
	early_graph_ret(test, r, 0);
	KUNIT_EXPECT_EQ(test, r->g.nr_frames, 0U);
	KUNIT_EXPECT_EQ(test, r->log.nr, 4U);
	early_graph_expect_nested(test, &r->log);

	/*
	 * Calls still hooked when the recording stops (one a tail call) get
	 * their slots back, and their returns are recorded.
	 */
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1040, 0));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1010, 1));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1020, 1));
	KUNIT_EXPECT_EQ(test, ftrace_early_graph_unhook_all(&r->g, &r->log, r->now),
			3U);
	KUNIT_EXPECT_EQ(test, r->slots[0], 0x7000UL);
	KUNIT_EXPECT_EQ(test, r->slots[1], 0x7001UL);
	KUNIT_EXPECT_EQ(test, r->g.nr_frames, 0U);
	KUNIT_EXPECT_EQ(test, r->g.depth, 0U);
	KUNIT_EXPECT_EQ(test, r->log.nr, 10U);
	early_graph_expect_nested(test, &r->log);
}

/* A lost call's direct callees are counted only if they could have been recorded. */
static void __init early_graph_lost_callees(struct kunit *test)
{
	struct early_graph_rig *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, r);
	early_graph_rig_init(r, 4);
	r->g.max_depth = 2;
	/* 1 entry, 1 pending: a second call needs 1 + 1 + 3 = 5: lost */
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1000, 0));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1010, 1));
	KUNIT_EXPECT_FALSE(test, r->frames[1].recorded);
	KUNIT_EXPECT_EQ(test, r->g.lost, 1UL);
	/* Its callee is at depth 2, past ftrace_graph_max_depth=2 */
	KUNIT_EXPECT_FALSE(test, early_graph_call(r, 0x1020, 2));
	KUNIT_EXPECT_EQ(test, r->g.lost, 1UL);
	early_graph_ret(test, r, 1);
	/* Without a maximum depth it would have been recorded: counted */
	r->g.max_depth = 0;
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1010, 1));
	KUNIT_EXPECT_FALSE(test, early_graph_call(r, 0x1020, 2));
	KUNIT_EXPECT_EQ(test, r->g.lost, 3UL);
	early_graph_ret(test, r, 1);
	early_graph_ret(test, r, 0);
	early_graph_expect_nested(test, &r->log);
}

/*
 * Room for 7 entries: a call is recorded only with room for its return,
 * the returns pending and a LOST entry.  Those not recorded, and their
 * callees, are counted in one LOST entry; the graph stays nested.
 */
static void __init early_graph_room(struct kunit *test)
{
	struct early_graph_rig *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, r);
	early_graph_rig_init(r, 7);
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1000, 0));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1010, 1));
	/* 2 entries, 2 returns pending: a third call needs 2 + 2 + 3 = 7 */
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1020, 2));
	KUNIT_EXPECT_TRUE(test, r->frames[2].recorded);
	early_graph_ret(test, r, 2);
	/* 4 entries, 2 pending: no room; hooked, not recorded, nor its callee */
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1030, 2));
	KUNIT_EXPECT_FALSE(test, r->frames[2].recorded);
	KUNIT_EXPECT_FALSE(test, early_graph_call(r, 0x1040, 3));
	early_graph_ret(test, r, 2);
	/* Again: counted in the same LOST entry */
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1030, 2));
	early_graph_ret(test, r, 2);
	early_graph_ret(test, r, 1);
	early_graph_ret(test, r, 0);
	KUNIT_EXPECT_EQ(test, r->g.lost, 3UL);
	KUNIT_ASSERT_EQ(test, r->log.nr, 7U);
	KUNIT_EXPECT_EQ(test, r->e[4].parent, FTRACE_EARLY_GRAPH_LOST | 2);
	KUNIT_EXPECT_EQ(test, r->e[4].ip, 3U);
	early_graph_expect_nested(test, &r->log);

	/* The buffer grows: recording goes on, a new LOST entry when full again */
	r->log.max = 11;
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1000, 0));
	KUNIT_EXPECT_TRUE(test, r->frames[0].recorded);
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1010, 1));
	KUNIT_EXPECT_FALSE(test, r->frames[1].recorded);
	early_graph_ret(test, r, 1);
	early_graph_ret(test, r, 0);
	KUNIT_EXPECT_EQ(test, r->g.lost, 4UL);
	for (i = 0; i < r->log.nr; i++)
		if (r->e[i].parent & FTRACE_EARLY_GRAPH_LOST)
			KUNIT_EXPECT_GT(test, r->e[i].ip, 0U);
	KUNIT_EXPECT_EQ(test, r->log.nr, 10U);
	early_graph_expect_nested(test, &r->log);
}

/*
 * ftrace_graph_filter= (only from setup_arch down), ftrace_graph_notrace=
 * (not memblock_free nor its callees), ftrace_graph_max_depth=, and the
 * shadow stack's own depth.
 */
static void __init early_graph_filters(struct kunit *test)
{
	struct early_graph_rig *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	struct ftrace_early_filter only, skip;
	int bad;

	KUNIT_ASSERT_NOT_NULL(test, r);
	early_build(test, "setup_arch", "", &only, &bad);
	early_build(test, "", "memblock_free", &skip, &bad);
	early_graph_rig_init(r, ARRAY_SIZE(r->e));
	r->g.only = &only;
	r->g.skip = &skip;

	/* Outside setup_arch(): not hooked at all */
	KUNIT_EXPECT_FALSE(test, early_graph_call(r, 0x1000, 0));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1040, 0));
	/* Inside: every call; memblock_free() hooked, not recorded, nor its callees */
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1000, 1));
	early_graph_ret(test, r, 1);
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1020, 1));
	KUNIT_EXPECT_FALSE(test, early_graph_call(r, 0x1000, 2));
	early_graph_ret(test, r, 1);
	early_graph_ret(test, r, 0);
	KUNIT_EXPECT_EQ(test, r->log.nr, 4U);
	KUNIT_EXPECT_EQ(test, r->g.lost, 0UL);
	early_graph_expect_nested(test, &r->log);

	/*
	 * ftrace_graph_notrace= before ftrace_graph_filter=, as the graph
	 * tracer: memblock_free() outside setup_arch() is hooked, and
	 * setup_arch() called from it is not recorded.
	 */
	early_graph_rig_init(r, ARRAY_SIZE(r->e));
	r->g.only = &only;
	r->g.skip = &skip;
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1020, 0));
	KUNIT_EXPECT_FALSE(test, early_graph_call(r, 0x1040, 1));
	early_graph_ret(test, r, 0);
	KUNIT_EXPECT_EQ(test, r->log.nr, 0U);

	/* ftrace_graph_max_depth=1: only the outermost calls */
	early_graph_rig_init(r, ARRAY_SIZE(r->e));
	r->g.max_depth = 1;
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1040, 0));
	KUNIT_EXPECT_FALSE(test, early_graph_call(r, 0x1000, 1));
	early_graph_ret(test, r, 0);
	KUNIT_EXPECT_EQ(test, r->log.nr, 2U);

	/* Four frames: a fifth nested call is neither hooked nor recorded */
	early_graph_rig_init(r, ARRAY_SIZE(r->e));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1000, 0));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1010, 1));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1020, 2));
	KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1030, 3));
	KUNIT_EXPECT_FALSE(test, early_graph_call(r, 0x1040, 4));
	KUNIT_EXPECT_EQ(test, r->g.overflow, 1UL);
	early_graph_ret(test, r, 3);
	early_graph_ret(test, r, 2);
	early_graph_ret(test, r, 1);
	early_graph_ret(test, r, 0);
	early_graph_expect_nested(test, &r->log);
}

/*
 * A trace buffer that holds only part of the entries: the cut leaves room
 * for the returns of the calls it leaves open.
 */
static void __init early_graph_cut(struct kunit *test)
{
	struct early_graph_rig *r = kunit_kzalloc(test, sizeof(*r), GFP_KERNEL);
	unsigned int keep, fit, level;

	KUNIT_ASSERT_NOT_NULL(test, r);
	early_graph_rig_init(r, ARRAY_SIZE(r->e));
	/* Three nested calls, each with two leaves */
	for (level = 0; level < 3; level++) {
		KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1000 + level, level));
		for (fit = 0; fit < 2; fit++) {
			KUNIT_ASSERT_TRUE(test, early_graph_call(r, 0x1010, level + 1));
			early_graph_ret(test, r, level + 1);
		}
	}
	for (level = 3; level-- > 0;)
		early_graph_ret(test, r, level);
	KUNIT_ASSERT_EQ(test, r->log.nr, 18U);
	early_graph_expect_nested(test, &r->log);
	for (fit = 0; fit <= r->log.nr; fit++) {
		keep = ftrace_early_graph_cut(&r->log, fit);
		KUNIT_EXPECT_LE(test, keep, fit);
		if (fit >= 16)
			KUNIT_EXPECT_GT(test, keep, 0U);
	}
	/*
	 * 17 fit: 5 kept, one call open (5 + 2 * 1 + 8 <= 17); 6 would leave
	 * two open (6 + 2 * 2 + 8 > 17).
	 */
	KUNIT_EXPECT_EQ(test, ftrace_early_graph_cut(&r->log, 17), 5U);
}

#ifdef CONFIG_X86
/*
 * The suite runs after ftrace_init(), which stopped the tracer: the test in
 * __fentry__ must be NOPs now, whether the tracer recorded or not.
 */
static void __init early_unhooked(struct kunit *test)
{
	unsigned int len = ftrace_early_hook_end - ftrace_early_hook;
	unsigned int done, n;

	KUNIT_ASSERT_GT(test, len, 0);
	for (done = 0; done < len; done += n) {
		n = min_t(unsigned int, len - done, ASM_NOP_MAX);
		KUNIT_EXPECT_MEMEQ(test, ftrace_early_hook + done, x86_nops[n], n);
	}
}
#endif

#ifdef CONFIG_ARM64
/* The dyn_ftrace.ip of an __mcount_loc entry; 0 if it is no call site */
static unsigned long __init early_site_ip(unsigned long site)
{
	if (!is_kernel_text(site) && !is_kernel_inittext(site))
		return 0;
	return ftrace_call_adjust(site);
}

/*
 * The suite runs after ftrace_init(): no call site may call the very early
 * tracer any more, whether it recorded or not.
 */
static void __init early_unpatched(struct kunit *test)
{
	unsigned long caller = (unsigned long)ftrace_early_caller;
	unsigned int sites = 0, calling = 0;
	unsigned long *site, pc;
	u32 insn;

	for (site = __start_mcount_loc; site < __stop_mcount_loc; site++) {
		pc = early_site_ip(*site);
		if (!pc)
			continue;
		sites++;
		insn = le32_to_cpu(*(__le32 *)pc);
		if (aarch64_insn_is_bl(insn) &&
		    pc + aarch64_get_branch_offset(insn) == caller)
			calling++;
	}
	KUNIT_EXPECT_GT(test, sites, 0U);
	KUNIT_EXPECT_EQ(test, calling, 0U);
}

/*
 * Every call site as the tracer's BL gives it (dyn_ftrace.ip) leads back
 * to its __mcount_loc entry, in the entry layout this kernel has (the
 * literal before the function with DYNAMIC_FTRACE_WITH_CALL_OPS, a BTI or
 * not).
 */
static void __init early_site_of_ip(struct kunit *test)
{
	unsigned int sites = 0, wrong = 0;
	unsigned long *site, pc;

	for (site = __start_mcount_loc; site < __stop_mcount_loc; site++) {
		pc = early_site_ip(*site);
		if (!pc)
			continue;
		sites++;
		if (arch_ftrace_early_site(pc) != *site && wrong++ < 3)
			kunit_info(test, "%pS: site %lx, back from %lx: %lx\n",
				   (void *)pc, *site, pc, arch_ftrace_early_site(pc));
	}
	KUNIT_EXPECT_GT(test, sites, 1000U);
	KUNIT_EXPECT_EQ(test, wrong, 0U);
}
#endif

/* The text of entries, a line at a time (ftrace_early_text.c) */
#define EARLY_TEXT_LINES	8
static char early_text[EARLY_TEXT_LINES][FTRACE_EARLY_TEXT_LINE] __initdata;
static int early_text_nr __initdata;

static void __init early_text_out(void *ctx, const char *line)
{
	struct kunit *test = ctx;

	KUNIT_ASSERT_LT(test, early_text_nr, EARLY_TEXT_LINES);
	strscpy(early_text[early_text_nr++], line, FTRACE_EARLY_TEXT_LINE);
}

/*
 * ftrace=function: the function tracer's lines, times from the counter at
 * its frequency, and the lines about calls not recorded where they were.
 */
static void __init early_text_function(struct kunit *test)
{
	unsigned long base = (unsigned long)_text;
	u32 a = (unsigned long)memchr_inv - base, b = (unsigned long)kstrtouint - base;
	struct ftrace_early_entry e[] = {
		{ .ip = a, .parent = b, .counter = 1000 },
		{ .ip = b, .parent = FTRACE_EARLY_NO_PARENT, .counter = 2500000 },
		{ .ip = FTRACE_EARLY_FOLDED, .parent = 5, .counter = 2600000 },
	};
	struct ftrace_early_text t = {
		.e = e, .nr = ARRAY_SIZE(e), .base = base, .khz = 1000,
		.out = early_text_out, .ctx = test,
		.gap[0] = { .at = 1, .over = 42, .why = "the early area was full" },
		.gap[1] = { .at = 3, .over = 7, .why = "buffer full" },
	};

	early_text_nr = 0;
	ftrace_early_text(&t);
	KUNIT_ASSERT_EQ(test, early_text_nr, 5);
	KUNIT_EXPECT_STREQ(test, early_text[0],
			   "          <idle>-0       [000] d....     0.001000: memchr_inv <-kstrtouint");
	KUNIT_EXPECT_STREQ(test, early_text[1],
			   "very early function tracer: 42 calls not recorded here (the early area was full)");
	KUNIT_EXPECT_STREQ(test, early_text[2],
			   "          <idle>-0       [000] d....     2.500000: kstrtouint");
	KUNIT_EXPECT_STREQ(test, early_text[3],
			   "very early function tracer: 5 calls folded here (each repeats one of the calls above)");
	KUNIT_EXPECT_STREQ(test, early_text[4],
			   "very early function tracer: 7 calls not recorded here (buffer full)");

	/* Without a frequency: the order alone, 1 ns apart */
	t.khz = 0;
	memset(t.gap, 0, sizeof(t.gap));
	early_text_nr = 0;
	ftrace_early_text(&t);
	KUNIT_ASSERT_EQ(test, early_text_nr, 3);
	KUNIT_EXPECT_NOT_NULL(test, strstr(early_text[1], "     0.000000: kstrtouint"));
}

/* One call as ftrace_early_record() takes it, folding on or off */
static void __init early_fold_push(struct ftrace_early_fold *f,
				   struct ftrace_early_log *log, u32 ip,
				   u32 parent, u64 counter)
{
	if (f->on && ftrace_early_fold_take(f, log, ip, parent, counter))
		return;
	log->e[log->nr].ip = ip;
	log->e[log->nr].parent = parent;
	log->e[log->nr].counter = counter;
	log->nr++;
	if (f->on)
		ftrace_early_fold_recorded(f, log);
}

/*
 * A call of X, @loops passes of a loop of @period calls (function 100 + k
 * called from 1), then a call of Y: the time of a call is its number.
 */
static void __init early_fold_calls(struct ftrace_early_fold *f,
				    struct ftrace_early_log *log,
				    unsigned int loops, unsigned int period)
{
	unsigned int i, k, n = 1;

	early_fold_push(f, log, 10, 2, n++);
	for (i = 0; i < loops; i++)
		for (k = 0; k < period; k++)
			early_fold_push(f, log, 100 + k, 1, n++);
	early_fold_push(f, log, 20, 2, n++);
}

/*
 * A loop folds into its first pass and one line that counts the rest,
 * timed by the newest; the call after it is recorded.
 */
static void __init early_fold_loop(struct kunit *test)
{
	struct ftrace_early_entry *e = kunit_kcalloc(test, 400, sizeof(*e), GFP_KERNEL);
	struct ftrace_early_log log = { .e = e, .max = 400 };
	struct ftrace_early_fold f = { };

	KUNIT_ASSERT_NOT_NULL(test, e);
	ftrace_early_fold_log(&f, &log);
	KUNIT_ASSERT_TRUE(test, f.on);
	early_fold_calls(&f, &log, 100, 3);
	KUNIT_ASSERT_EQ(test, log.nr, 6);
	KUNIT_EXPECT_EQ(test, e[0].ip, 10);
	KUNIT_EXPECT_EQ(test, e[1].ip, 100);
	KUNIT_EXPECT_EQ(test, e[2].ip, 101);
	KUNIT_EXPECT_EQ(test, e[3].ip, 102);
	KUNIT_EXPECT_EQ(test, e[3].counter, 4);
	KUNIT_EXPECT_EQ(test, e[4].ip, FTRACE_EARLY_FOLDED);
	KUNIT_EXPECT_EQ(test, e[4].parent, 297);
	KUNIT_EXPECT_EQ(test, e[4].counter, 301);
	KUNIT_EXPECT_EQ(test, e[5].ip, 20);
	KUNIT_EXPECT_EQ(test, e[5].counter, 302);
	KUNIT_EXPECT_EQ(test, f.calls, 297);
	KUNIT_EXPECT_EQ(test, f.lines, 1);
	KUNIT_EXPECT_EQ(test, f.open, 0);

	/* Stopped: the calls are recorded, the line stays */
	ftrace_early_fold_stop(&f);
	early_fold_calls(&f, &log, 2, 3);
	KUNIT_EXPECT_EQ(test, log.nr, 6 + 8);
	KUNIT_EXPECT_EQ(test, e[4].parent, 297);
}

/*
 * Folding what was recorded gives what folding as the calls came gives,
 * in place; calls recorded after it fold as they come.
 */
static void __init early_fold_in_place(struct kunit *test)
{
	struct ftrace_early_entry *e = kunit_kcalloc(test, 400, sizeof(*e), GFP_KERNEL);
	struct ftrace_early_entry *want = kunit_kcalloc(test, 400, sizeof(*e), GFP_KERNEL);
	struct ftrace_early_log log = { .e = e, .max = 400 };
	struct ftrace_early_log log_want = { .e = want, .max = 400 };
	struct ftrace_early_fold f = { }, f_want = { };
	unsigned int i;

	KUNIT_ASSERT_NOT_NULL(test, e);
	KUNIT_ASSERT_NOT_NULL(test, want);
	ftrace_early_fold_log(&f_want, &log_want);
	early_fold_calls(&f_want, &log_want, 40, 5);
	early_fold_calls(&f_want, &log_want, 30, 2);

	early_fold_calls(&f, &log, 40, 5);
	KUNIT_ASSERT_EQ(test, log.nr, 202);
	KUNIT_EXPECT_EQ(test, ftrace_early_fold_log(&f, &log), 195);
	early_fold_calls(&f, &log, 30, 2);
	KUNIT_ASSERT_EQ(test, log.nr, log_want.nr);
	KUNIT_EXPECT_EQ(test, memcmp(e, want, log.nr * sizeof(*e)), 0);
	KUNIT_EXPECT_EQ(test, f.calls, f_want.calls);
	KUNIT_EXPECT_EQ(test, f.lines, 2);

	/*
	 * A call recorded after the line (ftrace_early_record() records the
	 * call that filled the area if the line does not take it) closes
	 * it: the repeats that follow do not go back into it.
	 */
	log.nr = 0;
	f = (struct ftrace_early_fold) { };
	early_fold_push(&f, &log, 10, 2, 1);
	for (i = 0; i < 20; i++)
		early_fold_push(&f, &log, 100 + i % 2, 1, 2 + i);
	ftrace_early_fold_log(&f, &log);
	KUNIT_ASSERT_EQ(test, log.nr, 4);
	KUNIT_ASSERT_EQ(test, e[3].ip, FTRACE_EARLY_FOLDED);
	KUNIT_ASSERT_EQ(test, e[3].parent, 18);
	e[log.nr++] = (struct ftrace_early_entry) { .ip = 100, .parent = 1, .counter = 22 };
	ftrace_early_fold_recorded(&f, &log);
	early_fold_push(&f, &log, 101, 1, 23);
	KUNIT_EXPECT_EQ(test, e[3].parent, 18);
	KUNIT_EXPECT_EQ(test, e[3].counter, 21);
	KUNIT_EXPECT_EQ(test, log.nr, 6);
}

/*
 * A call folds only if one of the FTRACE_EARLY_FOLD_WINDOW entries before
 * it is a call of the same function from the same place; a line takes
 * no more than U32_MAX calls.
 */
static void __init early_fold_limits(struct kunit *test)
{
	unsigned int w = FTRACE_EARLY_FOLD_WINDOW;
	struct ftrace_early_entry *e = kunit_kcalloc(test, 400, sizeof(*e), GFP_KERNEL);
	struct ftrace_early_log log = { .e = e, .max = 400 };
	struct ftrace_early_fold f = { };

	KUNIT_ASSERT_NOT_NULL(test, e);
	ftrace_early_fold_log(&f, &log);
	/* A loop longer than the window: nothing folds */
	early_fold_calls(&f, &log, 3, w + 1);
	KUNIT_EXPECT_EQ(test, log.nr, 2 + 3 * (w + 1));
	KUNIT_EXPECT_EQ(test, f.calls, 0);
	/* The same function from another place does not repeat a call */
	log.nr = 0;
	early_fold_push(&f, &log, 100, 1, 1);
	early_fold_push(&f, &log, 100, 2, 2);
	early_fold_push(&f, &log, 100, 3, 3);
	early_fold_push(&f, &log, 100, 4, 4);
	early_fold_push(&f, &log, 100, 5, 5);
	KUNIT_EXPECT_EQ(test, log.nr, 5);
	/* As long as the window: it folds */
	log.nr = 0;
	early_fold_calls(&f, &log, 3, w);
	KUNIT_EXPECT_EQ(test, log.nr, 1 + w + 1 + 1);
	KUNIT_EXPECT_EQ(test, f.calls, 2 * w);

	/* A full line is closed: the next repeat is recorded */
	log.nr = 0;
	f.open = 0;
	early_fold_calls(&f, &log, 3, 1);
	KUNIT_ASSERT_EQ(test, log.nr, 5);
	early_fold_push(&f, &log, 100, 1, 10);
	early_fold_push(&f, &log, 100, 1, 11);
	early_fold_push(&f, &log, 100, 1, 12);
	early_fold_push(&f, &log, 100, 1, 13);
	KUNIT_ASSERT_EQ(test, log.nr, 6);
	KUNIT_ASSERT_EQ(test, e[5].ip, FTRACE_EARLY_FOLDED);
	e[5].parent = U32_MAX - 1;
	early_fold_push(&f, &log, 100, 1, 14);
	KUNIT_EXPECT_EQ(test, e[5].parent, U32_MAX);
	KUNIT_EXPECT_EQ(test, log.nr, 6);
	early_fold_push(&f, &log, 100, 1, 15);
	KUNIT_EXPECT_EQ(test, log.nr, 7);
	KUNIT_EXPECT_EQ(test, e[6].ip, 100);
	KUNIT_EXPECT_EQ(test, e[6].counter, 15);
}

/*
 * ftrace=function_graph: a call whose return follows at once on one line,
 * a return closing its call, and the calls still open at the end shown
 * open.
 */
static void __init early_text_graph(struct kunit *test)
{
	unsigned long base = (unsigned long)_text;
	u32 a = (unsigned long)memchr_inv - base, b = (unsigned long)kstrtouint - base;
	u32 c = (unsigned long)kstrtoint - base;
	struct ftrace_early_entry e[] = {
		{ .ip = a, .parent = 0, .counter = 1000 },
		{ .ip = b, .parent = 1, .counter = 2000 },
		{ .ip = b, .parent = FTRACE_EARLY_GRAPH_RET | 1, .counter = 14000 },
		{ .ip = c, .parent = 1, .counter = 20000 },
		{ .ip = c, .parent = 2, .counter = 21000 },
		{ .ip = c, .parent = FTRACE_EARLY_GRAPH_RET | 2, .counter = 21500 },
		{ .ip = c, .parent = FTRACE_EARLY_GRAPH_RET | 1, .counter = 30000 },
		{ .ip = b, .parent = 1, .counter = 31000 },
	};
	struct ftrace_early_text t = {
		.e = e, .nr = ARRAY_SIZE(e), .base = base, .khz = 1000000,
		.graph = true, .out = early_text_out, .ctx = test,
	};

	early_text_nr = 0;
	ftrace_early_text(&t);
	KUNIT_ASSERT_EQ(test, early_text_nr, 6);
	KUNIT_EXPECT_STREQ(test, early_text[0],
			   "    0.000001 |  0)                 |  memchr_inv() {");
	KUNIT_EXPECT_STREQ(test, early_text[1],
			   "    0.000002 |  0) +     12.000 us |    kstrtouint();");
	KUNIT_EXPECT_STREQ(test, early_text[2],
			   "    0.000020 |  0)                 |    kstrtoint() {");
	KUNIT_EXPECT_STREQ(test, early_text[3],
			   "    0.000021 |  0)        0.500 us |      kstrtoint();");
	KUNIT_EXPECT_STREQ(test, early_text[4],
			   "    0.000030 |  0) +     10.000 us |    } /* kstrtoint */");
	/* Open at the end: memchr_inv() and this one */
	KUNIT_EXPECT_STREQ(test, early_text[5],
			   "    0.000031 |  0)                 |    kstrtouint() {");
}

static struct kunit_case __refdata ftrace_early_cases[] = {
	KUNIT_CASE(early_filter_globs),
	KUNIT_CASE(early_filter_notrace),
	KUNIT_CASE(early_filter_order),
	KUNIT_CASE(early_filter_modules),
	KUNIT_CASE(early_filter_nonsense),
	KUNIT_CASE(early_filter_parse),
	KUNIT_CASE(early_filter_search),
	KUNIT_CASE(early_timebase),
	KUNIT_CASE(early_stamps_before_zero),
	KUNIT_CASE(early_stamps_no_frequency),
	KUNIT_CASE(early_timebase_monotonic),
	KUNIT_CASE(early_rebase),
	KUNIT_CASE(early_graph_nesting),
	KUNIT_CASE(early_graph_tail_call),
	KUNIT_CASE(early_graph_room),
	KUNIT_CASE(early_graph_lost_callees),
	KUNIT_CASE(early_graph_filters),
	KUNIT_CASE(early_graph_cut),
	KUNIT_CASE(early_fold_loop),
	KUNIT_CASE(early_fold_in_place),
	KUNIT_CASE(early_fold_limits),
	KUNIT_CASE(early_text_function),
	KUNIT_CASE(early_text_graph),
#ifdef CONFIG_X86
	KUNIT_CASE(early_unhooked),
#endif
#ifdef CONFIG_ARM64
	KUNIT_CASE(early_unpatched),
	KUNIT_CASE(early_site_of_ip),
#endif
	{}
};

static struct kunit_suite ftrace_early_suite = {
	.name = "ftrace_early",
	.test_cases = ftrace_early_cases,
};

kunit_test_init_section_suites(&ftrace_early_suite);
