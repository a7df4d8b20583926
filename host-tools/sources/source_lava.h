/*
 * A LAVA job log as a source: the board's UART lines are taken out of it
 * and fed to the session as if they had been received.
 *
 * LAVA logs one record per line, {"dt": ..., "lvl": ..., "msg": ...}:
 * the log lava-run prints (on its standard error) holds them one per line as JSON-looking
 * flow mappings; the server's log (`lavacli jobs logs --raw`) is the same
 * records as a YAML list, "- {...}" a line. The records of level
 * "target" and "feedback" are the UART (lava_log.h); everything else is
 * the dispatcher talking.
 * Each line is read on its own, so a cut or garbled line loses only itself.
 */
#ifndef RVBENCH_SOURCE_LAVA_H
#define RVBENCH_SOURCE_LAVA_H

#include <stddef.h>

#include "lava_log.h"
#include "source.h"

struct lava_log_stats {
	unsigned long records; /* lines that were LAVA records */
	unsigned long target;  /* of them, UART lines (target, feedback) fed to the session */
	unsigned long damaged; /* non-blank lines that were not a record */
	/* The dispatcher's verdict on the job (lava_log.h), the last one
	 * read; LAVA_JOB_NONE when the log has none: cut before the job
	 * ended. */
	struct lava_job_verdict job;
};

/* 1 when most of the file's first non-blank lines (up to 4096) are LAVA
 * records, 0 when not, -1 when it cannot be read (errno set). */
int lava_log_detect(const char *path);

/* Reads the whole log into the session. Returns 0, or -1 with err set
 * when the file cannot be read. */
int source_lava(struct session *s, const char *path, struct lava_log_stats *st,
		enum src_end *end, char *err, size_t errlen);

#endif
