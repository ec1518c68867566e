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

// 24 bytes: the nm output of a large kernel has a few hundred thousand,
// each written once as it is read.  (With a string_view for the name they
// took 32.)
struct Symbol {
  uint64_t address = 0;
  const char* name_start = nullptr;  // in the nm text: the LineReader must outlive it
  uint32_t size = 0;                 // 0 when nm prints no size; ReadNm refuses 4 GiB and more
  uint16_t name_length = 0;          // ReadNm refuses names of kMaxNameLength bytes and more
  char type = '?';

  static constexpr size_t kMaxNameLength = UINT16_MAX;

  Symbol() = default;
  // `text`, the name, must be shorter than kMaxNameLength.
  Symbol(uint64_t at, uint32_t bytes, char kind, std::string_view text)
      : address(at),
        name_start(text.data()),
        size(bytes),
        name_length(static_cast<uint16_t>(text.size())),
        type(kind) {}
  std::string_view name() const { return std::string_view(name_start, name_length); }
};

using SymbolList = std::vector<Symbol>;

// Reads "ADDRESS [SIZE] TYPE NAME" lines.
SymbolList ReadNm(LineReader* in);

// The same lines less their size column: the input of scripts/kallsyms
// (and the System.map it is compared with), so that one nm pass serves
// both tools.  Lines without a size are copied unchanged; a line that is
// not "ADDRESS [SIZE] TYPE NAME" is refused, naming its file and line.
std::string StripSizes(LineReader* in);

struct KallsymsOptions {
  bool all_symbols = false;  // scripts/kallsyms --all-symbols (KALLSYMS_ALL)
};

// Drops what scripts/kallsyms drops and sorts as it sorts (its
// read_symbol(), is_ignored_symbol(), symbol_valid() and
// compare_symbols()).
SymbolList KallsymsOrder(SymbolList nm, const KallsymsOptions& options);

// The address of `name` in `symbols`; false if absent.
bool FindSymbol(const SymbolList& symbols, std::string_view name, uint64_t* address);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_SYMBOLS_H
