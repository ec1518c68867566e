/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The start of the code of kernel/kprobes.o, which ktrace does not trace
 * (kernel/trace/trace_ktrace.c): the Makefile links this object just before kprobes.o.
 * Its marks cover .text and the sections the compiler puts cold and
 * __ref code in (KTRACE_TEXT_MARK, include/linux/ktrace.h).
 */
#include <linux/ktrace.h>

	KTRACE_TEXT_MARK __kprobes_core_text_start
