// SPDX-License-Identifier: GPL-2.0

#include "write_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace kallmodsyms {
namespace {

[[noreturn]] void Fail(const std::string& path, int error) {
  throw OutputError(path, std::string("cannot write: ") + strerror(error));
}

// Creates a file of its own next to `path` (a stale one of a run that died
// with the same process id is left alone); sets `tmp` to its name.
int CreateTemporary(const std::string& path, std::string* tmp) {
  const std::string base = path + ".tmp." + std::to_string(getpid());
  for (unsigned attempt = 0;; ++attempt) {
    *tmp = attempt ? base + "." + std::to_string(attempt) : base;
    int fd = open(tmp->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd >= 0) return fd;
    if (errno != EEXIST || attempt == 100) Fail(path, errno);
  }
}

bool WriteAll(int fd, std::string_view text) {
  const char* p = text.data();
  size_t left = text.size();
  while (left) {
    ssize_t n = write(fd, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      if (n == 0) errno = EIO;
      return false;
    }
    p += n;
    left -= static_cast<size_t>(n);
  }
  return true;
}

}  // namespace

void WriteFileAtomically(const std::string& path, std::initializer_list<std::string_view> parts) {
  std::string tmp;
  int fd = CreateTemporary(path, &tmp);
  // No fsync(): after a crash the build makes the file again, as it does
  // every other output it did not sync.
  for (std::string_view text : parts) {
    if (!WriteAll(fd, text)) {
      int error = errno;
      close(fd);
      unlink(tmp.c_str());
      Fail(path, error);
    }
  }
  if (close(fd) != 0) {
    int error = errno;
    unlink(tmp.c_str());
    Fail(path, error);
  }
  // rename() replaces an existing file atomically.
  if (rename(tmp.c_str(), path.c_str()) != 0) {
    int error = errno;
    unlink(tmp.c_str());
    Fail(path, error);
  }
}

}  // namespace kallmodsyms
