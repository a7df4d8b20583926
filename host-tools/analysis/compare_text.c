/* `rvbench compare` as aligned text columns (compare_table.h). */
#include <string.h>

#include "compare_table.h"

static const char *const kind_text[] = {
	[CMP_ONLY_A] = "only in A: not compared",
	[CMP_ONLY_B] = "only in B: not compared",
};

int cmp_print_text(FILE *f, const struct cmp_table *t, const char *a_name, const char *b_name)
{
	int wb = 7, wp = 6; /* "geomean", "params" */
	for (size_t i = 0; i < t->n; i++) {
		int lb = (int)strlen(t->row[i].bench), lp = (int)strlen(t->row[i].params);
		wb = lb > wb ? lb : wb;
		wp = lp > wp ? lp : wp;
	}
	fprintf(f,
		"A = %s, B = %s\n"
		"delta: B / A - 1 (Hodges-Lehmann) with its %g %% CI; p: Mann-Whitney U; "
		"~: no significant change (p > %g)\n"
		"%-*s  %-*s %6s %6s %10s %10s %9s  %-22s %8s  %s\n",
		a_name, b_name, 100 * (1 - t->alpha), t->alpha, wb, "bench", wp, "params", "n A",
		"n B", "median A", "median B", "delta", "CI of delta", "p", "verdict");
	for (size_t i = 0; i < t->n; i++) {
		const struct cmp_row *r = &t->row[i];
		if (r->kind != CMP_COMPARED) {
			fprintf(f, "%-*s  %-*s %6zu %6zu  %s\n", wb, r->bench, wp, r->params, r->na,
				r->nb, r->kind == CMP_SKIPPED ? r->why : kind_text[r->kind]);
			continue;
		}
		char d[32], ci[64], p[32];
		cmp_fmt_change(d, sizeof(d), r->c.change_pct, r->c.rank.significant, 0);
		cmp_fmt_ci(ci, sizeof(ci), &r->c.ratio_ci);
		cmp_fmt_p(p, sizeof(p), r->c.rank.p);
		fprintf(f, "%-*s  %-*s %6zu %6zu %10llu %10llu %9s  %-22s %8s  %s%s%s\n", wb, r->bench,
			wp, r->params, r->na, r->nb, (unsigned long long)r->c.median_a,
			(unsigned long long)r->c.median_b, d, ci, p, an_verdict_name(r->c.verdict),
			r->incomplete ? "  incomplete: " : "", r->incomplete ? r->incomplete : "");
	}
	if (t->gm_n) {
		char d[32];
		cmp_fmt_change(d, sizeof(d), an_ok(100 * (t->gm_ratio - 1)), 1, 0);
		fprintf(f, "%-*s  %-*s %6s %6s %10.1f %10.1f %9s  (of %zu medians)\n", wb, "geomean", wp,
			"", "", "", t->gm_a, t->gm_b, d, t->gm_n);
	}
	return ferror(f) ? -1 : 0;
}
