/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The start of the text of kernel/trace, the tracers, which ktrace does not trace
 * (kernel/trace/trace_ktrace.c).  The Makefile links this object first.
 * Its address is compared, never called: no ENDBR (objtool is told).
 */
#include <linux/objtool.h>

	.text
	.globl __kernel_trace_text_start
__kernel_trace_text_start:
	ANNOTATE_NOENDBR
