// SPDX-License-Identifier: GPL-2.0
// Writing the output: a new file, or an old one replaced whole; on any
// failure a message with the system's reason, no temporary file left and
// an old output unchanged.

#include "write_file.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace kallmodsyms {
namespace {

// A fresh, empty directory under the working directory.
std::string Scratch(const std::string& name) {
  std::string dir = "write_file_test." + name;
  std::string cmd = "rm -rf '" + dir + "' && mkdir '" + dir + "'";
  EXPECT_EQ(system(cmd.c_str()), 0);
  return dir;
}

std::vector<std::string> Entries(const std::string& dir) {
  std::vector<std::string> names;
  DIR* d = opendir(dir.c_str());
  if (!d) return names;
  while (const dirent* e = readdir(d))
    if (std::string(e->d_name) != "." && std::string(e->d_name) != "..") names.push_back(e->d_name);
  closedir(d);
  std::sort(names.begin(), names.end());
  return names;
}

std::string Read(const std::string& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

std::string ErrorOf(const std::string& path, std::initializer_list<std::string_view> parts) {
  try {
    WriteFileAtomically(path, parts);
  } catch (const OutputError& e) {
    return e.what();
  }
  return "no error";
}

TEST(WriteFile, NewFileFromParts) {
  std::string dir = Scratch("new");
  WriteFileAtomically(dir + "/out.S", {"one ", "", "two\n"});
  EXPECT_EQ(Read(dir + "/out.S"), "one two\n");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.S"});
}

TEST(WriteFile, ReplacesAnOldOutput) {
  std::string dir = Scratch("replace");
  std::ofstream(dir + "/out.S") << "old, and longer than the new\n";
  struct stat before;
  ASSERT_EQ(stat((dir + "/out.S").c_str(), &before), 0);
  WriteFileAtomically(dir + "/out.S", {"new\n"});
  EXPECT_EQ(Read(dir + "/out.S"), "new\n");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.S"});
  // A new file renamed over the old one, not the old one rewritten.
  struct stat after;
  ASSERT_EQ(stat((dir + "/out.S").c_str(), &after), 0);
  EXPECT_NE(after.st_ino, before.st_ino);
}

// ErrorOf() as a user that is not root, where the tests run as root
// (which permissions do not stop): in a child process that gives its root
// rights up for those of "nobody".
std::string ErrorOfUser(const std::string& path, std::string_view text) {
  if (geteuid() != 0) return ErrorOf(path, {text});
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return "no pipe";
  pid_t child = fork();
  if (child == 0) {
    close(pipe_fds[0]);
    std::string error =
        setgid(65534) == 0 && setuid(65534) == 0 ? ErrorOf(path, {text}) : "cannot become nobody";
    ssize_t written = write(pipe_fds[1], error.data(), error.size());
    _exit(written == static_cast<ssize_t>(error.size()) ? 0 : 1);
  }
  close(pipe_fds[1]);
  std::string error;
  char buf[256];
  for (ssize_t n; (n = read(pipe_fds[0], buf, sizeof(buf))) > 0;) error.append(buf, n);
  close(pipe_fds[0]);
  int status;
  waitpid(child, &status, 0);
  return error;
}

TEST(WriteFile, UnwritableDirectory) {
  std::string dir = Scratch("unwritable");
  std::ofstream(dir + "/out.S") << "old\n";
  ASSERT_EQ(chmod(dir.c_str(), 0555), 0);
  std::string error = ErrorOfUser(dir + "/out.S", "new\n");
  chmod(dir.c_str(), 0755);
  EXPECT_EQ(error, dir + "/out.S: cannot write: Permission denied");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.S"});
  EXPECT_EQ(Read(dir + "/out.S"), "old\n");
}

TEST(WriteFile, MissingDirectory) {
  std::string dir = Scratch("missing");
  EXPECT_EQ(ErrorOf(dir + "/none/out.S", {"new\n"}),
            dir + "/none/out.S: cannot write: No such file or directory");
  EXPECT_TRUE(Entries(dir).empty());
}

// The rename fails (the target is a directory, one with an entry): the
// temporary file, written in full by then, goes again.
TEST(WriteFile, FailedRenameRemovesTheTemporaryFile) {
  std::string dir = Scratch("rename");
  ASSERT_EQ(mkdir((dir + "/out.S").c_str(), 0755), 0);
  std::ofstream(dir + "/out.S/keep") << "kept\n";
  EXPECT_EQ(ErrorOf(dir + "/out.S", {"new\n"}), dir + "/out.S: cannot write: Is a directory");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.S"});
  EXPECT_EQ(Read(dir + "/out.S/keep"), "kept\n");
}

// The tool, when the file system refuses the data (here the limit on file
// sizes, which binds root too, as a full disk would): its message, exit
// 1, the old output as it was and no temporary file.
TEST(WriteFile, ToolReportsTheSystemsReason) {
  std::string dir = Scratch("tool");
  std::ofstream(dir + "/out.S") << "old\n";
  std::string g = GOLDEN_DIR;
  std::string cmd = "trap '' XFSZ; ulimit -f 1; " + std::string(GENERATOR) +
                    " --all-symbols --map " + g + "/gnu/vmlinux.map --relocatable-map " + g +
                    "/gnu/vmlinux.o.map --nm " + g + "/nm --modules " + g +
                    "/modules_thick.builtin --output " + dir + "/out.S 2>" + dir + ".err";
  int status = system(("sh -c \"" + cmd + "\"").c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);
  EXPECT_EQ(Read(dir + ".err"),
            "kallmodsyms_gen: " + dir + "/out.S: cannot write: File too large\n");
  EXPECT_EQ(Read(dir + "/out.S"), "old\n");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.S"});
}

}  // namespace
}  // namespace kallmodsyms
