/* The numbers of a `rvbench compare` row as its printers show them
 * (compare_table.h). */
#include <math.h>
#include <stdio.h>

#include "compare_table.h"

/* x in % with prec decimals, more (up to 6) while a nonzero x would print
 * as zero: a CI bound of +0.004 % must not read as +0.0 % and seem to
 * touch "no change". */
static void pct(char *buf, size_t len, double x, int prec)
{
	while (x != 0 && prec < 6 && fabs(x) < 0.5 * pow(10, -prec))
		prec++;
	snprintf(buf, len, "%+.*f%%", prec, x);
}

void cmp_fmt_change(char *buf, size_t len, struct an_val change, int significant, int tilde)
{
	if (change.na)
		snprintf(buf, len, "n/a");
	else if (tilde && !significant)
		snprintf(buf, len, "~");
	else
		pct(buf, len, change.v, 2);
}

void cmp_fmt_ci(char *buf, size_t len, const struct an_interval *ci)
{
	char lo[32], hi[32];
	if (ci->na) {
		snprintf(buf, len, "n/a");
		return;
	}
	pct(lo, sizeof(lo), 100 * (ci->lo - 1), 2);
	pct(hi, sizeof(hi), 100 * (ci->hi - 1), 2);
	snprintf(buf, len, "[%s, %s]", lo, hi);
}

void cmp_fmt_p(char *buf, size_t len, struct an_val p)
{
	if (p.na)
		snprintf(buf, len, "n/a");
	else if (p.v < 1e-300) /* erfc underflows: say so, not "0" */
		snprintf(buf, len, "<1e-300");
	else
		snprintf(buf, len, "%.3g", p.v);
}
