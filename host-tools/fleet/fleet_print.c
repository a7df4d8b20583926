/* The fleet's report: on the screen, and as fleet.csv and
 * fleet_devices.csv (fleet.h). */
#include "fleet.h"

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

static int print_devices(FILE *out, const struct fleet *f)
{
	fprintf(out, "  %-24s %-34s %4s  %s\n", "device", "model", "dirs", "status");
	for (size_t d = 0; d < f->ndev; d++) {
		size_t dirs = 0, complete = 0, failed = 0;
		const char *model = "";
		for (size_t i = 0; i < f->nm; i++)
			if (f->m[i].device == d) {
				dirs++;
				complete += f->m[i].r.complete;
				failed += fleet_member_failed(&f->m[i]);
				if (!*model)
					model = f->m[i].model;
			}
		fprintf(out, "  %-24s %-34s %4zu  %s\n", f->device[d], *model ? model : "unknown",
			dirs, complete != dirs ? "INCOMPLETE" : failed ? "FAILED" : "complete");
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

int fleet_print(FILE *out, const struct fleet *f, const struct fleet_report *rep)
{
	char label[512], a[32], b[32], c[32], e[32], g[32];

	fprintf(out, "fleet: %zu device%s, %zu result director%s%s\n", f->ndev,
		f->ndev == 1 ? "" : "s", f->nm, f->nm == 1 ? "y" : "ies",
		!fleet_complete(f) ? ", NOT all complete"
		: fleet_all_ok(f)  ? ", all complete"
				   : ", all complete, NOT all ok");
	print_devices(out, f);
	print_context_differences(out, f);
	print_not_ok(out, f);

	fprintf(out, "\nmedian cycles across devices (each device's median; outlier: |z| > %.1f, "
		     "modified z-score)\n", FLEET_Z_LIMIT);
	fprintf(out, "%-36s %7s %12s %12s %12s %10s %8s  %s\n", "benchmark", "devices", "median",
		"min", "max", "MAD", "CV %", "outliers");
	for (size_t i = 0; i < rep->nrows; i++) {
		const struct fleet_row *w = &rep->row[i];
		struct an_val cvp = w->spread.cv;
		cvp.v *= 100;
		fprintf(out, "%-36s %7zu %12llu %12llu %12llu %10llu %8s  ",
			fleet_row_label(w, label, sizeof(label)), w->k,
			(unsigned long long)w->spread.median, (unsigned long long)w->spread.min,
			(unsigned long long)w->spread.max, (unsigned long long)w->spread.mad,
			num(a, sizeof(a), cvp, "%.2f"));
		int any = 0;
		for (size_t k = 0; k < w->k; k++)
			if (w->outlier[k]) {
				fprintf(out, "%s%s (median %llu, z %.1f)", any ? ", " : "",
					f->device[w->dev[k]], (unsigned long long)w->median[k], w->z[k]);
				any = 1;
			}
		fprintf(out, "%s\n", any ? "" : "-");
	}

	fprintf(out, "\nvariance between and within devices (one-way random-effects ANOVA of the "
		     "samples)\n");
	fprintf(out, "%-36s %9s %14s %14s %10s %10s %10s\n", "benchmark", "samples", "var between",
		"var within", "between %", "F", "p");
	for (size_t i = 0; i < rep->nrows; i++) {
		const struct fleet_row *w = &rep->row[i];
		const struct fleet_anova *v = &w->anova;
		struct an_val icc = v->icc;
		icc.v *= 100;
		fprintf(out, "%-36s %9zu %14s %14s %10s %10s %10s\n",
			fleet_row_label(w, label, sizeof(label)), v->n,
			num(a, sizeof(a), v->var_between, "%.3f"),
			num(b, sizeof(b), v->var_within, "%.3f"), num(c, sizeof(c), icc, "%.2f"),
			num(e, sizeof(e), v->f, "%.3f"), num(g, sizeof(g), v->p, "%.3g"));
	}
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

int fleet_devices_csv_writer(FILE *out, void *ctx)
{
	const struct fleet_csv_ctx *cx = ctx;
	int rc = fputs("bench,params,group,batch,hart,device,samples,median,z,outlier\r\n", out) < 0;
	for (size_t i = 0; i < cx->rep->nrows && !rc; i++) {
		const struct fleet_row *w = &cx->rep->row[i];
		for (size_t k = 0; k < w->k && !rc; k++)
			rc = csv_key(out, w) || putc(',', out) == EOF ||
			     csv_field(out, cx->f->device[w->dev[k]]) ||
			     fprintf(out, ",%zu,%llu,%.6f,%d\r\n", w->n[k],
				     (unsigned long long)w->median[k], w->z[k], w->outlier[k]) < 0;
	}
	return rc ? -1 : 0;
}
