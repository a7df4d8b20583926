/*
 * Stream decoder, the records (collector_records.h): RUN, BENCH, OVERHEAD,
 * TP, HART, S, END, FAULT and TRAILER lines into the run model, each field
 * checked before anything is kept.
 */
#include "collector_records.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "codec.h"
#include "inputs.h"

/* Sanity limits: a CRC-valid line can still carry absurd numbers (a
 * firmware bug), and they must not turn into huge allocations. */
#define COLL_BENCH_MAX 4096u
#define COLL_SAMPLES_MAX (1ull << 26)
/* Without its BENCH line a benchmark's size is unknown: a smaller cap. */
#define COLL_HEADERLESS_MAX (1ull << 22)

static int get_u64(const struct wire_line *l, const char *key, uint64_t *v)
{
	const char *s = wire_field(l, key);
	return s && !wire_parse_u64(s, v) ? 0 : -1;
}

static int get_hex(const struct wire_line *l, const char *key, uint64_t *v)
{
	const char *s = wire_field(l, key);
	return s && !wire_parse_hex(s, v) ? 0 : -1;
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

static struct coll_bench *get_bench(struct coll_run *r, uint64_t id)
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

static void note_bench_seq(struct coll_bench *b, uint32_t seq)
{
	if (seq > b->max_seq)
		b->max_seq = seq;
}

const char *coll_rec_run(struct coll_run *r, const struct wire_line *l)
{
	uint64_t v;

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
	/* Fields an old reader would misread need a new fmt: read only fmt=1. */
	if (get_u64(l, "fmt", &v) || v != WIRE_VERSION)
		return "RUN line without fmt=1: content not read";
	r->fmt_ok = 1;
	if (!get_hex(l, "seed", &r->seed))
		r->seed_ok = 1;
	if (!get_u64(l, "benches", &r->benches_declared))
		r->benches_declared_ok = 1;
	if (!r->seed_ok)
		return "RUN line without a valid seed";
	if (!r->benches_declared_ok)
		return "RUN line without a valid benches count";
	return NULL;
}

/* An optional key: absent is fine (older firmware), malformed is not. */
static int opt_u64(const struct wire_line *l, const char *key, uint64_t *v, uint64_t dflt)
{
	const char *s = wire_field(l, key);
	if (!s) {
		*v = dflt;
		return 0;
	}
	return wire_parse_u64(s, v);
}

/* A short token value ("ok", "plain", ...) copied into out; "" if absent. */
static int opt_word(const struct wire_line *l, const char *key, char *out, size_t cap)
{
	const char *s = wire_field(l, key);
	out[0] = '\0';
	if (!s)
		return 0;
	if (!*s || strlen(s) >= cap || strchr(s, '%'))
		return -1;
	memcpy(out, s, strlen(s) + 1);
	return 0;
}

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

/* A signed decimal: wire_parse_u64's spelling, or '-' and a nonzero one
 * (the firmware sends a negative offset as an escaped string, "-13"). */
static int parse_i64(const char *s, int64_t *v)
{
	uint64_t u;

	if (*s != '-') {
		if (wire_parse_u64(s, &u) || u > INT64_MAX)
			return -1;
		*v = (int64_t)u;
		return 0;
	}
	if (wire_parse_u64(s + 1, &u) || !u || u > (uint64_t)INT64_MAX + 1)
		return -1;
	*v = u == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)u;
	return 0;
}

/* parallel=, skew_ticks=, offset_cycles=: all three or none. */
static int bench_parallel(struct coll_bench *b, const struct wire_line *l)
{
	const char *par = wire_field(l, "parallel"), *skew = wire_field(l, "skew_ticks");
	const char *off = wire_field(l, "offset_cycles");

	b->have_parallel = 0;
	if (!par && !skew && !off)
		return 0;
	if (!par || !skew || !off || wire_parse_u64(par, &b->parallel) || !b->parallel ||
	    wire_parse_u64(skew, &b->skew_ticks) || parse_i64(off, &b->offset_cycles))
		return -1;
	b->have_parallel = 1;
	return 0;
}

