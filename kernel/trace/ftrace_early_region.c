// SPDX-License-Identifier: GPL-2.0
/*
 * Very early function tracing: a region of RAM that keeps the very early
 * trace across a warm reset (ftrace_early_region=SIZE@ADDRESS), so that
 * the boot after a hang or a crash shows how the last one went.
 *
 * The region, kept from the allocator and from the decompressor's KASLR
 * choice by memmap=SIZE$ADDRESS, is read and written through the direct
 * map from the first call in start_kernel() on: until init_mem_mapping()
 * the early page fault handler maps it on first touch (at the direct
 * map's address of the moment: kernel_randomize_memory() moves it, so
 * the address is computed on every use), and it is added to memblock as
 * reserved memory so that init_mem_mapping() maps it too.
 *
 * It holds a header and two slots.  Each boot records its entries in a
 * slot, the one the boot before last used, and keeps the other, the last
 * boot's, intact; the slot's header says which boot of the region it was,
 * the build ID of the kernel, and how the recording ended (completed at
 * ftrace_init(), a panic, an early exception, or nothing recorded: a hang
 * or a reset).  After the boot, the last boot's trace is written to the
 * trace instance "early_previous", its entries named by this kernel if it
 * is the same build (KASLR moves the text, but entries are kept as
 * offsets from _text), as the idle task on the boot CPU that recorded
 * them, in the context they were recorded in.  Nothing in a region is
 * trusted: a header or slot that does not check out is reported and the
 * region set up afresh.
 *
 * A boot with ftrace_early_region= but not ftrace=function only reads the
 * region: at ftrace_early_memblock_ready(), once memblock says nothing
 * else has the memory, it keeps the region reserved, shows the last trace
 * there in early_previous, and writes nothing, so that the trace stays for
 * the boots after it until one records again.
 */

#define pr_fmt(fmt) "ftrace: very early: " fmt

#include <linux/buildid.h>
#include <linux/cpumask.h>
#include <linux/ftrace_early.h>
#include <linux/init.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/memblock.h>
#include <linux/pfn.h>
#include <linux/ring_buffer.h>
#include <linux/sizes.h>
#include <linux/string.h>
#include <linux/trace.h>
#include <linux/trace_clock.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include <asm/sections.h>

#include "trace.h"
#include "ftrace_early_internal.h"

#define FTRACE_EARLY_REGION_MAGIC	0x4e4f494745524546ULL	/* "FEREGION" */
#define FTRACE_EARLY_SLOT_MAGIC		0x544f4c5359524146ULL	/* "FARYSLOT" */
#define FTRACE_EARLY_REGION_VERSION	2
/* The region's header takes the first page; the slots share the rest */
#define FTRACE_EARLY_REGION_HDR		SZ_4K
#define FTRACE_EARLY_REGION_MIN		SZ_64K
#define FTRACE_EARLY_REGION_MAX		SZ_1G
/* The most entries of the last boot written to early_previous (192 MiB) */
#define FTRACE_EARLY_PREV_MAX		(SZ_4M)

/* At the region's start; @sum covers the fields before it. */
struct ftrace_early_region_hdr {
	u64 magic;
	u32 version;
	u32 slot_size;			/* bytes of each slot */
	u64 size;			/* of the region */
	u64 boots;			/* boots that recorded here */
	u64 sum;
};

enum ftrace_early_slot_state {
	FTRACE_EARLY_SLOT_RECORDING,	/* and nothing after: a hang, a reset */
	FTRACE_EARLY_SLOT_COMPLETED,	/* ftrace_init() stopped it */
	FTRACE_EARLY_SLOT_PANICKED,
	FTRACE_EARLY_SLOT_HALTED,	/* an early exception */
	FTRACE_EARLY_SLOT_DROPPED,	/* not kept at memblock time */
	FTRACE_EARLY_SLOT_NR_STATES,
};

#define FTRACE_EARLY_SLOT_GRAPH		BIT(0)

