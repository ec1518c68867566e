// SPDX-License-Identifier: GPL-2.0
// The real x86_64 defconfig link of ../shared/data: generate, then decode the
// emitted tables for every kallsyms symbol and compare with what the inputs
// say, found here the plain way (a binary search over the object pieces).

#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "builtin_modules.h"
#include "decoder.h"
#include "generate.h"
#include "layout.h"
#include "link_map.h"
#include "module_ranges.h"
#include "v8_encoding.h"

namespace kallmodsyms {
namespace {

std::string Data(const std::string& name) { return std::string(DATASET_DIR) + "/" + name; }

TEST(Dataset, EverySymbolDecodesToWhatTheInputsSay) {
  if (std::string(DATASET_DIR).empty()) GTEST_FAIL() << "configure with -DDATASET=DIR";
  Inputs in;
  in.map = std::make_unique<LineReader>(LineReader::FromFile(Data("vmlinux.map")));
  in.relocatable = std::make_unique<LineReader>(LineReader::FromFile(Data("vmlinux.o.map")));
  in.nm = std::make_unique<LineReader>(LineReader::FromFile(Data("vmlinux.nm.kallsyms")));
  in.modules = std::make_unique<LineReader>(LineReader::FromFile(Data("modules_thick.builtin")));
  in.options.all_symbols = true;
  Output out = Generate(&in);
  kallmodsyms_test::Decoder d(out.Text());

  // The inputs, read again for the expectation.
  LineReader nm = LineReader::FromFile(Data("vmlinux.nm.kallsyms"));
  SymbolList syms = KallsymsOrder(ReadNm(&nm), {true});
  LineReader fm = LineReader::FromFile(Data("vmlinux.map"));
  LineReader rm = LineReader::FromFile(Data("vmlinux.o.map"));
  LinkMap final_map = ReadLinkMap(&fm), reloc = ReadLinkMap(&rm);
  Layout layout = ComposeLayout(final_map, &reloc);
  LineReader mb = LineReader::FromFile(Data("modules_thick.builtin"));
  BuiltinModules mods = ReadBuiltinModules(&mb);
  uint64_t text = 0;
  ASSERT_TRUE(FindSymbol(syms, "_text", &text));

  ASSERT_EQ(d.num_syms(), syms.size());
  std::vector<uint64_t> addrs;
  for (const Symbol& s : syms) addrs.push_back(s.address);
  size_t with_module = 0, multi = 0, bad_size = 0, bad_module = 0;
  for (size_t i = 0; i < syms.size(); ++i) {
    const Symbol& s = syms[i];
    // The last piece that starts at or below the address and holds it,
    // or ends right at it with fill after it.
    std::set<std::string> want;
    auto it = std::upper_bound(layout.placements.begin(), layout.placements.end(), s.address,
                               [](uint64_t a, const Placement& p) { return a < p.address; });
    while (it != layout.placements.begin()) {
      --it;
      if (s.address < it->address + it->size ||
          (it->gap_after && s.address == it->address + it->size)) {
        auto m = mods.modules_of.find(it->file);
        if (m != mods.modules_of.end()) want = m->second;
        break;
      }
      if (it->address + it->size <= s.address && it->size) break;
    }
    with_module += !want.empty();
    multi += want.size() > 1;
    if (d.ModulesOf(s.address, text) != want && ++bad_module <= 10)
      ADD_FAILURE() << s.name() << ": modules differ";
    if (d.SizeOf(i, addrs) != s.size && ++bad_size <= 10)
      ADD_FAILURE() << s.name() << ": size " << d.SizeOf(i, addrs) << " != " << s.size;
  }
  EXPECT_EQ(bad_module, 0u);
  EXPECT_EQ(bad_size, 0u);
  // The dataset has 339 built-in modules; a good share of symbols is theirs.
  EXPECT_GT(with_module, 10000u);
  EXPECT_EQ(out.figures.modules, 339u);
  // Targets: below one byte per symbol for sizes, below v8 for modules.
  EXPECT_LT(out.figures.size_table_bytes, syms.size());
  ModuleSets sets;
  RangeMap ranges = BuildRangeMap(layout, mods, &sets);
  EXPECT_LT(out.figures.module_table_bytes, V8EncodingBytes(ranges, sets, syms));
  RecordProperty("symbols", std::to_string(syms.size()));
  RecordProperty("multi_module_symbols", std::to_string(multi));
}

}  // namespace
}  // namespace kallmodsyms
