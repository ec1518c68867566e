/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The start of the code of kernel/trace, the tracers, which ktrace does not trace
 * (kernel/trace/trace_ktrace.c): the Makefile links this object first.
 * Its marks cover .text and the sections the compiler puts cold and
 * __ref code in (KTRACE_TEXT_MARK, include/linux/ktrace.h).
 */
#include <linux/ktrace.h>

	KTRACE_TEXT_MARK __kernel_trace_text_start
