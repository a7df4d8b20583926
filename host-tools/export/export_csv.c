/* `rvbench stats --format csv`: one RFC 4180 row per series (run, bench,
 * block; see results_csv.h), and in its last columns what its values
 * count (res_series_unit: "instr" for the cycles of a QEMU -icount run, "tick"
 * for timer_irq_ticks) and the metric its statistics are of (--metric:
 * "cycles", "instret", an event's name).
 * A statistic that cannot be computed is an empty field, never 0 or NaN.
 * Text fields go through csv_field, the one CSV escaping (csv_out.h). */
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "csv_out.h"
#include "export.h"
#include "results_metric.h"

static void val(FILE *f, struct an_val x, int prec)
{
	if (x.na)
		fputs(",", f);
	else
		fprintf(f, ",%.*f", prec, x.v);
}

static void ci(FILE *f, const struct an_interval *c, int prec)
{
	if (c->na)
		fputs(",,", f);
	else
		fprintf(f, ",%.*f,%.*f", prec, c->lo, prec, c->hi);
}

int export_csv(FILE *f, const struct results *r, const struct an_opts *o)
{
	fputs("run,bench,block,params,hart,group,batch,count,min,max,mean,variance,stddev,stddev_pct,median,p90,"
	      "p95,p99,mad,mode,mode_share,ci_mean_lo,ci_mean_hi,ci_median_lo,ci_median_hi,"
	      "outliers_mild,outliers_severe,paths,y_mean,y_variance,y_ci_lo,y_ci_hi,"
	      "y_halfwidth_pct,required_s,primary_mean,primary_variance,primary_stddev,"
	      "primary_cov_pct,unit,metric\r\n",
	      f);
	for (size_t i = 0; i < r->ns; i++) {
		const struct res_series *s = &r->s[i];
		struct an_desc d;
		struct an_kanata k;
		if (an_describe(s->cycles, s->n, o->level, &d))
			return -1;
		an_kanata_series(s, o->kanata_level, o->target_e, &k);
		csv_field(f, s->run);
		fputc(',', f);
		csv_field(f, s->bench);
		fputc(',', f);
		if (s->block >= 0)
			fprintf(f, "%lld", (long long)s->block);
		fputc(',', f);
		csv_field(f, s->params);
		fprintf(f, ",%llu,%llu,%llu,%zu", (unsigned long long)s->hart,
			(unsigned long long)s->group, (unsigned long long)s->batch, s->n);
		if (s->n)
			fprintf(f, ",%llu,%llu", (unsigned long long)d.min, (unsigned long long)d.max);
		else
			fputs(",,", f);
		val(f, d.mean, 3);
		val(f, d.variance, 3);
		val(f, d.stddev, 3);
		val(f, d.stddev_pct, 2);
		if (s->n)
			fprintf(f, ",%llu,%llu,%llu,%llu,%llu,%llu", (unsigned long long)d.median,
				(unsigned long long)d.p90, (unsigned long long)d.p95,
				(unsigned long long)d.p99, (unsigned long long)d.mad,
				(unsigned long long)d.mode);
		else
			fputs(",,,,,,", f);
		val(f, d.mode_share, 4);
		ci(f, &d.ci_mean, 3);
		ci(f, &d.ci_median, 0);
		if (s->n) {
			struct an_path *p;
			struct an_tukey t;
			if (an_tukey_of(s->cycles, s->n, &t))
				return -1;
			size_t np = an_paths(s->cycles, s->instret, s->n, &p);
			if (np == (size_t)-1)
				return -1;
			free(p);
			fprintf(f, ",%zu,%zu,%zu", t.mild_low + t.mild_high,
				t.severe_low + t.severe_high, np);
		} else {
			fputs(",,,", f);
		}
		val(f, k.mean_y, 4);
		val(f, k.var_y, 4);
		ci(f, &k.ci_y, 4);
		val(f, k.halfwidth_pct, 4);
		val(f, k.required_s, 0);
		val(f, k.mean_p, 4);
		val(f, k.var_p, 4);
		val(f, k.sd_p, 4);
		val(f, k.cov_p_pct, 4);
		fputc(',', f);
		csv_field(f, res_series_unit(r, s));
		fputc(',', f);
		csv_field(f, results_metric_label());
		fputs("\r\n", f);
	}
	return ferror(f) ? -1 : 0;
}
