/*
 * The firmware side of the UART stream: human lines and machine records
 * (src/common/wire.h), each written whole to the console. Called only
 * between measurements.
 */
#ifndef RVBENCH_STREAM_H
#define RVBENCH_STREAM_H

#include <stdarg.h>
#include <stdint.h>

#include "records.h"
#include "text.h"

void stream_init(uint32_t run_tag);
/* Starts the next machine record of type t; fill it (rec_write, src/emit.c),
 * then send it. */
struct wire_writer *stream_record(enum rec_type t);
void stream_send(void);
/* The longest human line stream_say sends whole; a longer one is cut to
 * this length, its last three characters "..." (the cut said). */
#define STREAM_SAY_MAX 253
/* A human-readable line ("\r\n" is added). */
void stream_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void stream_vsay(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* The same line built piece by piece (src/text.h), for the lines said
 * before the first sample:
 *	struct say_line l;
 *	struct text *t = say_begin(&l);
 *	text_str(t, "rvbench: "); text_u64(t, n); ...
 *	say_end(&l);
 */
struct say_line {
	struct text t;
	char buf[STREAM_SAY_MAX + 3]; /* the line, its NUL, then room for "\r\n" */
};
struct text *say_begin(struct say_line *l);
void say_end(struct say_line *l);

#endif
