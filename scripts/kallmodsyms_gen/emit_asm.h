// SPDX-License-Identifier: GPL-2.0
//
// Writes the tables as an assembler file (layout: kernel/kallmodsyms_internal.h).

#ifndef KALLMODSYMS_GEN_EMIT_ASM_H
#define KALLMODSYMS_GEN_EMIT_ASM_H

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include "module_tables.h"
#include "size_table.h"
#include "symbols.h"

namespace kallmodsyms {

std::string EmitAsm(const ModuleTables& modules, const SizeTable& sizes, const SymbolList& symbols);

// The two halves of EmitAsm(), which the generator builds side by side:
// the file header and module tables, then the size table.
std::string EmitModuleTablesAsm(const ModuleTables& modules, size_t num_symbols);
std::string EmitSizeTableAsm(const SizeTable& sizes, const SymbolList& symbols);

// Where each label EmitAsm() writes starts, one "LABEL OFFSET" line each,
// then "end BYTES", as a 64-bit kernel has them (where pointers take 4
// bytes, every offset after the first table that holds pointers is 16
// less, in every pass alike).  link-vmlinux.sh links once more when this changes
// from one kallsyms pass to the next, as symbols then move; a change of
// the tables' contents, or of a size that the alignment of the next label
// takes up, moves nothing.
std::string TablesLayout(const ModuleTables& modules, const SizeTable& sizes);

}  // namespace kallmodsyms

#endif  // KALLMODSYMS_GEN_EMIT_ASM_H
