/* Markdown text and code spans for table cells (md_text.h). */
#include "md_text.h"

#include <string.h>

void md_code(FILE *f, const char *s)
{
	if (!*s)
		return;
	fputc('`', f);
	for (; *s; s++) {
		if (*s == '|')
			fputc('\\', f);
		fputc(*s == '`' || *s == '\n' || *s == '\r' ? ' ' : *s, f);
	}
	fputc('`', f);
}

void md_text(FILE *f, const char *s)
{
	/* A backquote would open a code span, a backslash escape the next
	 * character, '&' start an entity (&lt;): each shown as itself. */
	for (; *s; s++) {
		if (strchr("|*_[]<`\\&", *s))
			fputc('\\', f);
		fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
	}
}
