/*
 * Stream decoder, part 1: framing and records (collector.h). The framing
 * keeps the state of a line cut by the end of a read, so a line split over
 * any number of reads decodes exactly like a whole one. A line is parsed only once its
 * newline arrived; its values reach the model only when wire_parse() and
 * the record checks (collector_records.c) accept it.
 */
#include "collector.h"

#include "collector_records.h"
#include "crc.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Sanity limits: a CRC-valid line can still carry absurd numbers (a
 * firmware bug), and they must not turn into huge allocations. */
#define COLL_SEQ_MAX (1u << 24)

static const char *const extra_names[] = {
	[COLL_REJ_UNTERMINATED - WIRE_ERR_COUNT] = "unterminated",
	[COLL_REJ_DUPLICATE - WIRE_ERR_COUNT] = "duplicate",
	[COLL_REJ_CONFLICT - WIRE_ERR_COUNT] = "conflict",
	[COLL_REJ_ORPHAN - WIRE_ERR_COUNT] = "orphan",
	[COLL_REJ_INVALID - WIRE_ERR_COUNT] = "invalid",
};

const unsigned coll_reject_order[] = {
	WIRE_ERR_TOO_LONG, WIRE_ERR_BAD_CHAR, WIRE_ERR_NO_CRC, WIRE_ERR_BAD_CRC,
	WIRE_ERR_SYNTAX, COLL_REJ_UNTERMINATED, COLL_REJ_DUPLICATE,
	COLL_REJ_CONFLICT, COLL_REJ_ORPHAN, COLL_REJ_INVALID,
};
const size_t coll_reject_norder = sizeof(coll_reject_order) / sizeof(coll_reject_order[0]);

const char *coll_reject_name(unsigned reason)
{
	if (reason < WIRE_ERR_COUNT)
		return wire_error_name((enum wire_error)reason);
	if (reason < COLL_REJ_COUNT)
		return extra_names[reason - WIRE_ERR_COUNT];
	return "unknown";
}

/* ---- small helpers -------------------------------------------------------- */

void *coll_xrealloc(void *p, size_t n)
{
	void *q = realloc(p, n ? n : 1);
	if (!q) {
		/* A host tool with no memory left cannot report anything useful. */
		fputs("rvbench: out of memory\n", stderr);
		abort();
	}
	return q;
}

char *coll_strdupf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	int n = vasprintf(&s, fmt, ap);
	va_end(ap);
	if (n < 0) {
		fputs("rvbench: out of memory\n", stderr);
		abort();
	}
	return s;
}

void coll_push_str(char ***v, size_t *n, char *s)
{
	*v = coll_xrealloc(*v, (*n + 1) * sizeof(**v));
	(*v)[(*n)++] = s;
}

/* ---- lifetime -------------------------------------------------------------- */

struct collector *collector_new(void)
{
	struct collector *c = calloc(1, sizeof(*c));
	if (!c) {
		fputs("rvbench: out of memory\n", stderr);
		abort();
	}
	return c;
}

static void free_run(struct coll_run *r)
{
	for (size_t i = 0; i < r->nhdr; i++) {
		free(r->hdr[i].key);
		free(r->hdr[i].value);
	}
	free(r->hdr);
	for (size_t i = 0; i < r->nbench; i++) {
		free(r->bench[i].name);
		free(r->bench[i].unit);
		free(r->bench[i].reason);
		free(r->bench[i].s);
		free(r->bench[i].present);
		free(r->bench[i].stats);
		for (size_t k = 0; k < r->bench[i].nparam; k++) {
			free(r->bench[i].param[k].key);
			free(r->bench[i].param[k].value);
		}
		free(r->bench[i].param);
	}
	free(r->bench);
	free(r->tp);
	for (size_t i = 0; i < r->nhart; i++)
		free(r->hart[i].why);
	free(r->hart);
	free(r->line);
	for (size_t i = 0; i < r->nfailure; i++)
		free(r->failure[i]);
	free(r->failure);
	for (size_t i = 0; i < r->nissue; i++)
		free(r->issue[i]);
	free(r->issue);
	for (size_t i = 0; i < r->nproblem; i++)
		free(r->problem[i]);
	free(r->problem);
	free(r->gap);
}

