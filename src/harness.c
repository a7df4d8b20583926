#include "harness.h"

#include "csr.h"

/* The calibration body: as empty as a benchmark's run() can be. */
static void empty_body(void *state, uint64_t input)
{
	(void)state;
	(void)input;
}

/*
 * noinline and an indirect call: calibration and every benchmark go
 * through this one copy of the loop, so the instructions between the
 * counter reads differ only by the body under test.
 */
__attribute__((noinline)) static void measure_loop(void (*run)(void *, uint64_t), void *state,
						   const uint64_t *inputs,
						   struct wire_sample *out, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint64_t input = inputs[i];
		uint64_t c0 = read_cycle();
		uint64_t i0 = read_instret();
		run(state, input);
		uint64_t i1 = read_instret();
		uint64_t c1 = read_cycle();
		out[i].cycles = c1 - c0;
		out[i].instret = i1 - i0;
	}
}

struct overhead harness_calibrate(void)
{
	static struct wire_sample cal[HARNESS_CALIBRATION_SAMPLES];
	static const uint64_t zero_inputs[HARNESS_CALIBRATION_SAMPLES];
	struct overhead oh = { UINT64_MAX, UINT64_MAX };

	measure_loop(empty_body, NULL, zero_inputs, cal, HARNESS_CALIBRATION_SAMPLES);
	for (uint32_t i = 0; i < HARNESS_CALIBRATION_SAMPLES; i++) {
		if (cal[i].cycles < oh.cycles)
			oh.cycles = cal[i].cycles;
		if (cal[i].instret < oh.instret)
			oh.instret = cal[i].instret;
	}
	return oh;
}

void harness_measure(const struct bench *b, void *state, const uint64_t *inputs,
		     struct wire_sample *out, uint32_t n)
{
	measure_loop(b->run, state, inputs, out, n);
}
