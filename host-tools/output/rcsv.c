/* The RFC 4180 reader behind results_csv.c (rcsv.h). */
#include "rcsv.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *rcsv_grow(void *p, size_t *cap, size_t need, size_t elem)
{
	if (need <= *cap)
		return p;
	size_t n = *cap ? *cap * 2 : 16;
	while (n < need)
		n *= 2;
	void *q = realloc(p, n * elem);
	if (q)
		*cap = n;
	return q;
}

struct builder {
	struct rcsv *t;
	size_t rowcap, fieldcap;
	char **fields; /* the row being built */
	size_t nf;
	char *buf;     /* the field being built */
	size_t blen, bcap;
};

static int end_field(struct builder *b)
{
	char *f = malloc(b->blen + 1);
	char **nfields = rcsv_grow(b->fields, &b->fieldcap, b->nf + 1, sizeof(char *));
	if (!f || !nfields) {
		free(f);
		return -1;
	}
	b->fields = nfields;
	memcpy(f, b->buf, b->blen);
	f[b->blen] = 0;
	b->fields[b->nf++] = f;
	b->blen = 0;
	return 0;
}

static int end_row(struct builder *b, size_t line)
{
	struct rcsv *t = b->t;
	size_t cap = b->rowcap;
	char ***row = rcsv_grow(t->row, &cap, t->nrows + 1, sizeof(*row));
	if (!row)
		return -1;
	t->row = row;
	size_t c2 = b->rowcap, c3 = b->rowcap;
	size_t *nf = rcsv_grow(t->nfield, &c2, t->nrows + 1, sizeof(*nf));
	if (!nf)
		return -1;
	t->nfield = nf;
	size_t *ln = rcsv_grow(t->line, &c3, t->nrows + 1, sizeof(*ln));
	if (!ln)
		return -1;
	t->line = ln;
	b->rowcap = cap;
	t->row[t->nrows] = b->fields;
	t->nfield[t->nrows] = b->nf;
	t->line[t->nrows] = line;
	t->nrows++;
	b->fields = NULL;
	b->nf = b->fieldcap = 0;
	return 0;
}

static int add_char(struct builder *b, char c)
{
	char *p = rcsv_grow(b->buf, &b->bcap, b->blen + 1, 1);
	if (!p)
		return -1;
	b->buf = p;
	b->buf[b->blen++] = c;
	return 0;
}

int rcsv_parse(const char *text, size_t len, struct rcsv *t, char *err, size_t errlen)
{
	struct builder b = { .t = t };
	size_t i = 0, line = 1, row_line = 1;
	int rc = 0;
	const char *why = NULL;

	memset(t, 0, sizeof(*t));
	while (i < len && !why) {
		/* one field */
		if (text[i] == '"') {
			size_t open_line = line;
			i++;
			for (;;) {
				if (i >= len) {
					snprintf(err, errlen, "%zu: quoted field opened here is never closed",
						 open_line);
					rc = -1;
					goto out;
				}
				if (text[i] == '"') {
					if (i + 1 < len && text[i + 1] == '"') {
						if (add_char(&b, '"'))
							goto oom;
						i += 2;
						continue;
					}
					i++;
					break;
				}
				if (text[i] == '\n')
					line++;
				if (add_char(&b, text[i++]))
					goto oom;
			}
			if (i < len && text[i] != ',' && text[i] != '\r' && text[i] != '\n')
				why = "text after a closing quote";
		} else {
			while (i < len && text[i] != ',' && text[i] != '\r' && text[i] != '\n') {
				if (text[i] == '"') {
					why = "quote inside an unquoted field";
					break;
				}
				if (add_char(&b, text[i++]))
					goto oom;
			}
		}
		if (why)
			break;
		if (end_field(&b))
			goto oom;
		if (i >= len) {
			if (end_row(&b, row_line))
				goto oom;
			break;
		}
		if (text[i] == ',') {
			i++;
			if (i >= len) { /* "a,b," at the very end: a last empty field */
				if (end_field(&b) || end_row(&b, row_line))
					goto oom;
			}
			continue;
		}
		if (text[i] == '\r') {
			if (i + 1 >= len || text[i + 1] != '\n') {
				why = "carriage return not followed by a line feed";
				break;
			}
			i++;
		}
		i++; /* the line feed */
		if (end_row(&b, row_line))
			goto oom;
		row_line = ++line;
	}
	if (why) {
		snprintf(err, errlen, "%zu: %s", line, why);
		rc = -1;
	}
out:
	for (size_t k = 0; k < b.nf; k++)
		free(b.fields[k]);
	free(b.fields);
	free(b.buf);
	if (rc)
		rcsv_free(t);
	return rc;
oom:
	snprintf(err, errlen, "%zu: out of memory", line);
	rc = -1;
	goto out;
}

void rcsv_free(struct rcsv *t)
{
	for (size_t i = 0; i < t->nrows; i++) {
		for (size_t j = 0; j < t->nfield[i]; j++)
			free(t->row[i][j]);
		free(t->row[i]);
	}
	free(t->row);
	free(t->nfield);
	free(t->line);
	memset(t, 0, sizeof(*t));
}

int rcsv_col(const struct rcsv *t, const char *name)
{
	if (!t->nrows)
		return -1;
	for (size_t j = 0; j < t->nfield[0]; j++)
		if (!strcmp(t->row[0][j], name))
			return (int)j;
	return -1;
}
