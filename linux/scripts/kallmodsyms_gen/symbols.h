// SPDX-License-Identifier: GPL-2.0
//
// The kallsyms symbols: `nm -n -S` output of the link filtered by
// scripts/mksysmap (the input of scripts/kallsyms, plus sizes), then kept
// and ordered exactly as scripts/kallsyms keeps and orders them, so that
// symbol i here is symbol i of the kernel's kallsyms tables.

#ifndef KALLMODSYMS_GEN_SYMBOLS_H
#define KALLMODSYMS_GEN_SYMBOLS_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "input.h"

namespace kallmodsyms {

// 32 bytes: the nm output of a large kernel has a few hundred thousand.
struct Symbol {
  uint64_t address = 0;
  uint32_t size = 0;  // 0 when nm prints no size; ReadNm refuses sizes of 4 GiB and more
  char type = '?';
  std::string_view name;  // a view of the nm text: the LineReader must outlive it
};

using SymbolList = std::vector<Symbol>;

// Reads "ADDRESS [SIZE] TYPE NAME" lines.
SymbolList ReadNm(LineReader* in);

struct KallsymsOptions {
  bool all_symbols = false;  // scripts/kallsyms --all-symbols (KALLSYMS_ALL)
};

// Drops what scripts/kallsyms drops and sorts as it sorts (its
// is_ignored_symbol(), symbol_valid() and compare_symbols()).
SymbolList KallsymsOrder(SymbolList nm, const KallsymsOptions& options);

// The address of `name` in `symbols`; false if absent.
bool FindSymbol(const SymbolList& symbols, std::string_view name, uint64_t* address);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_SYMBOLS_H
