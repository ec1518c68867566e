// SPDX-License-Identifier: GPL-2.0
/*
 * ktrace: functions that have no fentry call site (files built without the
 * ftrace flags, notrace functions) in the function and function_graph
 * tracers, through kprobes, which the kprobe optimizer turns into jumps
 * where it can.
 *
 * The tracefs file "ktrace" holds the list.  Each write is applied whole
 * or not at all: a refused name leaves the list as it was.  A probe hit
 * does what an fentry site does for the current tracer of the top level
 * trace array: under "function" it writes a function entry ("func
 * <-parent"); under "function_graph" it enters the function on the task's
 * graph shadow stack and hooks its return, as the fentry trampoline does.
 * Under other tracers the probes are idle.
 *
 * Documentation/trace/ktrace.rst describes the file.
 */

#define pr_fmt(fmt) "ktrace: " fmt

#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/tracefs.h>

#include "trace.h"

/* Probes ktrace holds at most; a glob that matches more is refused */
#define KTRACE_MAX_PROBES	256

struct ktrace_probe {
	struct list_head	list;
	struct kprobe		kp;
	unsigned long		func;	/* the function; the probe may be after an ENDBR */
	struct module		*mod;	/* NULL for the kernel itself */
	char			*name;
};

static LIST_HEAD(ktrace_probes);
static unsigned int ktrace_nr_probes;
/* Protects the list; probe handlers do not take it */
static DEFINE_MUTEX(ktrace_mutex);

enum ktrace_mode {
	KTRACE_IDLE,
	KTRACE_FUNCTION,
	KTRACE_GRAPH,
};

/* The tracers a probe hit acts for, found by name on first sight */
static struct tracer *ktrace_tracers[KTRACE_GRAPH + 1];

static enum ktrace_mode ktrace_current_mode(struct trace_array *tr)
{
	struct tracer *t = READ_ONCE(tr->current_trace);

	if (t == READ_ONCE(ktrace_tracers[KTRACE_FUNCTION]))
		return KTRACE_FUNCTION;
	if (t == READ_ONCE(ktrace_tracers[KTRACE_GRAPH]))
		return KTRACE_GRAPH;
	if (!strcmp(t->name, "function")) {
		WRITE_ONCE(ktrace_tracers[KTRACE_FUNCTION], t);
		return KTRACE_FUNCTION;
	}
	if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) &&
	    !strcmp(t->name, "function_graph")) {
		WRITE_ONCE(ktrace_tracers[KTRACE_GRAPH], t);
		return KTRACE_GRAPH;
	}
	return KTRACE_IDLE;
}

static int ktrace_pre_handler(struct kprobe *kp, struct pt_regs *regs)
{
	struct ktrace_probe *p = container_of(kp, struct ktrace_probe, kp);
	/* At the first instruction the return address is on top */
	unsigned long *retp = (unsigned long *)kernel_stack_pointer(regs);
	struct trace_array *tr = top_trace_array();

	if (!tr)
		return 0;

	switch (ktrace_current_mode(tr)) {
	case KTRACE_FUNCTION:
		/* With tracing off, the ring buffer refuses the entry */
		trace_function(tr, p->func, *retp, tracing_gen_ctx());
		break;
#ifdef CONFIG_FUNCTION_GRAPH_TRACER
	case KTRACE_GRAPH:
		/* What the fentry trampoline does: enter, and hook the return */
		if (!tracer_tracing_is_on(tr) || ftrace_graph_is_dead() ||
		    atomic_read(&current->tracing_graph_pause))
			break;
		if (!function_graph_enter(*retp, p->func, 0, retp))
			*retp = (unsigned long)&return_to_handler;
		break;
#endif
	default:
		break;
	}
	return 0;
}

NOKPROBE_SYMBOL(ktrace_pre_handler);

/* Can @addr, the start of a function, be traced by ktrace? */
static int ktrace_check(const char *name, unsigned long addr)
{
	if (!kernel_text_address(addr)) {
		pr_info("%s: not a function\n", name);
		return -EINVAL;
	}
	if (within_kprobe_blacklist(addr)) {
		pr_info("%s: kprobes must not probe it\n", name);
		return -EPERM;
	}
	if (ftrace_location(addr)) {
		pr_info("%s: has an fentry site, use set_ftrace_filter\n", name);
		return -EEXIST;
	}
	return 0;
}

