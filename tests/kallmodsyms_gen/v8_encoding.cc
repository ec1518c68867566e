// SPDX-License-Identifier: GPL-2.0

#include "v8_encoding.h"

#include <algorithm>
#include <set>
#include <string>
#include <utility>

namespace kallmodsyms {

size_t V8EncodingBytes(const RangeMap& ranges, const ModuleSets& sets, const SymbolList& symbols) {
  uint64_t stext = 0, etext = 0, sinit = 0, einit = 0;
  FindSymbol(symbols, "_stext", &stext);
  FindSymbol(symbols, "_etext", &etext);
  FindSymbol(symbols, "_sinittext", &sinit);
  FindSymbol(symbols, "_einittext", &einit);
  const std::pair<uint64_t, uint64_t> text[] = {{stext, etext}, {sinit, einit}};
  size_t nr = 0;
  std::set<std::string> names;
  std::set<ModuleSet> multi;
  for (const auto& [lo, hi] : text) {
    if (lo >= hi) continue;
    // Module ranges fused when adjacent with the same set, plus one range
    // for each core-kernel gap between them.
    uint64_t at = lo;
    uint32_t last = UINT32_MAX;
    for (const Range& r : ranges.Ranges()) {
      if (r.end <= lo || r.start >= hi) continue;
      uint64_t s = std::max(r.start, lo);
      if (s > at) {
        if (last != 0) ++nr;
        last = 0;
      }
      if (r.set != last) ++nr;
      last = r.set;
      at = std::min(r.end, hi);
      const ModuleSet& m = sets.Get(r.set);
      names.insert(m.begin(), m.end());
      if (m.size() > 1) multi.insert(m);
    }
    if (at < hi && last != 0) ++nr;
  }
  size_t bytes = nr * 8;
  for (const std::string& n : names) bytes += n.size() + 1;
  for (const ModuleSet& m : multi) {
    bytes += 2;
    for (const std::string& n : m) bytes += n.size() + 1;
  }
  return bytes;
}

}  // namespace kallmodsyms
