/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Very early function tracing: the filter, the entries and the timestamp
 * conversion, shared by kernel/trace/ftrace_early.c, its KUnit test and its
 * benchmark.
 */
#ifndef _FTRACE_EARLY_INTERNAL_H
#define _FTRACE_EARLY_INTERNAL_H

#include <linux/math64.h>
#include <linux/time64.h>
#include <linux/types.h>
#include "trace.h"

/*
 * One entry of ftrace_filter= or ftrace_notrace=, parsed by ftrace's own
 * filter_parse_regex(): "glob", "!glob" (take out again), "glob:mod:name"
 * (a function of built-in module name).
 */
struct ftrace_early_glob {
	struct ftrace_glob func;
	struct ftrace_glob mod;
	bool has_mod;
	bool not;
	bool matched;		/* selected at least one call site */
};

/* How the filter learns about a call site. */
struct ftrace_early_symbols {
	/* The name of the function of fentry site @ip, in @buf; NULL if none. */
	const char *(*name)(unsigned long ip, char *buf);
	/* Whether @ip lies in a built-in module matching @mod_g. */
	bool (*in_module)(unsigned long ip, struct ftrace_glob *mod_g);
};

/*
 * Which call sites are traced.  @sites is sorted (the __mcount_loc table);
 * @traced has one bit per site, or is NULL when every site is traced.
 */
struct ftrace_early_filter {
	const unsigned long *sites;
	unsigned int nr_sites;
	unsigned long *traced;
	unsigned int nr_filter;		/* sites ftrace_filter= selected */
	unsigned int nr_notrace;	/* sites ftrace_notrace= took out */
};

/* One recorded call: call site and parent, from _text. */
struct ftrace_early_entry {
	u32 ip;
	u32 parent;
	u64 counter;		/* arch_ftrace_early_counter() */
};

#define FTRACE_EARLY_NO_PARENT	U32_MAX

/*
 * ftrace=function, calls folded (see ftrace_early_fold.c): an entry whose
 * @ip is FTRACE_EARLY_FOLDED is a fold line, @parent calls that each
 * repeat a call above it, the newest at @counter.
 */
#define FTRACE_EARLY_FOLDED		U32_MAX
#define FTRACE_EARLY_FOLD_WINDOW	16
#define FTRACE_EARLY_FOLD_RUN		4
/* What a fold line says of its calls */
#define FTRACE_EARLY_FOLD_WHY	"each repeats one of the calls above"

struct ftrace_early_fold {
	bool on;
	unsigned int run;		/* the last entries that repeat */
	unsigned int open;		/* 1 + the open fold line; 0: none */
	unsigned long calls;		/* calls folded */
	unsigned int lines;		/* fold lines */
};

/*
 * Calls overwritten by a ring of the entries: entries from @at on take
 * the calls once the entries are full, the oldest overwritten first.
 */
struct ftrace_early_ring {
	unsigned int at;
	unsigned long over;		/* entries overwritten */
	unsigned long calls;		/* calls overwritten, folded ones too */
	u64 counter;			/* when the first of them came */
};

/* The entries: @nr recorded, room for @max now */
struct ftrace_early_log {
	struct ftrace_early_entry *e;
	unsigned int nr;
	unsigned int max;
};

/*
 * With ftrace=function_graph, @parent says what an entry is: the call of
 * the function at @ip, its return (FTRACE_EARLY_GRAPH_RET), or a note that
 * @ip calls were not recorded from @counter on, for want of room
 * (FTRACE_EARLY_GRAPH_LOST); and the depth of the call.
 */
#define FTRACE_EARLY_GRAPH_RET		BIT(31)
#define FTRACE_EARLY_GRAPH_LOST		BIT(30)
#define FTRACE_EARLY_GRAPH_DEPTH	GENMASK(15, 0)

/* The shadow return stack: how many calls may be pending at once */
#define FTRACE_EARLY_GRAPH_FRAMES	128

/* A call whose return is hooked */
struct ftrace_early_graph_frame {
	unsigned long ret;		/* the real return address */
	unsigned long *retp;		/* where it is on the stack */
	unsigned long id;		/* the slot as unwinders name it */
	u32 ip;				/* the function's call site, from _text */
	bool recorded;			/* false: neither it nor its callees are */
	bool lost;			/* not recorded for want of room */
};

/*
 * The function graph of the very early tracer.  @depth is the number of
 * recorded calls pending: the depth of the next one.  A call is recorded
 * only if there is room for it, for its return and for the returns of the
 * calls pending (and for one line about calls lost), so that the graph
 * stays well nested whatever is lost.
 */
