#include "harness.h"

#include "csr.h"
#include "events.h"

const char *counter_mode_name(enum counter_mode m)
{
	return (unsigned)m < COUNTER_MODE_COUNT ? rec_counter_name[m] : "unknown";
}

/*
 * The counter reads that open and close an interval. Fenced: a full fence
 * on both sides, so memory accesses of the code under test cannot start
 * before the opening read or finish after the closing one (RISC-V has no
 * serializing counter read; this is the counterpart of cpuid + rdtscp).
 * The fence is `fence iorw, iorw`, not `fence rw, rw`: for FENCE a CSR
 * read is device input (I) (the unprivileged spec, Zicsr, "CSR access
 * ordering"), and CSR reads are otherwise not ordered with memory
 * accesses at all, so `fence rw, rw` orders the body's loads and stores
 * among themselves and leaves rdcycle, rdinstret and the event reads free
 * on either side of them. Same instruction count: under -icount both
 * read alike.
 *
 * Plain, the default, has no fence. On the U54 (in order, single issue)
 * the counter reads execute in program order with the body's
 * instructions, so they bracket its execution without one; what a fence
 * adds there is that memory accesses still in flight at a read (stores
 * on their way to the cache, say) complete on the measured side of it.
 * On an out-of-order core plain reads may execute before or after parts
 * of the body: there only `fenced` brackets it.
 *
 * With hardware events (ev, a compile-time 0 or 1 of each loop copy) their
 * counters are read inside the cycle and instret reads, nested the same
 * way on both sides, so calibration sees exactly the benchmark's reads.
 */
#define FENCE_ALL() __asm__ volatile("fence iorw, iorw" : : : "memory")
struct reads {
	uint64_t c, i;
	uint64_t e[PMU_EVENTS_MAX];
};

/*
 * The run's events as one loop holds them: a local copy made before its
 * first sample, so that between a body and the counter reads after it
 * there is no load of a global the opaque call might have changed (and,
 * with harness.c built without jump tables, no table load either).
 */
struct ev_plan {
	unsigned n;
	unsigned csr[PMU_EVENTS_MAX];
	uint64_t mask[PMU_EVENTS_MAX];
};

static inline __attribute__((always_inline)) struct ev_plan ev_plan_now(int ev)
{
	struct ev_plan p = { 0 };
	if (ev) {
		p.n = events_n;
		for (unsigned k = 0; k < p.n; k++) {
			p.csr[k] = events_csr[k];
			p.mask[k] = events_mask[k];
		}
	}
	return p;
}

static inline __attribute__((always_inline)) void open_interval(int fenced, int ev,
								 const struct ev_plan *p,
								 struct reads *r)
{
	if (fenced)
		FENCE_ALL();
	r->c = read_cycle();
	r->i = read_instret();
	if (ev)
		for (unsigned k = 0; k < p->n; k++)
			r->e[k] = events_read_csr(p->csr[k]);
	if (fenced)
		FENCE_ALL();
}

static inline __attribute__((always_inline)) void close_interval(int fenced, int ev,
								  const struct ev_plan *p,
								  struct reads *r)
{
	if (fenced)
		FENCE_ALL();
	if (ev)
		for (unsigned k = p->n; k-- > 0;)
			r->e[k] = events_read_csr(p->csr[k]);
	r->i = read_instret();
	r->c = read_cycle();
	if (fenced)
		FENCE_ALL();
}

/* Event k's column of sample s. */
static inline __attribute__((always_inline)) uint64_t *ev_slot(struct measure_job *j, unsigned k,
							       uint32_t s)
{
	struct wire_sample *p = &j->ev[k / 2][s];
	return (k & 1) ? &p->instret : &p->cycles;
}

/* A counter narrower than 64 bits wraps at its width: the delta is taken
 * modulo that width (mask), so a wrap inside a sample costs nothing. */
static inline __attribute__((always_inline)) void store_events(int ev, const struct ev_plan *p,
								struct measure_job *j, uint32_t s,
								const struct reads *a,
								const struct reads *b, int add)
{
	if (!ev)
		return;
	for (unsigned k = 0; k < p->n; k++) {
		uint64_t *slot = ev_slot(j, k, s);
		*slot = (add ? *slot : 0) + ((b->e[k] - a->e[k]) & p->mask[k]);
	}
}