const char *coll_rec_bench(struct coll_run *r, const struct wire_line *l, uint32_t seq)
{
	struct coll_bench par = { 0 };
	uint64_t id, hart, group, batch, warmup, samples, range, ohc, ohi, inputs_n, wa, wc;
	uint64_t per_call = 0, inputs_block;
	const char *name = wire_field(l, "name"), *unit = wire_field(l, "unit");
	const char *per_call_s = wire_field(l, "per_call"); /* with unit: units per call */
	const char *kind = wire_field(l, "input_kind");
	enum input_kind ik = INPUT_RANGE;
	char method[16];

	if (get_u64(l, "id", &id) || id >= COLL_BENCH_MAX || !name ||
	    get_u64(l, "hart", &hart) || get_u64(l, "group", &group) ||
	    get_u64(l, "batch", &batch) || get_u64(l, "warmup", &warmup) ||
	    get_u64(l, "samples", &samples) || get_u64(l, "input_range", &range) ||
	    get_u64(l, "oh_cycles", &ohc) || get_u64(l, "oh_instret", &ohi))
		return "BENCH line with a missing or bad field";
	if (samples > COLL_SAMPLES_MAX || warmup > COLL_SAMPLES_MAX - samples)
		return "BENCH line with too many samples";
	if (range > UINT32_MAX)
		return "BENCH line with input_range above 2^32";
	if (batch < 1)
		return "BENCH line with batch=0";
	/* Fields of the block format; their defaults are what older firmware did. */
	if ((kind && input_kind_parse(kind, &ik)) ||
	    opt_u64(l, "inputs_n", &inputs_n, warmup + samples) || inputs_n > UINT32_MAX ||
	    opt_u64(l, "inputs_block", &inputs_block, id) || inputs_block >= COLL_BENCH_MAX ||
	    opt_u64(l, "warmup_auto", &wa, 0) || wa > 1 ||
	    opt_u64(l, "warmup_converged", &wc, 2) || wc > 2 ||
	    opt_word(l, "oh_method", method, sizeof(method)) || bench_parallel(&par, l) ||
	    (per_call_s && wire_parse_u64(per_call_s, &per_call)) || (unit && !*unit))
		return "BENCH line with a bad block field";
	char *uname = unescape_dup(name), *uunit = unit ? unescape_dup(unit) : NULL;
	if (!uname || (unit && !uunit)) {
		free(uname);
		free(uunit);
		return "BENCH name or unit with a bad %XX escape";
	}
	struct coll_bench *b = get_bench(r, id);
	if (b->have_header) {
		free(uname);
		free(uunit);
		return "second BENCH line for the same id";
	}
	const char *why = bench_params(b, l);
	if (why) {
		free(uname);
		free(uunit);
		return why;
	}
	b->have_header = 1;
	b->name = uname;
	b->unit = uunit;
	b->have_per_call = per_call_s != NULL;
	b->per_call = per_call_s ? per_call : 0;
	b->hart = hart;
	b->group = group;
	b->batch = batch;
	b->warmup = warmup;
	b->samples = samples;
	b->input_range = range;
	b->oh_cycles = ohc;
	b->oh_instret = ohi;
	b->input_kind = ik;
	b->inputs_n = inputs_n;
	b->inputs_block = (uint32_t)inputs_block;
	b->warmup_auto = (int)wa;
	b->warmup_converged = wc == 2 ? -1 : (int)wc;
	memcpy(b->oh_method, method, sizeof(method));
	b->have_parallel = par.have_parallel;
	b->parallel = par.parallel;
	b->skew_ticks = par.skew_ticks;
	b->offset_cycles = par.offset_cycles;
	note_bench_seq(b, seq);
	return NULL;
}

const char *coll_rec_overhead(struct coll_run *r, const struct wire_line *l)
{
	struct coll_overhead o = { 0 };

	/* Kinds beyond effective/total (a later firmware's) are kept as is. */
	if (opt_word(l, "kind", o.kind, sizeof(o.kind)) || !o.kind[0] ||
	    opt_word(l, "counter", o.counter, sizeof(o.counter)) ||
	    get_u64(l, "samples", &o.samples) || get_u64(l, "min", &o.min) ||
	    get_u64(l, "max", &o.max) || get_u64(l, "sum", &o.sum) || get_u64(l, "sumsq", &o.sumsq))
		return "OVERHEAD line with a missing or bad field";
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
	return NULL;
}

