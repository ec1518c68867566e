// SPDX-License-Identifier: GPL-2.0
//
// scripts/kallsyms' output, the parts read here:
//   kallsyms_offsets:
//   	.long	0x1000	/* Tname */        one row per symbol: offset, type and name
//   	...
//   (an empty line)
//   ...
//   kallsyms_relative_base:
//   	PTR	_text + 0x10                   or "_text - 0x10"
// Most of the file, the compressed names before the offsets, is skipped by
// a search for the labels; lines are counted only for a message.

#include "kallsyms_order.h"

#include <algorithm>
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

namespace kallmodsyms {
namespace {

constexpr std::string_view kDiffers = " (the kallsyms order differs from the generator's)";

std::string Hex(uint64_t v) {
  char buf[24];
  snprintf(buf, sizeof(buf), "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

// The text of scripts/kallsyms' file, and where in it each line starts.
class AsmText {
 public:
  explicit AsmText(const LineReader& in) : in_(in), text_(in.Rest()) {}

  // The offset of the line after the last "LABEL:\n" that ends before
  // `before`; fails if there is none.  Searched from the end: the labels
  // read here come after the compressed names, half of the file, which
  // is then never read.
  size_t After(std::string_view label, size_t before) const {
    std::string line = "\n" + std::string(label) + ":\n";
    auto found =
        std::search(text_.rbegin() + static_cast<ptrdiff_t>(text_.size() - before), text_.rend(),
                    std::boyer_moore_horspool_searcher(line.rbegin(), line.rend()));
    if (found == text_.rend())
      throw InputError(in_.name(), 1,
                       "expected scripts/kallsyms' output with the label " + std::string(label));
    return static_cast<size_t>(text_.rend() - found);
  }
  size_t size() const { return text_.size(); }
  // The line at `*pos`, without its '\n'; moves `*pos` to the next.
  std::string_view Line(size_t* pos) const {
    size_t end = text_.find('\n', *pos);
    if (end == std::string_view::npos) end = text_.size();
    std::string_view line = text_.substr(*pos, end - *pos);
    *pos = std::min(end + 1, text_.size());
    return line;
  }
  bool AtEnd(size_t pos) const { return pos >= text_.size(); }
  [[noreturn]] void Fail(size_t pos, const std::string& what) const {
    size_t line = 1 + static_cast<size_t>(std::count(text_.begin(), text_.begin() + pos, '\n'));
    throw InputError(in_.name(), line, what);
  }

 private:
  const LineReader& in_;
  std::string_view text_;
};

bool Consume(std::string_view* s, std::string_view prefix) {
  if (s->substr(0, prefix.size()) != prefix) return false;
  s->remove_prefix(prefix.size());
  return true;
}

// "\tPTR\t_text + 0x10" or "_text - 0x10": the base of the offsets.
uint64_t RelativeBase(const AsmText& text, uint64_t text_base, size_t* label) {
  size_t pos = text.After("kallsyms_relative_base", text.size());
  *label = pos;
  size_t at = pos;
  std::string_view line = text.Line(&pos);
  uint64_t delta = 0;
  bool ok = Consume(&line, "\tPTR\t_text ");
  bool plus = ok && Consume(&line, "+ ");
  if (!ok || !(plus || Consume(&line, "- ")) || !ParseHex(line, &delta))
    text.Fail(at,
              "expected 'PTR _text + OFFSET' or 'PTR _text - OFFSET' after kallsyms_relative_base");
  return plus ? text_base + delta : text_base - delta;
}

}  // namespace

void CheckKallsymsOrder(LineReader* kallsyms_asm, const SymbolList& symbols, uint64_t text_base,
                        bool absolute_percpu) {
  AsmText text(*kallsyms_asm);
  size_t base_label;
  const uint64_t base = RelativeBase(text, text_base, &base_label);
  size_t pos = text.After("kallsyms_offsets", base_label);
  for (size_t i = 0;; ++i) {
    size_t at = pos;
    std::string_view line = text.AtEnd(pos) ? std::string_view() : text.Line(&pos);
    if (line.empty()) {
      if (i < symbols.size())
        text.Fail(at, "the table ends, expected symbol " + std::string(symbols[i].name()) + " at " +
                          Hex(symbols[i].address) + std::string(kDiffers));
      return;
    }
    // "\t.long\tOFFSET\t/* TNAME */"
    std::string_view row = line;
    uint64_t offset = 0;
    size_t tab = row.find('\t', 7);
    bool ok = Consume(&row, "\t.long\t") && tab != std::string_view::npos &&
              ParseHex(line.substr(7, tab - 7), &offset) && offset <= UINT32_MAX;
    row = ok ? line.substr(tab) : std::string_view();
    if (!Consume(&row, "\t/* ") || row.size() < 5 || row.substr(row.size() - 3) != " */")
      text.Fail(at, "expected a row '.long OFFSET /* TYPE NAME */' in kallsyms_offsets");
    std::string_view name = row.substr(1, row.size() - 4);  // after the type
    // The inverse of scripts/kallsyms' write_src().
    uint64_t address;
    auto value = static_cast<int32_t>(static_cast<uint32_t>(offset));
    if (!absolute_percpu)
      address = base + offset;
    else if (value >= 0)
      address = static_cast<uint64_t>(value);  // a percpu symbol's own address
    else
      address = base - 1 - static_cast<uint64_t>(static_cast<int64_t>(value));
    if (i >= symbols.size())
      text.Fail(at, "symbol " + std::string(name) + " at " + Hex(address) +
                        ", expected no more symbols (the generator has " +
                        std::to_string(symbols.size()) + ")" + std::string(kDiffers));
    const Symbol& want = symbols[i];
    if (name != want.name() || address != want.address)
      text.Fail(at, "symbol " + std::string(name) + " at " + Hex(address) + ", expected " +
                        std::string(want.name()) + " at " + Hex(want.address) +
                        std::string(kDiffers));
  }
}

}  // namespace kallmodsyms
