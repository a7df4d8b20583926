/* samples.csv and summary.csv against meta.json (results_check.h). */
#include "results_check.h"

#include <jansson.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_name.h"
#include "term_str.h"
#include "wire.h"

static int check_on = 1;

void results_set_check(int on)
{
	check_on = on;
}

int results_check_on(void)
{
	return check_on;
}

/* One block as meta.json lists it, and what samples.csv and summary.csv
 * hold of it. */
struct blk {
	const char *run; /* the run's tag (owned by the JSON) */
	uint64_t id;
	char name[80];   /* as the CSV files write it: the name, or #id */
	const char *status; /* END's status (owned by the JSON); NULL: no END */
	uint64_t received, due;
	int whole;       /* complete run, block ended ok: every sample is due */
	uint64_t rows;
	uint8_t *seen;   /* a bit per sample index below due, once a row has it */
	size_t summary_line; /* where summary.csv has its row; 0: not yet */
};

/* A whole number member of o; -1 when absent or not one. Beyond 2^53
 * meta.json writes one as a string of digits (json_safe_u64). */
static int get_u64(const json_t *o, const char *key, uint64_t *out)
{
	json_t *v = json_object_get(o, key);
	if (json_is_string(v))
		return wire_parse_u64(json_string_value(v), out) ? -1 : 0;
	if (!json_is_integer(v) || json_integer_value(v) < 0)
		return -1;
	*out = (uint64_t)json_integer_value(v);
	return 0;
}

static const char *str_or(const json_t *o, const char *key, const char *dflt)
{
	const char *s = json_string_value(json_object_get(o, key));
	return s ? s : dflt;
}

/* The blocks of meta.json's runs[] into *out; -1 with err when a field
 * the check needs is missing. */
static int read_blocks(const json_t *runs, const char *meta, struct blk **out, size_t *n,
		       char *err, size_t errlen)
{
	size_t i, j, cap = 0;
	json_t *run, *b;

	*out = NULL;
	*n = 0;
	json_array_foreach(runs, i, run) {
		const char *tag = json_string_value(json_object_get(run, "tag"));
		int complete = !strcmp(str_or(run, "status", ""), "complete");
		json_t *benches = json_object_get(run, "benches");
		if (!tag || !json_is_array(benches)) {
			snprintf(err, errlen, "%s: run %zu has no tag or no benches list", meta, i);
			return -1;
		}
		json_array_foreach(benches, j, b) {
			struct blk k = { .run = tag };
			uint64_t warmup, samples;
			if (get_u64(b, "id", &k.id) || get_u64(b, "received", &k.received) ||
			    get_u64(b, "warmup", &warmup) || get_u64(b, "samples", &samples)) {
				snprintf(err, errlen, "%s: run %s, block %zu: no id, received, warmup or samples",
					 meta, tag, j);
				return -1;
			}
			/* The firmware's limits are far below; a bitmap of due bits is made. */
			if (warmup > UINT32_MAX || samples > UINT32_MAX) {
				snprintf(err, errlen, "%s: run %s, block %llu: %llu + %llu samples is not "
					 "a count the firmware sends", meta, tag, (unsigned long long)k.id,
					 (unsigned long long)warmup, (unsigned long long)samples);
				return -1;
			}
			const char *name = json_string_value(json_object_get(b, "name"));
			if (name)
				snprintf(k.name, sizeof(k.name), "%s", name);
			else
				snprintf(k.name, sizeof(k.name), "#%llu", (unsigned long long)k.id);
			k.due = warmup + samples;
			k.status = json_string_value(json_object_get(b, "status"));
			k.whole = complete && !strcmp(str_or(b, "status", ""), "ok");
			if (*n == cap) {
				cap = cap ? cap * 2 : 16;
				struct blk *nb = realloc(*out, cap * sizeof(*nb));
				if (!nb) {
					snprintf(err, errlen, "out of memory");
					return -1;
				}
				*out = nb;
			}
			(*out)[(*n)++] = k;
		}
	}
	return 0;
}

/* "#ID": the name samples.csv gives a block whose BENCH line was lost. */
static int is_id_name(const char *s)
{
	uint64_t id;
	return s[0] == '#' && !wire_parse_u64(s + 1, &id);
}

