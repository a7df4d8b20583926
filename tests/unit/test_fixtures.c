/*
 * The decoder on what the firmware really sends today: the streams in
 * tests/fixtures/firmware/ were captured from the current image on QEMU
 * sifive_u under -icount (make fixtures; tests/system/test_fixtures.sh
 * fails when they are older than the firmware). Between them they hold
 * every record type, and a block that traps.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "collector_fixture.h"
#include "records.h"

static char *read_fixture(const char *name, size_t *len)
{
	char path[128];
	snprintf(path, sizeof(path), "tests/fixtures/firmware/%s", name);
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *buf = malloc(1 << 20);
	assert_non_null(buf);
	*len = fread(buf, 1, 1 << 20, f);
	assert_true(*len > 0 && *len < (1 << 20));
	fclose(f);
	return buf;
}

/* The one run of a fixture, decoded in one piece and checked to give the
 * same model in small chunks. */
static struct collector *decode_fixture(const char *name)
{
	size_t len;
	char *buf = read_fixture(name, &len);
	struct collector *c = decode(buf, len, len);
	char *whole = dump_model(c, 0);
	assert_model_in_chunks(buf, len, 7, whole);
	free(whole);
	free(buf);
	assert_int_equal(c->nruns, 1);
	/* nothing rejected: every machine line the firmware sends is valid */
	for (unsigned r = 0; r < COLL_REJ_COUNT; r++)
		assert_int_equal(c->rejected[r], 0);
	return c;
}

static const struct coll_bench *find(const struct coll_run *r, const char *name, uint64_t hart)
{
	for (size_t i = 0; i < r->nbench; i++)
		if (r->bench[i].have_header && !strcmp(r->bench[i].name, name) &&
		    r->bench[i].hart == hart)
			return &r->bench[i];
	fail_msg("no block of %s on hart %lu", name, (unsigned long)hart);
	return NULL;
}

/* Every measured sample of b is exactly want net cycles and instret. */
static void assert_exact(const struct coll_run *r, const struct coll_bench *b, uint64_t want)
{
	struct coll_derived d;
	for (uint64_t i = b->warmup; i < b->warmup + b->samples; i++) {
		coll_derive(r, b, i, &d);
		assert_int_equal(d.cycles, want);
		assert_int_equal(d.instret, want);
	}
}

static void one_hart_run(void **s)
{
	(void)s;
	struct collector *c = decode_fixture("sifive_u.log");
	const struct coll_run *r = &c->runs[0];
	static const char *const names[] = { "addi100", "crc32", "empty", "udiv" };

	assert_true(r->complete);
	assert_true(r->ok);
	assert_int_equal(r->nbench, 4);
	for (size_t i = 0; i < 4; i++) {
		const struct coll_bench *b = find(r, names[i], 1);
		assert_int_equal(b->warmup, 100);
		assert_int_equal(b->samples, 300);
		assert_int_equal(b->nreceived, 400);
		assert_string_equal(b->status, "ok");
	}
	assert_exact(r, find(r, "addi100", 1), 100);
	assert_exact(r, find(r, "empty", 1), 0);
	/* the firmware sends encoding r only, and the self-check's six kinds */
	assert_int_equal(r->s_lines_enc[REC_ENC_DECIMAL], 0);
	assert_true(r->s_lines_enc[REC_ENC_RICE] > 0);
	assert_int_equal(r->noh, 6);
	/* sifive_u: the E51 (hart 0) skipped, hart 1 boots, harts 2-4 stopped
	 * (a run on one hart does not start them) */
	assert_int_equal(r->nhart, 5);
	assert_string_equal(r->hart[0].state, "skipped");
	assert_string_equal(r->hart[1].state, "boot");
	for (int i = 2; i < 5; i++) {
		assert_string_equal(r->hart[i].state, "stopped");
		assert_int_equal(r->hart[i].state_word, REC_HART_STOPPED);
	}
	collector_free(c);
}

static void entry_costs_and_tracepoints(void **s)
{
	(void)s;
	struct collector *c = decode_fixture("entry.log");
	const struct coll_run *r = &c->runs[0];
	static const char *const names[] = { "sbi_call", "tp_addi100", "trap_ebreak" };

	assert_true(r->complete);
	assert_true(r->ok);
	assert_int_equal(r->nbench, 3);
	for (size_t i = 0; i < 3; i++)
		assert_int_equal(find(r, names[i], 1)->nreceived, 55);
	/* tp_addi100 logs a pair per call on the boot hart */
	assert_true(r->ntp > 0);
	for (size_t i = 0; i < r->ntp; i++) {
		assert_true(r->tp[i].key < REC_TP_KEYS);
		assert_int_equal(r->tp[i].hart, 1);
	}
	/* the tracepoints' own cost in cycles and in instret: every
	 * tp_addi100 region (key 2) is 100 plus each, exactly */
	uint64_t oh_cycles = UINT64_MAX, oh_instret = UINT64_MAX;
	for (size_t i = 0; i < r->noh; i++) {
		if (!strcmp(r->oh[i].kind, "tp-effective"))
			oh_cycles = r->oh[i].min;
		if (!strcmp(r->oh[i].kind, "tp-effective-instret"))
			oh_instret = r->oh[i].min;
	}
	assert_int_equal(oh_instret, 5);
	for (size_t i = 0; i < r->ntp; i++)
		if (r->tp[i].key == 2) {
			assert_int_equal(r->tp[i].cycles, 100 + oh_cycles);
			assert_int_equal(r->tp[i].instret, 100 + oh_instret);
		}
	collector_free(c);
}

static void block_that_traps(void **s)
{
	(void)s;
	struct collector *c = decode_fixture("fault.log");
	const struct coll_run *r = &c->runs[0];
	const struct coll_bench *f = find(r, "demo_fault", 1);

	/* nothing lost, but the run failed: its benchmark trapped */
	assert_true(r->complete);
	assert_false(r->ok);
	assert_true(f->fault.have);
	assert_string_equal(f->fault.kind, "exception");
	assert_string_equal(f->status, "fault");
	assert_int_equal(f->nreceived, 0);
	assert_exact(r, find(r, "addi100", 1), 100);
	collector_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(one_hart_run),
		cmocka_unit_test(entry_costs_and_tracepoints),
		cmocka_unit_test(block_that_traps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
