#include "parallel.h"

#include "arena.h"
#include "barrier.h"
#include "csr.h"
#include "harts.h"
#include "stream.h"

#include <string.h>

/* What every hart of a parallel run shares, and its own result slot. */
struct par_shared {
	const struct bench *b;
	const uint64_t *inputs;
	uint32_t warm, measured, batch;
	enum counter_mode mode;
	struct barrier barrier;
};

struct par_job {
	struct par_shared *sh;
	struct par_result *r;
	uint32_t sense;
};

static struct par_shared shared;
uint64_t parallel_wait_cycles[MAX_HARTS];
uint32_t parallel_left_out[MAX_HARTS];
unsigned parallel_nleft_out;
static struct par_job jobs[MAX_HARTS];

unsigned parallel_harts(void)
{
	unsigned n = 0;

	for (unsigned i = 0; i < harts_count(); i++) {
		enum hart_state s = harts_get(i)->state;
		n += s == HART_BOOT || s == HART_ONLINE;
	}
	return n;
}

int parallel_eligible(const struct bench *b)
{
	return !(b->flags &
		 (BENCH_MULTI_HART | BENCH_SELF_TIMED | BENCH_OWNS_TIMER | BENCH_ONE_HART | BENCH_DEMO));
}

static void measure_into(struct par_job *j, uint32_t first, uint32_t n)
{
	struct measure_job m = {
		.run = j->sh->b->run,
		.state = j->r->ctx.state,
		.inputs = j->sh->inputs + first,
		.out = j->r->out + first,
		.n = n,
		.batch = j->sh->batch,
	};
	harness_measure(j->sh->mode, &m);
	j->r->checksum += m.checksum;
}

/* Every hart, the boot hart included, runs exactly this. */
static void par_job_run(void *arg)
{
	struct par_job *j = arg;

	j->r->wait_cycles += barrier_wait(&j->sh->barrier, &j->sense); /* all here */
	uint64_t t0 = read_cycle();
	if (j->sh->warm)
		measure_into(j, 0, j->sh->warm); /* bogus iterations */
	uint64_t t1 = read_cycle();
	j->r->wait_cycles += barrier_wait(&j->sh->barrier, &j->sense); /* all warm */
	j->r->t_start = read_time();
	uint64_t t2 = read_cycle();
	measure_into(j, j->sh->warm, j->sh->measured);
	j->r->measure_cycles += (t1 - t0) + (read_cycle() - t2);
	j->r->wait_cycles += barrier_wait(&j->sh->barrier, &j->sense); /* all done */
	parallel_wait_cycles[j->r->hartid % MAX_HARTS] += j->r->wait_cycles;
}

unsigned parallel_measure(const struct config *c, const struct bench *b, uint32_t id,
			  const uint64_t *inputs, uint32_t warm, uint32_t measured, uint32_t batch,
			  struct bench_ctx *boot_ctx, struct wire_sample *boot_out,
			  struct par_result r[MAX_HARTS])
{
	unsigned n = 0;
	uint32_t count = warm + measured;

	memset(r, 0, sizeof(struct par_result) * MAX_HARTS);
	parallel_nleft_out = 0;
	r[n].hartid = harts_self();
	r[n].out = boot_out;
	r[n].ctx = *boot_ctx;
	r[n].setup_done = 1;
	n++;
	/* The others: their own state (setup runs here, one after the other:
	 * the arena is not shared-safe) and their own sample buffer. */
	for (unsigned i = 0; i < harts_count() && n < MAX_HARTS; i++) {
		const struct hart_info *h = harts_get(i);
		if (h->state != HART_ONLINE)
			continue;
		struct par_result *p = &r[n];
		struct lcg rng;
		p->hartid = h->hartid;
		p->status = "ok";
		p->verify = "none";
		params_resolve(b, c, p->params);
		p->ctx = (struct bench_ctx){ .bench = b, .inputs = inputs, .ninputs = count,
					     .batch = batch, .params = p->params,
					     .input_range = boot_ctx->input_range };
		lcg_seed(&rng, ~lcg_bench_seed(c->seed, id) ^ h->hartid);
		p->ctx.rng = &rng;
		p->out = arena_alloc(sizeof(struct wire_sample) * count, 64);
		if (!p->out || (b->setup && b->setup(&p->ctx))) {
			/* Said after the measurement (block.c): nothing is
			 * printed between the UART drain and the counters. */
			parallel_left_out[parallel_nleft_out++] = h->hartid;
			continue;
		}
		p->ctx.rng = NULL;
		p->setup_done = 1;
		p->offset = bench_counter_offset((int)h->hartid, &p->rtt);
		n++;
	}

	shared = (struct par_shared){ .b = b, .inputs = inputs, .warm = warm,
				      .measured = measured, .batch = batch, .mode = c->counter };
	barrier_init(&shared.barrier, n);
	for (unsigned k = 0; k < n; k++)
		jobs[k] = (struct par_job){ .sh = &shared, .r = &r[k] };
	for (unsigned k = 1; k < n; k++)
		if (harts_dispatch(r[k].hartid, par_job_run, &jobs[k])) {
			/* It will never reach the barrier: release the others. */
			r[k].status = "fault";
			harts_abort = 1;
		}
	par_job_run(&jobs[0]);
	if (harts_abort) {
		for (unsigned k = 1; k < n; k++)
			if (!strcmp(r[k].status, "fault") || harts_wait(r[k].hartid))
				r[k].status = "fault";
		harts_abort = 0;
		return n;
	}
	for (unsigned k = 1; k < n; k++) {
		if (harts_wait(r[k].hartid)) {
			r[k].status = "fault";
			continue;
		}
		if (b->verify) {
			r[k].verify = b->verify(&r[k].ctx, r[k].checksum) ? "fail" : "ok";
			if (!strcmp(r[k].verify, "fail"))
				r[k].status = "verify-failed";
		}
	}
	return n;
}

void parallel_teardown(const struct bench *b, struct par_result r[MAX_HARTS], unsigned n)
{
	for (unsigned k = 1; k < n; k++)
		if (r[k].setup_done && b->teardown)
			b->teardown(&r[k].ctx);
}

uint64_t parallel_skew(const struct par_result r[MAX_HARTS], unsigned n)
{
	uint64_t lo = UINT64_MAX, hi = 0;

	for (unsigned k = 0; k < n; k++) {
		if (r[k].t_start < lo)
			lo = r[k].t_start;
		if (r[k].t_start > hi)
			hi = r[k].t_start;
	}
	return n ? hi - lo : 0;
}