/*
 * At a slot's start, the entries after it.  @sum covers the fields
 * before it, which do not change while the boot records; the others do.
 */
struct ftrace_early_slot {
	u64 magic;
	u64 boot;			/* of the region's boots */
	u8 build_id[BUILD_ID_SIZE_MAX];
	u32 flags;
	u32 max;			/* room for entries */
	u32 trace_ctx;			/* the context of the calls */
	u64 sum;
	/* As the boot goes */
	u32 state;
	u32 nr;				/* entries recorded */
	u32 ring_at;			/* function: the tail ring from here */
	u32 pad;
	u64 ring_over;			/* calls the tail ring overwrote */
	u32 khz;			/* the counter's frequency; 0: unknown */
	u32 ordered;			/* the tail ring undone: in call order */
	struct ftrace_early_entry e[];
};

static const char * const ftrace_early_slot_ends[] __initconst = {
	[FTRACE_EARLY_SLOT_RECORDING] = "stopped with no end recorded (a hang, or a reset)",
	[FTRACE_EARLY_SLOT_COMPLETED] = "completed: ftrace_init() stopped the recording",
	[FTRACE_EARLY_SLOT_PANICKED] = "panicked",
	[FTRACE_EARLY_SLOT_HALTED] = "halted on an early exception",
	[FTRACE_EARLY_SLOT_DROPPED] =
		"stopped recording there at memblock time (the region could not be kept)",
};

/* What the region gave this boot, and what it kept of the last one */
static struct {
	phys_addr_t phys;
	u64 size;
	phys_addr_t slot;		/* this boot's slot */
	phys_addr_t prev;		/* the last boot's, 0 if none */
	u64 boot;
	u64 overwritten;		/* the boot whose trace this one replaces */
	bool garbage;
	u32 old_version;		/* of a region in another format */
	const char *bad;		/* why the region is not used */
	bool armed;			/* this boot records in it */
	bool reading;			/* this boot only reads it */
} rgn __initdata;

static u8 ftrace_early_build_id[BUILD_ID_SIZE_MAX] __initdata;

/* FNV-1a over @len bytes */
static u64 __init ftrace_early_region_sum(const void *p, size_t len)
{
	const u8 *b = p;
	u64 h = 0xcbf29ce484222325ULL;

	while (len--) {
		h ^= *b++;
		h *= 0x100000001b3ULL;
	}
	return h;
}

static struct ftrace_early_slot *__init ftrace_early_slot_at(phys_addr_t phys)
{
	return phys_to_virt(phys);
}

/*
 * Whether @s is a slot this code wrote for a region with slots of
 * @slot_size bytes; its entries are checked when they are read.
 */
static bool __init ftrace_early_slot_valid(const struct ftrace_early_slot *s,
					   u32 slot_size)
{
	if (s->magic != FTRACE_EARLY_SLOT_MAGIC ||
	    s->sum != ftrace_early_region_sum(s, offsetof(struct ftrace_early_slot, sum)))
		return false;
	if ((u64)s->max * sizeof(s->e[0]) + sizeof(*s) > slot_size ||
	    s->nr > s->max || s->ring_at > s->max ||
	    s->state >= FTRACE_EARLY_SLOT_NR_STATES)
		return false;
	return true;
}

/* "SIZE@ADDRESS": NULL, or why it is not a region */
static const char *__init ftrace_early_region_parse(char *arg, phys_addr_t *phys,
						    u64 *size)
{
	char *end;

	*size = memparse(arg, &end);
	if (*end != '@')
		return "not SIZE@ADDRESS";
	*phys = memparse(end + 1, &end);
	if (*end)
		return "not SIZE@ADDRESS";
	if (*size < FTRACE_EARLY_REGION_MIN || *size > FTRACE_EARLY_REGION_MAX ||
	    !PAGE_ALIGNED(*phys) || !PAGE_ALIGNED(*size) || *phys + *size < *phys)
		return "the size must be 64K to 1G, size and address page-aligned";
	return NULL;
}

