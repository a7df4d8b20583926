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
 * Hoaglin's 3.5), and the constants that make MAD and the mean absolute
 * deviation estimate a normal standard deviation. */
#define FLEET_Z_LIMIT 3.5
#define FLEET_MAD_K 1.4826
#define FLEET_MEANAD_K 1.253314

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

/*
 * The modified z-score of each device's median m[d] against the spread s:
 * (m_d - median) / (1.4826 MAD); when MAD is 0, (m_d - median) /
 * (1.253314 mean|m_d - median|); 0 when both are 0 (all equal). out[d] is
 * 1 when |z| > 3.5 and there are 3 devices or more. z and out hold k each.
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
