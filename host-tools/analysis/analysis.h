/*
 * Pure statistics of cycle samples (no I/O): what `rvbench stats` and
 * `rvbench compare` print. docs/statistics.md states every definition.
 *
 * A statistic that cannot be computed (too few samples, zero mean, ...) is
 * never a 0 or a NaN: it carries a reason in `na` instead, and printers show
 * "n/a (reason)".
 *
 * Percentiles are the nearest-rank ones of src/common/stats.h (always an
 * observed value, defined for every n >= 1).
 */
#ifndef RVBENCH_ANALYSIS_H
#define RVBENCH_ANALYSIS_H

#include <stddef.h>
#include <stdint.h>

/* A number, or the reason it is not available (na != NULL; static string). */
struct an_val {
	double v;
	const char *na;
};

struct an_interval {
	double lo, hi;
	double level; /* confidence level, e.g. 0.95 */
	const char *na;
};

static inline struct an_val an_ok(double v) { return (struct an_val){ v, NULL }; }
static inline struct an_val an_na(const char *why) { return (struct an_val){ 0, why }; }

/* "123.46" with prec decimals, or "n/a (why)". Returns buf. */
char *an_fmt(char *buf, size_t len, struct an_val x, int prec);
/* "[lo, hi]" or "n/a (why)". */
char *an_fmt_interval(char *buf, size_t len, const struct an_interval *ci, int prec);

/* ---- distributions (analysis_dist.c) -------------------------------------- */

double an_norm_cdf(double z);
/* Inverse of the standard normal CDF, 0 < p < 1. */
double an_norm_quantile(double p);
/* Student t CDF and its inverse, df > 0, 0 < p < 1. */
double an_t_cdf(double t, double df);
double an_t_quantile(double p, double df);
/* P(F > f) for F ~ F(d1, d2), d1, d2 > 0 (the fleet's ANOVA). */
double an_f_sf(double f, double d1, double d2);
/* P(X <= k) for X ~ Binomial(n, 1/2). */
double an_binom_half_cdf(size_t k, size_t n);

/* ---- exact null distribution of U (analysis_u_null.c) -------------------- */

/* The exact distribution is used only for small samples without ties: the
 * counts grow like C(na + nb, na), still exact in a double up to 20 + 20. */
#define AN_U_EXACT_MAX 20

/* Under H0, the number of orderings of na and nb values without ties whose
 * Mann-Whitney U is u, for u = 0 .. na nb (na nb + 1 doubles; free them),
 * NULL when out of memory. */
double *an_u_null_counts(size_t na, size_t nb);

/* ---- descriptive statistics (analysis.c) ---------------------------------- */

struct an_desc {
	size_t count;
	uint64_t min, max, median, p90, p95, p99, mad; /* valid if count > 0 */
	struct an_val mean, variance, stddev, stddev_pct; /* variance: n - 1 */
	uint64_t mode;     /* most frequent value (smallest of equally frequent) */
	size_t mode_count; /* samples at the mode */
	struct an_val mode_share; /* mode_count / count */
	struct an_interval ci_mean;   /* Student t */
	struct an_interval ci_median; /* order statistics (distribution free) */
};

/* Describes v[0..n) (not modified). level: confidence level of both CIs.
 * Returns 0, or -1 when out of memory. */
int an_describe(const uint64_t *v, size_t n, double level, struct an_desc *d);

/* Mean and sample variance (n - 1) of doubles, in long double. */
struct an_val an_mean_d(const double *v, size_t n);
struct an_val an_var_d(const double *v, size_t n);

/* ---- Kanata groups, the slope, steady state (analysis_kanata.c) ---------- */

/* One group of Kanata Bench (seed 002, sections 3.3-3.4): S samples of the
 * accumulated latency A of N calls; Y = A / N. */
struct an_kanata {
	uint64_t n_calls; /* N */
	size_t s;         /* S */
	struct an_val mean_a, var_a, sd_a;
	struct an_val mean_y, var_y, sd_y, cov_y_pct;
	double z; /* critical value z_{alpha/2} for the level */
	struct an_interval ci_y;  /* mean_y +- z sd_y / sqrt(S) */
	struct an_val halfwidth_pct; /* of mean_y */
	double target_e;
	int target_met;            /* halfwidth <= e * mean_y */
	struct an_val required_s;  /* S' of equation 3.3, rounded up */
	struct an_val mean_p, var_p, sd_p, cov_p_pct; /* equation 3.2 */
};

void an_kanata_group(const uint64_t *a, size_t s, uint64_t n_calls, double level,
		     double target_e, struct an_kanata *k);
/* an_kanata_group of a series of samples.csv, with equation 3.2 (sigma_P)
 * n/a where it does not hold: rvbench's N calls of a sample share that
 * sample's input, so where the inputs vary they are not N independent
 * calls, and sigma_Y * sqrt(N) would grow with N alone. */
struct res_series;
void an_kanata_series(const struct res_series *s, double level, double target_e,
		      struct an_kanata *k);

/* Ordinary least squares y = intercept + slope * x. */
struct an_ols {
	size_t n;
	struct an_val slope, intercept, r2;
	struct an_interval ci_slope, ci_intercept; /* Student t, n - 2 df */
};

void an_ols(const double *x, const double *y, size_t n, double level, struct an_ols *o);

/* Where the mean stops changing: the first of k consecutive means (windows
 * or groups) from which on every mean lies within tol of the reference
 * level, the median of the means of the second half. tol of mean i is
 * max(e * |reference|, halfwidth[i]) (halfwidth may be NULL). */
