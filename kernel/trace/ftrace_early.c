// SPDX-License-Identifier: GPL-2.0
/*
 * Very early function tracing (CONFIG_VERY_EARLY_FUNCTION_TRACER).
 *
 * Until ftrace_init() turns them into NOPs, the fentry call sites call
 * __fentry__, which returns at once: GCC's (FTRACE_MCOUNT_USE_CC on x86_64)
 * and, since this option keeps objtool from writing NOPs at build time,
 * Clang's.  With this option __fentry__ first tests ftrace_early_active and,
 * while it is set, has ftrace_early_record() note the call.  Everything
 * below runs on the boot CPU with interrupts off until step 4:
 *
 *  1. The __fentry__ call of start_kernel() itself arms the tracer: the
 *     command line, as the architecture will make it, is read with the
 *     kernel's own parser.  Without ftrace=function the tracer is off
 *     and the architecture makes the test in __fentry__ NOPs
 *     (arch_ftrace_early_unhook()): __fentry__ returns at once, as
 *     without this option; with "bootconfig" on the command line,
 *     bootconfig's kernel.ftrace= may still arm it once start_kernel() has
 *     read it (ftrace_early_bootconfig()).  Otherwise
 *     ftrace_filter= and ftrace_notrace= are resolved, with ftrace's glob
 *     parsing and matching, into a bitmap over the sorted __mcount_loc
 *     table, so that a call costs a binary search and a bit test, never a
 *     symbol look-up.
 *  2. Entries (call site, parent, counter) go to a small area the
 *     architecture keeps (64 KiB on x86) until memblock can give memory
 *     (ftrace_early_memblock_ready()), then to a buffer of
 *     the size asked for.  If the small area fills up first, the calls
 *     that repeat the calls before them are folded into lines that count
 *     them (ftrace=function, ftrace_early_fold.c); if it fills up again,
 *     its last three quarters become a ring: the calls it overwrites are
 *     counted, and the count goes into the trace where they were.  When
 *     the buffer is full, its last quarter becomes such a ring, so that
 *     the calls that led to a crash are kept too (ftrace=function; the
 *     graph counts the calls it has no room for instead).
 *  3. ftrace_init() stops the recording (ftrace_early_stop()) and the
 *     test in __fentry__ becomes NOPs.
 *  4. When the boot tracer starts, its buffer just reset, the entries are
 *     written to it on the boot CPU before anything else
 *     (ftrace_early_inject()), and the memory is freed.
 *
 * Timestamps: the counter runs before anything is calibrated.  At
 * injection one reading of the counter and of the trace clock, taken
 * together, and the counter's frequency known by then turn every entry
 * into a time on the trace clock.  The trace clock starts after the
 * tracer was armed: entries older than its zero are written at 0, as
 * dmesg shows the messages of that time, and later events keep the trace
 * clock's own times.  The default clock switch of late_initcall (to
 * "global" when sched_clock() is unstable) resets the buffer: trace.c
 * puts it off to the first clear while the buffer holds the entries.
 */

#define pr_fmt(fmt) "ftrace: very early: " fmt

#include <linux/bitmap.h>
#include <linux/bootconfig.h>
#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kdebug.h>
#include <linux/kernel.h>
#include <linux/kmemleak.h>
#include <linux/math64.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/moduleparam.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/ring_buffer.h>
#include <linux/sizes.h>
#include <linux/start_kernel.h>
#include <linux/string.h>
#include <linux/trace_clock.h>

#include <asm/sections.h>
#include <asm/setup.h>

#include "trace.h"
#include "ftrace_early_internal.h"

#define FTRACE_EARLY_MAX_SIZE	SZ_1G

enum ftrace_early_state {
	FTRACE_EARLY_WAITING,	/* for start_kernel() */
	FTRACE_EARLY_BOOTCONFIG, /* for bootconfig's kernel.ftrace keys */
	FTRACE_EARLY_RECORDING,
	FTRACE_EARLY_FROZEN,	/* by a dump (ftrace_early_dump()) */
	FTRACE_EARLY_STOPPED,	/* by ftrace_init(): entries to inject */
	FTRACE_EARLY_OFF,
};

/*
 * Tested by __fentry__.  Initialized data, not .bss: __fentry__ may be
 * called before clear_bss().
 */
u8 ftrace_early_active __ro_after_init = 1;

bool ftrace_early_pending;

#define FTRACE_EARLY_MAX_UNMATCHED	8

/*
 * A glob of the command line that matched nothing, for the warning at
 * ftrace_init().  The parsed globs are in the early area, given back once
 * the buffer is elsewhere: what the warning needs is kept here, its
 * strings in ftrace_early_cmdline.
 */
struct ftrace_early_unmatched {
	int entry;			/* 1 for the list's first */
	const char *func;
	const char *mod;		/* NULL without :mod: */
};

/* The recording: the buffer, the entries and the filter */
static struct {
	enum ftrace_early_state state;
	struct ftrace_early_log log;
	unsigned int max_total;		/* entries of the size asked for */
	unsigned int nr_calls;		/* calls recorded and kept */
	/*
	 * When the early area fills up before the buffer comes, its last
	 * three quarters become a ring (area_ring): the first calls and
	 * those just before the buffer are kept, and those the ring
	 * overwrites counted.  When the buffer fills up, its last quarter
	 * does (tail_ring).  @ring is the one that takes the calls once the
	 * entries are full; NULL: they are dropped.
	 */
	struct ftrace_early_ring area_ring;
	struct ftrace_early_ring tail_ring;
	struct ftrace_early_ring *ring;
	unsigned long dropped;		/* calls the buffer had no room for */
	u64 first_drop_counter;
	unsigned long recursion;	/* calls made while recording one */
	struct ftrace_early_fold fold;	/* the early area's repeats */
	bool recording;
	struct ftrace_early_filter filter;
	/* ftrace=function_graph: the calls' returns too */
	bool graph_mode;
	struct ftrace_early_graph graph;
	struct ftrace_early_filter graph_only;		/* ftrace_graph_filter= */
	struct ftrace_early_filter graph_notrace;	/* ftrace_graph_notrace= */
	bool region;			/* the entries are in ftrace_early_region= */
	void *area;			/* the early area, until the buffer */
	size_t area_size;
	bool area_memblock;		/* from memblock (bootconfig), not the arch */
	void *buf;			/* the buffer and the bitmap after it */
	size_t buf_size;
} fe __initdata;

/*
 * The parameters, from the command line (and bootconfig): pointers into
 * ftrace_early_cmdline (and ftrace_early_bootconfig()'s copy)
 */
static struct {
	bool function;
	bool graph;			/* ftrace=function_graph */
	char *filter_arg;
	char *notrace_arg;
	char *graph_filter_arg;
	char *graph_notrace_arg;
	char *max_depth_arg;
	char *size_arg;
	char *test_arg;			/* ftrace_early_test= */
	char *region_arg;		/* ftrace_early_region= */
	bool dump_on_oops;		/* ftrace_dump_on_oops, not =0 */
	bool bootconfig;		/* bootconfig is to be read */
	size_t size;			/* bytes asked for */
	int nr_globs;			/* filter globs, then notrace globs */
	int nr_filter_globs;
} fe_param __initdata;

/* What went wrong or was left out: for the warnings (no_times: the times) */
static struct {
	bool bad_size;
	int nr_bad_globs;
	/*
	 * Globs that matched nothing: ftrace_filter=, ftrace_notrace=,
	 * ftrace_graph_filter=, ftrace_graph_notrace=
	 */
	struct ftrace_early_unmatched unmatched[4][FTRACE_EARLY_MAX_UNMATCHED];
	int nr_unmatched[4];
	bool bad_max_depth;
	int bad_test;			/* ftrace_early_test=: -errno */
	bool no_room_for_filter;
	bool no_room_for_graph_filter;
	bool unsorted;
	bool no_memory;
	/* At injection */
	unsigned int not_written;	/* entries the trace buffer could not hold */
	bool no_times;			/* no frequency: entries 1 ns apart */
	unsigned int before_zero;	/* entries before the trace clock's zero */
	u64 zero_after;			/* ns from the first entry to the zero */
} fe_warn __initdata;

static char ftrace_early_cmdline[COMMAND_LINE_SIZE] __initdata;

/* The shadow return stack of ftrace=function_graph */
static struct ftrace_early_graph_frame
ftrace_early_frames[FTRACE_EARLY_GRAPH_FRAMES] __initdata;

/* Set while hooked returns may be on the stack: for the unwinders */
static bool ftrace_early_graph_live __ro_after_init;

static void __init ftrace_early_wait(unsigned long ip);
static void __init ftrace_early_dump_arm(void);

/*
 * ftrace=function: once the entries are full, the last quarter of them
 * takes the calls that follow, as a ring.
 */
