/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _LIB_TEST_KTRACE_H
#define _LIB_TEST_KTRACE_H

#include <linux/types.h>

/* In test_ktrace_target.c, built without the ftrace flags */
int ktrace_test_target(int x);

/* In test_ktrace_main.c, built with them */
int ktrace_test_caller(int x);
int ktrace_test_fentry_target(int x);

/* In test_ktrace_tail.S, linked last: the module's last code */
void ktrace_test_tail(void);
/* Its length in bytes, an odd number */
extern const u32 ktrace_test_tail_len;

#endif
