/*
 * What the fuzzer (tests/fuzz/fuzz_collector.c) and the regression test
 * (tests/unit/test_codec_regress.c) do with one input: decode it as a UART
 * stream whole and in small chunks (both must give the same model), write
 * every result file, and decode it as an S-record token. Sanitizers catch
 * memory and UB errors; the asserts catch chunking differences.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"
#include "collector.h"
#include "csv_out.h"
#include "meta_json.h"

static char *fuzz_dump(const struct collector *c)
{
	char *s = NULL;
	size_t n = 0;
	FILE *f = open_memstream(&s, &n);
	struct meta_source src = { .kind = "replay", .file = "fuzz", .end = "eof" };
	if (!f)
		abort();
	csv_write_samples(f, c);
	csv_write_summary(f, c);
	csv_write_gaps(f, c);
	meta_json_write(f, c, &src);
	fclose(f);
	return s;
}

static void fuzz_one(const uint8_t *data, size_t size)
{
	struct collector *a = collector_new(), *b = collector_new();
	size_t chunk = size ? 1 + data[0] % 17 : 1;

	collector_feed(a, data, size);
	collector_finish(a);
	for (size_t off = 0; off < size; off += chunk)
		collector_feed(b, data + off, size - off < chunk ? size - off : chunk);
	collector_finish(b);
	char *da = fuzz_dump(a), *db = fuzz_dump(b);
	if (strcmp(da, db))
		abort(); /* chunking changed the result */
	free(da);
	free(db);
	collector_free(a);
	collector_free(b);

	/* The token decoder alone: n from the first byte, the rest a token. */
	if (size >= 1 && size < 4096) {
		struct wire_sample out[CODEC_MAX_SAMPLES];
		char tok[4096], again[4096];
		unsigned n = 1 + data[0] % 64;
		memcpy(tok, data + 1, size - 1);
		tok[size - 1] = '\0';
		if (!codec_decode(tok, out, n)) {
			/* Accepted: it must be the encoder's own spelling. */
			if (codec_encode(out, n, again, sizeof(again)) < 0 || strcmp(again, tok))
				abort();
		}
	}
}
