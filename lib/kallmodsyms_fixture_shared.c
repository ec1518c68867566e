// SPDX-License-Identifier: GPL-2.0
/*
 * Fixture for /proc/kallmodsyms: an object linked into two modules,
 * kallmodsyms_fixture_alpha and kallmodsyms_fixture_beta.  Built in, its
 * symbols belong to both.
 */
#include <linux/compiler.h>
#include <linux/export.h>

#include "kallmodsyms_fixture.h"

noinline int kallmodsyms_fixture_shared_fn(int x)
{
	return x * 3 + 1;
}

int kallmodsyms_fixture_shared_data[8] = { 1, 2, 3 };
