/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The very early function tracer's hooks (arch/arm64/kernel/ftrace_early.c
 * patches the call sites to call ftrace_early_caller).
 */

#include <linux/linkage.h>
#include <asm/assembler.h>
#include <asm/insn-def.h>

/* x0-x8 at sp+0..72: the arguments on entry, the return value on return */
	.macro	ftrace_early_save_args
	stp	x0, x1, [sp, #0]
	stp	x2, x3, [sp, #16]
	stp	x4, x5, [sp, #32]
	stp	x6, x7, [sp, #48]
	str	x8, [sp, #64]
	.endm

	.macro	ftrace_early_restore_args
	ldp	x0, x1, [sp, #0]
	ldp	x2, x3, [sp, #16]
	ldp	x4, x5, [sp, #32]
	ldp	x6, x7, [sp, #48]
	ldr	x8, [sp, #64]
	.endm

/*
 * A call site the tracer patched is, as ftrace_caller's,
 *
 *	MOV	X9, LR
 *	BL	ftrace_early_caller
 *
 * x0-x8 hold the traced function's arguments, x9 its return address, LR
 * the address after the BL; x9-x17 are free.  While ftrace_early_active
 * is set, ftrace_early_record(the BL, the return address, where it is
 * kept here), which may hook the return.  Two frame records for the
 * unwinders, which walk up the stack: this one's, then above it the traced
 * function's.
 */
SYM_CODE_START(ftrace_early_caller)
	sub	sp, sp, #112
	ftrace_early_save_args
	stp	x29, x9, [sp, #96]
	add	x29, sp, #96
	stp	x29, x30, [sp, #80]
	add	x29, sp, #80

	adr_l	x10, ftrace_early_active
	ldrb	w10, [x10]
	cbz	w10, 1f
	sub	x0, x30, #AARCH64_INSN_SIZE
	mov	x1, x9
	add	x2, sp, #104
	bl	ftrace_early_record
1:
	ftrace_early_restore_args
	/* The return address, which ftrace=function_graph may have hooked */
	ldp	x29, x9, [sp, #96]
	ldr	x10, [sp, #88]
	add	sp, sp, #112
	mov	x30, x9
	ret	x10
SYM_CODE_END(ftrace_early_caller)

/*
 * The calls ftrace=function_graph records return here instead of to their
 * caller: ftrace_early_graph_return() records the return and gives the
 * real return address.  The return value (x0-x7, and x8) is kept.
 */
SYM_CODE_START(ftrace_early_return)
	sub	sp, sp, #96
	ftrace_early_save_args
	stp	x29, x30, [sp, #80]
	add	x29, sp, #80
	bl	ftrace_early_graph_return
	mov	x30, x0
	ftrace_early_restore_args
	ldr	x29, [sp, #80]
	add	sp, sp, #96
	ret
SYM_CODE_END(ftrace_early_return)
