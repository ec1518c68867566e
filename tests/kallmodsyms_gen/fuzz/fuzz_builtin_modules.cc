// SPDX-License-Identifier: GPL-2.0
// libFuzzer: the modules_thick.builtin parser.

#include <cstddef>
#include <cstdint>
#include <string>

#include "builtin_modules.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  kallmodsyms::LineReader in("fuzz.builtin",
                             std::string(reinterpret_cast<const char*>(data), size));
  try {
    kallmodsyms::ReadBuiltinModules(&in);
  } catch (const kallmodsyms::InputError&) {
  }
  return 0;
}