/*
 * One loop per (mode, events or not, per-call or batched) shape, each a
 * single noinline copy: calibration and every benchmark of that shape go
 * through the same instructions, so the net value differs only by the
 * body under test.
 */
static inline __attribute__((always_inline)) void loop_single(int fenced, int ev,
							       struct measure_job *j)
{
	bench_run_fn run = j->run;
	void *state = j->state;
	uint64_t sum = 0;
	const struct ev_plan plan = ev_plan_now(ev);

	for (uint32_t s = 0; s < j->n; s++) {
		uint64_t input = j->inputs[s];
		struct reads a, b;
		open_interval(fenced, ev, &plan, &a);
		uint64_t r = run(state, input);
		close_interval(fenced, ev, &plan, &b);
		j->out[s].cycles = b.c - a.c;
		j->out[s].instret = b.i - a.i;
		store_events(ev, &plan, j, s, &a, &b, 0);
		sum += r;
	}
	j->checksum = sum;
}

static inline __attribute__((always_inline)) void loop_batch(int fenced, int ev,
							      struct measure_job *j)
{
	bench_run_fn run = j->run;
	void *state = j->state;
	uint32_t batch = j->batch;
	uint64_t sum = 0;
	const struct ev_plan plan = ev_plan_now(ev);

	for (uint32_t s = 0; s < j->n; s++) {
		uint64_t input = j->inputs[s];
		struct reads a, b;
		open_interval(fenced, ev, &plan, &a);
		for (uint32_t k = 0; k < batch; k++)
			sum += run(state, input);
		close_interval(fenced, ev, &plan, &b);
		j->out[s].cycles = b.c - a.c;
		j->out[s].instret = b.i - a.i;
		store_events(ev, &plan, j, s, &a, &b, 0);
	}
	j->checksum = sum;
}

/* The prepared shapes: prepare() before each call, outside its interval;
 * the return value folded in after the closing read. */
static inline __attribute__((always_inline)) void loop_prepared(int fenced, int ev,
								 struct measure_job *j)
{
	bench_run_fn run = j->run;
	bench_prepare_fn prepare = j->prepare;
	void *state = j->state;
	uint32_t batch = j->batch ? j->batch : 1;
	uint32_t call = j->first_call;
	uint64_t sum = 0;
	const struct ev_plan plan = ev_plan_now(ev);

	for (uint32_t s = 0; s < j->n; s++) {
		uint64_t input = j->inputs[s];
		uint64_t cycles = 0, instret = 0;
		for (uint32_t k = 0; k < batch; k++) {
			struct reads a, b;
			prepare(state, call++, input);
			/* prepare()'s stores drain before the interval opens,
			 * in plain mode too: their cost is not the call's
			 * (iorw: the opening read is a CSR read, above) */
			FENCE_ALL();
			open_interval(fenced, ev, &plan, &a);
			uint64_t r = run(state, input);
			close_interval(fenced, ev, &plan, &b);
			cycles += b.c - a.c;
			instret += b.i - a.i;
			store_events(ev, &plan, j, s, &a, &b, k > 0);
			sum += r;
		}
		j->out[s].cycles = cycles;
		j->out[s].instret = instret;
	}
	j->checksum = sum;
}

#define LOOP_COPY(name, loop, fenced, ev) \
	__attribute__((noinline)) static void name(struct measure_job *j) { loop(fenced, ev, j); }
LOOP_COPY(plain_single, loop_single, 0, 0)
LOOP_COPY(fenced_single, loop_single, 1, 0)
LOOP_COPY(plain_batch, loop_batch, 0, 0)
LOOP_COPY(fenced_batch, loop_batch, 1, 0)
LOOP_COPY(plain_prepared, loop_prepared, 0, 0)
LOOP_COPY(fenced_prepared, loop_prepared, 1, 0)
LOOP_COPY(plain_single_ev, loop_single, 0, 1)
LOOP_COPY(fenced_single_ev, loop_single, 1, 1)
LOOP_COPY(plain_batch_ev, loop_batch, 0, 1)
LOOP_COPY(fenced_batch_ev, loop_batch, 1, 1)
LOOP_COPY(plain_prepared_ev, loop_prepared, 0, 1)
LOOP_COPY(fenced_prepared_ev, loop_prepared, 1, 1)
#undef LOOP_COPY

