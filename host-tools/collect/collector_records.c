/*
 * Stream decoder, the records (collector_records.h): RUN, BENCH, OVERHEAD,
 * TP, HART, END, FAULT and TRAILER lines into the run model (S lines:
 * collector_samples.c; the context and FLAGS: collector_context.c). rec_read() reads and checks every field by the
 * record table (records.h); here what it found becomes the line's one
 * message, in a fixed order, and nothing of a refused line is kept.
 */
#include "collector_records.h"

#include "bench_name.h"
#include "input_seed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "inputs.h"

/* Sanity limit: a CRC-valid line can still carry absurd numbers (a
 * firmware bug), and they must not turn into huge allocations. */
#define COLL_SAMPLES_MAX (1ull << 26)
/* HART lines kept at most: one per possible block is plenty. */
#define COLL_HARTS_MAX REC_BLOCKS_MAX

/* The fields that were on the line, well-formed or not. */
static uint64_t on_line(uint64_t present, const struct rec_check *ck)
{
	return present | ck->malformed | ck->over;
}

static char *unescape_dup(const char *s)
{
	size_t cap = strlen(s) + 1; /* unescaping never makes a value longer */
	char *out = coll_xrealloc(NULL, cap);
	if (wire_unescape(s, out, cap)) {
		free(out);
		return NULL;
	}
	return out;
}

/* RUN field i when on the line and a number of its table type (U64 or
 * HEX): what rec_read() would count as read. The fields read through here
 * have no limit in the table, so "read" is "well-formed". */
static int run_number(const struct wire_line *l, unsigned i, uint64_t *v)
{
	const struct rec_field *f = &rec_desc[REC_RUN].field[i];
	const char *s = wire_field(l, f->key);

	if (!s)
		return 0;
	return !(f->type == REC_T_HEX ? wire_parse_hex(s, v) : wire_parse_u64(s, v));
}

const char *coll_rec_run(struct coll_run *r, const struct wire_line *l)
{
	uint64_t fmt, v;

	/* Every field is kept as text, in line order (meta.json's header),
	 * known to the table or not. */
	for (unsigned i = 0; i < l->nfields; i++) {
		const char *eq = strchr(l->field[i], '=');
		if (!eq || eq == l->field[i])
			return "RUN field without key=value";
	}
	for (unsigned i = 0; i < l->nfields; i++) {
		const char *eq = strchr(l->field[i], '=');
		char *value = unescape_dup(eq + 1);
		if (!value)
			return "RUN field with a bad %XX escape";
		r->hdr = coll_xrealloc(r->hdr, (r->nhdr + 1) * sizeof(*r->hdr));
		r->hdr[r->nhdr].key = coll_xrealloc(NULL, (size_t)(eq - l->field[i]) + 1);
		memcpy(r->hdr[r->nhdr].key, l->field[i], (size_t)(eq - l->field[i]));
		r->hdr[r->nhdr].key[eq - l->field[i]] = '\0';
		r->hdr[r->nhdr].value = value;
		r->nhdr++;
	}
	/* Only what decides how the run is read is checked here, straight
	 * from the line: the header above has every value unescaped already,
	 * and these three are numbers. Fields an old reader would misread
	 * need a new fmt: read fmt=1 (no events), 2 and 3 (CPU last=, longer FLAGS). */
	if (!run_number(l, REC_F_RUN_fmt, &fmt) || fmt < WIRE_VERSION_MIN)
		return "RUN line without fmt=1, 2 or 3: content not read";
	/* A later version is no fault of the line: this collector cannot
	 * read it, which the run check says in so many words. */
	if (fmt > WIRE_VERSION) {
		r->fmt_newer = fmt;
		return NULL;
	}
	r->fmt_ok = 1;
	if (run_number(l, REC_F_RUN_seed, &v)) {
		r->seed = v;
		r->seed_ok = 1;
	}
	const char *rule = coll_run_field(r, "inputs_seed");
	r->inputs_seed = !rule ? COLL_SEED_BY_BLOCK
			 : !strcmp(rule, INPUT_SEED_RULE_NAME) ? COLL_SEED_BY_NAME
							       : COLL_SEED_UNKNOWN;
	if (run_number(l, REC_F_RUN_benches, &v)) {
		r->benches_declared = v;
		r->benches_declared_ok = 1;
	}
	if (!r->seed_ok)
		return "RUN line without a valid seed";
	if (!r->benches_declared_ok)
		return "RUN line without a valid benches count";
	return NULL;
}

