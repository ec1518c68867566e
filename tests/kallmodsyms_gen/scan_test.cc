// SPDX-License-Identifier: GPL-2.0
// The byte scanners: the scalar versions and the ones the parsers call
// (the SSE2 versions on hosts that have it) give the same answers, and the
// right ones, for every shape of input: a line end or a stop at every
// position, at the end of the buffer or nowhere, lengths around the 8-,
// 16- and 64-byte steps, blanks and tabs.  Buffers are allocated at their
// exact size, so that the sanitizer build catches a read past them.

#include "scan.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace kallmodsyms {
namespace {

// `s` in a heap block of exactly its size.
class Exact {
 public:
  explicit Exact(const std::string& s) : size_(s.size()), p_(new char[s.size() ? s.size() : 1]) {
    if (!s.empty()) memcpy(p_.get(), s.data(), s.size());
  }
  const char* data() const { return p_.get(); }
  const char* end() const { return p_.get() + size_; }
  size_t size() const { return size_; }
  std::string_view view() const { return std::string_view(p_.get(), size_); }

 private:
  size_t size_;
  std::unique_ptr<char[]> p_;
};

// A string of `n` bytes drawn from `alphabet`.
std::string Random(std::mt19937* rng, size_t n, const std::string& alphabet) {
  std::string s;
  for (size_t i = 0; i < n; ++i) s.push_back(alphabet[(*rng)() % alphabet.size()]);
  return s;
}

const size_t kLengths[] = {0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129, 200};

TEST(Scan, NewlineFinderFindsEveryLineEnd) {
  std::mt19937 rng(1);
  for (size_t n : kLengths) {
    for (int round = 0; round < 50; ++round) {
      // Sparse and dense newlines; one at the very end or none at all.
      std::string text = Random(&rng, n, round % 2 ? "ab\n" : "abcdefghijklmnopqrstuvwxyz\n\t ");
      if (n && round % 3 == 0) text.back() = '\n';
      if (round % 5 == 1) text = std::string(n, 'x');
      Exact buf(text);
      scan::scalar::NewlineFinder scalar;
      scan::NewlineFinder fast;
      // Line by line, as LineReader asks, with jumps forward now and then.
      for (size_t from = 0; from <= n;) {
        size_t want = text.find('\n', from);
        if (want == std::string::npos) want = n;
        ASSERT_EQ(scalar.Find(buf.view(), from), want) << n << " from " << from;
        ASSERT_EQ(fast.Find(buf.view(), from), want) << n << " from " << from;
        from = rng() % 4 ? want + 1 : want + 1 + rng() % 70;
      }
    }
  }
}

TEST(Scan, TokenLengthStopsAtTheFirstByteAtOrBelowABlank) {
  // Every position of every kind of stop in buffers of every length
  // around the eight- and sixteen-byte steps, bytes above 0x7f (UTF-8)
  // inside.
  const unsigned char stops[] = {'\n', ' ', '\t', '\r', 0, 1, 0x20};
  const unsigned char others[] = {'a', 0x21, 0x7f, 0x80, 0xc3, 0xff};
  for (size_t len = 0; len <= 40; ++len)
    for (size_t at = 0; at <= len; ++at)
      for (unsigned char stop : stops) {
        std::string text;
        for (size_t i = 0; i < len; ++i)
          text.push_back(static_cast<char>(i == at ? stop : others[i % 6]));
        Exact buf(text);
        // No stop in the buffer (at == len): its whole length.
        ASSERT_EQ(scan::scalar::TokenLength(buf.data(), buf.end()), at)
            << "length " << len << ", stop " << int(stop) << " at " << at;
        ASSERT_EQ(scan::TokenLength(buf.data(), buf.end()), at)
            << "length " << len << ", stop " << int(stop) << " at " << at;
      }
}

// The value of `s` by the obvious loop.
bool SlowHex(const std::string& s, uint64_t* v) {
  uint64_t r = 0;
  for (char c : s) {
    int d;
    if (c >= '0' && c <= '9')
      d = c - '0';
    else if (c >= 'a' && c <= 'f')
      d = c - 'a' + 10;
    else if (c >= 'A' && c <= 'F')
      d = c - 'A' + 10;
    else
      return false;
    r = r << 4 | static_cast<uint64_t>(d);
  }
  *v = r;
  return true;
}

TEST(Scan, Hex16AcceptsExactlyTheDigitsInEveryPosition) {
  for (const char* digits : {"0123456789abcdef", "FEDCBA9876543210", "ffffffff81000000"}) {
    for (int pos = 0; pos < 16; ++pos) {
      for (int c = 0; c < 256; ++c) {
        std::string s = digits;
        s[pos] = static_cast<char>(c);
        Exact buf(s);
        uint64_t slow = 0, scalar = 0, fast = 0;
        bool ok = SlowHex(s, &slow);
        ASSERT_EQ(scan::scalar::Hex16(buf.data(), &scalar), ok) << s;
        ASSERT_EQ(scan::Hex16(buf.data(), &fast), ok) << s;
        if (ok) {
          ASSERT_EQ(scalar, slow) << s;
          ASSERT_EQ(fast, slow) << s;
        }
      }
    }
  }
}

// A column of numbers: the first half is decoded when it changes, and a
// bad digit in either half fails wherever it is, before or after a number
// with the same first half.
template <typename Column>
void CheckColumn() {
  Column col;
  uint64_t v = 0;
  EXPECT_TRUE(col.Parse("ffffffff81000000", &v));
  EXPECT_EQ(v, 0xffffffff81000000ULL);
  EXPECT_TRUE(col.Parse("ffffffff8100abcd", &v));
  EXPECT_EQ(v, 0xffffffff8100abcdULL);
  EXPECT_FALSE(col.Parse("ffffffff8100abcg", &v));  // same first half, bad second
  EXPECT_FALSE(col.Parse("fffffff-81000000", &v));  // a new first half, bad
  EXPECT_TRUE(col.Parse("0000000000000010", &v));
  EXPECT_EQ(v, 0x10u);
  EXPECT_TRUE(col.Parse("ffffffff00000001", &v));
  EXPECT_EQ(v, 0xffffffff00000001ULL);
  EXPECT_TRUE(col.Parse("FFFFFFFF00000002", &v));  // uppercase: the slow way
  EXPECT_EQ(v, 0xffffffff00000002ULL);
  EXPECT_TRUE(col.Parse("ffffffff0000000A", &v));
  EXPECT_EQ(v, 0xffffffff0000000aULL);
  Column fresh;  // eight NUL bytes never pass for a first half
  EXPECT_FALSE(fresh.Parse(std::string(16, '\0').c_str(), &v));
}

TEST(Scan, Hex16ColumnSharedFirstHalvesAndBadDigits) {
  CheckColumn<scan::scalar::Hex16Column>();
  CheckColumn<scan::Hex16Column>();
}

TEST(Scan, Hex16ColumnsAgreeOnRandomColumns) {
  std::mt19937 rng(2);
  scan::scalar::Hex16Column scalar;
  scan::Hex16Column fast;
  std::string hi = "ffffffff";
  for (int i = 0; i < 20000; ++i) {
    if (rng() % 8 == 0) hi = Random(&rng, 8, "0123456789abcdefF");
    std::string s = hi + Random(&rng, 8, rng() % 16 ? "0123456789abcdef" : "0123456789abcdefxA ");
    Exact buf(s);
    uint64_t slow = 0, a = 0, b = 0;
    bool ok = SlowHex(s, &slow);
    ASSERT_EQ(scalar.Parse(buf.data(), &a), ok) << s;
    ASSERT_EQ(fast.Parse(buf.data(), &b), ok) << s;
    if (ok) {
      ASSERT_EQ(a, slow) << s;
      ASSERT_EQ(b, slow) << s;
    }
  }
}

TEST(Scan, HasBlankOrPatternAnywhere) {
  for (size_t len = 0; len <= 48; ++len) {
    for (size_t pos = 0; pos <= len; ++pos) {
      for (char c : {' ', '\t', '(', '*', '\n', ')', '\x80'}) {
        std::string s(len, '.');
        if (pos < len) s[pos] = c;
        bool want = pos < len && (c == ' ' || c == '\t' || c == '(' || c == '*');
        Exact buf(s);
        ASSERT_EQ(scan::scalar::HasBlankOrPattern(buf.view()), want) << len << " " << pos;
        ASSERT_EQ(scan::HasBlankOrPattern(buf.view()), want) << len << " " << pos;
      }
    }
  }
}

TEST(Scan, GnuNameEndAgreesOnEveryShape) {
  // " NAME" padded to column 16 for every name length, with a blank, a
  // tab, '(' or '*' at every position of the sixteen bytes...
  std::vector<std::string> lines;
  for (size_t len = 1; len <= 15; ++len) {
    std::string line = " " + std::string(len, 'x');
    line.resize(16, ' ');
    lines.push_back(line);
    for (size_t pos = 0; pos < 16; ++pos)
      for (char c : {' ', '\t', '(', '*', 'y'}) {
        std::string l = line;
        l[pos] = c;
        lines.push_back(l);
      }
  }
  // ... and random ones.
  std::mt19937 rng(3);
  for (int i = 0; i < 100000; ++i) lines.push_back(" " + Random(&rng, 15, "      x.(*\t"));
  for (const std::string& line : lines) {
    Exact buf(line);
    size_t want = scan::scalar::GnuNameEnd(buf.data());
    ASSERT_EQ(scan::GnuNameEnd(buf.data()), want) << "'" << line << "'";
    if (want) {
      ASSERT_GE(want, 2u);
      ASSERT_LE(want, 15u);
      // The name holds no '(' or '*' and, after its first byte (which
      // the callers know to be no blank), no space; spaces pad it to
      // column 16.
      ASSERT_EQ(line.find_first_of("(*", 1), std::string::npos) << "'" << line << "'";
      ASSERT_EQ(line.find(' ', 2), want) << "'" << line << "'";
      ASSERT_EQ(line.find_first_not_of(' ', want), std::string::npos) << "'" << line << "'";
    }
  }
  Exact name(" .text          ");
  EXPECT_EQ(scan::GnuNameEnd(name.data()), 6u);
  Exact long_name(" .text.unlikely ");
  EXPECT_EQ(scan::GnuNameEnd(long_name.data()), 15u);
  Exact too_long(" .text.unlikely.");
  EXPECT_EQ(scan::GnuNameEnd(too_long.data()), 0u);
  Exact pattern(" *(.text)       ");
  EXPECT_EQ(scan::GnuNameEnd(pattern.data()), 0u);
}

TEST(Scan, FieldAfterSpacesAgreesOnEveryShape) {
  // Spaces, a field, a blank or a tab or the end, for every length of
  // each around the sixteen-byte window...
  std::vector<std::string> texts;
  for (size_t spaces = 0; spaces <= 20; ++spaces)
    for (size_t field = 0; field <= 20; ++field)
      for (const char* after : {"", " ", "\t", " b.o", "\tb.o"})
        texts.push_back(std::string(spaces, ' ') + std::string(field, '0') + after);
  // ... a tab before the field, and random ones.
  texts.push_back("\t0x10 a.o");
  texts.push_back("   \t0x10 a.o");
  std::mt19937 rng(4);
  for (int i = 0; i < 100000; ++i)
    texts.push_back(Random(&rng, rng() % 40, rng() % 2 ? "     0x7\t" : "  x\t"));
  for (const std::string& text : texts) {
    Exact buf(text);
    size_t begin = text.find_first_not_of(' ');
    if (begin == std::string::npos) begin = text.size();
    size_t end = text.find_first_of(" \t", begin);
    if (end == std::string::npos) end = text.size();
    scan::Field scalar = scan::scalar::FieldAfterSpaces(buf.data(), buf.size());
    scan::Field fast = scan::FieldAfterSpaces(buf.data(), buf.size());
    ASSERT_EQ(scalar.begin, begin) << "'" << text << "'";
    ASSERT_EQ(scalar.end, end) << "'" << text << "'";
    ASSERT_EQ(fast.begin, begin) << "'" << text << "'";
    ASSERT_EQ(fast.end, end) << "'" << text << "'";
  }
}

}  // namespace
}  // namespace kallmodsyms
