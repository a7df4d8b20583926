/* What `rvbench report` shows, read from a result directory
 * (report_data.h). */
#include "report_data.h"

#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "rcsv.h"
#include "report_facts.h"
#include "results_csv.h"
#include "wire.h"

static char *field(const struct rcsv *t, size_t i, int col)
{
	return strdup(col >= 0 && (size_t)col < t->nfield[i] ? t->row[i][col] : "");
}

const char *report_num_text(const struct report_num *n)
{
	return n->present ? n->text : "-";
}

/* s as an unsigned decimal: digits, then maybe '.' and digits ("100",
 * "100.000"), one spelling per value as wire_parse_u64 has it. */
static int is_decimal(const char *s)
{
	char whole[32];
	uint64_t v;
	size_t n = strcspn(s, ".");
	if (n >= sizeof(whole))
		return 0;
	memcpy(whole, s, n);
	whole[n] = 0;
	if (wire_parse_u64(whole, &v))
		return 0;
	if (!s[n])
		return 1;
	const char *frac = s + n + 1;
	return *frac && strspn(frac, "0123456789") == strlen(frac);
}

/* Field col of row i as a number: an empty (or missing) field is absent
 * when the figure may be; anything else must be a whole number, or with
 * fraction an unsigned decimal (a per-call figure of batch > 1). 0, or -1
 * with "summary.csv:LINE: column 'NAME' ..." in err. */
static int num(const struct report_data *d, const struct rcsv *t, size_t i, int col, int may_lack,
	       int fraction, struct report_num *out, char *err, size_t errlen)
{
	const char *s = col >= 0 && (size_t)col < t->nfield[i] ? t->row[i][col] : "";
	uint64_t v = 0;
	memset(out, 0, sizeof(*out));
	if (!*s && may_lack)
		return 0;
	if (fraction ? !is_decimal(s) : wire_parse_u64(s, &v) != 0) {
		snprintf(err, errlen, "%s/summary.csv:%zu: column '%s' is not an unsigned number: '%.40s'",
			 d->dir, t->line[i], col >= 0 ? t->row[0][col] : "?", s);
		return -1;
	}
	snprintf(out->text, sizeof(out->text), "%s", s);
	out->v = v;
	out->present = 1;
	return 0;
}

/* "NAME=value;..." of a block's params object in meta.json, in record
 * order (jansson keeps it), as summary.csv's params column has them; ""
 * without any. NULL out of memory. */
static char *params_text(json_t *params)
{
	char *s = strdup(""), *more;
	const char *k;
	json_t *v;
	json_object_foreach(params, k, v) {
		const char *val = json_string_value(v);
		if (!s || asprintf(&more, "%s%s%s=%s", s, *s ? ";" : "", k, val ? val : "") < 0) {
			free(s);
			return NULL;
		}
		free(s);
		s = more;
	}
	return s;
}

/* The block of run's "benches" whose id text names ("bench 2: ..."), and
 * the length of "bench 2" in *len; NULL when text names none that
 * meta.json describes. */
static json_t *block_of(json_t *run, const char *text, size_t *len)
{
	static const char lead[] = "bench ";
	size_t digits = strspn(text + sizeof(lead) - 1, "0123456789");
	char id[24];
	uint64_t want;
	json_t *b;
	size_t i;
	if (strncmp(text, lead, sizeof(lead) - 1) || !digits || digits >= sizeof(id) ||
	    text[sizeof(lead) - 1 + digits] != ':')
		return NULL;
	memcpy(id, text + sizeof(lead) - 1, digits);
	id[digits] = 0;
	if (wire_parse_u64(id, &want))
		return NULL;
	*len = sizeof(lead) - 1 + digits;
	json_array_foreach(json_object_get(run, "benches"), i, b) {
		json_t *bid = json_object_get(b, "id");
		if (json_is_integer(bid) && json_integer_value(bid) >= 0 &&
		    (uint64_t)json_integer_value(bid) == want &&
		    json_is_string(json_object_get(b, "name")))
			return b;
	}
	return NULL;
}

/* Appends text, a problem of run (its "benches" name the block text
 * names), to d's problems: 0, or -1 out of memory. */
