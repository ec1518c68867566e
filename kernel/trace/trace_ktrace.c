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
 * <-parent"); under "function_graph" it writes the graph entry and hooks
 * the return with a rethook, which writes the return.  Under other
 * tracers the probes are idle.  ktrace_refusal() says what may be traced.
 *
 * Documentation/trace/ktrace.rst describes the file.
 */

#define pr_fmt(fmt) "ktrace: " fmt

#include <linux/ctype.h>
#include <linux/ftrace.h>
#include <linux/glob.h>
#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/ktrace.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/rethook.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/sort.h>
#include <linux/tracefs.h>
#include <asm/sections.h>

#include "trace.h"

/* Probes ktrace holds at most; a glob that matches more is refused */
#define KTRACE_MAX_PROBES	256

struct ktrace_probe {
	struct list_head	list;
	struct kprobe		kp;
	unsigned long		func;	/* the function; the probe may be after an ENDBR */
	struct module		*mod;	/* NULL for the kernel itself */
	/* Hits not recorded: in the tracers' own path, or no return slot */
	atomic_long_t		missed;
	char			*name;
};

static LIST_HEAD(ktrace_probes);
static unsigned int ktrace_nr_probes;
/* Protects the list and ktrace_sym; probe handlers do not take it */
static DEFINE_MUTEX(ktrace_mutex);
/* The name kallsyms gives the function being checked (ktrace_refusal()) */
static char ktrace_sym[KSYM_NAME_LEN];

/* On from before the first probe is registered until the last one is gone */
DEFINE_STATIC_KEY_FALSE(ktrace_in_use);

/* Off once the list is empty, its probes unregistered */
static void ktrace_update_in_use(void)
{
	if (!ktrace_nr_probes)
		static_branch_disable(&ktrace_in_use);
}

enum ktrace_mode {
	KTRACE_IDLE,
	KTRACE_FUNCTION,
	KTRACE_GRAPH,
	KTRACE_NR_MODES,
};

/*
 * The tracer last seen in each mode, found by name once: a hit compares
 * pointers only.  A tracer is never freed, so a stale pointer is harmless.
 */
static struct tracer *ktrace_tracers[KTRACE_NR_MODES];

static enum ktrace_mode ktrace_current_mode(struct trace_array *tr)
{
	struct tracer *t = READ_ONCE(tr->current_trace);
	enum ktrace_mode mode;

	for (mode = KTRACE_IDLE; mode < KTRACE_NR_MODES; mode++)
		if (t == READ_ONCE(ktrace_tracers[mode]))
			return mode;
	if (!strcmp(t->name, "function"))
		mode = KTRACE_FUNCTION;
	else if (IS_ENABLED(CONFIG_FUNCTION_GRAPH_TRACER) &&
		 !strcmp(t->name, "function_graph"))
		mode = KTRACE_GRAPH;
	else
		mode = KTRACE_IDLE;
	WRITE_ONCE(ktrace_tracers[mode], t);
	return mode;
}

NOKPROBE_SYMBOL(ktrace_current_mode);

/*
 * The jump of an optimized probe is in once the optimizer has taken it off
 * its list; until then, and for probes it cannot optimize, calls hit the
 * breakpoint.
 */
static bool ktrace_jump_in(struct kprobe *kp)
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

NOKPROBE_SYMBOL(ktrace_jump_in);

/*
 * The trace context of the call: interrupts as the function was called
 * (@regs->flags), the preemption count less what the probe's path added.
 * A breakpoint hit runs in NMI context; the caller was not in it.  How
 * the probe was hit is told by its frame, not by the optimizer's state,
 * which may change meanwhile.
 */
static unsigned int ktrace_trace_ctx(struct pt_regs *regs, bool via_trap)
{
	unsigned int irqs = irqs_disabled_flags(regs->flags) ? TRACE_FLAG_IRQS_OFF : 0;
	/* Less the recursion lock's preempt_disable() */
	unsigned int pc = arch_ktrace_preempt_count(via_trap) -
			  IS_ENABLED(CONFIG_PREEMPT_COUNT);

	return tracing_gen_ctx_pc_irq_test(irqs, pc);
}

NOKPROBE_SYMBOL(ktrace_trace_ctx);

/*
 * Was the context a breakpoint interrupted inside the function tracers?
 * Their recursion lock has a bit per context, and a breakpoint runs in
 * NMI context: it takes the NMI bit, which the interrupted context did not
 * hold.  Look at the bit of the context the breakpoint interrupted.
 */
