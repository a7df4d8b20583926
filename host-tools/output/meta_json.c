/* meta.json writer (meta_json.h). */
#include "meta_json.h"

#include "input_seed.h"

#include <math.h>
#include <string.h>

#include "host_build.h"
#include "inputs.h"
#include "meta_context.h"
#include "meta_events.h"
#include "version.h"

static int rejected(FILE *f, const unsigned long *counts, const char *indent)
{
	if (fputs("{", f) < 0)
		return -1;
	for (size_t i = 0; i < coll_reject_norder; i++) {
		unsigned reason = coll_reject_order[i];
		if (fprintf(f, "%s", i ? ", " : "") < 0 || json_write_str(f, coll_reject_name(reason)) ||
		    fprintf(f, ": %lu", counts[reason]) < 0)
			return -1;
	}
	(void)indent;
	return fputs("}", f) < 0 ? -1 : 0;
}

static int ratio(FILE *f, unsigned __int128 num, unsigned __int128 den)
{
	unsigned __int128 q = num / den, rem = num % den;
	unsigned frac = (unsigned)((rem * 1000 + den / 2) / den);
	if (frac >= 1000) {
		q++;
		frac -= 1000;
	}
	if (q > UINT64_MAX)
		return fprintf(f, "%.3Le", (long double)num / (long double)den) < 0 ? -1 : 0;
	return fprintf(f, "%llu.%03u", (unsigned long long)q, frac) < 0 ? -1 : 0;
}

/* The self-check's moments, and mean and variance computed exactly from
 * them (128-bit integers); only the square root is floating point. */
static int overhead(FILE *f, const struct coll_overhead *o, int first)
{
	if (fprintf(f, "%s        {\"kind\": ", first ? "" : ",\n") < 0 || json_write_str(f, o->kind) ||
	    fputs(", \"counter\": ", f) < 0 || json_write_str(f, o->counter) ||
	    fprintf(f, ", \"samples\": %llu, \"min\": %llu, \"max\": %llu, \"sum\": %llu, \"sumsq\": %llu",
		    (unsigned long long)o->samples, (unsigned long long)o->min,
		    (unsigned long long)o->max, (unsigned long long)o->sum,
		    (unsigned long long)o->sumsq) < 0)
		return -1;
	unsigned __int128 n = o->samples, sum = o->sum;
	if (n && (fputs(", \"mean\": ", f) < 0 || ratio(f, sum, n)))
		return -1;
	if (n > 1) {
		unsigned __int128 num = n * o->sumsq - sum * sum, den = n * (n - 1);
		long double var = (long double)num / (long double)den, sd = sqrtl(var);
		if (fputs(", \"variance\": ", f) < 0 || ratio(f, num, den) ||
		    fprintf(f, ", \"stddev\": %.3Lf", sd) < 0)
			return -1;
		if (sum && fprintf(f, ", \"stddev_pct\": %.3Lf",
				   100 * sd * (long double)n / (long double)sum) < 0)
			return -1;
	}
	return fputs("}", f) < 0 ? -1 : 0;
}

/* {"kind": ..., "scause": "0x..", "sepc": "0x..", "stval": "0x.."} */
static int json_fault(FILE *f, const struct coll_fault *x)
{
	if (fputs("{\"kind\": ", f) < 0 || json_write_str(f, x->kind))
		return -1;
	return fprintf(f, ", \"scause\": \"0x%llx\", \"sepc\": \"0x%llx\", \"stval\": \"0x%llx\"}",
		       (unsigned long long)x->scause, (unsigned long long)x->sepc,
		       (unsigned long long)x->stval) < 0
		       ? -1
		       : 0;
}

