/*
 * Stream decoder, the hardware events (wire format 2): BENCH's events=
 * (names) and oh_events= (their calibrated overheads), the E records that
 * carry their columns, coded like S (two columns a line: events 2p and
 * 2p + 1), and the PMU record, kept as text for meta.json.
 */
#include "bench_name.h"
#include "collector_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "pmu_events.h"
#include "wire.h"

#define COLL_EV_PAIRS ((PMU_EVENTS_MAX + 1) / 2)

/* Splits a comma-separated list into at most PMU_EVENTS_MAX copies. */
static unsigned split(const char *list, char *out[PMU_EVENTS_MAX], int *bad)
{
	unsigned n = 0;

	*bad = 0;
	while (*list) {
		size_t len = strcspn(list, ",");
		if (!len || n == PMU_EVENTS_MAX) {
			*bad = 1;
			break;
		}
		out[n] = coll_xrealloc(NULL, len + 1);
		memcpy(out[n], list, len);
		out[n++][len] = '\0';
		list += len;
		if (*list == ',' && !*++list)
			*bad = 1;
	}
	return n;
}

const char *coll_bench_events(struct coll_bench *b, const struct rec_bench *h)
{
	const uint64_t both = REC_BIT(BENCH, events) | REC_BIT(BENCH, oh_events);
	char *oh[PMU_EVENTS_MAX] = { 0 };
	int bad, bad_oh;

	if (!(h->present & both))
		return NULL; /* format 1, or no events in this block */
	if ((h->present & both) != both)
		return "BENCH line with events= but not oh_events=, or the other way";
	unsigned n = split(h->events, b->ev_name, &bad);
	unsigned noh = split(h->oh_events, oh, &bad_oh);
	const char *why = NULL;
	if (bad || bad_oh || !n || n != noh)
		why = "BENCH line with a bad events= or oh_events= list";
	for (unsigned k = 0; k < noh && !why; k++)
		if (wire_parse_u64(oh[k], &b->oh_ev[k]))
			why = "BENCH line with a bad oh_events= value";
	for (unsigned k = 0; k < noh; k++)
		free(oh[k]);
	/* An event's name becomes a CSV column (ev.NAME) and a label: the
	 * benchmark names' safe set, which holds every SBI event name and
	 * raw:0xNNNN, keeps quotes, commas and control bytes out. */
	for (unsigned k = 0; k < n && !why; k++)
		if (!bench_name_ok(b->ev_name[k]))
			why = "BENCH line with an event name outside [A-Za-z0-9_.:+-]";
	/* A known event in its one spelling (pmu_events.h), as today's
	 * firmware sends it: a stream of an older one may say raw:0x01 where
	 * another says raw:0x1, which must be one column, one event. Every
	 * other name has one spelling, and one the host does not know (a
	 * newer firmware's) is kept as sent. */
	for (unsigned k = 0; k < n && !why; k++) {
		uint64_t v;
		if (strlen(b->ev_name[k]) < PMU_EVENT_NAME_MAX && !strncmp(b->ev_name[k], "raw:", 4) &&
		    !pmu_raw_parse(b->ev_name[k] + 4, &v))
			pmu_raw_name(v, b->ev_name[k]); /* never longer than the name it spells */
	}
	for (unsigned k = 0; k < n && !why; k++)
		for (unsigned j = 0; j < k; j++)
			if (!strcmp(b->ev_name[j], b->ev_name[k]))
				why = "BENCH line naming an event twice";
	if (why) {
		for (unsigned k = 0; k < n; k++) {
			free(b->ev_name[k]);
			b->ev_name[k] = NULL;
		}
		return why;
	}
	b->nev = n;
	return NULL;
}

void coll_bench_events_free(struct coll_bench *b)
{
	for (unsigned k = 0; k < PMU_EVENTS_MAX; k++)
		free(b->ev_name[k]);
	for (unsigned p = 0; p < COLL_EV_PAIRS; p++)
		free(b->ev_present[p]);
	free(b->ev);
}

