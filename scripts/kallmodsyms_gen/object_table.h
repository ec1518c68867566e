// SPDX-License-Identifier: GPL-2.0
//
// A hash table from object file names to values.  The link maps name an
// object in every line that places a piece of it, tens of thousands of
// times, and most of those names belong to no module: a look-up must be
// cheap, and cheaper still when it fails.  Open addressing over a power of
// two of slots, with a dense array of 32-bit hash tags apart from the
// entries, so that a miss rarely touches more than one cache line of tags;
// the hash reads sixteen bytes of a key.
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
    uint32_t tag = Tag(h);
    for (size_t i = h & mask_; tags_[i]; i = (i + 1) & mask_)
      if (tags_[i] == tag && entries_[i].key == key) return &entries_[i].value;
    return nullptr;
  }
  // Adds `key` with `value`; returns the value now stored for `key` and
  // whether it was added (false: `key` was there, its value is unchanged).
  std::pair<T*, bool> Insert(std::string_view key, const T& value) {
    if (T* v = Find(key)) return {v, false};
    if (2 * (size_ + 1) > tags_.size()) Resize(size_ + 1);
    size_t i = Place(Hash(key));
    entries_[i] = {key, value};
    ++size_;
    return {&entries_[i].value, true};
  }
  size_t size() const { return size_; }

  // Object paths share their beginnings ("drivers/net/...") and differ
  // at the end: the length and the last sixteen bytes make a good enough
  // hash, in two multiplications.
  static uint64_t Hash(std::string_view key) {
    const char* p = key.data();
    size_t n = key.size();
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ n;
    if (n >= 16) return Finish(Mix(Mix(h, Load(p + n - 16, 8)), Load(p + n - 8, 8)));
    if (n > 8) return Finish(Mix(Mix(h, Load(p, 8)), Load(p + 8, n - 8)));
    return Finish(Mix(h, Load(p, n)));
  }

 private:
  struct Entry {
    std::string_view key;
    T value{};
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
  static uint64_t Finish(uint64_t h) { return h ^ (h >> 32); }
  // The slot's tag: bits of the hash that do not pick the slot; never 0,
  // which marks an empty slot.
  static uint32_t Tag(uint64_t h) { return static_cast<uint32_t>(h >> 32) | 1; }
  // Takes the first free slot from where `h` starts; returns its index.
  size_t Place(uint64_t h) {
    size_t i = h & mask_;
    while (tags_[i]) i = (i + 1) & mask_;
    tags_[i] = Tag(h);
    return i;
  }
  // At least four slots per entry, a power of two: the tags of a table
  // of a few thousand objects stay in the first-level cache.
  void Resize(size_t entries) {
    size_t n = 16;
    while (n < 4 * entries) n *= 2;
    std::vector<Entry> old = std::move(entries_);
    std::vector<uint32_t> old_tags = std::move(tags_);
    tags_.assign(n, 0);
    entries_.assign(n, Entry());
    mask_ = n - 1;
    for (size_t i = 0; i < old.size(); ++i)
      if (old_tags[i]) entries_[Place(Hash(old[i].key))] = std::move(old[i]);
  }

  std::vector<uint32_t> tags_;  // 0: empty
  std::vector<Entry> entries_;
  size_t mask_ = 0;
  size_t size_ = 0;
};

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_OBJECT_TABLE_H
