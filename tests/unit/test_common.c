/*
 * The code shared by firmware and host: CRCs (standard check values), the
 * LCG (values computed independently with Python's big integers), and the
 * order statistics (hand-computed, including the tiny samples where
 * kbench's percentile() reads past the end).
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "crc.h"
#include "input_seed.h"
#include "lcg.h"
#include "stats.h"

static void crc16_check_value(void **s)
{
	(void)s;
	assert_int_equal(crc16_ccitt_false("123456789", 9), 0x29B1);
	assert_int_equal(crc16_ccitt_false("", 0), 0xFFFF);
}

static void crc32_check_value(void **s)
{
	(void)s;
	assert_int_equal(crc32_of("123456789", 9), 0xCBF43926u);
	/* Incremental in two pieces equals one pass. */
	uint32_t c = crc32_update(crc32_init(), "1234", 4);
	c = crc32_update(c, "56789", 5);
	assert_int_equal(crc32_final(c), 0xCBF43926u);
}

static void crc32_of_samples_is_little_endian_pairs(void **s)
{
	(void)s;
	/* python: binascii.crc32(struct.pack('<QQQQ', 100, 100, 7, 8)) */
	uint32_t c = crc32_init();
	c = crc32_add_sample(c, 100, 100);
	c = crc32_add_sample(c, 7, 8);
	assert_int_equal(crc32_final(c), 0xB84750A1u);
}

static void lcg_sequence(void **s)
{
	(void)s;
	struct lcg g;
	lcg_seed(&g, LCG_DEFAULT_SEED);
	assert_true(lcg_next(&g) == 0xf79473b6cfa5007cull);
	assert_true(lcg_next(&g) == 0x6944a09e6ad21b1bull);
	assert_true(lcg_next(&g) == 0x08fe5a6ac47faa0eull);

	lcg_seed(&g, input_seed_by_block(0x1234, 0));
	assert_int_equal(lcg_below(&g, 1000), 833);
	lcg_seed(&g, 42);
	assert_int_equal(lcg_below(&g, 0), 0);
	for (int i = 0; i < 10000; i++)
		assert_true(lcg_below(&g, 7) < 7);
}

static void percentile_tiny_samples(void **s)
{
	(void)s;
	uint64_t one[] = { 5 };
	assert_int_equal(stats_percentile(one, 1, 0), 5);
	assert_int_equal(stats_percentile(one, 1, 50), 5);
	assert_int_equal(stats_percentile(one, 1, 99), 5);
	assert_int_equal(stats_percentile(one, 1, 100), 5);

	uint64_t two[] = { 10, 20 };
	/* rank ceil(0.5 * 2) = 1: the lower median */
	assert_int_equal(stats_percentile(two, 2, 50), 10);
	assert_int_equal(stats_percentile(two, 2, 51), 20);
	assert_int_equal(stats_percentile(two, 2, 95), 20);

	uint64_t three[] = { 1, 2, 3 };
	assert_int_equal(stats_percentile(three, 3, 50), 2);
	assert_int_equal(stats_percentile(three, 3, 33), 1);
	assert_int_equal(stats_percentile(three, 3, 34), 2);
	assert_int_equal(stats_percentile(three, 3, 90), 3);
}

static void percentile_of_hundred(void **s)
{
	(void)s;
	uint64_t v[100];
	for (int i = 0; i < 100; i++)
		v[i] = (uint64_t)i + 1; /* 1..100 */
	assert_int_equal(stats_percentile(v, 100, 50), 50);
	assert_int_equal(stats_percentile(v, 100, 90), 90);
	assert_int_equal(stats_percentile(v, 100, 95), 95);
	assert_int_equal(stats_percentile(v, 100, 99), 99);
	assert_int_equal(stats_percentile(v, 100, 100), 100);
	assert_int_equal(stats_percentile(v, 100, 0), 1);
}

