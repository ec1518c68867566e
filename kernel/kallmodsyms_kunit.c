// SPDX-License-Identifier: GPL-2.0
/*
 * KUnit tests for the look-up helpers of /proc/kallmodsyms, on the fixture
 * modules of lib/kallmodsyms_fixture_*.c (built in) and crc-ccitt.
 */
#include <kunit/test.h>
#include <linux/ftrace.h>
#include <linux/kallmodsyms.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/string.h>

#include "kallsyms_internal.h"

static unsigned long addr_of(struct kunit *test, const char *name)
{
	unsigned long addr = kallsyms_lookup_name(name);

	KUNIT_ASSERT_NE_MSG(test, addr, 0UL, "no symbol %s", name);
	return addr;
}

/* Whether @addr belongs to built-in module @name */
static bool in_module(unsigned long addr, const char *name)
{
	const char *mod;
	unsigned int n;

	for (n = 0; (mod = kallmodsyms_module_name(addr, n)); n++)
		if (!strcmp(mod, name))
			return true;
	return false;
}

/* The index of the first kallsyms symbol at @addr, or -ENOENT */
static int symbol_index(unsigned long addr)
{
	unsigned int lo = 0, hi = kallsyms_num_syms;

	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (kallsyms_sym_address(mid) < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < kallsyms_num_syms && kallsyms_sym_address(lo) == addr)
		return lo;
	return -ENOENT;
}

static void module_of_a_one_module_object(struct kunit *test)
{
	unsigned long addr = addr_of(test, "kallmodsyms_fixture_alpha_text");

	KUNIT_EXPECT_STREQ(test, kallmodsyms_module_name(addr, 0),
			   "kallmodsyms_fixture_alpha");
	KUNIT_EXPECT_NULL(test, kallmodsyms_module_name(addr, 1));
	KUNIT_EXPECT_TRUE(test, in_module(addr, "kallmodsyms_fixture_alpha"));
	KUNIT_EXPECT_FALSE(test, in_module(addr, "kallmodsyms_fixture_beta"));
}

static void modules_of_a_shared_object(struct kunit *test)
{
	unsigned long addr = addr_of(test, "kallmodsyms_fixture_shared_fn");

	KUNIT_EXPECT_STREQ(test, kallmodsyms_module_name(addr, 0),
			   "kallmodsyms_fixture_alpha");
	KUNIT_EXPECT_STREQ(test, kallmodsyms_module_name(addr, 1),
			   "kallmodsyms_fixture_beta");
	KUNIT_EXPECT_NULL(test, kallmodsyms_module_name(addr, 2));
	KUNIT_EXPECT_TRUE(test, in_module(addr, "kallmodsyms_fixture_beta"));
}

static void every_section_of_a_module(struct kunit *test)
{
	static const char * const syms[] = {
		"kallmodsyms_fixture_alpha_rodata",
		"kallmodsyms_fixture_alpha_data",
		"kallmodsyms_fixture_alpha_init",
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(syms); i++)
		KUNIT_EXPECT_TRUE_MSG(test,
				      in_module(addr_of(test, syms[i]),
						"kallmodsyms_fixture_alpha"),
				      "%s", syms[i]);
}

static void core_kernel_has_no_module(struct kunit *test)
{
	unsigned long self = addr_of(test, "kallmodsyms_module_name");

	KUNIT_EXPECT_NULL(test, kallmodsyms_module_name(self, 0));
	KUNIT_EXPECT_NULL(test, kallmodsyms_module_name(addr_of(test, "start_kernel"), 0));
	KUNIT_EXPECT_FALSE(test, in_module(addr_of(test, "start_kernel"),
					   "kallmodsyms_fixture_alpha"));
}

static void upstream_builtin_module(struct kunit *test)
{
	if (!IS_BUILTIN(CONFIG_CRC_CCITT))
		kunit_skip(test, "CONFIG_CRC_CCITT is not built in");
	KUNIT_EXPECT_STREQ(test, kallmodsyms_module_name(addr_of(test, "crc_ccitt"), 0),
			   "crc_ccitt");
}

