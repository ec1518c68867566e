// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/kallmodsyms: every kallsyms symbol with its size and the built-in
 * module(s) it belongs to, from the tables scripts/kallmodsyms_gen writes
 * at link time (layout: kernel/kallmodsyms_internal.h).
 *
 * The walk is /proc/kallsyms' own (kallsyms_walk_open()); the module and
 * size look-ups keep cursors in the walk's private data and advance with
 * it, so a full read costs about what a read of /proc/kallsyms costs.
 */
#define pr_fmt(fmt) "kallmodsyms: " fmt

#include <linux/init.h>
#include <linux/kallmodsyms.h>
#include <linux/kallsyms.h>
#include <linux/proc_fs.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <asm/sections.h>

#include "kallmodsyms_internal.h"
#include "kallsyms_internal.h"

/* Where a walk of one space's range records stands. */
struct range_cursor {
	int space;		/* -1: not positioned */
	u32 index;		/* record number */
	u32 start;		/* its start offset */
	u32 end;		/* the next record's start, or U32_MAX */
	u32 next_pos;		/* stream offset of the next record */
	u32 ref;
};

/* Where a walk of the size table stands. */
struct size_cursor {
	u32 esc_sym;		/* escapes of symbols below this are consumed */
	u32 esc_pos;		/* ...up to this offset in the escape stream */
	u32 gap_sym;		/* first symbol past the current address group */
	unsigned long gap_addr;	/* address of the current address group */
	unsigned long gap;	/* distance to the next address */
};

/* The size table must describe this kernel's kallsyms tables. */
static bool sizes_ok(void)
{
	return kallsyms_size_num_syms == kallsyms_num_syms;
}

static u64 get_varint(const u8 *p, u32 *pos)
{
	u64 v = 0;
	unsigned int shift = 0;
	u8 b;

	do {
		b = p[(*pos)++];
		v |= (u64)(b & 0x7f) << shift;
		shift += 7;
	} while ((b & 0x80) && shift < 64);
	return v;
}

static int space_of(unsigned long addr, u32 *off)
{
	unsigned long base = (unsigned long)_text;

	if (addr >= base) {
		if (addr - base > U32_MAX)
			return -1;
		*off = addr - base;
		return KALLMODSYMS_SPACE_KERNEL;
	}
	if (addr > U32_MAX)
		return -1;
	*off = addr;
	return KALLMODSYMS_SPACE_PERCPU;
}

/* Read record @c->index + 1 into @c; false if there is none. */
static bool range_step(struct range_cursor *c)
{
	const struct kallsyms_module_space *sp = &kallsyms_module_spaces[c->space];
	u32 pos = c->next_pos;

	if (c->index + 1 >= sp->nr_ranges)
		return false;
	c->index++;
	if (c->index % KALLMODSYMS_RANGE_BLOCK == 0) {
		c->start = sp->index[c->index / KALLMODSYMS_RANGE_BLOCK].start;
		pos = sp->index[c->index / KALLMODSYMS_RANGE_BLOCK].pos;
	} else {
		c->start += get_varint(sp->stream, &pos);
	}
	c->ref = get_varint(sp->stream, &pos);
	c->next_pos = pos;
	return true;
}

/* The start of the record after the current one, without moving. */
static u32 range_peek_end(const struct range_cursor *c)
{
	const struct kallsyms_module_space *sp = &kallsyms_module_spaces[c->space];
	u32 next = c->index + 1, pos = c->next_pos;

	if (next >= sp->nr_ranges)
		return U32_MAX;
	if (next % KALLMODSYMS_RANGE_BLOCK == 0)
		return sp->index[next / KALLMODSYMS_RANGE_BLOCK].start;
	return c->start + get_varint(sp->stream, &pos);
}