static int add_problem(struct report_data *d, json_t *run, const char *who, const char *text)
{
	struct report_problem *np = realloc(d->problem, (d->nproblem + 1) * sizeof(*np));
	if (!np)
		return -1;
	d->problem = np;
	struct report_problem *p = memset(&np[d->nproblem], 0, sizeof(*p));
	size_t len = strlen(text);
	json_t *b = block_of(run, text, &len);
	int n = who ? asprintf(&p->lead, "run %s: %.*s", who, (int)len, text)
		    : asprintf(&p->lead, "%.*s", (int)len, text);
	if (n < 0) {
		p->lead = NULL;
		return -1;
	}
	d->nproblem++;
	if (b && (!(p->bench = strdup(json_string_value(json_object_get(b, "name")))) ||
		  !(p->params = params_text(json_object_get(b, "params")))))
		return -1;
	return (p->rest = strdup(text + len)) ? 0 : -1;
}

/* Whether run's header says it selected no benchmark ("benches": "0"):
 * its firmware found none that rvbench.run= names. */
static int selected_none(json_t *run)
{
	char b[32];
	const char *n = report_jtext(run, b, sizeof(b), "header", "benches", NULL);
	return n && !strcmp(n, "0");
}

/* Every run's problems and failures from meta.json, as the collector
 * recorded them ("missing seq 73", "bench 2: 0 of 55 samples", "trailer
 * samples=165 but 110 received"), and each run that selected no
 * benchmark, which the collector says only on stderr. 0, or -1 out of
 * memory. */
static int load_problems(struct report_data *d, json_t *m)
{
	json_t *runs = json_object_get(m, "runs"), *run, *v;
	size_t i, k, nruns = json_array_size(runs);
	d->none_selected = nruns > 0;
	json_array_foreach(runs, i, run) {
		const char *tag = json_string_value(json_object_get(run, "tag"));
		const char *who = nruns > 1 ? (tag ? tag : "?") : NULL;
		int none = selected_none(run);
		d->none_selected &= none;
		if (none &&
		    add_problem(d, run, who, "no benchmark selected (rvbench.run= matched nothing?)"))
			return -1;
		const char *lists[] = { "problems", "failures" };
		for (size_t l = 0; l < 2; l++)
			json_array_foreach(json_object_get(run, lists[l]), k, v)
				if (json_is_string(v) && add_problem(d, run, who, json_string_value(v)))
					return -1;
	}
	return 0;
}

/* gaps.csv's rows (an older result without it: none). 0, or -1 with a
 * reason in err. */
