// SPDX-License-Identifier: GPL-2.0
/*
 * Names of module init functions in trace output, by the time of the event
 *
 * When a module's init text is freed, ftrace saves the names of its traced
 * functions in an ftrace_mod_map (ftrace.c), so that events recorded in it
 * can still be named.  kallsyms asks live modules first, though, and the
 * next module may be placed where the init text was: its names would then
 * be printed for the init's events.  Here, trace output names an address
 * by the module whose text was there when the event was recorded:
 *
 *  - Each map holds, on every trace clock a buffer uses, the period during
 *    which its init text was at its address.  It starts before any of the
 *    module's code can run (ftrace_module_init(), if a tracer is on then)
 *    and ends when the module loader gives the text back, a grace period
 *    after the init returned, from a work item (ftrace_free_mod_init()).
 *    The module loader does not wait: the module's events are at or above
 *    the start.  The work item waits until every clock in use is past the
 *    end (at once, unless a buffer uses "uptime"): what runs there later is
 *    above it, and above the end of the text before.
 *  - A map outlives its module ("retired"): only trace output uses it
 *    then.  It is freed once its text is given back and no trace buffer can
 *    hold an event from before that, and at most 64 are kept.
 *  - While nothing uses ftrace and no map is kept, module load and unload
 *    take no tracing lock and walk no buffer here.
 *
 * Documentation/trace/ftrace.rst, "Module init functions", gives the rule
 * and its limits.
 */
#include <linux/ftrace.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rculist.h>
#include <linux/ring_buffer.h>
#include <linux/slab.h>

#include "ftrace_internal.h"
#include "trace.h"
#include "trace_output.h"

/* Maps of modules between ftrace_module_init() and their init's end */
static LIST_HEAD(ftrace_mod_maps_loading);

/*
 * Maps on ftrace_mod_maps whose module is unloaded, and maps whose init text
 * is not given back yet: without either, module load and unload have nothing
 * to do here.  Under ftrace_lock; read without it, each by the path that
 * follows its own change.
 */
static unsigned int ftrace_mod_maps_retired;
static unsigned int ftrace_mod_maps_text_held;

/* At most this many maps of unloaded modules are kept, newest first */
#define FTRACE_MOD_MAPS_RETIRED_MAX	64

static u64 *mod_map_start(struct ftrace_mod_map *mod_map)
{
	return mod_map->stamps;
}

static u64 *mod_map_end(struct ftrace_mod_map *mod_map)
{
	return mod_map->stamps + trace_clock_count();
}

static bool buffer_holds_events_until(struct trace_buffer *buffer, u64 ts)
{
	int cpu;

	if (!buffer)
		return false;

	for_each_tracing_cpu(cpu) {
		u64 oldest;

		if (ring_buffer_empty_cpu(buffer, cpu))
			continue;
		/* The oldest page's stamp is at or before its first event */
		oldest = ring_buffer_oldest_event_ts(buffer, cpu);
		if (oldest <= ts)
			return true;
	}

	return false;
}

/*
 * May a trace buffer hold an event recorded before @stamps were marked?
 * Checks the buffer and the snapshot buffer of the top level trace array
 * and of every instance, each against the mark on its own clock.  Errs on
 * the side of "yes": a buffer page is judged by the time stamp of its start.
 */
static bool trace_buffers_hold_events_until(const u64 *stamps)
{
	struct trace_array *tr;

	lockdep_assert_held(&trace_types_lock);

	list_for_each_entry(tr, &ftrace_trace_arrays, list) {
		u64 ts = stamps[tr->clock_id];

		/* A buffer kept from the previous boot: not this boot's times */
		if (tr->flags & TRACE_ARRAY_FL_BOOT)
			continue;
		if (buffer_holds_events_until(tr->array_buffer.buffer, ts))
			return true;
#ifdef CONFIG_TRACER_MAX_TRACE
		if (buffer_holds_events_until(tr->max_buffer.buffer, ts))
			return true;
#endif
	}

	return false;
}

