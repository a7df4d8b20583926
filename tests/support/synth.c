/* Synthetic runs for tests (synth.h). */
#include "synth.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "collector.h"
#include "crc.h"
#include "stats.h"
#include "wire.h"

uint64_t synth_cycles(uint32_t id, uint64_t index)
{
	return 90 + 10 * (uint64_t)id + (index * 7919) % 37;
}

uint64_t synth_instret(uint32_t id, uint64_t index)
{
	return 40 + id + index % 5;
}

uint64_t synth_skew(uint32_t id)
{
	return 3 + id;
}

uint64_t synth_tp_start(uint32_t id, uint32_t k)
{
	return 1000000 * (uint64_t)(id + 1) + 977 * k;
}

uint64_t synth_tp_cycles(uint32_t id, uint32_t k)
{
	return 50 + 3 * id + k;
}

uint64_t synth_tp_instret(uint32_t id, uint32_t k)
{
	return 20 + id + k % 4;
}

static void push(struct synth_lines *out, struct wire_writer *w)
{
	/* A line that does not fit is a bug in the test, not data. */
	if (wire_finish(w) < 0)
		abort();
	out->line = coll_xrealloc(out->line, (out->n + 1) * sizeof(*out->line));
	out->line[out->n++] = strdup(w->buf);
}

/* The END fields the firmware computes from the samples it sent. */
static void end_fields(struct wire_writer *w, const struct synth_bench *b, uint32_t id,
		       uint32_t count)
{
	uint64_t sum = 0, *v = coll_xrealloc(NULL, (count + 1) * sizeof(*v));
	size_t n = 0, modal = 0;
	int clamped;

	for (uint32_t k = 0; k < count; k++) {
		sum += synth_cycles(id, k) * 31 + k; /* a stand-in for run()'s results */
		if (k >= b->warmup)
			v[n++] = stats_net(synth_instret(id, k), b->oh_instret, &clamped);
	}
	uint64_t mode = 0;
	if (n) {
		stats_sort_u64(v, n);
		mode = stats_mode(v, n, &modal);
	}
	free(v);
	wire_add_kv_hex(w, "checksum", sum);
	wire_add_kv_str(w, "status", b->status ? b->status
				     : b->fault_at ? "fault"
				     : b->verify && !strcmp(b->verify, "fail") ? "verify-failed" : "ok");
	wire_add_kv_u64(w, "path_instret", mode);
	wire_add_kv_u64(w, "path_differs", n - modal);
}

