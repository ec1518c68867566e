/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Very early function tracing: the hooks the boot code calls.
 * See kernel/trace/ftrace_early.c and Documentation/trace/ftrace-early.rst.
 */
#ifndef _LINUX_FTRACE_EARLY_H
#define _LINUX_FTRACE_EARLY_H

#include <linux/types.h>

struct trace_array;

#ifdef CONFIG_VERY_EARLY_FUNCTION_TRACER
/* Set while very early entries wait for the boot tracer to start. */
extern bool ftrace_early_pending;

void ftrace_early_record(unsigned long ip, unsigned long parent_ip);
void __init ftrace_early_memblock_ready(void);
void __init ftrace_early_stop(void);
u64 __init ftrace_early_clock_base(u64 tsc_now);
void ftrace_early_inject(struct trace_array *tr, u64 (*clock)(void));
#else
#define ftrace_early_pending false
static inline void ftrace_early_memblock_ready(void) { }
static inline void ftrace_early_stop(void) { }
static inline u64 ftrace_early_clock_base(u64 tsc_now) { return tsc_now; }
static inline void ftrace_early_inject(struct trace_array *tr,
				       u64 (*clock)(void)) { }
#endif

#endif /* _LINUX_FTRACE_EARLY_H */
