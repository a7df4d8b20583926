/* The file names of the plots (plot_file_name.h). */
#include "plot_file_name.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static int kept(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       (c && strchr("._=+-", c));
}

/* FNV-1a, 32 bits: short, stable across hosts and builds. */
static uint32_t fnv1a(const char *s)
{
	uint32_t h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* ".h" and 8 hex digits. */
#define HASH_LEN 10u

void plot_stem_append(char *stem, size_t len, const char *sep, const char *part)
{
	size_t n = strlen(stem);
	int replaced = 0;
	if (n + strlen(sep) < len)
		n += (size_t)snprintf(stem + n, len - n, "%s", sep);
	size_t start = n;
	for (const char *p = part; *p && n + 1 < len; p++) {
		char c = *p;
		replaced |= !kept(c) && c != ';';
		stem[n++] = c == ';' ? '-' : kept(c) ? c : '_';
	}
	/* A part cut short still keeps its whole hash: it is what tells the
	 * names apart, so the part's end makes room for it. */
	if (replaced && start + HASH_LEN < len) {
		if (n + HASH_LEN >= len)
			n = len - 1 - HASH_LEN;
		snprintf(stem + n, len - n, ".h%08x", (unsigned)fnv1a(part));
	} else {
		stem[n] = 0;
	}
}

void plot_stem_file(char *buf, size_t len, const char *stem)
{
	snprintf(buf, len, "plot-%s.png", stem);
}

void plot_file_name(char *buf, size_t len, const char *bench, const char *params)
{
	char stem[PLOT_STEM_MAX] = "";
	plot_stem_append(stem, sizeof(stem), "", bench);
	if (*params)
		plot_stem_append(stem, sizeof(stem), "-", params);
	plot_stem_file(buf, len, stem);
}

void plot_clash_note(struct plot_clash *c, const char *bench, const char *params,
		     unsigned long long hart, const char *obench, const char *oparams,
		     unsigned long long ohart)
{
	if (strcmp(obench, bench))
		return;
	c->bench = 1;
	if (strcmp(oparams, params))
		return;
	c->params = 1;
	c->hart |= ohart == hart;
}

void plot_series_stem(char *stem, size_t len, const struct plot_clash *c, const char *bench,
		      const char *params, unsigned long long hart, const char *run)
{
	stem[0] = '\0';
	plot_stem_append(stem, len, "", bench);
	if (c->bench && *params)
		plot_stem_append(stem, len, "-", params);
	if (c->params) {
		char h[32];
		snprintf(h, sizeof(h), "hart%llu", hart);
		plot_stem_append(stem, len, "-", h);
	}
	if (c->hart)
		plot_stem_append(stem, len, "-", run);
}