static void __init ftrace_early_arm_tail_ring(void)
{
	if (fe.graph_mode || fe.log.max < 4 || fe.tail_ring.over)
		return;
	fe.tail_ring.at = fe.log.max - fe.log.max / 4;
	fe.ring = &fe.tail_ring;
}

/* After injection: the buffer that holds the entries, and their CPU */
static struct trace_buffer *ftrace_early_buffer;
static int ftrace_early_cpu;
/*
 * The time of the entry being written on the trace clock, negative before
 * its zero, and as its buffer's clock takes it: 0 before the zero.
 */
static s64 ftrace_early_time __initdata;
static u64 ftrace_early_ts __initdata;

/**
 * ftrace_early_ticks_to_ns - counter ticks to nanoseconds
 * @ticks: a number of ticks
 * @khz: the counter's frequency, not 0
 *
 * Return: the time @ticks take.
 */
u64 __init ftrace_early_ticks_to_ns(u64 ticks, u32 khz)
{
	return mul_u64_u32_div(ticks, NSEC_PER_MSEC, khz);
}

/**
 * ftrace_early_timebase_init - set up the conversion of counter readings
 * @tb: the conversion
 * @counter_now: the counter now
 * @clock_now: the trace clock now, in nanoseconds, read with @counter_now
 * @khz: the counter's frequency; 0 if unknown
 */
void __init ftrace_early_timebase_init(struct ftrace_early_timebase *tb,
				       u64 counter_now, u64 clock_now, u32 khz)
{
	tb->counter_now = counter_now;
	tb->clock_now = min_t(u64, clock_now, S64_MAX);
	tb->khz = khz;
}

/**
 * ftrace_early_timebase_ts - the trace time of a counter reading
 * @tb: the conversion
 * @counter: the reading
 *
 * Return: the time on the trace clock, negative for a reading before the
 * clock's zero; that of "now" for a reading not before @tb->counter_now,
 * and for every reading without a frequency.
 */
s64 __init ftrace_early_timebase_ts(const struct ftrace_early_timebase *tb,
				    u64 counter)
{
	u64 ns;

	if (counter >= tb->counter_now || !tb->khz)
		return tb->clock_now;
	ns = ftrace_early_ticks_to_ns(tb->counter_now - counter, tb->khz);
	/* Ticks since a boot long ago, if the counter ran before it */
	ns = min_t(u64, ns, (u64)S64_MAX / 2);
	return (s64)tb->clock_now - (s64)ns;
}

/**
 * ftrace_early_rebase - undo a step of the counter in the entries
 * @e: the entries, in the order they were recorded
 * @nr: how many
 * @step: how much the counter was set back, once, while or after they
 *        were recorded (0: never)
 *
 * The step shows as a jump back (@step > 0) or forward by at least -@step
 * between two entries; the entries before it, or all if there is none,
 * are moved onto the counter as it runs now.  A step smaller than the
 * time between two entries may not show: then all move, those after the
 * step @step ticks too early.
 *
 * Return: the index of the first entry recorded after the step; @nr if
 * none was, or if there was no step.
 */
unsigned int __init ftrace_early_rebase(struct ftrace_early_entry *e,
					unsigned int nr, s64 step)
{
	unsigned int i, at = nr;

	if (!step)
		return nr;
	for (i = 1; i < nr; i++) {
		/* A fold line's time is that of the last call it took. */
		if (step < 0 && e[i].ip == FTRACE_EARLY_FOLDED)
			continue;
		if (step > 0 ? e[i].counter < e[i - 1].counter :
		    e[i].counter - e[i - 1].counter >= (u64)-step) {
			at = i;
			break;
		}
	}
	for (i = 0; i < at; i++)
		e[i].counter -= step;
	return at;
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
 * @retp: where @parent_ip is on the stack
 *
 * Called by __fentry__ while ftrace_early_active is set, which is only
 * before ftrace_init(): __init code and data are still there (__ref).
 * Only the boot CPU runs, but an NMI or an exception fixup may run traced
 * code in the middle of recording a call: such calls are counted, not
 * recorded.  With ftrace=function_graph the return of a recorded call is
 * hooked: *@retp becomes ftrace_early_return.
 */
void notrace __ref ftrace_early_record(unsigned long ip, unsigned long parent_ip,
				       unsigned long *retp)
{
	unsigned long base = (unsigned long)_text;
	struct ftrace_early_ring *ring;
	struct ftrace_early_entry *e;
	u32 ip_off, parent_off;
	u64 counter;

	if (unlikely(fe.state != FTRACE_EARLY_RECORDING)) {
		ftrace_early_wait(ip);
		return;
	}
	if (unlikely(fe.recording)) {
		fe.recursion++;
		return;
	}
	fe.recording = true;
	if (fe.region)
		fe.log.e = ftrace_early_region_entries();
	if (!ftrace_early_filter_traced(&fe.filter, ip))
		goto out;
	if (fe.graph_mode) {
		if (*retp == parent_ip &&
		    ftrace_early_graph_enter(&fe.graph, &fe.log, ip, ip - base,
					     retp, arch_ftrace_early_counter())) {
			*retp = (unsigned long)ftrace_early_return;
			fe.nr_calls += fe.graph.frames[fe.graph.nr_frames - 1].recorded;
		}
		goto out;
	}
	ip_off = ip - base;
	parent_off = parent_ip - base <= U32_MAX - 1 ? parent_ip - base :
		     FTRACE_EARLY_NO_PARENT;
	counter = arch_ftrace_early_counter();
	if (fe.fold.on &&
	    ftrace_early_fold_take(&fe.fold, &fe.log, ip_off, parent_off, counter))
		goto out;
	/* The early area full: fold what it holds, once, and this call. */
	if (unlikely(fe.log.nr >= fe.log.max) && fe.ring == &fe.area_ring &&
	    !fe.fold.on) {
		fe.nr_calls -= ftrace_early_fold_log(&fe.fold, &fe.log);
		if (ftrace_early_fold_take(&fe.fold, &fe.log, ip_off,
					   parent_off, counter))
			goto out;
	}
	if (unlikely(fe.log.nr >= fe.log.max)) {
		ring = fe.ring;
		if (ring) {
			e = &fe.log.e[ring->at + ring->over % (fe.log.max - ring->at)];
			if (!ring->over++)
				ring->counter = e->counter;
			if (e->ip == FTRACE_EARLY_FOLDED) {
				/* A call for the calls of a fold line */
				ring->calls += e->parent;
				fe.fold.calls -= e->parent;
				fe.fold.lines--;
				fe.nr_calls++;
			} else {
				ring->calls++;
			}
			e->ip = ip_off;
			e->parent = parent_off;
			e->counter = counter;
			fe.fold.run = 0;
			fe.fold.open = 0;
			goto out;
		}
		if (!fe.dropped++)
			fe.first_drop_counter = counter;
		goto out;
	}
	e = &fe.log.e[fe.log.nr++];
	e->ip = ip_off;
	e->parent = parent_off;
	e->counter = counter;
	fe.nr_calls++;
	if (fe.fold.on)
		fe.nr_calls -= ftrace_early_fold_recorded(&fe.fold, &fe.log);
out:
	if (fe.region)
		ftrace_early_region_sync(fe.log.nr, fe.tail_ring.at,
					 fe.tail_ring.over, false);
	fe.recording = false;
	ftrace_early_test_call(ip);
}

/**
 * ftrace_early_graph_return - a call hooked by ftrace=function_graph returns
 *
 * Called by ftrace_early_return, the return hook, with the return value
 * kept: records the return while the recording goes on.  No call is
 * pending once the recording has stopped (see ftrace_early_graph.c), so
 * __init data is still there (__ref).
 *
 * Return: the real return address.
 */
unsigned long notrace __ref ftrace_early_graph_return(void)
{
	bool nested = fe.recording;
	unsigned long ret;

	fe.recording = true;
	if (fe.region)
		fe.log.e = ftrace_early_region_entries();
	ret = ftrace_early_graph_exit(&fe.graph, &fe.log,
				      fe.state == FTRACE_EARLY_RECORDING,
				      arch_ftrace_early_counter());
	if (fe.region)
		ftrace_early_region_sync(fe.log.nr, 0, 0, false);
	fe.recording = nested;
	return ret;
}

/**
 * ftrace_early_graph_pending - whether graph entries wait for the graph tracer
 *
 * Return: true if ftrace=function_graph recorded the calls up to
 * ftrace_init(): the graph tracer is to start at once.
 */
bool __init ftrace_early_graph_pending(void)
{
	return ftrace_early_pending && fe.graph_mode;
}

/**
 * __ftrace_early_ret_addr - the real return address of a hooked stack slot
 * @ret: ftrace_early_return, found on the stack
 * @retp: where it was found
 *
 * For the unwinders, through ftrace_early_ret_addr().
 *
 * Return: the real return address if @retp is a slot the tracer hooked,
 * else @ret.
 */
unsigned long __ref __ftrace_early_ret_addr(unsigned long ret, unsigned long *retp)
{
	if (!READ_ONCE(ftrace_early_graph_live))
		return ret;
	return ftrace_early_graph_ret_addr(&fe.graph, ret, retp);
}

/* Whether entry @g of a filter list selects the function at @ip. */
static bool __init ftrace_early_glob_match(struct ftrace_early_glob *g,
					   unsigned long ip, char *name,
					   const struct ftrace_early_symbols *syms)
{
	if (g->func.len && !ftrace_match(name, &g->func))
		return false;
	/* A blank module glob ("*") means loadable modules: none yet */
	return !g->has_mod || (g->mod.len && syms->in_module(ip, &g->mod));
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
	if (parameq(param, "ftrace")) {
		fe_param.function = val && (!strcmp(val, "function") ||
					    !strcmp(val, "function_graph"));
		fe_param.graph = IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) &&
				 val && !strcmp(val, "function_graph");
	} else if (parameq(param, "ftrace_graph_filter")) {
		fe_param.graph_filter_arg = val ?: "";
	} else if (parameq(param, "ftrace_graph_notrace")) {
		fe_param.graph_notrace_arg = val ?: "";
	} else if (parameq(param, "ftrace_graph_max_depth")) {
		fe_param.max_depth_arg = val ?: "";
	} else if (parameq(param, "ftrace_filter")) {
		fe_param.filter_arg = val ?: "";
	} else if (parameq(param, "ftrace_notrace")) {
		fe_param.notrace_arg = val ?: "";
	} else if (parameq(param, "ftrace_early_buf_size")) {
		fe_param.size_arg = val ?: "";
	} else if (parameq(param, "ftrace_early_region")) {
		fe_param.region_arg = val ?: "";
	} else if (parameq(param, "ftrace_early_test")) {
		fe_param.test_arg = val ?: "";
	} else if (!strncmp(param, "ftrace_dump_on_oops", 19) &&
		   (!param[19] || param[19] == ',')) {
		/* Any value but 0: the global buffer or an instance */
		fe_param.dump_on_oops = param[19] || !val || strcmp(val, "0");
	} else if (parameq(param, "bootconfig")) {
		fe_param.bootconfig = true;
	}
	return 0;
}

