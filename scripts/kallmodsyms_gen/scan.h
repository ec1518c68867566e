// SPDX-License-Identifier: GPL-2.0
//
// The byte scanners of the parsers: line ends, the end of a token, the
// columns of GNU ld map lines, sixteen hexadecimal digits.  Each comes in
// a plain scalar version (scan::scalar, for any host) and, where the
// compiler offers SSE2 (every x86-64), one that looks at sixteen bytes at
// a time (scan::sse2).  Both give the same answers for every input
// (scan_test.cc checks it); the parsers call the scan:: names, which are
// the SSE2 versions where there are any.  See PERFORMANCE.rst for why the
// parsers scan this way.
//
// A scanner reads the bytes it is given ([p, end), or `n` from p) and no
// others, but for those that read a fixed number of bytes and say so.

#ifndef KALLMODSYMS_GEN_SCAN_H
#define KALLMODSYMS_GEN_SCAN_H

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

namespace kallmodsyms::scan {

// Helpers of both versions.

inline uint64_t Load8(const char* p) {
  uint64_t v;
  memcpy(&v, p, sizeof(v));
  return v;
}

inline bool LittleEndian() {
  const uint16_t one = 1;
  unsigned char first;
  memcpy(&first, &one, 1);
  return first == 1;
}

inline bool IsBlank(char c) { return c == ' ' || c == '\t'; }
// What marks a GNU ld script pattern ("*(.text .text.*)") rather than a
// section name.
inline bool IsPatternChar(char c) { return c == '(' || c == '*'; }

// Hexadecimal digit values; 0xff for anything else.
struct HexDigits {
  uint8_t value[256];
  constexpr HexDigits() : value() {
    for (int i = 0; i < 256; ++i) value[i] = 0xff;
    for (int i = 0; i < 10; ++i) value['0' + i] = static_cast<uint8_t>(i);
    for (int i = 0; i < 6; ++i) {
      value['a' + i] = static_cast<uint8_t>(10 + i);
      value['A' + i] = static_cast<uint8_t>(10 + i);
    }
  }
};
inline constexpr HexDigits kHexDigits;

// `n` hexadecimal digits of either case at `p`, one at a time; false if
// one is not a digit, or there are none or more than sixteen.
inline bool ParseDigits(const char* p, size_t n, uint64_t* value) {
  if (n == 0 || n > 16) return false;
  uint64_t v = 0;
  for (size_t i = 0; i < n; ++i) {
    uint8_t d = kHexDigits.value[static_cast<unsigned char>(p[i])];
    if (d == 0xff) return false;
    v = (v << 4) | d;
  }
  *value = v;
  return true;
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

// Where a run of blanks ends and the token after it: see FieldAfterSpaces().
struct Field {
  size_t begin;
  size_t end;
};

namespace scalar {

// Finds the ends of the lines of one text, in order.
class NewlineFinder {
 public:
  // The offset of the first '\n' in `text` from `from` (at most its size)
  // on, or the text's size.
  size_t Find(std::string_view text, size_t from) {
    const void* nl = memchr(text.data() + from, '\n', text.size() - from);
    return nl ? static_cast<size_t>(static_cast<const char*>(nl) - text.data()) : text.size();
  }
};

// The number of bytes from `p` on, up to `end`, before the first blank,
// control character or line end (the first byte at or below ' '): eight
// bytes at a time where the host is little-endian.
inline size_t TokenLength(const char* p, const char* end) {
  const char* start = p;
  if (LittleEndian()) {
    constexpr uint64_t kOnes = 0x0101010101010101ULL;
    for (; end - p >= 8; p += 8) {
      uint64_t v = Load8(p);
      // Bit 7 of each byte below 0x21, and maybe of some after the first
      // (borrows): the lowest is exact.
      uint64_t below = (v - 0x21 * kOnes) & ~v & 0x80 * kOnes;
      if (below) return static_cast<size_t>(p - start) + __builtin_ctzll(below) / 8;
    }
  }
  while (p<end&& static_cast<unsigned char>(*p)> ' ') ++p;
  return static_cast<size_t>(p - start);
}

// Exactly sixteen hexadecimal digits of either case at `p` (nm prints
// addresses and sizes so on 64-bit targets) to their value; false if one
// is not a digit.  Lowercase (what nm and ld print) eight at a time.
inline bool Hex16(const char* p, uint64_t* value) {
  uint32_t hi, lo;
  if (LittleEndian() && Hex8(Load8(p), &hi) && Hex8(Load8(p + 8), &lo)) {
    *value = (static_cast<uint64_t>(hi) << 32) | lo;
    return true;
  }
  return ParseDigits(p, 16, value);
}

// Hex16() for a column of numbers that mostly share their first eight
// digits (kernel addresses "ffffffff8...", sizes below 4 GiB, offsets in
// a relocatable object): the first half is decoded only when it differs
// from the last one's, an equal half checked by one comparison.
class Hex16Column {
 public:
  bool Parse(const char* p, uint64_t* value) {
    uint64_t hi_text = Load8(p);
    uint32_t lo;
    if (hi_text != hi_text_ || !LittleEndian()) return ParseNew(p, value);
    if (!Hex8(Load8(p + 8), &lo)) return ParseDigits(p, 16, value);
    *value = hi_ | lo;
    return true;
  }

 private:
  bool ParseNew(const char* p, uint64_t* value) {
    if (!Hex16(p, value)) return false;
    hi_text_ = Load8(p);
    hi_ = *value & ~uint64_t{0xffffffff};
    return true;
  }

  uint64_t hi_text_ = 0;  // eight NUL bytes: no digits
  uint64_t hi_ = 0;
};

// Whether `s` holds a blank, a tab, '(' or '*'.
inline bool HasBlankOrPattern(std::string_view s) {
  for (char c : s)
    if (IsBlank(c) || IsPatternChar(c)) return true;
  return false;
}

// Reads the sixteen bytes at `line`, the start of a GNU ld map line
// " NAME" whose name is padded with blanks to column 16: the end of the
// name (2 to 15), or 0 when the bytes do not have that shape (a blank
// inside the name or none after it, the name running into column 15) or
// the name holds '(' or '*'.
inline size_t GnuNameEnd(const char* line) {
  size_t name_end = 2;
  while (name_end < 15 && line[name_end] != ' ') ++name_end;
  for (size_t i = name_end; i < 16; ++i)
    if (line[i] != ' ') return 0;
  for (size_t i = 1; i < name_end; ++i)
    if (IsPatternChar(line[i])) return 0;
  return name_end;
}

// In the `n` bytes at `p`: `begin`, the offset of the first byte that is
// no ' ' (or n), and `end`, of the first blank or tab from there (or n).
inline Field FieldAfterSpaces(const char* p, size_t n) {
  Field f{0, 0};
  while (f.begin < n && p[f.begin] == ' ') ++f.begin;
  f.end = f.begin;
  while (f.end < n && !IsBlank(p[f.end])) ++f.end;
  return f;
}

}  // namespace scalar

#ifdef __SSE2__
namespace sse2 {

inline __m128i Load16(const char* p) {
  return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
}

// Bit i set where v's byte i is `c`.
inline unsigned Mask(__m128i v, char c) {
  return static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c))));
}