/*
 * The slots of the region at @phys of @size bytes: their physical
 * addresses in @slot_phys and whether each holds a boot's entries in
 * @valid.  Return: false if the header does not check out (a region
 * never used, or garbage); else true and @boots set to the boots it
 * counts.
 */
static bool __init ftrace_early_region_slots(phys_addr_t phys, u64 size,
					     phys_addr_t *slot_phys, int *valid,
					     u64 *boots)
{
	struct ftrace_early_region_hdr *h = phys_to_virt(phys);
	u64 slot_size = (size - FTRACE_EARLY_REGION_HDR) / 2;
	struct ftrace_early_slot *s;
	int i;

	/* Physical addresses by arithmetic: virt_to_phys() checks need setup_arch() */
	slot_phys[0] = phys + FTRACE_EARLY_REGION_HDR;
	slot_phys[1] = slot_phys[0] + slot_size;
	valid[0] = 0;
	valid[1] = 0;
	if (h->magic != FTRACE_EARLY_REGION_MAGIC ||
	    h->version != FTRACE_EARLY_REGION_VERSION || h->size != size ||
	    h->slot_size != slot_size ||
	    h->sum != ftrace_early_region_sum(h, offsetof(typeof(*h), sum)))
		return false;
	for (i = 0; i < 2; i++) {
		s = ftrace_early_slot_at(slot_phys[i]);
		valid[i] = ftrace_early_slot_valid(s, slot_size) &&
			   s->boot && s->boot <= h->boots;
	}
	*boots = h->boots;
	return true;
}

/*
 * Of two slots, the one with the last boot's entries, or the valid one:
 * slot 1 if both have the same boot (only a region made by hand can).
 */
static int __init ftrace_early_region_last(const phys_addr_t *slot_phys,
					   const int *valid)
{
	if (valid[0] && valid[1])
		return ftrace_early_slot_at(slot_phys[1])->boot >=
		       ftrace_early_slot_at(slot_phys[0])->boot;
	return valid[1];
}

/**
 * ftrace_early_region_open - take a slot of the region for this boot
 * @arg: "SIZE@ADDRESS", from ftrace_early_region=
 * @graph: the entries are the function graph's
 * @max: set to the room for entries
 *
 * From the tracer's arming, at the first call in start_kernel().
 *
 * Return: the slot's entries, or NULL if the region cannot be used
 * (ftrace_early_region_report() says why).
 */
struct ftrace_early_entry * __init ftrace_early_region_open(char *arg, bool graph,
							    unsigned int *max)
{
	struct ftrace_early_region_hdr *h;
	struct ftrace_early_slot *cur;
	phys_addr_t phys, slot_phys[2];
	u64 size, slot_size, boots;
	int valid[2], c;

	rgn.bad = ftrace_early_region_parse(arg, &phys, &size);
	if (rgn.bad)
		return NULL;
	rgn.bad = arch_ftrace_early_region_check(phys, size);
	if (rgn.bad)
		return NULL;
	rgn.phys = phys;
	rgn.size = size;
	build_id_parse_buf(&__start_notes, ftrace_early_build_id,
			   &__stop_notes - &__start_notes);

	slot_size = (size - FTRACE_EARLY_REGION_HDR) / 2;
	h = phys_to_virt(phys);
	if (ftrace_early_region_slots(phys, size, slot_phys, valid, &boots)) {
		/* The last boot's slot is kept; this one takes the other. */
		c = valid[0] || valid[1] ? !ftrace_early_region_last(slot_phys, valid) : 0;
		if (valid[!c])
			rgn.prev = slot_phys[!c];
		if (valid[c])
			rgn.overwritten = ftrace_early_slot_at(slot_phys[c])->boot;
	} else {
		c = 0;
		boots = 0;
		/* Zeroes: never used.  Anything else: garbage, or another format. */
		rgn.garbage = !!memchr_inv(h, 0, sizeof(*h));
		if (h->magic == FTRACE_EARLY_REGION_MAGIC &&
		    h->version != FTRACE_EARLY_REGION_VERSION)
			rgn.old_version = h->version;
	}

	h->magic = FTRACE_EARLY_REGION_MAGIC;
	h->version = FTRACE_EARLY_REGION_VERSION;
	h->slot_size = slot_size;
	h->size = size;
	h->boots = ++boots;
	h->sum = ftrace_early_region_sum(h, offsetof(typeof(*h), sum));

	cur = ftrace_early_slot_at(slot_phys[c]);
	memset(cur, 0, sizeof(*cur));
	cur->magic = FTRACE_EARLY_SLOT_MAGIC;
	cur->boot = boots;
	memcpy(cur->build_id, ftrace_early_build_id, sizeof(cur->build_id));
	cur->flags = graph ? FTRACE_EARLY_SLOT_GRAPH : 0;
	cur->max = (slot_size - sizeof(*cur)) / sizeof(cur->e[0]);
	/* The idle task's, at start_kernel(): interrupts off, as every call until ftrace_init() */
	cur->trace_ctx = tracing_gen_ctx();
	cur->sum = ftrace_early_region_sum(cur, offsetof(typeof(*cur), sum));
	cur->state = FTRACE_EARLY_SLOT_RECORDING;
	rgn.slot = slot_phys[c];
	rgn.boot = boots;
	rgn.armed = true;
	*max = cur->max;
	return cur->e;
}

