/*
 * `rvbench compare A B`: per benchmark (and group), medians, change in %,
 * a bootstrap CI of the ratio of medians, the Mann-Whitney U test and a
 * verdict (analysis.h). A and B are result directories, or DIR:BENCH for
 * one benchmark each (two benchmarks of one run, say).
 */
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "analysis.h"
#include "analysis_report.h"
#include "lcg.h"
#include "session.h"

static const char usage_compare[] =
	"usage: rvbench compare [OPTIONS] A B\n"
	"\n"
	"Compare the measured cycles of A (baseline) and B, per benchmark and group.\n"
	"A and B are result directories, or DIR:BENCH to compare one benchmark\n"
	"with another. Verdict: faster or slower when the Mann-Whitney test is\n"
	"significant and the bootstrap CI of the ratio of medians excludes 1.\n"
	"\n"
	"      --fail-above PCT exit 1 if a benchmark is significantly slower by\n"
	"                       more than PCT % (a CI gate)\n"
	"      --alpha A        significance level (default 0.05: 95 % CI)\n"
	"      --seed X         bootstrap LCG seed (default 0x5256424e43480001)\n"
	"      --resamples N    bootstrap resamples (default 2000)\n"
	"  -f, --format FMT     text (default) or csv\n"
	"      --plot FILE      also draw the two CDFs per benchmark (.png or .svg)\n"
	"  -h, --help           this help\n"
	"Exit status: 0 compared, 1 --fail-above tripped, 2 an error.\n";

struct side {
	const char *arg;
	char *dir, *bench; /* bench NULL: every benchmark */
	struct results r;
};

static int open_side(struct side *s, const char *arg, char *err, size_t errlen)
{
	struct stat st;
	memset(s, 0, sizeof(*s));
	s->arg = arg;
	s->dir = strdup(arg);
	if (!s->dir)
		return -1;
	char *colon = strrchr(s->dir, ':');
	if (stat(arg, &st) && colon) { /* not a path: DIR:BENCH */
		*colon = 0;
		s->bench = colon + 1;
	}
	if (results_load(s->dir, &s->r, err, errlen))
		return -1;
	if (s->bench) {
		int found = 0;
		for (size_t i = 0; i < s->r.ns; i++)
			found |= !strcmp(s->r.s[i].bench, s->bench);
		if (!found) {
			snprintf(err, errlen, "no benchmark '%s' in %s/samples.csv", s->bench, s->dir);
			return -1;
		}
	}
	return 0;
}

/* All measured cycles of bench (all runs) in group; *batch of the first. */
static uint64_t *gather(const struct results *r, const char *bench, uint64_t group, size_t *n,
			uint64_t *batch, int *found)
{
	uint64_t *v = NULL;
	*n = 0;
	*found = 0;
	for (size_t i = 0; i < r->ns; i++) {
		const struct res_series *s = &r->s[i];
		if (strcmp(s->bench, bench) || s->group != group)
			continue;
		if (!*found)
			*batch = s->batch;
		*found = 1;
		uint64_t *nv = realloc(v, (*n + s->n + 1) * sizeof(*v));
		if (!nv) {
			free(v);
			return NULL;
		}
		v = nv;
		memcpy(v + *n, s->cycles, s->n * sizeof(*v));
		*n += s->n;
	}
	if (!v)
		v = malloc(sizeof(*v));
	return v;
}

static int seen_before(const struct results *r, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(r->s[k].bench, r->s[i].bench) && r->s[k].group == r->s[i].group)
			return 1;
	return 0;
}