static void __init ftrace_early_parse_size(void)
{
	u64 size = (u64)CONFIG_VERY_EARLY_FUNCTION_TRACER_BUF_SIZE * SZ_1K;
	char *end;
	u64 val;

	if (fe_param.size_arg) {
		val = memparse(fe_param.size_arg, &end);
		if (*end || val < sizeof(struct ftrace_early_entry))
			fe_warn.bad_size = true;
		else
			size = min_t(u64, val, FTRACE_EARLY_MAX_SIZE);
	}
	fe_param.size = size;
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
		if (fe_warn.nr_unmatched[which]++ >= FTRACE_EARLY_MAX_UNMATCHED)
			continue;
		u = &fe_warn.unmatched[which][fe_warn.nr_unmatched[which] - 1];
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
	struct ftrace_early_glob *globs;
	size_t bitmap_size, globs_size;
	unsigned int i;

	for (i = 1; i < f->nr_sites; i++) {
		if (f->sites[i - 1] > f->sites[i]) {
			fe_warn.unsorted = true;
			return false;
		}
	}
	max_filter = ftrace_early_count_entries(fe_param.filter_arg);
	max_notrace = ftrace_early_count_entries(fe_param.notrace_arg);
	bitmap_size = 2 * BITS_TO_LONGS(f->nr_sites) * sizeof(long);
	globs_size = (max_filter + max_notrace) * sizeof(*globs);
	if (bitmap_size + globs_size > *room / 2) {
		fe_warn.no_room_for_filter = true;
		return false;
	}
	globs = (struct ftrace_early_glob *)*p;
	nr_filter = 0;
	if (fe_param.filter_arg)
		nr_filter = ftrace_early_parse_globs(fe_param.filter_arg, globs,
						     max_filter,
						     &fe_warn.nr_bad_globs);
	nr_notrace = 0;
	if (fe_param.notrace_arg)
		nr_notrace = ftrace_early_parse_globs(fe_param.notrace_arg,
						      globs + nr_filter,
						      max_notrace,
						      &fe_warn.nr_bad_globs);
	fe_param.nr_filter_globs = nr_filter;
	fe_param.nr_globs = nr_filter + nr_notrace;
	*p += globs_size;
	*room -= globs_size;
	if (!fe_param.nr_globs)
		return true;	/* nothing to filter with */

	f->traced = (unsigned long *)PTR_ALIGN(*p, sizeof(long));
	ftrace_early_filter_build(f, globs, nr_filter,
				  globs + nr_filter, nr_notrace,
				  &ftrace_early_kallsyms);
	ftrace_early_note_unmatched(0, globs, nr_filter);
	ftrace_early_note_unmatched(1, globs + nr_filter, nr_notrace);
	*room -= (char *)f->traced + bitmap_size - *p;
	*p = (char *)f->traced + bitmap_size;
	return true;
}

/*
 * Resolve ftrace_graph_filter= and ftrace_graph_notrace= into a filter
 * each, as ftrace_early_setup_filter() does.  Return false if they cannot
 * be honoured.
 */
static bool __init ftrace_early_setup_graph_filter(char **p, size_t *room)
{
	struct ftrace_early_filter *only = &fe.graph_only;
	struct ftrace_early_filter *notrace_f = &fe.graph_notrace;
	size_t bitmap_size = BITS_TO_LONGS(fe.filter.nr_sites) * sizeof(long);
	int nr_only = 0, nr_notrace = 0, max_only, max_notrace;
	struct ftrace_early_glob *globs;
	size_t globs_size;
	char *end;

	max_only = ftrace_early_count_entries(fe_param.graph_filter_arg);
	max_notrace = ftrace_early_count_entries(fe_param.graph_notrace_arg);
	globs_size = (max_only + max_notrace) * sizeof(*globs);
	/* Two bitmaps, and one more for building them */
	if (globs_size + 3 * bitmap_size + sizeof(long) > *room / 2) {
		fe_warn.no_room_for_graph_filter = true;
		return false;
	}
	globs = (struct ftrace_early_glob *)*p;
	if (fe_param.graph_filter_arg)
		nr_only = ftrace_early_parse_globs(fe_param.graph_filter_arg, globs,
						   max_only, &fe_warn.nr_bad_globs);
	if (fe_param.graph_notrace_arg)
		nr_notrace = ftrace_early_parse_globs(fe_param.graph_notrace_arg,
						      globs + nr_only, max_notrace,
						      &fe_warn.nr_bad_globs);
	*only = fe.filter;
	*notrace_f = fe.filter;
	only->traced = (unsigned long *)PTR_ALIGN(*p + globs_size, sizeof(long));
	notrace_f->traced = (unsigned long *)((char *)only->traced + bitmap_size);
	if (nr_only) {
		ftrace_early_filter_build(only, globs, nr_only, NULL, 0,
					  &ftrace_early_kallsyms);
		ftrace_early_note_unmatched(2, globs, nr_only);
		if (only->nr_filter)
			fe.graph.only = only;
	}
	if (nr_notrace) {
		ftrace_early_filter_build(notrace_f, NULL, 0, globs + nr_only,
					  nr_notrace, &ftrace_early_kallsyms);
		ftrace_early_note_unmatched(3, globs + nr_only, nr_notrace);
		if (notrace_f->nr_notrace)
			fe.graph.skip = notrace_f;
	}
	end = (char *)notrace_f->traced + bitmap_size;
	if (!fe.graph.only)
		only->traced = NULL;
	if (!fe.graph.skip)
		notrace_f->traced = NULL;
	*room -= end - *p;
	*p = end;
	return true;
}

/* ftrace_graph_max_depth=, as the graph tracer reads it */
static void __init ftrace_early_parse_max_depth(void)
{
	unsigned int depth;

	if (!fe_param.max_depth_arg)
		return;
	if (kstrtouint(fe_param.max_depth_arg, 0, &depth))
		fe_warn.bad_max_depth = true;
	else
		fe.graph.max_depth = depth;
}

/*
 * Get ready to record, the filters and the first entries in @room bytes
 * at @area, once ftrace=function asked for it.
 */
