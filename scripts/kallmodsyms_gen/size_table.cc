// SPDX-License-Identifier: GPL-2.0

#include "size_table.h"

#include "../../kernel/kallmodsyms_internal.h"
#include "varint.h"

namespace kallmodsyms {

uint64_t SizeGap(const SymbolList& symbols, size_t i) {
  for (size_t j = i + 1; j < symbols.size(); ++j)
    if (symbols[j].address != symbols[i].address) return symbols[j].address - symbols[i].address;
  return 0;
}

SizeTable EncodeSizes(const SymbolList& symbols) {
  SizeTable t;
  t.codes.assign((symbols.size() + 15) / 16, 0);
  uint64_t gap = 0;
  for (size_t i = 0; i < symbols.size(); ++i) {
    if (i % KALLMODSYMS_SIZE_BLOCK == 0) t.index.push_back(static_cast<uint32_t>(t.escapes.size()));
    // One look-ahead per distinct address, as the kernel's walk does.
    if (i == 0 || symbols[i].address != symbols[i - 1].address) gap = SizeGap(symbols, i);
    uint64_t size = symbols[i].size;
    unsigned code;
    if (size <= gap && gap - size < KALLMODSYMS_SIZE_ZERO) {
      code = static_cast<unsigned>(gap - size);
    } else if (size == 0) {
      code = KALLMODSYMS_SIZE_ZERO;
    } else {
      code = KALLMODSYMS_SIZE_ESCAPE;
      ++t.nr_escapes;
      // Whichever of "pad beyond the codes" and "the size itself" is
      // smaller; sizes are below 2^32 (ReadNm checks), so neither overflows.
      uint64_t explicit_size = size << 1 | 1;
      uint64_t pad = size <= gap ? gap - size - KALLMODSYMS_SIZE_ZERO : UINT64_MAX;
      PutVarint(&t.escapes, pad < explicit_size >> 1 ? pad << 1 : explicit_size);
    }
    t.codes[i / 16] |= static_cast<uint64_t>(code) << (4 * (i % 16));
  }
  return t;
}

}  // namespace kallmodsyms
