/* What `lavacli jobs show ID --json` and `lavacli jobs submit` say. */
#ifndef RVBENCH_LAVA_SHOW_H
#define RVBENCH_LAVA_SHOW_H

#include <stddef.h>

struct lava_show {
	char device[81]; /* the device the job ran on ("" when none yet) */
	char health[32]; /* Complete, Incomplete, Canceled, Unknown */
	char state[32];  /* Submitted, Scheduled, Running, Finished, ... */
	/* LAVA's failure_comment, why an Incomplete job failed ("" when
	 * none): printable ASCII, anything else '?', cut to fit. */
	char failure[256];
};

/* Reads the JSON object of `jobs show --json`; 0, or -1 when it is not
 * one. A device name is kept only when it is a plain word (letters,
 * digits, '-', '_', '.'), since it names directories and shows in reports. */
int lava_show_parse(const char *json, struct lava_show *out);

/* The job ids `lavacli jobs submit` printed, one a line (a multinode job
 * prints one per role and instance): the first max of them copied into ids
 * (each up to 32 characters; ids may be NULL when max is 0). Returns how
 * many there are, even beyond max, so that a caller can size its array
 * and lose none; -1 when a line is not an id (lavacli says "Unable to
 * submit ..." and still exits 0). */
int lava_submit_ids(const char *out, char ids[][33], int max);

/* "123" or "123.0" (a multinode sub-job). */
int lava_job_id_ok(const char *s);

#endif
