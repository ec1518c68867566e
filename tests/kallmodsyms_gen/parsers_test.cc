// SPDX-License-Identifier: GPL-2.0
// Bad input: one message naming file and line and what was expected, a
// non-zero exit, and no output file left behind.

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include <cstdio>
#include <fstream>
#include <map>

#include "builtin_modules.h"
#include "decoder.h"
#include "generate.h"
#include "layout.h"
#include "link_map.h"
#include "symbols.h"

namespace kallmodsyms {
namespace {

// The message of the InputError that `parse` throws on `text`.
template <typename Parse>
std::string ErrorOf(const char* file, const std::string& text, Parse parse) {
  LineReader in(file, text);
  try {
    parse(&in);
  } catch (const InputError& e) {
    return e.what();
  }
  return "no error";
}

std::string MapError(const std::string& text) {
  return ErrorOf("x.map", text, [](LineReader* in) { ReadLinkMap(in); });
}

std::string NmError(const std::string& text) {
  return ErrorOf("x.nm", text, [](LineReader* in) { ReadNm(in); });
}

std::string ModulesError(const std::string& text) {
  return ErrorOf("modules_thick.builtin", text, [](LineReader* in) { ReadBuiltinModules(in); });
}

const char kHead[] = "Linker script and memory map\n\n";

TEST(LinkMapErrors, UnknownFormat) {
  EXPECT_EQ(MapError("hello\nworld\n"),
            "x.map:1: unknown map format: expected GNU ld's 'Linker script and memory map' or "
            "lld's 'VMA LMA Size Align Out In Symbol' header");
}

TEST(LinkMapErrors, TruncatedInputSectionLine) {
  EXPECT_EQ(MapError(std::string(kHead) + ".text 0x0 0x10\n .text 0x0 0x10\n"),
            "x.map:4: expected address, size and object file of input section .text");
}

TEST(LinkMapErrors, WrappedLineWithoutNumbers) {
  EXPECT_EQ(MapError(std::string(kHead) + ".text 0x0 0x10\n .text.unlikely\n foo\n"),
            "x.map:5: expected address, size and object file of input section .text.unlikely");
  EXPECT_EQ(MapError(std::string(kHead) + ".text 0x0 0x10\n .text.unlikely\n"),
            "x.map:4: expected address, size and object file of input section .text.unlikely, "
            "the file ends");
}

TEST(LinkMapErrors, BadNumber) {
  EXPECT_EQ(MapError(std::string(kHead) + ".text 0x0 0x10\n .text 0x0 0xZZ a.o\n"),
            "x.map:4: expected a hexadecimal size, got '0xZZ'");
  EXPECT_EQ(MapError(std::string(kHead) + ".text 0x0 0x10\n .text 0x11112222333344445 0x1 a.o\n"),
            "x.map:4: expected a hexadecimal address, got '0x11112222333344445'");
}

TEST(LinkMapErrors, LldBadLine) {
  const char head[] = "             VMA              LMA     Size Align Out     In      Symbol\n";
  EXPECT_EQ(MapError(std::string(head) + "ffffffff81000000 0 10 16\n"),
            "x.map:2: expected VMA, LMA, size, alignment and a name");
  EXPECT_EQ(MapError(std::string(head) + "ffffffff81000000 0 10\n"),
            "x.map:2: expected VMA, LMA, size, alignment and a name");
  EXPECT_EQ(MapError(std::string(head) + "ffffffff81000000 0 10 x6 .text\n"),
            "x.map:2: expected a decimal alignment, got 'x6'");
}

// lld writes the linker script's ASSERT()s with an empty name and its
// assignments with the script's text: neither is an output section, and an
// input section after them belongs to the section before.
TEST(LinkMap, LldAssertsAndAssignmentsAreNotSections) {
  LineReader in("x.map",
                "             VMA              LMA     Size Align Out     In      Symbol\n"
                "               0                0        0     1 jiffies = jiffies_64\n"
                "ffffffff81000000          1000000      100    64 .text\n"
                "ffffffff81000000          1000000      100    16         a.o:(.text)\n"
                "ffffffff8192b460 ffffffff8322d460        0     1 \n"
                "ffffffff8192b460 ffffffff8322d460        8     1 . += 8\n"
                "ffffffff8192c000          192c000       10    16 .init.text\n");
  LinkMap m = ReadLinkMap(&in);
  ASSERT_EQ(m.outputs.size(), 2u);
  EXPECT_EQ(m.outputs[0].name, ".text");
  EXPECT_EQ(m.outputs[1].name, ".init.text");
  ASSERT_EQ(m.pieces.size(), 1u);
}

TEST(LinkMap, GnuWrappedLinesAndFill) {
  LineReader in("x.map", std::string(kHead) +
                             ".rodata.long_name\n"
                             "                0x0000000000001000       0x20\n"
                             " .rodata.long_name\n"
                             "                0x0000000000001000       0x18 a.o\n"
                             " *fill*         0x0000000000001018        0x8 \n"
                             " .text          0x0000000000001020        0x0 lib.a(b.o)\n"
                             "OUTPUT(vmlinux.o elf64-x86-64)\n");
  LinkMap m = ReadLinkMap(&in);
  ASSERT_EQ(m.outputs.size(), 1u);
  EXPECT_EQ(m.outputs[0].name, ".rodata.long_name");
  EXPECT_EQ(m.outputs[0].size, 0x20u);
  ASSERT_EQ(m.pieces.size(), 2u);
  EXPECT_EQ(m.pieces[0].file, "a.o");
  EXPECT_EQ(m.pieces[0].address, 0x1000u);
  EXPECT_EQ(m.pieces[0].size, 0x18u);
  EXPECT_EQ(m.pieces[1].file, "b.o");
  EXPECT_EQ(m.output_file, "vmlinux.o");
}

// A piece followed by fill, kept or not, knows it; one followed directly by
// another piece or by the end of its output section does not.
TEST(LinkMap, GapAfterAPieceWhateverTheNextPiece) {
  const std::string gnu = std::string(kHead) +
                          ".bss            0x0000000000001000       0x40\n"
                          " .bss           0x0000000000001000        0x4 a.o\n"
                          " *fill*         0x0000000000001004        0xc \n"
                          " .bss           0x0000000000001010        0x8 b.o\n"
                          " .bss           0x0000000000001018        0x0 c.o\n"
                          " .bss           0x0000000000001018        0x8 d.o\n"
                          " *fill*         0x0000000000001020       0x20 \n"
                          ".data           0x0000000000002000       0x10\n"
                          " .data          0x0000000000002000        0x8 e.o\n";
  for (bool filtered : {false, true}) {
    LineReader in("x.map", gnu);
    FileFilter keep = [](std::string_view f) { return f != "b.o"; };
    LinkMap m = ReadLinkMap(&in, filtered ? keep : nullptr);
    std::map<std::string, bool> gap;
    for (const MapPiece& p : m.pieces) gap[std::string(p.file)] = p.gap_after;
    EXPECT_TRUE(gap["a.o"]) << filtered;   // fill, then b.o (dropped or not)
    EXPECT_FALSE(gap["c.o"]) << filtered;  // d.o starts at its end
    EXPECT_FALSE(gap["d.o"]) << filtered;  // fill, then another section
    EXPECT_FALSE(gap["e.o"]) << filtered;  // the map's end
    EXPECT_EQ(gap.count("b.o"), filtered ? 0u : 1u);
  }
  LineReader lld("x.map",
                 "             VMA              LMA     Size Align Out     In      Symbol\n"
                 "ffffffff81000000          1000000      100    64 .bss\n"
                 "ffffffff81000000          1000000        4     4         a.o:(.bss)\n"
                 "ffffffff81000010          1000010        8    16         b.o:(.bss)\n"
                 "ffffffff81000018          1000018        8     8         c.o:(.bss)\n");
  LinkMap m = ReadLinkMap(&lld);
  ASSERT_EQ(m.pieces.size(), 3u);
  EXPECT_TRUE(m.pieces[0].gap_after);
  EXPECT_FALSE(m.pieces[1].gap_after);
  EXPECT_FALSE(m.pieces[2].gap_after);
}

// --emit-relocs (x86 with RELOCATABLE) keeps the relocation sections in
// vmlinux: lld's map places them at 0, one per object and section, where
// they would overlap.  They hold no symbol: the layout leaves them out.
TEST(Layout, RelocationSectionsAreLeftOut) {
  for (const char* name : {".rela.text", ".rela__modver", ".rela___ksymtab+foo", ".rel.text",
                           ".rel__bug_table", ".rela.dyn"})
    EXPECT_TRUE(IsNonAllocSection(name)) << name;
  for (const char* name : {".rodata", ".ref.data", ".text", ".data.rel.ro", ".relocs_x"})
    EXPECT_FALSE(IsNonAllocSection(name)) << name;
  LineReader lld("x.map",
                 "             VMA              LMA     Size Align Out     In      Symbol\n"
                 "ffffffff81000000          1000000       20    64 .text\n"
                 "ffffffff81000000          1000000       10    16         a.o:(.text)\n"
                 "ffffffff81000010          1000010       10    16         b.o:(.text)\n"
                 "               0                0       30     8 .rela.text\n"
                 "               0                0       18     8         a.o:(.rela.text)\n"
                 "               0                0       18     8         b.o:(.rela.text)\n"
                 "               0                0       30     8 .rela__modver\n"
                 "               0                0       18     8         a.o:(.rela__modver)\n"
                 "               0                0       18     8         b.o:(.rela__modver)\n");
  LinkMap m = ReadLinkMap(&lld);
  ASSERT_EQ(m.pieces.size(), 6u);
  Layout layout = ComposeLayout(m, nullptr);
  ASSERT_EQ(layout.placements.size(), 2u);
  EXPECT_EQ(layout.placements[0].file, "a.o");
  EXPECT_EQ(layout.placements[0].section, ".text");
  EXPECT_EQ(layout.placements[1].file, "b.o");
  EXPECT_EQ(layout.placements[1].address, 0xffffffff81000010u);
}

// A linker script symbol made at a piece's end ("__stop_x = .") may be the
// one of size 0 there: the end is then not the piece's alone.
TEST(LinkMap, AnAssignmentAfterAPieceTakesItsGapAway) {
  LineReader gnu("x.map", std::string(kHead) +
                              ".data           0x0000000000001000       0x40\n"
                              " .data          0x0000000000001000        0x4 a.o\n"
                              "                0x0000000000001004                __stop_x = .\n"
                              " *fill*         0x0000000000001004        0xc \n"
                              " .data          0x0000000000001010        0x4 b.o\n"
                              "                0x0000000000001010                b_sym\n"
                              " *fill*         0x0000000000001014        0xc \n"
                              " .data          0x0000000000001020        0x8 c.o\n");
  LinkMap m = ReadLinkMap(&gnu);
  ASSERT_EQ(m.pieces.size(), 3u);
  EXPECT_FALSE(m.pieces[0].gap_after);
  EXPECT_TRUE(m.pieces[1].gap_after);  // a symbol line is no assignment
  LineReader lld("x.map",
                 "             VMA              LMA     Size Align Out     In      Symbol\n"
                 "ffffffff81000000          1000000      100    64 .data\n"
                 "ffffffff81000000          1000000        4     4         a.o:(.data)\n"
                 "ffffffff81000004          1000004        0     1         __stop_x = .\n"
                 "ffffffff81000010          1000010        8    16         b.o:(.data)\n");
  m = ReadLinkMap(&lld);
  ASSERT_EQ(m.pieces.size(), 2u);
  EXPECT_FALSE(m.pieces[0].gap_after);
}

// An input section placed as GNU ld prints it: the name padded to column
// 15, or alone on its line when it is longer, then the address, the size
// right-aligned to column 44, the file.
std::string GnuPieceLines(const std::string& name, uint64_t address, const std::string& size,
                          const std::string& file) {
  char numbers[64];
  snprintf(numbers, sizeof(numbers), "0x%016llx %10s ", static_cast<unsigned long long>(address),
           size.c_str());
  std::string head = " " + name;
  if (name.size() < 15)
    head.append(15 - name.size(), ' ');
  else
    head += "\n" + std::string(15, ' ');
  return head + " " + numbers + file + "\n";
}

// Names of every length up to 48 bytes, the short ones on the line of their
// numbers and the long ones wrapped, with '(' or '*' in any position, a
// blank or a tab in any but the first and the last, or none of these: only
// those without are input sections.  The readers look for these bytes
// sixteen at a time; the lengths and positions cross their blocks.
TEST(LinkMap, SectionNamesWithPatternOrBlankBytesAnywhere) {
  for (size_t length = 1; length <= 48; ++length) {
    for (size_t pos = 0; pos <= length; ++pos) {
      for (char c : {' ', '\t', '(', '*'}) {
        std::string name = "." + std::string(length - 1, 'x');
        if (pos < length) {
          // A blank first is deeper indentation, a blank last is padding
          if ((pos == 0 || pos == length - 1) && (c == ' ' || c == '\t')) continue;
          name[pos] = c;
        }
        LineReader in("x.map", std::string(kHead) +
                                   ".text           0x0000000000001000     0x100\n" +
                                   GnuPieceLines(name, 0x1010, "0x18", "a.o"));
        LinkMap m = ReadLinkMap(&in);
        SCOPED_TRACE("'" + name + "'");
        if (pos < length) {
          EXPECT_TRUE(m.pieces.empty());
          continue;
        }
        ASSERT_EQ(m.pieces.size(), 1u);
        EXPECT_EQ(m.pieces[0].input_section, name);
        EXPECT_EQ(m.pieces[0].address, 0x1010u);
        EXPECT_EQ(m.pieces[0].size, 0x18u);
        EXPECT_EQ(m.pieces[0].file, "a.o");
        if (length == 1) break;  // one clean name per length is enough
      }
    }
  }
}

// Sizes of every width, right-aligned to where ld puts them (column 44)
// or further right, after a blank or a tab, and files after one blank or
// more: the reader finds the size in a window of columns 35-50 and goes on
// from there.
TEST(LinkMap, SizesOfEveryWidthAndPadding) {
  for (size_t digits = 1; digits <= 16; ++digits) {
    for (size_t width : {1, 10, 16, 17, 24}) {
      for (const char* lead : {" ", "\t"}) {
        for (const char* gap : {" ", "\t", "   "}) {
          std::string size = "0x" + std::string(digits - 1, '0') + "7";
          std::string line = " .text          0x0000000000002000" + std::string(lead) +
                             std::string(width > size.size() ? width - size.size() : 0, ' ') +
                             size + gap + "b.o\n";
          LineReader in("x.map", std::string(kHead) +
                                     ".text           0x0000000000001000     0x2000\n" + line);
          LinkMap m = ReadLinkMap(&in);
          SCOPED_TRACE(line);
          ASSERT_EQ(m.pieces.size(), 1u);
          EXPECT_EQ(m.pieces[0].address, 0x2000u);
          EXPECT_EQ(m.pieces[0].size, 7u);
          EXPECT_EQ(m.pieces[0].file, "b.o");
        }
      }
    }
  }
}

TEST(Nm, EveryShapeOfLineReadsTheSame) {
  // The fixed-column shapes with names of every length around the scan's
  // eight-byte steps, then what goes the slow way: blanks doubled, a
  // carriage return, short numbers, an empty line, no final newline.
  struct Want {
    uint64_t address;
    uint32_t size;
    char type;
    std::string name;
  };
  std::string text;
  std::vector<Want> want;
  for (size_t n = 1; n <= 20; ++n) {
    std::string name(n, 'a' + static_cast<char>(n));
    text += "ffffffff81" + std::string(4, '0') + (n < 10 ? "0" : "1") + std::to_string(n % 10) +
            " T " + name + "\n";
    want.push_back({0xffffffff81000000 + (n < 10 ? 0 : 0x10) + n % 10, 0, 'T', ""});
    text += "0000000000002000 00000000000000" + std::string(n < 16 ? "0" : "1") + "abcdef"[n % 6] +
            " d " + name + "\n";
    want.push_back({0x2000, static_cast<uint32_t>((n < 16 ? 0 : 0x10) + 10 + n % 6), 'd', ""});
  }
  text +=
      "ffffffff81000100  T  two_blanks\n"
      "ffffffff81000200 t crlf\r\n"
      "1000 20 W short\n"
      "\n"
      "ffffffff81000300 0000000000000010 b last_line_has_no_newline";
  want.push_back({0xffffffff81000100, 0, 'T', "two_blanks"});
  want.push_back({0xffffffff81000200, 0, 't', "crlf"});
  want.push_back({0x1000, 0x20, 'W', "short"});
  want.push_back({0xffffffff81000300, 0x10, 'b', "last_line_has_no_newline"});
  LineReader in("x.nm", text);
  SymbolList got = ReadNm(&in);
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    std::string name =
        i < 40 ? std::string(i / 2 + 1, 'a' + static_cast<char>(i / 2 + 1)) : want[i].name;
    EXPECT_EQ(got[i].address, want[i].address) << i;
    EXPECT_EQ(got[i].size, want[i].size) << i;
    EXPECT_EQ(got[i].type, want[i].type) << i;
    EXPECT_EQ(got[i].name(), name) << i;
  }
  EXPECT_EQ(in.line_number(), 45u);
}

TEST(NmErrors, MalformedLines) {
  EXPECT_EQ(NmError("ffff T a\nffff\n"), "x.nm:2: expected 'ADDRESS [SIZE] TYPE NAME'");
  EXPECT_EQ(NmError("zzzz T a\n"), "x.nm:1: expected a hexadecimal address, got 'zzzz'");
  EXPECT_EQ(NmError("ffff 1g T a\n"), "x.nm:1: expected a hexadecimal size below 4 GiB, got '1g'");
  EXPECT_EQ(NmError("ffff 10 TT a\n"), "x.nm:1: expected a one-letter symbol type, got 'TT'");
  // The same checks on the fixed-column fast path of 16-digit numbers
  EXPECT_EQ(NmError("ffffffff8100000g T a\n"),
            "x.nm:1: expected a hexadecimal address, got 'ffffffff8100000g'");
  EXPECT_EQ(NmError("ffffffff81000000 000000000000001z T a\n"),
            "x.nm:1: expected a hexadecimal size below 4 GiB, got '000000000000001z'");
  // A blank in a name: four fields, the second no size
  EXPECT_EQ(NmError("ffffffff81000000 T a b\n"),
            "x.nm:1: expected a hexadecimal size below 4 GiB, got 'T'");
  EXPECT_EQ(NmError("ffffffff81000000 T a\tb\n"),
            "x.nm:1: expected a hexadecimal size below 4 GiB, got 'T'");
  EXPECT_EQ(NmError("ffffffff81000000 0000000100000000 T a\n"),
            "x.nm:1: expected a hexadecimal size below 4 GiB, got '0000000100000000'");
  // The address column's first half, decoded once, is still checked
  EXPECT_EQ(NmError("ffffffff81000000 T a\nffffffff8100000x T b\n"),
            "x.nm:2: expected a hexadecimal address, got 'ffffffff8100000x'");
  EXPECT_EQ(NmError("ffffffff81000000 T a\nfffffff-81000000 T b\n"),
            "x.nm:2: expected a hexadecimal address, got 'fffffff-81000000'");
  // A name too long for Symbol, on either path
  std::string huge(Symbol::kMaxNameLength, 'n');
  EXPECT_EQ(NmError("ffffffff81000000 T a\nffffffff81000010 T " + huge + "\n"),
            "x.nm:2: expected a symbol name shorter than 64 KiB, got one of 65535 bytes");
  EXPECT_EQ(NmError("ffff t " + huge + "\n"),
            "x.nm:1: expected a symbol name shorter than 64 KiB, got one of 65535 bytes");
  LineReader longest("x.nm", "ffff t " + huge.substr(1) + "\n");
  EXPECT_EQ(ReadNm(&longest).at(0).name(), huge.substr(1));
}

TEST(ModulesErrors, MalformedAndDuplicateLines) {
  EXPECT_EQ(ModulesError("a.o: x.o\nb.o x.o\n"),
            "modules_thick.builtin:2: expected 'MODULE.o: [MEMBER.o ...]'");
  EXPECT_EQ(ModulesError("a.o: x.o\na.o: y.o\n"),
            "modules_thick.builtin:2: duplicate module a.o (first at line 1)");
  EXPECT_EQ(ModulesError("a.ko:\n"),
            "modules_thick.builtin:1: expected one module object 'MODULE.o' before ':'");
  EXPECT_EQ(ModulesError("a.o: x.c\n"),
            "modules_thick.builtin:1: expected an object file 'NAME.o', got 'x.c'");
}

TEST(Modules, NamesAsKbuildMakesThem) {
  LineReader in("m",
                "drivers/x/intel-uncore.o: drivers/x/u.o drivers/x/shared.o\n"
                "drivers/x/other.o: drivers/x/shared.o\n"
                "lib/one.o:\n");
  BuiltinModules m = ReadBuiltinModules(&in);
  EXPECT_EQ(m.names, (std::set<std::string>{"intel_uncore", "one", "other"}));
  EXPECT_EQ(m.modules_of.at("drivers/x/shared.o"),
            (std::set<std::string>{"intel_uncore", "other"}));
  EXPECT_EQ(m.modules_of.at("lib/one.o"), std::set<std::string>{"one"});
}

// The member list the link maps are filtered with: sorted by object, then
// line; an object of several modules missing from the maps is reported at
// the first line that names it, the first such object by name.
TEST(Modules, MemberListAndTheObjectsTheMapsLack) {
  LineReader in("modules_thick.builtin",
                "b.o: y.o x.o\n"
                "a.o:\n"
                "c.o: y.o z.o\n");
  ModuleList list = ReadModuleList(&in);
  EXPECT_EQ(list.names, (std::vector<std::string>{"b", "a", "c"}));
  std::vector<std::string> got;
  for (const ModuleList::Member& m : list.members)
    got.push_back(std::string(m.object) + ":" + std::to_string(m.line) + ":" +
                  list.names[m.module]);
  EXPECT_EQ(got, (std::vector<std::string>{"a.o:2:a", "x.o:1:b", "y.o:1:b", "y.o:3:c", "z.o:3:c"}));

  MemberObjects members(list);
  auto unlinked = [&members]() -> std::string {
    try {
      members.CheckAllLinked();
    } catch (const InputError& e) {
      return e.what();
    }
    return "all linked";
  };
  EXPECT_TRUE(members.Wants("a.o"));
  EXPECT_TRUE(members.Wants("x.o"));
  EXPECT_FALSE(members.Wants("b.o"));
  EXPECT_EQ(unlinked(), "modules_thick.builtin:1: expected y.o in the link map, it is not there");
  EXPECT_TRUE(members.Wants("y.o"));
  EXPECT_EQ(unlinked(), "modules_thick.builtin:3: expected z.o in the link map, it is not there");
  EXPECT_TRUE(members.Wants("z.o"));
  EXPECT_EQ(unlinked(), "all linked");
}

TEST(GenerateErrors, MemberMissingFromTheMap) {
  Inputs in;
  in.map = std::make_unique<LineReader>(
      "vmlinux.map", std::string(kHead) + ".text 0x0 0x10\n .text 0x0 0x10 a.o\n");
  in.nm = std::make_unique<LineReader>("x.nm", "0000000000000000 T _text\n");
  in.modules = std::make_unique<LineReader>("modules_thick.builtin", "a.o:\nb.o: a.o c.o\n");
  try {
    Generate(&in);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "modules_thick.builtin:2: expected c.o in the link map, it is not there");
  }
}