// Bit i set where p[i] is '(' or '*', or a blank or a tab.
inline unsigned PatternMask(__m128i v) { return Mask(v, '(') | Mask(v, '*'); }
inline unsigned BlankMask(__m128i v) { return Mask(v, ' ') | Mask(v, '\t'); }

// scalar::NewlineFinder with a mask of the newlines of 64 bytes, kept for
// the lines that follow in them; the last 63 bytes or less of the text
// the scalar way.
class NewlineFinder {
 public:
  size_t Find(std::string_view text, size_t from) {
    for (;;) {
      if (from < mask_start_ || from - mask_start_ >= 64) {
        if (text.size() - from < 64) break;
        mask_start_ = from;
        mask_ = NewlineMask(text.data() + from);
      }
      uint64_t m = mask_ >> (from - mask_start_);
      if (m) return from + static_cast<size_t>(__builtin_ctzll(m));
      from = mask_start_ + 64;
    }
    return scalar::NewlineFinder().Find(text, from);
  }

 private:
  // Bit i set where p[i] is '\n', for i below 64.
  static uint64_t NewlineMask(const char* p) {
    uint64_t mask = 0;
    for (int i = 0; i < 4; ++i) mask |= uint64_t{Mask(Load16(p + 16 * i), '\n')} << (16 * i);
    return mask;
  }

  size_t mask_start_ = SIZE_MAX;  // the text offset of mask_'s bit 0; SIZE_MAX: none
  uint64_t mask_ = 0;
};

