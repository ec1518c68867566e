// SPDX-License-Identifier: GPL-2.0

#include "builtin_modules.h"

#include <algorithm>
#include <cctype>
#include <deque>
#include <iterator>

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

ModuleList ReadModuleList(LineReader* in) {
  ModuleList list;
  list.path = in->name();
  // Module objects and module names seen, for duplicates: views of the
  // text and of `names` (a deque, whose elements do not move).
  ObjectTable<size_t> module_line;
  std::deque<std::string> names;
  ObjectTable<bool> name_seen;
  std::vector<std::string_view> head, objects;
  std::string_view line;
  while (in->Next(&line)) {
    if (line.empty()) continue;
    size_t colon = line.find(':');
    if (colon == std::string_view::npos) in->Fail("expected 'MODULE.o: [MEMBER.o ...]'");
    Split(line.substr(0, colon), &head);
    if (head.size() != 1 || !EndsWithDotO(head[0]))
      in->Fail("expected one module object 'MODULE.o' before ':'");
    auto [first_line, fresh] = module_line.Insert(head[0], in->line_number());
    if (!fresh)
      in->Fail("duplicate module " + std::string(head[0]) + " (first at line " +
               std::to_string(*first_line) + ")");
    std::string name = ModuleName(std::string(head[0]));
    for (char c : name)
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
        in->Fail("expected a module name of letters, digits and '_', got '" + name + "'");
    names.push_back(std::move(name));
    if (!name_seen.Insert(names.back(), true).second)
      in->Fail("a second module named " + names.back());
    Split(line.substr(colon + 1), &objects);
    if (objects.empty()) objects.push_back(head[0]);
    for (std::string_view m : objects) {
      if (!EndsWithDotO(m))
        in->Fail("expected an object file 'NAME.o', got '" + std::string(m) + "'");
      list.members.push_back({m, in->line_number(), names.size() - 1});
    }
  }
  std::sort(list.members.begin(), list.members.end(),
            [](const ModuleList::Member& a, const ModuleList::Member& b) {
              return a.object != b.object ? a.object < b.object : a.line < b.line;
            });
  list.names.assign(std::make_move_iterator(names.begin()), std::make_move_iterator(names.end()));
  return list;
}

BuiltinModules BuildModuleMaps(const ModuleList& list) {
  BuiltinModules mods;
  mods.path = list.path;
  mods.names.insert(list.names.begin(), list.names.end());
  // In one sorted pass, appending at the maps' ends: paths share long
  // beginnings, which every comparison of a look-up would read again.
  const std::vector<ModuleList::Member>& members = list.members;
  for (size_t i = 0; i < members.size();) {
    std::string obj(members[i].object);
    mods.line_of.emplace_hint(mods.line_of.end(), obj, members[i].line);
    std::set<std::string>& set =
        mods.modules_of.emplace_hint(mods.modules_of.end(), obj, std::set<std::string>())->second;
    for (; i < members.size() && members[i].object == obj; ++i)
      set.insert(list.names[members[i].module]);
  }
  return mods;
}

BuiltinModules ReadBuiltinModules(LineReader* in) { return BuildModuleMaps(ReadModuleList(in)); }

MemberObjects::MemberObjects(const ModuleList& modules)
    : modules_(modules), linked_(modules.members.size()) {
  for (const ModuleList::Member& m : modules.members) linked_.Insert(m.object, false);
}

bool MemberObjects::Wants(std::string_view file) {
  bool* linked = linked_.Find(file);
  if (!linked) return false;
  *linked = true;
  return true;
}

void MemberObjects::CheckAllLinked() const {
  // In name order; the first line of an object comes first.
  for (const ModuleList::Member& m : modules_.members)
    if (!*linked_.Find(m.object))
      throw InputError(modules_.path, m.line,
                       "expected " + std::string(m.object) + " in the link map, it is not there");
}

}  // namespace kallmodsyms
