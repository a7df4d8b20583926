/* The statistics of a result directory as files for other tools:
 * `rvbench stats --format csv|json|gbench-json` (export_*.c). */
#ifndef RVBENCH_EXPORT_H
#define RVBENCH_EXPORT_H

#include <stdio.h>

#include "analysis_report.h"

int export_csv(FILE *f, const struct results *r, const struct an_opts *o);
int export_json(FILE *f, const struct results *r, const struct an_opts *o);
int export_gbench(FILE *f, const struct results *r, const struct an_opts *o);

#endif
