// SPDX-License-Identifier: GPL-2.0
//
// GNU ld map, after the "Linker script and memory map" line:
//   .text           0x...        0x...          output section
//   .rodata.str1.1                              (long names wrap: the
//                   0x...        0x...           numbers on the next line)
//    .text          0x...        0x... init/main.o   input section
//    .text.unlikely                             (wrapped the same way)
//                   0x...        0x... kernel/exit.o
//    *fill*         0x...        0x...          padding: skipped
//    *(.text .stub)                             script patterns: skipped
//                   0x...                sym    symbols, assignments: skipped
// lld map, after its header "VMA LMA Size Align Out In Symbol":
//   VMA LMA Size Align, then the name indented by 0 (output section),
//   8 (input section "file:(section)") or 16 (symbol) columns.

#include "link_map.h"

#include <algorithm>
#include <string_view>

#include "scan.h"

namespace kallmodsyms {
namespace {

bool IsHex(std::string_view s) {
  uint64_t v;
  return s.size() > 2 && s[0] == '0' && s[1] == 'x' && ParseHex(s, &v);
}

uint64_t Hex(const LineReader& in, std::string_view s, const char* what) {
  uint64_t v;
  if (!ParseHex(s, &v))
    in.Fail(std::string("expected a hexadecimal ") + what + ", got '" + std::string(s) + "'");
  return v;
}

std::string_view ObjectName(std::string_view file) {
  // "archive.a(member.o)" -> "member.o"
  if (!file.empty() && file.back() == ')') {
    size_t open = file.rfind('(');
    if (open != std::string_view::npos && open > 0)
      return file.substr(open + 1, file.size() - open - 2);
  }
  return file;
}

using scan::IsBlank;

bool HasBlank(std::string_view s) {
  for (char c : s)
    if (IsBlank(c)) return true;
  return false;
}

size_t Indent(std::string_view s) {
  size_t i = 0;
  while (i < s.size() && s[i] == ' ') ++i;
  return i;
}

// GNU ld prints placement lines as " NAME", padded to column 16, then
// "0x%016x", the size padded to 10 columns, and the file: take such lines
// apart at those columns.  Anything else is split at blanks: the fields
// are the same, at most "NAME ADDRESS SIZE FILE", the file name running
// to the end of the line (it may hold blanks).
void SplitGnu(std::string_view line, std::vector<std::string_view>* t) {
  if (line.size() > 36 && line[15] == ' ' && line[16] == '0' && line[17] == 'x' &&
      line[34] == ' ') {
    std::string_view head = line.substr(0, 15);
    size_t b = head.find_first_not_of(' ');
    size_t e = head.find_last_not_of(' ');
    std::string_view name;
    if (b != std::string_view::npos) name = head.substr(b, e - b + 1);
    if (!HasBlank(name)) {
      t->clear();
      if (!name.empty()) t->push_back(name);
      t->push_back(line.substr(16, 18));
      size_t i = 35;
      while (i < line.size() && line[i] == ' ') ++i;
      size_t j = i;
      while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
      if (j > i) t->push_back(line.substr(i, j - i));
      while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
      size_t end = line.size();
      while (end > j && (line[end - 1] == ' ' || line[end - 1] == '\t')) --end;
      if (end > j) t->push_back(line.substr(j, end - j));
      return;
    }
  }
  Split(line, 4, t);
}

// A piece of `output` starts at `address`, kept or not: the last kept
// piece, if of the same output section, learns whether a gap follows it.
void NotePieceStart(LinkMap* map, std::string_view output, uint64_t address) {
  if (map->open_piece == LinkMap::kNoPiece) return;
  MapPiece& last = map->pieces[map->open_piece];
  map->open_piece = LinkMap::kNoPiece;
  if (last.output_section == output && address > last.address + last.size &&
      last.address + last.size > last.address)
    last.gap_after = true;
}

// A linker script assignment ("__stop_x = .") at `address`, past the open
// piece's start: the symbol it makes may sit right at the piece's end, so
// the end is not the piece's alone.  Without an address, the same.
void NoteAssignment(LinkMap* map, const uint64_t* address) {
  if (map->open_piece == LinkMap::kNoPiece) return;
  const MapPiece& last = map->pieces[map->open_piece];
  if (!address || *address >= last.address) map->open_piece = LinkMap::kNoPiece;
}

// Adds a piece, filled in place rather than built on the stack and
// copied, which compilers do with a string copy ("rep movs") that is
// slow for so few bytes.
void AddPiece(LinkMap* map, std::string_view output, std::string_view input, std::string_view file,
              uint64_t address, uint64_t size, size_t line) {
  MapPiece& p = map->pieces.emplace_back();
  p.output_section = output;
  p.input_section = input;
  p.file = file;
  p.address = address;
  p.size = size;
  p.line = line;
  map->open_piece = map->pieces.size() - 1;
}

// A GNU ld line holding "0xADDR 0xSIZE FILE" for a pending input section.
void AddGnuPiece(LineReader* in, LinkMap* map, const FileFilter& keep, std::string_view output,
                 std::string_view name, std::string_view line,
                 const std::vector<std::string_view>& t, size_t first) {
  if (t.size() < first + 3)
    in->Fail("expected address, size and object file of input section " + std::string(name));
  uint64_t address = Hex(*in, t[first], "address");
  uint64_t size = Hex(*in, t[first + 1], "size");
  // The file name is the rest of the line (it may hold blanks).
  std::string_view file = line.substr(static_cast<size_t>(t[first + 2].data() - line.data()));
  while (!file.empty() && (file.back() == ' ' || file.back() == '\t')) file.remove_suffix(1);
  file = ObjectName(file);
  NotePieceStart(map, output, address);
  if (keep && !keep(file)) return;
  AddPiece(map, output, name, file, address, size, in->line_number());
}

// Script keywords at indent 1 that need no pattern characters.
bool IsScriptKeyword(std::string_view name) {
  return name == "FILL" || name.rfind("SORT", 0) == 0 || name.rfind("KEEP", 0) == 0;
}

// Script patterns, fill and the like at indent 1, rather than a section.
bool IsScriptPattern(std::string_view name) {
  if (IsScriptKeyword(name)) return true;
  for (char c : name)
    if (scan::IsPatternChar(c)) return true;
  return false;
}

// A section name alone on its line, the numbers on the next.
bool IsWrappedSectionName(std::string_view name) {
  return !scan::HasBlankOrPattern(name) && !IsScriptKeyword(name);
}

// The usual placement of input section `name`: "0x" and sixteen digits at
// column 16, the size, the file (columns 0-15 hold the name or blanks).
// Takes the piece and returns true; false for anything else (bad numbers,
// unusual spacing), which the general code then looks at.
bool TakeGnuNumbers(LineReader* in, LinkMap* map, const FileFilter& keep, std::string_view output,
                    std::string_view name, std::string_view line) {
  const char* l = line.data();
  size_t n = line.size();
  if (n < 40 || l[15] != ' ' || l[16] != '0' || l[17] != 'x' || l[34] != ' ') return false;
  // ld right-aligns the size to column 44, after the address: the size
  // is the first field from column 35 on, the file the rest of the line.
  uint64_t address, size;
  scan::Field size_field = scan::FieldAfterSpaces(l + 35, n - 35);
  size_t i = 35 + size_field.begin;
  size_t size_end = 35 + size_field.end;
  if (size_end - i < 3 || l[i] != '0' || l[i + 1] != 'x' || !ParseHex16(l + 18, &address) ||
      !ParseHex(line.substr(i, size_end - i), &size))
    return false;
  i = size_end;
  while (i < n && IsBlank(l[i])) ++i;
  size_t end = n;
  while (end > i && IsBlank(l[end - 1])) --end;
  if (end == i) return false;
  std::string_view file = ObjectName(line.substr(i, end - i));
  NotePieceStart(map, output, address);
  if (keep && !keep(file)) return true;
  AddPiece(map, output, name, file, address, size, in->line_number());
  return true;
}

// An indent-1 line " NAME" padded to column 16 and the numbers: takes the
// piece and returns true, or false as TakeGnuNumbers.
bool TakeGnuPiece(LineReader* in, LinkMap* map, const FileFilter& keep, std::string_view output,
                  std::string_view line) {
  if (line.size() < 16) return false;
  size_t name_end = scan::GnuNameEnd(line.data());
  if (!name_end) return false;
  std::string_view name = line.substr(1, name_end - 1);
  return !IsScriptKeyword(name) && TakeGnuNumbers(in, map, keep, output, name, line);
}

void ReadGnu(LineReader* in, LinkMap* map, const FileFilter& keep) {
  std::string_view output;          // current output section
  std::string_view pending_output;  // wrapped output section header
  std::string_view pending_input;   // wrapped input section header
  std::string_view line;
  std::vector<std::string_view> t;
  while (in->Next(&line)) {
    if (line.empty()) continue;
    // Indented by 0, 1 or more blanks (2 stands for "more")
    size_t indent = line[0] != ' ' ? 0 : line.size() > 1 && line[1] != ' ' ? 1 : 2;
    // Most lines are symbols and assignments, deeper than one blank: skip
    // them without splitting, unless a wrapped header waits for them.
    // The common lines the quick way; the code below checks the rest.
    if (!pending_input.empty() && pending_output.empty()) {
      // The numbers of a wrapped input section header.
      if (indent > 1 && line.compare(0, 16, "                ") == 0 &&
          TakeGnuNumbers(in, map, keep, output, pending_input, line)) {
        pending_input = {};
        continue;
      }
    } else if (pending_output.empty()) {
      if (indent > 1) {
        // Symbols, and the script's assignments, which may make a symbol
        // at the end of the open piece
        if (map->open_piece != LinkMap::kNoPiece && line.find('=') != std::string_view::npos) {
          SplitGnu(line, &t);
          uint64_t address;
          bool known = !t.empty() && t[0].size() > 2 && ParseHex(t[0], &address);
          NoteAssignment(map, known ? &address : nullptr);
        }
        continue;
      }
      if (indent == 1) {
        // Fill and script patterns ("*fill*", "*(.text .stub)"), pieces
        if (line[1] == '*' || TakeGnuPiece(in, map, keep, output, line)) continue;
        // A long section name alone: its numbers are on the next line
        std::string_view name = line.substr(1);
        if (IsWrappedSectionName(name)) {
          pending_input = name;
          continue;
        }
      }
    }
    SplitGnu(line, &t);
    if (t.empty()) continue;
    if (!pending_input.empty()) {
      std::string_view name = pending_input;
      pending_input = {};
      if (indent > 1 && IsHex(t[0])) {
        AddGnuPiece(in, map, keep, output, name, line, t, 0);
        continue;
      }
      in->Fail("expected address, size and object file of input section " + std::string(name));
    }
    if (!pending_output.empty()) {
      std::string_view name = pending_output;
      pending_output = {};
      if (indent > 1 && IsHex(t[0])) {
        if (t.size() < 2)
          in->Fail("expected address and size of output section " + std::string(name));
        map->outputs.push_back({name, Hex(*in, t[0], "address"), Hex(*in, t[1], "size")});
        continue;
      }
      // An output section without numbers (nothing placed): fall through.
    }
    if (indent == 0) {
      std::string_view name = t[0];
      if (name.rfind("OUTPUT(", 0) == 0) {
        size_t end = name.find_first_of(" )", 7);
        map->output_file = std::string(
            name.substr(7, end == std::string_view::npos ? std::string_view::npos : end - 7));
        continue;
      }
      if (name == "LOAD" || name == "START" || name == "END" || name == "INSERT" ||
          name.rfind("OUTPUT", 0) == 0 || name.rfind("TARGET(", 0) == 0) {
        continue;
      }
      output = name;
      if (t.size() == 1) {
        pending_output = name;
      } else if (IsHex(t[1])) {
        if (t.size() < 3)
          in->Fail("expected address and size of output section " + std::string(name));
        map->outputs.push_back({name, Hex(*in, t[1], "address"), Hex(*in, t[2], "size")});
      }
      continue;
    }
    if (indent == 1) {
      std::string_view name = t[0];
      if (IsScriptPattern(name)) continue;  // *fill*, *(patterns), KEEP (...) and the like
      if (t.size() == 1) {
        pending_input = name;
        continue;
      }
      if (t[1].rfind("0x", 0) != 0) continue;  // not a placement line
      AddGnuPiece(in, map, keep, output, name, line, t, 1);
      continue;
    }
    // Deeper indentation: symbols and assignments.  A line of numbers
    // alone here would have been a wrapped header handled above.
  }
  if (!pending_input.empty())
    in->Fail("expected address, size and object file of input section " +
             std::string(pending_input) + ", the file ends");
}

void ReadLld(LineReader* in, LinkMap* map, const FileFilter& keep) {
  std::string_view output;
  std::string_view line;
  std::vector<std::string_view> t;
  while (in->Next(&line)) {
    if (line.empty()) continue;
    // "VMA LMA SIZE ALIGN NAME", the name to the end of the line.  The
    // linker script's ASSERT()s have an empty name: four columns.
    Split(line, 5, &t);
    if (t.size() < 4) in->Fail("expected VMA, LMA, size, alignment and a name");
    uint64_t vma = Hex(*in, t[0], "VMA");
    Hex(*in, t[1], "LMA");
    uint64_t size = Hex(*in, t[2], "size");
    for (char c : t[3])
      if (c < '0' || c > '9')
        in->Fail("expected a decimal alignment, got '" + std::string(t[3]) + "'");
    // The name column starts after the alignment and one blank, which
    // lld writes also when the name is empty.
    size_t name_col = static_cast<size_t>(t[3].data() + t[3].size() - line.data()) + 1;
    if (name_col > line.size()) in->Fail("expected VMA, LMA, size, alignment and a name");
    std::string_view rest = line.substr(name_col);
    size_t depth = Indent(rest);
    std::string_view name = rest.substr(depth);
    if (depth == 0) {
      // Neither the linker script's ASSERT()s (no name) nor its
      // assignments outside output sections ("jiffies = jiffies_64",
      // ". += 8"; no section name holds '=') are sections.
      if (name.empty() || name.find('=') != std::string_view::npos) continue;
      output = name;
      map->outputs.push_back({output, vma, size});
    } else if (depth == 8) {
      size_t colon = name.rfind(":(");
      if (colon == std::string_view::npos || name.back() != ')') {
        // Linker-generated lines such as "<internal>:(.bss)" have the form
        // too; anything else at this depth is an assignment: skip it.
        NoteAssignment(map, &vma);
        continue;
      }
      std::string_view file = ObjectName(name.substr(0, colon));
      NotePieceStart(map, output, vma);
      if (keep && !keep(file)) continue;
      AddPiece(map, output, name.substr(colon + 2, name.size() - colon - 3), file, vma, size,
               in->line_number());
    }
    // depth 16: symbols.
  }
}

}  // namespace

bool IsNonAllocSection(std::string_view name) {
  // Most names are .text, .data and the like: reject them by their second
  // character before comparing prefixes.
  static constexpr std::string_view kSecondChars = "dcnsgrBGD";
  if (name.size() < 2 || kSecondChars.find(name[1]) == std::string_view::npos) return false;
  // The relocations --emit-relocs keeps (x86 with RELOCATABLE), ".rela" or
  // ".rel" then the section's name: lld's map places them at 0, one per
  // object and section.  The .rela.dyn of a -pie link is allocated, but
  // only the linker puts anything there.
  static const char* const kPrefixes[] = {".debug", ".comment", ".note", ".stab", ".gnu_debug",
                                          ".BTF", ".symtab", ".strtab", ".shstrtab", "/DISCARD/",
                                          ".discard", ".gnu.warning", ".GCC.command.line",
                                          // --emit-relocs
                                          ".rela", ".rel.", ".rel_"};
  for (const char* p : kPrefixes)
    if (name.rfind(p, 0) == 0) return true;
  return false;
}

LinkMap ReadLinkMap(LineReader* in, const FileFilter& keep) {
  LinkMap map;
  map.path = in->name();
  // Reserve rather than copy the vector as it grows; untouched reserve
  // costs no memory.  The relocatable link's map, read with a filter,
  // keeps up to one placement per 150 bytes or so.  The final link's map,
  // read whole, places the pieces of vmlinux.o, one per 520 bytes in a
  // defconfig (most of them ___ksymtab+NAME sections): room for a bit
  // more.
  map.pieces.reserve(in->size() / (keep ? 100 : 500));
  std::string_view line;
  while (in->Next(&line)) {
    if (line == "Linker script and memory map") {
      map.format = LinkMap::Format::kGnuLd;
      ReadGnu(in, &map, keep);
      return map;
    }
    // GNU ld writes archive and discarded-section lists first: skip them.
    // lld's header is its first line.
    if (in->line_number() > 1) continue;
    std::vector<std::string_view> t = Split(line);
    if (t.size() >= 7 && t[0] == "VMA" && t[1] == "LMA" && t[2] == "Size") {
      map.format = LinkMap::Format::kLld;
      ReadLld(in, &map, keep);
      return map;
    }
    if (!t.empty() && IsHex("0x" + std::string(t[0]))) break;
  }
  throw InputError(in->name(), 1,
                   "unknown map format: expected GNU ld's 'Linker script and memory map' "
                   "or lld's 'VMA LMA Size Align Out In Symbol' header");
}

}  // namespace kallmodsyms