/* p.NAME fields (the benchmark's parameters, not in the table). */
static const char *bench_params(struct coll_bench *b, const struct wire_line *l)
{
	for (unsigned i = 0; i < l->nfields; i++) {
		const char *f = l->field[i], *eq = strchr(f, '=');
		if (strncmp(f, "p.", 2) || !eq || eq == f + 2)
			continue;
		char *value = unescape_dup(eq + 1);
		if (!value)
			return "BENCH parameter with a bad %XX escape";
		b->param = coll_xrealloc(b->param, (b->nparam + 1) * sizeof(*b->param));
		b->param[b->nparam].key = coll_xrealloc(NULL, (size_t)(eq - f) - 1);
		memcpy(b->param[b->nparam].key, f + 2, (size_t)(eq - f) - 2);
		b->param[b->nparam].key[eq - f - 2] = '\0';
		b->param[b->nparam].value = value;
		b->nparam++;
	}
	return NULL;
}

/*
 * The block format's OPT fields: absent is fine (older firmware), wrong is
 * not. parallel=, skew_ticks=, offset_cycles= come all three or none.
 * A bad escape in unit= or sample_unit= has a message of its own (with
 * name=).
 */
static int bench_block_bad(struct rec_bench *h, const struct rec_check *ck, enum input_kind *ik)
{
	const uint64_t par = REC_BIT(BENCH, parallel) | REC_BIT(BENCH, skew_ticks) |
			     REC_BIT(BENCH, offset_cycles);
	uint64_t wrong = (ck->malformed | ck->over) & ~rec_desc[REC_BENCH].required &
			 ~REC_BIT(BENCH, unit) & ~REC_BIT(BENCH, sample_unit);

	/* warmup_converged=2 has always read as "not known", like its absence. */
	if ((ck->over & REC_BIT(BENCH, warmup_converged)) && h->warmup_converged == 2) {
		wrong &= ~REC_BIT(BENCH, warmup_converged);
		h->present &= ~REC_BIT(BENCH, warmup_converged);
	}
	uint64_t with = on_line(h->present, ck) & par;
	if (wrong || (with && (with != par || !h->parallel)))
		return 1;
	if ((h->present & REC_BIT(BENCH, input_kind)) && input_kind_parse(h->input_kind, ik))
		return 1;
	return ((h->present & REC_BIT(BENCH, unit)) && !*h->unit) ||
	       ((h->present & REC_BIT(BENCH, sample_unit)) && !*h->sample_unit);
}

