// SPDX-License-Identifier: GPL-2.0
/*
 * Second of a module pair for testing how trace output names the init
 * functions of modules; see test_ftrace_reuse_first.c.
 *
 * Its text is 64 functions of about 4 KiB each.  Loaded after the first
 * module was unloaded, it takes the lowest free module memory that is big
 * enough, which is where the first one's 256 KiB init text was: these
 * functions then start inside reuse_first_init_work().  Its init function
 * calls each of them once.
 */
#include <linux/init.h>
#include <linux/module.h>

/*
 * Sizes differ, or the compiler would fold the functions into one.  Over
 * 4 KiB of NOPs, run through: x86's are one byte, arm64's four.
 */
#ifdef CONFIG_X86
#define REUSE_FILL(n)	".skip 4096 + " #n ", 0x90"
#else
#define REUSE_FILL(n)	".rept 1024 + " #n "\n\tnop\n\t.endr"
#endif
#define REUSE_FN(n)							\
static noinline void reuse_second_fn_##n(void)				\
{									\
	asm volatile(REUSE_FILL(n));					\
}

REUSE_FN(00) REUSE_FN(01) REUSE_FN(02) REUSE_FN(03)
REUSE_FN(04) REUSE_FN(05) REUSE_FN(06) REUSE_FN(07)
REUSE_FN(10) REUSE_FN(11) REUSE_FN(12) REUSE_FN(13)
REUSE_FN(14) REUSE_FN(15) REUSE_FN(16) REUSE_FN(17)
REUSE_FN(20) REUSE_FN(21) REUSE_FN(22) REUSE_FN(23)
REUSE_FN(24) REUSE_FN(25) REUSE_FN(26) REUSE_FN(27)
REUSE_FN(30) REUSE_FN(31) REUSE_FN(32) REUSE_FN(33)
REUSE_FN(34) REUSE_FN(35) REUSE_FN(36) REUSE_FN(37)
REUSE_FN(40) REUSE_FN(41) REUSE_FN(42) REUSE_FN(43)
REUSE_FN(44) REUSE_FN(45) REUSE_FN(46) REUSE_FN(47)
REUSE_FN(50) REUSE_FN(51) REUSE_FN(52) REUSE_FN(53)
REUSE_FN(54) REUSE_FN(55) REUSE_FN(56) REUSE_FN(57)
REUSE_FN(60) REUSE_FN(61) REUSE_FN(62) REUSE_FN(63)
REUSE_FN(64) REUSE_FN(65) REUSE_FN(66) REUSE_FN(67)
REUSE_FN(70) REUSE_FN(71) REUSE_FN(72) REUSE_FN(73)
REUSE_FN(74) REUSE_FN(75) REUSE_FN(76) REUSE_FN(77)

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
