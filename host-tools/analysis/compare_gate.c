/* The blocks of a result directory that are not whole (compare_gate.h). */
#include "compare_gate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rcsv.h"
#include "results_csv.h"
#include "wire.h"

/* The block's series: params, group and batch when the table has them. */
struct series_cols {
	int params, group, batch;
};

static int add(struct cmp_problems *pr, char **f, size_t nf, const struct series_cols *sc,
	       const char *run, const char *bench, int64_t block, const char *why, int skipped)
{
	struct cmp_problem *np = realloc(pr->p, (pr->n + 1) * sizeof(*np));
	if (!np)
		return -1;
	pr->p = np;
	struct cmp_problem *p = &np[pr->n];
	memset(p, 0, sizeof(*p));
	p->run = strdup(run);
	p->bench = strdup(bench);
	int whole = sc->params >= 0 && sc->group >= 0 && sc->batch >= 0 &&
		    (size_t)sc->params < nf && (size_t)sc->group < nf && (size_t)sc->batch < nf &&
		    !wire_parse_u64(f[sc->group], &p->group) &&
		    !wire_parse_u64(f[sc->batch], &p->batch);
	if (whole)
		p->params = strdup(f[sc->params]);
	if (!p->run || !p->bench || (whole && !p->params)) {
		free(p->run);
		free(p->bench);
		free(p->params);
		return -1;
	}
	p->block = block;
	p->skipped = skipped;
	snprintf(p->why, sizeof(p->why), "%s", why);
	pr->n++;
	return 0;
}

/* Rows of t (read from path) whose column col is not ok_value (summary.csv's
 * status) or any row (gaps.csv, ok_value NULL). A row whose col is
 * skip_value is kept as skipped, with the row's reason. 0, or -1 with the
 * reason in err. What a file lacks (these columns: an older gaps.csv; a row too
 * short to hold them) says nothing: a summary.csv like that gets here only
 * with --no-check, results_summary_read refuses it otherwise. */
static int scan(const struct rcsv *t, const char *path, const char *col, const char *ok_value,
		const char *skip_value, const char *what, struct cmp_problems *pr, char *err,
		size_t errlen)
{
	int crun = rcsv_col(t, "run"), cblock = rcsv_col(t, "block"), c = rcsv_col(t, col);
	int creason = rcsv_col(t, "reason");
	int cbench = rcsv_col(t, "bench");
	const struct series_cols sc = { rcsv_col(t, "params"), rcsv_col(t, "group"),
					rcsv_col(t, "batch") };
	if (crun < 0 || cblock < 0 || c < 0 || cbench < 0)
		return 0;
	for (size_t i = 1; i < t->nrows; i++) {
		char **f = t->row[i];
		size_t nf = t->nfield[i];
		if ((size_t)crun >= nf || (size_t)cblock >= nf || (size_t)c >= nf ||
		    (size_t)cbench >= nf)
			continue;
		char why[sizeof(pr->p->why)];
		int skipped = skip_value && !strcmp(f[c], skip_value);
		if (ok_value && !strcmp(f[c], ok_value)) {
			continue;
		} else if (skipped) {
			const char *reason = creason >= 0 && (size_t)creason < nf && *f[creason]
						     ? f[creason]
						     : "no reason given";
			snprintf(why, sizeof(why), "%s", reason);
		} else if (ok_value) {
			snprintf(why, sizeof(why), "%s %.40s", what, f[c]);
		} else {
			snprintf(why, sizeof(why), "%.20s %s", f[c], what);
		}
		uint64_t block;
		if (wire_parse_u64(f[cblock], &block) || block > INT64_MAX) {
			snprintf(err, errlen, "%s:%zu: column 'block': '%.40s' is not a whole number",
				 path, t->line[i], f[cblock]);
			return -1;
		}
		if (!cmp_problem_of(pr, f[crun], (int64_t)block) &&
		    add(pr, f, nf, &sc, f[crun], f[cbench], (int64_t)block, why, skipped)) {
			snprintf(err, errlen, "%s: out of memory", path);
			return -1;
		}
	}
	return 0;
}

/* The blocks whose status in DIR/summary.csv is not ok. The file is read
 * as every reader of it reads it (results_summary_read): checked against
 * meta.json, so that a cut or edited one is refused, never a failed block
 * waved through because its row is gone. */
static int summary_problems(const char *dir, struct cmp_problems *pr, char *err, size_t errlen)
{
	char path[4200];
	struct rcsv t;
	int rc = results_summary_read(dir, &t, err, errlen);
	if (rc)
		return rc < 0 ? -1 : 0;
	snprintf(path, sizeof(path), "%s/summary.csv", dir);
	/* skipped: the benchmark cannot run here (a working set larger than
	 * RAM), nothing measured, by design (docs/wire-format.md): not a
	 * failure, kept with its reason. Skipped in B and measured in A, A's
	 * row says so, and the gate refuses it as not compared. */
	rc = scan(&t, path, "status", "ok", "skipped", "status", pr, err, errlen);
	rcsv_free(&t);
	return rc;
}

/* The blocks with samples listed in DIR/gaps.csv (absent: older results).
 * Read as every result CSV is (results_csv_read): one cut short inside its
 * last row is refused (unless --no-check), not read without that row, the
 * lost samples of its block waved through. */
static int gap_problems(const char *dir, struct cmp_problems *pr, char *err, size_t errlen)
{
	char path[4200];
	struct rcsv t;
	int rc = results_csv_read(dir, "gaps.csv", &t, err, errlen);
	if (rc)
		return rc < 0 ? -1 : 0;
	snprintf(path, sizeof(path), "%s/gaps.csv", dir);
	rc = scan(&t, path, "count", NULL, NULL, "samples lost (gaps.csv)", pr, err, errlen);
	rcsv_free(&t);
	return rc;
}

int cmp_problems_load(const char *dir, struct cmp_problems *pr, char *err, size_t errlen)
{
	memset(pr, 0, sizeof(*pr));
	if (summary_problems(dir, pr, err, errlen) || gap_problems(dir, pr, err, errlen))
		return -1;
	return 0;
}

const char *cmp_problem_of(const struct cmp_problems *pr, const char *run, int64_t block)
{
	for (size_t i = 0; i < pr->n; i++)
		if (!pr->p[i].skipped && pr->p[i].block == block && !strcmp(pr->p[i].run, run))
			return pr->p[i].why;
	return NULL;
}

void cmp_problems_free(struct cmp_problems *pr)
{
	for (size_t i = 0; i < pr->n; i++) {
		free(pr->p[i].run);
		free(pr->p[i].bench);
		free(pr->p[i].params);
	}
	free(pr->p);
	memset(pr, 0, sizeof(*pr));
}
