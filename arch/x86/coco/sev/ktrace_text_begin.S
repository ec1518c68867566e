/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The start of the code of arch/x86/coco/sev/core.o, which a CPU runs while
 * it comes up, before it has an IDT (setup_ghcb()), and to handle #VC
 * exceptions: ktrace does not trace it (arch/x86/kernel/ktrace.c).  The
 * Makefile links this object just before core.o.
 */
#include <linux/ktrace.h>

	KTRACE_TEXT_MARK __x86_sev_text_start
