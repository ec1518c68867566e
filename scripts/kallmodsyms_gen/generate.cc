// SPDX-License-Identifier: GPL-2.0

#include "generate.h"

#include <functional>
#include <future>
#include <memory>
#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "builtin_modules.h"
#include "emit_asm.h"
#include "kallsyms_order.h"
#include "layout.h"
#include "link_map.h"
#include "module_ranges.h"
#include "module_tables.h"
#include "size_table.h"

namespace kallmodsyms {
namespace {

// Runs `f(args...)` on a thread of its own; the future carries its result
// or its exception.
template <typename F, typename... Args>
auto Async(F&& f, Args&&... args) {
  return std::async(std::launch::async, std::forward<F>(f), std::forward<Args>(args)...);
}

// Runs `f()` on this thread, now; the future carries its result or its
// exception, for the caller to report in its turn.
template <typename F>
auto Now(F&& f) {
  std::packaged_task<std::invoke_result_t<F>()> task(std::forward<F>(f));
  task();
  return task.get_future();
}

// The nm output's symbols as scripts/kallsyms keeps and orders them, and
// the address of _text, the base of the kernel's space.
struct Kallsyms {
  SymbolList symbols;
  uint64_t text_base = 0;
};

Kallsyms ReadKallsyms(LineReader* nm, KallsymsOptions options) {
  nm->Prefault();
  Kallsyms k;
  k.symbols = KallsymsOrder(ReadNm(nm), options);
  if (k.symbols.empty()) throw InputError(nm->name(), 1, "expected kallsyms symbols, found none");
  if (!FindSymbol(k.symbols, "_text", &k.text_base))
    throw InputError(nm->name(), 1, "expected the symbol _text");
  return k;
}

struct SizeTables {
  SizeTable table;
  std::string text;
};

SizeTables MakeSizeTables(std::shared_future<Kallsyms> kallsyms) {
  const SymbolList& symbols = kallsyms.get().symbols;
  SizeTables sizes;
  sizes.table = EncodeSizes(symbols);
  sizes.text = EmitSizeTableAsm(sizes.table, symbols);
  return sizes;
}

// Compares the symbols with those of scripts/kallsyms' file.
void CheckOrder(std::shared_future<Kallsyms> kallsyms, LineReader* kallsyms_asm,
                bool absolute_percpu) {
  const Kallsyms& k = kallsyms.get();
  CheckKallsymsOrder(kallsyms_asm, k.symbols, k.text_base, absolute_percpu);
}

// The final map is read whole: its pieces of the intermediate vmlinux.o
// are what the relocatable link's pieces compose to.
LinkMap ReadFinalMap(LineReader* map) {
  map->Prefault();
  return ReadLinkMap(map);
}

// modules_thick.builtin, and of the relocatable link's map only the
// pieces of module objects (`members` notes which objects the maps name).
// The module maps, needed only once the link maps are composed, are made
// from the list on another thread meanwhile.
struct ModuleInputs {
  explicit ModuleInputs(LineReader* modules) : list(ReadModuleList(modules)), members(list) {}
  ModuleInputs(const ModuleInputs&) = delete;  // `members` refers to `list`
  ModuleInputs& operator=(const ModuleInputs&) = delete;
  FileFilter IsMember() {
    return [this](std::string_view file) { return members.Wants(file); };
  }

