#include "harness.h"

#include "csr.h"

const char *counter_mode_name(enum counter_mode m)
{
	return (unsigned)m < COUNTER_MODE_COUNT ? rec_counter_name[m] : "unknown";
}

/*
 * The counter reads that open and close an interval. Fenced: a full fence
 * on both sides, so memory accesses of the code under test cannot start
 * before the opening read or finish after the closing one (RISC-V has no
 * serializing counter read; this is the counterpart of cpuid + rdtscp).
 */
static inline __attribute__((always_inline)) void open_interval(int fenced, uint64_t *c, uint64_t *i)
{
	if (fenced)
		__asm__ volatile("fence rw, rw" : : : "memory");
	*c = read_cycle();
	*i = read_instret();
	if (fenced)
		__asm__ volatile("fence rw, rw" : : : "memory");
}

static inline __attribute__((always_inline)) void close_interval(int fenced, uint64_t *c, uint64_t *i)
{
	if (fenced)
		__asm__ volatile("fence rw, rw" : : : "memory");
	*i = read_instret();
	*c = read_cycle();
	if (fenced)
		__asm__ volatile("fence rw, rw" : : : "memory");
}

/*
 * One loop per (mode, per-call or batched) shape, each a single noinline
 * copy: calibration and every benchmark of that shape go through the same
 * instructions, so the net value differs only by the body under test.
 */
static inline __attribute__((always_inline)) void loop_single(int fenced, struct measure_job *j)
{
	bench_run_fn run = j->run;
	void *state = j->state;
	uint64_t sum = 0;

	for (uint32_t s = 0; s < j->n; s++) {
		uint64_t input = j->inputs[s];
		uint64_t c0, i0, c1, i1;
		open_interval(fenced, &c0, &i0);
		uint64_t r = run(state, input);
		close_interval(fenced, &c1, &i1);
		j->out[s].cycles = c1 - c0;
		j->out[s].instret = i1 - i0;
		sum += r;
	}
	j->checksum = sum;
}

static inline __attribute__((always_inline)) void loop_batch(int fenced, struct measure_job *j)
{
	bench_run_fn run = j->run;
	void *state = j->state;
	uint32_t batch = j->batch;
	uint64_t sum = 0;

	for (uint32_t s = 0; s < j->n; s++) {
		uint64_t input = j->inputs[s];
		uint64_t c0, i0, c1, i1;
		open_interval(fenced, &c0, &i0);
		for (uint32_t k = 0; k < batch; k++)
			sum += run(state, input);
		close_interval(fenced, &c1, &i1);
		j->out[s].cycles = c1 - c0;
		j->out[s].instret = i1 - i0;
	}
	j->checksum = sum;
}

/* The prepared shapes: prepare() before each call, outside its interval;
 * the return value folded in after the closing read. */
static inline __attribute__((always_inline)) void loop_prepared(int fenced, struct measure_job *j)
{
	bench_run_fn run = j->run;
	bench_prepare_fn prepare = j->prepare;
	void *state = j->state;
	uint32_t batch = j->batch ? j->batch : 1;
	uint32_t call = j->first_call;
	uint64_t sum = 0;

	for (uint32_t s = 0; s < j->n; s++) {
		uint64_t input = j->inputs[s];
		uint64_t cycles = 0, instret = 0;
		for (uint32_t k = 0; k < batch; k++) {
			uint64_t c0, i0, c1, i1;
			prepare(state, call++, input);
			/* prepare()'s stores drain before the interval opens,
			 * in plain mode too: their cost is not the call's */
			__asm__ volatile("fence rw, rw" ::: "memory");
			open_interval(fenced, &c0, &i0);
			uint64_t r = run(state, input);
			close_interval(fenced, &c1, &i1);
			cycles += c1 - c0;
			instret += i1 - i0;
			sum += r;
		}
		j->out[s].cycles = cycles;
		j->out[s].instret = instret;
	}
	j->checksum = sum;
}

__attribute__((noinline)) static void plain_single(struct measure_job *j) { loop_single(0, j); }
__attribute__((noinline)) static void fenced_single(struct measure_job *j) { loop_single(1, j); }
__attribute__((noinline)) static void plain_batch(struct measure_job *j) { loop_batch(0, j); }
__attribute__((noinline)) static void fenced_batch(struct measure_job *j) { loop_batch(1, j); }
__attribute__((noinline)) static void plain_prepared(struct measure_job *j) { loop_prepared(0, j); }
__attribute__((noinline)) static void fenced_prepared(struct measure_job *j) { loop_prepared(1, j); }

void harness_measure(enum counter_mode mode, struct measure_job *job)
{
	int fenced = mode == COUNTER_FENCED;

	if (job->prepare)
		(fenced ? fenced_prepared : plain_prepared)(job);
	else if (job->batch <= 1)
		(fenced ? fenced_single : plain_single)(job);
	else
		(fenced ? fenced_batch : plain_batch)(job);
}

void harness_self_timed(struct measure_job *j)
{
	uint64_t sum = 0;

	for (uint32_t s = 0; s < j->n; s++) {
		if (j->prepare)
			j->prepare(j->state, j->first_call + s, j->inputs[s]);
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

struct overhead harness_calibrate(enum counter_mode mode, uint32_t batch, int prepared)
{
	static struct wire_sample cal[HARNESS_CALIBRATION_SAMPLES];
	static const uint64_t zero_inputs[HARNESS_CALIBRATION_SAMPLES];
	struct measure_job job = {
		.run = harness_empty_body,
		.inputs = zero_inputs,
		.out = cal,
		.n = HARNESS_CALIBRATION_SAMPLES,
		.batch = batch,
		.prepare = prepared ? empty_prepare : NULL,
	};
	struct overhead oh = { UINT64_MAX, UINT64_MAX };

	harness_measure(mode, &job);
	for (uint32_t i = 0; i < HARNESS_CALIBRATION_SAMPLES; i++) {
		if (cal[i].cycles < oh.cycles)
			oh.cycles = cal[i].cycles;
		if (cal[i].instret < oh.instret)
			oh.instret = cal[i].instret;
	}
	return oh;
}

static inline __attribute__((always_inline)) void nested(int fenced, uint64_t *effective,
							 uint64_t *total, uint32_t n)
{
	for (uint32_t s = 0; s < n; s++) {
		uint64_t oc0, oi0, ic0, ii0, ic1, ii1, oc1, oi1;
		open_interval(fenced, &oc0, &oi0);
		open_interval(fenced, &ic0, &ii0);
		close_interval(fenced, &ic1, &ii1);
		close_interval(fenced, &oc1, &oi1);
		effective[s] = ic1 - ic0;
		total[s] = (oc1 - oc0) - (ic1 - ic0);
		(void)oi0, (void)oi1, (void)ii0, (void)ii1;
	}
}

void harness_selfcheck(enum counter_mode mode, uint64_t *effective, uint64_t *total, uint32_t n)
{
	if (mode == COUNTER_FENCED)
		nested(1, effective, total, n);
	else
		nested(0, effective, total, n);
}
