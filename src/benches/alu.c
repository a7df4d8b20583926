/*
 * Integer unit latency and throughput: 16 operations per call, either in
 * one dependent chain (each needs the previous result: latency) or in four
 * independent chains (the unit may overlap them: throughput). Cycles / 16
 * is the answer; the instructions are written in assembly so the count is
 * exactly what it says.
 *
 *   alu_{add,mul}_{lat,tput}  x = x OP y
 *   alu_{div,rem}_{lat,tput}  t = x OP y; x = x ^ t (the xor, 1 cycle, keeps
 *                             x large: x / y repeated would reach 0 after a
 *                             step or two and then time the divider's easy
 *                             case only)
 *
 * Operands are LCG-random and prepared before measuring: the U54's divider
 * takes a time that depends on them, so one fixed pair would show one point
 * of a distribution (the "too small dataset" of seed 000 for arithmetic).
 * The divisor's magnitude is random too (a random 64-bit value shifted
 * right by 0..63 bits), so quotients of every length occur.
 *
 * A call also fetches its pair (sll, add, ld, ld: 4 instructions before
 * the first operation, which needs the loaded x). The pairs must stay in
 * the L1 data cache, or a latency chain would start with an L2 access: 512
 * pairs are 8 KiB, a quarter of the U54's 32 KiB L1, beside the harness's
 * inputs and samples (4096 were 64 KiB, twice the L1: at most half of the
 * pairs could be in it, so at least half the calls began with a miss).
 */
#include "rvbench.h"

#define PAIRS 512

struct operands {
	uint64_t x, y;
};

static int alu_setup(struct bench_ctx *ctx)
{
	struct operands *op = bench_alloc(ctx, PAIRS * sizeof(*op), 64);

	if (!op)
		return -1;
	for (unsigned i = 0; i < PAIRS; i++) {
		op[i].x = lcg_next(ctx->rng);
		op[i].y = (lcg_next(ctx->rng) >> lcg_below(ctx->rng, 64)) | 1; /* never 0 */
	}
	ctx->state = op;
	return 0;
}

/*
 * Operands of the bodies, by name: x0..x3 the chains (in/out), t0..t3
 * scratch for the div/rem quotient or remainder, y the divisor, addend or
 * multiplier.
 */
#define ONE(insn) insn " %[x0], %[x0], %[y]\n"
#define ONE_X(insn) insn " %[t0], %[x0], %[y]\nxor %[x0], %[x0], %[t0]\n"
#define FOUR(insn)                                                                             \
	insn " %[x0], %[x0], %[y]\n" insn " %[x1], %[x1], %[y]\n" insn " %[x2], %[x2], %[y]\n"    \
	insn " %[x3], %[x3], %[y]\n"
#define FOUR_X(insn)                                                                           \
	insn " %[t0], %[x0], %[y]\n" insn " %[t1], %[x1], %[y]\n" insn " %[t2], %[x2], %[y]\n"    \
	insn " %[t3], %[x3], %[y]\n"                                                            \
	"xor %[x0], %[x0], %[t0]\nxor %[x1], %[x1], %[t1]\nxor %[x2], %[x2], %[t2]\n"            \
	"xor %[x3], %[x3], %[t3]\n"

/* lat: 16 x one step of chain 0, and only chain 0 is an operand: with all
 * four chains as operands (one macro for both), GCC computed x1..x3 for a
 * body that never reads them, 3 dead adds in every measured call. */
#define ALU_LAT_RUN(fn, step)                                                                  \
	static uint64_t fn(void *state, uint64_t input)                                       \
	{                                                                                      \
		const struct operands *o = (const struct operands *)state + input;            \
		uint64_t x0 = o->x, t0;                                                        \
		__asm__(".rept 16\n" step ".endr\n" : [x0] "+r"(x0), [t0] "=&r"(t0)            \
			: [y] "r"(o->y));                                                      \
		(void)t0;                                                                      \
		return x0;                                                                     \
	}

/* tput: 4 x one step of each of 4 chains. */
#define ALU_TPUT_RUN(fn, step)                                                                 \
	static uint64_t fn(void *state, uint64_t input)                                       \
	{                                                                                      \
		const struct operands *o = (const struct operands *)state + input;            \
		uint64_t x0 = o->x, x1 = o->x + 1, x2 = o->x + 2, x3 = o->x + 3;              \
		uint64_t t0, t1, t2, t3;                                                       \
		__asm__(".rept 4\n" step ".endr\n"                                            \
			: [x0] "+r"(x0), [x1] "+r"(x1), [x2] "+r"(x2), [x3] "+r"(x3),          \
			  [t0] "=&r"(t0), [t1] "=&r"(t1), [t2] "=&r"(t2), [t3] "=&r"(t3)       \
			: [y] "r"(o->y));                                                      \
		(void)t0, (void)t1, (void)t2, (void)t3;                                        \
		return x0 + x1 + x2 + x3;                                                      \
	}

enum { ADD, MUL, DIV, REM };

/* The same arithmetic in C, for verify(). */
static uint64_t c_step(int op, uint64_t x, uint64_t y)
{
	switch (op) {
	case ADD: return x + y;
	case MUL: return x * y;
	case DIV: return x ^ (x / y);
	default: return x ^ (x % y);
	}
}

static int alu_check(const struct bench_ctx *ctx, uint64_t checksum, int op, int chains)
{
	const struct operands *ops = ctx->state;
	uint64_t expect = 0;

	for (uint32_t i = 0; i < ctx->ninputs; i++) {
		const struct operands *o = &ops[ctx->inputs[i]];
		uint64_t r = 0;
		for (int c = 0; c < chains; c++) {
			uint64_t x = o->x + (uint64_t)c;
			for (int k = 0; k < 16 / chains; k++)
				x = c_step(op, x, o->y);
			r += x;
		}
		expect += r * ctx->batch;
	}
	return checksum == expect ? 0 : -1;
}

#define ALU(name, insn, op, one, four, desc)                                                              \
	ALU_LAT_RUN(name##_lat_run, one(insn))                                                \
	ALU_TPUT_RUN(name##_tput_run, four(insn))                                              \
	static int name##_lat_verify(const struct bench_ctx *c, uint64_t s)                    \
	{                                                                                      \
		return alu_check(c, s, op, 1);                                                 \
	}                                                                                      \
	static int name##_tput_verify(const struct bench_ctx *c, uint64_t s)                   \
	{                                                                                      \
		return alu_check(c, s, op, 4);                                                 \
	}                                                                                      \
	BENCH(name##_lat, .setup = alu_setup, .run = name##_lat_run,                           \
	      .verify = name##_lat_verify, .input_range = PAIRS,                               \
	      .description = "16 dependent " desc ": latency");                                \
	BENCH(name##_tput, .setup = alu_setup, .run = name##_tput_run,                         \
	      .verify = name##_tput_verify, .input_range = PAIRS,                              \
	      .description = "16 " desc " in 4 independent chains: throughput")

ALU(alu_add, "add", ADD, ONE, FOUR, "64-bit add");
ALU(alu_mul, "mul", MUL, ONE, FOUR, "64-bit mul");
ALU(alu_div, "divu", DIV, ONE_X, FOUR_X, "64-bit divu (+ xor), random operands");
ALU(alu_rem, "remu", REM, ONE_X, FOUR_X, "64-bit remu (+ xor), random operands");