static void overhead_lines(struct synth_lines *out, uint32_t tag, uint32_t *seq)
{
	char buf[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	/* Samples 10, 11, 12, 11 (effective) and 20, 22 (total). */
	static const struct { const char *kind; uint64_t n, min, max, sum, sumsq; } oh[2] = {
		{ "effective", 4, 10, 12, 44, 486 },
		{ "total", 2, 20, 22, 42, 884 },
	};
	for (int i = 0; i < 2; i++) {
		wire_begin(&w, buf, sizeof(buf), tag, (*seq)++, WIRE_REC_OVERHEAD);
		wire_add_kv_str(&w, "kind", oh[i].kind);
		wire_add_kv_str(&w, "counter", "plain");
		wire_add_kv_u64(&w, "samples", oh[i].n);
		wire_add_kv_u64(&w, "min", oh[i].min);
		wire_add_kv_u64(&w, "max", oh[i].max);
		wire_add_kv_u64(&w, "sum", oh[i].sum);
		wire_add_kv_u64(&w, "sumsq", oh[i].sumsq);
		push(out, &w);
	}
}

static void sample_lines(const struct synth_run *r, struct synth_lines *out, uint32_t id,
			 uint32_t count, uint32_t *seq, uint32_t *crc)
{
	char buf[WIRE_LINE_MAX + 1], tok[CODEC_TOKEN_MAX + 1];
	struct wire_sample s[CODEC_MAX_SAMPLES];
	struct wire_writer w;

	for (uint32_t first = 0; first < count;) {
		uint32_t n = count - first, max = r->rice ? CODEC_MAX_SAMPLES : WIRE_SAMPLES_PER_LINE;
		if (n > max)
			n = max;
		for (uint32_t k = 0; k < n; k++)
			s[k] = (struct wire_sample){ synth_cycles(id, first + k), synth_instret(id, first + k) };
		if (r->rice)
			n = codec_fit(s, n, CODEC_TOKEN_MAX);
		wire_begin(&w, buf, sizeof(buf), r->tag, (*seq)++, WIRE_REC_SAMPLES);
		wire_add_u64(&w, id);
		wire_add_u64(&w, first);
		wire_add_u64(&w, n);
		if (r->rice) {
			if (codec_encode(s, n, tok, sizeof(tok)) < 0)
				abort();
			wire_add_token(&w, WIRE_ENC_RICE);
			wire_add_token(&w, tok);
		} else {
			wire_add_token(&w, WIRE_ENC_DECIMAL);
			for (uint32_t k = 0; k < n; k++)
				wire_add_sample(&w, &s[k]);
		}
		for (uint32_t k = 0; k < n; k++)
			*crc = crc32_add_sample(*crc, s[k].cycles, s[k].instret);
		push(out, &w);
		first += n;
	}
}

void synth_run_lines(const struct synth_run *r, struct synth_lines *out)
{
	synth_run_lines_ex(r, NULL, out);
}

static void hart_lines(struct synth_lines *out, uint32_t tag, uint32_t *seq)
{
	char buf[WIRE_LINE_MAX + 1];
	struct wire_writer w;

	wire_begin(&w, buf, sizeof(buf), tag, (*seq)++, WIRE_REC_HART);
	wire_add_kv_u64(&w, "id", 0);
	wire_add_kv_str(&w, "state", "skipped");
	wire_add_kv_str(&w, "why", "no S-mode (E51), \"monitor\" core");
	push(out, &w);
	wire_begin(&w, buf, sizeof(buf), tag, (*seq)++, WIRE_REC_HART);
	wire_add_kv_u64(&w, "id", 1);
	wire_add_kv_str(&w, "state", "boot");
	wire_add_kv_u64(&w, "run_cycles", 123456789);
	wire_add_kv_u64(&w, "measuring", 100000000);
	wire_add_kv_u64(&w, "waiting", 4242);
	push(out, &w);
	wire_begin(&w, buf, sizeof(buf), tag, (*seq)++, WIRE_REC_HART);
	wire_add_kv_u64(&w, "id", 2);
	wire_add_kv_str(&w, "state", "online");
	wire_add_kv_u64(&w, "busy", 5000);
	wire_add_kv_u64(&w, "idle", 7000);
	wire_add_kv_u64(&w, "waiting", 0);
	push(out, &w);
	wire_begin(&w, buf, sizeof(buf), tag, (*seq)++, WIRE_REC_HART);
	wire_add_kv_u64(&w, "id", 3);
	wire_add_kv_str(&w, "state", "failed");
	wire_add_kv_str(&w, "why", "sbi_hart_start: -3 @ 100%");
	push(out, &w);
}

void synth_run_lines_ex(const struct synth_run *r, const struct synth_extra *x,
			struct synth_lines *out)
{
	char buf[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	uint32_t seq = 0, crc = crc32_init();
	uint64_t total = 0;
	int failed = 0;

	wire_begin(&w, buf, sizeof(buf), r->tag, seq++, WIRE_REC_RUN);
	wire_add_kv_u64(&w, "fmt", WIRE_VERSION);
	wire_add_kv_str(&w, "fw", "synth 1");
	wire_add_kv_str(&w, "model", "SiFive HiFive Unleashed A00");
	wire_add_kv_u64(&w, "hart", 1);
	wire_add_kv_str(&w, "harts", "1,2,3,4");
	wire_add_kv_u64(&w, "timebase", 1000000);
	wire_add_kv_hex(&w, "mem_base", 0x80000000u);
	wire_add_kv_hex(&w, "mem_size", 0x8000000u);
	wire_add_kv_str(&w, "console", "sifive,uart0");
	wire_add_kv_hex(&w, "seed", r->seed);
	wire_add_kv_str(&w, "counter", "plain");
	wire_add_kv_str(&w, "warmup", "auto");
	wire_add_kv_u64(&w, "budget_ms", 0);
	if (x && x->run_flags)
		wire_add_kv_u64(&w, "cross", x->cross);
	wire_add_kv_u64(&w, "benches", r->nbench);
	if (x && x->run_flags)
		wire_add_kv_u64(&w, "parallel", x->parallel);
	wire_add_kv_u64(&w, "bad_options", 0);
	push(out, &w);
	if (r->overhead)
		overhead_lines(out, r->tag, &seq);
	for (uint32_t id = 0; id < r->nbench; id++) {
		const struct synth_bench *b = &r->bench[id];
		uint32_t count = b->fault_at ? b->fault_at : b->warmup + b->samples;
		wire_begin(&w, buf, sizeof(buf), r->tag, seq++, WIRE_REC_BENCH);
		wire_add_kv_u64(&w, "id", id);
		wire_add_kv_str(&w, "name", b->name);
		wire_add_kv_u64(&w, "hart", 1);
		wire_add_kv_u64(&w, "group", 0);
		wire_add_kv_u64(&w, "batch", b->batch ? b->batch : 1);
		wire_add_kv_u64(&w, "warmup", b->warmup);
		wire_add_kv_u64(&w, "warmup_auto", 0);
		wire_add_kv_u64(&w, "samples", b->samples);
		wire_add_kv_str(&w, "input_kind", b->input_kind ? b->input_kind : "range");
		wire_add_kv_u64(&w, "input_range", b->input_range);
		wire_add_kv_u64(&w, "inputs_n", b->warmup + b->samples);
		wire_add_kv_u64(&w, "oh_cycles", b->oh_cycles);
		wire_add_kv_u64(&w, "oh_instret", b->oh_instret);
		wire_add_kv_str(&w, "oh_method", "min");
		if (x && x->npar) {
			int64_t off = x->offset ? x->offset[id] : 0;
			wire_add_kv_u64(&w, "parallel", x->npar);
			wire_add_kv_u64(&w, "skew_ticks", synth_skew(id));
			if (off < 0) {
				char neg[24];
				snprintf(neg, sizeof(neg), "%lld", (long long)off);
				wire_add_kv_str(&w, "offset_cycles", neg); /* as the firmware does */
			} else {
				wire_add_kv_u64(&w, "offset_cycles", (uint64_t)off);
			}
		}
		if (b->param) {
			/* "NAME=value" becomes p.NAME=value (value escaped). */
			char key[64];
			const char *eq = strchr(b->param, '=');
			if (!eq || (size_t)(eq - b->param) + 3 > sizeof(key))
				abort();
			snprintf(key, sizeof(key), "p.%.*s", (int)(eq - b->param), b->param);
			wire_add_kv_str(&w, key, eq + 1);
		}
		push(out, &w);
		sample_lines(r, out, id, count, &seq, &crc);
		total += count;
		if (b->fault_at) {
			wire_begin(&w, buf, sizeof(buf), r->tag, seq++, WIRE_REC_FAULT);
			wire_add_kv_u64(&w, "id", id);
			wire_add_kv_str(&w, "kind", "exception");
			wire_add_kv_hex(&w, "scause", 5);
			wire_add_kv_hex(&w, "sepc", 0x80201234u);
			wire_add_kv_hex(&w, "stval", 0);
			push(out, &w);
		}
		wire_begin(&w, buf, sizeof(buf), r->tag, seq++, WIRE_REC_END);
		wire_add_kv_u64(&w, "id", id);
		wire_add_kv_u64(&w, "count", count);
		wire_add_kv_str(&w, "verify", b->verify ? b->verify : "ok");
		end_fields(&w, b, id, count);
		failed |= b->fault_at || (b->verify && !strcmp(b->verify, "fail")) ||
			  (b->status && strcmp(b->status, "ok"));
		push(out, &w);
		for (uint32_t k = 0; x && k < x->tp_per_block; k++) {
			wire_begin(&w, buf, sizeof(buf), r->tag, seq++, WIRE_REC_TP);
			wire_add_kv_u64(&w, "key", k % 16);
			wire_add_kv_u64(&w, "hart", 1);
			wire_add_kv_u64(&w, "start", synth_tp_start(id, k));
			wire_add_kv_u64(&w, "cycles", synth_tp_cycles(id, k));
			wire_add_kv_u64(&w, "instret", synth_tp_instret(id, k));
			push(out, &w);
		}
	}
	if (x && x->harts)
		hart_lines(out, r->tag, &seq);
	wire_begin(&w, buf, sizeof(buf), r->tag, seq++, WIRE_REC_TRAILER);
	wire_add_kv_u64(&w, "benches", r->nbench);
	wire_add_kv_u64(&w, "samples", total);
	wire_add_kv_hex(&w, "crc32", crc32_final(crc));
	wire_add_kv_str(&w, "status", r->status ? r->status : failed ? "failed" : "ok");
	push(out, &w);
}

char *synth_join(const struct synth_lines *l, size_t skip, size_t *len)
{
	size_t n = 0;
	for (size_t i = 0; i < l->n; i++)
		if (i != skip)
			n += strlen(l->line[i]);
	char *buf = coll_xrealloc(NULL, n + 1), *p = buf;
	for (size_t i = 0; i < l->n; i++)
		if (i != skip) {
			size_t k = strlen(l->line[i]);
			memcpy(p, l->line[i], k);
			p += k;
		}
	*p = '\0';
	*len = n;
	return buf;
}

void synth_free(struct synth_lines *l)
{
	for (size_t i = 0; i < l->n; i++)
		free(l->line[i]);
	free(l->line);
	l->line = NULL;
	l->n = 0;
}
