// SPDX-License-Identifier: GPL-2.0
//
// kallmodsyms_v8_figure: for make bench, the size of the kallmodsyms v8
// series' encoding of the inputs kallmodsyms_gen reads, to set beside the
// tool's own tables (kallmodsyms_gen --stats).  Takes the tool's input
// options; prints "v8 encoding N B".

#include <getopt.h>

#include <cstdio>
#include <optional>
#include <string>

#include "builtin_modules.h"
#include "layout.h"
#include "link_map.h"
#include "module_ranges.h"
#include "symbols.h"
#include "v8_encoding.h"

using namespace kallmodsyms;

int main(int argc, char** argv) {
  static const struct option kOptions[] = {
      {"map", required_argument, nullptr, 'm'},
      {"relocatable-map", required_argument, nullptr, 'r'},
      {"nm", required_argument, nullptr, 'n'},
      {"modules", required_argument, nullptr, 'b'},
      {"all-symbols", no_argument, nullptr, 'a'},
      {nullptr, 0, nullptr, 0},
  };
  std::string map, relocatable, nm, modules;
  KallsymsOptions options;
  for (int c; (c = getopt_long(argc, argv, "m:r:n:b:a", kOptions, nullptr)) != -1;) {
    switch (c) {
      case 'm':
        map = optarg;
        break;
      case 'r':
        relocatable = optarg;
        break;
      case 'n':
        nm = optarg;
        break;
      case 'b':
        modules = optarg;
        break;
      case 'a':
        options.all_symbols = true;
        break;
      default:
        return 2;
    }
  }
  if (map.empty() || nm.empty() || modules.empty() || optind != argc) {
    fprintf(stderr,
            "usage: kallmodsyms_v8_figure [--all-symbols] --map FILE [--relocatable-map FILE] "
            "--nm FILE --modules FILE\n");
    return 2;
  }
  try {
    LineReader map_in = LineReader::FromFile(map), nm_in = LineReader::FromFile(nm),
               modules_in = LineReader::FromFile(modules);
    LinkMap final_map = ReadLinkMap(&map_in), reloc_map;
    std::optional<LineReader> reloc_in;  // the pieces view its text
    if (!relocatable.empty()) {
      reloc_in.emplace(LineReader::FromFile(relocatable));
      reloc_map = ReadLinkMap(&*reloc_in);
    }
    Layout layout = ComposeLayout(final_map, relocatable.empty() ? nullptr : &reloc_map);
    BuiltinModules builtin = ReadBuiltinModules(&modules_in);
    ModuleSets sets;
    RangeMap ranges = BuildRangeMap(layout, builtin, &sets);
    SymbolList symbols = KallsymsOrder(ReadNm(&nm_in), options);
    printf("v8 encoding %zu B\n", V8EncodingBytes(ranges, sets, symbols));
  } catch (const std::exception& e) {
    fprintf(stderr, "kallmodsyms_v8_figure: %s\n", e.what());
    return 1;
  }
  return 0;
}
