/*
 * Timer interrupt latency: a deadline programmed through SBI TIME, and the
 * cycle counter at the entry of rvbench's trap handler. The hart spins,
 * reading its cycle counter then the time counter; the last cycle reading
 * followed by a time still before the deadline is the latest moment known
 * to precede the deadline. The sample is the cycles from there to the
 * handler: OpenSBI's M-mode timer handling, its injection of the
 * supervisor interrupt and our trap entry, plus at most one spin-loop
 * iteration (an upper bound; on the U54 `rdtime` itself traps to OpenSBI,
 * so that iteration is long there). Self-timed.
 * timer_irq_ticks reports the latency in timebase ticks.
 */
#include "rvbench.h"
#include "rvbench_builtin.h"

static volatile uint64_t entry_cycle, entry_time;
static volatile int fired;
static uint32_t early; /* interrupts taken before their deadline: a bug */

static void on_timer(void)
{
	entry_cycle = bench_read_cycle();
	entry_time = bench_read_time();
	bench_sbi_set_timer(UINT64_MAX); /* clears the pending interrupt */
	fired = 1;
}

static uint64_t lead_ticks;

static int timer_irq_setup(struct bench_ctx *ctx)
{
	/* The deadline must lie far enough ahead for the spin loop to see
	 * it come (timer_irq.lead_ticks=). */
	lead_ticks = (uint64_t)bench_param(ctx, "lead_ticks");
	early = 0;
	bench_set_timer_hook(on_timer);
	return 0;
}

/* One interrupt; the latency in cycles, or in ticks. */
static uint64_t one_interrupt(int in_ticks)
{
	uint64_t seen_cycle = bench_read_cycle();
	uint64_t deadline = bench_read_time() + lead_ticks;

	fired = 0;
	bench_sbi_set_timer(deadline);
	bench_timer_interrupt(1);
	bench_interrupts(1);
	/* Until the deadline passes, note the cycle at each time reading:
	 * the last one before the interrupt is the deadline's cycle. */
	while (!fired) {
		uint64_t c = bench_read_cycle();
		if (bench_read_time() < deadline)
			seen_cycle = c;
	}
	bench_interrupts(0);
	bench_timer_interrupt(0);
	if (entry_time < deadline)
		early++;
	if (in_ticks)
		return entry_time - deadline;
	return entry_cycle - seen_cycle;
}

static uint64_t timer_irq_run(void *state, uint64_t input)
{
	(void)state;
	(void)input;
	return one_interrupt(0);
}

static uint64_t timer_irq_ticks_run(void *state, uint64_t input)
{
	(void)state;
	(void)input;
	return one_interrupt(1);
}

/* Every interrupt came (run() waits for it), and none before its deadline. */
static int timer_irq_verify(const struct bench_ctx *ctx, uint64_t checksum)
{
	(void)ctx;
	(void)checksum;
	return early ? -1 : 0;
}

static void timer_irq_teardown(struct bench_ctx *ctx)
{
	(void)ctx;
	bench_set_timer_hook(NULL);
}

static const struct bench_param timer_params[] = {
	{ "lead_ticks", 50, 2, 1000000, "timebase ticks from programming to the deadline" },
	{ 0 },
};

BENCH(timer_irq, .params = timer_params, .setup = timer_irq_setup, .run = timer_irq_run,
      .verify = timer_irq_verify, .teardown = timer_irq_teardown,
      .flags = BENCH_SELF_TIMED | BENCH_OWNS_TIMER, .samples = 200, .warmup = 10,
      .description = "timer interrupt latency, cycles from the deadline to our handler");
BENCH(timer_irq_ticks, .params = timer_params, .setup = timer_irq_setup,
      .run = timer_irq_ticks_run, .verify = timer_irq_verify,
      .teardown = timer_irq_teardown, .flags = BENCH_SELF_TIMED | BENCH_OWNS_TIMER,
      .samples = 200, .warmup = 10, .sample_unit = "tick",
      .description = "timer interrupt latency in timebase ticks");
