// SPDX-License-Identifier: GPL-2.0

#include "symbols.h"

#include <algorithm>
#include <cstring>

namespace kallmodsyms {

namespace {

bool IsLetter(char c) { return static_cast<unsigned char>((c | 0x20) - 'a') < 26; }

}  // namespace

SymbolList ReadNm(LineReader* in) {
  SymbolList out;
  out.reserve(in->size() / 40);  // about one symbol per 40 bytes of nm output
  std::string_view line;
  std::vector<std::string_view> t;
  scan::Hex16Column addresses, sizes;
  for (std::string_view rest; !(rest = in->Rest()).empty();) {
    // The common shapes, "ADDR TYPE NAME" and "ADDR SIZE TYPE NAME" with
    // 16-digit numbers and single blanks, at fixed columns, and the name
    // up to the line's end without a blank or control character: one scan
    // finds both.  Anything else goes the slow way, from Next().  (The
    // bytes checked before the name hold no '\n': they are in the line.)
    const char* l = rest.data();
    const char* end = l + rest.size();
    if (rest.size() > 36 && l[16] == ' ') {
      uint64_t address, size = 0;
      const char* name = nullptr;
      if (l[18] == ' ' && IsLetter(l[17]) && addresses.Parse(l, &address)) {
        name = l + 19;
      } else if (l[33] == ' ' && l[35] == ' ' && IsLetter(l[34]) && addresses.Parse(l, &address) &&
                 sizes.Parse(l + 17, &size) && size <= UINT32_MAX) {
        name = l + 36;
      }
      if (name) {
        size_t n = scan::TokenLength(name, end);
        if (n && n < Symbol::kMaxNameLength && name + n < end && name[n] == '\n') {
          // Filled in place: a Symbol built on the stack and copied is
          // read back in 16 bytes that two 8-byte stores wrote, which
          // the CPU cannot forward to the load, and stalls.
          Symbol& s = out.emplace_back();
          s.address = address;
          s.name_start = name;
          s.size = static_cast<uint32_t>(size);
          s.name_length = static_cast<uint16_t>(n);
          s.type = name[-2];  // "TYPE NAME"
          in->SkipLine(static_cast<size_t>(name + n - l));
          continue;
        }
      }
    }
    in->Next(&line);
    if (line.empty()) continue;
    Split(line, &t);
    Symbol s;
    size_t type_at;
    if (t.size() == 3) {
      type_at = 1;
    } else if (t.size() == 4) {
      type_at = 2;
      uint64_t size;
      if (!ParseHex(t[1], &size) || size > UINT32_MAX)
        in->Fail("expected a hexadecimal size below 4 GiB, got '" + std::string(t[1]) + "'");
      s.size = static_cast<uint32_t>(size);
    } else {
      in->Fail("expected 'ADDRESS [SIZE] TYPE NAME'");
    }
    if (!ParseHex(t[0], &s.address))
      in->Fail("expected a hexadecimal address, got '" + std::string(t[0]) + "'");
    if (t[type_at].size() != 1 || !IsLetter(t[type_at][0]))
      if (t[type_at] != "?" && t[type_at] != "-")
        in->Fail("expected a one-letter symbol type, got '" + std::string(t[type_at]) + "'");
    s.type = t[type_at][0];
    std::string_view name = t[type_at + 1];
    if (name.size() >= Symbol::kMaxNameLength)
      in->Fail("expected a symbol name shorter than 64 KiB, got one of " +
               std::to_string(name.size()) + " bytes");
    s.name_start = name.data();
    s.name_length = static_cast<uint16_t>(name.size());
    out.push_back(s);
  }
  return out;
}

std::string StripSizes(LineReader* in) {
  std::string out;
  out.reserve(in->size());
  std::string_view line;
  std::vector<std::string_view> t;
  while (in->Next(&line)) {
    Split(line, &t);
    uint64_t value;
    if ((t.size() == 3 || t.size() == 4) && !ParseHex(t[0], &value))
      in->Fail("expected a hexadecimal address, got '" + std::string(t[0]) + "'");
    if (t.size() == 4) {
      if (!ParseHex(t[1], &value) || value > UINT32_MAX)
        in->Fail("expected a hexadecimal size below 4 GiB, got '" + std::string(t[1]) + "'");
      out.append(t[0]).append(1, ' ').append(t[2]).append(1, ' ').append(t[3]);
    } else if (t.size() == 3 || t.empty()) {
      out.append(line);
    } else {
      in->Fail("expected 'ADDRESS [SIZE] TYPE NAME'");
    }
    out.append(1, '\n');
  }
  return out;
}

namespace {

// KSYM_NAME_LEN of include/linux/kallsyms.h and scripts/kallsyms.c: the
// latter warns of longer names and leaves their symbols out.
constexpr size_t kKsymNameLen = 512;

bool IgnoredByKallsyms(const Symbol& s) {
  if (s.name_length >= kKsymNameLen) return true;
  if (s.type == 'u' || s.type == 'n') return true;
  if (s.type == 'a' || s.type == 'A')
    return s.name() != "__kernel_syscall_via_break" && s.name() != "__kernel_syscall_via_epc" &&
           s.name() != "__kernel_sigtramp" && s.name() != "__gp";
  return false;
}

bool StartsWith(std::string_view s, const char* p) { return s.rfind(p, 0) == 0; }
bool EndsWith(std::string_view s, const char* p) {
  size_t n = std::strlen(p);
  return s.size() >= n && s.compare(s.size() - n, n, p) == 0;
}

bool MayBeLinkerScriptProvide(std::string_view n) {
  if (n.size() < 8 || !StartsWith(n, "__")) return false;
  return StartsWith(n, "__start_") || StartsWith(n, "__stop_") || StartsWith(n, "__end_") ||
         EndsWith(n, "_start") || EndsWith(n, "_end");
}

}  // namespace

SymbolList KallsymsOrder(SymbolList nm, const KallsymsOptions& options) {
  // Filtered in place: a copy of 200k symbols costs more page faults than
  // the filtering itself.
  SymbolList syms = std::move(nm);
  syms.erase(std::remove_if(syms.begin(), syms.end(), IgnoredByKallsyms), syms.end());
  if (!options.all_symbols) {
    // Without --all-symbols only text and init text are kept (and the
    // __start_/__stop_ section markers), minus aliases of _etext/_einittext.
    uint64_t stext = 0, etext = 0, sinit = 0, einit = 0;
    bool ok = FindSymbol(syms, "_stext", &stext) && FindSymbol(syms, "_etext", &etext) &&
              FindSymbol(syms, "_sinittext", &sinit) && FindSymbol(syms, "_einittext", &einit);
    auto dropped = [&](const Symbol& s) {
      if (StartsWith(s.name(), "__start_") || StartsWith(s.name(), "__stop_")) return false;
      if (!ok) return false;
      bool in_text =
          (s.address >= stext && s.address <= etext) || (s.address >= sinit && s.address <= einit);
      if (!in_text) return true;
      return (s.address == etext && s.name() != "_etext") ||
             (s.address == einit && s.name() != "_einittext");
    };
    syms.erase(std::remove_if(syms.begin(), syms.end(), dropped), syms.end());
  }
  // compare_symbols(): address, then weak last, then linker-script
  // provided last, then fewer leading underscores first, then input order.
  // nm -n output is sorted by address already: then only the runs of
  // symbols at one address need sorting.
  auto by_address = [](const Symbol& a, const Symbol& b) { return a.address < b.address; };
  if (!std::is_sorted(syms.begin(), syms.end(), by_address))
    std::stable_sort(syms.begin(), syms.end(), by_address);
  auto tie_break = [](const Symbol& a, const Symbol& b) {
    bool wa = a.type == 'w' || a.type == 'W', wb = b.type == 'w' || b.type == 'W';
    if (wa != wb) return wb;
    bool la = MayBeLinkerScriptProvide(a.name()), lb = MayBeLinkerScriptProvide(b.name());
    if (la != lb) return lb;
    size_t ua = a.name().find_first_not_of('_'), ub = b.name().find_first_not_of('_');
    if (ua == std::string_view::npos) ua = a.name().size();
    if (ub == std::string_view::npos) ub = b.name().size();
    return ua < ub;
  };
  for (auto run = syms.begin(); run != syms.end();) {
    auto next = run + 1;
    while (next != syms.end() && next->address == run->address) ++next;
    if (next - run > 1) std::stable_sort(run, next, tie_break);
    run = next;
  }
  return syms;
}

bool FindSymbol(const SymbolList& symbols, std::string_view name, uint64_t* address) {
  for (const Symbol& s : symbols)
    if (s.name().size() == name.size() && s.name() == name) {
      *address = s.address;
      return true;
    }
  return false;
}

}  // namespace kallmodsyms
