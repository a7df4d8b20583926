/* JSON strings that stay valid UTF-8 (json_string.h). */
#include "json_string.h"

/* Length of a valid UTF-8 sequence at p, or 0 (overlongs and surrogates
 * count as invalid). */
static size_t utf8_len(const unsigned char *p)
{
	if (p[0] < 0x80)
		return 1;
	if (p[0] >= 0xC2 && p[0] <= 0xDF)
		return (p[1] & 0xC0) == 0x80 ? 2 : 0;
	if (p[0] >= 0xE0 && p[0] <= 0xEF) {
		if ((p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80)
			return 0;
		if ((p[0] == 0xE0 && p[1] < 0xA0) || (p[0] == 0xED && p[1] >= 0xA0))
			return 0;
		return 3;
	}
	if (p[0] >= 0xF0 && p[0] <= 0xF4) {
		if ((p[1] & 0xC0) != 0x80 || (p[2] & 0xC0) != 0x80 || (p[3] & 0xC0) != 0x80)
			return 0;
		if ((p[0] == 0xF0 && p[1] < 0x90) || (p[0] == 0xF4 && p[1] >= 0x90))
			return 0;
		return 4;
	}
	return 0;
}

int json_write_str(FILE *f, const char *str)
{
	const unsigned char *p = (const unsigned char *)str;

	if (putc('"', f) == EOF)
		return -1;
	while (*p) {
		int rc;
		size_t n = utf8_len(p);
		if (*p == '"' || *p == '\\')
			rc = fprintf(f, "\\%c", *p);
		else if (*p == '\n')
			rc = fputs("\\n", f);
		else if (*p == '\r')
			rc = fputs("\\r", f);
		else if (*p == '\t')
			rc = fputs("\\t", f);
		else if (*p < 0x20 || *p == 0x7f)
			rc = fprintf(f, "\\u%04x", *p);
		else if (n == 0)
			rc = fputs("\\ufffd", f); /* not UTF-8: a replacement character */
		else
			rc = (int)fwrite(p, 1, n, f) == (int)n ? 0 : -1;
		if (rc < 0)
			return -1;
		p += n ? n : 1;
	}
	return putc('"', f) == EOF ? -1 : 0;
}