TEST(GenerateErrors, NoSymbols) {
  Inputs in;
  in.map = std::make_unique<LineReader>("vmlinux.map", std::string(kHead));
  in.nm = std::make_unique<LineReader>("x.nm", "0000000000000000 0000000000000001 a abs\n");
  in.modules = std::make_unique<LineReader>("modules_thick.builtin", "a.o:\n");
  try {
    Generate(&in);
    FAIL() << "accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "x.nm:1: expected kallsyms symbols, found none");
  }
}

// Several inputs wrong at once: whichever thread finishes first, the error
// reported is the first in a fixed order: the final map's syntax, then
// modules_thick.builtin's, the relocatable map's, the nm output's, then
// what the inputs say together.
TEST(GenerateErrors, ErrorsComeInAFixedOrder) {
  const std::string good_map = std::string(kHead) + ".text 0x0 0x10\n .text 0x0 0x10 a.o\n";
  const std::string bad_map = "hello\n";
  const std::string good_nm = "0000000000000000 T _text\n";
  const std::string bad_nm = "zzzz T a\n";
  const std::string good_modules = "a.o:\n";
  const std::string bad_modules = "a.o x.o\n";
  const std::string unlinked_modules = "b.o:\n";  // b.o is in no map
  auto error = [](const std::string& map, const std::string* relocatable, const std::string& nm,
                  const std::string& modules) -> std::string {
    Inputs in;
    in.map = std::make_unique<LineReader>("vmlinux.map", map);
    if (relocatable) in.relocatable = std::make_unique<LineReader>("vmlinux.o.map", *relocatable);
    in.nm = std::make_unique<LineReader>("x.nm", nm);
    in.modules = std::make_unique<LineReader>("modules_thick.builtin", modules);
    try {
      Generate(&in);
    } catch (const InputError& e) {
      return e.what();
    }
    return "no error";
  };
  const std::string map_error =
      "vmlinux.map:1: unknown map format: expected GNU ld's 'Linker script and memory map' or "
      "lld's 'VMA LMA Size Align Out In Symbol' header";
  const std::string modules_error = "modules_thick.builtin:1: expected 'MODULE.o: [MEMBER.o ...]'";
  const std::string nm_error = "x.nm:1: expected a hexadecimal address, got 'zzzz'";
  for (int round = 0; round < 20; ++round) {  // threads finish in any order
    EXPECT_EQ(error(bad_map, &bad_map, bad_nm, bad_modules), map_error);
    EXPECT_EQ(error(good_map, &bad_map, bad_nm, bad_modules), modules_error);
    EXPECT_EQ(error(good_map, &bad_map, bad_nm, good_modules),
              "vmlinux.o.map:1: unknown map format: expected GNU ld's 'Linker script and memory "
              "map' or lld's 'VMA LMA Size Align Out In Symbol' header");
    EXPECT_EQ(error(good_map, nullptr, bad_nm, unlinked_modules), nm_error);
    EXPECT_EQ(error(good_map, nullptr, good_nm, unlinked_modules),
              "modules_thick.builtin:1: expected b.o in the link map, it is not there");
    EXPECT_EQ(error(good_map, nullptr, good_nm, good_modules), "no error");
  }
}

