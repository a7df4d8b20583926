/*
 * The writers: CSV quoting and values (host-tools/output/csv_out.c,
 * csv_summary.c), JSON string escaping (json_string.c) and atomic files
 * (atomic_file.c), including a full disk.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <math.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "atomic_file.h"
#include "collector.h"
#include "collector_fixture.h"
#include "crc.h"
#include "csv_out.h"
#include "meta_json.h"
#include "results_csv.h"
#include "synth.h"

static const struct synth_bench benches[2] = {
	{ "add loop", 4, 40, 100, 95, 41, "ok", 0, NULL, NULL, 0, NULL },
	{ "crc,\"32\"", 2, 20, 0, 10, 5, "none", 0, NULL, NULL, 0, NULL },
};

static struct collector *decoded(size_t skip_line)
{
	struct synth_run r = { 0x1a2b3c4d, 7, benches, 2, "ok", 0, 0 };
	struct synth_lines l = { 0 };
	size_t len;
	synth_run_lines(&r, &l);
	char *buf = synth_join(&l, skip_line, &len);
	struct collector *c = collector_new();
	collector_feed(c, buf, len);
	collector_finish(c);
	free(buf);
	synth_free(&l);
	return c;
}

/* What a string writer (csv_field, json_string) makes of in. */
static char *written(int (*w)(FILE *, const char *), const char *in)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	assert_int_equal(w(f, in), 0);
	fclose(f);
	return s;
}

