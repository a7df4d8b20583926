/*
 * The firmware's refusal path for hardware events (src/events.c) against
 * a scripted SBI PMU extension: each counter_config_matching call answers
 * what the test says, in order, so that the two calls events_begin makes
 * for one event (the programmable counters, then the fixed ones) can give
 * different errors. What is checked: the error a refusal is said and
 * recorded with is one the SBI firmware gave, the most telling one, and a
 * refusal the SBI firmware was never asked about does not claim it was.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "config.h"
#include "records.h"
#include "sbi.h"
#include "wire.h"
#include "test_main.h"

/* ---- the scripted SBI ------------------------------------------------------- */

#define S_FW 16
#define S_CALLS 8

static struct {
	unsigned nhw;                 /* hardware counters 0..nhw-1 (1, time, has no info) */
	struct sbiret answer[S_CALLS]; /* counter_config_matching, call by call */
	unsigned nconfig;
	unsigned long config_mask[S_CALLS];
	unsigned nstart, nstop;
} s;

static void script_reset(unsigned nhw)
{
	memset(&s, 0, sizeof(s));
	s.nhw = nhw;
	for (unsigned i = 0; i < S_CALLS; i++)
		s.answer[i] = (struct sbiret){ .error = SBI_ERR_NOT_SUPPORTED };
}

struct sbiret sbi_ecall(long eid, long fid, long a0, long a1, long a2, long a3, long a4, long a5)
{
	(void)a2, (void)a3, (void)a4, (void)a5;
	if (eid != 0x504D55)
		return (struct sbiret){ .error = SBI_ERR_NOT_SUPPORTED };
	switch (fid) {
	case 0: /* num_counters */
		return (struct sbiret){ .value = (long)(s.nhw + S_FW) };
	case 1: /* counter_get_info */
		if ((unsigned long)a0 >= s.nhw + S_FW || a0 == 1)
			return (struct sbiret){ .error = SBI_ERR_INVALID_PARAM };
		if ((unsigned long)a0 < s.nhw)
			return (struct sbiret){ .value = (long)(63ul << 12 | (0xC00ul + (unsigned long)a0)) };
		return (struct sbiret){ .value = (long)(1ul << 63 | 63ul << 12) };
	case 2: /* counter_config_matching */
		if (s.nconfig >= S_CALLS)
			fail_msg("more than %u counter_config_matching calls", S_CALLS);
		s.config_mask[s.nconfig] = (unsigned long)a1;
		return s.answer[s.nconfig++];
	case 3: /* counter_start */
		s.nstart++;
		return (struct sbiret){ .error = a0 <= 2 ? SBI_ERR_ALREADY_STARTED : 0 };
	case 4: /* counter_stop */
		s.nstop++;
		return (struct sbiret){ 0 };
	default:
		return (struct sbiret){ .error = SBI_ERR_NOT_SUPPORTED };
	}
}

long sbi_probe_extension(long eid)
{
	return eid == 0x504D55;
}

#include "events_under_test.h"

static void probe(unsigned nhw)
{
	script_reset(nhw);
	said[0] = '\0';
	events_probe();
	said[0] = '\0';
}

/* ---- tests ------------------------------------------------------------------- */

/* The programmable counters' answer is DENIED (the SBI firmware will not
 * give them), the fixed counters' NOT_SUPPORTED (they count only cycles
 * and instructions, as ever): the refusal says denied, the answer that
 * tells why, not the second call's, which says nothing new. */
