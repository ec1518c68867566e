// SPDX-License-Identifier: GPL-2.0
/*
 * Very early function tracing: the entries into the trace buffer.
 *
 * When the boot tracer starts, its buffer just reset, ftrace_early.c has
 * the recorded entries written here, before anything else: each counter
 * reading becomes a time on the buffer's trace clock, from one reading of
 * both taken together and the counter's frequency known by then.  The
 * trace clock starts after the tracer was armed: entries older than its
 * zero are written at 0, as dmesg shows the messages of that time, and
 * later events keep the trace clock's own times.  The default clock
 * switch of late_initcall (to "global" when sched_clock() is unstable)
 * resets the buffer: trace.c puts it off to the first clear while the
 * buffer holds the entries (ftrace_early_holds_trace()).
 *
 * Under ftrace=function_graph the entries become the graph tracer's own
 * call and return events, nested; a buffer too small for them all keeps
 * the earliest and the returns of the calls they leave open.
 *
 * The entries the trace clock could not give their times (those before
 * its zero; all if the counter's frequency was not known yet or the clock
 * does not count nanoseconds) are written again at late_initcall to the
 * instance "early_boot", each at its time from the counter's zero at the
 * frequency the boot trace's times were converted with (or, if there was
 * none, the one known by then), as the idle task on the CPU that recorded
 * them.
 */

#define pr_fmt(fmt) "ftrace: very early: " fmt

#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/ring_buffer.h>
#include <linux/sizes.h>
#include <linux/timekeeping.h>
#include <linux/trace_clock.h>
#include <linux/workqueue.h>

#include <asm/sections.h>

#include "trace.h"
#include "ftrace_early_internal.h"

/* The recording being written (ftrace_early_write_trace()) */
static struct ftrace_early_recording *rec __initdata;

/* What the writing left out, for dmesg */
static struct {
	unsigned int not_written;	/* entries the trace buffer could not hold */
	bool no_times;			/* no frequency: entries 1 ns apart */
	unsigned int before_zero;	/* entries before the trace clock's zero */
	u64 zero_after;			/* ns from the first entry to the zero */
	unsigned int own_times;		/* the first ones, without: early_boot */
	unsigned int trace_ctx;		/* the context they were written in */
	bool clock_ns;			/* the trace clock counts ns */
	u64 counter_then, clock_then;	/* the counter and it, read together */
	u32 khz_then;			/* the counter's frequency then */
} fw __initdata;

/* Writing to it: the entries are the idle task's, with no note about it */
static bool ftrace_early_own_pass __initdata;
/* The events written are the idle task's (ftrace_early_write_as_idle()) */
static bool ftrace_early_as_idle __initdata;

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
 * ftrace_early_write_as_idle - write the entries as the idle task's
 * @on: from now on, or no more
 *
 * While @on, the events this file's writers reserve are the idle task's
 * (pid 0), the task that recorded the entries, whatever task writes them:
 * a kworker for early_boot and early_previous.
 */
void __init ftrace_early_write_as_idle(bool on)
{
	ftrace_early_as_idle = on;
}

