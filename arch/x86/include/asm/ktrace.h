/* SPDX-License-Identifier: GPL-2.0 */
/* x86 part of ktrace: arch/x86/kernel/ktrace.c */
#ifndef _ASM_X86_KTRACE_H
#define _ASM_X86_KTRACE_H

/* The static call trampolines (include/asm-generic/vmlinux.lds.h) */
extern char __static_call_text_start[], __static_call_text_end[];
/* Empty objects linked first and last in arch/x86/kernel/kprobes */
extern char __x86_kprobes_text_start[], __x86_kprobes_text_end[];

#endif /* _ASM_X86_KTRACE_H */
