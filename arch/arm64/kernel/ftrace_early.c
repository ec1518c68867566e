// SPDX-License-Identifier: GPL-2.0
/*
 * arm64 side of the very early function tracer (kernel/trace/ftrace_early.c).
 *
 * The compiler leaves two NOPs at each function's entry
 * (-fpatchable-function-entry) and nothing calls a hook until ftrace_init()
 * makes them "MOV X9, LR; NOP".  Once setup_arch() has the early fixmap and
 * the command line, ftrace_early_start() arms the tracer and
 * arch_ftrace_early_patch() makes the call sites the filters select
 * "MOV X9, LR; BL ftrace_early_caller", written through the fixmap, a page
 * at a time.  arch_ftrace_early_unhook() makes them NOPs again, exactly as
 * they were, before ftrace_init() checks them.  Without "ftrace=function"
 * nothing here runs, nothing is patched, and the early area goes with the
 * rest of init data.
 */

#include <linux/bitops.h>
#include <linux/ftrace.h>
#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/kallsyms.h>
#include <linux/memblock.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include <asm/cacheflush.h>
#include <asm/fixmap.h>
#include <asm/insn.h>
#include <asm/memory.h>
#include <asm/sections.h>
#include <asm/setup.h>

/*
 * The filter bitmaps and the first entries, until
 * ftrace_early_memblock_ready() after paging_init(): init data, freed with
 * the rest of it.
 */
#define FTRACE_EARLY_AREA_SIZE	SZ_64K
static u8 ftrace_early_area_mem[FTRACE_EARLY_AREA_SIZE] __initdata __aligned(PAGE_SIZE);

/* Set once arch_ftrace_early_patch() has written a call site */
static bool ftrace_early_patched __initdata;

void * __init arch_ftrace_early_area(size_t *size, bool *with_init)
{
	*size = FTRACE_EARLY_AREA_SIZE;
	*with_init = true;
	return ftrace_early_area_mem;
}

/* Called after paging_init(): all of memblock's memory is mapped. */
void __init arch_ftrace_early_buffer_range(phys_addr_t *start, phys_addr_t *end)
{
	*start = memblock_start_of_DRAM();
	*end = memblock_end_of_DRAM();
}

/*
 * Until paging_init() only the kernel image and the fixmap are mapped:
 * nothing can be written at a physical address from the first recorded
 * call on.
 */
const char * __init arch_ftrace_early_region_check(phys_addr_t phys, u64 size)
{
	return "arm64 has no mapping of RAM before paging_init()";
}

const char * __init arch_ftrace_early_region_map(phys_addr_t phys, u64 size)
{
	return "arm64 has no mapping of RAM before paging_init()";
}

/* After setup_machine_fdt(): with CONFIG_CMDLINE merged as it will be */
void __init arch_ftrace_early_cmdline(char *buf, size_t size)
{
	strscpy(buf, boot_command_line, size);
}

void __init arch_ftrace_early_arm(void)
{
}

/* The architected counter's frequency, which firmware must set */
u32 __init arch_ftrace_early_counter_khz(void)
{
	return arch_timer_get_cntfrq() / 1000;
}

/* The virtual counter's offset is the hypervisor's: the kernel keeps it. */
s64 __init arch_ftrace_early_counter_step(void)
{
	return 0;
}

/*
 * The text page being written: mapped writable at FIX_TEXT_POKE0, as
 * aarch64_insn_write() does it, but for all the call sites in it at once
 */
struct ftrace_early_poke {
	unsigned long page;		/* its address in the text; 0: none */
	void *map;			/* where it is writable */
};

static void __init ftrace_early_poke_done(struct ftrace_early_poke *pk)
{
	if (!pk->page)
		return;
	clear_fixmap(FIX_TEXT_POKE0);
	caches_clean_inval_pou(pk->page, pk->page + PAGE_SIZE);
	pk->page = 0;
}

static void __init ftrace_early_poke(struct ftrace_early_poke *pk,
				     unsigned long pc, u32 insn)
{
	unsigned long page = pc & PAGE_MASK;

	if (page != pk->page) {
		ftrace_early_poke_done(pk);
		pk->map = (void *)set_fixmap_offset(FIX_TEXT_POKE0,
						    __pa_symbol(page));
		pk->page = page;
	}
	WRITE_ONCE(*(__le32 *)(pk->map + (pc - page)), cpu_to_le32(insn));
}

