/* What the LAVA job tests share: a job written into a string. */
#ifndef RVBENCH_LAVA_FIXTURE_H
#define RVBENCH_LAVA_FIXTURE_H

#include <stdio.h>

#include "lava_job.h"

/* The job of o, as `rvbench lava job` writes it (freed by the caller). */
static inline char *job_text(const struct lava_job_opts *o)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(lava_job_write(f, o), 0);
	assert_int_equal(fclose(f), 0);
	return buf;
}

#endif