/* The block of (run, id), trying the last one found first: a block's rows
 * are consecutive. n when there is none. */
static size_t find_blk(const struct blk *b, size_t n, size_t last, const char *run, uint64_t id)
{
	if (last < n && b[last].id == id && !strcmp(b[last].run, run))
		return last;
	for (size_t i = 0; i < n; i++)
		if (b[i].id == id && !strcmp(b[i].run, run))
			return i;
	return n;
}

/* "block RUN/ID 'name'" for a message, the name escaped. */
static const char *blk_text(const struct blk *b, char *buf, size_t len)
{
	char name[100];
	snprintf(buf, len, "block %s/%llu '%s'", b->run, (unsigned long long)b->id,
		 term_str(b->name, name, sizeof(name)));
	return buf;
}

/* The line of the first row before row end with row's run, block and
 * index (there is one: the caller saw the index taken). */
static size_t first_line(const struct rcsv *t, int crun, int cblock, int cindex, size_t end,
			 char **row)
{
	uint64_t block, index, b, x;
	if (wire_parse_u64(row[cblock], &block) || wire_parse_u64(row[cindex], &index))
		return 0;
	for (size_t i = 1; i < end; i++)
		if (!wire_parse_u64(t->row[i][cindex], &x) && x == index &&
		    !wire_parse_u64(t->row[i][cblock], &b) && b == block &&
		    !strcmp(t->row[i][crun], row[crun]))
			return t->line[i];
	return 0;
}

static int check_rows(const struct rcsv *t, const char *path, struct blk *blk, size_t nblk,
		      char *err, size_t errlen)
{
	int crun = rcsv_col(t, "run"), cblock = rcsv_col(t, "block"), cindex = rcsv_col(t, "index");
	int cbench = rcsv_col(t, "bench");
	char bt[200], name[100];

	if (crun < 0 || cblock < 0 || cindex < 0 || cbench < 0) {
		snprintf(err, errlen, "%s:1: no run, bench, block or index column: cannot be checked "
			 "against meta.json (written by an older rvbench? --no-check reads it)", path);
		return -1;
	}
	if (t->nrows < 2) {
		snprintf(err, errlen, "%s: no samples (a header only)", path);
		return -1;
	}
	size_t last = nblk;
	for (size_t i = 1; i < t->nrows; i++) {
		char **f = t->row[i];
		uint64_t id, index;
		if (wire_parse_u64(f[cblock], &id) || wire_parse_u64(f[cindex], &index)) {
			snprintf(err, errlen, "%s:%zu: block or index is not a whole number", path,
				 t->line[i]);
			return -1;
		}
		last = find_blk(blk, nblk, last, f[crun], id);
		if (last == nblk) {
			snprintf(err, errlen, "%s:%zu: block %s/%llu '%s' is not in meta.json", path,
				 t->line[i], term_str(f[crun], bt, 40), (unsigned long long)id,
				 term_str(f[cbench], name, sizeof(name)));
			return -1;
		}
		struct blk *b = &blk[last];
		if (!bench_name_ok(f[cbench]) && !is_id_name(f[cbench])) {
			snprintf(err, errlen, "%s:%zu: bench name '%s' outside [A-Za-z0-9_.:+-] (1 to %d "
				 "bytes): not one the collector writes", path, t->line[i],
				 term_str(f[cbench], name, sizeof(name)), BENCH_NAME_MAX);
			return -1;
		}
		if (strcmp(f[cbench], b->name)) {
			snprintf(err, errlen, "%s:%zu: %s is named '%s' here", path, t->line[i],
				 blk_text(b, bt, sizeof(bt)), term_str(f[cbench], name, sizeof(name)));
			return -1;
		}
		if (index >= b->due) {
			snprintf(err, errlen, "%s:%zu: %s: sample %llu, but only %llu were due", path,
				 t->line[i], blk_text(b, bt, sizeof(bt)), (unsigned long long)index,
				 (unsigned long long)b->due);
			return -1;
		}
		if (!b->seen && !(b->seen = calloc((size_t)(b->due / 8 + 1), 1))) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (b->seen[index / 8] & (1u << (index % 8))) {
			snprintf(err, errlen, "%s:%zu: %s: sample %llu twice (line %zu too)", path,
				 t->line[i], blk_text(b, bt, sizeof(bt)), (unsigned long long)index,
				 first_line(t, crun, cblock, cindex, i, f));
			return -1;
		}
		b->seen[index / 8] |= (uint8_t)(1u << (index % 8));
		b->rows++;
	}
	for (size_t i = 0; i < nblk; i++) {
		if (blk[i].rows != blk[i].received) {
			snprintf(err, errlen, "%s: %s: %llu rows, but meta.json says %llu samples arrived",
				 path, blk_text(&blk[i], bt, sizeof(bt)), (unsigned long long)blk[i].rows,
				 (unsigned long long)blk[i].received);
			return -1;
		}
		if (blk[i].whole && blk[i].received != blk[i].due) {
			snprintf(err, errlen, "%s: %s: meta.json says the run is complete and the block "
				 "ended ok, but %llu of its %llu samples arrived", path,
				 blk_text(&blk[i], bt, sizeof(bt)), (unsigned long long)blk[i].received,
				 (unsigned long long)blk[i].due);
			return -1;
		}
	}
	return 0;
}

