/*
 * Kanata Bench's analysis (seed 002) against the seed's own numbers, to the
 * printed precision: Appendix 2 (Tables A.2.1-A.2.3, three runs of S = 30,
 * N = 300) and Tables 3.4 / 3.5 (five groups each); then the least-squares
 * slope against a hand calculation and exact data.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "analysis.h"
#include "results_csv.h"

/* Table A.2.1 */
static const uint64_t run[3][30] = {
	{ 1363962, 1366266, 1361963, 1364586, 1360804, 1362537, 1362877, 1360579, 1363375, 1366395,
	  1353482, 1361213, 1362684, 1361353, 1363735, 1360329, 1362563, 1362151, 1362097, 1360104,
	  1362359, 1361991, 1363161, 1361317, 1362731, 1364707, 1360280, 1356589, 1361992, 1361451 },
	{ 1365676, 1362773, 1365105, 1364055, 1360190, 1358666, 1361368, 1365811, 1362925, 1364722,
	  1360439, 1360139, 1361834, 1361285, 1360507, 1365372, 1359406, 1363075, 1362774, 1359971,
	  1361222, 1366397, 1360466, 1364495, 1364785, 1367475, 1359687, 1362517, 1362510, 1354348 },
	{ 1364709, 1362914, 1362488, 1366801, 1364767, 1360557, 1361472, 1360008, 1360045, 1363121,
	  1364351, 1361531, 1360347, 1365487, 1362036, 1361369, 1359720, 1359068, 1358835, 1364051,
	  1363167, 1363887, 1360291, 1363993, 1364412, 1362851, 1360267, 1353650, 1363893, 1359742 },
};

/* Tables 3.4 (I = 1) and 3.5 (I = 30), D = 1, S = 30, G = 5; by group. */
static const uint64_t t34[5][30] = {
	{ 7152, 5567, 4837, 4768, 5152, 5483, 4784, 4923, 5071, 5212, 4874, 4686, 4828, 4916, 4674,
	  4724, 4897, 5245, 4865, 5438, 5244, 5197, 4744, 5065, 4981, 4892, 4949, 5346, 5401, 5114 },
	{ 9502, 9369, 9449, 9954, 9494, 9405, 9402, 9636, 9754, 9310, 9940, 9304, 10345, 9780, 9406,
	  9387, 9306, 9291, 9491, 9765, 9636, 9317, 9742, 9813, 9502, 9508, 9926, 10013, 9819, 9602 },
	{ 14610, 14525, 15093, 14301, 14011, 14479, 14705, 14527, 14606, 14278, 13845, 14786, 15269,
	  14668, 14622, 13959, 14302, 14451, 15186, 14624, 13860, 15143, 15043, 15104, 14708, 14030,
	  14289, 14287, 13916, 14014 },
	{ 19647, 19381, 19221, 18555, 18698, 19467, 18865, 18542, 19211, 20008, 19376, 18694, 20052,
	  18399, 19546, 19017, 19527, 18946, 19044, 18606, 18795, 18828, 18595, 19329, 18476, 18909,
	  19015, 18950, 19782, 18326 },
	{ 23302, 23537, 23272, 23374, 24324, 23043, 23834, 23926, 24204, 24012, 23324, 23701, 23717,
	  23876, 23672, 23171, 24243, 23288, 23158, 23324, 23736, 24093, 23097, 23529, 23039, 23094,
	  23742, 23335, 23001, 23516 },
};
static const uint64_t t35[5][30] = {
	{ 139790, 138378, 136312, 136542, 138943, 137720, 138556, 137577, 136392, 140090, 137438,
	  137174, 138110, 137875, 137454, 137041, 138010, 137023, 140616, 137618, 137097, 136605,
	  137401, 138575, 137328, 136881, 137264, 136998, 136442, 137381 },
	{ 142430, 141608, 141946, 141405, 141947, 141324, 141267, 141487, 140859, 143355, 141939,
	  141493, 143180, 142077, 143801, 142646, 141428, 142505, 142100, 141016, 142547, 141483,
	  141429, 142031, 141224, 143502, 141889, 141538, 142282, 142993 },
	{ 146244, 146696, 146279, 146581, 146549, 145543, 148178, 146528, 145958, 147103, 145977,
	  145910, 147017, 148121, 146830, 146784, 145840, 147955, 147942, 146698, 147050, 146658,
	  147219, 146191, 146809, 146101, 146780, 146480, 147649, 145825 },
	{ 151095, 150846, 150381, 152194, 151752, 150581, 151440, 152064, 151252, 150779, 151192,
	  150147, 151305, 150920, 150676, 151208, 151424, 150961, 151044, 152123, 150589, 150153,
	  153123, 151498, 151064, 150049, 151444, 150149, 152550, 150280 },
	{ 155805, 155196, 155252, 155183, 155279, 155472, 155607, 154795, 156663, 154379, 155122,
	  155606, 155831, 154968, 156012, 154580, 155961, 156228, 155330, 156443, 155966, 155783,
	  158056, 154940, 154679, 155814, 154162, 154572, 156569, 155374 },
};

