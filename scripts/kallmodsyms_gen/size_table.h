// SPDX-License-Identifier: GPL-2.0
//
// The symbol-size table of kernel/kallmodsyms_internal.h: a 4-bit code per
// symbol that says how far its size falls short of the gap to the next
// symbol address, and a varint stream for the sizes that do not fit that.

#ifndef KALLMODSYMS_GEN_SIZE_TABLE_H
#define KALLMODSYMS_GEN_SIZE_TABLE_H

#include <cstdint>
#include <vector>

#include "symbols.h"

namespace kallmodsyms {

struct SizeTable {
  std::vector<uint64_t> codes;   // sixteen codes per word, symbol i at bits 4 * (i % 16)
  std::vector<uint8_t> escapes;  // varints
  std::vector<uint32_t> index;   // escape-stream offset per block
  size_t nr_escapes = 0;
  size_t Bytes() const { return codes.size() * 8 + escapes.size() + index.size() * 4; }
};

// Distance from symbol i to the next larger address in `symbols` (sorted by
// address); 0 for the symbols at the last address.
uint64_t SizeGap(const SymbolList& symbols, size_t i);

SizeTable EncodeSizes(const SymbolList& symbols);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_SIZE_TABLE_H
