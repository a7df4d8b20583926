/* The statistics of a result directory as files for other tools:
 * `rvbench stats --format csv|json|gbench-json` (export_*.c). */
#ifndef RVBENCH_EXPORT_H
#define RVBENCH_EXPORT_H

#include <stdio.h>

#include "analysis_report.h"

/* What the metric's values of series s count: for the cycles column the
 * run's unit ("instr" under QEMU -icount, else "cycles") or a self-timed
 * block's own (its sample_unit, "tick"); for instret or an event, its
 * name (counts of it). */
const char *export_unit(const struct results *r, const struct res_series *s);

int export_csv(FILE *f, const struct results *r, const struct an_opts *o);
int export_json(FILE *f, const struct results *r, const struct an_opts *o);
int export_gbench(FILE *f, const struct results *r, const struct an_opts *o);

#endif