/* Room for the events of every sample the block announced. */
static void reserve(struct coll_bench *b)
{
	size_t n = (size_t)(b->warmup + b->samples);

	if (b->ev_cap >= n)
		return;
	b->ev = calloc(n ? n : 1, PMU_EVENTS_MAX * sizeof(*b->ev));
	for (unsigned p = 0; p < COLL_EV_PAIRS; p++)
		b->ev_present[p] = calloc(n ? n : 1, 1);
	if (!b->ev || !b->ev_present[0] || !b->ev_present[COLL_EV_PAIRS - 1])
		abort();
	b->ev_cap = n;
}

/*
 * An E line of a block with no BENCH line (yet): its events have no names
 * and no overheads, so its values cannot be used. Like the samples of a
 * lost BENCH line, that is a loss, counted (coll_check_events); but a
 * block the RUN line never announced cannot have lost its BENCH line: an
 * E line for it makes no sense.
 */
static const char *headerless(struct coll_run *r, uint64_t id, uint64_t pair, uint64_t n,
			      uint32_t seq)
{
	if (coll_bench_unannounced(r, id))
		return "E line for a block without a BENCH line that the RUN line never announced";
	struct coll_bench *b = coll_bench_at(r, id);
	b->ev_unread++;
	b->ev_unread_n[pair] += n; /* its values are named once: not also "missing" */
	coll_note_bench_seq(b, seq);
	/* Nothing to take out, but a conflict still marks its block. */
	coll_note_use(r, seq, COLL_USE_SAMPLES, (uint32_t)id, 0, 0);
	return NULL;
}

const char *coll_rec_e(struct coll_run *r, const struct wire_line *l, uint32_t seq)
{
	const char *const *f = l->field;
	struct wire_sample s[CODEC_MAX_SAMPLES];
	uint64_t id, pair, first, n;

	/* E <id> <pair> <first> <n> r <token> */
	if (l->nfields != REC_NF_E + 1 || wire_parse_u64(f[REC_F_E_id], &id) ||
	    wire_parse_u64(f[REC_F_E_pair], &pair) || wire_parse_u64(f[REC_F_E_first], &first) ||
	    wire_parse_u64(f[REC_F_E_n], &n))
		return "E line with a bad header";
	if (id > REC_FIELD(E, id)->limit)
		return "E line with a bench id out of range";
	if (REC_WORD(encoding, f[REC_F_E_enc]) != REC_ENC_RICE)
		return "E line with an unknown encoding";
	if (n < 1 || n > CODEC_MAX_SAMPLES || codec_decode(f[REC_NF_E], s, (unsigned)n))
		return "E line with a bad sample token";
	if (pair >= COLL_EV_PAIRS)
		return "E line for an event pair no block can have";
	if (id >= r->nbench || !r->bench[id].have_header)
		return headerless(r, id, pair, n, seq);
	struct coll_bench *b = &r->bench[id];
	if (!b->nev || pair >= (b->nev + 1) / 2)
		return "E line for an event the BENCH line does not name";
	if (first > b->warmup + b->samples || n > b->warmup + b->samples - first)
		return "E line beyond the benchmark's sample count";
	unsigned k0 = (unsigned)pair * 2, two = k0 + 1 < b->nev;
	for (unsigned i = 0; i < n && !two; i++)
		if (s[i].instret)
			return "E line with a value for an event the BENCH line does not name";
	reserve(b);
	if (memchr(b->ev_present[pair] + first, 1, (size_t)n))
		return "E line repeating samples already received";
	for (uint64_t i = 0; i < n; i++) {
		b->ev[(first + i) * PMU_EVENTS_MAX + k0] = s[i].cycles;
		if (two)
			b->ev[(first + i) * PMU_EVENTS_MAX + k0 + 1] = s[i].instret;
	}
	memset(b->ev_present[pair] + first, 1, (size_t)n);
	coll_note_bench_seq(b, seq);
	/* So that a conflict on this seq can take these values out again. */
	coll_note_use(r, seq, COLL_USE_EVENTS + (unsigned)pair, (uint32_t)id, first, n);
	return NULL;
}