const char *coll_rec_tp(struct coll_run *r, const struct wire_line *l, uint32_t seq)
{
	struct coll_tp t = { .seq = seq };
	uint64_t key;

	if (get_u64(l, "key", &key) || key > 15 || get_u64(l, "hart", &t.hart) ||
	    get_u64(l, "start", &t.start) || get_u64(l, "cycles", &t.cycles) ||
	    get_u64(l, "instret", &t.instret))
		return "TP line with a missing or bad field";
	t.key = (uint32_t)key;
	if (r->ntp == r->tpcap) {
		r->tpcap = r->tpcap ? 2 * r->tpcap : 64;
		r->tp = coll_xrealloc(r->tp, r->tpcap * sizeof(*r->tp));
	}
	r->tp[r->ntp++] = t;
	return NULL;
}

const char *coll_rec_hart(struct coll_run *r, const struct wire_line *l)
{
	static const struct { const char *key; unsigned bit; size_t off; } nums[] = {
		{ "run_cycles", COLL_HART_RUN_CYCLES, offsetof(struct coll_hart, run_cycles) },
		{ "measuring", COLL_HART_MEASURING, offsetof(struct coll_hart, measuring) },
		{ "busy", COLL_HART_BUSY, offsetof(struct coll_hart, busy) },
		{ "idle", COLL_HART_IDLE, offsetof(struct coll_hart, idle) },
		{ "waiting", COLL_HART_WAITING, offsetof(struct coll_hart, waiting) },
	};
	struct coll_hart h = { 0 };
	const char *why = wire_field(l, "why");

	if (get_u64(l, "id", &h.id) || opt_word(l, "state", h.state, sizeof(h.state)) || !h.state[0])
		return "HART line with a missing or bad field";
	for (size_t i = 0; i < sizeof(nums) / sizeof(nums[0]); i++) {
		const char *v = wire_field(l, nums[i].key);
		if (!v)
			continue;
		if (wire_parse_u64(v, (uint64_t *)((char *)&h + nums[i].off)))
			return "HART line with a missing or bad field";
		h.have |= nums[i].bit;
	}
	for (size_t i = 0; i < r->nhart; i++)
		if (r->hart[i].id == h.id)
			return "second HART line for the same hart";
	if (r->nhart >= COLL_BENCH_MAX)
		return "too many HART lines";
	if (why && !(h.why = unescape_dup(why)))
		return "HART line with a bad %XX escape";
	r->hart = coll_xrealloc(r->hart, (r->nhart + 1) * sizeof(*r->hart));
	r->hart[r->nhart++] = h;
	return NULL;
}

/*
 * Asks the kernel to map the whole pages of a fresh allocation at once
 * (Linux 5.14's MADV_POPULATE_WRITE): one call instead of a page fault
 * every 4 KiB while the samples arrive, about a tenth of the decoding
 * time of a large run. Only a large block is worth it, and only up to
 * 2^22 samples (64 MiB): a header announcing more may be a damaged
 * number, and its pages are left to be touched, or not. Where the kernel
 * refuses, the pages fault in as before.
 */
static void prefault(void *p, size_t bytes)
{
#ifdef MADV_POPULATE_WRITE
	const uintptr_t page = 4096;
	uintptr_t start = ((uintptr_t)p + page - 1) & ~(page - 1);
	uintptr_t end = ((uintptr_t)p + bytes) & ~(page - 1);
	if (bytes >= (1u << 20) && bytes <= (64u << 20) && end > start)
		(void)madvise((void *)start, end - start, MADV_POPULATE_WRITE);
#else
	(void)p;
	(void)bytes;
#endif
}

