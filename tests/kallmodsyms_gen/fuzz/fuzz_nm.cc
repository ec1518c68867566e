// SPDX-License-Identifier: GPL-2.0
// libFuzzer: the nm parser, then kallsyms ordering of whatever it accepted;
// and the size column's removal, which gives one line for every line.

#include <cstddef>
#include <cstdint>
#include <string>

#include "symbols.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  kallmodsyms::LineReader in("fuzz.nm", text);
  try {
    kallmodsyms::KallsymsOrder(kallmodsyms::ReadNm(&in), {size % 2 == 0});
  } catch (const kallmodsyms::InputError&) {
  }
  kallmodsyms::LineReader again("fuzz.nm", text);
  try {
    std::string stripped = kallmodsyms::StripSizes(&again);
    // One line out for every line in, none longer than it was.
    size_t lines = 0;
    for (char c : stripped) lines += c == '\n';
    if (lines != again.line_number() || stripped.size() > text.size() + lines) __builtin_trap();
  } catch (const kallmodsyms::InputError&) {
  }
  return 0;
}
