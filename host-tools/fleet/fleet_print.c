/* The fleet's report: on the screen, and as fleet.csv and
 * fleet_devices.csv (fleet.h). */
#include "fleet.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "csv_out.h"
#include "term_str.h"

/* "12.34" or "n/a" when the value is not available. */
static const char *num(char *buf, size_t len, struct an_val v, const char *fmt)
{
	if (v.na)
		snprintf(buf, len, "n/a");
	else
		snprintf(buf, len, fmt, v.v);
	return buf;
}

/* x with fmt, "inf" or "-inf" spelt out (the same on every libc), and
 * `na` for NAN: a z-score of a MAD of 0, or one not judged. */
static const char *dbl(char *buf, size_t len, double x, const char *fmt, const char *na)
{
	if (isnan(x))
		snprintf(buf, len, "%s", na);
	else if (isinf(x))
		snprintf(buf, len, "%s", x > 0 ? "inf" : "-inf");
	else
		snprintf(buf, len, fmt, x);
	return buf;
}

/* *w widened to hold s. */
static void widen(int *w, const char *s)
{
	int n = (int)strlen(s);
	*w = n > *w ? n : *w;
}

/* The numeric columns of a table of rows: each row's cells, right-aligned
 * after its label, every column as wide as its widest cell or header (a
 * long label or a variance of 3e11 must not push the columns after it out
 * of line). */
#define NCELL 6
#define CELL 64
struct table {
	const char *head[NCELL];
	char (*cell)[NCELL][CELL]; /* one per report row */
	int w[NCELL];
};

static void table_widths(struct table *t, size_t nrows)
{
	for (int j = 0; j < NCELL; j++) {
		t->w[j] = 0;
		widen(&t->w[j], t->head[j]);
		for (size_t i = 0; i < nrows; i++)
			widen(&t->w[j], t->cell[i][j]);
	}
}

static void table_line(FILE *out, const struct table *t, int wl, const char *label,
		       const char (*cell)[CELL])
{
	fprintf(out, "%-*s", wl, label);
	for (int j = 0; j < NCELL; j++)
		fprintf(out, "  %*s", t->w[j], cell ? cell[j] : t->head[j]);
}

/* The devices, each with its first model, its directories and status. */
static int print_devices(FILE *out, const struct fleet *f)
{
	char name[256], model[256];
	int wd = (int)strlen("device"), wm = (int)strlen("model");
	for (size_t d = 0; d < f->ndev; d++)
		widen(&wd, term_str(f->device[d], name, sizeof(name)));
	for (size_t i = 0; i < f->nm; i++)
		widen(&wm, term_str(*f->m[i].model ? f->m[i].model : "unknown", model, sizeof(model)));
	fprintf(out, "  %-*s  %-*s  %4s  %s\n", wd, "device", wm, "model", "dirs", "status");
	for (size_t d = 0; d < f->ndev; d++) {
		size_t dirs = 0, complete = 0, failed = 0;
		const char *mod = "";
		for (size_t i = 0; i < f->nm; i++)
			if (f->m[i].device == d) {
				dirs++;
				complete += f->m[i].r.complete;
				failed += fleet_member_failed(&f->m[i]);
				if (!*mod)
					mod = f->m[i].model;
			}
		fprintf(out, "  %-*s  %-*s  %4zu  %s\n", wd, term_str(f->device[d], name, sizeof(name)),
			wm, term_str(*mod ? mod : "unknown", model, sizeof(model)), dirs,
			complete != dirs ? "INCOMPLETE" : failed ? "FAILED" : "complete");
	}
	return 0;
}

/* Each member whose run failed and each block left out of the statistics
 * because it is not whole, per device. */
