/* What a decoding in place keeps of the meta.json it replaces (meta_keep.h). */
#include "meta_keep.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *dup_string(json_t *v)
{
	return json_is_string(v) ? strdup(json_string_value(v)) : NULL;
}

/* root's "uart_log" into l (l->known 0 when absent or not understood). */
static void log_record(json_t *root, struct meta_log *l)
{
	json_t *r = json_object_get(root, "uart_log");
	json_t *bytes = json_object_get(r, "bytes"), *complete = json_object_get(r, "complete");
	json_t *stream = json_object_get(r, "stream_bytes"), *error = json_object_get(r, "error");
	json_t *decoded = json_object_get(root, "bytes_received");

	memset(l, 0, sizeof(*l));
	if (!json_is_integer(bytes) || json_integer_value(bytes) < 0 || !json_is_boolean(complete))
		return;
	l->known = 1;
	l->complete = json_is_true(complete);
	l->bytes = (unsigned long long)json_integer_value(bytes);
	l->stream_bytes = json_is_integer(stream) && json_integer_value(stream) >= 0
				  ? (unsigned long long)json_integer_value(stream)
				  : l->bytes;
	l->decoded = json_is_integer(decoded) && json_integer_value(decoded) >= 0
			     ? (unsigned long long)json_integer_value(decoded)
			     : l->bytes;
	if (json_is_string(error))
		snprintf(l->error, sizeof(l->error), "%s", json_string_value(error));
}

int meta_log_load(const char *dir, struct meta_log *l)
{
	char path[4200];
	json_error_t je;

	memset(l, 0, sizeof(*l));
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	log_record(root, l);
	json_decref(root);
	return l->known ? 0 : 1;
}

int meta_keep_load(const char *dir, struct meta_keep *k, char *err, size_t errlen)
{
	char path[4200];
	json_error_t je;

	memset(k, 0, sizeof(*k));
	/* meta.json.stale: set aside by a collection whose files could not
	 * all be written (session.c), kept for this. */
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	if (access(path, F_OK) && errno == ENOENT) {
		snprintf(path, sizeof(path), "%s/meta.json.stale", dir);
		if (access(path, F_OK) && errno == ENOENT)
			return 1;
	}
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	json_t *source = json_object_get(root, "source");
	if (!root || !json_is_object(source)) {
		snprintf(err, errlen, "%s: %s", path,
			 root ? "no \"source\" object" : je.text);
		json_decref(root);
		return -1;
	}
	/* Text, for struct meta_source; meta_source.c parses it back. */
	k->source_json = json_dumps(source, JSON_COMPACT);
	k->kind = dup_string(json_object_get(source, "kind"));
	k->icount = dup_string(json_object_get(source, "icount"));
	k->device_name = dup_string(json_object_get(root, "device_name"));
	log_record(root, &k->log);
	json_decref(root);
	if (!k->source_json || !k->kind) {
		snprintf(err, errlen, "%s: %s", path,
			 k->source_json ? "its source has no kind" : "out of memory");
		meta_keep_free(k);
		return -1;
	}
	return 0;
}

void meta_keep_free(struct meta_keep *k)
{
	free(k->source_json);
	free(k->kind);
	free(k->icount);
	free(k->device_name);
	memset(k, 0, sizeof(*k));
}
