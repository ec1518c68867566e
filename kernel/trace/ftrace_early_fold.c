// SPDX-License-Identifier: GPL-2.0
/*
 * Very early function tracing: folding the calls that repeat.
 *
 * Until memblock has memory, ftrace=function keeps its entries in the
 * early area (64 KiB on x86_64: some 4,000 calls), and the set-up loops
 * of setup_arch() make far more calls than that: probe_roms() reads the
 * ROMs through copy_from_kernel_nofault(), the MP table scan maps and
 * unmaps its pages one at a time, static calls are sorted and patched.
 * When the area is full, its entries are folded, and the calls that
 * follow as they come: a run of calls each of which repeats one of the
 * FTRACE_EARLY_FOLD_WINDOW entries before it (the same function called
 * from the same place) becomes one entry, a fold line that counts them,
 * once the run is FTRACE_EARLY_FOLD_RUN calls long.  The fold line takes
 * the repeats that follow until a call that is not one; its time is that
 * of the newest call it took.  Calls that come once, and the first pass
 * of each loop, stay as they were, in order and with their times.
 */

#include <linux/init.h>
#include <linux/kernel.h>

#include "ftrace_early_internal.h"

/*
 * Whether entries [@end - FTRACE_EARLY_FOLD_WINDOW, @end) hold a call of
 * @ip from @parent.  A fold line never matches: no call site is at @ip
 * FTRACE_EARLY_FOLDED.
 */
static bool __init ftrace_early_fold_repeats(const struct ftrace_early_entry *e,
					     unsigned int end, u32 ip, u32 parent)
{
	unsigned int i = end > FTRACE_EARLY_FOLD_WINDOW ?
			 end - FTRACE_EARLY_FOLD_WINDOW : 0;

	for (; i < end; i++)
		if (e[i].ip == ip && e[i].parent == parent)
			return true;
	return false;
}

/**
 * ftrace_early_fold_take - fold a call into the open fold line
 * @f: the folding
 * @log: the entries, the open fold line the last of them
 * @ip: the call site, from _text
 * @parent: the caller, from _text
 * @counter: when the call came
 *
 * Return: true if the fold line took the call; false if it is not a
 * repeat (the line is closed then) or no line is open: the call is to be
 * recorded.
 */
bool __init ftrace_early_fold_take(struct ftrace_early_fold *f,
				   struct ftrace_early_log *log,
				   u32 ip, u32 parent, u64 counter)
{
	struct ftrace_early_entry *line;

	if (!f->open)
		return false;
	line = &log->e[f->open - 1];
	if (line->parent == U32_MAX ||
	    !ftrace_early_fold_repeats(log->e, f->open - 1, ip, parent)) {
		f->open = 0;
		return false;
	}
	line->parent++;
	line->counter = counter;
	f->calls++;
	return true;
}

/**
 * ftrace_early_fold_recorded - fold the entries just recorded if they repeat
 * @f: the folding
 * @log: the entries, the one just recorded the last
 *
 * The entry closes the open fold line, if any: a line takes calls only
 * while it is the last entry.  Once the last FTRACE_EARLY_FOLD_RUN
 * entries each repeat one of the entries before them, they become a fold
 * line, open for the repeats that follow.
 *
 * Return: how many entries of calls were folded: 0 or FTRACE_EARLY_FOLD_RUN.
 */
unsigned int __init ftrace_early_fold_recorded(struct ftrace_early_fold *f,
					       struct ftrace_early_log *log)
{
	unsigned int last = log->nr - 1, at;
	struct ftrace_early_entry *line;

	f->open = 0;
	if (!ftrace_early_fold_repeats(log->e, last, log->e[last].ip,
				       log->e[last].parent)) {
		f->run = 0;
		return 0;
	}
	if (++f->run < FTRACE_EARLY_FOLD_RUN)
		return 0;
	at = log->nr - FTRACE_EARLY_FOLD_RUN;
	line = &log->e[at];
	line->counter = log->e[last].counter;
	line->ip = FTRACE_EARLY_FOLDED;
	line->parent = FTRACE_EARLY_FOLD_RUN;
	log->nr = at + 1;
	f->open = at + 1;
	f->run = 0;
	f->calls += FTRACE_EARLY_FOLD_RUN;
	f->lines++;
	return FTRACE_EARLY_FOLD_RUN;
}

/**
 * ftrace_early_fold_log - fold the entries recorded, and from now on
 * @f: the folding, not on yet
 * @log: the entries, in the order of the calls
 *
 * Folds the entries in place as if they had been folded as they came,
 * then turns folding on: ftrace_early_fold_take() and
 * ftrace_early_fold_recorded() fold the calls that follow.
 *
 * Return: how many entries of calls were folded.
 */
unsigned int __init ftrace_early_fold_log(struct ftrace_early_fold *f,
					  struct ftrace_early_log *log)
{
	unsigned long before = f->calls;
	struct ftrace_early_entry e;
	unsigned int i, n = log->nr;

	f->on = true;
	f->run = 0;
	f->open = 0;
	/* Entries are only ever written where they were, or before. */
	log->nr = 0;
	for (i = 0; i < n; i++) {
		e = log->e[i];
		if (e.ip != FTRACE_EARLY_FOLDED &&
		    ftrace_early_fold_take(f, log, e.ip, e.parent, e.counter))
			continue;
		log->e[log->nr++] = e;
		if (e.ip == FTRACE_EARLY_FOLDED) {
			f->run = 0;
			f->open = 0;
		} else {
			ftrace_early_fold_recorded(f, log);
		}
	}
	return f->calls - before;
}

/**
 * ftrace_early_fold_stop - fold no more
 * @f: the folding
 *
 * The fold lines stay where they are.
 */
void __init ftrace_early_fold_stop(struct ftrace_early_fold *f)
{
	f->on = false;
	f->run = 0;
	f->open = 0;
}
