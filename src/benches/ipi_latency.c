/*
 * IPI latency between two harts: this hart notes its cycle counter and
 * sends an SBI IPI; the partner (parked in wfi with the software interrupt
 * enabled) notes its own counter in its trap handler. The sample is the
 * difference, corrected with the measured offset between the two counters
 * (bench_counter_offset), so the two clocks need not agree. Self-timed.
 * `ipi_latency.partner=N` picks the partner hart (default: the first
 * online one); without a second hart, setup fails and says so.
 */
#include "rvbench.h"
#include "rvbench_builtin.h"

static struct {
	volatile uint64_t recv_cycle;
	volatile uint32_t received;
	volatile uint32_t stop;
	volatile uint32_t interrupts; /* taken by the partner's handler */
	volatile uint32_t ready;      /* the partner takes interrupts now */
} __attribute__((aligned(64))) box;

static int partner;
static int64_t offset;
static uint64_t patience; /* cycles to wait for an IPI before sending it again */
static uint32_t resent;   /* IPIs that never arrived and were sent again */
static int resent_last;   /* the previous call had to send again */

static void on_ipi(void)
{
	box.recv_cycle = bench_read_cycle();
	box.interrupts++;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	box.received = 1;
}

/* On the partner: take IPIs as interrupts until told to stop. */
static void receiver(void *arg)
{
	(void)arg;
	bench_set_ipi_hook(on_ipi);
	bench_interrupts(1);
	/* The IPI that woke this hart for the job may still be pending and
	 * is taken here, before the first measured one. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	box.ready = 1;
	while (!box.stop)
		__asm__ volatile("wfi");
	bench_interrupts(0);
	bench_set_ipi_hook(NULL);
}

static int ipi_setup(struct bench_ctx *ctx)
{
	uint64_t rtt = 0;

	partner = bench_choose_partner(ctx);
	if (partner < 0)
		return -1;
	offset = bench_counter_offset(partner, &rtt);
	if (!rtt) /* not a measured offset of 0: rtt was printed unset */
		return bench_fail(ctx, "partner hart %d is busy: no counter offset measured", partner);
	bench_say("ipi_latency: partner hart %d, counter offset %lld cycles (round trip %llu)",
		   partner, (long long)offset, (unsigned long long)rtt);
	box.stop = 0;
	box.received = 0;
	box.interrupts = 0;
	resent = 0;
	resent_last = 0;
	box.ready = 0;
	patience = (uint64_t)bench_param(ctx, "patience");
	if (bench_partner_start(partner, receiver, NULL))
		return -1;
	while (!box.ready)
		;
	/* Whatever the wake-up IPI did is not a measurement. */
	box.received = 0;
	box.interrupts = 0;
	return 0;
}

static uint64_t ipi_run(void *state, uint64_t input)
{
	(void)state;
	(void)input;
	if (resent_last) {
		/* The IPI given up on may still arrive late: let it, before
		 * this call's own, so it cannot pass for it. */
		uint64_t t = bench_read_cycle();
		while (bench_read_cycle() - t < patience)
			;
		resent_last = 0;
	}
	box.received = 0;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	uint64_t sent = bench_read_cycle();
	bench_sbi_send_ipi(1ul, (unsigned long)partner);
	/* QEMU's sifive_u sometimes loses an IPI: rather than hang, send it
	 * again after `patience` cycles, time the one that arrives, and say
	 * how many were lost (teardown). */
	while (!box.received) {
		if (bench_read_cycle() - sent > patience) {
			resent++;
			resent_last = 1;
			sent = bench_read_cycle();
			bench_sbi_send_ipi(1ul, (unsigned long)partner);
		}
	}
	/* Pairs with on_ipi()'s fence: without it the load of recv_cycle
	 * may be done before that of `received` (RVWMO reorders loads of
	 * different addresses) and read the previous call's counter. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	/* partner's counter = ours + offset */
	int64_t latency = (int64_t)(box.recv_cycle - sent) - offset;
	return latency > 0 ? (uint64_t)latency : 0;
}

/* One interrupt on the partner per call, counting the resent ones: no
 * IPI arrived twice, none went unaccounted for. */
static int ipi_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	(void)checksum;
	return box.interrupts >= ctx->ninputs && box.interrupts <= ctx->ninputs + resent ? 0 : -1;
}

static void ipi_teardown(struct bench_ctx *ctx)
{
	(void)ctx;
	box.stop = 1;
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	bench_sbi_send_ipi(1ul, (unsigned long)partner); /* out of its wfi */
	bench_partner_wait(partner);
	if (resent)
		bench_say("ipi_latency: %lu IPIs did not arrive within %llu cycles and were sent again",
			   (unsigned long)resent, (unsigned long long)patience);
}

static const struct bench_param ipi_params[] = {
	{ "partner", -1, -1, 63, "hart that receives (-1: the first online)" },
	{ "patience", 10000000, 1000, 1000000000, "cycles before a lost IPI is sent again" },
	{ 0 },
};

BENCH(ipi_latency, .setup = ipi_setup, .run = ipi_run, .verify = ipi_verify, .teardown = ipi_teardown,
      .params = ipi_params, .flags = BENCH_SELF_TIMED | BENCH_MULTI_HART, .samples = 200, .warmup = 10,
      .description = "IPI from this hart to a partner, offset-corrected cycles");
