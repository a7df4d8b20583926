/* The facts of `rvbench report`'s page from meta.json (report_facts.h). */
#include "report_facts.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "context_fmt.h"
#include "wire.h"

const char *report_jtext(json_t *root, char *buf, size_t len, ...)
{
	va_list ap;
	va_start(ap, len);
	json_t *v = root;
	for (const char *k; v && (k = va_arg(ap, const char *));)
		v = k[0] == '#' ? json_array_get(v, strtoul(k + 1, NULL, 10)) : json_object_get(v, k);
	va_end(ap);
	if (json_is_string(v))
		snprintf(buf, len, "%s", json_string_value(v));
	else if (json_is_integer(v))
		snprintf(buf, len, "%lld", (long long)json_integer_value(v));
	else if (json_is_real(v))
		snprintf(buf, len, "%g", json_real_value(v));
	else if (json_is_boolean(v))
		snprintf(buf, len, "%s", json_is_true(v) ? "yes" : "no");
	else
		return NULL;
	return buf;
}

static const char *dflt(const char *s, const char *d)
{
	return s ? s : d;
}

void report_fact(struct report_data *d, const char *key, const char *fmt, ...)
{
	if (d->nfact >= sizeof(d->fact) / sizeof(d->fact[0]))
		return;
	struct report_fact *f = &d->fact[d->nfact++];
	snprintf(f->key, sizeof(f->key), "%s", key);
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(f->value, sizeof(f->value), fmt, ap);
	va_end(ap);
}

void report_unit(struct report_data *d, json_t *m)
{
	char b[256], c[256];
	const char *icount = report_jtext(m, b, sizeof(b), "source", "icount", NULL);
	const char *note = report_jtext(m, c, sizeof(c), "note", NULL);
	int instr = (icount && strcmp(icount, "off")) || (note && strstr(note, "icount"));
	snprintf(d->unit, sizeof(d->unit), "%s", instr ? "instr" : "cycles");
}

static size_t skipped_rows(const struct report_data *d)
{
	size_t n = 0;
	for (size_t i = 0; i < d->nrow; i++)
		n += d->row[i].mark == REPORT_SKIPPED;
	return n;
}

/*
 * meta.json's "status" (complete: no sample lost, every check passed) and
 * "result" (ok: no block failed, nor the run itself) said in words that
 * cannot be misread: "incomplete, ok" read as ok at a glance. When nothing
 * was measured, that comes first: "complete, ok" of a run that selected
 * no benchmark is true of the wire, and wrong at a glance.
 */
static void result_fact(struct report_data *d, json_t *m)
{
	char a[64], b[64], skip[48] = "";
	const char *st = report_jtext(m, a, sizeof(a), "status", NULL);
	const char *res = report_jtext(m, b, sizeof(b), "result", NULL);
	const char *why = report_why_empty(d);
	const char *lost = "samples were lost or a check failed (see Problems)";
	if (!st)
		return;
	int complete = !strcmp(st, "complete"), incomplete = !strcmp(st, "incomplete");
	int ok = res && !strcmp(res, "ok"), failed = res && !strcmp(res, "failed");
	size_t ns = skipped_rows(d);
	if (ns)
		snprintf(skip, sizeof(skip), " (%zu skipped)", ns);
	if (!(complete || incomplete) || !(ok || failed))
		report_fact(d, "result", "%s, %s%s%s", st, dflt(res, "?"),
			    why ? "; nothing measured: " : "", why ? why : "");
	else if (ok && why)
		report_fact(d, "result", "nothing measured: %s%s%s", why,
			    incomplete ? "; incomplete: " : "", incomplete ? lost : "");
	else if (ok && complete)
		report_fact(d, "result", "complete, ok: no sample was lost and no block failed%s",
			    skip);
	else if (ok)
		report_fact(d, "result", "incomplete: %s; no block failed%s", lost, skip);
	else
		report_fact(d, "result", "failed: a block or the run itself failed (see Problems); %s%s%s%s",
			    incomplete ? "incomplete: " : "no sample was lost", incomplete ? lost : "",
			    why ? "; " : "", why ? why : "");
}

/* Adds the whole number v (an integer, or a string of digits) to *sum:
 * 1, or 0 when v is not one. */
static int add_count(json_t *v, unsigned long long *sum)
{
	uint64_t n;
	if (json_is_integer(v) && json_integer_value(v) >= 0)
		n = (uint64_t)json_integer_value(v);
	else if (!json_is_string(v) || wire_parse_u64(json_string_value(v), &n))
		return 0;
	*sum += n;
	return 1;
}

/*
 * What arrived, not only what the trailers say was sent (a run that lost
 * samples must not read as whole here), over every run: a fleet's merged
 * directory has the blocks of all of them in its table.
 */