struct ftrace_early_graph {
	struct ftrace_early_graph_frame *frames;
	/*
	 * The slots are in the architecture's hook, gone by the time the
	 * call returns: nothing to give back (arm64)
	 */
	bool slots_gone;
	unsigned int max_frames;
	unsigned int nr_frames;		/* frames pushed */
	unsigned int depth;		/* recorded frames among them */
	unsigned int max_depth;		/* ftrace_graph_max_depth=; 0: none */
	/*
	 * ftrace_graph_filter= (only), ftrace_graph_notrace= (skip): NULL if
	 * not given
	 */
	const struct ftrace_early_filter *only;
	const struct ftrace_early_filter *skip;
	int lost_at;			/* the open LOST entry, or -1 */
	unsigned long lost;		/* calls not recorded for want of room */
	unsigned long overflow;		/* calls past max_frames, not recorded */
	unsigned int deepest;		/* the most frames pushed at once */
};

/*
 * How counter readings become trace clock times: from one reading of both
 * (@counter_now, @clock_now) and the counter's frequency (0: not known).
 */
struct ftrace_early_timebase {
	u64 counter_now;
	u64 clock_now;
	u32 khz;
};

enum ftrace_early_state {
	FTRACE_EARLY_WAITING,	/* for start_kernel() */
	FTRACE_EARLY_BOOTCONFIG, /* for bootconfig's kernel.ftrace keys */
	FTRACE_EARLY_RECORDING,
	FTRACE_EARLY_FROZEN,	/* by a dump (ftrace_early_dump()) */
	FTRACE_EARLY_STOPPED,	/* by ftrace_init(): entries to inject */
	FTRACE_EARLY_OFF,
};

/*
 * The parameters, from the command line (and bootconfig): pointers into
 * ftrace_early_cmdline (and ftrace_early_bootconfig()'s copy)
 */
struct ftrace_early_params {
	bool function;
	bool graph;			/* ftrace=function_graph */
	char *filter_arg;
	char *notrace_arg;
	char *graph_filter_arg;
	char *graph_notrace_arg;
	char *max_depth_arg;
	char *size_arg;
	char *test_arg;			/* ftrace_early_test= */
	char *region_arg;		/* ftrace_early_region= */
	bool dump_on_oops;		/* ftrace_dump_on_oops, not =0 */
	bool bootconfig;		/* bootconfig is to be read */
	size_t size;			/* bytes asked for */
	bool bad_size;			/* ftrace_early_buf_size= unusable */
	unsigned int max_depth;		/* ftrace_graph_max_depth=, if set */
	bool bad_max_depth;
	int nr_globs;			/* filter globs, then notrace globs */
	int nr_filter_globs;
};

/* ftrace_early_params.c */
#define FTRACE_EARLY_MAX_SIZE	SZ_1G
void ftrace_early_params_parse(struct ftrace_early_params *p, char *args,
			       const char *doing);
void ftrace_early_params_check(struct ftrace_early_params *p);
bool ftrace_early_bootconfig_params(char *buf, size_t size);

/*
 * The recording (ftrace_early.c): the buffer, the entries and the filter,
 * which ftrace_early_inject.c writes to the trace buffer
 */
struct ftrace_early_recording {
	enum ftrace_early_state state;
	struct ftrace_early_log log;
	unsigned int max_total;		/* entries of the size asked for */
	unsigned int nr_calls;		/* calls recorded and kept */
	/*
	 * When the early area fills up before the buffer comes, its last
	 * three quarters become a ring (area_ring): the first calls and
	 * those just before the buffer are kept, and those the ring
	 * overwrites counted.  When the buffer fills up, its last quarter
	 * does (tail_ring).  @ring is the one that takes the calls once the
	 * entries are full; NULL: they are dropped.
	 */
	struct ftrace_early_ring area_ring;
	struct ftrace_early_ring tail_ring;
	struct ftrace_early_ring *ring;
	unsigned long dropped;		/* calls the buffer had no room for */
	u64 first_drop_counter;
	unsigned long recursion;	/* calls made while recording one */
	struct ftrace_early_fold fold;	/* the early area's repeats */
	bool recording;
	struct ftrace_early_filter filter;
	/* ftrace=function_graph: the calls' returns too */
	bool graph_mode;
	struct ftrace_early_graph graph;
	struct ftrace_early_filter graph_only;		/* ftrace_graph_filter= */
	struct ftrace_early_filter graph_notrace;	/* ftrace_graph_notrace= */
	bool region;			/* the entries are in ftrace_early_region= */
	bool region_read;		/* ftrace_early_region= read, not recorded in */
	void *area;			/* the early area, until the buffer */
	size_t area_size;
	bool area_memblock;		/* from memblock (bootconfig), not the arch */
	bool area_with_init;		/* the arch's, freed with init memory */
	void *buf;			/* the buffer and the bitmap after it */
	size_t buf_size;
};

