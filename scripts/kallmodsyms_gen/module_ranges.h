// SPDX-License-Identifier: GPL-2.0
//
// Which built-in modules own which addresses: the range map of a layout,
// its values the ids of interned sets of module names.

#ifndef KALLMODSYMS_GEN_MODULE_RANGES_H
#define KALLMODSYMS_GEN_MODULE_RANGES_H

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "builtin_modules.h"
#include "layout.h"
#include "range_map.h"

namespace kallmodsyms {

using ModuleSet = std::set<std::string>;

// Module sets, interned: set 0 is the empty set (no module), and equal
// sets share one id.
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

// The module ranges of a layout: every placement of an object that belongs
// to built-in modules, mapped to the id in `sets` of its modules.  Throws
// InputError if pieces of different modules overlap.
RangeMap BuildRangeMap(const Layout& layout, const BuiltinModules& modules, ModuleSets* sets);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_MODULE_RANGES_H