static void order_stats_hand_computed(void **s)
{
	(void)s;
	/* sorted: 3 5 7 8 9 10 12 40 100 (n = 9); median rank 5 -> 9;
	 * |x - 9|: 6 4 2 1 0 1 3 31 91 -> sorted 0 1 1 2 3 4 6 31 91, MAD rank 5 -> 3;
	 * p90 rank ceil(8.1) = 9 -> 100; p95 -> 100; p99 -> 100. */
	uint64_t v[] = { 100, 7, 3, 12, 9, 40, 5, 8, 10 };
	uint64_t scratch[9];
	struct order_stats st;
	stats_order(v, scratch, 9, &st);
	assert_int_equal(st.count, 9);
	assert_int_equal(st.min, 3);
	assert_int_equal(st.max, 100);
	assert_int_equal(st.median, 9);
	assert_int_equal(st.mad, 3);
	assert_int_equal(st.p90, 100);
	assert_int_equal(st.sum_lo, 194);
	assert_int_equal(st.sum_hi, 0);
	for (int i = 1; i < 9; i++)
		assert_true(v[i - 1] <= v[i]);

	stats_order(v, scratch, 0, &st);
	assert_int_equal(st.count, 0);
	assert_int_equal(st.max, 0);
}

static void order_stats_sum_does_not_overflow(void **s)
{
	(void)s;
	uint64_t v[] = { UINT64_MAX, UINT64_MAX, 2 };
	uint64_t scratch[3];
	struct order_stats st;
	stats_order(v, scratch, 3, &st);
	/* 2^65 - 2 + 2 = 2^65: hi 2, lo 0 */
	assert_int_equal(st.sum_hi, 2);
	assert_int_equal(st.sum_lo, 0);
}

static void sort_matches_reference(void **s)
{
	(void)s;
	enum { N = 5000 };
	static uint64_t v[N];
	struct lcg g;
	lcg_seed(&g, 7);
	for (int i = 0; i < N; i++)
		v[i] = lcg_below(&g, 300); /* many duplicates, like cycle data */
	uint64_t hist[300] = { 0 };
	for (int i = 0; i < N; i++)
		hist[v[i]]++;
	stats_sort_u64(v, N);
	int k = 0;
	for (int value = 0; value < 300; value++)
		for (uint64_t c = 0; c < hist[value]; c++)
			assert_int_equal(v[k++], value);
}


/* The bitwise definitions the tables were made from. */
static uint16_t crc16_bitwise(const uint8_t *p, size_t len)
{
	uint16_t crc = 0xFFFF;
	while (len--) {
		crc ^= (uint16_t)(*p++ << 8);
		for (int bit = 0; bit < 8; bit++)
			crc = (crc & 0x8000) ? (uint16_t)((crc << 1) ^ 0x1021) : (uint16_t)(crc << 1);
	}
	return crc;
}

static uint32_t crc32_bitwise(uint32_t crc, const uint8_t *p, size_t len)
{
	while (len--) {
		crc ^= *p++;
		for (int bit = 0; bit < 8; bit++)
			crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
	}
	return crc;
}

