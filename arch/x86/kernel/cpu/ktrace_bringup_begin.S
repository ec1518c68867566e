/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The start of the code of arch/x86/kernel/cpu/common.o, which a secondary
 * CPU runs while it comes up, part of it before it has an IDT (its
 * Makefile keeps it untraced for that): ktrace does not trace it
 * (arch/x86/kernel/ktrace.c).  The Makefile links this object just
 * before common.o.
 */
#include <linux/ktrace.h>

	KTRACE_TEXT_MARK __x86_cpu_bringup_text_start
