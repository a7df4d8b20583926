/* What `rvbench report` shows, read from a result directory
 * (report_data.h). */
#include "report_data.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "context_fmt.h"
#include "plot_file_name.h"
#include "rcsv.h"
#include "results_csv.h"
#include "wire.h"

/* The scalar at root.k1.k2... (NULL-terminated keys; an integer key
 * "#0" indexes an array) as text in buf; NULL when absent or null. */
static const char *jtext(json_t *root, char *buf, size_t len, ...)
{
	va_list ap;
	va_start(ap, len);
	json_t *v = root;
	for (const char *k; v && (k = va_arg(ap, const char *));)
		v = k[0] == '#' ? json_array_get(v, strtoul(k + 1, NULL, 10)) : json_object_get(v, k);
	va_end(ap);
	if (json_is_string(v))
		snprintf(buf, len, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(buf, len, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v))
		snprintf(buf, len, "%g", json_real_value(v));
	else if (json_is_boolean(v))
		snprintf(buf, len, "%s", json_is_true(v) ? "yes" : "no");
	else
		return NULL;
	return buf;
}

static const char *dflt(const char *s, const char *d)
{
	return s ? s : d;
}

static void fact(struct report_data *d, const char *key, const char *fmt, ...)
{
	if (d->nfact >= sizeof(d->fact) / sizeof(d->fact[0]))
		return;
	struct report_fact *f = &d->fact[d->nfact++];
	snprintf(f->key, sizeof(f->key), "%s", key);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->value, sizeof(f->value), fmt, ap);
	va_end(ap);
}

/* meta.json's facts; the unit of the cycle columns. */
static void load_facts(struct report_data *d, json_t *m)
{
	char a[256], b[256], c[256], e[256];
	const char *kind = jtext(m, a, sizeof(a), "source", "kind", NULL);
	const char *icount = jtext(m, b, sizeof(b), "source", "icount", NULL);
	const char *note = jtext(m, c, sizeof(c), "note", NULL);
	int instr = (icount && strcmp(icount, "off")) || (note && strstr(note, "icount"));
	snprintf(d->unit, sizeof(d->unit), "%s", instr ? "instr" : "cycles");

	const char *st = jtext(m, e, sizeof(e), "status", NULL);
	if (st)
		fact(d, "result", "%s, %s", st, dflt(jtext(m, c, sizeof(c), "result", NULL), "?"));
	if (kind && !strcmp(kind, "qemu")) {
		const char *mach = jtext(m, c, sizeof(c), "source", "machine", NULL);
		char q[64];
		fact(d, "machine", "QEMU %s, -M %s", dflt(jtext(m, q, sizeof(q), "source", "qemu_version", NULL), "?"),
		     mach ? mach : "?");
	} else if (kind) {
		const char *dev = jtext(m, c, sizeof(c), "device_name", NULL);
		char port[200];
		const char *where = jtext(m, port, sizeof(port), "source", "port", NULL);
		if (!where)
			where = jtext(m, port, sizeof(port), "source", "file", NULL);
		fact(d, "machine", "%s%s%s (%s)", dev ? dev : "", dev ? ", " : "", dflt(where, ""), kind);
	}
	if (jtext(m, c, sizeof(c), "runs", "#0", "header", "model", NULL))
		fact(d, "model", "%s", c);
	if (jtext(m, c, sizeof(c), "runs", "#0", "context", "clock_hz", NULL)) {
		char mhz[64];
		fact(d, "core clock", "%s",
		     ctx_fmt_mhz(mhz, sizeof(mhz), strtoull(c, NULL, 10)));
	}
	fact(d, "cycles", "%s",
	     instr		      ? "instructions: QEMU -icount counts one cycle per instruction "
				"(exact, not a speed)"
	     : !kind		      ? "not recorded"
	     : !strcmp(kind, "serial") ? "hardware cycles (the board's rdcycle)"
	     : !strcmp(kind, "qemu")   ? "QEMU without -icount: host-time counters, not a core's cycles"
				      : "not known: a replayed log does not say how it was measured");
	if (jtext(m, c, sizeof(c), "runs", "#0", "header", "seed", NULL))
		fact(d, "seed", "%s", c);
	if (jtext(m, c, sizeof(c), "runs", "#0", "header", "harts", NULL))
		fact(d, "harts", "%s", c);
	if (jtext(m, c, sizeof(c), "runs", "#0", "wire", "machine_bytes_per_sample", NULL)) {
		char s[64];
		fact(d, "wire bytes per sample", "%s (the S lines alone: %s)", c,
		     dflt(jtext(m, s, sizeof(s), "runs", "#0", "wire", "s_bytes_per_sample", NULL), "?"));
	}
	/* What arrived, not only what the trailer says was sent: a run that
	 * lost samples must not read as whole here. */
	const char *sent = jtext(m, c, sizeof(c), "runs", "#0", "trailer", "samples", NULL);
	const char *got = jtext(m, b, sizeof(b), "runs", "#0", "samples_received", NULL);
	const char *blocks = jtext(m, a, sizeof(a), "runs", "#0", "trailer", "benches", NULL);
	if (sent && (!got || !strcmp(got, sent)))
		fact(d, "samples", "%s in %s blocks", sent, dflt(blocks, "?"));
	else if (sent)
		fact(d, "samples", "%s received of %s sent, in %s blocks", got, sent, dflt(blocks, "?"));
	else if (got)
		fact(d, "samples", "%s received (no trailer: how many were sent is not known)", got);
	if (jtext(m, c, sizeof(c), "runs", "#0", "context", "firmware", "commit", NULL))
		fact(d, "firmware", "%s, commit %s, %s",
		     dflt(jtext(m, a, sizeof(a), "runs", "#0", "context", "firmware", "version", NULL), "?"), c,
		     dflt(jtext(m, b, sizeof(b), "runs", "#0", "context", "firmware", "cc", NULL), "?"));
	if (jtext(m, c, sizeof(c), "host", "commit", NULL))
		fact(d, "host tool", "rvbench %s, commit %s",
		     dflt(jtext(m, a, sizeof(a), "host", "version", NULL), "?"), c);
	size_t runs = json_array_size(json_object_get(m, "runs"));
	if (runs > 1)
		fact(d, "runs", "%zu (the facts above are the first run's)", runs);
}

