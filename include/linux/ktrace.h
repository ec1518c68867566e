/* SPDX-License-Identifier: GPL-2.0 */
/*
 * ktrace (kernel/trace/trace_ktrace.c): what an architecture provides.
 * A probe of ktrace sits on a function's first instruction; the
 * architecture says where the return address is there, what context the
 * probe interrupted, and which of its code must never be traced.
 */
#ifndef _LINUX_KTRACE_H
#define _LINUX_KTRACE_H

#ifdef __ASSEMBLY__

#include <linux/objtool.h>

/*
 * KTRACE_TEXT_MARK name: define the label "name" at the start of this
 * object's .text, and "name_hot", "name_unlikely" and "name_ref" at the
 * start of its .text.hot, .text.unlikely (where GCC puts .cold fragments
 * and __cold functions) and .ref.text.  The linker script gathers each of
 * these sections in link order, so marks in an object that a Makefile
 * links first and in one it links last bound all the code of the objects
 * between them.  The labels are compared, never called: no ENDBR.  Each
 * marks an int3 of its own, so that objtool finds an instruction there
 * even where the section holds nothing else (x86's: only x86_64 has
 * HAVE_KTRACE).
 */
.macro KTRACE_TEXT_MARK_IN sect, label
	.pushsection \sect, "ax"
	.globl \label
	\label = .
	ANNOTATE_NOENDBR
	int3
	.popsection
.endm

.macro KTRACE_TEXT_MARK name
	KTRACE_TEXT_MARK_IN .text.hot, \name\()_hot
	KTRACE_TEXT_MARK_IN .text, \name
	KTRACE_TEXT_MARK_IN .text.unlikely, \name\()_unlikely
	KTRACE_TEXT_MARK_IN .ref.text, \name\()_ref
.endm

#else /* !__ASSEMBLY__ */

#include <linux/jump_label.h>
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
 * arch_ktrace_refuse - architecture text that ktrace must not trace
 * @addr: start of the function
 *
 * Text the architecture gathers between marks or in sections of its own
 * (static call trampolines, kprobes' code, what runs while a CPU comes
 * up).  What it refuses by name is in arch_ktrace_refused_names[].
 *
 * Return: a reason for the kernel log, or NULL if @addr may be traced.
 */
const char *arch_ktrace_refuse(unsigned long addr);

/**
 * struct ktrace_refused_names - functions that ktrace must not trace, by name
 * @why: the reason for the kernel log
 * @names: the names; "a*" stands for every name that starts with "a",
 *	   "a*b" for every name that starts with "a" and ends with "b".  A
 *	   copy that GCC made of a function ("f.part.0") is refused with it.
 * @nr: number of entries in @names
 */
struct ktrace_refused_names {
	const char *why;
	const char * const *names;
	unsigned int nr;
};

/*
 * The architecture's lists: trampolines and thunks patched at run time or
 * entered other than by a call, stack switching code, what the tracers'
 * recording path calls.  The last entry's @why is NULL.
 */
extern const struct ktrace_refused_names arch_ktrace_refused_names[];

/*
 * On while ktrace holds probes.  The architecture then pauses the function
 * graph tracer (pause_graph_tracing()) once while kprobes run the handlers
 * of one of ktrace's probes (ktrace_owns_kprobe()), through its breakpoint
 * or its jump: that path is not drawn, and ktrace's graph entry nests where
 * the probed function was called.  Other kprobe users' hits are drawn as
 * they are without ktrace.
 */
DECLARE_STATIC_KEY_FALSE(ktrace_in_use);

struct kprobe;

/**
 * ktrace_owns_kprobe - is a kprobe hit one of ktrace's?
 * @p: the kprobe at the address hit, as get_kprobe() returns it: a probe
 *     of its own, or the aggregate of the probes at one address
 *
 * Called where kprobes handle a hit (preemption off), to leave the path of
 * ktrace's own probes out of the function graph and no other.  A probe of
 * another kprobe user at an address ktrace probes runs in the same hit:
 * it is left out too.
 *
 * Return: true if @p is, or aggregates, a probe of ktrace.
 */
bool ktrace_owns_kprobe(struct kprobe *p);

/**
 * ktrace_breakpoint_at - is a breakpoint of ktrace's probes at an address?
 * @addr: the address of a kernel breakpoint being handled
 *
 * For the breakpoint handler, before it knows which kprobe was hit: looks
 * only at ktrace's own table (preemption off, any context, NMI too).
 *
 * Return: true if one of ktrace's probes has, or is about to have, its
 * breakpoint at @addr.
 */
bool ktrace_breakpoint_at(unsigned long addr);

/**
 * arch_ktrace_hit_by_trap - was the probe hit through its breakpoint?
 * @regs: the registers the probe handler was given
 *
 * A probe is hit through a breakpoint until the kprobe optimizer has
 * replaced it with a jump, and for good where it cannot.  The two paths
 * enter the handler in different contexts.
 *
 * Return: true if @regs is the frame of a breakpoint exception.
 */
bool arch_ktrace_hit_by_trap(struct pt_regs *regs);

/* The labels of KTRACE_TEXT_MARK @name */
#define KTRACE_TEXT_MARKS(name)						\
	extern char name[], name##_hot[], name##_unlikely[], name##_ref[]

static inline bool ktrace_text_between(unsigned long addr, const char *start,
				       const char *end)
{
	return addr >= (unsigned long)start && addr < (unsigned long)end;
}

/*
 * Is @addr between the marks @start and @end (KTRACE_TEXT_MARK) in any of
 * the sections they mark?
 */
#define ktrace_text_marked(addr, start, end)	({			\
	unsigned long __addr = (addr);					\
									\
	ktrace_text_between(__addr, start, end) ||			\
	ktrace_text_between(__addr, start##_hot, end##_hot) ||		\
	ktrace_text_between(__addr, start##_unlikely, end##_unlikely) ||	\
	ktrace_text_between(__addr, start##_ref, end##_ref);		\
})

/*
 * Empty objects that the Makefiles link first and last around the code
 * ktrace does not trace (ktrace_*.S): kernel/trace and kernel/kprobes.o.
 */
KTRACE_TEXT_MARKS(__kernel_trace_text_start);
KTRACE_TEXT_MARKS(__kernel_trace_text_end);
KTRACE_TEXT_MARKS(__kprobes_core_text_start);
KTRACE_TEXT_MARKS(__kprobes_core_text_end);

#endif /* __ASSEMBLY__ */

#endif /* _LINUX_KTRACE_H */
