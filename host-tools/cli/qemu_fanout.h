/*
 * `rvbench qemu -j N --repeat R --matrix KEY=V1,V2`: many QEMU instances of
 * one image on one host, at most N at a time, each collected into a result
 * directory of its own (OUT/runs/NN), then merged into OUT as a fleet
 * (fleet.h). Each instance is a child process that runs the ordinary
 * collection, so an instance is exactly what `rvbench qemu` alone gives.
 */
#ifndef RVBENCH_QEMU_FANOUT_H
#define RVBENCH_QEMU_FANOUT_H

#include <stddef.h>

#define FANOUT_MAX_AXES 8
#define FANOUT_MAX_INSTANCES 1000
/* One --matrix argument: the words of an instance fit its 1 KiB. */
#define FANOUT_MAX_AXIS 120

struct fanout {
	unsigned jobs;   /* at most this many at once (-j), >= 1 */
	unsigned repeat; /* instances per matrix point (--repeat), >= 1 */
	const char *axis[FANOUT_MAX_AXES]; /* --matrix KEY=V1,V2,... as given */
	size_t naxes;
};

/* Checks one --matrix argument and adds it. 0, or -1 said. */
int fanout_add_axis(struct fanout *fo, const char *arg);

/*
 * Runs one instance (in a child process): collect into dir with the
 * kernel command line words extra ("KEY=V KEY=V", "" without a matrix)
 * after the user's --bootargs, as device; returns the exit status.
 */
typedef int (*fanout_run_fn)(void *ctx, const char *dir, const char *extra, const char *device);

/*
 * Runs every instance (matrix points x repeat, the first axis slowest),
 * at most fo->jobs at once, then merges them into outdir (NULL:
 * results/<UTC time>, pointed at by results/latest). device_base names
 * the instances' devices (NULL: "qemu"). Returns the worst exit status of
 * the instances, or 2 for an error of its own. An outdir that holds
 * anything is refused unless force (--force, as for one collection); with
 * force the merge writes over the result there.
 */
int fanout_run(const struct fanout *fo, const char *outdir, const char *device_base, int force,
	       fanout_run_fn run, void *ctx);

#endif