/* vmlinux's ELF notes, its build ID among them */
extern const void __start_notes, __stop_notes;

/* ftrace_early_filter.c */
extern const struct ftrace_early_symbols ftrace_early_kallsyms;
int ftrace_early_parse_globs(char *list, struct ftrace_early_glob *globs,
			     int max, int *nr_bad);
void ftrace_early_filter_build(struct ftrace_early_filter *f,
			       struct ftrace_early_glob *filter, int nr_filter,
			       struct ftrace_early_glob *notrace_globs, int nr_notrace,
			       const struct ftrace_early_symbols *syms);
bool ftrace_early_filter_traced(const struct ftrace_early_filter *f,
				unsigned long ip);

/* ftrace_early_inject.c: the time base */
void ftrace_early_timebase_init(struct ftrace_early_timebase *tb,
				u64 counter_now, u64 clock_now, u32 khz);
s64 ftrace_early_timebase_ts(const struct ftrace_early_timebase *tb,
			     u64 counter);
unsigned int ftrace_early_rebase(struct ftrace_early_entry *e, unsigned int nr,
				 s64 step);

/**
 * ftrace_early_ticks_to_ns - counter ticks to nanoseconds
 * @ticks: a number of ticks
 * @khz: the counter's frequency, not 0
 *
 * Inline: the dump calls it from wherever the kernel fails.
 *
 * Return: the time @ticks take; at most S64_MAX / 2 (some 146 years), so
 * that a counter reading of garbage neither overflows nor wraps a time.
 */
static inline u64 ftrace_early_ticks_to_ns(u64 ticks, u32 khz)
{
	if (ticks / khz >= (u64)S64_MAX / 2 / NSEC_PER_MSEC)
		return (u64)S64_MAX / 2;
	return mul_u64_u32_div(ticks, NSEC_PER_MSEC, khz);
}

/* Where and how the entries are written to the trace buffer */
struct ftrace_early_graph_writer {
	struct trace_buffer *buffer;
	const struct ftrace_early_timebase *tb;
	unsigned int trace_ctx;
};

/* ftrace_early_inject.c: the entries into a trace buffer */
void ftrace_early_write_trace(struct trace_array *tr, u64 (*clock)(void),
			      struct ftrace_early_recording *recording);
s64 ftrace_early_stamp(const struct ftrace_early_timebase *tb, u64 counter);
__printf(5, 6)
bool ftrace_early_note(struct trace_buffer *buffer,
		       const struct ftrace_early_timebase *tb, u64 counter,
		       unsigned int trace_ctx, const char *fmt, ...);
bool ftrace_early_write_fn(struct trace_buffer *buffer,
			   const struct ftrace_early_timebase *tb,
			   const struct ftrace_early_entry *e,
			   unsigned int trace_ctx);
unsigned int ftrace_early_graph_write(struct ftrace_early_graph_writer *w,
				      const struct ftrace_early_log *log,
				      unsigned int n);
unsigned int ftrace_early_graph_cut(const struct ftrace_early_log *log,
				    unsigned int fit);
bool ftrace_early_graph_close(struct ftrace_early_graph_writer *w,
			      const struct ftrace_early_log *log,
			      unsigned int keep);
/* the times of entries written to a trace buffer */
void ftrace_early_stamp_start(const struct ftrace_early_timebase *tb,
			      unsigned int nr);
u64 ftrace_early_entry_clock(void);
struct trace_array *ftrace_early_instance_get(const char *name,
					      unsigned long bytes, int cpu);
void ftrace_early_instance_done(struct trace_array *tr);
void ftrace_early_write_own_times(void);
void ftrace_early_write_as_idle(bool on);

/* ftrace_early_fold.c */
bool ftrace_early_fold_take(struct ftrace_early_fold *f,
			    struct ftrace_early_log *log,
			    u32 ip, u32 parent, u64 counter);
unsigned int ftrace_early_fold_recorded(struct ftrace_early_fold *f,
					struct ftrace_early_log *log);
unsigned int ftrace_early_fold_log(struct ftrace_early_fold *f,
				   struct ftrace_early_log *log);
void ftrace_early_fold_stop(struct ftrace_early_fold *f);

