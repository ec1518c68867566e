// SPDX-License-Identifier: GPL-2.0
/*
 * tsc-khz: print the host's TSC frequency in kHz, measured against
 * CLOCK_MONOTONIC_RAW over 200 ms.
 *
 * Under QEMU's TCG, a guest's RDTSC reads the host's TSC.  The guest kernel
 * calibrates it against the emulated PIT in a loop that a busy host delays,
 * and the guest has no HPET or ACPI PM timer to fall back on (the test
 * kernels are built without ACPI): the calibration then fails, the TSC is
 * marked unstable, and at late_initcall the trace clock switches to
 * "global", which clears the boot trace.  boot.sh passes this figure as
 * tsc_early_khz= instead.
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <x86intrin.h>

static uint64_t raw_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * A TSC reading and a clock reading taken together: of 32 tries, the one
 * whose clock read is bracketed by the closest pair of TSC reads.
 */
static void sample(uint64_t *tsc, uint64_t *ns)
{
	uint64_t best = UINT64_MAX;
	int i;

	for (i = 0; i < 32; i++) {
		uint64_t before = __rdtsc();
		uint64_t now = raw_ns();
		uint64_t after = __rdtsc();

		if (after - before < best) {
			best = after - before;
			*tsc = before + best / 2;
			*ns = now;
		}
	}
}

int main(void)
{
	const struct timespec pause = { .tv_nsec = 200 * 1000 * 1000 };
	uint64_t tsc0, ns0, tsc1, ns1;

	sample(&tsc0, &ns0);
	nanosleep(&pause, NULL);
	sample(&tsc1, &ns1);
	if (ns1 <= ns0 || tsc1 <= tsc0) {
		fprintf(stderr, "tsc-khz: the TSC or the clock did not advance\n");
		return 1;
	}
	printf("%llu\n", (unsigned long long)((tsc1 - tsc0) * 1000000u / (ns1 - ns0)));
	return 0;
}
