// SPDX-License-Identifier: GPL-2.0

#include "generate.h"

#include <exception>
#include <thread>

#include "builtin_modules.h"
#include "emit_asm.h"
#include "layout.h"
#include "link_map.h"
#include "module_tables.h"
#include "range_map.h"
#include "size_table.h"

namespace kallmodsyms {

Output Generate(Inputs* in) {
  // The nm output and the maps are independent: read them side by side.
  std::vector<Symbol> symbols;
  std::exception_ptr nm_error;
  std::thread nm_reader([&] {
    try {
      symbols = KallsymsOrder(ReadNm(in->nm.get()), in->options);
    } catch (...) {
      nm_error = std::current_exception();
    }
  });
  LinkMap final_map, relocatable;
  BuiltinModules modules;
  std::exception_ptr map_error;
  try {
    final_map = ReadLinkMap(in->map.get());
    if (in->relocatable) relocatable = ReadLinkMap(in->relocatable.get());
    modules = ReadBuiltinModules(in->modules.get());
  } catch (...) {
    map_error = std::current_exception();
  }
  nm_reader.join();
  // Report errors in a fixed order, whichever thread finished first.
  if (map_error) std::rethrow_exception(map_error);
  if (nm_error) std::rethrow_exception(nm_error);

  if (symbols.empty()) throw InputError(in->nm->name(), 1, "expected kallsyms symbols, found none");
  uint64_t text_base;
  if (!FindSymbol(symbols, "_text", &text_base))
    throw InputError(in->nm->name(), 1, "expected the symbol _text");

  // The size table needs only the symbols: build it beside the module tables.
  SizeTable sizes;
  std::string size_asm;
  std::thread size_writer([&] {
    sizes = EncodeSizes(symbols);
    size_asm = EmitSizeTableAsm(sizes, symbols);
  });
  ModuleSets sets;
  RangeMap ranges;
  ModuleTables tables;
  std::exception_ptr tables_error;
  try {
    Layout layout = ComposeLayout(final_map, in->relocatable ? &relocatable : nullptr);
    CheckMembersLinked(modules, layout.files);
    ranges = BuildRangeMap(layout, modules, &sets);
    tables = OptimizeModuleTables(ranges, sets, symbols, text_base, in->nm->name());
  } catch (...) {
    tables_error = std::current_exception();
  }
  size_writer.join();
  if (tables_error) std::rethrow_exception(tables_error);

  Output out;
  out.asm_text = EmitModuleTablesAsm(tables, symbols.size());
  out.asm_text += size_asm;
  out.figures.symbols = symbols.size();
  out.figures.modules = modules.names.size();
  for (const EncodedSpace& s : tables.spaces) out.figures.ranges += s.nr_ranges;
  out.figures.module_table_bytes = tables.Bytes();
  out.figures.size_table_bytes = sizes.Bytes();
  out.figures.size_escapes = sizes.nr_escapes;
  out.figures.v8_bytes = V8EncodingBytes(ranges, sets, symbols);
  return out;
}

std::string EmptyTablesAsm() {
  ModuleTables tables;
  tables.names.push_back('\0');
  tables.lists.push_back(0);
  tables.spaces[KALLMODSYMS_SPACE_KERNEL].base_symbol = "_text";
  return EmitAsm(tables, SizeTable(), {});
}

}  // namespace kallmodsyms
