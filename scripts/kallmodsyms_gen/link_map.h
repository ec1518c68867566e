// SPDX-License-Identifier: GPL-2.0
//
// Linker map files: GNU ld's -Map format and LLVM lld's, detected from the
// text.  Only what places object code matters here: which input section of
// which file went where, and the output sections that hold them.

#ifndef KALLMODSYMS_GEN_LINK_MAP_H
#define KALLMODSYMS_GEN_LINK_MAP_H

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "input.h"

namespace kallmodsyms {

// One input section of one file, as placed by the link.  The names are
// views of the map's text: the LineReader must outlive them.
struct MapPiece {
  std::string_view output_section;
  std::string_view input_section;
  std::string_view file;  // an archive member "lib.a(x.o)" is named "x.o"
  uint64_t address = 0;
  uint64_t size = 0;
  size_t line = 0;  // where the map says so
  // The next piece of the output section (of any object) starts past this
  // one's end: fill follows, and a symbol of size 0 at the end can only be
  // this piece's (a lock_class_key without lockdep, say).
  bool gap_after = false;
};

struct OutputSection {
  std::string_view name;
  uint64_t address = 0;
  uint64_t size = 0;
};

struct LinkMap {
  enum class Format { kGnuLd, kLld };
  std::string path;
  Format format = Format::kGnuLd;
  std::string output_file;  // from GNU ld's OUTPUT(file format); may be empty
  std::vector<OutputSection> outputs;
  std::vector<MapPiece> pieces;  // in map order
  // While reading: the last piece kept, until the next piece of its output
  // section says whether a gap follows it.
  size_t open_piece = kNoPiece;
  static constexpr size_t kNoPiece = ~size_t{0};
};

// Says whether the pieces of an object file (named as MapPiece::file) are
// wanted.  Built-in module tables need only the objects of modules: most of
// a link's pieces can be checked and dropped as they are read.
using FileFilter = std::function<bool(std::string_view file)>;

// Parses a map; throws InputError naming the line on malformed input.  With
// `keep`, only the pieces of files it wants go into LinkMap::pieces (every
// line is still checked).
LinkMap ReadLinkMap(LineReader* in, const FileFilter& keep = nullptr);

// True for sections that take no address space in the image (debug info,
// notes, comments): they are left out of the address ranges.
bool IsNonAllocSection(std::string_view name);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_LINK_MAP_H
