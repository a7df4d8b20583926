/* One line of a LAVA job log (lava_log.h): JSON through Jansson, YAML
 * through libyaml. */
#include "lava_log.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

/* What LAVA logs in place of a line too long to log. */
#define LAVA_LINE_TOO_LONG "<line way too long ...>"

/* What a record says: its level and, when a string, its message. */
struct lava_fields {
	char *lvl;
	char *msg;     /* NULL when msg is absent or not a string */
	size_t msglen; /* msg's length: it may hold NULs (a board's "\0") */
	int has_msg;
};

/* A copy of n bytes, NUL-terminated; NULs inside are kept. */
static char *mem_dup(const char *s, size_t n)
{
	char *d = malloc(n + 1);

	if (d) {
		memcpy(d, s, n);
		d[n] = '\0';
	}
	return d;
}

static void fields_free(struct lava_fields *f)
{
	free(f->lvl);
	free(f->msg);
	f->lvl = f->msg = NULL;
}

/* A JSON object, as lava-run prints its records. 0, or -1 when the line
 * is not one (it may still be YAML: LAVA writes its records with a YAML
 * dumper, whose escapes such as \x1b are not JSON's). */
static int parse_json(const char *line, size_t len, struct lava_fields *f)
{
	json_error_t e;
	/* JSON_ALLOW_NUL: a "\u0000" is a byte the board sent, kept. */
	json_t *o = json_loadb(line, len, JSON_REJECT_DUPLICATES | JSON_ALLOW_NUL, &e);
	int rc = -1;

	if (!o)
		return -1;
	if (json_is_object(o)) {
		json_t *lvl = json_object_get(o, "lvl");
		json_t *msg = json_object_get(o, "msg");
		if (json_is_string(lvl)) {
			f->lvl = strdup(json_string_value(lvl));
			f->has_msg = msg != NULL;
			if (json_is_string(msg)) {
				f->msglen = json_string_length(msg);
				f->msg = mem_dup(json_string_value(msg), f->msglen);
			}
			rc = f->lvl && (!json_is_string(msg) || f->msg) ? 0 : -1;
		}
	}
	json_decref(o);
	if (rc)
		fields_free(f);
	return rc;
}

/* A scalar's value, whole: a NUL the board sent (LAVA writes it "\0")
 * must not end the message there. */
static char *scalar_dup(const yaml_event_t *ev)
{
	return mem_dup((const char *)ev->data.scalar.value, ev->data.scalar.length);
}

/*
 * One walk over the events of a YAML text, for both readers below: libyaml
 * set up and torn down, the depth (1: inside the top mapping) and, in a
 * mapping at depth 1 or 2, whether the next scalar is a key or a value (in
 * a sequence every item is a value). The reader
 * sees each container as it opens (at its depth, and whether it stands
 * where a key should), each close (the depth it goes back to) and each
 * scalar; it returns nonzero to reject the text. A bare scalar (not a
 * record) and an alias (LAVA writes none) are rejected here. 0, or -1.
 */
#define YAML_KEY_DEPTH 2
struct yaml_reader {
	int (*open)(void *ctx, int depth, int at_key, yaml_event_type_t type);
	void (*close)(void *ctx, int depth); /* NULL: not needed */
	int (*scalar)(void *ctx, int depth, int is_key, const yaml_event_t *ev);
};

