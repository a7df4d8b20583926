/*
 * The figures of `rvbench report` (report_data.h): each row's image of
 * `rvbench plot`, the sweeps, and any other plot-*.png in the directory.
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "report_data.h"

static int by_name(const void *p, const void *q)
{
	return strcmp(*(char *const *)p, *(char *const *)q);
}

/* The names of DIR/plot-*.png, sorted. */
static char **list_plots(const char *dir, size_t *n)
{
	DIR *dp = opendir(dir);
	char **v = NULL;
	*n = 0;
	if (!dp)
		return NULL;
	for (struct dirent *e; (e = readdir(dp));) {
		size_t l = strlen(e->d_name);
		if (strncmp(e->d_name, "plot-", 5) || l < 9 || strcmp(e->d_name + l - 4, ".png"))
			continue;
		char **nv = realloc(v, (*n + 1) * sizeof(*nv));
		if (!nv)
			break;
		v = nv;
		if (!(v[*n] = strdup(e->d_name)))
			break;
		(*n)++;
	}
	closedir(dp);
	if (*n)
		qsort(v, *n, sizeof(*v), by_name);
	return v;
}

/* A row that has an image: `rvbench plot` draws the measured samples, so
 * a block without any (a fault, a skip) has none. */
static int measured(const struct report_row *r)
{
	return r->count.present && r->count.v > 0;
}

/* Rows of one image: one series (run, bench, params, hart), all its
 * groups in it (an_bench_end). */
static int same_series(const struct report_row *a, const struct report_row *b)
{
	return !strcmp(a->run, b->run) && !strcmp(a->bench, b->bench) &&
	       !strcmp(a->params, b->params) && a->hart == b->hart;
}

/*
 * The file `rvbench plot` draws r's image into: one image per series that
 * has samples, named by the rule both share (plot_series_stem,
 * plot_file_name.h) against the other series with samples.
 */
static void plot_name(const struct report_data *d, const struct report_row *r, char *buf,
		      size_t len)
{
	struct plot_clash c = { 0 };
	for (size_t k = 0; k < d->nrow; k++) {
		const struct report_row *o = &d->row[k];
		if (measured(o) && !same_series(o, r))
			plot_clash_note(&c, r->bench, r->params, r->hart, o->bench, o->params, o->hart);
	}
	char stem[PLOT_STEM_MAX];
	plot_series_stem(stem, sizeof(stem), &c, r->bench, r->params, r->hart, r->run);
	plot_stem_file(buf, len, stem);
}

/* Index of name in files, or n when it is not there. */
static size_t find(char **files, size_t n, const char *name)
{
	size_t i = 0;
	while (i < n && strcmp(files[i], name))
		i++;
	return i;
}

int report_find_plots(struct report_data *d, char *err, size_t errlen)
{
	size_t nf;
	char **files = list_plots(d->dir, &nf);
	unsigned char *used = calloc(nf ? nf : 1, 1);
	d->sweep = calloc(nf ? nf : 1, sizeof(char *));
	d->other = calloc(nf ? nf : 1, sizeof(char *));
	if (!used || !d->sweep || !d->other) {
		for (size_t i = 0; i < nf; i++)
			free(files[i]);
		free(files);
		free(used);
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (size_t i = 0; i < d->nrow; i++) {
		struct report_row *r = &d->row[i];
		char name[PLOT_FILE_MAX];
		if (!measured(r))
			continue;
		plot_name(d, r, name, sizeof(name));
		size_t k = find(files, nf, name);
		if (k < nf) {
			used[k] = 1;
			snprintf(r->plot, sizeof(r->plot), "%s", name);
		}
	}
	for (size_t i = 0; i < nf; i++) {
		size_t l = strlen(files[i]);
		if (l > 10 && !strcmp(files[i] + l - 10, "-sweep.png"))
			d->sweep[d->nsweep++] = files[i];
		else if (!used[i])
			d->other[d->nother++] = files[i];
		else
			free(files[i]);
	}
	free(files);
	free(used);
	return 0;
}

/*
 * A figure's name is a file's (any plot-*.png in the directory), but a
 * link reads it as a URL: '#' began a fragment, "plot-x:" a scheme, '?' a
 * query, and a space ended a Markdown link. Percent-encoded, all of them
 * are a path; what remains needs no HTML escape either. The names that
 * `rvbench plot` writes ([A-Za-z0-9._=+-]) stay as they are.
 */
void report_url(FILE *f, const char *name)
{
	for (const unsigned char *p = (const unsigned char *)name; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    strchr("._~=+-", *p))
			fputc(*p, f);
		else
			fprintf(f, "%%%02X", *p);
	}
}