static void test_csv_quoting(void **state)
{
	(void)state;
	const char *cases[][2] = {
		{ "plain", "plain" },
		{ "a,b", "\"a,b\"" },
		{ "say \"hi\"", "\"say \"\"hi\"\"\"" },
		{ "two\nlines", "\"two\nlines\"" },
		{ "cr\r", "\"cr\r\"" },
		{ "", "" },
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *s = written(csv_field, cases[i][0]);
		assert_string_equal(s, cases[i][1]);
		free(s);
	}
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
	assert_memory_equal(row0, "1a2b3c4d,add loop,0,,1,0,1,0,1,", 31);
	assert_non_null(strstr(row0, ",0,0,90,40,3\r\n"));
	/* The quoted name; bench 1 has input_range 0: input 0; the run's seed. */
	assert_non_null(strstr(s, "\r\n1a2b3c4d,\"crc,\"\"32\"\"\",1,,1,0,1,0,1,0,0x7,90,36,100,41,0\r\n"));
	/* Warmup ends at index 4 for bench 0. */
	assert_non_null(strstr(s, ",add loop,0,,1,0,1,3,1,"));
	assert_non_null(strstr(s, ",add loop,0,,1,0,1,4,0,"));
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
			    "units_per_cycle,reason,cflags\r\n",
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
		 "\r\n1a2b3c4d,\"crc,\"\"32\"\"\",1,,1,0,1,20,%llu,%llu,%.3f,%llu,%llu,%llu,%llu,%llu,%.3f,"
		 "10,5,2,%llu,none,ok,16,0x%llx,,,,,\r\n",
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
	/* One measured sample: stddev 0; no measured sample: empty statistics. */
	static const struct synth_bench one[2] = {
		{ "one", 3, 1, 0, 0, 0, "ok", 0, NULL, NULL, 0, NULL },
		{ "none", 2, 0, 0, 0, 0, "ok", 0, NULL, NULL, 0, NULL },
	};
	struct synth_run r = { 0xabcdef01, 1, one, 2, "ok", 0, 0 };
	struct synth_lines l = { 0 };
	size_t len;
	synth_run_lines(&r, &l);
	char *buf = synth_join(&l, SIZE_MAX, &len);
	struct collector *c = collector_new();
	collector_feed(c, buf, len);
	collector_finish(c);
	assert_true(c->runs[0].complete);
	char *s = to_string(csv_write_summary, c);
	char want[200];
	uint64_t x = synth_cycles(0, 3);
	snprintf(want, sizeof(want), "abcdef01,one,0,,1,0,1,1,%llu,%llu,%llu.000,%llu,%llu,%llu,%llu,0,0.000,0,0,3,%llu,ok,ok,0,0x%llx,,,,,\r\n",
		 (unsigned long long)x, (unsigned long long)x, (unsigned long long)x,
		 (unsigned long long)x, (unsigned long long)x, (unsigned long long)x,
		 (unsigned long long)x, (unsigned long long)synth_instret(0, 3), checksum(0, 4));
	assert_non_null(strstr(s, want));
	snprintf(want, sizeof(want), "abcdef01,none,1,,1,0,1,0,,,,,,,,,,0,0,2,,ok,ok,0,0x%llx,,,,,\r\n",
		 checksum(1, 2));
	assert_non_null(strstr(s, want));
	free(s);
	free(buf);
	synth_free(&l);
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

/* Appends " extra" to the first line holding what (a synth line: its CRC
 * made again), as a later firmware would send it. */
static void add_fields(struct synth_lines *l, const char *what, const char *extra)
{
	for (size_t i = 0; i < l->n; i++) {
		if (!strstr(l->line[i], what))
			continue;
		char *star = strrchr(l->line[i], '*'), *line = malloc(strlen(l->line[i]) + strlen(extra) + 16);
		assert_non_null(star);
		assert_non_null(line);
		int n = sprintf(line, "%.*s %s ", (int)(star - 1 - l->line[i]), l->line[i], extra);
		sprintf(line + n, "*%04X\r\n", crc16_ccitt_false(line, (size_t)n));
		free(l->line[i]);
		l->line[i] = line;
		return;
	}
	fail_msg("no line with '%s'", what);
}

/* A sweep: mem_latency_rand at two sizes (p.size_kib, p.steps, unit=load,
 * per_call=64) and a third skipped with a reason; then a plain block. */
static const struct synth_bench sweep[4] = {
	{ "mem_latency_rand", 2, 20, 0, 10, 5, "ok", 0, NULL, "size_kib=4", 0, NULL },
	{ "mem_latency_rand", 2, 20, 0, 10, 5, "ok", 0, NULL, "size_kib=64", 0, NULL },
	{ "mem_latency_rand", 0, 0, 0, 10, 5, "ok", 0, NULL, "size_kib=65536", 0, "skipped" },
	{ "udiv", 1, 5, 0, 10, 5, "none", 3, NULL, NULL, 0, NULL },
};

static struct collector *decoded_sweep(void)
{
	struct synth_run r = { 0x1a2b3c4d, 7, sweep, 4, "ok", 0, 0 };
	struct synth_lines l = { 0 };
	size_t len;
	synth_run_lines(&r, &l);
	for (int id = 0; id < 3; id++) {
		char what[32];
		snprintf(what, sizeof(what), " BENCH id=%d ", id);
		add_fields(&l, what, "p.steps=64 unit=load per_call=64");
	}
	add_fields(&l, " END id=2 ",
		   "reason=size_kib=65536%20does%20not%20fit,%20the%20arena%20holds%2049792%20KiB");
	char *buf = synth_join(&l, SIZE_MAX, &len);
	struct collector *c = collector_new();
	collector_feed(c, buf, len);
	collector_finish(c);
	free(buf);
	synth_free(&l);
	return c;
}

static void test_sweep_columns(void **state)
{
	(void)state;
	struct collector *c = decoded_sweep();
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->nbench, 4);
	assert_true(r->complete);
	assert_string_equal(r->bench[1].unit, "load");
	assert_true(r->bench[1].have_per_call);
	assert_int_equal(r->bench[1].per_call, 64);
	assert_null(r->bench[3].unit);
	assert_false(r->bench[3].have_per_call);
	assert_string_equal(r->bench[2].status, "skipped");
	assert_string_equal(r->bench[2].reason,
			    "size_kib=65536 does not fit, the arena holds 49792 KiB");
	assert_null(r->bench[1].reason);

	/* samples.csv: block and params after bench, params in record order. */
	char *s = to_string(csv_write_samples, c);
	assert_non_null(strstr(s, "\r\n1a2b3c4d,mem_latency_rand,0,size_kib=4;steps=64,1,0,1,0,1,"));
	assert_non_null(strstr(s, "\r\n1a2b3c4d,mem_latency_rand,1,size_kib=64;steps=64,1,0,1,21,0,"));
	assert_non_null(strstr(s, "\r\n1a2b3c4d,udiv,3,,1,0,3,5,0,"));
	assert_null(strstr(s, ",mem_latency_rand,2,")); /* skipped: no sample */
	free(s);

	/* summary.csv: unit, per_call, units_per_cycle, reason at the end. */
	s = to_string(csv_write_summary, c);
	struct coll_bench_stats st;
	coll_bench_stats(r, &r->bench[1], &st);
	char want[512];
	snprintf(want, sizeof(want), ",0x%llx,load,64,%.4f,,\r\n",
		 (unsigned long long)r->bench[1].checksum, 64.0 * (double)st.batch / (double)st.median);
	char *row1 = strstr(s, "\r\n1a2b3c4d,mem_latency_rand,1,size_kib=64;steps=64,1,0,1,20,");
	assert_non_null(row1);
	assert_non_null(strstr(row1, want));
	assert_true(strstr(row1, want) < strstr(row1 + 2, "\r\n"));
	/* The skipped block: no statistics, its reason quoted (a comma). */
	char *row2 = strstr(s, "\r\n1a2b3c4d,mem_latency_rand,2,size_kib=65536;steps=64,1,0,1,0,,");
	assert_non_null(row2);
	assert_non_null(strstr(row2, ",ok,skipped,"));
	assert_non_null(strstr(row2, ",load,64,,\"size_kib=65536 does not fit, the arena holds "
				     "49792 KiB\",\r\n"));
	/* Without unit, per_call and cflags: five empty columns. */
	assert_non_null(strstr(s, "\r\n1a2b3c4d,udiv,3,,1,0,3,5,"));
	assert_non_null(strstr(strstr(s, "\r\n1a2b3c4d,udiv,3,"), ",,,,,\r\n"));
	free(s);

	/* meta.json: per block unit, per_call and reason. */
	char *m = NULL;
	size_t mn = 0;
	FILE *f = open_memstream(&m, &mn);
	struct meta_source src = { .kind = "replay", .file = "x", .end = "eof" };
	assert_int_equal(meta_json_write(f, c, &src), 0);
	fclose(f);
	assert_non_null(strstr(m, "\"params\": {\"size_kib\": \"64\", \"steps\": \"64\"}, "
				  "\"unit\": \"load\", \"per_call\": 64"));
	assert_non_null(strstr(m, "\"unit\": null, \"per_call\": null"));
	assert_non_null(strstr(m, "\"status\": \"skipped\", \"reason\": \"size_kib=65536 does not "
				  "fit, the arena holds 49792 KiB\""));
	assert_non_null(strstr(m, "\"status\": \"ok\", \"reason\": null"));
	free(m);
	collector_free(c);
}

