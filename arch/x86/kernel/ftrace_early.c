// SPDX-License-Identifier: GPL-2.0
/*
 * x86 side of the very early function tracer (kernel/trace/ftrace_early.c):
 * where its entries live before memblock, the command line before
 * setup_arch() has merged the built-in one, and the TSC's frequency and
 * offset, and the hook in __fentry__.  Nothing here but the hook's
 * removal runs unless "ftrace=function" armed the tracer.
 */

#include <linux/acpi_pmtmr.h>
#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/memblock.h>
#include <linux/pfn.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include <asm/bootparam.h>
#include <asm/cpufeature.h>
#include <asm/e820/api.h>
#include <asm/msr.h>
#include <asm/nops.h>
#include <asm/processor.h>
#include <asm/sections.h>
#include <asm/setup.h>
#include <asm/text-patching.h>
#include <asm/tsc.h>
#include <asm/uv/uv.h>
#include <asm/x86_init.h>

/*
 * The filter bitmaps and the first entries, from start_kernel() until
 * memblock has the memory (ftrace_early_memblock_ready() in setup_arch()).
 * It is the only cost of the tracer in the image: it grows the memory the
 * boot loader sets aside (init_size) by this much, and clear_bss() clears
 * it.
 */
#define FTRACE_EARLY_AREA_SIZE	SZ_64K
RESERVE_BRK(ftrace_early, FTRACE_EARLY_AREA_SIZE);

static u64 ftrace_early_tsc_adjust __initdata;
static bool ftrace_early_has_tsc_adjust __initdata;

void * __init arch_ftrace_early_area(size_t *size, bool *with_init)
{
	*size = FTRACE_EARLY_AREA_SIZE;
	*with_init = false;
	return extend_brk(FTRACE_EARLY_AREA_SIZE, PAGE_SIZE);
}

/*
 * Called just before init_mem_mapping() (or, armed by bootconfig, after
 * setup_arch(), all of memory mapped): until it has mapped all of
 * memory, the early page fault handler maps the direct map on first
 * touch, up to max_pfn (the direct map may not reach RAM above it).  Xen
 * PV has only its initial mapping until then.  The first 16 MiB are left
 * to what needs low memory (and to crashkernel= or cma= at a fixed low
 * address, which must not find the buffer there).
 */
void __init arch_ftrace_early_buffer_range(phys_addr_t *start, phys_addr_t *end)
{
	*start = SZ_16M;
	*end = cpu_feature_enabled(X86_FEATURE_XENPV) ? get_max_mapped() :
							PFN_PHYS(max_pfn);
}

/*
 * ftrace_early_region=: from start_kernel() on, before memmap= is parsed,
 * only the boot loader's memory map and what it loaded are known: the
 * region must be usable RAM there, above the first MiB, and hold neither
 * the kernel, the initrd, the EFI memory map nor the setup_data the boot
 * loader passes (early_reserve_memory() reserves them only later).
 */
const char * __init arch_ftrace_early_region_check(phys_addr_t phys, u64 size)
{
	u64 rd = boot_params.hdr.ramdisk_image |
		 (u64)boot_params.ext_ramdisk_image << 32;
	u64 rd_size = boot_params.hdr.ramdisk_size |
		      (u64)boot_params.ext_ramdisk_size << 32;
	u64 efi_map = boot_params.efi_info.efi_memmap |
		      (u64)boot_params.efi_info.efi_memmap_hi << 32;
	u64 efi_map_size = boot_params.efi_info.efi_memmap_size;
	struct boot_e820_entry *e;
	phys_addr_t end = phys + size;
	struct setup_data *data;
	u64 sd;
	int i;

	if (phys < SZ_1M)
		return "it must be above the first MiB";
	if (phys < __pa_symbol(_end) && end > __pa_symbol(_text))
		return "it holds the kernel";
	if (rd_size && phys < rd + rd_size && end > rd)
		return "it holds the initrd";
	if (efi_map_size && phys < efi_map + efi_map_size && end > efi_map)
		return "it holds the EFI memory map";
	/* The boot loader's setup_data, not reserved before setup_arch() */
	for (sd = boot_params.hdr.setup_data, i = 0; sd && i < 64; i++) {
		data = phys_to_virt(sd);
		if (phys < sd + sizeof(*data) + data->len && end > sd)
			return "it holds the boot loader's setup_data";
		sd = data->next;
	}
	for (i = 0; i < min_t(int, boot_params.e820_entries,
			      ARRAY_SIZE(boot_params.e820_table)); i++) {
		e = &boot_params.e820_table[i];
		if (e->type == E820_TYPE_RAM && phys >= e->addr &&
		    end <= e->addr + e->size)
			return NULL;
	}
	return "it is not RAM in the boot loader's memory map";
}

/*
 * init_mem_mapping() maps memblock's memory, and takes the direct map off
 * what e820 does not call RAM: a region memmap=$ made reserved is kept
 * mapped as the kernel's reserved RAM (as setup_data is).
 */