/* Position @c on the block that holds @off, by binary search. */
static bool range_seek(struct range_cursor *c, int space, u32 off)
{
	const struct kallsyms_module_space *sp = &kallsyms_module_spaces[space];
	u32 lo = 0, hi = sp->nr_blocks;

	if (!hi || off < sp->index[0].start)
		return false;
	while (hi - lo > 1) {
		u32 mid = lo + (hi - lo) / 2;

		if (sp->index[mid].start <= off)
			lo = mid;
		else
			hi = mid;
	}
	c->space = space;
	c->index = lo * KALLMODSYMS_RANGE_BLOCK;
	c->start = sp->index[lo].start;
	c->next_pos = sp->index[lo].pos;
	c->ref = get_varint(sp->stream, &c->next_pos);
	c->end = range_peek_end(c);
	return true;
}

/*
 * The module ref of @addr: amortised O(1) for non-decreasing addresses,
 * O(log n) for a jump.
 */
static u32 range_lookup(struct range_cursor *c, unsigned long addr)
{
	const struct kallsyms_module_space *sp;
	u32 off, next_block;
	int space = space_of(addr, &off);

	if (space < 0)
		return 0;
	sp = &kallsyms_module_spaces[space];
	next_block = c->index / KALLMODSYMS_RANGE_BLOCK + 1;
	/* A jump backwards, to another space or past the next block: search. */
	if (c->space != space || off < c->start ||
	    (next_block < sp->nr_blocks && off >= sp->index[next_block].start)) {
		if (!range_seek(c, space, off)) {
			c->space = -1;
			return 0;
		}
	}
	while (off >= c->end && range_step(c))
		c->end = range_peek_end(c);
	return c->ref;
}

static const char *ref_name(u32 ref, unsigned int n)
{
	if (!ref)
		return NULL;
	if (ref & 1)
		return n ? NULL : &kallsyms_module_names[ref >> 1];
	if (n >= kallsyms_module_lists[ref >> 1])
		return NULL;
	return &kallsyms_module_names[kallsyms_module_lists[(ref >> 1) + 1 + n]];
}

/**
 * kallmodsyms_module_name - name a built-in module that an address belongs to
 * @addr: a kernel address
 * @n: which of its modules, from 0 (an object may be linked into several)
 *
 * Return: the name of the @n-th built-in module of @addr, sorted by name, or
 * %NULL if it has fewer.  Loadable modules are not covered: see
 * module_address_lookup() for those.
 */
const char *kallmodsyms_module_name(unsigned long addr, unsigned int n)
{
	struct range_cursor c = { .space = -1 };

	return ref_name(range_lookup(&c, addr), n);
}

static unsigned int size_code(u32 sym)
{
	return (kallsyms_size_codes[sym / 16] >> (sym % 16 * 4)) & 0xf;
}

/* The size of symbol @sym at @addr: amortised O(1) in a forward walk. */
static unsigned long size_lookup(struct size_cursor *c, u32 sym,
				 unsigned long addr)
{
	unsigned int code = size_code(sym);
	u64 v = 0;

	if (sym >= c->gap_sym || addr != c->gap_addr) {
		u32 j = sym + 1;

		while (j < kallsyms_num_syms && kallsyms_sym_address(j) == addr)
			j++;
		c->gap_sym = j;
		c->gap_addr = addr;
		c->gap = j < kallsyms_num_syms ? kallsyms_sym_address(j) - addr : 0;
	}
	if (code < KALLMODSYMS_SIZE_ZERO)
		return c->gap - code;
	if (code == KALLMODSYMS_SIZE_ZERO)
		return 0;

	if (sym < c->esc_sym ||
	    sym / KALLMODSYMS_SIZE_BLOCK != c->esc_sym / KALLMODSYMS_SIZE_BLOCK) {
		c->esc_sym = sym - sym % KALLMODSYMS_SIZE_BLOCK;
		c->esc_pos = kallsyms_size_index[sym / KALLMODSYMS_SIZE_BLOCK];
	}
	for (; c->esc_sym <= sym; c->esc_sym++) {
		if (size_code(c->esc_sym) != KALLMODSYMS_SIZE_ESCAPE)
			continue;
		v = get_varint(kallsyms_size_escapes, &c->esc_pos);
	}
	if (v & 1)
		return v >> 1;
	return c->gap - (KALLMODSYMS_SIZE_ZERO + (v >> 1));
}

