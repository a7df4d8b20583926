/*
 * What the conflict tests share (test_collector_conflict*): a forged copy
 * of a real line (other values, a right CRC), a stream with that copy
 * next to the line, and finding a line by its text.
 */
#ifndef RVBENCH_CONFLICT_FIXTURE_H
#define RVBENCH_CONFLICT_FIXTURE_H

#include "collector_fixture.h"

/* line (a whole machine line) again at its seq, with from replaced by to
 * among its fields and its CRC made right: a forged copy, into out. */
static inline const char *forged(char *out, const char *line, const char *from, const char *to)
{
	char type[16], tokens[WIRE_LINE_MAX + 1], fields[WIRE_LINE_MAX + 1];
	unsigned tag, seq;
	int at = 0;

	assert_int_equal(sscanf(line, "@RVB %x %u %15s %n", &tag, &seq, type, &at), 3);
	snprintf(tokens, sizeof(tokens), "%s", line + at);
	char *crc = strstr(tokens, " *"), *hit = strstr(tokens, from);
	assert_non_null(crc);
	assert_non_null(hit);
	*crc = '\0'; /* wire_line adds a new one */
	snprintf(fields, sizeof(fields), "%.*s%s%s", (int)(hit - tokens), tokens, to,
		 hit + strlen(from));
	return wire_line(out, tag, seq, type, "%s", fields);
}

/* The first line of l holding text. */
static inline size_t line_with(const struct synth_lines *l, const char *text)
{
	for (size_t i = 0; i < l->n; i++)
		if (strstr(l->line[i], text))
			return i;
	fail_msg("no line holds '%s'", text);
	return 0;
}

/* l decoded with extra just before (first) or after line `at`. */
static inline struct collector *decode_with(const struct synth_lines *l, size_t at, const char *extra,
				     int first)
{
	struct memstream m;
	ms_open(&m);
	for (size_t i = 0; i < l->n; i++) {
		if (i == at && first)
			fputs(extra, m.f);
		fputs(l->line[i], m.f);
		if (i == at && !first)
			fputs(extra, m.f);
	}
	return ms_decode(&m, SIZE_MAX);
}

#endif
