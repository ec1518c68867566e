// SPDX-License-Identifier: GPL-2.0

#include "layout.h"

#include <algorithm>
#include <tuple>
#include <vector>

#include "object_table.h"

namespace kallmodsyms {
namespace {

std::string_view Basename(std::string_view path) {
  size_t slash = path.rfind('/');
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

// The name the final map uses for the relocatable link's output.
std::string IntermediateName(const LinkMap& relocatable) {
  if (!relocatable.output_file.empty()) return std::string(Basename(relocatable.output_file));
  std::string name(Basename(relocatable.path));
  if (name.size() > 4 && name.compare(name.size() - 4, 4, ".map") == 0)
    name.resize(name.size() - 4);
  return name;
}

}  // namespace

Layout ComposeLayout(const LinkMap& final_map, const LinkMap* relocatable, const FileFilter& keep) {
  Layout layout;
  ObjectTable<std::vector<const MapPiece*>> by_section;
  ObjectTable<OutputSection> reloc_section;
  std::string intermediate;
  if (relocatable) {
    intermediate = IntermediateName(*relocatable);
    for (const OutputSection& s : relocatable->outputs) reloc_section.Insert(s.name, s);
    for (const MapPiece& p : relocatable->pieces)
      if (p.size) by_section.Insert(p.output_section, {}).first->push_back(&p);
  }
  layout.placements.reserve(relocatable ? relocatable->pieces.size() : final_map.pieces.size());
  for (const MapPiece& f : final_map.pieces) {
    if (IsNonAllocSection(f.output_section) || IsNonAllocSection(f.input_section)) continue;
    bool composed = relocatable && Basename(f.file) == intermediate;
    if (!composed) {
      if ((!keep || keep(f.file)) && f.size)
        layout.placements.push_back({f.address, f.size, f.file, f.input_section, f.gap_after});
      continue;
    }
    const std::vector<const MapPiece*>* pieces = by_section.Find(f.input_section);
    if (!pieces) continue;  // nothing of any object in it
    uint64_t base = 0;
    if (const OutputSection* rs = reloc_section.Find(f.input_section)) {
      // A section the final link shrank (merged strings, relaxation) has
      // no linear layout left; kallsyms symbols do not live in those.
      if (rs->size != f.size) continue;
      base = rs->address;
    }
    for (const MapPiece* p : *pieces) {
      if (!p->size) continue;
      uint64_t offset = p->address - base;
      if (p->address < base || offset > f.size || p->size > f.size - offset)
        throw InputError(relocatable->path, p->line,
                         "expected " + std::string(p->file) + "(" + std::string(p->input_section) +
                             ") inside " + std::string(f.input_section) + " of " +
                             std::string(f.file) + " as " + final_map.path + ":" +
                             std::to_string(f.line) + " places it");
      layout.placements.push_back(
          {f.address + offset, p->size, p->file, p->input_section, p->gap_after});
    }
  }
  auto order = [](const Placement& a, const Placement& b) {
    return std::tie(a.address, a.file, a.section, a.size) <
           std::tie(b.address, b.file, b.section, b.size);
  };
  // The placements come in sorted runs (one per final-map piece, and the
  // final map is in address order but for sections such as per-cpu data
  // at address 0): merge the runs rather than sort from scratch.
  auto& v = layout.placements;
  auto run_start = v.begin();
  while (run_start != v.end()) {
    auto run_end = std::is_sorted_until(run_start, v.end(), order);
    if (run_start != v.begin()) std::inplace_merge(v.begin(), run_start, run_end, order);
    run_start = run_end;
  }
  return layout;
}

}  // namespace kallmodsyms
