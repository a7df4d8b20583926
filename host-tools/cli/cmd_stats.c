/* `rvbench stats DIR`: the statistics of a result directory, as text or as
 * an export (analysis_report.h, export.h). */
#include <errno.h>
#include <fnmatch.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_report.h"
#include "export.h"
#include "commands.h"
#include "unmeasured.h"
#include "metric_option.h"
#include "output_file.h"
#include "session.h"

/* A number in (lo, hi), strictly parsed. */
static int parse_double(const char *s, double lo, double hi, double *out)
{
	char *end;
	errno = 0;
	double v = strtod(s, &end);
	if (!*s || errno || *end || !(v > lo && v < hi))
		return -1;
	*out = v;
	return 0;
}

/* What stats writes: the report or an export of r in format. */
struct stats_out {
	const char *format;
	const struct results *r;
	const struct an_opts *o;
};

/* afile_writer of stats_out. */
static int write_stats(FILE *f, void *ctx)
{
	const struct stats_out *s = ctx;
	if (!strcmp(s->format, "csv"))
		return export_csv(f, s->r, s->o);
	if (!strcmp(s->format, "json"))
		return export_json(f, s->r, s->o);
	if (!strcmp(s->format, "gbench-json"))
		return export_gbench(f, s->r, s->o);
	return an_report_results(f, s->r, s->o);
}

/* Does glob pattern bench name a benchmark of r? */
static int matches_any(const struct results *r, const char *bench)
{
	for (size_t i = 0; i < r->ns; i++)
		if (!fnmatch(bench, r->s[i].bench, 0))
			return 1;
	return 0;
}

int cmd_stats(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "output", required_argument, NULL, 'o' },
		{ "level", required_argument, NULL, 'l' },
		{ "kanata-level", required_argument, NULL, 'k' },
		{ "target", required_argument, NULL, 'e' },
		{ "windows", required_argument, NULL, 'w' },
		{ "mhz", required_argument, NULL, 'm' },
		{ "metric", required_argument, NULL, 'M' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	struct an_opts o = AN_OPTS_DEFAULT;
	const char *format = "text", *out = NULL;
	double w;
	int opt;

	optind = 0;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":f:o:h", lo, NULL)) != -1) {
		switch (opt) {
		case 'f':
			format = optarg;
			if (strcmp(format, "text") && strcmp(format, "csv") && strcmp(format, "json") &&
			    strcmp(format, "gbench-json")) {
				rvb_error("stats: --format must be text, csv, json or gbench-json, not '%s'",
					  optarg);
				return EXIT_ERROR;
			}
			break;
		case 'o':
			out = optarg;
			break;
		case 'l':
		case 'k':
			if (parse_double(optarg, 0, 1, opt == 'l' ? &o.level : &o.kanata_level)) {
				rvb_error("stats: a confidence level is a number between 0 and 1, not '%s'",
					  optarg);
				return EXIT_ERROR;
			}
			break;
		case 'e':
			if (parse_double(optarg, 0, 1, &o.target_e)) {
				rvb_error("stats: --target is a fraction between 0 and 1, not '%s'", optarg);
				return EXIT_ERROR;
			}
			break;
		case 'w':
			if (parse_double(optarg, 1, 10001, &w) || w != (double)(size_t)w) {
				rvb_error("stats: --windows is a whole number from 2 to 10000, not '%s'",
					  optarg);
				return EXIT_ERROR;
			}
			o.windows = (size_t)w;
			break;
		case 'm':
			if (parse_double(optarg, 0, 1e9, &o.mhz)) {
				rvb_error("stats: --mhz must be a positive number, not '%s'", optarg);
				return EXIT_ERROR;
			}
			break;
		case 'M':
			if (metric_option("stats", optarg))
				return EXIT_ERROR;
			break;
		default:
			return opt_end(cmd, opt, argv);
		}
	}
	if (argc - optind > 2) {
		rvb_error("stats: DIR and BENCH at most (see rvbench stats --help)");
		return EXIT_ERROR;
	}
	/* Without DIR, the latest collection's. */
	const char *dir = optind < argc ? argv[optind] : "results/latest";
	if (optind + 1 < argc) {
		if (strcmp(format, "text")) {
			rvb_error("stats: BENCH selects in the text report only");
			return EXIT_ERROR;
		}
		o.bench = argv[optind + 1];
	}
	char err[4400];
	struct results r;
	if (results_load(dir, &r, err, sizeof(err))) {
		rvb_error("stats: %s", err);
		return EXIT_ERROR;
	}
	int status = 0;
	if (o.bench && !matches_any(&r, o.bench)) {
		/* As plot -b and compare DIR:BENCH: a name that selects nothing
		 * is a mistake, not an empty report; one whose blocks all ended
		 * without a sample is named with how they ended. */
		char why[1200];
		if (unmeasured_why(dir, o.bench, why, sizeof(why)))
			rvb_error("stats: '%s' has no measured sample: %s", o.bench, why);
		else
			rvb_error("stats: no benchmark of %s matches '%s'", dir, o.bench);
		results_free(&r);
		return EXIT_ERROR;
	}
	if (!r.meta_found) {
		rvb_error("stats: %s/meta.json missing: cannot tell whether the run was complete", dir);
	} else if (!r.complete) {
		rvb_error("stats: %s is from an incomplete run (meta.json status '%s'): statistics of "
			  "the samples that arrived", dir, r.status[0] ? r.status : "unknown");
		status = EXIT_INCOMPLETE;
	}
	/* -o FILE through a temporary file: a full disk leaves no cut-off
	 * export that a script would read as whole. */
	struct stats_out so = { format, &r, &o };
	if (output_file_write(out, write_stats, &so, err, sizeof(err))) {
		rvb_error("stats: %s", err);
		status = EXIT_ERROR;
	} else {
		/* The blocks without a sample have no statistics: named. */
		unmeasured_say(dir, o.bench, "stats", "statistics", stderr);
	}
	results_free(&r);
	return status;
}
