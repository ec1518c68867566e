// SPDX-License-Identifier: GPL-2.0

#include "emit_asm.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <string>
#include <string_view>

namespace kallmodsyms {
namespace {

// Appends assembler rows to one buffer: a directive, its values and a
// comment saying what the row is.  The size table makes most of the text:
// tens of thousands of short pieces, each copied in place (the literals
// with a copy of known length) rather than through std::string::append().
class Asm {
 public:
  explicit Asm(size_t reserve = 1 << 16) : buf_(reserve, '\0') {}
  void Raw(std::string_view s) { Put(s); }
  template <size_t N>
  void Raw(const char (&s)[N]) {
    Put(s);
  }
  void Label(std::string_view name) {
    Put("\t.globl\t");
    Put(name);
    Put("\n\t.balign 8\n");
    Put(name);
    Put(":\n");
  }
  void Long(uint64_t v, std::string_view comment) { Value(".long", v, comment); }
  void Ptr(std::string_view sym, std::string_view comment) {
    Put("\tPTR\t");
    Put(sym);
    Comment(comment);
  }
  void Asciz(std::string_view s, std::string_view comment) {
    Put("\t.asciz\t\"");
    Put(s);
    Put("\"");
    Comment(comment);
  }
  // A row of values of one directive; then EndRow() with its comment.
  template <size_t N>
  void Row(const char (&directive)[N], uint64_t v) {
    StartRow(directive);
    PutHex(v);
  }
  template <size_t N>
  void Row(const char (&directive)[N], const uint8_t* p, size_t n) {
    StartRow(directive);
    char* o = Room(n * 6);  // "0xff, "
    for (size_t i = 0; i < n; ++i) {
      if (i) {
        *o++ = ',';
        *o++ = ' ';
      }
      *o++ = '0';
      *o++ = 'x';
      if (p[i] >= 16) *o++ = kDigits[p[i] >> 4];
      *o++ = kDigits[p[i] & 0xf];
    }
    len_ = static_cast<size_t>(o - buf_.data());
  }
  template <size_t N>
  void Row(const char (&directive)[N], const uint64_t* p, size_t n) {
    StartRow(directive);
    char* o = Room(n * 20);  // "0x" and sixteen digits, ", "
    for (size_t i = 0; i < n; ++i) {
      if (i) {
        *o++ = ',';
        *o++ = ' ';
      }
      *o++ = '0';
      *o++ = 'x';
      uint64_t v = p[i];
      for (int d = 15; d >= 0; --d, v >>= 4) o[d] = kDigits[v & 0xf];
      o += 16;
    }
    len_ = static_cast<size_t>(o - buf_.data());
  }
  // The comment "symbols from FIRST" or "symbols from FIRST: NAME" that
  // ends the size table's rows, without a call per piece.
  void EndSymbolsRow(uint64_t first) {
    PutSymbolsFrom(first);
    Put(" */\n");
  }
  void EndSymbolsRow(uint64_t first, std::string_view name) {
    PutSymbolsFrom(first);
    Put(": ");
    Put(name);
    Put(" */\n");
  }
  // Ends a row with a comment made of `parts` (none: no comment).
  void EndRow(std::initializer_list<std::string_view> parts) {
    if (parts.size()) {
      Put("\t/* ");
      for (std::string_view part : parts) Put(part);
      Put(" */");
    }
    Put("\n");
  }
  // The text; the Asm is empty afterwards.
  std::string Take() {
    buf_.resize(len_);
    len_ = 0;
    return std::move(buf_);
  }

  static std::string Hex(uint64_t v) {
    Asm a(18);
    a.PutHex(v);
    return a.Take();
  }

 private:
  static constexpr char kDigits[] = "0123456789abcdef";