static struct ktrace_probe *ktrace_find(const char *name)
{
	struct ktrace_probe *p;

	list_for_each_entry(p, &ktrace_probes, list)
		if (!strcmp(p->name, name))
			return p;
	return NULL;
}

static void ktrace_free(struct ktrace_probe *p)
{
	kfree(p->name);
	kfree(p);
}

/* A request being applied: probes to add, probes to remove */
struct ktrace_change {
	struct list_head	add;
	struct list_head	remove;
	unsigned int		nr_add;
	const char		*glob;
	unsigned int		nr_matched;	/* by @glob, listed or not */
	int			error;
};

static bool ktrace_pending(struct ktrace_change *c, const char *name)
{
	struct ktrace_probe *p;

	list_for_each_entry(p, &c->add, list)
		if (!strcmp(p->name, name))
			return true;
	return false;
}

static int ktrace_add_one(struct ktrace_change *c, const char *name,
			  unsigned long addr)
{
	struct ktrace_probe *p;

	if (ktrace_find(name) || ktrace_pending(c, name))
		return 0;
	/* Replacing the list with one that keeps this probe: keep it */
	list_for_each_entry(p, &c->remove, list) {
		if (!strcmp(p->name, name)) {
			list_move_tail(&p->list, &ktrace_probes);
			ktrace_nr_probes++;
			return 0;
		}
	}
	if (ktrace_nr_probes + c->nr_add >= KTRACE_MAX_PROBES) {
		pr_info("more than %d functions\n", KTRACE_MAX_PROBES);
		return -E2BIG;
	}

	p = kzalloc(sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->name = kstrdup(name, GFP_KERNEL);
	if (!p->name) {
		kfree(p);
		return -ENOMEM;
	}
	p->func = addr;
	p->kp.addr = (kprobe_opcode_t *)addr;
	p->kp.pre_handler = ktrace_pre_handler;
	list_add_tail(&p->list, &c->add);
	c->nr_add++;
	return 0;
}

/* kallsyms callback for a glob: add every function it matches that can be */
static int ktrace_glob_cb(void *data, const char *name, unsigned long addr)
{
	struct ktrace_change *c = data;
	char sym[KSYM_NAME_LEN];
	unsigned long size, offset;

	if (!glob_match(c->glob, name))
		return 0;
	/* Only function starts, and only the first of aliases */
	if (!kallsyms_lookup_size_offset(addr, &size, &offset) || offset)
		return 0;
	if (!kernel_text_address(addr) || within_kprobe_blacklist(addr) ||
	    ftrace_location(addr))
		return 0;
	if (!lookup_symbol_name(addr, sym) && strcmp(sym, name))
		return 0;
	c->nr_matched++;
	c->error = ktrace_add_one(c, name, addr);
	return c->error;
}

static bool ktrace_is_glob(const char *s)
{
	return strpbrk(s, "*?[");
}

static bool ktrace_valid_name(const char *s)
{
	for (; *s; s++)
		if (!isalnum(*s) && !strchr("_.:*?[]-^!$", *s))
			return false;
	return true;
}

static int ktrace_request_add(struct ktrace_change *c, const char *name)
{
	unsigned long addr;
	int ret;

	if (ktrace_is_glob(name)) {
		c->glob = name;
		c->error = 0;
		c->nr_matched = 0;
		kallsyms_on_each_symbol(ktrace_glob_cb, c);
		if (!c->error)
			module_kallsyms_on_each_symbol(NULL, ktrace_glob_cb, c);
		if (c->error)
			return c->error;
		/* Functions already listed count: adding them again is no error */
		if (!c->nr_matched) {
			pr_info("%s: matches no function ktrace can trace\n", name);
			return -ENOENT;
		}
		return 0;
	}

	addr = kallsyms_lookup_name(name);
	if (!addr) {
		pr_info("%s: unknown symbol\n", name);
		return -ENOENT;
	}
	ret = ktrace_check(name, addr);
	if (ret)
		return ret;
	return ktrace_add_one(c, name, addr);
}

static void ktrace_request_remove(struct ktrace_change *c, const char *glob)
{
	struct ktrace_probe *p, *n;

	/* Not yet registered: just drop them */
	list_for_each_entry_safe(p, n, &c->add, list) {
		if (glob_match(glob, p->name)) {
			list_del(&p->list);
			c->nr_add--;
			ktrace_free(p);
		}
	}
	list_for_each_entry_safe(p, n, &ktrace_probes, list) {
		if (glob_match(glob, p->name)) {
			list_move_tail(&p->list, &c->remove);
			ktrace_nr_probes--;
		}
	}
}

static void ktrace_unregister_list(struct list_head *head)
{
	struct ktrace_probe *p, *n;

	if (list_empty(head))
		return;
	list_for_each_entry_safe(p, n, head, list) {
		unregister_kprobe(&p->kp);
		list_del(&p->list);
		ktrace_free(p);
	}
	/*
	 * Let the optimizer finish taking the jumps out before the caller
	 * goes on: a module unloaded while it works leaves kprobes a stale
	 * probe at that address, and a later probe there is refused.
	 */
	wait_for_kprobe_optimizer();
}

/* Drop what @c would add; put back what it would remove */
static void ktrace_discard(struct ktrace_change *c)
{
	struct ktrace_probe *p, *n;

	list_for_each_entry_safe(p, n, &c->add, list) {
		list_del(&p->list);
		ktrace_free(p);
	}
	list_for_each_entry_safe(p, n, &c->remove, list) {
		list_move_tail(&p->list, &ktrace_probes);
		ktrace_nr_probes++;
	}
}

/*
 * Register what @c adds; only then drop what it removes.  On an error
 * nothing changes: the probes removed so far go back on the list.
 */
static int ktrace_apply(struct ktrace_change *c)
{
	struct ktrace_probe *p, *n;
	LIST_HEAD(done);
	int ret = 0;

	list_for_each_entry_safe(p, n, &c->add, list) {
		ret = register_kprobe(&p->kp);
		if (ret) {
			pr_info("%s: cannot probe it (%d)\n", p->name, ret);
			break;
		}
		preempt_disable();
		p->mod = __module_text_address(p->func);
		preempt_enable();
		list_move_tail(&p->list, &done);
	}
	if (ret) {
		ktrace_unregister_list(&done);
		ktrace_discard(c);
		return ret;
	}
	list_splice_tail(&done, &ktrace_probes);
	ktrace_nr_probes += c->nr_add;
	ktrace_unregister_list(&c->remove);
	return 0;
}

/* Apply one write: blank separated names and globs, "!" to remove */
static int ktrace_write_list(char *buf, bool replace)
{
	struct ktrace_change c = {
		.add = LIST_HEAD_INIT(c.add),
		.remove = LIST_HEAD_INIT(c.remove),
	};
	char *tok;
	int ret = 0;

	mutex_lock(&ktrace_mutex);
	if (replace)
		ktrace_request_remove(&c, "*");
	while ((tok = strsep(&buf, " \t\n")) != NULL) {
		if (!*tok)
			continue;
		if (strlen(tok) >= KSYM_NAME_LEN || !ktrace_valid_name(tok)) {
			pr_info("'%.32s': not a function name or glob\n", tok);
			ret = -EINVAL;
			break;
		}
		if (*tok == '!') {
			ktrace_request_remove(&c, tok + 1);
			continue;
		}
		ret = ktrace_request_add(&c, tok);
		if (ret)
			break;
	}
	if (ret)
		ktrace_discard(&c);
	else
		ret = ktrace_apply(&c);
	mutex_unlock(&ktrace_mutex);
	return ret;
}

static void *ktrace_seq_start(struct seq_file *m, loff_t *pos)
{
	mutex_lock(&ktrace_mutex);
	return seq_list_start(&ktrace_probes, *pos);
}

static void *ktrace_seq_next(struct seq_file *m, void *v, loff_t *pos)
{
	return seq_list_next(v, &ktrace_probes, pos);
}

static void ktrace_seq_stop(struct seq_file *m, void *v)
{
	mutex_unlock(&ktrace_mutex);
}

/*
 * Optimization applies to the probe that kprobes keeps at the address.  Its
 * flag says "optimized" from the moment it is queued for the optimizer, which
 * puts the jump in a few ticks later and then takes it off its list: until
 * then calls still hit the int3.
 */
static bool ktrace_optimized(struct kprobe *kp)
{
#ifdef CONFIG_OPTPROBES
	struct optimized_kprobe *op;
	struct kprobe *ap;
	bool ret = false;

	preempt_disable();
	ap = get_kprobe(kp->addr);
	if (ap && kprobe_optimized(ap)) {
		op = container_of(ap, struct optimized_kprobe, kp);
		ret = list_empty(&op->list);
	}
	preempt_enable();
	return ret;
#else
	return false;
#endif
}

static int ktrace_seq_show(struct seq_file *m, void *v)
{
	struct ktrace_probe *p = list_entry(v, struct ktrace_probe, list);
	struct kprobe *kp = &p->kp;
	const char *state;

	if (kprobe_gone(kp))
		state = "gone";
	else if (kprobe_disabled(kp))
		state = "disabled";
	else if (ktrace_optimized(kp))
		state = "optimized";
	else
		state = "int3";

	seq_puts(m, p->name);
	if (p->mod)
		seq_printf(m, " [%s]", module_name(p->mod));
	seq_printf(m, "\t%s\n", state);
	return 0;
}

static const struct seq_operations ktrace_seq_ops = {
	.start	= ktrace_seq_start,
	.next	= ktrace_seq_next,
	.stop	= ktrace_seq_stop,
	.show	= ktrace_seq_show,
};

/* Set when the file was opened to replace the list and nothing was written */
#define KTRACE_REPLACE	((void *)1)

static int ktrace_open(struct inode *inode, struct file *file)
{
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;

	if (file->f_mode & FMODE_READ) {
		ret = seq_open(file, &ktrace_seq_ops);
		if (ret)
			return ret;
	}
	if ((file->f_mode & FMODE_WRITE) && (file->f_flags & O_TRUNC) &&
	    !(file->f_mode & FMODE_READ))
		file->private_data = KTRACE_REPLACE;
	return 0;
}

static ssize_t ktrace_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	bool replace = file->private_data == KTRACE_REPLACE;
	char *buf;
	int ret;

	if (cnt >= PAGE_SIZE)
		return -E2BIG;
	buf = memdup_user_nul(ubuf, cnt);
	if (IS_ERR(buf))
		return PTR_ERR(buf);
	ret = ktrace_write_list(buf, replace);
	kfree(buf);
	/* Replaced or refused: either way the release must not clear the list */
	file->private_data = NULL;
	if (ret)
		return ret;
	*ppos += cnt;
	return cnt;
}

