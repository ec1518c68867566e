// SPDX-License-Identifier: GPL-2.0
// libFuzzer: the nm parser, then kallsyms ordering of whatever it accepted.

#include <cstddef>
#include <cstdint>
#include <string>

#include "symbols.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  kallmodsyms::LineReader in("fuzz.nm", std::string(reinterpret_cast<const char*>(data), size));
  try {
    kallmodsyms::KallsymsOrder(kallmodsyms::ReadNm(&in), {size % 2 == 0});
  } catch (const kallmodsyms::InputError&) {
  }
  return 0;
}
