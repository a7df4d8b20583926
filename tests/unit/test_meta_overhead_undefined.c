/*
 * meta.json's overhead self-check (host-tools/output/meta_json.c) writes
 * what is undefined as null, never as 0 nor by leaving the key out: the
 * mean of no sample, the variance and standard deviation of fewer than
 * two (n - 1), and the relative standard deviation of a mean of 0.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "collector_fixture.h"
#include "synth.h"
#include "test_main.h"

static const struct synth_bench one[1] = {
	{ "one", 3, 4, 0, 0, 0, "ok", 0, NULL, NULL, 0, NULL },
};

/* The run's OVERHEAD lines replaced by o[0..n) before meta.json is made. */
static char *meta_with(const struct coll_overhead *o, size_t n)
{
	struct synth_run r = { 0xabcdef02, 1, one, 1, "ok", 0, 0 };
	struct collector *c = synth_decoded(&r, SIZE_MAX);
	assert_int_equal(c->nruns, 1);
	assert_true(n <= COLL_OH_MAX);
	memcpy(c->runs[0].oh, o, n * sizeof(*o));
	c->runs[0].noh = n;
	char *m = meta(c);
	collector_free(c);
	return m;
}

static void test_overhead_undefined_is_null(void **state)
{
	(void)state;
	const struct coll_overhead o[4] = {
		{ .kind = "effective", .counter = "plain", .samples = 1, .min = 7, .max = 7, .sum = 7,
		  .sumsq = 49 },
		{ .kind = "total", .counter = "plain", .samples = 0 },
		{ .kind = "tp-effective", .counter = "tracepoint", .samples = 2, .min = 0, .max = 0,
		  .sum = 0, .sumsq = 0 },
		{ .kind = "tp-total", .counter = "tracepoint", .samples = 2, .min = 3, .max = 5,
		  .sum = 8, .sumsq = 34 },
	};
	char *m = meta_with(o, 4);
	static const char *const want[] = {
		/* one sample: its mean, no spread */
		"{\"kind\": \"effective\", \"counter\": \"plain\", \"samples\": 1, \"min\": 7,"
		" \"max\": 7, \"sum\": 7, \"sumsq\": 49, \"mean\": 7.0, \"variance\": null,"
		" \"stddev\": null, \"stddev_pct\": null}",
		/* none: nothing */
		"{\"kind\": \"total\", \"counter\": \"plain\", \"samples\": 0, \"min\": 0, \"max\": 0,"
		" \"sum\": 0, \"sumsq\": 0, \"mean\": null, \"variance\": null, \"stddev\": null,"
		" \"stddev_pct\": null}",
		/* two zeros: a spread of 0, but no relative spread of a mean of 0 */
		"{\"kind\": \"tp-effective\", \"counter\": \"tracepoint\", \"samples\": 2, \"min\": 0,"
		" \"max\": 0, \"sum\": 0, \"sumsq\": 0, \"mean\": 0.0, \"variance\": 0.0,"
		" \"stddev\": 0.0, \"stddev_pct\": null}",
		/* 3 and 5: every figure */
		"{\"kind\": \"tp-total\", \"counter\": \"tracepoint\", \"samples\": 2, \"min\": 3,"
		" \"max\": 5, \"sum\": 8, \"sumsq\": 34, \"mean\": 4.0, \"variance\": 2.0,"
		" \"stddev\": 1.414, \"stddev_pct\": 35.355}",
	};
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		char *w = json_flat(want[i]);
		if (!strstr(m, w))
			fail_msg("not in meta.json: %s\nmeta.json: %s", w, m);
		free(w);
	}
	free(m);
}

TEST_MAIN(cmocka_unit_test(test_overhead_undefined_is_null))