static int bench(FILE *f, const struct coll_bench *b, int first)
{
	if (fprintf(f, "%s        {\"id\": %u, \"name\": ", first ? "" : ",\n", b->id) < 0)
		return -1;
	if (b->have_header ? json_write_str(f, b->name) : fputs("null", f) < 0)
		return -1;
	if (b->have_header &&
	    fprintf(f, ", \"hart\": %llu, \"group\": %llu, \"batch\": %llu, \"warmup\": %llu,"
		       " \"warmup_auto\": %s, \"warmup_converged\": %s,"
		       " \"samples\": %llu, \"input_kind\": \"%s\", \"input_range\": %llu, \"inputs_n\": %llu,"
		       " \"overhead\": {\"cycles\": %llu, \"instret\": %llu, \"method\": ",
		    (unsigned long long)b->hart, (unsigned long long)b->group,
		    (unsigned long long)b->batch, (unsigned long long)b->warmup,
		    b->warmup_auto ? "true" : "false",
		    b->warmup_converged < 0 ? "null" : b->warmup_converged ? "true" : "false",
		    (unsigned long long)b->samples, input_kind_name((enum input_kind)b->input_kind),
		    (unsigned long long)b->input_range, (unsigned long long)b->inputs_n,
		    (unsigned long long)b->oh_cycles, (unsigned long long)b->oh_instret) < 0)
		return -1;
	if (b->have_header && ((b->oh_method[0] ? json_write_str(f, b->oh_method) : fputs("null", f) < 0) ||
			       fputs("}, \"params\": {", f) < 0))
		return -1;
	for (size_t i = 0; b->have_header && i < b->nparam; i++)
		if ((i && fputs(", ", f) < 0) || json_write_str(f, b->param[i].key) || fputs(": ", f) < 0 ||
		    json_write_str(f, b->param[i].value))
			return -1;
	if (b->have_header && fputs("}", f) < 0)
		return -1;
	/* unit and per_call always with the header (null when not sent). */
	if (b->have_header &&
	    (fputs(", \"unit\": ", f) < 0 || (b->unit ? json_write_str(f, b->unit) : fputs("null", f) < 0) ||
	     (b->have_per_call ? fprintf(f, ", \"per_call\": %llu", (unsigned long long)b->per_call)
			       : fprintf(f, ", \"per_call\": null")) < 0))
		return -1;
	/* What a self-timed block's samples count, when not the counters'
	 * unit: sent by the firmware only then. */
	if (b->sample_unit && (fputs(", \"sample_unit\": ", f) < 0 || json_write_str(f, b->sample_unit)))
		return -1;
	/* The compiler flags of its benchmark, so a number traces back to
	 * its build (null from firmware that did not send them). */
	if (b->have_header &&
	    (fputs(", \"cflags\": ", f) < 0 || (b->cflags ? json_write_str(f, b->cflags) : fputs("null", f) < 0)))
		return -1;
	if (fprintf(f, ", \"received\": %llu, \"verify\": ", (unsigned long long)b->nreceived) < 0)
		return -1;
	if (b->have_end ? json_write_str(f, b->verify) : fputs("null", f) < 0)
		return -1;
	if (fputs(", \"status\": ", f) < 0 || (b->have_end ? json_write_str(f, b->status) : fputs("null", f) < 0))
		return -1;
	if (b->have_end && (fputs(", \"reason\": ", f) < 0 ||
			    (b->reason ? json_write_str(f, b->reason) : fputs("null", f) < 0)))
		return -1;
	if (b->have_checksum && fprintf(f, ", \"checksum\": \"0x%llx\"", (unsigned long long)b->checksum) < 0)
		return -1;
	if (b->have_path && fprintf(f, ", \"path_instret\": %llu, \"path_differs\": %llu",
				    (unsigned long long)b->path_instret,
				    (unsigned long long)b->path_differs) < 0)
		return -1;
	if (b->have_parallel &&
	    fprintf(f, ", \"parallel\": %llu, \"skew_ticks\": %llu, \"offset_cycles\": %lld",
		    (unsigned long long)b->parallel, (unsigned long long)b->skew_ticks,
		    (long long)b->offset_cycles) < 0)
		return -1;
	if (b->have_mode && fprintf(f, ", \"modal_instret\": %llu, \"modal_differs\": %llu",
				    (unsigned long long)b->mode_instret,
				    (unsigned long long)b->mode_differs) < 0)
		return -1;
	if (b->fault.have && (fputs(", \"fault\": ", f) < 0 || json_fault(f, &b->fault)))
		return -1;
	if (b->nev && meta_events_bench(f, b))
		return -1;
	return fputs("}", f) < 0 ? -1 : 0;
}

