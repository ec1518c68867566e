// SPDX-License-Identifier: GPL-2.0

#include "write_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
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

// Puts the file `tmp` at `path`, atomically: false, with errno set, if it
// cannot.  An old file at `path` is exchanged with the new one
// (renameat2's RENAME_EXCHANGE; a regular file only, an exchange would
// move a directory), then removed: ext4 writes a file renamed
// over another out to disk at once (auto_da_alloc, for editors that do
// not sync), which every relink would wait for, and an exchange does not
// ask for that.  Where there is no old file, or no exchange, rename().
bool Replace(const std::string& tmp, const std::string& path) {
#ifdef SYS_renameat2
  constexpr unsigned kRenameExchange = 1u << 1;  // RENAME_EXCHANGE of <linux/fs.h>
  struct stat old;
  if (lstat(path.c_str(), &old) == 0 && S_ISREG(old.st_mode) &&
      syscall(SYS_renameat2, AT_FDCWD, tmp.c_str(), AT_FDCWD, path.c_str(), kRenameExchange) == 0)
    return unlink(tmp.c_str()) == 0;  // the old file, now under the temporary name
    // No old file, or no exchange on this file system or kernel (EINVAL,
    // ENOSYS): rename() replaces atomically too.
#endif
  return rename(tmp.c_str(), path.c_str()) == 0;
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
  if (!Replace(tmp, path)) {
    int error = errno;
    unlink(tmp.c_str());
    Fail(path, error);
  }
}

}  // namespace kallmodsyms
