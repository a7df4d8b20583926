/* `rvbench compare` as aligned text columns (compare_table.h). Every
 * column is as wide as its widest cell: a delta of +61437.65 % or a long
 * parameter list must not push the columns after it out of line. */
#include <stdlib.h>
#include <string.h>

#include "compare_table.h"

static const char *const kind_text[] = {
	[CMP_ONLY_A] = "only in A: not compared",
	[CMP_ONLY_B] = "only in B: not compared",
};

/* A compared row's formatted cells. */
struct cells {
	char d[32], ci[64], p[32], ma[24], mb[24];
};

static void format_row(const struct cmp_row *r, struct cells *c)
{
	cmp_fmt_change(c->d, sizeof(c->d), r->c.change_pct, r->c.rank.significant, 0);
	cmp_fmt_ci(c->ci, sizeof(c->ci), &r->c.ratio_ci);
	cmp_fmt_p(c->p, sizeof(c->p), r->c.rank.p);
	snprintf(c->ma, sizeof(c->ma), "%llu", (unsigned long long)r->c.median_a);
	snprintf(c->mb, sizeof(c->mb), "%llu", (unsigned long long)r->c.median_b);
}

static void widen(int *w, const char *s)
{
	int n = (int)strlen(s);
	*w = n > *w ? n : *w;
}

int cmp_print_text(FILE *f, const struct cmp_table *t, const char *a_name, const char *b_name)
{
	/* the headers' widths first: "bench", "params", "median A", ... */
	int wb = 7, wp = 6, wm = 10, wd = 9, wc = 11, wq = 8; /* "geomean", ..., "p" */
	struct cells *c = calloc(t->n + 1, sizeof(*c));
	char gm_a[32] = "", gm_b[32] = "", gm_d[32] = "";

	if (!c)
		return -1;
	for (size_t i = 0; i < t->n; i++) {
		const struct cmp_row *r = &t->row[i];
		widen(&wb, r->bench);
		widen(&wp, r->params);
		if (r->kind != CMP_COMPARED)
			continue;
		format_row(r, &c[i]);
		widen(&wm, c[i].ma);
		widen(&wm, c[i].mb);
		widen(&wd, c[i].d);
		widen(&wc, c[i].ci);
		widen(&wq, c[i].p);
	}
	if (t->gm_n) {
		snprintf(gm_a, sizeof(gm_a), "%.1f", t->gm_a);
		snprintf(gm_b, sizeof(gm_b), "%.1f", t->gm_b);
		cmp_fmt_change(gm_d, sizeof(gm_d), an_ok(100 * (t->gm_ratio - 1)), 1, 0);
		widen(&wm, gm_a);
		widen(&wm, gm_b);
		widen(&wd, gm_d);
	}
	fprintf(f,
		"A = %s, B = %s\n"
		"delta: B / A - 1 (Hodges-Lehmann) with its %g %% CI; p: Mann-Whitney U; "
		"~: no significant change (p > %g)\n"
		"%-*s  %-*s %6s %6s %*s %*s %*s  %-*s %*s  %s\n",
		a_name, b_name, 100 * (1 - t->alpha), t->alpha, wb, "bench", wp, "params", "n A",
		"n B", wm, "median A", wm, "median B", wd, "delta", wc, "CI of delta", wq, "p",
		"verdict");
	for (size_t i = 0; i < t->n; i++) {
		const struct cmp_row *r = &t->row[i];
		if (r->kind != CMP_COMPARED) {
			/* incomplete as on a compared row: the CSV's column says
			 * it of every row, and the gate refuses it. */
			fprintf(f, "%-*s  %-*s %6zu %6zu  %s%s%s\n", wb, r->bench, wp, r->params, r->na,
				r->nb, r->kind == CMP_SKIPPED ? r->why : kind_text[r->kind],
				r->incomplete ? "  incomplete: " : "", r->incomplete ? r->incomplete : "");
			continue;
		}
		fprintf(f, "%-*s  %-*s %6zu %6zu %*s %*s %*s  %-*s %*s  %s%s%s\n", wb, r->bench, wp,
			r->params, r->na, r->nb, wm, c[i].ma, wm, c[i].mb, wd, c[i].d, wc, c[i].ci,
			wq, c[i].p, an_verdict_name(r->c.verdict),
			r->incomplete ? "  incomplete: " : "", r->incomplete ? r->incomplete : "");
	}
	if (t->gm_n)
		fprintf(f, "%-*s  %-*s %6s %6s %*s %*s %*s  (of %zu median%s)\n", wb, "geomean", wp,
			"", "", "", wm, gm_a, wm, gm_b, wd, gm_d, t->gm_n, t->gm_n == 1 ? "" : "s");
	free(c);
	return ferror(f) ? -1 : 0;
}
