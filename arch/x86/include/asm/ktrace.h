/* SPDX-License-Identifier: GPL-2.0 */
/* x86 part of ktrace: arch/x86/kernel/ktrace.c */
#ifndef _ASM_X86_KTRACE_H
#define _ASM_X86_KTRACE_H

#include <linux/ftrace.h>
#include <linux/jump_label.h>
#include <linux/ktrace.h>
#include <linux/percpu.h>

struct kprobe;
struct pt_regs;

/* The static call trampolines (include/asm-generic/vmlinux.lds.h) */
extern char __static_call_text_start[], __static_call_text_end[];
/* Empty objects linked first and last in arch/x86/kernel/kprobes */
KTRACE_TEXT_MARKS(__x86_kprobes_text_start);
KTRACE_TEXT_MARKS(__x86_kprobes_text_end);
/* Empty objects linked just before and after arch/x86/kernel/cpu/common.o */
KTRACE_TEXT_MARKS(__x86_cpu_bringup_text_start);
KTRACE_TEXT_MARKS(__x86_cpu_bringup_text_end);
/* Empty objects linked just before and after arch/x86/coco/sev/core.o */
KTRACE_TEXT_MARKS(__x86_sev_text_start);
KTRACE_TEXT_MARKS(__x86_sev_text_end);

/* The state of a kernel breakpoint's handling (ktrace_trap_enter()) */
struct ktrace_trap {
#ifdef CONFIG_KTRACE
	struct pt_regs	*prev;
	bool		on;
#endif
};

#ifdef CONFIG_KTRACE
DECLARE_PER_CPU(struct pt_regs *, ktrace_trap_regs);

bool arch_ktrace_trap_owned(struct pt_regs *regs);

/**
 * ktrace_probe_path_enter - kprobes run the handlers of a probe hit
 * @p: the kprobe hit (get_kprobe()'s), or NULL
 *
 * Called where an optimized probe's jump enters the handlers of one of
 * ktrace's probes (arch/x86/kernel/kprobes/opt.c); ktrace_trap_enter() does
 * the same for a breakpoint.  The path of a ktrace probe
 * (ktrace_owns_kprobe()) is not a call of the code it interrupted: the
 * function graph tracer leaves it out, so that ktrace's entry nests where
 * the probed function was called, in either probe mode.  Other users'
 * probes are left alone.
 *
 * Return: whether it paused the graph tracer, for ktrace_probe_path_exit().
 */
static __always_inline bool ktrace_probe_path_enter(struct kprobe *p)
{
	if (!static_branch_unlikely(&ktrace_in_use) || !p || !ktrace_owns_kprobe(p))
		return false;
	pause_graph_tracing();
	return true;
}

/**
 * ktrace_probe_path_exit - the handlers of ktrace_probe_path_enter() ran
 * @paused: what ktrace_probe_path_enter() returned
 */
static __always_inline void ktrace_probe_path_exit(bool paused)
{
	if (paused)
		unpause_graph_tracing();
}

/**
 * ktrace_trap_enter - a breakpoint in kernel mode is being handled
 * @t: the state to hand to ktrace_trap_exit()
 * @regs: the exception frame
 *
 * For a breakpoint of one of ktrace's probes (arch_ktrace_trap_owned()),
 * the handler and the kprobe it runs are left out of the function graph,
 * as in ktrace_probe_path_enter(), and the frame is noted: ktrace tells a
 * probe hit by its breakpoint from one hit by its jump by it
 * (arch_ktrace_hit_by_trap()).  Other breakpoints are handled as without
 * ktrace.  Nests: an NMI may hit a breakpoint while one is handled.
 */
static __always_inline void ktrace_trap_enter(struct ktrace_trap *t,
					      struct pt_regs *regs)
{
	t->on = static_branch_unlikely(&ktrace_in_use) && arch_ktrace_trap_owned(regs);
	if (t->on) {
		pause_graph_tracing();
		t->prev = this_cpu_read(ktrace_trap_regs);
		this_cpu_write(ktrace_trap_regs, regs);
	}
}

/**
 * ktrace_trap_exit - the breakpoint of ktrace_trap_enter() is handled
 * @t: what ktrace_trap_enter() filled in
 */
static __always_inline void ktrace_trap_exit(struct ktrace_trap *t)
{
	if (t->on) {
		this_cpu_write(ktrace_trap_regs, t->prev);
		unpause_graph_tracing();
	}
}
#else
static __always_inline bool ktrace_probe_path_enter(struct kprobe *p)
{
	return false;
}

static __always_inline void ktrace_probe_path_exit(bool paused) { }

static __always_inline void ktrace_trap_enter(struct ktrace_trap *t,
					      struct pt_regs *regs) { }

static __always_inline void ktrace_trap_exit(struct ktrace_trap *t) { }
#endif /* CONFIG_KTRACE */

#endif /* _ASM_X86_KTRACE_H */