static int yaml_walk(const char *text, size_t len, const struct yaml_reader *r, void *ctx)
{
	yaml_parser_t p;
	yaml_event_t ev;
	int depth = 0, done = 0, bad = 0;
	int is_map[YAML_KEY_DEPTH + 1] = { 0 }, want_key[YAML_KEY_DEPTH + 1] = { 0 };

	if (!yaml_parser_initialize(&p))
		return -1;
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	while (!done && !bad) {
		if (!yaml_parser_parse(&p, &ev)) {
			bad = 1;
			break;
		}
		int keyed = depth >= 1 && depth <= YAML_KEY_DEPTH && is_map[depth];
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_MAPPING_START_EVENT:
		case YAML_SEQUENCE_START_EVENT:
			bad = r->open(ctx, depth, keyed && want_key[depth], ev.type);
			if (keyed)
				want_key[depth] = 1; /* a container is a value */
			if (++depth <= YAML_KEY_DEPTH) {
				is_map[depth] = ev.type == YAML_MAPPING_START_EVENT;
				want_key[depth] = 1;
			}
			break;
		case YAML_MAPPING_END_EVENT:
		case YAML_SEQUENCE_END_EVENT:
			depth--;
			if (r->close)
				r->close(ctx, depth);
			break;
		case YAML_SCALAR_EVENT:
			if (depth == 0) {
				bad = 1;
				break;
			}
			bad = r->scalar(ctx, depth, keyed && want_key[depth], &ev);
			if (keyed)
				want_key[depth] = !want_key[depth];
			break;
		case YAML_ALIAS_EVENT:
			bad = 1;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	return bad ? -1 : 0;
}

/* A record's lvl and msg (parse_yaml). */
struct fields_reader {
	struct lava_fields *f;
	int mappings;
	int key; /* the top key whose value comes next: 1 lvl, 2 msg, 0 another */
};

static int fields_open(void *ctx, int depth, int at_key, yaml_event_type_t type)
{
	struct fields_reader *r = ctx;

	if (depth == 0)  /* the document must be one mapping */
		return type != YAML_MAPPING_START_EVENT || r->mappings++;
	if (depth == 1) {
		if (r->key == 2)
			r->f->has_msg = 1; /* a msg, not a string */
		return at_key; /* a key that is not a scalar */
	}
	return 0;
}

static int fields_scalar(void *ctx, int depth, int is_key, const yaml_event_t *ev)
{
	struct fields_reader *r = ctx;
	struct lava_fields *f = r->f;

	if (depth != 1)
		return 0;
	if (is_key) {
		const char *k = (const char *)ev->data.scalar.value;
		r->key = !strcmp(k, "lvl") ? 1 : !strcmp(k, "msg") ? 2 : 0;
		return 0;
	}
	char **slot = r->key == 1 ? &f->lvl : r->key == 2 ? &f->msg : NULL;
	if (r->key == 2) {
		f->has_msg = 1;
		f->msglen = ev->data.scalar.length;
	}
	if (!slot)
		return 0;
	free(*slot);
	return !(*slot = scalar_dup(ev));
}

/* A YAML mapping (a flow mapping "{...}" on one line). 0, or -1 when the
 * text is not exactly one mapping that libyaml reads without error. */
static int parse_yaml(const char *text, size_t len, struct lava_fields *f)
{
	static const struct yaml_reader reader = { fields_open, NULL, fields_scalar };
	struct fields_reader r = { .f = f };

	if (yaml_walk(text, len, &reader, &r) || !r.mappings || !f->lvl) {
		fields_free(f);
		return -1;
	}
	return 0;
}

/* LAVA's ShellLogger writes every '"' the board sent as '\"' (it meant to
 * keep its YAML valid), so a message's '\' before a '"' is LAVA's. Dropping
 * that one backslash gives back exactly what the board sent. By length,
 * not up to a NUL: the message may hold the board's NULs. Returns the new
 * length. */
static size_t unescape_quotes(char *s, size_t len)
{
	size_t w = 0;

	for (size_t r = 0; r < len; r++) {
		if (s[r] == '\\' && r + 1 < len && s[r + 1] == '"')
			continue;
		s[w++] = s[r];
	}
	s[w] = '\0';
	return w;
}

enum lava_rec lava_log_line(const char *line, size_t len, char **msg)
{
	size_t msglen;

	return lava_log_line_len(line, len, msg, &msglen);
}

enum lava_rec lava_log_line_len(const char *line, size_t len, char **msg, size_t *msglen)
{
	struct lava_fields f = { NULL, NULL, 0, 0 };
	size_t i = 0;

	*msg = NULL;
	*msglen = 0;
	while (len && (line[len - 1] == '\r' || line[len - 1] == '\n'))
		len--;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i == len)
		return LAVA_REC_BLANK;
	if (memchr(line, '\0', len))
		return LAVA_REC_DAMAGED;
	if (line[i] == '-' && i + 1 < len && line[i + 1] == ' ') {
		/* An item of the YAML list lavacli prints. */
		if (parse_yaml(line + i + 2, len - i - 2, &f))
			return LAVA_REC_DAMAGED;
	} else if (line[i] == '{') {
		if (parse_json(line + i, len - i, &f) && parse_yaml(line + i, len - i, &f))
			return LAVA_REC_DAMAGED;
	} else {
		return LAVA_REC_DAMAGED;
	}
	if (!f.has_msg) {
		/* Every record LAVA writes has a message. */
		fields_free(&f);
		return LAVA_REC_DAMAGED;
	}
	/* "feedback": the same UART read outside the test action, e.g. the
	 * rest of the TRAILER line when the monitor stopped at its start. */
	if ((strcmp(f.lvl, "target") && strcmp(f.lvl, "feedback")) || !f.msg) {
		fields_free(&f);
		return LAVA_REC_OTHER;
	}
	/* lava_common/log.py's dump(): a record of 10**6 characters or more
	 * gets this message instead of the board's line, which is lost. */
	if (f.msglen == sizeof(LAVA_LINE_TOO_LONG) - 1 &&
	    !memcmp(f.msg, LAVA_LINE_TOO_LONG, f.msglen)) {
		fields_free(&f);
		return LAVA_REC_DAMAGED;
	}
	*msglen = unescape_quotes(f.msg, f.msglen);
	*msg = f.msg;
	f.msg = NULL;
	fields_free(&f);
	return LAVA_REC_TARGET;
}


