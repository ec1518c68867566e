// SPDX-License-Identifier: GPL-2.0
// Reading input files: lines, fields, hexadecimal numbers.

#include "input.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

namespace kallmodsyms {
namespace {

// The value of `s` by the obvious loop, for checking the fast paths.
bool SlowHex(const std::string& s, uint64_t* v) {
  if (s.empty() || s.size() > 16) return false;
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

}  // namespace

TEST(ParseHex, SixteenDigitsAndShortNumbers) {
  uint64_t v = 0;
  EXPECT_TRUE(ParseHex("ffffffff81000000", &v));
  EXPECT_EQ(v, 0xffffffff81000000ULL);
  EXPECT_TRUE(ParseHex("0x0000000000000030", &v));
  EXPECT_EQ(v, 0x30u);
  EXPECT_TRUE(ParseHex("0x1A3", &v));
  EXPECT_EQ(v, 0x1a3u);
  EXPECT_TRUE(ParseHex("00000000000000000001", &v));  // leading zeros beyond 16
  EXPECT_EQ(v, 1u);
  EXPECT_TRUE(ParseHex16("0123456789abcdef", &v));
  EXPECT_EQ(v, 0x0123456789abcdefULL);
  EXPECT_TRUE(ParseHex16("FEDCBA9876543210", &v));
  EXPECT_EQ(v, 0xfedcba9876543210ULL);
  EXPECT_FALSE(ParseHex("", &v));
  EXPECT_FALSE(ParseHex("0x", &v));
  EXPECT_FALSE(ParseHex("10000000000000000", &v));  // 65 bits
}

// Every byte value in every position of a 16-digit number: only hex digits
// pass, and the value is the loop's.
TEST(ParseHex, EveryByteInEveryPosition) {
  for (int pos = 0; pos < 16; ++pos) {
    for (int c = 0; c < 256; ++c) {
      std::string s = "0123456789abcdef";
      s[pos] = static_cast<char>(c);
      uint64_t fast = 0, slow = 0;
      bool ok = SlowHex(s, &slow);
      ASSERT_EQ(ParseHex16(s.data(), &fast), ok) << "byte " << c << " at " << pos;
      if (ok) {
        ASSERT_EQ(fast, slow) << "byte " << c << " at " << pos;
      }
      // "0x" at the start is a prefix to ParseHex(), not to ParseHex16()
      if (pos == 1 && (c == 'x' || c == 'X')) {
        ASSERT_TRUE(ParseHex(s, &fast));
        ASSERT_TRUE(SlowHex(s.substr(2), &slow));
        ASSERT_EQ(fast, slow);
        continue;
      }
      ASSERT_EQ(ParseHex(s, &fast), ok) << "byte " << c << " at " << pos;
      if (ok) {
        ASSERT_EQ(fast, slow) << "byte " << c << " at " << pos;
      }
    }
  }
}

TEST(LineReader, RestAndSkipLineForReadersThatFindTheEnd) {
  LineReader in("x", "ab\ncd\nlast");
  EXPECT_EQ(in.Rest(), "ab\ncd\nlast");
  in.SkipLine(2);
  EXPECT_EQ(in.line_number(), 1u);
  std::string_view line;
  ASSERT_TRUE(in.Next(&line));
  EXPECT_EQ(line, "cd");
  EXPECT_EQ(in.Rest(), "last");
  ASSERT_TRUE(in.Next(&line));
  EXPECT_EQ(line, "last");
  EXPECT_EQ(in.Rest(), "");
  EXPECT_FALSE(in.Next(&line));
}

TEST(LineReader, LinesOfEveryLengthAcrossTheScanBlocks) {
  // Lines of 0 to 200 bytes, so that line ends fall at every place in and
  // across the 64-byte blocks that are searched for newlines at a time,
  // and in the shorter tail; some with "\r\n", the last without '\n'.
  // Every second line is skipped as ReadNm() skips the lines it reads.
  std::string text;
  std::vector<std::string> want;
  for (size_t n = 0; n <= 200; ++n) {
    std::string line;
    for (size_t i = 0; i < n; ++i) line += static_cast<char>('a' + (n + i) % 26);
    want.push_back(line);
    text += line + (n % 7 == 3 ? "\r\n" : "\n");
  }
  text += "end";
  want.push_back("end");
  LineReader in("x", text);
  std::string_view line;
  for (size_t i = 0; i < want.size(); ++i) {
    if (i % 2 && i + 1 < want.size()) {
      ASSERT_EQ(in.Rest().substr(0, want[i].size()), want[i]) << i;
      in.SkipLine(want[i].size() + (i % 7 == 3 ? 1 : 0));
    } else {
      ASSERT_TRUE(in.Next(&line)) << i;
      EXPECT_EQ(line, want[i]) << i;
    }
    EXPECT_EQ(in.line_number(), i + 1);
  }
  EXPECT_FALSE(in.Next(&line));
}

TEST(Split, AtBlanksAndWithALastFieldToTheEnd) {
  std::vector<std::string_view> t;
  Split("  a\tbb  c ", &t);
  EXPECT_EQ(t, (std::vector<std::string_view>{"a", "bb", "c"}));
  Split(" .text 0x10 0x20 dir/my file.o  ", 4, &t);
  EXPECT_EQ(t, (std::vector<std::string_view>{".text", "0x10", "0x20", "dir/my file.o"}));
  Split(" .text 0x10", 4, &t);
  EXPECT_EQ(t, (std::vector<std::string_view>{".text", "0x10"}));
  Split("   ", 4, &t);
  EXPECT_TRUE(t.empty());
}

}  // namespace kallmodsyms