static void reserve_samples(struct coll_bench *b, uint64_t n, uint64_t limit)
{
	if (n <= b->ncap)
		return;
	if (!b->s && b->have_header && limit) {
		/* The block's size is known: one allocation, never moved, of
		 * calloc's zeroed pages. The samples are only written, and only
		 * the presence bytes, a sixteenth of the size, are read first. */
		if (!(b->s = calloc((size_t)limit, sizeof(*b->s))) ||
		    !(b->present = calloc((size_t)limit, 1))) {
			fputs("rvbench: out of memory\n", stderr);
			abort();
		}
		b->ncap = (size_t)limit;
		prefault(b->s, (size_t)limit * sizeof(*b->s));
		return;
	}
	size_t cap = b->ncap ? b->ncap : 64;
	while (cap < n)
		cap *= 2;
	b->s = coll_xrealloc(b->s, cap * sizeof(*b->s));
	b->present = coll_xrealloc(b->present, cap);
	memset(b->present + b->ncap, 0, cap - b->ncap);
	b->ncap = cap;
}

/* One strict decimal (wire_parse_u64's rules: digits only, no leading
 * zero, no overflow) ending at stop; returns the end or NULL. Up to 19
 * digits cannot overflow, so only a 20-digit value is checked. */
static const char *parse_dec(const char *s, char stop, uint64_t *out)
{
	uint64_t v = 0;
	const char *p = s;
	unsigned d;

	if (*p == '0' && p[1] != stop)
		return NULL;
	while ((d = (unsigned)(unsigned char)*p - '0') <= 9 && p - s < 19) {
		v = v * 10 + d;
		p++;
	}
	if (d <= 9) { /* a 20th digit */
		if (v > (UINT64_MAX - d) / 10)
			return NULL;
		v = v * 10 + d;
		p++;
	}
	if (p == s || *p != stop)
		return NULL;
	*out = v;
	return p;
}

/* "<cycles>,<instret>", exactly what wire_parse_sample() accepts, in one
 * pass (the hot loop of a decimal stream). */
static int parse_pair(const char *s, struct wire_sample *out)
{
	const char *p = parse_dec(s, ',', &out->cycles);
	return p && parse_dec(p + 1, '\0', &out->instret) ? 0 : -1;
}

const char *coll_rec_samples(struct coll_run *r, const struct wire_line *l, uint32_t seq,
			       size_t bytes)
{
	uint64_t id, first, n;
	struct wire_sample s[CODEC_MAX_SAMPLES];
	int rice;

	/* S <block-id> <first-index> <n> <enc> <data...> */
	if (l->nfields < 5 || wire_parse_u64(l->field[0], &id) ||
	    wire_parse_u64(l->field[1], &first) || wire_parse_u64(l->field[2], &n))
		return "S line with a bad header";
	if (id >= COLL_BENCH_MAX)
		return "S line with a bench id out of range";
	if (!strcmp(l->field[3], WIRE_ENC_DECIMAL)) {
		rice = 0;
		if (n < 1 || n > WIRE_SAMPLES_PER_LINE || l->nfields != 4 + n)
			return "S line whose sample count does not match";
		for (unsigned i = 0; i < n; i++)
			if (parse_pair(l->field[4 + i], &s[i]))
				return "S line with a bad sample";
	} else if (!strcmp(l->field[3], WIRE_ENC_RICE)) {
		rice = 1;
		if (n < 1 || n > CODEC_MAX_SAMPLES || l->nfields != 5)
			return "S line whose sample count does not match";
		if (codec_decode(l->field[4], s, (unsigned)n))
			return "S line with a bad sample token";
	} else {
		return "S line with an unknown encoding";
	}
	struct coll_bench *b = get_bench(r, id);
	uint64_t limit = b->have_header ? b->warmup + b->samples : COLL_HEADERLESS_MAX;
	if (first > limit || n > limit - first)
		return "S line beyond the benchmark's sample count";
	reserve_samples(b, first + n, limit);
	if (memchr(b->present + first, 1, n))
		return "S line repeating samples already received";
	_Static_assert(sizeof(struct coll_sample) == sizeof(struct wire_sample) &&
			       offsetof(struct coll_sample, instret_raw) ==
				       offsetof(struct wire_sample, instret),
		       "a block's store takes decoded samples as they are");
	memcpy(b->s + first, s, n * sizeof(*s));
	memset(b->present + first, 1, n);
	b->nreceived += n;
	if (first + n - 1 > b->max_index || b->nreceived == n)
		b->max_index = first + n - 1;
	note_bench_seq(b, seq);
	if (id <= r->crc_bench)
		coll_crc_advance(r);
	r->s_lines++;
	r->s_lines_enc[rice]++;
	r->s_bytes += bytes;
	r->s_samples += n;
	return NULL;
}

