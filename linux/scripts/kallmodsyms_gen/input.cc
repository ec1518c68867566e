// SPDX-License-Identifier: GPL-2.0

#include "input.h"

#include <fstream>
#include <sstream>

namespace kallmodsyms {

LineReader LineReader::FromFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path, 0, "cannot open file");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(path, 0, "read error");
  LineReader reader(path, text.str());
  if (reader.text_.empty()) throw InputError(path, 1, "expected content, the file is empty");
  return reader;
}

LineReader::LineReader(std::string name, std::string text)
    : name_(std::move(name)), text_(std::move(text)) {}

bool LineReader::Next(std::string_view* line) {
  if (pos_ >= text_.size()) return false;
  size_t end = text_.find('\n', pos_);
  if (end == std::string::npos) end = text_.size();
  std::string_view l(text_.data() + pos_, end - pos_);
  if (!l.empty() && l.back() == '\r') l.remove_suffix(1);
  pos_ = end + 1;
  ++line_number_;
  *line = l;
  return true;
}

void LineReader::Fail(const std::string& what) const {
  throw InputError(name_, line_number_, what);
}

std::vector<std::string_view> Split(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    size_t start = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

bool ParseHex(std::string_view s, uint64_t* value) {
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s.remove_prefix(2);
  if (s.empty()) return false;
  uint64_t v = 0;
  for (char c : s) {
    unsigned d;
    if (c >= '0' && c <= '9') d = c - '0';
    else if (c >= 'a' && c <= 'f') d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F') d = c - 'A' + 10;
    else return false;
    if (v >> 60) return false;  // would overflow
    v = (v << 4) | d;
  }
  *value = v;
  return true;
}

}  // namespace kallmodsyms
