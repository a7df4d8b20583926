/*
 * Text from a stream or a result directory on its way to a terminal: a
 * control byte (below 0x20, or 0x7f) could move the cursor, clear the
 * screen or forge a line of output, so each one is written as \xNN, and a
 * backslash as \\ so the escape cannot be forged either. Everything else,
 * UTF-8 included, is copied. The escaping for CSV is csv_field()
 * (csv_out.h), for gnuplot gp_str() (gnuplot_run.h).
 */
#ifndef RVBENCH_TERM_STR_H
#define RVBENCH_TERM_STR_H

#include <stddef.h>

/* s escaped into buf (len bytes, len >= 4), cut at a whole escape and
 * ended by "..." when it does not fit; returns buf. NULL is "". */
const char *term_str(const char *s, char *buf, size_t len);

#endif