static void print_not_ok(FILE *out, const struct fleet *f)
{
	if (fleet_all_ok(f))
		return;
	/* A bench name, result or status from a file: escaped for the terminal. */
	char what[256], why[256];
	fprintf(out, "\nnot ok (the blocks listed are left out of the statistics below; the other "
		     "blocks of a failed run are not)\n");
	for (size_t d = 0; d < f->ndev; d++)
		for (size_t i = 0; i < f->nm; i++) {
			const struct fleet_member *m = &f->m[i];
			if (m->device != d)
				continue;
			if (fleet_member_failed(m))
				fprintf(out, "  %-24s run result %s (%s)\n", f->device[d],
					term_str(m->result, what, sizeof(what)), m->dir);
			for (size_t k = 0; k < m->bad.n; k++)
				fprintf(out, "  %-24s %s block %lld: %s\n", f->device[d],
					term_str(m->bad.p[k].bench, what, sizeof(what)),
					(long long)m->bad.p[k].block,
					term_str(m->bad.p[k].why, why, sizeof(why)));
		}
}

/* Each context value (meta.json: model, clock, L2, OpenSBI, QEMU, cycle
 * counting, compiler, flags) on which the members differ, with each
 * value's first device: a disagreement between boards may be one of
 * these rather than of the silicon. */
static void print_context_differences(FILE *out, const struct fleet *f)
{
	for (int k = 0; k < CTX_KEY_COUNT; k++) {
		const struct fleet_member *first = NULL;
		int differs = 0;
		for (size_t i = 0; i < f->nm; i++) {
			const struct fleet_member *m = &f->m[i];
			if (!m->ctx.found)
				continue;
			if (!first)
				first = m;
			else if (strcmp(first->ctx.value[k], m->ctx.value[k]))
				differs = 1;
		}
		if (!differs)
			continue;
		fprintf(out, "  note: the devices differ in %s:", ctx_key_name[k]);
		const char *sep = " ";
		for (size_t i = 0; i < f->nm; i++) {
			const struct fleet_member *m = &f->m[i];
			int seen = 0;
			for (size_t j = 0; j < i && !seen; j++)
				seen = f->m[j].ctx.found && !strcmp(f->m[j].ctx.value[k], m->ctx.value[k]);
			if (m->ctx.found && !seen) {
				fprintf(out, "%s%s (%s)", sep, m->ctx.value[k], f->device[m->device]);
				sep = "; ";
			}
		}
		fputc('\n', out);
	}
}

/* What the members' counts are ("cycles", "instr" under QEMU -icount);
 * NULL when they differ. */
static const char *members_unit(const struct fleet *f)
{
	const char *u = NULL;
	for (size_t i = 0; i < f->nm; i++) {
		const char *v = res_unit(&f->m[i].r);
		if (u && strcmp(u, v))
			return NULL;
		u = v;
	}
	return u ? u : "cycles";
}

/* The outlier devices of row w, "-" when none: "NAME (median M, +D %,
 * z Z)", D its distance from the row's median. */
static void print_outliers(FILE *out, const struct fleet *f, const struct fleet_row *w)
{
	char name[256], off[48], z[32];
	int any = 0;
	for (size_t k = 0; k < w->k; k++) {
		if (!w->outlier[k])
			continue;
		fprintf(out, "%s%s (median %llu, %s %%, z %s)", any ? ", " : "",
			term_str(f->device[w->dev[k]], name, sizeof(name)),
			(unsigned long long)w->median[k],
			dbl(off, sizeof(off), fleet_off_pct(w->median[k], w->spread.median), "%+.2f",
			    "n/a"),
			dbl(z, sizeof(z), w->z[k], "%.1f", "n/a"));
		any = 1;
	}
	fputs(any ? "\n" : "-\n", out);
}

static void spread_cells(const struct fleet_row *w, char (*c)[CELL])
{
	struct an_val cvp = w->spread.cv;
	cvp.v *= 100;
	snprintf(c[0], CELL, "%zu", w->k);
	snprintf(c[1], CELL, "%llu", (unsigned long long)w->spread.median);
	snprintf(c[2], CELL, "%llu", (unsigned long long)w->spread.min);
	snprintf(c[3], CELL, "%llu", (unsigned long long)w->spread.max);
	snprintf(c[4], CELL, "%llu", (unsigned long long)w->spread.mad);
	num(c[5], CELL, cvp, "%.2f");
}

