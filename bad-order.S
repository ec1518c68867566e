#include <asm/bitsperlong.h>
	.section .rodata, "a"

kallsyms_names:
	.byte 0x03, 0x41, 0x42, 0x43	/* Tkallsyms_offsets: */

.globl kallsyms_offsets
	ALGN
kallsyms_offsets:
	.long	0	/* Dpercpu_main_var */
	.long	0x10	/* Dpercpu_single_var */
	.long	0xffffffff	/* T_stext */
	.long	0xffffffff	/* T_text */
	.long	0xfffffeff	/* tshared_helper */
	.long	0xffffffef	/* Tstart_kernel */
	.long	0xfffffeaf	/* tshared_other */
	.long	0xfffffe7f	/* Talpha_probe */
	.long	0xfffffdff	/* Tbeta_probe_alias */
	.long	0xfffffdff	/* Tbeta_probe */
	.long	0xfffffdff	/* W__beta_weak */
	.long	0xfffffdbf	/* tsingle_fn */
	.long	0xfffffcff	/* T_etext */
	.long	0xffffdfff	/* talpha_init */
	.long	0xffffdfff	/* T_sinittext */
	.long	0xffffdfcf	/* Tinit_main_fn */
	.long	0xffffdf9f	/* T_einittext */
	.long	0xffffcfff	/* rsingle_table */
	.long	0xffffbfff	/* dsingle_data */
	.long	0xffffbfdf	/* Dmain_data */
	.long	0xffffbfbf	/* D_edata */

.globl kallsyms_relative_base
	ALGN
kallsyms_relative_base:
	PTR	_text + 0

kallsyms_seqs_of_names:
	.byte 0x00, 0x00, 0x00	/* Ta */