/**
 * ftrace_early_region_boot - this boot's number in ftrace_early_region=
 *
 * Return: the number, from 1; 0 without a region.
 */
u64 __init ftrace_early_region_boot(void)
{
	return rgn.armed ? rgn.boot : 0;
}

/**
 * ftrace_early_region_entries - where this boot's entries are now
 *
 * Through the direct map, which kernel_randomize_memory() moves during
 * setup_arch(): read again on every use.
 *
 * Return: the entries of this boot's slot.
 */
struct ftrace_early_entry * __init ftrace_early_region_entries(void)
{
	return ftrace_early_slot_at(rgn.slot)->e;
}

/**
 * ftrace_early_region_sync - note in the region how far the recording got
 * @nr: entries recorded
 * @ring_at: function: where the tail ring starts
 * @ring_over: calls the tail ring overwrote
 * @ordered: the ring is undone: the entries are in the order of the calls
 */
void __init ftrace_early_region_sync(unsigned int nr, unsigned int ring_at,
				     unsigned long ring_over, bool ordered)
{
	struct ftrace_early_slot *s = ftrace_early_slot_at(rgn.slot);

	s->ring_at = ring_at;
	s->ring_over = ring_over;
	s->ordered = ordered;
	/* The count last: entries below it are whole. */
	barrier();
	s->nr = nr;
}

/* The fields of the sum that ftrace_early_region_sync() may change */
static void __init ftrace_early_region_resum(struct ftrace_early_slot *s)
{
	s->sum = ftrace_early_region_sum(s, offsetof(typeof(*s), sum));
}

/**
 * ftrace_early_region_end - the recording of this boot ends
 * @how: FTRACE_EARLY_REGION_COMPLETED, _PANICKED or _HALTED
 * @khz: the counter's frequency if known, else 0
 */
void __init ftrace_early_region_end(int how, u32 khz)
{
	struct ftrace_early_slot *s;

	if (!rgn.armed)
		return;
	s = ftrace_early_slot_at(rgn.slot);
	if (s->state == FTRACE_EARLY_SLOT_RECORDING)
		s->state = how;
	if (khz)
		s->khz = khz;
	ftrace_early_region_resum(s);
}

/*
 * At memblock time: whether the region can be kept, mapped and reserved
 * from now on.  NULL, or why not; @theirs set if memblock has reserved
 * some of it for something else.
 */
