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
  // Not populated here: the thread that reads a file maps it in (Prefault).
  void* m = mmap(nullptr, static_cast<size_t>(st.st_size), PROT_READ, MAP_PRIVATE, fd, 0);
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

void LineReader::Prefault() const {
#ifdef MADV_POPULATE_READ
  // One call maps every page; a fault per 64 KiB otherwise.  Only a hint:
  // kernels before 5.14 refuse it, and the faults do the same work.
  if (mapping_) madvise(mapping_, mapping_size_, MADV_POPULATE_READ);
#endif
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

bool ParseHex(std::string_view s, uint64_t* value) {
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  while (s.size() > 16 && s[0] == '0') s.remove_prefix(1);
  if (s.size() == 16) return ParseHex16(s.data(), value);
  return scan::ParseDigits(s.data(), s.size(), value);
}

}  // namespace kallmodsyms
