/*
 * The collector's own speed (docs/performance.md): decode a stream file
 * fed in 64 KiB reads, then write samples.csv, summary.csv, gaps.csv,
 * tracepoints.csv and meta.json into DIR, as `rvbench replay` does minus uart.log and the
 * printed summary. Prints MB/s of stream text per phase.
 *   bench_collector FILE DIR [REPS]
 * With REPS > 1 the whole thing (read, decode, write) runs REPS times
 * (the result files are removed before each, so no run pays for deleting
 * the previous one's) and the best and the median are printed last: on a
 * shared machine the best is the collector's speed, the median what
 * another load let it have.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "atomic_file.h"
#include "collector.h"
#include "csv_out.h"
#include "meta_json.h"

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double cpu_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return x < y ? -1 : x > y;
}

/* One pass; the phase times (decode, write, both, and the CPU time of
 * both: user + system of this process) in t. */
static int once(const char *file, const char *dir, size_t *total, double t[4])
{
	static char buf[65536];
	static const char *const names[] = { "samples.csv", "summary.csv", "gaps.csv",
						  "tracepoints.csv", "meta.json" };
	char err[512], path[4200];
	size_t n;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		unlink(path);
	}
	FILE *f = fopen(file, "rb");
	if (!f)
		return -1;
	struct collector *c = collector_new();
	*total = 0;
	double c0 = cpu_now(), t0 = now();
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		collector_feed(c, buf, n);
		*total += n;
	}
	collector_finish(c);
	double t1 = now();
	struct meta_source src = { .kind = "replay", .file = file, .end = "eof" };
	struct meta_ctx mc = { c, &src };
	if (afile_write(dir, "samples.csv", csv_samples_writer, c, err, sizeof(err)) ||
	    afile_write(dir, "summary.csv", csv_summary_writer, c, err, sizeof(err)) ||
	    afile_write(dir, "gaps.csv", csv_gaps_writer, c, err, sizeof(err)) ||
	    afile_write(dir, "tracepoints.csv", csv_tracepoints_writer, c, err, sizeof(err)) ||
	    afile_write(dir, "meta.json", meta_json_writer, &mc, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		fclose(f);
		collector_free(c);
		return -1;
	}
	double t2 = now(), c2 = cpu_now();
	uint64_t samples = 0;
	for (size_t i = 0; i < c->nruns; i++)
		samples += c->runs[i].total_received;
	printf("%zu bytes, %llu samples: decode %.2f s (%.1f MB/s), write %.2f s, "
	       "decode+write %.1f MB/s of stream text (CPU %.2f s: %.1f MB/s)\n",
	       *total, (unsigned long long)samples, t1 - t0, (double)*total / 1e6 / (t1 - t0),
	       t2 - t1, (double)*total / 1e6 / (t2 - t0), c2 - c0, (double)*total / 1e6 / (c2 - c0));
	fflush(stdout);
	t[0] = t1 - t0;
	t[1] = t2 - t1;
	t[2] = t2 - t0;
	t[3] = c2 - c0;
	fclose(f);
	collector_free(c);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 3 && argc != 4) {
		fputs("usage: bench_collector FILE DIR [REPS]\n", stderr);
		return 2;
	}
	int reps = argc == 4 ? atoi(argv[3]) : 1;
	if (reps < 1 || reps > 100)
		return 2;
	double *t[4];
	size_t total = 0;
	for (int k = 0; k < 4; k++)
		t[k] = calloc((size_t)reps, sizeof(double));
	for (int i = 0; i < reps; i++) {
		double ti[4];
		if (once(argv[1], argv[2], &total, ti))
			return 1;
		for (int k = 0; k < 4; k++)
			t[k][i] = ti[k];
	}
	if (reps > 1) {
		for (int k = 0; k < 4; k++)
			qsort(t[k], (size_t)reps, sizeof(double), cmp_double);
		double mb = (double)total / 1e6;
		printf("best of %d: decode %.1f MB/s, write %.2f s, decode+write %.1f MB/s of stream text"
		       " (CPU %.1f MB/s)\n", reps, mb / t[0][0], t[1][0], mb / t[2][0], mb / t[3][0]);
		printf("median:     decode %.1f MB/s, write %.2f s, decode+write %.1f MB/s of stream text"
		       " (CPU %.1f MB/s)\n", mb / t[0][reps / 2], t[1][reps / 2], mb / t[2][reps / 2],
		       mb / t[3][reps / 2]);
	}
	for (int k = 0; k < 4; k++)
		free(t[k]);
	return 0;
}