static int load_gaps(struct report_data *d, char *err, size_t errlen)
{
	static const char *const need[] = { "run", "block", "bench", "first", "last", "count",
					    "reason" };
	struct rcsv t;
	int rc = results_csv_read(d->dir, "gaps.csv", &t, err, errlen);
	if (rc)
		return rc < 0 ? -1 : 0;
	int col[7];
	for (int k = 0; k < 7; k++)
		if ((col[k] = rcsv_col(&t, need[k])) < 0) {
			snprintf(err, errlen, "%s/gaps.csv:1: no column '%s' in the header", d->dir,
				 need[k]);
			rcsv_free(&t);
			return -1;
		}
	d->gap = calloc(t.nrows ? t.nrows : 1, sizeof(*d->gap));
	for (size_t i = 1; d->gap && i < t.nrows; i++) {
		struct report_gap *g = &d->gap[d->ngap++];
		char **f[] = { &g->run, &g->block, &g->bench, &g->first, &g->last, &g->count,
			       &g->reason };
		for (int k = 0; k < 7; k++)
			if (!(*f[k] = field(&t, i, col[k])))
				rc = -1;
		d->gap_runs |= g->run && d->gap[0].run && strcmp(g->run, d->gap[0].run);
	}
	rcsv_free(&t);
	if (!d->gap || rc) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

/* r's status cell: its status, and what gaps.csv lists of block (run,
 * block) or its want of samples when it ended ok all the same. A block
 * that did not end ok, lost samples or has none is bad; one skipped is
 * not (its setup said the block cannot run here, and why), unless it lost
 * samples too. */
static int row_state(const struct report_data *d, struct report_row *r, const char *block)
{
	unsigned long long lost = 0;
	int unknown = 0; /* lost samples of a block whose size was never known */
	uint64_t b, gb, n;
	for (size_t i = 0; block && !wire_parse_u64(block, &b) && i < d->ngap; i++) {
		const struct report_gap *g = &d->gap[i];
		if (strcmp(g->run, r->run) || wire_parse_u64(g->block, &gb) || gb != b)
			continue;
		if (wire_parse_u64(g->count, &n))
			unknown = 1;
		else
			lost += n;
	}
	int ok = !strcmp(r->status, "ok"), skipped = !strcmp(r->status, "skipped");
	int none = r->count.present && !r->count.v;
	int rc;
	if (unknown)
		rc = asprintf(&r->state, "%s, samples lost", r->status);
	else if (lost && none)
		rc = asprintf(&r->state, "%s, no samples: %llu lost", r->status, lost);
	else if (lost)
		rc = asprintf(&r->state, "%s, %llu samples lost", r->status, lost);
	else if (none && ok)
		rc = asprintf(&r->state, "%s, no samples", r->status);
	else
		rc = asprintf(&r->state, "%s", r->status);
	if (rc < 0) {
		r->state = NULL;
		return -1;
	}
	if (unknown || lost || (!ok && !skipped) || (none && ok))
		r->mark = REPORT_BAD;
	else
		r->mark = skipped ? REPORT_SKIPPED : REPORT_OK;
	return 0;
}

/* "0.5000 byte/cycle" of the unit and units_per_cycle columns, or "";
 * per what the row's values count (r->unit: cycles, instr, tick). */
static char *unit_rate(const struct report_row *r, const struct rcsv *t, size_t i, int cu, int cr)
{
	char *unit = field(t, i, cu), *rate = field(t, i, cr), *s = NULL;
	if (unit && rate && *unit && *rate) {
		size_t l = strlen(unit) + strlen(rate) + strlen(r->unit) + 16;
		if ((s = malloc(l)))
			snprintf(s, l, "%s %s/%s", rate, unit,
				 strcmp(r->unit, "cycles") ? r->unit : "cycle");
	} else if (unit && rate) {
		s = strdup("");
	}
	free(unit);
	free(rate);
	return s;
}

/* The columns of summary.csv that load_rows reads. */
enum {
	C_BENCH, C_PARAMS, C_HART, C_GROUP, C_COUNT, C_MIN, C_MEDIAN, C_P99, C_MAD, C_STATUS,
	C_NEED, /* the columns above are required, those below optional */
	C_DEVICE = C_NEED, C_RUN, C_BLOCK, C_BATCH, C_UNIT, C_RATE, C_REASON, C_SAMPLE_UNIT, C_ALL
};

/* Row i of t into r. 0, -1 with a reason in err (or out of memory). */
static int load_row(const struct report_data *d, const struct rcsv *t, size_t i, const int *col,
		    struct report_row *r, char *err, size_t errlen)
{
	r->device = field(t, i, col[C_DEVICE]);
	r->run = field(t, i, col[C_RUN]);
	r->bench = field(t, i, col[C_BENCH]);
	r->params = field(t, i, col[C_PARAMS]);
	r->status = field(t, i, col[C_STATUS]);
	r->reason = field(t, i, col[C_REASON]);
	r->unit = field(t, i, col[C_SAMPLE_UNIT]);
	if (r->unit && !*r->unit) {
		free(r->unit);
		r->unit = strdup(d->unit);
	}
	r->unit_rate = r->unit ? unit_rate(r, t, i, col[C_UNIT], col[C_RATE]) : NULL;
	if (!r->device || !r->run || !r->bench || !r->params || !r->status || !r->reason ||
	    !r->unit || !r->unit_rate)
		goto oom;
	struct report_num hart, group, batch;
	if (num(d, t, i, col[C_HART], 0, 0, &hart, err, errlen) ||
	    num(d, t, i, col[C_GROUP], 0, 0, &group, err, errlen) ||
	    num(d, t, i, col[C_BATCH], 1, 0, &batch, err, errlen) ||
	    num(d, t, i, col[C_COUNT], 0, 0, &r->count, err, errlen) ||
	    num(d, t, i, col[C_MIN], 1, 1, &r->min, err, errlen) ||
	    num(d, t, i, col[C_MEDIAN], 1, 1, &r->median, err, errlen) ||
	    num(d, t, i, col[C_P99], 1, 1, &r->p99, err, errlen) ||
	    num(d, t, i, col[C_MAD], 1, 1, &r->mad, err, errlen))
		return -1;
	r->hart = hart.v;
	r->group = group.v;
	r->batch = batch.present ? batch.v : 1;
	/* gaps.csv names a block by (run, block): without both, none of its
	 * rows can be told to be this block's. */
	const char *block = col[C_RUN] >= 0 && col[C_BLOCK] >= 0 &&
					    (size_t)col[C_BLOCK] < t->nfield[i]
				    ? t->row[i][col[C_BLOCK]]
				    : NULL;
	if (row_state(d, r, block))
		goto oom;
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
	return -1;
}

static int load_rows(struct report_data *d, const struct rcsv *t, char *err, size_t errlen)
{
	static const char *const name[C_ALL] = {
		"bench", "params", "hart", "group", "count", "min", "median", "p99", "mad", "status",
		"device", "run", "block", "batch", "unit", "units_per_cycle", "reason", "sample_unit",
	};
	int col[C_ALL];
	for (int k = 0; k < C_ALL; k++)
		if ((col[k] = rcsv_col(t, name[k])) < 0 && k < C_NEED) {
			snprintf(err, errlen, "%s/summary.csv: no column '%s'", d->dir, name[k]);
			return -1;
		}
	d->row = calloc(t->nrows ? t->nrows : 1, sizeof(*d->row));
	if (!d->row) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 1; i < t->nrows; i++) {
		struct report_row *r = &d->row[d->nrow++];
		if (load_row(d, t, i, col, r, err, errlen))
			return -1;
		d->nmeasured += r->count.v > 0;
	}
	return 0;
}

