/* meta.json writer (meta_json.h). */
#include "meta_json.h"

#include <string.h>

#include "version.h"

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

int json_string(FILE *f, const char *str)
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

static int jkey(FILE *f, const char *indent, const char *key)
{
	if (fputs(indent, f) < 0 || json_string(f, key) || fputs(": ", f) < 0)
		return -1;
	return 0;
}

static int rejected(FILE *f, const unsigned long *counts, const char *indent)
{
	if (fputs("{", f) < 0)
		return -1;
	for (size_t i = 0; i < coll_reject_norder; i++) {
		unsigned reason = coll_reject_order[i];
		if (fprintf(f, "%s", i ? ", " : "") < 0 || json_string(f, coll_reject_name(reason)) ||
		    fprintf(f, ": %lu", counts[reason]) < 0)
			return -1;
	}
	(void)indent;
	return fputs("}", f) < 0 ? -1 : 0;
}

static int source(FILE *f, const struct meta_source *s)
{
	if (fputs("  \"source\": {\n    \"kind\": ", f) < 0 || json_string(f, s->kind))
		return -1;
	if (s->argv) {
		/* Both forms: an argv list to re-run exactly, a line to read. */
		if (fputs(",\n    \"argv\": [", f) < 0)
			return -1;
		for (size_t i = 0; s->argv[i]; i++)
			if ((i && fputs(", ", f) < 0) || json_string(f, s->argv[i]))
				return -1;
		if (fputs("],\n    \"command_line\": \"", f) < 0)
			return -1;
		for (size_t i = 0; s->argv[i]; i++) {
			/* Shell-quote arguments with spaces, JSON-escaped as a whole. */
			const char *a = s->argv[i];
			int q = !*a || strpbrk(a, " \t\"'\\$`") != NULL;
			if (i && fputs(" ", f) < 0)
				return -1;
			if (q && fputs("'", f) < 0)
				return -1;
			for (const unsigned char *p = (const unsigned char *)a; *p; p++) {
				int rc;
				if (*p == '\'')
					rc = fputs("'\\\\''", f);
				else if (*p == '"' || *p == '\\')
					rc = fprintf(f, "\\%c", *p);
				else if (*p < 0x20 || *p >= 0x7f)
					rc = fprintf(f, "\\u%04x", *p);
				else
					rc = putc(*p, f) == EOF ? -1 : 0;
				if (rc < 0)
					return -1;
			}
			if (q && fputs("'", f) < 0)
				return -1;
		}
		if (fputs("\"", f) < 0)
			return -1;
	}
	if (s->machine && (fputs(",\n", f) < 0 || jkey(f, "    ", "machine") || json_string(f, s->machine)))
		return -1;
	if (s->icount && (fputs(",\n", f) < 0 || jkey(f, "    ", "icount") || json_string(f, s->icount)))
		return -1;
	if (s->port && (fputs(",\n", f) < 0 || jkey(f, "    ", "port") || json_string(f, s->port) ||
			fprintf(f, ",\n    \"baud\": %lu", s->baud) < 0))
		return -1;
	if (s->file && (fputs(",\n", f) < 0 || jkey(f, "    ", "file") || json_string(f, s->file)))
		return -1;
	if (s->timeout_s && fprintf(f, ",\n    \"timeout_s\": %u", s->timeout_s) < 0)
		return -1;
	if (s->end && (fputs(",\n", f) < 0 || jkey(f, "    ", "end") || json_string(f, s->end)))
		return -1;
	if (s->exit_known) {
		if (fprintf(f, ",\n    \"qemu_exit\": {\"code\": %d, \"signal\": %d, \"stopped_by_rvbench\": %s}",
			    s->exit_code, s->exit_signal, s->stopped_by_us ? "true" : "false") < 0)
			return -1;
	}
	return fputs("\n  },\n", f) < 0 ? -1 : 0;
}

static int bench(FILE *f, const struct coll_bench *b, int first)
{
	if (fprintf(f, "%s        {\"id\": %u, \"name\": ", first ? "" : ",\n", b->id) < 0)
		return -1;
	if (b->have_header ? json_string(f, b->name) : fputs("null", f) < 0)
		return -1;
	if (b->have_header &&
	    fprintf(f, ", \"hart\": %llu, \"group\": %llu, \"batch\": %llu, \"warmup\": %llu,"
		       " \"samples\": %llu, \"input_range\": %llu,"
		       " \"overhead\": {\"cycles\": %llu, \"instret\": %llu}",
		    (unsigned long long)b->hart, (unsigned long long)b->group,
		    (unsigned long long)b->batch, (unsigned long long)b->warmup,
		    (unsigned long long)b->samples, (unsigned long long)b->input_range,
		    (unsigned long long)b->oh_cycles, (unsigned long long)b->oh_instret) < 0)
		return -1;
	if (fprintf(f, ", \"received\": %llu, \"verify\": ", (unsigned long long)b->nreceived) < 0)
		return -1;
	if (b->have_end ? json_string(f, b->verify) : fputs("null", f) < 0)
		return -1;
	return fputs("}", f) < 0 ? -1 : 0;
}

