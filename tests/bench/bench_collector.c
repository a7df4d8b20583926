/*
 * The collector's own speed (docs/performance.md): decode a stream file
 * fed in 64 KiB reads, then write samples.csv, summary.csv, gaps.csv and
 * meta.json into DIR, as `rvbench replay` does minus uart.log and the
 * printed summary. Prints MB/s of stream text per phase.
 *   bench_collector FILE DIR
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

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

int main(int argc, char **argv)
{
	static char buf[65536];
	char err[512];
	size_t n, total = 0;

	if (argc != 3) {
		fputs("usage: bench_collector FILE DIR\n", stderr);
		return 2;
	}
	FILE *f = fopen(argv[1], "rb");
	if (!f)
		return 2;
	struct collector *c = collector_new();
	double t0 = now();
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0) {
		collector_feed(c, buf, n);
		total += n;
	}
	collector_finish(c);
	double t1 = now();
	struct meta_source src = { .kind = "replay", .file = argv[1], .end = "eof" };
	struct meta_ctx mc = { c, &src };
	if (afile_write(argv[2], "samples.csv", csv_samples_writer, c, err, sizeof(err)) ||
	    afile_write(argv[2], "summary.csv", csv_summary_writer, c, err, sizeof(err)) ||
	    afile_write(argv[2], "gaps.csv", csv_gaps_writer, c, err, sizeof(err)) ||
	    afile_write(argv[2], "meta.json", meta_json_writer, &mc, err, sizeof(err))) {
		fprintf(stderr, "%s\n", err);
		return 1;
	}
	double t2 = now();
	uint64_t samples = 0;
	for (size_t i = 0; i < c->nruns; i++)
		samples += c->runs[i].total_received;
	printf("%zu bytes, %llu samples: decode %.2f s (%.1f MB/s), write %.2f s, "
	       "decode+write %.1f MB/s of stream text\n",
	       total, (unsigned long long)samples, t1 - t0, (double)total / 1e6 / (t1 - t0),
	       t2 - t1, (double)total / 1e6 / (t2 - t0));
	fclose(f);
	collector_free(c);
	return 0;
}
