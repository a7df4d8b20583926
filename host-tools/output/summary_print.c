/* Printed summary (summary_print.h): the same numbers as summary.csv. */
#include "summary_print.h"

#include "context_print.h"
#include "csv_out.h"

static int print_run(FILE *f, const struct coll_run *r, const struct meta_source *src)
{
	char nb[16];
	unsigned long rej = 0;

	for (size_t i = 0; i < coll_reject_norder; i++)
		rej += r->rejected[coll_reject_order[i]];
	if (fprintf(f, "run %08x\n", r->tag) < 0 || context_print(f, r, src))
		return -1;
	if (fprintf(f, "%-20s %8s %10s %10s %10s %10s %10s %10s %8s %12s %10s %8s\n",
		    "bench", "count", "min", "median", "p90", "p95", "p99", "max", "mad",
		    "mean", "stddev", "overhead") < 0)
		return -1;
	for (size_t i = 0; i < r->nbench; i++) {
		const struct coll_bench *b = &r->bench[i];
		struct coll_bench_stats st;
		coll_bench_stats(r, b, &st);
		if (fprintf(f, "%-20s %8llu", csv_bench_name(b, nb, sizeof(nb)),
			    (unsigned long long)st.count) < 0)
			return -1;
		if (st.count && fprintf(f, " %10llu %10llu %10llu %10llu %10llu %10llu %8llu %8llu.%03u %10.3Lf",
					(unsigned long long)st.min, (unsigned long long)st.median,
					(unsigned long long)st.p90, (unsigned long long)st.p95,
					(unsigned long long)st.p99, (unsigned long long)st.max,
					(unsigned long long)st.mad, (unsigned long long)st.mean_int,
					st.mean_frac, st.stddev) < 0)
			return -1;
		if (!st.count && fprintf(f, " %10s %10s %10s %10s %10s %10s %8s %12s %10s",
					 "-", "-", "-", "-", "-", "-", "-", "-", "-") < 0)
			return -1;
		if (fprintf(f, " %8llu%s%s\n", (unsigned long long)b->oh_cycles,
			    b->have_end ? "  verify " : "", b->have_end ? b->verify : "") < 0)
			return -1;
	}
	if (fprintf(f, "run %08x: %s (%zu benches, %llu samples, %lu lines rejected)",
		    r->tag, coll_run_verdict(r), r->nbench,
		    (unsigned long long)r->total_received, rej) < 0)
		return -1;
	for (size_t i = 0; i < r->nproblem; i++)
		if (fprintf(f, "%s%s", i ? "; " : ": ", r->problem[i]) < 0)
			return -1;
	for (size_t i = 0; i < r->nfailure; i++)
		if (fprintf(f, "%s%s", i ? "; " : "\nrun failed: ", r->failure[i]) < 0)
			return -1;
	return fputs("\n", f) < 0 ? -1 : 0;
}

int summary_print(FILE *f, const struct collector *c, const struct meta_source *src,
		  int (*report)(FILE *f, const struct collector *c))
{
	if (!c->nruns && fputs("no run found in the stream\n", f) < 0)
		return -1;
	for (size_t i = 0; i < c->nruns; i++)
		if (print_run(f, &c->runs[i], src))
			return -1;
	if (report && report(f, c)) /* rvbench stats, for every collection */
		return -1;
	if (c->rejected[COLL_REJ_ORPHAN] &&
	    fprintf(f, "%lu lines of runs whose RUN header never arrived (orphans)\n",
		    c->rejected[COLL_REJ_ORPHAN]) < 0)
		return -1;
	return fflush(f) ? -1 : 0;
}
