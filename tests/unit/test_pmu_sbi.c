/*
 * The firmware's SBI PMU client (platform/sbi_pmu.c, src/events.c) against
 * a model of an SBI implementation's PMU extension (SBI spec v1.0/2.0, PMU
 * chapter, with OpenSBI's choices where the spec leaves one): the probe,
 * counter_config_matching, counter_start with and without SET_INIT_VALUE,
 * counter_stop with RESET, the widths, and the errors the SBI returns,
 * each said by name. The platforms QEMU cannot show (the FU540's 40-bit
 * counters, an SBI that refuses a start or a stop) are modelled here.
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

/* ---- the model of the SBI ------------------------------------------------- */

#define M_HW 19 /* counters 0..18: cycle, (time), instret, hpmcounter3..18 */
#define M_FW 16
#define M_EV 8  /* events a programmable counter can be given, per counter */

static struct {
	int present;           /* the extension answers the probe */
	int sscofpmf;          /* cycles and instructions may take a programmable counter */
	int inhibit;           /* mcountinhibit: a started counter says ALREADY_STARTED */
	unsigned nhw;          /* hardware counters 0..nhw-1 (1, time, has no info) */
	unsigned hpm_width;    /* bits of hpmcounter3.. */
	uint32_t can[M_HW][M_EV]; /* event_idx each programmable counter can count */
	uint32_t active[M_HW + M_FW]; /* the event a counter is given, 0: none */
	int running[M_HW + M_FW];
	uint64_t value[M_HW + M_FW];
	long fail_start, fail_stop, fail_info, fail_config; /* forced errors (0: none) */
	long force_idx;     /* config_matching call force_at answers this counter */
	unsigned force_at;  /* (force_idx -1: none) */
	unsigned long num_counters_extra; /* num_counters says this many more */
	int alt_width;      /* widths alternate from counter to counter: a run each */
	/* what was asked */
	unsigned nconfig, nstart, nstop;
	unsigned long start_flags[16], start_idx[16], stop_flags[16], stop_idx[16];
	uint64_t start_value[16];
	unsigned long config_flags[16];
} m;

static void model_reset(void)
{
	memset(&m, 0, sizeof(m));
	m.present = 1;
	m.inhibit = 1;
	m.nhw = M_HW;
	m.hpm_width = 64;
	m.active[0] = 1; /* cycle and instret count from reset */
	m.active[2] = 2;
	m.running[0] = m.running[2] = 1;
	m.value[0] = 1000000;
	m.value[2] = 900000;
	m.force_idx = -1;
}

static int can_count(unsigned idx, uint32_t ev)
{
	for (unsigned k = 0; k < M_EV; k++)
		if (m.can[idx][k] == ev)
			return 1;
	return 0;
}

static struct sbiret ret(long error, long value)
{
	return (struct sbiret){ .error = error, .value = value };
}

static unsigned total(void)
{
	return m.nhw + M_FW;
}