  // Room for `n` more bytes at the end of the text (not counted yet).
  char* Room(size_t n) {
    if (buf_.size() - len_ < n) buf_.resize(std::max(buf_.size() * 2, len_ + n));
    return &buf_[len_];
  }
  void Put(std::string_view s) {
    memcpy(Room(s.size()), s.data(), s.size());
    len_ += s.size();
  }
  // Literals: a copy of known length, which the compiler does in place.
  template <size_t N>
  void Put(const char (&s)[N]) {
    memcpy(Room(N - 1), s, N - 1);
    len_ += N - 1;
  }
  void PutSymbolsFrom(uint64_t first) {
    Put("\t/* symbols from ");
    char* o = Room(24);
    o = std::to_chars(o, o + 24, first).ptr;
    len_ = static_cast<size_t>(o - buf_.data());
  }
  // "0x" and the digits, written in place from the last.
  void PutHex(uint64_t v) {
    size_t digits = 1;
    while (digits < 16 && v >> (4 * digits)) ++digits;
    char* o = Room(2 + digits);
    o[0] = '0';
    o[1] = 'x';
    for (size_t i = digits + 1; i >= 2; --i, v >>= 4) o[i] = kDigits[v & 0xf];
    len_ += 2 + digits;
  }
  template <size_t N>
  void StartRow(const char (&directive)[N]) {
    Put("\t");
    Put(directive);
    Put("\t");
  }
  template <size_t N>
  void Value(const char (&directive)[N], uint64_t v, std::string_view comment) {
    StartRow(directive);
    PutHex(v);
    Comment(comment);
  }
  void Comment(std::string_view comment) {
    if (!comment.empty()) {
      Put("\t/* ");
      Put(comment);
      Put(" */");
    }
    Put("\n");
  }