static int run(FILE *f, const struct coll_run *r, int first)
{
	if (fprintf(f, "%s    {\n      \"tag\": \"%08x\",\n      \"status\": \"%s\",\n      \"problems\": [",
		    first ? "" : ",\n", r->tag, r->complete ? "complete" : "incomplete") < 0)
		return -1;
	for (size_t i = 0; i < r->nproblem; i++)
		if ((i && fputs(", ", f) < 0) || json_string(f, r->problem[i]))
			return -1;
	if (fputs("],\n      \"header\": {", f) < 0)
		return -1;
	for (size_t i = 0; i < r->nhdr; i++)
		if ((i && fputs(", ", f) < 0) || json_string(f, r->hdr[i].key) ||
		    fputs(": ", f) < 0 || json_string(f, r->hdr[i].value))
			return -1;
	if (fputs("},\n      \"benches\": [\n", f) < 0)
		return -1;
	for (size_t i = 0; i < r->nbench; i++)
		if (bench(f, &r->bench[i], i == 0))
			return -1;
	if (fputs("\n      ],\n      \"gaps\": [", f) < 0)
		return -1;
	for (size_t i = 0; i < r->ngap; i++)
		if (fprintf(f, "%s\n        {\"bench\": %u, \"first\": %llu, \"last\": %llu, \"reason\": ",
			    i ? "," : "", r->gap[i].bench, (unsigned long long)r->gap[i].first,
			    (unsigned long long)r->gap[i].last) < 0 ||
		    json_string(f, r->gap[i].reason) || fputs("}", f) < 0)
			return -1;
	if (fputs(r->ngap ? "\n      ],\n" : "],\n", f) < 0)
		return -1;
	if (r->have_trailer) {
		if (fprintf(f, "      \"trailer\": {\"seq\": %u, \"benches\": %llu, \"samples\": %llu,"
			       " \"crc32\": \"%08x\", \"status\": ",
			    r->trailer_seq, (unsigned long long)r->tr_benches,
			    (unsigned long long)r->tr_samples, r->tr_crc32) < 0 ||
		    json_string(f, r->tr_status) || fputs("},\n", f) < 0)
			return -1;
	} else if (fputs("      \"trailer\": null,\n", f) < 0) {
		return -1;
	}
	if (r->have_fault &&
	    fprintf(f, "      \"fault\": {\"scause\": \"0x%llx\", \"sepc\": \"0x%llx\", \"stval\": \"0x%llx\"},\n",
		    (unsigned long long)r->scause, (unsigned long long)r->sepc,
		    (unsigned long long)r->stval) < 0)
		return -1;
	if (fprintf(f, "      \"samples_received\": %llu,\n      \"rejected\": ",
		    (unsigned long long)r->total_received) < 0 ||
	    rejected(f, r->rejected, "      ") || fputs("\n    }", f) < 0)
		return -1;
	return 0;
}

int meta_json_write(FILE *f, const struct collector *c, const struct meta_source *src)
{
	if (fputs("{\n  \"tool\": \"rvbench\",\n  \"version\": ", f) < 0 ||
	    json_string(f, RVBENCH_HOST_VERSION) ||
	    fprintf(f, ",\n  \"wire_format\": %d,\n", WIRE_VERSION) < 0)
		return -1;
	if (source(f, src))
		return -1;
	if (src->icount && strcmp(src->icount, "off") &&
	    (fputs("  \"note\": ", f) < 0 || json_string(f, ICOUNT_NOTE) || fputs(",\n", f) < 0))
		return -1;
	if (fprintf(f, "  \"status\": \"%s\",\n  \"bytes_received\": %llu,\n  \"lines_accepted\": %llu,\n"
		       "  \"orphans_after_run\": %lu,\n  \"rejected\": ",
		    collector_all_complete(c) ? "complete" : "incomplete",
		    (unsigned long long)c->bytes, (unsigned long long)c->lines_accepted,
		    c->orphans_after_run) < 0 ||
	    rejected(f, c->rejected, "  ") || fputs(",\n  \"runs\": [\n", f) < 0)
		return -1;
	for (size_t i = 0; i < c->nruns; i++)
		if (run(f, &c->runs[i], i == 0))
			return -1;
	if (fputs(c->nruns ? "\n  ]\n}\n" : "  ]\n}\n", f) < 0)
		return -1;
	return ferror(f) ? -1 : 0;
}

int meta_json_writer(FILE *f, void *ctx)
{
	const struct meta_ctx *m = ctx;
	return meta_json_write(f, m->c, m->src);
}
