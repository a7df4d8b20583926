/*
 * What a benchmark's image shows of the samples that did not arrive. The
 * series of results_csv.h keep the values alone, so a block that lost a
 * line of samples reads as a shorter whole one: here each block's
 * measured sample indices (samples.csv's index column, in the file's
 * order, which is the order of its series' values) and the indices that
 * were due (meta.json: warmup + samples), read once per directory.
 */
#ifndef RVBENCH_PLOT_SAMPLES_H
#define RVBENCH_PLOT_SAMPLES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "results_csv.h"

/* One block's measured samples by index. */
struct plot_block {
	char *run;
	uint64_t block;
	uint64_t *index; /* in file order */
	size_t n, cap;
	int due_known;      /* meta.json gave warmup and samples */
	uint64_t due_first; /* the measured indices due: [due_first, due_end) */
	uint64_t due_end;
};

struct plot_blocks {
	struct plot_block *b;
	size_t n, cap;
};

/* The measured samples lost by a block, and the index range to draw. */
struct plot_loss {
	uint64_t lost;       /* due and not in samples.csv */
	uint64_t due;        /* due in all (known: due_known) */
	int due_known;       /* 0: lost counts the holes between indices alone */
	uint64_t first, end; /* the indices of the "in order" panel: [first, end) */
};

/*
 * Reads DIR/samples.csv's run, block, index and warmup columns (the rows
 * results_load keeps: measured, and with a value of the --metric event)
 * and DIR/meta.json's due counts into pb. A file without a block or index
 * column gives no blocks. 0, or -1 with a reason in err.
 */
int plot_blocks_load(const char *dir, struct plot_blocks *pb, char *err, size_t errlen);
void plot_blocks_free(struct plot_blocks *pb);

/* The indices of series s, one for each of its values; NULL when they are
 * not known (no block column, or the counts differ). */
const struct plot_block *plot_blocks_of(const struct plot_blocks *pb, const struct res_series *s);

/* What b lost of its due measured samples. */
struct plot_loss plot_block_loss(const struct plot_block *b);

/* The runs of indices of b missing in [l->first, l->end), one row "left
 * right" each (first - 0.5, last + 0.5: the span of their points). The
 * number of rows, or -1 out of memory. */
long plot_block_write_holes(FILE *f, const struct plot_block *b, const struct plot_loss *l);

#endif
