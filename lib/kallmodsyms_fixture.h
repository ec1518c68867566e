/* SPDX-License-Identifier: GPL-2.0 */
/* Fixture modules for /proc/kallmodsyms: what their objects share. */
#ifndef _LIB_KALLMODSYMS_FIXTURE_H
#define _LIB_KALLMODSYMS_FIXTURE_H

int kallmodsyms_fixture_shared_fn(int x);
extern int kallmodsyms_fixture_shared_data[8];

int kallmodsyms_fixture_alpha_text(int x);
extern int kallmodsyms_fixture_alpha_data[10];

int kallmodsyms_fixture_beta_text(int x);

#endif /* _LIB_KALLMODSYMS_FIXTURE_H */