/**
 * ftrace_mod_maps_prune - free the maps that trace output can do without
 *
 * Frees the maps of unloaded modules that no trace buffer can refer to any
 * more: their init text is given back, and every buffer (instances and
 * snapshots too) is empty or starts after that.  Keeps at most
 * FTRACE_MOD_MAPS_RETIRED_MAX of the rest, the newest: events older than
 * that print what lives at their address now.
 *
 * Context: Process context, may sleep; takes trace_types_lock, then
 * ftrace_lock, only if a module was unloaded while it had a map.
 */
void ftrace_mod_maps_prune(void)
{
	struct ftrace_mod_map *mod_map;
	struct ftrace_mod_map *n;
	unsigned int kept = 0;

	/* Tracing never used: no tracing locks, no buffers walked */
	if (!READ_ONCE(ftrace_mod_maps_retired))
		return;

	/* trace_types_lock nests outside ftrace_lock */
	mutex_lock(&trace_types_lock);
	mutex_lock(&ftrace_lock);

	/* The list is newest first */
	list_for_each_entry_safe(mod_map, n, &ftrace_mod_maps, list) {
		if (mod_map->mod)
			continue;
		/* Kept while its text is: nothing else can be there */
		if (!mod_map->text_gone) {
			kept++;
			continue;
		}
		if (kept < FTRACE_MOD_MAPS_RETIRED_MAX &&
		    trace_buffers_hold_events_until(mod_map_end(mod_map))) {
			kept++;
			continue;
		}
		list_del_rcu(&mod_map->list);
		call_rcu(&mod_map->rcu, ftrace_free_mod_map);
		WRITE_ONCE(ftrace_mod_maps_retired, ftrace_mod_maps_retired - 1);
	}

	mutex_unlock(&ftrace_lock);
	mutex_unlock(&trace_types_lock);
}

static struct ftrace_mod_map *ftrace_mod_map_alloc(struct module *mod)
{
	struct ftrace_mod_map *mod_map;

	mod_map = kzalloc(struct_size(mod_map, stamps, 2 * trace_clock_count()),
			  GFP_KERNEL);
	if (!mod_map)
		return NULL;
	mod_map->mod = mod;
	strscpy(mod_map->mod_name, mod->name, MODULE_NAME_LEN);
	INIT_LIST_HEAD_RCU(&mod_map->funcs);
	return mod_map;
}

/**
 * ftrace_mod_map_loading - a module is being loaded: start its map
 * @mod: the module, none of whose code has run yet
 *
 * Only while something uses ftrace: the names are saved only then (see
 * ftrace_mod_map_take()).  The module's calls come after the mark: at or
 * above it.  Saved init text that was at these addresses before was given
 * back, and the clocks were past its end, before this module's memory was
 * allocated: its events are below the mark.  Nothing here waits for the
 * clocks.
 *
 * Context: Process context, may sleep (allocates); takes ftrace_lock.
 */
void ftrace_mod_map_loading(struct module *mod)
{
	struct ftrace_mod_map *mod_map;

	if (!mod->mem[MOD_INIT_TEXT].size ||
	    READ_ONCE(ftrace_ops_list) == &ftrace_list_end)
		return;

	mod_map = ftrace_mod_map_alloc(mod);
	if (!mod_map)
		return;
	trace_clocks_mark(mod_map_start(mod_map));

	mutex_lock(&ftrace_lock);
	list_add(&mod_map->list, &ftrace_mod_maps_loading);
	mutex_unlock(&ftrace_lock);
}

/**
 * ftrace_mod_map_release - a module is being unloaded
 * @mod: the module
 *
 * Drops the map of a module whose init failed (still on the loading list),
 * and retires the map of its freed init text: events of its init functions
 * may still be in a trace buffer, so trace output keeps using it, and
 * kallsyms no longer does.  ftrace_mod_maps_prune() frees it.
 *
 * Context: Called with ftrace_lock held.
 */
