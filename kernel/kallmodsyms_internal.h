/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The tables behind /proc/kallmodsyms: their layout, shared by their
 * writer, the host tool scripts/kallmodsyms_gen, and their reader,
 * kernel/kallmodsyms.c.  The module tables are kallsyms_module_*[], the
 * size table kallsyms_size_*[], beside kallsyms' own tables.
 * The generator includes this file for the constants; it must stay plain C.
 *
 * Two things are described: which built-in module(s) an address belongs to
 * (the module tables) and the ELF size of every kallsyms symbol (the size
 * table).  Multi-byte values are the generator's .long and .quad: in the
 * target's byte order, read as native u32 and u64; "varint" is
 * unsigned LEB128 (7 bits per byte, low bits first, top bit set on all but
 * the last), a byte stream the same on either byte order.
 *
 * Module names
 *   kallsyms_module_names[]: NUL-terminated module names, each stored once,
 *   sorted by name.  Offset 0 holds an empty name, so no module has offset 0.
 *
 * Module sets ("refs")
 *   A ref names the set of modules an address range belongs to:
 *     ref == 0             no module (core kernel)
 *     ref odd              one module: its name is at offset ref >> 1
 *     ref even, nonzero    several: kallsyms_module_lists[ref >> 1] is a
 *                          count n, followed by the n name offsets,
 *                          sorted by name
 *   kallsyms_module_lists[] is an array of u32; word 0 is unused.  Each
 *   distinct multi-module list is stored once.
 *
 * Address ranges
 *   Addresses live in two spaces, each with its own base: the per-cpu space
 *   (absolute addresses below the kernel image, base 0) and the kernel space
 *   (base _text, as relocated at run time).  In each space the ranges are
 *   half-open [start, next start), sorted, non-overlapping and cover the
 *   space from its first range on; adjacent ranges never have the same ref.
 *   Offsets from the base are 32-bit.  A space is a byte stream of records,
 *   cut into blocks of KALLMODSYMS_RANGE_BLOCK records:
 *     block-first record:  varint ref
 *     other records:       varint (start - previous start), varint ref
 *   and an index with one entry per block (struct kallsyms_module_block): the
 *   block's first start offset and the stream offset of its first record.
 *   Look-up: binary search on the index, then at most one block of records.
 *   An in-order walk keeps its place and costs amortised O(1) per address.
 *
 * Symbol sizes
 *   One 4-bit code c per kallsyms symbol, in kallsyms order, sixteen to a
 *   64-bit word: symbol i is bits 4 * (i % 16) to 4 * (i % 16) + 3 of
 *   kallsyms_size_codes[i / 16] (words, not bytes: the same on either
 *   byte order).  Let
 *   gap(i) be the distance from symbol i's address to the next larger
 *   kallsyms address (0 for the last address).  Then:
 *     c < KALLMODSYMS_SIZE_ZERO:    size = gap(i) - c
 *     c == KALLMODSYMS_SIZE_ZERO:   size = 0 (nm prints no size)
 *     c == KALLMODSYMS_SIZE_ESCAPE: the size is in the next varint v of
 *                                   kallsyms_size_escapes: an even v
 *                                   means size = gap(i) -
 *                                   (KALLMODSYMS_SIZE_ZERO + v / 2), an odd
 *                                   v means size = v >> 1
 *   kallsyms_size_index[b] is the offset in kallsyms_size_escapes of
 *   the first escape of symbols b * KALLMODSYMS_SIZE_BLOCK and later.
 *   In an in-order walk, gap(i) comes from the next symbols' addresses (one
 *   look-ahead per distinct address) and the escape cursor only moves
 *   forward: amortised O(1) per symbol.  Random access: O(block).
 *   kallsyms_size_num_syms must equal kallsyms_num_syms; the reader disables
 *   sizes (and says so) if it does not.
 */
#ifndef _KERNEL_KALLMODSYMS_INTERNAL_H
#define _KERNEL_KALLMODSYMS_INTERNAL_H

#define KALLMODSYMS_RANGE_BLOCK		32
#define KALLMODSYMS_SIZE_BLOCK		64
#define KALLMODSYMS_SIZE_ZERO		14
#define KALLMODSYMS_SIZE_ESCAPE		15

/* Space numbers. */
#define KALLMODSYMS_SPACE_PERCPU	0
#define KALLMODSYMS_SPACE_KERNEL	1
#define KALLMODSYMS_NR_SPACES		2

#ifndef __ASSEMBLY__
#ifdef __KERNEL__
#include <linux/types.h>

/**
 * struct kallsyms_module_block - index entry of one block of range records
 * @start: offset from the space's base of the block's first range
 * @pos: offset in the space's record stream of the block's first record
 */
struct kallsyms_module_block {
	u32 start;
	u32 pos;
};

/**
 * struct kallsyms_module_space - one address space of the range tables
 * @nr_blocks: number of entries in @index
 * @nr_ranges: number of range records
 * @index: per-block index, @nr_blocks entries
 * @stream: the record stream
 */
struct kallsyms_module_space {
	u32 nr_blocks;
	u32 nr_ranges;
	const struct kallsyms_module_block *index;
	const u8 *stream;
};

extern const struct kallsyms_module_space
	kallsyms_module_spaces[KALLMODSYMS_NR_SPACES];
extern const char kallsyms_module_names[];
extern const u32 kallsyms_module_lists[];
extern const unsigned int kallsyms_size_num_syms;
extern const u64 kallsyms_size_codes[];
extern const u8 kallsyms_size_escapes[];
extern const u32 kallsyms_size_index[];
#endif /* __KERNEL__ */
#endif /* __ASSEMBLY__ */
#endif /* _KERNEL_KALLMODSYMS_INTERNAL_H */
