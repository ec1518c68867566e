// SPDX-License-Identifier: GPL-2.0
/*
 * modloop FILE NAME COUNT: load the module in FILE and unload it (NAME),
 * COUNT times in this one process, with finit_module() and
 * delete_module(), and print the nanoseconds a load and unload took on
 * average by CLOCK_MONOTONIC.  The module loader's own cost, which
 * `make bench` compares between kernels, without the fork, exec and file
 * look-ups of a modprobe each time.  Built against the kernel's
 * tools/include/nolibc.
 */

static long long now_ns(void)
{
	struct timespec ts;

	my_syscall2(__NR_clock_gettime, CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	long long start;
	int count, fd, i;
	long ret;

	if (argc != 4 || atoi(argv[3]) < 1) {
		printf("usage: modloop FILE NAME COUNT\n");
		return 2;
	}
	count = atoi(argv[3]);
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		printf("modloop: %s: cannot open (%d)\n", argv[1], errno);
		return 1;
	}
	start = now_ns();
	for (i = 0; i < count; i++) {
		ret = my_syscall3(__NR_finit_module, fd, "", 0);
		if (ret) {
			printf("modloop: %s: finit_module: %ld\n", argv[1], ret);
			return 1;
		}
		ret = my_syscall2(__NR_delete_module, argv[2], O_NONBLOCK);
		if (ret) {
			printf("modloop: %s: delete_module: %ld\n", argv[2], ret);
			return 1;
		}
	}
	printf("%lld\n", (now_ns() - start) / count);
	return 0;
}
