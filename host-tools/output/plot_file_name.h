/*
 * The file names of the plots of a result directory: `rvbench plot` writes
 * plot-STEM.png (plot_stem_file) and the report links the same name
 * (plot_file_name), so both build it here (the one layer below both).
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
 * becomes '_' and then ".h" and 8 hex digits of a 32-bit hash of part
 * follow, so that names that differ only there ("a:b" and "a_b", both
 * legal benchmark names) do not share a file (but for a collision of the
 * hash). The hash is kept whole, part cut shorter to make room, unless
 * stem and sep leave no room for it. A part that needs no replacing is
 * kept as is (cut at len: two long ones alike up to there share a file).
 */
void plot_stem_append(char *stem, size_t len, const char *sep, const char *part);

/* "plot-STEM.png": the file of an image of `rvbench plot` (cli/cmd_plot.c). */
void plot_stem_file(char *buf, size_t len, const char *stem);

/* "plot-BENCH.png", or "plot-BENCH-PARAMS.png" when params is not "": the
 * names `rvbench plot` gives a benchmark's image (plot_stem_file of the
 * stem of BENCH and PARAMS), which the report looks for. */
void plot_file_name(char *buf, size_t len, const char *bench, const char *params);

/*
 * How far another image's series shares the name of one series (its
 * bench, then its parameters, then its hart): `rvbench plot` names each
 * image by its bench and adds, only as far as another image needs it,
 * the parameters, "hartN" (a parallel run) and the run (a fleet's merged
 * directory). plot (cli/cmd_plot.c) and the report's links
 * (report/report_plots.c) both name images by this one rule.
 */
struct plot_clash {
	int bench, params, hart;
};
/* Notes image o (obench, oparams, ohart) against the series s names. */
void plot_clash_note(struct plot_clash *c, const char *bench, const char *params,
		     unsigned long long hart, const char *obench, const char *oparams,
		     unsigned long long ohart);
/* The stem of the series' image under clashes c, into stem (len bytes). */
void plot_series_stem(char *stem, size_t len, const struct plot_clash *c, const char *bench,
		      const char *params, unsigned long long hart, const char *run);

#endif
