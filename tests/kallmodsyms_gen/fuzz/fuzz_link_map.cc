// SPDX-License-Identifier: GPL-2.0
// libFuzzer: the link-map parser (GNU ld and lld) must accept or reject any
// input with an InputError, never crash, hang or read out of bounds.

#include <cstddef>
#include <cstdint>
#include <string>

#include "link_map.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  kallmodsyms::LineReader in("fuzz.map", std::string(reinterpret_cast<const char*>(data), size));
  try {
    kallmodsyms::ReadLinkMap(&in);
  } catch (const kallmodsyms::InputError&) {
  }
  return 0;
}