static struct sbiret pmu_call(long fid, unsigned long a0, unsigned long a1, unsigned long a2,
			      unsigned long a3, unsigned long a4)
{
	switch (fid) {
	case 0: /* num_counters */
		return ret(0, (long)(total() + m.num_counters_extra));
	case 1: /* counter_get_info */
		if (a0 >= total() || a0 == 1)
			return ret(SBI_ERR_INVALID_PARAM, 0);
		if (m.fail_info && a0 > 2)
			return ret(m.fail_info, 0);
		if (a0 < m.nhw) {
			unsigned w = a0 == 0 || a0 == 2 ? 64 : m.hpm_width - (m.alt_width && a0 & 1);
			return ret(0, (long)((unsigned long)(w - 1) << 12 | (0xC00 + a0)));
		}
		return ret(0, (long)(1ul << 63 | (63ul - (m.alt_width && a0 & 1)) << 12));
	case 2: { /* counter_config_matching */
		unsigned long base = a0, mask = a1, flags = a2;
		uint32_t ev = (uint32_t)a3;
		long idx = -1;
		(void)a4;
		if (m.nconfig < 16)
			m.config_flags[m.nconfig] = flags;
		m.nconfig++;
		if (!mask || base + 64 - (unsigned long)__builtin_clzl(mask) > total())
			return ret(SBI_ERR_INVALID_PARAM, 0);
		if (m.fail_config)
			return ret(m.fail_config, 0);
		if (m.force_idx >= 0 && m.nconfig - 1 == m.force_at)
			return ret(0, m.force_idx);
		if (!m.sscofpmf && (ev == 1 || ev == 2)) {
			idx = ev == 1 ? 0 : 2; /* whatever the mask, as OpenSBI */
		} else {
			for (unsigned i = 3; i < m.nhw; i++)
				if (i >= base && i - base < 64 && (mask >> (i - base) & 1) &&
				    !m.active[i] && !m.running[i] && can_count(i, ev))
					idx = i;
			if (idx < 0 && (ev == 1 || ev == 2))
				idx = ev == 1 ? 0 : 2;
		}
		if (idx < 0)
			return ret(SBI_ERR_NOT_SUPPORTED, 0);
		m.active[idx] = ev;
		if (flags & 2)
			m.value[idx] = 0;
		if (flags & 4)
			m.running[idx] = 1;
		return ret(0, idx);
	}
	case 3: { /* counter_start */
		long e = SBI_ERR_INVALID_PARAM;
		if (m.nstart < 16) {
			m.start_idx[m.nstart] = a0;
			m.start_flags[m.nstart] = a2;
			m.start_value[m.nstart] = a3;
		}
		m.nstart++;
		if (m.fail_start)
			return ret(m.fail_start, 0);
		for (unsigned i = 0; i < 64; i++) {
			unsigned c = (unsigned)a0 + i;
			if (!(a1 >> i & 1) || c >= total() || !m.active[c])
				continue;
			if (m.inhibit && m.running[c]) {
				e = SBI_ERR_ALREADY_STARTED;
				continue;
			}
			if (a2 & 1)
				m.value[c] = a3;
			m.running[c] = 1;
			e = 0;
		}
		return ret(e, 0);
	}
	case 4: { /* counter_stop */
		long e = SBI_ERR_INVALID_PARAM;
		if (m.nstop < 16) {
			m.stop_idx[m.nstop] = a0;
			m.stop_flags[m.nstop] = a2;
		}
		m.nstop++;
		if (m.fail_stop)
			return ret(m.fail_stop, 0);
		for (unsigned i = 0; i < 64; i++) {
			unsigned c = (unsigned)a0 + i;
			if (!(a1 >> i & 1) || c >= total() || !m.active[c])
				continue;
			e = m.running[c] ? 0 : SBI_ERR_ALREADY_STOPPED;
			m.running[c] = 0;
			if ((a2 & 1) && c > 2)
				m.active[c] = 0;
		}
		return ret(e, 0);
	}
	default:
		return ret(SBI_ERR_NOT_SUPPORTED, 0);
	}
}

struct sbiret sbi_ecall(long eid, long fid, long a0, long a1, long a2, long a3, long a4, long a5)
{
	(void)a5;
	if (eid != 0x504D55 || !m.present)
		return ret(SBI_ERR_NOT_SUPPORTED, 0);
	return pmu_call(fid, (unsigned long)a0, (unsigned long)a1, (unsigned long)a2,
			(unsigned long)a3, (unsigned long)a4);
}

long sbi_probe_extension(long eid)
{
	return eid == 0x504D55 && m.present;
}

#include "events_under_test.h"

static void probe(void)
{
	said[0] = '\0';
	events_probe();
}

static void expect_said(const char *text)
{
	if (!strstr(said, text))
		fail_msg("said:\n%s\nnot: %s", said, text);
}

/* ---- tests ----------------------------------------------------------------- */

/* The probe on QEMU virt's counters: the runs, hardware with widths,
 * firmware after them; time (1) has no info and is left out. */
static void test_probe(void **state)
{
	(void)state;
	model_reset();
	probe();
	expect_said("rvbench: SBI PMU: 35 counters (18 hardware, 16 firmware): "
		    "0-0:hw:64,2-18:hw:64,19-34:fw\n");
	assert_int_equal(pmu.hw_mask, 0x7fffd);
}

/* QEMU virt with Sscofpmf: 16 programmable counters that count cycles,
 * instructions and dtlb-read-miss. */
static void model_virt(void)
{
	model_reset();
	m.sscofpmf = 1;
	for (unsigned i = 3; i < M_HW; i++) {
		m.can[i][0] = 1;
		m.can[i][1] = 2;
		m.can[i][2] = 0x10019;
	}
	probe();
}

/* The FU540's U54 with its riscv,pmu node: no Sscofpmf, no mcountinhibit,
 * two programmable counters of 40 bits (hardware.md). */
static void model_fu540(void)
{
	model_reset();
	m.inhibit = 0;
	m.hpm_width = 40;
	m.nhw = 5;
	for (unsigned i = 3; i < 5; i++) {
		m.can[i][0] = 6;       /* branch-misses */
		m.can[i][1] = 0x20000; /* raw */
	}
	probe();
}

