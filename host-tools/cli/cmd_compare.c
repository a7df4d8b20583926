/*
 * `rvbench compare A B`: the options, the checks of the two sides, the CI
 * gate and the exit status. The rows come from compare_table.c (matching,
 * the rank procedure of compare_rank.c, the geometric mean) and are printed
 * by compare_text.c, compare_md.c or compare_csv.c.
 */
#include <errno.h>
#include <getopt.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "commands.h"
#include "metric_option.h"
#include "compare_gate.h"
#include "compare_table.h"
#include "context_check.h"
#include "plot_cdf.h"
#include "session.h"

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

/* The run settings (meta.json's runs[].config) that change what a
 * benchmark measures on the same machine and build: the seed and its rule
 * choose every input (docs/methodology.md: under -icount another seed is
 * another count for any benchmark whose work depends on its data, and
 * the test calls it significant); the counter reads and a parallel run
 * change what is inside an interval. */
static const struct {
	const char *key, *what;
} settings[] = {
	{ "seed", "seed (rvbench.seed: other inputs)" },
	{ "inputs_seed", "input seeding rule" },
	{ "counter", "counter reads (rvbench.counter)" },
	{ "parallel", "parallel run (rvbench.parallel)" },
};
#define NSETTINGS (sizeof(settings) / sizeof(settings[0]))

static int by_text(const void *p, const void *q)
{
	return strcmp((const char *)p, (const char *)q);
}

/* The distinct values of runs[].config.KEY of a side, sorted (two fleets
 * whose runs came in another order hold the same set) and "; "-separated,
 * into buf; "" when no run says (an older result, a merged fleet that did
 * not keep it). */
static void setting_values(json_t *runs, const char *key, char *buf, size_t len)
{
	char val[16][96];
	size_t nv = 0, i;
	json_t *run;
	*buf = 0;
	json_array_foreach(runs, i, run) {
		json_t *v = json_object_get(json_object_get(run, "config"), key);
		char one[96];
		if (json_is_string(v))
			snprintf(one, sizeof(one), "%s", json_string_value(v));
		else if (json_is_boolean(v))
			snprintf(one, sizeof(one), "%s", json_is_true(v) ? "true" : "false");
		else if (json_is_integer(v))
			snprintf(one, sizeof(one), "%lld", (long long)json_integer_value(v));
		else
			continue;
		int seen = 0;
		for (size_t k = 0; k < nv && !seen; k++)
			seen = !strcmp(val[k], one);
		if (!seen && nv < sizeof(val) / sizeof(val[0]))
			memcpy(val[nv++], one, sizeof(one));
		else if (!seen) /* more than that: "..." stands for the rest */
			snprintf(val[nv - 1], sizeof(val[0]), "...");
	}
	qsort(val, nv, sizeof(val[0]), by_text);
	for (size_t k = 0; k < nv; k++) {
		size_t used = strlen(buf);
		snprintf(buf + used, len - used, "%s%s", k ? "; " : "", val[k]);
	}
}

/* Warns of each run setting on which the sides differ (settings[]); a side
 * whose runs do not record it is not judged. Returns how many. */
static unsigned check_settings(const struct cmp_side *a, const struct cmp_side *b)
{
	char path[4300];
	json_error_t je;
	json_t *root[2];
	unsigned n = 0;
	for (int k = 0; k < 2; k++) {
		snprintf(path, sizeof(path), "%s/meta.json", k ? b->dir : a->dir);
		root[k] = json_load_file(path, 0, &je); /* NULL: none, not judged */
	}
	for (size_t i = 0; i < NSETTINGS; i++) {
		char va[512], vb[512];
		setting_values(json_object_get(root[0], "runs"), settings[i].key, va, sizeof(va));
		setting_values(json_object_get(root[1], "runs"), settings[i].key, vb, sizeof(vb));
		if (*va && *vb && strcmp(va, vb)) {
			fprintf(stderr, "rvbench: compare: warning: different %s: A %s, B %s\n",
				settings[i].what, va, vb);
			n++;
		}
	}
	json_decref(root[0]);
	json_decref(root[1]);
	return n;
}

/* Warns of every difference between the sides' contexts and run settings;
 * with --strict a difference (or a side without a context) is an error.
 * 0: go on. */
static int check_contexts(const struct cmp_side *a, const struct cmp_side *b, int strict)
{
	struct run_context ca, cb;

	if (side_context(a, "A", &ca) || side_context(b, "B", &cb))
		return -1;
	unsigned n = context_check(stderr, "compare", &ca, &cb);
	n += check_settings(a, b);
	if (n && strict) {
		rvb_error("compare: --strict: A and B were not measured in the same context: not "
			  "compared");
		return -1;
	}
	return 0;
}

