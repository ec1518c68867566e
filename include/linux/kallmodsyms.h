/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Built-in module names and symbol sizes of kernel symbols, from the tables
 * behind /proc/kallmodsyms.  See Documentation/filesystems/proc.rst.
 */
#ifndef _LINUX_KALLMODSYMS_H
#define _LINUX_KALLMODSYMS_H

#include <linux/errno.h>
#include <linux/types.h>

#ifdef CONFIG_KALLMODSYMS
const char *kallmodsyms_module_name(unsigned long addr, unsigned int n);
bool kallmodsyms_in_module(unsigned long addr, const char *name);
int kallmodsyms_symbol_size(unsigned int sym, unsigned long *size);
int kallmodsyms_symbol_index(unsigned long addr);
#else
static inline const char *kallmodsyms_module_name(unsigned long addr,
						  unsigned int n)
{
	return NULL;
}

static inline bool kallmodsyms_in_module(unsigned long addr, const char *name)
{
	return false;
}

static inline int kallmodsyms_symbol_size(unsigned int sym, unsigned long *size)
{
	return -ENOENT;
}

static inline int kallmodsyms_symbol_index(unsigned long addr)
{
	return -ENOENT;
}
#endif /* CONFIG_KALLMODSYMS */

#endif /* _LINUX_KALLMODSYMS_H */
