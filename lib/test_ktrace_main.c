// SPDX-License-Identifier: GPL-2.0
/*
 * Test module for ktrace (Documentation/trace/ktrace.rst).  This file is
 * built with the ftrace flags: ktrace_test_caller() has an fentry site
 * and calls ktrace_test_target(), which has none (test_ktrace_target.c).
 *
 * Writing N to /sys/module/test_ktrace/parameters/run calls the caller N
 * times; writing N to run_fentry calls ktrace_test_fentry_target(), the
 * same code with an fentry site, N times.  last_ns then holds how long
 * the calls took, for benchmarks.  target_insn names what starts
 * ktrace_test_target() now: "jmp" once ktrace's probe there is optimized,
 * "int3" while it is a breakpoint, "code" without a probe.  tail_layout
 * says whether ktrace_test_tail() still ends the module's text the way
 * test.d/ktrace/ktrace-module-tail.tc needs (test_ktrace_tail.S).
 * other_kprobe puts a kprobe of the module's own on ktrace_test_target(),
 * as another kprobe user would.
 */
#include <linux/kallsyms.h>
#include <linux/kernel.h>
#include <linux/kprobes.h>
#include <linux/ktime.h>
#include <linux/module.h>
#include <linux/moduleparam.h>

#include "test_ktrace.h"

static unsigned long long last_ns;
module_param(last_ns, ullong, 0444);
MODULE_PARM_DESC(last_ns, "Nanoseconds the last run took");

/* Not static: the compiler would clone it into ktrace_test_caller.isra.0 */
noinline int ktrace_test_caller(int x)
{
	return ktrace_test_target(x) + 1;
}

/* ktrace_test_target()'s code, with an fentry site */
noinline int ktrace_test_fentry_target(int x)
{
	int y = x * 7;

	barrier();
	y ^= x >> 3;
	barrier();
	return y + 11;
}

static int ktrace_test_run(const char *val, const struct kernel_param *kp)
{
	bool fentry = kp->arg;
	unsigned int n, i;
	u64 start;
	int ret;

	ret = kstrtouint(val, 0, &n);
	if (ret)
		return ret;
	start = ktime_get_ns();
	for (i = 0; i < n; i++) {
		if (fentry)
			ktrace_test_fentry_target(i);
		else
			ktrace_test_caller(i);
	}
	last_ns = ktime_get_ns() - start;
	return 0;
}

static const struct kernel_param_ops ktrace_test_run_ops = {
	.set = ktrace_test_run,
};

module_param_cb(run, &ktrace_test_run_ops, NULL, 0200);
MODULE_PARM_DESC(run, "Call ktrace_test_caller() this many times");
/* Any non-NULL argument selects the fentry-traced target */
module_param_cb(run_fentry, &ktrace_test_run_ops, &last_ns, 0200);
MODULE_PARM_DESC(run_fentry, "Call ktrace_test_fentry_target() this many times");

/* The opcode where a probe of ktrace_test_target() goes (after an ENDBR) */
static int ktrace_test_target_insn(char *buf, const struct kernel_param *kp)
{
	const u8 *p = (const u8 *)ktrace_test_target;
	static const u8 endbr64[] = { 0xf3, 0x0f, 0x1e, 0xfa };
	const char *what = "code";

	/* A pointer, not ktrace_test_target+4: objtool wants calls to ENDBR */
	OPTIMIZER_HIDE_VAR(p);
	if (!IS_ENABLED(CONFIG_X86_64))
		return sysfs_emit(buf, "unknown\n");
	if (!memcmp(p, endbr64, sizeof(endbr64)))
		p += sizeof(endbr64);
	if (*p == 0xe9)		/* JMP rel32: the optimized probe */
		what = "jmp";
	else if (*p == 0xcc)	/* INT3 */
		what = "int3";
	return sysfs_emit(buf, "%s\n", what);
}

