/*
 * meta.json writer (meta_json.h): the document as a jansson tree, dumped
 * at the end. Each builder returns its value, or NULL when out of memory;
 * json_object_set_new() and json_array_append_new() fail on a NULL value,
 * and their results ORed into `bad` carry any failure up (json_built()).
 */
#include "meta_json.h"

#include <errno.h>
#include <math.h>
#include <string.h>

#include "host_build.h"
#include "input_seed.h"
#include "inputs.h"
#include "meta_context.h"
#include "meta_events.h"
#include "version.h"

static json_t *rejected(const unsigned long *counts)
{
	json_t *o = json_object();
	int bad = 0;
	for (size_t i = 0; i < coll_reject_norder; i++) {
		unsigned reason = coll_reject_order[i];
		bad |= json_object_set_new(o, coll_reject_name(reason), json_safe_u64(counts[reason]));
	}
	return json_built(o, bad);
}

/* num / den with 3 decimals, rounded half up, computed exactly. */
static json_t *ratio(unsigned __int128 num, unsigned __int128 den)
{
	unsigned __int128 q = num / den, rem = num % den;
	unsigned frac = (unsigned)((rem * 1000 + den / 2) / den);
	if (frac >= 1000) {
		q++;
		frac -= 1000;
	}
	if (q > UINT64_MAX)
		return json_printed_real("%.3Le", (long double)num / (long double)den);
	return json_printed_real("%llu.%03u", (unsigned long long)q, frac);
}

/* The self-check's moments, and mean and variance computed exactly from
 * them (128-bit integers); only the square root is floating point. */
static json_t *overhead(const struct coll_overhead *o)
{
	json_t *x = json_object();
	int bad = json_object_set_new(x, "kind", json_safe_str(o->kind));
	bad |= json_object_set_new(x, "counter", json_safe_str(o->counter));
	bad |= json_object_set_new(x, "samples", json_safe_u64(o->samples));
	bad |= json_object_set_new(x, "min", json_safe_u64(o->min));
	bad |= json_object_set_new(x, "max", json_safe_u64(o->max));
	bad |= json_object_set_new(x, "sum", json_safe_u64(o->sum));
	bad |= json_object_set_new(x, "sumsq", json_safe_u64(o->sumsq));
	unsigned __int128 n = o->samples, sum = o->sum;
	/* What is undefined is null, never left out nor 0: the mean of no
	 * sample, the variance and stddev of fewer than 2 (n - 1), the
	 * relative stddev of a mean of 0. */
	bad |= json_object_set_new(x, "mean", n ? ratio(sum, n) : json_null());
	json_t *var_j = json_null(), *sd_j = json_null(), *pct_j = json_null();
	if (n > 1) {
		unsigned __int128 num = n * o->sumsq - sum * sum, den = n * (n - 1);
		long double var = (long double)num / (long double)den, sd = sqrtl(var);
		var_j = ratio(num, den);
		sd_j = json_printed_real("%.3Lf", sd);
		if (sum)
			pct_j = json_printed_real("%.3Lf", 100 * sd * (long double)n / (long double)sum);
	}
	bad |= json_object_set_new(x, "variance", var_j);
	bad |= json_object_set_new(x, "stddev", sd_j);
	bad |= json_object_set_new(x, "stddev_pct", pct_j);
	return json_built(x, bad);
}

/* A register or a checksum as a string "0x..." (no reader rounds it). */
static json_t *hex(uint64_t v)
{
	return json_sprintf("0x%llx", (unsigned long long)v);
}

/* {"kind": ..., "scause": "0x..", "sepc": "0x..", "stval": "0x.."}: a
 * fault, a block's or the run's. */
static json_t *fault(const struct coll_fault *x)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "kind", json_safe_str(x->kind));
	bad |= json_object_set_new(o, "scause", hex(x->scause));
	bad |= json_object_set_new(o, "sepc", hex(x->sepc));
	bad |= json_object_set_new(o, "stval", hex(x->stval));
	return json_built(o, bad);
}

/* An automatic warmup converged (true), stopped at its cap (false), or
 * unknown (null). */
static json_t *tristate(int v)
{
	return v < 0 ? json_null() : json_boolean(v);
}

/* What the BENCH line said: every number the firmware sent, as a string of
 * digits beyond 2^53 (json_safe_u64); unit and per_call always (null when
 * not sent). */
