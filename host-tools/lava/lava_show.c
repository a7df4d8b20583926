/* lavacli's answers, read (lava_show.h). */
#include "lava_show.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

int lava_job_id_ok(const char *s)
{
	size_t n = strspn(s, "0123456789.");
	return n && n <= 32 && !s[n] && s[0] != '.' && s[n - 1] != '.';
}

static int plain_word(const char *s)
{
	if (!*s || *s == '.')
		return 0;
	for (; *s; s++)
		if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.", *s))
			return 0;
	return 1;
}

static void copy_str(json_t *o, const char *key, char *dst, size_t cap, int word)
{
	json_t *v = json_object_get(o, key);
	const char *s = json_is_string(v) ? json_string_value(v) : "";

	dst[0] = '\0';
	if (strlen(s) < cap && (!word || plain_word(s)))
		snprintf(dst, cap, "%s", s);
}

/* A free text of the server's, as it is (cut to fit): whoever shows it
 * escapes it for where it goes (term_str for a terminal). */
static void copy_text(json_t *o, const char *key, char *dst, size_t cap)
{
	json_t *v = json_object_get(o, key);

	snprintf(dst, cap, "%s", json_is_string(v) ? json_string_value(v) : "");
}

int lava_show_parse(const char *json, struct lava_show *out)
{
	json_error_t e;
	json_t *o = json_loads(json, 0, &e);

	memset(out, 0, sizeof(*out));
	if (!json_is_object(o)) {
		json_decref(o);
		return -1;
	}
	copy_str(o, "device", out->device, sizeof(out->device), 1);
	copy_str(o, "health", out->health, sizeof(out->health), 1);
	copy_str(o, "state", out->state, sizeof(out->state), 1);
	copy_text(o, "failure_comment", out->failure, sizeof(out->failure));
	json_decref(o);
	return 0;
}

int lava_submit_ids(const char *out, char ids[][33], int max)
{
	int n = 0;

	while (*out) {
		size_t len = strcspn(out, "\n");
		char line[64];
		/* --url prints the job's address: its last path element is the id. */
		const char *id = out;
		for (size_t i = 0; i < len; i++)
			if (out[i] == '/')
				id = out + i + 1;
		size_t idlen = len - (size_t)(id - out);
		while (idlen && (id[idlen - 1] == '\r' || id[idlen - 1] == ' '))
			idlen--;
		if (len) {
			if (idlen >= sizeof(line))
				return -1;
			memcpy(line, id, idlen);
			line[idlen] = '\0';
			if (!lava_job_id_ok(line))
				return -1;
			/* lava_job_id_ok: at most 32 characters. */
			if (n < max)
				memcpy(ids[n], line, idlen + 1);
			n++;
		}
		out += len + (out[len] == '\n');
	}
	return n;
}
