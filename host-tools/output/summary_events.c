/* The printed summary's event lines (summary_events.h). */
#include "summary_events.h"

#include <stdlib.h>

#include "csv_events.h"
#include "csv_out.h"

/* Names and parameters come from the stream: nothing that moves the
 * cursor reaches the terminal. */
static int put_printable(FILE *f, const char *s)
{
	for (; *s; s++)
		if (fputc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, f) == EOF)
			return -1;
	return 0;
}

/* The block as the table above names it: the benchmark, its parameters
 * ("size=4096 impl=1") and, in a group sweep, its group, so that two
 * blocks of one benchmark are two lines one can tell apart. */
static int block_label(FILE *f, const struct coll_bench *b, int groups)
{
	char nb[16];
	char *p = csv_bench_params(b);
	int bad = put_printable(f, csv_bench_name(b, nb, sizeof(nb)));

	for (char *q = p; *q; q++)
		if (*q == ';')
			*q = ' ';
	if (!bad && *p)
		bad = fputc(' ', f) == EOF || put_printable(f, p);
	free(p);
	if (!bad && groups)
		bad = fprintf(f, " group=%u", (unsigned)b->group) < 0;
	return bad ? -1 : 0;
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
		char *label = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&label, &len);
		int bad = !m || block_label(m, b, groups);
		if (m && fclose(m))
			bad = 1;
		if (!bad)
			bad = fprintf(f, "%-20s", label) < 0;
		free(label);
		if (bad)
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
