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

/* The text in as few records as fit: each piece at most
 * REC_FLAGS_TEXT_MAX bytes once escaped (a space is three), so one line
 * holds it. The build's trailing newline (bench-units.mk writes the file
 * with one) is not part of it. */
static void send_text(uint32_t id, const char *text)
{
	size_t len = strlen(text);
	char chunk[REC_FLAGS_TEXT_MAX + 1];

	while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
		len--;
	size_t at = 0;
	do {
		size_t n = 0, wire = 0;
		while (at + n < len) {
			size_t cost = wire_needs_escape((unsigned char)text[at + n]) ? 3 : 1;
			if (wire + cost > REC_FLAGS_TEXT_MAX)
				break;
			wire += cost;
			n++;
		}
		struct rec_flags r = { .id = id, .text = chunk };
		memcpy(chunk, text + at, n);
		chunk[n] = '\0';
		rec_write(stream_record(REC_FLAGS), REC_FLAGS, &r);
		stream_send();
		at += n;
	} while (at < len);
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
