// SPDX-License-Identifier: GPL-2.0
//
// Address ranges -> the set of built-in modules that own them.
//
// Invariant: ranges are half-open [start, end), non-empty, sorted by start
// and non-overlapping.  An address in no range belongs to no module.  Module
// sets are interned: set 0 is the empty set, and equal sets share one id.

#ifndef KALLMODSYMS_GEN_RANGE_MAP_H
#define KALLMODSYMS_GEN_RANGE_MAP_H

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "builtin_modules.h"
#include "layout.h"

namespace kallmodsyms {

using ModuleSet = std::set<std::string>;

class ModuleSets {
 public:
  ModuleSets();
  uint32_t Intern(const ModuleSet& set);
  const ModuleSet& Get(uint32_t id) const { return sets_.at(id); }
  size_t size() const { return sets_.size(); }

 private:
  std::vector<ModuleSet> sets_;
  std::map<ModuleSet, uint32_t> ids_;
};

struct Range {
  uint64_t start;
  uint64_t end;
  uint32_t set;
};

class RangeMap {
 public:
  // Adds [start, end) -> set.  Returns false (and adds nothing) if it would
  // overlap a range already there with a different set; a range overlapping
  // one with the same set is merged into it.
  bool Add(uint64_t start, uint64_t end, uint32_t set);
  // The set of `address`; 0 if no range holds it.
  uint32_t Lookup(uint64_t address) const;

  // The ranges in address order.
  const std::vector<Range>& Ranges() const { return ranges_; }
  // True if the invariant above holds (for tests).
  bool CheckInvariant() const;

 private:
  // A sorted array: ranges come in address order from a layout, and are
  // appended; an insertion elsewhere moves the ranges after it.
  std::vector<Range> ranges_;
};

// The module ranges of a layout: every placement of an object that belongs
// to built-in modules.  Throws InputError if pieces of different modules
// overlap.
RangeMap BuildRangeMap(const Layout& layout, const BuiltinModules& modules, ModuleSets* sets);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_RANGE_MAP_H
