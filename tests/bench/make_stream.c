/*
 * Writes a long synthetic run to stdout for the collector's speed test
 * (docs/performance.md): BLOCKS blocks of 100,000 samples of the "tight"
 * reference distribution, in encoding r or d.
 *   make_stream r|d BLOCKS > stream.log
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "crc.h"
#include "synth_dist.h"
#include "wire.h"

static char line[WIRE_LINE_MAX + 1];
static struct wire_writer w;
static uint32_t seq;

static void send(void)
{
	if (wire_finish(&w) < 0)
		abort();
	fputs(line, stdout);
}

int main(int argc, char **argv)
{
	int rice = argc > 1 && !strcmp(argv[1], "r");
	unsigned blocks = argc > 2 ? (unsigned)atoi(argv[2]) : 10;
	struct wire_sample *s = malloc(SYNTH_DIST_N * sizeof(*s));
	char tok[CODEC_TOKEN_MAX + 1];
	uint32_t crc = crc32_init(), tag = 0x600dcafe;

	if (!s)
		return 1;
	wire_begin(&w, line, sizeof(line), tag, seq++, WIRE_REC_RUN);
	wire_add_kv_u64(&w, "fmt", WIRE_VERSION);
	wire_add_kv_hex(&w, "seed", 1);
	wire_add_kv_u64(&w, "benches", blocks);
	send();
	for (unsigned id = 0; id < blocks; id++) {
		synth_dist_tight(s, id + 1);
		wire_begin(&w, line, sizeof(line), tag, seq++, WIRE_REC_BENCH);
		wire_add_kv_u64(&w, "id", id);
		wire_add_kv_str(&w, "name", "tight");
		wire_add_kv_u64(&w, "hart", 1);
		wire_add_kv_u64(&w, "group", 0);
		wire_add_kv_u64(&w, "batch", 1);
		wire_add_kv_u64(&w, "warmup", 100);
		wire_add_kv_u64(&w, "samples", SYNTH_DIST_N - 100);
		wire_add_kv_u64(&w, "input_range", 1000);
		wire_add_kv_u64(&w, "oh_cycles", 6);
		wire_add_kv_u64(&w, "oh_instret", 4);
		send();
		for (unsigned first = 0; first < SYNTH_DIST_N;) {
			unsigned n = rice ? codec_fit(s + first, SYNTH_DIST_N - first, CODEC_TOKEN_MAX)
				 : SYNTH_DIST_N - first < WIRE_SAMPLES_PER_LINE ? SYNTH_DIST_N - first
									     : WIRE_SAMPLES_PER_LINE;
			wire_begin(&w, line, sizeof(line), tag, seq++, WIRE_REC_SAMPLES);
			wire_add_u64(&w, id);
			wire_add_u64(&w, first);
			wire_add_u64(&w, n);
			if (rice) {
				codec_encode(s + first, n, tok, sizeof(tok));
				wire_add_token(&w, WIRE_ENC_RICE);
				wire_add_token(&w, tok);
			} else {
				wire_add_token(&w, WIRE_ENC_DECIMAL);
				for (unsigned i = first; i < first + n; i++)
					wire_add_sample(&w, &s[i]);
			}
			for (unsigned i = first; i < first + n; i++)
				crc = crc32_add_sample(crc, s[i].cycles, s[i].instret);
			send();
			first += n;
		}
		wire_begin(&w, line, sizeof(line), tag, seq++, WIRE_REC_END);
		wire_add_kv_u64(&w, "id", id);
		wire_add_kv_u64(&w, "count", SYNTH_DIST_N);
		wire_add_kv_str(&w, "verify", "none");
		send();
	}
	wire_begin(&w, line, sizeof(line), tag, seq++, WIRE_REC_TRAILER);
	wire_add_kv_u64(&w, "benches", blocks);
	wire_add_kv_u64(&w, "samples", (uint64_t)blocks * SYNTH_DIST_N);
	wire_add_kv_hex(&w, "crc32", crc32_final(crc));
	wire_add_kv_str(&w, "status", "ok");
	send();
	free(s);
	return 0;
}
