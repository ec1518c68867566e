// SPDX-License-Identifier: GPL-2.0
// Module sets and the range map of a layout's module objects.

#include "module_ranges.h"

#include <gtest/gtest.h>

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

TEST(ModuleRanges, BuildFromLayoutRefusesOverlappingModules) {
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

// The end address of a piece that fill follows is the piece's: symbols of
// size 0 there are its.  Not so where another piece starts at the end.
TEST(ModuleRanges, TheEndOfAPieceBeforeFillIsItsOwn) {
  Layout layout;
  layout.placements = {{0x100, 0x4, "a.o", ".bss", true},
                       {0x110, 0x8, "b.o", ".bss", false},
                       {0x118, 0x8, "c.o", ".bss", true}};
  BuiltinModules mods;
  mods.path = "modules_thick.builtin";
  mods.modules_of = {{"a.o", {"a"}}, {"b.o", {"b"}}};
  mods.line_of = {{"a.o", 1}, {"b.o", 2}};
  ModuleSets sets;
  RangeMap map = BuildRangeMap(layout, mods, &sets);
  uint32_t a = sets.Intern({"a"}), b = sets.Intern({"b"});
  EXPECT_EQ(map.Lookup(0x103), a);
  EXPECT_EQ(map.Lookup(0x104), a);  // the end, before fill
  EXPECT_EQ(map.Lookup(0x105), 0u);
  EXPECT_EQ(map.Lookup(0x117), b);
  EXPECT_EQ(map.Lookup(0x118), 0u);  // c.o's, which is in no module
  EXPECT_EQ(map.Lookup(0x120), 0u);
  EXPECT_TRUE(map.CheckInvariant());
}

}  // namespace
}  // namespace kallmodsyms
