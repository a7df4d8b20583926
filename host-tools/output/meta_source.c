/* meta.json's "source" object: where the stream came from (meta_json.h). */
#include "meta_json.h"

#include <stdlib.h>
#include <string.h>

#include "json_string.h"

static int jkey(FILE *f, const char *indent, const char *key)
{
	if (fputs(indent, f) < 0 || json_write_str(f, key) || fputs(": ", f) < 0)
		return -1;
	return 0;
}

/* The argv as one shell line, quoted where an argument needs it, then
 * written with json_write_str() so that UTF-8 arguments stay readable. */
static int command_line(FILE *f, char *const *argv)
{
	char *line = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&line, &len);
	int rc = -1;

	if (!m)
		return -1;
	for (size_t i = 0; argv[i]; i++) {
		const char *a = argv[i];
		int q = !*a || strpbrk(a, " \t\"'\\$`") != NULL;
		if (i)
			putc(' ', m);
		if (q)
			putc('\'', m);
		for (; *a; a++)
			if (*a == '\'')
				fputs("'\\''", m);
			else
				putc(*a, m);
		if (q)
			putc('\'', m);
	}
	/* memstream errors are sticky: one check covers every write above. */
	int bad = ferror(m);
	if (fclose(m) == 0 && !bad && line)
		rc = json_write_str(f, line);
	free(line);
	return rc;
}

int meta_json_source(FILE *f, const struct meta_source *s)
{
	if (s->kept_json) /* and how this decoding of it ended */
		return fprintf(f, "  \"source\": %s,\n  \"decoded_again\": {\"end\": ", s->kept_json) < 0 ||
			       json_write_str(f, s->end ? s->end : "unknown") || fputs("},\n", f) < 0
		       ? -1
		       : 0;
	if (fputs("  \"source\": {\n    \"kind\": ", f) < 0 || json_write_str(f, s->kind))
		return -1;
	if (s->argv) {
		/* Both forms: an argv list to re-run exactly, a line to read. */
		if (fputs(",\n    \"argv\": [", f) < 0)
			return -1;
		for (size_t i = 0; s->argv[i]; i++)
			if ((i && fputs(", ", f) < 0) || json_write_str(f, s->argv[i]))
				return -1;
		if (fputs("],\n    \"command_line\": ", f) < 0 || command_line(f, s->argv))
			return -1;
	}
	if (s->machine && (fputs(",\n", f) < 0 || jkey(f, "    ", "machine") || json_write_str(f, s->machine)))
		return -1;
	if (s->qemu_version &&
	    (fputs(",\n", f) < 0 || jkey(f, "    ", "qemu_version") || json_write_str(f, s->qemu_version)))
		return -1;
	if (s->icount && (fputs(",\n", f) < 0 || jkey(f, "    ", "icount") || json_write_str(f, s->icount)))
		return -1;
	if (s->port && (fputs(",\n", f) < 0 || jkey(f, "    ", "port") || json_write_str(f, s->port) ||
			fprintf(f, ",\n    \"baud\": %lu", s->baud) < 0))
		return -1;
	if (s->file && (fputs(",\n", f) < 0 || jkey(f, "    ", "file") || json_write_str(f, s->file)))
		return -1;
	if (s->lava) {
		/* The job, and how much of its log was the board's UART. */
		if (fputs(",\n    \"lava\": {\"job\": ", f) < 0 ||
		    (s->lava_job ? json_write_str(f, s->lava_job) : fputs("null", f) < 0) ||
		    fprintf(f, ", \"records\": %lu, \"uart_lines\": %lu, \"damaged_lines\": %lu}",
			    s->lava_records, s->lava_target, s->lava_damaged) < 0)
			return -1;
	}
	if (s->timeout_s && fprintf(f, ",\n    \"timeout_s\": %u", s->timeout_s) < 0)
		return -1;
	if (s->end && (fputs(",\n", f) < 0 || jkey(f, "    ", "end") || json_write_str(f, s->end)))
		return -1;
	if (s->exit_known) {
		if (fprintf(f, ",\n    \"qemu_exit\": {\"code\": %d, \"signal\": %d, \"stopped_by_rvbench\": %s}",
			    s->exit_code, s->exit_signal, s->stopped_by_us ? "true" : "false") < 0)
			return -1;
	}
	return fputs("\n  },\n", f) < 0 ? -1 : 0;
}

/* num / den with 3 decimals, rounded half up, as a JSON number. */
