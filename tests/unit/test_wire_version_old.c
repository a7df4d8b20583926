/*
 * Older wire formats decode to the samples they always did: real streams
 * of older firmware (tests/fixtures/old-wire/, README there), each
 * decoded here and its samples.csv (bench, index, warmup, input, net and
 * raw counts, flags, every ev. column) reduced to one FNV-1a digest, which
 * is the digest of the samples.csv the host of that time wrote. A later
 * format is refused by name, and a RUN line of no known format is refused.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector_fixture.h"
#include "conflict_fixture.h"
#include "csv_out.h"
#include "test_main.h"

#define DIR "tests/fixtures/old-wire/"

static struct collector *decode_file(const char *path)
{
	struct synth_lines l = { 0 };
	file_lines(path, &l);
	struct collector *c = decode_lines(&l, SIZE_MAX, SIZE_MAX);
	synth_free(&l);
	return c;
}

static uint64_t fnv(uint64_t h, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= (unsigned char)s[i];
		h *= UINT64_C(0x100000001b3);
	}
	return h;
}

/* Field i (0-based) of CSV line s (no quoting in these columns), its length
 * in *n. */
static const char *field(const char *s, size_t i, size_t *n)
{
	for (; i; i--) {
		s = strchr(s, ',');
		assert_non_null(s);
		s++;
	}
	*n = strcspn(s, ",\r\n");
	return s;
}

/* The digest of csv's rows: per row, its bench, index, warmup, input,
 * cycles, instret, cycles_raw, instret_raw, flags and ev. columns joined
 * by commas, then "\n". *rows: how many rows. */
static uint64_t digest(const char *csv, size_t *rows)
{
	static const char *const want[] = { "bench",  "index",	    "warmup",	   "input", "cycles",
					    "instret", "cycles_raw", "instret_raw", "flags" };
	size_t col[64], ncol = 0, n;
	const char *eol = strchr(csv, '\n');

	assert_non_null(eol);
	for (size_t w = 0; w < sizeof(want) / sizeof(want[0]); w++)
		for (size_t i = 0;; i++) {
			const char *f = field(csv, i, &n);
			assert_true(f < eol);
			if (n == strlen(want[w]) && !memcmp(f, want[w], n)) {
				col[ncol++] = i;
				break;
			}
		}
	for (size_t i = 0;; i++) {
		const char *f = field(csv, i, &n);
		if (!strncmp(f, "ev.", 3))
			col[ncol++] = i;
		if (f + n >= eol - 1)
			break;
	}
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	*rows = 0;
	for (const char *line = eol + 1; *line; line = strchr(line, '\n') + 1) {
		for (size_t k = 0; k < ncol; k++) {
			const char *f = field(line, col[k], &n);
			h = fnv(h, f, n);
			h = fnv(h, k + 1 < ncol ? "," : "\n", 1);
		}
		++*rows;
	}
	return h;
}

struct old_stream {
	const char *file, *fmt;
	size_t blocks, rows;
	uint64_t digest;
	size_t nev; /* event columns of block 0 */
};

static void check_stream(const struct old_stream *s)
{
	char path[128];
	size_t rows;

	snprintf(path, sizeof(path), DIR "%s", s->file);
	struct collector *c = decode_file(path);
	assert_int_equal(c->nruns, 1);
	const struct coll_run *r = &c->runs[0];
	assert_string_equal(coll_run_field(r, "fmt"), s->fmt);
	assert_true(r->fmt_ok);
	/* complete: every seq, every count and the trailer's CRC-32 of the
	 * raw samples agree */
	assert_true(r->complete);
	assert_int_equal(r->nissue, 0);
	assert_int_equal(r->nbench, s->blocks);
	assert_int_equal(r->bench[0].nev, s->nev);
	char *csv = to_string(csv_write_samples, c);
	uint64_t h = digest(csv, &rows);
	free(csv);
	assert_int_equal(rows, s->rows);
	if (h != s->digest)
		fail_msg("%s: digest 0x%016llx, the host of its time 0x%016llx", s->file,
			 (unsigned long long)h, (unsigned long long)s->digest);
	collector_free(c);
}

/* The first firmware: decimal S lines only, a RUN line without warmup= and
 * budget_ms=, harts= without states. */
static void test_v1_skeleton(void **state)
{
	static const struct old_stream s = { "v1-5ab8210-sifive_u.log", "1", 4, 4400,
					     UINT64_C(0x85396f4baf9e8b26), 0 };
	(void)state;
	check_stream(&s);
}

