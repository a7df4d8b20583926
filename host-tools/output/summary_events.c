/* The printed summary's event lines (summary_events.h). */
#include "summary_events.h"

#include "csv_events.h"
#include "csv_out.h"

int summary_events_print(FILE *f, const struct coll_run *r)
{
	int header = 0;
	char nb[16];

	for (size_t i = 0; i < r->nbench; i++) {
		const struct coll_bench *b = &r->bench[i];
		if (!b->nev)
			continue;
		if (!header && fputs("hardware events: median per sample, mean per call\n", f) < 0)
			return -1;
		header = 1;
		if (fprintf(f, "%-20s", csv_bench_name(b, nb, sizeof(nb))) < 0)
			return -1;
		for (unsigned k = 0; k < b->nev; k++) {
			uint64_t median;
			long double per_call;
			int rc = csv_event_stat(b, k, &median, &per_call)
					 ? fprintf(f, "  %s %llu, %.3Lf/call", b->ev_name[k],
						   (unsigned long long)median, per_call)
					 : fprintf(f, "  %s -", b->ev_name[k]);
			if (rc < 0)
				return -1;
		}
		if (fputs("\n", f) < 0)
			return -1;
	}
	return 0;
}
