// SPDX-License-Identifier: GPL-2.0
/*
 * Very early function tracing: a boot that goes wrong on purpose, to test
 * what the tracer shows of it.  With CONFIG_VERY_EARLY_FUNCTION_TRACER_KUNIT_TEST
 * and ftrace=function, "ftrace_early_test=ACTION:FUNCTION" acts on the
 * first call of FUNCTION recorded before ftrace_init(), the call itself
 * recorded (or filtered out) first:
 *
 *	panic	the recording stops, then panic()
 *	fault	the recording stops, then a write to an unmapped address: an
 *		early exception before the kernel's own handlers are
 *		installed (in setup_arch()), an oops after
 *	hang	the recording stops, then a loop that never ends
 *	dump	ftrace_dump(DUMP_ALL), then the boot goes on
 *
 * "ACTION:FUNCTION@N" acts only in boot N of ftrace_early_region= (the
 * first boot that finds it empty or garbage is 1): a test that resets the
 * machine then sees the next boot, with the same command line, go on.
 * As lkdtm does for the later points of a boot.  Never on a kernel that
 * is not a test kernel.
 */

#define pr_fmt(fmt) "ftrace: very early: " fmt

#include <linux/ftrace.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/panic.h>
#include <linux/string.h>

#include "ftrace_early_internal.h"

enum ftrace_early_test_action {
	FTRACE_EARLY_TEST_PANIC,
	FTRACE_EARLY_TEST_FAULT,
	FTRACE_EARLY_TEST_HANG,
	FTRACE_EARLY_TEST_DUMP,
};

static const char * const ftrace_early_test_actions[] __initconst = {
	[FTRACE_EARLY_TEST_PANIC] = "panic",
	[FTRACE_EARLY_TEST_FAULT] = "fault",
	[FTRACE_EARLY_TEST_HANG] = "hang",
	[FTRACE_EARLY_TEST_DUMP] = "dump",
};

/* The fentry call site to act on; 0: none */
unsigned long ftrace_early_test_ip __initdata;
bool ftrace_early_test_nofreq __initdata;
static enum ftrace_early_test_action ftrace_early_test_action __initdata;
static char *ftrace_early_test_func __initdata;

/* Not mapped at any time: in the first page of the lower half. */
static unsigned long ftrace_early_test_bad_addr __initdata = 16;

/*
 * Where a call site's function is (its dyn_ftrace.ip): 0 for an entry
 * that is no call site (the linker's padding, discarded text), which sorts
 * before all of them.
 */
static unsigned long __init ftrace_early_test_site_ip(unsigned long site)
{
	if (!is_kernel_text(site) && !is_kernel_inittext(site))
		return 0;
	return ftrace_call_adjust(site);
}

/**
 * ftrace_early_test_setup - parse ftrace_early_test=
 * @arg: "ACTION:FUNCTION", kept: its function name is printed later; or
 *       "nofreq": the entries are written to the trace buffer as if the
 *       counter's frequency were not known then (a failed calibration)
 * @f: the filter, for its sorted table of fentry call sites
 *
 * Called when the tracer arms, before anything is recorded.
 *
 * Return: 0, or -EINVAL if @arg names no action, -ENOENT if FUNCTION has
 * no fentry call site.
 */
int __init ftrace_early_test_setup(char *arg, const struct ftrace_early_filter *f)
{
	unsigned long addr, size, offset;
	unsigned int lo = 0, hi = f->nr_sites, mid;
	char *func = strchr(arg, ':'), *at;
	u64 boot = 0;
	int action;

	if (!strcmp(arg, "nofreq")) {
		ftrace_early_test_nofreq = true;
		return 0;
	}
	if (!func)
		return -EINVAL;
	*func++ = '\0';
	action = match_string(ftrace_early_test_actions,
			      ARRAY_SIZE(ftrace_early_test_actions), arg);
	func[-1] = ':';
	if (action < 0)
		return -EINVAL;
	at = strchr(func, '@');
	if (at) {
		if (kstrtou64(at + 1, 10, &boot) || !boot)
			return -EINVAL;
		*at = '\0';
	}
	addr = kallsyms_lookup_name(func);
	if (at)
		*at = '@';
	if (!addr || !kallsyms_lookup_size_offset(addr, &size, &offset))
		return -ENOENT;
	/* The function's call site: the first in [addr, addr + size) */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (ftrace_early_test_site_ip(f->sites[mid]) < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == f->nr_sites ||
	    ftrace_early_test_site_ip(f->sites[lo]) >= addr + size)
		return -ENOENT;
	if (boot && boot != ftrace_early_region_boot())
		return 0;
	ftrace_early_test_action = action;
	ftrace_early_test_func = func;
	ftrace_early_test_ip = f->sites[lo];
	return 0;
}

/**
 * ftrace_early_test_act - the function of ftrace_early_test= was called
 *
 * From the recording of its call, which is over.
 */
void __init ftrace_early_test_act(void)
{
	ftrace_early_test_ip = 0;
	switch (ftrace_early_test_action) {
	case FTRACE_EARLY_TEST_PANIC:
		ftrace_early_freeze();
		panic("ftrace_early_test=panic:%s\n", ftrace_early_test_func);
		break;
	case FTRACE_EARLY_TEST_FAULT:
		ftrace_early_freeze();
		pr_emerg("ftrace_early_test=fault:%s: writing to address %#lx\n",
			 ftrace_early_test_func, ftrace_early_test_bad_addr);
		WRITE_ONCE(*(unsigned long *)READ_ONCE(ftrace_early_test_bad_addr), 0);
		break;
	case FTRACE_EARLY_TEST_HANG:
		ftrace_early_freeze();
		pr_emerg("ftrace_early_test=hang:%s: hanging\n",
			 ftrace_early_test_func);
		for (;;)
			cpu_relax();
	case FTRACE_EARLY_TEST_DUMP:
		pr_info("ftrace_early_test=dump:%s: ftrace_dump()\n",
			ftrace_early_test_func);
		ftrace_dump(DUMP_ALL);
		break;
	}
}
