/* The image of one benchmark of `rvbench plot`. */
#ifndef RVBENCH_PLOT_BENCH_H
#define RVBENCH_PLOT_BENCH_H

#include <stddef.h>

#include "plot_samples.h"
#include "results_csv.h"

/* The series [first, end) of r (one benchmark, all its groups) drawn to
 * file (.png or .svg); pb (NULL: not known) gives their sample indices,
 * so that samples lost are counted in the title and shown as gaps.
 * Returns 0, or -1 with a reason in err. */
int plot_bench(const struct results *r, const struct plot_blocks *pb, size_t first, size_t end,
	       const char *file, char *err, size_t errlen);

#endif