/* 1 when series x of side k (0 A, 1 B) is pooled into a row of t: the
 * row's own series of that side is x's key (compare_table.c's key_of). */
static int in_a_row(const struct cmp_table *t, int k, const struct res_series *x)
{
	for (size_t i = 0; i < t->n; i++) {
		const struct cmp_row *r = &t->row[i];
		const struct res_series *s = k ? r->sb : r->sa;
		if (!s)
			continue;
		struct cmp_key key = { s->bench, s->params, s->group, s->hart, s->batch, r->by_hart };
		if (cmp_matches(x, &key))
			return 1;
	}
	return 0;
}

/* The blocks of side s (k: 0 A, 1 B) that are not whole and are in no row
 * of t: those without a measured sample (a fault before the first sample;
 * a skipped block is none), and with DIR:BENCH a block of that benchmark
 * the table does not list (B's series A has no partner for). A row marks
 * its own (cmp_row's incomplete); these the gate names here. 1 when there
 * is one. */
static int unseen_problems(const struct cmp_table *t, const struct cmp_side *s, int k,
			   const struct cmp_problems *pr, const char *name)
{
	int any = 0;
	for (size_t i = 0; i < pr->n; i++) {
		const struct cmp_problem *p = &pr->p[i];
		int seen = 0;
		/* Skipped: nothing to measure there, no failure of this side. */
		if (p->skipped || (s->bench && strcmp(s->bench, p->bench)))
			continue;
		for (size_t j = 0; j < s->r.ns && !seen; j++)
			seen = s->r.s[j].block == p->block && !strcmp(s->r.s[j].run, p->run) &&
			       in_a_row(t, k, &s->r.s[j]);
		if (seen)
			continue;
		rvb_error("compare: gate: %s: %s (block %lld of run %s) is incomplete (%s)", name,
			  p->bench, (long long)p->block, p->run, p->why);
		any = 1;
	}
	return any;
}

/* What the gate --fail-above PCT refuses, each said on stderr: a slowdown
 * above PCT or a row with too few samples to decide (cmp_row_gate), a
 * benchmark of A that B lacks or that could not be compared, a block that is not whole on either side (with samples or without), a
 * side from an incomplete run. 1 when the gate fails. */
static int gate(const struct cmp_table *t, const struct cmp_side *a, const struct cmp_side *b,
		const struct cmp_problems *pa, const struct cmp_problems *pb, double pct)
{
	int fail = unseen_problems(t, a, 0, pa, "A");
	fail |= unseen_problems(t, b, 1, pb, "B");
	for (int k = 0; k < 2; k++) {
		const struct cmp_side *s = k ? b : a;
		if (s->r.meta_found && !s->r.complete) {
			rvb_error("compare: gate: %s (%s) is from an incomplete run", k ? "B" : "A",
				  s->dir);
			fail = 1;
		}
	}
	for (size_t i = 0; i < t->n; i++) {
		const struct cmp_row *r = &t->row[i];
		const char *p = *r->params ? r->params : "";
		const char *sp = *p ? " " : ""; /* no double space without params */
		if (r->kind == CMP_ONLY_A) {
			rvb_error("compare: gate: %s%s%s is missing from B", r->bench, sp, p);
			fail = 1;
		} else if (r->kind == CMP_SKIPPED && !r->a_skipped) {
			rvb_error("compare: gate: %s%s%s: %s", r->bench, sp, p, r->why);
			fail = 1;
		}
		if (r->incomplete) {
			rvb_error("compare: gate: %s%s%s is incomplete (%s)", r->bench, sp, p,
				  r->incomplete);
			fail = 1;
		}
		char why[160];
		if (cmp_row_gate(r, pct, why, sizeof(why))) {
			rvb_error("compare: %s%s%s %s", r->bench, sp, p, why);
			fail = 1;
		}
	}
	return fail;
}

/* A panel's title: the row's bench column and its params. Returns a
 * malloc'd string or NULL. */
static char *panel_title(const struct cmp_row *r)
{
	char *t;
	if (asprintf(&t, *r->params ? "%s [%s]" : "%s%s", r->bench, r->params) < 0)
		return NULL;
	return t;
}

/* A side as the figure's title names it: as given (DIR, DIR:BENCH, the
 * baseline's directory) and what measured it, from meta.json
 * (results_csv.h's machine: the model, QEMU and its -icount or the clock,
 * the device), so that the two curves are not read as of one machine. */