/* Programmable counters configured without CLEAR_VALUE or AUTO_START and
 * started from 0; the fixed counters, which rdcycle and rdinstret read,
 * never written, never stopped; a refused event said by name and in the
 * PMU record; at the end each programmable counter stopped with RESET. */
static void test_virt(void **state)
{
	(void)state;
	model_virt();
	begin("cycles,instructions,dtlb-read-miss,branch-misses");
	assert_string_equal(said, "rvbench: event branch-misses: refused by the SBI firmware"
				  " (not-supported): not counted\n"
				  "rvbench: counting cycles,instructions,dtlb-read-miss\n");
	assert_int_equal(events_n, 3);
	static const unsigned csr[3] = { 0xC12, 0xC11, 0xC10 };
	for (unsigned k = 0; k < 3; k++) {
		assert_int_equal(counter_idx[k], 18 - k);
		assert_int_equal(events_csr[k], csr[k]);
		assert_true(events_mask[k] == UINT64_MAX);
		assert_int_equal(m.start_idx[k], 18 - k);
		assert_int_equal(m.start_flags[k], SBI_PMU_START_SET_INIT_VALUE);
		assert_int_equal(m.start_value[k], 0);
		assert_true(m.running[18 - k]);
	}
	assert_int_equal(m.nstart, 3);
	for (unsigned i = 0; i < m.nconfig; i++)
		assert_int_equal(m.config_flags[i], 0);
	assert_true(m.value[0] == 1000000 && m.value[2] == 900000 && m.running[0] && m.running[2]);
	events_emit();
	assert_string_equal(record, "@RVB 1234abcd 3 PMU status=ok counters=35 hw=18 fw=16"
				    " list=0-0:hw:64,2-18:hw:64,19-34:fw"
				    " events=cycles,instructions,dtlb-read-miss"
				    " refused=branch-misses:not-supported *E169\r\n");
	said[0] = '\0';
	events_end();
	assert_string_equal(said, "");
	assert_int_equal(m.nstop, 3);
	for (unsigned k = 0; k < 3; k++) {
		assert_int_equal(m.stop_idx[k], 18 - k);
		assert_int_equal(m.stop_flags[k], SBI_PMU_STOP_RESET);
		assert_int_equal(m.active[18 - k], 0);
	}
	assert_true(m.running[0] && m.running[2]);
	/* the next run has the same counters again */
	begin("dtlb-read-miss");
	assert_int_equal(counter_idx[0], 18);
	events_end();
}

/* On the U54 cycles and instructions get the fixed counters whatever the
 * mask, started without SET_INIT_VALUE (it would write mcycle); a 40-bit
 * counter's deltas are taken modulo 2^40, so a wrap inside a sample costs
 * nothing. */
static void test_fu540(void **state)
{
	(void)state;
	model_fu540();
	assert_string_equal(said, "rvbench: SBI PMU: 21 counters (4 hardware, 16 firmware): "
				  "0-0:hw:64,2-2:hw:64,3-4:hw:40,5-20:fw\n");
	begin("cycles,branch-misses,instructions,l1d-read-miss");
	assert_string_equal(said, "rvbench: event l1d-read-miss: refused by the SBI firmware"
				  " (not-supported): not counted\n"
				  "rvbench: counting cycles,branch-misses,instructions\n");
	assert_int_equal(counter_idx[0], 0);
	assert_int_equal(counter_idx[1], 4);
	assert_int_equal(counter_idx[2], 2);
	assert_int_equal(m.start_flags[0], 0);
	assert_int_equal(m.start_flags[1], SBI_PMU_START_SET_INIT_VALUE);
	assert_int_equal(m.start_flags[2], 0);
	assert_true(m.value[0] == 1000000 && m.value[2] == 900000);
	assert_true(events_mask[0] == UINT64_MAX && events_mask[2] == UINT64_MAX);
	assert_true(events_mask[1] == (UINT64_C(1) << 40) - 1);
	uint64_t before = (UINT64_C(1) << 40) - 5, after = 3;
	assert_int_equal((after - before) & events_mask[1], 8);
	events_end();
	assert_int_equal(m.nstop, 1);
	assert_int_equal(m.stop_idx[0], 4);
}

