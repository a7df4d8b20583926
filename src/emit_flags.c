/*
 * FLAGS records: the compiler flags of each unit of benchmarks, sent once
 * per run, before the first block built with them. The descriptors of a
 * unit share one string (rvbench_unit_cflags), so a pointer names it.
 */
#include "emit_flags.h"

#include "records.h"
#include "stream.h"

#include <string.h>

static const char *sent[REC_FLAGS_MAX];
static uint32_t nsent;

void emit_flags_reset(void)
{
	nsent = 0;
}

/* The text in REC_FLAGS_CHUNK pieces; the build's trailing newline
 * (bench-units.mk writes the file with one) is not part of it. */
static void send_text(uint32_t id, const char *text)
{
	size_t len = strlen(text);
	char chunk[REC_FLAGS_CHUNK + 1];

	while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
		len--;
	for (size_t at = 0; at < len || at == 0; at += REC_FLAGS_CHUNK) {
		size_t n = len - at < REC_FLAGS_CHUNK ? len - at : REC_FLAGS_CHUNK;
		struct rec_flags r = { .id = id, .text = chunk };
		memcpy(chunk, text + at, n);
		chunk[n] = '\0';
		rec_write(stream_record(REC_FLAGS), REC_FLAGS, &r);
		stream_send();
		if (!len)
			break;
	}
}

int emit_flags(const char *cflags)
{
	if (!cflags)
		return -1;
	for (uint32_t i = 0; i < nsent; i++)
		if (sent[i] == cflags)
			return (int)i;
	if (nsent == REC_FLAGS_MAX)
		return -1; /* more units than a run names: sent without flags */
	sent[nsent] = cflags;
	send_text(nsent, cflags);
	return (int)nsent++;
}