static int bench_header(json_t *o, const struct coll_bench *b)
{
	int bad = json_object_set_new(o, "hart", json_safe_u64(b->hart));
	bad |= json_object_set_new(o, "group", json_safe_u64(b->group));
	bad |= json_object_set_new(o, "batch", json_safe_u64(b->batch));
	bad |= json_object_set_new(o, "warmup", json_safe_u64(b->warmup));
	bad |= json_object_set_new(o, "warmup_auto", json_boolean(b->warmup_auto));
	bad |= json_object_set_new(o, "warmup_converged", tristate(b->warmup_converged));
	bad |= json_object_set_new(o, "samples", json_safe_u64(b->samples));
	bad |= json_object_set_new(o, "input_kind",
				   json_safe_str(input_kind_name((enum input_kind)b->input_kind)));
	bad |= json_object_set_new(o, "input_range", json_safe_u64(b->input_range));
	bad |= json_object_set_new(o, "inputs_n", json_safe_u64(b->inputs_n));

	json_t *oh = json_object();
	int oh_bad = json_object_set_new(oh, "cycles", json_safe_u64(b->oh_cycles));
	oh_bad |= json_object_set_new(oh, "instret", json_safe_u64(b->oh_instret));
	oh_bad |= json_object_set_new(oh, "method", json_safe_str(b->oh_method[0] ? b->oh_method : NULL));
	bad |= json_object_set_new(o, "overhead", json_built(oh, oh_bad));

	json_t *params = json_object();
	int p_bad = 0;
	for (size_t i = 0; i < b->nparam; i++)
		p_bad |= json_safe_set(params, b->param[i].key, json_safe_str(b->param[i].value));
	bad |= json_object_set_new(o, "params", json_built(params, p_bad));

	bad |= json_object_set_new(o, "unit", json_safe_str(b->unit));
	return bad | json_object_set_new(o, "per_call",
					 b->have_per_call ? json_safe_u64(b->per_call) : json_null());
}

/* What the END line and the samples said. */
static int bench_end(json_t *o, const struct coll_bench *b)
{
	int bad = json_object_set_new(o, "received", json_safe_u64(b->nreceived));
	bad |= json_object_set_new(o, "verify", json_safe_str(b->have_end ? b->verify : NULL));
	bad |= json_object_set_new(o, "status", json_safe_str(b->have_end ? b->status : NULL));
	if (b->have_end)
		bad |= json_object_set_new(o, "reason", json_safe_str(b->reason));
	if (b->have_checksum)
		bad |= json_object_set_new(o, "checksum", hex(b->checksum));
	if (b->have_path) {
		bad |= json_object_set_new(o, "path_instret", json_safe_u64(b->path_instret));
		bad |= json_object_set_new(o, "path_differs", json_safe_u64(b->path_differs));
	}
	if (b->have_parallel) {
		bad |= json_object_set_new(o, "parallel", json_safe_u64(b->parallel));
		bad |= json_object_set_new(o, "skew_ticks", json_safe_u64(b->skew_ticks));
		bad |= json_object_set_new(o, "offset_cycles", json_safe_i64((long long)b->offset_cycles));
	}
	if (b->have_mode) {
		bad |= json_object_set_new(o, "modal_instret", json_safe_u64(b->mode_instret));
		bad |= json_object_set_new(o, "modal_differs", json_safe_u64(b->mode_differs));
	}
	if (b->fault.have)
		bad |= json_object_set_new(o, "fault", fault(&b->fault));
	if (b->nev)
		bad |= json_object_set_new(o, "events", meta_events_bench(b));
	return bad;
}

/* A block's object in "benches": what its BENCH line said, what arrived
 * of its samples and what its END line said. */
static json_t *bench(const struct coll_bench *b)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "id", json_integer(b->id));
	bad |= json_object_set_new(o, "name", json_safe_str(b->have_header ? b->name : NULL));
	if (b->have_header)
		bad |= bench_header(o, b);
	/* What a self-timed block's samples count, when not the counters'
	 * unit: sent by the firmware only then. */
	if (b->sample_unit)
		bad |= json_object_set_new(o, "sample_unit", json_safe_str(b->sample_unit));
	/* The compiler flags of its benchmark, so a number traces back to
	 * its build (null from firmware that did not send them). */
	if (b->have_header)
		bad |= json_object_set_new(o, "cflags", json_safe_str(b->cflags));
	bad |= bench_end(o, b);
	return json_built(o, bad);
}