static void free_blocks(struct blk *blk, size_t nblk)
{
	for (size_t i = 0; i < nblk; i++)
		free(blk[i].seen);
	free(blk);
}

/* DIR/meta.json (returned, the caller decrefs it) and its blocks, to
 * check file (samples.csv, summary.csv) against; NULL with err. */
static json_t *load_blocks(const char *dir, const char *file, struct blk **blk, size_t *nblk,
			   char *err, size_t errlen)
{
	char meta[4200];
	json_error_t je;

	*blk = NULL;
	*nblk = 0;
	snprintf(meta, sizeof(meta), "%s/meta.json", dir);
	json_t *root = json_load_file(meta, 0, &je);
	if (!root) {
		snprintf(err, errlen, "%s: %s: %s cannot be checked (--no-check reads it anyway)", meta,
			 je.text[0] ? je.text : "cannot be read", file);
		return NULL;
	}
	json_t *runs = json_object_get(root, "runs");
	if (!json_is_array(runs)) {
		snprintf(err, errlen, "%s lists no runs: %s cannot be checked (--no-check reads it "
			 "anyway)", meta, file);
	} else if (!read_blocks(runs, meta, blk, nblk, err, errlen)) {
		return root;
	}
	free_blocks(*blk, *nblk);
	*blk = NULL;
	*nblk = 0;
	json_decref(root);
	return NULL;
}

int results_check(const char *dir, const char *path, const struct rcsv *t, char *err,
		  size_t errlen)
{
	struct blk *blk;
	size_t nblk;
	json_t *root = load_blocks(dir, "samples.csv", &blk, &nblk, err, errlen);
	if (!root)
		return -1;
	int rc = check_rows(t, path, blk, nblk, err, errlen);
	free_blocks(blk, nblk);
	json_decref(root);
	return rc;
}

/* ---- summary.csv ----------------------------------------------------------- */

/* Whether summary.csv's status s is what meta.json says of block b. A
 * block without END (null in meta.json) has an empty status there, or
 * "conflict" when its values disagreed (collector_check.c), which
 * meta.json records only with an END. */
static int status_agrees(const struct blk *b, const char *s)
{
	if (b->status)
		return !strcmp(s, b->status);
	return !*s || !strcmp(s, "conflict");
}

/* Row i of summary.csv (its columns run, bench, block and status in col)
 * against its block; *last: the block of the row before, tried first. */
static int check_summary_row(const struct rcsv *t, size_t i, const int *col, const char *path,
			     struct blk *blk, size_t nblk, size_t *last, char *err, size_t errlen)
{
	enum { RUN, BENCH, BLOCK, STATUS };
	char **f = t->row[i];
	char bt[200], name[100], st[100];
	uint64_t id;

