// SPDX-License-Identifier: GPL-2.0
/*
 * Very early function tracing (CONFIG_VERY_EARLY_FUNCTION_TRACER).
 *
 * Until ftrace_init() turns them into NOPs, the fentry call sites call
 * __fentry__, which returns at once: GCC's (FTRACE_MCOUNT_USE_CC on x86_64)
 * and, since this option keeps objtool from writing NOPs at build time,
 * Clang's.  With this option __fentry__ first tests ftrace_early_active and,
 * while it is set, has ftrace_early_record() note the call
 * (arch/x86/kernel/ftrace_64.S).  Everything below runs on the boot CPU
 * with interrupts off:
 *
 *  1. The __fentry__ call of start_kernel() itself arms the tracer: the
 *     command line is read with the kernel's own parser.  Without
 *     ftrace=function the tracer is off for good and __fentry__ is back to
 *     a test and a return.  Otherwise ftrace_filter= and ftrace_notrace=
 *     are resolved, with ftrace's glob parsing and matching, into a bitmap
 *     over the sorted __mcount_loc table, so that a call costs a binary
 *     search and a bit test, never a symbol look-up.
 *  2. Entries (call site, parent, TSC) go to memory from the brk area
 *     until setup_arch() has memblock with the kernel's page tables up
 *     (ftrace_early_memblock_ready()); then to a memblock buffer of the
 *     size asked for.  When it is full, recording stops; further calls are
 *     counted as dropped.
 *  3. ftrace_init() stops the recording (ftrace_early_stop()).
 *  4. When the trace buffer exists, and before the function tracer starts,
 *     the entries are written to it with their own timestamps
 *     (ftrace_early_inject()), and the memory is freed.
 *
 * Timestamps: the TSC counts before it is calibrated.  When TSC-based
 * sched_clock() starts, it is made to count from the moment the tracer
 * was armed instead of from that moment (ftrace_early_clock_base()), so
 * that the early entries, converted with the calibrated TSC frequency,
 * are positive nanoseconds on the trace clock and in order with what
 * comes after.
 */

#define pr_fmt(fmt) "ftrace: very early: " fmt

#include <linux/bitmap.h>
#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/kallmodsyms.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/ring_buffer.h>
#include <linux/sizes.h>
#include <linux/start_kernel.h>
#include <linux/string.h>

#include <asm/msr.h>
#include <asm/sections.h>
#include <asm/setup.h>
#include <asm/tsc.h>

#include "trace.h"
#include "ftrace_early_internal.h"

/* One recorded call: 16 bytes. */
struct ftrace_early_entry {
	u32 ip;			/* the fentry call site, from _text */
	u32 parent;		/* the return address, from _text */
	u64 tsc;
};

#define FTRACE_EARLY_NO_PARENT	U32_MAX

/*
 * The brk area holds, from the moment the tracer is armed until memblock
 * is up: the filter bitmaps, the parsed globs and the first entries.  It
 * takes no room in the kernel image file, and it is not kept: unused
 * unless the tracer is armed, given back once memblock is up.  An
 * unfiltered boot under QEMU makes about 320,000 calls before then
 * (probe_roms() checksums option ROMs a byte per call): 5 MiB.
 */
#define FTRACE_EARLY_BRK_SIZE	SZ_8M
RESERVE_BRK(ftrace_early, FTRACE_EARLY_BRK_SIZE);

#define FTRACE_EARLY_MAX_SIZE	SZ_1G

enum ftrace_early_state {
	FTRACE_EARLY_WAITING,	/* for start_kernel() */
	FTRACE_EARLY_RECORDING,
	FTRACE_EARLY_STOPPED,	/* by ftrace_init(): entries to inject */
	FTRACE_EARLY_OFF,
};

/*
 * Tested by __fentry__.  In .data, not .bss: __fentry__ may be called
 * before clear_bss().
 */
u8 ftrace_early_active = 1;

bool ftrace_early_pending;

#define FTRACE_EARLY_MAX_UNMATCHED	8

/*
 * A glob of the command line that matched nothing, for the warning at
 * ftrace_init().  The parsed globs are in the brk area, given back once
 * memblock is up: what the warning needs is kept here, its strings in
 * ftrace_early_cmdline.
 */
