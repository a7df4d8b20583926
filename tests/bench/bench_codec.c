/*
 * make bench-codec: bytes per (cycles, instret) sample on the wire, line
 * framing included, for the reference distributions (tests/support/synth_dist.h),
 * in decimal (encoding d), in encoding r (src/common/codec.c), and the
 * Shannon entropy of the data: the floor no sample-by-sample code beats.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "synth_dist.h"
#include "wire.h"

/* S lines of the run's 10th block, seq numbers as in a long run. */
static unsigned long long wire_bytes(const struct wire_sample *s, unsigned n, int rice,
				     unsigned long long *lines)
{
	char line[WIRE_LINE_MAX + 1], tok[CODEC_TOKEN_MAX + 1];
	struct wire_writer w;
	unsigned long long bytes = 0;
	uint32_t seq = 1000;

	*lines = 0;
	for (unsigned first = 0; first < n;) {
		unsigned k = rice ? codec_fit(s + first, n - first, CODEC_TOKEN_MAX)
				  : (n - first < WIRE_SAMPLES_PER_LINE ? n - first : WIRE_SAMPLES_PER_LINE);
		wire_begin(&w, line, sizeof(line), 0x1a2b3c4d, seq++, WIRE_REC_SAMPLES);
		wire_add_u64(&w, 9);
		wire_add_u64(&w, first);
		wire_add_u64(&w, k);
		if (rice) {
			if (codec_encode(s + first, k, tok, sizeof(tok)) < 0)
				abort();
			wire_add_token(&w, WIRE_ENC_RICE);
			wire_add_token(&w, tok);
		} else {
			wire_add_token(&w, WIRE_ENC_DECIMAL);
			for (unsigned i = first; i < first + k; i++)
				wire_add_sample(&w, &s[i]);
		}
		int len = wire_finish(&w);
		if (len < 0)
			abort();
		bytes += (unsigned)len;
		(*lines)++;
		first += k;
	}
	return bytes;
}

static void report(const char *name, void (*make)(struct wire_sample *, uint64_t))
{
	struct wire_sample *s = malloc(SYNTH_DIST_N * sizeof(*s));
	unsigned long long ld, lr;

	if (!s)
		abort();
	make(s, 0x5256424E43480001ull);
	unsigned long long d = wire_bytes(s, SYNTH_DIST_N, 0, &ld);
	unsigned long long r = wire_bytes(s, SYNTH_DIST_N, 1, &lr);
	uint64_t h = synth_dist_entropy_milli(s, SYNTH_DIST_N);
	printf("%-7s %9u %10.3f %10.3f %10.3f %12.1f %14.0f\n", name, SYNTH_DIST_N,
	       (double)d / SYNTH_DIST_N, (double)r / SYNTH_DIST_N, (double)h / 8000.0,
	       (double)SYNTH_DIST_N / (double)lr, 11520.0 * SYNTH_DIST_N / (double)r);
	free(s);
}

int main(void)
{
	printf("bytes per (cycles, instret) sample on the wire, S-line framing included\n");
	printf("%-7s %9s %10s %10s %10s %12s %14s\n", "data", "samples", "decimal", "rice(r)",
	       "entropy", "samples/line", "r@115200/s");
	report("tight", synth_dist_tight);
	report("spread", synth_dist_spread);
	return 0;
}
