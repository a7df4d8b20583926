/*
 * The file names of the plots of a result directory: `rvbench plot` writes
 * plot-STEM.png and the report links the same name, so both build it here
 * (the one layer below both).
 */
#ifndef RVBENCH_PLOT_FILE_NAME_H
#define RVBENCH_PLOT_FILE_NAME_H

#include <stddef.h>

/* Room for a STEM (a bench, its parameters, hart and run). */
#define PLOT_STEM_MAX 600
/* Room for "plot-" STEM ".png". */
#define PLOT_FILE_MAX (PLOT_STEM_MAX + 16)

/*
 * Appends sep and part to stem (len bytes, truncated to fit). Characters
 * of [A-Za-z0-9._=+-] stay, ';' (between parameters) becomes '-', any other
 * becomes '_' and then ".h" and 8 hex digits of a hash of part follow, so
 * that names that differ only there ("a:b" and "a_b", both legal benchmark
 * names) never share a file. A part that needs no replacing is kept as is.
 */
void plot_stem_append(char *stem, size_t len, const char *sep, const char *part);

/* "plot-BENCH.png", or "plot-BENCH-PARAMS.png" when params is not "": the
 * names `rvbench plot` gives a benchmark's image (cli/cmd_plot.c). */
void plot_file_name(char *buf, size_t len, const char *bench, const char *params);

#endif
