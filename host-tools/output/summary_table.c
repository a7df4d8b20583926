/* The one-screen table of a run (summary_table.h). The numbers are those
 * of summary.csv; the order statistics here are per sample, the value per
 * call is the median divided by the calls in a sample. */
#include "summary_table.h"

#include <stdlib.h>
#include <string.h>

#include "csv_out.h"

#define CELL 96

/* One block as its row sees it. */
struct row {
	const struct coll_run *r;
	const struct coll_bench *b;
	struct coll_bench_stats st;
	const char *unit;
};

/* One column: its heading, left or right aligned, the text of its cell,
 * and whether the run needs it (NULL: always). */
struct column {
	const char *head;
	int left;
	void (*cell)(char *buf, const struct row *x);
	int (*wanted)(const struct coll_run *r);
};

/* Names and parameters come from the stream: nothing that moves the
 * cursor reaches the terminal. */
static void printable(char *buf, const char *s)
{
	size_t n = 0;
	for (; *s && n < CELL - 1; s++)
		buf[n++] = (unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s;
	buf[n] = 0;
}

static void cell_bench(char *buf, const struct row *x)
{
	char nb[16];
	printable(buf, csv_bench_name(x->b, nb, sizeof(nb)));
}

/* "size=4096 impl=1": the parameters as the firmware's options spell them. */
static void cell_params(char *buf, const struct row *x)
{
	char *p = csv_bench_params(x->b);
	for (char *q = p; *q; q++)
		if (*q == ';')
			*q = ' ';
	printable(buf, *p ? p : "-");
	free(p);
}

static void cell_u64(char *buf, uint64_t v)
{
	snprintf(buf, CELL, "%llu", (unsigned long long)v);
}

static void cell_hart(char *buf, const struct row *x)
{
	cell_u64(buf, x->b->hart);
}

static void cell_group(char *buf, const struct row *x)
{
	cell_u64(buf, x->b->group);
}

static void cell_count(char *buf, const struct row *x)
{
	cell_u64(buf, x->st.count);
}

static void cell_calls(char *buf, const struct row *x)
{
	cell_u64(buf, x->st.batch);
}

/* A statistic, or "-" for a block without a measured sample. */
#define STAT_CELL(NAME)                                          \
	static void cell_##NAME(char *buf, const struct row *x)  \
	{                                                        \
		if (x->st.count)                                 \
			cell_u64(buf, x->st.NAME);               \
		else                                             \
			snprintf(buf, CELL, "-");                \
	}
STAT_CELL(min)
STAT_CELL(median)
STAT_CELL(p99)
STAT_CELL(mad)

static void cell_per_call(char *buf, const struct row *x)
{
	if (x->st.count)
		coll_fmt_per_call(buf, CELL, x->st.median, x->st.batch);
	else
		snprintf(buf, CELL, "-");
}

/* The counters' unit, or what a self-timed block said its samples count
 * (timer_irq_ticks: tick). */
static void cell_unit(char *buf, const struct row *x)
{
	if (x->st.count && x->b->sample_unit)
		printable(buf, x->b->sample_unit);
	else
		snprintf(buf, CELL, "%s", x->st.count ? x->unit : "");
}

static void cell_status(char *buf, const struct row *x)
{
	printable(buf, summary_status(x->b));
}

/* per_call units of work over the cycles of one call (summary.csv's
 * units_per_cycle), e.g. "3.2953 byte/cycle". */
static void cell_work(char *buf, const struct row *x)
{
	const struct coll_bench *b = x->b;
	char unit[CELL], per[CELL];

	buf[0] = 0;
	if (!b->unit || !b->have_per_call || !x->st.count || !x->st.median)
		return;
	printable(unit, b->unit);
	if (b->sample_unit)
		printable(per, b->sample_unit);
	else
		snprintf(per, CELL, "%s", strcmp(x->unit, "instr") ? "cycle" : "instr");
	snprintf(buf, CELL, "%.4Lf %.24s/%.16s",
		 (long double)b->per_call * (long double)x->st.batch / (long double)x->st.median,
		 unit, per);
}

static int several_harts(const struct coll_run *r)
{
	for (size_t i = 1; i < r->nbench; i++)
		if (r->bench[i].hart != r->bench[0].hart)
			return 1;
	return 0;
}

static int has_groups(const struct coll_run *r)
{
	for (size_t i = 0; i < r->nbench; i++)
		if (r->bench[i].group)
			return 1;
	return 0;
}

static int has_batches(const struct coll_run *r)
{
	for (size_t i = 0; i < r->nbench; i++)
		if (r->bench[i].have_header && r->bench[i].batch > 1)
			return 1;
	return 0;
}

static int has_work(const struct coll_run *r)
{
	for (size_t i = 0; i < r->nbench; i++)
		if (r->bench[i].unit && r->bench[i].have_per_call)
			return 1;
	return 0;
}

/* The table. A new column (a PMU event, say) is one more line here. */
static const struct column columns[] = {
	{ "benchmark", 1, cell_bench, NULL },
	{ "params", 1, cell_params, NULL },
	{ "hart", 0, cell_hart, several_harts },
	{ "group", 0, cell_group, has_groups },
	{ "count", 0, cell_count, NULL },
	{ "calls", 0, cell_calls, has_batches },
	{ "min", 0, cell_min, NULL },
	{ "median", 0, cell_median, NULL },
	{ "p99", 0, cell_p99, NULL },
	{ "mad", 0, cell_mad, NULL },
	{ "per call", 0, cell_per_call, NULL },
	{ "unit", 1, cell_unit, NULL },
	{ "status", 1, cell_status, NULL },
	{ "work", 1, cell_work, has_work },
};
#define NCOL (sizeof(columns) / sizeof(columns[0]))

const char *summary_unit(int icount)
{
	return icount ? "instr" : "cycles";
}

const char *summary_status(const struct coll_bench *b)
{
	if (!b->have_end)
		return "incomplete";
	if (b->status[0])
		return b->status;
	/* END without status= (older firmware): its verify says it all. */
	return strcmp(b->verify, "fail") ? "ok" : "verify-failed";
}

static int print_line(FILE *f, char (*cell)[CELL], const int *shown, const size_t *width)
{
	char line[NCOL * (CELL + 2) + 1];
	size_t n = 0;

	for (size_t c = 0; c < NCOL; c++) {
		if (!shown[c])
			continue;
		int w = (int)width[c];
		n += (size_t)snprintf(line + n, sizeof(line) - n, "%s%*s", n ? "  " : "",
				      columns[c].left ? -w : w, cell[c]);
	}
	while (n && line[n - 1] == ' ') /* no trailing blanks */
		n--;
	line[n] = 0;
	return fprintf(f, "%s\n", line) < 0 ? -1 : 0;
}

int summary_table_print(FILE *f, const struct coll_run *r, int icount)
{
	int shown[NCOL];
	size_t width[NCOL];
	char head[NCOL][CELL], (*cells)[NCOL][CELL] = NULL;
	int rc = 0;

	for (size_t c = 0; c < NCOL; c++) {
		shown[c] = !columns[c].wanted || columns[c].wanted(r);
		snprintf(head[c], CELL, "%s", columns[c].head);
		width[c] = strlen(head[c]);
	}
	if (r->nbench)
		cells = coll_xrealloc(NULL, r->nbench * sizeof(*cells));
	for (size_t i = 0; i < r->nbench; i++) {
		struct row x = { r, &r->bench[i], { 0 }, summary_unit(icount) };
		coll_bench_stats(r, x.b, &x.st);
		for (size_t c = 0; c < NCOL; c++) {
			columns[c].cell(cells[i][c], &x);
			if (strlen(cells[i][c]) > width[c])
				width[c] = strlen(cells[i][c]);
		}
	}
	if (print_line(f, head, shown, width))
		rc = -1;
	for (size_t i = 0; !rc && i < r->nbench; i++)
		if (print_line(f, cells[i], shown, width))
			rc = -1;
	free(cells);
	if (rc)
		return -1;
	/* What the numbers are, once, under the table. */
	if (fprintf(f, "unit: %s\n",
		    icount ? "instr, QEMU -icount's emulated instruction counts, not cycles of a machine"
			   : "cycles, as the cycle counter (rdcycle) read them") < 0)
		return -1;
	if (has_batches(r) &&
	    fprintf(f, "min, median, p99, mad: per sample of `calls` calls; per call = median / calls\n") < 0)
		return -1;
	return 0;
}
