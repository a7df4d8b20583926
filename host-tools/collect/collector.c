/*
 * Stream decoder, part 1: framing and lifetime (collector.h). The framing
 * keeps the state of a line cut by the end of a read, so a line split over
 * any number of reads decodes exactly like a whole one. A line is parsed only once its
 * newline arrived (collector_line.c); its values reach the model only when
 * wire_parse() and the record checks (collector_records.c) accept it.
 */
#include "collector.h"
#include "collector_records.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	for (size_t i = 0; i < r->npmu; i++) {
		free(r->pmu[i].key);
		free(r->pmu[i].value);
	}
	free(r->pmu);
	for (size_t i = 0; i < r->nbench; i++) {
		free(r->bench[i].name);
		free(r->bench[i].unit);
		free(r->bench[i].sample_unit);
		free(r->bench[i].cflags);
		free(r->bench[i].reason);
		free(r->bench[i].s);
		free(r->bench[i].present);
		free(r->bench[i].stats);
		coll_bench_events_free(&r->bench[i]);
		for (size_t k = 0; k < r->bench[i].nparam; k++) {
			free(r->bench[i].param[k].key);
			free(r->bench[i].param[k].value);
		}
		free(r->bench[i].param);
	}
	free(r->bench);
	for (size_t i = 0; i < REC_FLAGS_MAX; i++)
		free(r->flags[i]);
	free(r->tp);
	for (size_t i = 0; i < r->nhart; i++)
		free(r->hart[i].why);
	free(r->hart);
	coll_context_free(&r->ctx);
	free(r->line);
	free(r->line_use);
	free(r->conflict);
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
			coll_reject_current(c, WIRE_ERR_TOO_LONG);
		} else {
			size_t len = c->linelen;
			if (len && c->linebuf[len - 1] == '\r')
				len--; /* the wire's "\r\n"; "\n" alone is fine too */
			coll_handle_line(c, c->linebuf, len, c->linelen + 1);
		}
	}
	c->linelen = 0;
	c->in_machine = 0;
	c->too_long = 0;
	c->prefix_match = 0;
}

/* A line held in linebuf ended by a '\r' alone (a CR-only stream): the
 * '\r' it holds is its terminator. */
static void end_line_cr(struct collector *c)
{
	if (c->in_machine) {
		if (c->too_long)
			coll_reject_current(c, WIRE_ERR_TOO_LONG);
		else
			coll_handle_line(c, c->linebuf, c->linelen - 1, c->linelen);
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

/* A line held whole in the caller's buffer, p[0..len) without its
 * terminator ("\r\n": the '\r' is still in it), ended by one byte: a
 * '\n', or (cr_end) a '\r' alone, which counts towards the length limit
 * as it would in linebuf, so a line split over reads is judged alike. */
static void whole_line(struct collector *c, const unsigned char *p, size_t len, int cr_end)
{
	size_t start = scan_prefix(c, p, len);
	if (start >= WIRE_PREFIX_LEN) {
		/* The whole machine line, prefix included, is in this read
		 * (a prefix finished from the previous read ends before
		 * offset 5): parse it in place. */
		size_t mlen = len - start + WIRE_PREFIX_LEN, wlen = mlen + 1;
		const char *text = (const char *)p + start - WIRE_PREFIX_LEN;
		if (mlen + (size_t)cr_end > sizeof(c->linebuf)) {
			coll_reject_current(c, WIRE_ERR_TOO_LONG);
		} else {
			if (mlen && text[mlen - 1] == '\r')
				mlen--;
			coll_handle_line(c, text, mlen, wlen);
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
		if (cr_end) {
			append(c, (const unsigned char *)"\r", 1);
			end_line_cr(c);
		} else {
			end_line(c);
		}
	}
}

/*
 * A line ends at "\r\n" (the wire's), "\n" or a '\r' alone (a terminal
 * or converter set to CR-only line ends). A '\r' at the end of a read may
 * be either: pending_cr decides with the next read's first byte, so any
 * chunking gives what one whole read would. At the end of the stream a
 * last '\r' ends a line only once the stream has shown CR-only ends.
 */
void collector_feed(struct collector *c, const void *bytes, size_t n)
{
	const unsigned char *p = bytes, *end = p + n;

	if (c->finished)
		return;
	c->bytes += n;
	if (c->pending_cr && p < end) {
		c->pending_cr = 0;
		if (*p == '\n') {
			end_line(c); /* "\r\n" cut between two reads */
			p++;
		} else {
			c->cr_ends = 1;
			end_line_cr(c);
		}
	}
	while (p < end) {
		const unsigned char *nl = memchr(p, '\n', (size_t)(end - p));
		const unsigned char *lim = nl ? nl : end;
		/* A second memchr over bytes in the cache: a lone '\r' before it. */
		const unsigned char *cr = memchr(p, '\r', (size_t)(lim - p));
		if (cr && cr + 1 < lim) {
			c->cr_ends = 1;
			whole_line(c, p, (size_t)(cr - p), 1);
			p = cr + 1;
			continue;
		}
		if (!nl) {
			feed_piece(c, p, (size_t)(end - p));
			c->pending_cr = cr != NULL; /* the read's last byte */
			return;
		}
		whole_line(c, p, (size_t)(nl - p), 0);
		p = nl + 1;
	}
}

void collector_finish(struct collector *c)
{
	if (c->finished)
		return;
	/* A '\r' as the stream's last byte ends its last line in a CR-only
	 * stream; in a "\r\n" stream the '\n' is missing: unterminated. */
	if (c->pending_cr && c->cr_ends) {
		c->pending_cr = 0;
		end_line_cr(c);
	}
	/* A last line without its newline may be cut anywhere: not trusted. */
	if (c->in_machine)
		coll_reject_current(c, COLL_REJ_UNTERMINATED);
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

int collector_all_sound(const struct collector *c)
{
	for (size_t i = 0; i < c->nruns; i++)
		if (c->runs[i].nbreach)
			return 0;
	return 1;
}

const char *coll_run_verdict(const struct coll_run *r)
{
	if (!r->ok)
		return "failed";
	return r->complete ? "complete" : "incomplete";
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

/* The block with this id, made (empty) when it is new. */
struct coll_bench *coll_bench_at(struct coll_run *r, uint64_t id)
{
	if (id >= r->nbench) {
		r->bench = coll_xrealloc(r->bench, (size_t)(id + 1) * sizeof(*r->bench));
		memset(r->bench + r->nbench, 0, (size_t)(id + 1 - r->nbench) * sizeof(*r->bench));
		for (size_t i = r->nbench; i <= id; i++)
			r->bench[i].id = (uint32_t)i;
		r->nbench = (size_t)id + 1;
	}
	return &r->bench[id];
}

int coll_bench_unannounced(const struct coll_run *r, uint64_t id)
{
	return r->benches_declared_ok && id >= r->benches_declared &&
	       !(id < r->nbench && r->bench[id].have_header);
}

void coll_note_bench_seq(struct coll_bench *b, uint32_t seq)
{
	if (seq > b->max_seq)
		b->max_seq = seq;
}