/* The run's configuration, typed where the wire format defines the key. */
static json_t *config(const struct coll_run *r)
{
	static const char *const num_keys[] = { "groups", "initial", "delta", "size", "budget_ms",
						"benches", "bad_options", "hart", "timebase" };
	/* Switches: 0/1 on the wire, false/true here (another number as is). */
	static const char *const flag_keys[] = { "cross", "parallel" };
	const char *v;
	uint64_t x;

	/* A later format's RUN line was not read: its keys may mean other
	 * things there than the types given them here. "header" keeps them
	 * as they came. */
	if (r->fmt_newer)
		return json_null();
	json_t *o = json_object();
	int bad = 0;
	if (r->seed_ok) {
		bad |= json_object_set_new(o, "seed", hex(r->seed));
		/* How the inputs were seeded, so a reader knows which results
		 * share their data (input_seed.h): from the RUN record, or the
		 * rule of firmware that did not say. */
		v = r->inputs_seed == COLL_SEED_BY_BLOCK ? INPUT_SEED_RULE_BLOCK
							 : coll_run_field(r, "inputs_seed");
		bad |= json_object_set_new(o, "inputs_seed", json_safe_str(v ? v : ""));
	}
	if ((v = coll_run_field(r, "counter")))
		bad |= json_object_set_new(o, "counter", json_safe_str(v));
	if ((v = coll_run_field(r, "warmup")))
		bad |= json_object_set_new(o, "warmup",
					   !wire_parse_u64(v, &x) ? json_safe_u64(x) : json_safe_str(v));
	for (size_t i = 0; i < sizeof(flag_keys) / sizeof(flag_keys[0]); i++)
		if ((v = coll_run_field(r, flag_keys[i])) && !wire_parse_u64(v, &x))
			bad |= json_object_set_new(o, flag_keys[i],
						   x <= 1 ? json_boolean(x) : json_safe_u64(x));
	for (size_t i = 0; i < sizeof(num_keys) / sizeof(num_keys[0]); i++)
		if ((v = coll_run_field(r, num_keys[i])) && !wire_parse_u64(v, &x))
			bad |= json_object_set_new(o, num_keys[i], json_safe_u64(x));
	return json_built(o, bad);
}

/* What the samples cost on the wire (issue: wire bytes/sample). */
static json_t *wire_cost(const struct coll_run *r)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "s_lines", json_safe_u64(r->s_lines));
	bad |= json_object_set_new(o, "s_lines_decimal", json_safe_u64(r->s_lines_enc[0]));
	bad |= json_object_set_new(o, "s_lines_rice", json_safe_u64(r->s_lines_enc[1]));
	bad |= json_object_set_new(o, "s_bytes", json_safe_u64(r->s_bytes));
	bad |= json_object_set_new(o, "samples", json_safe_u64(r->s_samples));
	bad |= json_object_set_new(o, "machine_bytes", json_safe_u64(r->machine_bytes));
	if (r->s_samples) {
		bad |= json_object_set_new(o, "s_bytes_per_sample",
					   json_printed_real("%.3f", (double)r->s_bytes / (double)r->s_samples));
		bad |= json_object_set_new(
			o, "machine_bytes_per_sample",
			json_printed_real("%.3f", (double)r->machine_bytes / (double)r->s_samples));
	}
	return json_built(o, bad);
}

/* A HART record: what became of the hart, and where its cycles went. */
static json_t *hart(const struct coll_hart *h)
{
	static const struct { const char *key; unsigned bit; } nums[] = {
		{ "run_cycles", COLL_HART_RUN_CYCLES }, { "measuring", COLL_HART_MEASURING },
		{ "busy", COLL_HART_BUSY }, { "idle", COLL_HART_IDLE }, { "waiting", COLL_HART_WAITING },
	};
	const uint64_t val[] = { h->run_cycles, h->measuring, h->busy, h->idle, h->waiting };
	json_t *o = json_object();
	int bad = json_object_set_new(o, "id", json_safe_u64(h->id));
	bad |= json_object_set_new(o, "state", json_safe_str(h->state));
	for (size_t k = 0; k < sizeof(nums) / sizeof(nums[0]); k++)
		if (h->have & nums[k].bit)
			bad |= json_object_set_new(o, nums[k].key, json_safe_u64(val[k]));
	if (h->why)
		bad |= json_object_set_new(o, "why", json_safe_str(h->why));
	return json_built(o, bad);
}

