/*
 * Kanata Bench's measuring circle (seed 002) across two harts: a token
 * goes to the partner and back through one shared cache line. One call is
 * one round trip; with rvbench.batch=N or a group sweep, N round trips per
 * sample, as Kanata measures. The partner only answers; both sides count
 * the round trips, and verify() checks that none was lost.
 * `circle.partner=N` picks the partner hart.
 */
#include "rvbench.h"

static struct {
	volatile uint64_t token; /* odd: the partner's turn; even: ours */
	volatile uint32_t stop;
	volatile uint64_t answered;
} __attribute__((aligned(64))) line;

static int partner;

static void responder(void *arg)
{
	(void)arg;
	for (;;) {
		uint64_t t;
		while (!((t = line.token) & 1))
			if (line.stop)
				return;
		line.answered++;
		line.token = t + 1;
	}
}

static int circle_setup(struct bench_ctx *ctx)
{
	partner = bench_choose_partner(ctx);
	if (partner < 0)
		return -1;
	line.token = 0;
	line.stop = 0;
	line.answered = 0;
	return bench_partner_start(partner, responder, NULL);
}

static uint64_t circle_run(void *state, uint64_t input)
{
	(void)state;
	(void)input;
	uint64_t t = line.token;
	line.token = t + 1;
	while (line.token != t + 2)
		;
	return 1;
}

static int circle_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	/* Every call made one round trip and the partner answered each. */
	return checksum == (uint64_t)ctx->ninputs * ctx->batch && line.answered == checksum ? 0 : -1;
}

static void circle_teardown(struct bench_ctx *ctx)
{
	(void)ctx;
	line.stop = 1;
	bench_partner_wait(partner);
}

static const struct bench_param circle_params[] = {
	{ "partner", -1, -1, 63, "hart at the other end (-1: the first online)" },
	{ 0 },
};

BENCH(circle, .setup = circle_setup, .run = circle_run, .verify = circle_verify,
      .teardown = circle_teardown, .params = circle_params, .flags = BENCH_MULTI_HART, .samples = 200, .warmup = 10,
      .description = "measuring circle: a token to a partner hart and back");
