// SPDX-License-Identifier: GPL-2.0

#include "range_map.h"

#include <algorithm>

namespace kallmodsyms {

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

}  // namespace kallmodsyms