void harness_measure(enum counter_mode mode, struct measure_job *job)
{
	int fenced = mode == COUNTER_FENCED;

	if (job->nev && job->nev == events_n) {
		if (job->prepare)
			(fenced ? fenced_prepared_ev : plain_prepared_ev)(job);
		else if (job->batch <= 1)
			(fenced ? fenced_single_ev : plain_single_ev)(job);
		else
			(fenced ? fenced_batch_ev : plain_batch_ev)(job);
	} else if (job->prepare) {
		(fenced ? fenced_prepared : plain_prepared)(job);
	} else if (job->batch <= 1) {
		(fenced ? fenced_single : plain_single)(job);
	} else {
		(fenced ? fenced_batch : plain_batch)(job);
	}
}

void harness_self_timed(struct measure_job *j)
{
	uint64_t sum = 0;

	for (uint32_t s = 0; s < j->n; s++) {
		if (j->prepare) {
			j->prepare(j->state, j->first_call + s, j->inputs[s]);
			/* as in loop_prepared: prepare()'s stores drain
			 * before run() reads the counters itself */
			FENCE_ALL();
		}
		uint64_t r = j->run(j->state, j->inputs[s]);
		j->out[s].cycles = r;
		j->out[s].instret = 0;
		sum += r;
	}
	j->checksum = sum;
}

/* The calibration's prepare(): its cost is outside the interval anyway. */
static __attribute__((noinline)) void empty_prepare(void *state, uint32_t call, uint64_t input)
{
	(void)state, (void)call, (void)input;
	__asm__ volatile("");
}

struct overhead harness_calibrate(enum counter_mode mode, uint32_t batch, int prepared,
				  unsigned nev)
{
	static struct wire_sample cal[HARNESS_CALIBRATION_SAMPLES];
	static struct wire_sample cal_ev[EVENTS_PAIRS][HARNESS_CALIBRATION_SAMPLES];
	static const uint64_t zero_inputs[HARNESS_CALIBRATION_SAMPLES];
	struct measure_job job = {
		.run = harness_empty_body,
		.inputs = zero_inputs,
		.out = cal,
		.n = HARNESS_CALIBRATION_SAMPLES,
		.batch = batch,
		.prepare = prepared ? empty_prepare : NULL,
		.nev = nev,
	};
	struct overhead oh = { UINT64_MAX, UINT64_MAX, { 0 } };

	for (unsigned p = 0; p < EVENTS_PAIRS; p++)
		job.ev[p] = cal_ev[p];
	for (unsigned k = 0; k < nev; k++)
		oh.ev[k] = UINT64_MAX;

	harness_measure(mode, &job);
	for (uint32_t i = 0; i < HARNESS_CALIBRATION_SAMPLES; i++) {
		if (cal[i].cycles < oh.cycles)
			oh.cycles = cal[i].cycles;
		if (cal[i].instret < oh.instret)
			oh.instret = cal[i].instret;
		for (unsigned k = 0; k < nev; k++) {
			uint64_t v = (k & 1) ? cal_ev[k / 2][i].instret : cal_ev[k / 2][i].cycles;
			if (v < oh.ev[k])
				oh.ev[k] = v;
		}
	}
	return oh;
}

static inline __attribute__((always_inline)) void nested(int fenced, uint64_t *effective,
							 uint64_t *total, uint32_t n)
{
	for (uint32_t s = 0; s < n; s++) {
		struct reads o0, i0, i1, o1;
		open_interval(fenced, 0, NULL, &o0);
		open_interval(fenced, 0, NULL, &i0);
		close_interval(fenced, 0, NULL, &i1);
		close_interval(fenced, 0, NULL, &o1);
		effective[s] = i1.c - i0.c;
		total[s] = (o1.c - o0.c) - (i1.c - i0.c);
	}
}

void harness_selfcheck(enum counter_mode mode, uint64_t *effective, uint64_t *total, uint32_t n)
{
	if (mode == COUNTER_FENCED)
		nested(1, effective, total, n);
	else
		nested(0, effective, total, n);
}