const char *coll_rec_bench(struct collector *c, struct coll_run *r, const struct wire_line *l,
			   uint32_t seq)
{
	const uint64_t escapes = REC_BIT(BENCH, name) | REC_BIT(BENCH, unit) |
				 REC_BIT(BENCH, sample_unit);
	const uint64_t req = rec_desc[REC_BENCH].required;
	struct rec_bench h;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];
	enum input_kind ik = INPUT_RANGE;

	(void)rec_read(l, REC_BENCH, &h, text, sizeof(text), &ck);
	if (ck.missing || (ck.malformed & req & ~escapes) ||
	    (ck.over & req & ~REC_BIT(BENCH, input_range)))
		return "BENCH line with a missing or bad field";
	if (h.samples > COLL_SAMPLES_MAX || h.warmup > COLL_SAMPLES_MAX - h.samples)
		return "BENCH line with too many samples";
	if (ck.over & REC_BIT(BENCH, input_range))
		return "BENCH line with input_range above 2^32";
	if (h.batch < 1)
		return "BENCH line with batch=0";
	if (bench_block_bad(&h, &ck, &ik))
		return "BENCH line with a bad block field";
	if (ck.malformed & escapes)
		return "BENCH name, unit or sample_unit with a bad %XX escape";
	/* A name goes into file names, CSVs, gnuplot scripts and the terminal:
	 * only the safe set gets that far (bench_name.h). */
	if (!bench_name_ok(h.name))
		return "BENCH name outside [A-Za-z0-9_.:+-], 1 to 64 bytes (refused)";
	struct coll_bench *b = coll_bench_at(r, h.id);
	if (b->have_header)
		return "second BENCH line for the same id";
	const char *why = bench_params(b, l);
	if (!why)
		why = coll_bench_events(b, &h);
	if (why)
		return why;
	/* Defaults of absent OPT fields: what older firmware did. */
	b->have_header = 1;
	b->name = coll_strdupf("%s", h.name);
	b->unit = h.present & REC_BIT(BENCH, unit) ? coll_strdupf("%s", h.unit) : NULL;
	b->have_per_call = !!(h.present & REC_BIT(BENCH, per_call));
	b->sample_unit = h.present & REC_BIT(BENCH, sample_unit) ? coll_strdupf("%s", h.sample_unit)
								 : NULL;
	b->flags_id = h.present & REC_BIT(BENCH, flags) ? (int)h.flags : -1;
	b->cflags = b->flags_id >= 0 && r->flags[h.flags] ? coll_strdupf("%s", r->flags[h.flags])
							 : NULL;
	b->per_call = h.per_call;
	b->hart = h.hart;
	b->group = h.group;
	b->batch = h.batch;
	b->warmup = h.warmup;
	b->samples = h.samples;
	b->input_range = h.input_range;
	b->oh_cycles = h.oh_cycles;
	b->oh_instret = h.oh_instret;
	b->input_kind = ik;
	b->inputs_n = h.present & REC_BIT(BENCH, inputs_n) ? h.inputs_n : h.warmup + h.samples;
	b->inputs_block = (uint32_t)(h.present & REC_BIT(BENCH, inputs_block) ? h.inputs_block : h.id);
	b->warmup_auto = (int)h.warmup_auto;
	b->warmup_converged =
		h.present & REC_BIT(BENCH, warmup_converged) ? (int)h.warmup_converged : -1;
	snprintf(b->oh_method, sizeof(b->oh_method), "%s",
		 h.present & REC_BIT(BENCH, oh_method) ? h.oh_method : "");
	b->have_parallel = !!(h.present & REC_BIT(BENCH, parallel));
	b->parallel = h.parallel;
	b->skew_ticks = h.skew_ticks;
	b->offset_cycles = h.offset_cycles;
	coll_note_bench_seq(b, seq);
	coll_note_use(r, seq, COLL_USE_HEADER, (uint32_t)h.id, 0, 0);
	/* S lines that came first were checked against no count: now they can be. */
	coll_recheck_samples(c, r, b);
	return NULL;
}

const char *coll_rec_overhead(struct coll_run *r, const struct wire_line *l, uint32_t seq)
{
	struct rec_overhead h;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];
	struct coll_overhead o = { .seq = seq };

	/* Kinds beyond the table's (a later firmware's) are kept as is. */
	if (rec_read(l, REC_OVERHEAD, &h, text, sizeof(text), &ck))
		return "OVERHEAD line with a missing or bad field";
	snprintf(o.kind, sizeof(o.kind), "%s", h.kind);
	snprintf(o.counter, sizeof(o.counter), "%s",
		 h.present & REC_BIT(OVERHEAD, counter) ? h.counter : "");
	o.samples = h.samples;
	o.min = h.min;
	o.max = h.max;
	o.sum = h.sum;
	o.sumsq = h.sumsq;
	/* Moments that no sample set can have are a firmware bug: not used. */
	unsigned __int128 n = o.samples, s = o.sum;
	if (o.samples > UINT32_MAX || (o.samples && o.min > o.max) ||
	    (o.samples && (s < n * o.min || s > n * o.max)) ||
	    (!o.samples && (o.sum || o.sumsq)) || n * o.sumsq < s * s)
		return "OVERHEAD line with inconsistent moments";
	for (size_t i = 0; i < r->noh; i++)
		if (!strcmp(r->oh[i].kind, o.kind))
			return "second OVERHEAD line of the same kind";
	if (r->noh == COLL_OH_MAX)
		return "too many OVERHEAD lines";
	r->oh[r->noh++] = o;
	coll_note_use(r, seq, COLL_USE_OVERHEAD, COLL_USE_NO_BLOCK, 0, 0);
	return NULL;
}