struct ftrace_early_unmatched {
	int entry;			/* 1 for the list's first */
	const char *func;
	const char *mod;		/* NULL without :mod: */
};

static struct {
	enum ftrace_early_state state;
	struct ftrace_early_entry *entries;
	unsigned int nr;		/* entries recorded */
	unsigned int max;		/* entries the buffer holds now */
	unsigned int max_total;		/* entries of the size asked for */
	unsigned long dropped;
	u64 first_drop_tsc;
	u64 tsc_base;			/* TSC when the tracer was armed */
	struct ftrace_early_filter filter;
	void *brk;			/* the brk part, until memblock is up */
	void *buf;			/* the memblock entries and bitmap */
	size_t buf_size;
	unsigned long *bitmap;
	size_t bitmap_size;
	size_t size;			/* bytes asked for */
	/* From the command line, pointing into ftrace_early_cmdline. */
	bool function;
	char *filter_arg;
	char *notrace_arg;
	char *size_arg;
	/* What ftrace_early_stop() has to warn about. */
	struct ftrace_early_glob *globs;	/* in brk: gone with it */
	int nr_globs;			/* filter globs, then notrace globs */
	int nr_filter_globs;
	int nr_bad_globs;
	/* Globs that matched nothing: ftrace_filter=, ftrace_notrace= */
	struct ftrace_early_unmatched unmatched[2][FTRACE_EARLY_MAX_UNMATCHED];
	int nr_unmatched[2];
	bool bad_size;
	bool no_room_for_filter;
	bool unsorted;
	bool no_memblock;
} fe __initdata;

static char ftrace_early_cmdline[COMMAND_LINE_SIZE] __initdata;

static void __init ftrace_early_wait(unsigned long ip);

/**
 * ftrace_early_tsc_to_clock - convert an early TSC reading to trace time
 * @tsc: the TSC at the event
 * @tsc_now: the TSC now
 * @clock_now: the trace clock now, in nanoseconds, read with @tsc_now
 * @khz: the calibrated TSC frequency
 *
 * Return: @clock_now less the time from @tsc to @tsc_now; at least 1, so
 * that an early event never reads as "no time"; @clock_now if @tsc is
 * not before @tsc_now.
 */
u64 ftrace_early_tsc_to_clock(u64 tsc, u64 tsc_now, u64 clock_now, u32 khz)
{
	u64 ns;

	if (tsc >= tsc_now || !khz)
		return clock_now;
	ns = mul_u64_u32_div(tsc_now - tsc, NSEC_PER_MSEC, khz);
	if (ns >= clock_now)
		return 1;
	return clock_now - ns;
}

/**
 * ftrace_early_filter_traced - whether a call site is traced
 * @f: the filter
 * @ip: the fentry call site
 *
 * A binary search in the sorted site table and a bit test: nothing here
 * may call a function that has an fentry site.
 *
 * Return: true if @ip is traced.
 */
bool notrace ftrace_early_filter_traced(const struct ftrace_early_filter *f,
					unsigned long ip)
{
	unsigned int lo = 0, hi = f->nr_sites, mid;

	if (!f->traced)
		return true;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (f->sites[mid] < ip)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < f->nr_sites && f->sites[lo] == ip &&
	       test_bit(lo, f->traced);
}

/**
 * ftrace_early_record - record one call, from __fentry__
 * @ip: the fentry call site
 * @parent_ip: the return address of the traced function
 *
 * Called by __fentry__ while ftrace_early_active is set, which is only
 * before ftrace_init(): __init code and data are still there (__ref).
 */
void notrace __ref ftrace_early_record(unsigned long ip, unsigned long parent_ip)
{
	struct ftrace_early_entry *e;
	unsigned long base = (unsigned long)_text;

	if (unlikely(fe.state != FTRACE_EARLY_RECORDING)) {
		ftrace_early_wait(ip);
		return;
	}
	if (!ftrace_early_filter_traced(&fe.filter, ip))
		return;
	if (unlikely(fe.nr >= fe.max)) {
		if (!fe.dropped++)
			fe.first_drop_tsc = rdtsc();
		return;
	}
	e = &fe.entries[fe.nr++];
	e->ip = ip - base;
	e->parent = parent_ip - base <= U32_MAX - 1 ? parent_ip - base :
		    FTRACE_EARLY_NO_PARENT;
	e->tsc = rdtsc();
}

