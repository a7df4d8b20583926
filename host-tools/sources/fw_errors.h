/*
 * The firmware's error lines ("rvbench: error: ..."): a rejected
 * bootargs or console word, a hart selected that does not exist, a
 * benchmark's parameter refused; and its warnings ("rvbench: warning:
 * ...": a setting accepted that the run does not use). They are human
 * lines, outside the
 * machine records, so the decoder never sees them; the session picks
 * them out of the raw bytes (any chunking, any line end) to repeat them
 * on stderr, where the user looks, and to set the exit status.
 */
#ifndef RVBENCH_FW_ERRORS_H
#define RVBENCH_FW_ERRORS_H

#include <stddef.h>
#include <stdio.h>

#define FW_ERRORS_KEPT 32    /* lines kept; more are only counted */
#define FW_ERROR_LINE_MAX 240 /* a longer line is kept cut, marked "..." */

struct fw_errors {
	char line[FW_ERROR_LINE_MAX + 1]; /* the line being read */
	size_t len;
	int cut;        /* the line being read was longer than line[] */
	char *kept[FW_ERRORS_KEPT];
	/* Their lengths: a line may hold a NUL, shown as \x00 like any
	 * control byte, never the end of what is shown. */
	size_t kept_len[FW_ERRORS_KEPT];
	unsigned char kept_warning[FW_ERRORS_KEPT]; /* 1: a warning line */
	size_t nkept;
	unsigned long count; /* error and warning lines seen, kept or not */
};

/* Bytes as received: complete lines are looked at, a cut one waits. */
void fw_errors_feed(struct fw_errors *e, const void *buf, size_t n);
/* End of the stream: a last line without its end is looked at too. */
void fw_errors_finish(struct fw_errors *e);
/* Each line on f as "rvbench: firmware: error: ..." (or "warning: "), bytes outside
 * printable ASCII (and '\\') as \xHH: a line from the wire never moves
 * the terminal's cursor. */
void fw_errors_print(const struct fw_errors *e, FILE *f);
/* The same for the first n lines only (the console reports the others). */
void fw_errors_print_first(const struct fw_errors *e, FILE *f, unsigned long n);
void fw_errors_free(struct fw_errors *e);

#endif
