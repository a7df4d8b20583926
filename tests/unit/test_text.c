/*
 * The firmware's printf-free line builder (src/text.c), against the host's
 * snprintf: the same text for the same pieces, the same cut (never a byte
 * past the buffer, always NUL-terminated, len counting what was asked
 * for) at every buffer size.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.c"

#define FILL 0x5A
#define GUARD 8

static const uint64_t numbers[] = {
	0, 1, 9, 10, 99, 100, 4095, 4096, 33333333, UINT32_MAX, (uint64_t)UINT32_MAX + 1,
	0x5256424e43480001ull, 9999999999999999999ull, 10000000000000000000ull, UINT64_MAX,
};

static void numbers_as_printf(void **s)
{
	(void)s;
	for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++) {
		char got[64], want[64];
		struct text t = text_on(got, sizeof(got));

		text_u64(&t, numbers[i]);
		text_str(&t, " ");
		text_hex(&t, numbers[i]);
		int n = snprintf(want, sizeof(want), "%llu 0x%llx", (unsigned long long)numbers[i],
				 (unsigned long long)numbers[i]);
		assert_string_equal(got, want);
		assert_int_equal(t.len, (size_t)n);
		assert_false(text_cut(&t));
	}
}

/* The banner's pieces in a buffer of every size from 1 to past the whole:
 * what fits is snprintf's, nothing beyond the buffer changes. */
static void cut_as_snprintf_at_every_size(void **s)
{
	(void)s;
	char want[128];
	int whole = snprintf(want, sizeof(want), "rvbench %s on %s, hart %llu, at 0x%llx", "0.1.0",
			     "SiFive HiFive Unleashed A00", 1ull, 0x80f7c000ull);

	for (size_t cap = 1; cap <= (size_t)whole + 2; cap++) {
		unsigned char *mem = malloc(GUARD + cap + GUARD);
		char *buf = (char *)mem + GUARD;
		char ref[128];

		assert_non_null(mem);
		memset(mem, FILL, GUARD + cap + GUARD);
		struct text t = text_on(buf, cap);
		text_str(&t, "rvbench ");
		text_str(&t, "0.1.0");
		text_str(&t, " on ");
		text_str(&t, "SiFive HiFive Unleashed A00");
		text_str(&t, ", hart ");
		text_u64(&t, 1);
		text_str(&t, ", at ");
		text_hex(&t, 0x80f7c000ull);
		size_t kept = cap - 1 < (size_t)whole ? cap - 1 : (size_t)whole;
		memcpy(ref, want, kept); /* what snprintf(buf, cap, ...) keeps */
		ref[kept] = '\0';
		assert_string_equal(buf, ref);
		assert_int_equal(t.len, (size_t)whole);
		assert_int_equal(text_cut(&t), (size_t)whole >= cap);
		for (size_t i = 0; i < GUARD; i++) {
			assert_int_equal(mem[i], FILL);
			assert_int_equal(mem[GUARD + cap + i], FILL);
		}
		free(mem);
	}
}

/* text_after() goes on after what is there, as the PMU list is built. */
static void goes_on_after_existing_text(void **s)
{
	(void)s;
	char buf[16] = "0-0:hw:64";
	struct text t = text_after(buf, 14, strlen(buf));

	text_str(&t, ",");
	text_u64(&t, 2);
	text_str(&t, "-");
	text_u64(&t, 18);
	assert_string_equal(buf, "0-0:hw:64,2-1");
	assert_int_equal(t.len, strlen("0-0:hw:64,2-18"));
	assert_true(text_cut(&t));
}

/* An empty text is an empty string, not cut. */
static void empty(void **s)
{
	(void)s;
	char buf[1] = { 'x' };
	struct text t = text_on(buf, sizeof(buf));

	text_str(&t, "");
	assert_int_equal(buf[0], '\0');
	assert_int_equal(t.len, 0);
	assert_false(text_cut(&t));
	text_u64(&t, 0);
	assert_int_equal(buf[0], '\0');
	assert_true(text_cut(&t));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(numbers_as_printf),
		cmocka_unit_test(cut_as_snprintf_at_every_size),
		cmocka_unit_test(goes_on_after_existing_text),
		cmocka_unit_test(empty),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