/* The run's configuration, typed where the wire format defines the key. */
static int config(FILE *f, const struct coll_run *r)
{
	static const char *const num_keys[] = { "groups", "initial", "delta", "size", "budget_ms",
						"benches", "bad_options", "hart", "timebase" };
	const char *v;
	int n = 0;

	/* A later format's RUN line was not read: its keys may mean other
	 * things there than the types given them here. "header" keeps them
	 * as they came. */
	if (r->fmt_newer)
		return fputs("      \"config\": null,\n", f) < 0 ? -1 : 0;
	if (fputs("      \"config\": {", f) < 0)
		return -1;
	if (r->seed_ok && fprintf(f, "%s\"seed\": \"0x%llx\"", n++ ? ", " : "",
				  (unsigned long long)r->seed) < 0)
		return -1;
	/* How the inputs were seeded, so a reader knows which results share
	 * their data (input_seed.h): from the RUN record, or the rule of
	 * firmware that did not say. */
	if (r->seed_ok &&
	    (fprintf(f, "%s\"inputs_seed\": ", n++ ? ", " : "") < 0 ||
	     json_write_str(f, r->inputs_seed == COLL_SEED_BY_BLOCK ? INPUT_SEED_RULE_BLOCK
			    : (v = coll_run_field(r, "inputs_seed")) ? v : "")))
		return -1;
	if ((v = coll_run_field(r, "counter")) &&
	    (fprintf(f, "%s\"counter\": ", n++ ? ", " : "") < 0 || json_write_str(f, v)))
		return -1;
	if ((v = coll_run_field(r, "warmup"))) {
		uint64_t x;
		if (fprintf(f, "%s\"warmup\": ", n++ ? ", " : "") < 0)
			return -1;
		if (!wire_parse_u64(v, &x) ? fprintf(f, "%llu", (unsigned long long)x) < 0 : json_write_str(f, v))
			return -1;
	}
	/* Switches: 0/1 on the wire, false/true here (another number as is). */
	static const char *const flag_keys[] = { "cross", "parallel" };
	for (size_t i = 0; i < sizeof(flag_keys) / sizeof(flag_keys[0]); i++) {
		uint64_t x;
		if (!(v = coll_run_field(r, flag_keys[i])) || wire_parse_u64(v, &x))
			continue;
		if (fprintf(f, "%s\"%s\": ", n++ ? ", " : "", flag_keys[i]) < 0 ||
		    (x <= 1 ? fputs(x ? "true" : "false", f) < 0
			    : fprintf(f, "%llu", (unsigned long long)x) < 0))
			return -1;
	}
	for (size_t i = 0; i < sizeof(num_keys) / sizeof(num_keys[0]); i++) {
		uint64_t x;
		if ((v = coll_run_field(r, num_keys[i])) && !wire_parse_u64(v, &x) &&
		    fprintf(f, "%s\"%s\": %llu", n++ ? ", " : "", num_keys[i], (unsigned long long)x) < 0)
			return -1;
	}
	return fputs("},\n", f) < 0 ? -1 : 0;
}

/* What the samples cost on the wire (issue: wire bytes/sample). */
static int wire_cost(FILE *f, const struct coll_run *r)
{
	if (fprintf(f, "      \"wire\": {\"s_lines\": %llu, \"s_lines_decimal\": %llu, \"s_lines_rice\": %llu,"
		       " \"s_bytes\": %llu, \"samples\": %llu, \"machine_bytes\": %llu",
		    (unsigned long long)r->s_lines, (unsigned long long)r->s_lines_enc[0],
		    (unsigned long long)r->s_lines_enc[1], (unsigned long long)r->s_bytes,
		    (unsigned long long)r->s_samples, (unsigned long long)r->machine_bytes) < 0)
		return -1;
	if (r->s_samples &&
	    fprintf(f, ", \"s_bytes_per_sample\": %.3f, \"machine_bytes_per_sample\": %.3f",
		    (double)r->s_bytes / (double)r->s_samples,
		    (double)r->machine_bytes / (double)r->s_samples) < 0)
		return -1;
	return fputs("},\n", f) < 0 ? -1 : 0;
}

