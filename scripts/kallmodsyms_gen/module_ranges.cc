// SPDX-License-Identifier: GPL-2.0

#include "module_ranges.h"

#include <string_view>

#include "object_table.h"

namespace kallmodsyms {

ModuleSets::ModuleSets() { Intern({}); }

uint32_t ModuleSets::Intern(const ModuleSet& set) {
  auto [it, fresh] = ids_.emplace(set, static_cast<uint32_t>(sets_.size()));
  if (fresh) sets_.push_back(set);
  return it->second;
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
    // Where fill follows, the piece's end address is its own too: the
    // symbols of size 0 there are its (modules.builtin.ranges gives them
    // to it as well).  Where another piece starts at the end, they stay
    // that piece's.
    if (p.gap_after) map.Add(p.address + p.size, p.address + p.size + 1, set);
  }
  return map;
}

}  // namespace kallmodsyms
