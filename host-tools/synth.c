/* Synthetic runs for tests (synth.h). */
#include "synth.h"

#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "crc.h"
#include "wire.h"

uint64_t synth_cycles(uint32_t id, uint64_t index)
{
	return 90 + 10 * (uint64_t)id + (index * 7919) % 37;
}

uint64_t synth_instret(uint32_t id, uint64_t index)
{
	return 40 + id + index % 5;
}

static void push(struct synth_lines *out, struct wire_writer *w)
{
	/* A line that does not fit is a bug in the test, not data. */
	if (wire_finish(w) < 0)
		abort();
	out->line = coll_xrealloc(out->line, (out->n + 1) * sizeof(*out->line));
	out->line[out->n++] = strdup(w->buf);
}

void synth_run_lines(const struct synth_run *r, struct synth_lines *out)
{
	char buf[WIRE_LINE_MAX + 1];
	struct wire_writer w;
	uint32_t seq = 0, crc = crc32_init();
	uint64_t total = 0;

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
	wire_add_kv_u64(&w, "benches", r->nbench);
	push(out, &w);
	for (uint32_t id = 0; id < r->nbench; id++) {
		const struct synth_bench *b = &r->bench[id];
		uint32_t count = b->warmup + b->samples;
		wire_begin(&w, buf, sizeof(buf), r->tag, seq++, WIRE_REC_BENCH);
		wire_add_kv_u64(&w, "id", id);
		wire_add_kv_str(&w, "name", b->name);
		wire_add_kv_u64(&w, "hart", 1);
		wire_add_kv_u64(&w, "group", 0);
		wire_add_kv_u64(&w, "batch", 1);
		wire_add_kv_u64(&w, "warmup", b->warmup);
		wire_add_kv_u64(&w, "samples", b->samples);
		wire_add_kv_u64(&w, "input_range", b->input_range);
		wire_add_kv_u64(&w, "oh_cycles", b->oh_cycles);
		wire_add_kv_u64(&w, "oh_instret", b->oh_instret);
		push(out, &w);
		for (uint32_t first = 0; first < count; first += WIRE_SAMPLES_PER_LINE) {
			uint32_t n = count - first < WIRE_SAMPLES_PER_LINE ? count - first
									    : WIRE_SAMPLES_PER_LINE;
			wire_begin(&w, buf, sizeof(buf), r->tag, seq++, WIRE_REC_SAMPLES);
			wire_add_u64(&w, id);
			wire_add_u64(&w, first);
			wire_add_u64(&w, n);
			wire_add_token(&w, WIRE_ENC_DECIMAL);
			for (uint32_t k = first; k < first + n; k++) {
				struct wire_sample s = { synth_cycles(id, k), synth_instret(id, k) };
				wire_add_sample(&w, &s);
				crc = crc32_add_sample(crc, s.cycles, s.instret);
			}
			push(out, &w);
		}
		total += count;
		wire_begin(&w, buf, sizeof(buf), r->tag, seq++, WIRE_REC_END);
		wire_add_kv_u64(&w, "id", id);
		wire_add_kv_u64(&w, "count", count);
		wire_add_kv_str(&w, "verify", b->verify ? b->verify : "ok");
		push(out, &w);
	}
	wire_begin(&w, buf, sizeof(buf), r->tag, seq++, WIRE_REC_TRAILER);
	wire_add_kv_u64(&w, "benches", r->nbench);
	wire_add_kv_u64(&w, "samples", total);
	wire_add_kv_hex(&w, "crc32", crc32_final(crc));
	wire_add_kv_str(&w, "status", r->status ? r->status : "ok");
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
