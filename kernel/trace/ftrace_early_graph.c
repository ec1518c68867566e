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
 * (applied when the entries are written).
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
 * @ip: the function's fentry call site
 * @ip_off: @ip from _text
 * @retp: where the call's return address is on the stack
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
				      unsigned long *retp, u64 counter)
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
	if (READ_ONCE(*f.retp) == (unsigned long)ftrace_early_return)
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
		if (g->frames[i].retp == retp && g->frames[i].ret != hook)
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

/* The call time of the recorded calls open while the entries are written */
static u64 ftrace_early_graph_calltime[FTRACE_EARLY_GRAPH_FRAMES] __initdata;

static void __init ftrace_early_graph_ent(struct trace_buffer *buffer,
					  unsigned long func, int depth,
					  unsigned int trace_ctx, bool *full)
{
	struct ring_buffer_event *event;
	struct ftrace_graph_ent_entry *entry;

	event = trace_buffer_lock_reserve(buffer, TRACE_GRAPH_ENT,
					  sizeof(*entry), trace_ctx);
	if (!event) {
		*full = true;
		return;
	}
	entry = ring_buffer_event_data(event);
	entry->graph_ent.func = func;
	entry->graph_ent.depth = depth;
	trace_buffer_unlock_commit_nostack(buffer, event);
}

static void __init ftrace_early_graph_ret(struct trace_buffer *buffer,
					  unsigned long func, int depth,
					  u64 calltime, u64 rettime,
					  unsigned int trace_ctx, bool *full)
{
	struct ring_buffer_event *event;
	struct ftrace_graph_ret_entry *entry;

	if (tracing_thresh && rettime - calltime < tracing_thresh)
		return;
	event = trace_buffer_lock_reserve(buffer, TRACE_GRAPH_RET,
					  sizeof(*entry), trace_ctx);
	if (!event) {
		*full = true;
		return;
	}
	entry = ring_buffer_event_data(event);
	memset(&entry->ret, 0, sizeof(entry->ret));
	entry->ret.func = func;
	entry->ret.depth = depth;
	entry->ret.calltime = calltime;
	entry->ret.rettime = rettime;
	trace_buffer_unlock_commit_nostack(buffer, event);
}

/*
 * Write entry @e as the graph tracer's event: a call (but with
 * tracing_thresh=, which keeps returns only), a return with the time of
 * its call, or a line about calls lost.  Set *@full if the buffer had no
 * room.
 */
static void __init ftrace_early_graph_write_one(struct ftrace_early_graph_writer *w,
						const struct ftrace_early_entry *e,
						bool *full)
{
	unsigned long func = (unsigned long)_text + e->ip;
	int depth = e->parent & FTRACE_EARLY_GRAPH_DEPTH;
	/* Negative before the trace clock's zero: the durations are right */
	u64 ts;

	if (depth >= FTRACE_EARLY_GRAPH_FRAMES)
		return;
	if (e->parent & FTRACE_EARLY_GRAPH_LOST) {
		ftrace_early_note(w->buffer, w->tb, e->counter, w->trace_ctx,
				  "very early function graph tracer: %u calls not recorded here (no room: ftrace_early_buf_size=)\n",
				  e->ip);
		return;
	}
	ts = ftrace_early_stamp(w->tb, e->counter);
	if (e->parent & FTRACE_EARLY_GRAPH_RET) {
		ftrace_early_graph_ret(w->buffer, func, depth,
				       ftrace_early_graph_calltime[depth], ts,
				       w->trace_ctx, full);
		return;
	}
	ftrace_early_graph_calltime[depth] = ts;
	if (!tracing_thresh)
		ftrace_early_graph_ent(w->buffer, func, depth, w->trace_ctx,
				       full);
}

/**
 * ftrace_early_graph_write - write graph entries to the trace buffer
 * @w: the buffer, the conversion of the times, the context
 * @log: the entries
 * @n: how many, from the first
 *
 * Return: @n, or the index of the first entry the buffer had no room for.
 */
unsigned int __init ftrace_early_graph_write(struct ftrace_early_graph_writer *w,
					     const struct ftrace_early_log *log,
					     unsigned int n)
{
	bool full = false;
	unsigned int i;

	for (i = 0; i < n; i++) {
		ftrace_early_graph_write_one(w, &log->e[i], &full);
		if (full)
			return i;
	}
	return n;
}

/* The depth after entries [0, @n): the recorded calls still open. */
static unsigned int __init ftrace_early_graph_open(const struct ftrace_early_log *log,
						   unsigned int n)
{
	const struct ftrace_early_entry *e;

	for (; n > 0; n--) {
		e = &log->e[n - 1];
		if (e->parent & FTRACE_EARLY_GRAPH_LOST)
			continue;
		return (e->parent & FTRACE_EARLY_GRAPH_DEPTH) +
		       !(e->parent & FTRACE_EARLY_GRAPH_RET);
	}
	return 0;
}

/**
 * ftrace_early_graph_cut - where to cut entries the buffer cannot all hold
 * @log: the entries
 * @fit: how many the buffer took
 *
 * Return: how many to keep, so that the returns of the calls they leave
 * open and a line about the rest fit too (a return takes about twice the
 * room of a call).
 */
unsigned int __init ftrace_early_graph_cut(const struct ftrace_early_log *log,
					   unsigned int fit)
{
	unsigned int keep = fit > 8 ? fit - 8 : 0;

	while (keep && keep + 2 * ftrace_early_graph_open(log, keep) + 8 > fit)
		keep--;
	return keep;
}

/**
 * ftrace_early_graph_close - write the returns of the calls left open
 * @w: as for ftrace_early_graph_write()
 * @log: the entries
 * @keep: how many were written
 *
 * The returns are those of the entries after @keep that end a call open
 * at @keep, with their own times.
 *
 * Return: false if the trace buffer had no room for them all.
 */
bool __init ftrace_early_graph_close(struct ftrace_early_graph_writer *w,
				     const struct ftrace_early_log *log,
				     unsigned int keep)
{
	unsigned int open = ftrace_early_graph_open(log, keep), i, depth;
	const struct ftrace_early_entry *e;
	bool full = false;

	for (i = keep; i < log->nr && open; i++) {
		e = &log->e[i];
		if (!(e->parent & FTRACE_EARLY_GRAPH_RET))
			continue;
		depth = e->parent & FTRACE_EARLY_GRAPH_DEPTH;
		if (depth != open - 1)
			continue;
		ftrace_early_graph_write_one(w, e, &full);
		if (full)
			return false;
		open--;
	}
	return true;
}
