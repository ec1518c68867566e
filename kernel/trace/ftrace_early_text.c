// SPDX-License-Identifier: GPL-2.0
/*
 * Very early function tracing: the entries as text, a line at a time, for
 * when they cannot reach the ring buffer: on the console when the boot
 * crashes before they do (ftrace_dump_on_oops, ftrace_dump()).
 *
 * ftrace=function gives the function tracer's lines
 *
 *	  <idle>-0       [000] d....     0.012345: probe_roms <-setup_arch
 *
 * and ftrace=function_graph the graph tracer's, with the absolute time in
 * front, a call and its return on one line when nothing came between, and
 * the calls still open at the end shown open:
 *
 *	0.012340 |  0)               |  setup_arch() {
 *	0.012345 |  0)   0.210 us    |    probe_roms();
 *
 * Times are counter readings at the counter's frequency, from the
 * counter's zero (the machine's reset, for the TSC); without a frequency,
 * the entries' order alone, one nanosecond apart.
 */

#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/printk.h>
#include <linux/sprintf.h>

#include "trace.h"
#include "ftrace_early_internal.h"

/* The time of an entry, in ns */
static u64 __init ftrace_early_text_ns(const struct ftrace_early_text *t,
				       unsigned int i)
{
	if (!t->khz)
		return i + 1;
	return ftrace_early_ticks_to_ns(t->e[i].counter, t->khz);
}

static void __init ftrace_early_text_gaps(const struct ftrace_early_text *t,
					  unsigned int i, char *line)
{
	unsigned int g;

	for (g = 0; g < ARRAY_SIZE(t->gap); g++) {
		if (!t->gap[g].over || t->gap[g].at != i)
			continue;
		snprintf(line, FTRACE_EARLY_TEXT_LINE,
			 "very early function tracer: %lu calls not recorded here (%s)",
			 t->gap[g].over, t->gap[g].why);
		t->out(t->ctx, line);
	}
}

static void __init ftrace_early_text_function(const struct ftrace_early_text *t,
					      char *line)
{
	const struct ftrace_early_entry *e;
	unsigned int i;
	u64 sec;
	u32 rem;

	for (i = 0; i < t->nr; i++) {
		ftrace_early_text_gaps(t, i, line);
		e = &t->e[i];
		if (e->ip == FTRACE_EARLY_FOLDED) {
			snprintf(line, FTRACE_EARLY_TEXT_LINE,
				 "very early function tracer: %u calls folded here (%s)",
				 e->parent, FTRACE_EARLY_FOLD_WHY);
			t->out(t->ctx, line);
			continue;
		}
		sec = div_u64_rem(ftrace_early_text_ns(t, i), NSEC_PER_SEC, &rem);
		rem /= NSEC_PER_USEC;
		if (e->parent == FTRACE_EARLY_NO_PARENT)
			snprintf(line, FTRACE_EARLY_TEXT_LINE,
				 "%16s-%-7d [%03d] d.... %5llu.%06u: %ps",
				 "<idle>", 0, t->cpu, sec, rem,
				 (void *)(t->base + e->ip));
		else
			snprintf(line, FTRACE_EARLY_TEXT_LINE,
				 "%16s-%-7d [%03d] d.... %5llu.%06u: %ps <-%ps",
				 "<idle>", 0, t->cpu, sec, rem,
				 (void *)(t->base + e->ip),
				 (void *)(t->base + e->parent));
		t->out(t->ctx, line);
	}
	ftrace_early_text_gaps(t, t->nr, line);
}

/* The duration column of the graph tracer: 15 characters */
static void __init ftrace_early_text_duration(char *buf, size_t size,
					      u64 ns, bool known)
{
	u32 rem;
	u64 us;

	if (!known) {
		snprintf(buf, size, "%15s", "");
		return;
	}
	us = div_u64_rem(ns, NSEC_PER_USEC, &rem);
	snprintf(buf, size, "%c %6llu.%03u us",
		 us >= 1000000 ? '$' : us >= 1000 ? '#' : us >= 100 ? '!' :
		 us >= 10 ? '+' : ' ', us, rem);
}

/* Calls open while the graph is printed: when each was made */
static u64 ftrace_early_text_calltime[FTRACE_EARLY_GRAPH_FRAMES] __initdata;

