/*
 * Stream decoder, part 2: one machine line, cut out by the framing
 * (collector.c), into the model: its CRC and syntax (wire_parse), its
 * run and seq (duplicates and conflicts), then its record by type
 * (enum rec_type) to collector_records.c and collector_samples.c.
 */
#include "collector.h"

#include "collector_records.h"
#include "crc.h"
#include "records.h"

#include <stdio.h>
#include <string.h>

/* Sanity limit: a CRC-valid line can still carry an absurd seq (a
 * firmware bug), and it must not turn into a huge allocation. */
#define COLL_SEQ_MAX (1u << 24)

static struct coll_run *current_run(struct collector *c)
{
	return c->nruns ? &c->runs[c->nruns - 1] : NULL;
}

static struct coll_run *find_run(struct collector *c, uint32_t tag)
{
	/* Newest first: a tag seen again most likely belongs to the latest run. */
	for (size_t i = c->nruns; i-- > 0;)
		if (c->runs[i].tag == tag)
			return &c->runs[i];
	return NULL;
}

static void reject(struct collector *c, struct coll_run *r, unsigned reason)
{
	c->rejected[reason]++;
	if (r)
		r->rejected[reason]++;
}

void coll_reject_current(struct collector *c, unsigned reason)
{
	reject(c, current_run(c), reason);
}

/* A 64-bit hash of the line, 8 bytes a step (a multiply-xorshift mix per
 * word, the length folded in); never 0 (0 marks an empty slot). Lines
 * passed their CRC already: this only tells a duplicate from a conflict. */
static uint64_t line_hash(const char *text, size_t len)
{
	const uint64_t k = 0x9E3779B97F4A7C15ull;
	uint64_t h = 0xcbf29ce484222325ull ^ (len * k);
	size_t i = 0;

	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, text + i, 8);
		h = (h ^ w) * k;
		h ^= h >> 29;
	}
	if (i < len) {
		uint64_t w = 0;
		memcpy(&w, text + i, len - i);
		h = (h ^ w) * k;
		h ^= h >> 29;
	}
	h = (h ^ (h >> 32)) * 0xD6E8FEB86659FD93ull;
	h ^= h >> 32;
	return h ? h : 1;
}

/* Records the line under its seq; returns 0 if it is new. */
static int claim_seq(struct collector *c, struct coll_run *r, uint32_t seq, uint64_t h)
{

	if (seq >= r->nline) {
		size_t n = r->nline ? r->nline : 64;
		while (n <= seq)
			n *= 2;
		r->line = coll_xrealloc(r->line, n * sizeof(*r->line));
		memset(r->line + r->nline, 0, (n - r->nline) * sizeof(*r->line));
		r->line_use = coll_xrealloc(r->line_use, n * sizeof(*r->line_use));
		memset(r->line_use + r->nline, 0, (n - r->nline) * sizeof(*r->line_use));
		r->nline = n;
	}
	if (r->line[seq]) {
		/* Both lines passed their CRC; equal hashes of different CRC-valid
		 * lines (odds 2^-64) would be taken for a duplicate. */
		if (r->line[seq] == h) {
			reject(c, r, COLL_REJ_DUPLICATE);
		} else {
			reject(c, r, COLL_REJ_CONFLICT);
			coll_push_str(&r->issue, &r->nissue,
				      coll_strdupf("seq %u: two different lines (conflict)", seq));
			/* Neither copy can be trusted: the first one's values go too. */
			coll_drop_conflict(r, seq);
		}
		return -1;
	}
	r->line[seq] = h;
	if (seq > r->max_seq)
		r->max_seq = seq;
	if (r->have_trailer && seq > r->trailer_seq)
		coll_push_str(&r->issue, &r->nissue,
			      coll_strdupf("seq %u: line after the trailer", seq));
	return 0;
}

static void new_run(struct collector *c, uint32_t tag)
{
	struct coll_run *prev = current_run(c);
	if (prev && !prev->have_trailer)
		prev->cut_off = 1; /* a reset (or a new run) before the trailer */
	c->runs = coll_xrealloc(c->runs, (c->nruns + 1) * sizeof(*c->runs));
	memset(&c->runs[c->nruns], 0, sizeof(c->runs[0]));
	c->runs[c->nruns].tag = tag;
	c->runs[c->nruns].crc_run = crc32_init();
	c->nruns++;
}