const char *coll_rec_tp(struct coll_run *r, const struct wire_line *l, uint32_t seq)
{
	struct rec_tp h;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];

	if (rec_read(l, REC_TP, &h, text, sizeof(text), &ck))
		return "TP line with a missing or bad field";
	/* Its block and its part come together or not at all: one without
	 * the other cannot be put in its place. */
	int has_block = !!(h.present & REC_BIT(TP, id));
	if (has_block != !!(h.present & REC_BIT(TP, phase)))
		return "TP line with id= but no phase=, or phase= but no id=";
	if (has_block && coll_bench_unannounced(r, h.id))
		return "TP line for a block the RUN line never announced";
	if (r->ntp == r->tpcap) {
		r->tpcap = r->tpcap ? 2 * r->tpcap : 64;
		r->tp = coll_xrealloc(r->tp, r->tpcap * sizeof(*r->tp));
	}
	r->tp[r->ntp++] = (struct coll_tp){ .seq = seq, .key = (uint32_t)h.key, .hart = h.hart,
					    .start = h.start, .cycles = h.cycles,
					    .instret = h.instret, .has_block = has_block,
					    .block = has_block ? (uint32_t)h.id : 0 };
	if (has_block)
		snprintf(r->tp[r->ntp - 1].phase, sizeof(r->tp[r->ntp - 1].phase), "%s", h.phase);
	coll_note_use(r, seq, COLL_USE_TP, COLL_USE_NO_BLOCK, 0, 0);
	return NULL;
}

const char *coll_rec_hart(struct coll_run *r, const struct wire_line *l)
{
	static const struct { uint64_t rec; unsigned coll; } sent[] = {
		{ REC_BIT(HART, run_cycles), COLL_HART_RUN_CYCLES },
		{ REC_BIT(HART, measuring), COLL_HART_MEASURING },
		{ REC_BIT(HART, busy), COLL_HART_BUSY },
		{ REC_BIT(HART, idle), COLL_HART_IDLE },
		{ REC_BIT(HART, waiting), COLL_HART_WAITING },
	};
	struct rec_hart h;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];

	(void)rec_read(l, REC_HART, &h, text, sizeof(text), &ck);
	if ((ck.missing | ck.malformed | ck.over) & ~REC_BIT(HART, why))
		return "HART line with a missing or bad field";
	for (size_t i = 0; i < r->nhart; i++)
		if (r->hart[i].id == h.id)
			return "second HART line for the same hart";
	if (r->nhart >= COLL_HARTS_MAX)
		return "too many HART lines";
	if (ck.malformed & REC_BIT(HART, why))
		return "HART line with a bad %XX escape";
	struct coll_hart m = { .id = h.id, .state_word = REC_WORD(hart_state, h.state),
			       .run_cycles = h.run_cycles, .measuring = h.measuring,
			       .busy = h.busy, .idle = h.idle, .waiting = h.waiting };
	snprintf(m.state, sizeof(m.state), "%s", h.state);
	for (size_t i = 0; i < sizeof(sent) / sizeof(sent[0]); i++)
		if (h.present & sent[i].rec)
			m.have |= sent[i].coll;
	if (h.present & REC_BIT(HART, why))
		m.why = coll_strdupf("%s", h.why);
	m.seq = l->seq;
	r->hart = coll_xrealloc(r->hart, (r->nhart + 1) * sizeof(*r->hart));
	r->hart[r->nhart++] = m;
	coll_note_use(r, l->seq, COLL_USE_HART, COLL_USE_NO_BLOCK, 0, 0);
	return NULL;
}

const char *coll_rec_end(struct coll_run *r, const struct wire_line *l, uint32_t seq)
{
	const uint64_t block = REC_BIT(END, status) | REC_BIT(END, checksum);
	struct rec_end e;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];

	(void)rec_read(l, REC_END, &e, text, sizeof(text), &ck);
	int verify = (ck.missing | ck.malformed | ck.over) & rec_desc[REC_END].required
			     ? -1 : REC_WORD(verify, e.verify);
	if (verify < 0)
		return "END line with a missing or bad field";
	/* path_differs is read only with path_instret, and needed then. */
	int have_path = !!(on_line(e.present, &ck) & REC_BIT(END, path_instret));
	if (((ck.malformed | ck.over) & block) ||
	    (have_path && ((ck.malformed & REC_BIT(END, path_instret)) ||
			   !(e.present & REC_BIT(END, path_differs)))))
		return "END line with a bad block field";
	if (ck.malformed & REC_BIT(END, reason))
		return "END reason with a bad %XX escape";
	if (coll_bench_unannounced(r, e.id))
		return "END line for a block the RUN line never announced";
	struct coll_bench *b = coll_bench_at(r, e.id);
	if (b->have_end)
		return "second END line for the same id";
	b->have_end = 1;
	b->reason = e.present & REC_BIT(END, reason) ? coll_strdupf("%s", e.reason) : NULL;
	b->end_count = e.count;
	snprintf(b->verify, sizeof(b->verify), "%s", e.verify);
	b->verify_word = verify;
	/* Without status= (older firmware) the verify result is the status. */
	if (e.present & REC_BIT(END, status))
		snprintf(b->status, sizeof(b->status), "%s", e.status);
	else
		snprintf(b->status, sizeof(b->status), "%s",
			 rec_block_status_name[verify == REC_VERIFY_FAIL ? REC_STATUS_VERIFY_FAILED
									: REC_STATUS_OK]);
	b->status_word = REC_WORD(block_status, b->status);
	b->have_checksum = !!(e.present & REC_BIT(END, checksum));
	b->checksum = e.checksum;
	b->have_path = have_path;
	b->path_instret = have_path ? e.path_instret : 0;
	b->path_differs = have_path ? e.path_differs : 0;
	coll_note_bench_seq(b, seq);
	coll_note_use(r, seq, COLL_USE_SAMPLES, (uint32_t)e.id, 0, 0);
	coll_crc_advance(r); /* the block may be whole now */
	return NULL;
}