static void __init ftrace_early_text_graph(const struct ftrace_early_text *t,
					   char *line)
{
	const struct ftrace_early_entry *e, *next;
	unsigned int i, depth;
	char dur[40];
	u64 ns, sec;
	u32 rem;

	for (i = 0; i < t->nr; i++) {
		e = &t->e[i];
		depth = e->parent & FTRACE_EARLY_GRAPH_DEPTH;
		if (depth >= FTRACE_EARLY_GRAPH_FRAMES)
			continue;
		if (e->parent & FTRACE_EARLY_GRAPH_LOST) {
			snprintf(line, FTRACE_EARLY_TEXT_LINE,
				 "%*s/* very early function graph tracer: %u calls not recorded here (no room: ftrace_early_buf_size=) */",
				 36 + 2 * depth, "", e->ip);
			t->out(t->ctx, line);
			continue;
		}
		ns = ftrace_early_text_ns(t, i);
		sec = div_u64_rem(ns, NSEC_PER_SEC, &rem);
		rem /= NSEC_PER_USEC;
		next = i + 1 < t->nr ? &t->e[i + 1] : NULL;
		if (e->parent & FTRACE_EARLY_GRAPH_RET) {
			ftrace_early_text_duration(dur, sizeof(dur),
						   ns - ftrace_early_text_calltime[depth],
						   t->khz);
			snprintf(line, FTRACE_EARLY_TEXT_LINE,
				 "%5llu.%06u | %2d) %s |  %*s} /* %ps */",
				 sec, rem, t->cpu, dur, 2 * depth, "",
				 (void *)(t->base + e->ip));
		} else if (next && next->ip == e->ip &&
			   next->parent == (FTRACE_EARLY_GRAPH_RET | depth)) {
			/* A call that made no recorded call: one line */
			ftrace_early_text_duration(dur, sizeof(dur),
						   ftrace_early_text_ns(t, i + 1) - ns,
						   t->khz);
			snprintf(line, FTRACE_EARLY_TEXT_LINE,
				 "%5llu.%06u | %2d) %s |  %*s%ps();",
				 sec, rem, t->cpu, dur, 2 * depth, "",
				 (void *)(t->base + e->ip));
			i++;
		} else {
			ftrace_early_text_calltime[depth] = ns;
			ftrace_early_text_duration(dur, sizeof(dur), 0, false);
			snprintf(line, FTRACE_EARLY_TEXT_LINE,
				 "%5llu.%06u | %2d) %s |  %*s%ps() {",
				 sec, rem, t->cpu, dur, 2 * depth, "",
				 (void *)(t->base + e->ip));
		}
		t->out(t->ctx, line);
	}
}

/**
 * ftrace_early_text - the entries as the tracers' text lines
 * @t: the entries, where calls were not recorded, and where the lines go
 */
void __init ftrace_early_text(const struct ftrace_early_text *t)
{
	static char line[FTRACE_EARLY_TEXT_LINE] __initdata;

	if (t->graph)
		ftrace_early_text_graph(t, line);
	else
		ftrace_early_text_function(t, line);
}

static void __init ftrace_early_text_console(void *ctx, const char *line)
{
	pr_emerg("%s\n", line);
}

/**
 * ftrace_early_text_dump - the entries on the console, as ftrace_dump() prints
 * @t: the entries; where the lines go is set here
 * @summary: the line after them: what was recorded and lost
 *
 * A header that says where the times come from, the lines between two
 * rules, then @summary.
 */
void __init ftrace_early_text_dump(struct ftrace_early_text *t,
				   const char *summary)
{
	t->out = ftrace_early_text_console;
	pr_emerg("Dumping the very early function trace (the calls before ftrace_init() the ring buffer does not have yet):\n");
	if (t->khz)
		pr_emerg("times from the counter's zero at %u kHz\n", t->khz);
	else
		pr_emerg("times estimated: the counter's frequency is not known yet, entries 1 ns apart in the order they were recorded\n");
	pr_emerg("---------------------------------\n");
	ftrace_early_text(t);
	pr_emerg("---------------------------------\n");
	pr_emerg("%s\n", summary);
}
