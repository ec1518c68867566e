// SPDX-License-Identifier: GPL-2.0
//
// The check that the generator's symbols are scripts/kallsyms' own, one by
// one.  The kernel reads the size table by index in kallsyms order: the
// generator keeps and sorts the nm output's symbols as scripts/kallsyms
// does (symbols.h), and a difference between the two, in which symbols
// are kept or in their order, would give symbols the sizes of others.

#ifndef KALLMODSYMS_GEN_KALLSYMS_ORDER_H
#define KALLMODSYMS_GEN_KALLSYMS_ORDER_H

#include <cstdint>

#include "input.h"
#include "symbols.h"

namespace kallmodsyms {

// `kallsyms_asm` is the assembler file scripts/kallsyms wrote from the same
// nm output: its kallsyms_offsets rows give each symbol's offset and, in a
// comment, its type and name, in kallsyms order, and kallsyms_relative_base
// gives the base of the offsets relative to _text.  `absolute_percpu` says
// whether scripts/kallsyms ran with --absolute-percpu (percpu symbols'
// rows then hold their address, the others' relative_base - 1 - address).
//
// Compares the rows with `symbols` entry by entry, by name and address;
// throws InputError naming the first row that differs:
//   FILE:LINE: symbol NAME at ADDR, expected NAME2 at ADDR2 (the kallsyms
//   order differs from the generator's)
// or, where one list is longer, the first symbol the other lacks.
void CheckKallsymsOrder(LineReader* kallsyms_asm, const SymbolList& symbols, uint64_t text_base,
                        bool absolute_percpu);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_KALLSYMS_ORDER_H
