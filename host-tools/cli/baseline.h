/*
 * Named reference results (`rvbench baseline save NAME [DIR]`,
 * `rvbench compare --baseline NAME [DIR]`): copies of result directories
 * kept under results/baselines/NAME, as criterion keeps its baselines.
 */
#ifndef RVBENCH_BASELINE_H
#define RVBENCH_BASELINE_H

#include <stddef.h>

/* Where results go by default (the collectors' results/<UTC time>). */
#define BASELINE_RESULTS_ROOT "results"
#define BASELINE_ROOT BASELINE_RESULTS_ROOT "/baselines"

/* The directory of baseline name in buf: 0, or -1 with a reason in err
 * when name is not a valid name ([A-Za-z0-9_.+-], 1..64 bytes, not
 * starting with '.'). Whether it exists is not checked. */
int baseline_path(const char *name, char *buf, size_t len, char *err, size_t errlen);

#endif
