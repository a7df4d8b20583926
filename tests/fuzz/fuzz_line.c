/*
 * libFuzzer target for one machine line (make fuzz): the input is the text
 * of a line after "@RVB " and before " *CRC" ("<run> <seq> <TYPE> fields"),
 * up to its first line end. The target appends the right CRC-16, so every
 * mutation reaches the record readers instead of dying at the CRC check,
 * and feeds the line to a collector that already holds a run header and a
 * benchmark header (the prologue below). It then ends the stream and writes
 * every result file (when the line got past the parser), so the checks, the writers and their escaping see what
 * the line left in the model.
 *
 * The whole-stream target (fuzz_collector.c) explores framing and chunking;
 * this one explores records, a line at a time, and runs many times faster.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "collector.h"
#include "crc.h"
#include "csv_out.h"
#include "meta_json.h"
#include "wire.h"

/* A run header and one benchmark header (tests/fuzz/corpus/stream/rice-run.txt). */
static const char prologue[] =
	"@RVB 1a2b3c4d 0 RUN fmt=1 fw=synth%201 model=SiFive%20HiFive%20Unleashed%20A00 hart=1 "
	"harts=1,2,3,4 timebase=1000000 mem_base=0x80000000 mem_size=0x8000000 console=sifive,uart0 "
	"seed=0x5256424e43480001 counter=plain warmup=auto budget_ms=0 benches=2 bad_options=0 *77C5\r\n"
	"@RVB 1a2b3c4d 3 BENCH id=0 name=tight hart=1 group=0 batch=1 warmup=4 warmup_auto=0 samples=200 "
	"input_kind=range input_range=100 inputs_n=204 oh_cycles=6 oh_instret=4 oh_method=min p.n=3 *9331\r\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

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

	char *s = NULL;
	size_t slen = 0;
	FILE *f = open_memstream(&s, &slen);
	struct meta_source src = { .kind = "replay", .file = "fuzz", .end = "eof" };
	if (!f)
		abort();
	csv_write_samples(f, c);
	csv_write_summary(f, c);
	csv_write_gaps(f, c);
	meta_json_write(f, c, &src);
	fclose(f);
	free(s);
	collector_free(c);
	return 0;
}
