/*
 * The run's hardware events (events.h): which counters the SBI PMU
 * extension offers, which of the selected events it agreed to count, and
 * the PMU record that says both.
 */
#include "events.h"

#include "emit.h"
#include "records.h"
#include "sbi.h"
#include "sbi_pmu.h"
#include "stream.h"

#include <stdio.h>
#include <string.h>

/* Counters beyond this index are not looked at (hpmcounter31 is CSR 0xC1F;
 * firmware counters come after the hardware ones in OpenSBI). */
#define PMU_COUNTERS_MAX 64u

unsigned events_n;
unsigned events_csr[PMU_EVENTS_MAX];
uint64_t events_mask[PMU_EVENTS_MAX];

static struct {
	int present;        /* the extension answered with at least one counter */
	unsigned ncounters, nhw, nfw;
	uint64_t hw_mask;   /* hardware counters readable as a CSR */
	char list[192];     /* runs of counters, as the PMU record sends them */
	int list_cut;       /* a run did not fit: the list ends in "..." */
} pmu;

static unsigned long counter_idx[PMU_EVENTS_MAX];

/* Counters 0..2 (cycle, time, instret) are never stopped: rdcycle and
 * rdinstret read them too, and a stopped one would freeze them for every
 * later measurement. */
#define FIXED_COUNTERS UINT64_C(7)

/* The word of an SBI error in the PMU record's refused= (the errors
 * counter_config_matching may return; any other is "failed"). */
static const char *sbi_why(long err)
{
	switch (err) {
	case SBI_ERR_NOT_SUPPORTED:
		return "not-supported";
	case SBI_ERR_INVALID_PARAM:
		return "invalid";
	case SBI_ERR_DENIED:
		return "denied";
	default:
		return "failed";
	}
}

/* An SBI error as a human line says it: its name, or its number when the
 * spec this firmware knows has no name for it (never swallowed). */
static const char *sbi_err_text(long err, char *buf, size_t len)
{
	switch (err) {
	case SBI_ERR_ALREADY_AVAILABLE:
		return "already-available";
	case SBI_ERR_ALREADY_STARTED:
		return "already-started";
	case SBI_ERR_ALREADY_STOPPED:
		return "already-stopped";
	case SBI_ERR_INVALID_ADDRESS:
		return "invalid-address";
	case SBI_ERR_FAILED:
	case SBI_ERR_NOT_SUPPORTED:
	case SBI_ERR_INVALID_PARAM:
	case SBI_ERR_DENIED:
		return sbi_why(err);
	default:
		snprintf(buf, len, "error %ld", err);
		return buf;
	}
}

/* Stops counter idx (not one of 0..2) and resets its mapping, so the next
 * run can have it again. ALREADY_STOPPED is what a counter configured but
 * never started answers (its mapping is reset all the same); any other
 * error is said: the counter stays taken in the SBI firmware. */
static void release(const char *name, unsigned long idx)
{
	char buf[24];

	if (idx <= 2)
		return;
	long err = sbi_pmu_stop(idx, 1, SBI_PMU_STOP_RESET);
	if (err && err != SBI_ERR_ALREADY_STOPPED)
		stream_say("rvbench: event %s: counter %lu does not stop (SBI error %s):"
			   " the SBI firmware keeps it", name, idx, sbi_err_text(err, buf, sizeof(buf)));
}
static char names[PMU_EVENTS_MAX][PMU_EVENT_NAME_MAX];
static char counting[PMU_EVENTS_MAX * PMU_EVENT_NAME_MAX];
static char refused[PMU_EVENTS_MAX * (PMU_EVENT_NAME_MAX + 24)];

/* Adds counters first..last of one kind and width to pmu.list. The first
 * run that does not fit ends the list with ",..." (room for it is kept):
 * no later, shorter run goes in after a gap, and the cut shows. Without
 * printf: it runs at boot (src/text.h). */
static void list_run(unsigned first, unsigned last, int fw, unsigned width)
{
	static const char cut[] = ",...";
	size_t len = strlen(pmu.list), room = sizeof(pmu.list) - sizeof(cut) + 1;
	if (pmu.list_cut)
		return;
	struct text t = text_after(pmu.list, room, len);
	if (len)
		text_str(&t, ",");
	text_u64(&t, first);
	text_str(&t, "-");
	text_u64(&t, last);
	text_str(&t, fw ? ":fw" : ":hw:");
	if (!fw)
		text_u64(&t, width);
	if (text_cut(&t)) {
		/* the counts still say how many */
		memcpy(pmu.list + len, cut + !len, sizeof(cut) - !len);
		pmu.list_cut = 1;
	}
}

