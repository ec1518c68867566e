// SPDX-License-Identifier: GPL-2.0
/*
 * x86 part of ktrace (kernel/trace/trace_ktrace.c, include/linux/ktrace.h).
 * A probe handler calls these functions: the Makefile builds this file
 * without fentry sites, and kprobes must not probe them.
 */

#include <linux/kprobes.h>
#include <linux/ktrace.h>
#include <linux/preempt.h>
#include <linux/string.h>
#include <asm/ktrace.h>
#include <asm/ptrace.h>

/* The frame of the kernel breakpoint being handled (ktrace_trap_enter()) */
DEFINE_PER_CPU(struct pt_regs *, ktrace_trap_regs);

/* At a function's first instruction the return address is on top */
unsigned long *arch_ktrace_return_slot(struct pt_regs *regs)
{
	return (unsigned long *)kernel_stack_pointer(regs);
}

NOKPROBE_SYMBOL(arch_ktrace_return_slot);

/*
 * kprobe_int3_handler() gives the handler the exception frame; the jump's
 * optimized_callback() a frame of its own on the stack.
 */
bool arch_ktrace_hit_by_trap(struct pt_regs *regs)
{
	return this_cpu_read(ktrace_trap_regs) == regs;
}

NOKPROBE_SYMBOL(arch_ktrace_hit_by_trap);

/**
 * arch_ktrace_trap_owned - is a kernel breakpoint one of ktrace's probes'?
 * @regs: the breakpoint's exception frame
 *
 * The breakpoint that a probe of ktrace sits on, or the one that ends the
 * copy of the instruction it replaced (the second of a hit, while the
 * probe single-steps).  Text patching's own breakpoints never get this far
 * (poke_int3_handler()).  Calls nothing that has an fentry site: it runs
 * for every kernel breakpoint while ktrace holds probes, and before the
 * graph tracer is paused.
 *
 * Return: true if @regs is the frame of a breakpoint of ktrace's.
 */
bool arch_ktrace_trap_owned(struct pt_regs *regs)
{
	struct kprobe_ctlblk *kcb = get_kprobe_ctlblk();
	struct kprobe *p;

	if (ktrace_breakpoint_at(regs->ip - sizeof(kprobe_opcode_t)))
		return true;
	if (kcb->kprobe_status != KPROBE_HIT_SS &&
	    kcb->kprobe_status != KPROBE_REENTER)
		return false;
	p = kprobe_running();
	return p && (unsigned long)p->ainsn.insn < regs->ip &&
	       (unsigned long)p->ainsn.insn + MAX_INSN_SIZE > regs->ip &&
	       ktrace_owns_kprobe(p);
}

NOKPROBE_SYMBOL(arch_ktrace_trap_owned);

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

NOKPROBE_SYMBOL(arch_ktrace_preempt_count);

/* Code entered other than by a call, or patched at run time */
static const char * const ktrace_x86_trampolines[] = {
	"__SCT__*",		/* static call trampolines */
	"__SCK__*",
	"__static_call_return*",
	"__x86_indirect_*",	/* retpoline and call thunks */
	"__x86_return_*",	/* return thunks */
	"retbleed_*",
	"srso_*",
	"its_*",
	"entry_untrain_ret",
	"entry_ibpb",
	"call_depth_return_thunk",
	"return_to_handler",	/* the function graph tracer's return */
	"ftrace_*",		/* the function tracer's entry code */
	"prepare_ftrace_return",
	"__fentry__",
	"ret_from_fork*",	/* a new task's first "return" */
	"__switch_to_asm",	/* switches stacks under its return address */
	"rewind_stack_and_make_dead",
	"relocate_kernel",	/* kexec: copied to the control page */
	"identity_mapped",
	"swap_pages",
	"core_restore_code",	/* hibernation: copied or jumped to */
	"restore_registers",
	"restore_image",
	"wakeup_long64",	/* S3 resume */
	"do_suspend_lowlevel",
};

/*
 * Code that runs while a CPU comes up or resumes, before its IDT, GS base
 * or per-CPU data are in place: a breakpoint there cannot be handled.
 */
static const char * const ktrace_x86_bringup[] = {
	"start_secondary",
	"cr4_init",
	"early_setup_idt",
	"restore_processor_state",
	"__restore_processor_state",
	"x86_acpi_suspend_lowlevel",
};

/*
 * __switch_to() is entered as the previous task and returns as the next one
 * (as for the function graph tracer, which __notrace_funcgraph keeps off it).
 */
static const char * const ktrace_x86_task_switch[] = {
	"__switch_to",
};

/* What the tracers' recording path calls: the TSC trace clocks, self IPIs */
static const char * const ktrace_x86_tracer_path[] = {
	"trace_clock*",
	"read_tsc",
	"native_sched_clock*",
	"*send_IPI_self",
	"unwind_*",
	"__unwind_start",
	"orc_find",
	"__orc_find",
};

const struct ktrace_refused_names arch_ktrace_refused_names[] = {
	{ "trampoline or thunk entered other than by a call",
	  ktrace_x86_trampolines, ARRAY_SIZE(ktrace_x86_trampolines) },
	{ "runs while a CPU comes up or resumes",
	  ktrace_x86_bringup, ARRAY_SIZE(ktrace_x86_bringup) },
	{ "returns as another task",
	  ktrace_x86_task_switch, ARRAY_SIZE(ktrace_x86_task_switch) },
	{ "called by the tracers' own code",
	  ktrace_x86_tracer_path, ARRAY_SIZE(ktrace_x86_tracer_path) },
	{ }
};

const char *arch_ktrace_refuse(unsigned long addr)
{
	if (ktrace_text_between(addr, __static_call_text_start, __static_call_text_end))
		return "static call trampoline";
	if (ktrace_text_marked(addr, __x86_kprobes_text_start, __x86_kprobes_text_end))
		return "kprobes' own code";
	/*
	 * A secondary CPU runs common.o's code before it has an IDT
	 * (cpu_init_exception_handling()) and before RCU watches it; the
	 * whole object, so that what is added to it later is covered.
	 */
	if (ktrace_text_marked(addr, __x86_cpu_bringup_text_start, __x86_cpu_bringup_text_end))
		return "runs while a CPU comes up or resumes";
#ifdef CONFIG_AMD_MEM_ENCRYPT
	/* As does the SEV core (setup_ghcb()), also in #VC exceptions */
	if (ktrace_text_marked(addr, __x86_sev_text_start, __x86_sev_text_end))
		return "runs while a CPU comes up or resumes";
#endif
	return NULL;
}
