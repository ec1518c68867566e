/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The built-in modules of kernel addresses, from the tables behind
 * /proc/kallmodsyms.  See Documentation/filesystems/proc.rst.
 */
#ifndef _LINUX_KALLMODSYMS_H
#define _LINUX_KALLMODSYMS_H

#include <linux/types.h>

#ifdef CONFIG_KALLMODSYMS
const char *kallmodsyms_module_name(unsigned long addr, unsigned int n);
#if IS_ENABLED(CONFIG_KALLMODSYMS_KUNIT_TEST)
int kallmodsyms_symbol_size(unsigned int sym, unsigned long *size);
#endif
#else
static inline const char *kallmodsyms_module_name(unsigned long addr,
						  unsigned int n)
{
	return NULL;
}
#endif /* CONFIG_KALLMODSYMS */

#endif /* _LINUX_KALLMODSYMS_H */
