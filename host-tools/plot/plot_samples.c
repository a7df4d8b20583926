/* The blocks' sample indices and how they ended, for the plots (plot_samples.h). */
#include "plot_samples.h"

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "rcsv.h"
#include "results_metric.h"
#include "wire.h"

/* The block (run, id) of pb, *last tried first (a block's rows are
 * consecutive); NULL when there is none. */
static struct plot_block *find(const struct plot_blocks *pb, const char *run, uint64_t id,
			       size_t *last)
{
	if (*last < pb->n && pb->b[*last].block == id && !strcmp(pb->b[*last].run, run))
		return &pb->b[*last];
	for (size_t i = 0; i < pb->n; i++)
		if (pb->b[i].block == id && !strcmp(pb->b[i].run, run)) {
			*last = i;
			return &pb->b[i];
		}
	return NULL;
}

/* Appends sample index to block (run, id), made if new. 0, or -1 out of
 * memory. */
static int add(struct plot_blocks *pb, const char *run, uint64_t id, uint64_t index, size_t *last)
{
	struct plot_block *b = find(pb, run, id, last);
	if (!b) {
		struct plot_block *nb = rcsv_grow(pb->b, &pb->cap, pb->n + 1, sizeof(*nb));
		if (!nb)
			return -1;
		pb->b = nb;
		b = &pb->b[pb->n];
		*b = (struct plot_block){ .run = strdup(run), .block = id };
		if (!b->run)
			return -1;
		*last = pb->n++;
	}
	uint64_t *ni = rcsv_grow(b->index, &b->cap, b->n + 1, sizeof(*ni));
	if (!ni)
		return -1;
	b->index = ni;
	b->index[b->n++] = index;
	return 0;
}

/* The measured indices due of each block meta.json lists: [warmup,
 * warmup + samples). A meta.json that is not there or lacks them leaves
 * the blocks' due unknown: the holes between indices still show. */
static void read_due(const char *dir, struct plot_blocks *pb)
{
	char path[4200];
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	json_t *root = json_load_file(path, 0, NULL), *run, *b;
	size_t i, j, last = 0;
	json_array_foreach(json_object_get(root, "runs"), i, run) {
		const char *tag = json_string_value(json_object_get(run, "tag"));
		json_array_foreach(json_object_get(run, "benches"), j, b) {
			json_t *id = json_object_get(b, "id"), *w = json_object_get(b, "warmup"),
			       *s = json_object_get(b, "samples");
			struct plot_block *k;
			if (!tag || !json_is_integer(id) || !json_is_integer(w) || !json_is_integer(s) ||
			    json_integer_value(w) < 0 || json_integer_value(s) < 0 ||
			    !(k = find(pb, tag, (uint64_t)json_integer_value(id), &last)))
				continue;
			k->due_known = 1;
			k->due_first = (uint64_t)json_integer_value(w);
			k->due_end = k->due_first + (uint64_t)json_integer_value(s);
		}
	}
	json_decref(root);
}

/* The rows of t as results_load keeps them, into pb. */
static int read_rows(const struct rcsv *t, struct plot_blocks *pb)
{
	int crun = rcsv_col(t, "run"), cblock = rcsv_col(t, "block"), cindex = rcsv_col(t, "index");
	int cwarm = rcsv_col(t, "warmup"), cmetric = results_metric_col(t);
	size_t last = 0;
	if (crun < 0 || cblock < 0 || cindex < 0 || cwarm < 0 || cmetric < 0)
		return 0; /* files of before the block column: no indices */
	for (size_t i = 1; i < t->nrows; i++) {
		char **f = t->row[i];
		uint64_t block, index, warmup;
		/* A row results_load would refuse or skip; one it refuses
		 * never reaches here, the directory failed to load. */
		if (t->nfield[i] != t->nfield[0] || wire_parse_u64(f[cwarm], &warmup) || warmup ||
		    (results_metric_is_event() && !*f[cmetric]) || wire_parse_u64(f[cblock], &block) ||
		    wire_parse_u64(f[cindex], &index))
			continue;
		if (add(pb, f[crun], block, index, &last))
			return -1;
	}
	return 0;
}

int plot_blocks_load(const char *dir, struct plot_blocks *pb, char *err, size_t errlen)
{
	struct rcsv t;
	memset(pb, 0, sizeof(*pb));
	int rc = results_csv_read(dir, "samples.csv", &t, err, errlen);
	if (rc > 0)
		snprintf(err, errlen, "cannot read %s/samples.csv: it went away", dir);
	if (rc)
		return -1;
	rc = read_rows(&t, pb);
	rcsv_free(&t);
	if (rc) {
		plot_blocks_free(pb);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	read_due(dir, pb);
	return 0;
}

void plot_blocks_free(struct plot_blocks *pb)
{
	for (size_t i = 0; i < pb->n; i++) {
		free(pb->b[i].run);
		free(pb->b[i].index);
	}
	free(pb->b);
	memset(pb, 0, sizeof(*pb));
}

const struct plot_block *plot_blocks_of(const struct plot_blocks *pb, const struct res_series *s)
{
	size_t last = 0;
	if (!pb || s->block < 0)
		return NULL;
	const struct plot_block *b = find(pb, s->run, (uint64_t)s->block, &last);
	return b && b->n == s->n ? b : NULL;
}

struct plot_loss plot_block_loss(const struct plot_block *b)
{
	struct plot_loss l = { 0 };
	uint64_t lo = UINT64_MAX, hi = 0;
	for (size_t i = 0; i < b->n; i++) {
		lo = b->index[i] < lo ? b->index[i] : lo;
		hi = b->index[i] > hi ? b->index[i] : hi;
	}
	if (b->due_known && b->due_end > b->due_first) {
		l.due_known = 1;
		l.first = b->due_first;
		l.end = b->due_end;
	} else { /* without meta.json: what lies between the indices that came */
		l.first = b->n ? lo : 0;
		l.end = b->n ? hi + 1 : 0;
	}
	l.due = l.end - l.first;
	l.lost = l.due > b->n ? l.due - b->n : 0;
	return l;
}

long plot_block_write_holes(FILE *f, const struct plot_block *b, const struct plot_loss *l)
{
	uint64_t *v = an_sorted_copy(b->index, b->n);
	if (!v && b->n)
		return -1;
	uint64_t next = l->first; /* the first index not seen yet */
	long rows = 0;
	for (size_t i = 0; i <= b->n; i++) {
		uint64_t at = i < b->n ? v[i] : l->end;
		if (at < next)
			continue; /* twice, or below the due range */
		if (at > l->end)
			at = l->end;
		if (at > next) {
			fprintf(f, "%.1f %.1f\n", (double)next - 0.5, (double)at - 0.5);
			rows++;
		}
		next = at + 1;
	}
	free(v);
	return rows;
}