const char *coll_rec_end(struct coll_run *r, const struct wire_line *l, uint32_t seq)
{
	uint64_t id, count, path = 0, differs = 0;
	const char *verify = wire_field(l, "verify");
	const char *checksum = wire_field(l, "checksum"), *reason = wire_field(l, "reason");
	int have_path = wire_field(l, "path_instret") != NULL;
	char status[16];

	if (get_u64(l, "id", &id) || id >= COLL_BENCH_MAX || get_u64(l, "count", &count) ||
	    !verify || (strcmp(verify, "ok") && strcmp(verify, "fail") && strcmp(verify, "none")))
		return "END line with a missing or bad field";
	if (opt_word(l, "status", status, sizeof(status)) ||
	    (checksum && wire_parse_hex(checksum, &(uint64_t){ 0 })) ||
	    (have_path && (get_u64(l, "path_instret", &path) || get_u64(l, "path_differs", &differs))))
		return "END line with a bad block field";
	char *ureason = reason ? unescape_dup(reason) : NULL;
	if (reason && !ureason)
		return "END reason with a bad %XX escape";
	struct coll_bench *b = get_bench(r, id);
	if (b->have_end) {
		free(ureason);
		return "second END line for the same id";
	}
	b->have_end = 1;
	b->reason = ureason;
	b->end_count = count;
	snprintf(b->verify, sizeof(b->verify), "%s", verify);
	/* Without status= (older firmware) the verify result is the status. */
	if (status[0])
		memcpy(b->status, status, sizeof(status));
	else
		snprintf(b->status, sizeof(b->status), "%s", strcmp(verify, "fail") ? "ok" : "verify-failed");
	if (checksum) {
		b->have_checksum = 1;
		wire_parse_hex(checksum, &b->checksum);
	}
	b->have_path = have_path;
	b->path_instret = path;
	b->path_differs = differs;
	note_bench_seq(b, seq);
	coll_crc_advance(r); /* the block may be whole now */
	return NULL;
}

const char *coll_rec_fault(struct coll_run *r, const struct wire_line *l, uint32_t seq)
{
	struct coll_fault fault = { .have = 1 };
	uint64_t id;
	int in_block = wire_field(l, "id") != NULL;

	if (get_hex(l, "scause", &fault.scause) || get_hex(l, "sepc", &fault.sepc) ||
	    get_hex(l, "stval", &fault.stval) || opt_word(l, "kind", fault.kind, sizeof(fault.kind)) ||
	    (in_block && (get_u64(l, "id", &id) || id >= COLL_BENCH_MAX)))
		return "FAULT line with a missing or bad field";
	if (!fault.kind[0])
		snprintf(fault.kind, sizeof(fault.kind), "exception");
	if (in_block) {
		/* A benchmark's trap: that block stops, the run goes on. */
		struct coll_bench *b = get_bench(r, id);
		if (b->fault.have)
			return "second FAULT line for the same block";
		b->fault = fault;
		note_bench_seq(b, seq);
		return NULL;
	}
	if (r->fault.have)
		return "second FAULT line";
	r->fault = fault;
	return NULL;
}

const char *coll_rec_trailer(struct collector *c, struct coll_run *r,
			       const struct wire_line *l, uint32_t seq)
{
	uint64_t benches, samples, crc;
	const char *status = wire_field(l, "status");

	if (get_u64(l, "benches", &benches) || get_u64(l, "samples", &samples) ||
	    get_hex(l, "crc32", &crc) || crc > UINT32_MAX || !status ||
	    strlen(status) >= sizeof(r->tr_status))
		return "TRAILER line with a missing or bad field";
	if (r->have_trailer)
		return "second TRAILER line";
	r->have_trailer = 1;
	r->trailer_seq = seq;
	r->tr_benches = benches;
	r->tr_samples = samples;
	r->tr_crc32 = (uint32_t)crc;
	snprintf(r->tr_status, sizeof(r->tr_status), "%s", status);
	c->trailers++;
	return NULL;
}
