/*
 * libFuzzer target for one machine line (make fuzz): the input is the text
 * of a line after "@RVB " and before " *CRC" ("<run> <seq> <TYPE> fields"),
 * up to its first line end. The target appends the right CRC-16, so every
 * mutation reaches the record readers instead of dying at the CRC check,
 * and feeds the line to a collector that already holds a run header and a
 * benchmark header (the prologue below). It then ends the stream and writes
 * every result file (when the line got past the parser), so the checks, the writers and their escaping see what
 * the line left in the model, and reads each back: samples.csv, summary.csv
 * and gaps.csv must parse as RFC 4180 (rcsv.h) with as many fields on every
 * row as in the header, and meta.json as JSON; anything else aborts, so a
 * name or value that breaks a file's syntax is a finding.
 *
 * The whole-stream target (fuzz_collector.c) explores framing and chunking;
 * this one explores records, a line at a time, and runs many times faster.
 */
#include <stdint.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "crc.h"
#include "csv_out.h"
#include "meta_json.h"
#include "rcsv.h"
#include "wire.h"

/* A run header and one benchmark header (tests/fuzz/corpus/stream/rice-run.txt). */
static const char prologue[] =
	"@RVB 1a2b3c4d 0 RUN fmt=1 fw=synth%201 model=SiFive%20HiFive%20Unleashed%20A00 hart=1 "
	"harts=1,2,3,4 timebase=1000000 mem_base=0x80000000 mem_size=0x8000000 console=sifive,uart0 "
	"seed=0x5256424e43480001 counter=plain warmup=auto budget_ms=0 benches=2 bad_options=0 *77C5\r\n"
	"@RVB 1a2b3c4d 3 BENCH id=0 name=tight hart=1 group=0 batch=1 warmup=4 warmup_auto=0 samples=200 "
	"input_kind=range input_range=100 inputs_n=204 oh_cycles=6 oh_instret=4 oh_method=min p.n=3 *9331\r\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Writes one result file of c into memory: its text (malloc'd) and length. */
static char *write_mem(int (*wr)(FILE *, const struct collector *), const struct collector *c,
		       size_t *len)
{
	char *s = NULL;
	FILE *f = open_memstream(&s, len);
	if (!f)
		abort();
	if (wr(f, c)) {
		fprintf(stderr, "fuzz_line: a writer failed\n");
		abort();
	}
	if (fclose(f))
		abort();
	return s;
}

/* meta.json as `rvbench replay` writes it, with write_mem's signature. */
static int write_meta(FILE *f, const struct collector *c)
{
	static const struct meta_source src = { .kind = "replay", .file = "fuzz", .end = "eof" };
	return meta_json_write(f, c, &src);
}

/* Aborts, with jansson's reason, unless text[0..len) is one JSON object. */
static void check_json_object(const char *name, const char *text, size_t len)
{
	json_error_t je;
	json_t *m = json_loadb(text, len, 0, &je);
	if (!json_is_object(m)) {
		fprintf(stderr, "fuzz_line: %s is not a JSON object: %d:%d: %s\n", name, je.line,
			je.column, je.text);
		abort();
	}
	json_decref(m);
}

/* A CSV file the collector wrote must read back: RFC 4180, and every row
 * as wide as the header (a stray comma or quote in a field would not be). */
static void check_csv(const char *name, char *text, size_t len)
{
	struct rcsv t;
	char err[256];
	if (rcsv_parse(text, len, &t, err, sizeof(err))) {
		fprintf(stderr, "fuzz_line: %s does not parse: %s\n", name, err);
		abort();
	}
	for (size_t i = 1; i < t.nrows; i++)
		if (t.nfield[i] != t.nfield[0]) {
			fprintf(stderr, "fuzz_line: %s line %zu has %zu fields, the header %zu\n", name,
				t.line[i], t.nfield[i], t.nfield[0]);
			abort();
		}
	rcsv_free(&t);
	free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char line[WIRE_LINE_MAX + 32];
	size_t n = 0;

	/* One record: the input up to its first line end, as long as a line may be. */
	while (n < size && data[n] != '\n' && data[n] != '\r')
		n++;
	if (n > WIRE_LINE_MAX)
		return -1; /* not a record: keep it out of the corpus */
	/* A seq in the millions makes the collector walk and zero that many
	 * line slots (up to its 2^24 limit): a path of its own, taken by the
	 * stream target and the unit tests, that would slow every input kept
	 * here a hundredfold. Seqs past 65535 are left out of this target. */
	const uint8_t *sp = memchr(data, ' ', n);
	size_t digits = 0;
	while (sp && sp + 1 + digits < data + n && sp[1 + digits] >= '0' && sp[1 + digits] <= '9')
		digits++;
	if (digits > 5 || (digits == 5 && memcmp(sp + 1, "65535", 5) > 0))
		return -1;
	memcpy(line, WIRE_PREFIX, WIRE_PREFIX_LEN);
	memcpy(line + WIRE_PREFIX_LEN, data, n);
	size_t len = WIRE_PREFIX_LEN + n;
	line[len++] = ' ';
	uint16_t crc = crc16_ccitt_false(line, len);
	len += (size_t)snprintf(line + len, sizeof(line) - len, "*%04X\r\n", crc);

	struct collector *c = collector_new();
	collector_feed(c, prologue, sizeof(prologue) - 1);
	unsigned long before = c->lines_accepted;
	collector_feed(c, line, len);
	collector_finish(c);
	/* A line the parser refused leaves only a count behind: writing the
	 * files again for it would cost most of the time and find nothing. */
	if (c->lines_accepted == before && !c->rejected[COLL_REJ_INVALID] &&
	    !c->rejected[COLL_REJ_CONFLICT] && !c->rejected[COLL_REJ_DUPLICATE]) {
		collector_free(c);
		return 0;
	}

	size_t len2;
	char *t = write_mem(csv_write_samples, c, &len2);
	check_csv("samples.csv", t, len2);
	t = write_mem(csv_write_summary, c, &len2);
	check_csv("summary.csv", t, len2);
	t = write_mem(csv_write_gaps, c, &len2);
	check_csv("gaps.csv", t, len2);

	t = write_mem(write_meta, c, &len2);
	check_json_object("meta.json", t, len2);
	free(t);
	collector_free(c);
	return 0;
}
