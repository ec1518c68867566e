// SPDX-License-Identifier: GPL-2.0
// The tool's allocator (its operator new in new_delete.cc is this).

#include "arena.h"

#include <gtest/gtest.h>
#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <thread>
#include <utility>
#include <vector>

namespace kallmodsyms {
namespace {

uintptr_t Address(const void* p) { return reinterpret_cast<uintptr_t>(p); }

TEST(Arena, SmallBlocksAreAlignedApartAndKeepWhatIsWrittenIntoThem) {
  Arena a;
  std::vector<unsigned char*> blocks;
  // Enough to need a second chunk, of sizes that do not add up evenly.
  for (size_t i = 0; i < 30000; ++i) {
    size_t n = i % 97;
    auto* p = static_cast<unsigned char*>(a.Allocate(n));
    ASSERT_NE(p, nullptr);
    ASSERT_EQ(Address(p) % Arena::kAlign, 0u);
    memset(p, static_cast<int>(i & 0xff), n);
    blocks.push_back(p);
  }
  EXPECT_GE(a.mappings(), 2u);
  for (size_t i = 0; i < blocks.size(); ++i)
    for (size_t k = 0; k < i % 97; ++k) ASSERT_EQ(blocks[i][k], i & 0xff) << i;
  // Distinct even when empty.
  void* e1 = a.Allocate(0);
  void* e2 = a.Allocate(0);
  EXPECT_NE(e1, e2);
}

TEST(Arena, OnlyTheLastSmallBlockComesBack) {
  Arena a;
  void* first = a.Allocate(100);
  void* second = a.Allocate(100);
  a.Free(first);  // not the last: its memory stays taken
  void* third = a.Allocate(100);
  EXPECT_NE(third, first);
  EXPECT_GT(Address(third), Address(second));
  a.Free(third);  // the last: the next block takes its place
  EXPECT_EQ(a.Allocate(40), third);
  a.Free(nullptr);
}

TEST(Arena, LargeBlocksStartOnAChunkAndAreMappedAlone) {
  Arena a;
  void* small = a.Allocate(64);
  size_t before = a.mappings();
  auto* big = static_cast<char*>(a.Allocate(3 * Arena::kLarge));
  ASSERT_NE(big, nullptr);
  EXPECT_EQ(a.mappings(), before + 1);
  EXPECT_EQ((Address(big) - Arena::kAlign) % Arena::kChunk, 0u);
  memset(big, 0x5a, 3 * Arena::kLarge);
  EXPECT_EQ(big[3 * Arena::kLarge - 1], 0x5a);
  a.Free(big);
  // The small blocks go on in the chunk they were in.
  void* next = a.Allocate(64);
  EXPECT_EQ(Address(next), Address(small) + 64 + Arena::kAlign);
  EXPECT_EQ(a.Allocate(SIZE_MAX - 8), nullptr);
}

// Chunks handed out one after the other from one mapping: the chunks of
// two arenas lie next to each other, as mmap() may place them.
char* g_next_chunk;
char* NextChunk(size_t size, bool /* chunk */) {
  char* c = g_next_chunk;
  g_next_chunk += size;
  return c;
}

TEST(Arena, BlocksOfAnotherArenaFreedHereDoNotMoveIt) {
  char* two = Arena::Map(2 * Arena::kChunk, false);
  ASSERT_NE(two, nullptr);
  g_next_chunk = two;
  Arena other(NextChunk), mine(NextChunk);
  std::vector<void*> theirs;  // the first chunk, filled to its end
  for (int i = 0; i < 2048; ++i) theirs.push_back(other.Allocate(Arena::kChunk / 2048 - 16));
  void* p = mine.Allocate(16);
  ASSERT_EQ(p, two + Arena::kChunk + Arena::kAlign);
  mine.Free(p);  // the second chunk is empty again
  // The last block of `other` ends where this arena's chunk begins.
  mine.Free(theirs.back());
  EXPECT_EQ(mine.Allocate(16), p);
  munmap(two, 2 * Arena::kChunk);
}

// The requests an arena makes, passed on to the tool's Map().
std::vector<std::pair<size_t, bool>> g_requests;
char* RecordedMap(size_t size, bool chunk) {
  g_requests.emplace_back(size, chunk);
  return Arena::Map(size, chunk);
}

TEST(Arena, ALargeBlockOfAChunksSizeIsNoChunk) {
  g_requests.clear();
  Arena a(RecordedMap);
  ASSERT_NE(a.Allocate(1), nullptr);
  // With its header exactly kLarge, which is kChunk: mapped alone, and
  // unmapped when freed (a chunk of the run would stay).
  void* big = a.Allocate(Arena::kLarge - Arena::kAlign);
  ASSERT_NE(big, nullptr);
  using Request = std::pair<size_t, bool>;
  EXPECT_EQ(g_requests, (std::vector<Request>{{Arena::kChunk, true}, {Arena::kChunk, false}}));
  a.Free(big);
}

TEST(Arena, ChunksOfAllThreadsComeOneAfterTheOtherFromHugePages) {
  // Two arenas of two threads: their first chunks are neighbours, in one
  // huge page, unless the first was the last of a region (then the next
  // two are).
  char* first[2];
  for (char*& f : first)
    std::thread([&f] {
      Arena a;
      f = static_cast<char*>(a.Allocate(1)) - Arena::kAlign;
    }).join();
  char* third = Arena::Map(Arena::kChunk, true);
  ASSERT_NE(third, nullptr);
  EXPECT_TRUE(first[1] == first[0] + Arena::kChunk || third == first[1] + Arena::kChunk);
  EXPECT_EQ(Address(first[1]) % Arena::kChunk, 0u);
  EXPECT_EQ(Address(third) % Arena::kChunk, 0u);
  // Larger requests are mappings of their own, on a huge page boundary.
  char* own = Arena::Map(3 * Arena::kChunk, false);
  ASSERT_NE(own, nullptr);
  EXPECT_EQ(Address(own) % Arena::kHugePage, 0u);
  memset(own, 1, 3 * Arena::kChunk);
  munmap(own, 3 * Arena::kChunk);
}

TEST(Arena, ThreadsEachWithTheirOwn) {
  // Each thread fills several chunks while the others take theirs.
  std::vector<std::thread> threads;
  std::vector<int> ok(4, 0);
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([t, &ok] {
      Arena a;
      std::vector<uint32_t*> v;
      for (uint32_t i = 0; i < 100000; ++i) {
        auto* p = static_cast<uint32_t*>(a.Allocate(sizeof(uint32_t) * 3));
        p[0] = p[2] = i * 4 + t;
        v.push_back(p);
      }
      int good = 1;
      for (uint32_t i = 0; i < v.size(); ++i) good &= v[i][0] == i * 4 + t && v[i][2] == i * 4 + t;
      ok[t] = good;
    });
  for (std::thread& th : threads) th.join();
  EXPECT_EQ(ok, std::vector<int>(4, 1));
}

}  // namespace
}  // namespace kallmodsyms
