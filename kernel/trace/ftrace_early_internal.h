/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Very early function tracing: the filter structure and the timestamp
 * conversion, shared by kernel/trace/ftrace_early.c and its KUnit test.
 */
#ifndef _FTRACE_EARLY_INTERNAL_H
#define _FTRACE_EARLY_INTERNAL_H

#include <linux/types.h>
#include "trace.h"

/*
 * One entry of ftrace_filter= or ftrace_notrace=, parsed by ftrace's own
 * filter_parse_regex(): "glob", "!glob" (take out again), "glob:mod:name"
 * (a function of built-in module name).
 */
struct ftrace_early_glob {
	struct ftrace_glob func;
	struct ftrace_glob mod;
	bool has_mod;
	bool not;
	bool matched;		/* selected at least one call site */
};

/* How the filter learns about a call site. */
struct ftrace_early_symbols {
	/* The name of the function of fentry site @ip, in @buf; NULL if none. */
	const char *(*name)(unsigned long ip, char *buf);
	/* Whether @ip lies in a built-in module matching @mod_g. */
	bool (*in_module)(unsigned long ip, struct ftrace_glob *mod_g);
};

/*
 * Which call sites are traced.  @sites is sorted (the __mcount_loc table);
 * @traced has one bit per site, or is NULL when every site is traced.
 */
struct ftrace_early_filter {
	const unsigned long *sites;
	unsigned int nr_sites;
	unsigned long *traced;
	unsigned int nr_filter;		/* sites ftrace_filter= selected */
	unsigned int nr_notrace;	/* sites ftrace_notrace= took out */
};

/* The fentry call sites of vmlinux, sorted at build time. */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

int ftrace_early_parse_globs(char *list, struct ftrace_early_glob *globs,
			     int max, int *nr_bad);
void ftrace_early_filter_build(struct ftrace_early_filter *f,
			       struct ftrace_early_glob *filter, int nr_filter,
			       struct ftrace_early_glob *notrace_globs, int nr_notrace,
			       const struct ftrace_early_symbols *syms);
bool ftrace_early_filter_traced(const struct ftrace_early_filter *f,
				unsigned long ip);
u64 ftrace_early_tsc_to_clock(u64 tsc, u64 tsc_now, u64 clock_now, u32 khz);

#ifdef CONFIG_VERY_EARLY_FUNCTION_TRACER_BENCHMARK
int __init ftrace_early_bench_target(int x);
#endif

#endif /* _FTRACE_EARLY_INTERNAL_H */
