// SPDX-License-Identifier: GPL-2.0
// The optimiser: ranges cut at symbol addresses, names and lists stored once.

#include "module_tables.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <random>

#include "decoder.h"
#include "emit_asm.h"
#include "size_table.h"
#include "v8_encoding.h"

namespace kallmodsyms {
namespace {

constexpr uint64_t kText = 0xffffffff81000000;

// Symbol names are views: keep the strings they view alive.
std::string_view Name(const std::string& s) {
  static std::deque<std::string> names;
  names.push_back(s);
  return names.back();
}

SymbolList Syms(std::initializer_list<uint64_t> addrs) {
  SymbolList out;
  int i = 0;
  for (uint64_t a : addrs) out.push_back({a, 0, 't', Name("s" + std::to_string(i++))});
  return out;
}

struct Fixture {
  ModuleSets sets;
  RangeMap map;
  uint32_t alpha, beta, both;
  Fixture() {
    alpha = sets.Intern({"alpha"});
    beta = sets.Intern({"beta"});
    both = sets.Intern({"alpha", "beta"});
  }
};

TEST(ModuleTables, GapsWithoutSymbolsFuseAway) {
  Fixture f;
  // alpha, a core-kernel gap with no symbol in it, alpha again.
  f.map.Add(kText + 0x100, kText + 0x200, f.alpha);
  f.map.Add(kText + 0x300, kText + 0x400, f.alpha);
  ModuleTables t = OptimizeModuleTables(
      f.map, f.sets, Syms({kText, kText + 0x100, kText + 0x300, kText + 0x400}), kText, "nm");
  const EncodedSpace& k = t.spaces[KALLMODSYMS_SPACE_KERNEL];
  ASSERT_EQ(k.nr_ranges, 3u);  // none, alpha (both pieces), none
  EXPECT_EQ(k.rows[0].ref, 0u);
  EXPECT_EQ(k.rows[1].start, 0x100u);
  EXPECT_EQ(k.rows[1].ref, RefOf(t, {"alpha"}));
  EXPECT_EQ(k.rows[2].start, 0x400u);
}

TEST(ModuleTables, TheLastModuleRangeIsClosed) {
  Fixture f;
  // The last symbols are alpha's: addresses past alpha's range are no
  // module's, in the kernel space and in the per-cpu space.
  f.map.Add(0x100, 0x200, f.beta);
  f.map.Add(kText + 0x100, kText + 0x200, f.alpha);
  SymbolList syms = Syms({0x0, 0x100, kText, kText + 0x100, kText + 0x180});
  ModuleTables t = OptimizeModuleTables(f.map, f.sets, syms, kText, "nm");
  const EncodedSpace& k = t.spaces[KALLMODSYMS_SPACE_KERNEL];
  ASSERT_EQ(k.nr_ranges, 3u);  // none, alpha, none
  EXPECT_EQ(k.rows[1].ref, RefOf(t, {"alpha"}));
  EXPECT_EQ(k.rows[2].start, 0x200u);
  EXPECT_EQ(k.rows[2].ref, 0u);
  kallmodsyms_test::Decoder d(EmitAsm(t, EncodeSizes(syms), syms));
  EXPECT_EQ(d.ModulesOf(kText + 0x1ff, kText), ModuleSet({"alpha"}));
  EXPECT_TRUE(d.ModulesOf(kText + 0x200, kText).empty());
  EXPECT_TRUE(d.ModulesOf(kText + 0x10000, kText).empty());
  EXPECT_EQ(d.ModulesOf(0x1ff, kText), ModuleSet({"beta"}));
  EXPECT_TRUE(d.ModulesOf(0x200, kText).empty());
}

TEST(ModuleTables, NamesAndListsAreStoredOnce) {
  Fixture f;
  f.map.Add(kText + 0x000, kText + 0x100, f.both);
  f.map.Add(kText + 0x100, kText + 0x200, f.alpha);
  f.map.Add(kText + 0x200, kText + 0x300, f.both);
  f.map.Add(kText + 0x300, kText + 0x400, f.beta);
  ModuleTables t = OptimizeModuleTables(
      f.map, f.sets, Syms({kText, kText + 0x100, kText + 0x200, kText + 0x300}), kText, "nm");
  EXPECT_EQ(t.names, std::string("\0alpha\0beta\0", 12));
  // One list for {alpha, beta}: word 0 unused, count, two names.
  ASSERT_EQ(t.lists.size(), 4u);
  EXPECT_EQ(t.lists[1], 2);
  EXPECT_EQ(t.lists[2], t.name_offset.at("alpha"));
  EXPECT_EQ(t.lists[3], t.name_offset.at("beta"));
  // Single-module refs point at the names themselves.
  EXPECT_EQ(RefOf(t, {"alpha"}), (t.name_offset.at("alpha") << 1) | 1);
  EXPECT_EQ(RefOf(t, {"alpha", "beta"}), 1u << 1);
  // none, alpha, both, beta, and none from the end of beta's range on
  EXPECT_EQ(t.spaces[KALLMODSYMS_SPACE_KERNEL].nr_ranges, 5u);
}

TEST(ModuleTables, PercpuAddressesGetTheirOwnSpace) {
  Fixture f;
  f.map.Add(0x10, 0x20, f.beta);
  ModuleTables t = OptimizeModuleTables(f.map, f.sets, Syms({0x0, 0x10, kText}), kText, "nm");
  const EncodedSpace& p = t.spaces[KALLMODSYMS_SPACE_PERCPU];
  ASSERT_EQ(p.nr_ranges, 3u);  // none, beta, none past beta's range
  EXPECT_EQ(p.rows[1].start, 0x10u);
  EXPECT_EQ(p.rows[1].ref, RefOf(t, {"beta"}));
  EXPECT_EQ(p.rows[2].start, 0x20u);
  EXPECT_EQ(p.rows[2].ref, 0u);
  EXPECT_TRUE(p.base_symbol.empty());
  EXPECT_EQ(t.spaces[KALLMODSYMS_SPACE_KERNEL].base_symbol, "_text");
}

TEST(ModuleTables, BlocksIndexEveryNthRecordAndDecodeBack) {
  Fixture f;
  SymbolList syms;
  // 100 alternating ranges: more than three blocks.
  for (uint64_t i = 0; i < 100; ++i) {
    if (i % 2) f.map.Add(kText + i * 0x40, kText + i * 0x40 + 0x40, i % 4 == 1 ? f.alpha : f.both);
    syms.push_back({kText + i * 0x40, 0, 't', Name("f" + std::to_string(i))});
  }
  ModuleTables t = OptimizeModuleTables(f.map, f.sets, syms, kText, "nm");
  const EncodedSpace& k = t.spaces[KALLMODSYMS_SPACE_KERNEL];
  // The last symbol's range is a module's: one more, closing it
  EXPECT_EQ(k.nr_ranges, 101u);
  EXPECT_EQ(k.index.size(), (101 + KALLMODSYMS_RANGE_BLOCK - 1) / KALLMODSYMS_RANGE_BLOCK);
  kallmodsyms_test::Decoder d(EmitAsm(t, EncodeSizes(syms), syms));
  for (uint64_t i = 0; i < 100; ++i) {
    std::set<std::string> want;
    if (i % 4 == 1) want = {"alpha"};
    if (i % 4 == 3) want = {"alpha", "beta"};
    EXPECT_EQ(d.ModulesOf(kText + i * 0x40 + 8, kText), want) << i;
  }
}

// Random ranges, adjacent or apart, in both spaces and across _text, and
// random symbols, some at one address, some at range edges, some beyond
// the last range: the tables give each symbol's address the set that a
// look-up in the range map gives.
TEST(ModuleTables, EverySymbolGetsTheSetOfItsRange) {
  constexpr uint64_t kBase = 0x10000;  // _text: per-cpu offsets are below it
  std::mt19937_64 rng(7);
  for (int round = 0; round < 200; ++round) {
    Fixture f;
    uint32_t set_ids[] = {f.alpha, f.beta, f.both};
    std::vector<uint64_t> edges;
    uint64_t at = kBase - 0x1000 + rng() % 0x800;
    size_t nr_ranges = rng() % 12;
    for (size_t i = 0; i < nr_ranges; ++i) {
      at += rng() % 3 ? rng() % 0x100 : 0;  // a gap or none
      uint64_t end = at + 1 + rng() % 0x400;
      ASSERT_TRUE(f.map.Add(at, end, set_ids[rng() % 3]));
      edges.push_back(at);
      edges.push_back(end);
      at = end;
    }
    std::vector<uint64_t> addrs;
    for (size_t i = rng() % 40; i > 0; --i) {
      if (!edges.empty() && rng() % 2)
        addrs.push_back(edges[rng() % edges.size()] - rng() % 2);
      else
        addrs.push_back(kBase - 0x1000 + rng() % 0x4000);
    }
    addrs.push_back(kBase);  // _text is always there
    std::sort(addrs.begin(), addrs.end());
    SymbolList syms;
    for (uint64_t a : addrs) syms.push_back({a, 0, 't', Name("x")});
    ModuleTables t = OptimizeModuleTables(f.map, f.sets, syms, kBase, "nm");
    kallmodsyms_test::Decoder d(EmitAsm(t, EncodeSizes(syms), syms));
    for (uint64_t a : addrs)
      ASSERT_EQ(d.ModulesOf(a, kBase), f.sets.Get(f.map.Lookup(a)))
          << "round " << round << " address " << std::hex << a;
  }
}

// allyesconfig links thousands of built-in modules (some 7,000 names of
// about 12 bytes): 10,000 modules with names of 20 bytes, 200 KiB of
// names, past what 16-bit offsets reach, and 30,000 objects in 1 to 8 of
// them each.  Every object's address decodes back to its modules.
TEST(ModuleTables, TenThousandModulesAndObjectsInUpToEightEach) {
  constexpr int kModules = 10000, kObjects = 30000;
  auto module = [](int i) {
    char name[32];
    snprintf(name, sizeof(name), "builtin_module_%05d", i);
    return std::string(name);
  };
  std::mt19937 rng(11);
  ModuleSets sets;
  RangeMap map;
  SymbolList syms;
  std::vector<ModuleSet> want;
  for (int i = 0; i < kObjects; ++i) {
    ModuleSet s;
    if (i < kModules) s.insert(module(i));  // every module has an object
    for (size_t n = 1 + rng() % 8; s.size() < n;) s.insert(module(rng() % kModules));
    uint64_t at = kText + 0x100 * static_cast<uint64_t>(i);
    ASSERT_TRUE(map.Add(at, at + 0x100, sets.Intern(s)));
    syms.push_back({at, 0, 't', Name("f" + std::to_string(i))});
    want.push_back(s);
  }
  ModuleTables t = OptimizeModuleTables(map, sets, syms, kText, "nm");
  EXPECT_EQ(t.name_offset.size(), static_cast<size_t>(kModules));
  EXPECT_GT(t.names.size(), 0x30000u);
  EXPECT_GT(t.lists.size(), 0x10000u);
  kallmodsyms_test::Decoder d(EmitAsm(t, EncodeSizes(syms), syms));
  for (int i = 0; i < kObjects; ++i)
    ASSERT_EQ(d.ModulesOf(kText + 0x100 * static_cast<uint64_t>(i) + 0x80, kText), want[i]) << i;
}

TEST(ModuleTables, APercpuAddressBeyond4GiBIsAnError) {
  Fixture f;
  try {
    OptimizeModuleTables(f.map, f.sets, Syms({0x10, (1ull << 32) + 5, kText}), kText, "x.nm");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "x.nm:0: expected symbol addresses within 4 GiB of 0, s1 is at 0x100000005");
  }
}

TEST(ModuleTables, AnAddressBeyond4GiBOfItsBaseIsAnError) {
  Fixture f;
  try {
    OptimizeModuleTables(f.map, f.sets, Syms({0x1000, 0x1000 + (1ull << 32)}), 0x1000, "x.nm");
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "x.nm:0: expected symbol addresses within 4 GiB of _text, s1 is at 0x100001000");
  }
}

TEST(ModuleTables, V8FigureCountsTextRangesAndNames) {
  Fixture f;
  f.map.Add(kText + 0x100, kText + 0x200, f.alpha);
  f.map.Add(kText + 0x200, kText + 0x300, f.alpha);  // fuses with the one before
  f.map.Add(kText + 0x300, kText + 0x400, f.both);
  SymbolList syms = {{kText, 0, 'T', "_stext"},
                     {kText + 0x1000, 0, 'T', "_etext"},
                     {kText + 0x2000, 0, 'T', "_sinittext"},
                     {kText + 0x2000, 0, 'T', "_einittext"}};
  // Ranges: gap, alpha, alpha+beta, gap = 4 x 8 bytes; names alpha\0 beta\0 = 11;
  // one list: 2 + 11.
  EXPECT_EQ(V8EncodingBytes(f.map, f.sets, syms), 4u * 8 + 11 + 13);
}

}  // namespace
}  // namespace kallmodsyms
