/* `rvbench stats --format json`: every statistic of the text report. A
 * statistic that cannot be computed is null, with "<name>_na" saying why. */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "export.h"
#include "json_string.h"

static void jval(FILE *f, const char *key, struct an_val x, int prec)
{
	if (x.na) {
		fprintf(f, ", \"%s\": null, \"%s_na\": ", key, key);
		json_write_str(f, x.na);
	} else {
		fprintf(f, ", \"%s\": %.*f", key, prec, x.v);
	}
}

static void jci(FILE *f, const char *key, const struct an_interval *c, int prec)
{
	if (c->na) {
		fprintf(f, ", \"%s\": null, \"%s_na\": ", key, key);
		json_write_str(f, c->na);
	} else {
		fprintf(f, ", \"%s\": [%.*f, %.*f]", key, prec, c->lo, prec, c->hi);
	}
}

static int series(FILE *f, const struct results *r, const struct res_series *s,
		  const struct an_opts *o)
{
	struct an_desc d;
	struct an_kanata k;

	if (an_describe(s->cycles, s->n, o->level, &d))
		return -1;
	fputs("    {\"run\": ", f);
	json_write_str(f, s->run);
	fputs(", \"bench\": ", f);
	json_write_str(f, s->bench);
	if (s->block >= 0)
		fprintf(f, ", \"block\": %lld", (long long)s->block);
	fputs(", \"params\": ", f);
	json_write_str(f, s->params);
	/* What its statistics count (res_series_unit); "unit" below is the unit
	 * of work of per_call (byte, load). */
	fputs(", \"value_unit\": ", f);
	json_write_str(f, res_series_unit(r, s));
	if (s->unit) {
		fputs(", \"unit\": ", f);
		json_write_str(f, s->unit);
		fprintf(f, ", \"per_call\": %llu", (unsigned long long)s->per_call);
	}
	fprintf(f, ", \"hart\": %llu, \"group\": %llu, \"batch\": %llu, \"count\": %zu",
		(unsigned long long)s->hart, (unsigned long long)s->group,
		(unsigned long long)s->batch, s->n);
	if (s->n) {
		fprintf(f, ", \"min\": %llu, \"max\": %llu, \"median\": %llu, \"p90\": %llu, "
			   "\"p95\": %llu, \"p99\": %llu, \"mad\": %llu, \"mode\": %llu, "
			   "\"mode_count\": %zu",
			(unsigned long long)d.min, (unsigned long long)d.max,
			(unsigned long long)d.median, (unsigned long long)d.p90,
			(unsigned long long)d.p95, (unsigned long long)d.p99,
			(unsigned long long)d.mad, (unsigned long long)d.mode, d.mode_count);
	}
	jval(f, "mean", d.mean, 4);
	jval(f, "variance", d.variance, 4);
	jval(f, "stddev", d.stddev, 4);
	jval(f, "stddev_pct", d.stddev_pct, 4);
	jval(f, "mode_share", d.mode_share, 4);
	jci(f, "ci_mean", &d.ci_mean, 4);
	jci(f, "ci_median", &d.ci_median, 0);
	if (s->n) {
		struct an_tukey t;
		struct an_steady st;
		struct an_path *p;
		size_t first;
		if (an_tukey_of(s->cycles, s->n, &t))
			return -1;
		fprintf(f, ",\n     \"outliers\": {\"q1\": %llu, \"q3\": %llu, \"mild_low\": %zu, "
			   "\"mild_high\": %zu, \"severe_low\": %zu, \"severe_high\": %zu}",
			(unsigned long long)t.q1, (unsigned long long)t.q3, t.mild_low, t.mild_high,
			t.severe_low, t.severe_high);
		if (an_steady_series(s->cycles, s->n, o->windows, o->target_e, &st, &first))
			return -1;
		if (st.na) {
			fputs(", \"steady_from_sample\": null, \"steady_from_sample_na\": ", f);
			json_write_str(f, st.na);
		} else {
			fprintf(f, ", \"steady_from_sample\": %zu", first);
		}
		size_t np = an_paths(s->cycles, s->instret, s->n, &p);
		if (np == (size_t)-1)
			return -1;
		fputs(",\n     \"paths\": [", f);
		for (size_t i = 0; i < np; i++)
			fprintf(f, "%s{\"instret\": %llu, \"count\": %zu, \"min\": %llu, \"median\": %llu, "
				   "\"max\": %llu, \"mean\": %.4f}",
				i ? ", " : "", (unsigned long long)p[i].instret, p[i].count,
				(unsigned long long)p[i].min, (unsigned long long)p[i].median,
				(unsigned long long)p[i].max, p[i].mean);
		fputs("]", f);
		free(p);
	}
	an_kanata_series(s, o->kanata_level, o->target_e, &k);
	fprintf(f, ",\n     \"kanata\": {\"n\": %llu, \"s\": %zu, \"z\": %.6f",
		(unsigned long long)k.n_calls, k.s, k.z);
	jval(f, "mean_a", k.mean_a, 4);
	jval(f, "variance_a", k.var_a, 4);
	jval(f, "mean_y", k.mean_y, 4);
	jval(f, "variance_y", k.var_y, 4);
	jval(f, "cov_y_pct", k.cov_y_pct, 4);
	jci(f, "ci_y", &k.ci_y, 4);
	jval(f, "halfwidth_pct", k.halfwidth_pct, 4);
	fprintf(f, ", \"target_met\": %s", k.halfwidth_pct.na ? "null" : k.target_met ? "true" : "false");
	jval(f, "required_s", k.required_s, 0);
	jval(f, "primary_mean", k.mean_p, 4);
	jval(f, "primary_variance", k.var_p, 4);
	jval(f, "primary_stddev", k.sd_p, 4);
	jval(f, "primary_cov_pct", k.cov_p_pct, 4);
	fputs("}}", f);
	return 0;
}

