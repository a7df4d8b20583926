/* The gate's verdict on one compared row (compare_table.h). */
#include "compare_table.h"

#include <stdio.h>

int cmp_row_gate(const struct cmp_row *r, double pct, char *why, size_t len)
{
	*why = '\0';
	if (r->kind != CMP_COMPARED)
		return 0;
	if (r->c.verdict == AN_SLOWER && (r->c.change_pct.na || r->c.change_pct.v > pct)) {
		char d[32];
		cmp_fmt_change(d, sizeof(d), r->c.change_pct, 1, 0);
		snprintf(why, len, "is slower by %s (limit %g %%)", d, pct);
		return 1;
	}
	/* With 3 + 3 samples the smallest two-sided exact p is 0.1: at 0.05
	 * no change is ever significant, and a gate that passed such a row
	 * would pass any slowdown. */
	if (r->c.rank.too_few) {
		snprintf(why, len,
			 "has too few samples to decide at this level (%zu + %zu samples, alpha %g)",
			 r->c.na, r->c.nb, r->c.alpha);
		return 1;
	}
	return 0;
}