/* Whether entry @g of a filter list selects the function at @ip. */
static bool __init ftrace_early_glob_match(struct ftrace_early_glob *g,
					   unsigned long ip, char *name,
					   const struct ftrace_early_symbols *syms)
{
	if (g->func.len && !ftrace_match(name, &g->func))
		return false;
	return !g->has_mod || syms->in_module(ip, &g->mod);
}

/*
 * Apply the entries of a list in order, as writes to set_ftrace_filter
 * would: a match selects the function, a '!' match takes it out again.
 */
static bool __init ftrace_early_globs_select(struct ftrace_early_glob *globs,
					     int nr, unsigned long ip,
					     char *name,
					     const struct ftrace_early_symbols *syms)
{
	bool selected = false;
	int i;

	for (i = 0; i < nr; i++) {
		if (ftrace_early_glob_match(&globs[i], ip, name, syms)) {
			selected = !globs[i].not;
			globs[i].matched = true;
		}
	}
	return selected;
}

/**
 * ftrace_early_parse_globs - parse a filter list of the command line
 * @list: comma-separated entries: "glob", "!glob", "glob:mod:module";
 *        split and parsed in place
 * @globs: where the parsed entries go
 * @max: room in @globs
 * @nr_bad: counts the entries that cannot be used
 *
 * Function and module globs are parsed by filter_parse_regex(), as
 * set_ftrace_filter does.  Empty entries are skipped; entries beyond @max,
 * indexes ("42"), and over-long names count as bad.
 *
 * Return: the number of entries in @globs.
 */
int __init ftrace_early_parse_globs(char *list, struct ftrace_early_glob *globs,
				    int max, int *nr_bad)
{
	struct ftrace_early_glob *g;
	char *tok, *mod;
	int n = 0, not;

	while ((tok = strsep(&list, ","))) {
		if (!*tok)
			continue;
		if (n == max) {
			(*nr_bad)++;
			continue;
		}
		g = &globs[n];
		memset(g, 0, sizeof(*g));
		mod = strstr(tok, ":mod:");
		if (mod) {
			*mod = '\0';
			mod += 5;
			g->has_mod = true;
		}
		if (strlen(tok) >= KSYM_NAME_LEN ||
		    (mod && (!*mod || strlen(mod) >= MODULE_NAME_LEN))) {
			(*nr_bad)++;
			continue;
		}
		g->func.type = filter_parse_regex(tok, strlen(tok),
						  &g->func.search, &not);
		if (g->func.type == MATCH_INDEX) {
			(*nr_bad)++;
			continue;
		}
		g->func.len = strlen(g->func.search);
		g->not = not;
		if (mod) {
			g->mod.type = filter_parse_regex(mod, strlen(mod),
							 &g->mod.search, &not);
			g->mod.len = strlen(g->mod.search);
			if (not || g->mod.type == MATCH_INDEX) {
				(*nr_bad)++;
				continue;
			}
		}
		n++;
	}
	return n;
}

/**
 * ftrace_early_filter_build - resolve filter lists into the filter bitmap
 * @f: the filter: @f->sites and @f->nr_sites set, @f->traced with room
 *     for 2 * @f->nr_sites bits (the second half is scratch)
 * @filter: the parsed ftrace_filter= entries
 * @nr_filter: how many
 * @notrace_globs: the parsed ftrace_notrace= entries
 * @nr_notrace: how many
 * @syms: names and modules of the call sites
 *
 * One symbol look-up per call site, here and never again.  As for
 * ftrace_init(), a filter that selects nothing does not filter.  The
 * matched flag of each entry is set if it matched anything.
 */