static json_t *gap(const struct coll_gap *g)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "bench", json_integer(g->bench));
	bad |= json_object_set_new(o, "first", json_safe_u64(g->first));
	/* null: the block's size is unknown (gaps.csv leaves it empty) */
	bad |= json_object_set_new(o, "last", g->open_end ? json_null() : json_safe_u64(g->last));
	bad |= json_object_set_new(o, "reason", json_safe_str(g->reason));
	return json_built(o, bad);
}

static json_t *trailer(const struct coll_run *r)
{
	if (!r->have_trailer)
		return json_null();
	json_t *o = json_object();
	int bad = json_object_set_new(o, "seq", json_integer(r->trailer_seq));
	bad |= json_object_set_new(o, "benches", json_safe_u64(r->tr_benches));
	bad |= json_object_set_new(o, "samples", json_safe_u64(r->tr_samples));
	bad |= json_object_set_new(o, "crc32", json_sprintf("%08x", r->tr_crc32));
	bad |= json_object_set_new(o, "status", json_safe_str(r->tr_status));
	return json_built(o, bad);
}

/* The run's arrays of objects, one builder each. */
static json_t *overheads(const struct coll_run *r)
{
	json_t *a = json_array();
	int bad = 0;
	for (size_t i = 0; i < r->noh; i++)
		bad |= json_array_append_new(a, overhead(&r->oh[i]));
	return json_built(a, bad);
}

static json_t *harts(const struct coll_run *r)
{
	json_t *a = json_array();
	int bad = 0;
	for (size_t i = 0; i < r->nhart; i++)
		if (!r->hart[i].taken) /* else its line was in conflict */
			bad |= json_array_append_new(a, hart(&r->hart[i]));
	return json_built(a, bad);
}

static json_t *benches(const struct coll_run *r)
{
	json_t *a = json_array();
	int bad = 0;
	for (size_t i = 0; i < r->nbench; i++)
		bad |= json_array_append_new(a, bench(&r->bench[i]));
	return json_built(a, bad);
}

static json_t *gaps(const struct coll_run *r)
{
	json_t *a = json_array();
	int bad = 0;
	for (size_t i = 0; i < r->ngap; i++)
		bad |= json_array_append_new(a, gap(&r->gap[i]));
	return json_built(a, bad);
}

/* An array of the strings list[0..n). */
static json_t *strings(char *const *list, size_t n)
{
	json_t *a = json_array();
	int bad = 0;
	for (size_t i = 0; i < n; i++)
		bad |= json_array_append_new(a, json_safe_str(list[i]));
	return json_built(a, bad);
}

static json_t *run(const struct coll_run *r)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "tag", json_sprintf("%08x", r->tag));
	bad |= json_object_set_new(o, "status", json_string(r->complete ? "complete" : "incomplete"));
	bad |= json_object_set_new(o, "result",
				   json_string(r->fault.have ? "fault" : r->ok ? "ok" : "failed"));
	bad |= json_object_set_new(o, "problems", strings(r->problem, r->nproblem));
	bad |= json_object_set_new(o, "failures", strings(r->failure, r->nfailure));

	json_t *hdr = json_object();
	int hdr_bad = 0;
	for (size_t i = 0; i < r->nhdr; i++)
		hdr_bad |= json_safe_set(hdr, r->hdr[i].key, json_safe_str(r->hdr[i].value));
	bad |= json_object_set_new(o, "header", json_built(hdr, hdr_bad));

	bad |= json_object_set_new(o, "context", meta_context(r));
	bad |= json_object_set_new(o, "pmu", meta_events_pmu(r));
	bad |= json_object_set_new(o, "config", config(r));
	bad |= json_object_set_new(o, "wire", wire_cost(r));
	bad |= json_object_set_new(o, "overhead_check", overheads(r));
	bad |= json_object_set_new(o, "harts", harts(r));
	bad |= json_object_set_new(o, "tracepoints", json_safe_u64(r->ntp));
	bad |= json_object_set_new(o, "benches", benches(r));
	bad |= json_object_set_new(o, "gaps", gaps(r));
	bad |= json_object_set_new(o, "trailer", trailer(r));
	if (r->fault.have)
		bad |= json_object_set_new(o, "fault", fault(&r->fault));
	bad |= json_object_set_new(o, "samples_received", json_safe_u64(r->total_received));
	bad |= json_object_set_new(o, "rejected", rejected(r->rejected));
	return json_built(o, bad);
}

