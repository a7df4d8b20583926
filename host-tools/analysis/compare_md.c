/* `rvbench compare --format md`: a Markdown table for a pull request
 * (compare_table.h). Benchmark names and parameters are code spans, so
 * nothing in them is read as Markdown; a '|' would still end the cell and
 * is escaped. Why a row was not compared or is incomplete is text read as
 * written, its '|' escaped too (md_text.h). */
#include "compare_table.h"
#include "md_text.h"

int cmp_print_md(FILE *f, const struct cmp_table *t, const char *a_name, const char *b_name)
{
	fputs("**A** = ", f);
	md_code(f, a_name);
	fputs(", **B** = ", f);
	md_code(f, b_name);
	fprintf(f,
		"\n\n| benchmark | params | median A | median B | delta | %g %% CI | p | |\n"
		"| --- | --- | ---: | ---: | ---: | --- | ---: | --- |\n",
		100 * (1 - t->alpha));
	for (size_t i = 0; i < t->n; i++) {
		const struct cmp_row *r = &t->row[i];
		fputs("| ", f);
		md_code(f, r->bench);
		fputs(" | ", f);
		md_code(f, r->params);
		if (r->kind != CMP_COMPARED) {
			fputs(" | | | | | | ", f);
			md_text(f, r->kind == CMP_ONLY_A   ? "only in A"
				   : r->kind == CMP_ONLY_B ? "only in B"
							   : r->why);
			if (r->incomplete) { /* as on a compared row, and in the CSV */
				fputs(" incomplete: ", f);
				md_text(f, r->incomplete);
			}
			fputs(" |\n", f);
			continue;
		}
		char d[32], ci[64], p[32];
		cmp_fmt_change(d, sizeof(d), r->c.change_pct, r->c.rank.significant, 1);
		cmp_fmt_ci(ci, sizeof(ci), &r->c.ratio_ci);
		cmp_fmt_p(p, sizeof(p), r->c.rank.p);
		const char *v = r->c.verdict == AN_SLOWER   ? "**slower**"
				: r->c.verdict == AN_FASTER ? "faster"
							    : "";
		fprintf(f, " | %llu | %llu | %s | %s | %s | %s", (unsigned long long)r->c.median_a,
			(unsigned long long)r->c.median_b, d, ci, p, v);
		if (r->incomplete) {
			fputs(" incomplete: ", f);
			md_text(f, r->incomplete);
		}
		fputs(" |\n", f);
	}
	if (t->gm_n) {
		char d[32];
		cmp_fmt_change(d, sizeof(d), an_ok(100 * (t->gm_ratio - 1)), 1, 0);
		fprintf(f, "| **geomean** | | %.1f | %.1f | %s | | | |\n", t->gm_a, t->gm_b, d);
	}
	fprintf(f, "\ndelta: B / A - 1 (Hodges-Lehmann); p: Mann-Whitney U; ~: no significant "
		   "change (p > %g).\n",
		t->alpha);
	return ferror(f) ? -1 : 0;
}
