// SPDX-License-Identifier: GPL-2.0
// The check of the generator's symbols against scripts/kallsyms' output:
// the same symbols in the same order pass, in either offset mode; the
// first difference fails, named with its line.

#include "kallsyms_order.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <utility>
#include <vector>

#include "generate.h"

namespace kallmodsyms {
namespace {

constexpr uint64_t kText = 0xffffffff81000000;

struct Row {
  uint64_t address;
  char type;
  std::string name;
};

// What scripts/kallsyms writes for `rows` (in its order), the parts the
// check reads and some around them: relative offsets from the lowest
// address or, with `absolute_percpu`, percpu symbols (below _text here)
// at their own addresses and the others as relative_base - 1 - address.
std::string KallsymsAsm(const std::vector<Row>& rows, bool absolute_percpu) {
  uint64_t base = UINT64_MAX;
  for (const Row& r : rows)
    if (!absolute_percpu || r.address >= kText) base = std::min(base, r.address);
  std::string s = "#include <asm/bitsperlong.h>\n\t.section .rodata, \"a\"\n\n";
  s += "kallsyms_names:\n\t.byte 0x03, 0x41, 0x42, 0x43\t/* Tkallsyms_offsets: */\n\n";
  s += ".globl kallsyms_offsets\n\tALGN\nkallsyms_offsets:\n";
  char buf[64];
  for (const Row& r : rows) {
    uint32_t v;
    if (!absolute_percpu)
      v = static_cast<uint32_t>(r.address - base);
    else if (r.address < kText)
      v = static_cast<uint32_t>(r.address);
    else
      v = static_cast<uint32_t>(base - r.address - 1);
    snprintf(buf, sizeof(buf), "%#x", v);
    s += std::string("\t.long\t") + buf + "\t/* " + r.type + r.name + " */\n";
  }
  snprintf(buf, sizeof(buf), "%#llx", static_cast<unsigned long long>(base - kText));
  s += "\n.globl kallsyms_relative_base\n\tALGN\nkallsyms_relative_base:\n\tPTR\t_text + ";
  s += std::string(buf) + "\n\nkallsyms_seqs_of_names:\n\t.byte 0x00, 0x00, 0x00\t/* Ta */\n";
  return s;
}

const std::vector<Row> kRows = {{0x0, 'A', "fixed_percpu_data"}, {0x1000, 'D', "percpu_var"},
                                {kText, 'T', "_text"},           {kText, 'T', "startup_64"},
                                {kText + 0x40, 't', "f"},        {kText + 0x1000, 'W', "w"}};

// The rows for an offset mode: without absolute percpu symbols, those at
// 0 would be more than 4 GiB from the kernel's (scripts/kallsyms fails
// so).
std::vector<Row> RowsFor(bool absolute_percpu) {
  return absolute_percpu ? kRows : std::vector<Row>(kRows.begin() + 2, kRows.end());
}

// The rows as the generator's symbols.
SymbolList Symbols(const std::vector<Row>& rows) {
  SymbolList out;
  for (const Row& r : rows) out.push_back({r.address, 0, r.type, r.name});
  return out;
}

std::string ErrorOf(const std::string& text, const SymbolList& symbols, bool absolute_percpu) {
  LineReader in("k.S", text);
  try {
    CheckKallsymsOrder(&in, symbols, kText, absolute_percpu);
  } catch (const InputError& e) {
    return e.what();
  }
  return "same";
}

TEST(KallsymsOrderCheck, TheSameSymbolsPassInEitherMode) {
  for (bool absolute : {false, true})
    EXPECT_EQ(
        ErrorOf(KallsymsAsm(RowsFor(absolute), absolute), Symbols(RowsFor(absolute)), absolute),
        "same");
}

TEST(KallsymsOrderCheck, TheFirstDifferenceIsNamed) {
  for (bool absolute : {false, true}) {
    std::vector<Row> rows = RowsFor(absolute), swapped = rows;
    size_t at_text = absolute ? 2 : 0;
    std::swap(swapped[at_text], swapped[at_text + 1]);  // the two symbols at _text
    EXPECT_EQ(ErrorOf(KallsymsAsm(swapped, absolute), Symbols(rows), absolute),
              "k.S:" + std::to_string(10 + at_text) +
                  ": symbol startup_64 at 0xffffffff81000000, expected _text at "
                  "0xffffffff81000000 (the kallsyms order differs from the generator's)");
  }
  // The same names at other addresses; the other mode's offsets
  std::vector<Row> moved = kRows;
  moved[4].address += 4;
  EXPECT_EQ(ErrorOf(KallsymsAsm(moved, true), Symbols(kRows), true),
            "k.S:14: symbol f at 0xffffffff81000044, expected f at 0xffffffff81000040 (the "
            "kallsyms order differs from the generator's)");
  EXPECT_EQ(ErrorOf(KallsymsAsm(kRows, true), Symbols(kRows), false),
            "k.S:10: symbol fixed_percpu_data at 0xffffffff81000000, expected fixed_percpu_data at "
            "0x0 (the kallsyms order differs from the generator's)");
}

TEST(KallsymsOrderCheck, OneListLongerThanTheOther) {
  std::vector<Row> fewer(kRows.begin(), kRows.end() - 1);
  EXPECT_EQ(ErrorOf(KallsymsAsm(fewer, true), Symbols(kRows), true),
            "k.S:15: the table ends, expected symbol w at 0xffffffff81001000 (the kallsyms order "
            "differs from the generator's)");
  EXPECT_EQ(ErrorOf(KallsymsAsm(kRows, true), Symbols(fewer), true),
            "k.S:15: symbol w at 0xffffffff81001000, expected no more symbols (the generator has "
            "5) (the kallsyms order differs from the generator's)");
}

TEST(KallsymsOrderCheck, NotScriptsKallsymsOutput) {
  EXPECT_EQ(ErrorOf("hello\n", Symbols(kRows), true),
            "k.S:1: expected scripts/kallsyms' output with the label kallsyms_relative_base");
  std::string text = KallsymsAsm(kRows, true);
  text.replace(text.find("\t.long\t0x1000"), 13, "\t.quad\t0x1000");
  EXPECT_EQ(ErrorOf(text, Symbols(kRows), true),
            "k.S:11: expected a row '.long OFFSET /* TYPE NAME */' in kallsyms_offsets");
  text = KallsymsAsm(kRows, true);
  text.replace(text.find("_text + "), 8, "_stext + ");
  EXPECT_EQ(ErrorOf(text, Symbols(kRows), true),
            "k.S:20: expected 'PTR _text + OFFSET' or 'PTR _text - OFFSET' after "
            "kallsyms_relative_base");
}

// The tool on the golden inputs: scripts/kallsyms' order with two symbols
// swapped fails the run, without output; the right order passes.
TEST(KallsymsOrderCheck, ToolFailsOnAMismatchingOrder) {
  std::string g = GOLDEN_DIR;
  LineReader nm = LineReader::FromFile(g + "/nm");
  std::vector<Row> rows;
  for (const Symbol& s : KallsymsOrder(ReadNm(&nm), {true}))
    rows.push_back({s.address, s.type, std::string(s.name())});
  ASSERT_GT(rows.size(), 6u);
  std::ofstream("order.S") << KallsymsAsm(rows, true);
  std::swap(rows[4], rows[5]);
  std::ofstream("bad-order.S") << KallsymsAsm(rows, true);
  std::string args =
      " --all-symbols --map " + g + "/gnu/vmlinux.map --relocatable-map " + g +
      "/gnu/vmlinux.o.map --nm " + g + "/nm --modules " + g +
      "/modules_thick.builtin --output order-out.S --absolute-percpu --kallsyms-order ";
  std::remove("order-out.S");
  std::string cmd = std::string(GENERATOR) + args + "bad-order.S 2>order.err";
  int status = system(cmd.c_str());
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1);
  std::ifstream err("order.err");
  std::string message((std::istreambuf_iterator<char>(err)), std::istreambuf_iterator<char>());
  EXPECT_EQ(message.rfind("kallmodsyms_gen: bad-order.S:14: symbol " + rows[4].name + " at ", 0),
            0u)
      << message;
  EXPECT_NE(message.find(", expected " + rows[5].name + " at "), std::string::npos) << message;
  struct stat st;
  EXPECT_NE(stat("order-out.S", &st), 0);
  cmd = std::string(GENERATOR) + args + "order.S";
  EXPECT_EQ(system(cmd.c_str()), 0);
  EXPECT_EQ(stat("order-out.S", &st), 0);
}

}  // namespace
}  // namespace kallmodsyms