/* counter_start's error is said by name, the counter given back. */
static void test_start_error(void **state)
{
	(void)state;
	model_fu540();
	m.fail_start = SBI_ERR_DENIED;
	begin("branch-misses");
	assert_string_equal(said, "rvbench: event branch-misses: counter 4 does not start"
				  " (SBI error denied): not counted\n");
	assert_int_equal(events_n, 0);
	assert_int_equal(m.nstop, 1);
	assert_int_equal(m.stop_flags[0], SBI_PMU_STOP_RESET);
	assert_int_equal(m.active[4], 0);
	events_emit();
	assert_non_null(strstr(record, " refused=branch-misses:no-start *"));
	/* an error the spec's table has no word for: its number */
	m.fail_start = 0;
	m.fail_config = -9;
	begin("branch-misses");
	assert_string_equal(said, "rvbench: event branch-misses: refused by the SBI firmware"
				  " (error -9): not counted\n");
	events_emit();
	assert_non_null(strstr(record, " refused=branch-misses:failed *"));
}

/* counter_stop's error at the end of a run is said: the counter stays
 * taken in the SBI firmware, and the next run cannot have it. */
static void test_stop_error(void **state)
{
	(void)state;
	model_fu540();
	begin("branch-misses");
	assert_int_equal(events_n, 1);
	m.fail_stop = SBI_ERR_DENIED;
	said[0] = '\0';
	events_end();
	assert_string_equal(said, "rvbench: event branch-misses: counter 4 does not stop"
				  " (SBI error denied): the SBI firmware keeps it\n");
}

/* A raw selector wider than 48 bits is refused by name, and not handed to
 * the SBI (which would program bits above 47 nobody chose). */
static void test_raw_48_bits(void **state)
{
	(void)state;
	model_fu540();
	begin("raw:0x1000000000000,raw:0xffffffffffff");
	assert_string_equal(said, "rvbench: event raw:0x1000000000000: a raw event selector has"
				  " at most 48 bits (SBI PMU, type 2): not counted\n"
				  "rvbench: counting raw:0xffffffffffff\n");
	assert_int_equal(m.nconfig, 1);
	events_emit();
	assert_non_null(strstr(record, " events=raw:0xffffffffffff"
				       " refused=raw:0x1000000000000:invalid *"));
	events_end();
}

/* An SBI that answers a counter rvbench did not offer (here one an earlier
 * event of the run counts on): refused, and the earlier event's counter is
 * not stopped under it. */
static void test_counter_not_offered(void **state)
{
	(void)state;
	model_fu540();
	m.force_idx = 4; /* the second config_matching: counter 4, branch-misses' */
	m.force_at = 1;
	begin("branch-misses,raw:0x4000");
	assert_string_equal(said, "rvbench: event raw:0x4000: the SBI firmware gave counter 4,"
				  " which rvbench did not offer: not counted\n"
				  "rvbench: counting branch-misses\n");
	assert_int_equal(events_n, 1);
	assert_int_equal(counter_idx[0], 4);
	assert_int_equal(m.nstop, 0);
	assert_true(m.running[4] && m.active[4] == 6);
	events_emit();
	assert_non_null(strstr(record, " events=branch-misses refused=raw:0x4000:failed *"));
	events_end();
	assert_int_equal(m.nstop, 1);
}

/* Counters whose widths alternate, a run each: more runs than the PMU
 * record's list holds. The list is cut after the last run that fits and
 * ends in ",...": no later, shorter run after a gap; the line fits. */
static void test_probe_list_cut(void **state)
{
	(void)state;
	model_reset();
	m.alt_width = 1;
	probe();
	size_t len = strlen(pmu.list);
	assert_true(len > 150 && len < sizeof(pmu.list));
	assert_string_equal(pmu.list + len - 4, ",...");
	/* the runs before the cut: 0, then 2, 3, 4, ... one after the other */
	unsigned expect = 0, first, last;
	int at = 0, used;
	while (sscanf(pmu.list + at, "%u-%u:%*[^,],%n", &first, &last, &used) == 2 && used > 0) {
		assert_int_equal(first, expect);
		assert_int_equal(last, first);
		expect = first == 0 ? 2 : first + 1;
		at += used;
	}
	assert_string_equal(pmu.list + at, "...");
	assert_true(expect > 15);
	events_emit(); /* the record is made whole (stream_send checks it) */
	assert_non_null(strstr(record, ",... *"));
}

TEST_MAIN(cmocka_unit_test(test_probe), cmocka_unit_test(test_probe_list_cut), cmocka_unit_test(test_virt), cmocka_unit_test(test_fu540),
	  cmocka_unit_test(test_start_error), cmocka_unit_test(test_stop_error),
	  cmocka_unit_test(test_raw_48_bits), cmocka_unit_test(test_counter_not_offered))
