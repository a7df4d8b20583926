/*
 * The cross-hart parts of the benchmark API (include/rvbench.h): choosing
 * a partner hart, running a job on it, and measuring how its cycle counter
 * relates to ours. Harts' counters start at different times and need not
 * tick together, so the offset is measured, never assumed.
 */
#include "rvbench.h"
#include "rvbench_builtin.h"

#include "alarm.h"
#include "csr.h"
#include "harts.h"

#define OFFSET_EXCHANGES 64

int bench_partner(int64_t wanted)
{
	uint32_t self = harts_self();

	if (wanted >= 0) {
		const struct hart_info *h = harts_find((uint32_t)wanted);
		return h && h->state == HART_ONLINE && h->hartid != self ? (int)wanted : -1;
	}
	for (unsigned i = 0; i < harts_count(); i++) {
		const struct hart_info *h = harts_get(i);
		if (h->state == HART_ONLINE && h->hartid != self)
			return (int)h->hartid;
	}
	return -1;
}

int bench_choose_partner(const struct bench_ctx *ctx)
{
	int64_t wanted = bench_param(ctx, "partner");
	int partner = bench_partner(wanted);

	if (partner >= 0)
		return partner;
	if (wanted >= 0)
		bench_say("%s: refused: partner hart %lld is not online, or is this hart",
			   ctx->bench->name, (long long)wanted);
	else
		bench_say("%s: refused: no second hart online, and it needs one", ctx->bench->name);
	return -1;
}

void bench_set_ipi_hook(void (*hook)(void))
{
	harts_set_ipi_hook(hook);
}

int bench_partner_start(int hart, void (*fn)(void *), void *arg)
{
	return hart < 0 ? -1 : harts_dispatch((uint32_t)hart, fn, arg);
}

int bench_partner_wait(int hart)
{
	return hart < 0 ? -1 : harts_wait((uint32_t)hart);
}

/* One cache line shared by the two harts of an exchange. */
static struct {
	volatile uint64_t flag;
	volatile uint64_t partner_cycle;
} __attribute__((aligned(64))) line;

static void offset_responder(void *arg)
{
	(void)arg;
	uint32_t spins = 0;
	for (uint64_t k = 0; k < OFFSET_EXCHANGES; k++) {
		while (line.flag != 2 * k + 1) {
			if (harts_abort)
				return;
			spin_yield(&spins);
		}
		line.partner_cycle = read_cycle();
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		line.flag = 2 * k + 2;
	}
}

int64_t bench_counter_offset(int hart, uint64_t *rtt)
{
	int64_t best_offset = 0;
	uint64_t best_rtt = UINT64_MAX;

	line.flag = 0;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	*rtt = 0; /* no exchange: not a measured offset of 0 */
	if (bench_partner_start(hart, offset_responder, NULL))
		return 0;
	uint32_t spins = 0;
	for (uint64_t k = 0; k < OFFSET_EXCHANGES; k++) {
		uint64_t sent = read_cycle();
		line.flag = 2 * k + 1;
		while (line.flag != 2 * k + 2)
			spin_yield(&spins);
		uint64_t back = read_cycle();
		__atomic_thread_fence(__ATOMIC_SEQ_CST);
		/* The partner read its counter somewhere between sent and back:
		 * assume the middle; the shortest round trip errs least. */
		if (back - sent < best_rtt) {
			best_rtt = back - sent;
			best_offset = (int64_t)(line.partner_cycle - (sent + (back - sent) / 2));
		}
	}
	bench_partner_wait(hart);
	*rtt = best_rtt;
	return best_offset;
}