/* "uart_log": what uart.log holds of the stream (struct meta_log). */
static json_t *log_record(const struct meta_log *l)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "bytes", json_safe_u64(l->bytes));
	bad |= json_object_set_new(o, "complete", json_boolean(l->complete));
	if (!l->complete)
		bad |= json_object_set_new(o, "stream_bytes", json_safe_u64(l->stream_bytes));
	if (l->error[0])
		bad |= json_object_set_new(o, "error", json_safe_str(l->error));
	return json_built(o, bad);
}

static json_t *host(void)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "version", json_safe_str(RVBENCH_HOST_VERSION));
	bad |= json_object_set_new(o, "commit", json_safe_str(host_build_commit()));
	bad |= json_object_set_new(o, "cc", json_safe_str(host_build_cc()));
	return json_built(o, bad);
}

static json_t *meta(const struct collector *c, const struct meta_source *src,
		    const struct meta_log *log)
{
	json_t *o = json_object();
	int bad = json_object_set_new(o, "tool", json_string("rvbench"));
	bad |= json_object_set_new(o, "version", json_safe_str(RVBENCH_HOST_VERSION));
	bad |= json_object_set_new(o, "host", host());
	bad |= json_object_set_new(o, "wire_format", json_integer(WIRE_VERSION));
	bad |= json_object_set_new(o, "device_name", json_safe_str(src->device_name));
	bad |= meta_json_source(o, src);
	if (src->icount && strcmp(src->icount, "off"))
		bad |= json_object_set_new(o, "note", json_string(ICOUNT_NOTE));
	bad |= json_object_set_new(o, "status", json_string(collector_all_complete(c) ? "complete"
										: "incomplete"));
	bad |= json_object_set_new(o, "result", json_string(collector_all_ok(c) ? "ok" : "failed"));
	bad |= json_object_set_new(o, "bytes_received", json_safe_u64(c->bytes));
	if (log)
		bad |= json_object_set_new(o, "uart_log", log_record(log));
	bad |= json_object_set_new(o, "lines_accepted", json_safe_u64(c->lines_accepted));
	bad |= json_object_set_new(o, "orphans_after_run", json_safe_u64(c->orphans_after_run));
	bad |= json_object_set_new(o, "rejected", rejected(c->rejected));
	json_t *runs = json_array();
	int runs_bad = 0;
	for (size_t i = 0; i < c->nruns; i++)
		runs_bad |= json_array_append_new(runs, run(&c->runs[i]));
	bad |= json_object_set_new(o, "runs", json_built(runs, runs_bad));
	bad |= json_object_set_new(o, "files", json_pack("[ssss]", "samples.csv", "summary.csv",
							 "gaps.csv", "tracepoints.csv"));
	/* Last, so a file cut short can never claim to be whole: readers check
	 * "written": "complete" (the files are also renamed into place). */
	bad |= json_object_set_new(o, "written", json_string("complete"));
	return json_built(o, bad);
}

static int write_meta(FILE *f, const struct collector *c, const struct meta_source *src,
		      const struct meta_log *log)
{
	json_t *m = meta(c, src, log);

	/* Building fails only for want of memory; writing fails with errno
	 * from the write (ENOSPC...), which afile_prepare() reports. */
	if (!m) {
		errno = ENOMEM;
		return -1;
	}
	int rc = json_dumpf(m, f, JSON_INDENT(2));
	json_decref(m);
	if (rc || putc('\n', f) == EOF)
		return -1;
	return ferror(f) ? -1 : 0;
}

int meta_json_write(FILE *f, const struct collector *c, const struct meta_source *src)
{
	return write_meta(f, c, src, NULL);
}

int meta_json_writer(FILE *f, void *ctx)
{
	const struct meta_ctx *m = ctx;
	return meta_json_write(f, m->c, m->src);
}

int meta_json_log_writer(FILE *f, void *ctx)
{
	const struct meta_log_ctx *m = ctx;
	return write_meta(f, m->mc.c, m->mc.src, m->log);
}