static void __init ftrace_early_arm_in(void *area, size_t room)
{
	struct ftrace_early_entry *e;
	unsigned int max;
	char *p = area;

	arch_ftrace_early_arm();
	fe.area = area;
	fe.area_size = room;
	if ((fe_param.filter_arg || fe_param.notrace_arg) &&
	    !ftrace_early_setup_filter(&p, &room))
		return;
	if (fe_param.graph) {
		fe.graph_mode = true;
		ftrace_early_graph_init(&fe.graph, ftrace_early_frames,
					ARRAY_SIZE(ftrace_early_frames));
		ftrace_early_parse_max_depth();
		if ((fe_param.graph_filter_arg || fe_param.graph_notrace_arg) &&
		    !ftrace_early_setup_graph_filter(&p, &room))
			return;
	}
	p = PTR_ALIGN(p, sizeof(u64));
	room = fe.area + fe.area_size - (void *)p;
	fe.log.e = (struct ftrace_early_entry *)p;
	fe.log.max = min_t(size_t, room / sizeof(*fe.log.e), fe.max_total);
	if (fe_param.region_arg) {
		/* The region is the buffer, from the first call on. */
		e = ftrace_early_region_open(fe_param.region_arg, fe.graph_mode,
					     &max);
		if (e) {
			fe.region = true;
			fe.log.e = e;
			fe.log.max = max;
			fe.max_total = max;
		}
	}
	/* A ring would break the graph's nesting: calls are lost instead. */
	if (!fe.graph_mode && fe.log.max < fe.max_total && fe.log.max >= 4) {
		fe.area_ring.at = fe.log.max / 4;
		fe.ring = &fe.area_ring;
	} else {
		ftrace_early_arm_tail_ring();
	}
	if (fe_param.test_arg)
		fe_warn.bad_test = ftrace_early_test_setup(fe_param.test_arg,
							   &fe.filter);
	ftrace_early_dump_arm();
	fe.state = FTRACE_EARLY_RECORDING;
	ftrace_early_graph_live = fe.graph_mode;
}

/* Read the command line and get ready to record; at start_kernel(). */
static void __init ftrace_early_arm(void)
{
	size_t room;
	void *area;

	fe.state = FTRACE_EARLY_OFF;
	fe.filter.sites = __start_mcount_loc;
	fe.filter.nr_sites = __stop_mcount_loc - __start_mcount_loc;
	arch_ftrace_early_cmdline(ftrace_early_cmdline,
				  sizeof(ftrace_early_cmdline));
	parse_args("ftrace early options", ftrace_early_cmdline, NULL, 0, 0,
		   0, NULL, ftrace_early_param);
	ftrace_early_parse_size();
	if (!fe_param.function) {
		/* Bootconfig's kernel.ftrace keys may still ask for it. */
		if (IS_ENABLED(CONFIG_BOOT_CONFIG) &&
		    (fe_param.bootconfig || IS_ENABLED(CONFIG_BOOT_CONFIG_FORCE)))
			fe.state = FTRACE_EARLY_BOOTCONFIG;
		return;
	}
	area = arch_ftrace_early_area(&room);
	if (area)
		ftrace_early_arm_in(area, room);
}

/**
 * ftrace_early_unhook - take the test of ftrace_early_active out of __fentry__
 *
 * Once the tracer is off for good; only the first call does anything.
 */
void __init ftrace_early_unhook(void)
{
	static bool unhooked __initdata;

	if (unhooked)
		return;
	unhooked = true;
	arch_ftrace_early_unhook();
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
	if (fe.state == FTRACE_EARLY_OFF)
		ftrace_early_unhook();
}

#ifdef CONFIG_BOOT_CONFIG
/*
 * Bootconfig's "kernel" keys are command-line parameters: those whose
 * name starts with "ftrace", as "key=value" words in @buf, a word for
 * each value of an array, quoted if it has blanks, as init/main.c passes
 * them to the kernel.  Return: false if they do not fit in @size bytes.
 */
static bool __init ftrace_early_bootconfig_params(char *buf, size_t size)
{
	struct xbc_node *root = xbc_find_node("kernel"), *knode, *vnode;
	static char key[XBC_KEYLEN_MAX] __initdata;
	const char *val, *q;
	size_t len = 0;
	int n;

	*buf = '\0';
	if (!root)
		return true;
	xbc_node_for_each_key_value(root, knode, val) {
		if (xbc_node_compose_key_after(root, knode, key, sizeof(key)) < 0 ||
		    strncmp(key, "ftrace", strlen("ftrace")))
			continue;
		vnode = xbc_node_get_child(knode);
		if (!vnode || !xbc_node_is_value(vnode)) {
			n = snprintf(buf + len, size - len, "%s ", key);
			if (n >= size - len)
				return false;
			len += n;
			continue;
		}
		xbc_array_for_each_value(vnode, val) {
			q = strpbrk(val, " \t\r\n") ? "\"" : "";
			n = snprintf(buf + len, size - len, "%s=%s%s%s ",
				     key, q, val, q);
			if (n >= size - len)
				return false;
			len += n;
		}
	}
	return true;
}

/**
 * ftrace_early_bootconfig - arm from bootconfig's kernel.ftrace keys
 *
 * Called by start_kernel() right after setup_boot_config().  Bootconfig
 * is in the initrd, which setup_arch() finds: when the command line did
 * not arm the tracer but has "bootconfig" (or the kernel always reads
 * it), bootconfig's kernel.ftrace= arms it here.  The parameters are
 * bootconfig's kernel.* keys, then the command line, as the kernel reads
 * them.  Memblock has the memory by now: the entries go straight to the
 * buffer.  Otherwise the tracer is off for good.
 */
void __init ftrace_early_bootconfig(void)
{
	static char bc_params[COMMAND_LINE_SIZE] __initdata;
	const size_t room = SZ_64K;
	bool fits;
	void *area;

	if (fe.state != FTRACE_EARLY_BOOTCONFIG &&
	    fe.state != FTRACE_EARLY_RECORDING)
		return;
	if (fe.state == FTRACE_EARLY_RECORDING) {
		/* Not a boot call: not recorded. */
		ftrace_early_active = 0;
		fits = ftrace_early_bootconfig_params(bc_params, sizeof(bc_params));
		if (!fits || bc_params[0])
			pr_info("bootconfig's kernel.ftrace keys apply from ftrace_init() on: the command line armed this tracer before bootconfig could be read\n");
		ftrace_early_active = 1;
		return;
	}
	fits = ftrace_early_bootconfig_params(bc_params, sizeof(bc_params));
	fe.state = FTRACE_EARLY_OFF;
	if (!fits) {
		pr_warn("bootconfig's kernel.ftrace keys take more than %zu bytes: nothing recorded before ftrace_init()\n",
			sizeof(bc_params));
		goto off;
	}
	memset(&fe_param, 0, sizeof(fe_param));
	fe_warn.bad_size = false;
	parse_args("ftrace early options (bootconfig)", bc_params, NULL, 0, 0,
		   0, NULL, ftrace_early_param);
	/* setup_arch() has merged the built-in command line by now. */
	strscpy(ftrace_early_cmdline, boot_command_line,
		sizeof(ftrace_early_cmdline));
	parse_args("ftrace early options", ftrace_early_cmdline, NULL, 0, 0,
		   0, NULL, ftrace_early_param);
	ftrace_early_parse_size();
	if (!fe_param.function)
		goto off;
	if (fe_param.region_arg) {
		pr_warn("ftrace_early_region= needs ftrace=function on the command line, not in bootconfig: the very early trace is not kept\n");
		fe_param.region_arg = NULL;
	}
	/* Whole pages: what is not moved to memblock is freed as pages. */
	area = memblock_alloc(room, PAGE_SIZE);
	if (!area) {
		fe_param.function = false;
		pr_warn("no memory for the filters: nothing recorded before ftrace_init()\n");
		goto off;
	}
	fe.area_memblock = true;
	ftrace_early_arm_in(area, room);
	if (fe.state != FTRACE_EARLY_RECORDING) {
		/* ftrace_init() says why; the area goes back now. */
		memblock_free(area, room);
		fe.area = NULL;
		goto off;
	}
	pr_info("armed by bootconfig: recording from setup_boot_config() on\n");
	ftrace_early_memblock_ready();
	return;
off:
	ftrace_early_unhook();
}
#endif /* CONFIG_BOOT_CONFIG */

static void __init ftrace_early_reverse(struct ftrace_early_entry *e,
					unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n / 2; i++)
		swap(e[i], e[n - 1 - i]);
}

/* Stop the ring that takes the calls, its entries put in the order of the calls. */
static void __init ftrace_early_unring(void)
{
	struct ftrace_early_ring *r = fe.ring;
	struct ftrace_early_entry *ring;
	unsigned int len, oldest;

	fe.ring = NULL;
	if (!r || !r->over)
		return;
	ring = fe.log.e + r->at;
	len = fe.log.max - r->at;
	oldest = r->over % len;
	ftrace_early_reverse(ring, oldest);
	ftrace_early_reverse(ring + oldest, len - oldest);
	ftrace_early_reverse(ring, len);
	if (fe.region)
		ftrace_early_region_sync(fe.log.nr, r->at, r->over, true);
}

/*
 * Move the entries and the filter bitmap from the early area to @buf
 * (@size bytes, the entries then the bitmap).
 */
