// SPDX-License-Identifier: GPL-2.0
/*
 * x86 part of ktrace (kernel/trace/trace_ktrace.c, include/linux/ktrace.h).
 */

#include <linux/ktrace.h>
#include <linux/preempt.h>
#include <linux/string.h>
#include <asm/ptrace.h>

/* At a function's first instruction the return address is on top */
unsigned long *arch_ktrace_return_slot(struct pt_regs *regs)
{
	return (unsigned long *)kernel_stack_pointer(regs);
}

unsigned int arch_ktrace_preempt_count(bool via_trap)
{
	/*
	 * exc_int3() enters NMI context for a breakpoint in the kernel
	 * (irqentry_nmi_enter()); the jump's optimized_callback() only
	 * disables preemption, which counts only with CONFIG_PREEMPT_COUNT.
	 */
	if (via_trap)
		return preempt_count() - (NMI_OFFSET + HARDIRQ_OFFSET);
	return preempt_count() - IS_ENABLED(CONFIG_PREEMPT_COUNT);
}

extern char __static_call_text_start[], __static_call_text_end[];

/* Names of code that is entered other than by a call, or patched at run time */
static const char * const ktrace_x86_refused[] = {
	"__SCT__",		/* static call trampolines */
	"__SCK__",
	"__static_call_return",
	"__x86_indirect_",	/* retpoline and call thunks */
	"__x86_return_",	/* return thunks */
	"retbleed_",
	"srso_",
	"its_",
	"entry_untrain_ret",
	"entry_ibpb",
	"call_depth_return_thunk",
	"return_to_handler",	/* the function graph tracer's return */
	"ftrace_caller",	/* the function tracer's entry code */
	"ftrace_regs_caller",
	"ftrace_stub",
	"ftrace_early_caller",
	"__fentry__",
	"ret_from_fork",	/* a new task's first "return" */
	"__switch_to_asm",	/* switches stacks under its return address */
	"rewind_stack_and_make_dead",
};

const char *arch_ktrace_refuse(unsigned long addr, const char *name)
{
	int i;

	if (addr >= (unsigned long)__static_call_text_start &&
	    addr < (unsigned long)__static_call_text_end)
		return "static call trampoline";
	for (i = 0; i < ARRAY_SIZE(ktrace_x86_refused); i++) {
		const char *p = ktrace_x86_refused[i];

		if (!strncmp(name, p, strlen(p)))
			return "trampoline or thunk entered other than by a call";
	}
	return NULL;
}
