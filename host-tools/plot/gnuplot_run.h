/*
 * Running gnuplot (Debian gnuplot-nox) for the pictures of `rvbench plot`
 * and `rvbench compare --plot`: a private temporary directory for the data
 * and the script, quoting for gnuplot, the output terminal chosen by the
 * file's extension, and the run itself, whose messages are shown only when
 * it fails. The picture is drawn beside its file and renamed to it only
 * once it is whole (image_file.h): gnuplot's exit status does not tell.
 */
#ifndef RVBENCH_GNUPLOT_RUN_H
#define RVBENCH_GNUPLOT_RUN_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* A private temporary directory and the files made in it (at most 8 are
 * remembered for removal), so that nothing is left behind. */
struct gp_tmpdir {
	char path[64];
	char file[8][160];
	int nfile;
	int batched; /* its script waits in the batch (gnuplot_batch.h), which removes it */
	/* The picture (gp_output): out_tmp, where gnuplot draws it, until
	 * gp_output_commit renames it to out; "" when there is none. */
	char out[PATH_MAX], out_tmp[PATH_MAX];
};

/* Makes t: a new directory under $TMPDIR (when short enough) or /tmp.
 * Returns 0, or -1 with a reason in err. */
int gp_tmp_make(struct gp_tmpdir *t, char *err, size_t errlen);
/* Opens t's file name for writing, its full path in path[0..len), and
 * remembers it for gp_tmp_remove. NULL (errno set) when it cannot. */
FILE *gp_tmp_open(struct gp_tmpdir *t, const char *name, char *path, size_t len);
/* Removes t's files, its picture's temporary file and t itself. */
void gp_tmp_remove(struct gp_tmpdir *t);

/* Writes s as a gnuplot single-quoted string ('' is a quote), so that any
 * title or file name is taken literally. */
void gp_str(FILE *f, const char *s);
/* Writes machine as the first line of a title whose string follows
 * ('MACHINE' . "\n" . ), so that a picture says what it was measured on;
 * nothing when machine is "" (not known). */
void gp_title_machine(FILE *f, const char *machine);
/* The script's first lines: a w x h image written straight to file, PNG
 * or SVG by its extension, with a grid, the border behind the data and
 * the key top left. Returns 0, or -1 with a reason in err when file ends
 * in neither .png nor .svg or holds a control character. */
int gp_terminal(FILE *f, const char *file, int w, int h, char *err, size_t errlen);
/* gp_terminal for the picture of t, file, but drawn into a temporary file
 * beside it (image_file.h) that gnuplot's run checks and renames to file
 * (gp_output_commit). Returns 0, or -1 with a reason in err. */
int gp_output(struct gp_tmpdir *t, FILE *f, const char *file, int w, int h, char *err,
	      size_t errlen);
/* After gnuplot ran t's script without an error: t's picture checked whole
 * and renamed into place (nothing to do without one). 0, or -1 with a
 * reason naming the file in err; the temporary file is gone either way. */
int gp_output_commit(struct gp_tmpdir *t, char *err, size_t errlen);
/* Closes the finished script *f and runs gnuplot on it: 0 when it drew
 * its picture whole (gp_output_commit), or -1 with err set when the script
 * could not be written, gnuplot failed or the picture is not whole. */
int gp_finish_script(struct gp_tmpdir *t, FILE **f, const char *path, char *err, size_t errlen);
/* Runs gnuplot on the script at path now, whatever the batch: as
 * gp_finish_script, for a script already closed. */
int gp_run_script(struct gp_tmpdir *t, const char *path, char *err, size_t errlen);
/* The error of a plot whose data or script could not be written (errno):
 * err set, *f closed if open; returns -1. */
int gp_write_error(const struct gp_tmpdir *t, FILE **f, char *err, size_t errlen);
/* fclose that forgets the stream either way (the error paths close what
 * is still open). fclose's result. */
int gp_close_ok(FILE **f);

/* The values v[0..n) sorted, one "value percentile" pair a line after
 * "min 0": the data of a CDF or percentile curve, which rises from 0 at
 * the smallest value (one sample draws a step, not nothing). 0, or -1
 * out of memory. */
int gp_write_sorted(FILE *f, const uint64_t *v, size_t n);

#endif
