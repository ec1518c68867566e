// SPDX-License-Identifier: GPL-2.0
//
// Writing the output file: all of it, or nothing (an old output stays as
// it was).

#ifndef KALLMODSYMS_GEN_WRITE_FILE_H
#define KALLMODSYMS_GEN_WRITE_FILE_H

#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

namespace kallmodsyms {

// An error writing an output file: "PATH: what: strerror".
class OutputError : public std::runtime_error {
 public:
  OutputError(const std::string& path, const std::string& what)
      : std::runtime_error(path + ": " + what) {}
};

// Writes `parts` one after the other to `path`, through a temporary file
// in the same directory renamed over it: a reader of `path` sees the old
// file or the new one, whole.  Throws OutputError, naming the system's
// reason, on failure; the temporary file is removed then, and an old
// file at `path` is left as it was.
void WriteFileAtomically(const std::string& path, std::initializer_list<std::string_view> parts);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_WRITE_FILE_H