void ftrace_mod_map_release(struct module *mod)
{
	struct ftrace_mod_map *mod_map;
	struct ftrace_mod_map *n;

	lockdep_assert_held(&ftrace_lock);

	list_for_each_entry_safe(mod_map, n, &ftrace_mod_maps_loading, list) {
		if (mod_map->mod == mod) {
			list_del(&mod_map->list);
			kfree(mod_map);
			break;
		}
	}

	list_for_each_entry(mod_map, &ftrace_mod_maps, list) {
		if (mod_map->mod == mod) {
			WRITE_ONCE(mod_map->mod, NULL);
			WRITE_ONCE(ftrace_mod_maps_retired,
				   ftrace_mod_maps_retired + 1);
			break;
		}
	}
}

/**
 * ftrace_mod_map_take - a module's init has returned: the map for its names
 * @mod: the module
 * @start: the start of its init text
 * @end: the last byte of its init text
 *
 * Takes the map that ftrace_mod_map_loading() started for @mod.  Without a
 * tracer, nothing can refer to the init text: the map is dropped.  A map is
 * made here for a module that was loaded while no tracer was on; its
 * period starts now.  The period ends when the init text is given back
 * (ftrace_free_mod_init()).
 *
 * Context: Called with ftrace_lock held.
 * Return: the map, on ftrace_mod_maps, for ftrace_free_mem() to fill in;
 * NULL if the names need not be saved or there is no memory for them.
 */
struct ftrace_mod_map *ftrace_mod_map_take(struct module *mod,
					   unsigned long start,
					   unsigned long end)
{
	struct ftrace_mod_map *mod_map = NULL;
	struct ftrace_mod_map *iter;

	lockdep_assert_held(&ftrace_lock);

	list_for_each_entry(iter, &ftrace_mod_maps_loading, list) {
		if (iter->mod == mod) {
			mod_map = iter;
			list_del(&mod_map->list);
			break;
		}
	}

	if (ftrace_ops_list == &ftrace_list_end) {
		kfree(mod_map);
		return NULL;
	}

	if (!mod_map) {
		mod_map = ftrace_mod_map_alloc(mod);
		if (!mod_map)
			return NULL;
		/*
		 * Its init's calls cannot be told from those of what was
		 * here before: they print as bare addresses.
		 */
		trace_clocks_mark(mod_map_start(mod_map));
	}

	mod_map->start_addr = start;
	mod_map->end_addr = end;

	list_add_rcu(&mod_map->list, &ftrace_mod_maps);
	WRITE_ONCE(ftrace_mod_maps_text_held, ftrace_mod_maps_text_held + 1);

	return mod_map;
}

/**
 * ftrace_mod_map_drop_empty - drop a map that saved no function
 * @mod_map: the map from ftrace_mod_map_take(), or NULL
 *
 * No traced function was in the init text: there is nothing to name.
 *
 * Context: Called with ftrace_lock held.
 */
void ftrace_mod_map_drop_empty(struct ftrace_mod_map *mod_map)
{
	lockdep_assert_held(&ftrace_lock);

	if (!mod_map || mod_map->num_funcs)
		return;
	list_del_rcu(&mod_map->list);
	WRITE_ONCE(ftrace_mod_maps_text_held, ftrace_mod_maps_text_held - 1);
	call_rcu(&mod_map->rcu, ftrace_free_mod_map);
}

/**
 * ftrace_free_mod_init - a module's init text is about to be given back
 * @init_text: the start of the init text
 *
 * The module loader frees init text a grace period after the module's init
 * returned, from a work item, and the next module may be placed there.  Mark
 * the end of the saved names' period now, then wait until every trace clock
 * in use is past the mark (at once, unless a buffer uses "uptime"): whatever
 * runs at these addresses later has later times, also on that coarse clock.
 *
 * Context: Process context, may sleep; the module loader's work item that
 * gives back init text, not under module_mutex.
 */
