/*
 * What the collector's unit tests share (test_collector*, test_codec_stream,
 * test_multihart*, test_csv*, test_json, test_atomic_file): decode a
 * buffer in chunks of a given size or a synthetic run whole, count what
 * was rejected, find a problem, and turn the model into the text of every
 * writer, so that two decodings compare as strings. static inline: each
 * test binary uses what it needs.
 */
#ifndef RVBENCH_COLLECTOR_FIXTURE_H
#define RVBENCH_COLLECTOR_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "collector.h"
#include "csv_out.h"
#include "meta_json.h"
#include "synth.h"
#include "wire.h"

/* Bench 0: overhead above some raw values (clamping); bench 1: a name with
 * every kind of byte the safe set allows beyond letters, no inputs. 44 + 22 samples, S lines of 16. */
static const struct synth_bench two_benches[2] = {
	{ "add_loop", 4, 40, 100, 95, 41, "ok", 0, NULL, NULL, 0, NULL },
	{ "crc:32", 2, 20, 0, 10, 5, "none", 0, NULL, NULL, 0, NULL },
};

/* two_benches as run tag sends them (seed RUN_SEED): lines 0 RUN,
 * 1 BENCH 0, 2..4 S 0 (0-15, 16-31, 32-43), 5 END 0, 6 BENCH 1,
 * 7..8 S 1 (0-15, 16-21), 9 END 1, 10 TRAILER. */
#define RUN_SEED 0x5256424E43480001ull
static inline void two_benches_run(uint32_t tag, struct synth_lines *l)
{
	struct synth_run r = { tag, RUN_SEED, two_benches, 2, "ok", 0, 0 };
	synth_run_lines(&r, l);
}

/* A stream put together by hand in memory, then decoded. */
struct memstream {
	char *buf;
	size_t len;
	FILE *f;
};

/* A new stream in m, its FILE in m->f. */
static inline FILE *ms_open(struct memstream *m)
{
	m->buf = NULL;
	m->len = 0;
	m->f = open_memstream(&m->buf, &m->len);
	assert_non_null(m->f);
	return m->f;
}

/* Closes m and returns what it holds; the caller frees it. */
static inline char *ms_close(struct memstream *m)
{
	assert_int_equal(fclose(m->f), 0);
	m->f = NULL;
	return m->buf;
}

/* A decoder test's fixture: run tag's lines (two_benches_run), and a
 * stream open in m for a test that puts one together by hand. */
struct run_fx {
	struct synth_lines l;
	struct memstream m;
};

/* cmocka setup and teardown: *state is a struct run_fx. */
static inline int setup_run_fx(void **state, uint32_t tag)
{
	struct run_fx *x = calloc(1, sizeof(*x));
	if (!x)
		return -1;
	two_benches_run(tag, &x->l);
	ms_open(&x->m);
	*state = x;
	return 0;
}

/* The run tags of the decoder's tests; setup_run_a: run TAG_A. */
#define TAG_A 0x1a2b3c4du
#define TAG_B 0x0badf00du
static inline int setup_run_a(void **state)
{
	return setup_run_fx(state, TAG_A);
}

static inline int teardown_run_fx(void **state)
{
	struct run_fx *x = *state;
	if (x->m.f)
		fclose(x->m.f);
	free(x->m.buf);
	synth_free(&x->l);
	free(x);
	return 0;
}

static inline struct collector *decode(const char *buf, size_t len, size_t chunk)
{
	struct collector *c = collector_new();
	for (size_t off = 0; off < len; off += chunk)
		collector_feed(c, buf + off, len - off < chunk ? len - off : chunk);
	collector_finish(c);
	return c;
}

/* m's text decoded in chunks of chunk bytes (SIZE_MAX: whole); m is
 * closed and freed. */
static inline struct collector *ms_decode(struct memstream *m, size_t chunk)
{
	char *buf = ms_close(m); /* m->len is final once closed */
	struct collector *c = decode(buf, m->len, chunk);
	free(m->buf);
	m->buf = NULL;
	return c;
}

/* Every present sample of a two_benches run holds exactly the value that
 * was sent, every BENCH header the values of its bench. */
static inline void assert_no_wrong_value(const struct collector *c)
{
	for (size_t i = 0; i < c->nruns; i++)
		for (size_t j = 0; j < c->runs[i].nbench; j++) {
			const struct coll_bench *b = &c->runs[i].bench[j];
			for (size_t k = 0; k < b->ncap; k++) {
				if (!b->present[k])
					continue;
				if (b->s[k].cycles_raw != synth_cycles(b->id, k) ||
				    b->s[k].instret_raw != synth_instret(b->id, k))
					print_error("run %zu bench %zu sample %zu: a wrong value\n",
						    i, j, k);
				assert_int_equal(b->s[k].cycles_raw, synth_cycles(b->id, k));
				assert_int_equal(b->s[k].instret_raw, synth_instret(b->id, k));
			}
			if (b->have_header) {
				assert_int_equal(b->warmup, two_benches[b->id].warmup);
				assert_int_equal(b->oh_cycles, two_benches[b->id].oh_cycles);
				assert_string_equal(b->name, two_benches[b->id].name);
			}
		}
}