static void test_first_error_kept(void **state)
{
	(void)state;
	probe(5); /* hpmcounter3 and 4, as the U54 */
	s.answer[0] = (struct sbiret){ .error = SBI_ERR_DENIED };
	s.answer[1] = (struct sbiret){ .error = SBI_ERR_NOT_SUPPORTED };
	begin("branch-misses");
	assert_int_equal(s.nconfig, 2);
	assert_int_equal(s.config_mask[0], 0x18);
	assert_int_equal(s.config_mask[1], 0x5);
	assert_string_equal(said, "rvbench: event branch-misses: refused by the SBI firmware"
				  " (denied): not counted\n");
	events_emit();
	assert_non_null(strstr(record, " refused=branch-misses:denied *"));
	events_end();

	/* the other way round, the fixed counters' error is the telling one */
	s.nconfig = 0;
	s.answer[0] = (struct sbiret){ .error = SBI_ERR_NOT_SUPPORTED };
	s.answer[1] = (struct sbiret){ .error = SBI_ERR_INVALID_PARAM };
	begin("branch-misses");
	assert_string_equal(said, "rvbench: event branch-misses: refused by the SBI firmware"
				  " (invalid): not counted\n");
	events_emit();
	assert_non_null(strstr(record, " refused=branch-misses:invalid *"));
	events_end();

	/* both NOT_SUPPORTED: not-supported, as before */
	s.nconfig = 0;
	s.answer[1] = (struct sbiret){ .error = SBI_ERR_NOT_SUPPORTED };
	begin("branch-misses");
	assert_string_equal(said, "rvbench: event branch-misses: refused by the SBI firmware"
				  " (not-supported): not counted\n");
	events_end();
}

/* sifive_u: only the fixed counters, which cycles and instructions take.
 * A third event has no counter left to ask for: the SBI firmware is not
 * asked, and the line does not say it refused; the record still says
 * not-supported (no counter can count it). */
static void test_no_counter_left(void **state)
{
	(void)state;
	probe(3);
	s.answer[0] = (struct sbiret){ .value = 0 };
	s.answer[1] = (struct sbiret){ .value = 2 };
	begin("cycles,instructions,cache-misses");
	assert_int_equal(s.nconfig, 2);
	assert_int_equal(events_n, 2);
	assert_null(strstr(said, "cache-misses: refused by the SBI firmware"));
	assert_string_equal(said, "rvbench: event cache-misses: no counter left to ask the SBI"
				  " firmware for (no programmable counter here; the fixed ones"
				  " are taken by this run's earlier events): not counted\n"
				  "rvbench: counting cycles,instructions\n");
	events_emit();
	assert_non_null(strstr(record, " events=cycles,instructions"
				       " refused=cache-misses:not-supported *"));
	events_end();
	assert_int_equal(s.nstop, 0); /* the fixed counters keep running */
}

/* One programmable counter (hpmcounter3) and the fixed ones, all taken
 * by the run's first three events: the fourth has none left, and the line
 * says how many counters there were. */
static void test_all_taken(void **state)
{
	(void)state;
	probe(4); /* hpmcounter3 only */
	s.answer[0] = (struct sbiret){ .value = 0 }; /* cycles: the fixed counter, as OpenSBI */
	s.answer[1] = (struct sbiret){ .value = 2 }; /* instructions */
	s.answer[2] = (struct sbiret){ .value = 3 }; /* branch-misses */
	begin("cycles,instructions,branch-misses,cache-misses");
	assert_int_equal(s.nconfig, 3);
	assert_int_equal(s.config_mask[2], 0x8);
	assert_int_equal(events_n, 3);
	assert_string_equal(said, "rvbench: event cache-misses: no counter left to ask the SBI"
				  " firmware for (this run's earlier events have all 3 counters"
				  " rvbench can offer): not counted\n"
				  "rvbench: counting cycles,instructions,branch-misses\n");
	events_emit();
	assert_non_null(strstr(record, " refused=cache-misses:not-supported *"));
	events_end();
	assert_int_equal(s.nstop, 1); /* hpmcounter3 given back, not the fixed ones */
}

/* No hardware counter the SBI firmware describes as a CSR (all are
 * firmware counters): nothing to ask for, said as such. */
static void test_no_hardware_counter(void **state)
{
	(void)state;
	probe(0);
	begin("cache-misses");
	assert_int_equal(s.nconfig, 0);
	assert_string_equal(said, "rvbench: event cache-misses: no hardware counter to ask the"
				  " SBI firmware for: not counted\n");
	events_emit();
	assert_non_null(strstr(record, " refused=cache-misses:not-supported *"));
	events_end();
}

TEST_MAIN(cmocka_unit_test(test_first_error_kept), cmocka_unit_test(test_no_counter_left),
	  cmocka_unit_test(test_all_taken),
	  cmocka_unit_test(test_no_hardware_counter))
