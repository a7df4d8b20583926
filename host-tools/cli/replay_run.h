/* One replay: what `rvbench replay` does once its options are read, and
 * what `rvbench lava fetch` does with each job's log. */
#ifndef RVBENCH_REPLAY_RUN_H
#define RVBENCH_REPLAY_RUN_H

struct replay_req {
	const char *file;        /* a UART log or a LAVA job log */
	const char *outdir;      /* NULL: results/<UTC time> */
	const char *device_name; /* for meta.json, or NULL */
	const char *lava_job;    /* a LAVA log's job id, or NULL */
	int allow_partial;
	int verbose;             /* -v: every block's statistics too */
	int force;               /* outdir may hold files (--force) */
};

/* Decodes r->file into a result directory, prints the summary; returns
 * the exit status (EXIT_COMPLETE, EXIT_INCOMPLETE or EXIT_ERROR). */
int replay_run(const struct replay_req *r);

#endif