/* l's lines joined, line skip left out (SIZE_MAX: none), decoded in chunks
 * of chunk bytes (SIZE_MAX: whole). */
static inline struct collector *decode_lines(const struct synth_lines *l, size_t skip,
					     size_t chunk)
{
	size_t len;
	char *buf = synth_join(l, skip, &len);
	struct collector *c = decode(buf, len, chunk);
	free(buf);
	return c;
}

/* Run r (with x's multi-hart records unless x is NULL) as one buffer, line
 * skip left out (SIZE_MAX: none). */
static inline char *synth_stream(const struct synth_run *r, const struct synth_extra *x,
				 size_t skip, size_t *len)
{
	struct synth_lines l = { 0 };
	if (x)
		synth_run_lines_ex(r, x, &l);
	else
		synth_run_lines(r, &l);
	char *buf = synth_join(&l, skip, len);
	synth_free(&l);
	return buf;
}

/* Run r, line skip left out (SIZE_MAX: none), decoded whole. */
static inline struct collector *synth_decoded(const struct synth_run *r, size_t skip)
{
	struct synth_lines l = { 0 };
	synth_run_lines(r, &l);
	struct collector *c = decode_lines(&l, skip, SIZE_MAX);
	synth_free(&l);
	return c;
}

/* Lines rejected for any reason. */
static inline unsigned long rejected_total(const struct collector *c)
{
	unsigned long n = 0;
	for (size_t i = 0; i < coll_reject_norder; i++)
		n += c->rejected[coll_reject_order[i]];
	return n;
}

/* 1 when run r lists exactly text among its problems. */
static inline int has_problem(const struct coll_run *r, const char *text)
{
	for (size_t i = 0; i < r->nproblem; i++)
		if (!strcmp(r->problem[i], text))
			return 1;
	return 0;
}

/* 1 when a problem of run r holds text. */
static inline int problem_mentions(const struct coll_run *r, const char *text)
{
	for (size_t i = 0; i < r->nproblem; i++)
		if (strstr(r->problem[i], text))
			return 1;
	return 0;
}

/* What a string writer (csv_field, json_write_str) makes of in. */
static inline char *written(int (*w)(FILE *, const char *), const char *in)
{
	struct memstream m;
	assert_int_equal(w(ms_open(&m), in), 0);
	return ms_close(&m);
}

/* Every case {in, out} of a table: the string writer w makes out of in. */
static inline void assert_written(int (*w)(FILE *, const char *), const char *const (*cases)[2],
				  size_t n)
{
	for (size_t i = 0; i < n; i++) {
		char *s = written(w, cases[i][0]);
		if (strcmp(s, cases[i][1]))
			print_error("case %zu of the table: the writer's output differs\n", i);
		assert_string_equal(s, cases[i][1]);
		free(s);
	}
}

/* A line of record type at seq of run tag, its fields printf'd from fmt
 * (tokens as the wire spells them), into line (WIRE_LINE_MAX + 1 bytes). */
__attribute__((format(printf, 5, 6)))
static inline const char *wire_line(char *line, uint32_t tag, uint32_t seq, const char *type,
				    const char *fmt, ...)
{
	char tokens[WIRE_LINE_MAX + 1];
	va_list ap;
	va_start(ap, fmt);
	assert_true(vsnprintf(tokens, sizeof(tokens), fmt, ap) < (int)sizeof(tokens));
	va_end(ap);
	struct wire_writer w;
	wire_begin(&w, line, WIRE_LINE_MAX + 1, tag, seq, type);
	wire_add_token(&w, tokens);
	assert_true(wire_finish(&w) > 0);
	return line;
}

/* Run tag's RUN line (fmt=1), into line (WIRE_LINE_MAX + 1 bytes). */
static inline const char *wire_run_line(char *line, uint32_t tag, uint64_t seed, uint64_t benches)
{
	return wire_line(line, tag, 0, WIRE_REC_RUN, "fmt=1 seed=0x%llx benches=%llu",
			 (unsigned long long)seed, (unsigned long long)benches);
}

/* What writer fn makes of c. */
static inline char *to_string(int (*fn)(FILE *, const struct collector *),
			      const struct collector *c)
{
	struct memstream m;
	assert_int_equal(fn(ms_open(&m), c), 0);
	return ms_close(&m);
}

/* text, a meta.json as written, parsed as its readers parse it (no key
 * twice), and ending with a newline. */
