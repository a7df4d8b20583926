/*
 * Normal, Student t and Binomial(n, 1/2) distributions for the confidence
 * intervals and tests of analysis.h.
 *
 * Why not a library: Debian's numerical libraries that have these (GSL,
 * Rmath) are large, GPL (GSL) or bring R's build with them, for four small
 * functions whose methods are textbook and whose values are checked against
 * published tables in tests/unit/test_analysis.c. Methods:
 *  - normal CDF: C99 erfc();
 *  - normal quantile: P. J. Acklam's rational approximation (relative error
 *    1.15e-9) refined by one Halley step on erfc(), which brings it to about
 *    double precision;
 *  - t CDF: the regularized incomplete beta function
 *    I_x(df/2, 1/2), x = df / (df + t^2), by its continued fraction
 *    evaluated with the modified Lentz method (Numerical Recipes 6.4);
 *  - t quantile: bisection on that CDF (monotone, so it cannot fail to
 *    converge; 200 halvings are far more than double precision needs);
 *  - Binomial(n, 1/2) CDF: the sum of exp(log C(n, i) - n log 2), with
 *    lgamma() so large n neither overflows nor underflows early.
 */
#include <math.h>

#include "analysis.h"

double an_norm_cdf(double z)
{
	return 0.5 * erfc(-z / sqrt(2.0));
}

double an_norm_quantile(double p)
{
	static const double a[] = { -3.969683028665376e+01, 2.209460984245205e+02,
				    -2.759285104469687e+02, 1.383577518672690e+02,
				    -3.066479806614716e+01, 2.506628277459239e+00 };
	static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02,
				    -1.556989798598866e+02, 6.680131188771972e+01,
				    -1.328068155288572e+01 };
	static const double c[] = { -7.784894002430293e-03, -3.223964580411365e-01,
				    -2.400758277161838e+00, -2.549732539343734e+00,
				    4.374664141464968e+00, 2.938163982698783e+00 };
	static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01,
				    2.445134137142996e+00, 3.754408661907416e+00 };
	const double plow = 0.02425;
	double q, r, x;

	if (p <= 0)
		return -HUGE_VAL;
	if (p >= 1)
		return HUGE_VAL;
	if (p < plow) {
		q = sqrt(-2 * log(p));
		x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
		    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
	} else if (p <= 1 - plow) {
		q = p - 0.5;
		r = q * q;
		x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
		    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
	} else {
		q = sqrt(-2 * log1p(-p));
		x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
		    ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
	}
	/* One Halley step: e is the CDF error at x, u = e / pdf(x). */
	double e = an_norm_cdf(x) - p;
	double u = e * sqrt(2 * M_PI) * exp(x * x / 2);
	return x - u / (1 + x * u / 2);
}

/* One term aa of a modified Lentz evaluation: updates c and d and
 * returns the factor that multiplies the fraction's value. */
static double lentz_step(double aa, double *c, double *d)
{
	const double tiny = 1e-300;

	*d = 1 + aa * *d;
	if (fabs(*d) < tiny)
		*d = tiny;
	*c = 1 + aa / *c;
	if (fabs(*c) < tiny)
		*c = tiny;
	*d = 1 / *d;
	return *d * *c;
}

/* Continued fraction of the incomplete beta function (modified Lentz). */
static double betacf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-16;
	double qab = a + b, qap = a + 1, qam = a - 1;
	double c = 1, d = 1 - qab * x / qap;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	double h = d;
	for (int m = 1; m <= 1000; m++) {
		int m2 = 2 * m;
		h *= lentz_step(m * (b - m) * x / ((qam + m2) * (a + m2)), &c, &d);
		double del = lentz_step(-(a + m) * (qab + m) * x / ((a + m2) * (qap + m2)), &c, &d);
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

/* Regularized incomplete beta I_x(a, b). */
static double betai(double a, double b, double x)
{
	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	double bt = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
	if (x < (a + 1) / (a + b + 2))
		return bt * betacf(a, b, x) / a;
	return 1 - bt * betacf(b, a, 1 - x) / b;
}

double an_t_cdf(double t, double df)
{
	double tail = 0.5 * betai(df / 2, 0.5, df / (df + t * t));
	return t > 0 ? 1 - tail : tail;
}

/* P(F > f) = I_{d2/(d2 + d1 f)}(d2/2, d1/2). */
double an_f_sf(double f, double d1, double d2)
{
	if (f <= 0)
		return 1;
	return betai(d2 / 2, d1 / 2, d2 / (d2 + d1 * f));
}

double an_t_quantile(double p, double df)
{
	if (p <= 0)
		return -HUGE_VAL;
	if (p >= 1)
		return HUGE_VAL;
	if (p < 0.5)
		return -an_t_quantile(1 - p, df);
	double lo = 0, hi = 1;
	while (an_t_cdf(hi, df) < p && hi < 1e300)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
		double mid = (lo + hi) / 2;
		if (an_t_cdf(mid, df) < p)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

double an_binom_half_cdf(size_t k, size_t n)
{
	if (k >= n)
		return 1;
	double lgn = lgamma((double)n + 1), sum = 0;
	for (size_t i = 0; i <= k; i++)
		sum += exp(lgn - lgamma((double)i + 1) - lgamma((double)(n - i) + 1) -
			   (double)n * M_LN2);
	return sum > 1 ? 1 : sum;
}