static void side_label(char *buf, size_t len, const struct cmp_side *s)
{
	snprintf(buf, len, *s->r.machine ? "%s (%s)" : "%s", s->arg, s->r.machine);
}

/* compare --plot: the two CDFs of every compared row. */
static int draw(const struct cmp_table *t, const char *file, const struct cmp_side *a,
		const struct cmp_side *b)
{
	char err[4400], **title = calloc(t->n + 1, sizeof(char *));
	uint64_t **pa = calloc(t->n + 1, sizeof(uint64_t *)), **pb = calloc(t->n + 1, sizeof(uint64_t *));
	size_t *na = calloc(t->n + 1, sizeof(size_t)), *nb = calloc(t->n + 1, sizeof(size_t)), np = 0;
	int rc = -1;
	if (title && pa && pb && na && nb) {
		for (size_t i = 0; i < t->n; i++) {
			const struct cmp_row *r = &t->row[i];
			if (r->kind != CMP_COMPARED)
				continue;
			if (!(title[np] = panel_title(r)))
				break;
			pa[np] = r->va;
			pb[np] = r->vb;
			na[np] = r->na;
			nb[np] = r->nb;
			np++;
		}
		/* What each side counted (instr under -icount): sides that
		 * counted different things are compared all the same, with a
		 * warning (context_check.h), and the axis says what each is. */
		char unit[160];
		const char *ua = res_unit(&a->r), *ub = res_unit(&b->r);
		snprintf(unit, sizeof(unit), strcmp(ua, ub) ? "%s (A), %s (B)" : "%s", ua, ub);
		char la[4800], lb[4800];
		side_label(la, sizeof(la), a);
		side_label(lb, sizeof(lb), b);
		if (plot_cdf_overlay_unit(file, np, title, pa, na, pb, nb, la, lb, unit, err,
					  sizeof(err)))
			rvb_error("compare: %s", err);
		else
			rc = 0;
	} else {
		rvb_error("compare: out of memory");
	}
	for (size_t i = 0; i < np; i++)
		free(title[i]);
	free(title);
	free(pa);
	free(pb);
	free(na);
	free(nb);
	if (!rc)
		fprintf(stderr, "rvbench: CDF overlay in %s\n", file);
	return rc;
}

/* Does some block of side s (of its benchmark, with DIR:BENCH) have the
 * parameter name? A --by that none
 * has would only give the comparison without it, silently. */
static int has_param(const struct cmp_side *s, const char *name)
{
	char v[128];

	for (size_t i = 0; i < s->r.ns; i++)
		if ((!s->bench || !strcmp(s->bench, s->r.s[i].bench)) &&
		    res_param(s->r.s[i].params, name, v, sizeof(v)))
			return 1;
	return 0;
}

/* DIR:BENCH on one side only (A B:udiv): the other side's benchmark of
 * that name, so that its rows, its gate (blocks of other benchmarks that
 * are not whole) and --by read that benchmark alone, as with A:udiv B:udiv;
 * never every benchmark of the other side that has udiv's parameters,
 * under its own name. s is the side without BENCH, pr its problems.
 * 0, or -1 (said) when s has no block of that name. */
static int same_bench(struct cmp_side *s, const struct cmp_problems *pr, const char *bench,
		      const char *name)
{
	int found = 0;
	for (size_t i = 0; i < s->r.ns && !found; i++)
		found = !strcmp(s->r.s[i].bench, bench);
	for (size_t i = 0; i < pr->n && !found; i++)
		found = !strcmp(pr->p[i].bench, bench); /* skipped or failed before a sample */
	if (!found) {
		rvb_error("compare: %s: no benchmark '%s' in %s/samples.csv", name, bench, s->dir);
		return -1;
	}
	/* Points into the other side's dir, which cmp_close_side frees; s's
	 * own close only clears the pointer. */
	s->bench = (char *)bench;
	return 0;
}

