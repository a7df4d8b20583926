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

/* A YAML mapping (a flow mapping "{...}" on one line). 0, or -1 when the
 * text is not exactly one mapping that libyaml reads without error. */
static int parse_yaml(const char *text, size_t len, struct lava_fields *f)
{
	yaml_parser_t p;
	yaml_event_t ev;
	int depth = 0, done = 0, bad = 0, mappings = 0;
	/* At depth 1: the next scalar is a key (1) or a value (0). */
	int want_key = 1;
	/* The key whose value comes next: 1 lvl, 2 msg, 0 another. */
	int key = 0;

	if (!yaml_parser_initialize(&p))
		return -1;
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	while (!done && !bad) {
		if (!yaml_parser_parse(&p, &ev)) {
			bad = 1;
			break;
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_MAPPING_START_EVENT:
		case YAML_SEQUENCE_START_EVENT:
			if (depth == 0 && (ev.type != YAML_MAPPING_START_EVENT || mappings++))
				bad = 1; /* the document must be one mapping */
			if (depth == 1) {
				if (want_key)
					bad = 1; /* a key that is not a scalar */
				if (key == 2)
					f->has_msg = 1; /* a msg, not a string */
				want_key = 1;
			}
			depth++;
			break;
		case YAML_MAPPING_END_EVENT:
		case YAML_SEQUENCE_END_EVENT:
			depth--;
			break;
		case YAML_SCALAR_EVENT:
			if (depth == 0) {
				bad = 1; /* a bare scalar, not a record */
			} else if (depth == 1 && want_key) {
				const char *k = (const char *)ev.data.scalar.value;
				key = !strcmp(k, "lvl") ? 1 : !strcmp(k, "msg") ? 2 : 0;
				want_key = 0;
			} else if (depth == 1) {
				char **slot = key == 1 ? &f->lvl : key == 2 ? &f->msg : NULL;
				if (key == 2)
					f->has_msg = 1;
				if (slot) {
					free(*slot);
					if (!(*slot = scalar_dup(&ev)))
						bad = 1;
					if (key == 2)
						f->msglen = ev.data.scalar.length;
				}
				want_key = 1;
			}
			break;
		case YAML_ALIAS_EVENT:
			bad = 1; /* LAVA writes none */
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	if (bad || !mappings || !f->lvl) {
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

int lava_log_job_verdict(const char *line, size_t len, struct lava_job_verdict *v)
{
	yaml_parser_t p;
	yaml_event_t ev;
	size_t i = 0;
	/* depth: 1 the record, 2 its msg. want_key[d]: the next scalar at
	 * depth d is a key. key1: the record's key (1 lvl, 2 msg); key2: the
	 * msg's (1 case, 2 definition, 3 result, 4 error_type, 5 error_msg). */
	int depth = 0, want_key[3] = { 1, 1, 1 }, key1 = 0, key2 = 0, in_msg = 0;
	int done = 0, bad = 0, results = 0, is_job = 0, is_lava = 0;
	char result[8] = "";

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
	if (!yaml_parser_initialize(&p))
		return 0;
	yaml_parser_set_input_string(&p, (const unsigned char *)line + i, len - i);
	while (!done && !bad) {
		if (!yaml_parser_parse(&p, &ev)) {
			bad = 1;
			break;
		}
		switch (ev.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_MAPPING_START_EVENT:
		case YAML_SEQUENCE_START_EVENT:
			if (depth == 0 && ev.type != YAML_MAPPING_START_EVENT)
				bad = 1;
			if (depth >= 1 && depth <= 2) {
				if (want_key[depth])
					bad = 1; /* a key that is not a scalar */
				if (depth == 1 && key1 == 2 && ev.type == YAML_MAPPING_START_EVENT)
					in_msg = 1;
				want_key[depth] = 1;
			}
			depth++;
			if (depth <= 2)
				want_key[depth] = 1;
			break;
		case YAML_MAPPING_END_EVENT:
		case YAML_SEQUENCE_END_EVENT:
			depth--;
			if (depth == 1)
				in_msg = 0;
			break;
		case YAML_SCALAR_EVENT: {
			const char *s = (const char *)ev.data.scalar.value;
			if (depth == 0) {
				bad = 1;
			} else if (depth == 1 && want_key[1]) {
				key1 = !strcmp(s, "lvl") ? 1 : !strcmp(s, "msg") ? 2 : 0;
				want_key[1] = 0;
			} else if (depth == 1) {
				if (key1 == 1)
					results = !strcmp(s, "results");
				want_key[1] = 1;
			} else if (depth == 2 && in_msg && want_key[2]) {
				key2 = !strcmp(s, "case")	  ? 1
				       : !strcmp(s, "definition") ? 2
				       : !strcmp(s, "result")	  ? 3
				       : !strcmp(s, "error_type") ? 4
				       : !strcmp(s, "error_msg")  ? 5
								  : 0;
				want_key[2] = 0;
			} else if (depth == 2 && in_msg) {
				if (key2 == 1)
					is_job = !strcmp(s, "job");
				else if (key2 == 2)
					is_lava = !strcmp(s, "lava");
				else if (key2 == 3)
					copy_scalar(result, sizeof(result), &ev);
				else if (key2 == 4)
					copy_scalar(v->error_type, sizeof(v->error_type), &ev);
				else if (key2 == 5)
					copy_scalar(v->error_msg, sizeof(v->error_msg), &ev);
				want_key[2] = 1;
			}
			break;
		}
		case YAML_ALIAS_EVENT:
			bad = 1;
			break;
		default:
			break;
		}
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	if (bad || !results || !is_job || !is_lava ||
	    (strcmp(result, "pass") && strcmp(result, "fail"))) {
		memset(v, 0, sizeof(*v));
		return 0;
	}
	v->result = !strcmp(result, "pass") ? LAVA_JOB_PASS : LAVA_JOB_FAIL;
	return 1;
}
