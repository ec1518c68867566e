// SPDX-License-Identifier: GPL-2.0

#include "builtin_modules.h"

#include <algorithm>
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
  // (object, line, module name) per member, put into the maps at the end
  // in one sorted pass: inserting each into two maps of paths that share
  // long beginnings cost a microsecond per object.
  struct Member {
    std::string_view object;
    size_t line;
    size_t module;  // index into `names`
  };
  std::vector<Member> members;
  std::vector<std::string> names;
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
    std::vector<std::string_view> objects = Split(line.substr(colon + 1));
    if (objects.empty()) objects.push_back(head[0]);
    for (std::string_view m : objects) {
      if (!EndsWithDotO(m))
        in->Fail("expected an object file 'NAME.o', got '" + std::string(m) + "'");
      members.push_back({m, in->line_number(), names.size()});
    }
    names.push_back(std::move(name));
  }
  std::sort(members.begin(), members.end(), [](const Member& a, const Member& b) {
    return a.object != b.object ? a.object < b.object : a.line < b.line;
  });
  for (size_t i = 0; i < members.size();) {
    std::string obj(members[i].object);
    mods.line_of.emplace_hint(mods.line_of.end(), obj, members[i].line);
    std::set<std::string>& set =
        mods.modules_of.emplace_hint(mods.modules_of.end(), obj, std::set<std::string>())->second;
    for (; i < members.size() && members[i].object == obj; ++i)
      set.insert(names[members[i].module]);
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