/* Which of the summary's optional columns tell d's rows apart. */
static void choose_columns(struct report_data *d)
{
	struct report_cols *c = &d->cols;
	for (size_t i = 0; i < d->nrow; i++) {
		const struct report_row *r = &d->row[i];
		c->device |= *r->device != 0;
		c->hart |= r->hart != d->row[0].hart;
		c->group |= r->group != 0;
		c->calls |= r->batch > 1;
		c->rates |= *r->unit_rate != 0;
		for (size_t k = 0; k < i && !c->run; k++)
			c->run = !strcmp(d->row[k].device, r->device) && strcmp(d->row[k].run, r->run);
	}
}

const char *report_why_empty(const struct report_data *d)
{
	if (d->nmeasured)
		return NULL;
	if (!d->nrow && d->none_selected)
		return "no benchmark was selected (rvbench.run= matched nothing?)";
	if (!d->nrow)
		return "no block ran";
	size_t skipped = 0;
	for (size_t i = 0; i < d->nrow; i++)
		skipped += d->row[i].mark == REPORT_SKIPPED;
	return skipped == d->nrow ? "every block was skipped" : "no block measured a sample";
}

/* summary.csv, read as every reader reads it: checked against meta.json
 * (unless --no-check), so the table never drops a block that failed. */
static int load_summary(struct report_data *d, char *err, size_t errlen)
{
	struct rcsv t;
	int rc = results_summary_read(d->dir, &t, err, errlen);
	if (rc > 0)
		snprintf(err, errlen, "%s/summary.csv: %s", d->dir, strerror(ENOENT));
	if (rc)
		return -1;
	rc = load_rows(d, &t, err, errlen);
	rcsv_free(&t);
	if (rc)
		return -1;
	choose_columns(d);
	return 0;
}

int report_load(const char *dir, struct report_data *d, char *err, size_t errlen)
{
	memset(d, 0, sizeof(*d));
	snprintf(d->unit, sizeof(d->unit), "cycles");
	if (!(d->dir = strdup(dir))) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	char path[4200];
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	json_error_t je;
	json_t *m = json_load_file(path, 0, &je);
	if (!m && errno != ENOENT)
		report_fact(d, "meta.json", "unreadable: %s", je.text);
	if (m)
		report_unit(d, m);
	int rc = load_gaps(d, err, errlen) || load_summary(d, err, errlen);
	if (!rc && m && load_problems(d, m)) {
		snprintf(err, errlen, "out of memory");
		rc = -1;
	}
	if (!rc && m)
		report_facts(d, m);
	json_decref(m);
	return rc ? -1 : 0;
}

void report_free(struct report_data *d)
{
	for (size_t i = 0; i < d->nrow; i++) {
		struct report_row *r = &d->row[i];
		free(r->device);
		free(r->run);
		free(r->bench);
		free(r->params);
		free(r->status);
		free(r->reason);
		free(r->unit_rate);
		free(r->unit);
		free(r->state);
	}
	for (size_t i = 0; i < d->nproblem; i++) {
		free(d->problem[i].lead);
		free(d->problem[i].bench);
		free(d->problem[i].params);
		free(d->problem[i].rest);
	}
	for (size_t i = 0; i < d->ngap; i++) {
		struct report_gap *g = &d->gap[i];
		free(g->run);
		free(g->block);
		free(g->bench);
		free(g->first);
		free(g->last);
		free(g->count);
		free(g->reason);
	}
	free(d->problem);
	free(d->gap);
	for (size_t i = 0; i < d->nsweep; i++)
		free(d->sweep[i]);
	for (size_t i = 0; i < d->nother; i++)
		free(d->other[i]);
	free(d->row);
	free(d->sweep);
	free(d->other);
	free(d->dir);
	memset(d, 0, sizeof(*d));
}
