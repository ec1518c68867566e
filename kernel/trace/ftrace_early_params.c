// SPDX-License-Identifier: GPL-2.0
/*
 * Very early function tracing: the boot parameters.
 *
 * The tracer arms at start_kernel()'s first call, before the kernel
 * parses its command line: it reads the command line as the architecture
 * will make it with the kernel's own parser (parse_args()) and keeps what
 * it needs.  With "bootconfig", bootconfig's kernel.ftrace* keys are
 * read once start_kernel() has found them, as init/main.c would pass them.
 * What does not parse is kept for the warnings at ftrace_init(): the
 * tracer then runs with the defaults, and the boot goes on.
 */

#include <linux/bootconfig.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/kstrtox.h>
#include <linux/moduleparam.h>
#include <linux/sizes.h>
#include <linux/string.h>

#include "ftrace_early_internal.h"

static int __init ftrace_early_param(char *param, char *val,
				     const char *unused, void *arg)
{
	struct ftrace_early_params *p = arg;

	if (parameq(param, "ftrace")) {
		p->function = val && (!strcmp(val, "function") ||
					    !strcmp(val, "function_graph"));
		p->graph = IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) &&
				 val && !strcmp(val, "function_graph");
	} else if (parameq(param, "ftrace_graph_filter")) {
		p->graph_filter_arg = val ?: "";
	} else if (parameq(param, "ftrace_graph_notrace")) {
		p->graph_notrace_arg = val ?: "";
	} else if (parameq(param, "ftrace_graph_max_depth")) {
		p->max_depth_arg = val ?: "";
	} else if (parameq(param, "ftrace_filter")) {
		p->filter_arg = val ?: "";
	} else if (parameq(param, "ftrace_notrace")) {
		p->notrace_arg = val ?: "";
	} else if (parameq(param, "ftrace_early_buf_size")) {
		p->size_arg = val ?: "";
	} else if (parameq(param, "ftrace_early_region")) {
		p->region_arg = val ?: "";
	} else if (parameq(param, "ftrace_early_test")) {
		p->test_arg = val ?: "";
	} else if (!strncmp(param, "ftrace_dump_on_oops", 19) &&
		   (!param[19] || param[19] == ',')) {
		/* Any value but 0: the global buffer or an instance */
		p->dump_on_oops = param[19] || !val || strcmp(val, "0");
	} else if (parameq(param, "bootconfig")) {
		p->bootconfig = true;
	}
	return 0;
}

/**
 * ftrace_early_params_parse - read the tracer's parameters from a command line
 * @p: where they go; a parameter given again replaces the earlier value
 * @args: the command line, split in place
 * @doing: what parse_args() says it is doing, in its messages
 */
void __init ftrace_early_params_parse(struct ftrace_early_params *p, char *args,
				      const char *doing)
{
	parse_args(doing, args, NULL, 0, 0, 0, p, ftrace_early_param);
}

/**
 * ftrace_early_params_check - the values of the parameters read
 * @p: the parameters
 *
 * Sets @p->size from ftrace_early_buf_size= (the Kconfig default if it is
 * missing or unusable, which @p->bad_size says) and @p->max_depth from
 * ftrace_graph_max_depth=, as the graph tracer reads it (@p->bad_max_depth
 * if it cannot).
 */
void __init ftrace_early_params_check(struct ftrace_early_params *p)
{
	u64 size = (u64)CONFIG_VERY_EARLY_FUNCTION_TRACER_BUF_SIZE * SZ_1K;
	char *end;
	u64 val;

	if (p->size_arg) {
		val = memparse(p->size_arg, &end);
		if (*end || val < sizeof(struct ftrace_early_entry))
			p->bad_size = true;
		else
			size = min_t(u64, val, FTRACE_EARLY_MAX_SIZE);
	}
	p->size = size;
	if (p->max_depth_arg && kstrtouint(p->max_depth_arg, 0, &p->max_depth))
		p->bad_max_depth = true;
}

#ifdef CONFIG_BOOT_CONFIG
/**
 * ftrace_early_bootconfig_params - bootconfig's ftrace keys as a command line
 * @buf: where the words go
 * @size: room in @buf
 *
 * Bootconfig's "kernel" keys are command-line parameters: those whose
 * name starts with "ftrace", as "key=value" words in @buf, a word for
 * each value of an array, quoted if it has blanks, as init/main.c passes
 * them to the kernel.
 *
 * Return: false if they do not fit in @size bytes.
 */
bool __init ftrace_early_bootconfig_params(char *buf, size_t size)
{
	struct xbc_node *root = xbc_find_node("kernel"), *knode, *vnode;
	static char key[XBC_KEYLEN_MAX] __initdata;
	const char *val, *q;
	size_t len = 0;
	int n;

	*buf = '\0';
	if (!root)
		return true;
	xbc_node_for_each_key_value(root, knode, val) {
		if (xbc_node_compose_key_after(root, knode, key, sizeof(key)) < 0 ||
		    strncmp(key, "ftrace", strlen("ftrace")))
			continue;
		vnode = xbc_node_get_child(knode);
		if (!vnode || !xbc_node_is_value(vnode)) {
			n = snprintf(buf + len, size - len, "%s ", key);
			if (n >= size - len)
				return false;
			len += n;
			continue;
		}
		xbc_array_for_each_value(vnode, val) {
			q = strpbrk(val, " \t\r\n") ? "\"" : "";
			n = snprintf(buf + len, size - len, "%s=%s%s%s ",
				     key, q, val, q);
			if (n >= size - len)
				return false;
			len += n;
		}
	}
	return true;
}
#endif /* CONFIG_BOOT_CONFIG */

/*
 * Read at start_kernel() by the tracer's own parser; these mark them
 * as the kernel's, so that they are not passed to init.
 */
static int __init ftrace_early_buf_size_known(char *str)
{
	return 0;
}
early_param("ftrace_early_buf_size", ftrace_early_buf_size_known);

static int __init ftrace_early_region_known(char *str)
{
	return 0;
}
early_param("ftrace_early_region", ftrace_early_region_known);

static int __init ftrace_early_test_known(char *str)
{
	return 0;
}
early_param("ftrace_early_test", ftrace_early_test_known);