/* The HART records: what became of every hart, and where its cycles went. */
static int harts(FILE *f, const struct coll_run *r)
{
	static const struct { const char *key; unsigned bit; } nums[] = {
		{ "run_cycles", COLL_HART_RUN_CYCLES }, { "measuring", COLL_HART_MEASURING },
		{ "busy", COLL_HART_BUSY }, { "idle", COLL_HART_IDLE }, { "waiting", COLL_HART_WAITING },
	};

	size_t n = 0;

	if (fputs("      \"harts\": [", f) < 0)
		return -1;
	for (size_t i = 0; i < r->nhart; i++) {
		const struct coll_hart *h = &r->hart[i];
		const uint64_t val[] = { h->run_cycles, h->measuring, h->busy, h->idle, h->waiting };
		if (h->taken) /* its line was in conflict */
			continue;
		if (fprintf(f, "%s\n        {\"id\": %llu, \"state\": ", n++ ? "," : "",
			    (unsigned long long)h->id) < 0 || json_write_str(f, h->state))
			return -1;
		for (size_t k = 0; k < sizeof(nums) / sizeof(nums[0]); k++)
			if ((h->have & nums[k].bit) &&
			    fprintf(f, ", \"%s\": %llu", nums[k].key, (unsigned long long)val[k]) < 0)
				return -1;
		if (h->why && (fputs(", \"why\": ", f) < 0 || json_write_str(f, h->why)))
			return -1;
		if (fputs("}", f) < 0)
			return -1;
	}
	return fputs(n ? "\n      ],\n" : "],\n", f) < 0 ? -1 : 0;
}

static int run(FILE *f, const struct coll_run *r, int first)
{
	if (fprintf(f, "%s    {\n      \"tag\": \"%08x\",\n      \"status\": \"%s\",\n"
		       "      \"result\": \"%s\",\n      \"problems\": [",
		    first ? "" : ",\n", r->tag, r->complete ? "complete" : "incomplete",
		    r->fault.have ? "fault" : r->ok ? "ok" : "failed") < 0)
		return -1;
	for (size_t i = 0; i < r->nproblem; i++)
		if ((i && fputs(", ", f) < 0) || json_write_str(f, r->problem[i]))
			return -1;
	if (fputs("],\n      \"failures\": [", f) < 0)
		return -1;
	for (size_t i = 0; i < r->nfailure; i++)
		if ((i && fputs(", ", f) < 0) || json_write_str(f, r->failure[i]))
			return -1;
	if (fputs("],\n      \"header\": {", f) < 0)
		return -1;
	for (size_t i = 0; i < r->nhdr; i++)
		if ((i && fputs(", ", f) < 0) || json_write_str(f, r->hdr[i].key) ||
		    fputs(": ", f) < 0 || json_write_str(f, r->hdr[i].value))
			return -1;
	if (fputs("},\n", f) < 0 || meta_context_write(f, r) || meta_events_pmu(f, r) ||
	    config(f, r) || wire_cost(f, r) ||
	    fputs(r->noh ? "      \"overhead_check\": [\n" : "      \"overhead_check\": [", f) < 0)
		return -1;
	for (size_t k = 0; k < r->noh; k++)
		if (overhead(f, &r->oh[k], k == 0))
			return -1;
	if (fputs(r->noh ? "\n      ],\n" : "],\n", f) < 0 || harts(f, r) ||
	    fprintf(f, "      \"tracepoints\": %zu,\n      \"benches\": [\n", r->ntp) < 0)
		return -1;
	for (size_t i = 0; i < r->nbench; i++)
		if (bench(f, &r->bench[i], i == 0))
			return -1;
	if (fputs("\n      ],\n      \"gaps\": [", f) < 0)
		return -1;
	for (size_t i = 0; i < r->ngap; i++)
		if (fprintf(f, "%s\n        {\"bench\": %u, \"first\": %llu, \"last\": ",
			    i ? "," : "", r->gap[i].bench, (unsigned long long)r->gap[i].first) < 0 ||
		    /* null: the block's size is unknown (gaps.csv leaves it empty) */
		    (r->gap[i].open_end ? fputs("null", f) < 0
					: fprintf(f, "%llu", (unsigned long long)r->gap[i].last) < 0) ||
		    fputs(", \"reason\": ", f) < 0 ||
		    json_write_str(f, r->gap[i].reason) || fputs("}", f) < 0)
			return -1;
	if (fputs(r->ngap ? "\n      ],\n" : "],\n", f) < 0)
		return -1;
	if (r->have_trailer) {
		if (fprintf(f, "      \"trailer\": {\"seq\": %u, \"benches\": %llu, \"samples\": %llu,"
			       " \"crc32\": \"%08x\", \"status\": ",
			    r->trailer_seq, (unsigned long long)r->tr_benches,
			    (unsigned long long)r->tr_samples, r->tr_crc32) < 0 ||
		    json_write_str(f, r->tr_status) || fputs("},\n", f) < 0)
			return -1;
	} else if (fputs("      \"trailer\": null,\n", f) < 0) {
		return -1;
	}
	if (r->fault.have && (fputs("      \"fault\": ", f) < 0 || json_fault(f, &r->fault) ||
			      fputs(",\n", f) < 0))
		return -1;
	if (fprintf(f, "      \"samples_received\": %llu,\n      \"rejected\": ",
		    (unsigned long long)r->total_received) < 0 ||
	    rejected(f, r->rejected, "      ") || fputs("\n    }", f) < 0)
		return -1;
	return 0;
}

