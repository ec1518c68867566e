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

}  // namespace
}  // namespace kallmodsyms
