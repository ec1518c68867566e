// SPDX-License-Identifier: GPL-2.0
/*
 * The part of the test_ktrace module that is built without the ftrace
 * flags (as everything in lib/ is): ktrace_test_target() has no fentry
 * site, so the function tracer cannot see it without ktrace.
 */
#include <linux/compiler.h>

#include "test_ktrace.h"

noinline int ktrace_test_target(int x)
{
	int y = x * 7;

	/*
	 * Straight-line code without jump targets near the start: the kprobe
	 * optimizer can put its 5-byte jump there.
	 */
	barrier();
	y ^= x >> 3;
	barrier();
	return y + 11;
}
