/*
 * `rvbench compare A B`: per benchmark (parameters, group, hart), medians, change in %,
 * a bootstrap CI of the ratio of medians, the Mann-Whitney U test and a
 * verdict (analysis.h). A and B are result directories, or DIR:BENCH for
 * one benchmark each (two benchmarks of one run, say).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "analysis.h"
#include "analysis_report.h"
#include "commands.h"
#include "results_metric.h"
#include "compare_match.h"
#include "context_check.h"
#include "csv_out.h"
#include "lcg.h"
#include "plot_cdf.h"
#include "session.h"

/* params,group,hart of the CSV output (hart empty when not compared). */
static void csv_key(const struct cmp_key *k)
{
	csv_field(stdout, k->params);
	printf(",%llu,", (unsigned long long)k->group);
	if (k->by_hart)
		printf("%llu", (unsigned long long)k->hart);
}

/* bench_a,bench_b,params,group,hart of a CSV row. */
static void csv_row_start(const char *bench, const char *bname, const struct cmp_key *k)
{
	csv_field(stdout, bench);
	putchar(',');
	csv_field(stdout, bname);
	putchar(',');
	csv_key(k);
}

/* One side's context; an older result without meta.json has none. */
static int side_context(const struct cmp_side *s, const char *name, struct run_context *c)
{
	char err[4400];

	if (!s->r.meta_found) {
		memset(c, 0, sizeof(*c));
		return 0;
	}
	if (context_read(s->dir, c, err, sizeof(err))) {
		rvb_error("compare: %s: %s", name, err);
		return -1;
	}
	return 0;
}

/* Warns of every difference between the sides' contexts; with --strict a
 * difference (or a side without a context) is an error. 0: go on. */
static int check_contexts(const struct cmp_side *a, const struct cmp_side *b, int strict)
{
	struct run_context ca, cb;

	if (side_context(a, "A", &ca) || side_context(b, "B", &cb))
		return -1;
	if (context_check(stderr, "compare", &ca, &cb) && strict) {
		rvb_error("compare: --strict: A and B were not measured in the same context: not "
			  "compared");
		return -1;
	}
	return 0;
}

