// SPDX-License-Identifier: GPL-2.0
/*
 * x86 side of the very early function tracer (kernel/trace/ftrace_early.c):
 * where its entries live before memblock, the command line before
 * setup_arch() has merged the built-in one, and the TSC's frequency and
 * offsets.  Nothing here runs unless "ftrace=function" armed the tracer.
 */

#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/mm.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include <asm/bootparam.h>
#include <asm/cpufeature.h>
#include <asm/e820/api.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/setup.h>
#include <asm/tsc.h>
#include <asm/x86_init.h>

/*
 * The filter bitmaps and the first entries, from start_kernel() until
 * setup_arch() knows the usable RAM.  It is the only cost of the tracer
 * in the image: it grows the memory the boot loader sets aside
 * (init_size) by this much, and clear_bss() clears it.
 */
#define FTRACE_EARLY_AREA_SIZE	SZ_64K
RESERVE_BRK(ftrace_early, FTRACE_EARLY_AREA_SIZE);

/* Below this, memory is left to the allocations that need it low. */
#define FTRACE_EARLY_LOW_LIMIT	SZ_16M

static u64 ftrace_early_tsc_adjust __initdata;
static bool ftrace_early_has_tsc_adjust __initdata;

void * __init arch_ftrace_early_area(size_t *size)
{
	*size = FTRACE_EARLY_AREA_SIZE;
	return extend_brk(FTRACE_EARLY_AREA_SIZE, PAGE_SIZE);
}

void __init arch_ftrace_early_cmdline(char *buf, size_t size)
{
	/* As setup_arch() will make it. */
#if defined(CONFIG_CMDLINE_BOOL) && defined(CONFIG_CMDLINE_OVERRIDE)
	strscpy(buf, CONFIG_CMDLINE, size);
#elif defined(CONFIG_CMDLINE_BOOL)
	if (CONFIG_CMDLINE[0])
		scnprintf(buf, size, "%s %s", CONFIG_CMDLINE, boot_command_line);
	else
		strscpy(buf, boot_command_line, size);
#else
	strscpy(buf, boot_command_line, size);
#endif
}

/*
 * Firmware may leave IA32_TSC_ADJUST nonzero; the kernel then sets it to
 * 0 on the boot CPU (tsc_store_and_check_tsc_adjust()), which moves the
 * TSC.  Note its value now, before CPU features are known: CPUID.7.0:EBX[1].
 */
void __init arch_ftrace_early_arm(void)
{
	unsigned int eax, ebx, ecx, edx;

	if (cpuid_eax(0) < 7)
		return;
	cpuid_count(7, 0, &eax, &ebx, &ecx, &edx);
	if (!(ebx & BIT(1)))
		return;
	ftrace_early_has_tsc_adjust =
		!rdmsrl_safe(MSR_IA32_TSC_ADJUST, &ftrace_early_tsc_adjust);
}

s64 __init arch_ftrace_early_counter_step(void)
{
	u64 now;

	if (!ftrace_early_has_tsc_adjust ||
	    rdmsrl_safe(MSR_IA32_TSC_ADJUST, &now))
		return 0;
	return (s64)(ftrace_early_tsc_adjust - now);
}

/*
 * The TSC's frequency when the entries are converted, at early_trace_init().
 * If tsc_early_init() could not find it (no CPUID or MSR value, the quick
 * PIT calibration upset by a busy host), tsc_init() calibrates only later,
 * against the PIT, HPET or PM timer: try the early calibration again.
 */
u32 __init arch_ftrace_early_counter_khz(void)
{
	unsigned long khz = 0;
	int try;

	if (!boot_cpu_has(X86_FEATURE_TSC))
		return 0;
	if (tsc_khz)
		return tsc_khz;
	for (try = 0; try < 3 && !khz; try++)
		khz = x86_platform.calibrate_cpu();
	return min_t(unsigned long, khz, U32_MAX);
}

/* The highest @size bytes of [@start, @end) that nothing has reserved. */
static phys_addr_t __init ftrace_early_fit(phys_addr_t start, phys_addr_t end,
					   phys_addr_t size)
{
	struct memblock_region *r;
	phys_addr_t base;

	if (end < start + size)
		return 0;
	base = ALIGN_DOWN(end - size, PAGE_SIZE);
again:
	if (base < start)
		return 0;
	for_each_reserved_mem_region(r) {
		if (r->base < base + size && base < r->base + r->size) {
			if (r->base < start + size)
				return 0;
			base = ALIGN_DOWN(r->base - size, PAGE_SIZE);
			goto again;
		}
	}
	return base;
}

/*
 * Called by setup_arch() once the E820 map is final (mem=, memmap=) and
 * what the boot reserved (kernel, initrd, setup_data, EFI memory map) is
 * in memblock.reserved, but before memblock has memory: take the highest
 * free piece of RAM that fits and reserve it, as memblock would.  Until
 * init_mem_mapping(), the early page fault handler maps it on first
 * touch, as it does all of the direct map.  Not on Xen PV and other
 * sub-architectures whose early page tables work otherwise.
 */
void * __init arch_ftrace_early_alloc(size_t size)
{
	struct e820_entry *e;
	phys_addr_t base;
	int i;

	if (boot_params.hdr.hardware_subarch != X86_SUBARCH_PC)
		return NULL;
	size = PAGE_ALIGN(size);
	for (i = e820_table->nr_entries - 1; i >= 0; i--) {
		e = &e820_table->entries[i];
		if (e->type != E820_TYPE_RAM ||
		    e->addr + e->size <= FTRACE_EARLY_LOW_LIMIT)
			continue;
		base = ftrace_early_fit(max_t(u64, e->addr, FTRACE_EARLY_LOW_LIMIT),
					e->addr + e->size, size);
		if (!base)
			continue;
		memblock_reserve(base, size);
		accept_memory(base, size);
		return __va(base);
	}
	return NULL;
}