static void __init ftrace_early_move(void *buf, size_t size)
{
	struct ftrace_early_filter *filters[] = {
		&fe.filter, &fe.graph_only, &fe.graph_notrace
	};
	size_t entries_size = (size_t)fe.max_total * sizeof(*fe.log.e);
	size_t bitmap_size = BITS_TO_LONGS(fe.filter.nr_sites) * sizeof(long);
	unsigned long *bitmap = buf + ALIGN(entries_size, sizeof(long));
	unsigned int i;

	/*
	 * The early area's ring ends here; a tail ring (the area as large as
	 * the buffer) goes on in the buffer, whose entries are as many.
	 */
	if (fe.ring == &fe.area_ring)
		ftrace_early_unring();
	/* The buffer holds what was asked for: its calls are not folded. */
	ftrace_early_fold_stop(&fe.fold);
	memcpy(buf, fe.log.e, fe.log.nr * sizeof(*fe.log.e));
	fe.log.e = buf;
	fe.log.max = fe.max_total;
	fe.buf = buf;
	fe.buf_size = size;
	for (i = 0; i < ARRAY_SIZE(filters); i++) {
		if (!filters[i]->traced)
			continue;
		memcpy(bitmap, filters[i]->traced, bitmap_size);
		filters[i]->traced = bitmap;
		bitmap += BITS_TO_LONGS(fe.filter.nr_sites);
	}
}

/* Bytes of the buffer: the entries, then the filter bitmaps. */
static size_t __init ftrace_early_buf_bytes(void)
{
	size_t size = ALIGN((size_t)fe.max_total * sizeof(*fe.log.e),
			    sizeof(long));
	size_t bitmap_size = BITS_TO_LONGS(fe.filter.nr_sites) * sizeof(long);

	size += bitmap_size * (!!fe.filter.traced + !!fe.graph_only.traced +
			       !!fe.graph_notrace.traced);
	return PAGE_ALIGN(size);
}

/**
 * ftrace_early_memblock_ready - move the entries to a buffer from memblock
 *
 * Called by setup_arch() once memblock has the memory and its final
 * reservations; arch_ftrace_early_buffer_range() says where the buffer
 * may be.  Without memory, recording goes on in the early area.
 */
void __init ftrace_early_memblock_ready(void)
{
	phys_addr_t phys, start, end;
	size_t size;
	void *buf;

	if (fe.state != FTRACE_EARLY_RECORDING)
		return;
	ftrace_early_active = 0;
	if (fe.region && !ftrace_early_region_memblock()) {
		/* To a buffer of the size asked for, as without the region */
		ftrace_early_unring();
		fe.region = false;
		fe.max_total = max_t(unsigned int, fe.log.nr,
				     fe_param.size / sizeof(*fe.log.e));
	}
	if (!fe.buf && !fe.region) {
		size = ftrace_early_buf_bytes();
		/* Not memblock_alloc_raw(): its limit may still be low. */
		arch_ftrace_early_buffer_range(&start, &end);
		phys = memblock_phys_alloc_range(size, PAGE_SIZE, start, end);
		buf = phys ? phys_to_virt(phys) : NULL;
		if (buf) {
			ftrace_early_move(buf, size);
			if (!fe.ring)
				ftrace_early_arm_tail_ring();
		} else {
			/*
			 * The early area is all there is: its ring, if it
			 * has one, goes on keeping the newest calls.
			 */
			fe_warn.no_memory = true;
			fe.max_total = fe.log.max;
			if (!fe.ring)
				ftrace_early_arm_tail_ring();
		}
	}
	if (fe.buf) {
		memblock_free(fe.area, fe.area_size);
		fe.area = NULL;
	}
	ftrace_early_active = 1;
}

#ifdef CONFIG_VERY_EARLY_FUNCTION_TRACER_BENCHMARK
/* Entries a recorded call takes: its return too in the function graph */
static unsigned int __init ftrace_early_bench_per_call(void)
{
	return fe.graph_mode ? 2 : 1;
}

/**
 * ftrace_early_bench_room - how many calls the benchmark may record
 *
 * Return: the calls the buffer has room for; 0 once calls were dropped.
 */
unsigned int __init ftrace_early_bench_room(void)
{
	unsigned int reserve = fe.graph_mode ? fe.graph.depth + 3 : 0;

	/* Folded, its calls would take no room and be forgotten wrongly */
	if (fe.dropped || fe.tail_ring.over || fe.fold.on ||
	    fe.log.max - fe.log.nr < reserve)
		return 0;
	return (fe.log.max - fe.log.nr - reserve) / ftrace_early_bench_per_call();
}

/**
 * ftrace_early_bench_mark - where the recording stands
 * @mark: filled in with the counts of entries and calls
 */
void __init ftrace_early_bench_mark(struct ftrace_early_bench_mark *mark)
{
	mark->nr = fe.log.nr;
	mark->nr_calls = fe.nr_calls;
}

/**
 * ftrace_early_bench_forget - forget what was recorded since a mark
 * @mark: from ftrace_early_bench_mark()
 *
 * Return: the number of calls forgotten.
 */
unsigned int __init
ftrace_early_bench_forget(const struct ftrace_early_bench_mark *mark)
{
	unsigned int n = fe.log.nr - mark->nr;

	fe.log.nr = mark->nr;
	fe.nr_calls = mark->nr_calls;
	return n / ftrace_early_bench_per_call();
}
#endif

/* Name the first globs of a list that matched nothing, count the rest. */
static void __init ftrace_early_warn_unmatched(const char *list, int which)
{
	struct ftrace_early_unmatched *u = fe_warn.unmatched[which];
	int i, n = min(fe_warn.nr_unmatched[which], FTRACE_EARLY_MAX_UNMATCHED);

	for (i = 0; i < n; i++)
		pr_warn("%s entry %d (%s%s%s) matches no function\n",
			list, u[i].entry, u[i].func, u[i].mod ? ":mod:" : "",
			u[i].mod ? u[i].mod : "");
	if (fe_warn.nr_unmatched[which] > FTRACE_EARLY_MAX_UNMATCHED)
		pr_warn("%s has %d more entries that match no function\n", list,
			fe_warn.nr_unmatched[which] - FTRACE_EARLY_MAX_UNMATCHED);
}

static void __init ftrace_early_warn(void)
{
	if (fe_warn.bad_size)
		pr_warn("ftrace_early_buf_size=%s is not a size: using %zu KiB\n",
			fe_param.size_arg, fe_param.size / SZ_1K);
	if (!fe_param.function)
		return;
	if (fe_param.region_arg)
		ftrace_early_region_report(fe_param.region_arg);
	if (!fe.area_size)
		pr_warn("the architecture has no early area: nothing recorded\n");
	if (fe_warn.unsorted)
		pr_warn("__mcount_loc is not sorted: filters cannot be applied, nothing recorded\n");
	if (fe_warn.no_room_for_filter)
		pr_warn("ftrace_filter= and ftrace_notrace= need more than %zu KiB: nothing recorded\n",
			fe.area_size / SZ_2K);
	if (fe_warn.no_room_for_graph_filter)
		pr_warn("ftrace_graph_filter= and ftrace_graph_notrace= need more room than is left of %zu KiB: nothing recorded\n",
			fe.area_size / SZ_1K);
	if (fe_warn.nr_bad_globs)
		pr_warn("%d entries of ftrace_filter=, ftrace_notrace=, ftrace_graph_filter= or ftrace_graph_notrace= ignored: not a function glob, '!glob' or 'glob:mod:module'\n",
			fe_warn.nr_bad_globs);
	ftrace_early_warn_unmatched("ftrace_filter=", 0);
	ftrace_early_warn_unmatched("ftrace_notrace=", 1);
	ftrace_early_warn_unmatched("ftrace_graph_filter=", 2);
	ftrace_early_warn_unmatched("ftrace_graph_notrace=", 3);
	if (fe_warn.bad_max_depth)
		pr_warn("ftrace_graph_max_depth=%s is not a number: no maximum depth\n",
			fe_param.max_depth_arg);
	if (fe_warn.bad_test == -EINVAL)
		pr_warn("ftrace_early_test=%s: not ACTION:FUNCTION[@BOOT], ACTION one of panic, fault, hang and dump: ignored\n",
			fe_param.test_arg);
	else if (fe_warn.bad_test)
		pr_warn("ftrace_early_test=%s: no traceable function of that name: ignored\n",
			fe_param.test_arg);
	if (fe_param.filter_arg && !fe_param.nr_filter_globs)
		pr_warn("ftrace_filter= has no entries: ignored\n");
	else if (fe_param.nr_filter_globs && fe.filter.traced && !fe.filter.nr_filter)
		pr_warn("ftrace_filter= selects no function: every function is traced, as after ftrace_init()\n");
	if (fe_param.notrace_arg && fe_param.nr_globs == fe_param.nr_filter_globs)
		pr_warn("ftrace_notrace= has no entries: ignored\n");
	if (fe_warn.no_memory)
		pr_warn("no memory for a %zu KiB buffer: using %zu KiB\n",
			fe_param.size / SZ_1K, fe.log.max * sizeof(*fe.log.e) / SZ_1K);
}