/* A malformed per_call or unit escape: the BENCH line is not used. */
static void test_bad_work_fields(void **state)
{
	(void)state;
	static const char *const bad[] = { "per_call=x", "per_call=-1", "unit=%ZZ", "unit=" };
	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
		struct synth_run r = { 0x1a2b3c4d, 7, benches, 2, "ok", 0, 0 };
		struct synth_lines l = { 0 };
		size_t len;
		synth_run_lines(&r, &l);
		add_fields(&l, " BENCH id=0 ", bad[k]);
		add_fields(&l, " END id=1 ", "reason=%ZZ");
		char *buf = synth_join(&l, SIZE_MAX, &len);
		struct collector *c = collector_new();
		collector_feed(c, buf, len);
		collector_finish(c);
		assert_false(c->runs[0].bench[0].have_header);
		assert_false(c->runs[0].bench[1].have_end);
		assert_int_equal(c->rejected[COLL_REJ_INVALID], 2);
		collector_free(c);
		free(buf);
		synth_free(&l);
	}
}

/* Written and read back: one series per block, labelled by its params,
 * with the unit and per_call of summary.csv. */
static void test_sweep_read_back(void **state)
{
	(void)state;
	struct collector *c = decoded_sweep();
	char dir[] = "/tmp/rvb-test-sweep.XXXXXX", path[64];
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/samples.csv", dir);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(csv_write_samples(f, c), 0);
	fclose(f);
	snprintf(path, sizeof(path), "%s/summary.csv", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(csv_write_summary(f, c), 0);
	fclose(f);
	struct results res;
	char err[512], label[128];
	assert_int_equal(results_load(dir, &res, err, sizeof(err)), 0);
	assert_int_equal(res.ns, 3); /* the skipped block has no sample */
	assert_int_equal(res.s[0].block, 0);
	assert_int_equal(res.s[1].block, 1);
	assert_string_equal(res.s[1].params, "size_kib=64;steps=64");
	assert_int_equal(res.s[1].n, 20);
	assert_string_equal(res_label(&res.s[1], label, sizeof(label)),
			    "mem_latency_rand [size_kib=64;steps=64]");
	assert_string_equal(res.s[1].unit, "load");
	assert_int_equal(res.s[1].per_call, 64);
	assert_string_equal(res_label(&res.s[2], label, sizeof(label)), "udiv");
	assert_null(res.s[2].unit);
	assert_string_equal(res_param(res.s[1].params, "steps", label, sizeof(label)), "64");
	assert_null(res_param(res.s[1].params, "size", label, sizeof(label)));
	results_free(&res);
	unlink(path);
	snprintf(path, sizeof(path), "%s/samples.csv", dir);
	unlink(path);
	rmdir(dir);
	collector_free(c);
}

static void test_json_escaping(void **state)
{
	(void)state;
	const char *cases[][2] = {
		{ "plain", "\"plain\"" },
		{ "q\"b\\", "\"q\\\"b\\\\\"" },
		{ "\r\n\t\x01\x1f", "\"\\r\\n\\t\\u0001\\u001f\"" },
		{ "caf\xc3\xa9", "\"caf\xc3\xa9\"" },  /* valid UTF-8 kept */
		{ "bad\xff\xc3", "\"bad\\ufffd\\ufffd\"" }, /* invalid: replaced */
		{ "\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"" }, /* a surrogate */
	};
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char *s = written(json_string, cases[i][0]);
		assert_string_equal(s, cases[i][1]);
		free(s);
	}
}

static void test_meta_json(void **state)
{
	(void)state;
	struct collector *c = decoded(3); /* a lost S line */
	char *argv[] = { "qemu-system-riscv64", "-append", "rvbench.exit=reboot x=\"1\"", NULL };
	struct meta_source src = { .kind = "qemu", .argv = argv, .machine = "sifive_u",
				   .icount = "0", .timeout_s = 600, .end = "trailer",
				   .exit_known = 1, .exit_code = 0 };
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	assert_int_equal(meta_json_write(f, c, &src), 0);
	fclose(f);
	assert_non_null(strstr(s, "\"note\": \"" ICOUNT_NOTE "\""));
	assert_non_null(strstr(s, "\"status\": \"incomplete\""));
	assert_non_null(strstr(s, "\"missing seq 3\""));
	assert_non_null(strstr(s, "{\"bench\": 0, \"first\": 16, \"last\": 31, \"reason\": \"line lost\"}"));
	assert_non_null(strstr(s, "\"rvbench.exit=reboot x=\\\"1\\\"\""));
	assert_non_null(strstr(s, "\"name\": \"crc,\\\"32\\\"\""));
	assert_non_null(strstr(s, "\"bad_crc\": 0"));
	assert_non_null(strstr(s, "\"orphan\": 0"));
	free(s);
	collector_free(c);
}

/* ---- atomic files ---- */

static char tmpdir[64];

static int count_entries(const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;
	assert_non_null(d);
	while ((e = readdir(d)))
		if (!strncmp(e->d_name, prefix, strlen(prefix)))
			n++;
	closedir(d);
	return n;
}

static int write_hello(FILE *f, void *ctx)
{
	(void)ctx;
	return fputs("hello\r\n", f) < 0 ? -1 : 0;
}

static int write_big(FILE *f, void *ctx)
{
	(void)ctx;
	for (int i = 0; i < 100000; i++)
		if (fputs("0123456789", f) < 0)
			return -1;
	return 0;
}

static int write_fails(FILE *f, void *ctx)
{
	(void)ctx;
	fputs("partial", f);
	errno = EIO;
	return -1;
}

static int setup_dir(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/rvb-test-csv-XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int teardown_dir(void **state)
{
	(void)state;
	char cmd[128];
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd) == 0 ? 0 : -1;
}

static void test_atomic_success(void **state)
{
	(void)state;
	char err[256], path[128], buf[32] = { 0 };
	assert_int_equal(afile_write(tmpdir, "a.csv", write_hello, NULL, err, sizeof(err)), 0);
	snprintf(path, sizeof(path), "%s/a.csv", tmpdir);
	FILE *f = fopen(path, "r");
	assert_non_null(f);
	assert_int_equal(fread(buf, 1, sizeof(buf) - 1, f), 7);
	fclose(f);
	assert_string_equal(buf, "hello\r\n");
	assert_int_equal(count_entries(tmpdir, "."), 2); /* "." and ".." only: no .tmp */
}

static void test_atomic_writer_error(void **state)
{
	(void)state;
	char err[256], path[128];
	assert_int_equal(afile_write(tmpdir, "b.csv", write_fails, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "b.csv"));
	snprintf(path, sizeof(path), "%s/b.csv", tmpdir);
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(count_entries(tmpdir, ".b"), 0);
}

static void test_atomic_unwritable_dir(void **state)
{
	(void)state;
	char err[256], file[128], sub[160];
	/* A "directory" that is a regular file: even root cannot write there. */
	snprintf(file, sizeof(file), "%s/plainfile", tmpdir);
	FILE *f = fopen(file, "w");
	assert_non_null(f);
	fclose(f);
	snprintf(sub, sizeof(sub), "%s/nodir", file);
	assert_int_equal(afile_write(file, "c.csv", write_hello, NULL, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "cannot create"));
	assert_int_equal(afile_write(sub, "c.csv", write_hello, NULL, err, sizeof(err)), -1);
}

static void test_full_disk(void **state)
{
	(void)state;
	char err[256], path[128];

	/* /dev/full: every write fails with ENOSPC once stdio flushes. */
	struct collector *c = decoded(SIZE_MAX);
	FILE *f = fopen("/dev/full", "w");
	assert_non_null(f);
	int rc = csv_write_samples(f, c);
	int frc = fflush(f);
	assert_true(rc != 0 || frc != 0);
	fclose(f);
	collector_free(c);

	/* A full disk under afile_write: a file size limit makes the writes
	 * fail (EFBIG) just like ENOSPC would; no file may be left behind. */
	struct rlimit old, lim;
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = 4096;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	rc = afile_write(tmpdir, "big.csv", write_big, NULL, err, sizeof(err));
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_DFL);
	assert_int_equal(rc, -1);
	assert_non_null(strstr(err, "cannot write"));
	snprintf(path, sizeof(path), "%s/big.csv", tmpdir);
	assert_int_equal(access(path, F_OK), -1);
	assert_int_equal(count_entries(tmpdir, ".big"), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_csv_quoting),
		cmocka_unit_test(test_samples_csv),
		cmocka_unit_test(test_samples_csv_digits),
		cmocka_unit_test(test_summary_csv),
		cmocka_unit_test(test_summary_small_counts),
		cmocka_unit_test(test_sweep_columns),
		cmocka_unit_test(test_sweep_read_back),
		cmocka_unit_test(test_bad_work_fields),
		cmocka_unit_test(test_lost_bench_header),
		cmocka_unit_test(test_json_escaping),
		cmocka_unit_test(test_meta_json),
		cmocka_unit_test_setup_teardown(test_atomic_success, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_atomic_writer_error, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_atomic_unwritable_dir, setup_dir, teardown_dir),
		cmocka_unit_test_setup_teardown(test_full_disk, setup_dir, teardown_dir),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
