/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktrace (kernel/trace/trace_ktrace.c): what an architecture provides.
 * A probe of ktrace sits on a function's first instruction; the
 * architecture says where the return address is there, what context the
 * probe interrupted, and which of its code must never be traced.
 */
#ifndef _LINUX_KTRACE_H
#define _LINUX_KTRACE_H

#include <linux/types.h>

struct pt_regs;

/**
 * arch_ktrace_return_slot - where a function finds its return address
 * @regs: registers at the function's first instruction, as a kprobe sees them
 *
 * Return: the stack slot that holds the return address.
 */
unsigned long *arch_ktrace_return_slot(struct pt_regs *regs);

/**
 * arch_ktrace_preempt_count - preempt_count() of the context a probe hit
 * @via_trap: the probe was hit through its breakpoint, not a jump
 *
 * The probe handler runs with the count its path adds (the breakpoint
 * handler's NMI entry, the jump's preempt_disable()); the tracers record the
 * context the function was called in.
 *
 * Return: preempt_count() less what the probe's own path added.
 */
unsigned int arch_ktrace_preempt_count(bool via_trap);

/**
 * arch_ktrace_refuse - architecture code that ktrace must not trace
 * @addr: start of the function
 * @name: its symbol name
 *
 * Trampolines and thunks that are patched at run time or entered other than
 * by a call (static call trampolines, retpoline and return thunks, the
 * function tracer's own entry and return code, stack switching code).
 *
 * Return: a reason for the kernel log, or NULL if @addr may be traced.
 */
const char *arch_ktrace_refuse(unsigned long addr, const char *name);

bool ktrace_name_listed(const char *name, const char * const *list, int n);

/*
 * Empty objects that the Makefiles link first and last around the code
 * ktrace does not trace (ktrace_*.S): kernel/trace and kernel/kprobes.o.
 */
extern char __kernel_trace_text_start[], __kernel_trace_text_end[];
extern char __kprobes_core_text_start[], __kprobes_core_text_end[];

#endif /* _LINUX_KTRACE_H */
