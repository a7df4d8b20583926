/*
 * The CSV writers' quoting and values (host-tools/output/csv_out.c,
 * csv_summary.c): samples.csv and summary.csv of a synthetic run, every
 * decimal length through the row writer, small counts, a block whose
 * BENCH line was lost, and a name too long for the row buffer.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "collector_fixture.h"
#include "bench_name.h"
#include "csv_out.h"
#include "synth.h"
#include "test_main.h"

/* The run of two_benches (seed 7), line skip_line lost (SIZE_MAX: none). */
static struct collector *decoded(size_t skip_line)
{
	struct synth_run r = { 0x1a2b3c4d, 7, two_benches, 2, "ok", 0, 0 };
	return synth_decoded(&r, skip_line);
}

/* A CSV field as written: quoted when it holds a comma, a quote or a line
 * end, its quotes doubled. */
static const char *const quoting[][2] = {
	{ "plain", "plain" },
	{ "a,b", "\"a,b\"" },
	{ "say \"hi\"", "\"say \"\"hi\"\"\"" },
	{ "two\nlines", "\"two\nlines\"" },
	{ "cr\r", "\"cr\r\"" },
	{ "", "" },
};

static void test_csv_quoting(void **state)
{
	(void)state;
	assert_written(csv_field, quoting, sizeof(quoting) / sizeof(quoting[0]));
}