int cmd_compare(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "fail-above", required_argument, NULL, 'F' },
		{ "alpha", required_argument, NULL, 'a' },
		{ "by", required_argument, NULL, 'B' },
		{ "baseline", required_argument, NULL, 'L' },
		{ "format", required_argument, NULL, 'f' },
		{ "plot", required_argument, NULL, 'p' },
		{ "strict", no_argument, NULL, 'S' },
		{ "metric", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	double fail_above = -1, alpha = 0.05;
	const char *format = "text", *plot = NULL, *by = NULL, *baseline = NULL;
	char *end, base_dir[4200];
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
		case 'B':
			if (!*optarg || strchr(optarg, '=') || strchr(optarg, ';')) {
				rvb_error("compare: --by takes a parameter name, not '%s'", optarg);
				return EXIT_ERROR;
			}
			by = optarg;
			break;
		case 'L':
			baseline = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "text") && strcmp(optarg, "csv") && strcmp(optarg, "md")) {
				rvb_error("compare: --format must be text, md or csv, not '%s'", optarg);
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
		case 'M':
			if (metric_option("compare", optarg))
				return EXIT_ERROR;
			break;
		default:
			return opt_end(cmd, opt, argv);
		}
	}
	const char *arg_a, *arg_b;
	char err[4400];
	if (baseline) {
		if (argc - optind > 1) {
			rvb_error("compare: with --baseline, one DIR (default %s/latest)", BASELINE_RESULTS_ROOT);
			return EXIT_ERROR;
		}
		if (baseline_path(baseline, base_dir, sizeof(base_dir), err, sizeof(err))) {
			rvb_error("compare: %s", err);
			return EXIT_ERROR;
		}
		arg_a = base_dir;
		arg_b = argc > optind ? argv[optind] : BASELINE_RESULTS_ROOT "/latest";
	} else if (argc - optind != 2) {
		rvb_error("compare: needs two arguments A B, or --baseline NAME [DIR] (see rvbench "
			  "compare --help)");
		return EXIT_ERROR;
	} else {
		arg_a = argv[optind];
		arg_b = argv[optind + 1];
	}

	struct cmp_side a, b;
	struct cmp_problems pa = { 0 }, pb = { 0 };
	struct cmp_table t = { 0 };
	int status = EXIT_ERROR;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	if (cmp_open_side(&a, arg_a, err, sizeof(err)) ||
	    cmp_problems_load(a.dir, &pa, err, sizeof(err))) {
		rvb_error("compare: A: %s", err);
		goto out;
	}
	if (cmp_open_side(&b, arg_b, err, sizeof(err)) ||
	    cmp_problems_load(b.dir, &pb, err, sizeof(err))) {
		rvb_error("compare: B: %s", err);
		goto out;
	}
	if (!a.bench != !b.bench && same_bench(a.bench ? &b : &a, a.bench ? &pb : &pa,
					       a.bench ? a.bench : b.bench, a.bench ? "B" : "A"))
		goto out;
	for (int k = 0; k < 2; k++) {
		struct cmp_side *s = k ? &b : &a;
		if (s->r.meta_found && !s->r.complete)
			rvb_error("compare: %s: %s is from an incomplete run: comparing what arrived",
				  k ? "B" : "A", s->dir);
	}
	if (check_contexts(&a, &b, strict))
		goto out;
	if (by && !has_param(&a, by) && !has_param(&b, by)) {
		rvb_error("compare: --by %s: no block of A or B has that parameter (see the "
			  "p.NAME columns of summary.csv)", by);
		goto out;
	}
	if (cmp_table_build(&a, &b, &pa, &pb, alpha, by, &t)) {
		rvb_error("compare: out of memory");
		goto out;
	}
	int wr = !strcmp(format, "csv")  ? cmp_print_csv(stdout, &t)
		 : !strcmp(format, "md") ? cmp_print_md(stdout, &t, a.arg, b.arg)
					 : cmp_print_text(stdout, &t, a.arg, b.arg);
	if (wr || fflush(stdout)) {
		rvb_error("compare: cannot write the table: %s", strerror(errno));
		goto out;
	}
	if (!t.compared) {
		/* --by pairs series that differ in a parameter: a hint only
		 * where series went unpaired, not where they were paired and
		 * could not be compared (batch sizes, no samples). */
		int unpaired = 0;
		for (size_t i = 0; i < t.n; i++)
			unpaired |= t.row[i].kind == CMP_ONLY_A || t.row[i].kind == CMP_ONLY_B;
		rvb_error("compare: nothing compared: %s%s",
			  unpaired ? "no benchmark of A has a partner in B"
				   : "no pair of A and B could be compared (see the rows)",
			  unpaired && !by ? " (runs that differ in a parameter: --by PARAM)" : "");
		goto out;
	}
	if (plot && draw(&t, plot, &a, &b))
		goto out;
	status = fail_above >= 0 && gate(&t, &a, &b, &pa, &pb, fail_above) ? EXIT_INCOMPLETE : 0;
out:
	cmp_table_free(&t);
	cmp_problems_free(&pa);
	cmp_problems_free(&pb);
	cmp_close_side(&a);
	cmp_close_side(&b);
	return status;
}