static void sizes_are_elf_sizes(struct kunit *test)
{
	unsigned long size = 0;
	int sym;

	sym = symbol_index(addr_of(test, "kallmodsyms_fixture_alpha_rodata"));
	KUNIT_ASSERT_GE(test, sym, 0);
	KUNIT_ASSERT_EQ(test, kallmodsyms_symbol_size(sym, &size), 0);
	KUNIT_EXPECT_EQ(test, size, 77UL);

	sym = symbol_index(addr_of(test, "kallmodsyms_fixture_alpha_data"));
	KUNIT_ASSERT_GE(test, sym, 0);
	KUNIT_ASSERT_EQ(test, kallmodsyms_symbol_size(sym, &size), 0);
	KUNIT_EXPECT_EQ(test, size, 40UL);

	sym = symbol_index(addr_of(test, "kallmodsyms_fixture_shared_data"));
	KUNIT_ASSERT_GE(test, sym, 0);
	KUNIT_ASSERT_EQ(test, kallmodsyms_symbol_size(sym, &size), 0);
	KUNIT_EXPECT_EQ(test, size, 32UL);
}

static void function_size_matches_kallsyms_extent(struct kunit *test)
{
	unsigned long addr = addr_of(test, "kallmodsyms_fixture_shared_fn");
	unsigned long size = 0, extent, offset;
	int sym = symbol_index(addr);

	KUNIT_ASSERT_GE(test, sym, 0);
	KUNIT_ASSERT_EQ(test, kallmodsyms_symbol_size(sym, &size), 0);
	KUNIT_ASSERT_TRUE(test, kallsyms_lookup_size_offset(addr, &extent, &offset));
	/* The ELF size is the extent less the padding before the next symbol. */
	KUNIT_EXPECT_GT(test, size, 0UL);
	KUNIT_EXPECT_LE(test, size, extent);
	KUNIT_EXPECT_LT(test, extent - size, 64UL);
}

static void bad_lookups(struct kunit *test)
{
	unsigned long size;

	KUNIT_EXPECT_EQ(test, kallmodsyms_symbol_size(UINT_MAX, &size), -ENOENT);
	KUNIT_EXPECT_EQ(test, symbol_index(addr_of(test, "start_kernel") + 1),
			-ENOENT);
	KUNIT_EXPECT_NULL(test, kallmodsyms_module_name(0xdead, 0));
}

#ifdef CONFIG_DYNAMIC_FTRACE
static void kallmodsyms_kunit_ftrace_func(unsigned long ip, unsigned long parent_ip,
					  struct ftrace_ops *op,
					  struct ftrace_regs *fregs)
{
}

/*
 * Only the ftrace_filter= and ftrace_notrace= boot parameters take
 * "func:mod:module" for built-in modules: what an in-kernel caller gives
 * ftrace_set_filter() stays a function glob, as upstream has it, which
 * names no function here.
 */
static void set_filter_takes_mod_literally(struct kunit *test)
{
	static struct ftrace_ops ops = { .func = kallmodsyms_kunit_ftrace_func };
	char with_mod[] = "kallmodsyms_fixture_alpha_*:mod:kallmodsyms_fixture_alpha";
	char glob[] = "kallmodsyms_fixture_alpha_*";

	KUNIT_EXPECT_EQ(test, ftrace_set_filter(&ops, with_mod, strlen(with_mod), 1),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, ftrace_set_filter(&ops, glob, strlen(glob), 1), 0);
	ftrace_free_filter(&ops);
}
#endif

static struct kunit_case kallmodsyms_cases[] = {
	KUNIT_CASE(module_of_a_one_module_object),
	KUNIT_CASE(modules_of_a_shared_object),
	KUNIT_CASE(every_section_of_a_module),
	KUNIT_CASE(core_kernel_has_no_module),
	KUNIT_CASE(upstream_builtin_module),
	KUNIT_CASE(sizes_are_elf_sizes),
	KUNIT_CASE(function_size_matches_kallsyms_extent),
	KUNIT_CASE(bad_lookups),
#ifdef CONFIG_DYNAMIC_FTRACE
	KUNIT_CASE(set_filter_takes_mod_literally),
#endif
	{}
};

static struct kunit_suite kallmodsyms_suite = {
	.name = "kallmodsyms",
	.test_cases = kallmodsyms_cases,
};

kunit_test_suite(kallmodsyms_suite);

MODULE_DESCRIPTION("KUnit tests for the kallmodsyms look-up helpers");
MODULE_LICENSE("GPL");
