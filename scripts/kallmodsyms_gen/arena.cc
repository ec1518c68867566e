// SPDX-License-Identifier: GPL-2.0

#include "arena.h"

#include <sys/mman.h>

#include <cstdint>
#include <cstring>
#include <mutex>

namespace kallmodsyms {
namespace {

// Each block starts with a header of kAlign bytes: the size of the block,
// header included, a multiple of kAlign; bit 0 set if it is mapped alone.
constexpr size_t kHeader = Arena::kAlign;
constexpr uint64_t kMappedAlone = 1;

void PutHeader(char* h, uint64_t word) { memcpy(h, &word, sizeof(word)); }

uint64_t GetHeader(const char* h) {
  uint64_t word;
  memcpy(&word, h, sizeof(word));
  return word;
}

// From a kHugePage boundary on, so that each kHugePage can be one huge
// page.
char* MapAligned(size_t size) {
  constexpr size_t kHuge = Arena::kHugePage;
  void* m = mmap(nullptr, size + kHuge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) return nullptr;
  uintptr_t start = reinterpret_cast<uintptr_t>(m);
  uintptr_t aligned = (start + kHuge - 1) & ~uintptr_t{kHuge - 1};
  uintptr_t end = start + size + kHuge;
  if (aligned > start) munmap(m, aligned - start);
  if (end > aligned + size) munmap(reinterpret_cast<void*>(aligned + size), end - aligned - size);
#ifdef MADV_HUGEPAGE
  // Only a hint: without transparent huge pages it is refused or ignored.
  madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
#endif
  return reinterpret_cast<char*>(aligned);
}

// The run of huge pages that chunks come from, a region of address space
// at a time (what is not touched takes no memory).
constexpr size_t kRegion = size_t{32} << 20;
std::mutex g_region_lock;
char* g_region_next = nullptr;
char* g_region_end = nullptr;

}  // namespace

char* Arena::Map(size_t size, bool chunk) {
  if (!chunk) return MapAligned(size);
  std::lock_guard<std::mutex> hold(g_region_lock);
  if (g_region_next == g_region_end) {
    char* region = MapAligned(kRegion);
    if (!region) return nullptr;
    g_region_next = region;
    g_region_end = region + kRegion;
  }
  char* taken = g_region_next;
  g_region_next += kChunk;
  return taken;
}

void* Arena::Allocate(size_t bytes) {
  if (bytes > SIZE_MAX / 2) return nullptr;  // room to round up below
  size_t need = (bytes + kHeader + kAlign - 1) & ~(kAlign - 1);
  if (need >= kLarge) {
    size_t size = (need + kChunk - 1) & ~(kChunk - 1);
    char* h = map_(size, false);
    if (!h) return nullptr;
    ++mappings_;
    PutHeader(h, size | kMappedAlone);
    return h + kHeader;
  }
  if (static_cast<size_t>(end_ - next_) < need) {
    // What is left of the current chunk stays unused.
    char* chunk = map_(kChunk, true);
    if (!chunk) return nullptr;
    ++mappings_;
    chunk_ = chunk;
    next_ = chunk;
    end_ = chunk + kChunk;
  }
  char* h = next_;
  next_ += need;
  PutHeader(h, need);
  return h + kHeader;
}

void Arena::Free(void* block) {
  if (!block) return;
  char* h = static_cast<char*>(block) - kHeader;
  uint64_t word = GetHeader(h);
  size_t size = static_cast<size_t>(word & ~kMappedAlone);
  if (word & kMappedAlone)
    munmap(h, size);
  else if (h >= chunk_ && h + size == next_)  // not a block that ends where this chunk starts
    next_ = h;
}

}  // namespace kallmodsyms