static const char *__init ftrace_early_region_keep(phys_addr_t phys, u64 size,
						   bool *theirs)
{
	*theirs = false;
	if (phys + size > PFN_PHYS(max_pfn))
		return "beyond the end of RAM, which the direct map ends at";
	if (memblock_is_region_reserved(phys, size)) {
		*theirs = true;
		return "memblock has reserved memory in it";
	}
	if (memblock_is_region_memory(phys, size))
		pr_warn("ftrace_early_region: memmap=%lluK$0x%llx should keep it: the kernel may have been decompressed over it\n",
			size >> 10, (u64)phys);
	return arch_ftrace_early_region_map(phys, size);
}

/**
 * ftrace_early_region_memblock - keep the region mapped and reserved
 *
 * From ftrace_early_memblock_ready(), before the architecture maps all of
 * memory: the architecture has the region mapped with the rest and
 * reserved.  memmap=SIZE$ADDRESS keeps it from memblock; without it, the
 * region is reserved for this boot, if nothing else has it.
 *
 * Return: false if the region cannot stay: the entries must move.
 */
bool __init ftrace_early_region_memblock(void)
{
	struct ftrace_early_slot *s;
	bool theirs;

	if (!rgn.armed)
		return true;
	rgn.bad = ftrace_early_region_keep(rgn.phys, rgn.size, &theirs);
	if (!rgn.bad)
		return true;
	/*
	 * The slot says so, so that the next boot does not take it for a
	 * hang, unless something else has the memory now.  Nothing is
	 * noted in it from now on (the caller moves the entries out), and
	 * neither slot is read again: it is not mapped or not reserved.
	 */
	if (!theirs) {
		s = ftrace_early_slot_at(rgn.slot);
		s->state = FTRACE_EARLY_SLOT_DROPPED;
	}
	rgn.armed = false;
	rgn.prev = 0;
	return false;
}

/**
 * ftrace_early_region_read - read the region without recording in it
 * @arg: ftrace_early_region='s value
 *
 * From ftrace_early_memblock_ready() when the command line has
 * ftrace_early_region= but does not ask for the very early tracer: once
 * memblock says nothing else has it, the region is kept reserved and
 * mapped for this boot and its last trace shown at late_initcall.
 * Nothing is written to it.
 */
void __init ftrace_early_region_read(char *arg)
{
	phys_addr_t phys, slot_phys[2];
	int valid[2], last;
	u64 size, boots;
	bool theirs;

	/* Tried for recording: ftrace_early_region_report() says how it went */
	if (rgn.armed || rgn.bad)
		return;
	rgn.bad = ftrace_early_region_parse(arg, &phys, &size);
	/* What the architecture refuses to write, it refuses to read */
	if (!rgn.bad)
		rgn.bad = arch_ftrace_early_region_check(phys, size);
	if (!rgn.bad)
		rgn.bad = ftrace_early_region_keep(phys, size, &theirs);
	if (rgn.bad) {
		pr_warn("ftrace_early_region=%s: %s: the last very early trace is not read\n",
			arg, rgn.bad);
		return;
	}
	rgn.phys = phys;
	rgn.size = size;
	build_id_parse_buf(&__start_notes, ftrace_early_build_id,
			   &__stop_notes - &__start_notes);
	if (!ftrace_early_region_slots(phys, size, slot_phys, valid, &boots)) {
		pr_info("ftrace_early_region=%s holds no very early trace: nothing to show\n",
			arg);
		return;
	}
	last = ftrace_early_region_last(slot_phys, valid);
	if (!valid[last]) {
		pr_info("ftrace_early_region=%s holds no boot's very early trace: nothing to show\n",
			arg);
		return;
	}
	rgn.prev = slot_phys[last];
	rgn.reading = true;
	pr_info("ftrace_early_region=%s: read, not written: this boot records nothing there\n",
		arg);
}

/**
 * ftrace_early_region_report - say what the region is used for
 * @arg: ftrace_early_region='s value
 */
