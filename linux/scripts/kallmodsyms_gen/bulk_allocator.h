// SPDX-License-Identifier: GPL-2.0
//
// An allocator for the few large arrays of the tool (symbols, map pieces):
// blocks of a megabyte and more are mapped on their own and may be backed
// by transparent huge pages.  A first touch of each 4 KiB page of a fresh
// allocation costs a page fault; for the 6 MB symbol array of a defconfig
// kernel that was a tenth of the tool's time.

#ifndef KALLMODSYMS_GEN_BULK_ALLOCATOR_H
#define KALLMODSYMS_GEN_BULK_ALLOCATOR_H

#include <sys/mman.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>

namespace kallmodsyms {

namespace bulk_detail {

constexpr size_t kHugePage = size_t{2} << 20;
constexpr size_t kThreshold = size_t{1} << 20;

inline size_t MappedSize(size_t bytes) { return (bytes + kHugePage - 1) & ~(kHugePage - 1); }

// A mapping of at least `bytes` that starts on a huge-page boundary.
inline void* MapBulk(size_t bytes) {
  size_t size = MappedSize(bytes);
  void* m =
      mmap(nullptr, size + kHugePage, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (m == MAP_FAILED) throw std::bad_alloc();
  uintptr_t start = reinterpret_cast<uintptr_t>(m);
  uintptr_t aligned = (start + kHugePage - 1) & ~(uintptr_t{kHugePage} - 1);
  if (aligned > start) munmap(m, aligned - start);
  uintptr_t end = start + size + kHugePage;
  if (end > aligned + size) munmap(reinterpret_cast<void*>(aligned + size), end - aligned - size);
#ifdef MADV_HUGEPAGE
  // Only a hint: without transparent huge pages it is refused or ignored.
  madvise(reinterpret_cast<void*>(aligned), size, MADV_HUGEPAGE);
#endif
  return reinterpret_cast<void*>(aligned);
}

inline void UnmapBulk(void* p, size_t bytes) { munmap(p, MappedSize(bytes)); }

}  // namespace bulk_detail

template <typename T>
struct BulkAllocator {
  using value_type = T;
  BulkAllocator() = default;
  template <typename U>
  BulkAllocator(const BulkAllocator<U>&) {}  // NOLINT: implicit, as allocators are

  T* allocate(size_t n) {
    if (n > SIZE_MAX / 4 / sizeof(T)) throw std::bad_alloc();  // room to round up
    size_t bytes = n * sizeof(T);
    if (bytes < bulk_detail::kThreshold) return std::allocator<T>().allocate(n);
    return static_cast<T*>(bulk_detail::MapBulk(bytes));
  }
  void deallocate(T* p, size_t n) {
    if (n * sizeof(T) < bulk_detail::kThreshold)
      std::allocator<T>().deallocate(p, n);
    else
      bulk_detail::UnmapBulk(p, n * sizeof(T));
  }
};

template <typename T, typename U>
bool operator==(const BulkAllocator<T>&, const BulkAllocator<U>&) {
  return true;
}
template <typename T, typename U>
bool operator!=(const BulkAllocator<T>&, const BulkAllocator<U>&) {
  return false;
}

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_BULK_ALLOCATOR_H
