/*
 * The record table (records.h) against the collector, each REQ field
 * missing: every required field of every record type is cut out of the
 * line in turn, and the collector must refuse the line with the record's
 * message (RUN keeps its fields as text and refuses only what decides
 * how the run is read).
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
#include "inputs.h"
#include "record_fixture.h"
#include "records.h"
#include "wire.h"
#include "test_main.h"

/* ---- a REQ field missing --------------------------------------------------- */

/* What the collector says of record t without REQ field i; NULL: it keeps
 * the line (RUN keeps its fields as text and checks only what decides
 * how the run is read). */
static const char *missing_message(enum rec_type t, unsigned i)
{
	switch (t) {
	case REC_RUN:
		if (i == REC_F_RUN_fmt)
			return "RUN line without fmt=1, 2 or 3: content not read";
		if (i == REC_F_RUN_seed)
			return "RUN line without a valid seed";
		if (i == REC_F_RUN_benches)
			return "RUN line without a valid benches count";
		return NULL;
	case REC_OVERHEAD: return "OVERHEAD line with a missing or bad field";
	case REC_BENCH: return "BENCH line with a missing or bad field";
	/* Positional: the next field takes the place of the one cut out. */
	case REC_S: return i == REC_F_S_enc ? "S line with an unknown encoding" : "S line with a bad header";
	case REC_FAULT: return "FAULT line with a missing or bad field";
	case REC_END: return "END line with a missing or bad field";
	case REC_TP: return "TP line with a missing or bad field";
	case REC_HART: return "HART line with a missing or bad field";
	case REC_CPU: return "CPU line with a missing or bad field";
	case REC_BUILD: return "BUILD line with a missing or bad field";
	case REC_TRAILER: return "TRAILER line with a missing or bad field";
	case REC_FLAGS: return "FLAGS line with a missing or bad field";
	/* Positional like S: any field cut leaves the line a field short. */
	case REC_E: return "E line with a bad header";
	case REC_PMU: return "PMU line with a missing or bad field";
	default: fail_msg("record type %d has no test", t);
	}
	return NULL;
}

static void test_missing_required(void **state)
{
	(void)state;
	for (int t = 0; t < REC_TYPE_COUNT; t++) {
		const struct rec_desc *d = &rec_desc[t];
		for (unsigned i = 0; i < d->nfields; i++) {
			if (d->field[i].need != REC_NEED_REQ)
				continue;
			struct collector *c = decode_record((enum rec_type)t, (int)i);
			const struct coll_run *r = &c->runs[0];
			const char *want = missing_message((enum rec_type)t, i);
			if (!want) {
				assert_int_equal(c->rejected[COLL_REJ_INVALID], 0);
				collector_free(c);
				continue;
			}
			char line[160];
			snprintf(line, sizeof(line), "seq %u: %s", record_seq((enum rec_type)t), want);
			if (c->rejected[COLL_REJ_INVALID] != 1 || r->nissue != 1 || strcmp(r->issue[0], line))
				fail_msg("%s without %s: \"%s\", not \"%s\"", d->name, d->field[i].key,
					 r->nissue ? r->issue[0] : "accepted", line);
			collector_free(c);
		}
	}
}

TEST_MAIN(cmocka_unit_test(test_missing_required))
