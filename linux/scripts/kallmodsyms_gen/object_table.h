// SPDX-License-Identifier: GPL-2.0
//
// A hash table from object file names to values.  The link maps name an
// object in every line that places a piece of it, tens of thousands of
// times, and most of those names belong to no module: a look-up must be
// cheap, and cheaper still when it fails.  Open addressing over a power of
// two of slots, each keeping its key's full hash, so that a miss rarely
// compares bytes; the hash reads eight bytes at a time.
//
// The keys are views: what they view must outlive the table.

#ifndef KALLMODSYMS_GEN_OBJECT_TABLE_H
#define KALLMODSYMS_GEN_OBJECT_TABLE_H

#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

namespace kallmodsyms {

template <typename T>
class ObjectTable {
 public:
  explicit ObjectTable(size_t expected = 0) { Resize(expected); }

  // The value of `key`, or null.
  T* Find(std::string_view key) { return const_cast<T*>(std::as_const(*this).Find(key)); }
  const T* Find(std::string_view key) const {
    uint64_t h = Hash(key);
    for (size_t i = h & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (!s.used) return nullptr;
      if (s.hash == h && s.key == key) return &s.value;
    }
  }
  // Adds `key` with `value`; returns the value now stored for `key` and
  // whether it was added (false: `key` was there, its value is unchanged).
  std::pair<T*, bool> Insert(std::string_view key, const T& value) {
    if (T* v = Find(key)) return {v, false};
    if (2 * (size_ + 1) > slots_.size()) Resize(2 * (size_ + 1));
    uint64_t h = Hash(key);
    size_t i = h & mask_;
    while (slots_[i].used) i = (i + 1) & mask_;
    slots_[i] = {h, key, value, true};
    ++size_;
    return {&slots_[i].value, true};
  }
  size_t size() const { return size_; }

  static uint64_t Hash(std::string_view key) {
    const char* p = key.data();
    size_t n = key.size();
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
    for (; n >= 8; p += 8, n -= 8) h = Mix(h, Load(p, 8));
    if (n) h = Mix(h, Load(p, n));
    return h ^ (h >> 32);
  }

 private:
  struct Slot {
    uint64_t hash = 0;
    std::string_view key;
    T value{};
    bool used = false;
  };

  static uint64_t Load(const char* p, size_t n) {
    uint64_t w = 0;
    memcpy(&w, p, n);
    return w;
  }
  static uint64_t Mix(uint64_t h, uint64_t w) {
    h = (h ^ w) * 0xbf58476d1ce4e5b9ULL;
    return h ^ (h >> 31);
  }
  // At least twice `entries` slots, a power of two.
  void Resize(size_t entries) {
    size_t n = 16;
    while (n < 2 * entries) n *= 2;
    std::vector<Slot> old = std::move(slots_);
    slots_.assign(n, Slot());
    mask_ = n - 1;
    for (const Slot& s : old) {
      if (!s.used) continue;
      size_t i = s.hash & mask_;
      while (slots_[i].used) i = (i + 1) & mask_;
      slots_[i] = s;
    }
  }

  std::vector<Slot> slots_;
  size_t mask_ = 0;
  size_t size_ = 0;
};

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_OBJECT_TABLE_H
