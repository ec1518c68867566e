// SPDX-License-Identifier: GPL-2.0

#include "builtin_modules.h"

#include <cctype>

namespace kallmodsyms {
namespace {

bool EndsWithDotO(std::string_view s) {
  return s.size() > 2 && s.compare(s.size() - 2, 2, ".o") == 0;
}

}  // namespace

std::string ModuleName(const std::string& object_path) {
  size_t slash = object_path.rfind('/');
  std::string name = object_path.substr(slash == std::string::npos ? 0 : slash + 1);
  if (EndsWithDotO(name)) name.resize(name.size() - 2);
  for (char& c : name)
    if (c == '-') c = '_';
  return name;
}

BuiltinModules ReadBuiltinModules(LineReader* in) {
  BuiltinModules mods;
  mods.path = in->name();
  std::map<std::string, size_t> module_line;
  std::string_view line;
  while (in->Next(&line)) {
    if (line.empty()) continue;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) in->Fail("expected 'MODULE.o: [MEMBER.o ...]'");
    std::vector<std::string_view> head = Split(line.substr(0, colon));
    if (head.size() != 1 || !EndsWithDotO(head[0]))
      in->Fail("expected one module object 'MODULE.o' before ':'");
    std::string module(head[0]);
    auto [it, fresh] = module_line.emplace(module, in->line_number());
    if (!fresh)
      in->Fail("duplicate module " + module + " (first at line " + std::to_string(it->second) +
               ")");
    std::string name = ModuleName(module);
    for (char c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
        in->Fail("expected a module name of letters, digits and '_', got '" + name + "'");
    if (!mods.names.insert(name).second) in->Fail("a second module named " + name);
    std::vector<std::string_view> members = Split(line.substr(colon + 1));
    if (members.empty()) members.push_back(head[0]);
    for (std::string_view m : members) {
      if (!EndsWithDotO(m))
        in->Fail("expected an object file 'NAME.o', got '" + std::string(m) + "'");
      std::string obj(m);
      mods.modules_of[obj].insert(name);
      mods.line_of.emplace(obj, in->line_number());
    }
  }
  return mods;
}

MemberObjects::MemberObjects(const BuiltinModules& modules)
    : modules_(modules), linked_(modules.line_of.size()) {
  for (const auto& kv : modules.line_of) linked_.Insert(kv.first, false);
}

bool MemberObjects::Wants(std::string_view file) {
  bool* linked = linked_.Find(file);
  if (!linked) return false;
  *linked = true;
  return true;
}

void MemberObjects::CheckAllLinked() const {
  for (const auto& [obj, line] : modules_.line_of)
    if (!*linked_.Find(obj))
      throw InputError(modules_.path, line,
                       "expected " + obj + " in the link map, it is not there");
}

}  // namespace kallmodsyms
