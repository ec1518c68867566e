// SPDX-License-Identifier: GPL-2.0
/*
 * Very early function graph tracing: with ftrace=function_graph, the very
 * early tracer (kernel/trace/ftrace_early.c) records the return of every
 * call it records too, and the boot trace shows the calls from
 * start_kernel() on nested, each with its duration, as the graph tracer
 * shows the calls that follow.
 *
 * Until ftrace_init() only the boot CPU runs, with interrupts off.  A
 * recorded call's return address on the stack is replaced by the
 * architecture's return hook, ftrace_early_return, and kept on a static
 * shadow stack of FTRACE_EARLY_GRAPH_FRAMES frames; the hook records the
 * return and goes back to the real address.  Exceptions and NMIs may run
 * traced code in the middle of a call: their calls nest in it, and return
 * before it does, as calls do.  Calls past the shadow stack's depth are
 * not hooked and not recorded, and counted.  Unwinders see the real
 * return addresses through ftrace_graph_ret_addr().
 *
 * ftrace_init() is called by start_kernel(), which is not hooked (its
 * call site arms the tracer): no call is pending when the recording stops,
 * and the graph tracer starts right after (early_trace_init()), so that
 * its trace follows the early one without a gap.
 *
 * The graph tracer's boot parameters apply: ftrace_filter= and
 * ftrace_notrace= say which functions are hooked at all;
 * ftrace_graph_filter= keeps the calls of the functions it names and of
 * their callees; ftrace_graph_notrace= leaves out the functions it names
 * and their callees; ftrace_graph_max_depth= leaves out calls deeper than
 * that; tracing_thresh= keeps only the returns of calls at least that long
 * (applied when ftrace_early_inject.c writes the entries).
 */

#define pr_fmt(fmt) "ftrace: very early: " fmt

#include <linux/ftrace.h>
#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/ring_buffer.h>

#include <asm/sections.h>

#include "trace.h"
#include "ftrace_early_internal.h"

/**
 * ftrace_early_graph_init - an empty function graph
 * @g: the graph
 * @frames: its shadow stack
 * @max_frames: how many frames @frames holds
 *
 * No filter, no maximum depth; the caller sets them.
 */
void __init ftrace_early_graph_init(struct ftrace_early_graph *g,
				    struct ftrace_early_graph_frame *frames,
				    unsigned int max_frames)
{
	memset(g, 0, sizeof(*g));
	g->frames = frames;
	g->max_frames = max_frames;
	g->lost_at = -1;
}

/* Count a call not recorded for want of room: in the open LOST entry. */
static void notrace ftrace_early_graph_lose(struct ftrace_early_graph *g,
					    struct ftrace_early_log *log,
					    u64 counter)
{
	struct ftrace_early_entry *e;

	g->lost++;
	if (g->lost_at >= 0) {
		log->e[g->lost_at].ip++;
		return;
	}
	/* Room is kept for it: see ftrace_early_graph_enter(). */
	if (WARN_ON_ONCE(log->nr >= log->max))
		return;
	g->lost_at = log->nr;
	e = &log->e[log->nr++];
	e->ip = 1;
	e->parent = FTRACE_EARLY_GRAPH_LOST | g->depth;
	e->counter = counter;
}

/**
 * ftrace_early_graph_enter - a call, with the function graph recorded
 * @g: the graph
 * @log: the entries
 * @ip: the function's call site, its __mcount_loc entry
 * @ip_off: the call site as ftrace's dyn_ftrace.ip has it, from _text
 * @retp: where the call's return address is on the stack
 * @id: what an unwinder that finds the return hook for this call gives
 *	ftrace_early_graph_ret_addr() as its @retp
 * @counter: the counter now
 *
 * Recorded only if there is room for it, its return, the returns of the
 * calls pending and one LOST entry after them: the first call not recorded
 * for want of room opens a LOST entry, which counts the calls that follow
 * until one is recorded again (the buffer having grown).  Its callees are
 * not recorded either, and are counted too: the graph stays well nested.
 * Runs from __fentry__: nothing here may be traced.
 *
 * Return: true if the return is to be hooked: the frame is pushed and the
 * caller replaces *@retp with the return hook.
 */
