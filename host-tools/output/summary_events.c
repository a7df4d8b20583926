/* The printed summary's event lines (summary_events.h). */
#include "summary_events.h"

#include <stdlib.h>
#include <string.h>

#include "csv_events.h"
#include "csv_out.h"
#include "pmu_events.h"
#include "term_str.h"

/* The block as the table above names it: the benchmark, its parameters
 * ("size=4096 impl=1") and, in a group sweep, its group, so that two
 * blocks of one benchmark are two lines one can tell apart. Names and
 * parameters come from the stream: escaped for the terminal. */
static void block_label(const struct coll_bench *b, int groups, char *out, size_t len)
{
	char nb[16], name[64], params[600];
	char *p = csv_bench_params(b);

	for (char *q = p; *q; q++)
		if (*q == ';')
			*q = ' ';
	int n = snprintf(out, len, "%s%s%s", term_str(csv_bench_name(b, nb, sizeof(nb)), name,
						       sizeof(name)),
			 *p ? " " : "", term_str(p, params, sizeof(params)));
	free(p);
	if (groups && n >= 0 && (size_t)n < len)
		snprintf(out + n, len - (size_t)n, " group=%u", (unsigned)b->group);
}

/* The run's events that count nowhere (the PMU record's refused=, NAME:WHY
 * each, NAME possibly with a ':' of its own, raw:0x...), after the counted
 * ones: an event the run asked for has a word here or a column there. */
static int print_refused(FILE *f, const struct coll_run *r)
{
	for (size_t i = 0; i < r->npmu; i++) {
		if (strcmp(r->pmu[i].key, "refused"))
			continue;
		char *list = strdup(r->pmu[i].value), text[256];
		int rc = list ? fputs("hardware events not counted:", f) : -1;
		for (char *w = list, *next; rc >= 0 && w && *w; w = next) {
			next = strchr(w, ',');
			if (next)
				*next++ = '\0';
			char *why = strrchr(w, ':');
			if (why)
				*why++ = '\0';
			/* A raw event in its one spelling, as its column would be
			 * named (an older firmware may have sent raw:0x01). */
			char canon[PMU_EVENT_NAME_MAX];
			uint64_t v;
			if (strlen(w) < PMU_EVENT_NAME_MAX && !strncmp(w, "raw:", 4) &&
			    !pmu_raw_parse(w + 4, &v)) {
				pmu_raw_name(v, canon);
				w = strcpy(w, canon); /* never longer than the name it spells */
			}
			rc = fprintf(f, "%s %s", w == list ? "" : ",", term_str(w, text, sizeof(text)));
			if (rc >= 0 && why)
				rc = fprintf(f, " (%s)", term_str(why, text, sizeof(text)));
		}
		free(list);
		return rc < 0 || fputs("\n", f) < 0 ? -1 : 0;
	}
	return 0;
}

int summary_events_print(FILE *f, const struct coll_run *r)
{
	int header = 0, groups = 0;

	for (size_t i = 0; i < r->nbench; i++)
		groups |= r->bench[i].nev && r->bench[i].group;
	for (size_t i = 0; i < r->nbench; i++) {
		const struct coll_bench *b = &r->bench[i];
		if (!b->nev)
			continue;
		if (!header && fputs("hardware events: median per sample, mean per call\n", f) < 0)
			return -1;
		header = 1;
		/* the label, padded to 20 columns as before parameters came in */
		char label[720];
		block_label(b, groups, label, sizeof(label));
		if (fprintf(f, "%-20s", label) < 0)
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
	return print_refused(f, r);
}
