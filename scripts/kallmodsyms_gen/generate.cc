// SPDX-License-Identifier: GPL-2.0

#include "generate.h"

#include <exception>
#include <future>
#include <thread>

#include "builtin_modules.h"
#include "emit_asm.h"
#include "layout.h"
#include "link_map.h"
#include "module_ranges.h"
#include "module_tables.h"
#include "size_table.h"

namespace kallmodsyms {

Output Generate(Inputs* in) {
  Output out;
  // Three readers of about equal work on the two or more cores a kernel
  // build has.  One reads the nm output and builds the size table, which
  // needs nothing else; one reads the final link's map; this thread reads
  // modules_thick.builtin and the relocatable link's map, then composes the
  // maps and builds the range map.  The module tables need all of it: they
  // are built as soon as the symbols are in order, while the nm reader
  // still writes out the size table.
  SymbolList symbols;
  uint64_t text_base = 0;
  bool have_text = false;
  bool symbols_ok = false;  // symbols and have_text are final
  std::promise<void> ordered;
  std::future<void> symbols_ordered = ordered.get_future();
  SizeTable sizes;
  std::string size_asm;
  std::exception_ptr nm_error;
  std::thread nm_reader([&] {
    try {
      in->nm->Prefault();
      symbols = KallsymsOrder(ReadNm(in->nm.get()), in->options);
      if (symbols.empty())
        throw InputError(in->nm->name(), 1, "expected kallsyms symbols, found none");
      have_text = FindSymbol(symbols, "_text", &text_base);
      symbols_ok = true;
      ordered.set_value();
      sizes = EncodeSizes(symbols);
      size_asm = EmitSizeTableAsm(sizes, symbols);
    } catch (...) {
      nm_error = std::current_exception();
      if (!symbols_ok) ordered.set_value();
    }
  });
  // The final map is read whole: its pieces of the intermediate vmlinux.o
  // are what the relocatable link's pieces compose to.
  LinkMap final_map;
  std::exception_ptr final_error;
  std::thread final_reader([&] {
    try {
      in->map->Prefault();
      final_map = ReadLinkMap(in->map.get());
    } catch (...) {
      final_error = std::current_exception();
    }
  });
  LinkMap relocatable;
  ModuleList module_list;
  BuiltinModules modules;
  std::exception_ptr modules_error;
  std::thread map_builder;
  ModuleSets sets;
  RangeMap ranges;
  std::exception_ptr map_error;
  bool maps_read = false;
  try {
    // modules_thick.builtin first: of the relocatable link's pieces only
    // those of module objects are kept.  Its maps are needed only once
    // the link maps are composed: another thread builds them meanwhile.
    if (in->relocatable) in->relocatable->Prefault();
    module_list = ReadModuleList(in->modules.get());
    map_builder = std::thread([&] {
      try {
        modules = BuildModuleMaps(module_list);
      } catch (...) {
        modules_error = std::current_exception();
      }
    });
    MemberObjects members(module_list);
    FileFilter is_member = [&members](std::string_view f) { return members.Wants(f); };
    if (in->relocatable) relocatable = ReadLinkMap(in->relocatable.get(), is_member);
    final_reader.join();
    if (final_error) std::rethrow_exception(final_error);
    maps_read = true;
    map_builder.join();
    if (modules_error) std::rethrow_exception(modules_error);
    Layout layout = ComposeLayout(final_map, in->relocatable ? &relocatable : nullptr, is_member);
    members.CheckAllLinked();
    ranges = BuildRangeMap(layout, modules, &sets);
    out.figures.modules = modules.names.size();
    // Nothing refers to the maps' text or to modules_thick.builtin's maps
    // and list any more (members is done with the list): unmapping and
    // freeing them takes a millisecond, done meanwhile.
    out.garbage.Release(std::move(layout), std::move(final_map), std::move(relocatable),
                        std::move(in->map), std::move(in->relocatable), std::move(modules),
                        std::move(module_list));
  } catch (...) {
    map_error = std::current_exception();
  }
  if (final_reader.joinable()) final_reader.join();
  if (map_builder.joinable()) map_builder.join();
  ModuleTables tables;
  std::string module_asm;
  std::exception_ptr table_error;
  symbols_ordered.wait();
  if (!map_error && symbols_ok && have_text) {
    try {
      tables = OptimizeModuleTables(ranges, sets, symbols, text_base, in->nm->name());
      module_asm = EmitModuleTablesAsm(tables, symbols.size());
    } catch (...) {
      table_error = std::current_exception();
    }
  }
  nm_reader.join();
  // Report errors in a fixed order, whichever thread finished first: the
  // syntax of the final map, of modules_thick.builtin and of the
  // relocatable map, then the nm output's, then what the inputs say
  // together.
  if (final_error) std::rethrow_exception(final_error);
  if (map_error && !maps_read) std::rethrow_exception(map_error);
  if (nm_error) std::rethrow_exception(nm_error);
  if (!have_text) throw InputError(in->nm->name(), 1, "expected the symbol _text");
  if (map_error) std::rethrow_exception(map_error);
  if (table_error) std::rethrow_exception(table_error);

  out.module_asm = std::move(module_asm);
  out.size_asm = std::move(size_asm);
  out.figures.symbols = symbols.size();
  for (const EncodedSpace& s : tables.spaces) out.figures.ranges += s.nr_ranges;
  out.figures.module_table_bytes = tables.Bytes();
  out.figures.size_table_bytes = sizes.Bytes();
  out.figures.size_escapes = sizes.nr_escapes;
  // What is left, the nm text and the symbols above all, is freed while
  // the caller writes the output.
  out.garbage.Release(std::move(symbols), std::move(sizes), std::move(tables), std::move(ranges),
                      std::move(sets), std::move(in->nm), std::move(in->modules));
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
