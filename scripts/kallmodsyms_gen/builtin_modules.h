// SPDX-License-Identifier: GPL-2.0
//
// modules_thick.builtin: one line per built-in module,
//   MODULE.o: MEMBER.o MEMBER.o ...
// with an empty member list for a one-file module (the object itself).  An
// object may be a member of several modules.

#ifndef KALLMODSYMS_GEN_BUILTIN_MODULES_H
#define KALLMODSYMS_GEN_BUILTIN_MODULES_H

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "input.h"
#include "object_table.h"

namespace kallmodsyms {

struct BuiltinModules {
  // Module names as the kernel shows them (KBUILD_MODNAME: basename, '-' -> '_').
  std::set<std::string> names;
  // Object file -> names of the modules it is linked into.
  std::map<std::string, std::set<std::string>, std::less<>> modules_of;
  // Object file -> line that first named it, for error messages.
  std::map<std::string, size_t, std::less<>> line_of;
  std::string path;
};

// modules_thick.builtin as read, before it is put into BuiltinModules'
// maps: what filtering the link maps needs, made without building a map.
struct ModuleList {
  struct Member {
    std::string_view object;  // a view of the file's text
    size_t line;              // that names it as a member
    size_t module;            // index into `names`
  };
  std::vector<Member> members;  // by object, then line
  std::vector<std::string> names;
  std::string path;
};

// Reads and checks the file (every error it can have is found here); the
// list views the reader's text, which must outlive it.
ModuleList ReadModuleList(LineReader* in);
BuiltinModules BuildModuleMaps(const ModuleList& list);
// Both in one.
BuiltinModules ReadBuiltinModules(LineReader* in);

// The module name kbuild derives from a module's object path.
std::string ModuleName(const std::string& object_path);

// The member objects of the modules, as a filter for the link maps that also
// notes which members the maps name.
class MemberObjects {
 public:
  explicit MemberObjects(const ModuleList& modules);
  // True if `file` is a member of a module; notes it as linked.
  bool Wants(std::string_view file);
  // Throws InputError naming the first member object (in name order) that
  // no map named.
  void CheckAllLinked() const;

 private:
  const ModuleList& modules_;
  ObjectTable<bool> linked_;
};

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_BUILTIN_MODULES_H
