#include "report.h"

#include "emit.h"
#include "stream.h"

#include <stdio.h>
#include <string.h>

void report_kbench_line(const char *name, const struct order_stats *s)
{
	stream_say("%s: min=%llu max=%llu count=%lu 99th=%llu 95th=%llu 90th=%llu 50th=%llu mad=%llu",
		   name, (unsigned long long)s->min, (unsigned long long)s->max,
		   (unsigned long)s->count, (unsigned long long)s->p99, (unsigned long long)s->p95,
		   (unsigned long long)s->p90, (unsigned long long)s->median,
		   (unsigned long long)s->mad);
}

#define BAR_WIDTH 48

/*
 * Seed 000's picture: per bin, "▒" for the bin's share of all samples and
 * "░" continuing up to the cumulative share, both out of BAR_WIDTH. Bins
 * span min..p99 so one outlier does not squash the picture; what lies
 * above goes into a last "> p99" row.
 */
void report_histogram(const uint64_t *v, size_t n, unsigned rows)
{
	uint64_t lo = v[0], hi = stats_percentile(v, n, 99);
	uint64_t width = (hi - lo) / rows + 1;
	size_t i = 0, below = 0;
	char bar[BAR_WIDTH * 3 + 1];

	stream_say("    value |%*s count", BAR_WIDTH, "");
	for (uint64_t start = lo; i < n && start <= hi; start += width) {
		size_t count = 0;
		while (i < n && v[i] < start + width && v[i] <= hi) {
			count++;
			i++;
		}
		below += count;
		unsigned dark = (unsigned)((count * BAR_WIDTH) / n);
		unsigned cdf = (unsigned)((below * BAR_WIDTH) / n);
		size_t len = 0;
		for (unsigned k = 0; k < cdf || k < dark; k++) {
			/* U+2592 and U+2591 in UTF-8 */
			memcpy(bar + len, k < dark ? "\xe2\x96\x92" : "\xe2\x96\x91", 3);
			len += 3;
		}
		bar[len] = '\0';
		stream_say("%9llu |%s%*s %lu", (unsigned long long)start, bar,
			   (int)(BAR_WIDTH - (cdf > dark ? cdf : dark)), "", (unsigned long)count);
	}
	if (i < n)
		stream_say("  > %-5llu |%*s %lu", (unsigned long long)hi, BAR_WIDTH, "",
			   (unsigned long)(n - i));
}

static uint64_t isqrt128(unsigned __int128 x)
{
	uint64_t r = 0;
	for (int bit = 63; bit >= 0; bit--) {
		uint64_t t = r | (1ull << bit);
		if ((unsigned __int128)t * t <= x)
			r = t;
	}
	return r;
}

/* Prints hundredths as "I.FF". */
static void fixed2(char *out, size_t cap, unsigned __int128 hundredths)
{
	snprintf(out, cap, "%llu.%02u", (unsigned long long)(hundredths / 100),
		 (unsigned)(hundredths % 100));
}

void report_moments_header(void)
{
	stream_say("%-22s %9s %8s %8s %10s %12s %9s %9s", "", "# samples", "min", "max", "mean",
		   "variance", "stddev", "stddev %");
}

void report_moments_row(const char *label, const struct moments *m)
{
	char mean[32] = "n/a", var[40] = "n/a", sd[32] = "n/a", pct[32] = "n/a";

	if (m->n) {
		fixed2(mean, sizeof(mean), ((unsigned __int128)m->sum * 100 + m->n / 2) / m->n);
	}
	if (m->n > 1) {
		/* sample variance = (n sumsq - sum^2) / (n (n-1)), in hundredths */
		unsigned __int128 num = m->n * m->sumsq - (unsigned __int128)m->sum * m->sum;
		unsigned __int128 den = (unsigned __int128)m->n * (m->n - 1);
		fixed2(var, sizeof(var), (num * 100 + den / 2) / den);
		uint64_t sd100 = isqrt128(num * 10000 / den); /* stddev * 100 */
		fixed2(sd, sizeof(sd), sd100);
		if (m->sum)
			snprintf(pct, sizeof(pct), "%llu%%",
				 (unsigned long long)(((unsigned __int128)sd100 * m->n + m->sum / 2) / m->sum));
	}
	stream_say("%-22s %9llu %8llu %8llu %10s %12s %9s %9s", label, (unsigned long long)m->n,
		   (unsigned long long)m->min, (unsigned long long)m->max, mean, var, sd, pct);
}