static u32 __init ftrace_early_insn_at(unsigned long pc)
{
	return le32_to_cpu(READ_ONCE(*(__le32 *)pc));
}

/* The first half of a patched call site, as ftrace_init_nop() makes it */
static u32 __init ftrace_early_mov(void)
{
	return aarch64_insn_gen_move_reg(AARCH64_INSN_REG_9, AARCH64_INSN_REG_LR,
					 AARCH64_INSN_VARIANT_64BIT);
}

/* The second: the call of ftrace_early_caller from @pc */
static u32 __init ftrace_early_bl(unsigned long pc)
{
	return aarch64_insn_gen_branch_imm(pc, (unsigned long)ftrace_early_caller,
					   AARCH64_INSN_BRANCH_LINK);
}

/*
 * Whether an __mcount_loc entry is a call site: the linker pads between
 * objects' tables, and relocates a site of discarded text to 0 (plus the
 * KASLR offset).  ftrace_process_locs() skips the same.
 */
static bool __init ftrace_early_is_site(unsigned long site)
{
	return is_kernel_text(site) || is_kernel_inittext(site);
}

/*
 * Make the selected call sites call ftrace_early_caller.  All are checked
 * first: two NOPs (as the compiler left them), within reach of a BL.
 * Then the MOVs are written and made visible, then the BLs: a function
 * that runs meanwhile (the fixmap's own) finds either two NOPs, a MOV and
 * a NOP, or the whole call.  ftrace_early_active is clear: a call made
 * meanwhile is not recorded.  Only the boot CPU runs, interrupts off.
 */
const char * __init arch_ftrace_early_patch(const unsigned long *sites,
					    unsigned int nr_sites,
					    const unsigned long *traced)
{
	struct ftrace_early_poke pk = {};
	u32 nop = aarch64_insn_gen_nop();
	unsigned int i, pass;
	unsigned long pc;

	for (i = 0; i < nr_sites; i++) {
		if (!ftrace_early_is_site(sites[i]) ||
		    (traced && !test_bit(i, traced)))
			continue;
		pc = ftrace_call_adjust(sites[i]);
		if (!pc)
			return "a call site is misaligned";
		if (ftrace_early_insn_at(pc - AARCH64_INSN_SIZE) != nop ||
		    ftrace_early_insn_at(pc) != nop)
			return "a call site is not two NOPs";
		if (ftrace_early_bl(pc) == AARCH64_BREAK_FAULT)
			return "a call site is out of reach of a BL";
	}
	ftrace_early_patched = true;
	for (pass = 0; pass < 2; pass++) {
		for (i = 0; i < nr_sites; i++) {
			if (!ftrace_early_is_site(sites[i]) ||
			    (traced && !test_bit(i, traced)))
				continue;
			pc = ftrace_call_adjust(sites[i]);
			if (pass)
				ftrace_early_poke(&pk, pc, ftrace_early_bl(pc));
			else
				ftrace_early_poke(&pk, pc - AARCH64_INSN_SIZE,
						  ftrace_early_mov());
		}
		ftrace_early_poke_done(&pk);
	}
	return NULL;
}

/*
 * Every call site back to two NOPs, as ftrace_init() expects them: the
 * BLs first, then the MOVs.  Only what the tracer wrote is written back.
 */
void __init arch_ftrace_early_unhook(void)
{
	struct ftrace_early_poke pk = {};
	u32 nop = aarch64_insn_gen_nop();
	unsigned long *site, pc;
	unsigned int pass;
	u32 insn;

	if (!ftrace_early_patched)
		return;
	ftrace_early_patched = false;
	for (pass = 0; pass < 2; pass++) {
		for (site = __start_mcount_loc; site < __stop_mcount_loc; site++) {
			if (!ftrace_early_is_site(*site))
				continue;
			pc = ftrace_call_adjust(*site);
			if (!pc)
				continue;
			if (pass) {
				pc -= AARCH64_INSN_SIZE;
				insn = ftrace_early_mov();
			} else {
				insn = ftrace_early_bl(pc);
			}
			if (ftrace_early_insn_at(pc) == insn)
				ftrace_early_poke(&pk, pc, nop);
		}
		ftrace_early_poke_done(&pk);
	}
}
