// SPDX-License-Identifier: GPL-2.0
//
// kallmodsyms_gen: build the tables behind /proc/kallmodsyms (which built-in
// module owns each address, and every kallsyms symbol's size) from the link
// map(s), nm output and modules_thick.builtin.  Layout of the output:
// kernel/kallmodsyms_internal.h.

#include <getopt.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "emit_asm.h"
#include "generate.h"
#include "symbols.h"
#include "write_file.h"

using namespace kallmodsyms;

static void Usage(FILE* f) {
  fprintf(f,
          "usage: kallmodsyms_gen [--all-symbols] --map FILE [--relocatable-map FILE]\n"
          "                       --nm FILE --modules FILE --output FILE.S [--stats]\n"
          "                       [--kallsyms-order FILE.S [--absolute-percpu]]\n"
          "                       [--layout FILE]\n"
          "       kallmodsyms_gen --empty --output FILE.S [--layout FILE]\n"
          "       kallmodsyms_gen --strip-sizes --nm FILE --output FILE\n"
          "  --map FILE              map of the final link (GNU ld -Map or lld -Map)\n"
          "  --relocatable-map FILE  map of the `ld -r` link the final map names (vmlinux.o)\n"
          "  --nm FILE               `nm -n -S` of the link, filtered by scripts/mksysmap\n"
          "  --modules FILE          modules_thick.builtin\n"
          "  --all-symbols           as scripts/kallsyms --all-symbols (CONFIG_KALLSYMS_ALL)\n"
          "  --output FILE.S         the tables, as assembler\n"
          "  --kallsyms-order FILE.S scripts/kallsyms' output from the same nm output: fail\n"
          "                          unless its symbols are the tool's, in the same order\n"
          "  --absolute-percpu       scripts/kallsyms ran with --absolute-percpu\n"
          "  --layout FILE           the bytes under each label of the output, which the\n"
          "                          link compares between passes\n"
          "  --stats                 print table sizes to stderr\n"
          "  --empty                 tables that describe nothing (first link pass)\n"
          "  --strip-sizes           write the --nm lines less their size column (the\n"
          "                          input of scripts/kallsyms) to --output\n");
}

int main(int argc, char** argv) {
  static const struct option kOptions[] = {
      {"map", required_argument, nullptr, 'm'},
      {"relocatable-map", required_argument, nullptr, 'r'},
      {"nm", required_argument, nullptr, 'n'},
      {"modules", required_argument, nullptr, 'b'},
      {"output", required_argument, nullptr, 'o'},
      {"all-symbols", no_argument, nullptr, 'a'},
      {"kallsyms-order", required_argument, nullptr, 'k'},
      {"absolute-percpu", no_argument, nullptr, 'P'},
      {"stats", no_argument, nullptr, 's'},
      {"empty", no_argument, nullptr, 'p'},
      {"strip-sizes", no_argument, nullptr, 'z'},
      {"layout", required_argument, nullptr, 'l'},
      {"help", no_argument, nullptr, 'h'},
      {nullptr, 0, nullptr, 0},
  };
  std::string map, relocatable, nm, modules, output, kallsyms_order, layout;
  bool stats = false, empty = false, strip_sizes = false;
  Inputs in;
  int c;
  while ((c = getopt_long(argc, argv, "m:r:n:b:o:k:l:Paspzh", kOptions, nullptr)) != -1) {
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
      case 'o':
        output = optarg;
        break;
      case 'k':
        kallsyms_order = optarg;
        break;
      case 'l':
        layout = optarg;
        break;
      case 'P':
        in.absolute_percpu = true;
        break;
      case 'a':
        in.options.all_symbols = true;
        break;
      case 's':
        stats = true;
        break;
      case 'p':
        empty = true;
        break;
      case 'z':
        strip_sizes = true;
        break;
      case 'h':
        Usage(stdout);
        return 0;
      default:
        Usage(stderr);
        return 2;
    }
  }
  if ((empty && strip_sizes) || (strip_sizes && !layout.empty())) {
    Usage(stderr);
    return 2;
  }
  if (empty && !output.empty() && optind == argc) {
    try {
      WriteFileAtomically(output, {EmptyTablesAsm()});
      if (!layout.empty()) WriteFileAtomically(layout, {EmptyTablesLayout()});
    } catch (const std::exception& e) {
      fprintf(stderr, "kallmodsyms_gen: %s\n", e.what());
      return 1;
    }
    return 0;
  }
  if (strip_sizes && !nm.empty() && !output.empty() && optind == argc) {
    try {
      LineReader in = LineReader::FromFile(nm);
      WriteFileAtomically(output, {StripSizes(&in)});
    } catch (const std::exception& e) {
      fprintf(stderr, "kallmodsyms_gen: %s\n", e.what());
      return 1;
    }
    return 0;
  }
  if (map.empty() || nm.empty() || modules.empty() || output.empty() || optind != argc) {
    Usage(stderr);
    return 2;
  }
  try {
    // read_map(); read_nm(); read_modules(); compose; optimise; emit.
    in.map = std::make_unique<LineReader>(LineReader::FromFile(map));
    if (!relocatable.empty())
      in.relocatable = std::make_unique<LineReader>(LineReader::FromFile(relocatable));
    in.nm = std::make_unique<LineReader>(LineReader::FromFile(nm));
    in.modules = std::make_unique<LineReader>(LineReader::FromFile(modules));
    if (!kallsyms_order.empty())
      in.kallsyms_order = std::make_unique<LineReader>(LineReader::FromFile(kallsyms_order));
    Output out = Generate(&in);
    WriteFileAtomically(output, {out.module_asm, out.size_asm});
    if (!layout.empty()) WriteFileAtomically(layout, {out.layout});
    if (stats) {
      const Figures& f = out.figures;
      fprintf(stderr,
              "kallmodsyms_gen: %zu symbols, %zu modules, %zu ranges; module tables %zu B, "
              "size table %zu B (%.3f B/symbol, %zu escapes)\n",
              f.symbols, f.modules, f.ranges, f.module_table_bytes, f.size_table_bytes,
              f.symbols ? static_cast<double>(f.size_table_bytes) / f.symbols : 0.0,
              f.size_escapes);
    }
  } catch (const std::exception& e) {
    fprintf(stderr, "kallmodsyms_gen: %s\n", e.what());
    return 1;
  }
  return 0;
}
