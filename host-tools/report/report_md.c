/*
 * report.md of `rvbench report` (report_data.h): the facts, the problems,
 * the summary table and the figures in Markdown, for a pull request or a
 * wiki. Names and parameters are code spans (nothing in them is read as
 * Markdown; a '|' is escaped so the cell holds); other text reads as
 * written (md_text.h).
 */
#include <string.h>

#include "md_text.h"
#include "report_data.h"

/* A gaps.csv figure: "?" when it is not known (a block of unknown size). */
static const char *known(const char *s)
{
	return *s ? s : "?";
}

/* What went wrong, before the table that would otherwise read as whole:
 * the runs' problems and the samples gaps.csv lists. */
static void problems(FILE *f, const struct report_data *d)
{
	if (!d->nproblem && !d->ngap)
		return;
	fputs("\n## Problems\n\n", f);
	for (size_t i = 0; i < d->nproblem; i++) {
		fputs("- ", f);
		md_text(f, d->problem[i]);
		fputs("\n", f);
	}
	if (!d->ngap)
		return;
	fprintf(f, "%sSamples that did not arrive (gaps.csv):\n\n%s| block | benchmark | first | last | "
		   "count | reason |\n%s| ---: | --- | ---: | ---: | ---: | --- |\n",
		d->nproblem ? "\n" : "", d->gap_runs ? "| run " : "", d->gap_runs ? "| --- " : "");
	for (size_t i = 0; i < d->ngap; i++) {
		const struct report_gap *g = &d->gap[i];
		if (d->gap_runs) {
			fputs("| ", f);
			md_code(f, g->run);
			fputs(" ", f);
		}
		fputs("| ", f);
		md_text(f, g->block);
		fputs(" | ", f);
		md_code(f, g->bench);
		fputs(" | ", f);
		md_text(f, known(g->first));
		fputs(" | ", f);
		md_text(f, known(g->last));
		fputs(" | ", f);
		md_text(f, known(g->count));
		fputs(" | ", f);
		md_text(f, g->reason);
		fputs(" |\n", f);
	}
}

int report_write_md(FILE *f, void *ctx)
{
	const struct report_data *d = ctx;
	fputs("# rvbench results\n\n", f);
	md_code(f, d->dir);
	fputs("\n\n", f);
	if (d->nfact) {
		fputs("| fact | value |\n| --- | --- |\n", f);
		for (size_t i = 0; i < d->nfact; i++) {
			fputs("| ", f);
			md_text(f, d->fact[i].key);
			fputs(" | ", f);
			md_text(f, d->fact[i].value);
			fputs(" |\n", f);
		}
	}
	problems(f, d);
	fprintf(f, "\n## Summary\n\nPer call, in %s; %zu blocks.\n\n", d->unit, d->nrow);
	fprintf(f,
		"| benchmark | params | hart | count | min | median | p99 | MAD | unit | status | work "
		"per %s | plot |\n| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | --- "
		"| --- |\n",
		strcmp(d->unit, "instr") ? "cycle" : "instr");
	for (size_t i = 0; i < d->nrow; i++) {
		const struct report_row *r = &d->row[i];
		fputs("| ", f);
		md_code(f, r->bench);
		fputs(" | ", f);
		md_code(f, r->params);
		char b[5][24];
		fprintf(f, " | %llu | %s | %s | %s | %s | %s | %s | %s", r->hart,
			report_num_text(&r->count, b[0]), report_num_text(&r->min, b[1]),
			report_num_text(&r->median, b[2]), report_num_text(&r->p99, b[3]),
			report_num_text(&r->mad, b[4]), d->unit, r->bad ? "**" : "");
		md_text(f, r->state);
		fprintf(f, "%s | ", r->bad ? "**" : "");
		md_text(f, r->unit_rate);
		fputs(" | ", f);
		if (*r->plot)
			fprintf(f, "[plot](%s)", r->plot);
		fputs(" |\n", f);
	}
	if (d->nsweep) {
		fputs("\n## Sweeps\n\n", f);
		for (size_t i = 0; i < d->nsweep; i++)
			fprintf(f, "![%s](%s)\n\n", d->sweep[i], d->sweep[i]);
	}
	if (d->nother) {
		fputs("\n## Other figures\n\n", f);
		for (size_t i = 0; i < d->nother; i++)
			fprintf(f, "- [%s](%s)\n", d->other[i], d->other[i]);
	}
	return ferror(f) ? -1 : 0;
}
