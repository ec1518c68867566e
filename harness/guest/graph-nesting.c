// SPDX-License-Identifier: GPL-2.0
/*
 * graph-nesting NAMES TRACE: the nesting check of the ktrace sweeps
 * (graph_nesting in tools/testing/selftests/ftrace/test.d/ktrace/sweep.sh),
 * compiled: busybox awk takes most of a sweep's time on a TCG guest.  It
 * reads a function_graph trace made with funcgraph-proc and funcgraph-tail
 * and prints what the awk program prints, "opened closed early broken
 * ktrace" and the first broken lines: every closing brace must close the
 * call its task opened last; NAMES (one a line, as `cut -f1 ktrace` gives
 * them) are the functions in ktrace, whose calls are counted.  The sweep checks it against the awk
 * program on its first batch.  Built against the kernel's
 * tools/include/nolibc.
 */

#define MAX_BROKEN_LINES 5
#define MAX_CPUS 1024
#define NAME_SLOTS 4096		/* a power of two, > 2 x ktrace's 256 */
#define TASK_SLOTS 65536	/* a power of two */

struct frame {
	const char *name;
	int below;		/* the frame under it, or -1 */
};

struct task {
	const char *key;
	int top;		/* its innermost open call, or -1 */
	int depth;
};

static struct frame *frames;
static int nframes;
static struct task tasks[TASK_SLOTS];
static int ntasks;
static const char *names[NAME_SLOTS];

