// SPDX-License-Identifier: GPL-2.0

#include "input.h"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace kallmodsyms {

LineReader LineReader::FromFile(const std::string& path) {
  int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw InputError(path, 0, std::string("cannot open file: ") + strerror(errno));
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    throw InputError(path, 0, "expected a regular file");
  }
  if (st.st_size == 0) {
    close(fd);
    throw InputError(path, 1, "expected content, the file is empty");
  }
  void* m =
      mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0);
  close(fd);
  if (m == MAP_FAILED)
    throw InputError(path, 0, std::string("cannot map file: ") + strerror(errno));
  return LineReader(path, m, static_cast<size_t>(st.st_size));
}

LineReader::LineReader(std::string name, std::string text)
    : name_(std::move(name)), owned_(std::move(text)), text_(owned_) {}

LineReader::LineReader(std::string name, void* mapping, size_t size)
    : name_(std::move(name)),
      mapping_(mapping),
      mapping_size_(size),
      text_(static_cast<const char*>(mapping), size) {}

LineReader::LineReader(LineReader&& o) noexcept
    : name_(std::move(o.name_)),
      mapping_(o.mapping_),
      mapping_size_(o.mapping_size_),
      pos_(o.pos_),
      line_number_(o.line_number_) {
  if (mapping_) {
    text_ = o.text_;
  } else {
    owned_ = std::move(o.owned_);
    text_ = owned_;
  }
  o.mapping_ = nullptr;
  o.text_ = {};
}

LineReader::~LineReader() {
  if (mapping_) munmap(mapping_, mapping_size_);
}

bool LineReader::Next(std::string_view* line) {
  if (pos_ >= text_.size()) return false;
  const char* start = text_.data() + pos_;
  const void* nl = memchr(start, '\n', text_.size() - pos_);
  size_t len = nl ? static_cast<size_t>(static_cast<const char*>(nl) - start) : text_.size() - pos_;
  std::string_view l(start, len);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  pos_ += len + 1;
  ++line_number_;
  *line = l;
  return true;
}

void LineReader::Fail(const std::string& what) const {
  throw InputError(name_, line_number_, what);
}

void Split(std::string_view s, std::vector<std::string_view>* out) { Split(s, SIZE_MAX, out); }

void Split(std::string_view s, size_t max_fields, std::vector<std::string_view>* out) {
  out->clear();
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    if (i == s.size()) break;
    size_t start = i;
    if (out->size() + 1 == max_fields) {
      size_t end = s.size();
      while (s[end - 1] == ' ' || s[end - 1] == '\t') --end;
      out->push_back(s.substr(start, end - start));
      return;
    }
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    out->push_back(s.substr(start, i - start));
  }
}

std::vector<std::string_view> Split(std::string_view s) {
  std::vector<std::string_view> out;
  Split(s, &out);
  return out;
}

namespace {

inline uint64_t Load8(const char* p) {
  uint64_t v;
  memcpy(&v, p, sizeof(v));
  return v;
}

// Eight hexadecimal digits, the first in the lowest byte (as loaded on a
// little-endian machine), to their value; false if one is not a digit.
inline bool Hex8(uint64_t v, uint32_t* value) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  if (v & kHigh) return false;
  // Per byte x < 0x80: x + (0x80 - lo) has its top bit set iff x >= lo,
  // and x + (0x7f - hi) iff x > hi.
  uint64_t digit = (v + 0x50 * kOnes) & ~(v + 0x46 * kOnes);  // '0'..'9'
  uint64_t lower = v | 0x20 * kOnes;
  uint64_t letter = (lower + 0x1f * kOnes) & ~(lower + 0x19 * kOnes);  // 'a'..'f'
  if (((digit | letter) & kHigh) != kHigh) return false;
  // Digit values: the low nibble, plus 9 for letters (bit 0x40 set).
  v = (v & 0x0f * kOnes) + ((v >> 6) & kOnes) * 9;
  // Pair the nibbles, then the bytes, then the 16-bit halves; the first
  // digit is the most significant.
  v = ((v & 0x000f000f000f000fULL) << 4) | ((v >> 8) & 0x000f000f000f000fULL);
  v = ((v & 0x000000ff000000ffULL) << 8) | ((v >> 16) & 0x000000ff000000ffULL);
  v = ((v & 0xffffULL) << 16) | ((v >> 32) & 0xffffULL);
  *value = static_cast<uint32_t>(v);
  return true;
}

bool LittleEndian() {
  const uint16_t one = 1;
  unsigned char first;
  memcpy(&first, &one, 1);
  return first == 1;
}

const bool kLittleEndian = LittleEndian();

// Hex digit values; 0xff for anything else.
struct HexTable {
  uint8_t digit[256];
  constexpr HexTable() : digit() {
    for (int i = 0; i < 256; ++i) digit[i] = 0xff;
    for (int i = 0; i < 10; ++i) digit['0' + i] = static_cast<uint8_t>(i);
    for (int i = 0; i < 6; ++i) {
      digit['a' + i] = static_cast<uint8_t>(10 + i);
      digit['A' + i] = static_cast<uint8_t>(10 + i);
    }
  }
};
constexpr HexTable kHex;

}  // namespace

bool ParseHex16(const char* p, uint64_t* value) {
  if (!kLittleEndian) return ParseHex(std::string_view(p, 16), value);
  uint32_t hi, lo;
  if (!Hex8(Load8(p), &hi) || !Hex8(Load8(p + 8), &lo)) return false;
  *value = (static_cast<uint64_t>(hi) << 32) | lo;
  return true;
}

bool ParseHex(std::string_view s, uint64_t* value) {
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  while (s.size() > 16 && s[0] == '0') s.remove_prefix(1);
  if (s.empty() || s.size() > 16) return false;
  if (s.size() == 16 && kLittleEndian) return ParseHex16(s.data(), value);
  uint64_t v = 0;
  for (char c : s) {
    uint8_t d = kHex.digit[static_cast<unsigned char>(c)];
    if (d == 0xff) return false;
    v = (v << 4) | d;
  }
  *value = v;
  return true;
}

}  // namespace kallmodsyms