int cmd_compare(int argc, char **argv)
{
	static const struct option lo[] = {
		{ "fail-above", required_argument, NULL, 'F' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "seed", required_argument, NULL, 's' },
		{ "resamples", required_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'f' },
		{ "plot", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	double fail_above = -1, alpha = 0.05;
	uint64_t seed = LCG_DEFAULT_SEED;
	unsigned long resamples = 2000;
	const char *format = "text", *plot = NULL;
	char *end;
	int opt;

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
		case 'h':
			fputs(usage_compare, stdout);
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
	struct side a, b;
	int status = 0;
	if (open_side(&a, argv[optind], err, sizeof(err))) {
		rvb_error("compare: A: %s", err);
		results_free(&a.r);
		free(a.dir);
		return EXIT_ERROR;
	}
	if (open_side(&b, argv[optind + 1], err, sizeof(err))) {
		rvb_error("compare: B: %s", err);
		results_free(&a.r);
		results_free(&b.r);
		free(a.dir);
		free(b.dir);
		return EXIT_ERROR;
	}
	for (int k = 0; k < 2; k++) {
		struct side *s = k ? &b : &a;
		if (s->r.meta_found && !s->r.complete)
			rvb_error("compare: %s: %s is from an incomplete run: comparing what arrived",
				  k ? "B" : "A", s->dir);
	}
	int csv = !strcmp(format, "csv");
	if (csv)
		fputs("bench_a,bench_b,group,batch,count_a,count_b,median_a,median_b,change_pct,"
		      "ratio_ci_lo,ratio_ci_hi,u,p,verdict\r\n", stdout);
	else
		printf("A = %s, B = %s; %g %% CI of median B / median A, %lu bootstrap resamples, "
		       "seed 0x%llx\n%-22s %5s %10s %10s %9s %23s %12s %10s  %s\n",
		       a.arg, b.arg, 100 * (1 - alpha), resamples, (unsigned long long)seed, "bench",
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
		if ((a.bench && strcmp(s->bench, a.bench)) || seen_before(&a.r, i))
			continue;
		const char *bname = b.bench ? b.bench : s->bench;
		char label[300];
		int n0 = snprintf(label, sizeof(label), a.bench && b.bench ? "%s vs %s" : "%s", s->bench,
				  bname);
		if ((s->group || s->batch > 1) && n0 > 0 && (size_t)n0 < sizeof(label))
			snprintf(label + n0, sizeof(label) - (size_t)n0, " g%llu N=%llu",
				 (unsigned long long)s->group, (unsigned long long)s->batch);
		size_t na, nb;
		uint64_t batch_a = 0, batch_b = 0;
		int fa, fb;
		uint64_t *va = gather(&a.r, s->bench, s->group, &na, &batch_a, &fa);
		uint64_t *vb = gather(&b.r, bname, s->group, &nb, &batch_b, &fb);
		struct an_compare c;
		const char *skip = !va || !vb ? "out of memory"
				   : !fb	    ? "only in A: not compared"
				   : batch_a != batch_b ? "different batch sizes: not compared"
				   : !na || !nb		? "no measured samples on one side"
							: NULL;
		if (!skip && an_compare(va, na, vb, nb, (unsigned)resamples, seed, alpha, &c))
			skip = "out of memory";
		if (skip) {
			if (csv)
				printf("%s,%s,%llu,%llu,%zu,%zu,,,,,,,,%s\r\n", s->bench, bname,
				       (unsigned long long)s->group, (unsigned long long)batch_a, na, nb,
				       skip);
			else
				printf("%-22s %5llu %s\n", label, (unsigned long long)s->group, skip);
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
			printf("%s,%s,%llu,%llu,%zu,%zu,%llu,%llu,", s->bench, bname,
			       (unsigned long long)s->group, (unsigned long long)batch_a, na, nb,
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
			printf("%-22s %5llu %10llu %10llu %8s%s %23s %12.1f %10s  %s\n", label,
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
		if (seen_before(&b.r, i))
			continue;
		free(gather(&a.r, s->bench, s->group, &n, &batch, &found));
		if (found)
			continue;
		if (csv)
			printf("%s,%s,%llu,%llu,,%zu,,,,,,,,only in B: not compared\r\n", s->bench,
			       s->bench, (unsigned long long)s->group, (unsigned long long)s->batch, s->n);
		else
			printf("%-22s %5llu only in B: not compared\n", s->bench,
			       (unsigned long long)s->group);
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
	results_free(&a.r);
	results_free(&b.r);
	free(a.dir);
	free(b.dir);
	return status;
}