static bool ktrace_trap_in_tracer(void)
{
	unsigned int pc = arch_ktrace_preempt_count(true);
	unsigned int level = 0;
	int bit;

	level += !!(pc & NMI_MASK);
	level += !!(pc & (NMI_MASK | HARDIRQ_MASK));
	level += !!(pc & (NMI_MASK | HARDIRQ_MASK | SOFTIRQ_OFFSET));
	bit = TRACE_FTRACE_START + TRACE_CTX_NORMAL - level;
	return trace_recursion_test(bit) ||
	       trace_recursion_test(TRACE_FTRACE_START + TRACE_CTX_TRANSITION);
}

NOKPROBE_SYMBOL(ktrace_trap_in_tracer);

static void ktrace_function(struct trace_array *tr, struct ktrace_probe *p,
			    unsigned long parent, unsigned int trace_ctx)
{
	/* With tracing off, the ring buffer refuses the entry */
	trace_function(tr, p->func, parent, trace_ctx);
}

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * A hooked return.  ktrace does not use the function graph shadow stack:
 * the functions it may trace include the ones that push and pop it.  It
 * hooks returns with a rethook, whose trampoline keeps every register
 * (assembler routines with their own calling conventions) and which the
 * unwinders know, and writes the graph tracer's entry and return events
 * itself, at the depth the task's fentry functions use.
 */
struct ktrace_ret {
	struct rethook_node	node;
	unsigned long		func;
	unsigned long long	calltime;
	int			depth;
};

static struct rethook *ktrace_rethook;
/* Current kprobe while a return is recorded: probes hit meanwhile miss */
static struct kprobe ktrace_return_kprobe = {
	.list = LIST_HEAD_INIT(ktrace_return_kprobe.list),
};

/* Write a graph event as trace_graph_entry() / trace_graph_return() do */
static bool ktrace_graph_write(struct trace_array *tr, struct ftrace_graph_ent *ent,
			       struct ftrace_graph_ret *ret, unsigned int trace_ctx)
{
	struct trace_array_cpu *data;
	unsigned long flags;
	bool written = false;

	local_irq_save(flags);
	data = per_cpu_ptr(tr->array_buffer.data, raw_smp_processor_id());
	if (atomic_inc_return(&data->disabled) == 1) {
		if (ent)
			written = __trace_graph_entry(tr, ent, trace_ctx);
		else
			__trace_graph_return(tr, ret, trace_ctx);
	}
	atomic_dec(&data->disabled);
	local_irq_restore(flags);
	return written;
}

NOKPROBE_SYMBOL(ktrace_graph_write);

static void ktrace_graph_entry(struct trace_array *tr, struct ktrace_probe *p,
			       struct pt_regs *regs, unsigned int trace_ctx)
{
	/*
	 * The probe's path pauses the graph once, through its breakpoint or
	 * its jump (ktrace_probe_path_enter()): more is the task's own.
	 */
	int paused = atomic_read(&current->tracing_graph_pause) - 1;
	struct fgraph_ops *gops = tr->gops;
	struct ftrace_graph_ent ent = { .func = p->func };
	struct rethook_node *node;
	unsigned long *task_var;
	struct ktrace_ret *r;

	if (!gops || !current->ret_stack || !ktrace_rethook ||
	    ftrace_graph_is_dead() || paused > 0 ||
	    !tracer_tracing_is_on(tr))
		return;
	task_var = fgraph_get_task_var(gops);
	/* Inside a set_graph_notrace function */
	if (*task_var & TRACE_GRAPH_NOTRACE)
		return;

	node = rethook_try_get(ktrace_rethook);
	if (!node) {
		atomic_long_inc(&p->missed);
		return;
	}
	r = container_of(node, struct ktrace_ret, node);
	ent.depth = current->curr_ret_depth + 1;
	r->func = p->func;
	r->depth = ent.depth;
	/*
	 * A ktrace function has no ftrace record: set_graph_function and
	 * set_graph_notrace cannot list it, but it nests in what they list.
	 */
	if (!ftrace_trace_task(tr) || ftrace_graph_ignore_func(gops, &ent) ||
	    (ftrace_graph_skips_irqs() && (trace_ctx & (TRACE_FLAG_HARDIRQ << 16)))) {
		rethook_recycle(node);
		return;
	} else if (!tracing_thresh && !ktrace_graph_write(tr, &ent, NULL, trace_ctx)) {
		struct ftrace_graph_ret ret = { .func = p->func, .depth = ent.depth };

		/* Undo what ftrace_graph_ignore_func() noted for the return */
		ftrace_graph_addr_finish(gops, &ret);
		rethook_recycle(node);
		return;
	}
	current->curr_ret_depth++;
	r->calltime = trace_clock_local();
	rethook_hook(node, regs, false);
}