#if IS_ENABLED(CONFIG_KALLMODSYMS_KUNIT_TEST)
/**
 * kallmodsyms_symbol_size - the ELF size of a kallsyms symbol, for KUnit
 * @sym: its index in the kallsyms tables
 * @size: where to store the size
 *
 * The size look-up of /proc/kallmodsyms, on one symbol.
 *
 * Return: 0, or -ENOENT if there is no such symbol or the size table does
 * not describe this kernel's kallsyms tables.
 */
int kallmodsyms_symbol_size(unsigned int sym, unsigned long *size)
{
	struct size_cursor c = { .gap_sym = 0, .esc_sym = U32_MAX };

	if (!sizes_ok() || sym >= kallsyms_num_syms)
		return -ENOENT;
	*size = size_lookup(&c, sym, kallsyms_sym_address(sym));
	return 0;
}
#endif

/* What a read of /proc/kallmodsyms keeps between symbols */
struct kallmodsyms_cursors {
	struct range_cursor range;
	struct size_cursor size;
};

/* "<address> <size> <type> <name>", without a format string to parse. */
static void show_symbol(struct seq_file *m, unsigned long value,
			unsigned long size, char type, const char *name)
{
	seq_put_hex_ll(m, NULL, value, 2 * sizeof(void *));
	seq_put_hex_ll(m, " ", size, 1);
	seq_putc(m, ' ');
	seq_putc(m, type);
	seq_putc(m, ' ');
	seq_puts(m, name);
}

static int kallmodsyms_show(struct seq_file *m,
			    const struct kallsyms_walk_sym *sym, void *priv)
{
	struct kallmodsyms_cursors *c = priv;
	unsigned long value = sym->show_value ? sym->value : 0;
	unsigned long size = 0, offset;
	const char *mod;
	unsigned int n;
	u32 ref;

	if (sym->module_name) {
		if (sym->show_value &&
		    !kallsyms_lookup_size_offset(sym->value, &size, &offset))
			size = 0;
		show_symbol(m, value, size, sym->type, sym->name);
		seq_puts(m, "\t[");
		seq_puts(m, sym->module_name);
		seq_puts(m, "]\n");
		return 0;
	}

	if (sym->show_value && sizes_ok())
		size = size_lookup(&c->size, sym->index, sym->value);
	show_symbol(m, value, size, sym->type, sym->name);

	ref = range_lookup(&c->range, sym->value);
	for (n = 0; (mod = ref_name(ref, n)); n++) {
		seq_puts(m, n ? " [" : "\t[");
		seq_puts(m, mod);
		seq_putc(m, ']');
	}
	seq_putc(m, '\n');
	return 0;
}

static int kallmodsyms_open(struct inode *inode, struct file *file)
{
	struct kallmodsyms_cursors *c;

	c = kallsyms_walk_open(file, kallmodsyms_show, sizeof(*c));
	if (!c)
		return -ENOMEM;
	c->range.space = -1;
	c->size.esc_sym = U32_MAX;
	return 0;
}

static const struct proc_ops kallmodsyms_proc_ops = {
	.proc_open	= kallmodsyms_open,
	.proc_read	= seq_read,
	.proc_lseek	= seq_lseek,
	.proc_release	= seq_release_private,
};

static int __init kallmodsyms_init(void)
{
	if (!sizes_ok())
		pr_warn("size table describes %u symbols, kallsyms has %u: sizes disabled; rebuild with KALLSYMS_EXTRA_PASS=1\n",
			kallsyms_size_num_syms, kallsyms_num_syms);
	proc_create("kallmodsyms", 0444, NULL, &kallmodsyms_proc_ops);
	return 0;
}
device_initcall(kallmodsyms_init);
