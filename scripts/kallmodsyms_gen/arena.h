// SPDX-License-Identifier: GPL-2.0
//
// Memory of the tool's run, in chunks of one megabyte, two to a huge
// page: transparent huge pages may back them.  With malloc's 4 KiB pages
// a run takes a page fault for every few KiB it touches, and a fault
// costs more than clearing the memory; with the arena it takes one per
// huge page, for a higher peak (small blocks are not reused).
// new_delete.cc hands every operator new of the tool to the Arena of the
// calling thread; the tests use the class alone.
//
// Each thread takes its chunks from one process-wide run of huge pages,
// one after the other, so that the threads that need little (most of
// them) share huge pages instead of clearing one each, and there are
// fewer mappings to make and to tear down.
//
// Small blocks are cut from the thread's current chunk, one after the
// other, and not reused when freed, but for the last one (vectors that
// grow, strings built and dropped): the tool is short-lived, and frees
// most of its memory at its end.  Blocks of 1 MiB and more get a mapping
// of their own, given back when freed.  (Not smaller ones: each would
// clear a huge page of its own, and unmapping interrupts the other
// threads' CPUs to flush their TLBs.)

#ifndef KALLMODSYMS_GEN_ARENA_H
#define KALLMODSYMS_GEN_ARENA_H

#include <cstddef>

namespace kallmodsyms {

class Arena {
 public:
  static constexpr size_t kHugePage = size_t{2} << 20;  // with 4 KiB pages
  static constexpr size_t kChunk = size_t{1} << 20;     // a thread's share of a huge page
  static constexpr size_t kLarge = kChunk;              // blocks this large are mapped alone
  static constexpr size_t kAlign = 16;                  // what operator new promises

  // Where chunks (`chunk`: `size` is kChunk) and large blocks come from:
  // `size` bytes, a multiple of kChunk, from a kChunk boundary on; null if
  // there is no memory left.  Tests place chunks where they need them.
  using MapFunction = char* (*)(size_t size, bool chunk);
  // The tool's: a chunk is the next of the process's run of huge pages,
  // which any thread may call for; a large block is a mapping of its own,
  // from a kHugePage boundary on, that Free() unmaps.
  static char* Map(size_t size, bool chunk);

  constexpr explicit Arena(MapFunction map = Map) : map_(map) {}
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  // Leaves the chunks mapped: their blocks may live on in other threads.
  ~Arena() = default;

  // A block of at least `bytes` (0 too), aligned to kAlign, or null when
  // the system has no memory left.
  void* Allocate(size_t bytes);
  // Frees a block from Allocate() of any Arena (null is ignored); the
  // memory of a small block comes back only if it is this arena's last.
  void Free(void* block);

  // Chunks and large blocks mapped so far, for tests.
  size_t mappings() const { return mappings_; }

 private:
  MapFunction map_;
  char* chunk_ = nullptr;  // the current chunk
  char* next_ = nullptr;   // its free part
  char* end_ = nullptr;
  size_t mappings_ = 0;
};

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_ARENA_H