const char *coll_rec_fault(struct coll_run *r, const struct wire_line *l, uint32_t seq)
{
	struct coll_fault fault = { .have = 1 };
	struct rec_fault f;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];

	if (rec_read(l, REC_FAULT, &f, text, sizeof(text), &ck))
		return "FAULT line with a missing or bad field";
	snprintf(fault.kind, sizeof(fault.kind), "%s",
		 f.present & REC_BIT(FAULT, kind) ? f.kind : rec_fault_kind_name[REC_FAULT_EXCEPTION]);
	fault.kind_word = REC_WORD(fault_kind, fault.kind);
	fault.scause = f.scause;
	fault.sepc = f.sepc;
	fault.stval = f.stval;
	if (f.present & REC_BIT(FAULT, id)) {
		/* A benchmark's trap: that block stops, the run goes on. */
		if (coll_bench_unannounced(r, f.id))
			return "FAULT line for a block the RUN line never announced";
		struct coll_bench *b = coll_bench_at(r, f.id);
		if (b->fault.have)
			return "second FAULT line for the same block";
		b->fault = fault;
		coll_note_bench_seq(b, seq);
		coll_note_use(r, seq, COLL_USE_SAMPLES, (uint32_t)f.id, 0, 0);
		return NULL;
	}
	if (r->fault.have || r->fault_taken)
		return "second FAULT line";
	r->fault = fault;
	coll_note_use(r, seq, COLL_USE_FAULT, COLL_USE_NO_BLOCK, 0, 0);
	return NULL;
}

/* Lines whose seq is past the trailer's that came before it: the same
 * issue as one that comes after it (claim_seq, collector_line.c), so the
 * order of arrival does not decide whether the run is complete. */
static void lines_past_trailer(struct coll_run *r)
{
	for (uint32_t seq = r->trailer_seq + 1; seq <= r->max_seq && seq < r->nline; seq++)
		if (r->line[seq])
			coll_push_str(&r->issue, &r->nissue,
				      coll_strdupf("seq %u: line after the trailer", seq));
}

const char *coll_rec_trailer(struct collector *c, struct coll_run *r,
			       const struct wire_line *l, uint32_t seq)
{
	const struct rec_field *st = REC_FIELD(TRAILER, status);
	struct rec_trailer t;
	struct rec_check ck;
	char text[WIRE_LINE_MAX];

	/* status is kept as sent, only its length checked: an empty word or
	 * one with a '%' is a status the run check then reports. */
	(void)rec_read(l, REC_TRAILER, &t, text, sizeof(text), &ck);
	const char *status = wire_field(l, st->key);
	if (ck.missing || ck.over || (ck.malformed & ~REC_BIT(TRAILER, status)) ||
	    strlen(status) > st->limit)
		return "TRAILER line with a missing or bad field";
	if (r->have_trailer)
		return "second TRAILER line";
	r->have_trailer = 1;
	r->trailer_seq = seq;
	r->tr_benches = t.benches;
	r->tr_samples = t.samples;
	r->tr_crc32 = (uint32_t)t.crc32;
	snprintf(r->tr_status, sizeof(r->tr_status), "%s", status);
	r->tr_status_word = REC_WORD(run_status, r->tr_status);
	c->trailers++;
	coll_note_use(r, seq, COLL_USE_TRAILER, COLL_USE_NO_BLOCK, 0, 0);
	lines_past_trailer(r);
	return NULL;
}
