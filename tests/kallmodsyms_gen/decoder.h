// SPDX-License-Identifier: GPL-2.0
//
// Reads the tables back from the generator's assembler output, following
// kernel/kallmodsyms_internal.h the way the kernel does, so the tests check
// the emitted bytes rather than the generator's own data structures.

#ifndef KALLMODSYMS_GEN_TESTS_DECODER_H
#define KALLMODSYMS_GEN_TESTS_DECODER_H

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace kallmodsyms_test {

class Decoder {
 public:
  // Parses the assembler text; throws std::runtime_error on anything the
  // emitter should not have written.
  explicit Decoder(const std::string& asm_text);

  // The module names of `address`, or an empty set.  `text_base` is the
  // link-time address of _text (the kernel space's base).
  std::set<std::string> ModulesOf(uint64_t address, uint64_t text_base) const;
  // The size of symbol `i`, given all symbol addresses in kallsyms order.
  uint64_t SizeOf(size_t i, const std::vector<uint64_t>& addresses) const;
  uint32_t num_syms() const;
  // Bytes under a label (pointers count 8).
  const std::vector<uint8_t>& Section(const std::string& label) const;

 private:
  struct Space {
    uint32_t nr_blocks, nr_ranges;
    std::string index, stream;
  };
  std::set<std::string> Decode(uint64_t ref) const;
  uint32_t U32(const std::string& label, size_t offset) const;

  std::map<std::string, std::vector<uint8_t>> bytes_;
  std::map<std::string, std::map<size_t, std::string>> pointers_;  // label -> offset -> target
  Space spaces_[2];
};

}  // namespace kallmodsyms_test

#endif  // KALLMODSYMS_GEN_TESTS_DECODER_H