NOKPROBE_SYMBOL(ktrace_graph_entry);

static void ktrace_graph_return(struct rethook_node *node, void *data,
				unsigned long ret_addr, struct pt_regs *regs)
{
	struct ktrace_ret *r = container_of(node, struct ktrace_ret, node);
	struct ftrace_graph_ret ret = {
		.func = r->func,
		.depth = r->depth,
		.calltime = r->calltime,
	};
	struct trace_array *tr = top_trace_array();
	struct kprobe_ctlblk *kcb = get_kprobe_ctlblk();
	struct kprobe *prev = kprobe_running();
	unsigned long prev_status = kcb->kprobe_status;
	unsigned int irqs;

	current->curr_ret_depth--;
	if (!tr || !tr->gops || !current->ret_stack ||
	    ktrace_current_mode(tr) != KTRACE_GRAPH)
		return;

	__this_cpu_write(current_kprobe, &ktrace_return_kprobe);
	kcb->kprobe_status = KPROBE_HIT_ACTIVE;

	ret.rettime = trace_clock_local();
#ifdef CONFIG_FUNCTION_GRAPH_RETVAL
	ret.retval = regs_return_value(regs);
#endif
	ftrace_graph_addr_finish(tr->gops, &ret);
	if (!tracing_thresh || ret.rettime - ret.calltime >= tracing_thresh) {
		/* Less the count of rethook_trampoline_handler()'s preempt_disable() */
		irqs = irqs_disabled_flags(regs->flags) ? TRACE_FLAG_IRQS_OFF : 0;
		ktrace_graph_write(tr, NULL, &ret,
				   tracing_gen_ctx_pc_irq_test(irqs, preempt_count() -
							       IS_ENABLED(CONFIG_PREEMPT_COUNT)));
	}

	__this_cpu_write(current_kprobe, prev);
	kcb->kprobe_status = prev_status;
}

NOKPROBE_SYMBOL(ktrace_graph_return);

static int __init ktrace_graph_init(void)
{
	/* In flight at once: a few per CPU, more for functions that sleep */
	int num = max(64, 8 * (int)num_possible_cpus());

	ktrace_rethook = rethook_alloc(NULL, ktrace_graph_return,
				       sizeof(struct ktrace_ret), num);
	if (IS_ERR_OR_NULL(ktrace_rethook)) {
		ktrace_rethook = NULL;
		pr_warn("no memory for hooked returns: function_graph will not record ktrace functions\n");
	}
	return 0;
}
#else
static void ktrace_graph_entry(struct trace_array *tr, struct ktrace_probe *p,
			       struct pt_regs *regs, unsigned int trace_ctx)
{
}

static inline int ktrace_graph_init(void)
{
	return 0;
}
#endif /* CONFIG_FUNCTION_GRAPH_TRACER */

/*
 * A hit does for the current tracer of the top level buffer what an fentry
 * site does.  Recursion is stopped twice: kprobes do not run a handler
 * while one runs (a hit meanwhile counts as missed on its probe), and the
 * function tracers' recursion lock keeps a hit inside their own path (from
 * an fentry site) from recording, for a breakpoint hit by the bit of the
 * context it interrupted.  Both show in "cat ktrace".
 */