void __init ftrace_early_filter_build(struct ftrace_early_filter *f,
				      struct ftrace_early_glob *filter,
				      int nr_filter,
				      struct ftrace_early_glob *notrace_globs,
				      int nr_notrace,
				      const struct ftrace_early_symbols *syms)
{
	unsigned long *notrace_bits = f->traced + BITS_TO_LONGS(f->nr_sites);
	char buf[KSYM_NAME_LEN];
	unsigned int i;
	char *name;

	bitmap_zero(f->traced, f->nr_sites);
	bitmap_zero(notrace_bits, f->nr_sites);
	f->nr_filter = 0;
	f->nr_notrace = 0;
	for (i = 0; i < f->nr_sites; i++) {
		name = (char *)syms->name(f->sites[i], buf);
		if (!name)
			continue;
		if (ftrace_early_globs_select(filter, nr_filter, f->sites[i],
					      name, syms)) {
			__set_bit(i, f->traced);
			f->nr_filter++;
		}
		if (ftrace_early_globs_select(notrace_globs, nr_notrace, f->sites[i],
					      name, syms)) {
			__set_bit(i, notrace_bits);
			f->nr_notrace++;
		}
	}
	if (!f->nr_filter)
		bitmap_fill(f->traced, f->nr_sites);
	bitmap_andnot(f->traced, f->traced, notrace_bits, f->nr_sites);
}

static const char * __init ftrace_early_sym_name(unsigned long ip, char *buf)
{
	unsigned long size, offset;

	if (!kallsyms_lookup(ip, &size, &offset, NULL, buf))
		return NULL;
#ifdef FTRACE_MCOUNT_MAX_OFFSET
	/* A weak function's leftover site: ftrace_init() disables it. */
	if (offset > FTRACE_MCOUNT_MAX_OFFSET)
		return NULL;
#endif
	return buf;
}

static bool __init ftrace_early_sym_in_module(unsigned long ip,
					      struct ftrace_glob *mod_g)
{
	return ftrace_match_builtin_module(ip, mod_g);
}

static const struct ftrace_early_symbols ftrace_early_kallsyms __initconst = {
	.name = ftrace_early_sym_name,
	.in_module = ftrace_early_sym_in_module,
};

static int __init ftrace_early_param(char *param, char *val,
				     const char *unused, void *arg)
{
	if (parameq(param, "ftrace"))
		fe.function = val && !strcmp(val, "function");
	else if (parameq(param, "ftrace_filter"))
		fe.filter_arg = val ?: "";
	else if (parameq(param, "ftrace_notrace"))
		fe.notrace_arg = val ?: "";
	else if (parameq(param, "ftrace_early_buf_size"))
		fe.size_arg = val ?: "";
	return 0;
}

static void __init ftrace_early_parse_size(void)
{
	u64 size = (u64)CONFIG_VERY_EARLY_FUNCTION_TRACER_BUF_SIZE * SZ_1K;
	char *end;
	u64 val;

	if (fe.size_arg) {
		val = memparse(fe.size_arg, &end);
		if (*end || val < sizeof(struct ftrace_early_entry))
			fe.bad_size = true;
		else
			size = min_t(u64, val, FTRACE_EARLY_MAX_SIZE);
	}
	fe.size = size;
	fe.max_total = size / sizeof(struct ftrace_early_entry);
}

static int __init ftrace_early_count_entries(const char *list)
{
	int n = 1;

	if (!list)
		return 0;
	for (; *list; list++)
		n += *list == ',';
	return n;
}

/* Keep what the warning needs of the globs of list @which that matched nothing */
static void __init ftrace_early_note_unmatched(int which, struct ftrace_early_glob *globs,
					       int nr)
{
	struct ftrace_early_unmatched *u;
	int i;

	for (i = 0; i < nr; i++) {
		if (globs[i].matched)
			continue;
		if (fe.nr_unmatched[which]++ >= FTRACE_EARLY_MAX_UNMATCHED)
			continue;
		u = &fe.unmatched[which][fe.nr_unmatched[which] - 1];
		u->entry = i + 1;
		u->func = globs[i].func.search;
		u->mod = globs[i].has_mod ? globs[i].mod.search : NULL;
	}
}

/*
 * Resolve the filter lists, taking the bitmaps and parsed entries from
 * @room bytes at *@p.  Return false if the lists cannot be honoured.
 */