static void crc_tables_match_bitwise(void **s)
{
	(void)s;
	uint8_t buf[600];
	struct lcg g;
	lcg_seed(&g, 99);
	for (size_t i = 0; i < sizeof(buf); i++)
		buf[i] = (uint8_t)lcg_next(&g);
	/* Every single byte value (each table entry), then random strings. */
	for (unsigned b = 0; b < 256; b++) {
		uint8_t one = (uint8_t)b;
		assert_int_equal(crc16_ccitt_false(&one, 1), crc16_bitwise(&one, 1));
		assert_int_equal(crc32_update(0x12345678u, &one, 1), crc32_bitwise(0x12345678u, &one, 1));
	}
	for (size_t len = 0; len <= sizeof(buf); len += 37) {
		assert_int_equal(crc16_ccitt_false(buf, len), crc16_bitwise(buf, len));
		assert_int_equal(crc32_of(buf, len), crc32_bitwise(0xFFFFFFFFu, buf, len) ^ 0xFFFFFFFFu);
	}
	for (int i = 0; i < 1000; i++) {
		uint64_t c = lcg_next(&g), n = lcg_next(&g) >> (i % 64);
		uint8_t le[16];
		for (int k = 0; k < 8; k++) {
			le[k] = (uint8_t)(c >> (8 * k));
			le[8 + k] = (uint8_t)(n >> (8 * k));
		}
		assert_int_equal(crc32_add_sample(0xFFFFFFFFu, c, n), crc32_bitwise(0xFFFFFFFFu, le, 16));
	}
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* Shapes that break naive quicksorts: sorted, reversed, all equal, organ
 * pipe, sawtooth, two values, full 64-bit range; sizes around the
 * insertion-sort cut-off and large ones. */
static void sort_patterns_match_qsort(void **s)
{
	(void)s;
	static const size_t sizes[] = { 0, 1, 2, 3, 23, 24, 25, 127, 128, 129, 1000, 100003 };
	uint64_t *v = malloc(100003 * sizeof(*v)), *ref = malloc(100003 * sizeof(*ref));
	struct lcg g;
	assert_non_null(v);
	assert_non_null(ref);
	lcg_seed(&g, 5);
	for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
		size_t n = sizes[si];
		for (int pattern = 0; pattern < 8; pattern++) {
			for (size_t i = 0; i < n; i++) {
				switch (pattern) {
				case 0: v[i] = i; break;
				case 1: v[i] = n - i; break;
				case 2: v[i] = 42; break;
				case 3: v[i] = i < n / 2 ? i : n - i; break;
				case 4: v[i] = i % 17; break;
				case 5: v[i] = lcg_next(&g) & 1 ? UINT64_MAX : 0; break;
				case 6: v[i] = lcg_next(&g); break;
				default: v[i] = 70 + lcg_below(&g, 90); break;
				}
			}
			memcpy(ref, v, n * sizeof(*v));
			qsort(ref, n, sizeof(*ref), cmp_u64);
			stats_sort_u64(v, n);
			if (n)
				assert_memory_equal(v, ref, n * sizeof(*v));
		}
	}
	free(v);
	free(ref);
}

static void mode_of_sorted_values(void **s)
{
	(void)s;
	size_t count;
	uint64_t one[] = { 7 };
	assert_int_equal(stats_mode(one, 1, &count), 7);
	assert_int_equal(count, 1);
	uint64_t v[] = { 1, 2, 2, 3, 3, 3, 9 };
	assert_int_equal(stats_mode(v, 7, &count), 3);
	assert_int_equal(count, 3);
	uint64_t tie[] = { 4, 4, 5, 5 }; /* the smallest of the tied values */
	assert_int_equal(stats_mode(tie, 4, &count), 4);
	assert_int_equal(count, 2);
}

static void net_clamps_instead_of_wrapping(void **s)
{
	(void)s;
	int clamped = -1;
	assert_int_equal(stats_net(110, 10, &clamped), 100);
	assert_int_equal(clamped, 0);
	assert_int_equal(stats_net(10, 10, &clamped), 0);
	assert_int_equal(clamped, 0);
	assert_int_equal(stats_net(9, 10, &clamped), 0);
	assert_int_equal(clamped, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(crc16_check_value),
		cmocka_unit_test(crc32_check_value),
		cmocka_unit_test(crc32_of_samples_is_little_endian_pairs),
		cmocka_unit_test(lcg_sequence),
		cmocka_unit_test(percentile_tiny_samples),
		cmocka_unit_test(percentile_of_hundred),
		cmocka_unit_test(order_stats_hand_computed),
		cmocka_unit_test(order_stats_sum_does_not_overflow),
		cmocka_unit_test(sort_matches_reference),
		cmocka_unit_test(crc_tables_match_bitwise),
		cmocka_unit_test(sort_patterns_match_qsort),
		cmocka_unit_test(mode_of_sorted_values),
		cmocka_unit_test(net_clamps_instead_of_wrapping),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
