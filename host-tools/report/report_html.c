/*
 * index.html of `rvbench report` (report_data.h): one page that opens from
 * the disk anywhere: inline CSS, no JavaScript, nothing fetched, the
 * figures by relative links to the PNGs beside it. Every string from the
 * results is HTML-escaped.
 */
#include <string.h>

#include "report_data.h"

static void esc(FILE *f, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default: fputc(*s, f);
		}
}

static const char css[] =
	"body{font:14px/1.45 system-ui,-apple-system,'Segoe UI',sans-serif;margin:24px auto;"
	"max-width:1200px;padding:0 16px;color:#1d232a;background:#fff}"
	"h1{font-size:22px;margin:0 0 2px}h2{font-size:17px;margin:28px 0 8px;border-bottom:1px "
	"solid #d8dee4;padding-bottom:4px}"
	".dir{color:#57606a;margin:0 0 12px;font-family:ui-monospace,monospace}"
	"table{border-collapse:collapse;font-variant-numeric:tabular-nums}"
	"th,td{padding:3px 10px;border-bottom:1px solid #eaeef2;text-align:left;white-space:nowrap}"
	"th{background:#f6f8fa;font-weight:600;position:sticky;top:0}"
	"td.n,th.n{text-align:right}td.p{font-family:ui-monospace,monospace;font-size:12px;color:#444}"
	"table.facts th{background:none;font-weight:600;color:#57606a;position:static}"
	"table.facts td{white-space:normal}"
	".ok{color:#1a7f37}.bad{color:#cf222e;font-weight:600}.skip{color:#57606a}"
	"td.why{white-space:normal;min-width:16em;max-width:32em}"
	".reason{font-weight:400;color:#57606a}"
	".empty{font-weight:600}"
	"tr:hover td{background:#f6f8fa}"
	/* A grid, not a flex row: an odd last figure keeps its column's width
	 * instead of stretching across the page. A column at least 900 px
	 * wide: one figure a row on the page of 1200 px, nearly at its own
	 * size; two a row drew the 1200 px sweep figures at half size, their
	 * 10 pt labels at 5 (unreadable). */
	".figs{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(900px,100%),1fr));"
	"gap:16px}"
	"figure{margin:0;min-width:0}figure img{width:100%;border:1px solid #d8dee4}"
	"figcaption{font-size:12px;color:#57606a}"
	"ul.files{columns:3;font-family:ui-monospace,monospace;font-size:12px}"
	".note{color:#57606a;font-size:12px}"
	"ul.problems{color:#cf222e;padding-left:20px}ul.problems li{margin:2px 0}";

/* A cell of text from the results, escaped; cls: its class, or NULL. */
static void text_cell(FILE *f, const char *cls, const char *s)
{
	fprintf(f, "<td%s%s%s>", cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "");
	esc(f, s);
	fputs("</td>", f);
}

static void summary_head(FILE *f, const struct report_data *d)
{
	const struct report_cols *c = &d->cols;
	fputs("<table>\n<tr>", f);
	if (c->device)
		fputs("<th>device</th>", f);
	if (c->run)
		fputs("<th>run</th>", f);
	fputs("<th>benchmark</th><th>params</th>", f);
	if (c->hart)
		fputs("<th class=\"n\">hart</th>", f);
	if (c->group)
		fputs("<th class=\"n\">group</th>", f);
	if (c->calls)
		fputs("<th class=\"n\">calls</th>", f);
	fputs("<th class=\"n\">count</th><th class=\"n\">min</th><th class=\"n\">median</th>"
	      "<th class=\"n\">p99</th><th class=\"n\">MAD</th><th>unit</th><th>status</th>",
	      f);
	if (c->rates)
		fprintf(f, "<th>work per %s</th>", strcmp(d->unit, "instr") ? "cycle" : "instr");
	fputs("<th>plot</th></tr>\n", f);
}

/* The status cell: ok, skipped (grey, not a failure) or bad (red), and
 * the firmware's reason for it when it gave one. */
static void status_cell(FILE *f, const struct report_row *r)
{
	static const char *const cls[] = { "ok", "skip", "bad" };
	fprintf(f, "<td class=\"%s%s\">", cls[r->mark], *r->reason ? " why" : "");
	esc(f, r->state);
	if (*r->reason) {
		fputs(": <span class=\"reason\">", f);
		esc(f, r->reason);
		fputs("</span>", f);
	}
	fputs("</td>", f);
}

static void summary_row(FILE *f, const struct report_data *d, const struct report_row *r)
{
	const struct report_cols *c = &d->cols;
	fputs("<tr>", f);
	if (c->device)
		text_cell(f, NULL, r->device);
	if (c->run)
		text_cell(f, "p", r->run);
	text_cell(f, NULL, r->bench);
	text_cell(f, "p", r->params);
	if (c->hart)
		fprintf(f, "<td class=\"n\">%llu</td>", r->hart);
	if (c->group)
		fprintf(f, "<td class=\"n\">%llu</td>", r->group);
	if (c->calls)
		fprintf(f, "<td class=\"n\">%llu</td>", r->batch);
	const struct report_num *v[] = { &r->count, &r->min, &r->median, &r->p99, &r->mad };
	for (size_t k = 0; k < 5; k++)
		text_cell(f, "n", report_num_text(v[k]));
	text_cell(f, NULL, r->unit);
	status_cell(f, r);
	if (c->rates)
		text_cell(f, NULL, r->unit_rate);
	fputs("<td>", f);
	if (*r->plot) {
		fputs("<a href=\"", f);
		report_url(f, r->plot);
		fputs("\">plot</a>", f);
	}
	fputs("</td></tr>\n", f);
}

