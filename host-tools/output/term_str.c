#include "term_str.h"

#include <stdio.h>
#include <string.h>

/* The escaped spelling of ch in esc (5 bytes); returns its length. */
static size_t escape(unsigned char ch, char *esc)
{
	if (ch < 0x20 || ch == 0x7f)
		return (size_t)snprintf(esc, 5, "\\x%02X", ch);
	if (ch == '\\')
		return (size_t)snprintf(esc, 5, "\\\\");
	esc[0] = (char)ch;
	esc[1] = '\0';
	return 1;
}

const char *term_str(const char *s, char *buf, size_t len)
{
	char esc[5];
	size_t total = 0, n = 0;

	for (const char *p = s; p && *p; p++)
		total += escape((unsigned char)*p, esc);
	/* Cut: keep room for "..." after the last whole escape that fits. */
	size_t room = total + 1 <= len ? len - 1 : len - 4;
	for (; s && *s; s++) {
		size_t k = escape((unsigned char)*s, esc);
		if (n + k > room)
			break;
		memcpy(buf + n, esc, k);
		n += k;
	}
	if (total + 1 > len) {
		memcpy(buf + n, "...", 3);
		n += 3;
	}
	buf[n] = '\0';
	return buf;
}