static bool __init ftrace_early_setup_filter(char **p, size_t *room)
{
	struct ftrace_early_filter *f = &fe.filter;
	int nr_filter, nr_notrace, max_filter, max_notrace;
	size_t bitmap_size, globs_size;
	unsigned int i;

	for (i = 1; i < f->nr_sites; i++) {
		if (f->sites[i - 1] > f->sites[i]) {
			fe.unsorted = true;
			return false;
		}
	}
	max_filter = ftrace_early_count_entries(fe.filter_arg);
	max_notrace = ftrace_early_count_entries(fe.notrace_arg);
	bitmap_size = 2 * BITS_TO_LONGS(f->nr_sites) * sizeof(long);
	globs_size = (max_filter + max_notrace) * sizeof(*fe.globs);
	if (bitmap_size + globs_size > *room / 2) {
		fe.no_room_for_filter = true;
		return false;
	}
	fe.globs = (struct ftrace_early_glob *)*p;
	nr_filter = 0;
	if (fe.filter_arg)
		nr_filter = ftrace_early_parse_globs(fe.filter_arg, fe.globs,
						     max_filter,
						     &fe.nr_bad_globs);
	nr_notrace = 0;
	if (fe.notrace_arg)
		nr_notrace = ftrace_early_parse_globs(fe.notrace_arg,
						      fe.globs + nr_filter,
						      max_notrace,
						      &fe.nr_bad_globs);
	fe.nr_filter_globs = nr_filter;
	fe.nr_globs = nr_filter + nr_notrace;
	*p += globs_size;
	*room -= globs_size;
	if (!fe.nr_globs)
		return true;	/* nothing to filter with */

	f->traced = (unsigned long *)PTR_ALIGN(*p, sizeof(long));
	ftrace_early_filter_build(f, fe.globs, nr_filter,
				  fe.globs + nr_filter, nr_notrace,
				  &ftrace_early_kallsyms);
	ftrace_early_note_unmatched(0, fe.globs, nr_filter);
	ftrace_early_note_unmatched(1, fe.globs + nr_filter, nr_notrace);
	*room -= (char *)f->traced + bitmap_size - *p;
	*p = (char *)f->traced + bitmap_size;
	return true;
}

/* Read the command line and get ready to record; at start_kernel(). */
static void __init ftrace_early_arm(void)
{
	size_t room;
	char *p;

	fe.tsc_base = rdtsc();
	fe.state = FTRACE_EARLY_OFF;
	fe.filter.sites = __start_mcount_loc;
	fe.filter.nr_sites = __stop_mcount_loc - __start_mcount_loc;
	strscpy(ftrace_early_cmdline, boot_command_line,
		sizeof(ftrace_early_cmdline));
	parse_args("ftrace early options", ftrace_early_cmdline, NULL, 0, 0,
		   0, NULL, ftrace_early_param);
	ftrace_early_parse_size();
	if (!fe.function)
		return;

	room = FTRACE_EARLY_BRK_SIZE;
	p = extend_brk(room, PAGE_SIZE);
	fe.brk = p;
	if ((fe.filter_arg || fe.notrace_arg) &&
	    !ftrace_early_setup_filter(&p, &room))
		return;
	p = PTR_ALIGN(p, sizeof(u64));
	room = fe.brk + FTRACE_EARLY_BRK_SIZE - (void *)p;
	fe.entries = (struct ftrace_early_entry *)p;
	fe.max = min_t(size_t, room / sizeof(*fe.entries), fe.max_total);
	fe.state = FTRACE_EARLY_RECORDING;
}

static void __init ftrace_early_wait(unsigned long ip)
{
	unsigned long start = (unsigned long)start_kernel;

	/* Before start_kernel(), or after the tracer was turned off. */
	if (fe.state != FTRACE_EARLY_WAITING || ip - start >= 16)
		return;
	/* The call site of start_kernel() itself: arm, not recorded. */
	ftrace_early_active = 0;
	ftrace_early_arm();
	ftrace_early_active = fe.state == FTRACE_EARLY_RECORDING;
}

/**
 * ftrace_early_memblock_ready - move the entries to the buffer asked for
 *
 * Called by setup_arch() once memblock can allocate from mapped memory.
 * The brk part is given back.  Without memory, recording goes on in the
 * brk part.
 */