void events_probe(void)
{
	long n = sbi_pmu_present() ? sbi_pmu_num_counters() : -1;
	struct sbi_pmu_counter prev = { 0 }, c;
	unsigned first = 0;

	memset(&pmu, 0, sizeof(pmu));
	if (n <= 0) {
		stream_say("rvbench: no SBI PMU extension here (or no counter): cycles and instret"
			   " only; rvbench.events is refused");
		return;
	}
	pmu.present = 1;
	pmu.ncounters = (unsigned)(n > PMU_COUNTERS_MAX ? PMU_COUNTERS_MAX : n);
	for (unsigned i = 0; i <= pmu.ncounters; i++) {
		int ok = i < pmu.ncounters && !sbi_pmu_counter_info(i, &c);
		if (i > first && (!ok || c.firmware != prev.firmware || c.width != prev.width ||
				  (!c.firmware && c.csr != prev.csr + 1))) {
			list_run(first, i - 1, prev.firmware, prev.width);
			first = i;
		}
		if (!ok) {
			first = i + 1;
			continue;
		}
		if (c.firmware) {
			pmu.nfw++;
		} else {
			pmu.nhw++;
			if (c.csr >= 0xC00 && c.csr <= 0xC1F)
				pmu.hw_mask |= UINT64_C(1) << i;
		}
		prev = c;
	}
	struct say_line l;
	struct text *t = say_begin(&l);
	text_str(t, "rvbench: SBI PMU: ");
	text_u64(t, pmu.ncounters);
	text_str(t, " counters (");
	text_u64(t, pmu.nhw);
	text_str(t, " hardware, ");
	text_u64(t, pmu.nfw);
	text_str(t, " firmware): ");
	text_str(t, pmu.list);
	say_end(&l);
}

static void add_word(char *buf, size_t cap, const char *name, const char *why)
{
	size_t len = strlen(buf);
	snprintf(buf + len, cap - len, "%s%s%s%s", len ? "," : "", name, why ? ":" : "",
		 why ? why : "");
}

