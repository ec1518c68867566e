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
#include <unordered_set>
#include <vector>

#include "input.h"

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

BuiltinModules ReadBuiltinModules(LineReader* in);

// The module name kbuild derives from a module's object path.
std::string ModuleName(const std::string& object_path);

// Throws InputError naming the first member object that `files` lacks.
void CheckMembersLinked(const BuiltinModules& modules,
                        const std::unordered_set<std::string_view>& files);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_BUILTIN_MODULES_H