void __init ftrace_early_memblock_ready(void)
{
	size_t entries_size, bitmap_size = 0;
	struct ftrace_early_filter *f = &fe.filter;
	unsigned long *bitmap = NULL;
	void *buf;

	if (fe.state != FTRACE_EARLY_RECORDING)
		return;
	/* Full already: recording has stopped and stays stopped. */
	if (fe.dropped)
		return;
	ftrace_early_active = 0;
	entries_size = PAGE_ALIGN((size_t)fe.max_total * sizeof(*fe.entries));
	buf = memblock_alloc_raw(entries_size, PAGE_SIZE);
	if (buf && f->traced) {
		bitmap_size = BITS_TO_LONGS(f->nr_sites) * sizeof(long);
		bitmap = memblock_alloc_raw(bitmap_size, sizeof(long));
		if (!bitmap) {
			memblock_free(buf, entries_size);
			buf = NULL;
		}
	}
	if (!buf) {
		fe.no_memblock = true;
		goto out;
	}
	memcpy(buf, fe.entries, fe.nr * sizeof(*fe.entries));
	fe.entries = buf;
	fe.max = fe.max_total;
	fe.buf = buf;
	fe.buf_size = entries_size;
	if (bitmap) {
		memcpy(bitmap, f->traced, bitmap_size);
		f->traced = bitmap;
		fe.bitmap = bitmap;
		fe.bitmap_size = bitmap_size;
	}
	memblock_free(fe.brk, FTRACE_EARLY_BRK_SIZE);
	fe.brk = NULL;
	fe.globs = NULL;
out:
	ftrace_early_active = 1;
}

/**
 * ftrace_early_clock_base - where TSC-based sched_clock() starts counting
 * @tsc_now: the TSC when sched_clock() is switched to it
 *
 * sched_clock() reads 0 at @tsc_now.  While very early entries are kept,
 * they are older than that: it is made to count from the moment the
 * tracer was armed instead.
 *
 * Return: the TSC reading at which sched_clock() is 0.
 */
u64 __init ftrace_early_clock_base(u64 tsc_now)
{
	if ((fe.state == FTRACE_EARLY_RECORDING ||
	     fe.state == FTRACE_EARLY_STOPPED) && fe.tsc_base < tsc_now)
		return fe.tsc_base;
	return tsc_now;
}

#ifdef CONFIG_VERY_EARLY_FUNCTION_TRACER_BENCHMARK
#define FTRACE_EARLY_BENCH_CALLS	100000

static struct {
	unsigned int calls;
	u64 off, recorded;		/* TSC cycles for all calls */
	bool traced;			/* the target passed the filters */
} ftrace_early_bench_result __initdata;

/*
 * Time calls of a traced function with __fentry__ returning at once (the
 * option built in, not asked for) and with each call recorded, while the
 * call sites still call __fentry__; then forget the entries.
 */
static void __init ftrace_early_bench(void)
{
	int (*fn)(int) = ftrace_early_bench_target;
	unsigned int i, n, nr = fe.nr;
	u64 t0, t1, t2;

	/* Called through a pointer the compiler cannot see through. */
	OPTIMIZER_HIDE_VAR(fn);

	n = min(fe.max - fe.nr, FTRACE_EARLY_BENCH_CALLS);
	if (fe.dropped || !n)
		return;
	ftrace_early_active = 0;
	t0 = rdtsc();
	for (i = 0; i < n; i++)
		fn(i);
	t1 = rdtsc();
	ftrace_early_active = 1;
	for (i = 0; i < n; i++)
		fn(i);
	ftrace_early_active = 0;
	t2 = rdtsc();
	ftrace_early_bench_result.calls = n;
	ftrace_early_bench_result.off = t1 - t0;
	ftrace_early_bench_result.recorded = t2 - t1;
	ftrace_early_bench_result.traced = fe.nr == nr + n;
	fe.nr = nr;
}

static void __init ftrace_early_bench_report(void)
{
	struct { u64 off, recorded; } ns;
	unsigned int n = ftrace_early_bench_result.calls;

	if (!n || !tsc_khz)
		return;
	ns.off = mul_u64_u32_div(ftrace_early_bench_result.off, NSEC_PER_MSEC,
				 tsc_khz);
	ns.recorded = mul_u64_u32_div(ftrace_early_bench_result.recorded,
				      NSEC_PER_MSEC, tsc_khz);
	pr_info("benchmark: %u calls of a %s function: %llu ns per call recorded, %llu ns per call with the tracer off\n",
		n, ftrace_early_bench_result.traced ? "traced" : "filtered out",
		div_u64(ns.recorded, n), div_u64(ns.off, n));
}
#else
static inline void ftrace_early_bench(void) { }
static inline void ftrace_early_bench_report(void) { }
#endif

