/* The firmware's error lines, picked out of the raw stream (fw_errors.h). */
#include "fw_errors.h"

#include <stdlib.h>
#include <string.h>

#define ERROR_PREFIX "rvbench: error: "
#define WARNING_PREFIX "rvbench: warning: "

static int starts(const struct fw_errors *e, const char *prefix, size_t plen)
{
	return e->len >= plen && !memcmp(e->line, prefix, plen);
}

static void end_line(struct fw_errors *e)
{
	int warning = starts(e, WARNING_PREFIX, sizeof(WARNING_PREFIX) - 1);
	size_t plen = warning ? sizeof(WARNING_PREFIX) - 1 : sizeof(ERROR_PREFIX) - 1;

	if (warning || starts(e, ERROR_PREFIX, plen)) {
		e->count++;
		if (e->nkept < FW_ERRORS_KEPT) {
			size_t n = e->len - plen;
			char *s = malloc(n + 4);
			if (s) {
				memcpy(s, e->line + plen, n);
				strcpy(s + n, e->cut ? "..." : "");
				e->kept_len[e->nkept] = n + (e->cut ? 3 : 0);
				e->kept_warning[e->nkept] = (unsigned char)warning;
				e->kept[e->nkept++] = s;
			}
		}
	}
	e->len = 0;
	e->cut = 0;
}

/* The first line end ('\r' or '\n') in p[0..n), or NULL. */
static const unsigned char *line_end(const unsigned char *p, size_t n)
{
	const unsigned char *nl = memchr(p, '\n', n);
	const unsigned char *cr = memchr(p, '\r', nl ? (size_t)(nl - p) : n);
	return cr ? cr : nl;
}

void fw_errors_feed(struct fw_errors *e, const void *buf, size_t n)
{
	const unsigned char *p = buf, *end = p + n;

	/* memchr a line at a time: replay decodes at hundreds of MB/s and
	 * this must not be what slows it. "\r\n", "\n" and "\r" all end a
	 * line; the empty line between "\r" and "\n" is no error. */
	while (p < end) {
		const unsigned char *q = line_end(p, (size_t)(end - p));
		size_t len = (size_t)((q ? q : end) - p);
		size_t room = FW_ERROR_LINE_MAX - e->len;
		memcpy(e->line + e->len, p, len < room ? len : room);
		e->len += len < room ? len : room;
		if (len > room)
			e->cut = 1;
		if (!q)
			return;
		end_line(e);
		p = q + 1;
	}
}

void fw_errors_finish(struct fw_errors *e)
{
	end_line(e);
}

void fw_errors_print(const struct fw_errors *e, FILE *f)
{
	fw_errors_print_first(e, f, e->count);
}

void fw_errors_print_first(const struct fw_errors *e, FILE *f, unsigned long n)
{
	for (size_t i = 0; i < e->nkept && i < n; i++) {
		fputs(e->kept_warning[i] ? "rvbench: firmware: warning: " : "rvbench: firmware: error: ", f);
		const unsigned char *s = (const unsigned char *)e->kept[i];
		for (size_t k = 0; k < e->kept_len[i]; k++) {
			if (s[k] < 0x20 || s[k] >= 0x7f || s[k] == '\\')
				fprintf(f, "\\x%02x", s[k]);
			else
				fputc(s[k], f);
		}
		fputc('\n', f);
	}
	if (n > e->count)
		n = e->count;
	if (n > e->nkept)
		fprintf(f, "rvbench: firmware: %lu more error or warning lines (see uart.log)\n",
			n - e->nkept);
}

void fw_errors_free(struct fw_errors *e)
{
	for (size_t i = 0; i < e->nkept; i++)
		free(e->kept[i]);
	e->nkept = 0;
}