  ModuleList list;
  MemberObjects members;
  std::future<BuiltinModules> maps;
  std::optional<LinkMap> relocatable;  // when there is one
};

std::unique_ptr<ModuleInputs> ReadModuleInputs(LineReader* modules, LineReader* relocatable) {
  if (relocatable) relocatable->Prefault();
  auto m = std::make_unique<ModuleInputs>(modules);
  m->maps = Async(BuildModuleMaps, std::cref(m->list));
  if (relocatable) m->relocatable = ReadLinkMap(relocatable, m->IsMember());
  return m;
}

// Which modules own which addresses.
struct ModuleRanges {
  RangeMap ranges;
  ModuleSets sets;
  size_t modules = 0;  // built-in modules in all
};

// Places the module objects' pieces at their final addresses, checks that
// every member object is in the maps, and maps the pieces to their
// modules.  Then nothing refers to the maps and module inputs any more:
// they are freed on another thread (`garbage`), with their readers.
ModuleRanges Compose(LinkMap final_map, std::unique_ptr<ModuleInputs> m, Inputs* in,
                     Releaser* garbage) {
  Layout layout =
      ComposeLayout(final_map, m->relocatable ? &*m->relocatable : nullptr, m->IsMember());
  m->members.CheckAllLinked();
  BuiltinModules builtin = m->maps.get();
  ModuleRanges r;
  r.ranges = BuildRangeMap(layout, builtin, &r.sets);
  r.modules = builtin.names.size();
  garbage->Release(std::move(layout), std::move(final_map), std::move(builtin), std::move(m),
                   std::move(in->map), std::move(in->relocatable), std::move(in->modules));
  return r;
}

}  // namespace

// The pipeline: read -> compose -> optimise -> emit.  Three readers of
// about equal work run at once on the two or more cores a kernel build
// has: the nm output (then the size table, which needs nothing else), the
// final link's map, and on this thread modules_thick.builtin and the
// relocatable link's map.
//
// Errors are reported in a fixed order, whichever thread finished first:
// the syntax of the final map, of modules_thick.builtin and of the
// relocatable map, then the nm output's, then what the inputs say
// together (scripts/kallsyms' symbols against the generator's, the
// composed layout, then the tables).  Each stage's future
// carries its error; they are taken in that order.
Output Generate(Inputs* in) {
  Output out;
  // Read.
  std::shared_future<Kallsyms> kallsyms = Async(ReadKallsyms, in->nm.get(), in->options).share();
  std::future<SizeTables> size_tables = Async(MakeSizeTables, kallsyms);
  std::future<void> order_checked =
      in->kallsyms_order
          ? Async(CheckOrder, kallsyms, in->kallsyms_order.get(), in->absolute_percpu)
          : Now([] {});
  std::future<LinkMap> final_map = Async(ReadFinalMap, in->map.get());
  std::future<std::unique_ptr<ModuleInputs>> module_inputs =
      Now([in] { return ReadModuleInputs(in->modules.get(), in->relocatable.get()); });

  // Compose.
  LinkMap map = final_map.get();
  std::unique_ptr<ModuleInputs> modules = module_inputs.get();
  std::future<ModuleRanges> composed =
      Now([&] { return Compose(std::move(map), std::move(modules), in, &out.garbage); });

  // Optimise and emit.
  const Kallsyms& k = kallsyms.get();
  order_checked.get();
  ModuleRanges ranges = composed.get();
  ModuleTables tables =
      OptimizeModuleTables(ranges.ranges, ranges.sets, k.symbols, k.text_base, in->nm->name());
  out.module_asm = EmitModuleTablesAsm(tables, k.symbols.size());
  SizeTables sizes = size_tables.get();
  out.size_asm = std::move(sizes.text);
  out.layout = TablesLayout(tables, sizes.table);

  out.figures.symbols = k.symbols.size();
  out.figures.modules = ranges.modules;
  for (const EncodedSpace& s : tables.spaces) out.figures.ranges += s.nr_ranges;
  out.figures.module_table_bytes = tables.Bytes();
  out.figures.size_table_bytes = sizes.table.Bytes();
  out.figures.size_escapes = sizes.table.nr_escapes;
  // What is left, the nm text and the symbols above all, is freed while
  // the caller writes the output.
  out.garbage.Release(std::move(kallsyms), std::move(sizes), std::move(tables), std::move(ranges),
                      std::move(in->nm), std::move(in->kallsyms_order));
  return out;
}

namespace {

ModuleTables EmptyModuleTables() {
  ModuleTables tables;
  tables.names.push_back('\0');
  tables.lists.push_back(0);
  tables.spaces[KALLMODSYMS_SPACE_KERNEL].base_symbol = "_text";
  return tables;
}

}  // namespace

std::string EmptyTablesAsm() { return EmitAsm(EmptyModuleTables(), SizeTable(), {}); }

std::string EmptyTablesLayout() { return TablesLayout(EmptyModuleTables(), SizeTable()); }

}  // namespace kallmodsyms