/* Name the first globs of a list that matched nothing, count the rest. */
static void __init ftrace_early_warn_unmatched(const char *list, int which)
{
	struct ftrace_early_unmatched *u = fe.unmatched[which];
	int i, n = min(fe.nr_unmatched[which], FTRACE_EARLY_MAX_UNMATCHED);

	for (i = 0; i < n; i++)
		pr_warn("%s entry %d (%s%s%s) matches no function\n",
			list, u[i].entry, u[i].func, u[i].mod ? ":mod:" : "",
			u[i].mod ? u[i].mod : "");
	if (fe.nr_unmatched[which] > FTRACE_EARLY_MAX_UNMATCHED)
		pr_warn("%s has %d more entries that match no function\n", list,
			fe.nr_unmatched[which] - FTRACE_EARLY_MAX_UNMATCHED);
}

static void __init ftrace_early_warn(void)
{
	if (fe.bad_size)
		pr_warn("ftrace_early_buf_size=%s is not a size: using %zu KiB\n",
			fe.size_arg, fe.size / SZ_1K);
	if (!fe.function)
		return;
	if (fe.unsorted)
		pr_warn("__mcount_loc is not sorted: filters cannot be applied, nothing recorded\n");
	if (fe.no_room_for_filter)
		pr_warn("ftrace_filter= and ftrace_notrace= need more than %u KiB: nothing recorded\n",
			FTRACE_EARLY_BRK_SIZE / SZ_2K);
	if (fe.nr_bad_globs)
		pr_warn("%d entries of ftrace_filter= or ftrace_notrace= ignored: not a function glob, '!glob' or 'glob:mod:module'\n",
			fe.nr_bad_globs);
	ftrace_early_warn_unmatched("ftrace_filter=", 0);
	ftrace_early_warn_unmatched("ftrace_notrace=", 1);
	if (fe.filter_arg && !fe.nr_filter_globs)
		pr_warn("ftrace_filter= has no entries: ignored\n");
	else if (fe.nr_filter_globs && fe.filter.traced && !fe.filter.nr_filter)
		pr_warn("ftrace_filter= selects no function: every function is traced, as after ftrace_init()\n");
	if (fe.notrace_arg && fe.nr_globs == fe.nr_filter_globs)
		pr_warn("ftrace_notrace= has no entries: ignored\n");
	if (fe.no_memblock)
		pr_warn("no memory for a %zu KiB buffer: using %u KiB\n",
			fe.size / SZ_1K,
			(unsigned int)(fe.max * sizeof(*fe.entries) / SZ_1K));
}

/**
 * ftrace_early_stop - stop recording; from ftrace_init()
 *
 * The call sites are about to become NOPs.  Also tells about command-line
 * values that were not understood.
 */
void __init ftrace_early_stop(void)
{
	ftrace_early_active = 0;
	if (fe.state == FTRACE_EARLY_RECORDING) {
		ftrace_early_bench();
		fe.state = FTRACE_EARLY_STOPPED;
		ftrace_early_pending = true;
	} else if (fe.state == FTRACE_EARLY_WAITING) {
		fe.state = FTRACE_EARLY_OFF;
	}
	ftrace_early_warn();
	/* Armed, but the filters could not be honoured. */
	if (fe.state == FTRACE_EARLY_OFF && fe.brk) {
		free_reserved_area(fe.brk, fe.brk + FTRACE_EARLY_BRK_SIZE, -1,
				   NULL);
		fe.brk = NULL;
	}
}

static u64 ftrace_early_ts __initdata;

/* The ring buffer clock while the entries are written: their own time. */
static u64 __init ftrace_early_clock(void)
{
	return ftrace_early_ts;
}

/* A line in the trace after the entries when some were dropped. */
static void __init ftrace_early_note_drops(struct trace_buffer *buffer,
					   unsigned int trace_ctx)
{
	struct ring_buffer_event *event;
	struct print_entry *entry;
	char msg[96];
	int len;

	len = scnprintf(msg, sizeof(msg),
			"very early function tracer: %lu calls lost (buffer full: ftrace_early_buf_size=)\n",
			fe.dropped);
	event = trace_buffer_lock_reserve(buffer, TRACE_PRINT,
					  sizeof(*entry) + len + 1, trace_ctx);
	if (!event)
		return;
	entry = ring_buffer_event_data(event);
	entry->ip = (unsigned long)ftrace_early_record;
	memcpy(entry->buf, msg, len + 1);
	trace_buffer_unlock_commit_nostack(buffer, event);
}