/*
 * The dump: until the entries are in the ring buffer, ftrace_dump() and,
 * with ftrace_dump_on_oops, a panic, an oops or an early exception print
 * them on the console instead (set from arming until injection), and note
 * in ftrace_early_region= how the recording ended.
 */
static int ftrace_early_dumpable;
/* ftrace_dump_on_oops: its notifiers are registered */
static bool ftrace_early_dump_notifiers __initdata;

/**
 * ftrace_early_freeze - stop recording for good, the entries kept
 *
 * As ftrace_dump() stops tracing: what follows is not recorded, and the
 * entries still reach the trace after ftrace_init().
 */
void __init ftrace_early_freeze(void)
{
	if (fe.state == FTRACE_EARLY_RECORDING)
		fe.state = FTRACE_EARLY_FROZEN;
}

static void __init __ftrace_early_dump(void)
{
	struct ftrace_early_text t = {
		.base = (unsigned long)_text,
		.cpu = raw_smp_processor_id(),
		.graph = fe.graph_mode,
	};
	static char summary[FTRACE_EARLY_TEXT_LINE] __initdata;
	unsigned long open = 0;
	unsigned int i;

	ftrace_early_freeze();
	if (fe.region)
		fe.log.e = ftrace_early_region_entries();
	ftrace_early_unring();
	t.e = fe.log.e;
	t.nr = fe.log.nr;
	/* Frequency unknown yet: calibrate now, or give the order only. */
	t.khz = arch_ftrace_early_counter_khz();
	t.gap[0].at = fe.area_ring.at;
	t.gap[0].over = fe.area_ring.calls;
	t.gap[0].why = "the early area was full";
	t.gap[1].at = fe.tail_ring.at;
	t.gap[1].over = fe.tail_ring.calls;
	t.gap[1].why = fe.region ? "the region's slot was full" :
				   "buffer full: ftrace_early_buf_size=";
	t.gap[2].at = fe.log.nr;
	t.gap[2].over = fe.dropped;
	t.gap[2].why = "buffer full: ftrace_early_buf_size=";
	if (fe.graph_mode)
		for (i = 0; i < fe.graph.nr_frames; i++)
			open += fe.graph.frames[i].recorded;
	if (fe.graph_mode)
		snprintf(summary, sizeof(summary),
			 "end of the very early function graph trace: %u calls recorded, %lu lost (no room), %lu past the shadow stack, %lu still open",
			 fe.nr_calls, fe.graph.lost, fe.graph.overflow, open);
	else
		snprintf(summary, sizeof(summary),
			 "end of the very early function trace: %u calls recorded, %lu folded, %lu not recorded (early area full), %lu not recorded (buffer full)",
			 fe.nr_calls, fe.fold.calls, fe.area_ring.calls,
			 fe.tail_ring.calls + fe.dropped);
	ftrace_early_text_dump(&t, summary);
}

/**
 * ftrace_early_dump - print the very early entries on the console
 *
 * For ftrace_dump(), which calls it first: until the entries are in the
 * ring buffer, they are printed in the tracers' text format, once; the
 * recording stops for good, as ftrace_dump() stops tracing.  Does nothing
 * otherwise.
 */
void __ref ftrace_early_dump(void)
{
	/* Once, whoever comes first */
	if (!READ_ONCE(ftrace_early_dumpable) || !xchg(&ftrace_early_dumpable, 0))
		return;
	__ftrace_early_dump();
}

/**
 * ftrace_early_dump_on_oops - an early exception halts the boot
 *
 * Called by the architecture's early exception handler before it halts:
 * the very early entries are printed if ftrace_dump_on_oops asks for it.
 */
void __init ftrace_early_dump_on_oops(void)
{
	if (fe.state == FTRACE_EARLY_RECORDING || fe.state == FTRACE_EARLY_FROZEN)
		ftrace_early_region_end(FTRACE_EARLY_REGION_HALTED, 0);
	if (fe_param.dump_on_oops)
		ftrace_early_dump();
}

static int __init ftrace_early_panic_notify(struct notifier_block *nb,
					    unsigned long ev, void *unused)
{
	if (fe.state == FTRACE_EARLY_RECORDING || fe.state == FTRACE_EARLY_FROZEN)
		ftrace_early_region_end(FTRACE_EARLY_REGION_PANICKED, 0);
	if (fe_param.dump_on_oops)
		ftrace_early_dump();
	return NOTIFY_DONE;
}

static int __init ftrace_early_die_notify(struct notifier_block *nb,
					  unsigned long ev, void *unused)
{
	if (ev == DIE_OOPS && fe_param.dump_on_oops)
		ftrace_early_dump();
	return NOTIFY_DONE;
}

/*
 * Before ftrace_dump_on_oops's own notifiers (tracer_alloc_buffers()):
 * registered while the entries may be dumped, taken off at
 * late_initcall, before init memory is freed.
 */
static struct notifier_block ftrace_early_panic_nb __initdata = {
	.notifier_call = ftrace_early_panic_notify,
	.priority = INT_MAX,
};

static struct notifier_block ftrace_early_die_nb __initdata = {
	.notifier_call = ftrace_early_die_notify,
	.priority = INT_MAX,
};

/*
 * At arming: the entries may be dumped from now on; a panic is noted in
 * ftrace_early_region= too.
 */
static void __init ftrace_early_dump_arm(void)
{
	WRITE_ONCE(ftrace_early_dumpable, 1);
	if (!fe_param.dump_on_oops && !fe.region)
		return;
	atomic_notifier_chain_register(&panic_notifier_list,
				       &ftrace_early_panic_nb);
	register_die_notifier(&ftrace_early_die_nb);
	ftrace_early_dump_notifiers = true;
}

static void __init ftrace_early_dump_disarm(void)
{
	WRITE_ONCE(ftrace_early_dumpable, 0);
	if (!ftrace_early_dump_notifiers)
		return;
	ftrace_early_dump_notifiers = false;
	atomic_notifier_chain_unregister(&panic_notifier_list,
					 &ftrace_early_panic_nb);
	unregister_die_notifier(&ftrace_early_die_nb);
}

/* The unwind check, its calls then forgotten: they are not the boot's. */
static void __init ftrace_early_unwind_check_forget(void)
{
	struct ftrace_early_graph g = fe.graph;
	unsigned int nr = fe.log.nr, nr_calls = fe.nr_calls;
	u32 lost_count = g.lost_at >= 0 ? fe.log.e[g.lost_at].ip : 0;

	ftrace_early_unwind_check();
	fe.log.nr = nr;
	fe.nr_calls = nr_calls;
	fe.graph.lost = g.lost;
	fe.graph.lost_at = g.lost_at;
	fe.graph.deepest = g.deepest;
	if (g.lost_at >= 0)
		fe.log.e[g.lost_at].ip = lost_count;
}

/**
 * ftrace_early_stop - stop recording; from ftrace_init()
 *
 * The call sites are about to become NOPs, and so does the test in
 * __fentry__.  Also tells about command-line values that were not
 * understood.
 */
void __init ftrace_early_stop(void)
{
	ftrace_early_active = 0;
	if (fe.state == FTRACE_EARLY_RECORDING ||
	    fe.state == FTRACE_EARLY_FROZEN) {
		if (fe.region)
			fe.log.e = ftrace_early_region_entries();
		ftrace_early_unring();
		if (fe.graph_mode)
			ftrace_early_unwind_check_forget();
		ftrace_early_bench();
		fe.state = FTRACE_EARLY_STOPPED;
		ftrace_early_pending = true;
		/*
		 * start_kernel(), which calls ftrace_init(), is not hooked:
		 * no call can still be hooked, whose return would need
		 * __init code after it is freed.  If one is, its return is
		 * recorded now and it returns where it should.
		 */
		WARN_ON_ONCE(ftrace_early_graph_unhook_all(&fe.graph, &fe.log,
							   arch_ftrace_early_counter()));
		WRITE_ONCE(ftrace_early_graph_live, false);
		if (fe.region) {
			/* The benchmark's and the unwind check's calls are gone. */
			ftrace_early_region_sync(fe.log.nr, fe.tail_ring.at,
						 fe.tail_ring.over, true);
			ftrace_early_region_end(FTRACE_EARLY_REGION_COMPLETED,
						arch_ftrace_early_counter_khz());
		}
	} else if (fe.state != FTRACE_EARLY_STOPPED) {
		fe.state = FTRACE_EARLY_OFF;
	}
	ftrace_early_unhook();
	ftrace_early_warn();
}

/**
 * ftrace_early_entry_clock - a buffer's clock while entries are written
 *
 * Return: the time of the entry being written (ftrace_early_stamp()).
 */
u64 __init ftrace_early_entry_clock(void)
{
	return ftrace_early_ts;
}

/**
 * ftrace_early_stamp_start - entries are about to be written
 * @tb: the conversion of their times
 * @nr: how many; without a frequency they take the @nr ns up to "now"
 */
