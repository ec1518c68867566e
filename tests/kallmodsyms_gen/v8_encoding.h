// SPDX-License-Identifier: GPL-2.0
//
// For comparison only (make bench, the dataset test): what the kallmodsyms
// v8 series' encoding of the same inputs would take.  Not part of the tool.

#ifndef KALLMODSYMS_GEN_TESTS_V8_ENCODING_H
#define KALLMODSYMS_GEN_TESTS_V8_ENCODING_H

#include <cstddef>

#include "module_ranges.h"
#include "range_map.h"
#include "symbols.h"

namespace kallmodsyms {

// For text only, 8 bytes per fused address range, plus its name table.
size_t V8EncodingBytes(const RangeMap& ranges, const ModuleSets& sets, const SymbolList& symbols);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_TESTS_V8_ENCODING_H