/* Reserve an event as trace_buffer_lock_reserve() does. */
static struct ring_buffer_event *__init
ftrace_early_reserve(struct trace_buffer *buffer, int type, unsigned long len,
		     unsigned int trace_ctx)
{
	struct ring_buffer_event *event;

	event = trace_buffer_lock_reserve(buffer, type, len, trace_ctx);
	if (event && ftrace_early_as_idle)
		((struct trace_entry *)ring_buffer_event_data(event))->pid = 0;
	return event;
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
	event = ftrace_early_reserve(buffer, TRACE_PRINT,
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
	event = ftrace_early_reserve(buffer, TRACE_FN, sizeof(*entry), trace_ctx);
	if (!event)
		return false;
	entry = ring_buffer_event_data(event);
	entry->ip = base + e->ip;
	entry->parent_ip = e->parent == FTRACE_EARLY_NO_PARENT ? 0 :
			   base + e->parent;
	trace_buffer_unlock_commit_nostack(buffer, event);
	return true;
}

/* The call time of the recorded calls open while the entries are written */
static u64 ftrace_early_graph_calltime[FTRACE_EARLY_GRAPH_FRAMES] __initdata;

static void __init ftrace_early_graph_ent(struct trace_buffer *buffer,
					  unsigned long func, int depth,
					  unsigned int trace_ctx, bool *full)
{
	struct ring_buffer_event *event;
	struct ftrace_graph_ent_entry *entry;

	event = ftrace_early_reserve(buffer, TRACE_GRAPH_ENT, sizeof(*entry),
				     trace_ctx);
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
	event = ftrace_early_reserve(buffer, TRACE_GRAPH_RET, sizeof(*entry),
				     trace_ctx);
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

/* How many entries are older than the trace clock's zero, for dmesg */
static void __init ftrace_early_count_before_zero(const struct ftrace_early_timebase *tb)
{
	unsigned int before = 0;

	if (!rec->log.nr)
		return;
	/* Without a frequency: 1 ns apart, the last at now */
	if (!tb->khz) {
		if (rec->log.nr > tb->clock_now) {
			fw.before_zero = rec->log.nr - tb->clock_now;
			fw.zero_after = fw.before_zero;
		}
		return;
	}
	while (before < rec->log.nr &&
	       ftrace_early_timebase_ts(tb, rec->log.e[before].counter) < 0)
		before++;
	fw.before_zero = before;
	fw.zero_after = -ftrace_early_timebase_ts(tb, rec->log.e[0].counter);
}

/*
 * Start writing @n entries; in the top-level buffer, when some lack their
 * times there, first the line that says where they have them.
 */
static void __init ftrace_early_write_start(struct trace_buffer *buffer,
					    const struct ftrace_early_timebase *tb,
					    unsigned int n, unsigned int trace_ctx)
{
	bool note = fw.own_times && !ftrace_early_own_pass;

	/* The line takes a time too: without a frequency, 1 ns more */
	ftrace_early_stamp_start(tb, n + note);
	if (note)
		ftrace_early_note(buffer, tb, rec->log.e[0].counter, trace_ctx,
				  "very early function tracer: the first %u entries have no time on the trace clock (%s): at late_initcall, instances/early_boot gets them with their times from the counter's zero (see dmesg)\n",
				  fw.own_times, fw.no_times ?
				  "estimated: the counter's frequency was not known" :
				  fw.before_zero ? "0: before its zero" :
				  "its clock does not count nanoseconds");
}

/* Write entries [0, @n) to @buffer; return how many it took. */
static unsigned int __init ftrace_early_write(struct trace_buffer *buffer,
					      const struct ftrace_early_timebase *tb,
					      unsigned int n, unsigned int trace_ctx)
{
	struct ftrace_early_entry *e;
	unsigned int i;

	ftrace_early_write_start(buffer, tb, n, trace_ctx);
	for (i = 0; i < n; i++) {
		e = &rec->log.e[i];
		if (i == rec->area_ring.at && rec->area_ring.calls)
			ftrace_early_note(buffer, tb, rec->area_ring.counter, trace_ctx,
					  "very early function tracer: %lu calls not recorded here (the early area was full)\n",
					  rec->area_ring.calls);
		if (i == rec->tail_ring.at && rec->tail_ring.calls)
			ftrace_early_note(buffer, tb, rec->tail_ring.counter, trace_ctx,
					  "very early function tracer: %lu calls not recorded here (%s)\n",
					  rec->tail_ring.calls,
					  rec->region ? "the region's slot was full" :
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
	unsigned int at = ftrace_early_rebase(rec->log.e, rec->log.nr, step);

	if (rec->area_ring.over && rec->area_ring.at <= at)
		rec->area_ring.counter -= step;
	if (rec->tail_ring.over && rec->tail_ring.at <= at)
		rec->tail_ring.counter -= step;
	if (rec->dropped && at == rec->log.nr)
		rec->first_drop_counter -= step;
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
	fw.not_written = rec->log.nr - keep;
	ftrace_early_note(buffer, tb, rec->log.e[keep].counter, trace_ctx,
			  "very early function tracer: %u entries did not fit in the trace buffer (trace_buf_size=)\n",
			  fw.not_written);
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

	ftrace_early_write_start(buffer, tb, rec->log.nr, trace_ctx);
	written = ftrace_early_graph_write(&w, &rec->log, rec->log.nr);
	if (written == rec->log.nr)
		return;
	/*
	 * Fewer each time, twice as many fewer as the time before, until the
	 * returns of the calls open fit too.
	 */
	keep = written;
	step = 0;
	do {
		ring_buffer_reset_cpu(buffer, raw_smp_processor_id());
		ftrace_early_write_start(buffer, tb, rec->log.nr, trace_ctx);
		keep = ftrace_early_graph_cut(&rec->log, keep > step ? keep - step : 0);
		step = step ? 2 * step : 8;
		ftrace_early_graph_write(&w, &rec->log, keep);
		fw.not_written = rec->log.nr - keep;
		ftrace_early_note(buffer, tb, rec->log.e[keep].counter, trace_ctx,
				  "very early function graph tracer: %u entries did not fit in the trace buffer (trace_buf_size=): the calls still open return\n",
				  fw.not_written);
	} while (!ftrace_early_graph_close(&w, &rec->log, keep) && keep);
}

/* Write every entry, keeping the earliest if they do not all fit. */
static void __init ftrace_early_write_entries(struct trace_buffer *buffer,
					      const struct ftrace_early_timebase *tb,
					      unsigned int trace_ctx)
{
	unsigned int written;

	if (rec->graph_mode) {
		ftrace_early_write_graph(buffer, tb, trace_ctx);
		return;
	}
	written = ftrace_early_write(buffer, tb, rec->log.nr, trace_ctx);
	if (written < rec->log.nr)
		ftrace_early_write_again(buffer, tb, written, trace_ctx);
	else if (rec->dropped)
		ftrace_early_note(buffer, tb, rec->first_drop_counter, trace_ctx,
				  "very early function tracer: %lu calls lost (buffer full: ftrace_early_buf_size=)\n",
				  rec->dropped);
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
	bool times = own_time || rec->graph_mode;
	unsigned int trace_ctx = tracing_gen_ctx();
	struct ftrace_early_timebase tb = { };
	u64 counter_now, clock_now;
	u32 khz;

	ftrace_early_rebase_all(arch_ftrace_early_counter_step());
	/* ftrace_early_test=nofreq: as if the calibration had failed */
	khz = ftrace_early_test_nofreq ? 0 : arch_ftrace_early_counter_khz();
	fw.no_times = times && !khz;
	ftrace_early_bench_report(khz);

	clock_now = own_time ? inj->clock() : trace_clock_local();
	counter_now = arch_ftrace_early_counter();
	/* Without a frequency the entries are 1 ns apart, up to now. */
	if (times)
		ftrace_early_timebase_init(&tb, counter_now, clock_now, khz);
	if (own_time)
		ftrace_early_count_before_zero(&tb);
	fw.own_times = !own_time || fw.no_times ? rec->log.nr : fw.before_zero;
	fw.trace_ctx = trace_ctx;
	fw.clock_ns = own_time;
	fw.counter_then = counter_now;
	fw.clock_then = clock_now;
	fw.khz_then = khz;
	/* Only this CPU runs, with interrupts off: no other writer. */
	if (own_time)
		ring_buffer_set_clock(buffer, ftrace_early_entry_clock);
	/* Keep the first ones, whatever trace_options= will say. */
	ring_buffer_change_overwrite(buffer, 0);
	ftrace_early_write_entries(buffer, &tb, trace_ctx);
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

/* What the recording of calls got, and lost */
static void __init ftrace_early_summary(void)
{
	pr_info("%u calls recorded, %lu dropped, %lu not recorded (early area full), %lu while recording one; ftrace_filter= %u, ftrace_notrace= %u of %u functions; buffer %zu KiB\n",
		rec->nr_calls, rec->dropped + rec->tail_ring.calls, rec->area_ring.calls,
		rec->recursion,
		rec->filter.nr_filter ?: rec->filter.nr_sites,
		rec->filter.traced ? rec->filter.nr_notrace : 0,
		rec->filter.nr_sites, rec->log.max * sizeof(*rec->log.e) / SZ_1K);
	if (rec->fold.lines)
		pr_info("%lu calls folded into %u lines when the early area was full, each repeating one of the calls above it\n",
			rec->fold.calls, rec->fold.lines);
	if (fw.not_written)
		pr_warn("%u of %u entries did not fit in the trace buffer: the earliest were kept\n",
			fw.not_written, rec->log.nr);
}

/* What the recording of the function graph got, and lost */
static void __init ftrace_early_graph_summary(void)
{
	pr_info("function graph: %u calls recorded with their returns, %lu lost (no room), %lu past the shadow stack (%u frames, at most %u used), %lu while recording one; buffer %zu KiB\n",
		rec->nr_calls, rec->graph.lost, rec->graph.overflow,
		rec->graph.max_frames, rec->graph.deepest, rec->recursion,
		rec->log.max * sizeof(*rec->log.e) / SZ_1K);
	if (fw.not_written)
		pr_warn("%u of %u entries did not fit in the trace buffer: the earliest were kept, and the returns of the calls they leave open\n",
			fw.not_written, rec->log.nr);
}

/**
 * ftrace_early_write_trace - write the very early entries to a trace buffer
 * @tr: the top-level trace array, its buffer just reset
 * @clock: the clock of its buffer
 * @recording: what was recorded; its times may be moved onto the counter
 *             as it runs now (ftrace_early_rebase())
 *
 * Only this CPU runs, with interrupts off: the buffer has no other writer.
 */
void __init ftrace_early_write_trace(struct trace_array *tr, u64 (*clock)(void),
				     struct ftrace_early_recording *recording)
{
	struct ftrace_early_injection inj = { .tr = tr, .clock = clock };

	rec = recording;

	ftrace_early_write_all(&inj);
	if (rec->graph_mode)
		ftrace_early_graph_summary();
	else
		ftrace_early_summary();
	if (fw.no_times)
		pr_warn("the counter's frequency is not known yet: times and durations are estimated, 1 ns apart in the order the entries were recorded\n");
	if (fw.before_zero)
		pr_info("the first %u entries, recorded in the %llu us before the trace clock's zero, show at 0\n",
			fw.before_zero, div_u64(fw.zero_after, NSEC_PER_USEC));
	if (fw.own_times)
		pr_info("at late_initcall, the first %u entries with their times from the counter's zero go to instances/early_boot\n",
			fw.own_times);
}

/**
 * ftrace_early_instance_get - a new trace instance for very early entries
 * @name: its name; an instance of that name already there is left alone
 * @bytes: the events it is to hold
 * @cpu: the CPU whose buffer takes them
 *
 * The instance is made as any is, with trace_buf_size= on every CPU, then
 * sized down.
 *
 * Return: the instance, with a reference (ftrace_early_instance_done()),
 * its buffer on @cpu sized for @bytes and small on the other CPUs; NULL
 * if it cannot be made.
 */
struct trace_array *__init ftrace_early_instance_get(const char *name,
						     unsigned long bytes, int cpu)
{
	struct trace_array *tr = trace_array_find_get(name);
	struct trace_buffer *buffer;

	if (tr) {
		trace_array_put(tr);
		pr_warn("%s: an instance of that name is there already: left alone\n",
			name);
		return NULL;
	}
	tr = trace_array_get_by_name(name, NULL);
	if (!tr) {
		pr_warn("%s: no memory for the instance\n", name);
		return NULL;
	}
	buffer = tr->array_buffer.buffer;
	ring_buffer_resize(buffer, SZ_8K, RING_BUFFER_ALL_CPUS);
	if (ring_buffer_resize(buffer, bytes + SZ_64K, cpu) < 0)
		pr_warn("%s: no memory for all the entries: those that fit\n", name);
	return tr;
}

/**
 * ftrace_early_instance_done - the entries are in the instance
 * @tr: the instance, from ftrace_early_instance_get()
 *
 * It is a record: nothing else goes in, whatever tracing_on says, as
 * its times are not those of its clock.  Drops the reference.
 */
void __init ftrace_early_instance_done(struct trace_array *tr)
{
	ring_buffer_set_clock(tr->array_buffer.buffer, trace_clock_local);
	/* The trace file hides what is older than the last reset. */
	tr->array_buffer.time_start = 0;
	tracer_tracing_off(tr);
	ring_buffer_record_disable(tr->array_buffer.buffer);
	trace_array_put(tr);
}

/*
 * The counter's frequency against the kernel's own clock, which has a
 * clocksource by late_initcall whatever the counter's calibration did:
 * the median of three windows of 10 ms; 0 if the counter does not move.
 */
static void __init ftrace_early_clock_pair(u64 *t, u64 *c)
{
	unsigned long flags;

	local_irq_save(flags);
	*t = ktime_get_ns();
	*c = arch_ftrace_early_counter();
	local_irq_restore(flags);
}

/* Run on the CPU that recorded the entries (its counter). */
static long __init ftrace_early_measure_khz(void *unused)
{
	u64 khz[3], c0, c1, t0, t1, t;
	int i;

	for (i = 0; i < 3; i++) {
		/* From a tick of the clock on */
		t = ktime_get_ns();
		do {
			cpu_relax();
			ftrace_early_clock_pair(&t0, &c0);
		} while (t0 == t);
		do {
			cpu_relax();
			ftrace_early_clock_pair(&t1, &c1);
		} while (t1 - t0 < 10 * NSEC_PER_MSEC);
		khz[i] = c1 > c0 ? mul_u64_u32_div(c1 - c0, NSEC_PER_MSEC, t1 - t0) : 0;
	}
	return min_t(u64, max(min(khz[0], khz[1]),
			      min(max(khz[0], khz[1]), khz[2])), U32_MAX);
}

struct ftrace_early_own_times {
	struct trace_array *tr;
	u32 khz;
	unsigned int written;		/* of fw.own_times */
};

/*
 * early_boot's first line: what its entries are, and where the trace
 * clock's zero is on their time, so that a reader can put the two traces
 * on one time line.  From the counter and the trace clock as they were
 * read together when the boot trace's entries were written (the two
 * clocks need not keep the same pace after that: a sched_clock() on
 * jiffies does not), back to the counter's reading at the trace clock's
 * zero at the frequency the boot trace's times were converted with, where
 * its first timed entries are: a frequency found again since then moves
 * only the untimed entries, by their own span's share.
 */
static void __init ftrace_early_own_note(struct trace_buffer *buffer,
					 const struct ftrace_early_timebase *tb,
					 u32 khz)
{
	u64 since_zero = fw.khz_then ?
			 mul_u64_u32_div(fw.clock_then, fw.khz_then, NSEC_PER_MSEC) : 0;
	s64 zero = (s64)ftrace_early_ticks_to_ns(fw.counter_then, khz) -
		   (s64)(fw.khz_then ? ftrace_early_ticks_to_ns(since_zero, khz) :
			 fw.clock_then);
	u64 abs_zero = zero < 0 ? -(u64)zero : zero;
	u32 rem;
	u64 sec = div_u64_rem(abs_zero, NSEC_PER_SEC, &rem);
	char where[64];

	rem /= NSEC_PER_USEC;
	if (fw.clock_ns)
		snprintf(where, sizeof(where), "the trace clock's zero is at %s%llu.%06u here",
			 zero < 0 ? "-" : "", sec, rem);
	else
		strscpy(where, "the trace clock does not count nanoseconds");
	ftrace_early_stamp_start(tb, 1);
	ftrace_early_note(buffer, tb, rec->log.e[0].counter, fw.trace_ctx,
			  "very early function tracer: the boot trace's first %u entries at their times from the counter's zero (%u.%03u MHz); %s\n",
			  fw.own_times, khz / 1000, khz % 1000, where);
}

/*
 * The line after early_boot's entries: a reader knows where they end,
 * and where the returns of the calls they leave open begin.
 */
static void __init ftrace_early_own_end(struct trace_buffer *buffer,
					const struct ftrace_early_timebase *tb,
					unsigned int written, bool returns)
{
	ftrace_early_note(buffer, tb, rec->log.e[written ? written - 1 : 0].counter,
			  fw.trace_ctx,
			  "very early function tracer: the boot trace's first %u entries end here%s\n",
			  written, returns ?
			  ": the returns after this line close the calls they leave open" : "");
}

/* On the CPU that recorded the entries: write them to early_boot. */
static long __init ftrace_early_own_times_write(void *arg)
{
	struct ftrace_early_own_times *own = arg;
	struct trace_buffer *buffer = own->tr->array_buffer.buffer;
	struct ftrace_early_timebase tb = { };
	struct ftrace_early_graph_writer w = {
		.buffer = buffer, .tb = &tb, .trace_ctx = fw.trace_ctx,
	};
	u64 counter_now = arch_ftrace_early_counter();

	ftrace_early_timebase_init(&tb, counter_now,
				   ftrace_early_ticks_to_ns(counter_now, own->khz),
				   own->khz);
	ring_buffer_change_overwrite(buffer, 0);
	ring_buffer_set_clock(buffer, ftrace_early_entry_clock);
	ftrace_early_own_pass = true;
	ftrace_early_write_as_idle(true);
	ftrace_early_own_note(buffer, &tb, own->khz);
	fw.not_written = 0;
	if (fw.own_times == rec->log.nr) {
		ftrace_early_write_entries(buffer, &tb, fw.trace_ctx);
		own->written = rec->log.nr - fw.not_written;
		ftrace_early_own_end(buffer, &tb, own->written, false);
	} else if (rec->graph_mode) {
		/* The calls still open after them return, at their times. */
		ftrace_early_write_start(buffer, &tb, fw.own_times, fw.trace_ctx);
		own->written = ftrace_early_graph_write(&w, &rec->log, fw.own_times);
		ftrace_early_own_end(buffer, &tb, own->written, true);
		if (!ftrace_early_graph_close(&w, &rec->log, own->written))
			own->written = 0;
	} else {
		own->written = ftrace_early_write(buffer, &tb, fw.own_times,
						  fw.trace_ctx);
		ftrace_early_own_end(buffer, &tb, own->written, false);
	}
	ftrace_early_own_pass = false;
	ftrace_early_write_as_idle(false);
	return 0;
}

/**
 * ftrace_early_write_own_times - the entries with their own times
 *
 * Write the entries the trace clock could not give their times to the
 * instance "early_boot", each at its time from the counter's zero at the
 * frequency known now.  At late_initcall, before the entries' memory is
 * given back.
 */
void __init ftrace_early_write_own_times(void)
{
	struct ftrace_early_own_times own = { };
	int cpu = ftrace_early_cpu;
	unsigned long flags;
	long khz;

	if (!rec || !fw.own_times)
		return;
	/*
	 * The frequency the boot trace's times were converted with, so that
	 * the two traces agree; if it had none, the one known now.  Its
	 * calibrations, if it has none yet, expect interrupts off.
	 */
	own.khz = fw.khz_then;
	if (!own.khz) {
		local_irq_save(flags);
		/* ftrace_early_test=nofreq: as if none had worked */
		own.khz = ftrace_early_test_nofreq ? 0 : arch_ftrace_early_counter_khz();
		local_irq_restore(flags);
	}
	if (!cpu_online(cpu))
		cpu = raw_smp_processor_id();
	if (!own.khz) {
		khz = work_on_cpu_safe(cpu, ftrace_early_measure_khz, NULL);
		if (khz <= 0) {
			pr_warn("early_boot: the counter's frequency cannot be found: no instance with the entries' own times\n");
			return;
		}
		own.khz = khz;
		pr_info("early_boot: the counter, which no calibration timed, at %u.%03u MHz against ktime\n",
			own.khz / 1000, own.khz % 1000);
	}
	/*
	 * A function event takes 32 bytes with its header, a graph one 48,
	 * and the returns of the calls they leave open as many again.
	 */
	own.tr = ftrace_early_instance_get("early_boot", rec->graph_mode ?
					   (2 * fw.own_times + 8) * 48 :
					   (fw.own_times + 8) * 32, cpu);
	if (!own.tr)
		return;
	if (work_on_cpu_safe(cpu, ftrace_early_own_times_write, &own) < 0)
		own.written = 0;
	ftrace_early_instance_done(own.tr);
	if (own.written < fw.own_times)
		pr_warn("early_boot: %u of the first %u entries written (no room, or the CPU went away)\n",
			own.written, fw.own_times);
	else
		pr_info("early_boot: the first %u entries at their times from the counter's zero (%u.%03u MHz), in instances/early_boot\n",
			fw.own_times, own.khz / 1000, own.khz % 1000);
}
