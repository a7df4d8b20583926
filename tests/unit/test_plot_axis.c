/*
 * The value axis of the pictures (host-tools/plot/plot_axis.c): a range
 * of integer counts that holds 0 starts half a unit below it, however
 * wide, so that the histogram's bar of 0 (drawn from -0.5 to +0.5) stands
 * whole and samples of 0 are not drawn on the border. QEMU without
 * -icount counts 0, 26 and 52 (alu_mul_tput): that axis began at 0 and
 * cut the bar of 0 to half the width of the others.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "plot_axis.h"
#include "test_main.h"

/* A few integers from 0: half a unit below, a tick at each from 0. */
static void test_few_from_zero(void **state)
{
	(void)state;
	struct plot_axis a = plot_axis_counts(0, 1);
	assert_true(a.lo == -0.5);
	assert_true(a.step == 1);
}

/* Many integers from 0: still half a unit below, gnuplot's ticks. */
static void test_wide_from_zero(void **state)
{
	(void)state;
	struct plot_axis a = plot_axis_counts(0, 52);
	assert_true(a.lo == -0.5);
	assert_true(a.hi > 52.5);
	assert_true(a.step == 0);
	a = plot_axis_counts(0, 1000000);
	assert_true(a.lo == -0.5);
}

/* Near 0 but not at it: from 0, the bar of the smallest (at >= 1) whole. */
static void test_near_zero(void **state)
{
	(void)state;
	struct plot_axis a = plot_axis_counts(3, 1000);
	assert_true(a.lo == 0);
	a = plot_axis_counts(1, 1);
	assert_true(a.lo == 0);
}

/* Far from 0: around the values, nothing below 0 asked. */
static void test_far_from_zero(void **state)
{
	(void)state;
	struct plot_axis a = plot_axis_counts(941, 941);
	assert_true(a.lo == 935.5 && a.hi == 946.5 && a.step == 1);
	a = plot_axis_counts(24000, 25000);
	assert_true(a.lo > 23000 && a.lo < 24000);
}

TEST_MAIN(cmocka_unit_test(test_few_from_zero), cmocka_unit_test(test_wide_from_zero),
	  cmocka_unit_test(test_near_zero), cmocka_unit_test(test_far_from_zero))