static const struct kernel_param_ops ktrace_test_insn_ops = {
	.get = ktrace_test_target_insn,
};
module_param_cb(target_insn, &ktrace_test_insn_ops, NULL, 0444);
MODULE_PARM_DESC(target_insn, "What starts ktrace_test_target(): jmp, int3 or code");

/*
 * "zeroes from an odd address to the page end" when kallsyms sizes
 * ktrace_test_tail() to a page boundary and its code ends at an odd
 * address, which is what the probe optimizer must cope with; else what
 * the layout is.
 */
static int ktrace_test_tail_layout(char *buf, const struct kernel_param *kp)
{
	unsigned long addr = (unsigned long)ktrace_test_tail;
	unsigned long code_end = addr + ktrace_test_tail_len;
	char sym[KSYM_SYMBOL_LEN];
	unsigned long size;
	char *slash, *end;

	/* "ktrace_test_tail+0x0/0xSIZE [test_ktrace]" */
	sprint_symbol(sym, addr);
	slash = strchr(sym, '/');
	if (!slash)
		return sysfs_emit(buf, "no size in '%s'\n", sym);
	end = strchr(slash, ' ');
	if (end)
		*end = '\0';
	if (kstrtoul(slash + 1, 16, &size))
		return sysfs_emit(buf, "no size in '%s'\n", sym);
	if (!PAGE_ALIGNED(addr + size) || !(code_end & 1) ||
	    size <= ktrace_test_tail_len)
		return sysfs_emit(buf, "size %#lx, code %#x bytes, end %#lx\n",
				  size, ktrace_test_tail_len, addr + size);
	return sysfs_emit(buf, "zeroes from an odd address to the page end\n");
}

static const struct kernel_param_ops ktrace_test_tail_ops = {
	.get = ktrace_test_tail_layout,
};
module_param_cb(tail_layout, &ktrace_test_tail_ops, NULL, 0444);
MODULE_PARM_DESC(tail_layout, "How ktrace_test_tail() ends the module's text");

/*
 * A kprobe of another user than ktrace on ktrace_test_target(), as a
 * module registers one: writing 1 to other_kprobe registers it, 0 removes
 * it.  ktrace must refuse the function while it is there.
 */
static int ktrace_test_other_pre(struct kprobe *kp, struct pt_regs *regs)
{
	return 0;
}

static struct kprobe ktrace_test_other_kprobe;
static bool ktrace_test_other_on;

static int ktrace_test_other_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int ret;

	ret = kstrtobool(val, &on);
	if (ret || on == ktrace_test_other_on)
		return ret;
	if (on) {
		memset(&ktrace_test_other_kprobe, 0, sizeof(ktrace_test_other_kprobe));
		ktrace_test_other_kprobe.addr = (kprobe_opcode_t *)ktrace_test_target;
		ktrace_test_other_kprobe.pre_handler = ktrace_test_other_pre;
		ret = register_kprobe(&ktrace_test_other_kprobe);
		if (ret)
			return ret;
	} else {
		unregister_kprobe(&ktrace_test_other_kprobe);
	}
	ktrace_test_other_on = on;
	return 0;
}

static int ktrace_test_other_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%d\n", ktrace_test_other_on);
}

static const struct kernel_param_ops ktrace_test_other_ops = {
	.set = ktrace_test_other_set,
	.get = ktrace_test_other_get,
};
module_param_cb(other_kprobe, &ktrace_test_other_ops, NULL, 0644);
MODULE_PARM_DESC(other_kprobe, "A kprobe of the module's own on ktrace_test_target()");

/* Not __exit: .exit.text would follow ktrace_test_tail(), which must end the text */
static void ktrace_test_exit(void)
{
	if (ktrace_test_other_on)
		unregister_kprobe(&ktrace_test_other_kprobe);
}
module_exit(ktrace_test_exit);

MODULE_DESCRIPTION("Functions with and without fentry sites, for ktrace tests");
MODULE_LICENSE("GPL");
