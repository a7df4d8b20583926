/* `rvbench fleet DIR...`: many result directories as one report, and
 * optionally one merged result directory (fleet.h). */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "fleet.h"
#include "output_file.h"
#include "session.h"

/* What goes on the standard output: the report as text or CSV, and where
 * the merged directory went. */
struct report_out {
	const struct fleet *f;
	const struct fleet_report *rep;
	int csv;
	const char *outdir; /* NULL: none written */
};

static int report_writer(FILE *out, void *ctx)
{
	const struct report_out *o = ctx;
	struct fleet_csv_ctx cx = { o->f, o->rep };
	if (o->csv)
		return fleet_csv_writer(out, &cx);
	if (fleet_print(out, o->f, o->rep))
		return -1;
	return o->outdir && fprintf(out, "merged results in %s\n", o->outdir) < 0 ? -1 : 0;
}

int cmd_fleet(const struct command *cmd, int argc, char **argv)
{
	static const struct option lo[] = {
		{ "output", required_argument, NULL, 'o' },
		{ "format", required_argument, NULL, 'f' },
		{ "force", no_argument, NULL, 'F' },
		{ "fail-on-outlier", no_argument, NULL, 'x' },
		{ "help", no_argument, NULL, 'h' },
		{ 0, 0, 0, 0 },
	};
	const char *outdir = NULL, *format = "text";
	int opt, force = 0, fail_on_outlier = 0;

	optind = 0;
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":o:f:h", lo, NULL)) != -1) {
		switch (opt) {
		case 'o':
			outdir = optarg;
			break;
		case 'f':
			if (strcmp(optarg, "text") && strcmp(optarg, "csv")) {
				rvb_error("fleet: --format must be text or csv, not '%s'", optarg);
				return EXIT_ERROR;
			}
			format = optarg;
			break;
		case 'F':
			force = 1;
			break;
		case 'x':
			fail_on_outlier = 1;
			break;
		default:
			return opt_end(cmd, opt, argv);
		}
	}
	if (optind >= argc) {
		rvb_error("fleet: no DIR given (see rvbench fleet --help)");
		return EXIT_ERROR;
	}
	char err[4400];
	struct fleet f;
	struct fleet_report rep = { 0 };
	int status = EXIT_ERROR;
	if (fleet_load(&f, argv + optind, (size_t)(argc - optind), err, sizeof(err)) ||
	    fleet_report_build(&f, &rep, err, sizeof(err))) {
		rvb_error("fleet: %s", err);
		goto out;
	}
	if (outdir && fleet_write_dir(&f, &rep, outdir, force, err, sizeof(err))) {
		rvb_error("fleet: %s", err);
		goto out;
	}
	/* Flushed and checked (output_file_write), as stats and compare: a
	 * full disk or a closed pipe is exit 2, not a report lost unsaid. */
	struct report_out ro = { &f, &rep, !strcmp(format, "csv"), outdir };
	if (output_file_write(NULL, report_writer, &ro, err, sizeof(err))) {
		rvb_error("fleet: %s", err);
		goto out;
	}
	status = EXIT_COMPLETE;
	for (size_t i = 0; i < f.nm; i++)
		if (!f.m[i].r.complete) {
			rvb_error("fleet: %s is from an incomplete run (meta.json status '%s')",
				  f.m[i].dir, f.m[i].r.status[0] ? f.m[i].r.status : "unknown");
			status = EXIT_INCOMPLETE;
		}
	/* A block that is not whole (as compare's gate reads them) or a run
	 * that failed (meta.json "result", which compare's gate does not read)
	 * is not a fleet to wave through: the statistics leave out such a
	 * block, and keep the whole blocks of a failed run. */
	if (!fleet_all_ok(&f)) {
		rvb_error("fleet: not every run and block is ok (the text report lists them under 'not ok')");
		status = EXIT_INCOMPLETE;
	}
	for (size_t i = 0; fail_on_outlier && i < rep.nrows; i++)
		for (size_t k = 0; k < rep.row[i].k; k++)
			if (rep.row[i].outlier[k])
				status = EXIT_INCOMPLETE;
out:
	fleet_report_free(&rep);
	fleet_free(&f);
	return status;
}