/* "uart_log": what uart.log holds of the stream (struct meta_log). */
static int log_record(FILE *f, const struct meta_log *l)
{
	if (fprintf(f, "  \"uart_log\": {\"bytes\": %llu, \"complete\": %s", l->bytes,
		    l->complete ? "true" : "false") < 0)
		return -1;
	if (!l->complete && fprintf(f, ", \"stream_bytes\": %llu", l->stream_bytes) < 0)
		return -1;
	if (l->error[0] && (fputs(", \"error\": ", f) < 0 || json_write_str(f, l->error)))
		return -1;
	return fputs("},\n", f) < 0 ? -1 : 0;
}

static int write_meta(FILE *f, const struct collector *c, const struct meta_source *src,
		      const struct meta_log *log)
{
	if (fputs("{\n  \"tool\": \"rvbench\",\n  \"version\": ", f) < 0 ||
	    json_write_str(f, RVBENCH_HOST_VERSION) ||
	    fputs(",\n  \"host\": {\"version\": ", f) < 0 || json_write_str(f, RVBENCH_HOST_VERSION) ||
	    fputs(", \"commit\": ", f) < 0 || json_write_str(f, host_build_commit()) ||
	    fputs(", \"cc\": ", f) < 0 || json_write_str(f, host_build_cc()) ||
	    fprintf(f, "},\n  \"wire_format\": %d,\n", WIRE_VERSION) < 0)
		return -1;
	if (fputs("  \"device_name\": ", f) < 0 ||
	    (src->device_name ? json_write_str(f, src->device_name) : fputs("null", f) < 0) ||
	    fputs(",\n", f) < 0)
		return -1;
	if (meta_json_source(f, src))
		return -1;
	if (src->icount && strcmp(src->icount, "off") &&
	    (fputs("  \"note\": ", f) < 0 || json_write_str(f, ICOUNT_NOTE) || fputs(",\n", f) < 0))
		return -1;
	if (fprintf(f, "  \"status\": \"%s\",\n  \"result\": \"%s\",\n  \"bytes_received\": %llu,\n",
		    collector_all_complete(c) ? "complete" : "incomplete",
		    collector_all_ok(c) ? "ok" : "failed", (unsigned long long)c->bytes) < 0 ||
	    (log && log_record(f, log)) ||
	    fprintf(f, "  \"lines_accepted\": %llu,\n  \"orphans_after_run\": %lu,\n  \"rejected\": ",
		    (unsigned long long)c->lines_accepted, c->orphans_after_run) < 0 ||
	    rejected(f, c->rejected, "  ") || fputs(",\n  \"runs\": [\n", f) < 0)
		return -1;
	for (size_t i = 0; i < c->nruns; i++)
		if (run(f, &c->runs[i], i == 0))
			return -1;
	/* Last, so a file cut short can never claim to be whole: readers check
	 * "written": "complete" (the files are also renamed into place). */
	if (fputs(c->nruns ? "\n  ],\n" : "  ],\n", f) < 0 ||
	    fputs("  \"files\": [\"samples.csv\", \"summary.csv\", \"gaps.csv\", \"tracepoints.csv\"],\n"
		  "  \"written\": \"complete\"\n}\n", f) < 0)
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