static void test_samples_csv(void **state)
{
	(void)state;
	struct collector *c = decoded(SIZE_MAX);
	char *s = to_string(csv_write_samples, c);
	const char *hdr = CSV_SAMPLES_HEADER "\r\n";

	assert_memory_equal(s, hdr, strlen(hdr));
	assert_string_equal(CSV_SAMPLES_HEADER,
			    "run,bench,block,params,hart,group,batch,index,warmup,input,seed,cycles,"
			    "instret,cycles_raw,instret_raw,flags");
	/* 1 header + 66 rows, every one ended by CRLF, no bare LF. */
	size_t rows = 0;
	for (char *p = s; (p = strchr(p, '\n')); p++) {
		assert_true(p > s && p[-1] == '\r');
		rows++;
	}
	assert_int_equal(rows, 67);
	/* Sample 0 of bench 0: raw 90,40 under overhead 95,41: both clamped. */
	char *row0 = strchr(s, '\n') + 1;
	assert_memory_equal(row0, "1a2b3c4d,add_loop,0,,1,0,1,0,1,", 31);
	assert_non_null(strstr(row0, ",0,0,90,40,3\r\n"));
	/* The quoted name; bench 1 has input_range 0: input 0; the run's seed. */
	assert_non_null(strstr(s, "\r\n1a2b3c4d,crc:32,1,,1,0,1,0,1,0,0x7,90,36,100,41,0\r\n"));
	/* Warmup ends at index 4 for bench 0. */
	assert_non_null(strstr(s, ",add_loop,0,,1,0,1,3,1,"));
	assert_non_null(strstr(s, ",add_loop,0,,1,0,1,4,0,"));
	free(s);
	collector_free(c);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* synth.c's stand-in for the sum of run()'s results. */
static unsigned long long checksum(uint32_t id, uint32_t count)
{
	uint64_t sum = 0;
	for (uint32_t k = 0; k < count; k++)
		sum += synth_cycles(id, k) * 31 + k;
	return sum;
}

/* Every decimal length, and the edges between lengths, through the row
 * writer (digits from a table, four at a time): the index, cycles_raw and
 * instret_raw columns of samples.csv against printf's spelling. A block
 * without its BENCH line keeps exactly the raw values. */
static void test_samples_csv_digits(void **state)
{
	(void)state;
	static uint64_t vals[200];
	size_t nv = 0;
	uint64_t p10 = 1;
	for (unsigned k = 0; k < 20; k++, p10 *= 10) {
		vals[nv++] = p10 - 1;
		vals[nv++] = p10;
		vals[nv++] = p10 + 1;
	}
	vals[nv++] = UINT64_MAX;
	vals[nv++] = UINT64_MAX - 1;
	vals[nv++] = 0;
	for (uint64_t x = 12345; nv < 200; x = x * 6364136223846793005ull + 1442695040888963407ull)
		vals[nv++] = x >> (x % 61);

	/* Sparse indices: every length of the index column too. */
	const size_t ncap = 200001;
	struct collector *c = collector_new();
	c->runs = calloc(1, sizeof(*c->runs));
	c->nruns = 1;
	struct coll_run *r = &c->runs[0];
	r->tag = 0xabcdef01;
	r->bench = calloc(1, sizeof(*r->bench));
	r->nbench = 1;
	struct coll_bench *b = &r->bench[0];
	b->s = calloc(ncap, sizeof(*b->s));
	b->present = calloc(ncap, 1);
	b->ncap = ncap;
	assert_non_null(b->s);
	assert_non_null(b->present);
	size_t idx[200];
	for (size_t i = 0; i < nv; i++) {
		idx[i] = i < 100 ? i * 97 : 9900 + (i - 100) * 1901;
		if (i == nv - 1)
			idx[i] = ncap - 1;
		b->s[idx[i]] = (struct coll_sample){ vals[i], vals[nv - 1 - i] };
		b->present[idx[i]] = 1;
	}
	b->nreceived = nv;
	b->max_index = ncap - 1;

	char *s = to_string(csv_write_samples, c);
	char *line = strstr(s, "\r\n") + 2;
	for (size_t i = 0; i < nv; i++) {
		char want[160];
		snprintf(want, sizeof(want), "abcdef01,#0,0,,,,,%zu,,,,,,%llu,%llu,\r\n", idx[i],
			 (unsigned long long)vals[i], (unsigned long long)vals[nv - 1 - i]);
		assert_memory_equal(line, want, strlen(want));
		line += strlen(want);
	}
	assert_string_equal(line, "");
	free(s);
	collector_free(c);
}

static void test_summary_csv(void **state)
{
	(void)state;
	struct collector *c = decoded(SIZE_MAX);
	char *s = to_string(csv_write_summary, c);
	assert_memory_equal(s,
			    "run,bench,block,params,hart,group,batch,count,min,max,mean,median,p90,"
			    "p95,p99,mad,stddev,overhead_cycles,overhead_instret,warmup,"
			    "instret_median,verify,status,path_differs,checksum,unit,per_call,"
			    "units_per_cycle,reason,cflags,sample_unit\r\n",
			    strlen(CSV_SUMMARY_HEADER) + 2);

	/* Bench 1 by hand: net values of samples 2..21 (warmup 2). */
	uint64_t v[20], ins[20], dev[20];
	double sum = 0, sq = 0;
	for (int k = 2; k < 22; k++) {
		v[k - 2] = synth_cycles(1, (uint64_t)k) - 10;
		ins[k - 2] = synth_instret(1, (uint64_t)k) - 5;
		sum += (double)v[k - 2];
	}
	double mean = sum / 20;
	for (int i = 0; i < 20; i++)
		sq += ((double)v[i] - mean) * ((double)v[i] - mean);
	qsort(v, 20, sizeof(v[0]), cmp_u64);
	qsort(ins, 20, sizeof(ins[0]), cmp_u64);
	for (int i = 0; i < 20; i++)
		dev[i] = v[i] > v[9] ? v[i] - v[9] : v[9] - v[i];
	qsort(dev, 20, sizeof(dev[0]), cmp_u64);
	char want[256];
	/* Nearest rank of 20: median 10th, p90 18th, p95 19th, p99 20th. */
	snprintf(want, sizeof(want),
		 "\r\n1a2b3c4d,crc:32,1,,1,0,1,20,%llu,%llu,%.3f,%llu,%llu,%llu,%llu,%llu,%.3f,"
		 "10,5,2,%llu,none,ok,16,0x%llx,,,,,,\r\n",
		 (unsigned long long)v[0], (unsigned long long)v[19], mean,
		 (unsigned long long)v[9], (unsigned long long)v[17], (unsigned long long)v[18],
		 (unsigned long long)v[19], (unsigned long long)dev[9], sqrt(sq / 19),
		 (unsigned long long)ins[9], (unsigned long long)checksum(1, 22));
	/* path_differs: net instret 36..40 four times each; the mode is the
	 * smallest, 36, and 16 samples differ from it. */
	assert_non_null(strstr(s, want));
	free(s);
	collector_free(c);
}

static void test_summary_small_counts(void **state)
{
	(void)state;
	/* One measured sample: no stddev (of one value it is undefined, not
	 * 0): an empty field; no measured sample: empty statistics. */
	static const struct synth_bench one[2] = {
		{ "one", 3, 1, 0, 0, 0, "ok", 0, NULL, NULL, 0, NULL },
		{ "none", 2, 0, 0, 0, 0, "ok", 0, NULL, NULL, 0, NULL },
	};
	struct synth_run r = { 0xabcdef01, 1, one, 2, "ok", 0, 0 };
	struct collector *c = synth_decoded(&r, SIZE_MAX);
	assert_true(c->runs[0].complete);
	char *s = to_string(csv_write_summary, c);
	char want[200];
	uint64_t x = synth_cycles(0, 3);
	snprintf(want, sizeof(want), "abcdef01,one,0,,1,0,1,1,%llu,%llu,%llu.000,%llu,%llu,%llu,%llu,0,,0,0,3,%llu,ok,ok,0,0x%llx,,,,,,\r\n",
		 (unsigned long long)x, (unsigned long long)x, (unsigned long long)x,
		 (unsigned long long)x, (unsigned long long)x, (unsigned long long)x,
		 (unsigned long long)x, (unsigned long long)synth_instret(0, 3), checksum(0, 4));
	assert_non_null(strstr(s, want));
	snprintf(want, sizeof(want), "abcdef01,none,1,,1,0,1,0,,,,,,,,,,0,0,2,,ok,ok,0,0x%llx,,,,,,\r\n",
		 checksum(1, 2));
	assert_non_null(strstr(s, want));
	free(s);
	collector_free(c);
}

static void test_lost_bench_header(void **state)
{
	(void)state;
	/* Without BENCH 0 the overhead is unknown: raw values kept, derived
	 * ones empty, and never a made-up net value. */
	struct collector *c = decoded(1);
	assert_false(c->runs[0].complete);
	char *s = to_string(csv_write_samples, c);
	char want[100];
	snprintf(want, sizeof(want), "\r\n1a2b3c4d,#0,0,,,,,0,,,0x7,,,%llu,%llu,\r\n",
		 (unsigned long long)synth_cycles(0, 0), (unsigned long long)synth_instret(0, 0));
	assert_non_null(strstr(s, want));
	free(s);
	collector_free(c);
}

/* A name whose quoted CSV form does not fit the row buffer takes the
 * stdio path: the same rows as a short name, but for the name. */
/* The longest name the collector takes (BENCH_NAME_MAX bytes of the safe
 * set) gives the same rows as a short one, name aside; one byte more and
 * the block loses its header instead of reaching the CSV. */
static void test_long_name_rows(void **state)
{
	(void)state;
	char name[BENCH_NAME_MAX + 2];
	for (int i = 0; i < BENCH_NAME_MAX; i++)
		name[i] = "aZ09_.:+-"[i % 9];
	name[BENCH_NAME_MAX] = '\0';
	struct synth_bench lb[1] = { { name, 1, 3, 10, 5, 3, "ok", 0, NULL, NULL, 0, NULL } };
	struct synth_bench sb[1] = { { "s", 1, 3, 10, 5, 3, "ok", 0, NULL, NULL, 0, NULL } };
	struct synth_run rl = { 0x5a11e1e5u, 5, lb, 1, "ok", 0, 0 };
	struct synth_run rs = { 0x5a11e1e5u, 5, sb, 1, "ok", 0, 0 };
	struct collector *c1 = synth_decoded(&rl, SIZE_MAX), *c2 = synth_decoded(&rs, SIZE_MAX);
	assert_true(c1->runs[0].complete);
	char *s1 = to_string(csv_write_samples, c1), *s2 = to_string(csv_write_samples, c2);
	/* Replace every ",s," of the short one with the long name. */
	size_t cap = strlen(s2) + 4 * (BENCH_NAME_MAX + 2), m = 0;
	char *want = malloc(cap);
	assert_non_null(want);
	for (const char *q = s2; *q;) {
		if (!strncmp(q, ",s,", 3)) {
			m += (size_t)sprintf(want + m, ",%s,", name);
			q += 3;
		} else {
			want[m++] = *q++;
		}
	}
	want[m] = '\0';
	assert_string_equal(s1, want);
	free(want);
	free(s1);
	collector_free(c1);

	name[BENCH_NAME_MAX] = 'x';
	name[BENCH_NAME_MAX + 1] = '\0';
	c1 = synth_decoded(&rl, SIZE_MAX);
	assert_false(c1->runs[0].bench[0].have_header);
	s1 = to_string(csv_write_samples, c1);
	assert_null(strstr(s1, name));
	assert_non_null(strstr(s1, ",#0,")); /* the samples stay, under the block's id */
	free(s1);
	free(s2);
	collector_free(c1);
	collector_free(c2);
}

TEST_MAIN(cmocka_unit_test(test_csv_quoting),
	  cmocka_unit_test(test_samples_csv),
	  cmocka_unit_test(test_samples_csv_digits),
	  cmocka_unit_test(test_summary_csv),
	  cmocka_unit_test(test_summary_small_counts),
	  cmocka_unit_test(test_lost_bench_header),
	  cmocka_unit_test(test_long_name_rows))
