// SPDX-License-Identifier: GPL-2.0
//
// Reading input files line by line, and the one error type of the tool:
// every message names the input file and line and says what was expected.

#ifndef KALLMODSYMS_GEN_INPUT_H
#define KALLMODSYMS_GEN_INPUT_H

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "scan.h"

namespace kallmodsyms {

// An error in an input file (or in what the inputs say together).
class InputError : public std::runtime_error {
 public:
  InputError(const std::string& file, size_t line, const std::string& what)
      : std::runtime_error(file + ":" + std::to_string(line) + ": " + what) {}
};

// A whole input file, split into lines (without their '\n').  A file is
// mapped, not copied; string_views of its lines stay valid as long as the
// reader lives.
class LineReader {
 public:
  // Reads `path`; throws InputError if it cannot be read or is empty.
  static LineReader FromFile(const std::string& path);
  // For tests and fuzzers: `text` as if read from a file named `name`.
  LineReader(std::string name, std::string text);
  LineReader(LineReader&& other) noexcept;
  LineReader& operator=(LineReader&&) = delete;
  LineReader(const LineReader&) = delete;
  ~LineReader();

  // Returns false at the end; `line` then is unchanged.  Inline: it runs
  // once per line of every input.
  bool Next(std::string_view* line) {
    if (pos_ >= text_.size()) return false;
    const char* start = text_.data() + pos_;
    size_t len = newlines_.Find(text_, pos_) - pos_;
    pos_ += len + 1;
    ++line_number_;
    if (len && start[len - 1] == '\r') --len;
    *line = std::string_view(start, len);
    return true;
  }
  // For readers that find the end of a line themselves: the text from the
  // start of the next line to the end of the file (empty at the end),
  // and moving past a line that ends in '\n' `length` bytes on.
  std::string_view Rest() const {
    return pos_ < text_.size() ? text_.substr(pos_) : std::string_view();
  }
  void SkipLine(size_t length) {
    pos_ += length + 1;
    ++line_number_;
  }
  // Maps the whole file in at once, in the thread that is to read it.
  void Prefault() const;
  size_t line_number() const { return line_number_; }
  size_t size() const { return text_.size(); }
  const std::string& name() const { return name_; }
  [[noreturn]] void Fail(const std::string& what) const;

 private:
  LineReader(std::string name, void* mapping, size_t size);

  std::string name_;
  std::string owned_;  // the text, unless it is mapped
  void* mapping_ = nullptr;
  size_t mapping_size_ = 0;
  std::string_view text_;
  size_t pos_ = 0;
  size_t line_number_ = 0;
  scan::NewlineFinder newlines_;
};

// Splits `s` at runs of blanks into `out` (cleared first; reusing one
// vector saves an allocation per line).  With `max_fields`, the last field
// is the rest of the line from where it starts, minus trailing blanks, and
// is not scanned: for lines that end in a name that may hold blanks.
void Split(std::string_view s, std::vector<std::string_view>* out);
void Split(std::string_view s, size_t max_fields, std::vector<std::string_view>* out);
std::vector<std::string_view> Split(std::string_view s);

// Parses hexadecimal digits, with or without a 0x prefix.  False if `s` is
// empty, has another character, or does not fit in 64 bits.
bool ParseHex(std::string_view s, uint64_t* value);

// Exactly sixteen hexadecimal digits at `p` (nm prints addresses and sizes
// so on 64-bit targets).  False if one is not a digit.
inline bool ParseHex16(const char* p, uint64_t* value) { return scan::Hex16(p, value); }

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_INPUT_H
