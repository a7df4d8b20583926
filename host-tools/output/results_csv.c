/* Reading a result directory back: samples.csv, summary.csv and meta.json
 * (results_csv.h), through the CSV reader of rcsv.c. */
#include "results_csv.h"
#include "results_metric.h"

#include "results_check.h"
#include "context_fmt.h"
#include "term_str.h"
#include "wire.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *read_file(const char *path, size_t *len, int *err)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		*err = errno;
		return NULL;
	}
	char *buf = NULL;
	size_t cap = 0, n = 0;
	for (;;) {
		char *nb = rcsv_grow(buf, &cap, n + 65536, 1);
		if (!nb) {
			free(buf);
			fclose(f);
			*err = ENOMEM;
			return NULL;
		}
		buf = nb;
		size_t got = fread(buf + n, 1, 65536, f);
		n += got;
		if (got < 65536)
			break;
	}
	if (ferror(f)) {
		*err = errno ? errno : EIO;
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	*len = n;
	return buf;
}

static int has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

const char *res_label(const struct res_series *s, char *buf, size_t len)
{
	/* A label is printed: what a CSV edited by hand holds is escaped. */
	char name[200], params[400];
	term_str(s->bench, name, sizeof(name));
	if (s->params && *s->params)
		snprintf(buf, len, "%s [%s]", name, term_str(s->params, params, sizeof(params)));
	else
		snprintf(buf, len, "%s", name);
	return buf;
}

const char *res_param(const char *params, const char *name, char *buf, size_t len)
{
	size_t nl = strlen(name);
	for (const char *p = params; p && *p;) {
		const char *end = strchr(p, ';');
		size_t fl = end ? (size_t)(end - p) : strlen(p);
		if (fl > nl && !strncmp(p, name, nl) && p[nl] == '=') {
			snprintf(buf, len, "%.*s", (int)(fl - nl - 1), p + nl + 1);
			return buf;
		}
		p = end ? end + 1 : NULL;
	}
	return NULL;
}

int results_add(struct results *r, const char *run, const char *bench, int64_t block,
		const char *params, uint64_t hart, uint64_t group, uint64_t batch, uint64_t cycles,
		uint64_t instret)
{
	struct res_series *s = NULL;
	if (!params)
		params = "";
	/* The rows of one series are consecutive, so look at the last first. */
	for (size_t k = r->ns; k-- > 0;) {
		struct res_series *c = &r->s[k];
		if ((block >= 0 ? c->block == block : c->block < 0 && c->group == group) &&
		    !strcmp(c->bench, bench) && !strcmp(c->run, run)) {
			s = c;
			break;
		}
	}
	if (!s) {
		struct res_series *ns = realloc(r->s, (r->ns + 1) * sizeof(*ns));
		if (!ns)
			return -1;
		r->s = ns;
		s = &r->s[r->ns];
		memset(s, 0, sizeof(*s));
		s->run = strdup(run);
		s->bench = strdup(bench);
		s->params = strdup(params);
		r->ns++;
		if (!s->run || !s->bench || !s->params)
			return -1;
		s->block = block < 0 ? -1 : block;
		s->hart = hart;
		s->group = group;
		s->batch = batch;
	}
	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		uint64_t *c = realloc(s->cycles, cap * sizeof(*c));
		if (!c)
			return -1;
		s->cycles = c;
		uint64_t *in = realloc(s->instret, cap * sizeof(*in));
		if (!in)
			return -1;
		s->instret = in;
		s->cap = cap;
	}
	s->cycles[s->n] = cycles;
	s->instret[s->n] = instret;
	s->n++;
	return 0;
}

/* r->machine from meta.json: the runs' model (one, or "several
 * machines" in a merged fleet), then how it counted: QEMU and its
 * -icount, or the core clock of a board; and the device's name. A figure
 * read without it could be of any machine. */