// scalar::TokenLength(), sixteen bytes at a time first.
inline size_t TokenLength(const char* p, const char* end) {
  const char* start = p;
  const __m128i blank = _mm_set1_epi8(' ');
  for (; end - p >= 16; p += 16) {
    __m128i v = Load16(p);
    // max(v, ' ') == ' ' where v is at or below ' ', unsigned.
    auto stops =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_max_epu8(v, blank), blank)));
    if (stops) return static_cast<size_t>(p - start) + static_cast<size_t>(__builtin_ctz(stops));
  }
  return static_cast<size_t>(p - start) + scalar::TokenLength(p, end);
}

// scalar::Hex16(), lowercase digits all sixteen at once.
inline bool Hex16(const char* p, uint64_t* value) {
  const __m128i v = Load16(p);
  // Each byte less '0' and less 'a': a digit is one that is at most 9 or
  // at most 5, unsigned.
  const __m128i digit = _mm_sub_epi8(v, _mm_set1_epi8('0'));
  const __m128i letter = _mm_sub_epi8(v, _mm_set1_epi8('a'));
  const __m128i is_digit = _mm_cmpeq_epi8(_mm_min_epu8(digit, _mm_set1_epi8(9)), digit);
  const __m128i is_letter = _mm_cmpeq_epi8(_mm_min_epu8(letter, _mm_set1_epi8(5)), letter);
  if (_mm_movemask_epi8(_mm_or_si128(is_digit, is_letter)) != 0xffff)
    return ParseDigits(p, 16, value);
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

// scalar::Hex16Column: decoding all sixteen digits takes fewer
// instructions here than comparing the first half and decoding the other.
class Hex16Column {
 public:
  bool Parse(const char* p, uint64_t* value) { return Hex16(p, value); }
};

// scalar::HasBlankOrPattern(), sixteen bytes at a time, the last sixteen
// overlapping those before.
inline bool HasBlankOrPattern(std::string_view s) {
  if (s.size() < 16) return scalar::HasBlankOrPattern(s);
  const char* p = s.data();
  const char* end = p + s.size();
  for (; end - p > 16; p += 16) {
    __m128i v = Load16(p);
    if (BlankMask(v) | PatternMask(v)) return true;
  }
  __m128i v = Load16(end - 16);
  return (BlankMask(v) | PatternMask(v)) != 0;
}

// scalar::GnuNameEnd(), from masks of the sixteen bytes.
inline size_t GnuNameEnd(const char* line) {
  const __m128i v = Load16(line);
  const unsigned spaces = Mask(v, ' ');
  const auto name_end = static_cast<size_t>(__builtin_ctz((spaces & 0x7ffcu) | 0x8000u));
  if (spaces >> name_end != 0xffffu >> name_end) return 0;
  if ((PatternMask(v) & ((1u << name_end) - 2)) != 0) return 0;
  return name_end;
}

// scalar::FieldAfterSpaces(), from masks of the first sixteen bytes; the
// scalar loops go on from where they leave off, for a field that lies
// further on.
inline Field FieldAfterSpaces(const char* p, size_t n) {
  if (n < 16) return scalar::FieldAfterSpaces(p, n);
  const __m128i v = Load16(p);
  const unsigned spaces = Mask(v, ' ');
  const unsigned blanks = spaces | Mask(v, '\t');
  Field f;
  f.begin = static_cast<size_t>(__builtin_ctz(~spaces));  // 16 if all are
  f.end = f.begin;
  if (f.begin < 16)
    f.end = static_cast<size_t>(__builtin_ctz((blanks | 0x10000u) >> f.begin << f.begin));
  while (f.begin < n && p[f.begin] == ' ') ++f.begin;
  if (f.end < f.begin) f.end = f.begin;
  while (f.end < n && !IsBlank(p[f.end])) ++f.end;
  return f;
}

}  // namespace sse2

using sse2::FieldAfterSpaces;
using sse2::GnuNameEnd;
using sse2::HasBlankOrPattern;
using sse2::Hex16;
using sse2::Hex16Column;
using sse2::NewlineFinder;
using sse2::TokenLength;
#else
using scalar::FieldAfterSpaces;
using scalar::GnuNameEnd;
using scalar::HasBlankOrPattern;
using scalar::Hex16;
using scalar::Hex16Column;
using scalar::NewlineFinder;
using scalar::TokenLength;
#endif

}  // namespace kallmodsyms::scan

#endif  // KALLMODSYMS_GEN_SCAN_H
