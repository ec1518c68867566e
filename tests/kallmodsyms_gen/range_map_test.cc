// SPDX-License-Identifier: GPL-2.0
// The range map: half-open ranges, non-overlapping, sorted; sets interned.

#include "range_map.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace kallmodsyms {
namespace {

TEST(ModuleSets, EmptySetIsZeroAndEqualSetsShareAnId) {
  ModuleSets sets;
  EXPECT_EQ(sets.Intern({}), 0u);
  uint32_t a = sets.Intern({"alpha"});
  uint32_t ab = sets.Intern({"alpha", "beta"});
  EXPECT_NE(a, 0u);
  EXPECT_NE(a, ab);
  EXPECT_EQ(sets.Intern({"beta", "alpha"}), ab);
  EXPECT_EQ(sets.Get(ab), (ModuleSet{"alpha", "beta"}));
  EXPECT_EQ(sets.size(), 3u);
}

TEST(RangeMap, LookupIsHalfOpen) {
  RangeMap m;
  ASSERT_TRUE(m.Add(0x100, 0x200, 1));
  EXPECT_EQ(m.Lookup(0xff), 0u);
  EXPECT_EQ(m.Lookup(0x100), 1u);
  EXPECT_EQ(m.Lookup(0x1ff), 1u);
  EXPECT_EQ(m.Lookup(0x200), 0u);
  EXPECT_TRUE(m.CheckInvariant());
}

TEST(RangeMap, AdjacentRangesStaySeparateAndSorted) {
  RangeMap m;
  ASSERT_TRUE(m.Add(0x300, 0x400, 2));
  ASSERT_TRUE(m.Add(0x100, 0x200, 1));
  ASSERT_TRUE(m.Add(0x200, 0x300, 3));
  std::vector<Range> r = m.Ranges();
  ASSERT_EQ(r.size(), 3u);
  EXPECT_EQ(r[0].start, 0x100u);
  EXPECT_EQ(r[1].start, 0x200u);
  EXPECT_EQ(r[2].start, 0x300u);
  EXPECT_EQ(m.Lookup(0x200), 3u);
  EXPECT_TRUE(m.CheckInvariant());
}

TEST(RangeMap, OverlapWithTheSameSetMerges) {
  RangeMap m;
  ASSERT_TRUE(m.Add(0x100, 0x200, 1));
  ASSERT_TRUE(m.Add(0x180, 0x280, 1));
  ASSERT_TRUE(m.Add(0x80, 0x110, 1));
  std::vector<Range> r = m.Ranges();
  ASSERT_EQ(r.size(), 1u);
  EXPECT_EQ(r[0].start, 0x80u);
  EXPECT_EQ(r[0].end, 0x280u);
  EXPECT_TRUE(m.CheckInvariant());
}

TEST(RangeMap, OverlapWithAnotherSetIsRefusedAndChangesNothing) {
  RangeMap m;
  ASSERT_TRUE(m.Add(0x100, 0x200, 1));
  EXPECT_FALSE(m.Add(0x1f0, 0x300, 2));
  EXPECT_FALSE(m.Add(0x000, 0x101, 2));
  ASSERT_EQ(m.Ranges().size(), 1u);
  EXPECT_EQ(m.Lookup(0x250), 0u);
  EXPECT_TRUE(m.CheckInvariant());
}

TEST(RangeMap, OneRangeOverSeveralOfTheSameSetMergesThemAll) {
  RangeMap m;
  ASSERT_TRUE(m.Add(0x100, 0x110, 1));
  ASSERT_TRUE(m.Add(0x120, 0x130, 1));
  ASSERT_TRUE(m.Add(0x140, 0x150, 1));
  ASSERT_TRUE(m.Add(0x200, 0x210, 2));
  ASSERT_TRUE(m.Add(0x108, 0x148, 1));
  std::vector<Range> r = m.Ranges();
  ASSERT_EQ(r.size(), 2u);
  EXPECT_EQ(r[0].start, 0x100u);
  EXPECT_EQ(r[0].end, 0x150u);
  EXPECT_EQ(r[1].start, 0x200u);
  EXPECT_TRUE(m.CheckInvariant());
}

// Additions in any order against a map of every address: the same
// refusals and the same set at each address.
TEST(RangeMap, RandomAdditionsAgreeWithAnAddressMap) {
  std::mt19937 rng(12345);
  for (int round = 0; round < 200; ++round) {
    RangeMap m;
    std::vector<uint32_t> owner(256, 0);
    for (int i = 0; i < 20; ++i) {
      uint64_t start = rng() % 256, len = rng() % 24;
      uint64_t end = std::min<uint64_t>(start + len, 256);
      uint32_t set = 1 + rng() % 3;
      bool clash = false;
      for (uint64_t a = start; a < end; ++a) clash |= owner[a] && owner[a] != set;
      ASSERT_EQ(m.Add(start, end, set), !clash) << "round " << round << " addition " << i;
      if (!clash)
        for (uint64_t a = start; a < end; ++a) owner[a] = set;
      ASSERT_TRUE(m.CheckInvariant());
    }
    for (uint64_t a = 0; a < 256; ++a)
      ASSERT_EQ(m.Lookup(a), owner[a]) << "round " << round << " address " << a;
  }
}

TEST(RangeMap, EmptyRangeIsIgnored) {
  RangeMap m;
  EXPECT_TRUE(m.Add(0x100, 0x100, 1));
  EXPECT_TRUE(m.Ranges().empty());
}

TEST(RangeMap, TopOfTheAddressSpace) {
  RangeMap m;
  ASSERT_TRUE(m.Add(UINT64_MAX - 0x10, UINT64_MAX, 4));
  EXPECT_EQ(m.Lookup(UINT64_MAX - 1), 4u);
  EXPECT_EQ(m.Lookup(UINT64_MAX), 0u);
}

TEST(RangeMap, BuildFromLayoutRefusesOverlappingModules) {
  Layout layout;
  layout.placements = {{0x100, 0x100, "a.o", ".text"}, {0x180, 0x100, "b.o", ".text"}};
  BuiltinModules mods;
  mods.path = "modules_thick.builtin";
  mods.modules_of = {{"a.o", {"a"}}, {"b.o", {"b"}}};
  mods.line_of = {{"a.o", 1}, {"b.o", 2}};
  ModuleSets sets;
  try {
    BuildRangeMap(layout, mods, &sets);
    FAIL() << "overlap accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "modules_thick.builtin:2: expected b.o(.text) not to overlap an object of "
                 "other modules");
  }
}

}  // namespace
}  // namespace kallmodsyms
