// SPDX-License-Identifier: GPL-2.0
// Exact-output tests from tiny hand-written inputs (golden/): an object in
// two modules, an object split over several sections, a one-file module,
// symbols at range edges, aliases with different sizes, wrapped GNU ld map
// lines, a merged string section, and the same link as an lld map.
// Set UPDATE_GOLDEN=1 to rewrite golden/expected.S after a deliberate change.

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "decoder.h"
#include "generate.h"
#include "link_map.h"

namespace kallmodsyms {
namespace {

std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::unique_ptr<LineReader> Golden(const std::string& name) {
  return std::make_unique<LineReader>(LineReader::FromFile(std::string(GOLDEN_DIR) + "/" + name));
}

Output GenerateGolden(bool lld) {
  Inputs in;
  if (lld) {
    in.map = Golden("lld/vmlinux.map");
  } else {
    in.map = Golden("gnu/vmlinux.map");
    in.relocatable = Golden("gnu/vmlinux.o.map");
  }
  in.nm = Golden("nm");
  in.modules = Golden("modules_thick.builtin");
  in.options.all_symbols = true;
  return Generate(&in);
}

TEST(Golden, GnuMapsGiveTheExpectedAssembler) {
  std::string got = GenerateGolden(false).Text();
  std::string path = std::string(GOLDEN_DIR) + "/expected.S";
  if (getenv("UPDATE_GOLDEN")) std::ofstream(path) << got;
  EXPECT_EQ(got, Slurp(path));
}

TEST(Golden, LldMapGivesTheSameAssembler) {
  EXPECT_EQ(GenerateGolden(true).Text(), GenerateGolden(false).Text());
}

TEST(Golden, SameInputsGiveByteIdenticalOutput) {
  EXPECT_EQ(GenerateGolden(false).Text(), GenerateGolden(false).Text());
}

struct Want {
  const char* name;
  uint64_t size;
  std::set<std::string> modules;
};

TEST(Golden, EverySymbolDecodesToItsModulesAndSize) {
  // In kallsyms order (weak symbols after their aliases).
  const Want want[] = {
      {"percpu_main_var", 0x10, {}},
      {"percpu_single_var", 0x8, {"single"}},
      {"_stext", 0, {}},
      {"_text", 0, {}},
      {"start_kernel", 0xe0, {}},
      {"shared_helper", 0x50, {"alpha", "beta"}},  // one object, two modules
      {"shared_other", 0x30, {"alpha", "beta"}},
      {"alpha_probe", 0x78, {"alpha"}},
      {"beta_probe_alias", 0x10, {"beta"}},  // aliases, different sizes
      {"beta_probe", 0x3c, {"beta"}},
      {"__beta_weak", 0x3c, {"beta"}},
      {"single_fn", 0xc, {"single"}},   // first address of its range
      {"_etext", 0, {}},                // end of a range: outside it
      {"alpha_init", 0x30, {"alpha"}},  // init text of a module
      {"_sinittext", 0, {"alpha"}},     // more leading '_' sort later
      {"init_main_fn", 0x2a, {}},
      {"_einittext", 0, {}},
      {"single_table", 0x20, {"single"}},  // wrapped section name
      {"single_data", 0x20, {"single"}},
      {"main_data", 0x20, {}},
      {"_edata", 0, {}},
  };
  Inputs in;
  in.nm = Golden("nm");
  SymbolList syms = KallsymsOrder(ReadNm(in.nm.get()), {true});
  ASSERT_EQ(syms.size(), std::size(want));
  kallmodsyms_test::Decoder d(GenerateGolden(false).Text());
  ASSERT_EQ(d.num_syms(), syms.size());
  std::vector<uint64_t> addrs;
  for (const Symbol& s : syms) addrs.push_back(s.address);
  for (size_t i = 0; i < syms.size(); ++i) {
    EXPECT_EQ(syms[i].name(), want[i].name);
    EXPECT_EQ(d.SizeOf(i, addrs), want[i].size) << want[i].name;
    EXPECT_EQ(d.ModulesOf(syms[i].address, 0xffffffff81000000), want[i].modules) << want[i].name;
  }
}

// The layout link-vmlinux.sh compares between passes: where each label of
// the emitted assembler starts (each aligned to 8), then where the last
// one ends, from the bytes under each.
void ExpectLayoutOf(const std::string& asm_text, const std::string& layout) {
  kallmodsyms_test::Decoder d(asm_text);
  std::istringstream lines(layout);
  std::string label, last;
  size_t offset, at = 0, n = 0;
  while (lines >> label >> offset) {
    if (!last.empty()) at += d.Section(last).size();
    if (label == "end") {
      EXPECT_EQ(offset, at);
      break;
    }
    at = (at + 7) / 8 * 8;
    EXPECT_EQ(offset, at) << label;
    last = label;
    ++n;
  }
  EXPECT_EQ(label, "end");
  EXPECT_EQ(n, 11u);
}

TEST(Golden, LayoutIsWhereEachLabelStarts) {
  Output out = GenerateGolden(false);
  ExpectLayoutOf(out.Text(), out.layout);
  ExpectLayoutOf(EmptyTablesAsm(), EmptyTablesLayout());
  EXPECT_NE(out.layout, EmptyTablesLayout());
}

// Lines of every kind that lld 14 wrote for the LLVM=1 test kernel's first
// kallsyms link (.tmp_vmlinux1.map): the header, every line at the output
// sections' depth (28 sections, and six ASSERT()s, which lld writes without
// a name) and a few of each other kind (assignments at every depth, input
// sections, <internal> pieces, symbols).
TEST(Golden, RealLldMapReadsEveryKindOfLine) {
  auto in = Golden("lld-real/vmlinux.map");
  LinkMap m = ReadLinkMap(in.get());
  EXPECT_EQ(m.format, LinkMap::Format::kLld);
  ASSERT_EQ(m.outputs.size(), 28u);
  for (const OutputSection& o : m.outputs) {
    // Neither ASSERT()s nor assignments such as ". = 0xffffffff81000000"
    EXPECT_FALSE(o.name.empty());
    EXPECT_EQ(o.name.find('='), std::string_view::npos) << o.name;
  }
  EXPECT_EQ(m.outputs[0].name, ".text");
  ASSERT_FALSE(m.pieces.empty());
  EXPECT_EQ(m.pieces[0].file, "vmlinux.o");
  EXPECT_EQ(m.pieces[0].address, 0xffffffff81000000u);
  EXPECT_EQ(m.pieces[0].size, 0x3e6u);
}

}  // namespace
}  // namespace kallmodsyms
