// SPDX-License-Identifier: GPL-2.0

#include "module_tables.h"

#include <algorithm>
#include <cstdio>
#include <set>

#include "varint.h"

namespace kallmodsyms {
namespace {

struct Run {
  uint64_t address;
  uint32_t set;
};

[[noreturn]] void Overflow(const std::string& path, const std::string& what) {
  throw InputError(path, 0, what);
}

}  // namespace

size_t ModuleTables::Bytes() const {
  size_t n = names.size() + lists.size() * 2;
  for (const EncodedSpace& s : spaces)
    n += 24 /* struct kallmodsyms_space */ + s.index.size() * 8 + s.stream.size();
  return n;
}

uint32_t RefOf(const ModuleTables& t, const ModuleSet& set) {
  if (set.empty()) return 0;
  if (set.size() == 1) return t.name_offset.at(*set.begin()) << 1 | 1;
  for (size_t pos = 1; pos < t.lists.size(); pos += 1 + t.lists[pos]) {
    if (t.lists[pos] != set.size()) continue;
    size_t i = pos + 1;
    bool same = true;
    for (const std::string& name : set) same = same && t.lists[i++] == t.name_offset.at(name);
    if (same) return static_cast<uint32_t>(pos << 1);
  }
  return UINT32_MAX;
}

ModuleTables OptimizeModuleTables(const RangeMap& ranges, const ModuleSets& sets,
                                  const SymbolList& symbols, uint64_t text_base,
                                  const std::string& nm_path) {
  ModuleTables t;
  // 1. Runs of symbol addresses with the same set, per space.  Every
  // address must fit a 32-bit offset from its space's base.
  std::vector<Run> runs[KALLMODSYMS_NR_SPACES];
  RangeMap::Cursor cursor(ranges);
  for (size_t i = 0; i < symbols.size(); ++i) {
    uint64_t a = symbols[i].address;
    if (i && a == symbols[i - 1].address) continue;
    int space = a < text_base ? KALLMODSYMS_SPACE_PERCPU : KALLMODSYMS_SPACE_KERNEL;
    uint64_t base = space == KALLMODSYMS_SPACE_KERNEL ? text_base : 0;
    if (a - base > UINT32_MAX) {
      char hex[20];
      snprintf(hex, sizeof(hex), "%llx", static_cast<unsigned long long>(a));
      Overflow(nm_path, std::string("expected symbol addresses within 4 GiB of ") +
                            (base ? "_text" : "0") + ", " + std::string(symbols[i].name()) +
                            " is at 0x" + hex);
    }
    uint32_t set = cursor.Lookup(a);
    std::vector<Run>& r = runs[space];
    if (r.empty() || r.back().set != set) r.push_back({a, set});
  }
  // 2. Names of the modules that own symbols, each once, sorted.
  std::vector<bool> used_set(sets.size());
  for (const auto& r : runs)
    for (const Run& run : r) used_set[run.set] = true;
  std::set<std::string> used_names;
  std::set<ModuleSet> multi;
  for (uint32_t id = 0; id < used_set.size(); ++id) {
    if (!used_set[id]) continue;
    const ModuleSet& s = sets.Get(id);
    used_names.insert(s.begin(), s.end());
    if (s.size() > 1) multi.insert(s);
  }
  t.names.push_back('\0');
  for (const std::string& n : used_names) {
    t.name_offset[n] = static_cast<uint32_t>(t.names.size());
    t.names += n;
    t.names.push_back('\0');
  }
  if (t.names.size() > 0x10000) Overflow(nm_path, "expected module names to fit 64 KiB");
  // 3. Each multi-module list once: a count, then name offsets.
  t.lists.push_back(0);
  std::map<ModuleSet, uint32_t> list_pos;
  for (const ModuleSet& s : multi) {
    list_pos[s] = static_cast<uint32_t>(t.lists.size());
    t.lists.push_back(static_cast<uint16_t>(s.size()));
    for (const std::string& n : s) t.lists.push_back(static_cast<uint16_t>(t.name_offset[n]));
  }
  if (t.lists.size() > 0x7fffffff) Overflow(nm_path, "expected fewer module lists");
  // The ref of each set, worked out once.
  std::vector<uint32_t> ref_of(sets.size());
  for (uint32_t id = 0; id < used_set.size(); ++id) {
    const ModuleSet& s = sets.Get(id);
    if (!used_set[id] || s.empty()) continue;
    ref_of[id] = s.size() == 1 ? t.name_offset[*s.begin()] << 1 | 1 : list_pos[s] << 1;
  }
  // 4. The record streams and their block indexes.
  for (int space = 0; space < KALLMODSYMS_NR_SPACES; ++space) {
    EncodedSpace& e = t.spaces[space];
    if (space == KALLMODSYMS_SPACE_KERNEL) {
      e.base_symbol = "_text";
      e.base = text_base;
    }
    uint32_t prev = 0;
    for (size_t i = 0; i < runs[space].size(); ++i) {
      const Run& run = runs[space][i];
      uint64_t off = run.address - e.base;
      size_t begin = e.stream.size();
      if (i % KALLMODSYMS_RANGE_BLOCK == 0) {
        e.index.push_back({static_cast<uint32_t>(off), static_cast<uint32_t>(begin)});
      } else {
        PutVarint(&e.stream, off - prev);
      }
      uint32_t r = ref_of[run.set];
      PutVarint(&e.stream, r);
      e.rows.push_back({static_cast<uint32_t>(off), r, begin, e.stream.size()});
      prev = static_cast<uint32_t>(off);
    }
    e.nr_ranges = static_cast<uint32_t>(runs[space].size());
  }
  return t;
}

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