static void anova_cells(const struct fleet_row *w, char (*c)[CELL])
{
	const struct fleet_anova *v = &w->anova;
	struct an_val icc = v->icc;
	icc.v *= 100;
	snprintf(c[0], CELL, "%zu", v->n);
	num(c[1], CELL, v->var_between, "%.3f");
	num(c[2], CELL, v->var_within, "%.3f");
	num(c[3], CELL, icc, "%.2f");
	num(c[4], CELL, v->f, "%.3f");
	num(c[5], CELL, v->p, "%.3g");
}

/* The two tables of the rows, their label column as wide as the widest
 * label in both. */
static int print_rows(FILE *out, const struct fleet *f, const struct fleet_report *rep)
{
	char label[512];
	struct table sp = { { "devices", "median", "min", "max", "MAD", "CV %" }, NULL, { 0 } };
	struct table av = { { "samples", "var between", "var within", "between %", "F", "p" },
			    NULL, { 0 } };
	sp.cell = calloc(rep->nrows ? rep->nrows : 1, sizeof(*sp.cell));
	av.cell = calloc(rep->nrows ? rep->nrows : 1, sizeof(*av.cell));
	if (!sp.cell || !av.cell) {
		free(sp.cell);
		free(av.cell);
		return -1;
	}
	int wl = (int)strlen("benchmark");
	for (size_t i = 0; i < rep->nrows; i++) {
		widen(&wl, fleet_row_label(&rep->row[i], label, sizeof(label)));
		spread_cells(&rep->row[i], sp.cell[i]);
		anova_cells(&rep->row[i], av.cell[i]);
	}
	table_widths(&sp, rep->nrows);
	table_widths(&av, rep->nrows);

	const char *unit = members_unit(f);
	fprintf(out, "\nmedian %s across devices (each device's median)\n"
		     "outlier: |z| > %.1f (modified z-score); when MAD is 0, more than %.0f %% "
		     "off the median (z inf)\n",
		unit ? unit : "cycles or instr (the devices count differently)", FLEET_Z_LIMIT,
		FLEET_EXACT_PCT);
	table_line(out, &sp, wl, "benchmark", NULL);
	fputs("  outliers\n", out);
	for (size_t i = 0; i < rep->nrows; i++) {
		table_line(out, &sp, wl, fleet_row_label(&rep->row[i], label, sizeof(label)),
			   (const char (*)[CELL])sp.cell[i]);
		fputs("  ", out);
		print_outliers(out, f, &rep->row[i]);
	}

	fprintf(out, "\nvariance between and within devices (one-way random-effects ANOVA of the "
		     "samples)\n");
	table_line(out, &av, wl, "benchmark", NULL);
	fputc('\n', out);
	for (size_t i = 0; i < rep->nrows; i++) {
		table_line(out, &av, wl, fleet_row_label(&rep->row[i], label, sizeof(label)),
			   (const char (*)[CELL])av.cell[i]);
		fputc('\n', out);
	}
	free(sp.cell);
	free(av.cell);
	return 0;
}

int fleet_print(FILE *out, const struct fleet *f, const struct fleet_report *rep)
{
	fprintf(out, "fleet: %zu device%s, %zu result director%s%s\n", f->ndev,
		f->ndev == 1 ? "" : "s", f->nm, f->nm == 1 ? "y" : "ies",
		!fleet_complete(f) ? ", NOT all complete"
		: fleet_all_ok(f)  ? ", all complete"
				   : ", all complete, NOT all ok");
	print_devices(out, f);
	print_context_differences(out, f);
	print_not_ok(out, f);
	if (print_rows(out, f, rep))
		return -1;
	return ferror(out) ? -1 : 0;
}

