// SPDX-License-Identifier: GPL-2.0
/*
 * Second of a module pair for testing how trace output names the init
 * functions of modules; see test_ftrace_reuse_first.c.
 *
 * Its text is 64 functions of about 1 KiB each.  Loaded after the first
 * module was unloaded, it takes the lowest free module memory, which is
 * where the first one was, and its text covers the first module's freed
 * init text: one of these functions then starts inside
 * reuse_first_init_work().  Its init function calls each of them once.
 */
#include <linux/init.h>
#include <linux/module.h>

/* Sizes differ, or the compiler would fold the functions into one */
#define REUSE_FN(n)							\
static noinline void reuse_second_fn_##n(void)				\
{									\
	asm volatile(".skip 1000 + " #n ", 0x90");			\
}

#define REUSE_FN8(h)							\
	REUSE_FN(h##0) REUSE_FN(h##1) REUSE_FN(h##2) REUSE_FN(h##3)	\
	REUSE_FN(h##4) REUSE_FN(h##5) REUSE_FN(h##6) REUSE_FN(h##7)

REUSE_FN8(0)
REUSE_FN8(1)
REUSE_FN8(2)
REUSE_FN8(3)
REUSE_FN8(4)
REUSE_FN8(5)
REUSE_FN8(6)
REUSE_FN8(7)

#define REUSE_CALL8(h)							\
	do {								\
		reuse_second_fn_##h##0(); reuse_second_fn_##h##1();	\
		reuse_second_fn_##h##2(); reuse_second_fn_##h##3();	\
		reuse_second_fn_##h##4(); reuse_second_fn_##h##5();	\
		reuse_second_fn_##h##6(); reuse_second_fn_##h##7();	\
	} while (0)

static int __init reuse_second_init(void)
{
	REUSE_CALL8(0);
	REUSE_CALL8(1);
	REUSE_CALL8(2);
	REUSE_CALL8(3);
	REUSE_CALL8(4);
	REUSE_CALL8(5);
	REUSE_CALL8(6);
	REUSE_CALL8(7);
	return 0;
}
module_init(reuse_second_init);

static void __exit reuse_second_exit(void)
{
}
module_exit(reuse_second_exit);

MODULE_DESCRIPTION("Module that is loaded over a freed module's init memory");
MODULE_LICENSE("GPL");
