// SPDX-License-Identifier: GPL-2.0
//
// The whole generator as one call: inputs in, assembler text and figures out.

#ifndef KALLMODSYMS_GEN_GENERATE_H
#define KALLMODSYMS_GEN_GENERATE_H

#include <memory>
#include <string>

#include "input.h"
#include "releaser.h"
#include "symbols.h"

namespace kallmodsyms {

struct Inputs {
  std::unique_ptr<LineReader> map;          // the final link's map
  std::unique_ptr<LineReader> relocatable;  // the `ld -r` map; may be null
  std::unique_ptr<LineReader> nm;           // nm -n -S | sed -f scripts/mksysmap
  std::unique_ptr<LineReader> modules;      // modules_thick.builtin
  KallsymsOptions options;
  // scripts/kallsyms' output from the same nm output, to check that its
  // symbols are the generator's (kallsyms_order.h); may be null.
  std::unique_ptr<LineReader> kallsyms_order;
  bool absolute_percpu = false;  // scripts/kallsyms ran with --absolute-percpu
};

struct Figures {
  size_t symbols = 0;
  size_t modules = 0;
  size_t ranges = 0;
  size_t module_table_bytes = 0;
  size_t size_table_bytes = 0;
  size_t size_escapes = 0;
};

struct Output {
  // The assembler file: the module tables, then the size table.
  std::string module_asm;
  std::string size_asm;
  std::string layout;  // TablesLayout()
  Figures figures;
  // The inputs and what was made of them, being freed on other threads
  // while the caller writes the output: destroying the Output waits.
  Releaser garbage;
  std::string Text() const { return module_asm + size_asm; }
};

// Throws InputError on bad input.  Takes the readers of `inputs` and frees
// them, as soon as it is done with each, on other threads (Output::garbage).
Output Generate(Inputs* inputs);

// Tables that describe nothing, for the first kallsyms link pass, which
// only needs the symbols to exist.
std::string EmptyTablesAsm();
std::string EmptyTablesLayout();

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_GENERATE_H
