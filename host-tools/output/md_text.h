/* Text in Markdown tables (compare --format md, report.md). */
#ifndef RVBENCH_MD_TEXT_H
#define RVBENCH_MD_TEXT_H

#include <stdio.h>

/* Writes s as a code span that can sit in a table cell: nothing in it is
 * read as Markdown, a '|' is escaped so the cell holds, and a backquote or
 * a line break (which would end the span or the row) becomes a space.
 * An empty s writes nothing (an empty span is not one). */
void md_code(FILE *f, const char *s);

#endif
