// SPDX-License-Identifier: GPL-2.0

#include "module_tables.h"

#include <algorithm>
#include <cassert>
#include <cstdio>
#include <set>

#include "varint.h"

namespace kallmodsyms {
namespace {

struct Run {
  uint64_t address;
  uint32_t set;
};

// The first symbol from `from` on at `limit` or above, of symbols in
// address order, `from` below it: steps that double, then a binary search
// within the last.  O(log n) for n symbols skipped.
SymbolList::const_iterator FirstAtOrAbove(SymbolList::const_iterator from,
                                          SymbolList::const_iterator end, uint64_t limit) {
  ptrdiff_t step = 1;
  while (step < end - from && from[step].address < limit) {
    from += step;
    step *= 2;
  }
  return std::partition_point(from, from + std::min(step, end - from),
                              [=](const Symbol& sym) { return sym.address < limit; });
}

[[noreturn]] void Overflow(const std::string& path, const std::string& what) {
  throw InputError(path, 0, what);
}

}  // namespace

size_t ModuleTables::Bytes() const {
  size_t n = names.size() + lists.size() * 4;
  for (const EncodedSpace& s : spaces)
    n += 24 /* struct kallsyms_module_space */ + s.index.size() * 8 + s.stream.size();
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
  // address must fit a 32-bit offset from its space's base.  The symbols
  // are in address order: the first that does not fit is found by a
  // binary search, and the runs by walking the ranges and, for each range
  // and each gap between ranges, skipping the symbols it holds: far fewer
  // steps than a look-up per distinct address.
  assert(std::is_sorted(symbols.begin(), symbols.end(),
                        [](const Symbol& a, const Symbol& b) { return a.address < b.address; }));
  auto first_kernel = std::partition_point(symbols.begin(), symbols.end(),
                                           [=](const Symbol& s) { return s.address < text_base; });
  SymbolList::const_iterator space_end[KALLMODSYMS_NR_SPACES];
  space_end[KALLMODSYMS_SPACE_PERCPU] = first_kernel;
  space_end[KALLMODSYMS_SPACE_KERNEL] = symbols.end();
  SymbolList::const_iterator next = symbols.begin();  // the next symbol to place
  const std::vector<Range>& in = ranges.Ranges();
  size_t k = 0;  // the first range that ends above `next`
  std::vector<Run> runs[KALLMODSYMS_NR_SPACES];
  for (int space : {KALLMODSYMS_SPACE_PERCPU, KALLMODSYMS_SPACE_KERNEL}) {
    uint64_t base = space == KALLMODSYMS_SPACE_KERNEL ? text_base : 0;
    SymbolList::const_iterator end = space_end[space];
    auto too_far = std::partition_point(
        next, end, [=](const Symbol& sym) { return sym.address - base <= UINT32_MAX; });
    if (too_far != end) {
      char hex[20];
      snprintf(hex, sizeof(hex), "%llx", static_cast<unsigned long long>(too_far->address));
      Overflow(nm_path, std::string("expected symbol addresses within 4 GiB of ") +
                            (base ? "_text" : "0") + ", " + std::string(too_far->name()) +
                            " is at 0x" + hex);
    }
    std::vector<Run>& space_runs = runs[space];
    uint64_t last_end = 0;  // the end of the range of the last run's symbol
    while (next != end) {
      uint64_t a = next->address;
      while (k < in.size() && in[k].end <= a) ++k;
      bool inside = k < in.size() && in[k].start <= a;
      uint32_t set = inside ? in[k].set : 0;
      if (space_runs.empty() || space_runs.back().set != set) space_runs.push_back({a, set});
      last_end = inside ? in[k].end : 0;
      if (k == in.size()) break;  // no range from here on: one run
      // The first symbol past this range, or in the next one
      next = FirstAtOrAbove(next, end, inside ? in[k].end : in[k].start);
    }
    // The last run ends where its module's range does: addresses past it
    // (past the space's last symbol) belong to no module.
    uint64_t space_limit = space == KALLMODSYMS_SPACE_PERCPU ? text_base : UINT64_MAX;
    if (!space_runs.empty() && space_runs.back().set != 0 && last_end - base <= UINT32_MAX &&
        last_end <= space_limit)
      space_runs.push_back({last_end, 0});
    next = end;
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
  // A ref is a name's offset, or a list's position, shifted left by one
  if (t.names.size() > 0x7fffffff) Overflow(nm_path, "expected module names to fit 2 GiB");
  // 3. Each multi-module list once: a count, then name offsets.
  t.lists.push_back(0);
  std::map<ModuleSet, uint32_t> list_pos;
  for (const ModuleSet& s : multi) {
    list_pos[s] = static_cast<uint32_t>(t.lists.size());
    t.lists.push_back(static_cast<uint32_t>(s.size()));
    for (const std::string& n : s) t.lists.push_back(t.name_offset[n]);
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

}  // namespace kallmodsyms
