// SPDX-License-Identifier: GPL-2.0
// The range map and its invariant (range_map.h): half-open [start, end)
// ranges, non-empty, sorted and non-overlapping, checked after every change.

#include "range_map.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <vector>

namespace kallmodsyms {
namespace {

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

}  // namespace
}  // namespace kallmodsyms