/* The summary table, or why there is none; and why there is no figure
 * when no block measured a sample. */
static void summary(FILE *f, const struct report_data *d)
{
	const char *why = report_why_empty(d);
	fputs("<h2>Summary</h2>\n", f);
	if (!d->nrow) {
		fputs("<p class=\"empty\">Nothing to show: ", f);
		esc(f, why);
		fputs(".</p>\n", f);
		return;
	}
	fprintf(f, "<p class=\"note\">Per call, in %s; %zu block%s.</p>\n", d->unit, d->nrow,
		d->nrow == 1 ? "" : "s");
	summary_head(f, d);
	for (size_t i = 0; i < d->nrow; i++)
		summary_row(f, d, &d->row[i]);
	fputs("</table>\n", f);
	if (why) {
		fputs("<p class=\"empty\">No figures: ", f);
		esc(f, why);
		fputs(".</p>\n", f);
	}
}

/* A gaps.csv cell: "?" when it is not known (a block of unknown size). */
static void gap_cell(FILE *f, const char *cls, const char *s)
{
	text_cell(f, cls, *s ? s : "?");
}

/* What went wrong, before the table that would otherwise read as whole:
 * the runs' problems and the samples gaps.csv lists. */
static void problems(FILE *f, const struct report_data *d)
{
	if (!d->nproblem && !d->ngap)
		return;
	fputs("<h2>Problems</h2>\n", f);
	if (d->nproblem) {
		fputs("<ul class=\"problems\">\n", f);
		for (size_t i = 0; i < d->nproblem; i++) {
			const struct report_problem *p = &d->problem[i];
			fputs("<li>", f);
			esc(f, p->lead);
			if (p->bench) { /* its name and parameters, as the table has them */
				fputs(" (", f);
				esc(f, p->bench);
				if (*p->params) {
					fputs(", ", f);
					esc(f, p->params);
				}
				fputs(")", f);
			}
			esc(f, p->rest);
			fputs("</li>\n", f);
		}
		fputs("</ul>\n", f);
	}
	if (!d->ngap)
		return;
	fprintf(f, "<p class=\"note\">Samples that did not arrive (gaps.csv):</p>\n<table>\n<tr>%s"
		   "<th>block</th><th>benchmark</th><th>first</th><th>last</th><th>count</th>"
		   "<th>reason</th></tr>\n",
		d->gap_runs ? "<th>run</th>" : "");
	for (size_t i = 0; i < d->ngap; i++) {
		const struct report_gap *g = &d->gap[i];
		fputs("<tr>", f);
		if (d->gap_runs)
			gap_cell(f, NULL, g->run);
		gap_cell(f, "n", g->block);
		gap_cell(f, NULL, g->bench);
		gap_cell(f, "n", g->first);
		gap_cell(f, "n", g->last);
		gap_cell(f, "n", g->count);
		gap_cell(f, "bad", g->reason);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

static void figures(FILE *f, const char *title, char **files, size_t n)
{
	if (!n)
		return;
	fprintf(f, "<h2>%s</h2>\n<div class=\"figs\">\n", title);
	for (size_t i = 0; i < n; i++) {
		fputs("<figure><a href=\"", f);
		report_url(f, files[i]);
		fputs("\"><img src=\"", f);
		report_url(f, files[i]);
		fputs("\" alt=\"", f);
		esc(f, files[i]);
		fputs("\" loading=\"lazy\"></a><figcaption>", f);
		esc(f, files[i]);
		fputs("</figcaption></figure>\n", f);
	}
	fputs("</div>\n", f);
}

int report_write_html(FILE *f, void *ctx)
{
	const struct report_data *d = ctx;
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>rvbench: ",
	      f);
	esc(f, d->dir);
	fprintf(f, "</title>\n<style>%s</style>\n</head>\n<body>\n<h1>rvbench results</h1>\n"
		   "<p class=\"dir\">",
		css);
	esc(f, d->dir);
	fputs("</p>\n", f);
	if (d->nfact) {
		fputs("<table class=\"facts\">\n", f);
		for (size_t i = 0; i < d->nfact; i++) {
			fputs("<tr><th>", f);
			esc(f, d->fact[i].key);
			fputs("</th><td>", f);
			esc(f, d->fact[i].value);
			fputs("</td></tr>\n", f);
		}
		fputs("</table>\n", f);
	}
	problems(f, d);
	summary(f, d);
	figures(f, "Sweeps", d->sweep, d->nsweep);
	figures(f, "Other figures", d->other, d->nother);
	fputs("<p class=\"note\">Written by <code>rvbench report</code>; the same in "
	      "<a href=\"report.md\">report.md</a>.</p>\n</body>\n</html>\n",
	      f);
	return ferror(f) ? -1 : 0;
}