void __init ftrace_early_region_report(const char *arg)
{
	if (rgn.bad) {
		pr_warn("ftrace_early_region=%s: %s: the very early trace is not kept\n",
			arg, rgn.bad);
		return;
	}
	if (rgn.old_version)
		pr_warn("ftrace_early_region=%s holds a very early trace in format %u, which this kernel does not read (%u): set up afresh\n",
			arg, rgn.old_version, FTRACE_EARLY_REGION_VERSION);
	else if (rgn.garbage)
		pr_warn("ftrace_early_region=%s holds no very early trace (garbage): ignored and set up afresh\n",
			arg);
	pr_info("ftrace_early_region=%s: boot %llu of the region records in its slot %d%s\n",
		arg, rgn.boot,
		rgn.slot == rgn.phys + FTRACE_EARLY_REGION_HDR ? 0 : 1,
		rgn.prev ? ", the last boot's trace kept in the other" : "");
	if (rgn.overwritten)
		pr_info("ftrace_early_region: the trace of boot %llu, the one before the last, is overwritten\n",
			rgn.overwritten);
}

/* The last boot's entries in the order of their calls, the ring undone */
static unsigned int __init ftrace_early_prev_index(const struct ftrace_early_slot *s,
						   unsigned int i)
{
	unsigned int len = s->max - s->ring_at;

	if (s->flags & FTRACE_EARLY_SLOT_GRAPH || s->ordered || !s->ring_over ||
	    i < s->ring_at || !len)
		return i;
	return s->ring_at + (s->ring_over % len + i - s->ring_at) % len;
}

/* What ftrace_early_prev_write() writes, and how it went */
struct ftrace_early_prev {
	struct trace_array *tr;
	const struct ftrace_early_slot *s;
	const struct ftrace_early_timebase *tb;
	struct ftrace_early_entry *ordered;
	bool whole;
};

/*
 * Write the last boot's entries to @p->tr, as the idle task that recorded
 * them on the boot CPU, in the context of the calls; @p->whole is false
 * if a bad one stopped it.  On the CPU whose buffer takes them.
 */
static long __init ftrace_early_prev_write(void *arg)
{
	struct ftrace_early_prev *p = arg;
	const struct ftrace_early_slot *s = p->s;
	struct trace_buffer *buffer = p->tr->array_buffer.buffer;
	struct ftrace_early_entry *ordered = p->ordered;
	const struct ftrace_early_timebase *tb = p->tb;
	unsigned long limit = _end - _text;
	/* Nothing in the region is trusted: the flags and counts alone */
	unsigned int trace_ctx = s->trace_ctx & 0x00ff00ff, i;
	struct ftrace_early_graph_writer w = {
		.buffer = buffer, .tb = tb, .trace_ctx = trace_ctx,
	};
	struct ftrace_early_log log = { .e = ordered, .nr = s->nr, .max = s->nr };

	p->whole = false;
	for (i = 0; i < s->nr; i++) {
		ordered[i] = s->e[ftrace_early_prev_index(s, i)];
		if (ordered[i].ip >= limit ||
		    (!(s->flags & FTRACE_EARLY_SLOT_GRAPH) &&
		     ordered[i].parent != FTRACE_EARLY_NO_PARENT &&
		     ordered[i].parent >= limit)) {
			pr_warn("early_previous: entry %u of the last boot's trace is not in this kernel's text: the rest is ignored\n",
				i);
			log.nr = i;
			break;
		}
	}
	ftrace_early_write_as_idle(true);
	ftrace_early_note(buffer, tb, s->nr ? s->e[0].counter : 0, trace_ctx,
			  "very early function tracer: the trace of boot %llu of ftrace_early_region=, build ID %*phN, which %s%s\n",
			  s->boot, BUILD_ID_SIZE_MAX, s->build_id,
			  ftrace_early_slot_ends[s->state],
			  s->khz ? "" : "; times estimated at this boot's counter frequency");
	if (s->flags & FTRACE_EARLY_SLOT_GRAPH) {
		p->whole = ftrace_early_graph_write(&w, &log, log.nr) == log.nr &&
			   log.nr == s->nr;
		goto out;
	}
	for (i = 0; i < log.nr; i++) {
		if (i == s->ring_at && s->ring_over)
			ftrace_early_note(buffer, tb, ordered[i].counter, trace_ctx,
					  "very early function tracer: %llu calls not recorded here (the region's slot was full)\n",
					  s->ring_over);
		if (!ftrace_early_write_fn(buffer, tb, &ordered[i], trace_ctx))
			goto out;
	}
	p->whole = log.nr == s->nr;
out:
	ftrace_early_write_as_idle(false);
	return 0;
}

