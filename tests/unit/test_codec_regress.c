/*
 * Every input in tests/fuzz/regressions/ (crashes the fuzzer found, and
 * hand-made hard cases), run through the fuzz target's body under ASan
 * and UBSan: a fixed bug stays fixed.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>

#include "../fuzz/fuzz_body.c"

#define REGRESSIONS "tests/fuzz/regressions"

static void test_regressions(void **state)
{
	(void)state;
	DIR *d = opendir(REGRESSIONS);
	struct dirent *e;
	unsigned n = 0;

	assert_non_null(d);
	while ((e = readdir(d))) {
		char path[512];
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", REGRESSIONS, e->d_name);
		FILE *f = fopen(path, "rb");
		assert_non_null(f);
		static uint8_t buf[1 << 20];
		size_t len = fread(buf, 1, sizeof(buf), f);
		fclose(f);
		fuzz_one(buf, len);
		n++;
	}
	closedir(d);
	assert_true(n > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regressions),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
