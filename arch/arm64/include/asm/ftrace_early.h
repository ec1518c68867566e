/* SPDX-License-Identifier: GPL-2.0 */
/*
 * arm64 side of the very early function tracer: the counter read on every
 * recorded call, and its call sites.  The rest of the interface is in
 * <linux/ftrace_early.h> and arch/arm64/kernel/ftrace_early.c.
 */
#ifndef _ASM_ARM64_FTRACE_EARLY_H
#define _ASM_ARM64_FTRACE_EARLY_H

#include <linux/align.h>
#include <asm/arch_timer.h>
#include <asm/insn-def.h>

/*
 * What the call sites the tracer patches call (entry-ftrace-early.S): it
 * calls ftrace_early_record() while ftrace_early_active is set.
 */
void ftrace_early_caller(void);

/*
 * Where the calls hooked by ftrace=function_graph return to
 * (entry-ftrace-early.S): it calls ftrace_early_graph_return() and goes to
 * the real return address.
 */
void ftrace_early_return(void);

/*
 * The virtual counter runs from reset on; CNTFRQ_EL0 gives its frequency
 * before time_init().
 */
static __always_inline u64 arch_ftrace_early_counter(void)
{
	return __arch_counter_get_cntvct();
}

/*
 * The __mcount_loc entry of the call site @ip, the BL that the tracer
 * patched in (dyn_ftrace.ip): the first of the two NOPs at the function's
 * entry, after its BTI if it has one; with DYNAMIC_FTRACE_WITH_CALL_OPS,
 * the 8-byte aligned literal 12 or 16 bytes before @ip.  See
 * ftrace_call_adjust(), which goes the other way.
 */
static __always_inline unsigned long arch_ftrace_early_site(unsigned long ip)
{
	if (IS_ENABLED(CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS))
		return ALIGN_DOWN(ip - 3 * AARCH64_INSN_SIZE, 8);
	return ip - AARCH64_INSN_SIZE;
}

/*
 * ftrace_early_caller keeps the return address in the traced function's
 * frame record, at @retp, after the caller's frame pointer: that is what
 * arm64's unwinder passes to ftrace_graph_ret_addr() for the frame record
 * the function saves the hooked address in, as the graph tracer has it.
 * The slot itself is gone once the function runs.
 */
static __always_inline unsigned long arch_ftrace_early_ret_id(unsigned long *retp)
{
	return retp[-1];
}

static __always_inline bool arch_ftrace_early_ret_slot_kept(void)
{
	return false;
}

#endif /* _ASM_ARM64_FTRACE_EARLY_H */
