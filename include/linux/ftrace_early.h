/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Very early function tracing: the hooks the boot code calls, and what an
 * architecture provides.  See kernel/trace/ftrace_early.c and
 * Documentation/trace/ftrace-early.rst.
 */
#ifndef _LINUX_FTRACE_EARLY_H
#define _LINUX_FTRACE_EARLY_H

#include <linux/types.h>

struct trace_array;
struct trace_buffer;

#ifdef CONFIG_VERY_EARLY_FUNCTION_TRACER
#include <asm/ftrace_early.h>

/* The call sites of vmlinux (__mcount_loc), as ftrace_init() takes them */
extern unsigned long __start_mcount_loc[];
extern unsigned long __stop_mcount_loc[];

/* Tested by __fentry__: set while calls are recorded. */
extern u8 ftrace_early_active;
/* Set while very early entries wait for the boot tracer to start. */
extern bool ftrace_early_pending;

void ftrace_early_record(unsigned long ip, unsigned long parent_ip,
			 unsigned long *retp);
void __init ftrace_early_start(void);
unsigned long ftrace_early_graph_return(void);
unsigned long __ftrace_early_ret_addr(unsigned long ret, unsigned long *retp);
bool __init ftrace_early_graph_pending(void);
void __init ftrace_early_memblock_ready(void);
void __init ftrace_early_stop(void);
#ifdef CONFIG_BOOT_CONFIG
void __init ftrace_early_bootconfig(void);
#else
static inline void ftrace_early_bootconfig(void) { }
#endif
void ftrace_early_inject(struct trace_array *tr, u64 (*clock)(void));
void ftrace_early_buffer_reset(struct trace_buffer *buffer);
bool __init ftrace_early_holds_trace(struct trace_array *tr);
void ftrace_early_boot_options_applied(struct trace_array *tr);
void ftrace_early_dump(void);
void __init ftrace_early_dump_on_oops(void);

/*
 * The architecture provides a way for the call sites to call
 * ftrace_early_record() with the call site (as ftrace's dyn_ftrace.ip
 * has it), the return address and where it is, and the return hook
 * ftrace_early_return (<asm/ftrace_early.h>), which calls
 * ftrace_early_graph_return() with the return value kept and goes where
 * it says.  Either the call sites call a hook until ftrace_init() (x86's
 * __fentry__, which calls ftrace_early_record() while ftrace_early_active
 * is set), and the tracer arms itself at the call of start_kernel(); or
 * they are NOPs that arch_ftrace_early_patch() turns into calls
 * (CONFIG_HAVE_VERY_EARLY_FUNCTION_TRACER_PATCH, arm64), and the
 * architecture calls ftrace_early_start() at the first point it can write
 * its text, the command line known.  It also calls
 * ftrace_early_memblock_ready() from its setup code once memblock has the
 * memory and its reservations and the memory is mapped.
 *
 * arch_ftrace_early_counter() (<asm/ftrace_early.h>): a free-running
 *	counter, usable from the first recorded call on.
 * arch_ftrace_early_site() (<asm/ftrace_early.h>): the __mcount_loc
 *	entry of the call site ftrace_early_record() was given.
 * arch_ftrace_early_area(): a small area usable from the first recorded
 *	call on, for the filter and the first entries; sets *@size, and
 *	*@with_init if it goes when init memory is freed (else it is
 *	memblock-reserved memory, given back when the entries move out).
 * arch_ftrace_early_buffer_range(): where in physical memory the buffer
 *	may be taken from at ftrace_early_memblock_ready(): mapped at __va()
 *	from then on.
 * arch_ftrace_early_cmdline(): the command line the kernel will use, as
 *	it will be once the architecture has merged a built-in one.
 * arch_ftrace_early_arm(): called when the tracer arms.
 * arch_ftrace_early_patch(): with HAVE_VERY_EARLY_FUNCTION_TRACER_PATCH,
 *	make the call sites of @sites whose bit is set in @traced (all of
 *	them if @traced is NULL) call the tracer; NULL, or why it cannot.
 * arch_ftrace_early_unhook(): once the tracer is off for good (not asked
 *	for, or stopped by ftrace_init()), leave the call sites as ftrace_init()
 *	expects them, with nothing of the tracer left in their way, so that a
 *	kernel that does not trace early runs what it would without it.
 * arch_ftrace_early_counter_khz(): the counter's frequency, 0 if unknown.
 * arch_ftrace_early_counter_step(): how much the counter has been set back
 *	since arch_ftrace_early_arm() (firmware offsets the kernel undoes).
 * arch_ftrace_early_region_check(): whether ftrace_early_region= may be
 *	written from the first recorded call on: NULL, or why not (it holds
 *	the kernel, the initrd, or is not RAM).
 * arch_ftrace_early_region_map(): from ftrace_early_memblock_ready(): keep
 *	the region mapped once all of memory is, and reserved in memblock;
 *	NULL, or why it cannot be.
 */
void * __init arch_ftrace_early_area(size_t *size, bool *with_init);
void __init arch_ftrace_early_buffer_range(phys_addr_t *start,
					   phys_addr_t *end);
void __init arch_ftrace_early_cmdline(char *buf, size_t size);
void __init arch_ftrace_early_arm(void);
const char * __init arch_ftrace_early_patch(const unsigned long *sites,
					    unsigned int nr_sites,
					    const unsigned long *traced);
void __init arch_ftrace_early_unhook(void);
u32 __init arch_ftrace_early_counter_khz(void);
s64 __init arch_ftrace_early_counter_step(void);
const char * __init arch_ftrace_early_region_check(phys_addr_t phys, u64 size);
const char * __init arch_ftrace_early_region_map(phys_addr_t phys, u64 size);

/**
 * ftrace_early_ret_addr - the real return address of a stack slot
 * @ret: a return address found on the stack
 * @retp: where it was found
 *
 * For the unwinders, through ftrace_graph_ret_addr(): a call the very
 * early tracer hooked returns to ftrace_early_return until it returns.
 *
 * Return: the real return address if @retp is a slot the very early
 * tracer hooked, else @ret.
 */
static inline unsigned long ftrace_early_ret_addr(unsigned long ret,
						  unsigned long *retp)
{
	if (likely(ret != (unsigned long)ftrace_early_return))
		return ret;
	return __ftrace_early_ret_addr(ret, retp);
}
#else
#define ftrace_early_pending false
static inline unsigned long ftrace_early_ret_addr(unsigned long ret,
						  unsigned long *retp)
{
	return ret;
}

static inline bool ftrace_early_graph_pending(void)
{
	return false;
}

static inline void ftrace_early_memblock_ready(void) { }
static inline void ftrace_early_start(void) { }
static inline void ftrace_early_bootconfig(void) { }
static inline void ftrace_early_stop(void) { }
static inline void ftrace_early_inject(struct trace_array *tr,
				       u64 (*clock)(void)) { }
static inline void ftrace_early_buffer_reset(struct trace_buffer *buffer) { }
static inline bool ftrace_early_holds_trace(struct trace_array *tr)
{
	return false;
}

static inline void ftrace_early_boot_options_applied(struct trace_array *tr) { }
static inline void ftrace_early_dump(void) { }
static inline void ftrace_early_dump_on_oops(void) { }
#endif

#endif /* _LINUX_FTRACE_EARLY_H */
