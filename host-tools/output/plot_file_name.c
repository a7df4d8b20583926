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

void plot_stem_append(char *stem, size_t len, const char *sep, const char *part)
{
	size_t n = strlen(stem);
	int replaced = 0;
	if (n + strlen(sep) < len)
		n += (size_t)snprintf(stem + n, len - n, "%s", sep);
	for (const char *p = part; *p && n + 1 < len; p++) {
		char c = *p;
		replaced |= !kept(c) && c != ';';
		stem[n++] = c == ';' ? '-' : kept(c) ? c : '_';
	}
	stem[n] = 0;
	if (replaced && n < len)
		snprintf(stem + n, len - n, ".h%08x", (unsigned)fnv1a(part));
}

void plot_file_name(char *buf, size_t len, const char *bench, const char *params)
{
	char stem[PLOT_STEM_MAX] = "";
	plot_stem_append(stem, sizeof(stem), "", bench);
	if (*params)
		plot_stem_append(stem, sizeof(stem), "-", params);
	snprintf(buf, len, "plot-%s.png", stem);
}
