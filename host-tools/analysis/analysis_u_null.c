/*
 * The exact null distribution of the Mann-Whitney U (analysis.h), shared
 * by the test of an_mann_whitney() and the interval of an_rank_ratio().
 *
 * f(m, n, u), the number of orderings of m values of A and n of B without
 * ties whose U is u, follows the recursion over the largest value
 *   f(m, n, u) = f(m - 1, n, u - n) + f(m, n - 1, u),
 * f(0, n, 0) = f(m, 0, 0) = 1. It is run row by row in m, keeping the
 * table over n and u of the previous row only.
 */
#include "analysis.h"

#include <stdlib.h>
#include <string.h>

double *an_u_null_counts(size_t na, size_t nb)
{
	size_t umax = na * nb, w = umax + 1;
	double *old = calloc((nb + 1) * w, sizeof(double));
	double *cur = calloc((nb + 1) * w, sizeof(double));
	if (!old || !cur) {
		free(old);
		free(cur);
		return NULL;
	}
	for (size_t j = 0; j <= nb; j++)
		old[j * w] = 1; /* m = 0: U = 0 in one way */
	for (size_t m = 1; m <= na; m++) {
		memset(cur, 0, (nb + 1) * w * sizeof(double));
		cur[0] = 1; /* n = 0: U = 0 */
		for (size_t j = 1; j <= nb; j++)
			for (size_t k = 0; k <= umax; k++)
				cur[j * w + k] = (k >= j ? old[j * w + k - j] : 0) + cur[(j - 1) * w + k];
		double *t = old;
		old = cur;
		cur = t;
	}
	/* The row n = nb of the last table is the answer: move it to the
	 * front of one buffer and give that back. */
	memmove(old, old + nb * w, w * sizeof(double));
	free(cur);
	return old;
}
