/* `rvbench compare --format csv`: one RFC 4180 row per comparison
 * (compare_table.h); empty fields where a value does not exist. p is 0
 * where it is below what a double holds (the text says "<1e-300"). */
#include "compare_table.h"
#include "csv_out.h"

int cmp_print_csv(FILE *f, const struct cmp_table *t)
{
	fputs("bench_a,bench_b,params,group,hart,batch,count_a,count_b,median_a,median_b,change_pct,"
	      "ratio_ci_lo,ratio_ci_hi,p,verdict,params_b,incomplete,p_midrank\r\n",
	      f);
	for (size_t i = 0; i < t->n; i++) {
		const struct cmp_row *r = &t->row[i];
		const struct res_series *s = r->sa ? r->sa : r->sb;
		csv_field(f, r->sa ? r->sa->bench : "");
		fputc(',', f);
		csv_field(f, r->sb ? r->sb->bench : "");
		fputc(',', f);
		csv_field(f, s->params);
		fprintf(f, ",%llu,", (unsigned long long)s->group);
		if (r->by_hart)
			fprintf(f, "%llu", (unsigned long long)s->hart);
		fprintf(f, ",%llu,%zu,%zu,", (unsigned long long)s->batch, r->na, r->nb);
		if (r->kind == CMP_COMPARED) {
			const struct an_compare *c = &r->c;
			fprintf(f, "%llu,%llu,", (unsigned long long)c->median_a,
				(unsigned long long)c->median_b);
			/* Significant digits, not decimals: a change of 2 in
			 * 10,000,000 instructions is significant under -icount,
			 * and four decimals printed it as 0 with a CI of [1, 1]
			 * beside "slower". The ratios get what a double holds;
			 * the change, 100 (ratio - 1), loses the digits the
			 * subtraction cancels, so nine are shown. */
			if (!c->change_pct.na)
				fprintf(f, "%.9g", c->change_pct.v);
			if (c->ratio_ci.na)
				fputs(",,", f);
			else
				fprintf(f, ",%.15g,%.15g", c->ratio_ci.lo, c->ratio_ci.hi);
			fputc(',', f);
			if (!c->rank.p.na)
				fprintf(f, "%.6g", c->rank.p.v);
			fprintf(f, ",%s,", c->verdict == AN_SAME ? "same" : an_verdict_name(c->verdict));
		} else {
			fputs(",,,,,,", f);
			csv_field(f, r->kind == CMP_ONLY_A   ? "only in A"
				     : r->kind == CMP_ONLY_B ? "only in B"
							     : r->why);
			fputc(',', f);
		}
		csv_field(f, r->sb ? r->sb->params : "");
		fputc(',', f);
		csv_field(f, r->incomplete ? r->incomplete : "");
		fputc(',', f);
		if (r->kind == CMP_COMPARED && !r->c.mwu.p.na)
			fprintf(f, "%.6g", r->c.mwu.p.v);
		fputs("\r\n", f);
	}
	return ferror(f) ? -1 : 0;
}
