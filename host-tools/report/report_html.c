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
	"td.n{text-align:right}td.p{font-family:ui-monospace,monospace;font-size:12px;color:#444}"
	"table.facts th{background:none;font-weight:600;color:#57606a;position:static}"
	"table.facts td{white-space:normal}"
	".ok{color:#1a7f37}.bad{color:#cf222e;font-weight:600}"
	"tr:hover td{background:#f6f8fa}"
	".figs{display:flex;flex-wrap:wrap;gap:16px}"
	"figure{margin:0;flex:1 1 520px;max-width:100%}figure img{width:100%;border:1px solid "
	"#d8dee4}"
	"figcaption{font-size:12px;color:#57606a}"
	"ul.files{columns:3;font-family:ui-monospace,monospace;font-size:12px}"
	".note{color:#57606a;font-size:12px}"
	"ul.problems{color:#cf222e;padding-left:20px}ul.problems li{margin:2px 0}";

/* Whether the rows span several harts or groups: only then their columns. */
static void columns(const struct report_data *d, int *harts, int *groups)
{
	*harts = *groups = 0;
	for (size_t i = 0; i < d->nrow; i++) {
		*harts |= d->row[i].hart != d->row[0].hart;
		*groups |= d->row[i].group != 0;
	}
}

static void summary(FILE *f, const struct report_data *d)
{
	int harts, groups, rates = 0;
	columns(d, &harts, &groups);
	for (size_t i = 0; i < d->nrow; i++)
		rates |= *d->row[i].unit_rate != 0;
	fprintf(f, "<h2>Summary</h2>\n<p class=\"note\">Per call, in %s; %zu blocks.</p>\n",
		d->unit, d->nrow);
	fputs("<table>\n<tr><th>benchmark</th><th>params</th>", f);
	if (harts)
		fputs("<th>hart</th>", f);
	if (groups)
		fputs("<th>group</th>", f);
	fputs("<th>count</th><th>min</th><th>median</th><th>p99</th><th>MAD</th><th>unit</th>"
	      "<th>status</th>",
	      f);
	if (rates)
		fprintf(f, "<th>work per %s</th>", strcmp(d->unit, "instr") ? "cycle" : "instr");
	fputs("<th>plot</th></tr>\n", f);
	for (size_t i = 0; i < d->nrow; i++) {
		const struct report_row *r = &d->row[i];
		fputs("<tr><td>", f);
		esc(f, r->bench);
		fputs("</td><td class=\"p\">", f);
		esc(f, r->params);
		fputs("</td>", f);
		if (harts)
			fprintf(f, "<td class=\"n\">%llu</td>", r->hart);
		if (groups)
			fprintf(f, "<td class=\"n\">%llu</td>", r->group);
		char b[5][24];
		fprintf(f,
			"<td class=\"n\">%s</td><td class=\"n\">%s</td><td class=\"n\">%s</td>"
			"<td class=\"n\">%s</td><td class=\"n\">%s</td><td>%s</td><td class=\"%s\">",
			report_num_text(&r->count, b[0]), report_num_text(&r->min, b[1]),
			report_num_text(&r->median, b[2]), report_num_text(&r->p99, b[3]),
			report_num_text(&r->mad, b[4]), d->unit, r->bad ? "bad" : "ok");
		esc(f, r->state);
		fputs("</td>", f);
		if (rates) {
			fputs("<td>", f);
			esc(f, r->unit_rate);
			fputs("</td>", f);
		}
		fputs("<td>", f);
		if (*r->plot) {
			fputs("<a href=\"", f);
			esc(f, r->plot);
			fputs("\">plot</a>", f);
		}
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* A gaps.csv cell: "?" when it is not known (a block of unknown size). */
static void gap_cell(FILE *f, const char *cls, const char *s)
{
	fprintf(f, "<td%s%s%s>", cls ? " class=\"" : "", cls ? cls : "", cls ? "\"" : "");
	esc(f, *s ? s : "?");
	fputs("</td>", f);
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
			fputs("<li>", f);
			esc(f, d->problem[i]);
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
		esc(f, files[i]);
		fputs("\"><img src=\"", f);
		esc(f, files[i]);
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