/* A CSV number: empty when not available. */
static int csv_num(FILE *out, struct an_val v, const char *fmt)
{
	if (putc(',', out) == EOF)
		return -1;
	return v.na ? 0 : (fprintf(out, fmt, v.v) < 0 ? -1 : 0);
}

/* bench,params,group,batch,hart: the row's key (hart empty unless the
 * benchmark ran on several harts). */
static int csv_key(FILE *out, const struct fleet_row *w)
{
	if (csv_field(out, w->bench) || putc(',', out) == EOF || csv_field(out, w->params) ||
	    fprintf(out, ",%llu,%llu,", (unsigned long long)w->group,
		    (unsigned long long)w->batch) < 0)
		return -1;
	return w->by_hart && fprintf(out, "%llu", (unsigned long long)w->hart) < 0 ? -1 : 0;
}

int fleet_csv_writer(FILE *out, void *ctx)
{
	const struct fleet_csv_ctx *cx = ctx;
	int rc = fputs("bench,params,group,batch,hart,devices,samples,median,min,max,mad,cv,"
		       "outliers,df_between,df_within,var_between,var_within,icc,f,p\r\n",
		       out) < 0;
	for (size_t i = 0; i < cx->rep->nrows && !rc; i++) {
		const struct fleet_row *w = &cx->rep->row[i];
		const struct fleet_anova *v = &w->anova;
		char list[4096] = "";
		size_t used = 0;
		for (size_t k = 0; k < w->k; k++)
			if (w->outlier[k] && used < sizeof(list))
				used += (size_t)snprintf(list + used, sizeof(list) - used, "%s%s",
							 used ? ";" : "", cx->f->device[w->dev[k]]);
		rc = csv_key(out, w) ||
		     fprintf(out, ",%zu,%zu,%llu,%llu,%llu,%llu", w->k, v->n,
			     (unsigned long long)w->spread.median, (unsigned long long)w->spread.min,
			     (unsigned long long)w->spread.max, (unsigned long long)w->spread.mad) < 0 ||
		     csv_num(out, w->spread.cv, "%.6f") || putc(',', out) == EOF ||
		     csv_field(out, list) ||
		     fprintf(out, ",%zu,%zu", v->df_between, v->df_within) < 0 ||
		     csv_num(out, v->var_between, "%.6f") || csv_num(out, v->var_within, "%.6f") ||
		     csv_num(out, v->icc, "%.6f") || csv_num(out, v->f, "%.6f") ||
		     csv_num(out, v->p, "%.6g") || fputs("\r\n", out) < 0;
	}
	return rc ? -1 : 0;
}

/* z: empty when not judged (fewer than 3 devices), inf or -inf off a MAD
 * of 0; off_pct: the device's median's distance from the row's median, in
 * %, which the rule for a MAD of 0 judges. */
int fleet_devices_csv_writer(FILE *out, void *ctx)
{
	const struct fleet_csv_ctx *cx = ctx;
	int rc = fputs("bench,params,group,batch,hart,device,samples,median,z,outlier,off_pct\r\n",
		       out) < 0;
	char z[48], off[48];
	for (size_t i = 0; i < cx->rep->nrows && !rc; i++) {
		const struct fleet_row *w = &cx->rep->row[i];
		for (size_t k = 0; k < w->k && !rc; k++)
			rc = csv_key(out, w) || putc(',', out) == EOF ||
			     csv_field(out, cx->f->device[w->dev[k]]) ||
			     fprintf(out, ",%zu,%llu,%s,%d,%s\r\n", w->n[k],
				     (unsigned long long)w->median[k],
				     dbl(z, sizeof(z), w->z[k], "%.6f", ""), w->outlier[k],
				     dbl(off, sizeof(off),
					 fleet_off_pct(w->median[k], w->spread.median), "%.6f",
					 "")) < 0;
	}
	return rc ? -1 : 0;
}