/* Copies a scalar into a fixed buffer, cut to fit (at a NUL too). */
static void copy_scalar(char *dst, size_t cap, const yaml_event_t *ev)
{
	size_t n = ev->data.scalar.length;

	if (n >= cap)
		n = cap - 1;
	memcpy(dst, ev->data.scalar.value, n);
	dst[n] = '\0';
}

/* The job's verdict record (lava_log_job_verdict). key1: the record's
 * key (1 lvl, 2 msg); key2: the msg's (1 case, 2 definition, 3 result,
 * 4 error_type, 5 error_msg); in_msg while inside a msg that is a mapping. */
struct verdict_reader {
	struct lava_job_verdict *v;
	int key1, key2, in_msg, results, is_job, is_lava;
	char result[8];
};

static int verdict_open(void *ctx, int depth, int at_key, yaml_event_type_t type)
{
	struct verdict_reader *r = ctx;

	if (depth == 0)
		return type != YAML_MAPPING_START_EVENT;
	if (depth == 1 && r->key1 == 2 && type == YAML_MAPPING_START_EVENT)
		r->in_msg = 1;
	return depth <= 2 && at_key; /* a key that is not a scalar */
}

static void verdict_close(void *ctx, int depth)
{
	struct verdict_reader *r = ctx;

	if (depth == 1)
		r->in_msg = 0;
}

static int verdict_scalar(void *ctx, int depth, int is_key, const yaml_event_t *ev)
{
	struct verdict_reader *r = ctx;
	const char *s = (const char *)ev->data.scalar.value;

	if (depth == 1 && is_key) {
		r->key1 = !strcmp(s, "lvl") ? 1 : !strcmp(s, "msg") ? 2 : 0;
	} else if (depth == 1) {
		if (r->key1 == 1)
			r->results = !strcmp(s, "results");
	} else if (depth == 2 && r->in_msg && is_key) {
		r->key2 = !strcmp(s, "case")	     ? 1
			  : !strcmp(s, "definition") ? 2
			  : !strcmp(s, "result")     ? 3
			  : !strcmp(s, "error_type") ? 4
			  : !strcmp(s, "error_msg")  ? 5
						     : 0;
	} else if (depth == 2 && r->in_msg) {
		if (r->key2 == 1)
			r->is_job = !strcmp(s, "job");
		else if (r->key2 == 2)
			r->is_lava = !strcmp(s, "lava");
		else if (r->key2 == 3)
			copy_scalar(r->result, sizeof(r->result), ev);
		else if (r->key2 == 4)
			copy_scalar(r->v->error_type, sizeof(r->v->error_type), ev);
		else if (r->key2 == 5)
			copy_scalar(r->v->error_msg, sizeof(r->v->error_msg), ev);
	}
	return 0;
}

int lava_log_job_verdict(const char *line, size_t len, struct lava_job_verdict *v)
{
	static const struct yaml_reader reader = { verdict_open, verdict_close, verdict_scalar };
	struct verdict_reader r = { .v = v };
	size_t i = 0;

	memset(v, 0, sizeof(*v));
	while (len && (line[len - 1] == '\r' || line[len - 1] == '\n'))
		len--;
	while (i < len && (line[i] == ' ' || line[i] == '\t'))
		i++;
	if (i + 1 < len && line[i] == '-' && line[i + 1] == ' ')
		i += 2;
	/* Cheap: most lines are not it. */
	if (i == len || line[i] != '{' || memchr(line, '\0', len) ||
	    !memmem(line + i, len - i, "results", 7) || !memmem(line + i, len - i, "job", 3))
		return 0;
	if (yaml_walk(line + i, len - i, &reader, &r) || !r.results || !r.is_job || !r.is_lava ||
	    (strcmp(r.result, "pass") && strcmp(r.result, "fail"))) {
		memset(v, 0, sizeof(*v));
		return 0;
	}
	v->result = !strcmp(r.result, "pass") ? LAVA_JOB_PASS : LAVA_JOB_FAIL;
	return 1;
}