static int ktrace_release(struct inode *inode, struct file *file)
{
	if (file->f_mode & FMODE_READ)
		return seq_release(inode, file);
	/* Opened to replace the list, and nothing written: clear it */
	if (file->private_data == KTRACE_REPLACE) {
		char empty[] = "";

		ktrace_write_list(empty, true);
	}
	return 0;
}

static const struct file_operations ktrace_fops = {
	.open		= ktrace_open,
	.read		= seq_read,
	.write		= ktrace_write,
	.llseek		= seq_lseek,
	.release	= ktrace_release,
};

#ifdef CONFIG_MODULES
/* A module's probes go with it */
static int ktrace_module_notify(struct notifier_block *nb, unsigned long val,
				void *data)
{
	struct module *mod = data;
	struct ktrace_probe *p, *n;
	LIST_HEAD(gone);

	if (val != MODULE_STATE_GOING)
		return NOTIFY_DONE;

	mutex_lock(&ktrace_mutex);
	list_for_each_entry_safe(p, n, &ktrace_probes, list) {
		if (p->mod == mod) {
			list_move_tail(&p->list, &gone);
			ktrace_nr_probes--;
		}
	}
	ktrace_unregister_list(&gone);
	mutex_unlock(&ktrace_mutex);
	return NOTIFY_DONE;
}

static struct notifier_block ktrace_module_nb = {
	.notifier_call = ktrace_module_notify,
};
#endif

static __init int ktrace_init(void)
{
	int ret;

	ret = tracing_init_dentry();
	if (ret)
		return 0;

	trace_create_file("ktrace", TRACE_MODE_WRITE, NULL, NULL, &ktrace_fops);
#ifdef CONFIG_MODULES
	register_module_notifier(&ktrace_module_nb);
#endif
	return 0;
}
fs_initcall(ktrace_init);
