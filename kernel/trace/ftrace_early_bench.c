// SPDX-License-Identifier: GPL-2.0
/*
 * The traced function of the very early function tracer's benchmark
 * (CONFIG_VERY_EARLY_FUNCTION_TRACER_BENCHMARK).  Unlike the rest of
 * kernel/trace, this file is built with the ftrace flags, so the function
 * has an fentry call site that calls __fentry__ until ftrace_init().
 */
#include <linux/compiler.h>
#include <linux/init.h>

#include "ftrace_early_internal.h"

/**
 * ftrace_early_bench_target - a traced function that does next to nothing
 * @x: a number
 *
 * Return: @x + 1.
 */
noinline int __init ftrace_early_bench_target(int x)
{
	barrier();
	return x + 1;
}