/* Write the entries to @tr, each with its own timestamp if possible. */
static void __init ftrace_early_write(struct trace_array *tr,
				      u64 (*clock)(void))
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	unsigned int trace_ctx = tracing_gen_ctx();
	unsigned long base = (unsigned long)_text;
	bool own_time = tsc_khz && trace_clock_in_ns(tr);
	u64 tsc_now, clock_now, ts = 0;
	struct ftrace_early_entry *e;
	unsigned int i;

	clock_now = ring_buffer_time_stamp(buffer);
	tsc_now = rdtsc();
	if (own_time)
		ring_buffer_set_clock(buffer, ftrace_early_clock);
	for (i = 0; i < fe.nr; i++) {
		e = &fe.entries[i];
		/* Never backwards, should the TSC have been set back. */
		ts = max(ts, ftrace_early_tsc_to_clock(e->tsc, tsc_now,
						       clock_now, tsc_khz));
		ftrace_early_ts = ts;
		trace_function(tr, base + e->ip,
			       e->parent == FTRACE_EARLY_NO_PARENT ? 0 :
			       base + e->parent, trace_ctx);
	}
	if (fe.dropped) {
		ftrace_early_ts = max(ts, ftrace_early_tsc_to_clock(fe.first_drop_tsc,
								    tsc_now, clock_now,
								    tsc_khz));
		ftrace_early_note_drops(buffer, trace_ctx);
	}
	if (own_time) {
		ring_buffer_set_clock(buffer, clock);
		/* The trace file hides what is older than the last reset. */
		if (fe.nr)
			tr->array_buffer.time_start = 0;
	}
}

/* Give back the memory of the entries. */
static void __init ftrace_early_free(void)
{
	if (fe.buf)
		memblock_free_late(__pa(fe.buf), fe.buf_size);
	if (fe.bitmap)
		memblock_free_late(__pa(fe.bitmap), fe.bitmap_size);
	if (fe.brk)
		free_reserved_area(fe.brk, fe.brk + FTRACE_EARLY_BRK_SIZE, -1,
				   NULL);
	fe.buf = NULL;
	fe.bitmap = NULL;
	fe.brk = NULL;
}

static void __init __ftrace_early_inject(struct trace_array *tr,
					 u64 (*clock)(void))
{
	ftrace_early_write(tr, clock);
	pr_info("%u calls recorded, %lu dropped; ftrace_filter= %u, ftrace_notrace= %u of %u functions; buffer %zu KiB\n",
		fe.nr, fe.dropped,
		fe.filter.nr_filter ?: fe.filter.nr_sites,
		fe.filter.traced ? fe.filter.nr_notrace : 0,
		fe.filter.nr_sites, fe.max * sizeof(*fe.entries) / SZ_1K);
	ftrace_early_bench_report();
	ftrace_early_free();
}

/**
 * ftrace_early_inject - put the very early entries into the trace buffer
 * @tr: the top-level trace array
 * @clock: the clock of its buffer
 *
 * Called when the boot tracer starts, its buffer just reset and before it
 * records anything, so the entries come first.  Frees their memory.
 * Does nothing unless ftrace_early_pending, which only boot code sets.
 */
void __ref ftrace_early_inject(struct trace_array *tr, u64 (*clock)(void))
{
	if (!ftrace_early_pending)
		return;
	ftrace_early_pending = false;
	__ftrace_early_inject(tr, clock);
}

/* If the boot tracer never started, say so and give the memory back. */
static int __init ftrace_early_discard(void)
{
	if (!ftrace_early_pending)
		return 0;
	ftrace_early_pending = false;
	pr_warn("the function tracer did not start at boot: %u calls discarded\n",
		fe.nr);
	ftrace_early_free();
	return 0;
}
late_initcall(ftrace_early_discard);

/* Read at start_kernel() above; this only keeps it from init's arguments. */
static int __init ftrace_early_buf_size_setup(char *str)
{
	return 1;
}
__setup("ftrace_early_buf_size=", ftrace_early_buf_size_setup);
