/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The end of the text of kernel/kprobes.o, which ktrace does not trace
 * (kernel/trace/trace_ktrace.c).  The Makefile links this object just after kprobes.o.
 * Its address is compared, never called: no ENDBR (objtool is told).
 */
#include <linux/objtool.h>

	.text
	.globl __kprobes_core_text_end
__kprobes_core_text_end:
	ANNOTATE_NOENDBR
