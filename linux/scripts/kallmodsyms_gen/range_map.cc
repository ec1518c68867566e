// SPDX-License-Identifier: GPL-2.0

#include "range_map.h"

#include <iterator>
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
  if (by_start_.empty() || start >= std::prev(by_start_.end())->second.end) {
    by_start_.emplace_hint(by_start_.end(), start, Range{start, end, set});
    return true;
  }
  // The first range that may touch [start, end): the one before start.
  auto it = by_start_.upper_bound(start);
  if (it != by_start_.begin()) --it;
  uint64_t new_start = start, new_end = end;
  std::vector<uint64_t> merged;
  for (; it != by_start_.end() && it->second.start < end; ++it) {
    const Range& r = it->second;
    if (r.end <= start) continue;
    if (r.set != set) return false;
    new_start = std::min(new_start, r.start);
    new_end = std::max(new_end, r.end);
    merged.push_back(r.start);
  }
  for (uint64_t s : merged) by_start_.erase(s);
  by_start_[new_start] = {new_start, new_end, set};
  return true;
}

uint32_t RangeMap::Lookup(uint64_t address) const {
  auto it = by_start_.upper_bound(address);
  if (it == by_start_.begin()) return 0;
  --it;
  return address < it->second.end ? it->second.set : 0;
}

uint32_t RangeMap::Cursor::Lookup(uint64_t address) {
  if (address < last_) return map_.Lookup(address);  // not in order: search
  last_ = address;
  while (it_ != map_.by_start_.end() && it_->second.end <= address) ++it_;
  if (it_ == map_.by_start_.end() || address < it_->second.start) return 0;
  return it_->second.set;
}

std::vector<Range> RangeMap::Ranges() const {
  std::vector<Range> out;
  out.reserve(by_start_.size());
  for (const auto& kv : by_start_) out.push_back(kv.second);
  return out;
}

bool RangeMap::CheckInvariant() const {
  uint64_t prev_end = 0;
  bool first = true;
  for (const auto& [start, r] : by_start_) {
    if (start != r.start || r.start >= r.end) return false;
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
