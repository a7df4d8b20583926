/* JSON strings that stay valid UTF-8, numbers every reader holds exactly
 * (json_string.h). */
#include "json_string.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

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

/* s as valid UTF-8, byte by byte as json_write_str() reads it (malloc'd;
 * NULL when out of memory). */
static char *utf8_clean(const char *s)
{
	static const char fffd[] = "\xef\xbf\xbd"; /* U+FFFD in UTF-8 */
	const unsigned char *p = (const unsigned char *)s;
	/* At worst each byte becomes the 3 bytes of U+FFFD. */
	char *out = malloc(3 * strlen(s) + 1), *q = out;

	if (!out)
		return NULL;
	while (*p) {
		size_t n = utf8_len(p);
		if (n) {
			memcpy(q, p, n);
			q += n;
			p += n;
		} else {
			memcpy(q, fffd, 3);
			q += 3;
			p++;
		}
	}
	*q = '\0';
	return out;
}

json_t *json_safe_str(const char *s)
{
	if (!s)
		return json_null();
	char *clean = utf8_clean(s);
	json_t *v = clean ? json_string(clean) : NULL;
	free(clean);
	return v;
}

int json_safe_set(json_t *obj, const char *key, json_t *v)
{
	char *clean = utf8_clean(key);
	if (!clean) {
		json_decref(v);
		return -1;
	}
	int rc = json_object_set_new(obj, clean, v);
	free(clean);
	return rc;
}

json_t *json_safe_u64(unsigned long long v)
{
	char digits[24];

	if (v <= JSON_SAFE_INT_MAX)
		return json_integer((json_int_t)v);
	snprintf(digits, sizeof(digits), "%llu", v);
	return json_string(digits);
}

json_t *json_safe_i64(long long v)
{
	char digits[24];

	if (v <= (long long)JSON_SAFE_INT_MAX && v >= -(long long)JSON_SAFE_INT_MAX)
		return json_integer((json_int_t)v);
	snprintf(digits, sizeof(digits), "%lld", v);
	return json_string(digits);
}

json_t *json_printed_real(const char *fmt, ...)
{
	/* Room for "%.3f" of any finite double (309 digits at most). */
	char text[400];
	va_list ap;

	va_start(ap, fmt);
	int n = vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	/* strtod rounds the text as a JSON reader does; jansson then writes
	 * the double with the digits that give it back exactly. */
	double d = n > 0 && (size_t)n < sizeof(text) ? strtod(text, NULL) : NAN;
	return isfinite(d) ? json_real(d) : json_null();
}

json_t *json_built(json_t *v, int bad)
{
	if (!bad)
		return v;
	json_decref(v);
	return NULL;
}
