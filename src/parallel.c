#include "parallel.h"

#include "arena.h"
#include "barrier.h"
#include "console.h"
#include "csr.h"
#include "harts.h"
#include "stream.h"

#include <stdio.h>
#include <string.h>

/* What every hart of a parallel run is asked to do. Each job has its own
 * copy: a hart still in an old run's job (one harts_recover() gave up on)
 * must never read the next run's benchmark or inputs. */
struct par_task {
	const struct bench *b;
	const uint64_t *inputs;
	uint32_t warm, measured, batch;
	enum counter_mode mode;
	/* The boot hart's wait at a barrier ends, if some hart is still not
	 * there, at give_up_at or `patience` ticks after it arrived,
	 * whichever is later; 0: it waits for ever. */
	uint64_t give_up_at, patience;
};

struct par_job {
	struct par_task t;
	struct barrier *barrier; /* the run's, shared by its harts */
	struct par_result *r;
	uint32_t sense;
	uint32_t epoch; /* par_epoch of its run */
	/* Barrier rounds this hart has arrived at, or PAR_GONE once it left
	 * the barrier (it trapped) or the boot hart gave up on it. Changed by
	 * compare-and-swap only: an arrival and the boot hart giving up on
	 * the hart decide in one step which happened. */
	uint32_t arrived;
};
#define PAR_GONE UINT32_MAX

static struct barrier run_barrier;
uint64_t parallel_wait_cycles[MAX_HARTS];
/* By hart id: a hart harts_recover() gave up on, still in an old run's
 * job, keeps its slot (it is never dispatched again), so it sees its old
 * epoch against par_epoch and stops, rather than a new run's job. */
static struct par_job jobs[MAX_HARTS];
/* Bumped by every parallel run and by parallel_teardown(): a job whose
 * epoch differs belongs to a run that is over. */
static volatile uint32_t par_epoch;

/*
 * The last parallel run: every hart's result (par[], in the order the
 * blocks are sent, the boot hart's first), and the harts left out because
 * their setup failed. A result lives in its hart's own slot, by hart id:
 * a hart harts_recover() gave up on may still write to its result as it
 * finishes its samples, and its slot is never another hart's (a failed
 * hart takes part in no later run).
 */
static struct par_result slot[MAX_HARTS];
static struct par_result *par[MAX_HARTS];
static const struct par_result none;
static unsigned npar;
/* Harts the last parallel run gave up on (still in its code). */
static unsigned nlost;
static uint32_t left_out[MAX_HARTS];
static unsigned nleft_out;

/* The harts the run header counted (parallel_plan). */
static uint32_t planned_harts[MAX_HARTS];
static unsigned nplanned;

void parallel_plan(void)
{
	nplanned = 0;
	for (unsigned i = 0; i < harts_count() && nplanned < MAX_HARTS; i++) {
		const struct hart_info *h = harts_get(i);
		if (h->state == HART_BOOT)
			planned_harts[nplanned++] = h->hartid;
	}
	for (unsigned i = 0; i < harts_count() && nplanned < MAX_HARTS; i++) {
		const struct hart_info *h = harts_get(i);
		if (h->state == HART_ONLINE)
			planned_harts[nplanned++] = h->hartid;
	}
}

unsigned parallel_block_count(const struct config *c, const struct bench *b)
{
	return c->parallel && parallel_eligible(b) && nplanned > 1 ? nplanned : 1;
}

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

#define PAR_CHUNK 16u

/* The run this job belongs to is being abandoned (harts_abort: the boot
 * hart trapped) or is over (a hart that came back too late for
 * harts_recover() finds its run torn down, its buffers released). */
static int stopped(const struct par_job *j)
{
	return harts_abort || j->epoch != par_epoch;
}

/*
 * Samples [first, first + n) in runs of PAR_CHUNK, each sample timed on
 * its own as ever: between runs a hart sees that its run is stopped and
 * returns. A hart that measured on would still be writing samples into
 * the arena after the boot hart released it to the next block, and would
 * come back after harts_recover() gave up on it (100 ms), out of service
 * for the rest of the run. Returns 0, or -1 if it stopped.
 */
static int measure_into(struct par_job *j, uint32_t first, uint32_t n)
{
	for (uint32_t done = 0; done < n; done += PAR_CHUNK) {
		if (stopped(j))
			return -1;
		struct measure_job m = {
			.run = j->t.b->run,
			.prepare = j->t.b->prepare,
			.first_call = (first + done) * j->t.batch,
			.state = j->r->ctx.state,
			.inputs = j->t.inputs + first + done,
			.out = j->r->out + first + done,
			.n = n - done < PAR_CHUNK ? n - done : PAR_CHUNK,
			.batch = j->t.batch,
		};
		harness_measure(j->t.mode, &m);
		j->r->checksum += m.checksum;
	}
	return 0;
}

