// SPDX-License-Identifier: GPL-2.0
//
// The tool's operator new and delete: from the calling thread's Arena (see
// arena.h for why).  Linked into the tool only, not into its tests, and
// left out of sanitizer builds, whose own operator new checks the heap.
// The array, nothrow and sized forms of the standard library call these;
// over-aligned new and delete keep theirs, which pair with each other.

#include <new>

#include "arena.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || \
    __has_feature(thread_sanitizer)
#define KALLMODSYMS_GEN_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define KALLMODSYMS_GEN_SANITIZED 1
#endif

#ifndef KALLMODSYMS_GEN_SANITIZED

namespace {
thread_local kallmodsyms::Arena t_arena;
}  // namespace

void* operator new(size_t bytes) {
  void* p = t_arena.Allocate(bytes);
  if (!p) throw std::bad_alloc();
  return p;
}

void operator delete(void* p) noexcept { t_arena.Free(p); }

void operator delete(void* p, size_t) noexcept { t_arena.Free(p); }

#endif