static int group_run(FILE *f, const struct results *r, size_t first, size_t end,
		     const struct an_opts *o)
{
	size_t total = 0, n = 0, ng = end - first;
	for (size_t g = first; g < end; g++)
		total += r->s[g].n;
	double *x = malloc((2 * total + 2 * ng + 1) * sizeof(double));
	if (!x)
		return -1;
	double *y = x + total, *mean = y + total, *hw = mean + ng;
	for (size_t g = first; g < end; g++) {
		struct an_kanata k;
		an_kanata_series(&r->s[g], o->kanata_level, o->target_e, &k);
		mean[g - first] = k.mean_y.na ? 0 : k.mean_y.v;
		hw[g - first] = k.ci_y.na ? 0 : (k.ci_y.hi - k.ci_y.lo) / 2;
		for (size_t i = 0; i < r->s[g].n; i++, n++) {
			x[n] = (double)r->s[g].batch;
			y[n] = (double)r->s[g].cycles[i];
		}
	}
	struct an_ols ols;
	struct an_steady st;
	an_ols(x, y, n, o->level, &ols);
	an_steady_state(mean, hw, ng, o->target_e, &st);
	free(x);
	fputs("    {\"run\": ", f);
	json_write_str(f, r->s[first].run);
	fputs(", \"bench\": ", f);
	json_write_str(f, r->s[first].bench);
	fputs(", \"params\": ", f);
	json_write_str(f, r->s[first].params);
	fprintf(f, ", \"hart\": %llu", (unsigned long long)r->s[first].hart);
	fprintf(f, ", \"groups\": %zu, \"samples\": %zu", ng, n);
	jval(f, "slope", ols.slope, 4);
	jci(f, "ci_slope", &ols.ci_slope, 4);
	jval(f, "intercept", ols.intercept, 4);
	jci(f, "ci_intercept", &ols.ci_intercept, 4);
	jval(f, "r2", ols.r2, 6);
	if (st.na) {
		fputs(", \"steady_from_group\": null, \"steady_from_group_na\": ", f);
		json_write_str(f, st.na);
	} else {
		fprintf(f, ", \"steady_from_group\": %llu",
			(unsigned long long)r->s[first + st.first].group);
	}
	fputs("}", f);
	return 0;
}

int export_json(FILE *f, const struct results *r, const struct an_opts *o)
{
	fputs("{\n  \"tool\": \"rvbench\",\n  \"dir\": ", f);
	json_write_str(f, r->dir ? r->dir : "");
	fprintf(f, ",\n  \"complete\": %s,\n  \"level\": %g,\n  \"kanata_level\": %g,\n"
		   "  \"target_e\": %g,\n  \"percentile\": \"nearest rank\",\n  \"series\": [\n",
		!r->meta_found ? "null" : r->complete ? "true" : "false", o->level, o->kanata_level,
		o->target_e);
	for (size_t i = 0; i < r->ns; i++) {
		if (series(f, r, &r->s[i], o))
			return -1;
		fputs(i + 1 < r->ns ? ",\n" : "\n", f);
	}
	fputs("  ],\n  \"group_runs\": [\n", f);
	int any = 0;
	for (size_t i = 0; i < r->ns;) {
		size_t end = an_bench_end(r, i);
		if (an_is_group_run(r, i, end)) {
			fputs(any ? ",\n" : "", f);
			if (group_run(f, r, i, end, o))
				return -1;
			any = 1;
		}
		i = end;
	}
	fputs(any ? "\n  ]\n}\n" : "  ]\n}\n", f);
	return ferror(f) ? -1 : 0;
}
