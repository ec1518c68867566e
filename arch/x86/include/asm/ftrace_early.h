/* SPDX-License-Identifier: GPL-2.0 */
/*
 * x86 side of the very early function tracer: the counter read on every
 * recorded call, and its call sites.  The rest of the interface is in <linux/ftrace_early.h>
 * and arch/x86/kernel/ftrace_early.c.
 */
#ifndef _ASM_X86_FTRACE_EARLY_H
#define _ASM_X86_FTRACE_EARLY_H

#include <asm/msr.h>

/*
 * The test of ftrace_early_active in __fentry__ (ftrace_64.S), which
 * arch_ftrace_early_unhook() makes NOPs
 */
extern u8 ftrace_early_hook[], ftrace_early_hook_end[];

/*
 * Where the calls hooked by ftrace=function_graph return to (ftrace_64.S):
 * it calls ftrace_early_graph_return() and goes to the real return address.
 */
void ftrace_early_return(void);

/* The TSC runs from reset on, calibrated or not. */
static __always_inline u64 arch_ftrace_early_counter(void)
{
	return rdtsc();
}

/* The call site is the __mcount_loc entry: the call of __fentry__. */
static __always_inline unsigned long arch_ftrace_early_site(unsigned long ip)
{
	return ip;
}

/*
 * A hooked return address stays in its stack slot, which unwinders pass
 * to ftrace_graph_ret_addr() as they find it: the real one goes back there
 * when the call returns.
 */
static __always_inline unsigned long arch_ftrace_early_ret_id(unsigned long *retp)
{
	return (unsigned long)retp;
}

static __always_inline bool arch_ftrace_early_ret_slot_kept(void)
{
	return true;
}

#endif /* _ASM_X86_FTRACE_EARLY_H */
