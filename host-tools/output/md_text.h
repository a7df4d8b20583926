/* Text in Markdown tables (compare --format md, report.md). */
#ifndef RVBENCH_MD_TEXT_H
#define RVBENCH_MD_TEXT_H

#include <stdio.h>

/* Writes s as a code span that can sit in a table cell: nothing in it is
 * read as Markdown, a '|' is escaped so the cell holds, and a backquote or
 * a line break (which would end the span or the row) becomes a space.
 * An empty s writes nothing (an empty span is not one). */
void md_code(FILE *f, const char *s);

/* Writes s as plain text that can sit in a table cell or a line: a '|' is
 * escaped so the cell holds, so are the characters Markdown would read as
 * emphasis, a link or HTML ('*', '_', '[', ']', '<'), and a line break
 * (which would end the row) becomes a space. */
void md_text(FILE *f, const char *s);

#endif
