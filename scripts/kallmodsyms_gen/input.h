// SPDX-License-Identifier: GPL-2.0
//
// Reading input files line by line, and the one error type of the tool:
// every message names the input file and line and says what was expected.

#ifndef KALLMODSYMS_GEN_INPUT_H
#define KALLMODSYMS_GEN_INPUT_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

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
    size_t len = FindNewline(pos_) - pos_;
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

  // The offset of the first '\n' from `from` on, or the text's size.  A
  // call of memchr() per line took 10 ns on a machine of these (the call,
  // its set-up, a mispredicted branch at the end), a third of what the
  // reading of the maps takes.  Where the compiler offers SSE2 (every
  // x86-64), a mask of the newlines of 64 bytes at a time, kept for the
  // lines that follow in them, finds the ends of the maps' lines of 60 or
  // 70 bytes in two thirds of that time.
  size_t FindNewline(size_t from) {
#ifdef __SSE2__
    for (;;) {
      if (from < mask_start_ || from - mask_start_ >= 64) {
        if (text_.size() - from < 64) break;  // the tail the plain way
        mask_start_ = from;
        mask_ = NewlineMask(text_.data() + from);
      }
      uint64_t m = mask_ >> (from - mask_start_);
      if (m) return from + static_cast<size_t>(__builtin_ctzll(m));
      from = mask_start_ + 64;
    }
#endif
    const void* nl = memchr(text_.data() + from, '\n', text_.size() - from);
    return nl ? static_cast<size_t>(static_cast<const char*>(nl) - text_.data()) : text_.size();
  }
#ifdef __SSE2__
  // Bit i set where p[i] is '\n', for i below 64.
  static uint64_t NewlineMask(const char* p) {
    const __m128i newline = _mm_set1_epi8('\n');
    uint64_t mask = 0;
    for (int i = 0; i < 4; ++i) {
      __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * i));
      auto bits = static_cast<uint16_t>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, newline)));
      mask |= uint64_t{bits} << (16 * i);
    }
    return mask;
  }
#endif

  std::string name_;
  std::string owned_;  // the text, unless it is mapped
  void* mapping_ = nullptr;
  size_t mapping_size_ = 0;
  std::string_view text_;
  size_t pos_ = 0;
  size_t line_number_ = 0;
  size_t mask_start_ = SIZE_MAX;  // the text offset of mask_'s bit 0; SIZE_MAX: none
  uint64_t mask_ = 0;
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

namespace hex_detail {

inline uint64_t Load8(const char* p) {
  uint64_t v;
  memcpy(&v, p, sizeof(v));
  return v;
}

// Eight lowercase hexadecimal digits, the first in the lowest byte (as
// loaded on a little-endian machine), to their value; false if a byte is
// anything else.  Decodes each byte as if it were a digit, then checks
// that encoding the values again gives the bytes back: cheaper than
// range checks before decoding.
inline bool Hex8(uint64_t v, uint32_t* value) {
  constexpr uint64_t kOnes = 0x0101010101010101ULL;
  // The low nibble, plus 9 where bit 6 is set ('a'..'f'): at most 24.
  uint64_t n = (v & 0x0f * kOnes) + ((v >> 6) & kOnes) * 9;
  // Values of 16 and more ("g" to "o" decode so) are no digits.
  if ((n + 0x70 * kOnes) & 0x80 * kOnes) return false;
  // '0' + n, and 0x27 more from 10 on ('a' - '0' - 10); no carries.
  uint64_t letters = ((n + 0x06 * kOnes) >> 4) & kOnes;
  if (n + 0x30 * kOnes + letters * 0x27 != v) return false;
  // Pair the nibbles, then the bytes, then the 16-bit halves; the first
  // digit is the most significant.
  n = ((n & 0x000f000f000f000fULL) << 4) | ((n >> 8) & 0x000f000f000f000fULL);
  n = ((n & 0x000000ff000000ffULL) << 8) | ((n >> 16) & 0x000000ff000000ffULL);
  n = ((n & 0xffffULL) << 16) | ((n >> 32) & 0xffffULL);
  *value = static_cast<uint32_t>(n);
  return true;
}

// Any hexadecimal digits, one at a time; false if one is not a digit or
// there are more than sixteen.
bool ParseDigits(const char* p, size_t n, uint64_t* value);

#ifdef __SSE2__
// Sixteen lowercase hexadecimal digits at `p` to their value, all at once;
// false if a byte is anything else.  A third of the instructions of two
// Hex8() and the joining of their halves.
inline bool Hex16(const char* p, uint64_t* value) {
  const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  // Each byte less '0' and less 'a': a digit is one that is at most 9 or
  // at most 5, unsigned.
  const __m128i digit = _mm_sub_epi8(v, _mm_set1_epi8('0'));
  const __m128i letter = _mm_sub_epi8(v, _mm_set1_epi8('a'));
  const __m128i is_digit = _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit);
  const __m128i is_letter = _mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(5)), letter);
  if (_mm_movemask_epi8(_mm_or_si128(is_digit, is_letter)) != 0xffff) return false;
  const __m128i nibbles =
      _mm_or_si128(_mm_and_si128(is_digit, digit),
                   _mm_andnot_si128(is_digit, _mm_add_epi8(letter, _mm_set1_epi8(10))));
  // Each 16-bit lane holds a digit pair, the first digit in its low byte:
  // first << 4 | second, then the lanes' low bytes packed into eight,
  // the most significant first.
  const __m128i pairs = _mm_or_si128(
      _mm_and_si128(_mm_slli_epi16(nibbles, 4), _mm_set1_epi16(0xf0)), _mm_srli_epi16(nibbles, 8));
  uint64_t big_endian;
  _mm_storel_epi64(reinterpret_cast<__m128i*>(&big_endian), _mm_packus_epi16(pairs, pairs));
  *value = __builtin_bswap64(big_endian);
  return true;
}
#endif

