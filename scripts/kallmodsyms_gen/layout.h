// SPDX-License-Identifier: GPL-2.0
//
// Where each object's code and data ended up in the final image.  Since 6.12
// links vmlinux from vmlinux.o (an `ld -r` of vmlinux.a), the final map only
// names vmlinux.o; the per-object layout is in the relocatable link's map.
// Composing the two gives: object piece -> offset in a vmlinux.o section ->
// final address.

#ifndef KALLMODSYMS_GEN_LAYOUT_H
#define KALLMODSYMS_GEN_LAYOUT_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "link_map.h"

namespace kallmodsyms {

// A piece of one object file at its final address.
struct Placement {
  uint64_t address = 0;
  uint64_t size = 0;
  std::string_view file;  // views of the maps' text
  std::string_view section;
  bool gap_after = false;  // MapPiece::gap_after
};

struct Layout {
  std::vector<Placement> placements;  // allocated, non-empty; sorted by address, then file
};

// `relocatable` may be null when the final map names the objects directly.
// With `keep`, only the pieces of the final map's files it wants are
// placed; the relocatable map's pieces are all placed (read it with the
// same filter to keep only those: filtering again here cost a look-up per
// piece).  Throws InputError when a piece
// of the relocatable link lies outside its section as placed by the final
// link.
Layout ComposeLayout(const LinkMap& final_map, const LinkMap* relocatable,
                     const FileFilter& keep = nullptr);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_LAYOUT_H