void __init ftrace_early_stamp_start(const struct ftrace_early_timebase *tb,
				     unsigned int nr)
{
	ftrace_early_time = tb->khz ? S64_MIN : (s64)tb->clock_now - nr;
	ftrace_early_ts = 0;
}

/**
 * ftrace_early_buffer_reset - a trace buffer is being reset
 * @buffer: the buffer
 *
 * If @buffer held the very early entries, it holds them no more.
 */
void ftrace_early_buffer_reset(struct trace_buffer *buffer)
{
	if (unlikely(buffer && buffer == ftrace_early_buffer))
		ftrace_early_buffer = NULL;
}

/**
 * ftrace_early_boot_options_applied - trace_options= has been applied
 * @tr: the trace array the boot tracer started on
 *
 * The buffer that holds the very early entries took no overwriting since
 * they were written; from now on, what trace_options= says.
 */
void ftrace_early_boot_options_applied(struct trace_array *tr)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;

	if (buffer && buffer == ftrace_early_buffer)
		ring_buffer_change_overwrite(buffer,
					     tr->trace_flags & TRACE_ITER_OVERWRITE);
}

/**
 * ftrace_early_holds_trace - whether a buffer still holds the entries
 * @tr: the trace array
 *
 * Return: true if @tr's buffer holds all the very early entries (none
 * overwritten or read), which a change of trace clock would throw away.
 */
bool __init ftrace_early_holds_trace(struct trace_array *tr)
{
	struct trace_buffer *buffer = tr->array_buffer.buffer;

	return ftrace_early_buffer && buffer == ftrace_early_buffer &&
	       !ring_buffer_overrun_cpu(buffer, ftrace_early_cpu) &&
	       !ring_buffer_read_events_cpu(buffer, ftrace_early_cpu);
}

/**
 * ftrace_early_stamp - the time of the next entry written
 * @tb: the conversion
 * @counter: the counter when the entry was recorded
 *
 * The time becomes the buffer's clock while the entries are written: 0
 * for an entry before the trace clock's zero, as dmesg has it.
 *
 * Return: the time on the trace clock, never before the previous entry's:
 * negative before its zero, which differences (the graph's durations)
 * keep.
 */
s64 __init ftrace_early_stamp(const struct ftrace_early_timebase *tb,
			      u64 counter)
{
	if (!tb->khz)
		ftrace_early_time++;
	else
		ftrace_early_time = max(ftrace_early_time,
					ftrace_early_timebase_ts(tb, counter));
	ftrace_early_ts = ftrace_early_time > 0 ? ftrace_early_time : 0;
	return ftrace_early_time;
}

/**
 * ftrace_early_note - a line of the tracer in the trace
 * @buffer: the trace buffer
 * @tb: the conversion of the times
 * @counter: when what the line says happened
 * @trace_ctx: the context of the entries
 * @fmt: the line's format
 *
 * Return: false if @buffer had no room.
 */
bool __init ftrace_early_note(struct trace_buffer *buffer,
			      const struct ftrace_early_timebase *tb,
			      u64 counter, unsigned int trace_ctx,
			      const char *fmt, ...)
{
	struct ring_buffer_event *event;
	struct print_entry *entry;
	char msg[256];
	va_list args;
	int len;

	va_start(args, fmt);
	len = vscnprintf(msg, sizeof(msg), fmt, args);
	va_end(args);
	ftrace_early_stamp(tb, counter);
	event = trace_buffer_lock_reserve(buffer, TRACE_PRINT,
					  sizeof(*entry) + len + 1, trace_ctx);
	if (!event)
		return false;
	entry = ring_buffer_event_data(event);
	entry->ip = (unsigned long)ftrace_early_record;
	memcpy(entry->buf, msg, len + 1);
	trace_buffer_unlock_commit_nostack(buffer, event);
	return true;
}

/**
 * ftrace_early_write_fn - write one entry as a function tracer event
 * @buffer: the trace buffer
 * @tb: the conversion of the times
 * @e: the entry, its call site and parent from _text
 * @trace_ctx: the context of the event
 *
 * A fold line (ftrace_early_fold.c) becomes a line of the tracer.
 *
 * Return: false if @buffer had no room.
 */
bool __init ftrace_early_write_fn(struct trace_buffer *buffer,
				  const struct ftrace_early_timebase *tb,
				  const struct ftrace_early_entry *e,
				  unsigned int trace_ctx)
{
	unsigned long base = (unsigned long)_text;
	struct ring_buffer_event *event;
	struct ftrace_entry *entry;

	if (e->ip == FTRACE_EARLY_FOLDED)
		return ftrace_early_note(buffer, tb, e->counter, trace_ctx,
					 "very early function tracer: %u calls folded here (%s)\n",
					 e->parent, FTRACE_EARLY_FOLD_WHY);
	ftrace_early_stamp(tb, e->counter);
	event = trace_buffer_lock_reserve(buffer, TRACE_FN, sizeof(*entry),
					  trace_ctx);
	if (!event)
		return false;
	entry = ring_buffer_event_data(event);
	entry->ip = base + e->ip;
	entry->parent_ip = e->parent == FTRACE_EARLY_NO_PARENT ? 0 :
			   base + e->parent;
	trace_buffer_unlock_commit_nostack(buffer, event);
	return true;
}

/* How many entries are older than the trace clock's zero, for dmesg */
static void __init ftrace_early_count_before_zero(const struct ftrace_early_timebase *tb)
{
	unsigned int before = 0;

	if (!tb->khz || !fe.log.nr)
		return;
	while (before < fe.log.nr &&
	       ftrace_early_timebase_ts(tb, fe.log.e[before].counter) < 0)
		before++;
	fe_warn.before_zero = before;
	fe_warn.zero_after = -ftrace_early_timebase_ts(tb, fe.log.e[0].counter);
}

/* Write entries [0, @n) to @buffer; return how many it took. */
static unsigned int __init ftrace_early_write(struct trace_buffer *buffer,
					      const struct ftrace_early_timebase *tb,
					      unsigned int n, unsigned int trace_ctx)
{
	struct ftrace_early_entry *e;
	unsigned int i;

	ftrace_early_stamp_start(tb, n);
	for (i = 0; i < n; i++) {
		e = &fe.log.e[i];
		if (i == fe.area_ring.at && fe.area_ring.calls)
			ftrace_early_note(buffer, tb, fe.area_ring.counter, trace_ctx,
					  "very early function tracer: %lu calls not recorded here (the early area was full)\n",
					  fe.area_ring.calls);
		if (i == fe.tail_ring.at && fe.tail_ring.calls)
			ftrace_early_note(buffer, tb, fe.tail_ring.counter, trace_ctx,
					  "very early function tracer: %lu calls not recorded here (%s)\n",
					  fe.tail_ring.calls,
					  fe.region ? "the region's slot was full" :
					  "buffer full: ftrace_early_buf_size=");
		if (!ftrace_early_write_fn(buffer, tb, e, trace_ctx))
			return i;
	}
	return n;
}

/*
 * A step of the counter (see ftrace_early_rebase()) moves the entries
 * before it, and the times of the lines about lost calls with them.
 */
static void __init ftrace_early_rebase_all(s64 step)
{
	unsigned int at = ftrace_early_rebase(fe.log.e, fe.log.nr, step);

	if (fe.area_ring.over && fe.area_ring.at <= at)
		fe.area_ring.counter -= step;
	if (fe.tail_ring.over && fe.tail_ring.at <= at)
		fe.tail_ring.counter -= step;
	if (fe.dropped && at == fe.log.nr)
		fe.first_drop_counter -= step;
}

/*
 * The buffer took @written of the entries: write them again, the earliest
 * that fit with the line that says so.
 */
static void __init ftrace_early_write_again(struct trace_buffer *buffer,
					    const struct ftrace_early_timebase *tb,
					    unsigned int written,
					    unsigned int trace_ctx)
{
	unsigned int keep = written > 8 ? written - 8 : 0;

	ring_buffer_reset_cpu(buffer, raw_smp_processor_id());
	ftrace_early_write(buffer, tb, keep, trace_ctx);
	fe_warn.not_written = fe.log.nr - keep;
	ftrace_early_note(buffer, tb, fe.log.e[keep].counter, trace_ctx,
			  "very early function tracer: %u entries did not fit in the trace buffer (trace_buf_size=)\n",
			  fe_warn.not_written);
}

/*
 * The graph's entries: if the buffer cannot hold them all, the earliest
 * that fit, the returns of the calls they leave open and a line about the
 * rest, so that the graph stays well nested.
 */