void ftrace_free_mod_init(void *init_text)
{
	struct ftrace_mod_map *mod_map;
	struct ftrace_mod_map *found = NULL;

	if (!READ_ONCE(ftrace_mod_maps_text_held))
		return;

	mutex_lock(&ftrace_lock);
	list_for_each_entry(mod_map, &ftrace_mod_maps, list) {
		if (mod_map->start_addr == (unsigned long)init_text &&
		    !mod_map->text_gone) {
			found = mod_map;
			break;
		}
	}
	if (found)
		trace_clocks_mark(mod_map_end(found));
	mutex_unlock(&ftrace_lock);
	if (!found)
		return;

	/* Not pruned meanwhile: the text is not gone yet */
	trace_clocks_wait_past(mod_map_end(found));

	mutex_lock(&ftrace_lock);
	/* Lookups read the marks after the flag (acquire) */
	smp_store_release(&found->text_gone, true);
	WRITE_ONCE(ftrace_mod_maps_text_held, ftrace_mod_maps_text_held - 1);
	mutex_unlock(&ftrace_lock);

	/* Its module may be gone already */
	ftrace_mod_maps_prune();
}

/*
 * Name @addr as it was at time @ts on trace clock @clock_id (the event's
 * time stamp): the init function that was there
 * then, also after its module was unloaded.  Returns the length of @sym; 0
 * if no saved init text was ever at @addr (ask kallsyms then); -ENOENT if
 * some was, but no saved function was at @addr at @ts: kallsyms, which
 * names freed init text too, would give a name of another time.
 */
static int ftrace_mod_address_lookup_at(unsigned long addr, int clock_id,
					u64 ts, unsigned long *size,
					unsigned long *off, char *modname,
					char *sym)
{
	struct ftrace_mod_map *mod_map;
	bool covered = false;
	int ret = 0;

	if (clock_id < 0 || clock_id >= trace_clock_count())
		return 0;

	preempt_disable();
	list_for_each_entry_rcu(mod_map, &ftrace_mod_maps, list) {
		if (addr < mod_map->start_addr || addr > mod_map->end_addr)
			continue;
		covered = true;
		if (ts < mod_map_start(mod_map)[clock_id])
			continue;
		/* Until the text is given back, nothing else can be there */
		if (smp_load_acquire(&mod_map->text_gone) &&
		    ts > mod_map_end(mod_map)[clock_id])
			continue;
		ret = ftrace_func_address_lookup(mod_map, addr, size, off, sym);
		if (ret) {
			strscpy(modname, mod_map->mod_name, MODULE_NAME_LEN);
			break;
		}
	}
	preempt_enable();

	return ret || !covered ? ret : -ENOENT;
}

/**
 * ftrace_mod_init_print_sym - print an address of saved module init text
 * @iter: the iterator at the event that recorded @address
 * @address: the address
 * @fmt: how to print it
 *
 * For trace_iter_print_sym(): if saved init text was ever at @address,
 * print the name of the init function that was there when the event was
 * recorded.  If none was there then, kallsyms would name the address after
 * the saved init text of another time: print the bare address, unless
 * live text (a module's, a BPF program's, a trampoline's) is there now.
 *
 * Return: true if printed; false if trace_seq_print_sym() is to print it.
 */
bool ftrace_mod_init_print_sym(struct trace_iterator *iter,
			       unsigned long address, enum trace_sym_fmt fmt)
{
	char modname[MODULE_NAME_LEN];
	char str[KSYM_NAME_LEN];
	unsigned long size;
	unsigned long off;
	int ret;

	if (!iter->tr || !iter->array_buffer ||
	    (iter->tr->flags & TRACE_ARRAY_FL_BOOT))
		return false;

	ret = ftrace_mod_address_lookup_at(address, iter->tr->clock_id,
					   iter->ts, &size, &off, modname, str);
	if (ret > 0) {
		switch (fmt) {
		case TRACE_SYM_NAME:
			trace_seq_puts(&iter->seq, str);
			break;
		case TRACE_SYM_NAME_MOD:
			trace_seq_printf(&iter->seq, "%s [%s]", str, modname);
			break;
		default:
			trace_seq_printf(&iter->seq, "%s+%#lx/%#lx [%s]",
					 str, off, size, modname);
		}
		return true;
	}
	if (ret < 0 && !kernel_text_address(address)) {
		trace_seq_printf(&iter->seq, "0x%08lx", address);
		return true;
	}
	return false;
}
