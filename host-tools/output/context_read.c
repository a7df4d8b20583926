/* A result directory's context from meta.json (context_read.h). */
#include "context_read.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wire.h"

const char *const ctx_key_name[CTX_KEY_COUNT] = {
	[CTX_MODEL] = "machine model",
	[CTX_CLOCK] = "core clock",
	[CTX_L2] = "L2 cache",
	[CTX_SBI] = "OpenSBI (SBI implementation)",
	[CTX_QEMU] = "QEMU version",
	[CTX_CYCLES] = "cycle counting (icount mode)",
	[CTX_CC] = "firmware compiler",
	[CTX_CFLAGS] = "firmware compile flags",
	[CTX_ISA] = "ISA of the measuring hart",
};

/* A whole number >= 0 as meta.json writes it: a JSON integer, or beyond
 * 2^53 a string of decimal digits (json_safe_u64). 0, or -1. */
static int u64_value(json_t *v, unsigned long long *out)
{
	if (json_is_integer(v) && json_integer_value(v) >= 0) {
		*out = (unsigned long long)json_integer_value(v);
		return 0;
	}
	uint64_t x;
	if (json_is_string(v) && !wire_parse_u64(json_string_value(v), &x)) {
		*out = x;
		return 0;
	}
	return -1;
}

/* A context number: an integer >= 0, or the string "unknown". 0, or -1. */
static int number(json_t *o, const char *key, char *out, size_t n)
{
	json_t *v = json_object_get(o, key);
	unsigned long long x;
	if (!u64_value(v, &x)) {
		snprintf(out, n, "%llu", x);
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

static int firmware(json_t *ctx, char (*v)[CTX_VALUE_MAX])
{
	json_t *o = json_object_get(ctx, "firmware");
	if (!json_is_object(o) || text(o, "cc", v[CTX_CC], CTX_VALUE_MAX) ||
	    text(o, "cflags", v[CTX_CFLAGS], CTX_VALUE_MAX))
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

/* The riscv,isa of the boot hart (the header's hart, which measures all
 * but parallel blocks) from the context's harts; "unknown" when a result
 * has none (older results, a hart without the property). */
static void boot_isa(json_t *header, json_t *ctx, char *out, size_t n)
{
	json_t *hart = json_object_get(header, "hart"), *harts = json_object_get(ctx, "harts"), *h;
	size_t i;
	const char *isa = "unknown";

	if (json_is_string(hart) && json_is_array(harts))
		json_array_foreach(harts, i, h) {
			json_t *id = json_object_get(h, "id"), *v = json_object_get(h, "isa");
			unsigned long long x;
			if (!u64_value(id, &x) && json_is_string(v) &&
			    x == strtoull(json_string_value(hart), NULL, 10))
				isa = json_string_value(v);
		}
	snprintf(out, n, "%s", isa);
}

/* One run's context values into v; NULL, or why the run's context is
 * malformed. The QEMU and cycle values are the source's (one per file). */
static const char *read_run(json_t *run, json_t *ctx, json_t *source, char (*v)[CTX_VALUE_MAX])
{
	json_t *header = json_object_get(run, "header");
	json_t *qv = json_object_get(source, "qemu_version");

	if (!json_is_object(header) || text(header, "model", v[CTX_MODEL], CTX_VALUE_MAX))
		return "the run's header has no model";
	if (clock(ctx, v[CTX_CLOCK], CTX_VALUE_MAX))
		return "context.clock_hz or clock_source is missing or malformed";
	if (l2(ctx, v[CTX_L2], CTX_VALUE_MAX))
		return "context.l2 is missing or malformed";
	if (sbi(ctx, v[CTX_SBI], CTX_VALUE_MAX))
		return "context.sbi is missing or malformed";
	if (firmware(ctx, v))
		return "context.firmware is missing or malformed";
	if (qv && !json_is_string(qv))
		return "source.qemu_version is not a string";
	/* No QEMU only on a board (serial); a replayed log or a run whose
	 * QEMU said no version may well have had one. */
	json_t *kind = json_object_get(source, "kind");
	int board = json_is_string(kind) && !strcmp(json_string_value(kind), "serial");
	snprintf(v[CTX_QEMU], CTX_VALUE_MAX, "%s",
		 json_is_string(qv) ? json_string_value(qv) : board ? "none" : "unknown");
	cycles(source, v[CTX_CYCLES], CTX_VALUE_MAX);
	boot_isa(header, ctx, v[CTX_ISA], CTX_VALUE_MAX);
	return NULL;
}

/* s appended to out (of CTX_VALUE_MAX bytes), cut to fit. */
static void append(char *out, const char *s)
{
	size_t len = strlen(out), add = strlen(s);
	if (add > CTX_VALUE_MAX - 1 - len)
		add = CTX_VALUE_MAX - 1 - len;
	memcpy(out + len, s, add);
	out[len + add] = '\0';
}

/* The run's wire format: 0 when its header has none. */
static unsigned long long run_fmt(json_t *run)
{
	json_t *fmt = json_object_get(json_object_get(run, "header"), "fmt");
	return json_is_string(fmt) ? strtoull(json_string_value(fmt), NULL, 10) : 0;
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
	json_t *runs = json_object_get(root, "runs"), *source = json_object_get(root, "source");
	const char *bad = NULL;
	/* No runs list: a result written before the contexts, or by hand (as
	 * the statistics' tests do): no context, not an error. */
	if (!json_is_object(root) || (runs && !json_is_array(runs)))
		bad = "not an rvbench meta.json (runs is not a list of objects)";
	size_t nruns = bad ? 0 : json_array_size(runs);
	/* Every run's values, so that a value on which the runs differ (a
	 * fleet's devices merged) lists each, not the first run's alone. */
	char (*all)[CTX_KEY_COUNT][CTX_VALUE_MAX] = calloc(nruns ? nruns : 1, sizeof(*all));
	size_t nall = 0;
	if (!all)
		bad = "out of memory";
	for (size_t i = 0; !bad && i < nruns; i++) {
		json_t *run = json_array_get(runs, i), *ctx = json_object_get(run, "context");
		if (!json_is_object(run))
			bad = "not an rvbench meta.json (runs is not a list of objects)";
		else if (ctx && !json_is_null(ctx) && !json_is_object(ctx))
			bad = "context is not an object";
		else if (!json_is_object(ctx)) {
			/* Format 2 came after CTX, CPU and BUILD: its runs sent
			 * them. A later format than this rvbench's was not read. */
			unsigned long long fmt = run_fmt(run);
			c->without++;
			c->lost += fmt >= 2 && fmt <= WIRE_VERSION;
			c->unread += fmt > WIRE_VERSION;
		} else
			bad = read_run(run, ctx, source, all[nall++]);
	}
	c->runs = (unsigned)nruns;
	c->found = !bad && nall > 0;
	for (int k = 0; c->found && k < CTX_KEY_COUNT; k++) {
		size_t distinct = 0;
		for (size_t i = 0; i < nall; i++) {
			size_t j = 0;
			while (j < i && strcmp(all[j][k], all[i][k]))
				j++;
			if (j < i)
				continue; /* an earlier run's value */
			if (distinct++)
				append(c->value[k], "; ");
			append(c->value[k], all[i][k]);
		}
		if (distinct > 1) {
			char list[CTX_VALUE_MAX];
			memcpy(list, c->value[k], sizeof(list));
			snprintf(c->value[k], CTX_VALUE_MAX, "varies between runs: ");
			append(c->value[k], list);
		}
	}
	free(all);
	if (bad) {
		memset(c->value, 0, sizeof(c->value));
		snprintf(err, n, "%s: %s", path, bad);
	}
	json_decref(root);
	return bad ? -1 : 0;
}