static void __init ftrace_early_write_graph(struct trace_buffer *buffer,
					    const struct ftrace_early_timebase *tb,
					    unsigned int trace_ctx)
{
	struct ftrace_early_graph_writer w = {
		.buffer = buffer, .tb = tb, .trace_ctx = trace_ctx,
	};
	unsigned int written, keep, step;

	ftrace_early_stamp_start(tb, fe.log.nr);
	written = ftrace_early_graph_write(&w, &fe.log, fe.log.nr);
	if (written == fe.log.nr)
		return;
	/*
	 * Fewer each time, twice as many fewer as the time before, until the
	 * returns of the calls open fit too.
	 */
	keep = written;
	step = 0;
	do {
		ring_buffer_reset_cpu(buffer, raw_smp_processor_id());
		ftrace_early_stamp_start(tb, fe.log.nr);
		keep = ftrace_early_graph_cut(&fe.log, keep > step ? keep - step : 0);
		step = step ? 2 * step : 8;
		ftrace_early_graph_write(&w, &fe.log, keep);
		fe_warn.not_written = fe.log.nr - keep;
		ftrace_early_note(buffer, tb, fe.log.e[keep].counter, trace_ctx,
				  "very early function graph tracer: %u entries did not fit in the trace buffer (trace_buf_size=): the calls still open return\n",
				  fe_warn.not_written);
	} while (!ftrace_early_graph_close(&w, &fe.log, keep) && keep);
}

struct ftrace_early_injection {
	struct trace_array *tr;
	u64 (*clock)(void);
};

/*
 * Write the entries to @tr's buffer, each with its own time if the clock
 * counts nanoseconds, keeping the earliest if they do not all fit.
 */
static void __init ftrace_early_write_all(struct ftrace_early_injection *inj)
{
	struct trace_array *tr = inj->tr;
	struct trace_buffer *buffer = tr->array_buffer.buffer;
	bool own_time = trace_clock_in_ns(tr);
	/*
	 * The graph's call and return times are in ns whatever the trace
	 * clock, as fgraph takes them from trace_clock_local().
	 */
	bool times = own_time || fe.graph_mode;
	unsigned int trace_ctx = tracing_gen_ctx();
	struct ftrace_early_timebase tb = { };
	unsigned int written;
	u64 counter_now, clock_now;
	u32 khz;

	ftrace_early_rebase_all(arch_ftrace_early_counter_step());
	khz = arch_ftrace_early_counter_khz();
	fe_warn.no_times = times && !khz;
	ftrace_early_bench_report(khz);

	clock_now = own_time ? inj->clock() : trace_clock_local();
	counter_now = arch_ftrace_early_counter();
	/* Without a frequency the entries are 1 ns apart, up to now. */
	if (times)
		ftrace_early_timebase_init(&tb, counter_now, clock_now, khz);
	if (own_time)
		ftrace_early_count_before_zero(&tb);
	/* Only this CPU runs, with interrupts off: no other writer. */
	if (own_time)
		ring_buffer_set_clock(buffer, ftrace_early_entry_clock);
	/* Keep the first ones, whatever trace_options= will say. */
	ring_buffer_change_overwrite(buffer, 0);
	if (fe.graph_mode) {
		ftrace_early_write_graph(buffer, &tb, trace_ctx);
	} else {
		written = ftrace_early_write(buffer, &tb, fe.log.nr, trace_ctx);
		if (written < fe.log.nr)
			ftrace_early_write_again(buffer, &tb, written, trace_ctx);
		else if (fe.dropped)
			ftrace_early_note(buffer, &tb, fe.first_drop_counter,
					  trace_ctx,
					  "very early function tracer: %lu calls lost (buffer full: ftrace_early_buf_size=)\n",
					  fe.dropped);
	}
	/*
	 * The boot tracer starts before trace_options= applies: overwriting
	 * stays off until it has (ftrace_early_boot_options_applied()).
	 */
	if (own_time) {
		ring_buffer_set_clock(buffer, inj->clock);
		/* The trace file hides what is older than the last reset. */
		tr->array_buffer.time_start = 0;
	}
	ftrace_early_buffer = buffer;
	ftrace_early_cpu = raw_smp_processor_id();
}

/*
 * Give back the memory of the entries: memblock memory reserved at boot.
 * Not before deferred struct page init has run (page_alloc_init_late()):
 * freeing merges with neighbours whose struct pages it has not set up yet.
 */
static void __init ftrace_early_free(void)
{
	if (fe.buf) {
		kmemleak_free_part_phys(__pa(fe.buf), fe.buf_size);
		free_reserved_area(fe.buf, fe.buf + fe.buf_size, -1,
				   "very early function trace");
	}
	if (fe.area) {
		if (fe.area_memblock)
			kmemleak_free_part_phys(__pa(fe.area), fe.area_size);
		free_reserved_area(fe.area, fe.area + fe.area_size, -1, NULL);
	}
	fe.buf = NULL;
	fe.area = NULL;
}

/* What the recording of calls got, and lost */
static void __init ftrace_early_summary(void)
{
	pr_info("%u calls recorded, %lu dropped, %lu not recorded (early area full), %lu while recording one; ftrace_filter= %u, ftrace_notrace= %u of %u functions; buffer %zu KiB\n",
		fe.nr_calls, fe.dropped + fe.tail_ring.calls, fe.area_ring.calls,
		fe.recursion,
		fe.filter.nr_filter ?: fe.filter.nr_sites,
		fe.filter.traced ? fe.filter.nr_notrace : 0,
		fe.filter.nr_sites, fe.log.max * sizeof(*fe.log.e) / SZ_1K);
	if (fe.fold.lines)
		pr_info("%lu calls folded into %u lines when the early area was full, each repeating one of the calls above it\n",
			fe.fold.calls, fe.fold.lines);
	if (fe_warn.not_written)
		pr_warn("%u of %u entries did not fit in the trace buffer: the earliest were kept\n",
			fe_warn.not_written, fe.log.nr);
}

/* What the recording of the function graph got, and lost */
static void __init ftrace_early_graph_summary(void)
{
	pr_info("function graph: %u calls recorded with their returns, %lu lost (no room), %lu past the shadow stack (%u frames, at most %u used), %lu while recording one; buffer %zu KiB\n",
		fe.nr_calls, fe.graph.lost, fe.graph.overflow,
		fe.graph.max_frames, fe.graph.deepest, fe.recursion,
		fe.log.max * sizeof(*fe.log.e) / SZ_1K);
	if (fe_warn.not_written)
		pr_warn("%u of %u entries did not fit in the trace buffer: the earliest were kept, and the returns of the calls they leave open\n",
			fe_warn.not_written, fe.log.nr);
}

static void __init __ftrace_early_inject(struct trace_array *tr,
					 u64 (*clock)(void))
{
	struct ftrace_early_injection inj = { .tr = tr, .clock = clock };

	ftrace_early_write_all(&inj);
	if (fe.graph_mode)
		ftrace_early_graph_summary();
	else
		ftrace_early_summary();
	if (fe_warn.no_times)
		pr_warn("the counter's frequency is not known yet: times and durations are estimated, 1 ns apart in the order the entries were recorded\n");
	if (fe_warn.before_zero)
		pr_info("the first %u entries, recorded in the %llu us before the trace clock's zero, show at 0\n",
			fe_warn.before_zero, div_u64(fe_warn.zero_after, NSEC_PER_USEC));
}

/**
 * ftrace_early_inject - put the very early entries into the trace buffer
 * @tr: the top-level trace array
 * @clock: the clock of its buffer
 *
 * Called when the boot tracer starts, its buffer just reset and before it
 * records anything, so the entries come first.  Their memory is freed
 * later (ftrace_early_release()).  Does nothing unless
 * ftrace_early_pending, which only boot code sets.
 */
void __ref ftrace_early_inject(struct trace_array *tr, u64 (*clock)(void))
{
	if (!ftrace_early_pending)
		return;
	/* From now on ftrace_dump() prints them from the ring buffer. */
	WRITE_ONCE(ftrace_early_dumpable, 0);
	ftrace_early_pending = false;
	__ftrace_early_inject(tr, clock);
}

/*
 * Give the memory back, once the page allocator has all its struct pages;
 * if the boot tracer never started, say so.
 */
static int __init ftrace_early_release(void)
{
	ftrace_early_dump_disarm();
	if (ftrace_early_pending) {
		ftrace_early_pending = false;
		pr_warn("the function tracer did not start at boot: %u calls discarded\n",
			fe.nr_calls);
	}
	ftrace_early_free();
	return 0;
}
late_initcall(ftrace_early_release);

/*
 * Read at start_kernel() above, by the tracer's own parser; these mark them
 * as the kernel's, so that they are not passed to init.
 */
static int __init ftrace_early_buf_size_known(char *str)
{
	return 0;
}
early_param("ftrace_early_buf_size", ftrace_early_buf_size_known);

static int __init ftrace_early_region_known(char *str)
{
	return 0;
}
early_param("ftrace_early_region", ftrace_early_region_known);

static int __init ftrace_early_test_known(char *str)
{
	return 0;
}
early_param("ftrace_early_test", ftrace_early_test_known);