int cmd_compare(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "fail-above", required_argument, NULL, 'F' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "seed", required_argument, NULL, 's' },
		{ "resamples", required_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'f' },
		{ "plot", required_argument, NULL, 'p' },
		{ "strict", no_argument, NULL, 'S' },
		{ "metric", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	double fail_above = -1, alpha = 0.05;
	uint64_t seed = LCG_DEFAULT_SEED;
	unsigned long resamples = 2000;
	const char *format = "text", *plot = NULL;
	char *end;
	int opt, strict = 0;

	optind = 0;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":f:h", lo, NULL)) != -1) {
		errno = 0;
		switch (opt) {
		case 'F':
			fail_above = strtod(optarg, &end);
			if (!*optarg || *end || errno || !(fail_above >= 0)) {
				rvb_error("compare: --fail-above takes a percentage >= 0, not '%s'", optarg);
				return EXIT_ERROR;
			}
			break;
		case 'a':
			alpha = strtod(optarg, &end);
			if (!*optarg || *end || errno || !(alpha > 0 && alpha < 0.5)) {
				rvb_error("compare: --alpha must be between 0 and 0.5, not '%s'", optarg);
				return EXIT_ERROR;
			}
			break;
		case 's':
			seed = strtoull(optarg, &end, 0);
			if (!*optarg || *end || errno || *optarg == '-') {
				rvb_error("compare: --seed takes a number (decimal or 0x hex), not '%s'",
					  optarg);
				return EXIT_ERROR;
			}
			break;
		case 'r':
			resamples = strtoul(optarg, &end, 10);
			if (!*optarg || *end || errno || resamples < 100 || resamples > 1000000) {
				rvb_error("compare: --resamples must be 100 .. 1000000, not '%s'", optarg);
				return EXIT_ERROR;
			}
			break;
		case 'f':
			if (strcmp(optarg, "text") && strcmp(optarg, "csv")) {
				rvb_error("compare: --format must be text or csv, not '%s'", optarg);
				return EXIT_ERROR;
			}
			format = optarg;
			break;
		case 'p':
			plot = optarg;
			break;
		case 'S':
			strict = 1;
			break;
		case 'M': {
			char merr[256];
			if (results_metric_set(optarg, merr, sizeof(merr))) {
				rvb_error("%s: %s", "compare", merr);
				return EXIT_ERROR;
			}
			break;
		}
		case 'h':
			fputs(cmd->help, stdout);
			return 0;
		case ':':
			rvb_error("compare: option %s needs a value", argv[optind - 1]);
			return EXIT_ERROR;
		default:
			rvb_error("compare: unknown option %s (see rvbench compare --help)",
				  argv[optind - 1]);
			return EXIT_ERROR;
		}
	}
	if (argc - optind != 2) {
		rvb_error("compare: needs two arguments A B (see rvbench compare --help)");
		return EXIT_ERROR;
	}
	char err[4400];
	struct cmp_side a, b;
	int status = 0;
	if (cmp_open_side(&a, argv[optind], err, sizeof(err))) {
		rvb_error("compare: A: %s", err);
		cmp_close_side(&a);
		return EXIT_ERROR;
	}
	if (cmp_open_side(&b, argv[optind + 1], err, sizeof(err))) {
		rvb_error("compare: B: %s", err);
		cmp_close_side(&a);
		cmp_close_side(&b);
		return EXIT_ERROR;
	}
	for (int k = 0; k < 2; k++) {
		struct cmp_side *s = k ? &b : &a;
		if (s->r.meta_found && !s->r.complete)
			rvb_error("compare: %s: %s is from an incomplete run: comparing what arrived",
				  k ? "B" : "A", s->dir);
	}
	if (check_contexts(&a, &b, strict)) {
		cmp_close_side(&a);
		cmp_close_side(&b);
		return EXIT_ERROR;
	}
	int csv = !strcmp(format, "csv");
	/* The label column as wide as the widest label (at least 22). */
	int w = 22;
	for (int side = 0; side < 2 && !csv; side++) {
		const struct results *r = side ? &b.r : &a.r;
		for (size_t i = 0; i < r->ns; i++) {
			const struct res_series *s = &r->s[i];
			char label[600];
			int by_hart = cmp_several_harts(&a.r, s->bench, s->params, s->group) ||
				      cmp_several_harts(&b.r, s->bench, s->params, s->group);
			cmp_label(label, sizeof(label), s,
				  a.bench && b.bench ? (side ? a.bench : b.bench) : NULL, s->batch,
				  by_hart);
			if ((int)strlen(label) > w)
				w = (int)strlen(label);
		}
	}
	if (csv)
		fputs("bench_a,bench_b,params,group,hart,batch,count_a,count_b,median_a,median_b,change_pct,"
		      "ratio_ci_lo,ratio_ci_hi,u,p,verdict\r\n", stdout);
	else
		printf("A = %s, B = %s; %g %% CI of median B / median A, %lu bootstrap resamples, "
		       "seed 0x%llx\n%-*s %5s %10s %10s %9s %23s %12s %10s  %s\n",
		       a.arg, b.arg, 100 * (1 - alpha), resamples, (unsigned long long)seed, w, "bench",
		       "group", "median A", "median B", "change", "CI of ratio", "U", "p", "verdict");

	size_t np = 0;
	char **title = calloc(a.r.ns + 1, sizeof(char *));
	uint64_t **pa = calloc(a.r.ns + 1, sizeof(uint64_t *)), **pb = calloc(a.r.ns + 1, sizeof(uint64_t *));
	size_t *pna = calloc(a.r.ns + 1, sizeof(size_t)), *pnb = calloc(a.r.ns + 1, sizeof(size_t));
	if (!title || !pa || !pb || !pna || !pnb) {
		rvb_error("compare: out of memory");
		status = EXIT_ERROR;
	}
	for (size_t i = 0; i < a.r.ns && status != EXIT_ERROR; i++) {
		const struct res_series *s = &a.r.s[i];
		if (a.bench && strcmp(s->bench, a.bench))
			continue;
		const char *bname = b.bench ? b.bench : s->bench;
		struct cmp_key ka = { s->bench, s->params, s->group, s->hart, 0 };
		ka.by_hart = cmp_several_harts(&a.r, s->bench, s->params, s->group) ||
			     cmp_several_harts(&b.r, bname, s->params, s->group);
		struct cmp_key kb = ka;
		kb.bench = bname;
		if (cmp_seen_before(&a.r, i, &ka))
			continue;
		char label[600];
		cmp_label(label, sizeof(label), s, a.bench && b.bench ? bname : NULL, s->batch,
			  ka.by_hart);
		size_t na, nb;
		uint64_t batch_a = 0, batch_b = 0;
		int fa, fb;
		uint64_t *va = cmp_gather(&a.r, &ka, &na, &batch_a, &fa);
		uint64_t *vb = cmp_gather(&b.r, &kb, &nb, &batch_b, &fb);
		struct an_compare c;
		const char *skip = !va || !vb ? "out of memory"
				   : !fb	    ? "only in A: not compared"
				   : batch_a != batch_b ? "different batch sizes: not compared"
				   : !na || !nb		? "no measured samples on one side"
							: NULL;
		if (!skip && an_compare(va, na, vb, nb, (unsigned)resamples, seed, alpha, &c))
			skip = "out of memory";
		if (skip) {
			if (csv) {
				csv_row_start(s->bench, bname, &ka);
				printf(",%llu,%zu,%zu,,,,,,,,%s\r\n", (unsigned long long)batch_a, na, nb,
				       skip);
			} else {
				printf("%-*s %5llu %s\n", w, label, (unsigned long long)s->group, skip);
			}
			if (!strcmp(skip, "out of memory"))
				status = EXIT_ERROR;
			free(va);
			free(vb);
			continue;
		}
		char ch[64], cib[64], pv[64];
		an_fmt(ch, sizeof(ch), c.change_pct, 2);
		an_fmt_interval(cib, sizeof(cib), &c.ratio_ci, 4);
		if (c.mwu.p.na)
			snprintf(pv, sizeof(pv), "n/a (%s)", c.mwu.p.na);
		else if (c.mwu.p.v < 1e-300) /* erfc underflows: say so, not "0" */
			snprintf(pv, sizeof(pv), "<1e-300");
		else
			snprintf(pv, sizeof(pv), "%.4g%s", c.mwu.p.v, c.mwu.exact ? " exact" : "");
		if (csv) {
			csv_row_start(s->bench, bname, &ka);
			printf(",%llu,%zu,%zu,%llu,%llu,", (unsigned long long)batch_a, na, nb,
			       (unsigned long long)c.median_a, (unsigned long long)c.median_b);
			if (!c.change_pct.na)
				printf("%.4f", c.change_pct.v);
			if (c.ratio_ci.na)
				printf(",,");
			else
				printf(",%.6f,%.6f", c.ratio_ci.lo, c.ratio_ci.hi);
			printf(",%.1f,", c.mwu.u);
			if (!c.mwu.p.na)
				printf("%.6g", c.mwu.p.v);
			printf(",%s\r\n", an_verdict_name(c.verdict));
		} else {
			printf("%-*s %5llu %10llu %10llu %8s%s %23s %12.1f %10s  %s\n", w, label,
			       (unsigned long long)s->group, (unsigned long long)c.median_a,
			       (unsigned long long)c.median_b, ch, c.change_pct.na ? "" : "%", cib,
			       c.mwu.u, pv, an_verdict_name(c.verdict));
		}
		if (fail_above >= 0 && c.verdict == AN_SLOWER &&
		    (c.change_pct.na || c.change_pct.v > fail_above)) {
			rvb_error("compare: %s is slower by %s %% (limit %g %%)", label, ch, fail_above);
			status = EXIT_INCOMPLETE;
		}
		if (plot && title) {
			title[np] = strdup(label);
			pa[np] = va;
			pb[np] = vb;
			pna[np] = na;
			pnb[np] = nb;
			np++;
		} else {
			free(va);
			free(vb);
		}
	}
	/* What B has and A lacks. */
	for (size_t i = 0; i < b.r.ns && !a.bench && !b.bench; i++) {
		const struct res_series *s = &b.r.s[i];
		size_t n;
		uint64_t batch;
		int found;
		struct cmp_key k = { s->bench, s->params, s->group, s->hart, 0 };
		k.by_hart = cmp_several_harts(&a.r, s->bench, s->params, s->group) ||
			    cmp_several_harts(&b.r, s->bench, s->params, s->group);
		if (cmp_seen_before(&b.r, i, &k))
			continue;
		free(cmp_gather(&a.r, &k, &n, &batch, &found));
		if (found)
			continue;
		char label[600];
		cmp_label(label, sizeof(label), s, NULL, s->batch, k.by_hart);
		if (csv) {
			csv_field(stdout, s->bench);
			putchar(',');
			csv_field(stdout, s->bench);
			putchar(',');
			csv_key(&k);
			printf(",%llu,,%zu,,,,,,,,only in B: not compared\r\n",
			       (unsigned long long)s->batch, s->n);
		} else {
			printf("%-*s %5llu only in B: not compared\n", w, label,
			       (unsigned long long)s->group);
		}
	}
	if (plot && np && status != EXIT_ERROR) {
		if (plot_cdf_overlay(plot, np, title, pa, pna, pb, pnb, a.arg, b.arg, err, sizeof(err))) {
			rvb_error("compare: %s", err);
			status = EXIT_ERROR;
		} else {
			fprintf(stderr, "rvbench: CDF overlay in %s\n", plot);
		}
	}
	for (size_t i = 0; i < np; i++) {
		free(title[i]);
		free(pa[i]);
		free(pb[i]);
	}
	free(title);
	free(pa);
	free(pb);
	free(pna);
	free(pnb);
	cmp_close_side(&a);
	cmp_close_side(&b);
	return status;
}
