/*
 * The command line's numbers (src/common/number.c), as the firmware and
 * the host both read them: decimal or 0x hex, never octal, never clamped.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include "number.h"
#include "test_main.h"

static void numbers(void **state)
{
	(void)state;
	uint64_t v = 7;
	assert_int_equal(num_parse_u64("010", &v), NUM_OK);
	assert_int_equal(v, 10); /* not eight */
	assert_int_equal(num_parse_u64("0x1f", &v), NUM_OK);
	assert_int_equal(v, 31);
	assert_int_equal(num_parse_u64("0X1F", &v), NUM_OK);
	assert_int_equal(v, 31);
	assert_int_equal(num_parse_u64("18446744073709551615", &v), NUM_OK);
	assert_true(v == UINT64_MAX);
	assert_int_equal(num_parse_u64("0xffffffffffffffff", &v), NUM_OK);
	assert_true(v == UINT64_MAX);
	v = 7;
	assert_int_equal(num_parse_u64("18446744073709551616", &v), NUM_RANGE);
	assert_int_equal(num_parse_u64("0x10000000000000000", &v), NUM_RANGE);
	static const char *const bad[] = { "", "0x", "+1", "-1", " 1", "1 ", "1e3", "0x1g", "08a" };
	for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_int_equal(num_parse_u64(bad[i], &v), NUM_BAD);
	assert_int_equal(v, 7); /* set only on NUM_OK */
}

TEST_MAIN(cmocka_unit_test(numbers))
