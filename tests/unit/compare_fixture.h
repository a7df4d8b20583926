/*
 * What the compare tests share (test_compare_table, test_compare_rows):
 * series made of n samples of v, with v + 1 every third sample so that
 * nothing is constant.
 */
#ifndef RVBENCH_COMPARE_FIXTURE_H
#define RVBENCH_COMPARE_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "results_csv.h"

/* n samples of v in (run, bench, block, params, batch), hart 1, group 0. */
static inline void cmp_fx_add(struct results *r, const char *run, const char *bench,
			      int64_t block, const char *params, uint64_t batch, uint64_t v,
			      size_t n)
{
	for (size_t i = 0; i < n; i++)
		assert_int_equal(results_add(r, run, bench, block, params, 1, 0, batch,
					     v + (i % 3 == 0), v),
				 0);
}

#endif