bool notrace ftrace_early_graph_enter(struct ftrace_early_graph *g,
				      struct ftrace_early_log *log,
				      unsigned long ip, u32 ip_off,
				      unsigned long *retp, unsigned long id,
				      u64 counter)
{
	struct ftrace_early_graph_frame *f;
	bool record = true, lost = false;

	/*
	 * Inside a call left out: so are its callees, counted if it was
	 * lost and they could have been recorded.  They are not hooked, so
	 * each is taken for a direct callee (at g->depth + 1): one deeper,
	 * or under a notrace callee, may still be counted.
	 */
	if (g->nr_frames && !g->frames[g->nr_frames - 1].recorded) {
		if (g->frames[g->nr_frames - 1].lost &&
		    !(g->skip && !ftrace_early_filter_traced(g->skip, ip)) &&
		    !(g->max_depth && g->depth + 1 >= g->max_depth))
			ftrace_early_graph_lose(g, log, counter);
		return false;
	}
	/*
	 * As the graph tracer: ftrace_graph_notrace= first, at any depth; then
	 * ftrace_graph_filter=, only from the functions it names down; then
	 * the maximum depth.
	 */
	if (g->skip && !ftrace_early_filter_traced(g->skip, ip))
		record = false;
	else if (g->only && !g->depth && !ftrace_early_filter_traced(g->only, ip))
		return false;
	else if (g->max_depth && g->depth >= g->max_depth)
		return false;
	if (g->nr_frames >= g->max_frames) {
		g->overflow++;
		return false;
	}
	if (record && (u64)log->nr + g->depth + 3 > log->max) {
		ftrace_early_graph_lose(g, log, counter);
		record = false;
		lost = true;
	}
	/* The frame is whole before an NMI's unwinder can see it. */
	f = &g->frames[g->nr_frames];
	f->ret = *retp;
	f->retp = retp;
	f->id = id;
	f->ip = ip_off;
	f->recorded = record;
	f->lost = lost;
	barrier();
	g->nr_frames++;
	g->deepest = max(g->deepest, g->nr_frames);
	if (record) {
		struct ftrace_early_entry *e = &log->e[log->nr++];

		e->ip = ip_off;
		e->parent = g->depth++;
		e->counter = counter;
		g->lost_at = -1;
	}
	return true;
}

/**
 * ftrace_early_graph_exit - a hooked call returns
 * @g: the graph, with a frame pushed
 * @log: the entries
 * @record: whether to record the return of a recorded call (false once
 *          the recording has stopped)
 * @counter: the counter now
 *
 * Return: the call's real return address.
 */
unsigned long notrace ftrace_early_graph_exit(struct ftrace_early_graph *g,
					      struct ftrace_early_log *log,
					      bool record, u64 counter)
{
	struct ftrace_early_graph_frame f;
	struct ftrace_early_entry *e;

	/* Not a return from a hooked call: there is nowhere to go back to. */
	if (unlikely(!g->nr_frames))
		panic("ftrace: very early: return hook reached with no call hooked\n");
	f = g->frames[g->nr_frames - 1];
	/*
	 * The slot the call returned from, where the return hook keeps its
	 * frame, gets the real address back: unwinders then find it there
	 * once the frame is popped, as before it was.  A slot that no longer
	 * holds the hook is not the call's any more: left alone.
	 */
	if (!g->slots_gone &&
	    READ_ONCE(*f.retp) == (unsigned long)ftrace_early_return)
		WRITE_ONCE(*f.retp, f.ret);
	barrier();
	g->nr_frames--;
	if (!f.recorded)
		return f.ret;
	g->depth--;
	/* Room was kept for it when the call was recorded. */
	if (record && !WARN_ON_ONCE(log->nr >= log->max)) {
		e = &log->e[log->nr++];
		e->ip = f.ip;
		e->parent = FTRACE_EARLY_GRAPH_RET | g->depth;
		e->counter = counter;
	}
	return f.ret;
}

/**
 * ftrace_early_graph_ret_addr - the real return address of a stack slot
 * @g: the graph
 * @ret: the return address found on the stack
 * @retp: where it was found
 *
 * A hooked function that tail-calls another leaves one slot for both: the
 * callee's frame holds the hook as its return address, the caller's the
 * real one.
 *
 * Return: the real return address if @ret is the return hook and @retp a
 * hooked slot, else @ret.
 */
unsigned long ftrace_early_graph_ret_addr(const struct ftrace_early_graph *g,
					  unsigned long ret,
					  unsigned long *retp)
{
	unsigned long hook = (unsigned long)ftrace_early_return;
	unsigned int i;

	if (ret != hook)
		return ret;
	for (i = g->nr_frames; i-- > 0;)
		if (g->frames[i].id == (unsigned long)retp &&
		    g->frames[i].ret != hook)
			return g->frames[i].ret;
	return ret;
}

/**
 * ftrace_early_graph_unhook_all - give the calls still hooked their return
 * @g: the graph
 * @log: the entries
 * @counter: the counter now
 *
 * For the recording's stop: a call still hooked then would return through
 * __init code after it is freed.  Each is popped, innermost first, with a
 * return recorded now if the call was (room was kept for it), so that the
 * graph stays nested; its slot gets the real return address back (a
 * tail call's frame gives back the hook, its caller's frame then the real
 * address).  Only the task that made the calls runs.
 *
 * Return: how many calls were still hooked.
 */
unsigned int __init ftrace_early_graph_unhook_all(struct ftrace_early_graph *g,
						  struct ftrace_early_log *log,
						  u64 counter)
{
	unsigned int n = g->nr_frames;

	while (g->nr_frames)
		ftrace_early_graph_exit(g, log, true, counter);
	return n;
}