  std::string buf_;  // the text, then unused room
  size_t len_ = 0;
};

std::string NameOfRef(const ModuleTables& t, uint32_t ref) {
  if (ref == 0) return "no module";
  if (ref & 1) return std::string(t.names.c_str() + (ref >> 1));
  std::string s;
  size_t pos = ref >> 1;
  for (unsigned i = 0; i < t.lists[pos]; ++i)
    s += std::string(i ? " " : "") + (t.names.c_str() + t.lists[pos + 1 + i]);
  return s;
}

const char* const kSpaceNames[] = {"percpu", "kernel"};

}  // namespace

std::string EmitModuleTablesAsm(const ModuleTables& t, size_t num_symbols) {
  Asm a;
  a.Raw("/* SPDX-License-Identifier: GPL-2.0 */\n");
  a.Raw("/*\n * Generated by scripts/kallmodsyms_gen: do not edit.\n");
  a.Raw(" * Layout: kernel/kallmodsyms_internal.h\n */\n\n");
  a.Raw("#include <asm/bitsperlong.h>\n");
  a.Raw("#if BITS_PER_LONG == 64\n#define PTR .quad\n#else\n#define PTR .long\n#endif\n\n");
  a.Raw("\t.section .rodata, \"a\"\n\n");

  a.Label("kallsyms_size_num_syms");
  a.Long(num_symbols, "kallsyms symbols the size table describes");

  a.Label("kallsyms_module_spaces");
  for (int s = 0; s < KALLMODSYMS_NR_SPACES; ++s) {
    const EncodedSpace& e = t.spaces[s];
    std::string n = kSpaceNames[s];
    a.Long(e.index.size(), n + ": blocks");
    a.Long(e.nr_ranges, n + ": ranges");
    a.Ptr("kallsyms_module_" + n + "_index", n + ": block index");
    a.Ptr("kallsyms_module_" + n + "_stream", n + ": records");
  }

  a.Label("kallsyms_module_names");
  a.Asciz("", "offset 0: no module");
  for (const auto& [name, off] : t.name_offset) a.Asciz(name, "offset " + Asm::Hex(off));

  a.Label("kallsyms_module_lists");
  a.Long(0, "unused");
  for (size_t pos = 1; pos < t.lists.size(); pos += 1 + t.lists[pos]) {
    a.Long(t.lists[pos],
           "list at " + Asm::Hex(pos) + ": " + NameOfRef(t, static_cast<uint32_t>(pos << 1)));
    for (unsigned i = 0; i < t.lists[pos]; ++i)
      a.Long(t.lists[pos + 1 + i], t.names.c_str() + t.lists[pos + 1 + i]);
  }

  for (int s = 0; s < KALLMODSYMS_NR_SPACES; ++s) {
    const EncodedSpace& e = t.spaces[s];
    std::string n = kSpaceNames[s];
    a.Label("kallsyms_module_" + n + "_index");
    for (size_t b = 0; b < e.index.size(); ++b) {
      a.Long(e.index[b].first, "block " + std::to_string(b) + ": start");
      a.Long(e.index[b].second, "block " + std::to_string(b) + ": record offset");
    }
    a.Label("kallsyms_module_" + n + "_stream");
    for (const EncodedSpace::Row& r : e.rows) {
      a.Row(".byte", e.stream.data() + r.begin, r.end - r.begin);
      std::string start = Asm::Hex(r.start);
      a.EndRow({e.base_symbol, e.base_symbol.empty() ? "" : "+", start, ": ", NameOfRef(t, r.ref)});
    }
  }

  return a.Take();
}

std::string EmitSizeTableAsm(const SizeTable& sizes, const SymbolList& symbols) {
  // Rows of at most 56 bytes in the index, 150 and the name of the
  // block's first symbol in the codes, 7 per escape byte: room for all of
  // it from the start.
  size_t room = 256 + sizes.index.size() * 56 + sizes.escapes.size() * 7 + 32;
  for (size_t i = 0; i < symbols.size(); i += 16 * (KALLMODSYMS_SIZE_BLOCK / 16))
    room += 150 + symbols[i].name().size();
  Asm a(room);
  a.Label("kallsyms_size_index");
  for (size_t b = 0; b < sizes.index.size(); ++b) {
    a.Row(".long", sizes.index[b]);
    a.EndSymbolsRow(b * KALLMODSYMS_SIZE_BLOCK);
  }
  a.Label("kallsyms_size_codes");
  // One row per block: KALLMODSYMS_SIZE_BLOCK / 16 words.
  constexpr size_t kWords = KALLMODSYMS_SIZE_BLOCK / 16;
  for (size_t w = 0; w < sizes.codes.size(); w += kWords) {
    a.Row(".quad", sizes.codes.data() + w, std::min(kWords, sizes.codes.size() - w));
    a.EndSymbolsRow(w * 16, symbols[w * 16].name());
  }
  a.Label("kallsyms_size_escapes");
  for (size_t i = 0; i < sizes.escapes.size(); i += 16) {
    a.Row(".byte", sizes.escapes.data() + i, std::min<size_t>(16, sizes.escapes.size() - i));
    a.EndRow({});
  }
  if (sizes.escapes.empty()) a.Raw("\t.byte\t0\t/* no escapes */\n");
  return a.Take();
}

std::string TablesLayout(const ModuleTables& t, const SizeTable& sizes) {
  // Every label is aligned to 8 (Asm::Label()); pointers count 8 here
  // also where they take 4, which moves every later label by the same 16
  // bytes in every pass.
  std::string out;
  size_t at = 0;
  auto label = [&out, &at](const std::string& name, size_t bytes) {
    at = (at + 7) & ~size_t{7};
    out += name + " " + std::to_string(at) + "\n";
    at += bytes;
  };
  label("kallsyms_size_num_syms", 4);
  label("kallsyms_module_spaces", KALLMODSYMS_NR_SPACES * (4 + 4 + 8 + 8));
  label("kallsyms_module_names", t.names.size());
  label("kallsyms_module_lists", t.lists.size() * 4);
  for (int s = 0; s < KALLMODSYMS_NR_SPACES; ++s) {
    std::string n = kSpaceNames[s];
    label("kallsyms_module_" + n + "_index", t.spaces[s].index.size() * 8);
    label("kallsyms_module_" + n + "_stream", t.spaces[s].stream.size());
  }
  label("kallsyms_size_index", sizes.index.size() * 4);
  label("kallsyms_size_codes", sizes.codes.size() * 8);
  label("kallsyms_size_escapes", std::max<size_t>(sizes.escapes.size(), 1));
  out += "end " + std::to_string(at) + "\n";
  return out;
}

std::string EmitAsm(const ModuleTables& modules, const SizeTable& sizes,
                    const SymbolList& symbols) {
  return EmitModuleTablesAsm(modules, symbols.size()) + EmitSizeTableAsm(sizes, symbols);
}

}  // namespace kallmodsyms
