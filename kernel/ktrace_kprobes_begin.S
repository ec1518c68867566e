/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The start of the text of kernel/kprobes.o, which ktrace does not trace
 * (kernel/trace/trace_ktrace.c).  The Makefile links this object just before kprobes.o.
 * Its address is compared, never called: no ENDBR (objtool is told).
 */
#include <linux/objtool.h>

	.text
	.globl __kprobes_core_text_start
__kprobes_core_text_start:
	ANNOTATE_NOENDBR
