// SPDX-License-Identifier: GPL-2.0
/*
 * Very early function tracing: the filters.
 *
 * ftrace_filter= and ftrace_notrace= (and the graph's lists) are parsed
 * with ftrace's glob parsing and resolved, once, into a bitmap over the
 * sorted __mcount_loc table: a call then costs a binary search and a bit
 * test, never a symbol look-up.  The names and modules of the call sites
 * come from kallsyms and kallmodsyms (ftrace_early_kallsyms), or from the
 * KUnit cases' own tables.
 */

#include <linux/bitmap.h>
#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/string.h>

#include "trace.h"
#include "ftrace_early_internal.h"

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

static const char * __init ftrace_early_sym_name(unsigned long site, char *buf)
{
	unsigned long size, offset;

	/*
	 * Not a call site outside the text (the linker's padding between
	 * objects' tables, a site of discarded text); an entry may lie
	 * before its function (arm64).
	 */
	if ((!is_kernel_text(site) && !is_kernel_inittext(site)) ||
	    !kallsyms_lookup(ftrace_call_adjust(site), &size, &offset, NULL, buf))
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
	/* As for the name: the function's, not the entry's (arm64) */
	return ftrace_match_builtin_module(ftrace_call_adjust(ip), mod_g);
}

/* The names and modules of vmlinux's call sites, from kallsyms */
const struct ftrace_early_symbols ftrace_early_kallsyms __initconst = {
	.name = ftrace_early_sym_name,
	.in_module = ftrace_early_sym_in_module,
};