/* ftrace_early_graph.c */
void ftrace_early_graph_init(struct ftrace_early_graph *g,
			     struct ftrace_early_graph_frame *frames,
			     unsigned int max_frames);
bool ftrace_early_graph_enter(struct ftrace_early_graph *g,
			      struct ftrace_early_log *log, unsigned long ip,
			      u32 ip_off, unsigned long *retp,
			      unsigned long id, u64 counter);
unsigned long ftrace_early_graph_exit(struct ftrace_early_graph *g,
				      struct ftrace_early_log *log,
				      bool record, u64 counter);
unsigned long ftrace_early_graph_ret_addr(const struct ftrace_early_graph *g,
					  unsigned long ret,
					  unsigned long *retp);
unsigned int ftrace_early_graph_unhook_all(struct ftrace_early_graph *g,
					   struct ftrace_early_log *log,
					   u64 counter);

void ftrace_early_unhook(void);

/* The entries as text, in order, the rings undone: see ftrace_early_text.c */
#define FTRACE_EARLY_TEXT_LINE	256
struct ftrace_early_text {
	const struct ftrace_early_entry *e;
	unsigned int nr;
	unsigned long base;		/* _text of the kernel that recorded them */
	int cpu;
	bool graph;			/* ftrace=function_graph's entries */
	u32 khz;			/* the counter's frequency; 0: unknown */
	/* ftrace=function: calls not recorded, before entry @at, and why */
	struct {
		unsigned int at;
		unsigned long over;
		const char *why;
	} gap[3];
	void (*out)(void *ctx, const char *line);
	void *ctx;
};

void ftrace_early_text(const struct ftrace_early_text *t);
void ftrace_early_text_dump(struct ftrace_early_text *t, const char *summary);

#ifdef CONFIG_VERY_EARLY_FUNCTION_TRACER_KUNIT_TEST
/* ftrace_early_test.c: ftrace_early_test=ACTION:FUNCTION, =nofreq */
extern unsigned long ftrace_early_test_ip;
extern bool ftrace_early_test_nofreq;
int ftrace_early_test_setup(char *arg, const struct ftrace_early_filter *f);
void ftrace_early_test_act(void);

static __always_inline void ftrace_early_test_call(unsigned long ip)
{
	if (unlikely(ip == ftrace_early_test_ip))
		ftrace_early_test_act();
}
#else
static inline int ftrace_early_test_setup(char *arg,
					  const struct ftrace_early_filter *f)
{
	return -EINVAL;
}

static inline void ftrace_early_test_call(unsigned long ip) { }
#define ftrace_early_test_nofreq false
#endif

/* ftrace_early.c: stop recording for good, the entries kept */
void ftrace_early_freeze(void);

/* ftrace_early_region.c: ftrace_early_region= */
#define FTRACE_EARLY_REGION_COMPLETED	1
#define FTRACE_EARLY_REGION_PANICKED	2
#define FTRACE_EARLY_REGION_HALTED	3
struct ftrace_early_entry *ftrace_early_region_open(char *arg, bool graph,
						    unsigned int *max);
struct ftrace_early_entry *ftrace_early_region_entries(void);
u64 ftrace_early_region_boot(void);
void ftrace_early_region_sync(unsigned int nr, unsigned int ring_at,
			      unsigned long ring_over, bool ordered);
void ftrace_early_region_end(int how, u32 khz);
bool ftrace_early_region_memblock(void);
void ftrace_early_region_report(const char *arg);
void ftrace_early_region_read(char *arg);

#ifdef CONFIG_VERY_EARLY_FUNCTION_TRACER_KUNIT_TEST
/* ftrace_early_unwind_check.c */
void ftrace_early_unwind_check(void);
#else
static inline void ftrace_early_unwind_check(void) { }
#endif

#ifdef CONFIG_VERY_EARLY_FUNCTION_TRACER_BENCHMARK
/* The counts of the recording, to forget the benchmark's entries */
struct ftrace_early_bench_mark {
	unsigned int nr;	/* entries */
	unsigned int nr_calls;	/* calls recorded and kept */
};

/* ftrace_early.c, for the benchmark */
unsigned int ftrace_early_bench_room(void);
void ftrace_early_bench_mark(struct ftrace_early_bench_mark *mark);
unsigned int ftrace_early_bench_forget(const struct ftrace_early_bench_mark *mark);

/* ftrace_early_bench.c */
void ftrace_early_bench(void);
void ftrace_early_bench_report(u32 khz);
#else
static inline void ftrace_early_bench(void) { }
static inline void ftrace_early_bench_report(u32 khz) { }
#endif

#endif /* _FTRACE_EARLY_INTERNAL_H */
