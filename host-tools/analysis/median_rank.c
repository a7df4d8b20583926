/* The rank of a median's confidence interval (median_rank.h). */
#include "median_rank.h"

#include <math.h>

size_t median_ci_rank(size_t n, double level)
{
	double tail = (1 - level) / 2, cdf = 0, lgn = lgamma((double)n + 1);
	size_t l = 0;

	for (size_t k = 0; k < n / 2; k++) {
		cdf += exp(lgn - lgamma((double)k + 1) - lgamma((double)(n - k) + 1) -
			   (double)n * M_LN2);
		if (cdf > tail)
			break;
		l = k + 1; /* P(B <= l - 1) <= tail */
	}
	return l;
}
