/* Printed summary (summary_print.h): the same numbers as summary.csv, one
 * row per block (summary_table.h). */
#include "summary_print.h"

#include <string.h>

#include "context_print.h"
#include "summary_events.h"
#include "summary_table.h"

/* Under QEMU -icount the counters count instructions. */
static int counts_instructions(const struct meta_source *src)
{
	return src->kind && !strcmp(src->kind, "qemu") && src->icount && strcmp(src->icount, "off");
}

static int print_run(FILE *f, const struct coll_run *r, const struct meta_source *src)
{
	unsigned long rej = 0;

	for (size_t i = 0; i < coll_reject_norder; i++)
		rej += r->rejected[coll_reject_order[i]];
	if (fprintf(f, "run %08x\n", r->tag) < 0 || context_print(f, r, src) ||
	    summary_table_print(f, r, counts_instructions(src)) || summary_events_print(f, r))
		return -1;
	if (fprintf(f, "run %08x: %s (%zu block%s, %llu sample%s, %lu line%s rejected)",
		    r->tag, coll_run_verdict(r), r->nbench, r->nbench == 1 ? "" : "s",
		    (unsigned long long)r->total_received, r->total_received == 1 ? "" : "s", rej,
		    rej == 1 ? "" : "s") < 0)
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
	for (size_t i = 0; i < c->nruns; i++)
		if (print_run(f, &c->runs[i], src))
			return -1;
	if (report && report(f, c)) /* -v: rvbench stats, for every collection */
		return -1;
	if (c->rejected[COLL_REJ_ORPHAN] &&
	    fprintf(f, "%lu line%s of runs whose RUN header never arrived (orphans)\n",
		    c->rejected[COLL_REJ_ORPHAN], c->rejected[COLL_REJ_ORPHAN] == 1 ? "" : "s") < 0)
		return -1;
	return fflush(f) ? -1 : 0;
}
