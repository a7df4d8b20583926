#include "stream.h"

#include "console.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static uint32_t stream_run;
static uint32_t stream_seq;
static char line[WIRE_LINE_MAX];
static struct wire_writer writer;
static enum rec_type record_type;

void stream_init(uint32_t run_tag)
{
	stream_run = run_tag;
	stream_seq = 0;
}

struct wire_writer *stream_record(enum rec_type t)
{
	record_type = t;
	rec_begin(&writer, line, sizeof(line), stream_run, stream_seq, t);
	return &writer;
}

void stream_send(void)
{
	int len = wire_finish(&writer);

	if (len < 0) {
		/* A record that does not fit is a bug in its writer; say so
		 * instead of sending a line the collector would reject. */
		stream_say("rvbench: internal error: a %s record overflowed its line",
			   rec_desc[record_type].name);
		return;
	}
	console_write(line, (size_t)len);
	stream_seq++;
}

void stream_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	stream_vsay(fmt, ap);
	va_end(ap);
}

struct text *say_begin(struct say_line *l)
{
	l->t = text_on(l->buf, STREAM_SAY_MAX + 1);
	return &l->t;
}

void say_end(struct say_line *l)
{
	size_t n = l->t.len;

	if (text_cut(&l->t)) {
		/* Cut to one line, visibly: a person must not take what is
		 * left for the whole (the collector keeps the line as is). */
		n = STREAM_SAY_MAX;
		memcpy(l->buf + n - 3, "...", 3);
	}
	l->buf[n++] = '\r';
	l->buf[n++] = '\n';
	console_write(l->buf, n);
}

void stream_vsay(const char *fmt, va_list ap)
{
	struct say_line l;
	struct text *t = say_begin(&l);
	int n = vsnprintf(l.buf, t->cap, fmt, ap);

	if (n < 0)
		return;
	t->len = (size_t)n;
	say_end(&l);
}
