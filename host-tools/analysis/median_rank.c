/* The rank of a median's confidence interval (median_rank.h). */
#include "median_rank.h"

#include <math.h>
#include <stdint.h>

/*
 * Up to this n the binomial coefficients, their running sum and the
 * product C(n, k) (n - k) of the recurrence are exact integers in a
 * uint64_t (n = 63 is the first whose product passes 2^64), and tail * 2^n
 * is exact in a long double: the comparison with the tail
 * is then exact, so a level whose tail is itself a binomial probability
 * (0.75 at n = 3: P(B = 0) = 1/8 = (1 - 0.75) / 2) keeps its rank. The
 * sum of exp(lgamma()) terms below rounds either way and lost it.
 */
#define EXACT_MAX 62

size_t median_ci_rank(size_t n, double level)
{
	double tail = (1 - level) / 2;
	size_t l = 0;

	if (n <= EXACT_MAX) {
		long double limit = ldexpl((long double)tail, (int)n); /* tail * 2^n */
		uint64_t c = 1, cdf = 0;                                 /* C(n, k) */
		for (size_t k = 0; k < n / 2; k++) {
			cdf += c;
			if ((long double)cdf > limit)
				break;
			l = k + 1; /* P(B <= l - 1) <= tail */
			/* C(n, k + 1) = C(n, k) (n - k) / (k + 1), exact */
			c = c * (n - k) / (k + 1);
		}
		return l;
	}
	double cdf = 0, lgn = lgamma((double)n + 1);
	for (size_t k = 0; k < n / 2; k++) {
		cdf += exp(lgn - lgamma((double)k + 1) - lgamma((double)(n - k) + 1) -
			   (double)n * M_LN2);
		if (cdf > tail)
			break;
		l = k + 1; /* P(B <= l - 1) <= tail */
	}
	return l;
}