/* A content line (not RUN) of record type type (-1: a later version's,
 * ignored) into run r. */
static const char *read_record(struct collector *c, struct coll_run *r, const struct wire_line *l,
			       int type, size_t wire_len)
{
	switch (type) {
	case REC_BENCH: return coll_rec_bench(c, r, l, l->seq);
	case REC_S: return coll_rec_samples(c, r, l, l->seq, wire_len);
	case REC_END: return coll_rec_end(r, l, l->seq);
	case REC_FAULT: return coll_rec_fault(r, l, l->seq);
	case REC_OVERHEAD: return coll_rec_overhead(r, l, l->seq);
	case REC_TRAILER: return coll_rec_trailer(c, r, l, l->seq);
	case REC_TP: return coll_rec_tp(r, l, l->seq);
	case REC_HART: return coll_rec_hart(r, l);
	case REC_FLAGS: return coll_rec_flags(r, l);
	case REC_CTX: return coll_rec_ctx(r, l);
	case REC_CPU: return coll_rec_cpu(r, l);
	case REC_BUILD: return coll_rec_build(r, l);
	case REC_E: return coll_rec_e(r, l, l->seq);
	case REC_PMU: return coll_rec_pmu(r, l);
	default: return NULL;
	}
}

/* One complete line from the prefix on, without its terminator; wire_len
 * counts the terminator too (what the line cost on the wire). */
void coll_handle_line(struct collector *c, const char *text, size_t len, size_t wire_len)
{
	char work[WIRE_LINE_MAX + 1];
	struct wire_line l;

	if (len > WIRE_LINE_MAX) {
		reject(c, current_run(c), WIRE_ERR_TOO_LONG);
		return;
	}
	memcpy(work, text, len); /* wire_parse cuts the copy into fields */
	work[len] = '\0';
	enum wire_error e = wire_parse(work, len, &l);
	if (e != WIRE_OK) {
		/* The run tag of a bad line cannot be trusted: blame the current run. */
		reject(c, current_run(c), e);
		return;
	}
	/* NUL bytes were refused by wire_parse (bad_char): text is the whole line. */
	uint64_t hash = line_hash(text, len);
	struct coll_run *r = find_run(c, l.run);
	const char *why = NULL;
	int type = rec_type_of(l.type);

	if (type == REC_RUN) {
		if (l.seq != 0) {
			reject(c, r ? r : current_run(c), COLL_REJ_INVALID);
			return;
		}
		if (r) {
			claim_seq(c, r, 0, hash); /* duplicate or conflict */
			return;
		}
		new_run(c, l.run);
		r = current_run(c);
		claim_seq(c, r, 0, hash);
		why = coll_rec_run(r, &l);
		if (!why)
			coll_note_use(r, 0, COLL_USE_RUN, COLL_USE_NO_BLOCK, 0, 0);
	} else {
		if (!r) {
			reject(c, NULL, COLL_REJ_ORPHAN);
			if (c->nruns)
				c->orphans_after_run++;
			return;
		}
		if (l.seq == 0 || l.seq >= COLL_SEQ_MAX) {
			reject(c, r, COLL_REJ_INVALID);
			coll_push_str(&r->issue, &r->nissue,
				      coll_strdupf("seq %u: %s line with an impossible seq", l.seq, l.type));
			return;
		}
		if (claim_seq(c, r, l.seq, hash))
			return;
		if (!r->fmt_ok)
			return; /* unknown format: keep the seq, read nothing */
		why = read_record(c, r, &l, type, wire_len);
	}
	if (why) {
		reject(c, r, COLL_REJ_INVALID);
		coll_note_refused(r, l.seq);
		coll_push_str(&r->issue, &r->nissue, coll_strdupf("seq %u: %s", l.seq, why));
	} else {
		c->lines_accepted++;
		r->machine_bytes += wire_len;
	}
}
