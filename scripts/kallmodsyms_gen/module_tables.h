// SPDX-License-Identifier: GPL-2.0
//
// The optimiser: turns the range map into the compact module tables of
// kernel/kallmodsyms_internal.h.
//
// Only the addresses of kallsyms symbols are ever looked up, so the ranges
// are cut at symbol addresses: a range starts at the first symbol of a run of
// symbols with the same module set and lasts until the next run.  For every
// symbol address this gives the answer the full range map gives, with far
// fewer ranges: core-kernel gaps between the pieces of one module, and
// neighbouring objects of the same module, fuse away.  An address between
// symbols gets the set of the symbol before it, the one that contains it.

#ifndef KALLMODSYMS_GEN_MODULE_TABLES_H
#define KALLMODSYMS_GEN_MODULE_TABLES_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "../../kernel/kallmodsyms_internal.h"
#include "module_ranges.h"
#include "symbols.h"

namespace kallmodsyms {

struct EncodedSpace {
  std::string base_symbol;  // empty: absolute addresses (base 0)
  uint64_t base = 0;        // link-time value of the base
  uint32_t nr_ranges = 0;
  std::vector<uint8_t> stream;
  std::vector<std::pair<uint32_t, uint32_t>> index;  // block start offset, stream offset
  // For the emitter's comments: each record's start offset, ref and stream span.
  struct Row {
    uint32_t start;
    uint32_t ref;
    size_t begin, end;
  };
  std::vector<Row> rows;
};

struct ModuleTables {
  std::string names;  // starts with "\0"
  std::map<std::string, uint32_t> name_offset;
  std::vector<uint32_t> lists;  // word 0 unused
  EncodedSpace spaces[KALLMODSYMS_NR_SPACES];
  size_t Bytes() const;  // what the tables take in the image
};

// `text_base` is the link-time address of _text: symbols below it are in the
// per-cpu space.  Throws InputError (naming `nm_path`) when an address does
// not fit a 32-bit offset from its base or a table outgrows its fields.
ModuleTables OptimizeModuleTables(const RangeMap& ranges, const ModuleSets& sets,
                                  const SymbolList& symbols, uint64_t text_base,
                                  const std::string& nm_path);

// The ref of `set` in `tables` (kallmodsyms_internal.h), for tests.
uint32_t RefOf(const ModuleTables& tables, const ModuleSet& set);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_MODULE_TABLES_H