void collector_free(struct collector *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->nruns; i++)
		free_run(&c->runs[i]);
	free(c->runs);
	free(c);
}

/* ---- records ----------------------------------------------------------------- */

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

/* One complete line from the prefix on, without its terminator; wire_len
 * counts the terminator too (what the line cost on the wire). */
static void handle_line(struct collector *c, const char *text, size_t len, size_t wire_len)
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

	if (!strcmp(l.type, WIRE_REC_RUN)) {
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
		if (!strcmp(l.type, WIRE_REC_BENCH))
			why = coll_rec_bench(r, &l, l.seq);
		else if (!strcmp(l.type, WIRE_REC_SAMPLES))
			why = coll_rec_samples(r, &l, l.seq, wire_len);
		else if (!strcmp(l.type, WIRE_REC_END))
			why = coll_rec_end(r, &l, l.seq);
		else if (!strcmp(l.type, WIRE_REC_FAULT))
			why = coll_rec_fault(r, &l, l.seq);
		else if (!strcmp(l.type, WIRE_REC_OVERHEAD))
			why = coll_rec_overhead(r, &l);
		else if (!strcmp(l.type, WIRE_REC_TRAILER))
			why = coll_rec_trailer(c, r, &l, l.seq);
		else if (!strcmp(l.type, WIRE_REC_TP))
			why = coll_rec_tp(r, &l, l.seq);
		else if (!strcmp(l.type, WIRE_REC_HART))
			why = coll_rec_hart(r, &l);
		/* Other record types are from a later version: ignored. */
	}
	if (why) {
		reject(c, r, COLL_REJ_INVALID);
		coll_push_str(&r->issue, &r->nissue, coll_strdupf("seq %u: %s", l.seq, why));
	} else {
		c->lines_accepted++;
		r->machine_bytes += wire_len;
	}
}

/* ---- framing ------------------------------------------------------------------ */

/*
 * The rule, as a byte-at-a-time state machine would apply it: a machine
 * line starts at the last "@RVB " of a line and runs to its '\n'; bytes
 * before it are noise. collector_feed() applies it a line at a time:
 * memchr() finds the newline and the '@'s, a line held whole in the
 * caller's buffer is parsed in place, and only a line split over two
 * reads goes through linebuf. prefix_match carries a prefix cut by the
 * end of a read ("@RV" | "B "). No proper prefix of "@RVB " is also a
 * suffix of it, so a match can only start at an '@'.
 */

static void end_line(struct collector *c)
{
	if (c->in_machine) {
		if (c->too_long) {
			reject(c, current_run(c), WIRE_ERR_TOO_LONG);
		} else {
			size_t len = c->linelen;
			if (len && c->linebuf[len - 1] == '\r')
				len--; /* the wire's "\r\n"; "\n" alone is fine too */
			handle_line(c, c->linebuf, len, c->linelen + 1);
		}
	}
	c->linelen = 0;
	c->in_machine = 0;
	c->too_long = 0;
	c->prefix_match = 0;
}

/* Bytes of a line (no '\n') appended to the machine line being built. */
static void append(struct collector *c, const unsigned char *p, size_t n)
{
	if (!c->in_machine || c->too_long || !n)
		return;
	if (n > sizeof(c->linebuf) - c->linelen) {
		c->too_long = 1; /* keep scanning for the newline, store nothing */
		return;
	}
	memcpy(c->linebuf + c->linelen, p, n);
	c->linelen += n;
}

/*
 * One piece of a line, p[0..n) without '\n'. Returns the offset just past
 * the last prefix completed in it (a machine line starts there), or 0 when
 * none was; sets prefix_match for a prefix cut at its end.
 */
