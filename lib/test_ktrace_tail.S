/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The last code of the test_ktrace module, linked last: for kallsyms,
 * ktrace_test_tail() runs to the end of the module's page-aligned text,
 * over the zero padding after it, which starts at an odd address.  The
 * x86 probe optimizer decodes a probed function to its kallsyms end; with
 * zeroes (two-byte instructions) from an odd address, its last decode
 * starts at the page's last byte.  test.d/ktrace/ktrace-module-tail.tc
 * probes this function; test_ktrace's tail_layout parameter says whether
 * the layout is still the one the test needs.
 */
#include <linux/linkage.h>

	.text
	.balign 16
SYM_FUNC_START(ktrace_test_tail)
	xorl	%eax, %eax
	RET
	/*
	 * An odd length from the 16-byte aligned start.  RET's size is not
	 * known here (a return thunk's jump is relaxed later): align to two,
	 * then one more byte.
	 */
	.balign 2, 0xcc
	int3
.Lktrace_test_tail_end:
SYM_FUNC_END(ktrace_test_tail)

	.pushsection .rodata
	.balign 4
SYM_DATA(ktrace_test_tail_len, .long .Lktrace_test_tail_end - ktrace_test_tail)
	.popsection
