/* The parts of include/rvbench.h and include/rvbench_builtin.h that are
 * functions (the cross-hart ones are in src/crosshart.c, bench_skip and
 * bench_fail in src/bench_reason.c). */
#include "rvbench.h"
#include "rvbench_builtin.h"

#include "arena.h"
#include "csr.h"
#include "stream.h"
#include "trap.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

_Static_assert(BENCH_SSTATUS_SIE == SSTATUS_SIE && BENCH_SIE_STIE == SIE_STIE,
	       "rvbench_builtin.h's interrupt bits are boot/riscv.h's");

int64_t bench_param(const struct bench_ctx *ctx, const char *name)
{
	const struct bench_param *p = ctx->bench->params;

	for (unsigned i = 0; p && p[i].name; i++)
		if (!strcmp(p[i].name, name))
			return ctx->params[i];
	return 0;
}

void *bench_alloc(struct bench_ctx *ctx, size_t size, size_t align)
{
	(void)ctx;
	/* A bad align stays bad (arena_alloc refuses it); a small one is
	 * raised to a cache line (rvbench.h, BENCH_ALIGN). */
	if (align && !(align & (align - 1)) && align < BENCH_ALIGN)
		align = BENCH_ALIGN;
	return arena_alloc(size, align);
}

size_t bench_arena_free(void)
{
	return arena_free_bytes();
}

void bench_skip_breakpoints(int on)
{
	trap_set_skip_breakpoints(on);
}

void bench_set_timer_hook(void (*hook)(void))
{
	trap_set_timer_hook(hook);
}

void bench_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	stream_vsay(fmt, ap);
	va_end(ap);
}

