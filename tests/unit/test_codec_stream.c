/*
 * The collector on damaged streams: a captured QEMU stream (encoding d)
 * and synthetic runs in encoding r, with bit flips, dropped, duplicated
 * and inserted bytes, truncation, a reboot mid-run, wrong-baud garbage,
 * foreign text spliced into lines and banners with CR and ANSI codes.
 * Pass: no wrong sample ever accepted, gaps exactly the missing samples,
 * every chunking gives the same result, no hang.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "collector_fixture.h"
#include "tmpdir_fixture.h"
#include "csv_out.h"
#include "lcg.h"
#include "meta_json.h"
#include "synth.h"
#include "wire.h"

#define FIXTURE "tests/fixtures/qemu-sifive_u-300.log"

static const struct synth_bench benches[3] = {
	{ "tight", 10, 700, 100, 6, 4, "ok", 0, NULL, NULL, 0, NULL },
	{ "perm", 4, 300, 64, 6, 4, "ok", 0, "permutation", "n=64", 0, NULL },
	{ "seq", 0, 90, 7, 6, 4, "none", 0, "sequential", NULL, 0, NULL },
};

static char *rice_stream(uint32_t tag, size_t *len)
{
	struct synth_run r = { tag, RUN_SEED, benches, 3, NULL, 1, 1 };
	return synth_stream(&r, NULL, SIZE_MAX, len);
}

/* Every sample present in got equals the reference's sample of the same
 * run tag, block and index; the gaps are exactly the missing indices. */
static void check_against(const struct collector *ref, const struct collector *got)
{
	for (size_t i = 0; i < got->nruns; i++) {
		const struct coll_run *g = &got->runs[i], *rr = NULL;
		for (size_t j = 0; j < ref->nruns; j++)
			if (ref->runs[j].tag == g->tag)
				rr = &ref->runs[j];
		for (size_t b = 0; b < g->nbench; b++) {
			const struct coll_bench *gb = &g->bench[b];
			for (size_t k = 0; k < gb->ncap; k++) {
				if (!gb->present[k])
					continue;
				/* A value from a run or block the reference never had is wrong. */
				assert_non_null(rr);
				assert_true(b < rr->nbench && k < rr->bench[b].ncap);
				assert_true(rr->bench[b].present[k]);
				assert_int_equal(gb->s[k].cycles_raw, rr->bench[b].s[k].cycles_raw);
				assert_int_equal(gb->s[k].instret_raw, rr->bench[b].s[k].instret_raw);
			}
			uint64_t expected = coll_bench_expected(gb);
			for (uint64_t k = 0; k < expected; k++) {
				int present = k < gb->ncap && gb->present[k], in_gap = 0;
				for (size_t x = 0; x < g->ngap; x++)
					if (g->gap[x].bench == b && g->gap[x].first <= k && k <= g->gap[x].last)
						in_gap++;
				assert_int_equal(in_gap, !present);
			}
		}
		if (g->complete)
			assert_int_equal(g->total_received, rr->total_received);
	}
}

/* One mutation of the stream by kind, at LCG-chosen places. */
static char *mutate(const char *in, size_t len, unsigned kind, struct lcg *g, size_t *outlen)
{
	static const char *const foreign[] = {
		"\x1b[2K\x1b[1;31mU-Boot 2023.01\r", "@RVB ", " *0000", "\r\n", "rvbench: hello\r\n",
		"@RVB 1a2b3c4d 5 S 0 0 1 r AAAA *1234\r\n", "\0\0\0", "%%%", "@",
	};
	size_t cap = len * 2 + 4096, n = 0;
	char *out = malloc(cap);
	assert_non_null(out);
	size_t at = len ? lcg_below(g, (uint32_t)len) : 0;
	switch (kind) {
	case 0: /* bit flips */
		memcpy(out, in, len);
		n = len;
		for (int i = 0; i < 3; i++)
			out[lcg_below(g, (uint32_t)len)] ^= (char)(1u << lcg_below(g, 8));
		break;
	case 1: { /* dropped bytes */
		size_t drop = 1 + lcg_below(g, 200);
		if (drop > len - at)
			drop = len - at;
		memcpy(out, in, at);
		memcpy(out + at, in + at + drop, len - at - drop);
		n = len - drop;
		break;
	}
	case 2: { /* duplicated bytes */
		size_t dup = 1 + lcg_below(g, 600);
		if (dup > len - at)
			dup = len - at;
		memcpy(out, in, at + dup);
		memcpy(out + at + dup, in + at, len - at);
		n = len + dup;
		break;
	}
	case 3: { /* inserted foreign text */
		const char *t = foreign[lcg_below(g, sizeof(foreign) / sizeof(foreign[0]))];
		size_t tl = strlen(t) ? strlen(t) : 3;
		memcpy(out, in, at);
		memcpy(out + at, t, tl);
		memcpy(out + at + tl, in + at, len - at);
		n = len + tl;
		break;
	}
	case 4: /* truncation */
		memcpy(out, in, at);
		n = at;
		break;
	case 5: { /* wrong-baud garbage: random bytes for a while */
		size_t junk = 1 + lcg_below(g, 300);
		memcpy(out, in, at);
		for (size_t i = 0; i < junk; i++)
			out[at + i] = (char)lcg_below(g, 256);
		memcpy(out + at + junk, in + at, len - at);
		n = len + junk;
		break;
	}
	default: { /* a reboot: the stream starts over from the beginning */
		memcpy(out, in, at);
		const char *banner = "\r\nOpenSBI v1.1\r\n\x1b[0m";
		memcpy(out + at, banner, strlen(banner));
		memcpy(out + at + strlen(banner), in, len);
		n = at + strlen(banner) + len;
		break;
	}
	}
	*outlen = n;
	return out;
}