// The tool itself: one line on stderr, exit 1, no output file.
struct RunResult {
  int status;
  std::string err;
};

RunResult RunTool(const std::string& args) {
  std::string cmd = std::string(GENERATOR) + " " + args + " 2>tool.err";
  int st = system(cmd.c_str());
  std::ifstream in("tool.err");
  std::string err((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  return {WIFEXITED(st) ? WEXITSTATUS(st) : -1, err};
}

bool Exists(const char* path) {
  struct stat st;
  return stat(path, &st) == 0;
}

TEST(Tool, EmptyInputFileFailsWithoutOutput) {
  std::ofstream("empty.map").close();
  std::remove("out.S");
  std::string g = GOLDEN_DIR;
  RunResult r = RunTool("--map empty.map --nm " + g + "/nm --modules " + g +
                        "/modules_thick.builtin --output out.S");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kallmodsyms_gen: empty.map:1: expected content, the file is empty\n");
  EXPECT_FALSE(Exists("out.S"));
}

TEST(Tool, BadInputLeavesAnOldOutputAlone) {
  std::ofstream("out.S") << "old\n";
  std::ofstream("bad.builtin") << "a.o: b.o\na.o:\n";
  std::string g = GOLDEN_DIR;
  RunResult r = RunTool("--map " + g + "/lld/vmlinux.map --nm " + g +
                        "/nm --modules bad.builtin --output out.S");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "kallmodsyms_gen: bad.builtin:2: duplicate module a.o (first at line 1)\n");
  std::ifstream in("out.S");
  std::string content((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(content, "old\n");
}

// Over an old output (every relink has one): the new file replaces it,
// and no temporary file stays.
TEST(Tool, GoodInputWritesTheTables) {
  std::ofstream("good.S") << "old\n";
  std::string g = GOLDEN_DIR;
  RunResult r = RunTool("--all-symbols --map " + g + "/gnu/vmlinux.map --relocatable-map " + g +
                        "/gnu/vmlinux.o.map --nm " + g + "/nm --modules " + g +
                        "/modules_thick.builtin --output good.S");
  EXPECT_EQ(r.status, 0) << r.err;
  std::ifstream a("good.S"), b(g + "/expected.S");
  std::string x((std::istreambuf_iterator<char>(a)), std::istreambuf_iterator<char>());
  std::string y((std::istreambuf_iterator<char>(b)), std::istreambuf_iterator<char>());
  EXPECT_EQ(x, y);
  DIR* dir = opendir(".");
  ASSERT_NE(dir, nullptr);
  while (const dirent* e = readdir(dir))
    EXPECT_NE(std::string(e->d_name).rfind("good.S.tmp.", 0), 0u) << e->d_name;
  closedir(dir);
}

TEST(Tool, EmptyTablesDescribeNothing) {
  std::remove("empty.S");
  RunResult r = RunTool("--empty --output empty.S");
  EXPECT_EQ(r.status, 0) << r.err;
  std::ifstream in("empty.S");
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  kallmodsyms_test::Decoder d(text);
  EXPECT_EQ(d.num_syms(), 0u);
  EXPECT_EQ(d.ModulesOf(0xffffffff81000000, 0xffffffff81000000), std::set<std::string>{});
}

TEST(Tool, UsageErrorsExitTwo) {
  EXPECT_EQ(RunTool("--map").status, 2);
  EXPECT_EQ(RunTool("--bogus").status, 2);
}

}  // namespace
}  // namespace kallmodsyms
