/* A result directory's context from meta.json (context_read.h). */
#include "context_read.h"

#include <jansson.h>
#include <stdio.h>
#include <string.h>

const char *const ctx_key_name[CTX_KEY_COUNT] = {
	[CTX_MODEL] = "machine model",
	[CTX_CLOCK] = "core clock",
	[CTX_L2] = "L2 cache",
	[CTX_SBI] = "OpenSBI (SBI implementation)",
	[CTX_QEMU] = "QEMU version",
	[CTX_CYCLES] = "cycle counting (icount mode)",
	[CTX_CC] = "firmware compiler",
	[CTX_CFLAGS] = "firmware compile flags",
};

/* A context number: an integer >= 0, or the string "unknown". 0, or -1. */
static int number(json_t *o, const char *key, char *out, size_t n)
{
	json_t *v = json_object_get(o, key);
	if (json_is_integer(v) && json_integer_value(v) >= 0) {
		snprintf(out, n, "%lld", (long long)json_integer_value(v));
		return 0;
	}
	if (json_is_string(v) && !strcmp(json_string_value(v), "unknown")) {
		snprintf(out, n, "unknown");
		return 0;
	}
	return -1;
}

/* A context string; "unknown" counts as one. 0, or -1. */
static int text(json_t *o, const char *key, char *out, size_t n)
{
	json_t *v = json_object_get(o, key);
	if (!json_is_string(v))
		return -1;
	snprintf(out, n, "%s", json_string_value(v));
	return 0;
}

static int l2(json_t *ctx, char *out, size_t n)
{
	static const char *const keys[] = { "size", "sets", "block", "level", "ways_enabled" };
	json_t *o = json_object_get(ctx, "l2");
	char v[5][32];

	if (!json_is_object(o))
		return -1;
	for (size_t i = 0; i < 5; i++)
		if (number(o, keys[i], v[i], sizeof(v[i])))
			return -1;
	snprintf(out, n, "size %s, %s sets, %s B lines, level %s, ways enabled %s", v[0], v[1],
		 v[2], v[3], v[4]);
	return 0;
}

static int sbi(json_t *ctx, char *out, size_t n)
{
	json_t *o = json_object_get(ctx, "sbi");
	char name[64], ver[64], spec[64], id[32];

	if (json_is_string(o) && !strcmp(json_string_value(o), "unknown")) {
		snprintf(out, n, "unknown");
		return 0;
	}
	if (!json_is_object(o) || number(o, "impl_id", id, sizeof(id)) ||
	    text(o, "impl_name", name, sizeof(name)) ||
	    text(o, "impl_version_text", ver, sizeof(ver)) ||
	    text(o, "spec_version", spec, sizeof(spec)))
		return -1;
	snprintf(out, n, "%s (id %s) %s, SBI %s", name, id, ver, spec);
	return 0;
}

static int clock(json_t *ctx, char *out, size_t n)
{
	char hz[32], src[32];
	if (number(ctx, "clock_hz", hz, sizeof(hz)) || text(ctx, "clock_source", src, sizeof(src)))
		return -1;
	if (!strcmp(hz, "unknown"))
		snprintf(out, n, "unknown");
	else
		snprintf(out, n, "%s Hz (%s)", hz, src);
	return 0;
}

static int firmware(json_t *ctx, struct run_context *c)
{
	json_t *o = json_object_get(ctx, "firmware");
	if (!json_is_object(o) || text(o, "cc", c->value[CTX_CC], sizeof(c->value[CTX_CC])) ||
	    text(o, "cflags", c->value[CTX_CFLAGS], sizeof(c->value[CTX_CFLAGS])))
		return -1;
	return 0;
}

/* How the cycles were counted: QEMU's icount shift ("off" without it), or
 * the board's own counters (serial), or not known (replay of a log). */
static void cycles(json_t *source, char *out, size_t n)
{
	json_t *kind = json_object_get(source, "kind"), *ic = json_object_get(source, "icount");
	const char *k = json_is_string(kind) ? json_string_value(kind) : "unknown";

	if (!strcmp(k, "qemu") && json_is_string(ic))
		snprintf(out, n, "QEMU, icount %s", json_string_value(ic));
	else if (!strcmp(k, "serial"))
		snprintf(out, n, "hardware counters");
	else
		snprintf(out, n, "unknown (%s)", k);
}

int context_read(const char *dir, struct run_context *c, char *err, size_t n)
{
	char path[4200];
	json_error_t je;

	memset(c, 0, sizeof(*c));
	snprintf(path, sizeof(path), "%s/meta.json", dir);
	json_t *root = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (!root) {
		snprintf(err, n, "%s: %s (line %d)", path, je.text, je.line);
		return -1;
	}
	json_t *runs = json_object_get(root, "runs"), *run = json_array_get(runs, 0);
	json_t *ctx = json_object_get(run, "context"), *source = json_object_get(root, "source");
	const char *bad = NULL;
	/* No runs list: a result written before the contexts, or by hand (as
	 * the statistics' tests do): no context, not an error. */
	if (!json_is_object(root) || (runs && !json_is_array(runs)) || (run && !json_is_object(run)))
		bad = "not an rvbench meta.json (runs is not a list of objects)";
	else if (ctx && !json_is_null(ctx) && !json_is_object(ctx))
		bad = "context is not an object";
	if (!bad && json_is_object(ctx)) {
		json_t *header = json_object_get(run, "header");
		json_t *qv = json_object_get(source, "qemu_version");
		c->found = 1;
		if (!json_is_object(header) ||
		    text(header, "model", c->value[CTX_MODEL], sizeof(c->value[CTX_MODEL])))
			bad = "the run's header has no model";
		else if (clock(ctx, c->value[CTX_CLOCK], sizeof(c->value[CTX_CLOCK])))
			bad = "context.clock_hz or clock_source is missing or malformed";
		else if (l2(ctx, c->value[CTX_L2], sizeof(c->value[CTX_L2])))
			bad = "context.l2 is missing or malformed";
		else if (sbi(ctx, c->value[CTX_SBI], sizeof(c->value[CTX_SBI])))
			bad = "context.sbi is missing or malformed";
		else if (firmware(ctx, c))
			bad = "context.firmware is missing or malformed";
		else if (qv && !json_is_string(qv))
			bad = "source.qemu_version is not a string";
		if (!bad) {
			snprintf(c->value[CTX_QEMU], sizeof(c->value[CTX_QEMU]), "%s",
				 json_is_string(qv) ? json_string_value(qv) : "none");
			cycles(source, c->value[CTX_CYCLES], sizeof(c->value[CTX_CYCLES]));
		}
	}
	if (bad)
		snprintf(err, n, "%s: %s", path, bad);
	json_decref(root);
	return bad ? -1 : 0;
}
