// SPDX-License-Identifier: GPL-2.0

#include "range_map.h"

#include <algorithm>
#include <string_view>

#include "object_table.h"

namespace kallmodsyms {

ModuleSets::ModuleSets() { Intern({}); }

uint32_t ModuleSets::Intern(const ModuleSet& set) {
  auto [it, fresh] = ids_.emplace(set, static_cast<uint32_t>(sets_.size()));
  if (fresh) sets_.push_back(set);
  return it->second;
}

bool RangeMap::Add(uint64_t start, uint64_t end, uint32_t set) {
  if (start >= end) return true;
  // Ranges mostly come in address order: past the last one, just append.
  if (ranges_.empty() || start >= ranges_.back().end) {
    ranges_.push_back({start, end, set});
    return true;
  }
  // The ranges that touch [start, end): from the first that ends after
  // start (ends are sorted too) to the first that starts at or after end.
  auto first = std::partition_point(ranges_.begin(), ranges_.end(),
                                    [start](const Range& r) { return r.end <= start; });
  auto last = first;
  uint64_t new_start = start, new_end = end;
  for (; last != ranges_.end() && last->start < end; ++last) {
    if (last->set != set) return false;
    new_start = std::min(new_start, last->start);
    new_end = std::max(new_end, last->end);
  }
  if (first == last) {
    ranges_.insert(first, {new_start, new_end, set});
  } else {
    *first = {new_start, new_end, set};
    ranges_.erase(first + 1, last);
  }
  return true;
}

uint32_t RangeMap::Lookup(uint64_t address) const {
  auto it = std::partition_point(ranges_.begin(), ranges_.end(),
                                 [address](const Range& r) { return r.start <= address; });
  if (it == ranges_.begin()) return 0;
  --it;
  return address < it->end ? it->set : 0;
}

bool RangeMap::CheckInvariant() const {
  uint64_t prev_end = 0;
  bool first = true;
  for (const Range& r : ranges_) {
    if (r.start >= r.end) return false;
    if (!first && r.start < prev_end) return false;
    prev_end = r.end;
    first = false;
  }
  return true;
}

RangeMap BuildRangeMap(const Layout& layout, const BuiltinModules& modules, ModuleSets* sets) {
  RangeMap map;
  // One look-up of each object's module set, not one per piece.
  ObjectTable<uint32_t> set_of(modules.modules_of.size());
  for (const auto& [obj, mods] : modules.modules_of) set_of.Insert(obj, sets->Intern(mods));
  for (const Placement& p : layout.placements) {
    const uint32_t* found = set_of.Find(p.file);
    if (!found) continue;
    uint32_t set = *found;
    if (p.address + p.size < p.address || !map.Add(p.address, p.address + p.size, set)) {
      std::string piece = std::string(p.file) + "(" + std::string(p.section) + ")";
      size_t line = modules.line_of.find(p.file)->second;
      if (p.address + p.size < p.address)
        throw InputError(modules.path, line, "expected " + piece + " to end below 2^64");
      throw InputError(modules.path, line,
                       "expected " + piece + " not to overlap an object of other modules");
    }
  }
  return map;
}

}  // namespace kallmodsyms
