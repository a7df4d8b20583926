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
		const struct report_problem *p = &d->problem[i];
		fputs("- ", f);
		md_text(f, p->lead);
		if (p->bench) { /* its name and parameters as the table has them */
			fputs(" (", f);
			md_code(f, p->bench);
			if (*p->params) {
				fputs(", ", f);
				md_code(f, p->params);
			}
			fputs(")", f);
		}
		md_text(f, p->rest);
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

static void summary_head(FILE *f, const struct report_data *d)
{
	const struct report_cols *c = &d->cols;
	fputs("| ", f);
	if (c->device)
		fputs("device | ", f);
	if (c->run)
		fputs("run | ", f);
	fprintf(f, "benchmark | params | hart | %s%scount | min | median | p99 | MAD | unit | status "
		   "| work per %s | plot |\n| ",
		c->group ? "group | " : "", c->calls ? "calls | " : "",
		strcmp(d->unit, "instr") ? "cycle" : "instr");
	if (c->device)
		fputs("--- | ", f);
	if (c->run)
		fputs("--- | ", f);
	fprintf(f, "--- | --- | ---: | %s%s---: | ---: | ---: | ---: | ---: | --- | --- | --- | --- |\n",
		c->group ? "---: | " : "", c->calls ? "---: | " : "");
}

/* The status cell: bold when bad, and the firmware's reason for it (why
 * a block was skipped) when it gave one. */
static void status_cell(FILE *f, const struct report_row *r)
{
	const char *em = r->mark == REPORT_BAD ? "**" : "";
	fputs(em, f);
	md_text(f, r->state);
	fputs(em, f);
	if (*r->reason) {
		fputs(": ", f);
		md_text(f, r->reason);
	}
}

static void summary_row(FILE *f, const struct report_data *d, const struct report_row *r)
{
	const struct report_cols *c = &d->cols;
	fputs("| ", f);
	if (c->device) {
		md_code(f, r->device);
		fputs(" | ", f);
	}
	if (c->run) {
		md_code(f, r->run);
		fputs(" | ", f);
	}
	md_code(f, r->bench);
	fputs(" | ", f);
	md_code(f, r->params);
	fprintf(f, " | %llu | ", r->hart);
	if (c->group)
		fprintf(f, "%llu | ", r->group);
	if (c->calls)
		fprintf(f, "%llu | ", r->batch);
	fprintf(f, "%s | %s | %s | %s | %s | ", report_num_text(&r->count),
		report_num_text(&r->min), report_num_text(&r->median), report_num_text(&r->p99),
		report_num_text(&r->mad));
	md_text(f, r->unit);
	fputs(" | ", f);
	status_cell(f, r);
	fputs(" | ", f);
	md_text(f, r->unit_rate);
	fputs(" | ", f);
	if (*r->plot) {
		fputs("[plot](", f);
		report_url(f, r->plot);
		fputs(")", f);
	}
	fputs(" |\n", f);
}

/* The summary table, or why there is none; and why there is no figure
 * when no block measured a sample. */
static void summary(FILE *f, const struct report_data *d)
{
	const char *why = report_why_empty(d);
	fputs("\n## Summary\n\n", f);
	if (!d->nrow) {
		fputs("Nothing to show: ", f);
		md_text(f, why);
		fputs(".\n", f);
		return;
	}
	fprintf(f, "Per call, in %s; %zu block%s.\n\n", d->unit, d->nrow, d->nrow == 1 ? "" : "s");
	summary_head(f, d);
	for (size_t i = 0; i < d->nrow; i++)
		summary_row(f, d, &d->row[i]);
	if (why) {
		fputs("\nNo figures: ", f);
		md_text(f, why);
		fputs(".\n", f);
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
	summary(f, d);
	if (d->nsweep) {
		fputs("\n## Sweeps\n\n", f);
		for (size_t i = 0; i < d->nsweep; i++) {
			fputs("![", f);
			md_text(f, d->sweep[i]);
			fputs("](", f);
			report_url(f, d->sweep[i]);
			fputs(")\n\n", f);
		}
	}
	if (d->nother) {
		fputs("\n## Other figures\n\n", f);
		for (size_t i = 0; i < d->nother; i++) {
			fputs("- [", f);
			md_text(f, d->other[i]);
			fputs("](", f);
			report_url(f, d->other[i]);
			fputs(")\n", f);
		}
	}
	return ferror(f) ? -1 : 0;
}
