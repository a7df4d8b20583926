/*
 * Stream decoder, the context lines: CTX (the machine's clock, L2 and SBI),
 * CPU (one per hart) and BUILD (the firmware's build) into the run's
 * coll_context, and FLAGS (each benchmark's compile flags). Each field is
 * checked by the record table; a line with a bad field is refused whole,
 * so what is kept is what the firmware said. Each reader notes what its
 * line put in (coll_note_use), for a conflict to take it out again
 * (collector_conflict.c).
 */
#include "collector_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The longest flags text kept for one id: 16 FLAGS lines' worth of
 * format 2 (96 bytes each). */
#define COLL_FLAGS_TEXT_MAX 1536u
/* CPU lines kept at most: one per hart the firmware can know of. */
#define COLL_CPUS_MAX 1024u

static uint64_t bad(const struct rec_check *ck)
{
	return ck->missing | ck->malformed | ck->over;
}

const char *coll_rec_ctx(struct coll_run *r, const struct wire_line *l)
{
	struct rec_ctx x;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];

	(void)rec_read(l, REC_CTX, &x, text, sizeof(text), &ck);
	if (bad(&ck))
		return "CTX line with a bad field";
	if (r->ctx.have_ctx || r->ctx.ctx_taken)
		return "second CTX line";
	r->ctx.ctx = x;
	r->ctx.clock_src =
		coll_strdupf("%s", x.present & REC_BIT(CTX, clock_src) ? x.clock_src : "");
	r->ctx.ctx.clock_src = r->ctx.clock_src; /* not the line's buffer */
	r->ctx.have_ctx = 1;
	coll_note_use(r, l->seq, COLL_USE_CTX, COLL_USE_NO_BLOCK, 0, 0);
	return NULL;
}

const char *coll_rec_cpu(struct coll_run *r, const struct wire_line *l)
{
	struct rec_cpu x;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];

	(void)rec_read(l, REC_CPU, &x, text, sizeof(text), &ck);
	if (bad(&ck))
		return "CPU line with a missing or bad field";
	/* last= (format 3): the harts id..last, each alike. */
	uint64_t last = x.present & REC_BIT(CPU, last) ? x.last : x.id;
	if (last < x.id)
		return "CPU line whose last= is below its id=";
	if (last - x.id >= COLL_CPUS_MAX - r->ctx.ncpu)
		return "too many CPU lines";
	for (size_t i = 0; i < r->ctx.ncpu; i++)
		if (r->ctx.cpu[i].f.id >= x.id && r->ctx.cpu[i].f.id <= last)
			return "second CPU line for the same hart";
	size_t n = (size_t)(last - x.id) + 1;
	r->ctx.cpu = coll_xrealloc(r->ctx.cpu, (r->ctx.ncpu + n) * sizeof(*r->ctx.cpu));
	for (size_t k = 0; k < n; k++) {
		struct coll_cpu c = { .f = x };
		c.f.id = x.id + k;
		c.f.present &= ~REC_BIT(CPU, last);
		if (x.present & REC_BIT(CPU, isa))
			c.isa = coll_strdupf("%s", x.isa);
		if (x.present & REC_BIT(CPU, mmu))
			c.mmu = coll_strdupf("%s", x.mmu);
		c.f.isa = c.isa; /* not the line's buffer */
		c.f.mmu = c.mmu;
		c.seq = l->seq;
		r->ctx.cpu[r->ctx.ncpu++] = c;
	}
	coll_note_use(r, l->seq, COLL_USE_CPU, COLL_USE_NO_BLOCK, 0, 0);
	return NULL;
}

const char *coll_rec_build(struct coll_run *r, const struct wire_line *l)
{
	struct rec_build x;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];

	(void)rec_read(l, REC_BUILD, &x, text, sizeof(text), &ck);
	if (bad(&ck))
		return "BUILD line with a missing or bad field";
	if (r->ctx.have_build || r->ctx.build_taken)
		return "second BUILD line";
	r->ctx.commit = coll_strdupf("%s%s", x.commit, x.dirty ? "-dirty" : "");
	r->ctx.cc = coll_strdupf("%s", x.cc);
	r->ctx.cflags = coll_strdupf("%s", x.cflags);
	r->ctx.have_build = 1;
	coll_note_use(r, l->seq, COLL_USE_BUILD, COLL_USE_NO_BLOCK, 0, 0);
	return NULL;
}

void coll_context_free(struct coll_context *x)
{
	for (size_t i = 0; i < x->ncpu; i++) {
		free(x->cpu[i].isa);
		free(x->cpu[i].mmu);
	}
	free(x->cpu);
	free(x->clock_src);
	free(x->commit);
	free(x->cc);
	free(x->cflags);
}

/* FLAGS: a piece of a benchmark's compile flags, appended to those of its id. */
const char *coll_rec_flags(struct coll_run *r, const struct wire_line *l)
{
	struct rec_flags h;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];

	if (rec_read(l, REC_FLAGS, &h, text, sizeof(text), &ck))
		return "FLAGS line with a missing or bad field";
	/* A piece after one a conflict took out would make a text with a
	 * hole in it: the id's flags stay unknown. */
	if (r->flags_taken >> h.id & 1)
		return "FLAGS line of an id whose flags were in conflict";
	char *prev = r->flags[h.id];
	/* one benchmark's flags fit a few lines; more is not a compiler's */
	if (prev && strlen(prev) + strlen(h.text) > COLL_FLAGS_TEXT_MAX)
		return "FLAGS text longer than any compiler's flags";
	r->flags[h.id] = coll_strdupf("%s%s", prev ? prev : "", h.text);
	free(prev);
	coll_note_use(r, l->seq, COLL_USE_FLAGS, COLL_USE_NO_BLOCK, h.id, 0);
	return NULL;
}