static inline json_t *meta_parse(const char *text)
{
	json_error_t e;
	json_t *root = json_loads(text, JSON_REJECT_DUPLICATES, &e);
	if (!root)
		fail_msg("meta.json does not parse: line %d: %s", e.line, e.text);
	assert_true(json_is_object(root));
	assert_true(*text && text[strlen(text) - 1] == '\n');
	return root;
}

/* text, a meta.json, parsed and dumped again on one line, keys in the
 * document's order: {"a": 1, "b": [2, {"c": null}]}. The tests look for
 * their fragments of meta.json there, values as the document has them
 * whatever the writer's layout. */
static inline char *meta_flat(const char *text)
{
	json_t *root = meta_parse(text);
	char *flat = json_dumps(root, 0);
	assert_non_null(flat);
	json_decref(root);
	return flat;
}

/* want, a JSON value, dumped as meta_flat() dumps meta.json: a fragment
 * with real numbers ("0.667") spelled as they stand there. */
static inline char *json_flat(const char *want)
{
	json_t *v = json_loads(want, JSON_DECODE_ANY, NULL);
	assert_non_null(v);
	char *flat = json_dumps(v, JSON_ENCODE_ANY);
	assert_non_null(flat);
	json_decref(v);
	return flat;
}

/* v is the JSON value want: same keys in the same order, same types and
 * values (reals compared as the doubles they parse to). */
static inline void assert_json_is(const json_t *v, const char *want)
{
	assert_non_null(v);
	char *got = json_dumps(v, JSON_ENCODE_ANY), *w = json_flat(want);
	assert_non_null(got);
	assert_string_equal(got, w);
	free(got);
	free(w);
}

/* Run i's object in meta.json's tree root. */
static inline json_t *meta_run(const json_t *root, size_t i)
{
	json_t *run = json_array_get(json_object_get(root, "runs"), i);
	assert_non_null(run);
	return run;
}

/* meta.json of c, as `rvbench replay` writes it (src, NULL: replay). */
static inline char *meta_text(const struct collector *c, const struct meta_source *src)
{
	static const struct meta_source replay = { .kind = "replay", .file = "x", .end = "eof" };
	struct memstream m;
	assert_int_equal(meta_json_write(ms_open(&m), c, src ? src : &replay), 0);
	return ms_close(&m);
}

/* meta.json of c, as `rvbench replay` writes it (src, NULL: replay), on one
 * line (meta_flat). */
static inline char *meta_src(const struct collector *c, const struct meta_source *src)
{
	char *text = meta_text(c, src), *flat = meta_flat(text);
	free(text);
	return flat;
}

/* meta.json of c (replay) parsed, for the values at a path. */
static inline json_t *meta_tree(const struct collector *c)
{
	char *text = meta_text(c, NULL);
	json_t *root = meta_parse(text);
	free(text);
	return root;
}

static inline char *meta(const struct collector *c)
{
	return meta_src(c, NULL);
}

/* Every string of want[0..n) stands in s. */
static inline void assert_contains(const char *s, const char *const *want, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strstr(s, want[i]))
			fail_msg("not found: \"%s\"", want[i]);
}

/* Everything the writers produce, the model made comparable: samples.csv,
 * summary.csv, gaps.csv, tracepoints.csv, then meta.json. With
 * blank_bytes, meta.json's bytes_received (the input's size, not part of
 * the model when two different inputs are compared) is blanked. */
static inline char *dump_model(const struct collector *c, int blank_bytes)
{
	char *parts[5] = { to_string(csv_write_samples, c), to_string(csv_write_summary, c),
			   to_string(csv_write_gaps, c), to_string(csv_write_tracepoints, c), meta(c) };
	size_t n = 0;
	for (int i = 0; i < 5; i++)
		n += strlen(parts[i]);
	char *all = malloc(n + 1), *p = all;
	assert_non_null(all);
	for (int i = 0; i < 5; i++) {
		p = stpcpy(p, parts[i]);
		free(parts[i]);
	}
	char *b = blank_bytes ? strstr(all, "\"bytes_received\": ") : NULL;
	for (b = b ? b + 18 : NULL; b && *b >= '0' && *b <= '9'; b++)
		*b = '#';
	return all;
}

/* buf decoded in chunks of chunk bytes gives the model ref (dump_model). */
static inline void assert_model_in_chunks(const char *buf, size_t len, size_t chunk,
					  const char *ref)
{
	struct collector *c = decode(buf, len, chunk);
	char *got = dump_model(c, 0);
	assert_string_equal(got, ref);
	free(got);
	collector_free(c);
}

/* The lines of file path, each with its line end. */
static inline void file_lines(const char *path, struct synth_lines *l)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0;

	assert_non_null(f);
	while (getline(&buf, &cap, f) > 0) {
		l->line = realloc(l->line, (l->n + 1) * sizeof(*l->line));
		assert_non_null(l->line);
		l->line[l->n++] = strdup(buf);
	}
	free(buf);
	fclose(f);
}

#endif