static void read_machine(json_t *root, struct results *r)
{
	json_t *run, *src = json_object_get(root, "source");
	const char *model = NULL, *dev = json_string_value(json_object_get(root, "device_name"));
	json_int_t hz = 0;
	int several = 0;
	size_t i, n = 0;
	json_array_foreach(json_object_get(root, "runs"), i, run) {
		const char *m = json_string_value(json_object_get(json_object_get(run, "header"), "model"));
		json_t *c = json_object_get(json_object_get(run, "context"), "clock_hz");
		if (!m)
			continue;
		if (model && strcmp(model, m))
			several = 1;
		model = m;
		hz = json_is_integer(c) ? json_integer_value(c) : 0;
	}
	if (several)
		model = "several machines";
	if (model)
		n += (size_t)snprintf(r->machine, sizeof(r->machine), "%s", model);
	const char *kind = json_string_value(json_object_get(src, "kind"));
	const char *qv = json_string_value(json_object_get(src, "qemu_version"));
	char clock[64];
	if (n < sizeof(r->machine) && kind && !strcmp(kind, "qemu"))
		n += (size_t)snprintf(r->machine + n, sizeof(r->machine) - n, "%sQEMU%s%s%s",
				      n ? ", " : "", qv ? " " : "", qv ? qv : "",
				      !strcmp(r->unit, "instr") ? " -icount: instructions, not cycles" : "");
	else if (n < sizeof(r->machine) && model && !several && hz > 0)
		n += (size_t)snprintf(r->machine + n, sizeof(r->machine) - n, ", %s",
				      ctx_fmt_mhz(clock, sizeof(clock), (uint64_t)hz));
	if (n < sizeof(r->machine) && dev && *dev)
		snprintf(r->machine + n, sizeof(r->machine) - n, "%sdevice %s", n ? "; " : "", dev);
}

/* The run status in meta.json: the top-level "status" (read as JSON, so
 * no "status" inside a string or a nested object can pass for it). */
static void read_meta(const char *dir, struct results *r)
{
	char path[4200];
	json_error_t je;
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	json_t *root = json_load_file(path, 0, &je);
	/* one that is there but not JSON is found, with no status */
	r->meta_found = root || access(path, F_OK) == 0;
	r->unit = "cycles";
	if (!root)
		return;
	const char *status = json_string_value(json_object_get(root, "status"));
	if (status && strlen(status) < sizeof(r->status))
		memcpy(r->status, status, strlen(status) + 1);
	r->complete = !strcmp(r->status, "complete");
	json_t *src = json_object_get(root, "source");
	const char *kind = json_string_value(json_object_get(src, "kind"));
	const char *icount = json_string_value(json_object_get(src, "icount"));
	if (kind && !strcmp(kind, "qemu") && icount && strcmp(icount, "off"))
		r->unit = "instr";
	read_machine(root, r);
	json_decref(root);
}

/* A text column of summary.csv (cflags, sample_unit) into each block's
 * series: the member at offset `member` (a char *), NULL where empty, and
 * where the column is absent (results of an older rvbench). */
static void read_block_text(const struct rcsv *t, struct results *r, const char *column,
			    size_t member)
{
	int crun = rcsv_col(t, "run"), cblock = rcsv_col(t, "block"), col = rcsv_col(t, column);
	for (size_t i = 1; crun >= 0 && cblock >= 0 && col >= 0 && i < t->nrows; i++) {
		char **f = t->row[i];
		uint64_t block;
		if (t->nfield[i] != t->nfield[0] || !*f[col] || wire_parse_u64(f[cblock], &block))
			continue;
		for (size_t k = 0; k < r->ns; k++) {
			struct res_series *s = &r->s[k];
			char **text = (char **)((char *)s + member);
			if (s->block < 0 || (uint64_t)s->block != block || strcmp(s->run, f[crun]) ||
			    *text)
				continue;
			*text = strdup(f[col]);
		}
	}
}

int results_csv_read(const char *dir, const char *name, struct rcsv *t, char *err, size_t errlen)
{
	char path[4200], why[256];
	size_t len;
	int e;

	memset(t, 0, sizeof(*t));
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	char *text = read_file(path, &len, &e);
	/* Absent: a directory from before the file existed, or made by hand,
	 * unless its meta.json lists it: then it was lost (deleted, a copy
	 * that left it out), and reading on without it would take what it
	 * says (a block's lost samples, its failed status) as not there. */
	if (!text && e == ENOENT && !(results_check_on() && results_meta_lists(dir, name)))
		return 1;
	if (!text && e == ENOENT) {
		snprintf(err, errlen, "cannot read %s: %s, but meta.json lists it "
			 "(--no-check reads the directory without it)", path, strerror(e));
		return -1;
	}
	if (!text) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
		return -1;
	}
	/* Every row ends with its line end: a file without one at its end
	 * was cut short, maybe inside the last field, where no count shows it
	 * and the row still parses, with a wrong value ("45" read as "4"). */
	int cut = results_check_on() && len && text[len - 1] != '\n';
	int rc = rcsv_parse(text, len, t, why, sizeof(why));
	free(text);
	if (rc) {
		snprintf(err, errlen, "%s:%s", path, why);
		return -1;
	}
	if (cut) {
		snprintf(err, errlen, "%s:%zu: the last line has no line end: the file was cut short "
			 "(--no-check reads it anyway)", path, t->nrows ? t->line[t->nrows - 1] : 1);
		rcsv_free(t);
		return -1;
	}
	return 0;
}