	if (t->nfield[i] != t->nfield[0]) {
		snprintf(err, errlen, "%s:%zu: %zu fields, the header has %zu (the row was cut or "
			 "edited)", path, t->line[i], t->nfield[i], t->nfield[0]);
		return -1;
	}
	if (wire_parse_u64(f[col[BLOCK]], &id)) {
		snprintf(err, errlen, "%s:%zu: column 'block': '%s' is not a whole number", path,
			 t->line[i], term_str(f[col[BLOCK]], name, 41));
		return -1;
	}
	*last = find_blk(blk, nblk, *last, f[col[RUN]], id);
	if (*last == nblk) {
		snprintf(err, errlen, "%s:%zu: block %s/%llu '%s' is not in meta.json", path,
			 t->line[i], term_str(f[col[RUN]], bt, 40), (unsigned long long)id,
			 term_str(f[col[BENCH]], name, sizeof(name)));
		return -1;
	}
	struct blk *b = &blk[*last];
	if (strcmp(f[col[BENCH]], b->name)) {
		snprintf(err, errlen, "%s:%zu: %s is named '%s' here", path, t->line[i],
			 blk_text(b, bt, sizeof(bt)), term_str(f[col[BENCH]], name, sizeof(name)));
		return -1;
	}
	if (b->summary_line) {
		snprintf(err, errlen, "%s:%zu: %s twice (line %zu too)", path, t->line[i],
			 blk_text(b, bt, sizeof(bt)), b->summary_line);
		return -1;
	}
	b->summary_line = t->line[i];
	if (!status_agrees(b, f[col[STATUS]])) {
		snprintf(err, errlen, "%s:%zu: %s: status '%s' here, but meta.json says %s%s%s", path,
			 t->line[i], blk_text(b, bt, sizeof(bt)),
			 term_str(f[col[STATUS]], name, sizeof(name)), b->status ? "'" : "",
			 b->status ? term_str(b->status, st, sizeof(st)) : "none (no END)",
			 b->status ? "'" : "");
		return -1;
	}
	return 0;
}

static int check_summary_rows(const struct rcsv *t, const char *path, struct blk *blk,
			      size_t nblk, char *err, size_t errlen)
{
	const int col[] = { rcsv_col(t, "run"), rcsv_col(t, "bench"), rcsv_col(t, "block"),
			    rcsv_col(t, "status") };
	char bt[200], st[100];

	if (!t->nrows) {
		snprintf(err, errlen, "%s: empty file (no header)", path);
		return -1;
	}
	if (col[0] < 0 || col[1] < 0 || col[2] < 0 || col[3] < 0) {
		snprintf(err, errlen, "%s:1: no run, bench, block or status column: cannot be checked "
			 "against meta.json (cut, or written by an older rvbench? --no-check reads it)",
			 path);
		return -1;
	}
	size_t last = nblk;
	for (size_t i = 1; i < t->nrows; i++)
		if (check_summary_row(t, i, col, path, blk, nblk, &last, err, errlen))
			return -1;
	/* A block without its row: the one row that says how it ended. */
	for (size_t i = 0; i < nblk; i++)
		if (!blk[i].summary_line) {
			snprintf(err, errlen, "%s: %s has no row, but meta.json lists it (status %s): "
				 "the file was cut or edited", path, blk_text(&blk[i], bt, sizeof(bt)),
				 blk[i].status ? term_str(blk[i].status, st, sizeof(st)) : "none");
			return -1;
		}
	return 0;
}

int results_check_summary(const char *dir, const char *path, const struct rcsv *t, char *err,
			  size_t errlen)
{
	struct blk *blk;
	size_t nblk;
	json_t *root = load_blocks(dir, "summary.csv", &blk, &nblk, err, errlen);
	if (!root)
		return -1;
	int rc = check_summary_rows(t, path, blk, nblk, err, errlen);
	free_blocks(blk, nblk);
	json_decref(root);
	return rc;
}

int results_meta_lists(const char *dir, const char *name)
{
	char meta[4200];
	json_error_t je;
	size_t i;
	json_t *v;
	int found = 0;

	snprintf(meta, sizeof(meta), "%s/meta.json", dir);
	json_t *root = json_load_file(meta, 0, &je);
	json_array_foreach(json_object_get(root, "files"), i, v)
		found |= json_is_string(v) && !strcmp(json_string_value(v), name);
	json_decref(root);
	return found;
}
