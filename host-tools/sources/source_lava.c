/* rvbench replay of a LAVA job log (source_lava.h), one line at a time. */
#include "source_lava.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How many non-blank lines lava_log_detect() looks at: enough that a log
 * whose first lines are damaged (a few dozen garbled lines, a file
 * joined to another) is still seen as the LAVA log it mostly is, and
 * named as such with its damaged lines counted, rather than refused as
 * a UART log without a RUN header. */
#define DETECT_LINES 4096

int lava_log_detect(const char *path)
{
	FILE *in = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int records = 0, damaged = 0;

	if (!in)
		return -1;
	/* The first lines that are not blank, so that a log whose first line
	 * was cut (a log fetched from the middle) is still recognised, and a
	 * UART capture with a stray JSON line is not. */
	while (records + damaged < DETECT_LINES && (n = getline(&line, &cap, in)) > 0) {
		char *msg;
		enum lava_rec r = lava_log_line(line, (size_t)n, &msg);
		free(msg);
		if (r == LAVA_REC_TARGET || r == LAVA_REC_OTHER)
			records++;
		else if (r == LAVA_REC_DAMAGED)
			damaged++;
	}
	int e = ferror(in) ? errno : 0;
	free(line);
	fclose(in);
	if (e) {
		errno = e;
		return -1;
	}
	return records > damaged;
}

int source_lava(struct session *s, const char *path, struct lava_log_stats *st,
		enum src_end *end, char *err, size_t errlen)
{
	FILE *in = fopen(path, "re");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	memset(st, 0, sizeof(*st));
	if (!in) {
		snprintf(err, errlen, "cannot open %s: %s", path, strerror(errno));
		return -1;
	}
	*end = SRC_END_EOF;
	while ((n = getline(&line, &cap, in)) > 0) {
		if (session_stop_requested()) {
			*end = SRC_END_INTERRUPTED;
			break;
		}
		char *msg;
		size_t m;
		switch (lava_log_line_len(line, (size_t)n, &msg, &m)) {
		case LAVA_REC_BLANK:
			break;
		case LAVA_REC_DAMAGED:
			st->damaged++;
			break;
		case LAVA_REC_OTHER: {
			struct lava_job_verdict v;
			st->records++;
			if (lava_log_job_verdict(line, (size_t)n, &v))
				st->job = v;
			break;
		}
		case LAVA_REC_TARGET: {
			/* LAVA took the line end off; the decoder wants one back.
			 * m, not strlen: a NUL the board sent is not the end. */
			char *l = realloc(msg, m + 2);
			if (!l) {
				free(msg);
				st->damaged++;
				break;
			}
			l[m] = '\n';
			session_feed(s, l, m + 1);
			free(l);
			st->records++;
			st->target++;
			break;
		}
		}
	}
	int e = ferror(in) ? errno : 0;
	free(line);
	fclose(in);
	if (e) {
		snprintf(err, errlen, "cannot read %s: %s", path, strerror(e));
		return -1;
	}
	return 0;
}