struct an_steady {
	const char *na;  /* not reached, or too few data */
	size_t first;    /* index of the first settled mean */
	double reference;
};

void an_steady_state(const double *means, const double *halfwidth, size_t k, double e,
		     struct an_steady *st);

/* The same over a series in order, cut into nwin windows of equal size
 * (the remainder goes to the last window; fewer windows when a window
 * would hold fewer than 10 samples); halfwidths are 95 % Student t.
 * *first_sample is the index of the first sample of the first settled
 * window. Returns -1 when out of memory. */
int an_steady_series(const uint64_t *v, size_t n, size_t nwin, double e, struct an_steady *st,
		     size_t *first_sample);

/* ---- shape: outliers, code paths, histogram (analysis_shape.c) ----------- */

/* Tukey's fences on nearest-rank quartiles: mild beyond 1.5 IQR (and not
 * severe), severe beyond 3 IQR. Counts only; nothing is removed. */
struct an_tukey {
	uint64_t q1, q3, iqr;
	double lo_inner, hi_inner, lo_outer, hi_outer;
	size_t mild_low, mild_high, severe_low, severe_high;
};

/* A sorted copy of v[0..n) (free it), NULL when out of memory. */
uint64_t *an_sorted_copy(const uint64_t *v, size_t n);
/* The mean of v[0..n), n > 0, and in *ss the sum of the squared deviations
 * from it: two passes in long double, so a large common offset costs no
 * precision. */
long double an_mean_ss(const uint64_t *v, size_t n, long double *ss);

/* sorted: ascending, n > 0. */
void an_tukey(const uint64_t *sorted, size_t n, struct an_tukey *t);
/* The same of unsorted v (n > 0); -1 when out of memory. */
int an_tukey_of(const uint64_t *v, size_t n, struct an_tukey *t);

/* Samples grouped by instret: one code path each (seed 003). */
struct an_path {
	uint64_t instret;
	size_t count;
	uint64_t min, median, max; /* cycles */
	double mean;
};

/* Fills *out (malloc'd, free()) with the paths, most frequent first (equal
 * counts: lower instret first). Returns the number, or (size_t)-1 when out
 * of memory. */
size_t an_paths(const uint64_t *cycles, const uint64_t *instret, size_t n, struct an_path **out);

/* Histogram of integer values: nbins bins of equal integer width from lo. */
struct an_hist {
	uint64_t lo, width;
	size_t nbins;
	size_t *count; /* malloc'd, an_hist_free() */
};

/* sorted ascending, n > 0; at most maxbins bins (width 1 when the range
 * allows it). Returns -1 when out of memory. */
int an_hist_make(const uint64_t *sorted, size_t n, size_t maxbins, struct an_hist *h);
void an_hist_free(struct an_hist *h);

/* ---- comparison (analysis_compare.c) -------------------------------------- */

struct an_mwu {
	double u;         /* U of sample a */
	struct an_val z;  /* normal approximation only */
	struct an_val p;  /* two-sided */
	int exact;        /* 1: exact distribution (no ties, small n) */
};

/* Mann-Whitney U (two-sided). Ties get midranks; the normal approximation
 * uses the tie and continuity corrections; all values equal gives p = 1. */
int an_mann_whitney(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, struct an_mwu *r);

/* The change from A to B by one rank procedure (compare_rank.c): the
 * Hodges-Lehmann estimate of the ratio B / A (the median of the na nb
 * ratios b_j / a_i), its CI by inverting the Mann-Whitney test (order
 * statistics k and m + 1 - k of those ratios, k from U's null distribution
 * without ties: exact up to 20 + 20 samples, else normal with continuity),
 * and the p-value of that same test, with a tie b_j = a_i counted against
 * the change in both directions. The CI excludes 1 exactly when
 * p <= alpha: the verdict and the interval shown beside it cannot
 * disagree. */
struct an_rank {
	struct an_val estimate;  /* B / A */
	struct an_interval ci;   /* of B / A, level 1 - alpha */
	struct an_val p;         /* two-sided */
	size_t n_le, n_ge;       /* pairs with b_j <= a_i, with b_j >= a_i */
	size_t k;                /* rank of the CI's lower bound (0: no CI) */
	int significant;         /* p <= alpha */
	int too_few;             /* no CI at this level: even the smallest p of
				  * U's null distribution (exact, or the normal
				  * approximation) exceeds alpha, so no change
				  * could be significant */
};

int an_rank_ratio(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, double alpha,
		  struct an_rank *r);

enum an_verdict { AN_SAME, AN_FASTER, AN_SLOWER };

struct an_compare {
	size_t na, nb;
	uint64_t median_a, median_b;
	struct an_val change_pct; /* (estimate - 1) * 100: the Hodges-Lehmann change */
	struct an_interval ratio_ci;
	struct an_rank rank;
	struct an_mwu mwu; /* the usual test with midranks (SciPy's mannwhitneyu), for reference */
	double alpha;
	enum an_verdict verdict;
};

/* Fills c: medians, the rank procedure, the verdict (significant, in the
 * direction of the pairs). 0, or -1 out of memory. */
int an_compare(const uint64_t *a, size_t na, const uint64_t *b, size_t nb, double alpha,
	       struct an_compare *c);
/* "faster", "slower" or "~" (no significant change). */
const char *an_verdict_name(enum an_verdict v);

#endif