void events_begin(const struct config *c)
{
	char sel[PMU_EVENTS_MAX][PMU_EVENT_NAME_MAX];
	unsigned nsel = 0;
	const char *why;

	events_n = 0;
	counting[0] = refused[0] = '\0';
	if (!c->events[0] || pmu_events_parse(c->events, sel, &nsel, &why))
		return;
	/* Programmable counters first (3 and up), the fixed cycle and instret
	 * counters only for what nothing else can count. */
	uint64_t free_mask = pmu.hw_mask;
	for (unsigned k = 0; k < nsel; k++) {
		struct pmu_event e;
		long idx = SBI_ERR_NOT_SUPPORTED;
		char ebuf[24];

		pmu_event_lookup(sel[k], &e);
		if (!pmu.present) {
			stream_say("rvbench: event %s: no SBI PMU extension here: not counted", sel[k]);
			add_word(refused, sizeof(refused), sel[k], "no-pmu");
			continue;
		}
		/* A raw event's selector is the low 48 bits of mhpmeventX on
		 * RV64, the SBI firmware sets the 16 above them (SBI spec, PMU,
		 * "Hardware raw events"): a wider one is not asked for, it
		 * would program bits nobody chose. */
		if (e.idx == PMU_EVENT_RAW_IDX && (e.data >> PMU_EVENT_RAW_BITS)) {
			stream_say("rvbench: event %s: a raw event selector has at most 48 bits"
				   " (SBI PMU, type 2): not counted", sel[k]);
			add_word(refused, sizeof(refused), sel[k], sbi_why(SBI_ERR_INVALID_PARAM));
			continue;
		}
		if (!free_mask) {
			/* Nothing to offer: the SBI firmware is not asked, and
			 * the line does not say it refused; it says why. */
			if (!pmu.hw_mask)
				stream_say("rvbench: event %s: no hardware counter to ask the SBI"
					   " firmware for: not counted", sel[k]);
			else if (!(pmu.hw_mask & ~FIXED_COUNTERS))
				stream_say("rvbench: event %s: no counter left to ask the SBI firmware"
					   " for (no programmable counter here; the fixed ones are"
					   " taken by this run's earlier events): not counted", sel[k]);
			else
				stream_say("rvbench: event %s: no counter left to ask the SBI firmware"
					   " for (this run's earlier events have all %d counters"
					   " rvbench can offer): not counted", sel[k],
					   __builtin_popcountll(pmu.hw_mask));
			add_word(refused, sizeof(refused), sel[k], sbi_why(SBI_ERR_NOT_SUPPORTED));
			continue;
		}
		/* Never SBI_PMU_CFG_CLEAR_VALUE: on a hart without Sscofpmf
		 * (the U54, QEMU sifive_u) OpenSBI maps the cycles and
		 * instructions events to the fixed counters whatever the mask,
		 * and clearing would reset mcycle/minstret under the run.
		 * Programmable counters start from 0 (counter_start below). */
		if (free_mask & ~FIXED_COUNTERS)
			idx = sbi_pmu_config_matching(0, (unsigned long)(free_mask & ~FIXED_COUNTERS),
						      0, e.idx, e.data);
		if (idx < 0 && (free_mask & FIXED_COUNTERS)) {
			/* The fixed counters count cycles and instructions
			 * only: their NOT_SUPPORTED says nothing new, and an
			 * error the programmable counters gave (denied,
			 * invalid, ...) is the one that tells why. */
			long first = idx;
			idx = sbi_pmu_config_matching(0, (unsigned long)(free_mask & FIXED_COUNTERS),
						      0, e.idx, e.data);
			if (idx == SBI_ERR_NOT_SUPPORTED)
				idx = first;
		}
		if (idx >= 0 && (idx >= 64 || !(free_mask & (UINT64_C(1) << idx)))) {
			/* A counter rvbench did not offer: a firmware one, one
			 * no CSR reads, or one an earlier event of this run
			 * has (which stays as it is: it is not released). */
			int ours = 0;
			for (unsigned j = 0; j < events_n; j++)
				ours |= counter_idx[j] == (unsigned long)idx;
			if (!ours)
				release(sel[k], (unsigned long)idx);
			stream_say("rvbench: event %s: the SBI firmware gave counter %ld, which rvbench"
				   " did not offer: not counted", sel[k], idx);
			add_word(refused, sizeof(refused), sel[k], sbi_why(SBI_ERR_FAILED));
			continue;
		}
		if (idx < 0) {
			stream_say("rvbench: event %s: refused by the SBI firmware (%s): not counted",
				   sel[k], sbi_err_text(idx, ebuf, sizeof(ebuf)));
			add_word(refused, sizeof(refused), sel[k], sbi_why(idx));
			continue;
		}
		struct sbi_pmu_counter info;
		long err = sbi_pmu_counter_info((unsigned long)idx, &info);
		if (err || info.firmware || info.csr < 0xC00 || info.csr > 0xC1F) {
			release(sel[k], (unsigned long)idx);
			if (err)
				stream_say("rvbench: event %s: counter %ld: counter_get_info fails"
					   " (SBI error %s): not counted", sel[k], idx,
					   sbi_err_text(err, ebuf, sizeof(ebuf)));
			else
				stream_say("rvbench: event %s: counter %ld is not a counter CSR"
					   " (0x%x): not counted", sel[k], idx, info.csr);
			add_word(refused, sizeof(refused), sel[k], "no-start");
			continue;
		}
		/* A fixed counter is running (ALREADY_STARTED) and keeps its
		 * value: only deltas are read. A programmable one starts
		 * from 0 (SET_INIT_VALUE); one that was running already
		 * (ALREADY_STARTED) is read in deltas just the same. */
		err = idx <= 2 ? sbi_pmu_start((unsigned long)idx, 1, 0, 0)
			       : sbi_pmu_start((unsigned long)idx, 1, SBI_PMU_START_SET_INIT_VALUE, 0);
		if (err && err != SBI_ERR_ALREADY_STARTED) {
			release(sel[k], (unsigned long)idx);
			stream_say("rvbench: event %s: counter %ld does not start (SBI error %s):"
				   " not counted", sel[k], idx, sbi_err_text(err, ebuf, sizeof(ebuf)));
			add_word(refused, sizeof(refused), sel[k], "no-start");
			continue;
		}
		free_mask &= ~(UINT64_C(1) << idx);
		counter_idx[events_n] = (unsigned long)idx;
		events_csr[events_n] = info.csr;
		/* The delta is taken modulo the counter's width (harness.c). */
		events_mask[events_n] = info.width && info.width < 64
						? (UINT64_C(1) << info.width) - 1 : UINT64_MAX;
		strcpy(names[events_n], sel[k]);
		add_word(counting, sizeof(counting), sel[k], NULL);
		events_n++;
	}
	if (events_n)
		stream_say("rvbench: counting %s", counting);
}

void events_end(void)
{
	for (unsigned k = 0; k < events_n; k++)
		release(names[k], counter_idx[k]);
	events_n = 0;
}

void events_emit(void)
{
	struct rec_pmu r = { .status = rec_pmu_status_name[pmu.present ? REC_PMU_OK : REC_PMU_ABSENT] };

	if (pmu.present) {
		REC_SET(&r, PMU, counters, pmu.ncounters);
		REC_SET(&r, PMU, hw, pmu.nhw);
		REC_SET(&r, PMU, fw, pmu.nfw);
		if (pmu.list[0])
			REC_SET(&r, PMU, list, pmu.list);
	}
	if (counting[0])
		REC_SET(&r, PMU, events, counting);
	if (refused[0])
		REC_SET(&r, PMU, refused, refused);
	rec_write(stream_record(REC_PMU), REC_PMU, &r);
	stream_send();
}

const char *events_name(unsigned k)
{
	return k < events_n ? names[k] : "";
}