inline bool LittleEndian() {
  const uint16_t one = 1;
  unsigned char first;
  memcpy(&first, &one, 1);
  return first == 1;
}

}  // namespace hex_detail

// The number of bytes from `p` on, up to `end`, before the first blank,
// control character or line end (the first byte at or below ' ').  Eight
// bytes at a time: a name is some twenty-five, and one such scan for the
// end of a name in place of memchr() for the '\n' and again for a blank
// read the dataset's nm output in 2.74 ms instead of 2.90.  With SSE2,
// sixteen at a time first: ReadNm() a tenth faster again.
inline size_t TokenLength(const char* p, const char* end) {
  const char* start = p;
#ifdef __SSE2__
  const __m128i blank = _mm_set1_epi8(' ');
  for (; end - p >= 16; p += 16) {
    __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // max(v, ' ') == ' ' where v is at or below ' ', unsigned.
    auto stops =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, blank), blank)));
    if (stops) return static_cast<size_t>(p - start) + static_cast<size_t>(__builtin_ctz(stops));
  }
#endif
  if (hex_detail::LittleEndian()) {
    constexpr uint64_t kOnes = 0x0101010101010101ULL;
    for (; end - p >= 8; p += 8) {
      uint64_t v = hex_detail::Load8(p);
      // Bit 7 of each byte below 0x21, and maybe of some after the first
      // (borrows): the lowest is exact.
      uint64_t below = (v - 0x21 * kOnes) & ~v & 0x80 * kOnes;
      if (below) return static_cast<size_t>(p - start) + __builtin_ctzll(below) / 8;
    }
  }
  while (p<end&& static_cast<unsigned char>(*p)> ' ') ++p;
  return static_cast<size_t>(p - start);
}

// Exactly sixteen hexadecimal digits at `p` (nm prints addresses and sizes
// so on 64-bit targets).  False if one is not a digit.  Inline: the nm
// output alone has two per line.  Lowercase digits (what nm and ld print)
// the quick way, anything else one digit at a time.
inline bool ParseHex16(const char* p, uint64_t* value) {
#ifdef __SSE2__
  if (hex_detail::Hex16(p, value)) return true;
#else
  uint32_t hi, lo;
  if (hex_detail::LittleEndian() && hex_detail::Hex8(hex_detail::Load8(p), &hi) &&
      hex_detail::Hex8(hex_detail::Load8(p + 8), &lo)) {
    *value = (static_cast<uint64_t>(hi) << 32) | lo;
    return true;
  }
#endif
  return hex_detail::ParseDigits(p, 16, value);
}

// ParseHex16() for a column of numbers that mostly share their first eight
// digits: kernel addresses ("ffffffff8..."), sizes below 4 GiB, offsets in
// a relocatable object.  Without SSE2, the first half is decoded when it
// differs from the last one; an equal half is checked by one comparison.
// Decoding two halves per number took a third of the time to read the nm
// output.  With SSE2, Hex16() decodes all sixteen digits in fewer
// instructions than the comparison and one half take.
class Hex16Column {
 public:
  bool Parse(const char* p, uint64_t* value) {
#ifdef __SSE2__
    return ParseHex16(p, value);
#else
    return ParseColumn(p, value);
#endif
  }

 private:
  bool ParseColumn(const char* p, uint64_t* value) {
    uint64_t hi_text = hex_detail::Load8(p);
    uint32_t lo;
    if (hi_text != hi_text_ || !hex_detail::LittleEndian()) return ParseNew(p, value);
    if (!hex_detail::Hex8(hex_detail::Load8(p + 8), &lo))
      return hex_detail::ParseDigits(p, 16, value);
    *value = hi_ | lo;
    return true;
  }

  bool ParseNew(const char* p, uint64_t* value) {
    if (!ParseHex16(p, value)) return false;
    hi_text_ = hex_detail::Load8(p);
    hi_ = *value & ~uint64_t{0xffffffff};
    return true;
  }

  uint64_t hi_text_ = 0;  // eight NUL bytes: no digits
  uint64_t hi_ = 0;
};

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_INPUT_H