static int has_file(char **files, size_t n, const char *name, unsigned char *used)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(files[i], name)) {
			used[i] = 1;
			return 1;
		}
	return 0;
}

static int by_name(const void *p, const void *q)
{
	return strcmp(*(char *const *)p, *(char *const *)q);
}

/* The names of DIR/plot-*.png, sorted. */
static char **list_plots(const char *dir, size_t *n)
{
	DIR *dp = opendir(dir);
	char **v = NULL;
	*n = 0;
	if (!dp)
		return NULL;
	for (struct dirent *e; (e = readdir(dp));) {
		size_t l = strlen(e->d_name);
		if (strncmp(e->d_name, "plot-", 5) || l < 9 || strcmp(e->d_name + l - 4, ".png"))
			continue;
		char **nv = realloc(v, (*n + 1) * sizeof(*nv));
		if (!nv)
			break;
		v = nv;
		if (!(v[*n] = strdup(e->d_name)))
			break;
		(*n)++;
	}
	closedir(dp);
	if (*n)
		qsort(v, *n, sizeof(*v), by_name);
	return v;
}

static char *field(const struct rcsv *t, size_t i, int col)
{
	return strdup(col >= 0 && (size_t)col < t->nfield[i] ? t->row[i][col] : "");
}

const char *report_num_text(const struct report_num *n, char buf[24])
{
	if (!n->present)
		return "-";
	snprintf(buf, 24, "%llu", n->v);
	return buf;
}

/* Field col of row i as a number: an empty (or missing) field is absent
 * when the figure may be, anything else must be an unsigned decimal.
 * 0, or -1 with "summary.csv:LINE: column 'NAME' ..." in err. */
