/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The start of the text of arch/x86/kernel/kprobes, which ktrace does not trace
 * (kernel/trace/trace_ktrace.c).  The Makefile links this object first.
 * Its address is compared, never called: no ENDBR (objtool is told).
 */
#include <linux/objtool.h>

	.text
	.globl __x86_kprobes_text_start
__x86_kprobes_text_start:
	ANNOTATE_NOENDBR
