/*
 * src/events.c and platform/sbi_pmu.c built into a unit test, against the
 * SBI the test defines before including this (its sbi_ecall() and
 * sbi_probe_extension()): the stream's calls (stream_say() and the
 * say_begin() lines alike) keep the human lines in said
 * and the last record in record, as text; begin(EVENTS) runs
 * events_begin() with rvbench.events=EVENTS, said emptied first.
 */
#ifndef RVBENCH_EVENTS_UNDER_TEST_H
#define RVBENCH_EVENTS_UNDER_TEST_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "records.h"
#include "wire.h"

static char said[8192];
static char record[WIRE_LINE_MAX + 1];
static struct wire_writer writer;

void stream_say(const char *fmt, ...)
{
	size_t len = strlen(said);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(said + len, sizeof(said) - len, fmt, ap);
	va_end(ap);
	len = strlen(said);
	snprintf(said + len, sizeof(said) - len, "\n");
}

#include "stream.h"
#include "text.c"

struct text *say_begin(struct say_line *l)
{
	l->t = text_on(l->buf, STREAM_SAY_MAX + 1);
	return &l->t;
}

void say_end(struct say_line *l)
{
	stream_say("%s", l->buf);
}

struct wire_writer *stream_record(enum rec_type t)
{
	rec_begin(&writer, record, sizeof(record), 0x1234abcd, 3, t);
	return &writer;
}

void stream_send(void)
{
	assert_true(wire_finish(&writer) > 0);
}

#define RVBENCH_EMIT_H /* events.c needs nothing of emit.h */
#include "sbi_pmu.c"
#include "events.c"

static void begin(const char *events)
{
	struct config c;
	memset(&c, 0, sizeof(c));
	snprintf(c.events, sizeof(c.events), "%s", events);
	said[0] = '\0';
	events_begin(&c);
}

#endif