void report_group_table(uint32_t initial, uint32_t delta, uint32_t size, uint32_t groups,
			const uint64_t *table)
{
	char line[256];

	stream_say("Initial Test size: %lu", (unsigned long)initial);
	stream_say("Delta: %lu", (unsigned long)delta);
	stream_say("Number of Tests / Sample size of Accumulated latency: %lu", (unsigned long)size);
	stream_say("Number of Groups: %lu", (unsigned long)groups);
	stream_say("Accumulated latencies (clock cycles):");
	for (uint32_t row = 0; row < size; row++) {
		size_t len = 0;
		for (uint32_t g = 0; g < groups && len + 24 < sizeof(line); g++)
			len += (size_t)snprintf(line + len, sizeof(line) - len, "%s%llu", g ? " " : "",
						(unsigned long long)table[(size_t)g * size + row]);
		stream_say("%s", line);
	}
}

#define HISTOGRAM_ROWS 16

void report_block(const struct bench *b, const struct block *blk, const struct net_path *path,
		  uint64_t *table, int histogram)
{
	const struct guard_report *g = &blk->trap;
	const char *status = rec_block_status_name[blk->status];
	const char *reason = blk->ctx->reason;

	if (g->kind != GUARD_NONE) {
		stream_say("%s: %s (scause=0x%llx sepc=0x%llx stval=0x%llx): benchmark stopped, run goes on",
			   b->name, g->kind == GUARD_TIMEOUT ? "TIMEOUT: ran past its budget" : "TRAP",
			   (unsigned long long)g->scause, (unsigned long long)g->sepc,
			   (unsigned long long)g->stval);
		return;
	}
	if (!path->n) {
		stream_say("%s: %s, nothing measured%s%s", b->name, status, reason[0] ? ": " : "",
			   reason);
		return;
	}

	struct order_stats st;
	const uint64_t *cycles = net_cycles(blk, table, &st);
	char label[64];
	if (blk->npar) {
		snprintf(label, sizeof(label), "%s[hart %lu of %u in parallel]", b->name,
			 (unsigned long)blk->hart, blk->npar);
		report_kbench_line(label, &st);
	} else if (blk->batch > 1) {
		snprintf(label, sizeof(label), "%s[group %lu, N=%lu, accumulated]", b->name,
			 (unsigned long)blk->group, (unsigned long)blk->batch);
		report_kbench_line(label, &st);
	} else {
		report_kbench_line(b->name, &st);
	}
	int ok = blk->status == REC_STATUS_OK;
	stream_say("  overhead %llu cycles (min of 256 empty samples), warmup %lu%s, instret %llu"
		   " (%lu samples off that path), verify %s%s%s",
		   (unsigned long long)blk->oh.cycles, (unsigned long)blk->warmup,
		   blk->warmup_auto ? (blk->warmup_converged ? " (auto)" : " (auto, did not settle)") : "",
		   (unsigned long long)path->modal, (unsigned long)(path->n - path->modal_count),
		   rec_verify_name[blk->verify], ok ? "" : ", status ", ok ? "" : status);
	uint64_t per_call = emit_work_per_call(b, blk->ctx);
	uint64_t per_sample = per_call * blk->batch;
	if (b->unit && per_sample && st.median) {
		uint64_t hundredths = per_sample * 100 / st.median;
		stream_say("  %llu %s per call: %llu.%02llu %s/cycle at the median",
			   (unsigned long long)per_call, b->unit,
			   (unsigned long long)(hundredths / 100), (unsigned long long)(hundredths % 100),
			   b->unit);
	}
	if (histogram)
		report_histogram(cycles, path->n, HISTOGRAM_ROWS);
}

void report_fatal_trap(uint64_t scause, uint64_t sepc, uint64_t stval)
{
	stream_say("rvbench: TRAP scause=0x%llx sepc=0x%llx stval=0x%llx: run aborted",
		   (unsigned long long)scause, (unsigned long long)sepc, (unsigned long long)stval);
}
