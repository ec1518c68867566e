// SPDX-License-Identifier: GPL-2.0
//
// Address ranges -> a 32-bit value each (the generator's: the id of a set
// of built-in modules).  The bottom piece of the tool: it knows nothing of
// modules, maps or symbols.
//
// Invariant: ranges are half-open [start, end), non-empty (start < end),
// sorted by start and non-overlapping (each starts at or after the end of
// the one before; adjacent ranges may hold the same value).  An address in
// no range has the value 0.  CheckInvariant() says whether it holds, and
// range_map_test.cc checks it after every change.

#ifndef KALLMODSYMS_GEN_RANGE_MAP_H
#define KALLMODSYMS_GEN_RANGE_MAP_H

#include <cstdint>
#include <vector>

namespace kallmodsyms {

struct Range {
  uint64_t start;
  uint64_t end;  // past the last address
  uint32_t set;
};

class RangeMap {
 public:
  // Adds [start, end) -> set (an empty range adds nothing).  Returns false
  // (and adds nothing) if it would overlap a range already there with a
  // different set; a range overlapping one with the same set is merged
  // into it.
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

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_RANGE_MAP_H