static void fault_injection(const char *clean, size_t len, unsigned rounds)
{
	struct collector *ref = decode(clean, len, len);
	struct lcg g;

	assert_int_equal(ref->nruns, 1);
	assert_true(ref->runs[0].complete);
	lcg_seed(&g, 42);
	for (unsigned i = 0; i < rounds; i++) {
		size_t n;
		char *m = mutate(clean, len, i % 7, &g, &n);
		struct collector *c = decode(m, n, 1 + lcg_below(&g, 700));
		check_against(ref, c);
		collector_free(c);
		free(m);
	}
	collector_free(ref);
}

static void test_captured_stream_faults(void **state)
{
	(void)state;
	size_t len;
	char *buf = file_read(FIXTURE, &len);
	struct collector *c = decode(buf, len, len);
	/* The fixture is a real QEMU run: 4 blocks of 400 samples, complete. */
	assert_int_equal(c->nruns, 1);
	assert_true(c->runs[0].complete);
	assert_true(c->runs[0].ok);
	assert_int_equal(c->runs[0].total_received, 1600);
	collector_free(c);
	fault_injection(buf, len, 700);
	free(buf);
}

/* A reboot re-sends the same run tag only by chance; here it sends the
 * same stream: the copy is an exact duplicate, line by line. */
static void test_rice_stream_faults(void **state)
{
	(void)state;
	size_t len;
	char *buf = rice_stream(0x1a2b3c4d, &len);
	fault_injection(buf, len, 700);
	free(buf);
}

static void test_rice_every_chunking(void **state)
{
	(void)state;
	size_t len;
	char *run = rice_stream(0x1a2b3c4d, &len);
	char *buf = malloc(len + 200);
	/* Noise in front and a cut at the end, so every path is chunked. */
	const char *noise = "\x1b[0mOpenSBI\r\n";
	memcpy(buf, noise, strlen(noise));
	memcpy(buf + strlen(noise), run, len - 7);
	size_t n = strlen(noise) + len - 7;

	struct collector *whole = decode(buf, n, n);
	char *ref = dump_model(whole, 0);
	for (size_t chunk = 1; chunk <= 600; chunk += chunk < 40 ? 1 : 37)
		assert_model_in_chunks(buf, n, chunk, ref);
	free(ref);
	collector_free(whole);
	free(buf);
	free(run);
}

static void test_rice_exact_and_inputs(void **state)
{
	(void)state;
	size_t len;
	char *buf = rice_stream(0x0badf00d, &len);
	struct collector *c = decode(buf, len, len);
	const struct coll_run *r = &c->runs[0];

	assert_true(r->complete);
	assert_true(r->ok);
	assert_int_equal(r->s_lines_enc[0], 0);
	assert_true(r->s_lines_enc[1] > 0);
	assert_int_equal(r->s_samples, 710 + 304 + 90);
	assert_int_equal(r->noh, 2);
	assert_string_equal(r->oh[0].kind, "effective");
	assert_string_equal(r->oh[1].kind, "total");
	for (size_t b = 0; b < 3; b++)
		for (size_t k = 0; k <= r->bench[b].max_index; k++) {
			assert_int_equal(r->bench[b].s[k].cycles_raw, synth_cycles((uint32_t)b, k));
			assert_int_equal(r->bench[b].s[k].instret_raw, synth_instret((uint32_t)b, k));
		}
	/* Inputs of a permutation of 64 and a sequence modulo 7. */
	uint64_t in[304];
	assert_int_equal(coll_bench_inputs(r, &r->bench[1], in, 304), 304);
	int seen[64] = { 0 };
	for (int k = 0; k < 64; k++)
		seen[in[k]]++;
	for (int k = 0; k < 64; k++)
		assert_int_equal(seen[k], 1);
	assert_int_equal(in[64], in[0]);
	assert_int_equal(coll_bench_inputs(r, &r->bench[2], in, 90), 90);
	for (int k = 0; k < 90; k++)
		assert_int_equal(in[k], (uint64_t)(k % 7));
	assert_string_equal(r->bench[1].param[0].key, "n");
	assert_string_equal(r->bench[1].param[0].value, "64");
	/* The END path fields agree with the samples. */
	assert_true(r->bench[0].have_path && r->bench[0].have_mode);
	assert_int_equal(r->bench[0].path_instret, r->bench[0].mode_instret);

	char *s = dump_model(c, 0);
	/* meta.json's reals have three decimals, whatever digits jansson
	 * spells them with (json_flat). */
	char *want = json_flat("{\"kind\": \"effective\", \"counter\": \"plain\", \"samples\": 4, \"min\": 10,"
			       " \"max\": 12, \"sum\": 44, \"sumsq\": 486, \"mean\": 11.000,"
			       " \"variance\": 0.667, \"stddev\": 0.816, \"stddev_pct\": 7.423}");
	assert_non_null(strstr(s, want));
	free(want);
	assert_non_null(strstr(s, "\"kind\": \"total\", \"counter\": \"plain\", \"samples\": 2, \"min\": 20,"
				  " \"max\": 22, \"sum\": 42, \"sumsq\": 884, \"mean\": 21.0, \"variance\": 2.0"));
	assert_non_null(strstr(s, "\"params\": {\"n\": \"64\"}"));
	assert_non_null(strstr(s, "\"written\": \"complete\""));
	free(s);
	collector_free(c);
	free(buf);
}