/* Format 1 with the compact codec: S lines in encoding r. */
static void test_v1_rice(void **state)
{
	static const struct old_stream s = { "v1-ecab52a-sifive_u.log", "1", 32, 1440,
					     UINT64_C(0x6e4c9ac4ed817698), 0 };
	(void)state;
	check_stream(&s);
}

/* The first format 2: events (E lines, a pair and a half), inputs seeded
 * by block id (no inputs_seed= on RUN). */
static void test_v2_events_block_seed(void **state)
{
	static const struct old_stream s = { "v2-cc51786-virt-events.log", "2", 41, 1845,
					     UINT64_C(0xa5b5c8f2d318008e), 3 };
	(void)state;
	check_stream(&s);
}

/* The last format 2: a CPU line per hart, the flags in FLAGS lines of 96
 * bytes, joined; read into the same context as format 3 gives. */
static void test_v2_cpu_per_hart(void **state)
{
	static const struct old_stream s = { "v2-c1a2fb5-sifive_u.log", "2", 2, 90,
					     UINT64_C(0x338698db59ac79b2), 0 };
	(void)state;
	check_stream(&s);
	struct collector *c = decode_file(DIR "v2-c1a2fb5-sifive_u.log");
	const struct coll_run *r = &c->runs[0];
	assert_int_equal(r->ctx.ncpu, 5);
	for (size_t i = 0; i < r->ctx.ncpu; i++) {
		assert_int_equal(r->ctx.cpu[i].f.id, i);
		assert_string_equal(r->ctx.cpu[i].isa,
				    i ? "rv64imafdc_zicsr_zifencei" : "rv64imac_zicsr_zifencei");
		if (i)
			assert_string_equal(r->ctx.cpu[i].mmu, "riscv,sv48");
		else
			assert_null(r->ctx.cpu[i].mmu);
	}
	assert_string_equal(r->flags[0], "-march=rv64gc -mabi=lp64d -mcmodel=medany -std=c11 -O2 -g "
					  "-Wall -Wextra -Werror -ffreestanding -fno-common -fno-pie "
					  "-ffunction-sections -fdata-sections -specs=picolibc.specs "
					  "-Iinclude -Isrc/common");
	collector_free(c);
}

/* The v1 skeleton's RUN line with fmt= changed to `fmt` (CRC made right). */
static struct collector *with_fmt(const char *fmt)
{
	struct synth_lines l = { 0 };
	char line[WIRE_LINE_MAX + 1];

	file_lines(DIR "v1-5ab8210-sifive_u.log", &l);
	size_t at = line_with(&l, " RUN fmt=1 ");
	forged(line, l.line[at] + (strstr(l.line[at], "@RVB") - l.line[at]), "fmt=1 ", fmt);
	free(l.line[at]);
	l.line[at] = strdup(line);
	struct collector *c = decode_lines(&l, SIZE_MAX, SIZE_MAX);
	synth_free(&l);
	return c;
}

/* A later format: nothing read, and the run's problem names the version. */
static void test_newer_refused(void **state)
{
	(void)state;
	struct collector *c = with_fmt("fmt=4 ");
	const struct coll_run *r = &c->runs[0];
	assert_false(r->fmt_ok);
	assert_int_equal(r->fmt_newer, 4);
	assert_int_equal(r->nbench, 0);
	assert_false(r->complete);
	assert_int_equal(r->nproblem, 1);
	assert_string_equal(r->problem[0], "wire format version 4 is newer than this collector reads "
					    "(1 to 3): nothing of the run was read (a newer rvbench "
					    "reads it)");
	collector_free(c);
}

/* fmt=0, a word, none: the RUN line is refused, nothing of the run read. */
static void test_unknown_refused(void **state)
{
	static const char *const bad[] = { "fmt=0 ", "fmt=two ", "fmt= " };
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct collector *c = with_fmt(bad[i]);
		const struct coll_run *r = &c->runs[0];
		assert_false(r->fmt_ok);
		assert_int_equal(r->fmt_newer, 0);
		assert_int_equal(r->nbench, 0);
		assert_false(r->complete);
		assert_true(has_problem(r, "seq 0: RUN line without fmt=1, 2 or 3: content not read"));
		collector_free(c);
	}
}

TEST_MAIN(cmocka_unit_test(test_v1_skeleton), cmocka_unit_test(test_v1_rice),
	  cmocka_unit_test(test_v2_events_block_seed), cmocka_unit_test(test_v2_cpu_per_hart), cmocka_unit_test(test_newer_refused),
	  cmocka_unit_test(test_unknown_refused))
