/*
 * main() of a unit test binary: its tests, cmocka_unit_test(...) or
 * cmocka_unit_test_setup_teardown(...) entries, run as one group.
 */
#ifndef RVBENCH_TEST_MAIN_H
#define RVBENCH_TEST_MAIN_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#define TEST_MAIN(...)                                                  \
	int main(void)                                                  \
	{                                                               \
		const struct CMUnitTest tests[] = { __VA_ARGS__ };      \
		return cmocka_run_group_tests(tests, NULL, NULL);       \
	}

#endif
