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

/* text with two more spaces after each newline: jansson indents the
 * object as if it were the document, meta.json has it one level down. */
static char *indented(const char *text)
{
	size_t lines = 0;
	for (const char *p = text; *p; p++)
		lines += *p == '\n';
	char *out = malloc(strlen(text) + 2 * lines + 1), *q = out;
	if (!out)
		return NULL;
	for (const char *p = text; *p; p++) {
		*q++ = *p;
		if (*p == '\n') {
			*q++ = ' ';
			*q++ = ' ';
		}
	}
	*q = '\0';
	return out;
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
	char *text = json_dumps(source, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	k->source_json = text ? indented(text) : NULL;
	free(text);
	k->kind = dup_string(json_object_get(source, "kind"));
	k->icount = dup_string(json_object_get(source, "icount"));
	k->device_name = dup_string(json_object_get(root, "device_name"));
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