const char *coll_rec_pmu(struct coll_run *r, const struct wire_line *l)
{
	struct rec_pmu h;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];

	if (rec_read(l, REC_PMU, &h, text, sizeof(text), &ck))
		return "PMU line with a missing or bad field";
	if (r->pmu || r->pmu_taken)
		return "second PMU line";
	/* Kept as text, in the table's order: meta.json writes them as is. */
	for (unsigned i = 0; i < rec_desc[REC_PMU].nfields; i++) {
		const struct rec_field *fd = &rec_desc[REC_PMU].field[i];
		char num[24];
		const char *v;
		if (!(h.present & (UINT64_C(1) << i)))
			continue;
		if (fd->type == REC_T_U64) {
			snprintf(num, sizeof(num), "%llu",
				 (unsigned long long)*(const uint64_t *)((const char *)&h + fd->offset));
			v = num;
		} else {
			v = *(const char *const *)((const char *)&h + fd->offset);
		}
		r->pmu = coll_xrealloc(r->pmu, (r->npmu + 1) * sizeof(*r->pmu));
		r->pmu[r->npmu].key = coll_strdupf("%s", fd->key);
		r->pmu[r->npmu].value = coll_strdupf("%s", v);
		r->npmu++;
	}
	coll_note_use(r, l->seq, COLL_USE_PMU, COLL_USE_NO_BLOCK, 0, 0);
	return NULL;
}

int coll_event_net(const struct coll_bench *b, uint64_t i, unsigned k, uint64_t *out)
{
	if (k >= b->nev || i >= b->ev_cap || !b->ev_present[k / 2][i])
		return -1;
	uint64_t v = b->ev[i * PMU_EVENTS_MAX + k];
	*out = v > b->oh_ev[k] ? v - b->oh_ev[k] : 0;
	return 0;
}

int coll_event_clamped(const struct coll_bench *b, uint64_t i, unsigned k)
{
	return k < b->nev && i < b->ev_cap && b->ev_present[k / 2][i] &&
	       b->ev[i * PMU_EVENTS_MAX + k] < b->oh_ev[k];
}

int coll_event_index(const struct coll_bench *b, const char *name)
{
	for (unsigned k = 0; k < b->nev; k++)
		if (!strcmp(b->ev_name[k], name))
			return (int)k;
	return -1;
}

void coll_check_events(struct coll_run *r, void (*problem)(struct coll_run *, char *))
{
	for (size_t j = 0; j < r->nbench; j++) {
		const struct coll_bench *b = &r->bench[j];
		uint64_t missing = 0;
		int one = b->ev_unread == 1;
		if (b->ev_unread)
			problem(r, coll_strdupf("bench %u: %llu E line%s not read: no BENCH line "
						"before %s", b->id,
						(unsigned long long)b->ev_unread, one ? "" : "s",
						one ? "it" : "them"));
		if (!b->nev)
			continue;
		for (uint64_t i = 0; i < b->ncap && i <= b->max_index; i++) {
			uint64_t v;
			if (!b->nreceived || !b->present[i])
				continue;
			for (unsigned k = 0; k < b->nev; k++)
				missing += coll_event_net(b, i, k, &v) != 0;
		}
		/* Values an unread E line or a conflict took are named above
		 * or among the issues already: missing counts the others. */
		uint64_t named = b->ev_dropped;
		for (unsigned p = 0; p < COLL_EV_PAIRS; p++)
			named += b->ev_unread_n[p] * (2 * p + 1 < b->nev ? 2 : 2 * p < b->nev);
		if (missing > named)
			problem(r, coll_strdupf("bench %u: %llu event values missing", b->id,
						(unsigned long long)(missing - named)));
	}
}
