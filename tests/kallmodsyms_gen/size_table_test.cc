// SPDX-License-Identifier: GPL-2.0
// The size table: 4-bit codes against the gap to the next address, escapes.

#include "size_table.h"

#include <gtest/gtest.h>

#include "decoder.h"
#include "emit_asm.h"
#include "module_tables.h"

namespace kallmodsyms {
namespace {

uint64_t DecodeOne(const SymbolList& syms, size_t i) {
  RangeMap map;
  ModuleSets sets;
  ModuleTables t = OptimizeModuleTables(map, sets, syms, 0, "nm");
  kallmodsyms_test::Decoder d(EmitAsm(t, EncodeSizes(syms), syms));
  std::vector<uint64_t> addrs;
  for (const Symbol& s : syms) addrs.push_back(s.address);
  return d.SizeOf(i, addrs);
}

TEST(SizeTable, CommonCasesTakeHalfAByte) {
  SymbolList s = {{0x00, 0x10, 't', "a"},   // gap 0x10, pad 0
                  {0x10, 0x05, 't', "b"},   // gap 0x10, pad 11
                  {0x20, 0x00, 't', "c"},   // no size
                  {0x30, 0x10, 't', "d"}};  // last: gap 0, escape
  SizeTable t = EncodeSizes(s);
  EXPECT_EQ(t.codes.size(), 1u);
  EXPECT_EQ(t.codes[0], 0x0 | 11 << 4 | KALLMODSYMS_SIZE_ZERO << 8 | KALLMODSYMS_SIZE_ESCAPE << 12);
  EXPECT_EQ(t.nr_escapes, 1u);
  for (size_t i = 0; i < s.size(); ++i) EXPECT_EQ(DecodeOne(s, i), s[i].size) << i;
}

TEST(SizeTable, AliasesAtOneAddressKeepTheirOwnSizes) {
  SymbolList s = {{0x100, 0x40, 'T', "beta_probe"},
                  {0x100, 0x10, 'T', "beta_probe_alias"},
                  {0x140, 0x08, 'T', "next"},
                  {0x150, 0x00, 'T', "end"}};
  for (size_t i = 0; i < s.size(); ++i) EXPECT_EQ(DecodeOne(s, i), s[i].size) << i;
}

TEST(SizeTable, LargePaddingAndOversizeSymbolsEscape) {
  SymbolList s = {{0x0000, 0x10, 'T', "padded"},     // pad 0x1f0
                  {0x0200, 0x900, 'T', "overlaps"},  // bigger than its gap
                  {0x0300, 0x01, 'T', "x"},
                  {0x10000, 0x0, 'T', "y"}};
  SizeTable t = EncodeSizes(s);
  EXPECT_EQ(t.nr_escapes, 3u);
  for (size_t i = 0; i < s.size(); ++i) EXPECT_EQ(DecodeOne(s, i), s[i].size) << i;
}

TEST(SizeTable, EscapeIndexFindsEscapesInLaterBlocks) {
  SymbolList s;
  for (uint64_t i = 0; i < 3 * KALLMODSYMS_SIZE_BLOCK + 5; ++i)
    s.push_back({i * 0x100, static_cast<uint32_t>(i % 3 ? 0x80 : 0x20 + i), 't', "f"});
  SizeTable t = EncodeSizes(s);
  EXPECT_EQ(t.index.size(), 4u);
  for (size_t i = 0; i < s.size(); ++i) EXPECT_EQ(DecodeOne(s, i), s[i].size) << i;
}

}  // namespace
}  // namespace kallmodsyms