/* x printed with 2 decimals, as the seed prints it. */
static void assert_2dp(struct an_val x, const char *want)
{
	char buf[64];
	assert_null(x.na);
	snprintf(buf, sizeof(buf), "%.2f", x.v);
	assert_string_equal(buf, want);
}

static void assert_ci_2dp(const struct an_interval *ci, const char *lo, const char *hi)
{
	assert_null(ci->na);
	assert_2dp(an_ok(ci->lo), lo);
	assert_2dp(an_ok(ci->hi), hi);
}

static void appendix2(void **state)
{
	(void)state;
	static const char *const want[3][13] = {
		/* mean A, variance A, mean Y, variance Y, sd Y, CoV Y %, c1, c2,
		 * half-width %, variance P, sd P, CoV P % (Tables A.2.1-A.2.3) */
		{ "1361987.77", "6227560.94", "4539.96", "69.20", "8.32", "0.18", "4537.46", "4542.46",
		  "0.06", "20758.54", "144.08", "3.17" },
		{ "1362333.17", "7777320.14", "4541.11", "86.41", "9.30", "0.20", "4538.32", "4543.90",
		  "0.06", "25924.40", "161.01", "3.55" },
		{ "1361994.33", "6874037.68", "4539.98", "76.38", "8.74", "0.19", "4537.36", "4542.61",
		  "0.06", "22913.46", "151.37", "3.33" },
	};
	for (int r = 0; r < 3; r++) {
		struct an_kanata k;
		an_kanata_group(run[r], 30, 300, 0.90, 0.02, &k);
		char z[16];
		snprintf(z, sizeof(z), "%.3f", k.z);
		assert_string_equal(z, "1.645");
		assert_2dp(k.mean_a, want[r][0]);
		assert_2dp(k.var_a, want[r][1]);
		assert_2dp(k.mean_y, want[r][2]);
		assert_2dp(k.var_y, want[r][3]);
		assert_2dp(k.sd_y, want[r][4]);
		assert_2dp(k.cov_y_pct, want[r][5]);
		assert_ci_2dp(&k.ci_y, want[r][6], want[r][7]);
		assert_2dp(k.halfwidth_pct, want[r][8]);
		assert_2dp(k.mean_p, want[r][2]); /* mu_P = mu_Y */
		assert_2dp(k.var_p, want[r][9]);
		assert_2dp(k.sd_p, want[r][10]);
		assert_2dp(k.cov_p_pct, want[r][11]);
		/* "Half-width ... less than 2 % for all three runs" */
		assert_true(k.target_met);
	}
}

/* Equation 3.3 when the target is missed: run 1 with e = 0.05 %:
 * S' = (2495.51 * 1.64485 / (1361987.77 * 0.0005))^2 = 36.3 -> 37. */