static int ktrace_pre_handler(struct kprobe *kp, struct pt_regs *regs)
{
	struct ktrace_probe *p = container_of(kp, struct ktrace_probe, kp);
	struct trace_array *tr = top_trace_array();
	unsigned long parent;
	unsigned int trace_ctx;
	enum ktrace_mode mode;
	bool via_trap;
	int bit;

	if (!tr)
		return 0;
	mode = ktrace_current_mode(tr);
	if (mode == KTRACE_IDLE)
		return 0;

	parent = *arch_ktrace_return_slot(regs);
	via_trap = arch_ktrace_hit_by_trap(regs);
	/* Before the lock, which may take the bit of the context tested */
	if (via_trap && ktrace_trap_in_tracer()) {
		atomic_long_inc(&p->missed);
		return 0;
	}
	bit = ftrace_test_recursion_trylock(p->func, parent);
	if (bit < 0) {
		atomic_long_inc(&p->missed);
		return 0;
	}
	trace_ctx = ktrace_trace_ctx(regs, via_trap);
	if (mode == KTRACE_FUNCTION)
		ktrace_function(tr, p, parent, trace_ctx);
	else
		ktrace_graph_entry(tr, p, regs, trace_ctx);
	ftrace_test_recursion_unlock(bit);
	return 0;
}

NOKPROBE_SYMBOL(ktrace_pre_handler);

bool ktrace_owns_kprobe(struct kprobe *p)
{
	struct kprobe *q;

	if (p->pre_handler == ktrace_pre_handler)
		return true;
	/*
	 * An aggregate's list holds its probes; a probe of its own has none.
	 * Preemption is off (an NMI, the jump's callback): no lockdep check,
	 * which has an fentry site and runs before the graph is paused.
	 */
	list_for_each_entry_rcu(q, &p->list, list, true) {
		if (q->pre_handler == ktrace_pre_handler)
			return true;
	}
	return false;
}

NOKPROBE_SYMBOL(ktrace_owns_kprobe);

/*
 * The addresses of ktrace's breakpoints, sorted, for the breakpoint
 * handler: it cannot ask kprobes (get_kprobe() has an fentry site, and
 * would be traced for every breakpoint).  Published before a probe is
 * registered and after one is gone, so that it holds every probe that can
 * be hit.
 */
struct ktrace_addrs {
	struct rcu_head	rcu;
	unsigned int	nr;
	unsigned long	addr[];
};

static struct ktrace_addrs __rcu *ktrace_trap_addrs;