/*
 * The last boot's trace, to the instance "early_previous": its entries
 * named by this kernel, their times from that boot's counter zero.
 */
static int __init ftrace_early_region_show_previous(void)
{
	const struct ftrace_early_slot *s;
	struct ftrace_early_timebase tb = { };
	struct ftrace_early_prev p = { .tb = &tb };
	u64 counter_now = 0;
	unsigned int i;
	/* The boot CPU, which recorded them */
	int cpu = 0;
	u32 khz;

	if (!rgn.prev || !(rgn.armed || rgn.reading))
		return 0;
	s = ftrace_early_slot_at(rgn.prev);
	/* Checked at start_kernel(); what the sum does not cover, again */
	if (!ftrace_early_slot_valid(s, (rgn.size - FTRACE_EARLY_REGION_HDR) / 2))
		return 0;
	if (s->nr > FTRACE_EARLY_PREV_MAX) {
		pr_warn("early_previous: the last boot's trace has %u entries, more than the %u shown: not shown\n",
			s->nr, FTRACE_EARLY_PREV_MAX);
		return 0;
	}
	if (memcmp(s->build_id, ftrace_early_build_id, sizeof(s->build_id))) {
		pr_warn("early_previous: the last boot's trace (boot %llu) was recorded by another kernel build (build ID %*phN, this one %*phN): not shown\n",
			s->boot, BUILD_ID_SIZE_MAX, s->build_id,
			BUILD_ID_SIZE_MAX, ftrace_early_build_id);
		return 0;
	}
	p.s = s;
	p.ordered = vmalloc(array_size(s->nr ?: 1, sizeof(*p.ordered)));
	if (!p.ordered)
		return 0;
	if (!cpu_online(cpu))
		cpu = raw_smp_processor_id();
	/* A function event takes 32 bytes with its header, a graph one 48 */
	p.tr = ftrace_early_instance_get("early_previous", (unsigned long)s->nr * 48,
					 cpu);
	if (!p.tr)
		goto out;
	khz = s->khz ?: arch_ftrace_early_counter_khz();
	/*
	 * Times from the counter's zero, converted from the latest reading;
	 * without a frequency, 1 ns to s->nr ns.
	 */
	for (i = 0; i < s->nr; i++)
		counter_now = max(counter_now, s->e[i].counter);
	ftrace_early_timebase_init(&tb, counter_now,
				   khz ? ftrace_early_ticks_to_ns(counter_now, khz) :
				   s->nr, khz);
	ftrace_early_stamp_start(&tb, s->nr);
	ring_buffer_change_overwrite(p.tr->array_buffer.buffer, 0);
	ring_buffer_set_clock(p.tr->array_buffer.buffer, ftrace_early_entry_clock);
	if (work_on_cpu_safe(cpu, ftrace_early_prev_write, &p) < 0)
		p.whole = false;
	/* A record of the last boot: nothing else goes in. */
	ftrace_early_instance_done(p.tr);
	pr_info("early_previous: the last boot's very early trace (boot %llu, %u entries%s), which %s: in instances/early_previous\n",
		s->boot, s->nr, p.whole ? "" : ", not all written",
		ftrace_early_slot_ends[s->state]);
out:
	vfree(p.ordered);
	return 0;
}
late_initcall(ftrace_early_region_show_previous);