static void required_sample_size(void **state)
{
	(void)state;
	struct an_kanata k;
	an_kanata_group(run[0], 30, 300, 0.90, 0.0005, &k);
	assert_false(k.target_met);
	assert_null(k.required_s.na);
	assert_true(k.required_s.v == 37);
	an_kanata_group(run[0], 30, 300, 0.90, 0.02, &k);
	assert_true(k.required_s.v == 1);
}

static void tables_3_4_and_3_5(void **state)
{
	(void)state;
	static const char *const mean34[5] = { "5100.97", "9605.60", "14508.03", "19060.23", "23549.47" };
	static const char *const sd34[5] = { "461.51", "262.10", "420.36", "471.02", "389.48" };
	static const char *const cov34[5] = { "9.05", "2.73", "2.90", "2.47", "1.65" };
	static const char *const y34[5] = { "5100.97", "4802.80", "4836.01", "4765.06", "4709.89" };
	static const char *const mean35[5] = { "137687.70", "142024.37", "146716.50", "151142.77",
					       "155520.90" };
	static const char *const sd35[5] = { "1074.86", "765.63", "708.86", "748.74", "799.66" };
	static const char *const cov35[5] = { "0.78", "0.54", "0.48", "0.50", "0.51" };
	static const char *const y35[5] = { "4589.59", "4581.43", "4584.89", "4580.08", "4574.14" };
	double m34[5], h34[5], m35[5], h35[5];
	struct an_kanata k;

	for (int g = 0; g < 5; g++) {
		an_kanata_group(t34[g], 30, 1 + g, 0.90, 0.02, &k);
		assert_2dp(k.mean_a, mean34[g]);
		assert_2dp(k.sd_a, sd34[g]);
		assert_2dp(k.cov_y_pct, cov34[g]);
		assert_2dp(k.mean_y, y34[g]);
		m34[g] = k.mean_y.v;
		h34[g] = (k.ci_y.hi - k.ci_y.lo) / 2;
		an_kanata_group(t35[g], 30, 30 + g, 0.90, 0.02, &k);
		assert_2dp(k.mean_a, mean35[g]);
		assert_2dp(k.sd_a, sd35[g]);
		assert_2dp(k.cov_y_pct, cov35[g]);
		assert_2dp(k.mean_y, y35[g]);
		m35[g] = k.mean_y.v;
		h35[g] = (k.ci_y.hi - k.ci_y.lo) / 2;
	}
	/* Section 3.2: with I = 1 the first group is the warm-up; with I = 30
	 * the mean has settled from the first group on. */
	struct an_steady st;
	an_steady_state(m34, h34, 5, 0.02, &st);
	assert_null(st.na);
	assert_int_equal(st.first, 1);
	assert_2dp(an_ok(st.reference), "4765.06");
	an_steady_state(m35, h35, 5, 0.02, &st);
	assert_null(st.na);
	assert_int_equal(st.first, 0);
}

static void kanata_bad_input(void **state)
{
	(void)state;
	struct an_kanata k;
	an_kanata_group(run[0], 0, 300, 0.90, 0.02, &k);
	assert_non_null(k.mean_y.na);
	assert_non_null(k.ci_y.na);
	an_kanata_group(run[0], 1, 300, 0.90, 0.02, &k); /* S = 1: a mean, no variance */
	assert_null(k.mean_y.na);
	assert_2dp(k.mean_y, "4546.54");
	assert_non_null(k.var_y.na);
	assert_non_null(k.ci_y.na);
	assert_non_null(k.required_s.na);
	an_kanata_group(run[0], 30, 0, 0.90, 0.02, &k);
	assert_non_null(k.mean_y.na);
}

static void assert_6dp(double x, const char *want)
{
	char buf[64];
	snprintf(buf, sizeof(buf), "%.6f", x);
	assert_string_equal(buf, want);
}

/* x = 1..5, y = 2 4 5 4 5: by hand slope 0.6, intercept 2.2, SSE 2.4,
 * SST 6, R^2 0.6, s^2 = 0.8, se(b) = 0.282843, se(a) = sqrt(0.8 * 1.1) = 0.938083,
 * t(0.975, 3) = 3.182446 (published table: 3.182). */
