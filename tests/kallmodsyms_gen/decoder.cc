// SPDX-License-Identifier: GPL-2.0

#include "decoder.h"

#include <sstream>
#include <stdexcept>

#include "kallmodsyms_internal.h"
#include "varint.h"

namespace kallmodsyms_test {
namespace {

std::string Trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

void Put(std::vector<uint8_t>* out, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) out->push_back(static_cast<uint8_t>(v >> (8 * i)));
}

}  // namespace

Decoder::Decoder(const std::string& asm_text) {
  // Drop /* comments */, which may span lines.
  std::string text;
  for (size_t i = 0; i < asm_text.size();) {
    if (asm_text.compare(i, 2, "/*") == 0) {
      size_t end = asm_text.find("*/", i + 2);
      if (end == std::string::npos) throw std::runtime_error("unterminated comment");
      i = end + 2;
    } else {
      text += asm_text[i++];
    }
  }
  std::istringstream in(text);
  std::string line, label;
  while (std::getline(in, line)) {
    line = Trim(line);
    if (line.empty() || line[0] == '#' || line.rfind(".globl", 0) == 0 ||
        line.rfind(".section", 0) == 0 || line.rfind(".balign", 0) == 0 || line == "ALGN")
      continue;
    if (line.back() == ':') {
      label = line.substr(0, line.size() - 1);
      bytes_[label];
      continue;
    }
    if (label.empty()) throw std::runtime_error("data before any label: " + line);
    std::vector<uint8_t>& out = bytes_[label];
    std::istringstream row(line);
    std::string op;
    row >> op;
    std::string rest;
    std::getline(row, rest);
    rest = Trim(rest);
    if (op == "PTR") {
      pointers_[label][out.size()] = rest;
      Put(&out, 0, 8);
    } else if (op == ".asciz") {
      if (rest.size() < 2 || rest.front() != '"' || rest.back() != '"')
        throw std::runtime_error("bad .asciz: " + line);
      for (char c : rest.substr(1, rest.size() - 2)) out.push_back(static_cast<uint8_t>(c));
      out.push_back(0);
    } else if (op == ".quad" || op == ".long" || op == ".short" || op == ".byte") {
      int n = op == ".quad" ? 8 : op == ".long" ? 4 : op == ".short" ? 2 : 1;
      std::istringstream vals(rest);
      std::string v;
      while (std::getline(vals, v, ',')) {
        uint64_t x = std::stoull(Trim(v), nullptr, 0);
        if (n < 8 && (x >> (8 * n))) throw std::runtime_error("value too wide: " + line);
        Put(&out, x, n);
      }
    } else {
      throw std::runtime_error("unexpected directive: " + line);
    }
  }
  const std::vector<uint8_t>& sp = Section("kallsyms_module_spaces");
  if (sp.size() != 2 * 24) throw std::runtime_error("kallsyms_module_spaces has the wrong size");
  for (int s = 0; s < 2; ++s) {
    spaces_[s].nr_blocks = U32("kallsyms_module_spaces", s * 24);
    spaces_[s].nr_ranges = U32("kallsyms_module_spaces", s * 24 + 4);
    spaces_[s].index = pointers_.at("kallsyms_module_spaces").at(s * 24 + 8);
    spaces_[s].stream = pointers_.at("kallsyms_module_spaces").at(s * 24 + 16);
    if (Section(spaces_[s].index).size() != spaces_[s].nr_blocks * 8u)
      throw std::runtime_error("block index size disagrees with its count");
  }
}

const std::vector<uint8_t>& Decoder::Section(const std::string& label) const {
  auto it = bytes_.find(label);
  if (it == bytes_.end()) throw std::runtime_error("no label " + label);
  return it->second;
}

uint32_t Decoder::U32(const std::string& label, size_t off) const {
  const std::vector<uint8_t>& b = Section(label);
  if (off + 4 > b.size()) throw std::runtime_error("read past " + label);
  return b[off] | b[off + 1] << 8 | b[off + 2] << 16 | static_cast<uint32_t>(b[off + 3]) << 24;
}

uint32_t Decoder::num_syms() const { return U32("kallsyms_size_num_syms", 0); }

