// SPDX-License-Identifier: GPL-2.0
/*
 * Fixture for /proc/kallmodsyms: module kallmodsyms_fixture_beta, which
 * shares an object with kallmodsyms_fixture_alpha.
 */
#include <linux/init.h>
#include <linux/module.h>

#include "kallmodsyms_fixture.h"

noinline int kallmodsyms_fixture_beta_text(int x)
{
	return kallmodsyms_fixture_shared_fn(x) - kallmodsyms_fixture_shared_data[x & 7];
}
EXPORT_SYMBOL_GPL(kallmodsyms_fixture_beta_text);

static int __init kallmodsyms_fixture_beta_init(void)
{
	kallmodsyms_fixture_shared_data[3] = kallmodsyms_fixture_beta_text(2);
	return 0;
}
module_init(kallmodsyms_fixture_beta_init);

MODULE_DESCRIPTION("Fixture for /proc/kallmodsyms tests (the second module)");
MODULE_LICENSE("GPL");
