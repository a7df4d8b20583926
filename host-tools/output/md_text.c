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
	for (; *s; s++) {
		if (strchr("|*_[]<", *s))
			fputc('\\', f);
		fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
	}
}