/* A benchmark fault: the block stops, the run goes on; nothing is lost,
 * but the run failed. */
static void test_block_fault(void **state)
{
	(void)state;
	static const struct synth_bench fb[2] = {
		{ "boom", 2, 50, 0, 6, 4, "ok", 0, NULL, NULL, 20, NULL },
		{ "fine", 2, 30, 0, 6, 4, "ok", 4, NULL, NULL, 0, NULL },
	};
	struct synth_run sr = { 0x77, 1, fb, 2, NULL, 1, 0 };
	struct synth_lines l = { 0 };
	synth_run_lines(&sr, &l);
	struct collector *c = decode_lines(&l, SIZE_MAX, 9);
	const struct coll_run *r = &c->runs[0];

	assert_true(r->complete);
	assert_false(r->ok);
	assert_false(collector_all_ok(c));
	assert_true(r->bench[0].fault.have);
	assert_string_equal(r->bench[0].status, "fault");
	assert_int_equal(r->ngap, 1);
	assert_int_equal(r->gap[0].first, 20);
	assert_int_equal(r->gap[0].last, 51);
	assert_string_equal(r->gap[0].reason, "not sent");
	assert_string_equal(r->failure[0], "bench 0: exception (scause=0x5 sepc=0x80201234 stval=0x0)");
	assert_string_equal(r->tr_status, "failed");
	/* Batch 4: per-call statistics with 3 decimals. */
	char *s = to_string(csv_write_summary, c);
	assert_non_null(strstr(s, "00000077,fine,1,,1,0,4,30,")); /* block 1, no params */
	assert_non_null(strstr(s, ",ok,ok,"));
	free(s);
	collector_free(c);
	synth_free(&l);
}

/* A trap outside any block (the harness itself): the run ends there, with
 * no trailer; the fault is named in the failures and in meta.json. */
static void test_run_fault(void **state)
{
	(void)state;
	char lines[512], buf[256];
	struct wire_writer w;
	size_t len = 0;

	wire_begin(&w, buf, sizeof(buf), 0x99, 0, WIRE_REC_RUN);
	wire_add_kv_u64(&w, "fmt", WIRE_VERSION);
	wire_add_kv_hex(&w, "seed", 1);
	assert_true(wire_finish(&w) > 0);
	len += (size_t)snprintf(lines + len, sizeof(lines) - len, "%s", buf);
	wire_begin(&w, buf, sizeof(buf), 0x99, 1, WIRE_REC_FAULT);
	wire_add_kv_str(&w, "kind", "exception");
	wire_add_kv_hex(&w, "scause", 7);
	wire_add_kv_hex(&w, "sepc", 0x80200010u);
	wire_add_kv_hex(&w, "stval", 0x12);
	assert_true(wire_finish(&w) > 0);
	len += (size_t)snprintf(lines + len, sizeof(lines) - len, "%s", buf);

	struct collector *c = decode(lines, len, 5);
	const struct coll_run *r = &c->runs[0];
	assert_true(r->fault.have);
	assert_string_equal(r->fault.kind, "exception");
	assert_false(r->ok);
	int named = 0;
	for (size_t i = 0; i < r->nfailure; i++)
		named |= !strcmp(r->failure[i],
				 "fault outside any block: exception (scause=0x7 sepc=0x80200010 stval=0x12)");
	assert_true(named);

	json_t *tree = meta_tree(c); /* the run's fault, not a block's */
	assert_json_is(json_object_get(meta_run(tree, 0), "fault"),
		       "{\"kind\": \"exception\", \"scause\": \"0x7\", "
		       "\"sepc\": \"0x80200010\", \"stval\": \"0x12\"}");
	json_decref(tree);
	collector_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_captured_stream_faults),
		cmocka_unit_test(test_rice_stream_faults),
		cmocka_unit_test(test_rice_every_chunking),
		cmocka_unit_test(test_rice_exact_and_inputs),
		cmocka_unit_test(test_block_fault),
		cmocka_unit_test(test_run_fault),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
