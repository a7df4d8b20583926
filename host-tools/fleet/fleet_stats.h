/*
 * The statistics of a fleet: one value per device (its median) and the
 * samples of every device, for one benchmark. Pure functions, no I/O;
 * docs/statistics.md ("Fleet statistics") states every definition.
 */
#ifndef RVBENCH_FLEET_STATS_H
#define RVBENCH_FLEET_STATS_H

#include <stddef.h>
#include <stdint.h>

#include "analysis.h"

/* The modified z-score above which a device is an outlier (Iglewicz and
 * Hoaglin's 3.5), and the constant that makes MAD estimate a normal
 * standard deviation (1 / 1.4826 = 0.6745, their 0.6745 (m - median) / MAD). */
#define FLEET_Z_LIMIT 3.5
#define FLEET_MAD_K 1.4826
/* When MAD is 0, how far (in % of the median, the value that half the
 * devices or more share exactly) a device's median must be from it to be
 * an outlier. No spread is left to scale a deviation by, so the rule is
 * one of size, stated in the report: 1 %, about the smallest change a
 * benchmark result is acted on at (a cycle in a thousand is no outlier, a
 * board 2 % slower than three that agree to the cycle is). */
#define FLEET_EXACT_PCT 1.0

/* The spread of the devices' medians. */
struct fleet_spread {
	size_t ndev;
	uint64_t median;       /* nearest rank (the lower median), a device's value */
	uint64_t min, max;
	uint64_t mad;          /* nearest-rank median of |m_d - median| */
	struct an_val cv;      /* sample stddev / mean of the medians; n/a k < 2 or mean 0 */
};

/* Needs k >= 1; m is not changed. 0, or -1 out of memory. */
int fleet_spread_of(const uint64_t *m, size_t k, struct fleet_spread *s);

/* (m - median) / median in %; 0 when m is the median, +-INFINITY when the
 * median is 0 and m is not. */
double fleet_off_pct(uint64_t m, uint64_t median);

/*
 * The modified z-score of each device's median m[d] against the spread s
 * and whether it is an outlier (z and out hold k each). With fewer than 3
 * devices nothing is judged: z is NAN, out 0. MAD > 0: z = (m_d - median)
 * / (1.4826 MAD), an outlier when |z| > 3.5. MAD 0 (half the devices or
 * more share the median exactly): z is 0 for those and +-INFINITY for the
 * others (their deviation over a spread of 0), which are outliers when
 * more than FLEET_EXACT_PCT % off the median (fleet_off_pct).
 */
void fleet_outliers(const uint64_t *m, size_t k, const struct fleet_spread *s, double *z,
		    int *out);

/* One-way random-effects ANOVA of the samples, the devices the groups. */
struct fleet_anova {
	size_t k, n;                 /* devices, samples */
	double ss_between, ss_within;
	size_t df_between, df_within;
	struct an_val ms_between, ms_within, f, p; /* p: P(F > f) */
	struct an_val n0;            /* the mean group size of unbalanced groups */
	struct an_val var_between, var_within; /* variance components */
	struct an_val icc;           /* var_between / (var_between + var_within) */
};

/* x[d][0..n[d]) the samples of device d. 0, or -1 when k is 0. */
int fleet_anova_of(const uint64_t *const *x, const size_t *n, size_t k, struct fleet_anova *a);

#endif