std::set<std::string> Decoder::Decode(uint64_t ref) const {
  const std::vector<uint8_t>& names = Section("kallsyms_module_names");
  auto name_at = [&](size_t off) {
    if (off == 0 || off >= names.size()) throw std::runtime_error("bad name offset");
    return std::string(reinterpret_cast<const char*>(names.data()) + off);
  };
  if (ref == 0) return {};
  if (ref & 1) return {name_at(ref >> 1)};
  size_t pos = ref >> 1;
  uint32_t n = U32("kallsyms_module_lists", pos * 4);
  if (n < 2) throw std::runtime_error("a multi-module list of fewer than 2");
  std::set<std::string> out;
  for (uint32_t i = 0; i < n; ++i)
    out.insert(name_at(U32("kallsyms_module_lists", (pos + 1 + i) * 4)));
  return out;
}

std::set<std::string> Decoder::ModulesOf(uint64_t address, uint64_t text_base) const {
  int s = address < text_base ? KALLMODSYMS_SPACE_PERCPU : KALLMODSYMS_SPACE_KERNEL;
  uint64_t off = address - (s == KALLMODSYMS_SPACE_KERNEL ? text_base : 0);
  const Space& sp = spaces_[s];
  if (!sp.nr_blocks || off > UINT32_MAX) return {};
  // The last block whose start <= off.
  uint32_t lo = 0, hi = sp.nr_blocks;
  while (hi - lo > 1) {
    uint32_t mid = (lo + hi) / 2;
    if (U32(sp.index, mid * 8) <= off)
      lo = mid;
    else
      hi = mid;
  }
  uint64_t start = U32(sp.index, lo * 8);
  if (off < start) return {};
  const std::vector<uint8_t>& st = Section(sp.stream);
  size_t pos = U32(sp.index, lo * 8 + 4);
  uint64_t ref;
  if (!kallmodsyms::GetVarint(st.data(), st.size(), &pos, &ref))
    throw std::runtime_error("bad stream");
  uint32_t first = lo * KALLMODSYMS_RANGE_BLOCK;
  for (uint32_t r = first + 1; r < first + KALLMODSYMS_RANGE_BLOCK && r < sp.nr_ranges; ++r) {
    uint64_t delta, next_ref;
    size_t p = pos;
    if (!kallmodsyms::GetVarint(st.data(), st.size(), &p, &delta) ||
        !kallmodsyms::GetVarint(st.data(), st.size(), &p, &next_ref))
      throw std::runtime_error("bad stream");
    if (start + delta > off) break;
    start += delta;
    ref = next_ref;
    pos = p;
  }
  return Decode(ref);
}

uint64_t Decoder::SizeOf(size_t i, const std::vector<uint64_t>& addr) const {
  const std::vector<uint8_t>& codes = Section("kallsyms_size_codes");
  // 64-bit words, put here in little-endian order: byte k / 2 holds code k
  // in its low nibble when k is even, in its high nibble when odd.
  auto code_of = [&](size_t k) -> unsigned {
    if (k / 2 >= codes.size()) throw std::runtime_error("size code past the end");
    return (codes[k / 2] >> (k % 2 ? 4 : 0)) & 0xf;
  };
  uint64_t gap = 0;
  for (size_t j = i + 1; j < addr.size(); ++j)
    if (addr[j] != addr[i]) {
      gap = addr[j] - addr[i];
      break;
    }
  unsigned code = code_of(i);
  if (code < KALLMODSYMS_SIZE_ZERO) return gap - code;
  if (code == KALLMODSYMS_SIZE_ZERO) return 0;
  // Walk the block's escapes up to symbol i.
  const std::vector<uint8_t>& esc = Section("kallsyms_size_escapes");
  size_t block = i / KALLMODSYMS_SIZE_BLOCK;
  size_t pos = U32("kallsyms_size_index", block * 4);
  uint64_t v = 0;
  for (size_t k = block * KALLMODSYMS_SIZE_BLOCK; k <= i; ++k) {
    if (code_of(k) != KALLMODSYMS_SIZE_ESCAPE) continue;
    if (!kallmodsyms::GetVarint(esc.data(), esc.size(), &pos, &v))
      throw std::runtime_error("bad escape stream");
  }
  if (v & 1) return v >> 1;
  return gap - (KALLMODSYMS_SIZE_ZERO + (v >> 1));
}

}  // namespace kallmodsyms_test