/* Marks the job's hart gone from the barrier unless it arrived at round
 * `round` first (it then waits there); 1 if this call marked it. */
static int mark_gone(struct par_job *j, uint32_t round)
{
	uint32_t k = __atomic_load_n(&j->arrived, __ATOMIC_ACQUIRE);

	while (k != PAR_GONE && k < round)
		if (__atomic_compare_exchange_n(&j->arrived, &k, PAR_GONE, 0, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE))
			return 1;
	return 0;
}

/* On a hart of the run whose job traps (harts_set_fault_hook): it leaves
 * the barrier, so the others go on without it and its trap is its own
 * (unless the boot hart gave up on it first and left for it). */
static void par_leave(void *arg)
{
	struct par_job *j = arg;

	if (mark_gone(j, UINT32_MAX))
		barrier_leave(j->barrier);
}

static struct par_job *job_of(uint32_t hartid)
{
	return &jobs[hartid % MAX_HARTS];
}

/*
 * On the boot hart, at a barrier it has waited at for the run's patience:
 * every other hart that has not arrived at this round (the boot hart's
 * own count) hangs, or is too slow for the budget. It leaves the barrier (the
 * boot hart leaves for it), its block ends status=timeout, and it is out
 * of service (parallel_measure()); the others measure on.
 */
static void give_up_on_late(void *arg)
{
	struct par_job *boot = arg;
	uint32_t round = __atomic_load_n(&boot->arrived, __ATOMIC_ACQUIRE);

	for (unsigned k = 1; k < npar; k++) {
		struct par_job *j = job_of(par[k]->hartid);
		if (mark_gone(j, round)) {
			par[k]->hung = 1;
			barrier_leave(boot->barrier);
		}
	}
}

/*
 * Meets the other harts at the barrier, unless the run is stopped before
 * or while it waits: a hart late from a run that is over must not count
 * as an arrival at the next run's barrier. Returns 0, or -1 if stopped.
 */