static int num(const struct report_data *d, const struct rcsv *t, size_t i, int col, int may_lack,
	       struct report_num *out, char *err, size_t errlen)
{
	const char *s = col >= 0 && (size_t)col < t->nfield[i] ? t->row[i][col] : "";
	uint64_t v;
	out->v = 0;
	out->present = 0;
	if (!*s && may_lack)
		return 0;
	if (wire_parse_u64(s, &v)) {
		snprintf(err, errlen, "%s/summary.csv:%zu: column '%s' is not an unsigned number: '%.40s'",
			 d->dir, t->line[i], col >= 0 ? t->row[0][col] : "?", s);
		return -1;
	}
	out->v = v;
	out->present = 1;
	return 0;
}

/* Appends a copy of text to d's problems: 0, or -1 out of memory. */
static int add_problem(struct report_data *d, const char *run, const char *text)
{
	char **np = realloc(d->problem, (d->nproblem + 1) * sizeof(*np));
	if (!np)
		return -1;
	d->problem = np;
	int n = run ? asprintf(&np[d->nproblem], "run %s: %s", run, text)
		    : asprintf(&np[d->nproblem], "%s", text);
	if (n < 0)
		return -1;
	d->nproblem++;
	return 0;
}

/* Every run's problems and failures from meta.json, as the collector
 * recorded them ("missing seq 73", "bench 2: 0 of 55 samples", "trailer
 * samples=165 but 110 received"). 0, or -1 out of memory. */
