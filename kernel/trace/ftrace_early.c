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
 *     (ftrace_early_inject(), ftrace_early_inject.c: their times), and the
 *     memory is freed.
 *
 * The boot parameters are read by ftrace_early_params.c, the filters
 * built by ftrace_early_filter.c, the graph's returns recorded by
 * ftrace_early_graph.c, repeats folded by ftrace_early_fold.c, the region
 * kept across a reset run by ftrace_early_region.c and a dump's text made
 * by ftrace_early_text.c; this file arms, records, moves the entries,
 * dumps them on a crash and stops.
 */

#define pr_fmt(fmt) "ftrace: very early: " fmt

#include <linux/bitmap.h>
#include <linux/delay.h>
#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/kdebug.h>
#include <linux/kernel.h>
#include <linux/kmemleak.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/notifier.h>
#include <linux/panic_notifier.h>
#include <linux/sizes.h>
#include <linux/sort.h>
#include <linux/start_kernel.h>
#include <linux/string.h>

#include <asm/sections.h>
#include <asm/setup.h>

#include "trace.h"
#include "ftrace_early_internal.h"

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
static struct ftrace_early_recording fe __initdata;

/* The parameters, from the command line (and bootconfig) */
static struct ftrace_early_params fe_param __initdata;

/* What went wrong or was left out: for the warnings (no_times: the times) */
static struct {
	int nr_bad_globs;
	/*
	 * Globs that matched nothing: ftrace_filter=, ftrace_notrace=,
	 * ftrace_graph_filter=, ftrace_graph_notrace=
	 */
	struct ftrace_early_unmatched unmatched[4][FTRACE_EARLY_MAX_UNMATCHED];
	int nr_unmatched[4];
	int bad_test;			/* ftrace_early_test=: -errno */
	bool no_room_for_filter;
	bool no_room_for_graph_filter;
	bool no_memory;
	const char *no_patch;		/* why the sites were not patched */
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

/**
 * ftrace_early_record - record one call, from __fentry__
 * @ip: the call site, as ftrace's dyn_ftrace.ip has it
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
	unsigned long site = arch_ftrace_early_site(ip);
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
	if (!ftrace_early_filter_traced(&fe.filter, site))
		goto out;
	if (fe.graph_mode) {
		if (*retp == parent_ip &&
		    ftrace_early_graph_enter(&fe.graph, &fe.log, site, ip - base,
					     retp, arch_ftrace_early_ret_id(retp),
					     arch_ftrace_early_counter())) {
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
	ftrace_early_test_call(site);
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

static int __init ftrace_early_cmp_sites(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a;
	unsigned long y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/*
 * The filters and ftrace_early_test= look call sites up in __mcount_loc.
 * It is sorted at build time (BUILDTIME_MCOUNT_SORT), except where
 * relocations fill it in at boot: sorted here then, as ftrace_init()
 * would (the table is init data).
 */
static void __init ftrace_early_sort_sites(void)
{
	unsigned int i, n = __stop_mcount_loc - __start_mcount_loc;

	for (i = 1; i < n; i++) {
		if (__start_mcount_loc[i - 1] > __start_mcount_loc[i]) {
			sort(__start_mcount_loc, n, sizeof(*__start_mcount_loc),
			     ftrace_early_cmp_sites, NULL);
			return;
		}
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
	ftrace_early_sort_sites();
	fe.area = area;
	fe.area_size = room;
	if ((fe_param.filter_arg || fe_param.notrace_arg) &&
	    !ftrace_early_setup_filter(&p, &room))
		return;
	if (fe_param.graph) {
		fe.graph_mode = true;
		ftrace_early_graph_init(&fe.graph, ftrace_early_frames,
					ARRAY_SIZE(ftrace_early_frames));
		fe.graph.slots_gone = !arch_ftrace_early_ret_slot_kept();
		if (fe_param.max_depth_arg && !fe_param.bad_max_depth)
			fe.graph.max_depth = fe_param.max_depth;
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
	ftrace_early_params_parse(&fe_param, ftrace_early_cmdline,
				  "ftrace early options");
	ftrace_early_params_check(&fe_param);
	fe.max_total = fe_param.size / sizeof(struct ftrace_early_entry);
	if (!fe_param.function) {
		/* Bootconfig's kernel.ftrace keys may still ask for it. */
		if (IS_ENABLED(CONFIG_BOOT_CONFIG) &&
		    (fe_param.bootconfig || IS_ENABLED(CONFIG_BOOT_CONFIG_FORCE)))
			fe.state = FTRACE_EARLY_BOOTCONFIG;
		return;
	}
	area = arch_ftrace_early_area(&room, &fe.area_with_init);
	if (area)
		ftrace_early_arm_in(area, room);
}

/*
 * Where the architecture's call sites are NOPs until patched, make those
 * the filters select call the tracer.  False if they cannot: the tracer
 * is off then.
 */
static bool __init ftrace_early_patch(void)
{
	if (!IS_ENABLED(CONFIG_HAVE_VERY_EARLY_FUNCTION_TRACER_PATCH))
		return true;
	fe_warn.no_patch = arch_ftrace_early_patch(fe.filter.sites,
						   fe.filter.nr_sites,
						   fe.filter.traced);
	if (!fe_warn.no_patch)
		return true;
	fe.state = FTRACE_EARLY_OFF;
	ftrace_early_graph_live = false;
	return false;
}

/* Armed or not: record from now on, or turn the tracer off for good. */
static void __init ftrace_early_go(void)
{
	if (fe.state == FTRACE_EARLY_RECORDING)
		ftrace_early_patch();
	ftrace_early_active = fe.state == FTRACE_EARLY_RECORDING;
	if (fe.state == FTRACE_EARLY_OFF)
		ftrace_early_unhook();
}

/**
 * ftrace_early_start - arm the tracer where the architecture patches calls in
 *
 * With HAVE_VERY_EARLY_FUNCTION_TRACER_PATCH, the call sites stay NOPs
 * until the tracer patches them: the architecture calls this at the first
 * point where it can write its text and knows the command line (arm64:
 * setup_arch(), once setup_machine_fdt() has read it).  The calls before
 * are not recorded.
 */
void __init ftrace_early_start(void)
{
	if (fe.state != FTRACE_EARLY_WAITING)
		return;
	ftrace_early_active = 0;
	ftrace_early_arm();
	ftrace_early_go();
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
	ftrace_early_go();
}

#ifdef CONFIG_BOOT_CONFIG
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
	ftrace_early_params_parse(&fe_param, bc_params,
				  "ftrace early options (bootconfig)");
	/* setup_arch() has merged the built-in command line by now. */
	strscpy(ftrace_early_cmdline, boot_command_line,
		sizeof(ftrace_early_cmdline));
	ftrace_early_params_parse(&fe_param, ftrace_early_cmdline,
				  "ftrace early options");
	ftrace_early_params_check(&fe_param);
	fe.max_total = fe_param.size / sizeof(struct ftrace_early_entry);
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
	if (fe.state == FTRACE_EARLY_RECORDING)
		ftrace_early_patch();
	if (fe.state != FTRACE_EARLY_RECORDING) {
		/* ftrace_init() says why; the area goes back now. */
		memblock_free(area, room);
		fe.area = NULL;
		goto off;
	}
	pr_info("armed by bootconfig: recording from setup_boot_config() on\n");
	ftrace_early_memblock_ready();
	/* ftrace_early_memblock_ready() leaves recording as it found it. */
	ftrace_early_active = 1;
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
 * may be.  Without memory, recording goes on in the early area.  A
 * command line with ftrace_early_region= that does not ask for the tracer
 * has the region read here (ftrace_early_region_read()).
 */
void __init ftrace_early_memblock_ready(void)
{
	u8 active = ftrace_early_active;
	phys_addr_t phys, start, end;
	size_t size;
	void *buf;

	/* Frozen by a dump, the entries still need memory that stays. */
	if (fe.state != FTRACE_EARLY_RECORDING &&
	    fe.state != FTRACE_EARLY_FROZEN) {
		if (fe_param.region_arg && !fe.region_read) {
			fe.region_read = true;
			ftrace_early_region_read(fe_param.region_arg);
		}
		return;
	}
	ftrace_early_active = 0;
	if (fe.region && !ftrace_early_region_memblock()) {
		/*
		 * To a buffer of the size asked for, as without the region;
		 * nothing more is noted in the region's slot.
		 */
		fe.region = false;
		ftrace_early_unring();
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
		if (!fe.area_with_init)
			memblock_free(fe.area, fe.area_size);
		fe.area = NULL;
	}
	ftrace_early_active = active;
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
	if (fe_param.bad_size)
		pr_warn("ftrace_early_buf_size=%s is not a size: using %zu KiB\n",
			fe_param.size_arg, fe_param.size / SZ_1K);
	if (!fe_param.function)
		return;
	if (fe_param.region_arg)
		ftrace_early_region_report(fe_param.region_arg);
	if (!fe.area_size)
		pr_warn("the architecture has no early area: nothing recorded\n");
	if (fe_warn.no_patch)
		pr_warn("the call sites cannot call the tracer (%s): nothing recorded before ftrace_init()\n",
			fe_warn.no_patch);
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
	if (fe_param.bad_max_depth)
		pr_warn("ftrace_graph_max_depth=%s is not a number: no maximum depth\n",
			fe_param.max_depth_arg);
	if (fe_warn.bad_test == -EINVAL)
		pr_warn("ftrace_early_test=%s: neither nofreq nor ACTION:FUNCTION[@BOOT], ACTION one of panic, fault, hang and dump: ignored\n",
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
enum {
	FTRACE_EARLY_DUMP_OFF,
	FTRACE_EARLY_DUMP_ARMED,
	/* On a CPU: the entries must stay until it ends */
	FTRACE_EARLY_DUMP_RUNNING,
};

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
	if (READ_ONCE(ftrace_early_dumpable) != FTRACE_EARLY_DUMP_ARMED ||
	    cmpxchg(&ftrace_early_dumpable, FTRACE_EARLY_DUMP_ARMED,
		    FTRACE_EARLY_DUMP_RUNNING) != FTRACE_EARLY_DUMP_ARMED)
		return;
	__ftrace_early_dump();
	/* The entries are no longer read: ftrace_early_dump_disarm() may free them */
	smp_store_release(&ftrace_early_dumpable, FTRACE_EARLY_DUMP_OFF);
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
	WRITE_ONCE(ftrace_early_dumpable, FTRACE_EARLY_DUMP_ARMED);
	if (!fe_param.dump_on_oops && !fe.region)
		return;
	atomic_notifier_chain_register(&panic_notifier_list,
				       &ftrace_early_panic_nb);
	register_die_notifier(&ftrace_early_die_nb);
	ftrace_early_dump_notifiers = true;
}

static void __init ftrace_early_dump_disarm(void)
{
	/*
	 * ftrace_dump() may be printing the entries on another CPU
	 * (sysrq-z, rcu_ftrace_dump()): they are freed once it is done.
	 */
	while (cmpxchg(&ftrace_early_dumpable, FTRACE_EARLY_DUMP_ARMED,
		       FTRACE_EARLY_DUMP_OFF) == FTRACE_EARLY_DUMP_RUNNING)
		msleep(20);
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
	unsigned int hooked;

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
		hooked = ftrace_early_graph_unhook_all(&fe.graph, &fe.log,
						       arch_ftrace_early_counter());
		/*
		 * Where the hook's slot is gone (arm64), the return address
		 * is in the callee's frame or registers: it cannot be given
		 * back, and the call would return into freed memory.
		 */
		if (hooked && fe.graph.slots_gone)
			panic("ftrace: very early: %u calls still hooked at ftrace_init()\n",
			      hooked);
		WARN_ON_ONCE(hooked);
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
	if (fe.area && !fe.area_with_init) {
		if (fe.area_memblock)
			kmemleak_free_part_phys(__pa(fe.area), fe.area_size);
		free_reserved_area(fe.area, fe.area + fe.area_size, -1, NULL);
	}
	fe.buf = NULL;
	fe.area = NULL;
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
	/*
	 * From now on ftrace_dump() prints them from the ring buffer.  Only
	 * this CPU runs: no dump is running elsewhere.
	 */
	WRITE_ONCE(ftrace_early_dumpable, FTRACE_EARLY_DUMP_OFF);
	ftrace_early_pending = false;
	ftrace_early_write_trace(tr, clock, &fe);
}

/*
 * Give the memory back, once the page allocator has all its struct pages;
 * if the boot tracer never started, say so.  Before that, if the trace
 * clock could not give every entry its time, the entries go to the
 * instance early_boot with their own (ftrace_early_write_own_times()).
 */
static int __init ftrace_early_release(void)
{
	ftrace_early_dump_disarm();
	if (ftrace_early_pending) {
		ftrace_early_pending = false;
		pr_warn("the function tracer did not start at boot: %u calls discarded\n",
			fe.nr_calls);
	} else {
		ftrace_early_write_own_times();
	}
	ftrace_early_free();
	return 0;
}
late_initcall(ftrace_early_release);