int results_summary_read(const char *dir, struct rcsv *t, char *err, size_t errlen)
{
	int check = results_check_on();
	int rc = results_csv_read(dir, "summary.csv", t, err, errlen);
	if (rc)
		return rc; /* absent and not listed: older, or made by hand */
	char path[4200];
	snprintf(path, sizeof(path), "%s/summary.csv", dir);
	if (check && results_check_summary(dir, path, t, err, errlen)) {
		rcsv_free(t);
		return -1;
	}
	return 0;
}

/* unit, per_call and cflags of each block from DIR/summary.csv, when it
 * has them. Read through results_summary_read: checked, an error; with
 * --no-check, a missing or unreadable file says nothing, not an error. */
static int read_summary(const char *dir, struct results *r, char *err, size_t errlen)
{
	struct rcsv t;
	int rc = results_summary_read(dir, &t, err, errlen);
	if (rc)
		return rc < 0 && results_check_on() ? -1 : 0;
	int crun = rcsv_col(&t, "run"), cblock = rcsv_col(&t, "block");
	int cunit = rcsv_col(&t, "unit"), cper = rcsv_col(&t, "per_call");
	for (size_t i = 1; crun >= 0 && cblock >= 0 && cunit >= 0 && cper >= 0 && i < t.nrows; i++) {
		char **f = t.row[i];
		uint64_t block, per_call;
		if (t.nfield[i] != t.nfield[0] || !*f[cunit] || wire_parse_u64(f[cblock], &block) ||
		    wire_parse_u64(f[cper], &per_call) || !per_call)
			continue;
		for (size_t k = 0; k < r->ns; k++) {
			struct res_series *s = &r->s[k];
			if (s->block < 0 || (uint64_t)s->block != block || strcmp(s->run, f[crun]) ||
			    s->unit)
				continue;
			s->unit = strdup(f[cunit]);
			s->per_call = s->unit ? per_call : 0;
		}
	}
	read_block_text(&t, r, "cflags", offsetof(struct res_series, cflags));
	read_block_text(&t, r, "sample_unit", offsetof(struct res_series, sample_unit));
	rcsv_free(&t);
	return 0;
}

static int same_family(const struct res_series *a, const struct res_series *b)
{
	return a->hart == b->hart && !strcmp(a->bench, b->bench) && !strcmp(a->run, b->run) &&
	       !strcmp(a->params, b->params);
}

/* Stable reorder: every series right after the earlier ones of its (run,
 * bench, params, hart), so a group run whose harts interleave in the file
 * is still one range for an_bench_end. */
int results_group(struct results *r)
{
	struct res_series *out = malloc((r->ns ? r->ns : 1) * sizeof(*out));
	char *used = calloc(r->ns ? r->ns : 1, 1);
	size_t n = 0;
	if (!out || !used) {
		free(out);
		free(used);
		return -1;
	}
	for (size_t i = 0; i < r->ns; i++) {
		if (used[i])
			continue;
		for (size_t k = i; k < r->ns; k++)
			if (!used[k] && same_family(&r->s[i], &r->s[k])) {
				used[k] = 1;
				out[n++] = r->s[k];
			}
	}
	memcpy(r->s, out, n * sizeof(*out));
	free(out);
	free(used);
	return 0;
}

/* The input of a sample just added to the series of (run, bench, block,
 * group): whether the series' inputs vary. 0, or -1 out of memory. */
static int note_input(struct results *r, const char *run, const char *bench, int64_t block,
		      uint64_t group, const char *input)
{
	for (size_t k = r->ns; k-- > 0;) {
		struct res_series *c = &r->s[k];
		if (!((block >= 0 ? c->block == block : c->block < 0 && c->group == group) &&
		      !strcmp(c->bench, bench) && !strcmp(c->run, run)))
			continue;
		if (!c->input0)
			return (c->input0 = strdup(input)) ? 0 : -1;
		c->inputs_vary |= strcmp(c->input0, input) != 0;
		return 0;
	}
	return 0;
}

