// SPDX-License-Identifier: GPL-2.0
/*
 * First of a module pair for testing how trace output names the init
 * functions of modules: the init functions of this module are traced and
 * freed, the module is unloaded, and test_ftrace_reuse_second is loaded
 * over the freed memory.  See
 * tools/testing/selftests/ftrace/test.d/ftrace/func-mod-init-reuse.tc.
 *
 * reuse_first_init_work() is 256 KiB: no hole that other modules leave in
 * the module area is that big, so its memory is where the 256 KiB text of
 * the second module goes, and the second module's functions, 4 KiB each,
 * start inside it.
 */
#include <linux/init.h>
#include <linux/module.h>

/* Not a constant: the compiler would make a reuse_first_init_work.constprop */
static int reuse_first_arg __initdata;

static noinline int __init reuse_first_init_work(int n)
{
	/* 256 KiB of NOPs, run through: x86's one byte each, arm64's four */
#ifdef CONFIG_X86
	asm volatile(".skip 262144, 0x90");
#else
	asm volatile(".rept 65536\n\tnop\n\t.endr");
#endif
	return n + 1;
}

static int __init reuse_first_init(void)
{
	return reuse_first_init_work(reuse_first_arg) > 0 ? 0 : -EINVAL;
}
module_init(reuse_first_init);

static void __exit reuse_first_exit(void)
{
}
module_exit(reuse_first_exit);

MODULE_DESCRIPTION("Module whose traced init memory a second module reuses");
MODULE_LICENSE("GPL");
