// SPDX-License-Identifier: GPL-2.0
/*
 * Fixture for /proc/kallmodsyms: module kallmodsyms_fixture_alpha, with
 * code and data in text, init text, rodata and data, plus the object it
 * shares with kallmodsyms_fixture_beta.  The symbol sizes are fixed so that
 * tests can check them.
 */
#include <linux/init.h>
#include <linux/module.h>

#include "kallmodsyms_fixture.h"

/* rodata: 77 bytes */
static const char kallmodsyms_fixture_alpha_rodata[77] = "kallmodsyms fixture alpha";
/* data: 40 bytes */
int kallmodsyms_fixture_alpha_data[10] = { 10, 20 };

noinline int kallmodsyms_fixture_alpha_text(int x)
{
	return kallmodsyms_fixture_shared_fn(x) +
	       kallmodsyms_fixture_alpha_rodata[x & 63] +
	       kallmodsyms_fixture_alpha_data[x & 7];
}
EXPORT_SYMBOL_GPL(kallmodsyms_fixture_alpha_text);

static int __init kallmodsyms_fixture_alpha_init(void)
{
	kallmodsyms_fixture_alpha_data[2] = kallmodsyms_fixture_alpha_text(1);
	return 0;
}
module_init(kallmodsyms_fixture_alpha_init);

MODULE_DESCRIPTION("Fixture for /proc/kallmodsyms tests");
MODULE_LICENSE("GPL");