static int load_problems(struct report_data *d, json_t *m)
{
	json_t *runs = json_object_get(m, "runs"), *run, *v;
	size_t i, k, nruns = json_array_size(runs);
	json_array_foreach(runs, i, run) {
		const char *tag = json_string_value(json_object_get(run, "tag"));
		const char *lists[] = { "problems", "failures" };
		for (size_t l = 0; l < 2; l++)
			json_array_foreach(json_object_get(run, lists[l]), k, v)
				if (json_is_string(v) &&
				    add_problem(d, nruns > 1 ? dflt(tag, "?") : NULL, json_string_value(v)))
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
 * that did not end ok or skipped, lost samples or has none is bad. */
static int row_state(const struct report_data *d, struct report_row *r, const char *run,
		     const char *block)
{
	unsigned long long lost = 0;
	int unknown = 0; /* lost samples of a block whose size was never known */
	uint64_t b, gb, n;
	for (size_t i = 0; run && block && !wire_parse_u64(block, &b) && i < d->ngap; i++) {
		const struct report_gap *g = &d->gap[i];
		if (strcmp(g->run, run) || wire_parse_u64(g->block, &gb) || gb != b)
			continue;
		if (wire_parse_u64(g->count, &n))
			unknown = 1;
		else
			lost += n;
	}
	int ok = !strcmp(r->status, "ok"), none = r->count.present && !r->count.v;
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
	r->bad = !ok || unknown || lost || none;
	return 0;
}

static int load_rows(struct report_data *d, const struct rcsv *t, char *err, size_t errlen)
{
	static const char *const need[] = { "bench", "params", "hart", "group", "count", "min",
					    "median", "p99", "mad", "status" };
	int col[10];
	for (int k = 0; k < 10; k++)
		if ((col[k] = rcsv_col(t, need[k])) < 0) {
			snprintf(err, errlen, "%s/summary.csv: no column '%s'", d->dir, need[k]);
			return -1;
		}
	int cu = rcsv_col(t, "unit"), cr = rcsv_col(t, "units_per_cycle");
	int crun = rcsv_col(t, "run"), cblock = rcsv_col(t, "block");
	d->row = calloc(t->nrows ? t->nrows : 1, sizeof(*d->row));
	if (!d->row)
		goto oom;
	for (size_t i = 1; i < t->nrows; i++) {
		struct report_row *r = &d->row[d->nrow++];
		char *unit = field(t, i, cu), *rate = field(t, i, cr);
		r->bench = field(t, i, col[0]);
		r->params = field(t, i, col[1]);
		r->status = field(t, i, col[9]);
		if (unit && rate && *unit && *rate) {
			size_t l = strlen(unit) + strlen(rate) + 16;
			if ((r->unit_rate = malloc(l)))
				snprintf(r->unit_rate, l, "%s %s/%s", rate, unit,
					 strcmp(d->unit, "instr") ? "cycle" : "instr");
		} else {
			r->unit_rate = strdup("");
		}
		free(unit);
		free(rate);
		if (!r->bench || !r->params || !r->status || !r->unit_rate)
			goto oom;
		struct report_num hart, group;
		if (num(d, t, i, col[2], 0, &hart, err, errlen) ||
		    num(d, t, i, col[3], 0, &group, err, errlen) ||
		    num(d, t, i, col[4], 0, &r->count, err, errlen) ||
		    num(d, t, i, col[5], 1, &r->min, err, errlen) ||
		    num(d, t, i, col[6], 1, &r->median, err, errlen) ||
		    num(d, t, i, col[7], 1, &r->p99, err, errlen) ||
		    num(d, t, i, col[8], 1, &r->mad, err, errlen))
			return -1;
		r->hart = hart.v;
		r->group = group.v;
		const char *run = crun >= 0 && (size_t)crun < t->nfield[i] ? t->row[i][crun] : NULL;
		const char *block = cblock >= 0 && (size_t)cblock < t->nfield[i] ? t->row[i][cblock]
										 : NULL;
		if (row_state(d, r, run, block))
			goto oom;
	}
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
	return -1;
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
	if (m) {
		load_facts(d, m);
		int rc = load_problems(d, m);
		json_decref(m);
		if (rc) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
	} else if (errno != ENOENT) {
		fact(d, "meta.json", "unreadable: %s", je.text);
	}
	if (load_gaps(d, err, errlen))
		return -1;
	/* Read as every reader reads it: checked against meta.json (unless
	 * --no-check), so the table never drops a block that failed. */
	struct rcsv t;
	int rc = results_summary_read(dir, &t, err, errlen);
	if (rc > 0)
		snprintf(err, errlen, "%s/summary.csv: %s", dir, strerror(ENOENT));
	if (rc)
		return -1;
	rc = load_rows(d, &t, err, errlen);
	rcsv_free(&t);
	if (rc)
		return -1;

	/* The figures: each row's own, the sweeps, and what is left. */
	size_t nf;
	char **files = list_plots(dir, &nf);
	unsigned char *used = calloc(nf ? nf : 1, 1);
	if (!used) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < d->nrow; i++) {
		struct report_row *r = &d->row[i];
		char name[PLOT_FILE_MAX];
		plot_file_name(name, sizeof(name), r->bench, r->params);
		if (*r->params && has_file(files, nf, name, used)) {
			snprintf(r->plot, sizeof(r->plot), "%s", name);
			continue;
		}
		plot_file_name(name, sizeof(name), r->bench, "");
		if (has_file(files, nf, name, used))
			snprintf(r->plot, sizeof(r->plot), "%s", name);
	}
	d->sweep = calloc(nf ? nf : 1, sizeof(char *));
	d->other = calloc(nf ? nf : 1, sizeof(char *));
	for (size_t i = 0; i < nf; i++) {
		size_t l = strlen(files[i]);
		int sweep = l > 10 && !strcmp(files[i] + l - 10, "-sweep.png");
		if (d->sweep && d->other && (sweep || !used[i])) {
			if (sweep)
				d->sweep[d->nsweep++] = files[i];
			else
				d->other[d->nother++] = files[i];
		} else {
			free(files[i]);
		}
	}
	free(files);
	free(used);
	if (!d->sweep || !d->other) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

void report_free(struct report_data *d)
{
	for (size_t i = 0; i < d->nrow; i++) {
		free(d->row[i].bench);
		free(d->row[i].params);
		free(d->row[i].status);
		free(d->row[i].unit_rate);
		free(d->row[i].state);
	}
	for (size_t i = 0; i < d->nproblem; i++)
		free(d->problem[i]);
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
