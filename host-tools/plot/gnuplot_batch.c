/* Many figures in one gnuplot process (gnuplot_batch.h). */
#include "gnuplot_batch.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static struct {
	int open;
	struct gp_tmpdir *t; /* copies of the figures' directories */
	char (*script)[200];
	size_t n, cap;
} batch;

void gp_batch_begin(void)
{
	batch.open = 1;
}

size_t gp_batch_count(void)
{
	return batch.n;
}

int gp_batch_take(struct gp_tmpdir *t, const char *path)
{
	if (!batch.open || strlen(path) >= sizeof(batch.script[0]))
		return 0;
	if (batch.n == batch.cap) {
		size_t cap = batch.cap ? 2 * batch.cap : 32;
		struct gp_tmpdir *nt = realloc(batch.t, cap * sizeof(*nt));
		if (nt)
			batch.t = nt;
		char(*ns)[200] = nt ? realloc(batch.script, cap * sizeof(*ns)) : NULL;
		if (!ns)
			return 0; /* out of memory: this one runs now, alone */
		batch.script = ns;
		batch.cap = cap;
	}
	batch.t[batch.n] = *t;
	snprintf(batch.script[batch.n], sizeof(batch.script[0]), "%s", path);
	batch.n++;
	t->batched = 1;
	return 1;
}

/* The master script: each figure's after a reset, its output closed. */
static int run_all(char *err, size_t errlen)
{
	struct gp_tmpdir m;
	char path[200];
	if (gp_tmp_make(&m, err, errlen))
		return -1;
	FILE *f = gp_tmp_open(&m, "all.gp", path, sizeof(path));
	int rc = -1;
	if (f) {
		for (size_t k = 0; k < batch.n; k++) {
			fputs("reset session\nload ", f);
			gp_str(f, batch.script[k]);
			fputs("\nunset output\n", f);
		}
		rc = gp_close_ok(&f) ? -1 : gp_run_script(&m, path, err, errlen);
	}
	gp_tmp_remove(&m);
	return rc;
}

void gp_batch_run(unsigned char *ok, char *(*err_of)(size_t k, void *ctx), void *ctx,
		  size_t errlen)
{
	char err[512];
	batch.open = 0;
	int all = batch.n ? run_all(err, sizeof(err)) : 0;
	for (size_t k = 0; k < batch.n; k++) {
		struct gp_tmpdir *t = &batch.t[k];
		/* gnuplot's status covers every figure, but only each picture
		 * tells whether it was written whole. */
		if (all)
			ok[k] = gp_run_script(t, batch.script[k], err_of(k, ctx), errlen) == 0;
		else
			ok[k] = gp_output_commit(t, err_of(k, ctx), errlen) == 0;
		t->batched = 0;
		gp_tmp_remove(t);
	}
	free(batch.t);
	free(batch.script);
	memset(&batch, 0, sizeof(batch));
}
