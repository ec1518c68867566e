// SPDX-License-Identifier: GPL-2.0
// The kallsyms symbols: what scripts/kallsyms keeps, in its order.

#include "symbols.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace kallmodsyms {
namespace {

// The names KallsymsOrder() gives for nm output `text`.
std::vector<std::string> Order(const std::string& text, bool all_symbols = true) {
  LineReader in("x.nm", text);
  std::vector<std::string> names;
  for (const Symbol& s : KallsymsOrder(ReadNm(&in), {all_symbols})) names.emplace_back(s.name());
  return names;
}

using Names = std::vector<std::string>;

TEST(KallsymsOrder, TiesAtOneAddress) {
  const std::string text =
      "0000000000001000 W weak\n"            // weak last
      "0000000000001000 T __start_things\n"  // linker-script provided: after the rest
      "0000000000001000 T __x\n"             // more leading '_' later
      "0000000000001000 T x\n"
      "0000000000001000 T _y\n"
      "0000000000001000 T _z\n"             // as many '_' as _y: input order
      "0000000000001000 u unique_global\n"  // 'u' and 'n': dropped
      "0000000000001000 n debug\n"
      "0000000000001000 a absolute\n"
      "0000000000001000 a __gp\n"  // an absolute symbol kallsyms keeps
      "0000000000002000 T next\n";
  Names want = {"x", "_y", "_z", "__x", "__gp", "__start_things", "weak", "next"};
  EXPECT_EQ(Order(text), want);
}

TEST(KallsymsOrder, NamesTooLongForKallsymsAreLeftOut) {
  // scripts/kallsyms leaves out names of KSYM_NAME_LEN (512) bytes and
  // more; the symbols after them must keep their kallsyms index.
  std::string longest(511, 'l'), too_long(512, 'x');
  std::string text = "0000000000001000 T a\n";
  text += "0000000000001000 T " + too_long + "\n";
  text += "0000000000001010 T " + longest + "\n";
  text += "0000000000001020 T b\n";
  EXPECT_EQ(Order(text), (Names{"a", longest, "b"}));
}

TEST(KallsymsOrder, UnsortedInputSortsByAddressFirst) {
  // The same symbols, nm output not in address order: each address's run
  // keeps its order, by input order where the tie-break has no say.
  EXPECT_EQ(Order("0000000000002000 T b\n"
                  "0000000000001000 T __a\n"
                  "0000000000003000 T c\n"
                  "0000000000001000 T a\n"
                  "0000000000002000 t b2\n"
                  "0000000000001000 W wa\n"),
            (Names{"a", "__a", "wa", "b", "b2", "c"}));
  // Sorted until the last symbol
  EXPECT_EQ(Order("0000000000001000 T a\n"
                  "0000000000001000 T __a\n"
                  "0000000000002000 T b\n"
                  "0000000000000800 T first\n"),
            (Names{"first", "a", "__a", "b"}));
}

TEST(KallsymsOrder, TextOnlyWithoutAllSymbols) {
  const std::string text =
      "0000000000000100 D data_before\n"
      "0000000000001000 T _stext\n"
      "0000000000001000 T __start_markers\n"
      "0000000000001010 T f\n"
      "0000000000002000 T _etext\n"
      "0000000000002000 T alias_of_etext\n"
      "0000000000002000 D __stop_markers\n"
      "0000000000003000 D data\n"
      "0000000000004000 T _sinittext\n"
      "0000000000004010 T init_f\n"
      "0000000000005000 T _einittext\n"
      "0000000000005000 t alias_of_einittext\n";
  EXPECT_EQ(Order(text, false), (Names{"_stext", "__start_markers", "f", "_etext", "__stop_markers",
                                       "_sinittext", "init_f", "_einittext"}));
  EXPECT_EQ(Order(text, true).size(), 12u);
}

// What scripts/kallsyms reads: the nm lines less their size column.
std::string Stripped(const std::string& text) {
  LineReader in("x.nm", text);
  return StripSizes(&in);
}

TEST(StripSizes, TakesOffTheSizeColumnOnly) {
  EXPECT_EQ(Stripped("ffffffff81000000 0000000000000010 T startup_64\n"
                     "ffffffff81000010 T no_size\n"
                     "ffffffff81000020 00000000000000ff t local\n"),
            "ffffffff81000000 T startup_64\n"
            "ffffffff81000010 T no_size\n"
            "ffffffff81000020 t local\n");
}

TEST(StripSizes, UnsizedLinesAndBlankLinesAreCopiedAsTheyAre) {
  // A line without a size keeps its spacing, as the awk it replaces did.
  EXPECT_EQ(Stripped("1000  T a\n\n2000 8 t b"), "1000  T a\n\n2000 t b\n");
}

TEST(StripSizes, MalformedLinesNameFileAndLine) {
  auto error = [](const std::string& text) {
    LineReader in("x.nm", text);
    try {
      StripSizes(&in);
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error("1000 T a\nzz T b\n"), "x.nm:2: expected a hexadecimal address, got 'zz'");
  EXPECT_EQ(error("1000 1g T a\n"), "x.nm:1: expected a hexadecimal size below 4 GiB, got '1g'");
  EXPECT_EQ(error("1000 100000000 T a\n"),
            "x.nm:1: expected a hexadecimal size below 4 GiB, got '100000000'");
  EXPECT_EQ(error("1000 T\n"), "x.nm:1: expected 'ADDRESS [SIZE] TYPE NAME'");
  EXPECT_EQ(error("1 2 3 4 5\n"), "x.nm:1: expected 'ADDRESS [SIZE] TYPE NAME'");
}

}  // namespace
}  // namespace kallmodsyms