static unsigned int hash(const char *s)
{
	unsigned int h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

/* Read the whole of PATH, NUL-terminated, in one buffer of its size. */
static char *slurp(const char *path, long *len)
{
	int fd = open(path, O_RDONLY);
	long size, got = 0, n = 0;
	char *buf;

	if (fd < 0)
		return NULL;
	size = lseek(fd, 0, SEEK_END);
	if (size < 0 || lseek(fd, 0, SEEK_SET) < 0)
		return NULL;
	buf = malloc(size + 1);
	if (!buf)
		return NULL;
	while (got < size && (n = read(fd, buf + got, size - got)) > 0)
		got += n;
	close(fd);
	if (n < 0)
		return NULL;
	buf[got] = '\0';
	*len = got;
	return buf;
}

static void add_name(const char *name)
{
	unsigned int i = hash(name) & (NAME_SLOTS - 1);

	while (names[i]) {
		if (!strcmp(names[i], name))
			return;
		i = (i + 1) & (NAME_SLOTS - 1);
	}
	names[i] = name;
}

static int is_name(const char *name)
{
	unsigned int i = hash(name) & (NAME_SLOTS - 1);

	while (names[i]) {
		if (!strcmp(names[i], name))
			return 1;
		i = (i + 1) & (NAME_SLOTS - 1);
	}
	return 0;
}

static struct task *task_of(const char *key)
{
	unsigned int i = hash(key) & (TASK_SLOTS - 1);

	while (tasks[i].key) {
		if (!strcmp(tasks[i].key, key))
			return &tasks[i];
		i = (i + 1) & (TASK_SLOTS - 1);
	}
	if (++ntasks >= TASK_SLOTS / 2)
		return NULL;
	tasks[i].key = key;
	tasks[i].top = -1;
	return &tasks[i];
}

static int ends_with(const char *s, long len, const char *end)
{
	long n = strlen(end);

	return len >= n && !memcmp(s + len - n, end, n);
}

/* Cut S where AT first occurs, if it does. */
static void cut_at(char *s, const char *at)
{
	long n = strlen(at);

	for (; *s; s++) {
		if (!strncmp(s, at, n)) {
			*s = '\0';
			return;
		}
	}
}

/* awk's "$1 + 0" of a field that starts with blanks and a number */
static int leading_number(const char *s)
{
	int n = 0;

	while (*s == ' ' || *s == '\t')
		s++;
	while (*s >= '0' && *s <= '9' && n < MAX_CPUS)
		n = n * 10 + (*s++ - '0');
	return n;
}

/* Append S at P, return the end */
static char *put(char *p, const char *s)
{
	while (*s)
		*p++ = *s++;
	*p = '\0';
	return p;
}

int main(int argc, char **argv)
{
	long opened = 0, closed = 0, early = 0, broken = 0, nkt = 0;
	static char idle_keys[MAX_CPUS][16];
	char *broken_lines[MAX_BROKEN_LINES];
	long len, lines = 1, i;
	char *nbuf, *tbuf, *line, *next, *p;

	if (argc != 3) {
		fprintf(stderr, "usage: graph-nesting NAMES TRACE\n");
		return 2;
	}
	nbuf = slurp(argv[1], &len);
	tbuf = nbuf ? slurp(argv[2], &len) : NULL;
	if (!tbuf) {
		fprintf(stderr, "graph-nesting: cannot read %s\n", nbuf ? argv[2] : argv[1]);
		return 2;
	}
	/* The names: each line up to a '|' (the awk's $1) */
	for (line = nbuf; *line; line = next) {
		next = strchr(line, '\n');
		next = next ? (*next = '\0', next + 1) : line + strlen(line);
		p = strchr(line, '|');
		if (p)
			*p = '\0';
		add_name(line);
	}
	for (i = 0; i < len; i++)
		lines += tbuf[i] == '\n';
	frames = malloc(lines * sizeof(*frames));
	if (!frames) {
		fprintf(stderr, "graph-nesting: out of memory\n");
		return 2;
	}

	for (line = tbuf; *line; line = next) {
		char *field1_end, *f, *task, *pid, *close, *key, *name;
		struct task *t;
		long flen;
		int nf = 1, cpu;

		next = strchr(line, '\n');
		next = next ? (*next = '\0', next + 1) : line + strlen(line);
		/* awk -F'|': NF < 3 is no call */
		field1_end = NULL;
		f = line;
		for (p = line; *p; p++) {
			if (*p != '|')
				continue;
			if (!field1_end)
				field1_end = p;
			nf++;
			f = p + 1;
		}
		if (nf < 3)
			continue;
		*field1_end = '\0';

		/* The last field, without the blanks around it */
		while (*f == ' ')
			f++;
		flen = strlen(f);
		while (flen && f[flen - 1] == ' ')
			f[--flen] = '\0';

		/* $1: "CPU) TASK-PID ": the idle tasks are all pid 0 */
		cpu = leading_number(line);
		close = strchr(line, ')');
		task = close ? close + 1 : line + strlen(line);
		close = strchr(task, ')');
		if (close)
			*close = '\0';
		for (p = key = task; *p; p++)
			if (*p != ' ')
				*key++ = *p;
		*key = '\0';
		pid = strrchr(task, '-');
		pid = pid ? pid + 1 : task;
		key = pid;
		if (!strcmp(pid, "0")) {
			char digits[12], *d = digits + sizeof(digits) - 1;
			int n = cpu;

			if (cpu >= MAX_CPUS) {
				fprintf(stderr, "graph-nesting: CPU %d: too many CPUs\n", cpu);
				return 2;
			}
			key = idle_keys[cpu];
			if (!*key) {
				*d = '\0';
				do
					*--d = '0' + n % 10;
				while (n /= 10);
				put(put(key, "idle/"), d);
			}
		}

		if (ends_with(f, flen, ") {") || ends_with(f, flen, ");")) {
			int opens = f[flen - 1] == '{';

			name = f;
			cut_at(name, "()");
			cut_at(name, " [");
			nkt += is_name(name);
			if (!opens)
				continue;
			t = task_of(key);
			if (!t) {
				fprintf(stderr, "graph-nesting: too many tasks\n");
				return 2;
			}
			frames[nframes].name = name;
			frames[nframes].below = t->top;
			t->top = nframes++;
			t->depth++;
			opened++;
			continue;
		}
		if (flen < 8 || strncmp(f, "} /* ", 5) || !ends_with(f, flen, " */"))
			continue;
		name = f + 5;
		f[flen - 3] = '\0';
		cut_at(name, " [");
		t = task_of(key);
		if (!t) {
			fprintf(stderr, "graph-nesting: too many tasks\n");
			return 2;
		}
		if (!t->depth) {
			early++;
			continue;
		}
		if (!strcmp(frames[t->top].name, name)) {
			t->top = frames[t->top].below;
			t->depth--;
			closed++;
			continue;
		}
		if (broken < MAX_BROKEN_LINES) {
			const char *inside = frames[t->top].name;
			char *l = malloc(strlen(key) + strlen(name) + strlen(inside) + 32);

			if (!l)
				return 2;
			put(put(put(put(put(put(l, "task "), key), ": "), name), " closes inside "), inside);
			broken_lines[broken] = l;
		}
		broken++;
		/* Resynchronize: drop what the closing brace skips over */
		while (t->depth && strcmp(frames[t->top].name, name)) {
			t->top = frames[t->top].below;
			t->depth--;
		}
		if (t->depth) {
			t->top = frames[t->top].below;
			t->depth--;
		}
	}
	printf("%ld %ld %ld %ld %ld\n", opened, closed, early, broken, nkt);
	for (i = 0; i < broken && i < MAX_BROKEN_LINES; i++)
		printf("%s\n", broken_lines[i]);
	return 0;
}