static void ols_by_hand(void **state)
{
	(void)state;
	const double x[] = { 1, 2, 3, 4, 5 }, y[] = { 2, 4, 5, 4, 5 };
	struct an_ols o;
	an_ols(x, y, 5, 0.95, &o);
	assert_6dp(o.slope.v, "0.600000");
	assert_6dp(o.intercept.v, "2.200000");
	assert_6dp(o.r2.v, "0.600000");
	assert_null(o.ci_slope.na);
	assert_6dp(o.ci_slope.lo, "-0.300132");
	assert_6dp(o.ci_slope.hi, "1.500132");
	assert_6dp(o.ci_intercept.lo, "-0.785399");
	assert_6dp(o.ci_intercept.hi, "5.185399");
}

/* addi100 under -icount shift=0: A = 7 + 100 N exactly, three samples per
 * group, N = 10, 20, ..., 50: slope exactly 100, intercept 7. */
static void ols_exact(void **state)
{
	(void)state;
	double x[15], y[15];
	for (int i = 0; i < 15; i++) {
		x[i] = 10.0 * (i / 3 + 1);
		y[i] = 7 + 100 * x[i];
	}
	struct an_ols o;
	an_ols(x, y, 15, 0.95, &o);
	assert_true(o.slope.v == 100);
	assert_true(o.intercept.v == 7);
	assert_true(o.r2.v == 1);
	assert_true(o.ci_slope.lo == 100 && o.ci_slope.hi == 100);
}

static void ols_degenerate(void **state)
{
	(void)state;
	const double x[] = { 4, 4, 4 }, y[] = { 1, 2, 3 };
	struct an_ols o;
	an_ols(x, y, 3, 0.95, &o);
	assert_non_null(o.slope.na); /* one batch size: no slope */
	an_ols(x, y, 1, 0.95, &o);
	assert_non_null(o.slope.na);
	const double x2[] = { 1, 2 }, y2[] = { 3, 5 };
	an_ols(x2, y2, 2, 0.95, &o);
	assert_true(o.slope.v == 2);
	assert_non_null(o.ci_slope.na); /* two points: no residual variance */
}

/* A series of batch N whose inputs vary: its calls repeat one input per
 * sample, so equation 3.2 does not hold and sigma_P is n/a, while the
 * rest stands (sigma_Y = sigma_A / N). One input throughout, or N = 1:
 * sigma_P as the paper gives it. */
static void shared_input(void **state)
{
	uint64_t a[] = { 400, 440, 480, 400, 440, 480 };
	struct res_series s = { .batch = 4, .n = 6, .cycles = a, .inputs_vary = 1 };
	struct an_kanata k;

	(void)state;
	an_kanata_series(&s, 0.90, 0.02, &k);
	assert_non_null(k.sd_p.na);
	assert_string_equal(k.sd_p.na, "the N calls of a sample share its input: not independent");
	assert_non_null(k.var_p.na);
	assert_non_null(k.cov_p_pct.na);
	assert_null(k.sd_y.na);
	assert_true(fabs(k.sd_y.v * 4 - k.sd_a.v) < 1e-9);
	s.inputs_vary = 0;
	an_kanata_series(&s, 0.90, 0.02, &k);
	assert_null(k.sd_p.na);
	assert_true(fabs(k.sd_p.v - k.sd_y.v * 2) < 1e-9); /* sigma_Y sqrt(4) */
	s.inputs_vary = 1;
	s.batch = 1;
	an_kanata_series(&s, 0.90, 0.02, &k);
	assert_null(k.sd_p.na);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(appendix2),
		cmocka_unit_test(required_sample_size),
		cmocka_unit_test(tables_3_4_and_3_5),
		cmocka_unit_test(kanata_bad_input),
		cmocka_unit_test(ols_by_hand),
		cmocka_unit_test(ols_exact),
		cmocka_unit_test(ols_degenerate),
		cmocka_unit_test(shared_input),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
