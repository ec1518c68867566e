/* SPDX-License-Identifier: GPL-2.0 */
/* x86 part of ktrace: arch/x86/kernel/ktrace.c */
#ifndef _ASM_X86_KTRACE_H
#define _ASM_X86_KTRACE_H

#include <linux/ftrace.h>
#include <linux/ktrace.h>
#include <linux/percpu.h>

struct pt_regs;

/* The static call trampolines (include/asm-generic/vmlinux.lds.h) */
extern char __static_call_text_start[], __static_call_text_end[];
/* Empty objects linked first and last in arch/x86/kernel/kprobes */
KTRACE_TEXT_MARKS(__x86_kprobes_text_start);
KTRACE_TEXT_MARKS(__x86_kprobes_text_end);
/* Empty objects linked just before and after arch/x86/kernel/cpu/common.o */
KTRACE_TEXT_MARKS(__x86_cpu_bringup_text_start);
KTRACE_TEXT_MARKS(__x86_cpu_bringup_text_end);

#ifdef CONFIG_KTRACE
DECLARE_PER_CPU(struct pt_regs *, ktrace_trap_regs);

/**
 * ktrace_probe_path_enter - kprobes run a probe's handlers
 *
 * Called where an optimized probe's jump enters the handlers, and by
 * ktrace_trap_enter() for a breakpoint.  The probe's own path is not a
 * call of the code it interrupted: the function graph tracer leaves it
 * out, so that a ktrace probe's entry nests where the probed function was
 * called, in either probe mode.
 */
static __always_inline void ktrace_probe_path_enter(void)
{
	pause_graph_tracing();
}

/**
 * ktrace_probe_path_exit - the handlers of ktrace_probe_path_enter() ran
 */
static __always_inline void ktrace_probe_path_exit(void)
{
	unpause_graph_tracing();
}

/**
 * ktrace_trap_enter - a breakpoint in kernel mode is being handled
 * @regs: the exception frame
 *
 * The breakpoint handler and the kprobe it runs are left out of the
 * function graph (ktrace_probe_path_enter()), and ktrace tells a probe hit
 * by its breakpoint from one hit by its jump by the frame
 * (arch_ktrace_hit_by_trap()).  Nests: an NMI may hit a breakpoint while
 * one is handled.
 *
 * Return: the frame of the breakpoint this one interrupted, if any, for
 * ktrace_trap_exit().
 */
static __always_inline struct pt_regs *ktrace_trap_enter(struct pt_regs *regs)
{
	struct pt_regs *prev = this_cpu_read(ktrace_trap_regs);

	this_cpu_write(ktrace_trap_regs, regs);
	ktrace_probe_path_enter();
	return prev;
}

/**
 * ktrace_trap_exit - the breakpoint of ktrace_trap_enter() is handled
 * @prev: what ktrace_trap_enter() returned
 */
static __always_inline void ktrace_trap_exit(struct pt_regs *prev)
{
	ktrace_probe_path_exit();
	this_cpu_write(ktrace_trap_regs, prev);
}
#else
static __always_inline void ktrace_probe_path_enter(void) { }
static __always_inline void ktrace_probe_path_exit(void) { }

static __always_inline struct pt_regs *ktrace_trap_enter(struct pt_regs *regs)
{
	return NULL;
}

static __always_inline void ktrace_trap_exit(struct pt_regs *prev) { }
#endif /* CONFIG_KTRACE */

#endif /* _ASM_X86_KTRACE_H */
