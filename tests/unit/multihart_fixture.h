/*
 * The multi-hart stream the collector's tests share (test_multihart,
 * test_collector_fast): three blocks of run TAG on four harts, with
 * tracepoints, HART records and parallel fields (synth.c), one of them
 * a negative offset.
 */
#ifndef RVBENCH_MULTIHART_FIXTURE_H
#define RVBENCH_MULTIHART_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#include "collector_fixture.h"
#include "synth.h"

#define TAG 0x5a11e1e5u

static const struct synth_bench benches[3] = {
	{ "addi100", 2, 30, 0, 5, 3, "ok", 0, NULL, NULL, 0, NULL },
	{ "circle", 1, 20, 0, 5, 3, "ok", 0, NULL, NULL, 0, NULL },
	{ "tp_addi100", 0, 17, 0, 5, 3, "none", 0, NULL, NULL, 0, NULL },
};
static const int64_t offsets[3] = { 0, -13, 4711 };

static const struct synth_extra extra = { 1, 0, 1, 4, offsets, 3, 1 };


/* The run with x's records (rice: Rice-coded samples) as one buffer. */
static inline char *stream(const struct synth_extra *x, size_t *len, int rice)
{
	struct synth_run r = { TAG, 77, benches, 3, "ok", rice, 1 };
	return synth_stream(&r, x, SIZE_MAX, len);
}

#endif