static size_t scan_prefix(struct collector *c, const unsigned char *p, size_t n)
{
	size_t start = 0, i = 0;

	if (c->prefix_match) {
		/* Finish a prefix begun in the previous piece. */
		size_t k = c->prefix_match, j = 0;
		while (k < WIRE_PREFIX_LEN && j < n && p[j] == (unsigned char)WIRE_PREFIX[k]) {
			k++;
			j++;
		}
		if (k == WIRE_PREFIX_LEN) {
			start = j;
		} else if (j == n) {
			c->prefix_match = (unsigned)k; /* still cut: the piece was short */
			return 0;
		}
		c->prefix_match = 0;
		i = j; /* a mismatch at j: scanning goes on from there */
	}
	for (;;) {
		const unsigned char *at = memchr(p + i, '@', n - i);
		if (!at)
			break;
		size_t a = (size_t)(at - p), k = 1;
		while (k < WIRE_PREFIX_LEN && a + k < n && p[a + k] == (unsigned char)WIRE_PREFIX[k])
			k++;
		if (k == WIRE_PREFIX_LEN) {
			start = a + WIRE_PREFIX_LEN;
			i = start;
		} else if (a + k == n) {
			c->prefix_match = (unsigned)k; /* "@RV" at the end of the piece */
			break;
		} else {
			i = a + 1;
		}
	}
	return start;
}

static void start_machine(struct collector *c)
{
	memcpy(c->linebuf, WIRE_PREFIX, WIRE_PREFIX_LEN);
	c->linelen = WIRE_PREFIX_LEN;
	c->in_machine = 1;
	c->too_long = 0;
}

/* A piece of a line that the next read continues: kept in linebuf. */
static void feed_piece(struct collector *c, const unsigned char *p, size_t n)
{
	size_t start = scan_prefix(c, p, n);
	if (start)
		start_machine(c);
	append(c, p + start, n - start);
}

void collector_feed(struct collector *c, const void *bytes, size_t n)
{
	const unsigned char *p = bytes, *end = p + n;

	if (c->finished)
		return;
	c->bytes += n;
	while (p < end) {
		const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
		if (!nl) {
			feed_piece(c, p, (size_t)(end - p));
			return;
		}
		size_t len = (size_t)(nl - p);
		size_t start = scan_prefix(c, p, len);
		if (start >= WIRE_PREFIX_LEN) {
			/* The whole machine line, prefix included, is in this read
			 * (a prefix finished from the previous read ends before
			 * offset 5): parse it in place. */
			size_t mlen = len - start + WIRE_PREFIX_LEN, wlen = mlen + 1;
			const char *text = (const char *)p + start - WIRE_PREFIX_LEN;
			if (mlen > sizeof(c->linebuf)) {
				reject(c, current_run(c), WIRE_ERR_TOO_LONG);
			} else {
				if (mlen && text[mlen - 1] == '\r')
					mlen--;
				handle_line(c, text, mlen, wlen);
			}
			c->linelen = 0;
			c->in_machine = 0;
			c->too_long = 0;
			c->prefix_match = 0;
		} else {
			if (start)
				start_machine(c);
			append(c, p + start, len - start);
			c->prefix_match = 0;
			end_line(c);
		}
		p = nl + 1;
	}
}

void collector_finish(struct collector *c)
{
	if (c->finished)
		return;
	/* A last line without its newline may be cut anywhere: not trusted. */
	if (c->in_machine)
		reject(c, current_run(c), COLL_REJ_UNTERMINATED);
	c->linelen = 0;
	c->in_machine = 0;
	for (size_t i = 0; i < c->nruns; i++)
		coll_check_run(&c->runs[i]);
	c->finished = 1;
}

int collector_all_ok(const struct collector *c)
{
	if (!c->nruns)
		return 0;
	for (size_t i = 0; i < c->nruns; i++)
		if (!c->runs[i].ok)
			return 0;
	return 1;
}

int collector_all_complete(const struct collector *c)
{
	if (!c->nruns || c->orphans_after_run)
		return 0;
	for (size_t i = 0; i < c->nruns; i++)
		if (!c->runs[i].complete)
			return 0;
	return 1;
}

const char *coll_run_field(const struct coll_run *r, const char *key)
{
	for (size_t i = 0; i < r->nhdr; i++)
		if (!strcmp(r->hdr[i].key, key))
			return r->hdr[i].value;
	return NULL;
}
