// SPDX-License-Identifier: GPL-2.0
//
// Unsigned LEB128, as the tables use it (kernel/kallmodsyms_internal.h).

#ifndef KALLMODSYMS_GEN_VARINT_H
#define KALLMODSYMS_GEN_VARINT_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace kallmodsyms {

inline void PutVarint(std::vector<uint8_t>* out, uint64_t v) {
  while (v >= 0x80) {
    out->push_back(static_cast<uint8_t>(v | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<uint8_t>(v));
}

// Reads one varint at *pos; false if it runs past `size` or 64 bits.
inline bool GetVarint(const uint8_t* data, size_t size, size_t* pos, uint64_t* v) {
  uint64_t value = 0;
  for (unsigned shift = 0; shift < 64 && *pos < size; shift += 7) {
    uint8_t b = data[(*pos)++];
    value |= static_cast<uint64_t>(b & 0x7f) << shift;
    if (!(b & 0x80)) {
      *v = value;
      return true;
    }
  }
  return false;
}

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_VARINT_H