bool ktrace_breakpoint_at(unsigned long addr)
{
	/* The tracing variant: lockdep's check has an fentry site */
	const struct ktrace_addrs *a = rcu_dereference_raw_check(ktrace_trap_addrs);
	unsigned int lo = 0, hi, mid;

	if (!a)
		return false;
	hi = a->nr;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (a->addr[mid] == addr)
			return true;
		if (a->addr[mid] < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return false;
}

NOKPROBE_SYMBOL(ktrace_breakpoint_at);

/*
 * Does another kprobe user probe @addr?  Its probes and ktrace's would
 * share one breakpoint or jump, and an optimized probe's jump calls the
 * handlers through a callback chosen for the first of them
 * (arch/x86/kernel/kprobes/opt.c): ktrace's entry could nest in another
 * user's callback, which the function graph draws.
 */
static bool ktrace_other_user_at(unsigned long addr)
{
	struct kprobe *ap, *q;
	bool other = false;

	preempt_disable();
	ap = get_kprobe((void *)addr);
	if (ap && list_empty(&ap->list)) {
		/* A probe of its own, or an aggregate whose probes are gone */
		other = ap->pre_handler != ktrace_pre_handler;
	} else if (ap) {
		list_for_each_entry_rcu(q, &ap->list, list) {
			if (q->pre_handler != ktrace_pre_handler)
				other = true;
		}
	}
	preempt_enable();
	return other;
}

/*
 * What the tracers' recording path calls outside kernel/trace: the trace
 * clocks, the ring buffer's reader wake-up.  A breakpoint there is hit
 * inside kprobes' own handling of another probe, which kprobes cannot
 * recover from.  A name ending in '*' is a prefix.
 */
static const char * const ktrace_tracer_path[] = {
	"sched_clock*",		/* sched_clock_cpu(): the "global" clock */
	"ktime_get_*_fast_ns",
	"irq_work_*",
	"__irq_work_*",
	"arch_irq_work_raise",
	"stack_trace_save*",
	"arch_stack_walk*",
};

static bool ktrace_glob_listed(const char *name, const char * const *list, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (glob_match(list[i], name))
			return true;
	return false;
}

/*
 * Is @name, or the function it is a copy of, in @list (globs, see struct
 * ktrace_refused_names)?  A copy that GCC made of a function ("f.part.0",
 * "f.constprop.0") does what the function does: it is listed when the
 * function is.  True also when there is no memory to tell.
 */
static bool ktrace_name_listed(const char *name, const char * const *list, int n)
{
	const char *dot = strchr(name, '.');
	bool listed;
	char *base;

	if (ktrace_glob_listed(name, list, n))
		return true;
	if (!dot || dot == name)
		return false;
	base = kstrndup(name, dot - name, GFP_KERNEL);
	if (!base)
		return true;
	listed = ktrace_glob_listed(base, list, n);
	kfree(base);
	return listed;
}

/*
 * Is @sym a part that GCC split off a function ("f.cold", "f.isra.0.cold")?
 * It is entered by a jump from the middle of the function: what is on top
 * of the stack there is not a return address.  Clones (.part, .isra,
 * .constprop) are called, and may be traced.
 */
static bool ktrace_cold_part(const char *sym)
{
	const char *s = sym;

	while ((s = strstr(s, ".cold"))) {
		s += strlen(".cold");
		if (!*s || *s == '.')
			return true;
	}
	return false;
}

/* The architecture's rules, by address and by either name of the function */
static const char *ktrace_arch_refuses(unsigned long addr, const char *sym,
				       const char *name)
{
	const struct ktrace_refused_names *r;
	const char *reason;

	reason = arch_ktrace_refuse(addr);
	if (reason)
		return reason;
	for (r = arch_ktrace_refused_names; r->why; r++)
		if (ktrace_name_listed(sym, r->names, r->nr) ||
		    (strcmp(name, sym) &&
		     ktrace_name_listed(name, r->names, r->nr)))
			return r->why;
	return NULL;
}

/*
 * What ktrace traces: the start of a function whose return address is on
 * top of the stack at its first instruction, that kprobes may probe and
 * ftrace cannot trace, outside the code that runs before the kernel is
 * ready for tracing (entry, noinstr, CPU start-up) and the code patched or
 * entered other than by a call.  Documentation/trace/ktrace.rst lists the
 * rules.  Rules by name read both @name and the name kallsyms gives @addr,
 * which it leaves in ktrace_sym.  Called with ktrace_mutex held.
 *
 * Return: NULL if @addr may be traced, else the reason, with the errno in
 * @err.
 */
static const char *ktrace_refusal(const char *name, unsigned long addr, int *err)
{
	char *sym = ktrace_sym;
	unsigned long size, offset;
	const char *reason;
	struct module *mod;
	char *modname;

	*err = -EINVAL;
	if (!kernel_text_address(addr) || is_kernel_inittext(addr))
		return "not a function of the kernel's or a module's text";
	if (!kallsyms_lookup(addr, &size, &offset, &modname, sym) || offset)
		return "not the start of a function";
	if (ktrace_cold_part(sym) || ktrace_cold_part(name))
		return "a .cold part of a function, entered by a jump";
	preempt_disable();
	mod = __module_text_address(addr);
	if (mod && within_module_init(addr, mod)) {
		preempt_enable();
		return "in a module's init text";
	}
	preempt_enable();

	*err = -EEXIST;
	if (ftrace_location(addr))
		return "has an fentry site, use set_ftrace_filter";

	*err = -EPERM;
	if (within_kprobe_blacklist(addr))
		return "kprobes must not probe it";
	if (ktrace_text_between(addr, __noinstr_text_start, __noinstr_text_end) ||
	    ktrace_text_between(addr, __entry_text_start, __entry_text_end) ||
	    ktrace_text_between(addr, __irqentry_text_start, __irqentry_text_end) ||
	    ktrace_text_between(addr, __softirqentry_text_start,
				__softirqentry_text_end))
		return "entry or noinstr code";
	/*
	 * The tracers run their own code on every traced call and return,
	 * and kprobes theirs on every hit: a probe there recurses, without
	 * end where kprobes' path for a missed hit is itself traced.
	 */
	if (ktrace_text_marked(addr, __kernel_trace_text_start, __kernel_trace_text_end))
		return "the tracers' own code (kernel/trace)";
	if (ktrace_text_marked(addr, __kprobes_core_text_start, __kprobes_core_text_end))
		return "kprobes' own code";
	if (ktrace_name_listed(sym, ktrace_tracer_path, ARRAY_SIZE(ktrace_tracer_path)) ||
	    ktrace_name_listed(name, ktrace_tracer_path, ARRAY_SIZE(ktrace_tracer_path)))
		return "called by the tracers' own code";
	if (is_ftrace_trampoline(addr))
		return "a function tracer trampoline";
	reason = ktrace_arch_refuses(addr, sym, name);
	if (reason)
		return reason;

	*err = 0;
	return NULL;
}

/* Can @name at @addr be traced by ktrace?  If not, say why */
static int ktrace_check(const char *name, unsigned long addr)
{
	const char *reason;
	int err;

	reason = ktrace_refusal(name, addr, &err);
	if (reason)
		pr_info("%s: %s\n", name, reason);
	return err;
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

/* One probe per function, whatever name or alias asked for it */
static bool ktrace_listed(struct list_head *head, unsigned long addr)
{
	struct ktrace_probe *p;

	list_for_each_entry(p, head, list)
		if (p->func == addr)
			return true;
	return false;
}

static int ktrace_add_one(struct ktrace_change *c, const char *name,
			  unsigned long addr)
{
	struct ktrace_probe *p;

	if (ktrace_listed(&ktrace_probes, addr) || ktrace_listed(&c->add, addr))
		return 0;
	/* Replacing the list with one that keeps this probe: keep it */
	list_for_each_entry(p, &c->remove, list) {
		if (p->func == addr) {
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
	int err;

	if (!glob_match(c->glob, name))
		return 0;
	/* Functions ktrace may trace, and only the first of aliases */
	if (ktrace_refusal(name, addr, &err) || strcmp(ktrace_sym, name))
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
	struct kprobe **kps;
	int nr = 0;

	if (list_empty(head))
		return;
	list_for_each_entry(p, head, list)
		nr++;
	/* One batch waits for one grace period, not one per probe */
	kps = kmalloc_array(nr, sizeof(*kps), GFP_KERNEL);
	if (kps) {
		nr = 0;
		list_for_each_entry(p, head, list)
			kps[nr++] = &p->kp;
		unregister_kprobes(kps, nr);
		kfree(kps);
	} else {
		list_for_each_entry(p, head, list)
			unregister_kprobe(&p->kp);
	}
	list_for_each_entry_safe(p, n, head, list) {
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

static int ktrace_addr_cmp(const void *a, const void *b)
{
	unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;

	return x < y ? -1 : x > y;
}

/* Where kprobes puts the breakpoint of a probe at @func (after an ENDBR) */
static unsigned long ktrace_breakpoint_of(unsigned long func)
{
	bool on_func_entry;

	return (unsigned long)arch_adjust_kprobe_addr(func, 0, &on_func_entry);
}

static unsigned int ktrace_count(struct list_head *head)
{
	struct ktrace_probe *p;
	unsigned int nr = 0;

	list_for_each_entry(p, head, list)
		nr++;
	return nr;
}

/* Add to @a the breakpoints of the probes on @head, registered or not */
static void ktrace_addrs_add(struct ktrace_addrs *a, struct list_head *head,
			     bool registered)
{
	struct ktrace_probe *p;

	list_for_each_entry(p, head, list)
		a->addr[a->nr++] = registered ? (unsigned long)p->kp.addr :
				   ktrace_breakpoint_of(p->func);
}

/*
 * Publish the breakpoints of ktrace's list, and with @c (NULL: none) those
 * it adds and removes.  Without the memory, the table stays as it is: a
 * superset of the probes (after a change) only leaves out of the graph
 * other users' breakpoints at an address that ktrace probed.
 */
static int ktrace_publish_addrs(struct ktrace_change *c)
{
	struct ktrace_addrs *a, *old;
	unsigned int nr;

	nr = ktrace_count(&ktrace_probes);
	if (c)
		nr += ktrace_count(&c->remove) + ktrace_count(&c->add);
	a = kmalloc(struct_size(a, addr, nr), GFP_KERNEL);
	if (!a)
		return -ENOMEM;
	a->nr = 0;
	ktrace_addrs_add(a, &ktrace_probes, true);
	if (c) {
		ktrace_addrs_add(a, &c->remove, true);
		ktrace_addrs_add(a, &c->add, false);
	}
	sort(a->addr, a->nr, sizeof(a->addr[0]), ktrace_addr_cmp, NULL);
	old = rcu_replace_pointer(ktrace_trap_addrs, a, lockdep_is_held(&ktrace_mutex));
	if (old)
		kfree_rcu(old, rcu);
	return 0;
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

	/*
	 * Before a probe can be hit: the probes' paths then pause the graph,
	 * the breakpoint handler knowing them by their addresses.
	 */
	if (c->nr_add) {
		ret = ktrace_publish_addrs(c);
		if (ret) {
			ktrace_discard(c);
			return ret;
		}
		static_branch_enable(&ktrace_in_use);
		/*
		 * An optimized probe whose last user has just gone stays, its
		 * jump and callback with it, until the optimizer has taken it
		 * out; a probe registered there meanwhile would reuse it.
		 */
		wait_for_kprobe_optimizer();
	}
	list_for_each_entry_safe(p, n, &c->add, list) {
		/* Checked again once registered: the other user may be quicker */
		if (ktrace_other_user_at(ktrace_breakpoint_of(p->func))) {
			ret = -EBUSY;
		} else {
			ret = register_kprobe(&p->kp);
			if (ret) {
				pr_info("%s: cannot probe it (%d)\n", p->name, ret);
				break;
			}
			if (ktrace_other_user_at((unsigned long)p->kp.addr)) {
				unregister_kprobe(&p->kp);
				ret = -EBUSY;
			}
		}
		if (ret) {
			pr_info("%s: another kprobe user probes it\n", p->name);
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
		ktrace_update_in_use();
		ktrace_publish_addrs(NULL);
		return ret;
	}
	list_splice_tail(&done, &ktrace_probes);
	ktrace_nr_probes += c->nr_add;
	ktrace_unregister_list(&c->remove);
	ktrace_update_in_use();
	ktrace_publish_addrs(NULL);
	return 0;
}

/* Add to @c what one name or glob asks for, or "!" to remove */
static int ktrace_request(struct ktrace_change *c, const char *tok)
{
	if (!ktrace_valid_name(tok)) {
		pr_info("'%.32s': not a function name or glob\n", tok);
		return -EINVAL;
	}
	if (*tok == '!') {
		ktrace_request_remove(c, tok + 1);
		return 0;
	}
	return ktrace_request_add(c, tok);
}

/* An open file that writes the list */
struct ktrace_writer {
	struct trace_parser	parser;
	bool			replace;	/* opened with O_TRUNC, not yet written */
};

/* A name read from a write, waiting to be applied */
struct ktrace_name {
	struct list_head	list;
	char			name[];
};

static int ktrace_take_name(struct list_head *names, struct trace_parser *parser)
{
	struct ktrace_name *n;

	n = kmalloc(struct_size(n, name, parser->idx + 1), GFP_KERNEL);
	if (!n)
		return -ENOMEM;
	memcpy(n->name, parser->buffer, parser->idx);
	n->name[parser->idx] = '\0';
	list_add_tail(&n->list, names);
	trace_parser_clear(parser);
	return 0;
}

/*
 * Apply the names of one write, and the one that @final completes.  A name
 * that the write cuts off waits in the parser for the next write or the
 * close.  The names a write completes are applied whole or not at all; a
 * file opened to replace the list replaces it with the first of them.
 * The user's buffer is read before ktrace_mutex is taken: a write that
 * faults slowly does not hold up a module's unloading.
 */
static ssize_t ktrace_write_list(struct ktrace_writer *w, const char __user *ubuf,
				 size_t cnt, loff_t *ppos, bool final)
{
	struct ktrace_change c = {
		.add = LIST_HEAD_INIT(c.add),
		.remove = LIST_HEAD_INIT(c.remove),
	};
	struct trace_parser *parser = &w->parser;
	struct ktrace_name *n, *tmp;
	ssize_t done = 0, read;
	LIST_HEAD(names);
	int ret = 0;

	while (done < cnt) {
		read = trace_get_user(parser, ubuf + done, cnt - done, ppos);
		if (read < 0) {
			pr_info("a name longer than %d characters\n", KSYM_NAME_LEN - 1);
			ret = read;
			break;
		}
		if (!read)
			break;
		done += read;
		if (trace_parser_loaded(parser) && !trace_parser_cont(parser)) {
			ret = ktrace_take_name(&names, parser);
			if (ret)
				break;
		}
	}
	if (!ret && final && trace_parser_loaded(parser))
		ret = ktrace_take_name(&names, parser);

	mutex_lock(&ktrace_mutex);
	if (!ret && w->replace && (final || !list_empty(&names)))
		ktrace_request_remove(&c, "*");
	list_for_each_entry(n, &names, list) {
		if (ret)
			break;
		ret = ktrace_request(&c, n->name);
	}
	if (ret) {
		trace_parser_clear(parser);
		ktrace_discard(&c);
		/* Refused: the list stays, and later writes add to it */
		w->replace = false;
	} else {
		ret = ktrace_apply(&c);
		if (ret || final || !list_empty(&names))
			w->replace = false;
	}
	mutex_unlock(&ktrace_mutex);

	list_for_each_entry_safe(n, tmp, &names, list)
		kfree(n);
	return ret ? ret : done;
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

static int ktrace_seq_show(struct seq_file *m, void *v)
{
	struct ktrace_probe *p = list_entry(v, struct ktrace_probe, list);
	struct kprobe *kp = &p->kp;
	unsigned long missed;
	const char *state;

	if (kprobe_gone(kp))
		state = "gone";
	else if (kprobe_disabled(kp))
		state = "disabled";
	else if (ktrace_jump_in(kp))
		state = "optimized";
	else
		state = "int3";

	seq_puts(m, p->name);
	if (p->mod)
		seq_printf(m, " [%s]", module_name(p->mod));
	missed = atomic_long_read(&p->missed) + kp->nmissed;
	if (missed)
		seq_printf(m, "\t%s\t(missed %lu)\n", state, missed);
	else
		seq_printf(m, "\t%s\n", state);
	return 0;
}

static const struct seq_operations ktrace_seq_ops = {
	.start	= ktrace_seq_start,
	.next	= ktrace_seq_next,
	.stop	= ktrace_seq_stop,
	.show	= ktrace_seq_show,
};

static struct ktrace_writer *ktrace_file_writer(struct file *file)
{
	if (file->f_mode & FMODE_READ)
		return ((struct seq_file *)file->private_data)->private;
	return file->private_data;
}

static int ktrace_open(struct inode *inode, struct file *file)
{
	struct ktrace_writer *w = NULL;
	int ret;

	ret = security_locked_down(LOCKDOWN_TRACEFS);
	if (ret)
		return ret;

	if (file->f_mode & FMODE_WRITE) {
		/* Like kprobe_events: a probe can be put anywhere ktrace allows */
		ret = security_locked_down(LOCKDOWN_KPROBES);
		if (ret)
			return ret;
		w = kzalloc(sizeof(*w), GFP_KERNEL);
		if (!w)
			return -ENOMEM;
		if (trace_parser_get_init(&w->parser, KSYM_NAME_LEN)) {
			kfree(w);
			return -ENOMEM;
		}
		w->replace = file->f_flags & O_TRUNC;
	}
	if (file->f_mode & FMODE_READ) {
		ret = seq_open(file, &ktrace_seq_ops);
		if (ret) {
			if (w)
				trace_parser_put(&w->parser);
			kfree(w);
			return ret;
		}
		((struct seq_file *)file->private_data)->private = w;
	} else {
		file->private_data = w;
	}
	return 0;
}

static ssize_t ktrace_write(struct file *file, const char __user *ubuf,
			    size_t cnt, loff_t *ppos)
{
	struct ktrace_writer *w = ktrace_file_writer(file);

	if (!w)
		return -EBADF;
	return ktrace_write_list(w, ubuf, cnt, ppos, false);
}

static int ktrace_release(struct inode *inode, struct file *file)
{
	struct ktrace_writer *w = ktrace_file_writer(file);
	loff_t pos = 0;

	if (w) {
		/*
		 * The name a write left unfinished, and the list to clear if
		 * the file was opened to replace it and nothing was written.
		 */
		if (w->replace || trace_parser_loaded(&w->parser))
			ktrace_write_list(w, NULL, 0, &pos, true);
		trace_parser_put(&w->parser);
		kfree(w);
	}
	if (file->f_mode & FMODE_READ)
		return seq_release(inode, file);
	return 0;
}

static const struct file_operations ktrace_fops = {
	.open		= ktrace_open,
	.read		= seq_read,
	.write		= ktrace_write,
	.llseek		= tracing_lseek,
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
	ktrace_update_in_use();
	ktrace_publish_addrs(NULL);
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

	ktrace_graph_init();
	trace_create_file("ktrace", TRACE_MODE_WRITE, NULL, NULL, &ktrace_fops);
#ifdef CONFIG_MODULES
	register_module_notifier(&ktrace_module_nb);
#endif
	return 0;
}
fs_initcall(ktrace_init);