const char * __init arch_ftrace_early_region_map(phys_addr_t phys, u64 size)
{
	if (!e820__mapped_all(phys, phys + size, E820_TYPE_RAM)) {
		if (!e820__mapped_all(phys, phys + size, E820_TYPE_RESERVED))
			return "it is neither RAM nor reserved (memmap=$) in the memory map";
		e820__range_update(phys, size, E820_TYPE_RESERVED,
				   E820_TYPE_RESERVED_KERN);
		e820__update_table(e820_table);
		if (memblock_add(phys, size))
			return "memblock cannot take it";
	}
	if (memblock_reserve(phys, size))
		return "memblock cannot reserve it";
	return NULL;
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
 * NOPs over the test: __fentry__ is then what it is without the tracer,
 * and a NOP or two.  Only the boot CPU runs, with interrupts off, and no
 * fentry call site is in the middle of __fentry__'s test: either from
 * ftrace_early_record(), which __fentry__ jumped away to, or from
 * ftrace_init(), before the sites become NOPs.
 */
void __init arch_ftrace_early_unhook(void)
{
	u8 nops[16];
	unsigned int len = ftrace_early_hook_end - ftrace_early_hook;
	unsigned int done, n;

	if (WARN_ON_ONCE(len > sizeof(nops)))
		return;
	for (done = 0; done < len; done += n) {
		n = min_t(unsigned int, len - done, ASM_NOP_MAX);
		memcpy(nops + done, x86_nops[n], n);
	}
	text_poke_early(ftrace_early_hook, nops, len);
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
 * The TSC against the ACPI PM timer (3.579545 MHz, 24 bits), for when the
 * kernel's own early calibrations failed: they need the PIT, if only to
 * wait, and a busy host upsets it; the HPET is not mapped yet.
 */
#ifdef CONFIG_X86_PM_TIMER
/* Give up on a PM timer that stalls: 2^31 TSC ticks are 0.2 s at 10 GHz. */
#define FTRACE_EARLY_PM_GIVE_UP		BIT_ULL(31)
/* A reading that took longer than this (an SMI, a host stealing the CPU) */
#define FTRACE_EARLY_PM_SLOW_READ	100000

/*
 * The PM timer read between two TSC readings: @*tsc is their middle.
 * False if the read took too long for the TSC to say when it was made.
 */
static bool __init ftrace_early_pm_read(u32 *pm, u64 *tsc)
{
	u64 before = rdtsc_ordered(), after;

	*pm = acpi_pm_read_early();
	after = rdtsc_ordered();
	*tsc = before + (after - before) / 2;
	return after - before < FTRACE_EARLY_PM_SLOW_READ;
}

/*
 * One window of 10 ms: the TSC's frequency in kHz, 0 if the PM timer did
 * not run or a reading at either end was slow.
 */
static unsigned long __init ftrace_early_pm_window(void)
{
	const u32 window = PMTMR_TICKS_PER_SEC / 100;
	u32 start, end, elapsed;
	u64 tsc0, tsc1;
	bool fast;

	if (!ftrace_early_pm_read(&start, &tsc0))
		return 0;
	do {
		fast = ftrace_early_pm_read(&end, &tsc1);
		if (tsc1 - tsc0 > FTRACE_EARLY_PM_GIVE_UP)
			return 0;
		elapsed = (end - start) & ACPI_PM_MASK;
	} while (elapsed < window);
	if (!fast)
		return 0;
	return div_u64(mul_u64_u32_div(tsc1 - tsc0, PMTMR_TICKS_PER_SEC, elapsed),
		       MSEC_PER_SEC);
}

/*
 * The median of three windows, each within 100 MHz to 20 GHz (a PM timer
 * at the wrong rate, which the kernel finds out only later, gives
 * nonsense); 0 if there is no PM timer (ACPI off) or no window was good.
 * Interrupts are off.
 */
static unsigned long __init ftrace_early_pmtimer_khz(void)
{
	unsigned long khz[3], a, b, c;
	int i, good = 0;

	if (!pmtmr_ioport)
		return 0;
	for (i = 0; i < 3; i++) {
		khz[good] = ftrace_early_pm_window();
		if (khz[good] >= 100000 && khz[good] <= 20000000)
			good++;
	}
	if (good < 3)
		return good ? khz[0] : 0;
	a = khz[0];
	b = khz[1];
	c = khz[2];
	return max(min(a, b), min(max(a, b), c));
}
#else
static unsigned long __init ftrace_early_pmtimer_khz(void)
{
	return 0;
}
#endif

/*
 * The TSC's frequency when the entries are converted, at early_trace_init().
 * If tsc_early_init() could not find it (no CPUID or MSR value, the quick
 * PIT calibration upset by a busy host or no PIT), tsc_init() calibrates
 * only later, against the PIT, HPET or PM timer: try the early
 * calibration again, the TSC's own first, then the CPU's (the PIT), twice,
 * then against the PM timer alone.  Not on UV, whose TSC tsc_early_init()
 * leaves alone too.
 */
u32 __init arch_ftrace_early_counter_khz(void)
{
	unsigned long khz;
	int try;

	if (!boot_cpu_has(X86_FEATURE_TSC) || is_early_uv_system())
		return 0;
	if (tsc_khz)
		return tsc_khz;
	khz = x86_platform.calibrate_tsc();
	for (try = 0; try < 2 && !khz; try++)
		khz = x86_platform.calibrate_cpu();
	if (!khz) {
		khz = ftrace_early_pmtimer_khz();
		if (khz)
			pr_info("ftrace: very early: TSC at %lu.%03lu MHz against the PM timer, for the early entries\n",
				khz / 1000, khz % 1000);
	}
	return min_t(unsigned long, khz, U32_MAX);
}