int results_load(const char *dir, struct results *r, char *err, size_t errlen)
{
	/* "cycles": the metric --metric chose (results_metric.h) */
	const char *const need[] = { "run", "bench", "group", "batch", "warmup",
				     results_metric_column(), "instret" };
	enum { RUN, BENCH, GROUP, BATCH, WARMUP, CYCLES, INSTRET, NNEED };
	char path[4200];
	int col[NNEED];

	memset(r, 0, sizeof(*r));
	r->dir = strdup(dir);
	if (!r->dir) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	snprintf(path, sizeof(path), "%s/samples.csv", dir);
	/* Cut inside its last field, a row still has every field and the
	 * count meta.json gives still agrees: only the missing line end at
	 * its end tells (results_csv_read). */
	struct rcsv t;
	int rc = results_csv_read(dir, "samples.csv", &t, err, errlen);
	if (rc > 0)
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(ENOENT));
	if (rc) {
		results_free(r);
		return -1;
	}
	rc = -1;
	if (!t.nrows) {
		snprintf(err, errlen, "%s: empty file (no header)", path);
		goto out;
	}
	for (int k = 0; k < NNEED; k++)
		if ((col[k] = k == CYCLES ? results_metric_col(&t) : rcsv_col(&t, need[k])) < 0) {
			snprintf(err, errlen, "%s:1: no column '%s' in the header", path, need[k]);
			goto out;
		}
	int hart_col = rcsv_col(&t, "hart"), block_col = rcsv_col(&t, "block");
	int params_col = rcsv_col(&t, "params"), input_col = rcsv_col(&t, "input");
	for (size_t i = 1; i < t.nrows; i++) {
		char **f = t.row[i];
		uint64_t v[NNEED] = { 0 }, hart = 0, block = 0;
		if (t.nfield[i] != t.nfield[0]) {
			snprintf(err, errlen, "%s:%zu: %zu fields, the header has %zu", path, t.line[i],
				 t.nfield[i], t.nfield[0]);
			goto out;
		}
		if (results_metric_is_event() && !*f[col[CYCLES]])
			continue; /* a block that did not count the event */
		for (int k = GROUP; k < NNEED; k++)
			if (wire_parse_u64(f[col[k]], &v[k])) {
				snprintf(err, errlen, "%s:%zu: column '%s': '%.40s' is not a whole number",
					 path, t.line[i], need[k], f[col[k]]);
				goto out;
			}
		if (hart_col >= 0 && wire_parse_u64(f[hart_col], &hart)) {
			snprintf(err, errlen, "%s:%zu: column 'hart': '%.40s' is not a whole number", path,
				 t.line[i], f[hart_col]);
			goto out;
		}
		if (block_col >= 0 && (wire_parse_u64(f[block_col], &block) || block > INT64_MAX)) {
			snprintf(err, errlen, "%s:%zu: column 'block': '%.40s' is not a whole number",
				 path, t.line[i], f[block_col]);
			goto out;
		}
		if (v[WARMUP] > 1) {
			snprintf(err, errlen, "%s:%zu: column 'warmup' must be 0 or 1, not %llu", path,
				 t.line[i], (unsigned long long)v[WARMUP]);
			goto out;
		}
		if (!*f[col[BENCH]]) {
			snprintf(err, errlen, "%s:%zu: empty bench name", path, t.line[i]);
			goto out;
		}
		/* rvbench never writes a control byte in these: one that is
		 * there was put there, and they reach terminals and scripts. */
		if (has_control(f[col[RUN]]) || has_control(f[col[BENCH]]) ||
		    (params_col >= 0 && has_control(f[params_col]))) {
			snprintf(err, errlen, "%s:%zu: a control character in run, bench or params",
				 path, t.line[i]);
			goto out;
		}
		if (v[WARMUP]) /* kept in the CSV, left out of the statistics */
			continue;
		if (results_add(r, f[col[RUN]], f[col[BENCH]], block_col >= 0 ? (int64_t)block : -1,
				params_col >= 0 ? f[params_col] : "", hart, v[GROUP], v[BATCH],
				v[CYCLES], v[INSTRET]) ||
		    (input_col >= 0 && note_input(r, f[col[RUN]], f[col[BENCH]],
						  block_col >= 0 ? (int64_t)block : -1, v[GROUP],
						  f[input_col]))) {
			snprintf(err, errlen, "out of memory");
			goto out;
		}
	}
	if (results_check_on() && results_check(dir, path, &t, err, errlen))
		goto out;
	read_meta(dir, r);
	if (read_summary(dir, r, err, errlen))
		goto out;
	if (results_group(r)) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	rc = 0;
out:
	rcsv_free(&t);
	if (rc)
		results_free(r);
	return rc;
}

void results_free(struct results *r)
{
	for (size_t i = 0; i < r->ns; i++) {
		free(r->s[i].run);
		free(r->s[i].bench);
		free(r->s[i].params);
		free(r->s[i].unit);
		free(r->s[i].cflags);
		free(r->s[i].sample_unit);
		free(r->s[i].cycles);
		free(r->s[i].instret);
		free(r->s[i].input0);
	}
	free(r->s);
	free(r->dir);
	memset(r, 0, sizeof(*r));
}
