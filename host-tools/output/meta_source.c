/* meta.json's "source" object: where the stream came from (meta_json.h). */
#include "meta_json.h"

#include <stdlib.h>
#include <string.h>

/* The argv as one shell line, quoted where an argument needs it (a JSON
 * string, UTF-8 arguments kept readable); NULL when out of memory. */
static json_t *command_line(char *const *argv)
{
	char *line = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&line, &len);
	json_t *v = NULL;

	if (!m)
		return NULL;
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
		v = json_safe_str(line);
	free(line);
	return v;
}

/* Both forms: an argv list to re-run exactly, a line to read. */
static int command(json_t *o, char *const *argv)
{
	json_t *a = json_array();
	int bad = 0;
	for (size_t i = 0; argv[i]; i++)
		bad |= json_array_append_new(a, json_safe_str(argv[i]));
	bad |= json_object_set_new(o, "argv", json_built(a, bad));
	return bad | json_object_set_new(o, "command_line", command_line(argv));
}

/* The LAVA job, and how much of its log was the board's UART. */
static json_t *lava(const struct meta_source *s)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "job", json_safe_str(s->lava_job));
	bad |= json_object_set_new(o, "records", json_safe_u64(s->lava_records));
	bad |= json_object_set_new(o, "uart_lines", json_safe_u64(s->lava_target));
	bad |= json_object_set_new(o, "damaged_lines", json_safe_u64(s->lava_damaged));
	return json_built(o, bad);
}

static json_t *qemu_exit(const struct meta_source *s)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "code", json_integer(s->exit_code));
	bad |= json_object_set_new(o, "signal", json_integer(s->exit_signal));
	bad |= json_object_set_new(o, "stopped_by_rvbench", json_boolean(s->stopped_by_us));
	return json_built(o, bad);
}

/* A string member when v is not NULL. */
static int opt_str(json_t *o, const char *key, const char *v)
{
	return v ? json_object_set_new(o, key, json_safe_str(v)) : 0;
}

static json_t *source(const struct meta_source *s)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "kind", json_safe_str(s->kind));

	if (s->argv)
		bad |= command(o, s->argv);
	bad |= opt_str(o, "machine", s->machine);
	bad |= opt_str(o, "qemu_version", s->qemu_version);
	bad |= opt_str(o, "icount", s->icount);
	if (s->port) {
		bad |= opt_str(o, "port", s->port);
		bad |= json_object_set_new(o, "baud", json_safe_u64(s->baud));
	}
	bad |= opt_str(o, "file", s->file);
	if (s->lava)
		bad |= json_object_set_new(o, "lava", lava(s));
	if (s->timeout_s)
		bad |= json_object_set_new(o, "timeout_s", json_integer(s->timeout_s));
	if (s->max_time_s)
		bad |= json_object_set_new(o, "max_time_s", json_integer(s->max_time_s));
	bad |= opt_str(o, "end", s->end);
	if (s->exit_known)
		bad |= json_object_set_new(o, "qemu_exit", qemu_exit(s));
	return json_built(o, bad);
}

int meta_json_source(json_t *meta, const struct meta_source *s)
{
	if (!s->kept_json)
		return json_object_set_new(meta, "source", source(s));
	/* The kept object as it was (meta_keep.c made the text with jansson
	 * from the meta.json replaced), and how this decoding of it ended. */
	json_t *end = json_object();
	int bad = json_object_set_new(end, "end", json_safe_str(s->end ? s->end : "unknown"));
	bad |= json_object_set_new(meta, "source", json_loads(s->kept_json, JSON_REJECT_DUPLICATES, NULL));
	return bad | json_object_set_new(meta, "decoded_again", json_built(end, bad));
}
