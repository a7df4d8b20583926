/*
 * One line of a LAVA job log. LAVA logs one record per line,
 * {"dt": ..., "lvl": ..., "msg": ...}: the log lava-run prints (on its standard error) holds
 * them as JSON-looking flow mappings, the server's log (`lavacli jobs logs
 * --raw`) as a YAML list, "- {...}" a line. The records of level
 * "target" are the board's UART, and so are those of level "feedback":
 * what LAVA read from the board outside a test action (after a monitor
 * stopped, at the end of the job).
 */
#ifndef RVBENCH_LAVA_LOG_H
#define RVBENCH_LAVA_LOG_H

#include <stddef.h>

enum lava_rec {
	LAVA_REC_BLANK,   /* an empty line */
	LAVA_REC_TARGET,  /* a record of level "target" or "feedback": *msg is its text */
	LAVA_REC_OTHER,   /* any other record */
	LAVA_REC_DAMAGED  /* not a record: cut, garbled, or not LAVA at all; or a UART
			   * line LAVA could not log ("<line way too long ...>") */
};

/*
 * One line of a LAVA log, without its newline (len bytes, NULs allowed).
 * For LAVA_REC_TARGET *msg is the UART line as the board sent it (LAVA's
 * escaping of '"' undone), malloc'd; NULL otherwise.
 */
enum lava_rec lava_log_line(const char *line, size_t len, char **msg);

/*
 * The same, with *msglen the message's length: a board's UART can send
 * NUL bytes (a reset, a line coming up), which LAVA logs as "\0", and the
 * bytes after one belong to the line all the same. lava_log_line()'s
 * *msg, read as a C string, ends at the first.
 */
enum lava_rec lava_log_line_len(const char *line, size_t len, char **msg, size_t *msglen);

/*
 * The dispatcher's verdict on the whole job, its last record:
 * {"lvl": "results", "msg": {"case": "job", "definition": "lava",
 * "result": "pass"} or "fail" with "error_type" (Infrastructure, Job,
 * Test, Canceled, Bug, Configuration) and "error_msg". A job that failed
 * can still hold the whole run; a log without the record was cut before
 * the job ended.
 */
enum lava_job_result { LAVA_JOB_NONE, LAVA_JOB_PASS, LAVA_JOB_FAIL };

struct lava_job_verdict {
	enum lava_job_result result;
	char error_type[64]; /* "" when none; cut to fit */
	char error_msg[256]; /* "" when none; cut to fit, as it is: escape it to show it */
};

/* 1 when the line is that record (*v filled in), else 0. */
int lava_log_job_verdict(const char *line, size_t len, struct lava_job_verdict *v);

#endif
