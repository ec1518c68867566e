// SPDX-License-Identifier: GPL-2.0
// libFuzzer: the link-map parser (GNU ld and lld) must accept or reject any
// input with an InputError, never crash, hang or read out of bounds.  Read
// with a file filter, it must reject the same inputs and keep exactly the
// wanted pieces of an unfiltered read.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "link_map.h"

namespace {

bool Wanted(std::string_view file) { return file.size() % 2 == 0; }

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string text(reinterpret_cast<const char*>(data), size);
  kallmodsyms::LineReader all_in("fuzz.map", text), some_in("fuzz.map", text);
  kallmodsyms::LinkMap all, some;
  bool all_ok = true, some_ok = true;
  try {
    all = kallmodsyms::ReadLinkMap(&all_in);
  } catch (const kallmodsyms::InputError&) {
    all_ok = false;
  }
  try {
    some = kallmodsyms::ReadLinkMap(&some_in, Wanted);
  } catch (const kallmodsyms::InputError&) {
    some_ok = false;
  }
  if (all_ok != some_ok) abort();
  if (!all_ok) return 0;
  std::vector<const kallmodsyms::MapPiece*> wanted;
  for (const kallmodsyms::MapPiece& p : all.pieces)
    if (Wanted(p.file)) wanted.push_back(&p);
  if (wanted.size() != some.pieces.size()) abort();
  for (size_t i = 0; i < wanted.size(); ++i) {
    const kallmodsyms::MapPiece &a = *wanted[i], &b = some.pieces[i];
    if (a.file != b.file || a.input_section != b.input_section ||
        a.output_section != b.output_section || a.address != b.address || a.size != b.size ||
        a.line != b.line)
      abort();
  }
  return 0;
}
