/* bench_skip() and bench_fail() of include/rvbench.h: the reason a
 * setup() gives. On its own, with nothing of the firmware's, so that the
 * host's unit tests of the benchmarks (tests/unit/bench_stub.h) run this
 * very code. */
#include "rvbench.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* The reason into ctx->reason; one longer than the field ends in "..."
 * where it was cut, so that the cut shows on the UART and in summary.csv
 * instead of a sentence that ends mid-word. (The field's size keeps the
 * END line within WIRE_LINE_MAX even with every byte escaped.) */
static void set_reason(struct bench_ctx *ctx, const char *fmt, va_list ap)
{
	int n = vsnprintf(ctx->reason, sizeof(ctx->reason), fmt, ap);
	if (n >= (int)sizeof(ctx->reason))
		memcpy(ctx->reason + sizeof(ctx->reason) - 4, "...", 4);
}

int bench_skip(struct bench_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_reason(ctx, fmt, ap);
	va_end(ap);
	return BENCH_SKIPPED;
}

int bench_fail(struct bench_ctx *ctx, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	set_reason(ctx, fmt, ap);
	va_end(ap);
	return -1;
}
