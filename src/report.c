#include "report.h"

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

void moments_add(struct moments *m, uint64_t v)
{
	if (!m->n || v < m->min)
		m->min = v;
	if (!m->n || v > m->max)
		m->max = v;
	m->n++;
	m->sum += v;
	m->sumsq += (unsigned __int128)v * v;
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