static int meet(struct par_job *j)
{
	if (stopped(j))
		return -1;
	uint32_t k = __atomic_load_n(&j->arrived, __ATOMIC_ACQUIRE);
	if (k == PAR_GONE ||
	    !__atomic_compare_exchange_n(&j->arrived, &k, k + 1, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
		return -1; /* the boot hart gave up on this hart: it is not counted */
	if (j->r->hartid == harts_boot() && j->t.patience) {
		uint64_t until = read_time() + j->t.patience;
		j->r->wait_cycles += barrier_wait_until(j->barrier, &j->sense,
							until > j->t.give_up_at ? until : j->t.give_up_at,
							give_up_on_late, j);
	} else {
		j->r->wait_cycles += barrier_wait(j->barrier, &j->sense);
	}
	return stopped(j) ? -1 : 0;
}

/* Every hart, the boot hart included, runs exactly this. */
static void par_job_run(void *arg)
{
	struct par_job *j = arg;

	if (j->r->hartid != harts_boot()) /* the boot hart's traps are the guard's */
		harts_set_fault_hook(par_leave, j);
	if (meet(j)) /* all here */
		goto stopped;
	uint64_t t0 = read_cycle();
	if (j->t.warm && measure_into(j, 0, j->t.warm)) /* bogus iterations */
		goto stopped;
	uint64_t t1 = read_cycle();
	if (meet(j)) /* all warm */
		goto stopped;
	j->r->t_start = read_time();
	j->r->started = 1;
	uint64_t t2 = read_cycle();
	if (measure_into(j, j->t.warm, j->t.measured))
		goto stopped;
	uint64_t t3 = read_cycle();
	j->r->measure_cycles += (t1 - t0) + (t3 - t2);
	j->r->part_starts[0] = t0;
	j->r->part_starts[1] = t2;
	j->r->part_starts[2] = t3;
	meet(j); /* all done */
stopped:
	if (j->r->hartid != harts_boot())
		harts_set_fault_hook(NULL, NULL);
	parallel_wait_cycles[j->r->hartid % MAX_HARTS] += j->r->wait_cycles;
}

/* Hart h's result slot, cleared for a new run. */
static struct par_result *new_result(uint32_t h)
{
	struct par_result *p = &slot[h % MAX_HARTS];

	*p = (struct par_result){ .hartid = h };
	for (unsigned k = 0; k < 3; k++)
		p->part_starts[k] = UINT64_MAX; /* a hart that never runs */
	return p;
}

unsigned parallel_measure(const struct config *c, const struct bench *b,
			  const uint64_t *inputs, uint32_t warm, uint32_t measured, uint32_t batch,
			  struct bench_ctx *boot_ctx, struct wire_sample *boot_out, const struct par_wait *wait)
{
	unsigned n = 0;
	uint32_t count = warm + measured;

	nleft_out = 0;
	nlost = 0;
	struct par_result *boot = par[n++] = new_result(harts_self());
	boot->out = boot_out;
	boot->ctx = *boot_ctx;
	boot->setup_done = 1;
	/* The others: their own state (setup runs here, one after the other:
	 * the arena is not shared-safe) and their own sample buffer. */
	for (unsigned i = 0; i < harts_count() && n < MAX_HARTS; i++) {
		const struct hart_info *h = harts_get(i);
		if (h->state != HART_ONLINE)
			continue;
		struct par_result *p = par[n] = new_result(h->hartid);
		struct lcg rng;
		p->status = REC_STATUS_OK;
		p->verify = REC_VERIFY_NONE;
		params_resolve(b, c, p->params);
		p->ctx = (struct bench_ctx){ .bench = b, .inputs = inputs, .ninputs = count,
					     .batch = batch,
					     .ncalls = (uint64_t)count * batch > UINT32_MAX
							       ? UINT32_MAX
							       : count * batch,
					     .params = p->params,
					     .input_range = boot_ctx->input_range };
		lcg_seed(&rng, ~params_input_seed(b, c->seed, p->params) ^ h->hartid);
		p->ctx.rng = &rng;
		p->out = arena_alloc(sizeof(struct wire_sample) * count, 64);
		if (!p->out || (b->setup && b->setup(&p->ctx))) {
			/* Said after the measurement (block.c): nothing is
			 * printed between the UART drain and the counters. */
			left_out[nleft_out++] = h->hartid;
			continue;
		}
		p->ctx.rng = NULL;
		p->setup_done = 1;
		p->offset = bench_counter_offset((int)h->hartid, &p->rtt);
		n++;
	}

	struct par_task task = { .b = b, .inputs = inputs, .warm = warm, .measured = measured,
				 .batch = batch, .mode = c->counter, .give_up_at = wait->give_up_at,
				 .patience = wait->patience };
	barrier_init(&run_barrier, n);
	par_epoch++;
	for (unsigned k = 0; k < n; k++)
		*job_of(par[k]->hartid) = (struct par_job){ .t = task, .barrier = &run_barrier, .r = par[k],
							    .epoch = par_epoch };
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	/* The setups above may have spoken: the UART drains again before
	 * any hart reads its counters. */
	console_flush();
	npar = n; /* before any hart runs: give_up_on_late() reads it */
	for (unsigned k = 1; k < n; k++)
		if (harts_dispatch(par[k]->hartid, par_job_run, job_of(par[k]->hartid))) {
			/* It will never reach the barrier: the others go on
			 * without it (not harts_abort, which would stop them
			 * all, and is the boot hart's to clear). */
			par[k]->status = REC_STATUS_FAULT;
			job_of(par[k]->hartid)->arrived = PAR_GONE;
			barrier_leave(&run_barrier);
		}
	par_job_run(job_of(par[0]->hartid));
	for (unsigned k = 1; k < n; k++) {
		struct par_result *p = par[k];
		if (p->hung) {
			/* Still in the benchmark: never wait for it, never
			 * tear its state down under it, never use it again. */
			p->status = REC_STATUS_TIMEOUT;
			p->setup_done = 0;
			nlost++;
			harts_give_up(p->hartid, "did not reach the parallel run's barrier within the"
						 " block's budget (hung, or too slow for it)");
			continue;
		}
		/* not dispatched: it may still be busy, never wait for it */
		if (p->status == REC_STATUS_FAULT || harts_wait(p->hartid)) {
			p->status = REC_STATUS_FAULT;
			continue;
		}
		if (b->verify) {
			p->verify = b->verify(&p->ctx, p->checksum) ? REC_VERIFY_FAIL : REC_VERIFY_OK;
			if (p->verify == REC_VERIFY_FAIL)
				p->status = REC_STATUS_VERIFY_FAILED;
		}
	}
	return n;
}

const struct par_result *parallel_result(unsigned k)
{
	return k < npar && par[k] ? par[k] : &none;
}

unsigned parallel_lost(void)
{
	return nlost;
}

void parallel_abandon(void)
{
	par_epoch++;
	/* Every hart of the run is gone from its barrier now: one that traps
	 * later (still in a call, after harts_recover() gave up on it) must
	 * not leave another run's barrier, which its job still points at. */
	for (unsigned k = 0; k < npar; k++)
		__atomic_store_n(&job_of(par[k]->hartid)->arrived, PAR_GONE, __ATOMIC_SEQ_CST);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

void parallel_forget(void)
{
	npar = 0;
	nleft_out = 0;
}

void parallel_teardown(const struct bench *b)
{
	par_epoch++; /* what the last run's harts still do is over */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	/* By setup_done, not npar: a trap during the setups or the
	 * measurement returns before npar is set. Cleared, so a later block
	 * that never ran in parallel tears nothing down twice. The boot
	 * hart's own setup is the block's to undo (block.c). */
	for (unsigned h = 0; h < MAX_HARTS; h++)
		if (slot[h].setup_done && h != harts_self()) {
			slot[h].setup_done = 0;
			/* Not under a hart still in the job (one harts_recover()
			 * gave up on): it may be using that state. */
			if (b->teardown && !harts_busy(h))
				b->teardown(&slot[h].ctx);
		}
	slot[harts_self() % MAX_HARTS].setup_done = 0;
}

uint64_t parallel_skew(void)
{
	uint64_t lo = UINT64_MAX, hi = 0;

	/* Only the harts that started measuring: one that trapped or was
	 * never dispatched has no start time (0), which made the skew the
	 * time since boot. */
	for (unsigned k = 0; k < npar; k++) {
		if (!par[k]->started)
			continue;
		if (par[k]->t_start < lo)
			lo = par[k]->t_start;
		if (par[k]->t_start > hi)
			hi = par[k]->t_start;
	}
	return lo <= hi ? hi - lo : 0;
}

/* ---- the other harts' blocks ---------------------------------------------- */

void parallel_blocks_start(struct par_iter *it, const struct config *c, const struct bench *b,
			   const struct block *boot)
{
	*it = (struct par_iter){ .boot = boot, .k = 1, .j = 1, .sent = boot->npar > 1 ? boot->npar : 1,
				 .planned = parallel_block_count(c, b) };
}

static int took_part(uint32_t hart)
{
	int found = 0;

	for (unsigned j = 0; j < npar; j++)
		found |= par[j]->hartid == hart;
	return found;
}

static int was_left_out(uint32_t hart)
{
	int found = 0;

	for (unsigned j = 0; j < nleft_out; j++)
		found |= left_out[j] == hart;
	return found;
}

/*
 * *cur keeps what the previous block set and is not overwritten here (the
 * boot hart's overhead, warmup and shape; a faulted hart's zero counts),
 * as every hart's block is sent in the same shape.
 */
int parallel_next_block(struct par_iter *it, struct block *cur)
{
	enum rec_block_status boot_status = it->boot->status;

	cur->trap.kind = GUARD_NONE;
	if (it->k < it->boot->npar) {
		const struct par_result *p = par[it->k];
		cur->id = it->boot->id + it->k++;
		cur->samples = p->out;
		cur->hart = p->hartid;
		cur->checksum = p->checksum;
		cur->status = p->status;
		cur->verify = p->verify;
		cur->offset_cycles = p->offset;
		/* the boot hart's shape, unless this hart's run faulted */
		cur->count = it->boot->count;
		cur->warmup = it->boot->warmup;
		cur->ctx = it->boot->ctx;
		if (cur->status == REC_STATUS_FAULT || p->hung) {
			cur->count = cur->warmup = 0;
			cur->checksum = 0; /* of the calls before its trap: no result */
		}
		if (p->hung) {
			it->absent = *it->boot->ctx;
			snprintf(it->absent.reason, sizeof(it->absent.reason),
				 "hart %lu did not reach the run's barrier within the block's budget",
				 (unsigned long)p->hartid);
			cur->ctx = &it->absent;
		}
		return 1;
	}
	/* Every hart the run header counted gets its block, measured or not. */
	for (; it->j < nplanned && it->sent < it->planned; it->j++) {
		uint32_t h = planned_harts[it->j];
		int out = was_left_out(h);
		if (took_part(h))
			continue;
		it->absent = *it->boot->ctx;
		snprintf(it->absent.reason, sizeof(it->absent.reason),
			 "hart %lu did not take part: %s", (unsigned long)h,
			 out ? "its setup failed"
			 : boot_status != REC_STATUS_OK ? "the benchmark stopped on the boot hart"
							: "it was not online");
		cur->id = it->boot->id + it->sent++;
		cur->ctx = &it->absent;
		cur->samples = it->boot->samples;
		cur->hart = h;
		cur->count = cur->warmup = 0;
		cur->checksum = 0;
		cur->offset_cycles = 0;
		cur->status = out ? REC_STATUS_SETUP_FAILED
			      : boot_status != REC_STATUS_OK ? boot_status : REC_STATUS_SKIPPED;
		cur->verify = REC_VERIFY_NONE;
		it->j++;
		return 1;
	}
	return 0;
}