static void samples_fact(struct report_data *d, json_t *m)
{
	json_t *runs = json_object_get(m, "runs"), *run;
	unsigned long long sent = 0, got = 0, nb = 0;
	int have_sent = 1, have_got = 1, have_nb = 1;
	size_t i;
	if (!json_array_size(runs))
		return;
	json_array_foreach(runs, i, run) {
		json_t *t = json_object_get(run, "trailer");
		have_sent &= add_count(json_object_get(t, "samples"), &sent);
		have_nb &= add_count(json_object_get(t, "benches"), &nb);
		have_got &= add_count(json_object_get(run, "samples_received"), &got);
	}
	char blocks[48];
	if (have_nb)
		snprintf(blocks, sizeof(blocks), "%llu block%s", nb, nb == 1 ? "" : "s");
	else
		snprintf(blocks, sizeof(blocks), "? blocks");
	if (have_sent && have_nb && !nb && !sent && (!have_got || !got))
		report_fact(d, "samples", "none: no block ran");
	else if (have_sent && (!have_got || got == sent))
		report_fact(d, "samples", "%llu in %s", sent, blocks);
	else if (have_sent)
		report_fact(d, "samples", "%llu received of %llu sent, in %s", got, sent, blocks);
	else if (have_got)
		report_fact(d, "samples", "%llu received (no trailer: how many were sent is not known)",
			    got);
}

/* Where the samples came from: QEMU's machine, or the device and its
 * port or log. */
static void machine_fact(struct report_data *d, json_t *m, const char *kind)
{
	char c[256], q[64], port[200];
	if (!kind)
		return;
	if (!strcmp(kind, "qemu")) {
		const char *mach = report_jtext(m, c, sizeof(c), "source", "machine", NULL);
		report_fact(d, "machine", "QEMU %s, -M %s",
			    dflt(report_jtext(m, q, sizeof(q), "source", "qemu_version", NULL), "?"),
			    mach ? mach : "?");
		return;
	}
	const char *dev = report_jtext(m, c, sizeof(c), "device_name", NULL);
	const char *where = report_jtext(m, port, sizeof(port), "source", "port", NULL);
	if (!where)
		where = report_jtext(m, port, sizeof(port), "source", "file", NULL);
	report_fact(d, "machine", "%s%s%s (%s)", dev ? dev : "", dev ? ", " : "", dflt(where, ""),
		    kind);
}

/* What the cycle columns count. */
static const char *cycles_text(const struct report_data *d, const char *kind)
{
	if (!strcmp(d->unit, "instr"))
		return "instructions: QEMU -icount counts one cycle per instruction (exact, not a speed)";
	if (!kind)
		return "not recorded";
	if (!strcmp(kind, "serial"))
		return "hardware cycles (the board's rdcycle)";
	if (!strcmp(kind, "qemu"))
		return "QEMU without -icount: host-time counters, not a core's cycles";
	return "not known: a replayed log does not say how it was measured";
}

void report_facts(struct report_data *d, json_t *m)
{
	char a[256], b[256], c[256], k[64];
	const char *kind = report_jtext(m, k, sizeof(k), "source", "kind", NULL);
	result_fact(d, m);
	machine_fact(d, m, kind);
	if (report_jtext(m, c, sizeof(c), "runs", "#0", "header", "model", NULL))
		report_fact(d, "model", "%s", c);
	if (report_jtext(m, c, sizeof(c), "runs", "#0", "context", "clock_hz", NULL)) {
		char mhz[64];
		report_fact(d, "core clock", "%s", ctx_fmt_mhz(mhz, sizeof(mhz), strtoull(c, NULL, 10)));
	}
	report_fact(d, "cycles", "%s", cycles_text(d, kind));
	if (report_jtext(m, c, sizeof(c), "runs", "#0", "header", "seed", NULL))
		report_fact(d, "seed", "%s", c);
	if (report_jtext(m, c, sizeof(c), "runs", "#0", "header", "harts", NULL))
		report_fact(d, "harts", "%s", c);
	if (report_jtext(m, c, sizeof(c), "runs", "#0", "wire", "machine_bytes_per_sample", NULL)) {
		char s[64];
		report_fact(d, "wire bytes per sample", "%s (the S lines alone: %s)", c,
			    dflt(report_jtext(m, s, sizeof(s), "runs", "#0", "wire",
					      "s_bytes_per_sample", NULL),
				 "?"));
	}
	samples_fact(d, m);
	if (report_jtext(m, c, sizeof(c), "runs", "#0", "context", "firmware", "commit", NULL))
		report_fact(d, "firmware", "%s, commit %s, %s",
			    dflt(report_jtext(m, a, sizeof(a), "runs", "#0", "context", "firmware",
					      "version", NULL),
				 "?"),
			    c,
			    dflt(report_jtext(m, b, sizeof(b), "runs", "#0", "context", "firmware", "cc",
					      NULL),
				 "?"));
	if (report_jtext(m, c, sizeof(c), "host", "commit", NULL))
		report_fact(d, "host tool", "rvbench %s, commit %s",
			    dflt(report_jtext(m, a, sizeof(a), "host", "version", NULL), "?"), c);
	size_t runs = json_array_size(json_object_get(m, "runs"));
	if (runs > 1)
		report_fact(d, "runs", "%zu (the samples are counted over all of them; the other "
				       "facts above are the first run's)",
			    runs);
}
